//! How strong each game's bot plays, measured in games: every level against the random
//! level 1 and against the level below it, colours alternating; and Battleship's shots to
//! sink a fleet, beside the published figures for random firing and probability density;
//! which tic-tac-toe boards the engine solves from the start; and the size of Tic-Tac-Two's
//! state space.
//!
//! `cargo bench --bench bots` (`TABULA_BENCH_GAMES`, games per pairing, default 20;
//! `TABULA_BENCH_FLEETS`, Battleship fleets per level, default 10,000).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use tabula::engine::{Action, AnyMatch, Outcome, Piece, Score, SearchBudget, Seat, Turn, Viewer};
use tabula::games::{GameConfig, GameKind};

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

fn main() {
    // `cargo bench` passes `--bench`; a plain `cargo test --benches` passes nothing and
    // only checks that this builds.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let games = env_number("TABULA_BENCH_GAMES", 20);
    let fleets = env_number("TABULA_BENCH_FLEETS", 10_000);
    let mut rng = rand::rngs::StdRng::seed_from_u64(2026);

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
            let (w1, d1, l1) = pairing(&config, level, 1, games, &mut rng);
            let (w2, d2, l2) = pairing(&config, level, level - 1, games, &mut rng);
            println!(
                "| {} | {level} | {w1}-{d1}-{l1} | {w2}-{d2}-{l2} | ({:.1} s)",
                kind.info().name,
                started.elapsed().as_secs_f64()
            );
        }
    }

    println!();
    println!("Battleship, 10x10 classic fleet (5, 4, 3, 3, 2): shots to sink it, {fleets} random fleets.");
    println!("Anchors: random firing needs about 96 on average; hunt and target about 65; probability");
    println!("density in the low forties (published figures for this method).");
    println!("| level | mean | median | fewest | most |");
    println!("|---|---|---|---|---|");
    let config = GameKind::Battleship.info().default_config;
    for level in (1..=GameKind::Battleship.max_bot_level()).filter(|_| fleets > 0) {
        let mut counts: Vec<usize> = (0..fleets).map(|_| shots_to_sink(&config, level, &mut rng)).collect();
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
    solved_tic_tac_toe();
    println!();
    tic_tac_two_state_space();
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
        let config = GameConfig::TicTacToe(tabula::games::tic_tac_toe::Config { size, win_length });
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
