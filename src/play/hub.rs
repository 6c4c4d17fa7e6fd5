//! The play layer's one face to the layers above: [`Hub`] holds the parts (the cache of
//! games, the turn pipeline, the makers of games and series, the bots, the clock) and
//! answers every question the service asks by one call into one of them. It is also the
//! [`Driver`] the parts hand what their changes call for, which it passes on to the part
//! that acts on it, so no part calls another above it.

use std::sync::{Arc, Weak};
use std::time::SystemTime;

use tokio::sync::watch;

use super::analysis::{AnalysisAnswer, AnalysisRequest, analyse};
use super::bots::Bots;
use super::cache::{CacheLimits, Games};
use super::clocks::ClockReadings;
use super::creation::{Created, Creation, Creator, GameRequest, NewGame, RematchRequest};
use super::delay::spectators_see;
use super::effects::{Driver, Effects};
use super::error::PlayError;
use super::faults::RulesCall;
use super::follow::Revisions;
use super::live::{GameCopy, LiveGame};
use super::owners::{OwnerEntries, OwnerFeeds, OwnerFilter, follow_owner};
use super::past::position_at;
use super::presence::Attendance;
use super::ratings::Rater;
use super::saved::{self, ToSave};
use super::search::{SearchPool, default_threads};
use super::series::{NewSeries, SeriesDriver, SeriesRequest};
use super::solutions::{SolutionsAnswer, SolutionsRequest, solutions};
use super::subscription::{Deliveries, Subscription, subscribe};
use super::time::TimeSource;
use super::timekeeper::Timekeeper;
use super::tokens::new_token;
use super::tournament::{NewTournament, TournamentDriver, TournamentRequest};
use super::turn::{TurnRequest, TurnResult, Turns};
use crate::engine::{Action, Seat, View, Viewer};
use crate::games::GameKind;
use crate::store::document::{self, GameDocument};
use crate::store::{
    Entrant, GameRecord, Labels, LeaderboardCursor, ListFilter, PlayerRating, SavedConfig, SeriesRecord, SeriesStatus,
    Store, TournamentRecord, TournamentStatus,
};

/// Events a game's channel holds for its slowest subscriber before that subscriber is
/// told it lagged.
pub const EVENT_CHANNEL_CAPACITY: usize = 256;
/// The most events a game's log holds by default; see [`Settings::max_events_per_game`].
pub const MAX_EVENTS_PER_GAME: u64 = 20_000;

/// How the play layer runs: its bounds and its threads.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Events a game's channel holds for its slowest subscriber before that subscriber's
    /// stream is ended with `STREAM_LAGGED`.
    pub event_channel_capacity: usize,
    /// Games kept in memory, in number and in bytes.
    pub cache: CacheLimits,
    /// Bots that may think at once, each on a thread of its own; more wait for a place.
    pub bot_threads: usize,
    /// Threads for searches (hints): searches that may run at once, each on a thread of
    /// its own, more refused; an analysis also takes free ones, up to half of them.
    pub search_threads: usize,
    /// The most events a game's log may hold; past it only a turn that ends the game is
    /// taken.
    pub max_events_per_game: u64,
    /// Where the time comes from.
    pub time: TimeSource,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            event_channel_capacity: EVENT_CHANNEL_CAPACITY,
            cache: CacheLimits::default(),
            bot_threads: default_threads(),
            search_threads: default_threads(),
            max_events_per_game: MAX_EVENTS_PER_GAME,
            time: TimeSource::System,
        }
    }
}

/// Every game and series in play, in front of the store.
pub struct Hub {
    store: Arc<dyn Store>,
    time: TimeSource,
    games: Arc<Games>,
    turns: Arc<Turns>,
    creator: Arc<Creator>,
    bots: Arc<Bots>,
    timekeeper: Arc<Timekeeper>,
    series: Arc<SeriesDriver>,
    /// Rates rated games once they end.
    rater: Arc<Rater>,
    /// Runs tournaments.
    tournaments: Arc<TournamentDriver>,
    /// Where hints think.
    searches: SearchPool,
    /// Wakes the followers of owners' logs.
    owners: Arc<OwnerFeeds>,
    /// The seats' presence.
    attendance: Arc<Attendance>,
    /// The most events a game's log holds, an imported one's too.
    max_events_per_game: u64,
}

