//! Reversi and Othello: a disc placed on an empty cell must flank at least one straight
//! line (in any of the eight directions) of opponent discs between it and a disc of the
//! mover's; every flanked line flips to the mover. A seat with no such move must pass,
//! and passing is allowed only then. Two passes in a row, or a full board, end the game:
//! the seat with more discs wins, equal counts draw. Seat 1 (Black) moves first.
//!
//! | parameter | range                                   | default   |
//! |-----------|-----------------------------------------|-----------|
//! | `width`   | even, 4..=16                            | 8         |
//! | `height`  | even, 4..=16                            | 8         |
//! | `opening` | `Othello` or `Free`                     | `Othello` |
//! | `walls`   | cells on the board, distinct, outside the centre 2×2 (with a `position`: on its empty squares) | none |
//! | `position` | a set-up start, see below; empty for the `opening` | empty |
//!
//! The centre 2×2 is rows `height/2 - 1 ..= height/2` and columns `width/2 - 1 ..=
//! width/2`. The `Othello` opening starts with it filled diagonally, White on its
//! top-left and bottom-right cells, Black on the other two (d4 and e5 White, e4 and d5
//! Black on 8×8). The `Free` opening (traditional Reversi) starts empty: the first four
//! moves place discs on the empty centre cells, Black first and alternating, with no
//! flanking needed, and normal play follows with Black to move.
//!
//! Walls are blocked cells: nothing is ever placed on them and a line stops at them, so
//! no line flanks across a wall. Every viewer sees them as [`Piece::Wall`](crate::engine::Piece::Wall).
//!
//! A `position` starts the game from any board instead of an opening: its squares and the
//! side to move in the text form of the FFO test files and Edax's `.obf` files, on a board
//! of any size the game supports (`width` × `height` symbols; see [`setup`] for the form).
//! It cannot be combined with the free opening, its walls must stand on its empty squares
//! (anywhere else on the board, the centre too), and its side to move says who starts, so
//! a configuration with a position takes no choice of starter (like chess with a FEN). A
//! side to move without a move starts by passing; a position where neither side has a
//! move starts the game already over, scored by its discs (as chess starts over from a
//! mated FEN). Moves are counted from the position: its first move is move 1.
//!
//! Boards up to 8×8 are played on bitboards, larger ones on an array board;
//! both follow the same rules and are checked against each other. [`perft`] counts the
//! game tree for testing move generation and measuring speed.

mod array;
mod bits;
mod board;
pub mod engine;
mod perft;
pub mod setup;
mod square;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::engine::{PlayOptions, Starter};

use crate::engine::{
    Action, Analysis, Cell, ChangedCell, ConfigError, DrawReason, MoveError, Mover, Observation, Outcome, PlaceTarget,
    Reason, Rules, SearchBudget, Seat, Viewer, WinReason,
};

use super::{Listed, Preset};
use crate::engine::grid::{cell_list, check_blocked_cells};

mod bot;
use board::{Board, Representation, Square};
use setup::Setup;

pub use perft::{divide, perft, perft_general};

/// Smallest and largest width and height accepted; both must also be even.
pub const SIDES: std::ops::RangeInclusive<u32> = 4..=16;

/// How the game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Opening {
    /// The centre 2×2 starts filled, the diagonals alike.
    #[default]
    Othello,
    /// The centre 2×2 starts empty and the first four moves fill it freely.
    Free,
}

/// Reversi settings. A zero `width` or `height` stands for its default.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Config {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// How the game starts.
    pub opening: Opening,
    /// Blocked cells.
    pub walls: Vec<Cell>,
    /// The start as a set-up position in the FFO and Edax text form ([`setup`]); empty
    /// for the `opening`, and in configurations stored before positions existed.
    #[serde(default)]
    pub position: String,
    /// Who starts, and takebacks; the defaults in configurations stored before they
    /// existed.
    #[serde(default)]
    pub play: PlayOptions,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            width: 8,
            height: 8,
            opening: Opening::Othello,
            walls: Vec::new(),
            position: String::new(),
            play: PlayOptions::default(),
        }
    }
}

impl Config {
    /// This configuration with every zero field replaced by its default.
    pub fn with_defaults(self) -> Config {
        let d = Config::default();
        let or = |value: u32, default: u32| if value == 0 { default } else { value };
        Config { width: or(self.width, d.width), height: or(self.height, d.height), ..self }
    }

