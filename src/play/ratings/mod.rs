//! Rated games: their players' ratings read when they are made, and their results rated
//! once they have ended (Glicko-2, [`glicko`]).
//!
//! Rating a game is [`Rater::rate`], which may run any number of times, in any process, at
//! once: it computes both players' new ratings from those it read and writes them with the
//! game marked rated in one conditional step ([`Store::rate_game`]), so a game counts
//! once; a step that lost a race reads again. A game's end queues it ([`Rater::rate_soon`])
//! and one task rates the queue in order, so that games ending here are rated in the order
//! they ended: Glicko-2's results depend on that order, and a series' next game can end
//! before its last one is rated. A sweep rates every ended game still waiting, oldest made
//! first, for what a crash interrupted.

pub mod glicko;

use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, SystemTime};

use tokio::sync::mpsc;

use self::glicko::{Rating, Score, after_game};
use super::cache::Games;
use super::error::PlayError;
use super::time::TimeSource;
use crate::engine::{Outcome, Seat};
use crate::store::{
    BotSeat, GameRating, GameStatus, LeaderboardCursor, Player, PlayerRating, RatedGame, RatingValue, Store,
    StoreError, engine_player, log_owner, to_stored_precision,
};

/// How often the store is looked at for ended games still waiting to be rated.
const SWEEP_EVERY: Duration = Duration::from_secs(30);
/// Games read per page of a sweep.
const SWEEP_PAGE: usize = 100;
/// Most tries one rating takes, each after another process moved a player's rating on.
const MAX_TRIES: usize = 16;

/// Each seat's player as a rated game rates them, in seat order: the named player, or the
/// engine's level on a seat it plays; `None` when a seat is neither.
pub fn rated_players(seats: usize, players: &[Player], bots: &[BotSeat]) -> Option<Vec<String>> {
    (0..seats)
        .map(|seat| match bots.iter().find(|bot| bot.seat.index() == seat) {
            Some(bot) => Some(engine_player(bot.level)),
            None => players.get(seat).map(|player| player.id.clone()).filter(|id| !id.is_empty()),
        })
        .collect()
}

/// A rating as it stands at `now`: its deviation grown for the time since it was rated.
pub fn rating_now(rating: &PlayerRating, now: SystemTime) -> RatingValue {
    let idle = now.duration_since(rating.rated_at).unwrap_or_default();
    RatingValue::from(Rating::from(rating.value).aged(idle))
}

/// Whether a rating is provisional ([`glicko::PROVISIONAL_DEVIATION`]).
pub fn provisional(value: &RatingValue) -> bool {
    Rating::from(*value).provisional()
}

/// The rating a new game in `owner`'s pool `pool` between `players` (in seat order) starts
/// with: each player's rating as it stands at `now`.
///
/// # Errors
/// A storage error.
pub async fn game_rating(
    store: &dyn Store,
    now: SystemTime,
    owner: Option<&str>,
    pool: String,
    players: Vec<String>,
) -> Result<GameRating, PlayError> {
    let kept = store.ratings(log_owner(owner), &pool, &players).await?;
    let before = players
        .iter()
        .map(|player| {
            kept.iter()
                .find(|rating| rating.player == *player)
                .map_or_else(|| RatingValue::from(Rating::default()), |rating| rating_now(rating, now))
        })
        .collect();
    Ok(GameRating { pool, players, before, after: Vec::new(), done: false })
}

/// The rating a new game of `seats` seats between `players` and the engine's `bots` starts
/// with when it is rated in `pool` (`None`: not rated), every path that makes a game alike.
///
/// # Errors
/// A storage error; a seat naming nobody (a rated game's creation was checked for that).
pub async fn seated_rating(
    store: &dyn Store,
    now: SystemTime,
    owner: Option<&str>,
    pool: Option<String>,
    (seats, players, bots): (usize, &[Player], &[BotSeat]),
) -> Result<Option<GameRating>, PlayError> {
    let Some(pool) = pool else { return Ok(None) };
    let rated = rated_players(seats, players, bots)
        .ok_or_else(|| PlayError::Storage("a rated game was asked without its players".into()))?;
    Ok(Some(game_rating(store, now, owner, pool, rated).await?))
}

