//! The Reversi engine measured: the exact solver on the FFO endgame test positions #40 to
//! #49 (`tests/data/reversi/ffo-40-49.txt`, with their published scores), and the top
//! bot level's results against two reference players written here.
//!
//! `cargo bench --bench reversi_engine` prints, per FFO position: its number, the empty
//! squares, the published score, the solver's score, its best move, the time and the
//! positions searched; then the games. It exits non-zero if any score differs.
//! `REVERSI_BENCH_FFO` picks positions (e.g. `40,41`; `none` skips them);
//! `REVERSI_BENCH_TABLE_BITS` sets the solver's table (log2 of its entries, default 22);
//! `REVERSI_BENCH_GAMES` sets the games against each player (default 100, 0 skips them)
//! and `REVERSI_BENCH_NODES` the top level's positions per move (default 200,000).
//!
//! The games start from varied openings: random legal moves for the first
//! [`OPENING_PLIES`] plies, each opening played twice with the colours swapped. The
//! players: the **greedy** player takes the move that flips most discs; the **depth-4**
//! player is plain alpha-beta to 4 plies (a pass not counted) on a classic table of
//! square values, the final disc difference at the end of the game. Both break ties at
//! random.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use tabula::engine::{Action, Cell, Match, Rules, SearchBudget, Seat, Viewer};
use tabula::games::reversi::engine::Position;
use tabula::games::reversi::engine::clock::Clock;
use tabula::games::reversi::engine::endgame::Solver;
use tabula::games::reversi::engine::position::squares;
use tabula::games::reversi::engine::table::Table;
use tabula::games::reversi::{Config, Reversi, setup};

/// Random plies that open each game.
const OPENING_PLIES: usize = 6;

/// One FFO position as the data file lists it.
struct Problem {
    number: u32,
    position: Position,
    expected: i32,
    best: Vec<String>,
}

fn problems() -> Vec<Problem> {
    include_str!("../tests/data/reversi/ffo-40-49.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let (position, _) = setup::standard(&format!("{} {}", fields[1], fields[2])).expect("a valid board");
            Problem {
                number: fields[0].parse().expect("a number"),
                position,
                expected: fields[3].parse().expect("a score"),
                best: fields[4].split(',').map(str::to_owned).collect(),
            }
        })
        .collect()
}

fn square_name(square: u32) -> String {
    Cell::new(square / 8, square % 8).to_string()
}

/// Solves the chosen FFO positions and prints the table; true when every score is exact.
fn ffo(chosen: Option<Vec<u32>>) -> bool {
    let bits = std::env::var("REVERSI_BENCH_TABLE_BITS").ok().and_then(|v| v.parse().ok()).unwrap_or(22);
    let go = AtomicBool::new(false);
    let mut all_exact = true;
    println!("FFO endgame positions, solved exactly (table of 2^{bits} entries, new for each position).");
    println!("| # | empties | published | ours | best move (published) | time | positions | positions/s |");
    println!("|---|---|---|---|---|---|---|---|");
    let mut total_nodes = 0;
    let started_all = Instant::now();
    for problem in problems() {
        if chosen.as_ref().is_some_and(|list| !list.contains(&problem.number)) {
            continue;
        }
        let mut table = Table::new(bits);
        let mut clock = Clock::new(SearchBudget::new(u64::MAX, &go));
        let started = Instant::now();
        let solved = Solver::new(&mut table, &mut clock).solve(problem.position, None, &[]).expect("no budget limit");
        let elapsed = started.elapsed();
        let best = solved.best.map_or("pass".to_owned(), square_name);
        let exact = solved.score == problem.expected && problem.best.contains(&best);
        all_exact &= exact;
        total_nodes += clock.nodes();
        println!(
            "| {} | {} | {:+} | {:+}{} | {} ({}) | {:.2} s | {} | {:.1} M |",
            problem.number,
            problem.position.empties(),
            problem.expected,
            solved.score,
            if exact { "" } else { " MISMATCH" },
            best,
            problem.best.join(", "),
            elapsed.as_secs_f64(),
            clock.nodes(),
            clock.nodes() as f64 / elapsed.as_secs_f64() / 1e6,
        );
    }
    println!(
        "Total: {:.1} s, {} positions; every score exact: {}",
        started_all.elapsed().as_secs_f64(),
        total_nodes,
        if all_exact { "yes" } else { "no" }
    );
    all_exact
}