    /// The four centre cells, row-major.
    fn centre(&self) -> [Cell; 4] {
        let (row, col) = (self.height / 2 - 1, self.width / 2 - 1);
        [Cell::new(row, col), Cell::new(row, col + 1), Cell::new(row + 1, col), Cell::new(row + 1, col + 1)]
    }

    /// The set-up position when the configuration has one, or every problem with the
    /// configuration.
    fn start(&self) -> Result<Option<Setup>, ConfigError> {
        let mut errors = ConfigError::default();
        let mut sides_ok = true;
        for (field, value) in [("width", self.width), ("height", self.height)] {
            if !SIDES.contains(&value) || value % 2 != 0 {
                errors.add(
                    field,
                    format!("must be an even number between {} and {}, got {value}", SIDES.start(), SIDES.end()),
                );
                sides_ok = false;
            }
        }
        check_blocked_cells(&mut errors, "walls", &self.walls, sides_ok.then_some((self.width, self.height)));
        let on_board: Vec<Cell> =
            self.walls.iter().copied().filter(|c| c.row < self.height && c.col < self.width).collect();
        if self.position.is_empty() {
            if sides_ok {
                let centre = self.centre();
                let in_centre: Vec<Cell> = centre.iter().copied().filter(|c| on_board.contains(c)).collect();
                if !in_centre.is_empty() {
                    errors.add(
                        "walls",
                        format!("may not cover the centre 2×2 where the game starts; remove {}", cell_list(&in_centre)),
                    );
                }
            }
            return errors.into_result(|| None);
        }
        if self.opening == Opening::Free {
            errors.add(
                "opening",
                "cannot be combined with position, which sets the start itself; leave it at Othello (the default)",
            );
        }
        if self.play.starter != Starter::FirstSeat {
            errors.add(
                "starter",
                "cannot be combined with position, whose side to move says who starts; leave it at the first seat",
            );
        }
        let setup = if sides_ok {
            match setup::parse(&self.position, self.width, self.height) {
                Ok(setup) => {
                    let covered: Vec<Cell> = on_board
                        .iter()
                        .copied()
                        .filter(|c| setup.squares[(c.row * self.width + c.col) as usize].is_some())
                        .collect();
                    if !covered.is_empty() {
                        errors.add(
                            "walls",
                            format!(
                                "must stand on empty squares of the position; these hold discs: {}",
                                cell_list(&covered)
                            ),
                        );
                    }
                    Some(setup)
                }
                Err(problems) => {
                    for problem in problems {
                        errors.add("position", problem);
                    }
                    None
                }
            }
        } else {
            // Without a board size only the length can be judged.
            if let Some(problem) = setup::length_problem(&self.position) {
                errors.add("position", problem);
            }
            None
        };
        errors.into_result(|| setup)
    }
}

/// A Reversi position.
///
/// Invariants: `outcome` is set exactly when the game is over; `opening_left` is non-zero
/// only under the free opening, and counts the empty centre cells still to fill before
/// normal play; `passed` tells whether the last move was a pass.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Reversi {
    config: Config,
    board: Board,
    turn: Seat,
    opening_left: u8,
    passed: bool,
    /// Cells the last move flipped, row-major.
    last_changed: Vec<Cell>,
    outcome: Option<Outcome>,
}

impl Reversi {
    /// The starting position for `config` on a board in `representation`.
    fn with_representation(config: &Config, representation: Representation) -> Result<Reversi, ConfigError> {
        let setup = config.start()?;
        let mut board = Board::new(representation, config.width, config.height, &config.walls);
        let (turn, opening_left) = match &setup {
            Some(setup) => {
                for (cell, seat) in setup.discs(config.width) {
                    board.place(cell, seat);
                }
                (setup.turn, 0)
            }
            None => match config.opening {
                Opening::Othello => {
                    let [top_left, top_right, bottom_left, bottom_right] = config.centre();
                    board.place(top_left, Seat::SECOND);
                    board.place(top_right, Seat::FIRST);
                    board.place(bottom_left, Seat::FIRST);
                    board.place(bottom_right, Seat::SECOND);
                    (config.play.starter.seat(), 0)
                }
                Opening::Free => (config.play.starter.seat(), 4),
            },
        };
        let mut game = Reversi {
            config: config.clone(),
            board,
            turn,
            opening_left,
            passed: false,
            last_changed: Vec::new(),
            outcome: None,
        };
        // A set-up position where neither side can move is a finished game.
        if setup.is_some() && !game.board.has_move(turn) && !game.board.has_move(turn.opponent()) {
            game.finish();
        }
        Ok(game)
    }

