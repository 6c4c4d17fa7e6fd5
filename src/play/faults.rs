//! A panic in a game's rules, contained to its game. Every entry that runs a game's rules,
//! for a call or for the server's own moves (a turn, legal moves, a view, an event
//! stream's views, an analysis, a bot's search, the clock's timeout, catching a copy up
//! with the log), runs them through [`Games::contain`](super::cache::Games::contain) (or,
//! for a stream, [`Games::contain_stream`](super::cache::Games::contain_stream)), which
//! catches the panic there:
//! - the call is answered [`PlayError::RulesFault`](super::error::PlayError::RulesFault);
//! - the fault is counted (`tabula_rules_faults_total{kind}`) and logged once, with the
//!   game's id and kind and nothing of its position or of the move (either may be hidden
//!   information, and a panic's message may show them);
//! - the game is faulted: its copy in memory, which the panic may have left half-changed,
//!   is dropped from the cache, so that reads reload it from the store, whose log takes a
//!   turn only once the rules have played it whole: the last good state. Every later turn
//!   on the game is refused [`PlayError::GameFaulted`], those of its bots and of its clock
//!   included, and they stop asking; but a service key may still abort or adjudicate it
//!   (an end outside the rules), so that a series or a tournament waiting on it goes on.
//!
//! The mark is stored ([`Store::mark_faulted`](crate::store::Store::mark_faulted)) before
//! the call is answered, so that it holds after a restart and on every replica: the store
//! clears the game's deadline, other replicas hear of it ([`ChangeKind::Faulted`]
//! (crate::store::ChangeKind::Faulted)), and an append from a copy that does not hold the
//! game faulted is refused, so that such a copy catches up, and is faulted, before any turn
//! of its own is stored.
//!
//! Outside the containment: loading a game, which replays turns the same rules played whole
//! before. Rust's panic hook runs before any catch: the hub installs one
//! ([`quiet_rules_panics`]) that leaves out the message of a panic in a game's rules.

use std::collections::HashSet;
use std::panic::AssertUnwindSafe;
use std::sync::{Mutex, MutexGuard};

use futures_util::{FutureExt, Stream, StreamExt};

use super::live::LiveGame;
use super::metrics::RULES_FAULTS;

/// What a game's rules were running for when they panicked, named in the fault's log line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesCall {
    /// A turn: a seat's, a service key's, the engine's, the clock's, or an announcement of
    /// a seat's presence.
    Turn,
    /// Listing a seat's legal moves.
    LegalMoves,
    /// Making a view, of the game as it stands or of a past position, for a call or for
    /// an event stream.
    View,
    /// Analysing a position for a hint.
    Analysis,
    /// Counting and listing a puzzle's solutions.
    Solutions,
    /// Writing a game out in a form of its own (chess's PGN).
    Export,
    /// A bot's search for its move.
    BotSearch,
    /// The clock choosing what a timeout plays.
    Timeout,
    /// Catching a copy of the game up with its log.
    CatchUp,
}

impl RulesCall {
    /// The name the log line gives it.
    pub fn name(self) -> &'static str {
        match self {
            RulesCall::Turn => "turn",
            RulesCall::LegalMoves => "legal_moves",
            RulesCall::View => "view",
            RulesCall::Analysis => "analysis",
            RulesCall::Solutions => "solutions",
            RulesCall::Export => "export",
            RulesCall::BotSearch => "bot_search",
            RulesCall::Timeout => "timeout",
            RulesCall::CatchUp => "catch_up",
        }
    }
}

/// The games whose rules panicked in this process, by id: each copy of one loaded later
/// is faulted as it is loaded.
#[derive(Default)]
pub struct Faults {
    ids: Mutex<HashSet<String>>,
}

impl Faults {
    fn ids(&self) -> MutexGuard<'_, HashSet<String>> {
        // Every change to the set is one insert: a panic cannot leave it half-done.
        self.ids.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Whether game `id`'s rules panicked in this process.
    pub fn contains(&self, id: &str) -> bool {
        self.ids().contains(id)
    }

    /// Remembers game `id` as faulted before this process loaded it (as the store holds it),
    /// without counting or logging the fault again.
    pub fn remember(&self, id: &str) {
        let mut ids = self.ids();
        if !ids.contains(id) {
            ids.insert(id.to_owned());
        }
    }

