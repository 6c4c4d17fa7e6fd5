//! Every game Tabula hosts, and the registry that lists them.
//!
//! Adding a game touches these places, and no others (the README's "Adding a game" walks
//! through them):
//! 1. its rules: a module here implementing [`Rules`] and [`Listed`], with its hand-written
//!    positions for every rule and variant (the registry-driven property tests and the
//!    hidden-information suite pick the new kind up by themselves). A refusal no existing
//!    [`Reason`](crate::engine::Reason) fits is one line in the `reasons!` list of
//!    `src/engine/error.rs` and its `ERROR_REASON_` value in `proto/tabula/v1/error.proto`
//!    (a test checks that every reason is in the contract);
//! 2. its proto messages: a `GameKind` value, a config message and its field in
//!    `GameConfig`'s `game` oneof, in `proto/tabula/v1/` (plus any new move or view fields),
//!    then `bash clients/generate.sh`, which regenerates every client's stubs (Python's
//!    `pb.py` re-exports included), and `bash clients/check.sh`;
//! 3. its conversion module: `src/service/convert/games/<name>.rs`, one line in that
//!    folder's `mod.rs` and one in the `conversions!` list of `src/service/convert/config.rs`;
//! 4. one line in the `registry!` invocation below: the kind, its number in the contract's
//!    `GameKind` enum, and its rules type;
//! 5. its bot, optionally: [`Rules::MAX_BOT_LEVEL`] and [`Rules::bot_action`] default to
//!    one level playing a random legal move; a game may override them (and
//!    [`Rules::evaluate`] for the engine's generic search, `crate::engine::bot`), keeping
//!    its bot code in a `bot` submodule of its own;
//! 6. its test fixtures, where the tests ask for them: a golden script in
//!    `tests/golden/scripts.rs` and the kind's contract number in the independent oracle,
//!    `tests/common/oracle.rs`; then `TABULA_WRITE_GOLDEN=1` records the new kind's golden
//!    games (`cargo test --test store_contract golden_generator -- --ignored`, see
//!    `tests/golden/mod.rs`) and its snapshot fingerprint (`cargo test --test
//!    rules_properties the_snapshot_format`, into `tests/data/snapshot_fingerprints.txt`);
//! 7. its look, optionally: the page and the terminal draw any grid, graph or fleet from the
//!    view's names and labels; a grid drawn as discs, stones or pegs rather than marks is one
//!    line in `STYLES` of `web/src/draw/index.ts`.
//!
//! A new move shape (a new `Action` variant) adds its wire message and conversion
//! (`src/service/convert/moves.rs`), a builder in each client's moves module, and its
//! input in the terminal (`src/cli/terminal/moves.rs`) and the page.

pub mod battleship;
pub mod chess;
pub mod connect_four;
pub mod gomoku;
mod lines;
pub mod morris;
pub mod peg_solitaire;
mod prefetch;
pub mod reversi;
pub mod tic_tac_toe;
pub mod tic_tac_two;

use crate::engine::Presence;
use crate::engine::clock::ClockConfig;
use crate::engine::{
    Action, AnyMatch, ConfigError, Match, PlayOptions, ReplayError, Rules, Seat, SnapshotError, Starter, Turn, Viewer,
};

/// What the catalog says of a game, besides its rules.
pub trait Listed: Rules<Config: Default> {
    /// Name for people, e.g. `Connect Four`.
    const DISPLAY_NAME: &'static str;
    /// What each seat is called, in seat order.
    const SEAT_NAMES: &'static [&'static str];
    /// What the observation's `seat_counts` count, for people (`pegs left`); empty for a
    /// game that counts nothing.
    const SEAT_COUNTS_LABEL: &'static str = "";
    /// `config` with every field left at zero replaced by its default. Random choices stay
    /// random: [`Listed::drawn`] draws them.
    fn with_defaults(config: Self::Config) -> Self::Config;
    /// `config` with the random parts only the game knows drawn now (chess: a random
    /// Chess960 start); the same configuration where it has none. Who starts is drawn by
    /// [`GameConfig::drawn`] for every game.
    fn drawn(config: Self::Config) -> Self::Config {
        config
    }
    /// The named configurations, the first being the default.
    fn presets() -> Vec<Preset<Self::Config>>;
    /// `config` with `options` (see [`Rules::play_options`]); `None` where the rules fix
    /// one of them: who starts, in chess, whose position says who is to move; anything, in
    /// a one-seat puzzle, which always allows takebacks and has nobody to ask.
    fn with_play_options(_config: Self::Config, _options: PlayOptions) -> Option<Self::Config> {
        None
    }
    /// Named configurations on a clock: the game's common time controls.
    fn timed_presets() -> Vec<(Preset<Self::Config>, ClockConfig)> {
        Vec::new()
    }
}

