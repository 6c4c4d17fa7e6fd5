//! One game as a self-contained JSON document, for moving games between stores
//! (`tabula export` / `tabula import`): its record (configuration included) and its whole
//! log. Importing checks that the log replays to the record before anything is written.

use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use super::{
    Actor, BotSeat, EventKind, GameRecord, GameStatus, Labels, Player, SeriesLink, Store, StoreError, StoredEvent,
    TokenHash, from_millis, to_millis,
};
use crate::engine::clock::{ClockConfig, Clocks, seats_that_moved};
use crate::engine::{AnyMatch, Turn};
use crate::games::GameConfig;

/// The `format` every document carries; a reader refuses others.
pub const FORMAT: &str = "tabula.game.v1";

/// A game and its log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameDocument {
    /// Always [`FORMAT`].
    pub format: String,
    /// The game's id.
    pub id: String,
    /// Its full configuration.
    pub config: GameConfig,
    /// SHA-256 of each seat's token, hex, in seat order (the tokens themselves are never stored).
    pub seat_token_hashes: Vec<String>,
    /// When it was created.
    pub created: SystemTime,
    /// In progress, finished or archived.
    pub status: GameStatus,
    /// Whether spectators are refused.
    #[serde(default)]
    pub private: bool,
    /// The service key that created it.
    #[serde(default)]
    pub owner: Option<String>,
    /// The seats the server's engine plays (omitted when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bots: Vec<BotSeat>,
    /// Whether the seat to move may ask for hints while the game runs; omitted when it is
    /// the kind's default ([`GameKind::hints_by_default`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_hints: Option<bool>,
    /// The time control, one per seat (omitted for a game without clocks).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockConfig>,
    /// Who sits in each seat (omitted when nobody was named).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<Player>,
    /// The series the game is part of (omitted for a game on its own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<SeriesLink>,
    /// When each seat's token was last reissued (omitted when none was).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats_reissued: Vec<Option<SystemTime>>,
    /// The managing backend's labels (omitted when none).
    #[serde(default, skip_serializing_if = "Labels::is_empty")]
    pub labels: Labels,
    /// The game this one is a rematch of (omitted when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_of: Option<String>,
    /// The game's rematch (omitted when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<String>,
    /// When a game scheduled ahead starts (omitted for one that started at its creation).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_at: Option<SystemTime>,
    /// How much later than its seats spectators see the game (omitted for no delay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spectator_delay: Option<super::SpectatorDelay>,
    /// Whether each move goes on the owner's log too (omitted when not).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub owner_moves: bool,
    /// For a rated game, its pool and its players' ratings (omitted for a game not rated).
    /// A game imported before it was rated is rated in the store it is imported into.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<super::GameRating>,
    /// The tournament the game was made for (omitted for a game of none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<super::TournamentLink>,
    /// The whole log, from seq 1.
    pub events: Vec<StoredEvent>,
}

/// Why a document cannot be imported.
#[derive(Debug, thiserror::Error)]
pub enum DocumentError {
    /// Not JSON of the expected shape.
    #[error("not a game document: {0}")]
    Unreadable(#[from] serde_json::Error),
    /// Readable, but inconsistent.
    #[error("invalid game document: {0}")]
    Invalid(String),
    /// The store refused it.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl GameDocument {
    /// The document of a stored game.
    pub fn new(record: GameRecord, events: Vec<StoredEvent>) -> GameDocument {
        let allow_hints = (record.allow_hints != record.config.kind().hints_by_default()).then_some(record.allow_hints);
        GameDocument {
            format: FORMAT.to_owned(),
            id: record.id,
            config: record.config,
            seat_token_hashes: record.seat_token_hashes.iter().map(hex).collect(),
            created: record.created,
            status: record.status,
            private: record.private,
            owner: record.owner,
            bots: record.bots,
            allow_hints,
            clock: record.clock,
            players: record.players,
            series: record.series,
            seats_reissued: record.seats_reissued,
            labels: record.labels,
            rematch_of: record.rematch_of,
            rematch: record.rematch,
            start_at: record.start_at,
            spectator_delay: record.spectator_delay,
            owner_moves: record.owner_moves,
            rating: record.rating,
            tournament: record.tournament,
            events,
        }
    }

    /// Reads a document from JSON.
    pub fn from_json(text: &str) -> Result<GameDocument, DocumentError> {
        Ok(serde_json::from_str(text)?)
    }

    /// The document as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("documents always serialise")
    }

