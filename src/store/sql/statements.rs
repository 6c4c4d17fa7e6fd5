//! The statements the SQL stores run, written once. [`statements!`] writes them for one
//! database from its placeholder style (`?` for SQLite, `$1`, `$2`, … for PostgreSQL) and
//! its row-lock clause; each statement is a `&'static str` made at compile time.
//!
//! Invariant: each statement's placeholders are numbered in the order its values are
//! bound, so that the positional `?` and the numbered `$n` take the same values.

/// The columns of a record, in the order [`Statements::record`] and
/// [`Statements::insert_record`] name them.
macro_rules! record_columns {
    () => {
        "id, config, seat_token_hashes, created_us, updated_us, seq, status, outcome, move_count, private, owner, bots, allow_hints, \
         clock, deadline_us, players, series, seats_reissued, labels, rematch_of, rematch, start_us, presence, spectator_delay, owner_moves, \
         rating, tournament, faulted"
    };
}

/// The columns of an event, in the order the event statements name them.
macro_rules! event_columns {
    () => {
        "seq, time_us, body, request_id, request_digest"
    };
}

/// The columns of a saved configuration, in the order its statements name them.
macro_rules! saved_columns {
    () => {
        "owner, name, description, config, clock, created_us, updated_us"
    };
}

/// The columns of a player's rating, in the order its statements name them.
macro_rules! rating_columns {
    () => {
        "owner, pool, player, rating_micros, deviation_micros, volatility_nanos, games, wins, draws, losses, rated_us, \
         revision"
    };
}

/// SQLite's placeholder for value `n`: values bind in order.
macro_rules! sqlite_placeholder {
    ($n:literal) => {
        "?"
    };
}

/// PostgreSQL's placeholder for value `n`.
macro_rules! postgres_placeholder {
    ($n:literal) => {
        concat!("$", $n)
    };
}

/// `(p1, p2, …)` in the placeholders of the macro `$p`.
macro_rules! values {
    ($p:ident; $first:literal $(, $n:literal)*) => {
        concat!("(", $p!($first) $(, ", ", $p!($n))*, ")")
    };
}

