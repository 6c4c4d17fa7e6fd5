//! Arbitrary bytes as a `CreateGameRequest`, through the real `CreateGame` handler: no
//! panic, no hang, no server fault; a created game answers for every seat and replays.
#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| tabula_fuzz::create_game_request(bytes));
