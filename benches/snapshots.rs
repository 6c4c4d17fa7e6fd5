//! What a snapshot saves: loading a long chess game by restoring its snapshot against
//! replaying its whole history. First prints the size of a mid-game snapshot of every
//! game kind's default configuration.
//!
//! `cargo bench --bench snapshots`

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use tabula::engine::{AnyMatch, Turn};
use tabula::games::{GameConfig, GameKind};

/// A game of `config` played to its end (or `cap` moves), each seat picking among its
/// legal moves by a fixed pseudo-random sequence, so that every run plays the same game.
fn playout(config: &GameConfig, cap: usize, seed: u64) -> Box<dyn AnyMatch> {
    let mut game = config.new_match().expect("a preset is a valid configuration");
    let mut state = seed;
    for _ in 0..cap {
        let Some(&seat) = game.to_act().first() else { break };
        let legal = game.legal_moves(seat);
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let action = legal[(state >> 33) as usize % legal.len()].clone();
        game.play(&Turn::Move(seat, action)).expect("a listed move is accepted");
    }
    game
}

fn print_mid_game_sizes() {
    println!("mid-game snapshot sizes (default configuration, half of a playout's moves):");
    for kind in GameKind::ALL {
        let info = kind.info();
        let whole = playout(&info.default_config, 10_000, 7);
        let half = playout(&info.default_config, whole.history().len() / 2, 7);
        println!("  {:<14} {:>4} moves: {:>5} bytes", info.name, half.history().len(), half.snapshot().len());
    }
}

fn bench(criterion: &mut Criterion) {
    print_mid_game_sizes();

    let config = GameKind::Chess.info().default_config;
    // The longest of a few random games: random play wanders until a draw rule ends it.
    let game = (1..=8).map(|seed| playout(&config, 10_000, seed)).max_by_key(|g| g.history().len()).unwrap();
    let history = game.history().to_vec();
    let snapshot = game.snapshot();
    println!("long chess game: {} moves, snapshot {} bytes", history.len(), snapshot.len());
    assert!(config.restore(&snapshot).unwrap().same_state(game.as_ref()));

    let mut group = criterion.benchmark_group(format!("chess_load/{}_moves", history.len()));
    group.sample_size(20).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    group.bench_function("replay", |b| b.iter(|| config.replay(black_box(&history)).unwrap()));
    group.bench_function("restore", |b| b.iter(|| config.restore(black_box(&snapshot)).unwrap()));
    group.bench_function("snapshot", |b| b.iter(|| black_box(game.as_ref()).snapshot()));
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    bench(&mut criterion);
    criterion.final_summary();
}
