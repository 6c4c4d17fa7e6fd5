use std::collections::BTreeMap;
use std::sync::Mutex;

use async_trait::async_trait;

use super::{
    ExpectedHead, GameRecord, GameStatus, Labels, LeaderboardCursor, ListFilter, LoadedGame, NewRecord, OwnerEntry,
    OwnerEventKind, OwnerLogPage, OwnerNote, PlayerRating, PresenceLease, RatedGame, RecordHead, RecordUpdate,
    SaveMode, SavedConfig, SeriesRecord, SeriesStatus, Snapshot, Store, StoreError, StoredEvent, TokenHash,
    TournamentRecord, TournamentStatus, beyond_cap, carries, creation_note, in_progress_cap, is_checkpoint,
    mark_reissued,
};

/// Games kept in process memory: nothing survives a restart. For tests and throw-away
/// servers.
#[derive(Debug, Default)]
pub struct MemoryStore {
    /// By id; ids sort by creation time, so iterating backwards lists newest first.
    games: Mutex<BTreeMap<String, StoredGame>>,
    /// By owner, then name.
    saved: Mutex<BTreeMap<(String, String), SavedConfig>>,
    /// By id, with the request key each was created with.
    series: Mutex<BTreeMap<String, (SeriesRecord, Option<String>)>>,
    /// Whether it says other processes write it ([`MemoryStore::as_if_shared`]).
    shared: bool,
    /// How many times a game's head was read.
    heads_read: std::sync::atomic::AtomicUsize,
    /// Each owner's log: entry n (cursor n + 1) is what the event at a seq of a game says.
    /// Written only under the games' lock, so entries are in the order of their events.
    owner_logs: Mutex<BTreeMap<String, Vec<LoggedEntry>>>,
    /// Leases on seats ([`Leases`]).
    leases: Mutex<Leases>,
    /// By id, with the request key each was created with.
    tournaments: Mutex<BTreeMap<String, (TournamentRecord, Option<String>)>>,
    /// Players' ratings, by owner, pool and player.
    ratings: Mutex<BTreeMap<(String, String, String), PlayerRating>>,
}

/// An entry of an owner's log in memory: what it says, and the game and seq of its event.
type LoggedEntry = (OwnerEventKind, String, u64);

/// Leases on seats, by game, seat and holder: whether the holder streams, and the end.
type Leases = BTreeMap<(String, usize, String), (bool, std::time::SystemTime)>;

#[derive(Clone, Debug)]
struct StoredGame {
    record: GameRecord,
    log: Vec<StoredEvent>,
    /// By seq: the newest, and the checkpoints before it.
    snapshots: BTreeMap<u64, Vec<u8>>,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    /// An empty store that says other processes write it too, with no feed of their
    /// changes: several play layers over it behave as replicas over one database whose
    /// notifications are slow, each learning of the others' changes only from the store.
    /// For tests of replicas' copies of a game.
    pub fn as_if_shared() -> MemoryStore {
        MemoryStore { shared: true, ..MemoryStore::default() }
    }

