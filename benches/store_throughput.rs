//! Moves per second that the server acknowledges (each one durably committed) with its
//! embedded SQLite store, and with PostgreSQL behind one and behind three replicas.
//! Every figure comes from the same run on the same machine; compare the ratios.
//!
//! `cargo bench --bench store_throughput` (PostgreSQL parts need `TABULA_TEST_POSTGRES`,
//! a server URL whose user may create databases; `scripts/postgres.sh` starts one).

#[path = "../tests/common/mod.rs"]
mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use common::{BinaryServer, Client, as_seat, pb};
use rand::{Rng, SeedableRng};

/// Games played at once, spread over the replicas.
const GAMES: usize = 32;
/// How long each configuration is measured.
const MEASURE: Duration = Duration::from_secs(8);
const SIDE: u32 = 19;

/// Plays random moves in one game until `until`, counting acknowledged moves.
async fn player(mut client: Client, game: common::Game, seed: u64, until: Instant, moves: Arc<AtomicU64>) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut free: Vec<(u32, u32)> = (0..SIDE).flat_map(|r| (0..SIDE).map(move |c| (r, c))).collect();
    let mut seat = 0;
    while Instant::now() < until && !free.is_empty() {
        let (row, col) = free.swap_remove(rng.random_range(0..free.len()));
        let request = pb::SubmitMoveRequest {
            game_id: game.id.clone(),
            r#move: Some(common::cell_move(row, col)),
            ..Default::default()
        };
        let response = client.submit_move(as_seat(&game.tokens[seat], request)).await.expect("a legal move");
        moves.fetch_add(1, Ordering::Relaxed);
        if response.into_inner().view.and_then(|v| v.outcome).is_some() {
            break;
        }
        seat = 1 - seat;
    }
}

/// Moves per second acknowledged by `servers` together.
async fn measure(servers: &[BinaryServer]) -> f64 {
    let mut clients = Vec::new();
    for server in servers {
        clients.push(server.client().await);
    }
    let mut games = Vec::new();
    let replicas = clients.len();
    for index in 0..GAMES {
        let config = pb::game_config::Game::TicTacToe(pb::TicTacToeConfig {
            size: SIDE,
            win_length: SIDE,
            ..Default::default()
        });
        games.push(common::create_config(&mut clients[index % replicas], config).await);
    }
    let moves = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let until = start + MEASURE;
    let mut players = Vec::new();
    for (index, game) in games.into_iter().enumerate() {
        let client = clients[index % clients.len()].clone();
        players.push(tokio::spawn(player(client, game, index as u64, until, moves.clone())));
    }
    for player in players {
        player.await.unwrap();
    }
    moves.load(Ordering::Relaxed) as f64 / start.elapsed().as_secs_f64()
}

#[tokio::main]
async fn main() {
    // `cargo bench` passes `--bench`; a plain `cargo test --benches` passes nothing and
    // only checks that this builds.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let sqlite = format!("sqlite:{}", dir.path().join("games.db").display());
    let embedded = measure(&[BinaryServer::spawn(&["--store", &sqlite])]).await;
    eprintln!("{GAMES} games at once, {}s each:", MEASURE.as_secs());
    eprintln!("  SQLite, one server:          {embedded:8.0} moves/s");
    if std::env::var("TABULA_TEST_POSTGRES").is_err() {
        eprintln!("  PostgreSQL: skipped (set TABULA_TEST_POSTGRES)");
        return;
    }
    let one_url = common::fresh_postgres_database().await;
    let one = measure(&[BinaryServer::spawn(&["--store", &one_url])]).await;
    let three_url = common::fresh_postgres_database().await;
    let replicas: Vec<BinaryServer> = (0..3).map(|_| BinaryServer::spawn(&["--store", &three_url])).collect();
    let three = measure(&replicas).await;
    eprintln!("  PostgreSQL, one replica:     {one:8.0} moves/s ({:.2}× SQLite)", one / embedded);
    eprintln!("  PostgreSQL, three replicas:  {three:8.0} moves/s ({:.2}× one replica)", three / one);
}
