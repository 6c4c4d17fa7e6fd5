//! What the fuzz targets share: one runtime, a fresh service over a memory store for each
//! input, games of every kind to play against, and the checks every answer must pass.
//!
//! The handlers are called directly, after decoding the input with prost as the gRPC
//! codec does; the socket adds nothing a fuzzer should spend its time on.

use std::sync::{Arc, OnceLock};

use tabula::engine::Turn;
use tabula::games::{GameConfig, GameKind};
use tabula::proto::tabula::v1 as pb;
use tabula::proto::tabula::v1::game_service_server::GameService;
use tabula::service::convert::{action_to_proto, kind_to_proto};
use tabula::service::{Authenticator, CACHED_GAMES, EVENT_CHANNEL_CAPACITY, GameLimits, GameServiceImpl, Hub};
use tabula::store::{EventKind, MemoryStore};
use tokio::runtime::Runtime;
use tokio::sync::watch;
use tonic::metadata::MetadataValue;
use tonic::{Code, Request, Status};

/// The runtime every target blocks on; one thread, so runs are reproducible.
pub fn runtime() -> &'static Runtime {
    static RUNTIME: OnceLock<Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime"))
}

/// A service with nothing in it, and its hub for looking behind the handlers.
pub fn fresh_service() -> (GameServiceImpl, Arc<Hub>) {
    let hub = Hub::new(Arc::new(MemoryStore::new()), EVENT_CHANNEL_CAPACITY, CACHED_GAMES);
    // Nothing ever shuts this service down; the sender may go.
    let (_, shutdown) = watch::channel(false);
    // No service keys: as a loopback server without keys, every caller may manage games.
    let auth = Arc::new(Authenticator::default());
    (GameServiceImpl::new(hub.clone(), shutdown, auth, GameLimits::default()), hub)
}

/// `message` as a call carrying `credential` as a bearer credential.
pub fn with_credential<T>(credential: &str, message: T) -> Request<T> {
    let mut request = Request::new(message);
    if let Ok(value) = format!("Bearer {credential}").parse::<MetadataValue<_>>() {
        request.metadata_mut().insert("authorization", value);
    }
    request
}

/// Panics unless `status` is an error a client caused and can act on: never INTERNAL or
/// UNKNOWN, never a storage failure (a memory store does not fail, so one means a game
/// that does not replay), always with a message.
pub fn check_refusal(status: &Status) {
    assert!(
        !matches!(status.code(), Code::Internal | Code::Unknown | Code::DataLoss | Code::Unavailable),
        "a hostile request caused a server fault: {status:?}"
    );
    assert!(!status.message().is_empty(), "an error without a message: {status:?}");
}

/// A game to play against: its id and one token per seat.
pub struct LiveFixture {
    pub id: String,
    pub config: GameConfig,
    pub tokens: Vec<String>,
}

/// Creates a game from `kind`'s preset `preset` and plays `plies` legal moves into it,
/// chosen by `choice`, through the real handlers.
pub async fn live_game(service: &GameServiceImpl, hub: &Hub, kind: GameKind, preset: &str, plies: usize, choice: u64) -> LiveFixture {
    let created = service
        .create_game(Request::new(pb::CreateGameRequest {
            kind: kind_to_proto(kind) as i32,
            source: Some(pb::create_game_request::Source::Preset(preset.to_owned())),
            private: false,
        }))
        .await
        .expect("every preset creates a game")
        .into_inner();
    let id = created.game.expect("a created game").game_id;
    let tokens: Vec<String> = created.seat_tokens.into_iter().map(|t| t.token).collect();
    let live = hub.game(&id).await.expect("the game just created");
    let mut pick = choice;
    for _ in 0..plies {
        let snapshot = live.copy().await;
        let Some(&seat) = snapshot.game.to_act().first() else { break };
        let moves = snapshot.game.legal_moves(seat);
        if moves.is_empty() {
            break;
        }
        pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let action = &moves[(pick >> 33) as usize % moves.len()];
        let request = pb::SubmitMoveRequest { game_id: id.clone(), r#move: Some(action_to_proto(action)), ..Default::default() };
        service
            .submit_move(with_credential(&tokens[seat.index()], request))
            .await
            .expect("a listed legal move is accepted");
    }
    LiveFixture { id, config: live.config.clone(), tokens }
}

/// Panics unless the game `id` in memory equals the replay of its stored log.
pub async fn check_replays(hub: &Hub, id: &str) {
    let (record, log) = hub.store().load(id).await.expect("a stored game");
    let turns: Vec<Turn> = log
        .iter()
        .filter_map(|event| match &event.kind {
            EventKind::Played { turn, .. } => Some(turn.clone()),
            _ => None,
        })
        .collect();
    let replayed = record.config.replay(&turns).expect("a stored log replays");
    let live = hub.game(id).await.expect("a live game").copy().await;
    assert!(live.game.same_state(replayed.as_ref()), "game {id} differs from the replay of its log");
    assert_eq!(live.record.seq, log.last().map_or(0, |e| e.seq), "game {id}'s seq is not its log's");
}
