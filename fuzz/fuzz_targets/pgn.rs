//! Arbitrary text as a PGN, through the real `CreateGame` handler's import: no panic, no
//! hang, no server fault. A game it creates exports to a PGN that imports to the same moves.
#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| tabula_fuzz::pgn(bytes));
