//! What every game's bot is built from: a small deterministic random generator, the
//! uniformly random bot, and a generic search for games of perfect information.
//!
//! The search is iterative-deepening negamax with alpha-beta pruning over any [`Rules`]
//! position. It never assumes that seats alternate: after each move it asks the position
//! who acts next, so a seat that moves again (a Morris capture after a mill, a one-seat
//! puzzle) is searched from the same side, and an opponent's reply from the other. Scores
//! are from the side of the seat to act: a win is [`WIN`] less the plies it takes, a loss
//! its negation, a draw or a game without result 0, and a position at the search's
//! horizon is [`Rules::evaluate`]d.
//!
//! Moves reach [`Rules::apply`] only with a [`Mover`], which only the engine can make:
//! this search makes one only after checking, as [`Match`](super::Match) does, that the
//! position is not over and that the seat is in its `to_act()`. Nothing outside the engine
//! gains a way to apply an unchecked move through it.

use std::cmp::Reverse;

use sha2::{Digest, Sha256};

use super::{Action, Analysis, Mover, Outcome, Rules, Score, ScoreUnit, SearchBudget, Seat, Solved, View};

/// The score of a position won now; a win `n` plies ahead scores `WIN - n`.
pub const WIN: i32 = 1_000_000;
/// The largest magnitude a static evaluation may have; larger values are clamped, so
/// that no evaluation is ever mistaken for a decided game.
pub const MAX_EVAL: i32 = WIN / 4;
/// Scores at least this far from 0 are decided games (a win or loss within the search).
const DECIDED: i32 = WIN - 10_000;
/// Beyond every score.
const INFINITY: i32 = WIN + 1;

/// A small deterministic pseudo-random generator (SplitMix64): the same seed gives the
/// same sequence on every platform, build and run, which is what makes a bot's choices
/// reproducible. Not for anything that needs unpredictability.
#[derive(Clone, Debug)]
pub struct BotRng {
    state: u64,
}