    /// The record the document describes, after checking that its log is gap-free, starts
    /// with the creation, replays under its configuration, and ends as the record says.
    pub fn validate(&self) -> Result<GameRecord, DocumentError> {
        let invalid = |why: String| DocumentError::Invalid(why);
        if self.format != FORMAT {
            return Err(invalid(format!("format is {:?}, expected {FORMAT:?}", self.format)));
        }
        if self.id.is_empty() || self.id.len() > 64 {
            return Err(invalid("the id must have 1 to 64 characters".into()));
        }
        for (index, event) in self.events.iter().enumerate() {
            if event.seq != index as u64 + 1 {
                return Err(invalid(format!("event {} has seq {}; seqs must run 1, 2, 3, …", index + 1, event.seq)));
            }
        }
        match self.events.first() {
            Some(StoredEvent { kind: EventKind::Created, .. }) => {}
            _ => return Err(invalid("the log must start with the creation event".into())),
        }
        let hashes = self.seat_token_hashes.iter().map(|h| unhex(h)).collect::<Option<Vec<TokenHash>>>();
        let hashes = hashes.ok_or_else(|| invalid("seat token hashes must be 64 hex digits each".into()))?;
        let game = self.replayed()?;
        if hashes.len() != game.seat_count() {
            return Err(invalid(format!(
                "{} seat token hashes for a game of {} seats",
                hashes.len(),
                game.seat_count()
            )));
        }
        if self.seats_reissued.len() > game.seat_count() {
            return Err(invalid(format!(
                "reissue times for {} seats in a game of {} seats",
                self.seats_reissued.len(),
                game.seat_count()
            )));
        }
        let outcome = game.outcome();
        // The newest end or resumption says how the log leaves the game: ended, or on.
        let said = self.events.iter().rev().find_map(|e| match &e.kind {
            EventKind::Ended(outcome) => Some(Some(outcome)),
            EventKind::Resumed => Some(None),
            _ => None,
        });
        let consistent = match (&outcome, said) {
            (None, None | Some(None)) => self.status == GameStatus::InProgress,
            (Some(outcome), Some(Some(ended))) => {
                ended == outcome && matches!(self.status, GameStatus::Finished | GameStatus::Archived)
            }
            _ => false,
        };
        if !consistent {
            return Err(invalid("the status and end events do not match the replayed game".into()));
        }
        let last = self.events.last().expect("checked non-empty");
        let clock = match &self.clock {
            Some(clock) => Some(
                clock
                    .for_seats(game.seat_count(), "clock")
                    .map_err(|error| invalid(format!("the time control is invalid: {error}")))?,
            ),
            None => None,
        };
        let deadline = match &clock {
            Some(clock) if outcome.is_none() => {
                let clocks = super::log::latest_clocks(&self.events).cloned().unwrap_or_else(|| {
                    let to_act: Vec<usize> = game.to_act().iter().map(|seat| seat.index()).collect();
                    let moved = seats_that_moved(game.history(), game.seat_count());
                    Clocks::starting(clock, &to_act, &moved, to_millis(self.created))
                });
                clocks.next_deadline().map(|flag| from_millis(flag.deadline))
            }
            _ => None,
        };
        Ok(GameRecord {
            id: self.id.clone(),
            config: self.config.clone(),
            seat_token_hashes: hashes,
            created: self.created,
            updated: last.time,
            seq: last.seq,
            status: self.status,
            outcome,
            move_count: game.move_count(),
            private: self.private,
            owner: self.owner.clone(),
            bots: self.bots.clone(),
            allow_hints: self.allow_hints.unwrap_or_else(|| self.config.kind().hints_by_default()),
            clock,
            deadline,
            players: self.players.clone(),
            series: self.series.clone(),
            seats_reissued: self.seats_reissued.clone(),
            labels: self.labels.clone(),
            rematch_of: self.rematch_of.clone(),
            start_at: self.start_at,
            spectator_delay: self.spectator_delay,
            owner_moves: self.owner_moves,
            rating: self.rating.clone(),
            tournament: self.tournament.clone(),
            // A game loaded from a document starts over: its rules are contained afresh.
            faulted: false,
            rematch: self.rematch.clone(),
            presence: self.events.iter().fold(Vec::new(), |mut presence, event| {
                super::follow_presence(&mut presence, event);
                presence
            }),
        })
    }
}

