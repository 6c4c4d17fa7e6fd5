//! Arbitrary text as a PGN, through the real `CreateGame` handler's import: no panic, no
//! hang, no server fault. A game it creates exports to a PGN that imports to the same moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabula::games::chess::pgn;
use tabula::proto::tabula::v1 as pb;
use tabula::proto::tabula::v1::game_service_server::GameService;
use tabula_fuzz::{check_refusal, check_replays, fresh_service, runtime};
use tonic::Request;

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else { return };
    // The parser alone first: it must answer for any text, whatever the handler checks first.
    let imported = pgn::import(text);
    runtime().block_on(async {
        let (service, hub) = fresh_service();
        let import = pb::PgnImport { pgn: text.to_owned(), ply: None };
        let request = pb::CreateGameRequest { source: Some(pb::create_game_request::Source::Pgn(import)), ..Default::default() };
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
});