impl Hub {
    /// The play layer over `store`, as `settings` say. For as long as it lives it sweeps the
    /// store for games whose bot is to move, for deadlines due and for series to move on,
    /// fires the timeouts of clocks that run out, and for a shared store follows the
    /// store's change feed.
    pub fn new(store: Arc<dyn Store>, settings: Settings) -> Arc<Hub> {
        // The process's output never shows what a panic in a game's rules said.
        super::faults::quiet_rules_panics();
        let changes = store.watch_changes();
        let Settings { event_channel_capacity, cache, bot_threads, search_threads, max_events_per_game, time } =
            settings;
        let owners = OwnerFeeds::new(store.clone());
        let hub = Arc::new_cyclic(|me: &Weak<Hub>| {
            let driver: Weak<dyn Driver> = me.clone();
            let games = Arc::new(Games::new(store.clone(), event_channel_capacity, cache, driver.clone()));
            let turns =
                Arc::new(Turns::new(store.clone(), games.clone(), time.clone(), max_events_per_game, owners.clone()));
            let creator =
                Arc::new(Creator::new(store.clone(), games.clone(), time.clone(), driver.clone(), owners.clone()));
            let bots =
                Bots::new(store.clone(), games.clone(), turns.clone(), bot_threads, time.clone(), driver.clone());
            let timekeeper = Timekeeper::new(store.clone(), games.clone(), turns.clone(), time.clone(), driver);
            let series = SeriesDriver::new(store.clone(), games.clone(), creator.clone(), time.clone(), owners.clone());
            let rater = Rater::new(store.clone(), games.clone(), time.clone());
            let tournaments =
                TournamentDriver::new(store.clone(), games.clone(), creator.clone(), series.clone(), time.clone());
            let attendance = Attendance::new(
                store.clone(),
                games.clone(),
                turns.clone(),
                time.clone(),
                me.clone() as Weak<dyn Driver>,
            );
            Hub {
                store,
                time,
                games,
                turns,
                creator,
                bots,
                timekeeper,
                series,
                rater,
                tournaments,
                searches: SearchPool::new(search_threads),
                owners,
                attendance,
                max_events_per_game,
            }
        });
        if let Some(changes) = changes {
            tokio::spawn(Games::follow(Arc::downgrade(&hub.games), hub.owners.clone().follow(changes)));
        }
        tokio::spawn(Bots::sweep(Arc::downgrade(&hub.bots)));
        tokio::spawn(Timekeeper::keep_time(Arc::downgrade(&hub.timekeeper)));
        tokio::spawn(Timekeeper::sweep_deadlines(Arc::downgrade(&hub.timekeeper)));
        tokio::spawn(SeriesDriver::sweep(Arc::downgrade(&hub.series)));
        tokio::spawn(Rater::rate_in_order(Arc::downgrade(&hub.rater)));
        tokio::spawn(Rater::sweep(Arc::downgrade(&hub.rater)));
        tokio::spawn(TournamentDriver::sweep(Arc::downgrade(&hub.tournaments)));
        tokio::spawn(Attendance::write_leases(Arc::downgrade(&hub.attendance)));
        tokio::spawn(Attendance::renew(Arc::downgrade(&hub.attendance)));
        tokio::spawn(Attendance::sweep(Arc::downgrade(&hub.attendance)));
        hub
    }

    /// The time now, as the play layer reads it.
    pub fn now(&self) -> SystemTime {
        self.time.now()
    }

    /// How many games' deadlines this process watches.
    pub fn deadlines_watched(&self) -> usize {
        self.timekeeper.watched()
    }

    /// The store behind the play layer, for tools and tests that look at it directly.
    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    // Games.

    /// The game with `id`, loaded from the store on first use and, for a shared store,
    /// caught up with its log.
    ///
    /// # Errors
    /// `GAME_NOT_FOUND`, or a storage error.
    pub async fn game(&self, id: &str) -> Result<Arc<LiveGame>, PlayError> {
        self.games.get(id).await
    }

