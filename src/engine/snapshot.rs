//! Snapshots: a match's complete state as bytes, so that a long game loads without
//! replaying its whole history. A snapshot is a cache of that replay, never the truth:
//! whoever holds one must be able to fall back on the history, so every doubt about the
//! bytes is an error here, never a guess.
//!
//! Layout, in this order:
//! 1. the format version, a postcard varint (`u32`): read first, so that a snapshot of
//!    another version is recognised before anything else about it is trusted;
//! 2. the game's [`Rules::NAME`], a postcard string;
//! 3. the body: the configuration, the position and the history, in postcard;
//! 4. a checksum: the first [`CHECKSUM_LEN`] bytes of the SHA-256 of everything before it,
//!    so that damaged bytes which still decode are refused rather than restored wrong.
//!
//! Postcard is compact (varints, no field names) and its wire format is specified and
//! stable across its 1.x releases, so a version bump here is needed only when one of our
//! own types changes shape.

use serde::{Deserialize, Serialize};

use sha2::{Digest, Sha256};

use super::{Match, Rules, Turn};

/// The snapshot format's version. Bump it whenever the serde form of any type inside a
/// snapshot changes shape (a field added, removed, reordered or retyped, an enum arm
/// inserted before another), or a game's rules change what a history replays to: older
/// snapshots are then refused, and their games load by replay. (What a game's
/// [`Rules::conclude`] does needs no bump: restoring concludes again, see
/// [`Match::restore`].)
pub const SNAPSHOT_VERSION: u32 = 10;

/// Length of the trailing checksum, in bytes.
pub const CHECKSUM_LEN: usize = 8;

/// Why a snapshot was refused. Any of these means: load the game by replaying its history.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    /// Written by another version of the format.
    #[error("the snapshot has format version {found}, and this server reads only version {expected}")]
    Version { found: u32, expected: u32 },
    /// A snapshot of another game.
    #[error("the snapshot is of a {found} game, not of a {expected} game")]
    Kind { found: String, expected: &'static str },
    /// Truncated, damaged or not a snapshot at all.
    #[error("the snapshot is damaged: {0}")]
    Damaged(String),
    /// Well formed, but of a match with another configuration.
    #[error("the snapshot's configuration differs from the game's")]
    ConfigMismatch,
    /// Well formed, but its parts contradict each other.
    #[error("the snapshot is inconsistent: {0}")]
    Inconsistent(String),
}

/// What a snapshot's body holds. The moves in force and the resignation are left out:
/// they follow from the history, and rebuilding them checks it.
#[derive(Serialize)]
struct BodyRef<'a, G: Rules> {
    config: &'a G::Config,
    position: &'a G,
    history: &'a [Turn],
}

#[derive(Deserialize)]
#[serde(bound = "")]
struct Body<G: Rules> {
    config: G::Config,
    position: G,
    history: Vec<Turn>,
}

pub(super) fn encode<G: Rules>(config: &G::Config, position: &G, history: &[Turn]) -> Vec<u8> {
    let header = (SNAPSHOT_VERSION, G::NAME);
    let mut bytes = postcard::to_stdvec(&header).expect("a version and a name always serialise");
    let body = BodyRef::<G> { config, position, history };
    bytes = postcard::to_extend(&body, bytes)
        .expect("serde derives over plain data always serialise; postcard refuses only unsized sequences");
    let checksum = checksum(&bytes);
    bytes.extend_from_slice(&checksum);
    bytes
}

pub(super) fn decode<G: Rules>(bytes: &[u8]) -> Result<(G::Config, G, Vec<Turn>), SnapshotError> {
    let (found, _) = postcard::take_from_bytes::<u32>(bytes).map_err(damaged)?;
    if found != SNAPSHOT_VERSION {
        return Err(SnapshotError::Version { found, expected: SNAPSHOT_VERSION });
    }
    let split = bytes
        .len()
        .checked_sub(CHECKSUM_LEN)
        .ok_or_else(|| SnapshotError::Damaged("too short to hold a checksum".into()))?;
    let (signed, sum) = bytes.split_at(split);
    if checksum(signed) != sum {
        return Err(SnapshotError::Damaged("the checksum does not match the contents".into()));
    }
    let ((_, kind), body) = postcard::take_from_bytes::<(u32, &str)>(signed).map_err(damaged)?;
    if kind != G::NAME {
        return Err(SnapshotError::Kind { found: kind.to_owned(), expected: G::NAME });
    }
    let (body, rest) = postcard::take_from_bytes::<Body<G>>(body).map_err(damaged)?;
    if !rest.is_empty() {
        return Err(SnapshotError::Damaged(format!("{} unread bytes after the body", rest.len())));
    }
    Ok((body.config, body.position, body.history))
}

fn checksum(bytes: &[u8]) -> [u8; CHECKSUM_LEN] {
    let digest = Sha256::digest(bytes);
    let mut sum = [0; CHECKSUM_LEN];
    sum.copy_from_slice(&digest[..CHECKSUM_LEN]);
    sum
}

fn damaged(error: postcard::Error) -> SnapshotError {
    SnapshotError::Damaged(error.to_string())
}

impl<G: Rules> Match<G> {
    /// The match's complete state as bytes; see the module documentation for the layout.
    pub fn snapshot(&self) -> Vec<u8> {
        encode(self.config(), self.position(), self.history())
    }

