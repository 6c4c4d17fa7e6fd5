//! The search: iterative deepening over a principal variation search (alpha-beta that
//! searches the first move with the full window and the others with a null window,
//! again with the full one only when they beat it), quiescence search at the horizon,
//! and the usual ways of spending the nodes where they matter:
//!
//! - the transposition table's moves and bounds (in quiescence search too, for null
//!   windows), and [`ordering`](super::ordering) with its killers, counter moves,
//!   history and continuation history;
//! - a position in check is searched a ply deeper;
//! - the static evaluation is "improving" when it is better than at our previous move
//!   (two plies up); a position that is not is pruned and reduced more;
//! - null-move pruning (if passing still leaves the side to move above beta, a real move
//!   will too), the more reduced the deeper and the further above beta, except in check,
//!   in pawn endings (where passing can be better than any move) and twice in a row;
//! - reverse futility pruning (a position evaluated far above beta near the horizon is
//!   taken as a cut-off) and, at the last plies, skipping quiet moves that cannot bring
//!   a hopeless evaluation up to alpha, or that come after a number of quiet moves that
//!   grows with the depth (late-move pruning), and moves whose static exchange loses
//!   more than a margin that grows with the depth;
//! - late-move reductions: quiet moves late in the order are searched less deep first,
//!   the less for moves with a good history, killers and counter moves, the more when
//!   not improving, and again at full depth only when they beat alpha;
//! - a position without a table move is searched a ply shallower (it orders badly and
//!   is rarely critical);
//! - aspiration windows around the previous iteration's score.
//!
//! None of the pruning ever applies while the side to move has found nothing better than
//! being mated, nor to a move that checks or answers a check, so a mate score is a mate
//! the search has seen through every defence: a proof.
//!
//! Draws: a position met again since the root, or for the third time counting the
//! game's own history, scores as a draw, as do a halfmove clock of 100 (the fifty-move
//! rule, claimable) unless the side to move is mated, and positions
//! [`draws::insufficient_material`] knows to be dead.
//!
//! The budget: every position visited counts one node against it, and the stop flag is
//! read every [`STOP_CHECK_INTERVAL`] nodes, so that the search returns within a fraction
//! of a millisecond of it being set (release build) with the best move found so far.
//! Nothing else, no clock in particular, changes what a search on one thread does: equal
//! positions, histories, limits, budgets, seeds and memories (what earlier searches left
//! in the table and the histories) give equal results.
//!
//! Threads ("lazy SMP"): with a budget of several, helper threads search the same root
//! beside the main search, each with its own histories, sharing the table (lockless, see
//! [`TranspositionTable`]); half of them start a ply deeper. They only fill the table,
//! which the main search reads as its own; it alone reports and decides, and they stop
//! when it does. Each thread may visit an equal share of the budget's positions.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::engine::SearchBudget;
use crate::engine::bot::BotRng;
use smallvec::SmallVec;

use super::super::board::{Role, Square};
use super::super::draws;
use super::super::position::{Move, Position};
use super::eval::{EvalCache, evaluate};
use super::network::{AccumulatorStack, Network};
use super::ordering::{Context, Heuristics, OrderedMoves, PieceTo, Ranker};
use super::score::{self, INFINITY, MAX_PLY, is_mate, mate_in, mated_in};
use super::see;
use super::tactical::TacticalMoves;
use super::tt::{Bound, TranspositionTable};
use super::{Iteration, Limits, Memory, Report};

/// How often, in nodes, the stop flag is read.
const STOP_CHECK_INTERVAL: u64 = 256;
/// The deepest iteration, leaving room below it for extensions and quiescence.
const MAX_DEPTH: u32 = MAX_PLY as u32 - 28;
/// Half the width of the first aspiration window, in centipawns.
const ASPIRATION: i32 = 25;

