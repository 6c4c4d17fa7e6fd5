//! The fuzz targets, and what they share: one runtime, a fresh service over a memory store
//! for each input, games of every kind to play against, and the checks every answer must
//! pass.
//!
//! Each target is a function of the input's bytes, called by its libFuzzer binary under
//! `fuzz_targets/` and, on the stable toolchain, by the main crate's `tests/fuzz_corpus.rs`,
//! which replays the committed corpus through the same functions. So this file depends on
//! nothing but what the main crate's tests have: no libFuzzer, no reference to its own crate.
//!
//! The handlers are called directly, after decoding the input with prost as the gRPC
//! codec does; the socket adds nothing a fuzzer should spend its time on.

use std::cell::RefCell;
use std::sync::{Arc, OnceLock};

use prost::Message;
use tabula::engine::{Turn, Viewer};
use tabula::games::chess::{Config, fen, pgn};
use tabula::games::{GameConfig, GameKind};
use tabula::play::{Hub, Settings};
use tabula::proto::server::game_service_server::GameService;
use tabula::proto::tabula::v1 as pb;
use tabula::service::convert::{action_to_proto, kind_to_proto};
use tabula::service::{Authenticator, GameLimits, GameServiceImpl};
use tabula::store::{MemoryStore, played_turns};
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
    let store = Arc::new(MemoryStore::new());
    let hub = Hub::new(store, Settings { bot_threads: 1, search_threads: 1, ..Settings::default() });
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
pub async fn live_game(
    service: &GameServiceImpl,
    hub: &Hub,
    kind: GameKind,
    preset: &str,
    plies: usize,
    choice: u64,
) -> LiveFixture {
    let created = service
        .create_game(Request::new(pb::CreateGameRequest {
            kind: kind_to_proto(kind) as i32,
            source: Some(pb::create_game_request::Source::Preset(preset.to_owned())),
            private: false,
            ..Default::default()
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
        let request =
            pb::SubmitMoveRequest { game_id: id.clone(), r#move: Some(action_to_proto(action)), ..Default::default() };
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
    let replayed = record.config.replay(&played_turns(&log)).expect("a stored log replays");
    let live = hub.game(id).await.expect("a live game").copy().await;
    assert!(live.game.same_state(replayed.as_ref()), "game {id} differs from the replay of its log");
    assert_eq!(live.record.seq, log.last().map_or(0, |e| e.seq), "game {id}'s seq is not its log's");
}

/// Arbitrary bytes as a `CreateGameRequest`, through the real `CreateGame` handler: no
/// panic, no hang, no server fault; a created game answers for every seat and replays.
pub fn create_game_request(bytes: &[u8]) {
    let Ok(request) = pb::CreateGameRequest::decode(bytes) else { return };
    runtime().block_on(async {
        let (service, hub) = fresh_service();
        let created = match service.create_game(Request::new(request)).await {
            Ok(created) => created.into_inner(),
            Err(status) => return check_refusal(&status),
        };
        let game = created.game.expect("a created game is returned");
        assert_eq!(created.seat_tokens.len() as u32, game.seat_count, "one token per seat");
        check_replays(&hub, &game.game_id).await;
        for token in &created.seat_tokens {
            let view = service
                .get_view(with_credential(
                    &token.token,
                    pb::GetViewRequest { game_id: game.game_id.clone(), ..Default::default() },
                ))
                .await
                .expect("a seat sees its new game");
            assert_eq!(view.into_inner().view.expect("a view").seq, game.seq);
            let moves = pb::ListLegalMovesRequest { game_id: game.game_id.clone(), seat: 0 };
            service.list_legal_moves(with_credential(&token.token, moves)).await.expect("a seat lists its moves");
        }
    });
}

/// Plies played into each game before requests arrive: the start, an early middle (past
/// Battleship's placement), and deep enough that some games are over.
const STAGES: [usize; 3] = [0, 4, 40];

/// The games every `SubmitMoveRequest` input is tried against, each at its stage. Between
/// inputs every game is back at that stage, so that an input's effect does not depend on
/// earlier inputs.
struct Tables {
    service: GameServiceImpl,
    hub: Arc<Hub>,
    games: Vec<(GameKind, usize, LiveFixture)>,
}

thread_local! {
    static TABLES: RefCell<Option<Tables>> = const { RefCell::new(None) };
}

async fn set_up() -> Tables {
    let (service, hub) = fresh_service();
    let mut games = Vec::new();
    for kind in GameKind::ALL {
        for stage in STAGES {
            let game = live_game(&service, &hub, *kind, kind.info().presets[0].name, stage, stage as u64).await;
            games.push((*kind, stage, game));
        }
    }
    Tables { service, hub, games }
}

/// Arbitrary bytes as a `SubmitMoveRequest`, through the real `SubmitMove` handler, as
/// every seat, a spectator and a foreign credential, against live games of every kind at
/// several stages: no panic, no hang, no server fault; a refused move leaves the game
/// exactly as it was, and an accepted one leaves it equal to the replay of its log.
pub fn submit_move_request(bytes: &[u8]) {
    let Ok(request) = pb::SubmitMoveRequest::decode(bytes) else { return };
    runtime().block_on(async {
        let mut tables = match TABLES.with(|t| t.borrow_mut().take()) {
            Some(tables) => tables,
            None => set_up().await,
        };
        // The request as sent: its own game id, which names no game here.
        if let Err(status) = tables.service.submit_move(Request::new(request.clone())).await {
            check_refusal(&status);
        }
        let Tables { service, hub, games } = &mut tables;
        for (kind, stage, game) in games.iter_mut() {
            let mut credentials: Vec<Option<String>> = game.tokens.iter().cloned().map(Some).collect();
            credentials.push(None);
            credentials.push(Some("not-a-seat-token".to_owned()));
            let mut changed = false;
            for credential in credentials {
                let mut aimed = request.clone();
                aimed.game_id = game.id.clone();
                changed |= submit_and_check(service, hub, &game.id, credential.as_deref(), aimed).await;
            }
            if changed {
                let live = hub.game(&game.id).await.expect("a live game");
                hub.delete(&live).await.expect("a live game deletes");
                *game = live_game(service, hub, *kind, kind.info().presets[0].name, *stage, *stage as u64).await;
            }
        }
        TABLES.with(|t| *t.borrow_mut() = Some(tables));
    });
}

/// Submits `request` as `credential`'s holder and checks what it did; true when the game changed.
async fn submit_and_check(
    service: &GameServiceImpl,
    hub: &Hub,
    id: &str,
    credential: Option<&str>,
    request: pb::SubmitMoveRequest,
) -> bool {
    let live = hub.game(id).await.expect("a live game");
    let before = live.copy().await;
    let call = match credential {
        Some(credential) => with_credential(credential, request),
        None => Request::new(request),
    };
    let answer = service.submit_move(call).await;
    let after = live.copy().await;
    match answer {
        Err(status) => {
            check_refusal(&status);
            assert!(after.game.same_state(before.game.as_ref()), "a refused move changed game {id}: {status:?}");
            assert_eq!(after.record.seq, before.record.seq, "a refused move moved game {id}'s seq");
            false
        }
        Ok(response) if !response.get_ref().applied => {
            assert!(after.game.same_state(before.game.as_ref()), "a validate-only check changed game {id}");
            assert_eq!(after.record.seq, before.record.seq);
            false
        }
        Ok(response) => {
            assert_eq!(response.get_ref().seq, after.record.seq, "the answer's seq is not the game's");
            check_replays(hub, id).await;
            after.record.seq != before.record.seq
        }
    }
}

/// Arbitrary text as a FEN, in standard chess and Chess960: no panic, no hang. A FEN that
/// reads writes back to one that reads as the same position, and a game started from it
/// lists its moves and plays each without fault.
pub fn fen(bytes: &[u8]) {
    let Ok(text) = std::str::from_utf8(bytes) else { return };
    for chess960 in [false, true] {
        let Ok(position) = fen::parse(text, chess960) else { continue };
        let written = fen::write(&position, chess960);
        let reread = fen::parse(&written, chess960)
            .unwrap_or_else(|e| panic!("{written:?} (from {text:?}) does not read: {e:?}"));
        assert_eq!(fen::write(&reread, chess960), written, "writing is not stable for {text:?}");

        let config = GameConfig::Chess(Config { fen: text.to_owned(), chess960, ..Config::default() });
        let Ok(game) = config.new_match() else { continue };
        for seat in game.to_act() {
            for action in game.legal_moves(seat) {
                let mut next = game.clone_box();
                next.play(&Turn::Move(seat, action.clone()))
                    .unwrap_or_else(|e| panic!("listed move {action:?} refused: {e}"));
                let _ = (next.view(Viewer::Spectator), game.describe(&action), game.machine_notation(&action));
            }
        }
    }
}

/// Arbitrary text as a PGN, through the real `CreateGame` handler's import: no panic, no
/// hang, no server fault. A game it creates exports to a PGN that imports to the same moves.
pub fn pgn(bytes: &[u8]) {
    let Ok(text) = std::str::from_utf8(bytes) else { return };
    // The parser alone first: it must answer for any text, whatever the handler checks first.
    let imported = pgn::import(text);
    runtime().block_on(async {
        let (service, hub) = fresh_service();
        let import = pb::PgnImport { pgn: text.to_owned(), ply: None };
        let request =
            pb::CreateGameRequest { source: Some(pb::create_game_request::Source::Pgn(import)), ..Default::default() };
        let game = match service.create_game(Request::new(request)).await {
            Ok(created) => created.into_inner().game.expect("a created game"),
            Err(status) => return check_refusal(&status),
        };
        let imported = imported.expect("the handler created a game from a PGN the parser refuses");
        check_replays(&hub, &game.game_id).await;
        let exported = service
            .export_pgn(Request::new(pb::ExportPgnRequest { game_id: game.game_id.clone() }))
            .await
            .expect("a chess game exports")
            .into_inner()
            .pgn;
        let again = pgn::import(&exported).unwrap_or_else(|e| panic!("the export does not import: {e}\n{exported}"));
        assert_eq!(again.actions, imported.actions, "the export's moves differ from the import's:\n{exported}");
    });
}