/// A named configuration in the catalog: one of a game's presets, or one on a clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogPreset {
    /// Unique within its game kind.
    pub name: &'static str,
    /// One sentence for people.
    pub description: &'static str,
    /// The game's configuration.
    pub config: GameConfig,
    /// The time control, for a preset on a clock.
    pub clock: Option<ClockConfig>,
}

/// A named configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preset<C> {
    /// Unique within its game kind.
    pub name: &'static str,
    /// One sentence for people.
    pub description: &'static str,
    /// The configuration.
    pub config: C,
}

/// Static facts about one game kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindInfo {
    /// The kind.
    pub kind: GameKind,
    /// Short lower_snake_case name.
    pub name: &'static str,
    /// Name for people.
    pub display_name: &'static str,
    /// Seat names, in seat order; their count is the number of seats.
    pub seat_names: &'static [&'static str],
    /// The configuration an empty config stands for.
    pub default_config: GameConfig,
    /// The named configurations: the game's presets, then those on a clock.
    pub presets: Vec<CatalogPreset>,
}

macro_rules! registry {
    ($($kind:ident = $number:literal => $game:ty),+ $(,)?) => {
        /// Every game kind.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameKind { $($kind),+ }

        /// A configuration of any game; the arm names the kind. Serialised (for stored
        /// records and exported games) as `{"connect_four": {...}}`.
        #[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum GameConfig { $($kind(<$game as Rules>::Config)),+ }

        impl GameKind {
            /// Every kind, in catalog order.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$kind),+];

            /// The kind's number in the contract's `GameKind` enum: fixed forever once
            /// released, like its name.
            pub const fn number(self) -> u32 {
                match self { $(GameKind::$kind => $number),+ }
            }

            /// The kind's short lower_snake_case name ([`Rules::NAME`]), fixed forever like its
            /// number; the same as `info().name` without building the catalog entry.
            pub const fn name(self) -> &'static str {
                match self { $(GameKind::$kind => <$game as Rules>::NAME),+ }
            }

            /// The strongest level of this kind's bot ([`Rules::MAX_BOT_LEVEL`]); level 1
            /// plays a random legal move.
            pub fn max_bot_level(self) -> u8 {
                match self { $(GameKind::$kind => <$game as Rules>::MAX_BOT_LEVEL.max(1)),+ }
            }

            /// Whether the seat to move may ask for hints in a game that does not say: in
            /// a one-seat game (a puzzle), where help harms no opponent; not where seats
            /// play each other.
            pub fn hints_by_default(self) -> bool {
                self.seat_count() == 1
            }

            /// Whether this kind's engine counts and lists a position's solutions
            /// ([`Rules::COUNTS_SOLUTIONS`]): a fact of the game.
            pub fn counts_solutions(self) -> bool {
                match self { $(GameKind::$kind => <$game as Rules>::COUNTS_SOLUTIONS),+ }
            }

            /// How many seats a game of this kind has.
            pub fn seat_count(self) -> usize {
                self.seat_names().len()
            }

            /// The seats' names, in seat order ([`Listed::SEAT_NAMES`]); the same as
            /// `info().seat_names` without building the catalog entry.
            pub const fn seat_names(self) -> &'static [&'static str] {
                match self { $(GameKind::$kind => <$game as Listed>::SEAT_NAMES),+ }
            }

            /// What the kind's `seat_counts` count, for people; see [`Listed::SEAT_COUNTS_LABEL`].
            pub fn seat_counts_label(self) -> &'static str {
                match self { $(GameKind::$kind => <$game as Listed>::SEAT_COUNTS_LABEL),+ }
            }

            /// The kind whose contract number is `number`.
            pub fn from_number(number: u32) -> Option<GameKind> {
                match number { $($number => Some(GameKind::$kind),)+ _ => None }
            }

            /// What the catalog says of this kind.
            pub fn info(self) -> KindInfo {
                match self {
                    $(GameKind::$kind => KindInfo {
                        kind: self,
                        name: self.name(),
                        display_name: <$game as Listed>::DISPLAY_NAME,
                        seat_names: self.seat_names(),
                        default_config: GameConfig::$kind(Default::default()),
                        presets: <$game as Listed>::presets()
                            .into_iter()
                            .map(|p| (p, None))
                            .chain(<$game as Listed>::timed_presets().into_iter().map(|(p, clock)| (p, Some(clock))))
                            .map(|(p, clock)| CatalogPreset {
                                name: p.name,
                                description: p.description,
                                config: GameConfig::$kind(p.config),
                                clock,
                            })
                            .collect(),
                    }),+
                }
            }
        }

        impl GameConfig {
            /// The kind this configuration is for.
            pub fn kind(&self) -> GameKind {
                match self { $(GameConfig::$kind(_) => GameKind::$kind),+ }
            }

            /// Whether some seat of such a game knows what another must not.
            pub fn has_hidden_information(&self) -> bool {
                match self { $(GameConfig::$kind(config) => <$game as Rules>::has_hidden_information(config)),+ }
            }

            /// What `viewer` may see of `action`, taken by `actor` in such a game.
            pub fn public_action(&self, viewer: Viewer, actor: Seat, action: &Action) -> Option<Action> {
                match self { $(GameConfig::$kind(config) => <$game as Rules>::public_action(config, viewer, actor, action)),+ }
            }

            /// Whether the rules take draw offers themselves ([`Rules::OWN_DRAW_OFFERS`]):
            /// an offer is then a move in force, as the rules count it.
            pub fn own_draw_offers(&self) -> bool {
                match self { $(GameConfig::$kind(_) => <$game as Rules>::OWN_DRAW_OFFERS),+ }
            }

            /// The choices about the course of play this configuration made.
            pub fn play_options(&self) -> PlayOptions {
                match self { $(GameConfig::$kind(config) => <$game as Rules>::play_options(config)),+ }
            }

            /// This configuration with `options`; `None` where the rules fix one of them.
            pub fn with_play_options(self, options: PlayOptions) -> Option<GameConfig> {
                match self {
                    $(GameConfig::$kind(config) => <$game as Listed>::with_play_options(config, options).map(GameConfig::$kind)),+
                }
            }
            /// This configuration with the random parts only its game knows drawn now.
            fn drawn_by_its_game(self) -> GameConfig {
                match self { $(GameConfig::$kind(config) => GameConfig::$kind(<$game as Listed>::drawn(config))),+ }
            }

            /// This configuration with every field left at zero replaced by its default.
            pub fn with_defaults(self) -> GameConfig {
                match self { $(GameConfig::$kind(config) => GameConfig::$kind(<$game as Listed>::with_defaults(config))),+ }
            }

            /// A new match.
            ///
            /// # Errors
            /// Every problem with the configuration.
            pub fn new_match(&self) -> Result<Box<dyn AnyMatch>, ConfigError> {
                match self {
                    $(GameConfig::$kind(config) => Ok(Box::new(Match::<$game>::new(config.clone())?))),+
                }
            }

            /// The match that `history` leads to.
            ///
            /// # Errors
            /// When the configuration is invalid or a turn is refused.
            pub fn replay(&self, history: &[Turn]) -> Result<Box<dyn AnyMatch>, ReplayError> {
                match self {
                    $(GameConfig::$kind(config) => Ok(Box::new(Match::<$game>::replay(config.clone(), history)?))),+
                }
            }

            /// The match that a snapshot ([`AnyMatch::snapshot`]) was taken of, provided it
            /// was taken of a match of exactly this configuration. A snapshot only saves
            /// replaying the history it holds: on any error, replay the history instead.
            ///
            /// # Errors
            /// Bytes of another format version or game kind, damaged bytes, or a snapshot
            /// of a match with another configuration.
            pub fn restore(&self, bytes: &[u8]) -> Result<Box<dyn AnyMatch>, SnapshotError> {
                match self {
                    $(GameConfig::$kind(config) => Ok(Box::new(Match::<$game>::restore(config, bytes)?))),+
                }
            }
        }
    };
}

