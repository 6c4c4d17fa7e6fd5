//! How records and events sit in the columns of the SQL stores, for any database whose
//! driver reads and writes the column types the schema uses (64-bit integers, text,
//! byte strings, booleans): the values a statement binds, and records and events read
//! back from rows. How each value is encoded (JSON text, microseconds, hashes end to
//! end) is `codec`'s.
//!
//! Invariant: what [`record_values`] and [`event_values`] bind, [`record_from_row`] and
//! [`event_from_row`] read back equal (times at the stored precision).

use std::time::SystemTime;

use sqlx::query::Query;
use sqlx::{ColumnIndex, Database, Decode, Encode, QueryBuilder, Row, Type};

use super::super::codec::{
    from_json, from_micros, hashes_from_bytes, hashes_to_bytes, status_from_name, status_name, to_json, to_micros,
    unsigned,
};
use super::super::{
    EventKind, GameRecord, Labels, RecordHead, SavedConfig, SeatPresence, Snapshot, StoreError, StoredEvent, TokenHash,
};
use super::backend;

/// A value a statement binds, in one of the schema's column types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// An integer column.
    Int(i64),
    /// A text column.
    Text(String),
    /// A text column that may be NULL.
    OptionalText(Option<String>),
    /// An integer column that may be NULL.
    OptionalInt(Option<i64>),
    /// A byte-string column.
    Bytes(Vec<u8>),
    /// A boolean column.
    Bool(bool),
}

impl From<i64> for Value {
    fn from(value: i64) -> Value {
        Value::Int(value)
    }
}

impl From<&str> for Value {
    fn from(value: &str) -> Value {
        Value::Text(value.to_owned())
    }
}

impl From<String> for Value {
    fn from(value: String) -> Value {
        Value::Text(value)
    }
}

impl From<Option<String>> for Value {
    fn from(value: Option<String>) -> Value {
        Value::OptionalText(value)
    }
}

impl From<Option<i64>> for Value {
    fn from(value: Option<i64>) -> Value {
        Value::OptionalInt(value)
    }
}

impl From<Vec<u8>> for Value {
    fn from(value: Vec<u8>) -> Value {
        Value::Bytes(value)
    }
}

impl From<bool> for Value {
    fn from(value: bool) -> Value {
        Value::Bool(value)
    }
}

