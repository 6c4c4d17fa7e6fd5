//! The server's own engine in a seat: whenever a seat the game gives to the engine is to
//! act, [`Bots`] computes that seat's move off the async runtime and plays it through the
//! turn pipeline like anyone's, named as the engine's.
//!
//! Nothing is registered in memory: what is due is derived from the game as it stands, after
//! every change the hub applies, when a game is loaded, and by a sweep of the store at start
//! and then every [`SWEEP_EVERY`] (which finds the games no call has loaded, after a restart
//! or when the process that was driving a game died). A move is computed for the game at
//! seq S and appended with expected seq S and the request id `engine/seat/N/at/S`: it
//! happens at most once whichever process computes it (another process's identical move is
//! a retry; anything else appended first makes it stale, and it is dropped). The search
//! stops when the bot's time is up (it then answers with its best move so far) and as soon
//! as the game moves on while it thinks (a resignation, an abort), since its answer could
//! no longer be played. On the clock, a bot's time per move is a share of its remaining
//! time (see [`bot_think_time`]), never more than its seat's own move time. The search runs
//! inside the containment of the game's rules ([`faults`](super::faults)): a panic in it
//! faults the game, and a faulted game's bot is never driven again.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;

use super::cache::Games;
use super::effects::Driver;
use super::error::PlayError;
use super::faults::RulesCall;
use super::live::LiveGame;
use super::search::SearchPool;
use super::time::TimeSource;
use super::timekeeper::bot_think_time;
use super::turn::{Answer, Command, TurnRequest, Turns};
use crate::engine::{Action, SearchBudget, Turn};
use crate::store::{Actor, BotSeat, GameStatus, ListFilter, Store, to_millis};

/// How long a bot thinks per move when its seat does not say.
pub const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(1);
/// The longest a bot may think per move.
pub const MAX_MOVE_TIME: Duration = Duration::from_secs(10);
/// Positions a bot's search may visit per move, whatever its time.
const BOT_NODE_BUDGET: u64 = 20_000_000;
/// How often the store is swept for games whose bot is to move.
const SWEEP_EVERY: Duration = Duration::from_secs(30);
/// Games read from the store per query of a sweep.
const SWEEP_PAGE: usize = 500;
/// Games a sweep drives at once: however many games the store holds, a sweep loads and
/// holds no more than this many at a time (the bots' pool bounds the thinking itself).
const SWEEP_CONCURRENCY: usize = 64;

/// Marks the seq a game's bot is thinking at, and clears it when the thinking ends.
struct Thinking {
    live: Arc<LiveGame>,
    seq: u64,
}

impl Drop for Thinking {
    fn drop(&mut self) {
        self.live.stop_thinking(self.seq);
    }
}

/// The server's engine in every seat it plays.
pub struct Bots {
    store: Arc<dyn Store>,
    games: Arc<Games>,
    turns: Arc<Turns>,
    /// Where bots think.
    pool: SearchPool,
    time: TimeSource,
    /// Who acts on what a bot's move calls for.
    driver: Weak<dyn Driver>,
    /// The bots themselves, for the tasks they spawn.
    me: Weak<Bots>,
}

impl Bots {
    /// Bots that think on `threads` threads and play through `turns`.
    pub fn new(
        store: Arc<dyn Store>,
        games: Arc<Games>,
        turns: Arc<Turns>,
        threads: usize,
        time: TimeSource,
        driver: Weak<dyn Driver>,
    ) -> Arc<Bots> {
        Arc::new_cyclic(|me| Bots { store, games, turns, pool: SearchPool::new(threads), time, driver, me: me.clone() })
    }

    /// Moves the bot of game `id` if one is to act, in a task of its own.
    pub fn drive(&self, id: &str) {
        let Some(bots) = self.me.upgrade() else { return };
        let id = id.to_owned();
        tokio::spawn(async move { bots.move_bot(&id).await });
    }