impl BotRng {
    /// A generator seeded with `seed`.
    pub const fn new(seed: u64) -> BotRng {
        BotRng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`; `n` must not be 0. (Multiply-shift: the bias is below
    /// `n / 2^64`, nothing a bot can notice.)
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0)");
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// One of `items` chosen uniformly, `None` when there is none.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        (!items.is_empty()).then(|| &items[self.below(items.len())])
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// The seed of a bot's choice for a seat that sees `view`: the first 8 bytes of the
/// SHA-256 of the view's `Debug` form. Stable across runs, processes and machines (no
/// per-process hasher keys), and a function of what the seat sees alone.
pub fn seed_of(view: &View) -> u64 {
    let digest = Sha256::digest(format!("{view:?}").as_bytes());
    u64::from_le_bytes(digest[..8].try_into().expect("a SHA-256 digest has 32 bytes"))
}

/// A uniformly random legal move for `seat`, chosen with a [`BotRng`] seeded by `seed`;
/// `None` when `seat` has no legal move. The level-1 bot of every game.
pub fn random_action<G: Rules>(position: &G, seat: Seat, seed: u64) -> Option<Action> {
    BotRng::new(seed).choose(&position.legal_moves(seat)).cloned()
}

/// Every legal move of `seat`, all of the same priority: the candidates of a search that
/// considers everything.
pub fn legal_candidates<G: Rules>(position: &G, seat: Seat) -> Vec<(Action, i32)> {
    position.legal_moves(seat).into_iter().map(|action| (action, 0)).collect()
}

/// The moves a search considers in a position for the seat to act, each with a priority:
/// higher priorities are searched first, equal ones in a seeded random order. They must
/// be legal moves; leaving some out narrows the search (e.g. Gomoku's cells far from
/// every stone).
pub type Candidates<'a, G> = &'a dyn Fn(&G, Seat) -> Vec<(Action, i32)>;

/// How far and how long a [`search`] goes.
pub struct SearchOptions<'a, G> {
    /// The deepest iteration, in plies (each move is a ply, also a seat's second move).
    pub max_depth: u32,
    /// Positions the search may expand (each move tried counts one), and its stop flag.
    pub budget: SearchBudget<'a>,
    /// Seeds the order of equal-priority moves, so that equally good moves vary by seed.
    pub seed: u64,
    /// The moves to consider at every position.
    pub candidates: Candidates<'a, G>,
}

// Written out: a derive would ask `G: Copy`, which no position is.
impl<G> Clone for SearchOptions<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for SearchOptions<'_, G> {}

/// The usual shape of a game's bot: level 1 plays [`random_action`], and level `n` above
/// it searches `depths[n - 2]` plies deep (the last entry for any higher level) over
/// `candidates`, within `budget`.
pub fn leveled<G: Rules>(
    position: &G,
    seat: Seat,
    level: u8,
    budget: SearchBudget<'_>,
    seed: u64,
    depths: &[u32],
    candidates: Candidates<'_, G>,
) -> Option<Action> {
    let Some(last) = depths.len().checked_sub(1) else { return random_action(position, seat, seed) };
    if level <= 1 {
        return random_action(position, seat, seed);
    }
    let max_depth = depths[usize::from(level - 2).min(last)];
    search(position, seat, SearchOptions { max_depth, budget, seed, candidates })
}

/// The deepest [`analyse`] the budget allows: iterative deepening until the budget runs
/// out, a win or loss is proven, or every line reaches the end of the game.
pub fn analyse_deeply<G: Rules>(
    position: &G,
    seat: Seat,
    budget: SearchBudget<'_>,
    seed: u64,
    candidates: Candidates<'_, G>,
    width: Width,
) -> Analysis {
    analyse(position, seat, SearchOptions { max_depth: MAX_PLIES, budget, seed, candidates }, width, ScoreUnit::Points)
}

/// The deepest iteration any search goes to.
const MAX_PLIES: u32 = 128;

/// What a [`search`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// The move chosen.
    pub action: Action,
    /// Its score from the searching seat's side, when at least part of an iteration
    /// finished (see [`WIN`]); `None` when the budget ran out before any move was scored.
    pub score: Option<i32>,
    /// The deepest iteration that finished.
    pub depth: u32,
    /// Positions expanded.
    pub nodes: u64,
    /// The principal variation of the move chosen: that move, then the replies the search
    /// expects.
    pub line: Vec<Action>,
    /// The last iteration that finished saw the end of every line it searched: its score
    /// is the game's true value when the search considered every move (see [`Width`]).
    pub complete: bool,
}

/// Whether a search's candidates are every legal move, which decides whether the scores
/// it proves are proofs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    /// Every legal move is a candidate: a decided score is a proof.
    Full,
    /// Some moves are left out (e.g. cells far from every stone): a decided score is only
    /// as good as the narrowing.
    Narrowed,
}

/// The [`Analysis`] of a [`search_report`]: its line, and its score as the search knows
/// it, exact when the search considered every move (`width`) and either proved a win or
/// loss or saw the end of every line, otherwise an estimate in `unit`.
pub fn analyse<G: Rules>(
    position: &G,
    seat: Seat,
    options: SearchOptions<'_, G>,
    width: Width,
    unit: ScoreUnit,
) -> Analysis {
    let Some(report) = search_report(position, seat, options) else { return Analysis::unknown(0) };
    let score = match report.score {
        None => Score::Unknown,
        Some(score) if width == Width::Full && score.abs() >= DECIDED => {
            let plies = (WIN - score.abs()) as u32;
            Score::decided(if score > 0 { Solved::Win } else { Solved::Loss }, plies)
        }
        Some(0) if width == Width::Full && report.complete => {
            Score::Exact { result: Solved::Draw, plies: None, value: None }
        }
        Some(value) => Score::Estimate { value, unit },
    };
    let line = if score == Score::Unknown { Vec::new() } else { report.line };
    Analysis { line, score, depth: report.depth, nodes: report.nodes }
}

/// The move the search chooses for `seat`, or `None` when it has no legal move; see
/// [`search_report`].
pub fn search<G: Rules>(position: &G, seat: Seat, options: SearchOptions<'_, G>) -> Option<Action> {
    search_report(position, seat, options).map(|report| report.action)
}

/// Searches `position` for `seat`, deepening one ply at a time up to
/// `options.max_depth`, and returns the best move of the last iteration that finished,
/// or of the iteration cut short by the budget when that iteration had already searched
/// the previous best move (it goes first) and so compared every move it scored against
/// it at the greater depth. Stops early when an iteration proves a win or a loss, or
/// reaches the end of every line. Returns within a move's expansion of the stop flag
/// being set or the node budget being spent; with no budget at all, the first
/// candidate. `None` only when `seat` has no legal move (or is not to act).
pub fn search_report<G: Rules>(position: &G, seat: Seat, options: SearchOptions<'_, G>) -> Option<SearchReport> {
    if position.outcome().is_some() || !position.to_act().contains(&seat) {
        return None;
    }
    let mut searcher = Searcher {
        budget: options.budget,
        nodes: 0,
        aborted: false,
        horizon_reached: false,
        rng: BotRng::new(options.seed),
        candidates: options.candidates,
        lines: Vec::new(),
    };
    let mut root = searcher.ordered(position, seat);
    if root.is_empty() {
        // The candidates left out every move: fall back on all of them.
        root = position.legal_moves(seat);
        searcher.rng.shuffle(&mut root);
    }
    let first = root.first()?.clone();
    let mut report =
        SearchReport { action: first.clone(), score: None, depth: 0, nodes: 0, line: vec![first], complete: false };
    let mut scores: Vec<Option<i32>> = vec![None; root.len()];
    for depth in 1..=options.max_depth.max(1) {
        searcher.horizon_reached = false;
        // The previous best first, then the rest by their last scores (a stable sort
        // keeps the seeded order among equals).
        let mut order: Vec<usize> = (0..root.len()).collect();
        order.sort_by_key(|&i| (root[i] != report.action, Reverse(scores[i].unwrap_or(-INFINITY))));
        let mut alpha = -INFINITY;
        let mut best: Option<(usize, i32)> = None;
        let mut best_line = Vec::new();
        for &i in &order {
            if searcher.out_of_budget() {
                break;
            }
            searcher.nodes += 1;
            let Some(child) = child(position, seat, &root[i]) else { continue };
            searcher.clear_line(1);
            let score = searcher.score_child(&child, seat, depth - 1, 1, alpha, INFINITY);
            if searcher.aborted {
                break;
            }
            scores[i] = Some(score);
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((i, score));
                alpha = alpha.max(score);
                best_line = searcher.line_through(1, &root[i]);
            }
        }
        if let Some((i, score)) = best {
            report.action = root[i].clone();
            report.score = Some(score);
            report.line = best_line;
        }
        if searcher.aborted {
            break;
        }
        report.depth = depth;
        report.complete = !searcher.horizon_reached;
        let decided = best.is_some_and(|(_, score)| score.abs() >= DECIDED);
        if decided || !searcher.horizon_reached {
            break;
        }
    }
    report.nodes = searcher.nodes;
    Some(report)
}

/// `position` after `seat` plays `action`, or `None` when the rules refuse it.
fn child<G: Rules>(position: &G, seat: Seat, action: &Action) -> Option<G> {
    // The same check `Match` makes before it makes a `Mover`: the game is on and `seat`
    // is to act. Only then may the engine vouch for the move's seat.
    if position.outcome().is_some() || !position.to_act().contains(&seat) {
        return None;
    }
    let mut next = position.clone();
    next.apply(Mover::checked(seat), action).ok()?;
    Some(next)
}

/// The score of a finished game for `seat`, `ply` plies from the root.
fn terminal_score(outcome: &Outcome, seat: Seat, ply: u32) -> i32 {
    let ply = ply.min(1_000) as i32;
    match outcome.winner() {
        Some(winner) if winner == seat => WIN - ply,
        Some(_) => -(WIN - ply),
        None => 0,
    }
}

struct Searcher<'a, G> {
    budget: SearchBudget<'a>,
    nodes: u64,
    /// The budget ran out: every score since is meaningless.
    aborted: bool,
    /// Some line of the current iteration stopped at the depth limit rather than at the
    /// end of the game.
    horizon_reached: bool,
    rng: BotRng,
    candidates: Candidates<'a, G>,
    /// The best line found below each ply of the current path (a triangular PV table):
    /// `lines[p]` starts with the move made at ply `p`.
    lines: Vec<Vec<Action>>,
}

impl<G: Rules> Searcher<'_, G> {
    fn out_of_budget(&mut self) -> bool {
        if !self.aborted && (self.nodes >= self.budget.nodes || self.budget.stopped()) {
            self.aborted = true;
        }
        self.aborted
    }

    /// Forgets the line below ply `ply`, before searching a new move there.
    fn clear_line(&mut self, ply: u32) {
        if let Some(line) = self.lines.get_mut(ply as usize) {
            line.clear();
        }
    }

    /// `action` followed by the best line found at ply `ply`.
    fn line_through(&self, ply: u32, action: &Action) -> Vec<Action> {
        let mut line = vec![action.clone()];
        line.extend(self.lines.get(ply as usize).into_iter().flatten().cloned());
        line
    }

    /// The candidates of `mover` in `position`, best priority first, equal priorities in
    /// a seeded random order.
    fn ordered(&mut self, position: &G, mover: Seat) -> Vec<Action> {
        let mut list = (self.candidates)(position, mover);
        self.rng.shuffle(&mut list);
        list.sort_by_key(|(_, priority)| Reverse(*priority));
        list.into_iter().map(|(action, _)| action).collect()
    }

    /// The score for `mover`, who just moved, of `child`, searched `depth` more plies.
    fn score_child(&mut self, child: &G, mover: Seat, depth: u32, ply: u32, alpha: i32, beta: i32) -> i32 {
        if let Some(outcome) = child.outcome() {
            return terminal_score(&outcome, mover, ply);
        }
        if depth == 0 {
            self.horizon_reached = true;
            return child.evaluate(mover).clamp(-MAX_EVAL, MAX_EVAL);
        }
        let next = child.to_act().first().copied().unwrap_or(mover);
        if next == mover {
            self.negamax(child, next, depth, ply, alpha, beta)
        } else {
            -self.negamax(child, next, depth, ply, -beta, -alpha)
        }
    }

    /// The score of `position` for `mover`, the seat to act in it, searched `depth`
    /// plies (at least 1), within the window `alpha..beta`.
    fn negamax(&mut self, position: &G, mover: Seat, depth: u32, ply: u32, mut alpha: i32, beta: i32) -> i32 {
        let moves = self.ordered(position, mover);
        let mut best = -INFINITY;
        for action in &moves {
            if self.out_of_budget() {
                return 0;
            }
            self.nodes += 1;
            let Some(next) = child(position, mover, action) else { continue };
            self.clear_line(ply + 1);
            let score = self.score_child(&next, mover, depth - 1, ply + 1, alpha, beta);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                let line = self.line_through(ply + 1, action);
                if self.lines.len() <= ply as usize {
                    self.lines.resize(ply as usize + 1, Vec::new());
                }
                self.lines[ply as usize] = line;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if best == -INFINITY {
            // No candidate could be played (none listed): judge the position as it is.
            self.horizon_reached = true;
            return position.evaluate(mover).clamp(-MAX_EVAL, MAX_EVAL);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::engine::race::Race;
    use crate::engine::{Match, Viewer};

    fn full<'a>(stop: &'a AtomicBool, seed: u64) -> SearchOptions<'a, Race> {
        SearchOptions {
            max_depth: 64,
            budget: SearchBudget::new(1_000_000, stop),
            seed,
            candidates: &legal_candidates::<Race>,
        }
    }

    /// A race to 10 in steps of 1 or 2 is lost by the seat to move exactly when the
    /// distance left is a multiple of 3; from every other total the full search finds the
    /// step that leaves a multiple of 3, and scores the win by its distance.
    #[test]
    fn the_full_search_plays_the_race_perfectly() {
        let go = AtomicBool::new(false);
        let mut game = Match::<Race>::new((10, false)).unwrap();
        let mut total = 0;
        while game.outcome().is_none() {
            let seat = game.to_act()[0];
            let report = search_report(game.position(), seat, full(&go, total as u64)).unwrap();
            let Action::Place(crate::engine::PlaceTarget::Column(step)) = report.action else { panic!() };
            let left = 10 - total;
            if left % 3 != 0 {
                assert!(step >= left || (left - step) % 3 == 0, "from {total} the step {step} does not win");
                assert!(report.score.unwrap() >= DECIDED, "a won race scored {:?}", report.score);
            } else {
                assert!(report.score.unwrap() <= -DECIDED, "a lost race scored {:?}", report.score);
            }
            game.apply(seat, &report.action).unwrap();
            total += step;
        }
    }

    /// The analysis of a won race proves it, and its line is a whole winning race: each
    /// move legal where it is played, the last one ending the game, as many as the score
    /// says. A lost race's line is the longest defence.
    #[test]
    fn analysis_lines_are_played_out_and_exact_scores_are_proofs() {
        let go = AtomicBool::new(false);
        for total in 0..10u32 {
            let mut game = Match::<Race>::new((10, false)).unwrap();
            for _ in 0..total {
                let seat = game.to_act()[0];
                game.apply(seat, &Action::Place(crate::engine::PlaceTarget::Column(1))).unwrap();
            }
            let seat = game.to_act()[0];
            let analysis = analyse(game.position(), seat, full(&go, 7), Width::Full, ScoreUnit::Points);
            let expected = if (10 - total) % 3 == 0 { Solved::Loss } else { Solved::Win };
            let Score::Exact { result, plies: Some(plies), value: None } = analysis.score else {
                panic!("a race is solved from {total}: {analysis:?}")
            };
            assert_eq!(result, expected, "from {total}");
            assert_eq!(plies as usize, analysis.line.len(), "from {total}: {analysis:?}");
            for action in &analysis.line {
                let mover = game.to_act()[0];
                game.apply(mover, action).unwrap();
            }
            let winner = game.outcome().unwrap().winner();
            assert_eq!(winner == Some(seat), expected == Solved::Win, "from {total}");
        }
        let narrowed = Match::<Race>::new((10, false)).unwrap();
        let analysis = analyse(narrowed.position(), Seat::FIRST, full(&go, 7), Width::Narrowed, ScoreUnit::Points);
        assert!(matches!(analysis.score, Score::Estimate { .. }), "a narrowed search proves nothing: {analysis:?}");
    }

    #[test]
    fn without_budget_the_search_answers_with_its_first_candidate_and_none_without_a_move() {
        let stop = AtomicBool::new(true);
        let game = Match::<Race>::new((10, false)).unwrap();
        let options = SearchOptions { budget: SearchBudget::new(u64::MAX, &stop), ..full(&stop, 3) };
        let report = search_report(game.position(), Seat::FIRST, options).unwrap();
        assert!(game.position().legal_moves(Seat::FIRST).contains(&report.action));
        assert_eq!((report.depth, report.score, report.nodes), (0, None, 0));
        assert_eq!(search(game.position(), Seat::SECOND, options), None, "the seat not to move has no move");
    }

    #[test]
    fn equal_moves_vary_with_the_seed_and_repeat_with_it() {
        // From 0 of a race to 30, both steps are equally good at any depth below the end.
        let go = AtomicBool::new(false);
        let game = Match::<Race>::new((30, false)).unwrap();
        let shallow = |seed| SearchOptions { max_depth: 2, ..full(&go, seed) };
        let chosen: Vec<Action> =
            (0..16).map(|seed| search(game.position(), Seat::FIRST, shallow(seed)).unwrap()).collect();
        assert!(chosen.iter().any(|a| *a != chosen[0]), "16 seeds chose the same move");
        for seed in 0..16 {
            assert_eq!(search(game.position(), Seat::FIRST, shallow(seed)), Some(chosen[seed as usize].clone()));
        }
    }

    #[test]
    fn a_match_asks_its_bot_only_for_a_seat_to_act_and_seeds_it_from_the_view() {
        let go = AtomicBool::new(false);
        let budget = SearchBudget::new(100, &go);
        let mut game = Match::<Race>::new((10, false)).unwrap();
        assert!(game.bot_action(Seat::FIRST, 1, budget).is_some());
        assert_eq!(game.bot_action(Seat::SECOND, 1, budget), None);
        let seed = seed_of(&game.view(Viewer::Seat(Seat::FIRST)));
        assert_eq!(game.bot_action(Seat::FIRST, 0, budget), random_action(game.position(), Seat::FIRST, seed));
        game.resign(Seat::FIRST).unwrap();
        assert_eq!(game.bot_action(Seat::SECOND, 1, budget), None, "the game is over");
    }

    #[test]
    fn the_generator_is_splitmix64() {
        // The first outputs of SplitMix64 seeded with 0, as its reference code gives them.
        let mut rng = BotRng::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn below_stays_in_range_and_shuffles_are_permutations() {
        let mut rng = BotRng::new(42);
        for n in 1..50 {
            assert!(rng.below(n) < n);
        }
        let mut items: Vec<u32> = (0..20).collect();
        rng.shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
        assert_ne!(items, sorted, "a shuffle of 20 left them in order");
    }
}
