//! Golden stored games: the contract of the stored format.
//!
//! `tests/data/golden/<kind>.json` holds, for each game kind, a list of games exported
//! by the code of their day (each `document` is in the export format, `GameDocument`)
//! together with what replaying them must give (`expected`: outcome, move count, final
//! seq, and the fingerprint of `fingerprint.rs`). Every store must take each document in,
//! give it back unchanged, and replay it to exactly those expectations; the games together
//! use every arm of every enum a stored log holds (`arms.rs`).
//!
//! A stored log is serde JSON of domain types (`StoredEvent`, `EventKind`, the engine's
//! `Turn`, `Action`, `Outcome`, the game configurations), so a renamed variant or field
//! would make every stored game unreadable. **Renames go through serde attributes, never
//! silently**: keep the stored name with `#[serde(rename = "...")]`, or read the old name
//! beside the new one with `#[serde(alias = "...")]`. The committed games are never
//! rewritten to make these tests pass: a failure here means stored games broke. A rule
//! change that makes an old game replay differently is a break of stored games too, to be
//! decided openly.
//!
//! The games were made by playing the scripts of `scripts.rs` through the engine
//! (`generator.rs`). `TABULA_WRITE_GOLDEN=1 cargo test --test store_contract golden_generator
//! -- --ignored` adds the games of new scripts to the files (creating a new kind's file)
//! and leaves committed games as they are; without the variable that test only checks
//! that the scripts still make the committed games. No other test writes the files.

mod arms;
mod fingerprint;
pub mod generator;
mod scripts;

use std::fs;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use tabula::engine::{AnyMatch, Outcome, Turn};
use tabula::games::{GameConfig, GameKind};
use tabula::store::document::{self, GameDocument};
use tabula::store::{EventKind, Store, StoredEvent};

use self::fingerprint::fingerprint;

/// One golden game: a stored game in the export format, and what its replay gives.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct GoldenGame {
    /// What the game shows, for people.
    pub about: String,
    /// The game as `tabula export` writes it.
    pub document: GameDocument,
    /// What replaying its log must give.
    pub expected: Expected,
}

/// What replaying a golden game's log must give.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct Expected {
    /// The outcome; `None` for a game in progress.
    pub outcome: Option<Outcome>,
    /// Moves in force at the end.
    pub move_count: u32,
    /// The seq of the last event.
    pub seq: u64,
    /// The final state, as `fingerprint.rs` writes it.
    pub fingerprint: Vec<String>,
}

/// The folder of the golden files.
fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden")
}

/// The golden file of `kind`.
fn path(kind: GameKind) -> PathBuf {
    folder().join(format!("{}.json", kind.name()))
}

/// The committed golden games of `kind`, if its file exists.
fn read(kind: GameKind) -> Option<Vec<GoldenGame>> {
    let path = path(kind);
    let text = fs::read_to_string(&path).ok()?;
    let games: Vec<GoldenGame> = serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!("{} no longer reads: {e}. Did a stored name change? See tests/golden/mod.rs", path.display())
    });
    Some(games)
}

/// Every committed golden game, by kind, after checking that the folder holds exactly one
/// file per game kind and that each file holds games of its kind.
pub fn read_all() -> Vec<(GameKind, Vec<GoldenGame>)> {
    let kind_files: Vec<String> = GameKind::ALL.iter().map(|k| format!("{}.json", k.name())).collect();
    for entry in fs::read_dir(folder()).expect("the golden folder exists") {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(kind_files.contains(&name), "tests/data/golden/{name} is named after no game kind");
    }
    GameKind::ALL
        .iter()
        .map(|&kind| {
            let games = read(kind).unwrap_or_else(|| panic!("{} has no golden file", kind.name()));
            assert!(!games.is_empty(), "the golden file of {} holds no game", kind.name());
            for game in &games {
                assert_eq!(game.document.config.kind(), kind, "{} is in the wrong file", game.document.id);
            }
            (kind, games)
        })
        .collect()
}

/// Imports every golden game into `store` (which must not hold them yet), loads each
/// back, and replays it: the store must give back the document unchanged, and the replay
/// must give the recorded expectations.
pub async fn check_store(store: &dyn Store) {
    for (_, games) in read_all() {
        for golden in games {
            let id = golden.document.id.clone();
            let imported = document::import(store, golden.document.clone())
                .await
                .unwrap_or_else(|e| panic!("{id}: the store refuses the golden document: {e}"));
            let (record, log) = store.load(&id).await.unwrap();
            assert_eq!(record, imported, "{id}: the record reads back as it was imported");
            assert_eq!(GameDocument::new(record.clone(), log.clone()), golden.document, "{id}: the log reads back");

            let game = replay(&id, &record.config, &log);
            let expected = &golden.expected;
            assert_eq!((&game.outcome(), &record.outcome), (&expected.outcome, &expected.outcome), "{id}: outcome");
            assert_eq!((game.move_count(), record.move_count), (expected.move_count, expected.move_count), "{id}");
            assert_eq!((log.last().map(|e| e.seq), record.seq), (Some(expected.seq), expected.seq), "{id}: seq");
            assert_same_lines(&id, &fingerprint(game.as_ref()), &expected.fingerprint);
        }
    }
}

/// Checks that `store`, already holding every golden game, exports each unchanged.
pub async fn check_exports(store: &dyn Store) {
    for (_, games) in read_all() {
        for golden in games {
            let exported = document::export(store, &golden.document.id).await.unwrap();
            assert_eq!(exported, golden.document, "{}: the store gives the document back", golden.document.id);
        }
    }
}

/// The game `log` replays to under `config`, turn by turn, checking each move number
/// against what `EventKind::Played` promises.
fn replay(id: &str, config: &GameConfig, log: &[StoredEvent]) -> Box<dyn AnyMatch> {
    let mut game = config.new_match().unwrap_or_else(|e| panic!("{id}: the configuration is refused: {e}"));
    for event in log {
        let EventKind::Played { turn, move_number, .. } = &event.kind else { continue };
        let before = game.move_count();
        game.play(turn).unwrap_or_else(|e| panic!("{id}: event {} is refused on replay: {e}", event.seq));
        let promised = if matches!(turn, Turn::TakeBack(_)) { before } else { game.move_count() };
        assert_eq!(*move_number, promised, "{id}: event {} has another move number than its turn", event.seq);
    }
    let whole = config.replay(game.history()).unwrap();
    assert!(whole.same_state(game.as_ref()), "{id}: replaying the whole history at once gives another state");
    game
}

/// Fails at the first line where the replayed fingerprint differs from the recorded one.
fn assert_same_lines(id: &str, actual: &[String], recorded: &[String]) {
    let first_difference = (0..actual.len().max(recorded.len())).find(|&i| actual.get(i) != recorded.get(i));
    if let Some(i) = first_difference {
        let (replayed, recorded) = (actual.get(i), recorded.get(i));
        panic!("{id}: the replay differs at fingerprint line {i}:\n  replayed: {replayed:?}\n  recorded: {recorded:?}");
    }
}

/// Checks that the golden games together use every arm of every stored enum.
pub fn check_coverage() {
    let mut seen = arms::Seen::new();
    for (_, games) in read_all() {
        for game in &games {
            arms::note_document(&mut seen, &game.document);
        }
    }
    let missing = arms::missing(&seen);
    assert!(missing.is_empty(), "no golden game uses {missing:?}: script one in tests/golden/scripts.rs");
}