    /// The same position on the array board, whatever its size: the reference that the
    /// bitboard is checked and measured against.
    fn on_array(&self) -> Reversi {
        Reversi { board: Board::Array(self.board.to_array()), ..self.clone() }
    }

    /// Discs of `seat` on the board.
    pub fn count(&self, seat: Seat) -> u32 {
        self.board.count(seat)
    }

    /// The position for the [`engine`] when it can take it: the standard 8×8 board
    /// without walls, in normal play (not the free opening's placements), `seat` to move.
    fn standard_position(&self, seat: Seat) -> Option<engine::Position> {
        match &self.board {
            Board::Bits(board) if !self.in_opening() && self.outcome.is_none() && seat == self.turn => {
                let (own, opp, blocked) = board.parts(seat);
                (blocked == 0).then(|| engine::Position::new(own, opp))
            }
            _ => None,
        }
    }

    /// True while the free opening's placements are still to be made.
    fn in_opening(&self) -> bool {
        self.opening_left > 0
    }

    fn open_centre_cells(&self) -> Vec<Cell> {
        self.config.centre().into_iter().filter(|&c| self.board.square(c) == Square::Empty).collect()
    }

    fn finish(&mut self) {
        let (black, white) = (self.count(Seat::FIRST), self.count(Seat::SECOND));
        let win = |winner| Outcome::Win { winner, reason: WinReason::PieceCount, line: Vec::new() };
        self.outcome = Some(match black.cmp(&white) {
            std::cmp::Ordering::Greater => win(Seat::FIRST),
            std::cmp::Ordering::Less => win(Seat::SECOND),
            std::cmp::Ordering::Equal => Outcome::Draw { reason: DrawReason::PieceCount },
        });
    }

    fn pass(&mut self, seat: Seat) -> Result<(), MoveError> {
        if self.in_opening() {
            return Err(MoveError::new(
                Reason::PassNotAllowed,
                "the opening is not over: place a disc on an empty centre cell; passing is allowed only when no move exists",
            ));
        }
        if self.board.has_move(seat) {
            return Err(MoveError::new(
                Reason::PassNotAllowed,
                "you have a legal move, so you may not pass; place a disc that flanks a line of your opponent's discs",
            ));
        }
        self.last_changed.clear();
        if self.passed {
            self.finish();
        }
        self.passed = true;
        self.turn = seat.opponent();
        Ok(())
    }

    fn place(&mut self, seat: Seat, cell: Cell) -> Result<(), MoveError> {
        if cell.row >= self.config.height || cell.col >= self.config.width {
            return Err(MoveError::new(
                Reason::OutOfBounds,
                format!(
                    "row {}, column {} is off the board; rows go from 0 to {} and columns from 0 to {}",
                    cell.row,
                    cell.col,
                    self.config.height - 1,
                    self.config.width - 1
                ),
            ));
        }
        match self.board.square(cell) {
            Square::Empty => {}
            Square::Wall => {
                return Err(MoveError::new(Reason::CellBlocked, format!("{cell} is a wall; choose an empty cell")));
            }
            Square::Disc(_) => {
                return Err(MoveError::new(
                    Reason::CellOccupied,
                    format!("{cell} already holds a disc; choose an empty cell"),
                ));
            }
        }
        if self.in_opening() {
            if !self.config.centre().contains(&cell) {
                let open: Vec<String> = self.open_centre_cells().iter().map(Cell::to_string).collect();
                return Err(MoveError::new(
                    Reason::OutsideOpeningArea,
                    format!("the first four discs go on the centre cells; place this one on {}", open.join(", ")),
                ));
            }
            self.board.place(cell, seat);
            self.opening_left -= 1;
            self.last_changed.clear();
        } else {
            let flipped = self.board.play(seat, cell);
            if flipped.is_empty() {
                return Err(MoveError::new(
                    Reason::NoFlank,
                    format!(
                        "a disc on {cell} would flip nothing; play where a straight line of your opponent's discs runs from it to one of yours"
                    ),
                ));
            }
            self.last_changed = flipped;
            if self.board.is_full() {
                self.finish();
            }
        }
        self.passed = false;
        self.turn = seat.opponent();
        Ok(())
    }