/// Rates games and reads ratings.
pub struct Rater {
    store: Arc<dyn Store>,
    games: Arc<Games>,
    time: TimeSource,
    /// The games that ended here, in the order they ended, to [`Rater::rate_in_order`].
    ended: mpsc::UnboundedSender<String>,
    /// That task's end of the queue, until it starts.
    queue: Mutex<Option<mpsc::UnboundedReceiver<String>>>,
}

impl Rater {
    /// Rates the games of `store`, held in `games`, at the times `time` gives.
    pub fn new(store: Arc<dyn Store>, games: Arc<Games>, time: TimeSource) -> Arc<Rater> {
        let (ended, queue) = mpsc::unbounded_channel();
        Arc::new(Rater { store, games, time, ended, queue: Mutex::new(Some(queue)) })
    }

    /// Rates game `id`, which has just ended, after every game that ended here before it.
    pub fn rate_soon(&self, id: &str) {
        // Fails only once the queue's task has stopped, the rater with it; the sweep of
        // the next process rates the game.
        let _ = self.ended.send(id.to_owned());
    }

    /// Rates the games [`Rater::rate_soon`] queues, one at a time, in the order they were
    /// queued. Ends when the rater is dropped.
    pub async fn rate_in_order(me: Weak<Rater>) {
        let queue = me.upgrade().and_then(|rater| rater.queue.lock().unwrap_or_else(|p| p.into_inner()).take());
        let Some(mut queue) = queue else { return };
        while let Some(id) = queue.recv().await {
            let Some(rater) = me.upgrade() else { return };
            if let Err(error) = rater.rate(&id).await {
                tracing::warn!(game_id = %id, %error, "rating a game failed; the sweep tries again");
            }
        }
    }

    /// Rates game `id` if it has ended and waits to be rated; nothing otherwise. Safe to
    /// call any number of times, anywhere, at once: the game counts once.
    ///
    /// # Errors
    /// `GAME_NOT_FOUND`, a storage error.
    pub async fn rate(&self, id: &str) -> Result<(), PlayError> {
        for _ in 0..MAX_TRIES {
            let live = self.games.get(id).await?;
            let record = live.copy().await.record;
            let Some(rating) = record.rating.clone() else { return Ok(()) };
            if rating.done || record.status == GameStatus::InProgress {
                return Ok(());
            }
            let now = to_stored_precision(self.time.now());
            let owner = log_owner(record.owner.as_deref());
            let rated = match record.outcome.as_ref().and_then(score) {
                Some(score) => self.rated(id, owner, rating, score, now).await?,
                None => {
                    RatedGame { game_id: id.to_owned(), rating: GameRating { done: true, ..rating }, players: vec![] }
                }
            };
            let done = rated.rating.clone();
            match self.store.rate_game(rated).await {
                Ok(()) => {
                    tracing::info!(game_id = %id, pool = %done.pool, "game rated");
                    live.set_rating(done);
                    return Ok(());
                }
                // Rated by another process: hold what it wrote (its head holds the rating,
                // not the whole log).
                Err(StoreError::NotRatable(_)) => {
                    if let Some(stored) = self.store.head(id).await?.rating {
                        live.set_rating(stored);
                    }
                    return Ok(());
                }
                Err(StoreError::Conflict { .. }) => continue,
                Err(other) => return Err(other.into()),
            }
        }
        Err(PlayError::Storage(format!("the ratings of game {id:?} kept changing under its rating")))
    }