    /// How many times a game's head ([`Store::head`]) was read: for tests of what reads it.
    pub fn heads_read(&self) -> usize {
        self.heads_read.load(std::sync::atomic::Ordering::Relaxed)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, StoredGame>> {
        // A panic while holding the lock cannot leave a half-written game: every
        // mutation below is a single insert or push after all checks.
        self.games.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn lock_saved(&self) -> std::sync::MutexGuard<'_, BTreeMap<(String, String), SavedConfig>> {
        // Every mutation of a saved configuration is a single insert or removal after all checks.
        self.saved.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn lock_tournaments(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, (TournamentRecord, Option<String>)>> {
        // Every mutation of a tournament is a single insert after all checks.
        self.tournaments.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn lock_ratings(&self) -> std::sync::MutexGuard<'_, BTreeMap<(String, String, String), PlayerRating>> {
        // Ratings are written by inserts after all checks.
        self.ratings.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn lock_series(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, (SeriesRecord, Option<String>)>> {
        // Every mutation of a series is a single insert after all checks.
        self.series.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// How many of `owner`'s games in `games` are in progress.
    fn in_progress(games: &BTreeMap<String, StoredGame>, owner: &str) -> u64 {
        games
            .values()
            .filter(|g| g.record.owner.as_deref() == Some(owner) && g.record.status == GameStatus::InProgress)
            .count() as u64
    }

    /// The id of the game in `games` whose creation event carries `request_id`.
    fn creation(games: &BTreeMap<String, StoredGame>, request_id: &str) -> Option<String> {
        games
            .values()
            .find(|g| g.log.first().and_then(|created| created.request_id.as_deref()) == Some(request_id))
            .map(|g| g.record.id.clone())
    }

    /// Adds `notes` of game `id` to their owners' logs; called under the games' lock.
    fn note<'a>(&self, id: &str, notes: impl IntoIterator<Item = &'a OwnerNote>) {
        let mut logs = self.owner_logs.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        for note in notes {
            logs.entry(note.owner.clone()).or_default().push((note.kind, id.to_owned(), note.seq));
        }
    }

    fn lock_leases(&self) -> std::sync::MutexGuard<'_, Leases> {
        // Every mutation of a lease is a single insert, update or removal.
        self.leases.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn with_game<T>(
        &self,
        id: &str,
        f: impl FnOnce(&mut StoredGame) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut games = self.lock();
        let game = games.get_mut(id).ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
        f(game)
    }
}

#[async_trait]
impl Store for MemoryStore {
    async fn create_many(&self, new: Vec<NewRecord>, max_in_progress: Option<u64>) -> Result<(), StoreError> {
        // Counting under the same lock as the insert is what makes the cap hold; every check
        // comes before the first insert, so a refusal stores nothing.
        let mut games = self.lock();
        if let Some((owner, limit)) = new.first().and_then(|(record, _)| in_progress_cap(record, max_in_progress)) {
            beyond_cap(owner, MemoryStore::in_progress(&games, owner), new.len(), limit)?;
        }
        let mut ids = std::collections::HashSet::new();
        let mut requests = std::collections::HashSet::new();
        for (record, log) in &new {
            if games.contains_key(&record.id) || !ids.insert(&record.id) {
                return Err(StoreError::AlreadyExists(record.id.clone()));
            }
            if let Some(request_id) = log.first().and_then(|created| created.request_id.as_deref())
                && (MemoryStore::creation(&games, request_id).is_some() || !requests.insert(request_id))
            {
                return Err(StoreError::CreationRequestTaken);
            }
        }
        for (record, log) in new {
            self.note(&record.id, [&creation_note(&record)]);
            games.insert(record.id.clone(), StoredGame { record, log, snapshots: BTreeMap::new() });
        }
        Ok(())
    }

    async fn create_rematch(
        &self,
        of: &str,
        record: GameRecord,
        log: Vec<StoredEvent>,
        max_in_progress: Option<u64>,
    ) -> Result<(), StoreError> {
        let mut games = self.lock();
        if let Some((owner, limit)) = in_progress_cap(&record, max_in_progress) {
            beyond_cap(owner, MemoryStore::in_progress(&games, owner), 1, limit)?;
        }
        let earlier = games.get(of).ok_or_else(|| StoreError::NotFound(of.to_owned()))?;
        if let Some(rematch) = &earlier.record.rematch {
            return Err(StoreError::RematchExists { of: of.to_owned(), rematch: rematch.clone() });
        }
        if earlier.record.status == GameStatus::InProgress {
            return Err(StoreError::NotFinished(of.to_owned()));
        }
        if games.contains_key(&record.id) {
            return Err(StoreError::AlreadyExists(record.id));
        }
        if let Some(request_id) = log.first().and_then(|created| created.request_id.as_deref())
            && MemoryStore::creation(&games, request_id).is_some()
        {
            return Err(StoreError::CreationRequestTaken);
        }
        if let Some(earlier) = games.get_mut(of) {
            earlier.record.rematch = Some(record.id.clone());
        }
        self.note(&record.id, [&creation_note(&record)]);
        games.insert(record.id.clone(), StoredGame { record, log, snapshots: BTreeMap::new() });
        Ok(())
    }

    async fn load(&self, id: &str) -> Result<(GameRecord, Vec<StoredEvent>), StoreError> {
        self.with_game(id, |game| Ok((game.record.clone(), game.log.clone())))
    }

    async fn append(
        &self,
        id: &str,
        expected: ExpectedHead,
        events: Vec<StoredEvent>,
        update: RecordUpdate,
    ) -> Result<(), StoreError> {
        let expected_seq = expected.seq;
        let mut games = self.lock();
        let game = games.get_mut(id).ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
        {
            let record = &mut game.record;
            if record.seq != expected_seq
                || record.seat_token_hashes != expected.seat_token_hashes
                || record.faulted != expected.faulted
            {
                return Err(StoreError::Conflict { expected: expected_seq, current: record.seq });
            }
            for (offset, event) in events.iter().enumerate() {
                debug_assert_eq!(event.seq, expected_seq + 1 + offset as u64, "events must continue the log");
            }
            record.seq += events.len() as u64;
            record.status = update.status;
            record.outcome = update.outcome;
            record.move_count = update.move_count;
            record.updated = update.updated;
            record.deadline = update.deadline;
            if let Some(presence) = update.presence {
                record.presence = presence;
            }
            game.log.extend(events);
            self.note(id, &update.notes);
            Ok(())
        }
    }

    async fn owner_events_after(&self, owner: &str, after: u64, limit: usize) -> Result<OwnerLogPage, StoreError> {
        let games = self.lock();
        let logs = self.owner_logs.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let Some(log) = logs.get(owner) else { return Ok(OwnerLogPage::default()) };
        // Cursor n sits at index n - 1.
        let start = usize::try_from(after).unwrap_or(usize::MAX).min(log.len());
        let entries = log[start..]
            .iter()
            .zip(after + 1..)
            .filter_map(|((kind, game_id, seq), cursor)| {
                // A deleted game's entries went with it.
                let game = games.get(game_id)?;
                let event = game.log.get(usize::try_from(*seq).ok()?.checked_sub(1)?)?.clone();
                Some(OwnerEntry {
                    cursor,
                    kind: *kind,
                    game_id: game_id.clone(),
                    event,
                    labels: game.record.labels.clone(),
                })
            })
            .take(limit)
            .collect();
        Ok(OwnerLogPage { entries, newest: log.len() as u64 })
    }

    async fn events_after(&self, id: &str, after: u64, limit: usize) -> Result<Vec<StoredEvent>, StoreError> {
        self.with_game(id, |game| {
            // Seqs start at 1 without gaps, so seq n sits at index n - 1.
            let start = usize::try_from(after).unwrap_or(usize::MAX).min(game.log.len());
            Ok(game.log[start..].iter().take(limit).cloned().collect())
        })
    }

    async fn events_before(&self, id: &str, before: u64, limit: usize) -> Result<Vec<StoredEvent>, StoreError> {
        self.with_game(id, |game| {
            // Seq n sits at index n - 1: the events before `before` are the first `before - 1`.
            let end = usize::try_from(before.saturating_sub(1)).unwrap_or(usize::MAX).min(game.log.len());
            Ok(game.log[..end].iter().rev().take(limit).cloned().collect())
        })
    }

    async fn list(
        &self,
        filter: ListFilter,
        after_id: Option<&str>,
        limit: usize,
    ) -> Result<Vec<GameRecord>, StoreError> {
        let games = self.lock();
        let newest_first: Box<dyn Iterator<Item = (&String, &StoredGame)>> = match after_id {
            Some(after) => {
                Box::new(games.range::<str, _>((std::ops::Bound::Unbounded, std::ops::Bound::Excluded(after))).rev())
            }
            None => Box::new(games.iter().rev()),
        };
        Ok(newest_first.map(|(_, game)| &game.record).filter(|r| filter.matches(r)).take(limit).cloned().collect())
    }

    async fn load_latest(&self, id: &str) -> Result<LoadedGame, StoreError> {
        self.with_game(id, |game| {
            let snapshot = game.snapshots.last_key_value().map(|(&seq, state)| Snapshot { seq, state: state.clone() });
            let after = snapshot.as_ref().map_or(0, |s| s.seq);
            let tail = game.log.iter().filter(|e| e.seq > after).cloned().collect();
            Ok(LoadedGame { record: game.record.clone(), snapshot, tail })
        })
    }

    async fn save_snapshot(&self, id: &str, snapshot: Snapshot) -> Result<(), StoreError> {
        self.with_game(id, |game| {
            let newest = game.snapshots.last_key_value().map_or(0, |(&seq, _)| seq);
            if snapshot.seq <= game.record.seq && newest < snapshot.seq {
                game.snapshots.retain(|&seq, _| is_checkpoint(seq));
                game.snapshots.insert(snapshot.seq, snapshot.state);
            }
            Ok(())
        })
    }

    async fn snapshot_at_or_before(&self, id: &str, seq: u64) -> Result<Option<Snapshot>, StoreError> {
        self.with_game(id, |game| {
            Ok(game.snapshots.range(..=seq).next_back().map(|(&seq, state)| Snapshot { seq, state: state.clone() }))
        })
    }

    async fn find_request(&self, id: &str, request_id: &str) -> Result<Vec<StoredEvent>, StoreError> {
        self.with_game(id, |game| {
            Ok(game.log.iter().filter(|e| e.request_id.as_deref() == Some(request_id)).cloned().collect())
        })
    }

    async fn find_creation(&self, request_id: &str) -> Result<Option<String>, StoreError> {
        Ok(MemoryStore::creation(&self.lock(), request_id))
    }

    async fn mark_faulted(&self, id: &str) -> Result<(), StoreError> {
        self.with_game(id, |game| {
            game.record.faulted = true;
            game.record.deadline = None;
            Ok(())
        })
    }

    async fn archive(&self, id: &str) -> Result<GameRecord, StoreError> {
        self.with_game(id, |game| {
            match game.record.status {
                GameStatus::InProgress => return Err(StoreError::NotFinished(id.to_owned())),
                GameStatus::Finished | GameStatus::Archived => game.record.status = GameStatus::Archived,
            }
            Ok(game.record.clone())
        })
    }

    async fn delete(&self, id: &str) -> Result<(), StoreError> {
        self.lock().remove(id).ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
        self.lock_leases().retain(|(game_id, _, _), _| game_id != id);
        Ok(())
    }

    async fn hold_presence(&self, leases: &[PresenceLease]) -> Result<(), StoreError> {
        let mut held = self.lock_leases();
        for lease in leases {
            let key = (lease.game_id.clone(), lease.seat, lease.holder.clone());
            let held = held.entry(key).or_insert((false, lease.until));
            match lease.streaming {
                Some(streaming) => *held = (streaming, lease.until),
                None => held.1 = held.1.max(lease.until),
            }
        }
        Ok(())
    }

    async fn renew_presence(&self, holder: &str, until: std::time::SystemTime) -> Result<(), StoreError> {
        for ((_, _, by), (streaming, end)) in self.lock_leases().iter_mut() {
            if by == holder && *streaming && *end < until {
                *end = until;
            }
        }
        Ok(())
    }

    async fn presence_until(&self, id: &str, seat: usize) -> Result<Option<std::time::SystemTime>, StoreError> {
        let leases = self.lock_leases();
        Ok(leases.iter().filter(|((game_id, on, _), _)| game_id == id && *on == seat).map(|(_, (_, end))| *end).max())
    }

    async fn presence_lapsed(
        &self,
        now: std::time::SystemTime,
        limit: usize,
    ) -> Result<Vec<(String, usize)>, StoreError> {
        let mut last: BTreeMap<(&str, usize), std::time::SystemTime> = BTreeMap::new();
        let leases = self.lock_leases();
        for ((game_id, seat, _), (_, end)) in leases.iter() {
            let latest = last.entry((game_id, *seat)).or_insert(*end);
            *latest = (*latest).max(*end);
        }
        Ok(last
            .into_iter()
            .filter(|(_, end)| *end <= now)
            .map(|((game_id, seat), _)| (game_id.to_owned(), seat))
            .take(limit)
            .collect())
    }

    async fn forget_presence(&self, id: &str, seat: usize, now: std::time::SystemTime) -> Result<(), StoreError> {
        self.lock_leases().retain(|(game_id, on, _), (_, end)| !(game_id == id && *on == seat && *end <= now));
        Ok(())
    }

    async fn ratings(&self, owner: &str, pool: &str, players: &[String]) -> Result<Vec<PlayerRating>, StoreError> {
        let all = self.lock_ratings();
        Ok(players
            .iter()
            .filter_map(|player| all.get(&(owner.to_owned(), pool.to_owned(), player.clone())).cloned())
            .collect())
    }

    async fn player_ratings(&self, owner: &str, player: &str) -> Result<Vec<PlayerRating>, StoreError> {
        let all = self.lock_ratings();
        Ok(all.values().filter(|rating| rating.owner == owner && rating.player == player).cloned().collect())
    }

    async fn leaderboard(
        &self,
        owner: &str,
        pool: &str,
        after: Option<&LeaderboardCursor>,
        limit: usize,
    ) -> Result<Vec<PlayerRating>, StoreError> {
        let all = self.lock_ratings();
        let mut board: Vec<PlayerRating> = all
            .values()
            .filter(|rating| rating.owner == owner && rating.pool == pool)
            .filter(|rating| after.is_none_or(|cursor| !super::ratings::before_cursor(rating, cursor)))
            .cloned()
            .collect();
        board.sort_by(|a, b| b.value.rating.total_cmp(&a.value.rating).then_with(|| a.player.cmp(&b.player)));
        board.truncate(limit);
        Ok(board)
    }

    async fn rate_game(&self, rated: RatedGame) -> Result<(), StoreError> {
        let mut games = self.lock();
        let game = games.get_mut(&rated.game_id).ok_or_else(|| StoreError::NotFound(rated.game_id.clone()))?;
        if game.record.rating.as_ref().is_none_or(|rating| rating.done) {
            return Err(StoreError::NotRatable(rated.game_id));
        }
        let mut all = self.lock_ratings();
        for player in &rated.players {
            let key = (player.owner.clone(), player.pool.clone(), player.player.clone());
            let current = all.get(&key).map_or(0, |stored| stored.revision);
            if current + 1 != player.revision {
                return Err(StoreError::Conflict { expected: player.revision - 1, current });
            }
        }
        for player in rated.players {
            all.insert((player.owner.clone(), player.pool.clone(), player.player.clone()), player);
        }
        game.record.rating = Some(rated.rating);
        Ok(())
    }

    async fn create_tournament(
        &self,
        tournament: TournamentRecord,
        request_key: Option<&str>,
    ) -> Result<(), StoreError> {
        let mut all = self.lock_tournaments();
        if all.contains_key(&tournament.id) {
            return Err(StoreError::AlreadyExists(tournament.id));
        }
        if request_key.is_some() && all.values().any(|(_, key)| key.as_deref() == request_key) {
            return Err(StoreError::CreationRequestTaken);
        }
        all.insert(tournament.id.clone(), (tournament, request_key.map(str::to_owned)));
        Ok(())
    }

    async fn find_tournament_creation(&self, request_key: &str) -> Result<Option<String>, StoreError> {
        let all = self.lock_tournaments();
        Ok(all.values().find(|(_, key)| key.as_deref() == Some(request_key)).map(|(t, _)| t.id.clone()))
    }

    async fn tournament(&self, id: &str) -> Result<TournamentRecord, StoreError> {
        let all = self.lock_tournaments();
        all.get(id).map(|(t, _)| t.clone()).ok_or_else(|| StoreError::TournamentNotFound(id.to_owned()))
    }

    async fn update_tournament(
        &self,
        tournament: TournamentRecord,
        notes: &[(String, OwnerNote)],
    ) -> Result<(), StoreError> {
        // The games' lock first, as every append notes under it.
        let _games = self.lock();
        let mut all = self.lock_tournaments();
        let (stored, _) =
            all.get_mut(&tournament.id).ok_or_else(|| StoreError::TournamentNotFound(tournament.id.clone()))?;
        if stored.revision + 1 != tournament.revision {
            return Err(StoreError::Conflict { expected: tournament.revision - 1, current: stored.revision });
        }
        *stored = tournament;
        for (game_id, note) in notes {
            self.note(game_id, [note]);
        }
        Ok(())
    }

    async fn list_tournaments(
        &self,
        status: Option<TournamentStatus>,
        labels: &Labels,
        after_id: Option<&str>,
        limit: usize,
    ) -> Result<Vec<TournamentRecord>, StoreError> {
        let all = self.lock_tournaments();
        Ok(all
            .values()
            .rev()
            .map(|(t, _)| t)
            .filter(|t| after_id.is_none_or(|after| t.id.as_str() < after))
            .filter(|t| status.is_none_or(|status| t.status == status))
            .filter(|t| carries(&t.labels, labels))
            .take(limit)
            .cloned()
            .collect())
    }

    async fn games_to_rate(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        Ok(self
            .lock()
            .values()
            .filter(|game| game.record.status != GameStatus::InProgress)
            .filter(|game| game.record.rating.as_ref().is_some_and(|rating| !rating.done))
            .map(|game| game.record.id.clone())
            .take(limit)
            .collect())
    }

    async fn set_labels(&self, id: &str, labels: Labels) -> Result<(), StoreError> {
        self.with_game(id, |game| {
            game.record.labels = labels;
            Ok(())
        })
    }

    async fn set_seat_token_hash(
        &self,
        id: &str,
        seat: usize,
        hash: TokenHash,
        reissued: Option<std::time::SystemTime>,
    ) -> Result<(), StoreError> {
        self.with_game(id, |game| {
            let record = &mut game.record;
            let seats = record.seat_token_hashes.len();
            let slot = record
                .seat_token_hashes
                .get_mut(seat)
                .ok_or_else(|| StoreError::Backend(format!("game {id:?} has no seat {seat}")))?;
            *slot = hash;
            if let Some(at) = reissued {
                mark_reissued(&mut record.seats_reissued, seats, seat, at);
            }
            Ok(())
        })
    }

    async fn head(&self, id: &str) -> Result<RecordHead, StoreError> {
        self.heads_read.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.with_game(id, |game| {
            Ok(RecordHead {
                seq: game.record.seq,
                seat_token_hashes: game.record.seat_token_hashes.clone(),
                seats_reissued: game.record.seats_reissued.clone(),
                labels: game.record.labels.clone(),
                rematch: game.record.rematch.clone(),
                rating: game.record.rating.clone(),
                faulted: game.record.faulted,
            })
        })
    }

    async fn deadlines_before(
        &self,
        before: std::time::SystemTime,
        limit: usize,
    ) -> Result<Vec<(String, std::time::SystemTime)>, StoreError> {
        let games = self.lock();
        let mut due: Vec<(String, std::time::SystemTime)> = games
            .values()
            .filter_map(|game| game.record.deadline.filter(|d| *d < before).map(|d| (game.record.id.clone(), d)))
            .collect();
        due.sort_by_key(|(_, deadline)| *deadline);
        due.truncate(limit);
        Ok(due)
    }

    async fn count_in_progress(&self, owner: &str) -> Result<u64, StoreError> {
        Ok(MemoryStore::in_progress(&self.lock(), owner))
    }

    async fn in_progress_by_kind(&self) -> Result<Vec<(crate::games::GameKind, u64)>, StoreError> {
        let mut counts = std::collections::BTreeMap::new();
        for game in self.lock().values().filter(|game| game.record.status == GameStatus::InProgress) {
            *counts.entry(game.record.kind().name()).or_insert(0) += 1;
        }
        Ok(counts
            .into_iter()
            .filter_map(|(name, n)| crate::games::GameKind::from_name(name).map(|kind| (kind, n)))
            .collect())
    }

    async fn save_config(&self, saved: SavedConfig, mode: SaveMode) -> Result<SavedConfig, StoreError> {
        let mut all = self.lock_saved();
        let key = (saved.owner.clone(), saved.name.clone());
        let mut saved = saved.at_stored_precision();
        match (mode, all.get(&key)) {
            (SaveMode::Create { .. }, Some(_)) => return Err(StoreError::SavedConfigExists(saved.name)),
            (SaveMode::Create { max_per_owner }, None) => {
                let owned = all.keys().filter(|(owner, _)| *owner == saved.owner).count() as u64;
                if owned >= max_per_owner {
                    return Err(StoreError::TooManySavedConfigs { owner: saved.owner, limit: max_per_owner });
                }
            }
            (SaveMode::Replace, None) => return Err(StoreError::SavedConfigNotFound(saved.name)),
            (SaveMode::Replace, Some(old)) => saved.created = old.created,
        }
        all.insert(key, saved.clone());
        Ok(saved)
    }

    async fn saved_config(&self, owner: &str, name: &str) -> Result<SavedConfig, StoreError> {
        let all = self.lock_saved();
        all.get(&(owner.to_owned(), name.to_owned()))
            .cloned()
            .ok_or_else(|| StoreError::SavedConfigNotFound(name.to_owned()))
    }

    async fn list_saved_configs(
        &self,
        owner: &str,
        after_name: Option<&str>,
        limit: usize,
    ) -> Result<Vec<SavedConfig>, StoreError> {
        let all = self.lock_saved();
        Ok(all
            .values()
            .filter(|saved| saved.owner == owner && after_name.is_none_or(|after| saved.name.as_str() > after))
            .take(limit)
            .cloned()
            .collect())
    }

    async fn delete_saved_config(&self, owner: &str, name: &str) -> Result<(), StoreError> {
        let mut all = self.lock_saved();
        all.remove(&(owner.to_owned(), name.to_owned()))
            .map(drop)
            .ok_or_else(|| StoreError::SavedConfigNotFound(name.to_owned()))
    }

    async fn create_series(&self, series: SeriesRecord, request_key: Option<&str>) -> Result<(), StoreError> {
        let mut all = self.lock_series();
        if all.contains_key(&series.id) {
            return Err(StoreError::AlreadyExists(series.id));
        }
        if request_key.is_some() && all.values().any(|(_, key)| key.as_deref() == request_key) {
            return Err(StoreError::CreationRequestTaken);
        }
        all.insert(series.id.clone(), (series, request_key.map(str::to_owned)));
        Ok(())
    }

    async fn find_series_creation(&self, request_key: &str) -> Result<Option<String>, StoreError> {
        let all = self.lock_series();
        Ok(all.values().find(|(_, key)| key.as_deref() == Some(request_key)).map(|(series, _)| series.id.clone()))
    }

    async fn series(&self, id: &str) -> Result<SeriesRecord, StoreError> {
        let all = self.lock_series();
        all.get(id).map(|(series, _)| series.clone()).ok_or_else(|| StoreError::SeriesNotFound(id.to_owned()))
    }

    async fn update_series(&self, series: SeriesRecord, notes: &[(String, OwnerNote)]) -> Result<(), StoreError> {
        // The games' lock first, as every append notes under it.
        let _games = self.lock();
        let mut all = self.lock_series();
        let (stored, _) = all.get_mut(&series.id).ok_or_else(|| StoreError::SeriesNotFound(series.id.clone()))?;
        if stored.revision + 1 != series.revision {
            return Err(StoreError::Conflict { expected: series.revision - 1, current: stored.revision });
        }
        *stored = series;
        for (game_id, note) in notes {
            self.note(game_id, [note]);
        }
        Ok(())
    }

    async fn list_series(
        &self,
        status: Option<SeriesStatus>,
        labels: &Labels,
        after_id: Option<&str>,
        limit: usize,
    ) -> Result<Vec<SeriesRecord>, StoreError> {
        let all = self.lock_series();
        Ok(all
            .values()
            .rev()
            .map(|(series, _)| series)
            .filter(|series| after_id.is_none_or(|after| series.id.as_str() < after))
            .filter(|series| status.is_none_or(|status| series.status == status))
            .filter(|series| carries(&series.labels, labels))
            .take(limit)
            .cloned()
            .collect())
    }

    fn shared(&self) -> bool {
        self.shared
    }
}
