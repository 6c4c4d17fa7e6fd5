//! The committed fuzz corpus, replayed on the stable toolchain through the very functions
//! the fuzz targets run (`fuzz/src/lib.rs`): every input that once reached new code keeps
//! being checked by every test run. Open-ended fuzzing, which needs nightly and libFuzzer,
//! is `scripts/fuzz.sh`.

#[allow(dead_code)]
#[path = "../fuzz/src/lib.rs"]
mod targets;

use std::path::Path;

/// Runs `target` on every input of `fuzz/corpus/<name>`, naming the input that fails.
fn replay(name: &str, target: fn(&[u8])) {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(name);
    let mut inputs: Vec<_> = std::fs::read_dir(&folder).unwrap().map(|entry| entry.unwrap().path()).collect();
    inputs.sort();
    assert!(!inputs.is_empty(), "{} holds no inputs", folder.display());
    for input in inputs {
        let bytes = std::fs::read(&input).unwrap();
        if std::panic::catch_unwind(|| target(&bytes)).is_err() {
            panic!("fuzz target {name} fails on {}", input.display());
        }
    }
}

#[test]
fn create_game_request_corpus() {
    replay("create_game_request", targets::create_game_request);
}

#[test]
fn submit_move_request_corpus() {
    replay("submit_move_request", targets::submit_move_request);
}

#[test]
fn fen_corpus() {
    replay("fen", targets::fen);
}

#[test]
fn pgn_corpus() {
    replay("pgn", targets::pgn);
}