registry! {
    TicTacToe = 1 => tic_tac_toe::TicTacToe,
    ConnectFour = 2 => connect_four::ConnectFour,
    Gomoku = 3 => gomoku::Gomoku,
    TicTacTwo = 4 => tic_tac_two::TicTacTwo,
    Morris = 5 => morris::Morris,
    PegSolitaire = 7 => peg_solitaire::PegSolitaire,
    Battleship = 6 => battleship::Battleship,
    Reversi = 8 => reversi::Reversi,
    Chess = 9 => chess::Chess,
}

impl GameConfig {
    /// This configuration with its random parts drawn now (a random starter, a random
    /// Chess960 start): what a game created from it plays. Apart from
    /// [`GameConfig::with_defaults`], so that a saved configuration stays random and each
    /// game made from it draws anew.
    pub fn drawn(self) -> GameConfig {
        let options = self.play_options();
        let drawn = options.drawn();
        let config = if drawn == options { self } else { self.clone().with_play_options(drawn).unwrap_or(self) };
        config.drawn_by_its_game()
    }

    /// Who moves first, where the rules leave that to the configuration.
    pub fn starter(&self) -> Option<Starter> {
        let options = self.play_options();
        let other = PlayOptions { starter: Starter::SecondSeat, ..options };
        self.clone().with_play_options(other).map(|_| options.starter)
    }

    /// This configuration with `starter` moving first; `None` where the rules fix who
    /// starts.
    pub fn with_starter(self, starter: Starter) -> Option<GameConfig> {
        let options = self.play_options();
        self.with_play_options(PlayOptions { starter, ..options })
    }