    /// Faults `live`, whose rules just panicked running for `call`: marks it (this copy and
    /// every later one), counts the fault and logs it.
    pub fn record(&self, live: &LiveGame, call: RulesCall) {
        live.mark_faulted();
        self.ids().insert(live.id.clone());
        let kind = live.config.kind().name();
        metrics::counter!(RULES_FAULTS, "kind" => kind).increment(1);
        // Without the panic's message, which may show the position or the move.
        tracing::error!(
            game_id = %live.id,
            kind,
            during = call.name(),
            "a game's rules panicked: the game is faulted and takes no more moves"
        );
    }
}

/// Runs `rules` to the end, or to a panic in them, which is caught: `Err` holds its payload.
pub async fn caught<T>(rules: impl Future<Output = T>) -> std::thread::Result<T> {
    let mut rules = std::pin::pin!(rules);
    let in_rules = std::future::poll_fn(move |cx| {
        let _scope = RulesScope::enter();
        rules.as_mut().poll(cx)
    });
    // Unwind safety: what a panic may leave half-changed is the game's state: the game is
    // faulted before any turn plays on it again (see `FaultWatch`), and the copy dropped.
    AssertUnwindSafe(in_rules).catch_unwind().await
}

/// The items of `stream`, or, once one panics, that panic's payload, which ends it.
pub fn caught_items<S: Stream>(stream: S) -> impl Stream<Item = std::thread::Result<S::Item>> {
    let mut stream = Box::pin(stream);
    let in_rules = futures_util::stream::poll_fn(move |cx| {
        let _scope = RulesScope::enter();
        stream.as_mut().poll_next(cx)
    });
    // Unwind safety: what a panic may leave half-changed is the stream's own state (a
    // subscription's copy of the game), which ends with it.
    AssertUnwindSafe(in_rules).catch_unwind()
}

thread_local! {
    /// How many contained runs of a game's rules this thread is inside.
    static RULES_DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// While held, the thread runs a game's rules inside the containment: a panic there is a
/// rules fault, whose message [`quiet_rules_panics`] keeps out of the process's output.
pub struct RulesScope(());

impl RulesScope {
    /// Enters the scope on this thread until the scope is dropped.
    pub fn enter() -> RulesScope {
        RULES_DEPTH.with(|depth| depth.set(depth.get() + 1));
        RulesScope(())
    }

    /// Whether this thread is inside one now: a search handed to another thread takes the
    /// answer with it.
    pub fn entered() -> bool {
        RULES_DEPTH.with(|depth| depth.get() > 0)
    }
}

impl Drop for RulesScope {
    fn drop(&mut self) {
        RULES_DEPTH.with(|depth| depth.set(depth.get().saturating_sub(1)));
    }
}

/// Installs a panic hook that, for a panic inside a game's rules ([`RulesScope`]), logs
/// where it happened and not its message, which may show a position or a move, hidden
/// information included; any other panic goes to the hook installed before, as it did. The
/// fault itself is logged when it is caught, with its game. Installed once a process,
/// however often called.
pub fn quiet_rules_panics() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        let earlier = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if RulesScope::entered() {
                let location = info.location().map(|at| format!("{}:{}", at.file(), at.line())).unwrap_or_default();
                QUIETED.with(|quieted| quieted.set(quieted.get() + 1));
                tracing::error!(%location, "a game's rules panicked; its message is withheld, as it may show hidden information");
            } else {
                earlier(info);
            }
        }));
    });
}

thread_local! {
    /// How many panics on this thread [`quiet_rules_panics`]'s hook kept the message of
    /// out of the output.
    static QUIETED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many panics in a game's rules on this thread the hook has quieted.
#[cfg(test)]
pub fn quieted() -> u64 {
    QUIETED.with(std::cell::Cell::get)
}

/// Marks its game faulted when dropped while a panic unwinds. Declared just after a guard
/// of the game's state, it drops before the guard: the game is marked before the lock lets
/// the next caller in, so no turn ever plays on what the panic left.
pub struct FaultWatch<'game>(pub &'game LiveGame);

impl Drop for FaultWatch<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.mark_faulted();
        }
    }
}
