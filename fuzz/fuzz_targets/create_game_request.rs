//! Arbitrary bytes as a `CreateGameRequest`, through the real `CreateGame` handler: no
//! panic, no hang, no server fault; a created game answers for every seat and replays.
#![no_main]

use libfuzzer_sys::fuzz_target;
use prost::Message;
use tabula::proto::tabula::v1 as pb;
use tabula::proto::tabula::v1::game_service_server::GameService;
use tabula_fuzz::{check_refusal, check_replays, fresh_service, runtime, with_credential};
use tonic::Request;

fuzz_target!(|bytes: &[u8]| {
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
                .get_view(with_credential(&token.token, pb::GetViewRequest { game_id: game.game_id.clone() }))
                .await
                .expect("a seat sees its new game");
            assert_eq!(view.into_inner().view.expect("a view").seq, game.seq);
            let moves = pb::ListLegalMovesRequest { game_id: game.game_id.clone(), seat: 0 };
            service.list_legal_moves(with_credential(&token.token, moves)).await.expect("a seat lists its moves");
        }
    });
});
