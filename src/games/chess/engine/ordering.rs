//! The order moves are searched in, best guesses first, since alpha-beta prunes the
//! most when the best move comes first: the move the transposition table remembers;
//! captures that do not lose material (most valuable victim first, least valuable
//! attacker first among those) and queen promotions; the two "killer" quiet moves that
//! refuted other moves at the same ply; the "counter move" that last refuted the move
//! just played; the other quiet moves by their history (how often and how deep they
//! caused cut-offs: by side, from and to, plus by the piece and destination of the
//! move before and of our own move before that, the "continuation" history); captures
//! that lose material; and under-promotions last.

use smallvec::SmallVec;

use super::super::board::{Color, Role};
use super::super::position::{Move, Position};
use super::score::MAX_PLY;
use super::see;
use super::tt::PackedMove;

const TABLE_MOVE: i32 = 2_000_000_000;
const GOOD_CAPTURE: i32 = 1_000_000;
const FIRST_KILLER: i32 = 900_000;
const SECOND_KILLER: i32 = 899_000;
const COUNTER_MOVE: i32 = 898_000;
const BAD_CAPTURE: i32 = -1_000_000;
const UNDER_PROMOTION: i32 = -2_000_000;
/// History scores stay within this magnitude (below the killers' and captures' ranks).
const HISTORY_LIMIT: i32 = 16_384;

/// A piece of a side arriving on a square: what the continuation history and the
/// counter moves are indexed by (`(color * 6 + role) * 64 + to`, below [`PIECE_SQUARES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTo(usize);

/// How many [`PieceTo`]s there are.
const PIECE_SQUARES: usize = 2 * 6 * 64;

impl PieceTo {
    /// `mv` played by `color`.
    pub fn of(color: Color, mv: Move) -> PieceTo {
        PieceTo((color.index() * 6 + mv.role.index()) * 64 + mv.to.index())
    }
}

/// The moves a position's continuation history looks back at: the one just played (by
/// the opponent) and the one before it (ours); `None` for a null move or the root.
pub type Context = [Option<PieceTo>; 2];

/// What one search learns about quiet moves as it goes: the killers of each ply, the
/// counter move of each move, the history of each (side, from, to) and the
/// continuation history of each move after each earlier move.
pub struct Heuristics {
    killers: [[Option<Move>; 2]; MAX_PLY],
    counters: Vec<Option<Move>>,
    history: [[[i32; 64]; 64]; 2],
    /// `PIECE_SQUARES` rows of `PIECE_SQUARES`: the earlier move's, then this one's.
    continuation: Vec<i32>,
}

impl Heuristics {
    /// Nothing learnt yet.
    pub fn new() -> Box<Heuristics> {
        Box::new(Heuristics {
            killers: [[None; 2]; MAX_PLY],
            counters: vec![None; PIECE_SQUARES],
            history: [[[0; 64]; 64]; 2],
            continuation: vec![0; PIECE_SQUARES * PIECE_SQUARES],
        })
    }

    /// The quiet-move score of `color` playing `mv` after `context`: its history and
    /// its continuation histories, each within [`HISTORY_LIMIT`] in magnitude.
    pub fn quiet_score(&self, color: Color, mv: Move, context: &Context) -> i32 {
        let here = PieceTo::of(color, mv).0;
        let mut score = self.history(color, mv);
        for earlier in context.iter().flatten() {
            score += self.continuation[earlier.0 * PIECE_SQUARES + here];
        }
        score
    }

    /// True when `mv` is the counter move of the move just played.
    pub fn is_counter(&self, context: &Context, mv: Move) -> bool {
        context[0].is_some_and(|last| self.counters[last.0] == Some(mv))
    }

    /// True when `mv` is one of the killers at `ply`.
    pub fn is_killer(&self, ply: usize, mv: Move) -> bool {
        self.killers[ply].contains(&Some(mv))
    }

    /// The history score of `color` playing `mv`.
    pub fn history(&self, color: Color, mv: Move) -> i32 {
        self.history[color.index()][mv.from.index()][mv.to.index()]
    }