/// Searches `root` as [`super::think`] does, starting from what `memory` holds of the
/// searches before it and leaving there what this one learns; the table's size is the
/// memory's, whatever `limits.hash_bytes` says. The result then depends on those
/// searches too.
pub fn think(
    memory: &mut Memory,
    root: &Position,
    history: &[u64],
    limits: &Limits,
    budget: SearchBudget<'_>,
    seed: u64,
    on_iteration: &mut dyn FnMut(&Iteration<'_>) -> bool,
) -> Option<Report> {
    let legal = root.legal_moves();
    if legal.is_empty() {
        return None;
    }
    let Memory { table, threads: memories, network } = memory;
    let shared = Shared { table: &*table, network: network.as_deref(), contempt: limits.contempt };
    let threads = budget.threads.max(1);
    // One thread's memory each, the main search's first.
    memories.resize_with(threads, ThreadMemory::new);
    let (main, helpers) = memories.split_first_mut().expect("at least one thread");
    main.heuristics.forget_killers();
    // Equal moves in a seeded order, so that the choice among equals varies with it.
    let mut shuffled = legal.as_slice().to_vec();
    BotRng::new(seed).shuffle(&mut shuffled);
    let ranker = Ranker { position: root, heuristics: &main.heuristics, ply: 0, context: &[None, None] };
    let mut ordered = OrderedMoves::new(&shuffled, None, &ranker);
    let root_moves: Vec<Move> = std::iter::from_fn(|| ordered.next()).collect();
    let max_depth = limits.max_depth.clamp(1, MAX_DEPTH);
    if threads == 1 {
        let mut searcher = Searcher::new(shared, main, Peers::None, root, history, budget);
        return Some(searcher.deepen(root, root_moves, 1, max_depth, on_iteration));
    }
    // Lazy SMP: helpers search the same root on their own threads, sharing only the
    // table, whose entries they fill for the main search to find; the main search alone
    // reports and decides. Half the helpers start a ply deeper, so that the threads
    // spread over more of the tree than one search would.
    let share = SearchBudget { nodes: budget.nodes / threads as u64, threads: 1, ..budget };
    let done = AtomicBool::new(false);
    let helper_nodes = AtomicU64::new(0);
    let mut report = std::thread::scope(|scope| {
        for (index, helper) in helpers.iter_mut().enumerate() {
            let (done, helper_nodes, moves) = (&done, &helper_nodes, root_moves.clone());
            scope.spawn(move || {
                helper.heuristics.forget_killers();
                let budget = SearchBudget::new(share.nodes, done);
                let peers = Peers::Publish(helper_nodes);
                let mut searcher = Searcher::new(shared, helper, peers, root, history, budget);
                let first_depth = 1 + (index as u32 % 2);
                searcher.deepen(root, moves, first_depth, max_depth, &mut |_| !done.load(Ordering::Relaxed));
            });
        }
        let peers = Peers::Read(&helper_nodes);
        let mut searcher = Searcher::new(shared, main, peers, root, history, share);
        let report = searcher.deepen(root, root_moves, 1, max_depth, on_iteration);
        done.store(true, Ordering::Relaxed);
        report
    });
    report.nodes += helper_nodes.load(Ordering::Relaxed);
    Some(report)
}

/// What one thread of a search learns for itself: its move-ordering histories and its
/// evaluation cache, kept from one search of a game to the next.
pub struct ThreadMemory {
    heuristics: Box<Heuristics>,
    eval_cache: EvalCache,
}

impl ThreadMemory {
    /// Nothing learnt yet.
    pub fn new() -> ThreadMemory {
        ThreadMemory { heuristics: Heuristics::new(), eval_cache: EvalCache::new() }
    }
}

/// What a search on several threads tells of the positions its threads visit: a helper
/// adds its count to the shared one as it goes, and the main search reads it.
#[derive(Clone, Copy)]
enum Peers<'a> {
    /// A search alone.
    None,
    /// A helper, adding its count.
    Publish(&'a AtomicU64),
    /// The main search, reading the helpers' counts.
    Read(&'a AtomicU64),
}

/// What every thread of one search shares.
#[derive(Clone, Copy)]
struct Shared<'a> {
    table: &'a TranspositionTable,
    network: Option<&'a Network>,
    /// Centipawns a draw is scored below zero for the side to move at the root.
    contempt: i32,
}

struct Searcher<'a> {
    budget: SearchBudget<'a>,
    table: &'a TranspositionTable,
    /// A draw's score for the side to move at even plies (the root's side), and at odd.
    draws: [i32; 2],
    heuristics: &'a mut Heuristics,
    eval_cache: &'a mut EvalCache,
    peers: Peers<'a>,
    nodes: u64,
    /// The budget ran out: every score since is meaningless and the search unwinds.
    aborted: bool,
    /// The deepest ply reached in the current iteration.
    seldepth: usize,
    /// Repetition keys: the game's history up to the root, then the current path.
    keys: Vec<u64>,
    /// Index of the root's key in `keys`.
    root_index: usize,
    /// The best line found below each ply of the current path (a triangular table):
    /// `lines[p][..lengths[p]]` starts with the move made at ply `p`.
    lines: Box<[[Move; MAX_PLY]; MAX_PLY]>,
    lengths: [usize; MAX_PLY + 1],
    /// Late-move reductions by depth and move number.
    reductions: Box<[[i32; 64]; 64]>,
    /// The move that led to each ply of the current path (`None` for the root and
    /// after a null move), as the continuation history indexes it.
    played: [Option<PieceTo>; MAX_PLY + 1],
    /// The static evaluation at each ply of the current path; `-INFINITY` in check.
    evals: [i32; MAX_PLY + 1],
    /// The neural evaluation's sums along the current path, when the search evaluates
    /// with it.
    network: Option<AccumulatorStack<'a>>,
}