    /// The game with `id` to play a turn in: loaded on first use, but not caught up with a
    /// shared store first (see [`Games::get_to_play`]).
    ///
    /// # Errors
    /// `GAME_NOT_FOUND`, or a storage error.
    pub async fn game_to_play(&self, id: &str) -> Result<Arc<LiveGame>, PlayError> {
        self.games.get_to_play(id).await
    }

    /// Creates the game `request` asks for (see [`Creator::create_game`]).
    ///
    /// # Errors
    /// `REQUEST_ID_REUSED`, a refused imported move, `TOO_MANY_GAMES`, a storage error.
    pub async fn create_game(&self, request: GameRequest) -> Result<NewGame, PlayError> {
        self.creator.create_game(request).await
    }

    /// Creates the games `requests` ask for, all or nothing, safe to retry as one with
    /// `request_id` (see [`Creator::create_batch`]).
    ///
    /// # Errors
    /// `REQUEST_ID_REUSED`, a refused imported move, `TOO_MANY_GAMES`, a storage error.
    pub async fn create_games(
        &self,
        requests: Vec<GameRequest>,
        request_id: Option<String>,
        request_digest: String,
        max_in_progress: Option<u64>,
    ) -> Result<Vec<NewGame>, PlayError> {
        self.creator.create_batch(requests, request_id, request_digest, max_in_progress).await
    }

    /// Creates the rematch of `of` (see [`Creator::create_rematch`]).
    ///
    /// # Errors
    /// `GAME_NOT_FINISHED`, `REMATCH_EXISTS`, `REQUEST_ID_REUSED`, `TOO_MANY_GAMES`, a
    /// storage error.
    pub async fn create_rematch(&self, of: &LiveGame, asked: RematchRequest) -> Result<NewGame, PlayError> {
        self.creator.create_rematch(of, asked).await
    }

    /// Creates a game from its record (see [`Creator::create`]).
    ///
    /// # Errors
    /// As for [`Hub::create_game`].
    pub async fn create(&self, creation: Creation) -> Result<Created, PlayError> {
        self.creator.create(creation).await
    }