    /// Applies `action` for `seat`: what [`Rules::apply`] does for the seat of its
    /// [`Mover`](crate::engine::Mover), here also for perft and the tests to call on
    /// positions of their own. The caller keeps `apply`'s precondition, checked here in
    /// debug builds only: the game is not over and `seat` is in `to_act()`. On error the
    /// position is unchanged.
    fn play_move(&mut self, seat: Seat, action: &Action) -> Result<(), MoveError> {
        debug_assert!(self.to_act().contains(&seat), "{seat} is not to act");
        match action {
            Action::Pass => self.pass(seat),
            Action::Place(PlaceTarget::Cell(cell)) => self.place(seat, *cell),
            other => Err(MoveError::new(
                Reason::MoveKindNotAllowed,
                format!("Reversi accepts placing a disc on a cell or passing, not \"{}\"", other.kind_name()),
            )),
        }
    }
}

impl Rules for Reversi {
    type Config = Config;
    const NAME: &'static str = "reversi";

    fn new(config: &Config) -> Result<Reversi, ConfigError> {
        Reversi::with_representation(config, Representation::fastest(config.width, config.height))
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
        let cells = if self.in_opening() { self.open_centre_cells() } else { self.board.moves(seat) };
        if cells.is_empty() {
            return vec![Action::Pass];
        }
        cells.into_iter().map(|c| Action::Place(PlaceTarget::Cell(c))).collect()
    }

    fn apply(&mut self, mover: Mover, action: &Action) -> Result<(), MoveError> {
        self.play_move(mover.seat(), action)
    }

    fn play_options(config: &Config) -> PlayOptions {
        config.play
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    // `Observation` gains fields as games are added; the update keeps this valid then.
    #[allow(clippy::needless_update)]
    fn observe(&self, _viewer: Viewer) -> Observation {
        Observation {
            board: Some(self.board.to_view()),
            last_changed: self.last_changed.iter().map(|&cell| ChangedCell { seat_board: None, cell }).collect(),
            seat_counts: vec![self.count(Seat::FIRST), self.count(Seat::SECOND)],
            ..Observation::default()
        }
    }

    fn describe(&self, action: &Action) -> String {
        match action {
            Action::Place(PlaceTarget::Cell(cell)) => cell.to_string(),
            other => other.kind_name().to_owned(),
        }
    }

    /// The [`engine`] on the standard board (see the bot module); the generic search
    /// elsewhere.
    fn analyse(&self, seat: Seat, budget: SearchBudget<'_>, seed: u64) -> Analysis {
        bot::analyse(self, seat, budget, seed)
    }

    const MAX_BOT_LEVEL: u8 = bot::MAX_LEVEL;

    fn bot_action(&self, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
        bot::action(self, seat, level, budget, seed)
    }

    fn evaluate(&self, seat: Seat) -> i32 {
        bot::evaluate(self, seat)
    }
}

impl Listed for Reversi {
    const DISPLAY_NAME: &'static str = "Reversi";
    const SEAT_NAMES: &'static [&'static str] = &["Black", "White"];
    const SEAT_COUNTS_LABEL: &'static str = "discs";

    fn with_defaults(config: Config) -> Config {
        config.with_defaults()
    }

    /// A configuration with a position takes no starter but the first seat: the
    /// position's side to move starts (see [`Config::position`]).
    fn with_play_options(config: Config, play: PlayOptions) -> Option<Config> {
        (config.position.is_empty() || play.starter == Starter::FirstSeat).then_some(Config { play, ..config })
    }

    fn presets() -> Vec<Preset<Config>> {
        let othello = Config::default();
        let corners = vec![Cell::new(0, 0), Cell::new(0, 7), Cell::new(7, 0), Cell::new(7, 7)];
        vec![
            Preset {
                name: "othello",
                description: "8×8, starting with the centre filled diagonally",
                config: othello.clone(),
            },
            Preset {
                name: "reversi",
                description: "8×8, the first four discs placed freely on the centre cells",
                config: Config { opening: Opening::Free, ..othello.clone() },
            },
            Preset {
                name: "small",
                description: "6×6 Othello",
                config: Config { width: 6, height: 6, ..othello.clone() },
            },
            Preset {
                name: "grand",
                description: "10×10 Othello",
                config: Config { width: 10, height: 10, ..othello.clone() },
            },
            Preset {
                name: "no_corners",
                description: "8×8 Othello with the four corner cells walled off",
                config: Config { walls: corners, ..othello },
            },
        ]
    }
}