    /// Whether a seat may take back its own last move ([`Rules::takebacks_allowed`]).
    pub fn takebacks_allowed(&self) -> bool {
        self.play_options().allow_takebacks
    }

    /// Whether a takeback needs the other seat's consent.
    pub fn takebacks_need_consent(&self) -> bool {
        self.play_options().takeback_consent
    }

    /// The turn `seat` makes to take back its last move: asking for it, where the other
    /// seat must agree.
    pub fn take_back_turn(&self, seat: Seat) -> Turn {
        if self.takebacks_need_consent() { Turn::RequestTakeBack(seat) } else { Turn::TakeBack(seat) }
    }

    /// This configuration letting a seat take back its own last move (as it is where the
    /// rules always allow that).
    pub fn allowing_takebacks(self) -> GameConfig {
        let options = PlayOptions { allow_takebacks: true, ..self.play_options() };
        self.clone().with_play_options(options).unwrap_or(self)
    }

    /// Whether the seats may offer each other a draw ([`Rules::draw_offers_allowed`]).
    pub fn draw_offers_allowed(&self) -> bool {
        self.play_options().allow_draw_offers
    }

    /// This configuration letting the seats offer each other a draw; `None` where the
    /// rules fix it (a one-seat game; chess always allows it, and keeps itself).
    pub fn allowing_draw_offers(self) -> Option<GameConfig> {
        if self.draw_offers_allowed() {
            return Some(self);
        }
        let options = PlayOptions { allow_draw_offers: true, ..self.play_options() };
        self.with_play_options(options)
    }

    /// This configuration keeping its seats' presence as `presence` says; `None` where the
    /// game holds no such choice (a one-seat puzzle).
    pub fn keeping_presence(self, presence: Presence) -> Option<GameConfig> {
        let options = PlayOptions { presence: Some(presence), ..self.play_options() };
        self.with_play_options(options)
    }

    /// This configuration letting the move that ended the game by the rules be taken back
    /// for `window_ms` after it ([`PlayOptions::ending_takeback_ms`]); `None` where the
    /// game holds no such choice.
    pub fn with_ending_takeback(self, window_ms: u64) -> Option<GameConfig> {
        let options = PlayOptions { ending_takeback_ms: Some(window_ms), ..self.play_options() };
        self.with_play_options(options)
    }

    /// This configuration asking the other seat to agree to each takeback; `None` where
    /// there is no other seat to ask.
    pub fn with_takeback_consent(self) -> Option<GameConfig> {
        let options = PlayOptions { takeback_consent: true, ..self.play_options() };
        self.with_play_options(options)
    }
}

impl GameKind {
    /// The kind whose short name is `name`.
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL.iter().copied().find(|kind| kind.name() == name)
    }

    /// The preset of this kind called `name`.
    pub fn preset(self, name: &str) -> Option<CatalogPreset> {
        self.info().presets.into_iter().find(|p| p.name == name)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;

    /// A kind whose views count something says what (the view's `seat_counts_label`), and
    /// only such a kind has a label.
    #[test]
    fn a_kind_that_counts_names_what_it_counts() {
        for kind in GameKind::ALL {
            let game = kind.info().default_config.new_match().unwrap();
            let counts = game.view(Viewer::Spectator).observation.seat_counts;
            assert_eq!(counts.is_empty(), kind.seat_counts_label().is_empty(), "{}: {counts:?}", kind.name());
        }
    }
    use crate::engine::{SearchBudget, Stage};

    /// The seat that takes the first turn alone, after any stage where seats set up at
    /// once (Battleship's fleets).
    fn first_lone_seat(config: &GameConfig) -> Seat {
        let mut game = config.new_match().unwrap();
        let stop = AtomicBool::new(false);
        let mut set_up_together = false;
        loop {
            let to_act = game.to_act();
            let stage = game.view(Viewer::Spectator).observation.stage;
            set_up_together |= to_act.len() > 1;
            if to_act.len() == 1 && !(set_up_together && stage == Some(Stage::Placement)) {
                return to_act[0];
            }
            let seat = to_act[0];
            let action = game.bot_action(seat, 1, SearchBudget::new(1_000, &stop)).expect("a seat to act has a move");
            game.play(&Turn::Move(seat, action)).unwrap();
        }
    }

    #[test]
    fn the_second_seat_starts_wherever_the_rules_leave_the_choice_and_a_random_start_is_drawn_once() {
        let mut choosing = Vec::new();
        for &kind in GameKind::ALL {
            let config = kind.info().default_config;
            assert_eq!(first_lone_seat(&config), Seat::FIRST, "{kind:?}");
            let Some(second) = config.clone().with_starter(Starter::SecondSeat) else {
                assert_eq!(config.starter(), None, "{kind:?}");
                continue;
            };
            choosing.push(kind);
            assert_eq!(second.starter(), Some(Starter::SecondSeat));
            assert_eq!(first_lone_seat(&second), Seat::SECOND, "{kind:?}");
            let random = config.with_starter(Starter::Random).unwrap();
            assert_eq!(random.clone().with_defaults().starter(), Some(Starter::Random), "defaults draw nothing");
            let drawn: Vec<Starter> = (0..64).filter_map(|_| random.clone().drawn().starter()).collect();
            assert!(drawn.contains(&Starter::FirstSeat) && drawn.contains(&Starter::SecondSeat), "{kind:?}: {drawn:?}");
            assert!(!drawn.contains(&Starter::Random), "a created game stores the seat drawn");
        }
        use GameKind::*;
        assert_eq!(choosing, [TicTacToe, ConnectFour, Gomoku, TicTacTwo, Morris, Battleship, Reversi]);
    }
}

