//! Arbitrary text as a FEN, in standard chess and Chess960: no panic, no hang. A FEN that
//! reads writes back to one that reads as the same position, and a game started from it
//! lists its moves and plays each without fault.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabula::engine::Turn;
use tabula::games::chess::{Config, fen};
use tabula::games::GameConfig;

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else { return };
    for chess960 in [false, true] {
        let Ok(position) = fen::parse(text, chess960) else { continue };
        let written = fen::write(&position, chess960);
        let reread = fen::parse(&written, chess960).unwrap_or_else(|e| panic!("{written:?} (from {text:?}) does not read: {e:?}"));
        assert_eq!(fen::write(&reread, chess960), written, "writing is not stable for {text:?}");

        let config = GameConfig::Chess(Config { fen: text.to_owned(), chess960, ..Config::default() });
        let Ok(game) = config.new_match() else { continue };
        for seat in game.to_act() {
            for action in game.legal_moves(seat) {
                let mut next = game.clone_box();
                next.play(&Turn::Move(seat, action.clone())).unwrap_or_else(|e| panic!("listed move {action:?} refused: {e}"));
                let _ = (next.view(tabula::engine::Viewer::Spectator), game.describe(&action), game.machine_notation(&action));
            }
        }
    }
});