/// A seq or count as the schema's integer. Seqs never come near `i64::MAX`; a larger
/// value is clamped, so that it still compares above every stored one.
pub fn signed(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

/// A database that binds every [`Value`].
pub trait Binds: Database {
    /// `query` with `value` bound after the values bound already.
    fn bind(query: Query<'_, Self, Self::Arguments>, value: Value) -> Query<'_, Self, Self::Arguments>;
    /// Appends `value` to `query` as its next placeholder.
    fn push(query: &mut QueryBuilder<Self>, value: Value);
}

impl<DB: Database> Binds for DB
where
    for<'t> i64: Encode<'t, DB> + Type<DB>,
    for<'t> String: Encode<'t, DB> + Type<DB>,
    for<'t> Option<String>: Encode<'t, DB> + Type<DB>,
    for<'t> Option<i64>: Encode<'t, DB> + Type<DB>,
    for<'t> Vec<u8>: Encode<'t, DB> + Type<DB>,
    for<'t> bool: Encode<'t, DB> + Type<DB>,
{
    fn bind(query: Query<'_, DB, DB::Arguments>, value: Value) -> Query<'_, DB, DB::Arguments> {
        match value {
            Value::Int(value) => query.bind(value),
            Value::Text(value) => query.bind(value),
            Value::OptionalText(value) => query.bind(value),
            Value::OptionalInt(value) => query.bind(value),
            Value::Bytes(value) => query.bind(value),
            Value::Bool(value) => query.bind(value),
        }
    }

    fn push(query: &mut QueryBuilder<DB>, value: Value) {
        match value {
            Value::Int(value) => query.push_bind(value),
            Value::Text(value) => query.push_bind(value),
            Value::OptionalText(value) => query.push_bind(value),
            Value::OptionalInt(value) => query.push_bind(value),
            Value::Bytes(value) => query.push_bind(value),
            Value::Bool(value) => query.push_bind(value),
        };
    }
}

/// A row whose columns read as the schema's types, by column name. A column that is
/// missing or of another type is a [`StoreError::Backend`].
pub trait Columns: Row {
    /// An integer column.
    fn int(&self, column: &str) -> Result<i64, StoreError>;
    /// A text column.
    fn text(&self, column: &str) -> Result<String, StoreError>;
    /// A text column that may be NULL.
    fn optional_text(&self, column: &str) -> Result<Option<String>, StoreError>;
    /// An integer column that may be NULL.
    fn optional_int(&self, column: &str) -> Result<Option<i64>, StoreError>;
    /// A byte-string column.
    fn bytes(&self, column: &str) -> Result<Vec<u8>, StoreError>;
    /// A boolean column.
    fn boolean(&self, column: &str) -> Result<bool, StoreError>;
}

impl<R: Row> Columns for R
where
    for<'c> &'c str: ColumnIndex<R>,
    for<'r> i64: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> String: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> Option<i64>: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> Vec<u8>: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> bool: Decode<'r, R::Database> + Type<R::Database>,
{
    fn int(&self, column: &str) -> Result<i64, StoreError> {
        self.try_get(column).map_err(backend)
    }

    fn text(&self, column: &str) -> Result<String, StoreError> {
        self.try_get(column).map_err(backend)
    }

    fn optional_text(&self, column: &str) -> Result<Option<String>, StoreError> {
        self.try_get(column).map_err(backend)
    }

    fn optional_int(&self, column: &str) -> Result<Option<i64>, StoreError> {
        self.try_get(column).map_err(backend)
    }

    fn bytes(&self, column: &str) -> Result<Vec<u8>, StoreError> {
        self.try_get(column).map_err(backend)
    }

    fn boolean(&self, column: &str) -> Result<bool, StoreError> {
        self.try_get(column).map_err(backend)
    }
}

/// What [`Statements::insert_record`](super::statements::Statements::insert_record) binds
/// for `record`: its columns in order, then its kind (kept for listing by kind) and whether
/// it waits to be rated.
pub fn record_values(record: &GameRecord) -> [Value; 30] {
    [
        record.id.as_str().into(),
        to_json(&record.config).into(),
        hashes_to_bytes(&record.seat_token_hashes).into(),
        to_micros(record.created).into(),
        to_micros(record.updated).into(),
        signed(record.seq).into(),
        status_name(record.status).into(),
        record.outcome.as_ref().map(to_json).into(),
        i64::from(record.move_count).into(),
        record.private.into(),
        record.owner.clone().into(),
        (!record.bots.is_empty()).then(|| to_json(&record.bots)).into(),
        record.allow_hints.into(),
        record.clock.as_ref().map(to_json).into(),
        record.deadline.map(to_micros).into(),
        (!record.players.is_empty()).then(|| to_json(&record.players)).into(),
        record.series.as_ref().map(to_json).into(),
        reissued_value(&record.seats_reissued),
        labels_value(&record.labels),
        record.rematch_of.clone().into(),
        record.rematch.clone().into(),
        record.start_at.map(to_micros).into(),
        presence_value(record.presence.as_slice()),
        record.spectator_delay.as_ref().map(to_json).into(),
        record.owner_moves.into(),
        record.rating.as_ref().map(to_json).into(),
        record.tournament.as_ref().map(to_json).into(),
        record.faulted.into(),
        record.kind().name().into(),
        record.rating.as_ref().is_some_and(|rating| !rating.done).into(),
    ]
}

/// The `presence` column of a game whose seats' presence is `presence`: JSON, or NULL
/// before any was announced.
pub fn presence_value(presence: &[SeatPresence]) -> Value {
    (!presence.is_empty()).then(|| to_json(&presence)).into()
}

/// The `seats_reissued` column of seats reissued at `times`: JSON microseconds per seat, or
/// NULL when no seat was.
pub fn reissued_value(times: &[Option<SystemTime>]) -> Value {
    let micros: Vec<Option<i64>> = times.iter().map(|time| time.map(to_micros)).collect();
    micros.iter().any(Option::is_some).then(|| to_json(&micros)).into()
}

/// The `labels` column of a game labelled `labels`: a JSON object, or NULL without labels.
pub fn labels_value(labels: &Labels) -> Value {
    (!labels.is_empty()).then(|| to_json(labels)).into()
}

/// The labels of a row's `labels` column.
pub fn labels_from_row(row: &impl Columns) -> Result<Labels, StoreError> {
    Ok(row.optional_text("labels")?.map(|text| from_json(&text, "labels")).transpose()?.unwrap_or_default())
}

/// The reissue times of a row's `seats_reissued` column.
pub fn reissued_from_row(row: &impl Columns) -> Result<Vec<Option<SystemTime>>, StoreError> {
    let Some(text) = row.optional_text("seats_reissued")? else { return Ok(Vec::new()) };
    let micros: Vec<Option<i64>> = from_json(&text, "seat reissue times")?;
    Ok(micros.into_iter().map(|time| time.map(from_micros)).collect())
}

/// What inserting `event` into game `id`'s log binds: the game id, then the event's
/// columns in order.
pub fn event_values(id: &str, event: &StoredEvent) -> [Value; 6] {
    [
        id.into(),
        signed(event.seq).into(),
        to_micros(event.time).into(),
        to_json(&event.kind).into(),
        event.request_id.clone().into(),
        event.request_digest.clone().into(),
    ]
}

/// A record from a row of its columns.
pub fn record_from_row(row: &impl Columns) -> Result<GameRecord, StoreError> {
    Ok(GameRecord {
        id: row.text("id")?,
        config: from_json(&row.text("config")?, "configuration")?,
        seat_token_hashes: hashes_from_bytes(&row.bytes("seat_token_hashes")?)?,
        created: from_micros(row.int("created_us")?),
        updated: from_micros(row.int("updated_us")?),
        seq: unsigned(row.int("seq")?, "seq")?,
        status: status_from_name(&row.text("status")?)?,
        outcome: row.optional_text("outcome")?.map(|o| from_json(&o, "outcome")).transpose()?,
        move_count: unsigned(row.int("move_count")?, "move count")?,
        private: row.boolean("private")?,
        owner: row.optional_text("owner")?,
        bots: row.optional_text("bots")?.map(|b| from_json(&b, "bot seats")).transpose()?.unwrap_or_default(),
        allow_hints: row.boolean("allow_hints")?,
        clock: row.optional_text("clock")?.map(|c| from_json(&c, "time control")).transpose()?,
        deadline: row.optional_int("deadline_us")?.map(from_micros),
        players: row.optional_text("players")?.map(|p| from_json(&p, "players")).transpose()?.unwrap_or_default(),
        series: row.optional_text("series")?.map(|s| from_json(&s, "series link")).transpose()?,
        seats_reissued: reissued_from_row(row)?,
        labels: labels_from_row(row)?,
        rematch_of: row.optional_text("rematch_of")?,
        rematch: row.optional_text("rematch")?,
        start_at: row.optional_int("start_us")?.map(from_micros),
        presence: row.optional_text("presence")?.map(|p| from_json(&p, "presence")).transpose()?.unwrap_or_default(),
        spectator_delay: row.optional_text("spectator_delay")?.map(|d| from_json(&d, "spectator delay")).transpose()?,
        owner_moves: row.boolean("owner_moves")?,
        rating: row.optional_text("rating")?.map(|r| from_json(&r, "rating")).transpose()?,
        tournament: row.optional_text("tournament")?.map(|t| from_json(&t, "tournament link")).transpose()?,
        faulted: row.boolean("faulted")?,
    })
}

/// An event from a row of its columns.
pub fn event_from_row(row: &impl Columns) -> Result<StoredEvent, StoreError> {
    Ok(StoredEvent {
        seq: unsigned(row.int("seq")?, "seq")?,
        time: from_micros(row.int("time_us")?),
        kind: from_json::<EventKind>(&row.text("body")?, "event")?,
        request_id: row.optional_text("request_id")?,
        request_digest: row.optional_text("request_digest")?,
    })
}

/// What [`Statements::insert_saved`](super::statements::Statements::insert_saved) binds
/// for `saved`: its columns in order.
pub fn saved_values(saved: &SavedConfig) -> [Value; 7] {
    [
        saved.owner.as_str().into(),
        saved.name.as_str().into(),
        saved.description.as_str().into(),
        to_json(&saved.config).into(),
        saved.clock.as_ref().map(to_json).into(),
        to_micros(saved.created).into(),
        to_micros(saved.updated).into(),
    ]
}

/// A saved configuration from a row of its columns.
pub fn saved_from_row(row: &impl Columns) -> Result<SavedConfig, StoreError> {
    Ok(SavedConfig {
        owner: row.text("owner")?,
        name: row.text("name")?,
        description: row.text("description")?,
        config: from_json(&row.text("config")?, "configuration")?,
        clock: row.optional_text("clock")?.map(|c| from_json(&c, "time control")).transpose()?,
        created: from_micros(row.int("created_us")?),
        updated: from_micros(row.int("updated_us")?),
    })
}

/// A snapshot from a row of its `seq` and `state`.
pub fn snapshot_from_row(row: &impl Columns) -> Result<Snapshot, StoreError> {
    Ok(Snapshot { seq: unsigned(row.int("seq")?, "seq")?, state: row.bytes("state")? })
}

/// A record's head from a row of its `seq`, `seat_token_hashes`, `seats_reissued`,
/// `labels`, `rematch`, `rating` and `faulted`.
pub fn head_from_row(row: &impl Columns) -> Result<RecordHead, StoreError> {
    Ok(RecordHead {
        seq: unsigned(row.int("seq")?, "seq")?,
        seat_token_hashes: hashes_from_row(row)?,
        seats_reissued: reissued_from_row(row)?,
        labels: labels_from_row(row)?,
        rematch: row.optional_text("rematch")?,
        rating: row.optional_text("rating")?.map(|r| from_json(&r, "rating")).transpose()?,
        faulted: row.boolean("faulted")?,
    })
}

/// The seat token hashes of a row's `seat_token_hashes`.
pub fn hashes_from_row(row: &impl Columns) -> Result<Vec<TokenHash>, StoreError> {
    hashes_from_bytes(&row.bytes("seat_token_hashes")?)
}

/// `sql` with `values` bound in order.
pub fn query<D: Binds>(sql: &'static str, values: impl IntoIterator<Item = Value>) -> Query<'static, D, D::Arguments> {
    values.into_iter().fold(sqlx::query(sql), D::bind)
}
