//! Arbitrary bytes as a `SubmitMoveRequest`, through the real `SubmitMove` handler, as
//! every seat, a spectator and a foreign credential, against live games of every kind at
//! several stages: no panic, no hang, no server fault; a refused move leaves the game
//! exactly as it was, and an accepted one leaves it equal to the replay of its log.
#![no_main]

use std::cell::RefCell;
use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use prost::Message;
use tabula::games::GameKind;
use tabula::proto::tabula::v1 as pb;
use tabula::proto::tabula::v1::game_service_server::GameService;
use tabula::service::{GameServiceImpl, Hub};
use tabula_fuzz::{LiveFixture, check_refusal, check_replays, fresh_service, live_game, runtime, with_credential};
use tonic::Request;

/// Plies played into each game before requests arrive: the start, an early middle (past
/// Battleship's placement), and deep enough that some games are over.
const STAGES: [usize; 3] = [0, 4, 40];

/// The games every input is tried against, each at its stage. Between inputs every game
/// is back at that stage, so that an input's effect does not depend on earlier inputs.
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

fuzz_target!(|bytes: &[u8]| {
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
                hub.delete(&game.id).await.expect("a live game deletes");
                *game = live_game(service, hub, *kind, kind.info().presets[0].name, *stage, *stage as u64).await;
            }
        }
        TABLES.with(|t| *t.borrow_mut() = Some(tables));
    });
});

/// Submits `request` as `credential`'s holder and checks what it did; true when the game changed.
async fn submit_and_check(service: &GameServiceImpl, hub: &Hub, id: &str, credential: Option<&str>, request: pb::SubmitMoveRequest) -> bool {
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