    /// Up to `limit` games matching `filter`, newest first, after the game `after`.
    ///
    /// # Errors
    /// A storage error.
    pub async fn list_games(
        &self,
        filter: ListFilter,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<GameRecord>, PlayError> {
        Ok(self.store.list(filter, after, limit).await?)
    }

    /// How many games are in progress, by kind, in the whole store.
    ///
    /// # Errors
    /// A storage error.
    pub async fn games_in_progress(&self) -> Result<Vec<(GameKind, u64)>, PlayError> {
        Ok(self.store.in_progress_by_kind().await?)
    }

    /// Plays `request` in `live` (see [`Turns::play`]) and hands what it calls for to the
    /// part that acts on it.
    ///
    /// # Errors
    /// Why the turn was refused.
    pub async fn play(&self, live: &LiveGame, request: TurnRequest) -> Result<TurnResult, PlayError> {
        let (played, effects) = self.turns.play(live, request).await;
        self.act(&live.id, effects);
        played
    }

    /// Archives `live`, a finished game whose end is final.
    ///
    /// # Errors
    /// `GAME_NOT_FINISHED` (also while its end may still be taken back), `GAME_NOT_FOUND`, a
    /// storage error.
    pub async fn archive(&self, live: &LiveGame) -> Result<GameRecord, PlayError> {
        live.check_end_final(self.now(), self.store.as_ref()).await?;
        let record = self.store.archive(&live.id).await?;
        live.mark_archived();
        Ok(record)
    }

    /// Deletes game `live`; its streams end with `GAME_NOT_FOUND`, and a series it was
    /// part of moves on at once (the deleted game counts for nothing and is played again).
    ///
    /// # Errors
    /// `GAME_NOT_FOUND`, a storage error.
    pub async fn delete(&self, live: &LiveGame) -> Result<(), PlayError> {
        self.store.delete(&live.id).await?;
        self.games.forget(&live.id);
        let (series_ended, tournament_ended) = (live.series.clone(), live.tournament.clone());
        self.act(&live.id, Effects { series_ended, tournament_ended, ..Effects::none() });
        Ok(())
    }

    /// Gives seat `seat` of `live` a new token, reissued now, and returns it: the seat's
    /// earlier token stops working at once, its streams end, and so does every signed
    /// credential for the seat issued before now, on every replica.
    ///
    /// # Errors
    /// `GAME_NOT_FOUND`, a storage error.
    pub async fn reissue_seat_token(&self, live: &LiveGame, seat: Seat) -> Result<String, PlayError> {
        let (token, hash) = new_token();
        let now = crate::store::to_stored_precision(self.now());
        // The store first: a token the log does not hold must never be accepted.
        self.store.set_seat_token_hash(&live.id, seat.index(), hash, Some(now)).await?;
        live.replace_seat_hash(seat, hash, Some(now));
        Ok(token)
    }

    /// Gives `live` the labels `labels` in place of its own, on every replica, and returns
    /// its record then.
    ///
    /// # Errors
    /// `GAME_NOT_FOUND`, a storage error.
    pub async fn set_labels(&self, live: &LiveGame, labels: Labels) -> Result<GameRecord, PlayError> {
        self.store.set_labels(&live.id, labels.clone()).await?;
        live.replace_labels(labels);
        Ok(live.copy().await.record)
    }

    /// Whether game `id`'s rules panicked in this process: it is read, never played, any
    /// more (see [`faults`](super::faults)).
    pub fn is_faulted(&self, id: &str) -> bool {
        self.games.is_faulted(id)
    }

    /// `live` as `viewer` sees it, with its seq and its clocks: as it stands now, or with
    /// `at_seq` as it stood right after that event (see [`past`](super::past)).
    ///
    /// # Errors
    /// `SEQ_OUT_OF_RANGE`, `RULES_FAULT`, a storage error.
    pub async fn view(
        &self,
        live: &LiveGame,
        viewer: Viewer,
        at_seq: Option<u64>,
    ) -> Result<(View, u64, Option<ClockReadings>), PlayError> {
        let viewed = async {
            let Some(seq) = at_seq else { return Ok(live.view(viewer, self.now()).await) };
            let past = position_at(self.store.as_ref(), live, seq).await?;
            Ok((past.game.view(viewer), past.seq, past.clocks))
        };
        self.games.contain(live, RulesCall::View, viewed).await?
    }

    /// `seat`'s legal moves in `live` with their labels and machine notations, and the seq
    /// they were computed at.
    ///
    /// # Errors
    /// `RULES_FAULT`.
    pub async fn legal_moves(
        &self,
        live: &LiveGame,
        seat: Seat,
    ) -> Result<(Vec<(Action, String, Option<String>)>, u64), PlayError> {
        self.games.contain(live, RulesCall::LegalMoves, live.legal_moves(seat)).await
    }

    /// The engine's analysis of a position of `live` for `request`'s asker (see
    /// [`analysis`](super::analysis)).
    ///
    /// # Errors
    /// As [`analyse`] says, and `RULES_FAULT`.
    pub async fn analyse(&self, live: &LiveGame, request: AnalysisRequest) -> Result<AnalysisAnswer, PlayError> {
        let analysed = analyse(self.store.as_ref(), live, &self.searches, request);
        self.games.contain(live, RulesCall::Analysis, analysed).await?
    }

    /// A puzzle's solutions from a position of `live`, for `request`'s asker (see
    /// [`solutions`](super::solutions)).
    ///
    /// # Errors
    /// As [`solutions`] says, and `RULES_FAULT`.
    pub async fn solutions(&self, live: &LiveGame, request: SolutionsRequest) -> Result<SolutionsAnswer, PlayError> {
        let counted = solutions(self.store.as_ref(), live, &self.searches, request);
        self.games.contain(live, RulesCall::Solutions, counted).await?
    }

    /// What `write` makes of a copy of `live` as it stands (a PGN of its moves): the rules
    /// it runs are contained as every call's are.
    ///
    /// # Errors
    /// `RULES_FAULT`.
    pub async fn write_out<T>(&self, live: &LiveGame, write: impl FnOnce(GameCopy) -> T) -> Result<T, PlayError> {
        let written = async { write(live.copy().await) };
        self.games.contain(live, RulesCall::Export, written).await
    }

    /// `live` as a document: its record and its whole log, as the store holds them.
    ///
    /// # Errors
    /// `GAME_NOT_FOUND` when it was deleted meanwhile, or a storage error.
    pub async fn export_game(&self, live: &LiveGame) -> Result<GameDocument, PlayError> {
        Ok(document::export(self.store.as_ref(), &live.id).await?)
    }

    /// Imports the game `document` holds, owned by `owner` (see [`Creator::import`]).
    ///
    /// # Errors
    /// `INVALID_DOCUMENT`, `GAME_EXISTS`, `TOO_MANY_GAMES`, a storage error.
    pub async fn import_game(
        &self,
        document: GameDocument,
        owner: Option<String>,
        max_in_progress: Option<u64>,
        validate_only: bool,
    ) -> Result<GameRecord, PlayError> {
        self.creator.import(document, owner, max_in_progress, self.max_events_per_game, validate_only).await
    }

    /// `live`'s events after `subscription.after` (see
    /// [`subscription`](super::subscription)), until `shutdown` turns true. The views the
    /// stream makes run the game's rules: a panic in them ends it with `RULES_FAULT`.
    ///
    /// # Errors
    /// `TOO_MANY_STREAMS`, `SEQ_OUT_OF_RANGE`, `RULES_FAULT`, a storage error.
    pub async fn subscribe(
        &self,
        live: Arc<LiveGame>,
        subscription: Subscription,
        shutdown: watch::Receiver<bool>,
    ) -> Result<Deliveries, PlayError> {
        let seat = subscription.viewer.seat().filter(|_| subscription.opened_with.is_some());
        let hold = seat.and_then(|seat| self.attendance.stream_opened(&live, seat));
        let subscribed = subscribe(self.store.clone(), live.clone(), subscription, shutdown, self.time.clone());
        let deliveries = self.games.contain(&live, RulesCall::View, subscribed).await??;
        let deliveries: Deliveries = Box::pin(self.games.contain_stream(live, RulesCall::View, deliveries));
        Ok(match hold {
            // The seat is held for as long as its stream lives.
            Some(hold) => Box::pin(futures_util::StreamExt::map(deliveries, move |delivery| {
                let _held = &hold;
                delivery
            })),
            None => deliveries,
        })
    }

    /// The newest seq of `live` that spectators held back by its delay may see now (its
    /// head when it has no delay or is over).
    ///
    /// # Errors
    /// A storage error.
    pub async fn spectators_see(&self, live: &LiveGame) -> Result<u64, PlayError> {
        spectators_see(self.store.as_ref(), live, self.now()).await
    }

    /// Seat `seat` of `live` called: where the game keeps presence, the seat is present for
    /// the game's window from now (announced before this returns, when it was not).
    pub async fn seat_called(&self, live: &Arc<LiveGame>, seat: Seat) {
        self.attendance.called(live, seat).await;
    }

    /// `owner`'s log after cursor `after`, as `filter` wants it, then live until
    /// `shutdown` turns true; at most `max_streams` followers of one owner at once here.
    ///
    /// # Errors
    /// `SEQ_OUT_OF_RANGE`, `TOO_MANY_STREAMS`, a storage error.
    pub async fn follow_owner(
        &self,
        owner: &str,
        after: u64,
        filter: OwnerFilter,
        max_streams: usize,
        shutdown: watch::Receiver<bool>,
    ) -> Result<OwnerEntries, PlayError> {
        follow_owner(&self.owners, owner, after, filter, max_streams, shutdown).await
    }

    // Saved configurations.

    /// Saves `wanted` for `owner`: a new name, or with `replace` an existing one.
    ///
    /// # Errors
    /// A name taken or missing, the owner at its cap, a storage error.
    pub async fn save_config(&self, owner: &str, wanted: ToSave, replace: bool) -> Result<SavedConfig, PlayError> {
        saved::save(self.store.as_ref(), owner, wanted, replace, self.now()).await
    }

    /// `owner`'s configuration saved as `name`.
    ///
    /// # Errors
    /// `SAVED_CONFIG_NOT_FOUND`, a storage error.
    pub async fn saved_config(&self, owner: &str, name: &str) -> Result<SavedConfig, PlayError> {
        Ok(self.store.saved_config(owner, name).await?)
    }

    /// Up to `limit` of `owner`'s saved configurations, by name, after `after`.
    ///
    /// # Errors
    /// A storage error.
    pub async fn list_saved_configs(
        &self,
        owner: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<SavedConfig>, PlayError> {
        Ok(self.store.list_saved_configs(owner, after, limit).await?)
    }

    /// Deletes `owner`'s configuration saved as `name`.
    ///
    /// # Errors
    /// `SAVED_CONFIG_NOT_FOUND`, a storage error.
    pub async fn delete_saved_config(&self, owner: &str, name: &str) -> Result<(), PlayError> {
        Ok(self.store.delete_saved_config(owner, name).await?)
    }

    // Series.

    /// Creates the series `request` asks for (see [`SeriesDriver::create`]).
    ///
    /// # Errors
    /// `REQUEST_ID_REUSED`, `TOO_MANY_GAMES`, a storage error.
    pub async fn create_series(&self, request: SeriesRequest) -> Result<NewSeries, PlayError> {
        self.series.create(request).await
    }

    /// The series `id`.
    ///
    /// # Errors
    /// `SERIES_NOT_FOUND`, a storage error.
    pub async fn series(&self, id: &str) -> Result<SeriesRecord, PlayError> {
        self.series.get(id).await
    }

    /// Up to `limit` series, newest first, in `status` if given and carrying every label of
    /// `labels`, after the series `after`.
    ///
    /// # Errors
    /// A storage error.
    pub async fn list_series(
        &self,
        status: Option<SeriesStatus>,
        labels: &Labels,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<SeriesRecord>, PlayError> {
        self.series.list(status, labels, after, limit).await
    }

    /// Gives series `id` the labels `labels` in place of its own (see
    /// [`SeriesDriver::set_labels`]).
    ///
    /// # Errors
    /// `SERIES_NOT_FOUND`, a storage error.
    pub async fn set_series_labels(&self, id: &str, labels: Labels) -> Result<SeriesRecord, PlayError> {
        self.series.set_labels(id, labels).await
    }

    /// Series `id`'s revisions as it moves on (see [`SeriesDriver::follow`]).
    ///
    /// # Errors
    /// `TOO_MANY_STREAMS`, `SERIES_NOT_FOUND`, a storage error.
    pub async fn follow_series(
        &self,
        id: &str,
        max_streams: usize,
        shutdown: watch::Receiver<bool>,
    ) -> Result<Revisions<SeriesRecord>, PlayError> {
        self.series.follow(id, max_streams, shutdown).await
    }

    /// Every rating `player` has under `owner`, as it stands now (see
    /// [`Rater::player_ratings`]).
    ///
    /// # Errors
    /// A storage error.
    pub async fn player_ratings(&self, owner: Option<&str>, player: &str) -> Result<Vec<PlayerRating>, PlayError> {
        self.rater.player_ratings(owner, player).await
    }

    /// A page of `owner`'s pool `pool`'s leaderboard (see [`Rater::leaderboard`]).
    ///
    /// # Errors
    /// A storage error.
    pub async fn leaderboard(
        &self,
        owner: Option<&str>,
        pool: &str,
        after: Option<LeaderboardCursor>,
        limit: usize,
        exclude_provisional: bool,
    ) -> Result<(Vec<PlayerRating>, Option<LeaderboardCursor>), PlayError> {
        self.rater.leaderboard(owner, pool, after, limit, exclude_provisional).await
    }

    /// Creates the tournament `request` asks for (see [`TournamentDriver::create`]).
    ///
    /// # Errors
    /// `REQUEST_ID_REUSED`, a storage error.
    pub async fn create_tournament(&self, request: TournamentRequest) -> Result<NewTournament, PlayError> {
        self.tournaments.create(request).await
    }

    /// The tournament `id`.
    ///
    /// # Errors
    /// `TOURNAMENT_NOT_FOUND`, a storage error.
    pub async fn tournament(&self, id: &str) -> Result<TournamentRecord, PlayError> {
        self.tournaments.get(id).await
    }

    /// Up to `limit` tournaments, newest first (see [`TournamentDriver::list`]).
    ///
    /// # Errors
    /// A storage error.
    pub async fn list_tournaments(
        &self,
        status: Option<TournamentStatus>,
        labels: &Labels,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<TournamentRecord>, PlayError> {
        self.tournaments.list(status, labels, after, limit).await
    }

    /// Lets tournament `id` make its round `round` (see [`TournamentDriver::release`]).
    ///
    /// # Errors
    /// As [`TournamentDriver::release`] says.
    pub async fn start_tournament_round(&self, id: &str, round: u32) -> Result<TournamentRecord, PlayError> {
        self.tournaments.release(id, round).await
    }

    /// Withdraws `player` from tournament `id` (see [`TournamentDriver::withdraw`]).
    ///
    /// # Errors
    /// As [`TournamentDriver::withdraw`] says.
    pub async fn withdraw_from_tournament(&self, id: &str, player: u32) -> Result<TournamentRecord, PlayError> {
        self.tournaments.withdraw(id, player).await
    }

    /// Adds `entrant` to tournament `id`, a Swiss under way (see
    /// [`TournamentDriver::add_player`]).
    ///
    /// # Errors
    /// As [`TournamentDriver::add_player`] says.
    pub async fn add_to_tournament(
        &self,
        id: &str,
        entrant: Entrant,
    ) -> Result<(TournamentRecord, Option<(u32, String)>), PlayError> {
        self.tournaments.add_player(id, entrant).await
    }

    /// Calls tournament `id` off (see [`TournamentDriver::cancel`]).
    ///
    /// # Errors
    /// `TOURNAMENT_OVER`, `TOURNAMENT_NOT_FOUND`, a storage error.
    pub async fn cancel_tournament(&self, id: &str) -> Result<TournamentRecord, PlayError> {
        self.tournaments.cancel(id).await
    }

    /// Tournament `id`'s revisions as it moves on (see [`TournamentDriver::follow`]).
    ///
    /// # Errors
    /// `TOO_MANY_STREAMS`, `TOURNAMENT_NOT_FOUND`, a storage error.
    pub async fn follow_tournament(
        &self,
        id: &str,
        max_streams: usize,
        shutdown: watch::Receiver<bool>,
    ) -> Result<Revisions<TournamentRecord>, PlayError> {
        self.tournaments.follow(id, max_streams, shutdown).await
    }

    /// Moves series `id` on as far as it can go now (see [`SeriesDriver::advance`]).
    ///
    /// # Errors
    /// `SERIES_NOT_FOUND`, a storage error.
    pub async fn advance_series(&self, id: &str) -> Result<SeriesRecord, PlayError> {
        self.series.advance(id).await
    }
}

impl Driver for Hub {
    fn act(&self, id: &str, effects: Effects) {
        let Effects { deadline, bot_due, clock_due, series_ended, rating_due, tournament_ended, weight } = effects;
        if let Some(bytes) = weight
            && let Some(live) = self.games.cached(id)
        {
            self.games.weigh(&live, bytes);
        }
        if let Some(deadline) = deadline {
            self.timekeeper.arm(id, deadline);
        }
        if clock_due {
            self.timekeeper.fire_soon(id);
        }
        if bot_due {
            self.bots.drive(id);
        }
        // Queued before the series moves on, so that its next game is rated after this one.
        if rating_due {
            self.rater.rate_soon(id);
        }
        match (series_ended, tournament_ended) {
            // A knockout's match: the tournament moves on once its series has.
            (Some(series), Some(tournament)) => {
                let (driver, tournaments) = (self.series.clone(), self.tournaments.clone());
                tokio::spawn(async move {
                    if let Err(error) = driver.advance(&series.series_id).await {
                        tracing::warn!(series_id = %series.series_id, %error, "could not move a series on; the sweep will retry");
                    }
                    tournaments.advance_soon(&tournament);
                });
            }
            (Some(series), None) => self.series.advance_soon(&series),
            (None, Some(tournament)) => self.tournaments.advance_soon(&tournament),
            (None, None) => {}
        }
    }
}

#[cfg(test)]
impl Hub {
    /// The cache, for the play layer's tests.
    pub(super) fn games(&self) -> &Arc<Games> {
        &self.games
    }

    /// The timekeeper, for the play layer's tests.
    pub(super) fn timekeeper(&self) -> &Timekeeper {
        &self.timekeeper
    }
}