/// What the root search of one iteration settled on.
struct RootResult {
    index: usize,
    score: i32,
    line: Vec<Move>,
}

impl<'a> Searcher<'a> {
    fn new(
        shared: Shared<'a>,
        memory: &'a mut ThreadMemory,
        peers: Peers<'a>,
        root: &Position,
        history: &[u64],
        budget: SearchBudget<'a>,
    ) -> Searcher<'a> {
        let mut keys = Vec::with_capacity(history.len() + MAX_PLY + 1);
        keys.extend_from_slice(history);
        if keys.is_empty() {
            keys.push(root.hash());
        }
        let root_index = keys.len() - 1;
        let mut reductions = Box::new([[0; 64]; 64]);
        for (depth, row) in reductions.iter_mut().enumerate().skip(1) {
            for (number, reduction) in row.iter_mut().enumerate().skip(1) {
                *reduction = (0.75 + (depth as f64).ln() * (number as f64).ln() / 2.25) as i32;
            }
        }
        const NONE: Move = Move { from: Square::new(0), to: Square::new(0), role: Role::Pawn, promotion: None };
        Searcher {
            budget,
            table: shared.table,
            draws: [-shared.contempt, shared.contempt],
            heuristics: &mut memory.heuristics,
            eval_cache: &mut memory.eval_cache,
            peers,
            nodes: 0,
            aborted: false,
            seldepth: 0,
            keys,
            root_index,
            lines: Box::new([[NONE; MAX_PLY]; MAX_PLY]),
            lengths: [0; MAX_PLY + 1],
            reductions,
            played: [None; MAX_PLY + 1],
            evals: [-INFINITY; MAX_PLY + 1],
            network: shared.network.map(|network| AccumulatorStack::new(network, MAX_PLY + 1)),
        }
    }

    /// The score of a draw at `ply` for the side to move there.
    #[inline]
    fn draw(&self, ply: usize) -> i32 {
        self.draws[ply % 2]
    }

    /// Records `position` as the one at `ply` of the current path, its sums not yet made.
    #[inline]
    fn enter(&mut self, position: &Position, ply: usize) {
        if let Some(stack) = &mut self.network {
            stack.enter(position.board(), ply);
        }
    }

    /// Iterative deepening from depth `first_depth` to `max_depth`.
    fn deepen(
        &mut self,
        root: &Position,
        mut root_moves: Vec<Move>,
        first_depth: u32,
        max_depth: u32,
        on_iteration: &mut dyn FnMut(&Iteration<'_>) -> bool,
    ) -> Report {
        let mut report = Report { best: root_moves[0], score: None, depth: 0, nodes: 0, line: vec![root_moves[0]] };
        let mut previous = 0;
        for depth in first_depth.min(max_depth)..=max_depth {
            self.seldepth = 0;
            let mut delta = ASPIRATION;
            let aspire = depth >= 4 && !is_mate(previous);
            let (mut alpha, mut beta) =
                if aspire { (previous - delta, previous + delta) } else { (-INFINITY, INFINITY) };
            let settled = loop {
                let result = self.root(root, &root_moves, depth as i32, alpha, beta);
                if self.aborted {
                    // A move that beat the window's alpha in the unfinished iteration is
                    // better than the previous best at this greater depth.
                    if let Some(result) = result.filter(|r| r.score > alpha) {
                        report.best = root_moves[result.index];
                        report.score = Some(result.score);
                        report.line = result.line;
                    }
                    break None;
                }
                let result = result.expect("a finished iteration searched every root move");
                if result.score <= alpha {
                    beta = (alpha + beta) / 2;
                    alpha = (result.score - delta).max(-INFINITY);
                } else if result.score >= beta {
                    beta = (result.score + delta).min(INFINITY);
                } else {
                    break Some(result);
                }
                delta *= 2;
            };
            let Some(result) = settled else { break };
            // The best move goes first in the next iteration; the rest keep their order.
            let best = root_moves.remove(result.index);
            root_moves.insert(0, best);
            previous = result.score;
            report = Report { best, score: Some(result.score), depth, nodes: self.nodes, line: result.line };
            let iteration = Iteration {
                depth,
                seldepth: self.seldepth as u32,
                score: result.score,
                nodes: self.nodes + self.peers_nodes(),
                line: &report.line,
            };
            let go_on = on_iteration(&iteration);
            // A mate seen at a depth at least its distance cannot be beaten by a shorter one.
            let proven = is_mate(result.score) && depth >= score::mate_distance(result.score);
            if !go_on || proven {
                break;
            }
        }
        report.nodes = self.nodes;
        report
    }

    /// Searches every root move in order within `alpha..beta`; `None` when the budget
    /// ran out before any move beat alpha, otherwise the best move's index, score and
    /// line (in an aborted iteration, the best among the moves finished).
    fn root(&mut self, root: &Position, moves: &[Move], depth: i32, mut alpha: i32, beta: i32) -> Option<RootResult> {
        self.enter(root, 0);
        let mut best: Option<RootResult> = None;
        let mut best_score = -INFINITY;
        for (index, &mv) in moves.iter().enumerate() {
            let mut child = *root;
            child.play(mv);
            self.keys.push(child.hash());
            self.played[1] = Some(PieceTo::of(root.turn(), mv));
            let score = if index == 0 {
                -self.search(&child, depth - 1, -beta, -alpha, 1, true)
            } else {
                let narrow = -self.search(&child, depth - 1, -alpha - 1, -alpha, 1, true);
                if narrow > alpha && narrow < beta && !self.aborted {
                    -self.search(&child, depth - 1, -beta, -alpha, 1, true)
                } else {
                    narrow
                }
            };
            self.keys.pop();
            if self.aborted {
                break;
            }
            if score > best_score {
                best_score = score;
                let mut line = vec![mv];
                line.extend_from_slice(&self.lines[1][..self.lengths[1]]);
                best = Some(RootResult { index, score, line });
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Reads the budget: true once it has run out.
    #[inline]
    fn out_of_budget(&mut self) -> bool {
        if !self.aborted
            && (self.nodes >= self.budget.nodes
                || (self.nodes.is_multiple_of(STOP_CHECK_INTERVAL) && self.checkpoint()))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Every [`STOP_CHECK_INTERVAL`] positions: a helper adds them to the shared count
    /// (which so never counts more than it visited); true when the search must stop.
    #[cold]
    fn checkpoint(&self) -> bool {
        if let Peers::Publish(count) = self.peers
            && self.nodes > 0
        {
            count.fetch_add(STOP_CHECK_INTERVAL, Ordering::Relaxed);
        }
        self.budget.stopped()
    }

    /// The positions the helpers have visited so far, as they last added them up.
    fn peers_nodes(&self) -> u64 {
        match self.peers {
            Peers::Read(count) => count.load(Ordering::Relaxed),
            _ => 0,
        }
    }

    /// True when the current position (the last key) is a draw by repetition: met
    /// before since the root, or twice before in the game's history.
    fn is_repetition(&self, position: &Position) -> bool {
        let current = self.keys.len() - 1;
        let key = self.keys[current];
        let reach = (position.halfmove_clock() as usize).min(current);
        let mut earlier = 0;
        // A position can recur only with the same side to move, four plies apart at least.
        for back in (4..=reach).step_by(2) {
            let index = current - back;
            if self.keys[index] == key {
                if index >= self.root_index {
                    return true;
                }
                earlier += 1;
                if earlier >= 2 {
                    return true;
                }
            }
        }
        false
    }

    /// The score of `position` for the side to move, searched `depth` plies within
    /// `alpha..beta`, `ply` plies from the root; its key is the last of `keys`.
    fn search(
        &mut self,
        position: &Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        null_allowed: bool,
    ) -> i32 {
        self.lengths[ply] = 0;
        self.enter(position, ply);
        let in_check = position.is_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiescence(position, alpha, beta, ply);
        }
        if self.out_of_budget() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.is_repetition(position) || draws::insufficient_material(position) {
            return self.draw(ply);
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(position, ply);
        }
        // No line from here can do better than mating at once, nor worse than being mated.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;

        let key = position.hash();
        let hit = self.table.probe(key);
        if let Some(score) =
            hit.filter(|hit| !pv_node && hit.depth >= depth).and_then(|hit| hit.cutoff(ply, alpha, beta))
        {
            return score;
        }
        let table_move = hit.and_then(|hit| hit.mv);

        let static_eval = if in_check { -INFINITY } else { self.evaluate(position, ply) };
        self.evals[ply] = static_eval;
        // Better than two plies ago, when it was our move too: prune less, reduce less.
        // After a check there is nothing to compare with, so it counts as improving.
        let improving = !in_check && (ply < 2 || self.evals[ply - 2] == -INFINITY || static_eval > self.evals[ply - 2]);
        // The table's bound, when it says more than the evaluation, is the better guess.
        let eval = match hit {
            Some(hit) if !in_check && !is_mate(score::from_table(hit.score, ply)) => {
                let stored = score::from_table(hit.score, ply);
                match hit.bound {
                    Bound::Lower if stored > static_eval => stored,
                    Bound::Upper if stored < static_eval => stored,
                    Bound::Exact => stored,
                    _ => static_eval,
                }
            }
            _ => static_eval,
        };
        if !pv_node && !in_check && !is_mate(beta) {
            if depth <= 6 && eval - 80 * (depth - i32::from(improving)) >= beta {
                return eval;
            }
            if null_allowed && depth >= 3 && eval >= beta && static_eval >= beta && has_pieces(position) {
                let reduction = 3 + depth / 3 + ((eval - beta) / 200).min(3);
                let mut passed = *position;
                passed.play_null();
                self.keys.push(passed.hash());
                self.played[ply + 1] = None;
                let score = -self.search(&passed, depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
                self.keys.pop();
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    return if is_mate(score) { beta } else { score };
                }
            }
        }
        // Without a move to try first, a shallower search costs little and orders well.
        if depth >= 4 && table_move.is_none() {
            depth -= 1;
        }

        let legal = position.legal_moves();
        if legal.is_empty() {
            return if in_check { mated_in(ply) } else { self.draw(ply) };
        }
        if position.halfmove_clock() >= 100 {
            return self.draw(ply);
        }
        let context: Context = [self.played[ply], if ply >= 2 { self.played[ply - 1] } else { None }];
        let ranker = Ranker { position, heuristics: self.heuristics, ply, context: &context };
        let mut ordered = OrderedMoves::new(legal.as_slice(), table_move, &ranker);
        self.heuristics.clear_killers(ply);
        let us = position.turn();
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut quiets_tried: SmallVec<[Move; 64]> = SmallVec::new();
        let mut searched = 0usize;
        // Quiet moves searched past this many, near the horizon, are skipped.
        let late_moves = if improving { 3 + depth * depth } else { (3 + depth * depth) / 2 } as usize;
        while let Some((mv, ranked)) = ordered.next_ranked() {
            let victim = see::victim(position, mv);
            let quiet = mv.promotion.is_none() && victim.is_none();
            let mut child = *position;
            child.play(mv);
            let gives_check = child.is_check();
            // The ordering's score when it has one: the same, without the table lookups.
            let history = match ranked {
                _ if !quiet => 0,
                Some(score) => score,
                None => self.heuristics.quiet_score(us, mv, &context),
            };
            // Never while every move so far loses to a mate: a mate score must be a proof.
            let prunable = !in_check && !gives_check && searched > 0 && best > -score::MATE_BOUND;
            if prunable && quiet && !pv_node {
                let late = depth <= 7 && quiets_tried.len() >= late_moves;
                let futile = depth <= 5 && eval + 100 + 100 * depth <= alpha;
                if late || futile {
                    continue;
                }
            }
            // Moves that lose material by the exchange they start, near the horizon.
            if prunable && depth <= 6 && !position.is_castling(mv) {
                let margin = if quiet { -40 * depth * depth / 2 } else { -100 * depth };
                if see::exchange(position, mv) < margin {
                    continue;
                }
            }
            self.keys.push(child.hash());
            self.played[ply + 1] = Some(PieceTo::of(us, mv));
            let score = if searched == 0 {
                -self.search(&child, depth - 1, -beta, -alpha, ply + 1, true)
            } else {
                let mut reduction = 0;
                if depth >= 3 && quiet && !in_check && !gives_check {
                    reduction = self.reductions[(depth as usize).min(63)][searched.min(63)];
                    if pv_node {
                        reduction -= 1;
                    }
                    if !improving {
                        reduction += 1;
                    }
                    if self.heuristics.is_killer(ply, mv) || self.heuristics.is_counter(&context, mv) {
                        reduction -= 1;
                    }
                    // Moves that often refuted others here deserve a closer look.
                    reduction -= history / 8_000;
                    reduction = reduction.clamp(0, depth - 2);
                }
                let mut score = -self.search(&child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, true);
                if score > alpha && reduction > 0 && !self.aborted {
                    score = -self.search(&child, depth - 1, -alpha - 1, -alpha, ply + 1, true);
                }
                if score > alpha && score < beta && !self.aborted {
                    score = -self.search(&child, depth - 1, -beta, -alpha, ply + 1, true);
                }
                score
            };
            self.keys.pop();
            if self.aborted {
                return 0;
            }
            searched += 1;
            if quiet {
                quiets_tried.push(mv);
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    self.extend_line(ply, mv);
                    if alpha >= beta {
                        if quiet {
                            self.heuristics.reward(us, ply, depth, mv, &quiets_tried, &context);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(key, best_move, score::to_table(best, ply), depth, bound);
        best
    }

    /// The static evaluation of `position`, the one at `ply` of the current path, from the
    /// cache when it is there.
    fn evaluate(&mut self, position: &Position, ply: usize) -> i32 {
        let key = position.hash();
        if let Some(eval) = self.eval_cache.get(key) {
            return eval;
        }
        let eval = match &mut self.network {
            Some(stack) => stack.evaluate(ply, position.turn()),
            None => evaluate(position),
        };
        self.eval_cache.put(key, eval);
        eval
    }

    /// `mv` at `ply` followed by the line found below it becomes the line at `ply`.
    fn extend_line(&mut self, ply: usize, mv: Move) {
        let below = self.lengths[ply + 1];
        let (upper, lower) = self.lines.split_at_mut(ply + 1);
        let line = &mut upper[ply];
        line[0] = mv;
        line[1..=below].copy_from_slice(&lower[0][..below]);
        self.lengths[ply] = below + 1;
    }

    /// The score of `position` once the captures (and queen promotions) are played out:
    /// the side to move may stand on the evaluation instead of capturing, except in check,
    /// where every evasion is tried.
    fn quiescence(&mut self, position: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.lengths[ply] = 0;
        self.enter(position, ply);
        if self.out_of_budget() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if draws::insufficient_material(position) {
            return self.draw(ply);
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(position, ply);
        }
        // A bound the main search stored settles a null window as well here as there.
        if beta - alpha == 1
            && let Some(score) = self.table.probe(position.hash()).and_then(|hit| hit.cutoff(ply, alpha, beta))
        {
            return score;
        }
        let in_check = position.is_check();
        let (mut best, stand) = if in_check {
            (-INFINITY, -INFINITY)
        } else {
            let stand = self.evaluate(position, ply);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            (stand, stand)
        };
        let moves: SmallVec<[Move; 32]> = if in_check {
            let legal = position.legal_moves();
            if legal.is_empty() {
                return mated_in(ply);
            }
            let ranker = Ranker { position, heuristics: self.heuristics, ply, context: &[None, None] };
            let mut ordered = OrderedMoves::new(legal.as_slice(), None, &ranker);
            std::iter::from_fn(|| ordered.next()).collect()
        } else {
            let tactical = TacticalMoves::of(position);
            let mut moves = SmallVec::from_slice(tactical.as_slice());
            // Most valuable victim first, least valuable attacker first among equals.
            moves.sort_by_key(|&mv| {
                let victim = see::victim(position, mv).map_or(0, |role| see::VALUE[role.index()]);
                let promotion = mv.promotion.map_or(0, |role| see::VALUE[role.index()]);
                -(10 * (victim + promotion) - see::VALUE[mv.role.index()] / 10)
            });
            moves
        };
        for mv in moves {
            if !in_check {
                let victim = see::victim(position, mv).map_or(0, |role| see::VALUE[role.index()]);
                // Even winning the piece for nothing would not reach alpha.
                if mv.promotion.is_none() && stand + victim + 200 <= alpha {
                    continue;
                }
                if victim < see::VALUE[mv.role.index()] && see::exchange(position, mv) < 0 {
                    continue;
                }
            }
            let mut child = *position;
            child.play(mv);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// True when the side to move has a piece other than pawns and its king: without one,
/// passing can be better than every move (zugzwang), and null-move pruning would lie.
fn has_pieces(position: &Position) -> bool {
    let board = position.board();
    let ours = board.color(position.turn());
    (ours & !(board.role(Role::Pawn) | board.role(Role::King))).any()
}