impl GameDocument {
    /// The match the log leads to, played event by event, after checking what each event
    /// says of itself against the replay: times that never go back (from the creation on),
    /// each move's number and label as the rules give them, and a seat's own turns made by
    /// that seat, its engine, its clock or a service key, never another seat.
    fn replayed(&self) -> Result<Box<dyn AnyMatch>, DocumentError> {
        let invalid = |seq: u64, why: String| DocumentError::Invalid(format!("event {seq}: {why}"));
        let mut game = self
            .config
            .new_match()
            .map_err(|e| DocumentError::Invalid(format!("the configuration is invalid: {e}")))?;
        let mut time = self.created;
        for event in &self.events {
            if event.time < time {
                return Err(invalid(event.seq, "its time is before the event's before it (or the creation)".into()));
            }
            time = event.time;
            let EventKind::Played { turn, move_number, actor, label, .. } = &event.kind else { continue };
            // Named only once known legal (the rules name legal moves), before it is played.
            game.check(turn).map_err(|error| invalid(event.seq, format!("the log does not replay: {error}")))?;
            let described = match turn {
                Turn::Move(_, action) => Some(game.describe(action)),
                _ => None,
            };
            game.play(turn).map_err(|error| invalid(event.seq, format!("the log does not replay: {error}")))?;
            if let (Some(label), Some(described)) = (label, &described)
                && label != described
            {
                return Err(invalid(
                    event.seq,
                    format!("the move is labelled {label:?}; the rules call it {described:?}"),
                ));
            }
            if let (Some(Actor::Seat(by) | Actor::Engine(by)), Some(seat)) = (actor, turn.seat())
                && *by != seat
            {
                return Err(invalid(event.seq, format!("a turn of {seat} is said to be made by {by}")));
            }
            // Only a move's number is checked: logs written before takebacks were numbered
            // by the move they took back number them otherwise.
            let expected = game.move_count();
            if matches!(turn, Turn::Move(..)) && *move_number != expected {
                return Err(invalid(
                    event.seq,
                    format!("says move number {move_number}; the replay numbers it {expected}"),
                ));
            }
        }
        Ok(game)
    }
}

/// Reads game `id` out of `store` as a document.
pub async fn export(store: &dyn Store, id: &str) -> Result<GameDocument, StoreError> {
    let (record, events) = store.load(id).await?;
    Ok(GameDocument::new(record, events))
}

/// Validates `document` and writes it into `store` as one new game.
pub async fn import(store: &dyn Store, document: GameDocument) -> Result<GameRecord, DocumentError> {
    let record = document.validate()?;
    // An import restores a game that already existed, so no cap on games in progress applies.
    store.create(record.clone(), document.events, None).await?;
    Ok(record)
}

fn hex(hash: &TokenHash) -> String {
    hash.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<TokenHash> {
    if text.len() != 64 || !text.is_ascii() {
        return None;
    }
    let mut hash = [0u8; 32];
    for (i, byte) in hash.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(hash)
}