#[cfg(test)]
mod takeback_tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::engine::SearchBudget;

    /// Plays random moves until `seat` alone is to act, then one move of `seat`'s.
    fn after_a_move_of_a_lone_seat(config: &GameConfig) -> (Box<dyn AnyMatch>, Box<dyn AnyMatch>, Seat) {
        let mut game = config.new_match().unwrap();
        let stop = AtomicBool::new(false);
        loop {
            let to_act = game.to_act();
            let seat = to_act[0];
            let action = game.bot_action(seat, 1, SearchBudget::new(1_000, &stop)).unwrap();
            let before = game.clone_box();
            game.play(&Turn::Move(seat, action)).unwrap();
            if to_act.len() == 1 && (game.to_act() != [seat] || game.seat_count() == 1) {
                return (before, game, seat);
            }
        }
    }

    #[test]
    fn every_game_allows_takebacks_when_its_configuration_says_so_and_only_then() {
        for &kind in GameKind::ALL {
            let config = kind.info().default_config;
            assert_eq!(config.takebacks_allowed(), kind == GameKind::PegSolitaire, "{kind:?}");
            let (_, mut game, seat) = after_a_move_of_a_lone_seat(&config);
            if !config.takebacks_allowed() {
                let refused = game.play(&Turn::TakeBack(seat)).unwrap_err();
                assert_eq!(refused.reason, crate::engine::Reason::TakebackNotAllowed, "{kind:?}");
            }
            let allowing = config.allowing_takebacks();
            assert!(allowing.takebacks_allowed(), "{kind:?}");
            let (before, mut game, seat) = after_a_move_of_a_lone_seat(&allowing);
            game.play(&Turn::TakeBack(seat)).unwrap_or_else(|e| panic!("{kind:?}: {e}"));
            assert_eq!(
                game.view(Viewer::Spectator).observation,
                before.view(Viewer::Spectator).observation,
                "{kind:?}"
            );
            assert_eq!(game.to_act(), before.to_act(), "{kind:?}");
        }
    }
}

#[cfg(test)]
mod consent_tests {
    use crate::engine::{Action, Match, PlayOptions, Reason, Seat, Turn};
    use crate::games::tic_tac_toe::{Config, TicTacToe};

    fn consenting() -> Match<TicTacToe> {
        Match::new(Config {
            play: PlayOptions { allow_takebacks: true, takeback_consent: true, ..PlayOptions::default() },
            ..Config::default()
        })
        .unwrap()
    }

    #[test]
    fn a_takeback_is_asked_for_and_undone_only_when_the_other_seat_agrees() {
        let (x, o) = (Seat::FIRST, Seat::SECOND);
        let mut game = consenting();
        game.apply(x, &Action::place(1, 1)).unwrap();
        assert_eq!(game.take_back(x).unwrap_err().reason, Reason::TakebackNotAllowed, "asking is the only way");
        assert_eq!(game.request_take_back(o).unwrap_err().reason, Reason::NothingToTakeBack);
        assert_eq!(game.answer_take_back(o, true).unwrap_err().reason, Reason::NoTakebackRequest);
        game.request_take_back(x).unwrap();
        assert_eq!(game.takeback_request(), Some(x));
        assert_eq!(game.view(crate::engine::Viewer::Spectator).takeback_request, Some(x));
        assert_eq!(game.request_take_back(x).unwrap_err().reason, Reason::TakebackAlreadyRequested);
        assert_eq!(game.answer_take_back(x, true).unwrap_err().reason, Reason::NoTakebackRequest, "not one's own");
        // Declined: the move stands and O is still to move.
        game.answer_take_back(o, false).unwrap();
        assert_eq!((game.takeback_request(), game.move_count(), game.to_act()), (None, 1, vec![o]));
        // Asked again and agreed to: X's mark is gone and X is to move.
        game.request_take_back(x).unwrap();
        game.answer_take_back(o, true).unwrap();
        assert_eq!((game.takeback_request(), game.move_count(), game.to_act()), (None, 0, vec![x]));
        // A request lapses when the other seat moves instead of answering.
        game.apply(x, &Action::place(0, 0)).unwrap();
        game.request_take_back(x).unwrap();
        game.apply(o, &Action::place(2, 2)).unwrap();
        assert_eq!(game.takeback_request(), None);
        assert_eq!(game.answer_take_back(o, true).unwrap_err().reason, Reason::NoTakebackRequest);
        // The history replays to the same match, requests and answers included.
        let replayed = Match::<TicTacToe>::replay(game.config().clone(), game.history()).unwrap();
        assert_eq!(replayed, game);
        assert!(game.history().iter().any(|turn| matches!(turn, Turn::AnswerTakeBack { accept: false, .. })));
    }

