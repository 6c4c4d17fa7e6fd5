//! How strong each game's bot plays, measured in games: every level against the random
//! level 1 and against the level below it, colours alternating; and Battleship's shots to
//! sink a fleet, beside the published figures for random firing and probability density.
//! Then the chess engine alone: its speed in nodes per second, and the tactical positions
//! it solves within a node budget. Last, which tic-tac-toe boards the engine solves from
//! the start, and the size of Tic-Tac-Two's state space.
//!
//! `cargo bench --bench bots` (`TABULA_BENCH_GAMES`, games per pairing, default 20;
//! `TABULA_BENCH_FLEETS`, Battleship fleets per level, default 10,000;
//! `TABULA_BENCH_CHESS_NODES`, nodes per tactical position, default 300,000;
//! `TABULA_BENCH_SOLVED`, 0 to skip the last part). A count of 0 skips its section:
//! `TABULA_BENCH_GAMES=0 TABULA_BENCH_FLEETS=0 TABULA_BENCH_SOLVED=0` measures the chess
//! engine alone.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use tabula::engine::{Action, AnyMatch, Outcome, Piece, Score, SearchBudget, Seat, Turn, Viewer};
use tabula::games::{GameConfig, GameKind};

/// Tactical positions of the "Win at Chess" collection (numbers 1 and 3 to 10), each with
/// the move that wins, which Stockfish 15.1 also finds best at depth 20.
const TACTICS: &[(&str, &str)] = &[
    ("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", "g3g6"),
    ("5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1", "e3g3"),
    ("r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1", "h6h7"),
    ("5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1", "c6c4"),
    ("7k/p7/1R5K/6r1/6p1/6P1/8/8 w - - 0 1", "b6b7"),
    ("rnbqkb1r/pppp1ppp/8/4P3/6n1/7P/PPPNPPP1/R1BQKBNR b KQkq - 0 1", "g4e3"),
    ("r4q1k/p2bR1rp/2p2Q1N/5p2/5p2/2P5/PP3PPP/R5K1 w - - 0 1", "e7f7"),
    ("3q1rk1/p4pp1/2pb3p/3p4/6Pr/1PNQ4/P1PB1PP1/4RRK1 b - - 0 1", "d6h2"),
    ("2br2k1/2q3rn/p2NppQ1/2p1P3/Pp5R/4P3/1P3PPP/3R2K1 w - - 0 1", "h4h7"),
];
/// Nodes of the search that measures the chess engine's speed, from the start.
const SPEED_NODES: u64 = 5_000_000;

/// Positions a bot may search per move in these games.
const NODES: u64 = 20_000;
/// Moves after which a game counts as drawn.
const MOVE_CAP: usize = 400;

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Plays one game of `config` with `levels[i]` for seat i; the winner's index, if any.
/// `opening` random moves first, so that games between the same levels differ.
fn play(config: &GameConfig, levels: [u8; 2], opening: usize, rng: &mut impl Rng) -> Option<usize> {
    let mut game = config.new_match().unwrap();
    let stop = AtomicBool::new(false);
    for ply in 0..MOVE_CAP {
        if game.outcome().is_some() {
            break;
        }
        let seat = game.to_act()[0];
        let action = if ply < opening {
            game.legal_moves(seat).choose(rng).cloned()
        } else {
            game.bot_action(seat, levels[seat.index()], SearchBudget::new(NODES, &stop))
        };
        game.play(&Turn::Move(seat, action.expect("a seat to act has a move"))).unwrap();
    }
    game.outcome().and_then(|outcome| outcome.winner()).map(Seat::index)
}

/// Wins, draws and losses of `level` against `other` over `games` games, colours alternating.
fn pairing(config: &GameConfig, level: u8, other: u8, games: usize, rng: &mut impl Rng) -> (usize, usize, usize) {
    let (mut won, mut drawn, mut lost) = (0, 0, 0);
    for game in 0..games {
        let first = game % 2 == 0;
        let levels = if first { [level, other] } else { [other, level] };
        match play(config, levels, 2, rng) {
            Some(winner) if (winner == 0) == first => won += 1,
            Some(_) => lost += 1,
            None => drawn += 1,
        }
    }
    (won, drawn, lost)
}