    /// The match a [`Match::snapshot`] was taken of, provided it was taken of a match of
    /// this game with exactly `config`. A game that ended outside its rules is concluded
    /// again ([`Rules::conclude`] is idempotent), so a snapshot written before its game
    /// concluded restores to what the replay gives.
    ///
    /// # Errors
    /// Bytes of another format version or game, damaged bytes, another configuration, or a
    /// history that contradicts itself.
    pub fn restore(config: &G::Config, bytes: &[u8]) -> Result<Match<G>, SnapshotError> {
        let (restored_config, position, history) = decode::<G>(bytes)?;
        if restored_config != *config {
            return Err(SnapshotError::ConfigMismatch);
        }
        Match::from_parts(restored_config, position, history).map_err(SnapshotError::Inconsistent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::race::Race;
    use crate::engine::{Action, Adjudication, Seat};

    const CONFIG: (u32, bool) = (20, true);

    fn race(turns: &[Turn]) -> Match<Race> {
        Match::replay(CONFIG, turns).unwrap()
    }

    /// Frames `body` as a snapshot with a valid checksum, whatever the header says.
    fn framed(version: u32, kind: &str, body: &[u8]) -> Vec<u8> {
        let mut bytes = postcard::to_stdvec(&(version, kind)).unwrap();
        bytes.extend_from_slice(body);
        let sum = checksum(&bytes);
        bytes.extend_from_slice(&sum);
        bytes
    }

    fn body_of(game: &Match<Race>, history: &[Turn]) -> Vec<u8> {
        postcard::to_stdvec(&BodyRef::<Race> { config: game.config(), position: game.position(), history }).unwrap()
    }

    #[test]
    fn takebacks_and_resignations_come_back_whole() {
        let game = race(&[
            Turn::Move(Seat::FIRST, Action::drop(2)),
            Turn::Move(Seat::SECOND, Action::drop(1)),
            Turn::TakeBack(Seat::SECOND),
            Turn::Resign(Seat::SECOND),
        ]);
        let restored = Match::<Race>::restore(&CONFIG, &game.snapshot()).unwrap();
        assert_eq!(restored, game);
        assert_eq!(restored.move_count(), 1);
        assert!(restored.outcome().is_some());
    }

    #[test]
    fn aborted_and_adjudicated_games_come_back_whole() {
        let first = Turn::Move(Seat::FIRST, Action::drop(2));
        for ending in [
            Turn::Abort { explanation: "no show".into(), no_show: Some(Seat::SECOND) },
            Turn::Adjudicate { result: Adjudication::Win(Seat::SECOND), explanation: "ruling".into() },
            Turn::Adjudicate { result: Adjudication::Draw, explanation: "curfew".into() },
        ] {
            let game = race(&[first.clone(), ending.clone()]);
            let restored = Match::<Race>::restore(&CONFIG, &game.snapshot()).unwrap();
            assert_eq!(restored, game, "{ending:?}");
            assert_eq!(restored.outcome(), game.outcome());
            assert!(restored.position().concluded.is_some());
        }
    }

    #[test]
    fn a_snapshot_written_before_its_game_concluded_restores_as_the_replay() {
        let history = [Turn::Move(Seat::FIRST, Action::drop(2)), Turn::Resign(Seat::SECOND)];
        // The position as it was before resignations concluded it.
        let unconcluded = race(&history[..1]);
        let bytes = framed(SNAPSHOT_VERSION, Race::NAME, &body_of(&unconcluded, &history));
        let restored = Match::<Race>::restore(&CONFIG, &bytes).unwrap();
        assert_eq!(restored, race(&history));
        assert!(restored.position().concluded.is_some());
    }

    #[test]
    fn the_version_is_checked_before_anything_else() {
        let game = race(&[Turn::Move(Seat::FIRST, Action::drop(1))]);
        let mut bytes = game.snapshot();
        assert_eq!(bytes[0] as u32, SNAPSHOT_VERSION, "the version leads, as a one-byte varint while below 128");
        bytes[0] += 1;
        let refusal = Match::<Race>::restore(&CONFIG, &bytes).unwrap_err();
        assert_eq!(refusal, SnapshotError::Version { found: SNAPSHOT_VERSION + 1, expected: SNAPSHOT_VERSION });

        let body = body_of(&game, game.history());
        let older = framed(SNAPSHOT_VERSION - 1, Race::NAME, &body);
        assert!(matches!(Match::<Race>::restore(&CONFIG, &older), Err(SnapshotError::Version { .. })));
        assert_eq!(framed(SNAPSHOT_VERSION, Race::NAME, &body), game.snapshot());
    }

    #[test]
    fn a_snapshot_of_another_game_is_refused_by_name() {
        let game = race(&[]);
        let bytes = framed(SNAPSHOT_VERSION, "relay", &body_of(&game, &[]));
        let refusal = Match::<Race>::restore(&CONFIG, &bytes).unwrap_err();
        assert_eq!(refusal, SnapshotError::Kind { found: "relay".into(), expected: Race::NAME });
    }

    #[test]
    fn a_history_that_contradicts_itself_is_refused() {
        let game = race(&[]);
        for history in [
            vec![Turn::TakeBack(Seat::FIRST)],
            vec![Turn::Resign(Seat::FIRST), Turn::Move(Seat::SECOND, Action::drop(1))],
            vec![Turn::Abort { explanation: "x".into(), no_show: None }, Turn::Resign(Seat::FIRST)],
        ] {
            let bytes = framed(SNAPSHOT_VERSION, Race::NAME, &body_of(&game, &history));
            let refusal = Match::<Race>::restore(&CONFIG, &bytes).unwrap_err();
            assert!(matches!(refusal, SnapshotError::Inconsistent(_)), "{history:?}: {refusal}");
        }
    }

    #[test]
    fn another_configuration_is_refused() {
        let bytes = race(&[]).snapshot();
        assert_eq!(Match::<Race>::restore(&(20, false), &bytes).unwrap_err(), SnapshotError::ConfigMismatch);
    }
}