    #[test]
    fn a_waiting_request_is_kept_by_replays_and_snapshots_and_consent_needs_takebacks() {
        let mut game = consenting();
        game.apply(Seat::FIRST, &Action::place(1, 1)).unwrap();
        game.request_take_back(Seat::FIRST).unwrap();
        let replayed = Match::<TicTacToe>::replay(game.config().clone(), game.history()).unwrap();
        assert_eq!(replayed.takeback_request(), Some(Seat::FIRST));
        let restored = Match::<TicTacToe>::restore(game.config(), &game.snapshot()).unwrap();
        assert_eq!(restored, game);
        let error = Match::<TicTacToe>::new(Config {
            play: PlayOptions { takeback_consent: true, ..PlayOptions::default() },
            ..Config::default()
        })
        .unwrap_err();
        assert_eq!(error.violations[0].field, "takeback_consent");
        let mut free = Match::<TicTacToe>::new(Config {
            play: PlayOptions { allow_takebacks: true, ..PlayOptions::default() },
            ..Config::default()
        })
        .unwrap();
        free.apply(Seat::FIRST, &Action::place(1, 1)).unwrap();
        assert_eq!(free.request_take_back(Seat::FIRST).unwrap_err().reason, Reason::TakebackNotAllowed);
    }
}

#[cfg(test)]
mod ending_takeback_tests;

#[cfg(test)]
mod draw_offer_tests {
    use super::GameKind;
    use crate::engine::{Action, AnyMatch, DrawReason, Outcome, Reason, Seat, Turn, Viewer};

    /// A move of `seat`'s that is not about a draw: the first its legal moves list.
    fn a_move_of(game: &dyn AnyMatch, seat: Seat) -> Action {
        let draws =
            [Action::OfferDraw, Action::AcceptDraw, Action::DeclineDraw, Action::ClaimDraw, Action::WithdrawDraw];
        game.legal_moves(seat).into_iter().find(|action| !draws.contains(action)).expect("a move to make")
    }

    fn seat_to_act(game: &dyn AnyMatch) -> Seat {
        game.to_act()[0]
    }

    /// Plays `action` for the seat to act.
    fn play(game: &mut dyn AnyMatch, seat: Seat, action: Action) {
        game.play(&Turn::Move(seat, action.clone())).unwrap_or_else(|e| panic!("{seat} {action:?}: {e}"));
    }