    /// The quiet move `best` caused a cut-off at `ply` after `context`, `depth` plies
    /// from the horizon, after the quiet moves `tried` (`best` last among them) failed
    /// to: `best` becomes the first killer and the counter move of the move before, and
    /// gains history and continuation history; the others lose some.
    pub fn reward(&mut self, color: Color, ply: usize, depth: i32, best: Move, tried: &[Move], context: &Context) {
        if self.killers[ply][0] != Some(best) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(best);
        }
        if let Some(last) = context[0] {
            self.counters[last.0] = Some(best);
        }
        let bonus = (depth * depth + 2 * depth).min(1_200);
        for &mv in tried {
            let delta = if mv == best { bonus } else { -bonus };
            gravitate(&mut self.history[color.index()][mv.from.index()][mv.to.index()], delta);
            let here = PieceTo::of(color, mv).0;
            for earlier in context.iter().flatten() {
                gravitate(&mut self.continuation[earlier.0 * PIECE_SQUARES + here], delta);
            }
        }
    }

    /// Forgets every killer: they belong to the plies of one root, and another root's
    /// plies hold other positions. The histories, which are not tied to a ply, stay.
    pub fn forget_killers(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
    }

    /// Forgets the killers of the ply below `ply`, whose positions the next move changes
    /// (they are kept from one iteration to the next otherwise).
    pub fn clear_killers(&mut self, ply: usize) {
        if ply + 1 < MAX_PLY {
            self.killers[ply + 1] = [None; 2];
        }
    }
}

/// Moves `entry` by `delta` towards the limit ever more slowly, so that it is never
/// passed and recent results weigh more than old ones.
fn gravitate(entry: &mut i32, delta: i32) {
    *entry += delta - *entry * delta.abs() / HISTORY_LIMIT;
}

/// What a node's moves are ranked by: the position, what the search has learnt so far,
/// the ply and the moves that led there.
#[derive(Clone, Copy)]
pub struct Ranker<'a> {
    pub position: &'a Position,
    pub heuristics: &'a Heuristics,
    pub ply: usize,
    pub context: &'a Context,
}

/// Legal moves with their ordering scores, handed out best first (the earliest listed
/// among equals). Held inline (no allocation) up to the move counts of nearly every
/// position, since every node of a search makes one.
pub struct OrderedMoves {
    /// Every move with its score, sorted best first.
    moves: SmallVec<[(Move, i32); 64]>,
    next: usize,
}

impl OrderedMoves {
    /// `moves` ranked by `ranker`, `table_move` first (what the transposition table
    /// remembers, if it is among them). They are sorted once: a node that searches
    /// many of its moves would otherwise look for the best of those left at each.
    pub fn new(moves: &[Move], table_move: Option<PackedMove>, ranker: &Ranker<'_>) -> OrderedMoves {
        let us = ranker.position.turn();
        let mut moves: SmallVec<[(Move, i32); 64]> = moves
            .iter()
            .map(|&mv| {
                let score =
                    if table_move.is_some_and(|packed| packed.is(mv)) { TABLE_MOVE } else { rank(ranker, us, mv) };
                (mv, score)
            })
            .collect();
        moves.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        OrderedMoves { moves, next: 0 }
    }

    /// The best move not yet handed out.
    pub fn next(&mut self) -> Option<Move> {
        self.next_ranked().map(|(mv, _)| mv)
    }

    /// The best remaining move as [`OrderedMoves::next`] gives it, with its quiet-move
    /// score ([`Heuristics::quiet_score`]) when it was ordered by it: `None` for the
    /// table move, captures, promotions, killers and the counter move.
    pub fn next_ranked(&mut self) -> Option<(Move, Option<i32>)> {
        let &(mv, score) = self.moves.get(self.next)?;
        self.next += 1;
        // Only quiet-move scores lie within three times the history limit.
        Some((mv, (score.abs() <= 3 * HISTORY_LIMIT).then_some(score)))
    }
}

