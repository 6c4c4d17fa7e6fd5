//! Arbitrary text as a FEN, in standard chess and Chess960: no panic, no hang. A FEN that
//! reads writes back to one that reads as the same position, and a game started from it
//! lists its moves and plays each without fault.
#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| tabula_fuzz::fen(bytes));