    #[test]
    fn every_two_seat_game_takes_draw_offers_when_its_configuration_allows_them() {
        for kind in GameKind::ALL.iter().copied().filter(|kind| kind.seat_count() == 2 && *kind != GameKind::Chess) {
            let config = kind.info().default_config;
            assert!(!config.draw_offers_allowed(), "{kind:?}: off by default");
            let mut plain = config.new_match().unwrap();
            let seat = seat_to_act(plain.as_ref());
            let before = plain.snapshot();
            let refused = plain.play(&Turn::Move(seat, Action::OfferDraw)).unwrap_err();
            assert_eq!(refused.reason, Reason::MoveKindNotAllowed, "{kind:?}");
            assert_eq!(plain.snapshot(), before, "{kind:?}: a refused offer changes nothing");
            assert!(!plain.legal_moves(seat).contains(&Action::OfferDraw), "{kind:?}");

            let allowing = config.allowing_draw_offers().unwrap();
            assert!(allowing.draw_offers_allowed(), "{kind:?}");
            let mut game = allowing.new_match().unwrap();
            let first = seat_to_act(game.as_ref());
            assert!(game.legal_moves(first).contains(&Action::OfferDraw), "{kind:?}");
            // Offered: shown to everyone, the offering seat still to move.
            play(game.as_mut(), first, Action::OfferDraw);
            assert_eq!(game.view(Viewer::Spectator).observation.draw_offer, Some(first), "{kind:?}");
            assert!(!game.legal_moves(first).contains(&Action::OfferDraw), "{kind:?}: one offer at a time");
            let twice = game.play(&Turn::Move(first, Action::OfferDraw)).unwrap_err();
            assert_eq!(twice.reason, Reason::DrawAlreadyOffered, "{kind:?}");
            let own = game.play(&Turn::Move(first, Action::AcceptDraw)).unwrap_err();
            assert_eq!(own.reason, Reason::NoDrawOffer, "{kind:?}: not one's own");
            assert_eq!(game.move_count(), 0, "{kind:?}: an offer is not a move");
            let moved = a_move_of(game.as_ref(), first);
            play(game.as_mut(), first, moved);
            assert_eq!(game.view(Viewer::Spectator).observation.draw_offer, Some(first), "{kind:?}: it stands");
            // Declined by the other seat; offered again, then let lapse by a move.
            let other = first.opponent();
            assert!(game.to_act().contains(&other), "{kind:?}");
            assert!(game.legal_moves(other).contains(&Action::AcceptDraw), "{kind:?}");
            play(game.as_mut(), other, Action::DeclineDraw);
            assert_eq!(game.view(Viewer::Spectator).observation.draw_offer, None, "{kind:?}");
            assert!(game.to_act().contains(&other), "{kind:?}: the declining seat still moves");
            play(game.as_mut(), other, Action::OfferDraw);
            let moved = a_move_of(game.as_ref(), other);
            play(game.as_mut(), other, moved);
            let answering = other.opponent();
            let moved = a_move_of(game.as_ref(), answering);
            play(game.as_mut(), answering, moved);
            assert_eq!(game.view(Viewer::Spectator).observation.draw_offer, None, "{kind:?}: a move declines");
            // Offered and accepted: drawn by agreement, and no offer shown after the end.
            let offering = other;
            play(game.as_mut(), offering, Action::OfferDraw);
            let moved = a_move_of(game.as_ref(), offering);
            play(game.as_mut(), offering, moved);
            let accepting = offering.opponent();
            let undo = game.play_undoably(&Turn::Move(accepting, Action::AcceptDraw)).unwrap();
            assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::Agreement }), "{kind:?}");
            assert_eq!(game.view(Viewer::Spectator).observation.draw_offer, None, "{kind:?}");
            // The history replays, and a snapshot restores, to the same match; the last
            // turn undoes to the offer still waiting.
            let replayed = allowing.replay(game.history()).unwrap();
            assert_eq!(replayed.snapshot(), game.snapshot(), "{kind:?}");
            let restored = allowing.restore(&game.snapshot()).unwrap();
            assert_eq!(restored.outcome(), game.outcome(), "{kind:?}");
            game.undo(undo);
            assert_eq!(game.outcome(), None, "{kind:?}");
            assert_eq!(game.view(Viewer::Spectator).observation.draw_offer, Some(offering), "{kind:?}");
        }
    }

    #[test]
    fn a_seat_offers_once_between_its_moves_even_where_both_seats_act_at_once() {
        // Battleship's setup: both seats place their fleets at once.
        let config = GameKind::Battleship.info().default_config.allowing_draw_offers().unwrap();
        let mut game = config.new_match().unwrap();
        let (first, second) = (Seat::FIRST, Seat::SECOND);
        assert_eq!(game.to_act(), [first, second]);
        play(game.as_mut(), first, Action::OfferDraw);
        play(game.as_mut(), second, Action::DeclineDraw);
        let again = game.play(&Turn::Move(first, Action::OfferDraw)).unwrap_err();
        assert_eq!(again.reason, Reason::DrawAlreadyOffered, "not before a move");
        assert!(!game.legal_moves(first).contains(&Action::OfferDraw));
        let placed = a_move_of(game.as_ref(), first);
        play(game.as_mut(), first, placed);
        assert!(game.legal_moves(first).contains(&Action::OfferDraw), "after a move, again");
        play(game.as_mut(), first, Action::OfferDraw);
    }

    /// Plays `turns` on a new match of `config`, and checks that the history replays, and a
    /// snapshot restores, to the very match played.
    fn played_replayed_and_restored_alike(config: &super::GameConfig, turns: &[Turn]) -> Box<dyn AnyMatch> {
        let mut game = config.new_match().unwrap();
        for turn in turns {
            game.play(turn).unwrap_or_else(|e| panic!("{turn:?}: {e}"));
        }
        let replayed = config.replay(game.history()).unwrap();
        assert!(replayed.same_state(game.as_ref()), "the replay of {turns:?} differs");
        let restored = config.restore(&game.snapshot()).unwrap();
        assert!(restored.same_state(game.as_ref()), "the restore of {turns:?} differs");
        game
    }

    /// In every two-seat game allowing offers, chess (whose rules keep the offers) among
    /// them: a seat withdraws its own waiting offer on its turn or on the other's, not the
    /// other's offer nor none; and offers again only after its next move.
    #[test]
    fn a_seat_withdraws_its_offer_on_either_turn_and_offers_again_only_after_moving() {
        for kind in GameKind::ALL.iter().copied().filter(|kind| kind.seat_count() == 2) {
            let config = kind.info().default_config.allowing_draw_offers().unwrap();
            let mut game = config.new_match().unwrap();
            let first = seat_to_act(game.as_ref());
            let other = first.opponent();
            let none = game.play(&Turn::Move(first, Action::WithdrawDraw)).unwrap_err();
            assert_eq!(none.reason, Reason::NoDrawOffer, "{kind:?}: nothing to withdraw");
            // On its own turn, before moving.
            play(game.as_mut(), first, Action::OfferDraw);
            assert!(game.legal_moves(first).contains(&Action::WithdrawDraw), "{kind:?}");
            let not_theirs = game.play(&Turn::Move(other, Action::WithdrawDraw)).unwrap_err();
            assert_eq!(not_theirs.reason, Reason::NoDrawOffer, "{kind:?}: only one's own");
            play(game.as_mut(), first, Action::WithdrawDraw);
            assert_eq!(game.view(Viewer::Spectator).observation.draw_offer, None, "{kind:?}");
            let again = game.play(&Turn::Move(first, Action::OfferDraw)).unwrap_err();
            assert_eq!(again.reason, Reason::DrawAlreadyOffered, "{kind:?}: one offer a move");
            assert!(!game.legal_moves(first).contains(&Action::OfferDraw), "{kind:?}");
            let moved = a_move_of(game.as_ref(), first);
            play(game.as_mut(), first, moved);
            // The other offers and moves; then withdraws on the first seat's turn.
            if !game.to_act().contains(&other) {
                continue; // Both seats act at once: the turns above cover it.
            }
            play(game.as_mut(), other, Action::OfferDraw);
            let moved = a_move_of(game.as_ref(), other);
            play(game.as_mut(), other, moved);
            assert_eq!(game.view(Viewer::Spectator).observation.draw_offer, Some(other), "{kind:?}");
            if game.to_act().contains(&other) {
                continue; // Battleship: a seat places its whole fleet over several turns of its own.
            }
            let turns = game.history().to_vec();
            play(game.as_mut(), other, Action::WithdrawDraw);
            assert_eq!(game.view(Viewer::Spectator).observation.draw_offer, None, "{kind:?}");
            let gone = game.play(&Turn::Move(first, Action::AcceptDraw)).unwrap_err();
            assert_eq!(gone.reason, Reason::NoDrawOffer, "{kind:?}: withdrawn, nothing to accept");
            assert!(game.to_act().contains(&first), "{kind:?}: a withdrawal passes no turn");
            let mut withdrawn = turns;
            withdrawn.push(Turn::Move(other, Action::WithdrawDraw));
            played_replayed_and_restored_alike(&config, &withdrawn);
        }
    }

    #[test]
    fn an_answer_to_a_takeback_request_lapses_a_draw_offer_and_an_offer_leaves_the_request_waiting() {
        let config = GameKind::TicTacToe.info().default_config.allowing_draw_offers().unwrap();
        let config = config.allowing_takebacks().with_takeback_consent().unwrap();
        let (first, second) = (Seat::FIRST, Seat::SECOND);
        // The first seat offers, moves (its offer stands) and asks for its move back: the
        // second seat's answer is its turn, and lapses the offer, accepted or not.
        for accept in [true, false] {
            let game = played_replayed_and_restored_alike(
                &config,
                &[
                    Turn::Move(first, Action::OfferDraw),
                    Turn::Move(first, Action::place(1, 1)),
                    Turn::RequestTakeBack(first),
                    Turn::AnswerTakeBack { seat: second, accept },
                ],
            );
            assert_eq!(game.view(Viewer::Spectator).observation.draw_offer, None, "answered ({accept})");
        }
        // The second seat offers a draw while the first seat's request waits: the offer is
        // no move, so the request still waits for its answer.
        let game = played_replayed_and_restored_alike(
            &config,
            &[
                Turn::Move(first, Action::place(1, 1)),
                Turn::RequestTakeBack(first),
                Turn::Move(second, Action::OfferDraw),
            ],
        );
        let view = game.view(Viewer::Spectator);
        assert_eq!((view.takeback_request, view.observation.draw_offer), (Some(first), Some(second)));
    }

    #[test]
    fn a_one_seat_game_has_nobody_to_offer_a_draw_to_and_chess_always_allows_offers() {
        assert!(GameKind::PegSolitaire.info().default_config.allowing_draw_offers().is_none());
        let chess = GameKind::Chess.info().default_config;
        assert!(chess.draw_offers_allowed());
        assert_eq!(chess.clone().allowing_draw_offers(), Some(chess));
    }
}
