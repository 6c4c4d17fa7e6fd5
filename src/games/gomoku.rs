//! Gomoku: seats place stones on a large board; the first with `win_length` stones in a
//! row wins.
//!
//! | parameter        | range | default |
//! |------------------|-------|---------|
//! | `width`          | 9..=19 | 15     |
//! | `height`         | 9..=19 | 15     |
//! | `win_length`     | 4..=6  | 5      |
//! | `allow_overline` | bool   | false: only exactly `win_length` wins |
//! | `pro_opening`    | bool   | false  |
//! | `blocked`        | cells on the board, distinct, not the centre under the pro opening | none |
//! | `starter`        | first seat, second seat, or random at creation | first seat |
//!
//! With the pro opening, the first stone goes on the centre cell (row `(height - 1) / 2`,
//! column `(width - 1) / 2`) and the first seat's second stone at least three cells from
//! it (Chebyshev distance: three rows or three columns away).

use serde::{Deserialize, Serialize};

use crate::engine::grid::{Dims, MarkBoard, check_blocked_cells};
use crate::engine::{
    Action, Analysis, Cell, ConfigError, MoveError, Mover, Observation, Outcome, PlaceTarget, PlayOptions, Reason,
    Rules, SearchBudget, Seat, Viewer,
};

use super::tic_tac_toe::{check_empty, describe_placement, placed_cell};
use super::{Listed, Preset};

mod bot;

/// Smallest and largest board side accepted.
pub const SIDES: std::ops::RangeInclusive<u32> = 9..=19;
/// Minimum Chebyshev distance from the centre of the first seat's second stone under the
/// pro opening.
pub const PRO_OPENING_DISTANCE: u32 = 3;

/// Gomoku settings. A zero field stands for its default.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Config {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Stones in a row needed to win.
    pub win_length: u32,
    /// Whether a line longer than `win_length` also wins.
    pub allow_overline: bool,
    /// Whether the pro opening restrictions apply.
    pub pro_opening: bool,
    /// Cells nobody may place a stone on; no line runs through them.
    #[serde(default)]
    pub blocked: Vec<Cell>,
    /// Who starts, and takebacks; the defaults in configurations stored before they
    /// existed.
    #[serde(default)]
    pub play: PlayOptions,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            width: 15,
            height: 15,
            win_length: 5,
            allow_overline: false,
            pro_opening: false,
            blocked: Vec::new(),
            play: PlayOptions::default(),
        }
    }
}

impl Config {
    /// This configuration with every zero field replaced by its default.
    pub fn with_defaults(self) -> Config {
        let d = Config::default();
        let or = |value: u32, default: u32| if value == 0 { default } else { value };
        Config {
            width: or(self.width, d.width),
            height: or(self.height, d.height),
            win_length: or(self.win_length, d.win_length),
            ..self
        }
    }

    fn centre(&self) -> Cell {
        Cell::new((self.height - 1) / 2, (self.width - 1) / 2)
    }
}

/// A Gomoku position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Gomoku {
    config: Config,
    board: MarkBoard,
    stones: u32,
    turn: Seat,
    outcome: Option<Outcome>,
}

impl Gomoku {
    /// The pro opening's restriction on the next stone, if any applies now.
    fn pro_opening_check(&self, cell: Cell) -> Result<(), MoveError> {
        if !self.config.pro_opening {
            return Ok(());
        }
        let centre = self.config.centre();
        match self.stones {
            0 if cell != centre => Err(MoveError::new(
                Reason::ProOpeningCenter,
                format!(
                    "the pro opening puts the first stone on the centre cell (row {}, col {})",
                    centre.row, centre.col
                ),
            )),
            2 if chebyshev(cell, centre) < PRO_OPENING_DISTANCE => Err(MoveError::new(
                Reason::ProOpeningTooClose,
                format!(
                    "the pro opening puts the first player's second stone at least {PRO_OPENING_DISTANCE} cells from the centre (row {}, col {})",
                    centre.row, centre.col
                ),
            )),
            _ => Ok(()),
        }
    }
}

fn chebyshev(a: Cell, b: Cell) -> u32 {
    a.row.abs_diff(b.row).max(a.col.abs_diff(b.col))
}

impl Rules for Gomoku {
    type Config = Config;
    const NAME: &'static str = "gomoku";

    fn new(config: &Config) -> Result<Gomoku, ConfigError> {
        let mut errors = ConfigError::default();
        errors.check_range("width", config.width, *SIDES.start()..=*SIDES.end());
        errors.check_range("height", config.height, *SIDES.start()..=*SIDES.end());
        errors.check_range("win_length", config.win_length, 4..=6);
        let sides = [config.width, config.height].iter().all(|side| SIDES.contains(side));
        let sides = sides.then_some((config.width, config.height));
        check_blocked_cells(&mut errors, "blocked", &config.blocked, sides);
        if sides.is_some() && config.pro_opening && config.blocked.contains(&config.centre()) {
            errors.add("blocked", "may not hold the centre cell, where the pro opening's first stone goes");
        }
        if sides.is_some() && config.blocked.len() >= (config.width * config.height) as usize {
            errors.add("blocked", "must leave at least one cell free");
        }
        errors.into_result(|| Gomoku {
            config: config.clone(),
            board: MarkBoard::with_blocked(Dims::new(config.width, config.height), &config.blocked),
            stones: 0,
            turn: config.play.starter.seat(),
            outcome: None,
        })
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.outcome.is_some() { Vec::new() } else { vec![self.turn] }
    }