/// The ordering score of a move other than the table's, for `us`, the side to move.
fn rank(ranker: &Ranker<'_>, us: Color, mv: Move) -> i32 {
    let (position, heuristics, ply) = (ranker.position, ranker.heuristics, ranker.ply);
    match mv.promotion {
        Some(Role::Queen) => return GOOD_CAPTURE + see::VALUE[Role::Queen.index()],
        Some(_) => return UNDER_PROMOTION,
        None => {}
    }
    if let Some(victim) = see::victim(position, mv) {
        let (victim, attacker) = (see::VALUE[victim.index()], see::VALUE[mv.role.index()]);
        let mvv_lva = 10 * victim - attacker / 10;
        // Taking something worth at least the attacker never loses material.
        let sound = victim >= attacker || see::exchange(position, mv) >= 0;
        return if sound { GOOD_CAPTURE + mvv_lva } else { BAD_CAPTURE + mvv_lva };
    }
    if heuristics.killers[ply][0] == Some(mv) {
        FIRST_KILLER
    } else if heuristics.killers[ply][1] == Some(mv) {
        SECOND_KILLER
    } else if heuristics.is_counter(ranker.context, mv) {
        COUNTER_MOVE
    } else {
        heuristics.quiet_score(us, mv, ranker.context)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::{fen, uci};

    fn order(text: &str, table: Option<&str>, heuristics: &Heuristics) -> Vec<String> {
        let position = fen::parse(text, false).unwrap();
        let legal = position.legal_moves();
        let table_move = table.map(|text| PackedMove::new(uci::parse(&position, text, false).unwrap()));
        let ranker = Ranker { position: &position, heuristics, ply: 3, context: &[None, None] };
        let mut ordered = OrderedMoves::new(legal.as_slice(), table_move, &ranker);
        std::iter::from_fn(|| ordered.next()).map(|mv| uci::to_uci(&position, mv, false)).collect()
    }

    #[test]
    fn the_table_move_then_sound_captures_then_killers_then_bad_captures() {
        // The queen on d4 can take a free rook on d7 or a pawn on b6 guarded by a pawn.
        let text = "6k1/p2r4/1p6/8/3Q4/8/8/4K3 w - - 0 1";
        let mut heuristics = Heuristics::new();
        let order_now = order(text, None, &heuristics);
        assert_eq!(order_now[0], "d4d7", "{order_now:?}");
        assert_eq!(order_now.last().unwrap(), "d4b6", "the losing capture after every quiet move");
        heuristics.reward(Color::White, 3, 4, uci_move(text, "e1f2"), &[uci_move(text, "e1f2")], &[None, None]);
        let with_killer = order(text, Some("d4a4"), &heuristics);
        assert_eq!(&with_killer[..3], ["d4a4", "d4d7", "e1f2"]);
        assert!(heuristics.is_killer(3, uci_move(text, "e1f2")));
        heuristics.clear_killers(2);
        assert!(!heuristics.is_killer(3, uci_move(text, "e1f2")));
    }

    #[test]
    fn history_rewards_cut_offs_and_punishes_the_moves_tried_before() {
        let text = fen::STANDARD;
        let mut heuristics = Heuristics::new();
        let (good, bad) = (uci_move(text, "g1f3"), uci_move(text, "a2a3"));
        for _ in 0..1_000 {
            heuristics.reward(Color::White, 0, 20, good, &[bad, good], &[None, None]);
        }
        assert!(heuristics.history(Color::White, good) > 0 && heuristics.history(Color::White, good) <= HISTORY_LIMIT);
        assert!(heuristics.history(Color::White, bad) < 0 && heuristics.history(Color::White, bad) >= -HISTORY_LIMIT);
        assert_eq!(heuristics.history(Color::Black, good), 0);
    }

    fn uci_move(text: &str, mv: &str) -> Move {
        let position = fen::parse(text, false).unwrap();
        uci::parse(&position, mv, false).unwrap()
    }
}