/// Shots seat 1's bot at `level` fires to sink a random fleet of `config`'s ocean. Seat 2
/// places its fleet at random and only ever fires where it cannot end the game (water of
/// seat 1's ocean, or a ship cell while another stays afloat), so seat 1 always finishes.
fn shots_to_sink(config: &GameConfig, level: u8, rng: &mut impl Rng) -> usize {
    let mut game = config.new_match().unwrap();
    let stop = AtomicBool::new(false);
    let mut shots = 0;
    while game.outcome().is_none() {
        for seat in game.to_act() {
            let action = if seat == Seat::FIRST {
                game.bot_action(seat, level, SearchBudget::new(NODES, &stop)).unwrap()
            } else {
                harmless_move(game.as_ref(), rng)
            };
            if seat == Seat::FIRST && matches!(action, Action::Shot(_)) {
                shots += 1;
            }
            game.play(&Turn::Move(seat, action)).unwrap();
            if game.outcome().is_some() {
                break;
            }
        }
    }
    assert!(matches!(game.outcome(), Some(Outcome::Win { winner: Seat::FIRST, .. })));
    shots
}

/// Seat 2's move: a random placement, or a shot that cannot sink seat 1's last ship cell.
fn harmless_move(game: &dyn AnyMatch, rng: &mut impl Rng) -> Action {
    let moves = game.legal_moves(Seat::SECOND);
    if !moves.iter().any(|m| matches!(m, Action::Shot(_))) {
        return moves.choose(rng).cloned().expect("a placement or ready");
    }
    let own = game.view(Viewer::Seat(Seat::FIRST)).observation.seat_boards[0].clone();
    let piece = |cell: tabula::engine::Cell| own.at(cell).piece;
    let intact = own.cells.iter().filter(|c| c.piece == Piece::Ship).count();
    let shot_at =
        |action: &Action, ship: bool| matches!(action, Action::Shot(cell) if (piece(*cell) == Piece::Ship) == ship);
    let water: Vec<&Action> = moves.iter().filter(|m| shot_at(m, false)).collect();
    if let Some(action) = water.choose(rng) {
        return (*action).clone();
    }
    assert!(intact >= 2, "seat 1 always finishes first");
    moves.iter().filter(|m| shot_at(m, true)).collect::<Vec<_>>().choose(rng).map(|a| (*a).clone()).unwrap()
}

/// The chess engine's speed from the start position, and the tactics it solves with
/// `nodes` nodes each.
fn chess_engine(nodes: u64) {
    use tabula::games::chess::{engine, fen, uci};
    let go = AtomicBool::new(false);
    let search = |text: &str, nodes: u64| {
        let position = fen::parse(text, false).unwrap();
        let started = Instant::now();
        let budget = SearchBudget::new(nodes, &go);
        let report = engine::think(&position, &[], &engine::Limits::FULL, budget, 0, &mut |_| true).unwrap();
        (uci::to_uci(&position, report.best, false), report, started.elapsed().as_secs_f64())
    };
    let (_, report, seconds) = search(fen::STANDARD, SPEED_NODES);
    println!(
        "Chess engine, from the start: {} nodes in {seconds:.2} s, {:.2} million nodes per second, depth {}.",
        report.nodes,
        report.nodes as f64 / seconds / 1e6,
        report.depth
    );
    println!();
    println!("Tactics (Win at Chess 1, 3-10), {nodes} nodes each:");
    println!("| position | expected | played | depth | seconds |");
    println!("|---|---|---|---|---|");
    let mut solved = 0;
    for (number, &(text, expected)) in TACTICS.iter().enumerate() {
        let (played, report, seconds) = search(text, nodes);
        solved += usize::from(played == expected);
        println!("| {} | {expected} | {played} | {} | {seconds:.2} |", number + 1, report.depth);
    }
    println!("Solved {solved} of {}.", TACTICS.len());
}

fn main() {
    // `cargo bench` passes `--bench`; a plain `cargo test --benches` passes nothing and
    // only checks that this builds.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let games = env_number("TABULA_BENCH_GAMES", 20);
    let fleets = env_number("TABULA_BENCH_FLEETS", 10_000);
    let chess_nodes = env_number("TABULA_BENCH_CHESS_NODES", 300_000) as u64;
    let mut rng = rand::rngs::StdRng::seed_from_u64(2026);

    if games > 0 {
        levels_against_each_other(games, &mut rng);
    }
    if fleets > 0 {
        battleship(fleets, &mut rng);
    }
    if chess_nodes > 0 {
        chess_engine(chess_nodes);
    }
    if env_number("TABULA_BENCH_SOLVED", 1) > 0 {
        solved_tic_tac_toe();
        println!();
        tic_tac_two_state_space();
    }
}