    fn legal_moves(&self, seat: Seat) -> Vec<Action> {
        if self.outcome.is_some() || seat != self.turn {
            return Vec::new();
        }
        self.board
            .empty_cells()
            .filter(|&cell| self.pro_opening_check(cell).is_ok())
            .map(|cell| Action::Place(PlaceTarget::Cell(cell)))
            .collect()
    }

    fn apply(&mut self, mover: Mover, action: &Action) -> Result<(), MoveError> {
        let seat = mover.seat();
        let cell = placed_cell(action)?;
        check_empty(&self.board, cell)?;
        self.pro_opening_check(cell)?;
        self.board.set(cell, seat);
        self.stones += 1;
        let exact = !self.config.allow_overline;
        let line = self.board.line_through(cell, self.config.win_length as usize, exact);
        self.outcome = self.board.outcome_after(seat, line);
        self.turn = seat.opponent();
        Ok(())
    }

    fn play_options(config: &Config) -> PlayOptions {
        config.play
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn observe(&self, _viewer: Viewer) -> Observation {
        Observation { board: Some(self.board.to_view()), ..Observation::default() }
    }

    fn describe(&self, action: &Action) -> String {
        describe_placement(action)
    }

    const MAX_BOT_LEVEL: u8 = bot::MAX_LEVEL;

    fn bot_action(&self, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
        bot::action(self, seat, level, budget, seed)
    }

    fn analyse(&self, seat: Seat, budget: SearchBudget<'_>, seed: u64) -> Analysis {
        bot::analyse(self, seat, budget, seed)
    }

    fn evaluate(&self, seat: Seat) -> i32 {
        bot::evaluate(self, seat)
    }
}

impl Listed for Gomoku {
    const DISPLAY_NAME: &'static str = "Gomoku";
    const SEAT_NAMES: &'static [&'static str] = &["Black", "White"];

    fn with_defaults(config: Config) -> Config {
        config.with_defaults()
    }

    fn with_play_options(config: Config, play: PlayOptions) -> Option<Config> {
        Some(Config { play, ..config })
    }

