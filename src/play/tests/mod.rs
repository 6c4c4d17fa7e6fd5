//! The play layer's tests through its facade: the cache, the clock, subscriptions and the
//! containment of a panic in a game's rules, on a hub over a memory store.

mod cache;
mod faults;
mod shared;
mod subscription;
mod timekeeper;

use std::sync::Arc;
use std::time::SystemTime;

use super::live::{GAME_OVERHEAD_BYTES, LiveGame};
use super::turn::{Answer, Command, TurnRequest};
use super::{CacheLimits, Created, Creation, Hub, Settings};
use crate::engine::{Action, Seat, Turn};
use crate::games::{GameConfig, tic_tac_toe};
use crate::store::{Actor, GameRecord, MemoryStore, Store};

pub(super) fn config() -> GameConfig {
    GameConfig::TicTacToe(tic_tac_toe::Config::sized(19, 19))
}

/// What one new game of [`config`] is counted for.
pub(super) fn new_game_bytes() -> usize {
    GAME_OVERHEAD_BYTES + config().new_match().unwrap().snapshot().len()
}

pub(super) fn hub(cache: CacheLimits) -> Arc<Hub> {
    let settings = Settings { event_channel_capacity: 16, cache, bot_threads: 1, ..Settings::default() };
    Hub::new(Arc::new(MemoryStore::new()), settings)
}

pub(super) async fn create(hub: &Hub, id: &str) -> Arc<LiveGame> {
    let record = GameRecord {
        id: id.to_owned(),
        seat_token_hashes: vec![[1; 32], [2; 32]],
        ..GameRecord::new_game(config(), None, SystemTime::now())
    };
    let game = config().new_match().unwrap();
    let Ok(Created::New(live)) = hub.create(Creation::plain(record, game)).await else { panic!("created") };
    live
}

/// Plays `moves` moves of game `live`, filling the board from the top-left.
pub(super) async fn play(hub: &Hub, live: &LiveGame, moves: u32) {
    for index in 0..moves {
        let seat = Seat::new((index % 2) as u8);
        play_move(hub, live, seat, Action::place(index / 19, index % 19)).await;
    }
}

/// Plays `action` as `seat`'s move in game `live`.
pub(super) async fn play_move(hub: &Hub, live: &LiveGame, seat: Seat, action: Action) {
    let request = TurnRequest {
        actor: Actor::Seat(seat),
        command: Command::Turn(Turn::Move(seat, action)),
        expected_seq: None,
        request_id: None,
        credential: None,
        validate_only: false,
        answer: Answer::View,
    };
    hub.play(live, request).await.unwrap();
}