fn levels_against_each_other(games: usize, rng: &mut impl Rng) {
    println!("Levels against each other: wins-draws-losses of the row's level over {games} games, colours");
    println!("alternating, two random opening moves, {NODES} positions per move.");
    println!("| game | level | vs level 1 (random) | vs the level below |");
    println!("|---|---|---|---|");
    for &kind in GameKind::ALL {
        if kind.seat_count() != 2 || kind == GameKind::Battleship {
            continue;
        }
        let config = kind.info().default_config;
        for level in 2..=kind.max_bot_level() {
            let started = Instant::now();
            let (w1, d1, l1) = pairing(&config, level, 1, games, rng);
            let (w2, d2, l2) = pairing(&config, level, level - 1, games, rng);
            println!(
                "| {} | {level} | {w1}-{d1}-{l1} | {w2}-{d2}-{l2} | ({:.1} s)",
                kind.name(),
                started.elapsed().as_secs_f64()
            );
        }
    }

    println!();
}

fn battleship(fleets: usize, rng: &mut impl Rng) {
    println!("Battleship, 10x10 classic fleet (5, 4, 3, 3, 2): shots to sink it, {fleets} random fleets.");
    println!("Anchors: random firing needs about 96 on average; hunt and target about 65; probability");
    println!("density in the low forties (published figures for this method).");
    println!("| level | mean | median | fewest | most |");
    println!("|---|---|---|---|---|");
    let config = GameKind::Battleship.info().default_config;
    for level in 1..=GameKind::Battleship.max_bot_level() {
        let mut counts: Vec<usize> = (0..fleets).map(|_| shots_to_sink(&config, level, rng)).collect();
        counts.sort_unstable();
        let mean = counts.iter().sum::<usize>() as f64 / counts.len() as f64;
        println!(
            "| {level} | {mean:.1} | {} | {} | {} |",
            counts[counts.len() / 2],
            counts[0],
            counts[counts.len() - 1]
        );
    }
    println!();
}

/// Which tic-tac-toe boards the engine's analysis solves from the empty board within 20 s
/// (the generic alpha-beta with threat ordering, no transposition table).
fn solved_tic_tac_toe() {
    const SECONDS: u64 = 20;
    println!(
        "Tic-tac-toe from the empty board: the engine's analysis, {SECONDS} s and 2,000,000,000 positions at most."
    );
    println!("| board | in a row | score | depth | positions | time |");
    println!("|---|---|---|---|---|---|");
    for (size, win_length) in [(3, 3), (4, 3), (4, 4), (5, 4), (5, 5), (6, 4)] {
        let config = GameConfig::TicTacToe(tabula::games::tic_tac_toe::Config::sized(size, win_length));
        let game = config.new_match().unwrap();
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let started = Instant::now();
        let timer = {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let deadline = Instant::now() + std::time::Duration::from_secs(SECONDS);
                while Instant::now() < deadline && !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            })
        };
        let analysis = game.analyse(Seat::FIRST, SearchBudget::new(2_000_000_000, &stop)).unwrap();
        let elapsed = started.elapsed();
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        timer.join().unwrap();
        let score = match analysis.score {
            Score::Exact { result, plies, .. } => {
                format!("solved: {result:?}{}", plies.map(|p| format!(" in {p}")).unwrap_or_default())
            }
            Score::Estimate { value, .. } => format!("not solved (estimate {value})"),
            Score::Unknown => "not solved".to_owned(),
        };
        println!(
            "| {size}×{size} | {win_length} | {score} | {} | {} | {:.2} s |",
            analysis.depth,
            analysis.nodes,
            elapsed.as_secs_f64()
        );
    }
}

/// An upper bound on Tic-Tac-Two's positions under the default rules (5×5 board, 3×3
/// grid, 4 pieces each, X first): the pieces' places, the grid's 9 places and the seat to
/// act. The repetition rule makes the game's true state larger still (it counts past
/// positions), which is why it is not solved here.
fn tic_tac_two_state_space() {
    fn choose(n: u64, k: u64) -> u64 {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }
    let mut total = 0u64;
    for x in 0..=4u64 {
        for o in [x.saturating_sub(1), x] {
            if o <= 4 && (o == x || o + 1 == x) {
                total += choose(25, x) * choose(25 - x, o) * 9 * 2;
            }
        }
    }
    println!("Tic-Tac-Two (5×5 board, 3×3 grid, 4 pieces each): at most {total} arrangements of pieces, grid and");
    println!(
        "seat to act, before counting repetitions; at 2 bits each a table of them takes {} MiB.",
        total / 4 / (1 << 20)
    );
}