    /// Computes and plays the move of the bot to act in game `id`, if any and if no other
    /// task of this process is already computing it. A faulted game's bot never moves, and
    /// a panic in its search faults the game.
    async fn move_bot(self: Arc<Bots>, id: &str) {
        // Checked before loading: a faulted game takes no more moves, and the sweep would
        // otherwise load it again every time round.
        if self.games.is_faulted(id) {
            return;
        }
        let Ok(live) = self.games.get(id).await else { return };
        if let Some(start) = live.start_at
            && let Ok(ahead) = start.duration_since(self.time.now())
        {
            // Scheduled later: the bot moves once the game starts (one waiter a game held).
            if live.wait_for_start() {
                let bots = self.clone();
                let id = id.to_owned();
                tokio::spawn(async move {
                    tokio::time::sleep(ahead).await;
                    bots.drive(&id);
                });
            }
            return;
        }
        let thought = self.games.contain(&live, RulesCall::BotSearch, self.think(&live)).await;
        let Ok(Some((bot, seq, action))) = thought else { return };
        let request = TurnRequest {
            actor: Actor::Engine(bot.seat),
            command: Command::Turn(Turn::Move(bot.seat, action)),
            expected_seq: Some(seq),
            request_id: Some(format!("at/{seq}")),
            credential: None,
            validate_only: false,
            // The engine reads nothing of the answer.
            answer: Answer::Summary,
        };
        let (played, effects) = self.turns.play(&live, request).await;
        if let Some(driver) = self.driver.upgrade() {
            driver.act(&live.id, effects);
        }
        match played {
            Ok(_) => {}
            // Another process moved this bot, or the game moved on: nothing to do.
            Err(PlayError::StaleSeq { .. } | PlayError::RequestIdReused | PlayError::GameNotFound(_)) => {}
            // The game is faulted, which was logged where it was caught.
            Err(PlayError::RulesFault(_) | PlayError::GameFaulted(_)) => {}
            Err(error) => tracing::error!(game_id = %live.id, seat = %bot.seat, %error, "a bot's move was refused"),
        }
    }

    /// The move of the bot to act in `live`, with its seat and the seq it was computed at;
    /// `None` when no bot is to act, this process already thinks for it, the log is full,
    /// the game moved on while it thought, or the search failed.
    async fn think(&self, live: &Arc<LiveGame>) -> Option<(BotSeat, u64, Action)> {
        let (game, seq, bot, think, mut changes) = {
            let state = live.state.lock().await;
            let bot = live.due_bot(state.game.as_ref())?;
            // A full log takes no more moves: the bot waits for the game's end from outside.
            if state.seq >= self.turns.max_events() || !live.start_thinking(state.seq) {
                return None;
            }
            // On the clock, the bot thinks within its time (see `bot_think_time`).
            let seat = bot.seat.index();
            let think = match (&state.clocks, &live.clock) {
                (Some(clocks), Some(clock)) => {
                    let remaining = clocks.remaining_at(seat, to_millis(self.time.now()));
                    bot_think_time(clock.controls[seat], remaining, move_time(&bot))
                }
                _ => move_time(&bot),
            };
            (state.game.clone_box(), state.seq, bot, think, live.moved.subscribe())
        };
        let _thinking = Thinking { live: live.clone(), seq };
        let stop = Arc::new(AtomicBool::new(false));
        let search = self.pool.queue(stop.clone(), move |stop| {
            game.bot_action(bot.seat, bot.level, SearchBudget::new(BOT_NODE_BUDGET, stop))
        });
        tokio::pin!(search);
        let time_up = tokio::time::sleep(think);
        tokio::pin!(time_up);
        let mut timed_out = false;
        let answer = loop {
            tokio::select! {
                answer = &mut search => break answer,
                () = &mut time_up, if !timed_out => {
                    // The search answers with its best move so far.
                    timed_out = true;
                    stop.store(true, Ordering::Relaxed);
                }
                // The game moved on: this answer could not be played. Dropping the search
                // stops it.
                _ = changes.changed() => return None,
            }
        };
        match answer {
            Ok(action) => action.map(|action| (bot, seq, action)),
            Err(error) => {
                tracing::warn!(game_id = %live.id, %error, "a bot's search failed");
                None
            }
        }
    }

    /// Drives every game in progress with a bot, page by page and at most
    /// [`SWEEP_CONCURRENCY`] at once, then again [`SWEEP_EVERY`] after the sweep ends, for
    /// as long as the hub lives.
    pub async fn sweep(bots: Weak<Bots>) {
        loop {
            let Some(strong) = bots.upgrade() else { return };
            let filter = ListFilter { status: Some(GameStatus::InProgress), with_bots: true, ..ListFilter::default() };
            let mut after: Option<String> = None;
            let mut driving = tokio::task::JoinSet::new();
            loop {
                match strong.store.list(filter.clone(), after.as_deref(), SWEEP_PAGE).await {
                    Ok(page) => {
                        for record in &page {
                            while driving.len() >= SWEEP_CONCURRENCY {
                                driving.join_next().await;
                            }
                            let (bots, id) = (strong.clone(), record.id.clone());
                            driving.spawn(async move { bots.move_bot(&id).await });
                        }
                        match page.last() {
                            Some(last) if page.len() == SWEEP_PAGE => after = Some(last.id.clone()),
                            _ => break,
                        }
                    }
                    Err(error) => {
                        tracing::warn!(%error, "could not look for games whose bot is to move");
                        break;
                    }
                }
            }
            while driving.join_next().await.is_some() {}
            drop(strong);
            tokio::time::sleep(SWEEP_EVERY).await;
        }
    }
}

/// The time `bot` may think per move.
fn move_time(bot: &BotSeat) -> Duration {
    match bot.move_time_ms {
        0 => DEFAULT_MOVE_TIME,
        ms => Duration::from_millis(u64::from(ms)).min(MAX_MOVE_TIME),
    }
}