    fn presets() -> Vec<Preset<Config>> {
        vec![
            Preset { name: "standard", description: "15×15, exactly five in a row", config: Config::default() },
            Preset {
                name: "freestyle",
                description: "15×15, five or more in a row",
                config: Config { allow_overline: true, ..Config::default() },
            },
            Preset {
                name: "pro",
                description: "15×15, exactly five in a row, with the pro opening",
                config: Config { pro_opening: true, ..Config::default() },
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Match;
    use crate::engine::Starter;

    /// Plays the first seat's stones at `first` and the second seat's at `second`,
    /// alternating, first seat first.
    fn play(config: Config, first: &[(u32, u32)], second: &[(u32, u32)]) -> Match<Gomoku> {
        let mut game = Match::<Gomoku>::new(config).unwrap();
        for i in 0..first.len().max(second.len()) {
            for (seat, stones) in [(Seat::FIRST, first), (Seat::SECOND, second)] {
                if let Some(&(r, c)) = stones.get(i) {
                    game.apply(seat, &Action::place(r, c)).unwrap_or_else(|e| panic!("{seat} ({r},{c}): {e}"));
                }
            }
        }
        game
    }

    const FAR: [(u32, u32); 6] = [(14, 0), (14, 2), (14, 4), (14, 6), (14, 8), (14, 10)];

    #[test]
    fn blocked_cells_take_no_stone_and_cut_lines() {
        let config = Config { blocked: vec![Cell::new(7, 9)], ..Config::default() };
        // Black's five on row 7 would run through the wall at column 9: four on each side
        // are no line; the fifth beside them wins.
        let mut game = play(config.clone(), &[(7, 5), (7, 6), (7, 7), (7, 8)], &FAR[..4]);
        let before = game.clone();
        assert_eq!(game.apply(Seat::FIRST, &Action::place(7, 9)).unwrap_err().reason, Reason::CellBlocked);
        assert_eq!(game, before);
        assert_eq!(game.legal_moves(Seat::FIRST).len(), 15 * 15 - 8 - 1);
        game.apply(Seat::FIRST, &Action::place(7, 4)).unwrap();
        assert_eq!(game.outcome().and_then(|o| o.winner()), Some(Seat::FIRST));
        let cut = play(config, &[(7, 10), (7, 11), (7, 12), (7, 13), (7, 8)], &FAR[..4]);
        assert_eq!(cut.outcome(), None, "no line runs through the wall");
        let centre =
            Config { pro_opening: true, blocked: vec![Cell::new(7, 7), Cell::new(20, 0)], ..Config::default() };
        let fields: Vec<String> =
            Gomoku::new(&centre).unwrap_err().violations.into_iter().map(|v| v.description).collect();
        assert_eq!(fields.len(), 2, "{fields:?}");
        assert!(fields[1].contains("centre cell"), "{fields:?}");
    }

    #[test]
    fn with_the_second_seat_starting_white_places_first_and_the_pro_opening_follows_the_stones() {
        let config = Config {
            pro_opening: true,
            play: PlayOptions { starter: Starter::SecondSeat, ..PlayOptions::default() },
            ..Config::default()
        };
        let mut game = Match::<Gomoku>::new(config).unwrap();
        assert_eq!(game.to_act(), [Seat::SECOND]);
        assert_eq!(game.apply(Seat::SECOND, &Action::place(0, 0)).unwrap_err().reason, Reason::ProOpeningCenter);
        game.apply(Seat::SECOND, &Action::place(7, 7)).unwrap();
        game.apply(Seat::FIRST, &Action::place(7, 8)).unwrap();
        let error = game.apply(Seat::SECOND, &Action::place(8, 8)).unwrap_err();
        assert_eq!(error.reason, Reason::ProOpeningTooClose, "the starting seat's second stone keeps its distance");
    }

    #[test]
    fn five_in_a_row_wins_in_every_direction() {
        let lines: [Vec<(u32, u32)>; 4] = [
            (0..5).map(|c| (3, 3 + c)).collect(),
            (0..5).map(|r| (2 + r, 7)).collect(),
            (0..5).map(|i| (4 + i, 4 + i)).collect(),
            (0..5).map(|i| (4 + i, 10 - i)).collect(),
        ];
        for line in lines {
            let game = play(Config::default(), &line, &FAR[..4]);
            assert_eq!(game.outcome().and_then(|o| o.winner()), Some(Seat::FIRST), "{line:?}");
        }
    }

    #[test]
    fn four_in_a_row_is_not_a_win() {
        let game = play(Config::default(), &[(3, 3), (3, 4), (3, 5), (3, 6)], &FAR[..4]);
        assert_eq!(game.outcome(), None);
    }

    #[test]
    fn an_overline_wins_only_when_allowed() {
        // Stones at columns 0,1,2 and 4,5 of row 7, then column 3 joins them into six.
        let first = [(7, 0), (7, 1), (7, 2), (7, 4), (7, 5), (7, 3)];
        let exact = play(Config::default(), &first, &FAR);
        assert_eq!(exact.outcome(), None, "a line of six is no win with exact five");
        let free = play(Config { allow_overline: true, ..Config::default() }, &first, &FAR[..5]);
        let Some(Outcome::Win { winner, line, .. }) = free.outcome() else { panic!("overline must win") };
        assert_eq!(winner, Seat::FIRST);
        assert_eq!(line.len(), 6);
    }

    #[test]
    fn exactly_five_wins_when_overlines_are_banned() {
        let first = [(7, 0), (7, 1), (7, 2), (7, 3), (7, 4)];
        let game = play(Config::default(), &first, &FAR[..4]);
        assert_eq!(game.outcome().and_then(|o| o.winner()), Some(Seat::FIRST));
    }

    #[test]
    fn the_pro_opening_restricts_the_first_players_first_two_stones() {
        let config = Config { pro_opening: true, ..Config::default() };
        let mut game = Match::<Gomoku>::new(config).unwrap();
        let start = game.clone();
        assert_eq!(game.apply(Seat::FIRST, &Action::place(0, 0)).unwrap_err().reason, Reason::ProOpeningCenter);
        assert_eq!(game, start);
        assert_eq!(game.legal_moves(Seat::FIRST), vec![Action::place(7, 7)]);
        game.apply(Seat::FIRST, &Action::place(7, 7)).unwrap();
        game.apply(Seat::SECOND, &Action::place(7, 8)).unwrap();
        let before = game.clone();
        let error = game.apply(Seat::FIRST, &Action::place(9, 9)).unwrap_err();
        assert_eq!(error.reason, Reason::ProOpeningTooClose);
        assert_eq!(game, before);
        let legal = game.legal_moves(Seat::FIRST);
        assert!(!legal.contains(&Action::place(9, 9)));
        assert!(legal.contains(&Action::place(10, 7)));
        // Every empty cell outside the 5×5 square around the centre.
        assert_eq!(legal.len(), 15 * 15 - 5 * 5);
        game.apply(Seat::FIRST, &Action::place(4, 4)).unwrap();
        game.apply(Seat::SECOND, &Action::place(8, 8)).unwrap();
        game.apply(Seat::FIRST, &Action::place(6, 6)).unwrap();
    }

    #[test]
    fn rectangular_boards_and_config_limits() {
        let game = play(Config { width: 19, height: 9, ..Config::default() }, &[(8, 18)], &[]);
        assert_eq!(game.view(Viewer::Spectator).observation.board.unwrap().width, 19);
        let error = Gomoku::new(&Config { width: 8, height: 20, win_length: 7, ..Config::default() }).unwrap_err();
        assert_eq!(error.violations.len(), 3);
    }
}