/// A player in the games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Player {
    /// The engine's bot at its top level.
    Top,
    Greedy,
    DepthFour,
}

/// The position of `game` from the side of `seat`, read from what a spectator sees.
fn position_of(game: &Match<Reversi>, seat: Seat) -> Position {
    let board = game.view(Viewer::Spectator).observation.board.expect("Reversi shows its board");
    let (mut own, mut opp) = (0u64, 0u64);
    for (index, cell) in board.cells.iter().enumerate() {
        match cell.owner {
            Some(owner) if owner == seat => own |= 1 << index,
            Some(_) => opp |= 1 << index,
            None => {}
        }
    }
    Position::new(own, opp)
}

fn action_of(square: u32) -> Action {
    Action::place(square / 8, square % 8)
}

/// The greedy player's move: the most discs flipped.
fn greedy(position: Position, rng: &mut impl Rng) -> u32 {
    let mut moves: Vec<u32> = squares(position.moves()).collect();
    moves.sort_by_key(|&square| std::cmp::Reverse(position.flips(square).count_ones()));
    let most = position.flips(moves[0]).count_ones();
    let best: Vec<u32> = moves.into_iter().filter(|&s| position.flips(s).count_ones() == most).collect();
    *best.choose(rng).expect("a move")
}

/// A classic table of square values: corners high, their neighbours low, edges good.
const SQUARE_VALUES: [i32; 64] = [
    100, -20, 10, 5, 5, 10, -20, 100, //
    -20, -50, -2, -2, -2, -2, -50, -20, //
    10, -2, -1, -1, -1, -1, -2, 10, //
    5, -2, -1, -1, -1, -1, -2, 5, //
    5, -2, -1, -1, -1, -1, -2, 5, //
    10, -2, -1, -1, -1, -1, -2, 10, //
    -20, -50, -2, -2, -2, -2, -50, -20, //
    100, -20, 10, 5, 5, 10, -20, 100,
];

fn square_values(position: Position) -> i32 {
    squares(position.own()).map(|s| SQUARE_VALUES[s as usize]).sum::<i32>()
        - squares(position.opp()).map(|s| SQUARE_VALUES[s as usize]).sum::<i32>()
}