    /// Game `id`'s rating with both players' new ratings, as they stand at `now`, after a
    /// game that ended `score` for its first seat.
    async fn rated(
        &self,
        id: &str,
        owner: &str,
        rating: GameRating,
        score: Score,
        now: SystemTime,
    ) -> Result<RatedGame, PlayError> {
        let kept = self.store.ratings(owner, &rating.pool, &rating.players).await?;
        let current = |player: &str| kept.iter().find(|rating| rating.player == player).cloned();
        let [first, second] = [0, 1].map(|seat| {
            let player = rating.players.get(seat).cloned().unwrap_or_default();
            current(&player).unwrap_or_else(|| PlayerRating {
                owner: owner.to_owned(),
                pool: rating.pool.clone(),
                player,
                value: RatingValue::from(Rating::default()),
                games: 0,
                wins: 0,
                draws: 0,
                losses: 0,
                rated_at: now,
                revision: 0,
            })
        });
        let (one, two) = after_game(rating_now(&first, now).into(), rating_now(&second, now).into(), score);
        let next = |mut player: PlayerRating, value: Rating, score: Score| {
            player.value = RatingValue::from(value);
            player.games += 1;
            match score {
                Score::Win => player.wins += 1,
                Score::Draw => player.draws += 1,
                Score::Loss => player.losses += 1,
            }
            player.rated_at = now;
            player.revision += 1;
            player
        };
        let players = vec![next(first, one, score), next(second, two, score.reversed())];
        let after = players.iter().map(|player| player.value).collect();
        Ok(RatedGame { game_id: id.to_owned(), rating: GameRating { after, done: true, ..rating }, players })
    }

    /// Every rating `player` has under `owner`, as it stands now.
    ///
    /// # Errors
    /// A storage error.
    pub async fn player_ratings(&self, owner: Option<&str>, player: &str) -> Result<Vec<PlayerRating>, PlayError> {
        let now = self.time.now();
        let mut ratings = self.store.player_ratings(log_owner(owner), player).await?;
        for rating in &mut ratings {
            rating.value = rating_now(rating, now);
        }
        Ok(ratings)
    }

    /// Up to `limit` ratings of `owner`'s pool `pool` as they stand now, best first, after
    /// `after`; without the provisional ones when `exclude_provisional`. Returns them with
    /// the place the next page starts after, `None` when none is left. A page may hold fewer
    /// than `limit` and still be followed by another: at most a few pages' worth of
    /// provisional ratings is passed over per call.
    ///
    /// # Errors
    /// A storage error.
    pub async fn leaderboard(
        &self,
        owner: Option<&str>,
        pool: &str,
        mut after: Option<LeaderboardCursor>,
        limit: usize,
        exclude_provisional: bool,
    ) -> Result<(Vec<PlayerRating>, Option<LeaderboardCursor>), PlayError> {
        let now = self.time.now();
        let mut listed = Vec::new();
        for _ in 0..8 {
            let wanted = limit - listed.len();
            // One more than wanted tells whether any is left after them.
            let read = self.store.leaderboard(log_owner(owner), pool, after.as_ref(), wanted + 1).await?;
            let more = read.len() > wanted;
            for mut rating in read.into_iter().take(wanted) {
                after = Some(LeaderboardCursor { rating: rating.value.rating, player: rating.player.clone() });
                rating.value = rating_now(&rating, now);
                if !(exclude_provisional && provisional(&rating.value)) {
                    listed.push(rating);
                }
            }
            if !more {
                return Ok((listed, None));
            }
            if listed.len() == limit {
                break;
            }
        }
        Ok((listed, after))
    }

    /// Rates, every [`SWEEP_EVERY`], the ended games still waiting to be rated: what a
    /// crash between a game's end and its rating left. Stops when the rater is dropped.
    pub async fn sweep(me: Weak<Rater>) {
        loop {
            let Some(rater) = me.upgrade() else { return };
            match rater.store.games_to_rate(SWEEP_PAGE).await {
                Ok(ids) => {
                    for id in ids {
                        if let Err(error) = rater.rate(&id).await {
                            tracing::warn!(game_id = %id, %error, "rating a game failed; the next sweep tries again");
                        }
                    }
                }
                Err(error) => tracing::warn!(%error, "finding the games to rate failed"),
            }
            drop(rater);
            tokio::time::sleep(SWEEP_EVERY).await;
        }
    }
}

/// How a game that ended `outcome` scores for its first seat; `None` when it counts for
/// nothing.
fn score(outcome: &Outcome) -> Option<Score> {
    match outcome {
        Outcome::Win { winner, .. } if *winner == Seat::FIRST => Some(Score::Win),
        Outcome::Win { .. } => Some(Score::Loss),
        Outcome::Draw { .. } => Some(Score::Draw),
        Outcome::NoResult { .. } => None,
    }
}
