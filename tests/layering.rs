//! The layers point one way: the rules know nothing of the network, storage or runtime.

use std::fs;
use std::path::Path;

/// What `src/engine` and `src/games` must never mention.
const FORBIDDEN_IN_RULES: &[&str] =
    &["tonic", "prost", "tokio", "sqlx", "rusqlite", "postgres", "crate::proto", "crate::service", "crate::store"];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn check(layer: &str, forbidden: &[&str]) {
    let mut files = Vec::new();
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(layer), &mut files);
    assert!(!files.is_empty(), "no sources under src/{layer}");
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        for (number, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in forbidden {
                assert!(!code.contains(word), "{}:{}: src/{layer} must not use `{word}`", file.display(), number + 1);
            }
        }
    }
}

#[test]
fn the_engine_is_pure_rules() {
    check("engine", &[FORBIDDEN_IN_RULES, &["crate::games"]].concat());
}

#[test]
fn games_know_nothing_of_the_network_or_storage() {
    check("games", FORBIDDEN_IN_RULES);
}

#[test]
fn storage_knows_nothing_of_the_network() {
    check("store", &["tonic", "crate::proto", "crate::service"]);
}

#[test]
fn the_play_layer_knows_nothing_of_the_wire() {
    check("play", &["tonic", "prost", "crate::proto", "crate::service"]);
}