/// Every statement, with placeholders written by the macro `$p` and `$lock` appended to
/// the read that precedes an update in the same transaction.
macro_rules! statements {
    ($p:ident, lock = $lock:literal, lock_games = $lock_games:expr) => {
        Statements {
            record: concat!("SELECT ", record_columns!(), " FROM games WHERE id = ", $p!(1)),
            list: concat!("SELECT ", record_columns!(), " FROM games WHERE 1 = 1"),
            seq: concat!("SELECT seq FROM games WHERE id = ", $p!(1)),
            head: concat!(
                "SELECT seq, seat_token_hashes, seats_reissued, labels, rematch, rating, faulted FROM games WHERE id = ",
                $p!(1)
            ),
            seat_token_hashes: concat!(
                "SELECT seat_token_hashes, seats_reissued FROM games WHERE id = ", $p!(1), $lock
            ),
            set_seat_token_hashes: concat!(
                "UPDATE games SET seat_token_hashes = ", $p!(1), ", seats_reissued = ", $p!(2), " WHERE id = ", $p!(3)
            ),
            lock_games: $lock_games,
            in_progress_by_kind: "SELECT kind, COUNT(*) AS n FROM games WHERE status = 'in_progress' GROUP BY kind ORDER BY kind",
            count_in_progress: concat!(
                "SELECT COUNT(*) AS n FROM games WHERE owner = ", $p!(1), " AND status = 'in_progress'"
            ),
            insert_record: concat!(
                "INSERT INTO games (", record_columns!(), ", kind, rating_due) VALUES ",
                values!($p; 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30)
            ),
            advance: concat!(
                "UPDATE games SET seq = ", $p!(1), ", status = ", $p!(2), ", outcome = ", $p!(3),
                ", move_count = ", $p!(4), ", updated_us = ", $p!(5), ", deadline_us = ", $p!(6),
                ", presence = COALESCE(", $p!(7), ", presence) WHERE id = ", $p!(8), " AND seq = ", $p!(9),
                " AND seat_token_hashes = ", $p!(10), " AND faulted = ", $p!(11)
            ),
            mark_faulted: concat!("UPDATE games SET faulted = TRUE, deadline_us = NULL WHERE id = ", $p!(1)),
            hold_lease: concat!(
                "INSERT INTO seat_leases (game_id, seat, holder, streaming, expires_us) VALUES ",
                values!($p; 1, 2, 3, 4, 5),
                " ON CONFLICT (game_id, seat, holder) DO UPDATE SET streaming = excluded.streaming, \
                 expires_us = excluded.expires_us"
            ),
            touch_lease: concat!(
                "INSERT INTO seat_leases (game_id, seat, holder, streaming, expires_us) VALUES ",
                values!($p; 1, 2, 3, 4, 5),
                " ON CONFLICT (game_id, seat, holder) DO UPDATE SET expires_us = CASE \
                 WHEN excluded.expires_us > seat_leases.expires_us THEN excluded.expires_us \
                 ELSE seat_leases.expires_us END"
            ),
            renew_leases: concat!(
                "UPDATE seat_leases SET expires_us = ", $p!(1), " WHERE holder = ", $p!(2),
                " AND streaming = 1 AND expires_us < ", $p!(3)
            ),
            lease_until: concat!(
                "SELECT MAX(expires_us) AS until_us FROM seat_leases WHERE game_id = ", $p!(1), " AND seat = ", $p!(2)
            ),
            lapsed_leases: concat!(
                "SELECT game_id, seat FROM seat_leases GROUP BY game_id, seat HAVING MAX(expires_us) <= ", $p!(1),
                " LIMIT ", $p!(2)
            ),
            forget_leases: concat!(
                "DELETE FROM seat_leases WHERE game_id = ", $p!(1), " AND seat = ", $p!(2), " AND expires_us <= ",
                $p!(3)
            ),
            delete_leases: concat!("DELETE FROM seat_leases WHERE game_id = ", $p!(1)),
            deadlines: concat!(
                "SELECT id, deadline_us FROM games WHERE deadline_us IS NOT NULL AND deadline_us < ", $p!(1),
                " ORDER BY deadline_us LIMIT ", $p!(2)
            ),
            archive: concat!(
                "UPDATE games SET status = 'archived' WHERE id = ", $p!(1), " AND status IN ('finished', 'archived')"
            ),
            delete: concat!("DELETE FROM games WHERE id = ", $p!(1)),
            link_rematch: concat!(
                "UPDATE games SET rematch = ", $p!(1), " WHERE id = ", $p!(2),
                " AND rematch IS NULL AND status IN ('finished', 'archived')"
            ),
            rematch_state: concat!("SELECT status, rematch FROM games WHERE id = ", $p!(1), $lock),
            insert_events: concat!("INSERT INTO events (game_id, ", event_columns!(), ") VALUES "),
            insert_event: concat!(
                "INSERT INTO events (game_id, ", event_columns!(), ") VALUES ", values!($p; 1, 2, 3, 4, 5, 6)
            ),
            events_after: concat!(
                "SELECT ", event_columns!(), " FROM events WHERE game_id = ", $p!(1), " AND seq > ", $p!(2),
                " ORDER BY seq LIMIT ", $p!(3)
            ),
            events_before: concat!(
                "SELECT ", event_columns!(), " FROM events WHERE game_id = ", $p!(1), " AND seq < ", $p!(2),
                " ORDER BY seq DESC LIMIT ", $p!(3)
            ),
            events_of_request: concat!(
                "SELECT ", event_columns!(), " FROM events WHERE game_id = ", $p!(1), " AND request_id = ", $p!(2),
                " ORDER BY seq"
            ),
            game_of_creation: concat!("SELECT game_id FROM events WHERE seq = 1 AND request_id = ", $p!(1)),
            snapshot: concat!(
                "SELECT seq, state FROM snapshots WHERE game_id = ", $p!(1), " ORDER BY seq DESC LIMIT 1"
            ),
            snapshot_at_or_before: concat!(
                "SELECT seq, state FROM snapshots WHERE game_id = ", $p!(1), " AND seq <= ", $p!(2),
                " ORDER BY seq DESC LIMIT 1"
            ),
            newest_snapshot_seq: concat!(
                "SELECT MAX(seq) AS seq FROM snapshots WHERE game_id = ", $p!(1)
            ),
            thin_snapshots: concat!(
                "DELETE FROM snapshots WHERE game_id = ", $p!(1), " AND seq < ", $p!(2), " AND (seq / ", $p!(3),
                ") % ", $p!(4), " <> 0"
            ),
            save_snapshot: concat!(
                "INSERT INTO snapshots (game_id, seq, state) VALUES ", values!($p; 1, 2, 3),
                " ON CONFLICT (game_id, seq) DO NOTHING"
            ),
            saved: concat!(
                "SELECT ", saved_columns!(), " FROM saved_configs WHERE owner = ", $p!(1), " AND name = ", $p!(2), $lock
            ),
            list_saved: concat!(
                "SELECT ", saved_columns!(), " FROM saved_configs WHERE owner = ", $p!(1), " AND name > ", $p!(2),
                " ORDER BY name LIMIT ", $p!(3)
            ),
            count_saved: concat!("SELECT COUNT(*) AS n FROM saved_configs WHERE owner = ", $p!(1)),
            insert_saved: concat!(
                "INSERT INTO saved_configs (", saved_columns!(), ") VALUES ", values!($p; 1, 2, 3, 4, 5, 6, 7)
            ),
            replace_saved: concat!(
                "UPDATE saved_configs SET description = ", $p!(1), ", config = ", $p!(2), ", clock = ", $p!(3),
                ", updated_us = ", $p!(4), " WHERE owner = ", $p!(5), " AND name = ", $p!(6)
            ),
            delete_saved: concat!("DELETE FROM saved_configs WHERE owner = ", $p!(1), " AND name = ", $p!(2)),
            insert_player: concat!(
                "INSERT INTO game_players (player_id, game_id) VALUES ", values!($p; 1, 2), " ON CONFLICT DO NOTHING"
            ),
            games_of_player: " AND id IN (SELECT game_id FROM game_players WHERE player_id = ",
            set_labels: concat!("UPDATE games SET labels = ", $p!(1), " WHERE id = ", $p!(2)),
            delete_game_labels: concat!("DELETE FROM game_labels WHERE game_id = ", $p!(1)),
            insert_game_label: concat!("INSERT INTO game_labels (game_id, key, value) VALUES ", values!($p; 1, 2, 3)),
            games_with_label: " AND id IN (SELECT game_id FROM game_labels WHERE key = ",
            delete_series_labels: concat!("DELETE FROM series_labels WHERE series_id = ", $p!(1)),
            insert_series_label: concat!(
                "INSERT INTO series_labels (series_id, key, value) VALUES ", values!($p; 1, 2, 3)
            ),
            series_with_label: " AND id IN (SELECT series_id FROM series_labels WHERE key = ",
            insert_series: concat!(
                "INSERT INTO series (id, body, status, revision, request_key) VALUES ", values!($p; 1, 2, 3, 4, 5)
            ),
            series: concat!("SELECT body FROM series WHERE id = ", $p!(1)),
            series_of_request: concat!("SELECT id FROM series WHERE request_key = ", $p!(1)),
            update_series: concat!(
                "UPDATE series SET body = ", $p!(1), ", status = ", $p!(2), ", revision = ", $p!(3), " WHERE id = ",
                $p!(4), " AND revision = ", $p!(5)
            ),
            revision_of_series: concat!("SELECT revision FROM series WHERE id = ", $p!(1)),
            list_series: "SELECT body FROM series WHERE 1 = 1",
            take_owner_cursors: concat!(
                "INSERT INTO owner_logs (owner, cursor) VALUES ", values!($p; 1, 2),
                " ON CONFLICT (owner) DO UPDATE SET cursor = owner_logs.cursor + excluded.cursor RETURNING cursor"
            ),
            insert_owner_events: "INSERT INTO owner_events (owner, cursor, kind, game_id, seq) VALUES ",
            owner_events_after: concat!(
                "SELECT o.cursor AS cursor, o.kind AS kind, o.game_id AS game_id, e.seq AS seq, e.time_us AS time_us, ",
                "e.body AS body, e.request_id AS request_id, e.request_digest AS request_digest, g.labels AS labels ",
                "FROM owner_events o JOIN events e ON e.game_id = o.game_id AND e.seq = o.seq ",
                "JOIN games g ON g.id = o.game_id WHERE o.owner = ", $p!(1), " AND o.cursor > ", $p!(2),
                " ORDER BY o.cursor LIMIT ", $p!(3)
            ),
            owner_newest: concat!("SELECT cursor FROM owner_logs WHERE owner = ", $p!(1)),
            ratings: concat!("SELECT ", rating_columns!(), " FROM ratings"),
            ratings_of_player: concat!(
                "SELECT ", rating_columns!(), " FROM ratings WHERE owner = ", $p!(1), " AND player = ", $p!(2),
                " ORDER BY pool"
            ),
            insert_rating: concat!(
                "INSERT INTO ratings (", rating_columns!(), ") VALUES ",
                values!($p; 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
                " ON CONFLICT (owner, pool, player) DO NOTHING"
            ),
            update_rating: concat!(
                "UPDATE ratings SET rating_micros = ", $p!(1), ", deviation_micros = ", $p!(2),
                ", volatility_nanos = ", $p!(3), ", games = ", $p!(4), ", wins = ", $p!(5), ", draws = ", $p!(6),
                ", losses = ", $p!(7), ", rated_us = ", $p!(8), ", revision = ", $p!(9), " WHERE owner = ", $p!(10),
                " AND pool = ", $p!(11), " AND player = ", $p!(12), " AND revision = ", $p!(13)
            ),
            revision_of_rating: concat!(
                "SELECT revision FROM ratings WHERE owner = ", $p!(1), " AND pool = ", $p!(2), " AND player = ",
                $p!(3)
            ),
            rate_game: concat!(
                "UPDATE games SET rating = ", $p!(1), ", rating_due = FALSE WHERE id = ", $p!(2), " AND rating_due"
            ),
            delete_tournament_labels: concat!("DELETE FROM tournament_labels WHERE tournament_id = ", $p!(1)),
            insert_tournament_label: concat!(
                "INSERT INTO tournament_labels (tournament_id, key, value) VALUES ", values!($p; 1, 2, 3)
            ),
            tournaments_with_label: " AND id IN (SELECT tournament_id FROM tournament_labels WHERE key = ",
            insert_tournament: concat!(
                "INSERT INTO tournaments (id, body, status, revision, request_key) VALUES ", values!($p; 1, 2, 3, 4, 5)
            ),
            tournament: concat!("SELECT body FROM tournaments WHERE id = ", $p!(1)),
            tournament_of_request: concat!("SELECT id FROM tournaments WHERE request_key = ", $p!(1)),
            update_tournament: concat!(
                "UPDATE tournaments SET body = ", $p!(1), ", status = ", $p!(2), ", revision = ", $p!(3),
                " WHERE id = ", $p!(4), " AND revision = ", $p!(5)
            ),
            revision_of_tournament: concat!("SELECT revision FROM tournaments WHERE id = ", $p!(1)),
            list_tournaments: "SELECT body FROM tournaments WHERE 1 = 1",
            games_to_rate: concat!(
                "SELECT id FROM games WHERE rating_due AND status <> 'in_progress' ORDER BY id LIMIT ", $p!(1)
            ),
        }
    };
}

/// The statements of the SQL stores, in one database's SQL. Each names its values in
/// order; the shared code binds them in that order.
#[derive(Debug)]
pub struct Statements {
    /// Moves an owner's cursor on by a count, taking the owner's counter row until the
    /// transaction ends, and returns the new newest cursor: owner, count.
    pub take_owner_cursors: &'static str,
    /// The head of an insert of owner log entries; each row follows in parentheses: owner,
    /// cursor, kind code, game id, seq.
    pub insert_owner_events: &'static str,
    /// An owner's entries after a cursor with their events and games' labels, in order, up
    /// to a limit: owner, cursor, limit.
    pub owner_events_after: &'static str,
    /// An owner's newest cursor: owner.
    pub owner_newest: &'static str,
    /// A record's columns, by id.
    pub record: &'static str,
    /// Every record's columns; the listing appends its filters (`AND …`) and order.
    pub list: &'static str,
    /// A game's newest seq, by id.
    pub seq: &'static str,
    /// A game's newest seq and seat token hashes, by id.
    pub head: &'static str,
    /// A game's seat token hashes, by id, read to be replaced in the same transaction
    /// (locking the row where the database can).
    pub seat_token_hashes: &'static str,
    /// Replaces a game's seat token hashes and reissue times: hashes, times, id.
    pub set_seat_token_hashes: &'static str,
    /// Where the database locks rows: the head of a read that locks games' rows in the
    /// order of their ids, to be followed by the ids (`(id, id, …)`) and `ORDER BY id FOR
    /// UPDATE`; `None` for a database that locks itself whole.
    pub lock_games: Option<&'static str>,
    /// How many of an owner's games are in progress (as `n`): owner.
    pub count_in_progress: &'static str,
    /// How many games are in progress, by kind (as `kind`, `n`).
    pub in_progress_by_kind: &'static str,
    /// The head of an insert of many events; each row follows in parentheses: the game id,
    /// then the event's columns.
    pub insert_events: &'static str,
    /// Inserts a record: the record's columns in order, then its kind.
    pub insert_record: &'static str,
    /// Moves a record's summary on if its seq, seat token hashes and fault mark are still
    /// the expected ones: new seq, status, outcome, move count, update time, deadline,
    /// presence, id, expected seq, expected hashes, expected fault mark.
    pub advance: &'static str,
    /// Marks a game faulted and clears its deadline: id.
    pub mark_faulted: &'static str,
    /// Writes a process's lease on a seat, replacing its streaming flag and end: game id,
    /// seat, holder, streaming (0 or 1), end.
    pub hold_lease: &'static str,
    /// Writes a process's lease on a seat for a call: the end only grows, the streaming
    /// flag of a lease already there stays. Game id, seat, holder, streaming, end.
    pub touch_lease: &'static str,
    /// Extends a holder's streaming leases: end, holder, end.
    pub renew_leases: &'static str,
    /// The end of a seat's last lease (as `until_us`, NULL without one): game id, seat.
    pub lease_until: &'static str,
    /// Seats whose leases all ran out (as `game_id`, `seat`): now, limit.
    pub lapsed_leases: &'static str,
    /// Removes a seat's leases that ran out: game id, seat, now.
    pub forget_leases: &'static str,
    /// Removes a game's leases: game id.
    pub delete_leases: &'static str,
    /// The games whose next deadline comes before a time, soonest first, up to a limit (as
    /// `id`, `deadline_us`): time, limit.
    pub deadlines: &'static str,
    /// Archives a finished game: id.
    pub archive: &'static str,
    /// Deletes a game, its log and its snapshot (by cascade): id.
    pub delete: &'static str,
    /// Links a finished game without a rematch to its rematch: the rematch's id, the game's.
    pub link_rematch: &'static str,
    /// A game's status and rematch, to say why it was not linked: id.
    pub rematch_state: &'static str,
    /// Inserts an event: game id, then the event's columns in order.
    pub insert_event: &'static str,
    /// A game's events after a seq, in order, up to a limit: game id, seq, limit.
    pub events_after: &'static str,
    /// A game's events before a seq, newest first, up to a limit: game id, seq, limit.
    pub events_before: &'static str,
    /// A game's events that a request appended, in order: game id, request id.
    pub events_of_request: &'static str,
    /// The game whose creation event carries a request id (as `game_id`): request id.
    pub game_of_creation: &'static str,
    /// A game's newest snapshot: game id.
    pub snapshot: &'static str,
    /// A game's newest snapshot at or before a seq: game id, seq.
    pub snapshot_at_or_before: &'static str,
    /// The seq of a game's newest snapshot (as `seq`, NULL without one): game id.
    pub newest_snapshot_seq: &'static str,
    /// Drops a game's snapshots before a seq but the checkpoints: game id, seq, the
    /// snapshot interval, the checkpoint interval.
    pub thin_snapshots: &'static str,
    /// Keeps a snapshot: game id, seq, state.
    pub save_snapshot: &'static str,
    /// A saved configuration's columns, read to be replaced in the same transaction where
    /// it is: owner, name.
    pub saved: &'static str,
    /// An owner's saved configurations by name after a name, up to a limit: owner, name,
    /// limit.
    pub list_saved: &'static str,
    /// How many configurations an owner saved (as `n`): owner.
    pub count_saved: &'static str,
    /// Inserts a saved configuration: its columns in order.
    pub insert_saved: &'static str,
    /// Replaces a saved configuration: description, config, clock, update time, owner, name.
    pub replace_saved: &'static str,
    /// Deletes a saved configuration: owner, name.
    pub delete_saved: &'static str,
    /// Records that a player sits in a game: player id, game id.
    pub insert_player: &'static str,
    /// The listing's filter to one player's games, to be followed by the player id and `)`.
    pub games_of_player: &'static str,
    /// Sets a game's `labels` column: the labels, the id.
    pub set_labels: &'static str,
    /// Deletes a game's label index rows: the id.
    pub delete_game_labels: &'static str,
    /// One label index row of a game: the id, the key, the value.
    pub insert_game_label: &'static str,
    /// The start of a list condition on one label, followed by the key, ` AND value = `,
    /// the value and `)`.
    pub games_with_label: &'static str,
    /// Deletes a series' label index rows: the id.
    pub delete_series_labels: &'static str,
    /// One label index row of a series: the id, the key, the value.
    pub insert_series_label: &'static str,
    /// [`Statements::games_with_label`] for series.
    pub series_with_label: &'static str,
    /// Inserts a series: id, body, status, revision, request key.
    pub insert_series: &'static str,
    /// A series' body, by id.
    pub series: &'static str,
    /// The id of the series created with a request key.
    pub series_of_request: &'static str,
    /// Replaces a series' body if its revision is still the expected one: body, status, new
    /// revision, id, expected revision.
    pub update_series: &'static str,
    /// A series' revision, by id.
    pub revision_of_series: &'static str,
    /// Every series' body; the listing appends its filters (`AND …`) and order.
    pub list_series: &'static str,
    /// Every rating's columns; a read appends its conditions (` WHERE …`), order and limit.
    pub ratings: &'static str,
    /// A player's ratings in every pool of an owner's, by pool: owner, player.
    pub ratings_of_player: &'static str,
    /// A player's first rating, unless one is there: its columns in order.
    pub insert_rating: &'static str,
    /// Replaces a player's rating if its revision is still the expected one: rating,
    /// deviation, volatility, games, wins, draws, losses, rating time, new revision, owner,
    /// pool, player, expected revision.
    pub update_rating: &'static str,
    /// A player's rating's revision: owner, pool, player.
    pub revision_of_rating: &'static str,
    /// Deletes a tournament's label index rows: the id.
    pub delete_tournament_labels: &'static str,
    /// One label index row of a tournament: the id, the key, the value.
    pub insert_tournament_label: &'static str,
    /// [`Statements::games_with_label`] for tournaments.
    pub tournaments_with_label: &'static str,
    /// Inserts a tournament: id, body, status, revision, request key.
    pub insert_tournament: &'static str,
    /// A tournament's body, by id.
    pub tournament: &'static str,
    /// The id of the tournament created with a request key.
    pub tournament_of_request: &'static str,
    /// Replaces a tournament's body if its revision is still the expected one: body,
    /// status, new revision, id, expected revision.
    pub update_tournament: &'static str,
    /// A tournament's revision, by id.
    pub revision_of_tournament: &'static str,
    /// Every tournament's body; the listing appends its filters (`AND …`) and order.
    pub list_tournaments: &'static str,
    /// Marks a game waiting to be rated as rated: its rating, id.
    pub rate_game: &'static str,
    /// Games that ended and wait to be rated, oldest first (as `id`): limit.
    pub games_to_rate: &'static str,
}

/// SQLite's statements. SQLite locks the whole database for a writing transaction, so it
/// needs no row lock.
pub const SQLITE: Statements = statements!(sqlite_placeholder, lock = "", lock_games = None);

/// PostgreSQL's statements.
pub const POSTGRES: Statements =
    statements!(postgres_placeholder, lock = " FOR UPDATE", lock_games = Some("SELECT id FROM games WHERE id IN ("));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_databases_differ_only_in_placeholders_and_the_row_lock() {
        let events = "SELECT seq, time_us, body, request_id, request_digest FROM events WHERE game_id = ";
        assert_eq!(SQLITE.events_after, format!("{events}? AND seq > ? ORDER BY seq LIMIT ?"));
        assert_eq!(POSTGRES.events_after, format!("{events}$1 AND seq > $2 ORDER BY seq LIMIT $3"));
        assert_eq!(SQLITE.seat_token_hashes, "SELECT seat_token_hashes, seats_reissued FROM games WHERE id = ?");
        assert_eq!(
            POSTGRES.seat_token_hashes,
            "SELECT seat_token_hashes, seats_reissued FROM games WHERE id = $1 FOR UPDATE"
        );
        assert!(SQLITE.insert_record.ends_with(
            ", kind, rating_due) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        ));
        assert!(POSTGRES.insert_record.ends_with(
            ", kind, rating_due) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30)"
        ));
        assert_eq!(
            POSTGRES.thin_snapshots,
            "DELETE FROM snapshots WHERE game_id = $1 AND seq < $2 AND (seq / $3) % $4 <> 0"
        );
        assert_eq!((SQLITE.lock_games, POSTGRES.lock_games.is_some()), (None, true));
    }
}
