use std::fmt::Debug;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{
    Action, Analysis, ConfigError, CountingStopped, MoveError, Mover, Observation, Outcome, PlayOptions, Reason, Seat,
    SolutionRange, Solutions, Viewer, bot,
};

/// The rules of one game: a position and how moves change it.
///
/// This is the whole interface a game implements; everything games share (turn checks,
/// resignation, the move log, replay, views' common fields) lives in
/// [`Match`](super::Match), which calls these methods.
///
/// Invariants every implementation keeps:
/// - `to_act()` is empty exactly when `outcome()` is `Some`. A game that overrides
///   [`conclude`](Rules::conclude) keeps the outcome it is given, so that this holds
///   after it too; under the default `conclude` the position never learns of the ending
///   and [`Match`](super::Match) masks its seats to act.
/// - `apply` is only ever called for a seat in `to_act()` of a game that is not over: the
///   [`Mover`] it takes proves it, and only [`Match`](super::Match) can make one. A game
///   that does the work in a method of its own (for its searches, perft or tests) keeps
///   that precondition there itself.
/// - `legal_moves(seat)` lists exactly the actions `apply` accepts from a [`Mover`] for
///   `seat`, and is empty for a seat not in `to_act()`.
/// - `apply` either changes the position and returns `Ok`, or returns `Err` and leaves
///   the position exactly as it was.
/// - The position is a function of the configuration, the moves applied and, when the
///   game ended outside the rules, the outcome given to `conclude`: replaying the same
///   moves from `new(config)` (and concluding with the same outcome) gives an equal value.
/// - The serde form of the position and of the configuration is their complete state: a
///   value that goes through a snapshot (see [`Match::snapshot`](super::Match::snapshot))
///   comes back equal. Changing that form's shape means bumping
///   [`SNAPSHOT_VERSION`](super::SNAPSHOT_VERSION).
pub trait Rules: Clone + Eq + Debug + Send + Sync + Serialize + DeserializeOwned + 'static {
    /// Settings fixed when a game is created, with every default filled in.
    type Config: Clone + Eq + Debug + Send + Sync + Serialize + DeserializeOwned + 'static;

    /// Short lower_snake_case name, e.g. `connect_four`. Stable: it names the game in the
    /// catalog and tags its snapshots.
    const NAME: &'static str;

    /// The starting position for `config`.
    ///
    /// # Errors
    /// Every problem with `config`, all at once.
    fn new(config: &Self::Config) -> Result<Self, ConfigError>;

    /// Number of seats.
    fn seat_count(&self) -> usize;

    /// The seats that may act now; empty once the game is over.
    fn to_act(&self) -> Vec<Seat>;

    /// Every action `seat` may take now, in a stable order.
    fn legal_moves(&self, seat: Seat) -> Vec<Action>;

    /// Applies `action` for the seat of `mover`. The game is not over and that seat is in
    /// `to_act()`: [`Match`](super::Match), the only maker of a [`Mover`], has checked
    /// both, so the game need not check them again.
    ///
    /// # Errors
    /// Why the action is illegal; the position is then unchanged.
    fn apply(&mut self, mover: Mover, action: &Action) -> Result<(), MoveError>;

    /// The result once the game is over: by the rules' own play, or the outcome given to
    /// [`conclude`](Rules::conclude) where the game keeps it. [`Match`](super::Match)
    /// records endings outside the rules itself and prefers its own record.
    fn outcome(&self) -> Option<Outcome>;

    /// The game ended other than by the rules' own play (resignation now; later a
    /// timeout, an abort or an adjudication): move the position to its final stage so
    /// that it shows what the configuration reveals at the end.
    ///
    /// [`Match`](super::Match) calls it when a game the rules had not ended ends by
    /// `outcome`, and accepts no move, takeback or second ending after it. It must be
    /// idempotent: calling it again with the same outcome changes nothing, because
    /// restoring a snapshot calls it again on a position that already includes it (and
    /// so brings up to date a snapshot written before the game concluded). The default
    /// does nothing, which suits every game whose observation does not depend on the
    /// game being over.
    fn conclude(&mut self, outcome: &Outcome) {
        let _ = outcome;
    }

    /// Whether `seat` could still win from here by some series of legal moves, however
    /// unlikely: a seat whose opponent runs out of time wins only if it could (FIDE's rule
    /// for chess). The default, true, suits every game where any seat can still win.
    fn could_win(&self, seat: Seat) -> bool {
        let _ = seat;
        true
    }

    /// The position as `viewer` may see it. Anything `viewer` may not see must be absent.
    fn observe(&self, viewer: Viewer) -> Observation;

    /// What `viewer` may see of an action `actor` took: the action itself for public
    /// information, `None` when it must stay hidden. A fact of the configuration and the
    /// action alone, never of a position, so that it judges old events as well as new.
    fn public_action(config: &Self::Config, viewer: Viewer, actor: Seat, action: &Action) -> Option<Action> {
        let _ = (config, viewer, actor);
        Some(action.clone())
    }

    /// A short description of `action` for people, e.g. `b3` or `column 4`: the label
    /// of a legal move, and the name front ends give it.
    fn describe(&self, action: &Action) -> String;

    /// The label of `action`, the move that led to this position: [`Rules::describe`] of
    /// it unless the game names a move by the position before it (chess's SAN), in which
    /// case the game keeps the name as it plays and returns it here.
    fn describe_last(&self, action: &Action) -> String {
        self.describe(action)
    }

    /// True when some seat knows something another seat or a spectator must not: then
    /// only a seat itself may list its legal moves, since they can betray its secrets. A
    /// fact of the configuration.
    fn has_hidden_information(config: &Self::Config) -> bool {
        let _ = config;
        false
    }

    /// True when playing `action` showed `actor` something it could not see before, about
    /// what another seat hides (a Battleship shot's hit or miss): such a move can never be
    /// taken back, with or without consent, or a seat could probe the hidden information
    /// move by move and undo every probe. A fact of the configuration and the action
    /// alone, like [`public_action`](Rules::public_action). Every game with hidden
    /// information that lets a move uncover some of it must say so here; the default,
    /// false, suits every game in which no move uncovers anything.
    fn reveals_to_mover(config: &Self::Config, actor: Seat, action: &Action) -> bool {
        let _ = (config, actor, action);
        false
    }

    /// The action in the game's compact machine notation (UCI for chess), for games that
    /// have one.
    fn machine_notation(&self, action: &Action) -> Option<String> {
        let _ = action;
        None
    }

    /// The choices about the course of play that `config` made (who starts, takebacks);
    /// the defaults for a game whose configuration offers none.
    fn play_options(config: &Self::Config) -> PlayOptions {
        let _ = config;
        PlayOptions::default()
    }

    /// True when a seat may take back its last move (see
    /// [`Match::take_back`](super::Match::take_back)). A fact of the configuration.
    fn takebacks_allowed(config: &Self::Config) -> bool {
        Self::play_options(config).allow_takebacks
    }

    /// True when the rules themselves take draw offers and their answers as actions (chess,
    /// whose position holds the offer); otherwise the match handles them, where the
    /// configuration allows them ([`Rules::draw_offers_allowed`]).
    const OWN_DRAW_OFFERS: bool = false;

    /// Where the rules keep the offers ([`Rules::OWN_DRAW_OFFERS`]): `seat` withdraws its
    /// offer waiting for an answer, on either seat's turn.
    ///
    /// # Errors
    /// `NoDrawOffer` when `seat` has none waiting (always, for rules that keep none).
    fn withdraw_draw_offer(&mut self, seat: Seat) -> Result<(), MoveError> {
        let _ = seat;
        Err(MoveError::new(Reason::NoDrawOffer, "you have no draw offer waiting to withdraw"))
    }

    /// True when the seats may offer each other a draw (`Action::OfferDraw`) and accept or
    /// decline it: always where the rules handle offers themselves, otherwise as the
    /// configuration chose, in two-seat games. A fact of the configuration.
    fn draw_offers_allowed(config: &Self::Config) -> bool {
        Self::OWN_DRAW_OFFERS || Self::play_options(config).allow_draw_offers
    }

    /// True when a takeback needs the other seat's consent: a seat asks
    /// ([`Match::request_take_back`](super::Match::request_take_back)) instead of taking
    /// its move back at once. Only where takebacks are allowed, in two-seat games.
    fn takebacks_need_consent(config: &Self::Config) -> bool {
        Self::play_options(config).takeback_consent
    }

    /// The engine's analysis for `seat`, the seat to act in a game that is not over,
    /// searching within `budget` ([`Match::analyse`](super::Match::analyse) checks both):
    /// the move it suggests, the line it expects, and the score, exact where the engine
    /// proves it. The strongest play the game's engine has, never weakened by a level.
    ///
    /// Invariants every implementation keeps:
    /// - It returns soon after `budget`'s stop flag is set or its node budget is spent,
    ///   with its best line so far ([`Score::Unknown`] and no line only when it judged no
    ///   move at all).
    /// - Every move of the line is legal where it is played, and a [`Score::Exact`] is
    ///   proven.
    /// - Like [`bot_action`](Rules::bot_action), it decides only from what `seat` may see,
    ///   and `seed` seeds every random choice.
    ///
    /// The default is the generic search ([`bot::analyse`](super::bot::analyse)) over every
    /// legal move, judged at its horizon by [`evaluate`](Rules::evaluate).
    fn analyse(&self, seat: Seat, budget: SearchBudget<'_>, seed: u64) -> Analysis {
        bot::analyse_deeply(self, seat, budget, seed, &bot::legal_candidates::<Self>, bot::Width::Full)
    }

    /// Whether [`analyse`](Rules::analyse) shares its work between the threads its budget
    /// allows ([`SearchBudget::threads`]), so that lending it more is worth it. False by
    /// default: a search on one thread.
    fn analysis_shares_work(&self) -> bool {
        false
    }

    /// Whether [`solutions`](Rules::solutions) answers: true for a puzzle whose engine
    /// counts its solutions exactly. A fact of the game.
    const COUNTS_SOLUTIONS: bool = false;

    /// For a puzzle: every distinct move sequence that solves it from here, counted exactly,
    /// and those of `range` listed, searching within `budget`; `None` for a game that is
    /// not a puzzle (the default). Facts about the position, the same in any process.
    ///
    /// Invariants every implementation keeps: the count is exact or the answer is
    /// [`CountingStopped`], returned soon after `budget`'s stop flag is set or its node
    /// budget is spent; every listed solution is a sequence of moves legal one after the
    /// other that ends the puzzle solved (see [`Solutions`]).
    fn solutions(&self, range: SolutionRange, budget: SearchBudget<'_>) -> Option<Result<Solutions, CountingStopped>> {
        let _ = (range, budget);
        None
    }

    /// The strongest level of this game's bot; level 1, the weakest, plays a uniformly
    /// random legal move. A fact of the game.
    const MAX_BOT_LEVEL: u8 = 1;

    /// The action the bot playing `seat` chooses at `level` (1..=[`MAX_BOT_LEVEL`]; callers
    /// clamp), searching within `budget`.
    ///
    /// Invariants every implementation keeps:
    /// - It returns soon after `budget`'s stop flag is set or its node budget is spent,
    ///   with its best move so far: never `None` while `seat` has a legal move, and `None`
    ///   only when it has none.
    /// - The action returned is one of `legal_moves(seat)`, or (for whole-fleet
    ///   placements, which are accepted without being listed) one that `apply` accepts.
    /// - It decides only from what `seat` may see: a game with hidden information works
    ///   from `self.observe(Viewer::Seat(seat))` (and the public configuration) alone, so
    ///   that two positions `seat` cannot tell apart get the same choice.
    /// - `seed` seeds every random choice: equal positions (or, with hidden information,
    ///   equal views), levels, budgets and seeds give equal choices.
    ///
    /// The default plays a uniformly random legal move, whatever the level (see
    /// [`bot::random_action`](super::bot::random_action)).
    ///
    /// [`MAX_BOT_LEVEL`]: Rules::MAX_BOT_LEVEL
    fn bot_action(&self, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
        let _ = (level, budget);
        super::bot::random_action(self, seat, seed)
    }

    /// A static evaluation of a position that is not over, from `seat`'s side: higher is
    /// better for `seat`, 0 is even. Used at the leaves of the generic search
    /// ([`bot::search`](super::bot::search)); its magnitude must stay well below
    /// [`bot::WIN`](super::bot::WIN) (values are clamped to [`bot::MAX_EVAL`](super::bot::MAX_EVAL)).
    fn evaluate(&self, seat: Seat) -> i32 {
        let _ = seat;
        0
    }
}

/// What bounds a search: the positions it may expand, and a flag its caller sets to stop
/// it at once (the caller went away). A search checks the flag often enough to return
/// within milliseconds of it being set.
#[derive(Clone, Copy, Debug)]
pub struct SearchBudget<'a> {
    /// Positions the search may expand, on all its threads together.
    pub nodes: u64,
    /// Set by the caller when the answer is no longer wanted.
    pub stop: &'a AtomicBool,
    /// Threads the search may run on at once (at least 1); a search that cannot share
    /// its work runs on one.
    pub threads: usize,
}

impl<'a> SearchBudget<'a> {
    /// A budget of `nodes` positions on one thread that stops early once `stop` is set.
    pub fn new(nodes: u64, stop: &'a AtomicBool) -> SearchBudget<'a> {
        SearchBudget { nodes, stop, threads: 1 }
    }

    /// This budget on up to `threads` threads (at least 1).
    pub fn on_threads(self, threads: usize) -> SearchBudget<'a> {
        SearchBudget { threads: threads.max(1), ..self }
    }

    /// Whether the caller asked the search to stop.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}