/// Plain alpha-beta on the square values, `depth` plies (a pass is free).
fn alpha_beta(position: Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    let moves = position.moves();
    if moves == 0 {
        if position.opponent_moves() == 0 {
            return position.final_score() * 10_000;
        }
        return -alpha_beta(position.pass(), depth, -beta, -alpha);
    }
    if depth == 0 {
        return square_values(position);
    }
    let mut best = i32::MIN + 1;
    for square in squares(moves) {
        let score = -alpha_beta(position.play(square), depth - 1, -beta, -alpha);
        best = best.max(score);
        alpha = alpha.max(score);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// The depth-4 player's move: the best by [`alpha_beta`], ties at random.
fn depth_four(position: Position, rng: &mut impl Rng) -> u32 {
    let scored: Vec<(u32, i32)> = squares(position.moves())
        .map(|square| (square, -alpha_beta(position.play(square), 3, -1_000_000, 1_000_000)))
        .collect();
    let best = scored.iter().map(|&(_, score)| score).max().expect("a move");
    let ties: Vec<u32> = scored.into_iter().filter(|&(_, score)| score == best).map(|(s, _)| s).collect();
    *ties.choose(rng).expect("a move")
}

/// Plays a game from `opening` (legal moves from the start) with `players[i]` for seat
/// `i`; Black's final disc difference (the game's own count, without the empties).
fn play(opening: &[Action], players: [Player; 2], nodes: u64, rng: &mut impl Rng) -> i32 {
    let mut game = Match::<Reversi>::new(Config::default()).unwrap();
    let stop = AtomicBool::new(false);
    for action in opening {
        let seat = game.to_act()[0];
        game.apply(seat, action).unwrap();
    }
    while let Some(&seat) = game.to_act().first() {
        let position = position_of(&game, seat);
        let action = if position.moves() == 0 {
            Action::Pass
        } else {
            match players[seat.index()] {
                Player::Top => game.bot_action(seat, Reversi::MAX_BOT_LEVEL, SearchBudget::new(nodes, &stop)).unwrap(),
                Player::Greedy => action_of(greedy(position, rng)),
                Player::DepthFour => action_of(depth_four(position, rng)),
            }
        };
        game.apply(seat, &action).unwrap();
    }
    game.position().count(Seat::FIRST) as i32 - game.position().count(Seat::SECOND) as i32
}

/// A random opening of [`OPENING_PLIES`] plies.
fn opening(rng: &mut impl Rng) -> Vec<Action> {
    let mut game = Match::<Reversi>::new(Config::default()).unwrap();
    let mut moves = Vec::new();
    for _ in 0..OPENING_PLIES {
        let seat = game.to_act()[0];
        let action = game.legal_moves(seat).choose(rng).cloned().unwrap();
        game.apply(seat, &action).unwrap();
        moves.push(action);
    }
    moves
}

/// Plays `games` games of the top level against `other` and prints the table's row.
fn games_against(other: Player, name: &str, games: usize, nodes: u64) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(2026);
    let (mut won, mut drawn, mut lost, mut margin) = (0, 0, 0, 0i64);
    let started = Instant::now();
    for game in 0..games {
        if game % 2 == 0 {
            // A new opening every second game; the next game replays it, colours swapped.
            rng = rand::rngs::StdRng::seed_from_u64(2026 + game as u64);
        }
        let mut opening_rng = rand::rngs::StdRng::seed_from_u64(7 * (game / 2) as u64);
        let opening = opening(&mut opening_rng);
        let top_is_black = game % 2 == 0;
        let players = if top_is_black { [Player::Top, other] } else { [other, Player::Top] };
        let black_margin = play(&opening, players, nodes, &mut rng);
        let top_margin = if top_is_black { black_margin } else { -black_margin };
        margin += i64::from(top_margin);
        match top_margin.signum() {
            1 => won += 1,
            0 => drawn += 1,
            _ => lost += 1,
        }
    }
    println!(
        "| {name} | {games} | {won}-{drawn}-{lost} | {:.0}% | {:+.1} | {:.0} s |",
        100.0 * (f64::from(won) + 0.5 * f64::from(drawn)) / games as f64,
        margin as f64 / games as f64,
        started.elapsed().as_secs_f64()
    );
}

fn main() {
    // `cargo test --benches` runs benches once in test mode: nothing to time then.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let chosen = std::env::var("REVERSI_BENCH_FFO")
        .ok()
        .map(|list| list.split(',').filter_map(|n| n.trim().parse().ok()).collect::<Vec<u32>>());
    let all_exact = ffo(chosen);
    let games = std::env::var("REVERSI_BENCH_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(100);
    let nodes = std::env::var("REVERSI_BENCH_NODES").ok().and_then(|v| v.parse().ok()).unwrap_or(200_000);
    if games > 0 {
        println!();
        println!(
            "The top level (level {}) at {nodes} positions a move against reference players:",
            Reversi::MAX_BOT_LEVEL
        );
        println!("wins-draws-losses of the top level, win rate (a draw half), its mean final disc margin.");
        println!("{OPENING_PLIES} random opening plies, each opening played with either colour.");
        println!("| opponent | games | top level W-D-L | win rate | mean margin | time |");
        println!("|---|---|---|---|---|---|");
        games_against(Player::Greedy, "greedy (most flips)", games, nodes);
        games_against(Player::DepthFour, "alpha-beta depth 4, square values", games, nodes);
    }
    if !all_exact {
        std::process::exit(1);
    }
}
