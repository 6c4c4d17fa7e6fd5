//! Arbitrary bytes as a `SubmitMoveRequest`, through the real `SubmitMove` handler, as
//! every seat, a spectator and a foreign credential, against live games of every kind at
//! several stages: no panic, no hang, no server fault; a refused move leaves the game
//! exactly as it was, and an accepted one leaves it equal to the replay of its log.
#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| tabula_fuzz::submit_move_request(bytes));
