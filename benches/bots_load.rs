//! Does a server full of bots still answer at once? `grpc.health.v1.Health/Check` latency
//! from another client, on an idle server and then while 100 engine-against-engine games
//! play, in the same run; and how many bot moves a second the server logs meanwhile.
//!
//! `cargo bench --bench bots_load` (the real binary, its default `--bot-threads`, the
//! in-memory store).

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::{BinaryServer, Client, pb};
use tonic::transport::Channel;
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_client::HealthClient;

/// Engine-against-engine games playing at once.
const GAMES: usize = 100;
/// How long each latency is sampled.
const SAMPLE: Duration = Duration::from_secs(10);
/// Board of the games: large enough that no game ends while it is measured.
const SIDE: u32 = 15;

/// Health.Check latencies over `SAMPLE`, one call at a time, sorted.
async fn health_latencies(channel: Channel) -> Vec<Duration> {
    let mut health = HealthClient::new(channel);
    let mut latencies = Vec::new();
    let until = Instant::now() + SAMPLE;
    while Instant::now() < until {
        let started = Instant::now();
        health.check(HealthCheckRequest { service: String::new() }).await.expect("the server answers");
        latencies.push(started.elapsed());
    }
    latencies.sort();
    latencies
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Bot moves logged so far, over every game.
async fn bot_moves(client: &mut Client, ids: &[String]) -> u64 {
    let mut moves = 0;
    for id in ids {
        let game = client.get_game(pb::GetGameRequest { game_id: id.clone() }).await.unwrap().into_inner();
        moves += u64::from(game.game.unwrap().move_count);
    }
    moves
}

#[tokio::main]
async fn main() {
    // `cargo bench` passes `--bench`; a plain `cargo test --benches` passes nothing and
    // only checks that this builds.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let server = BinaryServer::spawn(&["--store", "memory", "--max-games-per-key", "1000"]);
    let mut client = server.client().await;
    let health = Channel::from_shared(server.address.clone()).unwrap().connect().await.unwrap();

    let idle = health_latencies(health.clone()).await;

    let kinds = client.list_game_kinds(pb::ListGameKindsRequest {}).await.unwrap().into_inner().kinds;
    let top = kinds.iter().find(|info| info.kind == pb::GameKind::TicTacToe as i32).unwrap().max_bot_level;
    let mut ids = Vec::new();
    for _ in 0..GAMES {
        let config = pb::GameConfig {
            clock: None,
            game: Some(pb::game_config::Game::TicTacToe(pb::TicTacToeConfig {
                size: SIDE,
                win_length: SIDE,
                ..Default::default()
            })),
            ..Default::default()
        };
        let request = pb::CreateGameRequest {
            source: Some(pb::create_game_request::Source::Config(config)),
            bots: (1..=2)
                .map(|seat| pb::BotSeat {
                    seat,
                    level: top,
                    move_time: Some(prost_types::Duration { seconds: 0, nanos: 200_000_000 }),
                })
                .collect(),
            ..Default::default()
        };
        ids.push(client.create_game(request).await.unwrap().into_inner().game.unwrap().game_id);
    }
    let before = bot_moves(&mut client, &ids).await;
    let started = Instant::now();
    let loaded = health_latencies(health).await;
    let moves = bot_moves(&mut client, &ids).await - before;
    let rate = moves as f64 / started.elapsed().as_secs_f64();

    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "Health.Check, one call at a time, {} s each ({SIDE}x{SIDE} tic-tac-toe, bots at level {top}, 200 ms a move)",
        SAMPLE.as_secs()
    );
    println!("| server | calls | p50 ms | p99 ms |");
    println!("|---|---|---|---|");
    println!("| idle | {} | {:.3} | {:.3} |", idle.len(), ms(percentile(&idle, 0.5)), ms(percentile(&idle, 0.99)));
    println!(
        "| {GAMES} engine-against-engine games | {} | {:.3} | {:.3} |",
        loaded.len(),
        ms(percentile(&loaded, 0.5)),
        ms(percentile(&loaded, 0.99))
    );
    println!(
        "p99 loaded / idle: {:.2}x (goal: at most 2x); bot moves logged meanwhile: {rate:.0}/s",
        ms(percentile(&loaded, 0.99)) / ms(percentile(&idle, 0.99))
    );
}
