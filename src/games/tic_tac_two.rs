//! Tic-Tac-Two: tic-tac-toe inside a grid that the players can move around a larger board.
//!
//! The board has `board_size` × `board_size` cells. On it lies a grid of `grid_size` ×
//! `grid_size` cells, which starts centred (rounded towards the top-left when the sizes do
//! not allow exact centring). Each seat starts with `pieces_per_seat` pieces in hand. On its
//! turn a seat does exactly one of:
//!
//! - **place** a piece from its hand on an empty cell inside the grid
//!   ([`Action::Place`] with [`PlaceTarget::Cell`]);
//! - **move** one of its pieces, from anywhere on the board, to an empty cell inside the
//!   grid ([`Action::Move`] between two [`Location::Cell`]s, without promotion);
//! - **shift** the grid one step in any of the eight directions ([`Action::GridShift`]
//!   with each component in `-1..=1`, not both 0). The grid never leaves the board.
//!
//! Moving and shifting are unlocked for a seat once it has placed `unlock_after` pieces.
//! A seat with no pieces left in hand can only move or shift. The configuration limits
//! guarantee that the seat to act always has a legal action (see below).
//!
//! ## Winning
//!
//! A winning line is `win_length` or more of one seat's pieces in a row (across, down or
//! diagonally) **with every cell inside the grid**: cells outside the grid never count, so a
//! row of pieces that sticks out of the grid wins only through the part inside it, and only
//! if that part is long enough. The reported line is that part.
//!
//! Placing or moving a piece can only complete the mover's own line: the opponent's pieces
//! and the grid stay where they were, and no line exists before the move (the game would
//! have ended). A grid shift can complete lines for either seat or both:
//!
//! - only the mover's: the mover wins;
//! - only the opponent's: the opponent wins;
//! - both at once: `simultaneous_lines` decides. By default ([`SimultaneousLines::MoverWins`])
//!   the mover wins; with [`SimultaneousLines::Draw`] the game is drawn
//!   ([`DrawReason::SimultaneousLines`]).
//!
//! ## Draws
//!
//! Pieces never leave the board and the grid can be shifted back and forth, so without a
//! limit a game could go on forever. Two rules end it, and both always apply:
//!
//! - **Repetition**: when the same position (every piece, the grid's place and the seat to
//!   act) occurs for the `repetition_limit`-th time, the game is drawn
//!   ([`DrawReason::Repetition`]). The starting position counts as an occurrence.
//! - **Move limit**: when `move_limit` moves (counting both seats' moves, like the match's
//!   move count) have been made without a result, the game is drawn ([`DrawReason::MoveLimit`]).
//!
//! A line completed by a move wins even when that move also reaches either limit. Neither
//! rule can be switched off: the move limit is what guarantees that every game ends. To make
//! repetition irrelevant in practice, set `repetition_limit` to its maximum.
//!
//! ## What a viewer sees
//!
//! Everything is public: the board, the grid as [`Observation::active_region`] and each
//! seat's pieces still in hand as [`Observation::seat_in_hand`].
//!
//! ## Configuration
//!
//! | parameter            | range                                   | default |
//! |----------------------|-----------------------------------------|---------|
//! | `board_size`         | 3..=15                                  | 5       |
//! | `grid_size`          | 3..=`board_size`                        | 3       |
//! | `win_length`         | 3..=`grid_size`                         | 3       |
//! | `pieces_per_seat`    | `win_length`..=(`grid_size`² − 1) / 2   | 4       |
//! | `unlock_after`       | 1..=`pieces_per_seat`                   | 2       |
//! | `simultaneous_lines` | mover wins / draw                       | mover wins |
//! | `repetition_limit`   | 2..=100                                 | 3       |
//! | `move_limit`         | 2 × `pieces_per_seat`..=10,000          | 200, or 4 × `pieces_per_seat` when larger |
//!
//! A zero field stands for its default. Keeping both seats' pieces below the number of grid
//! cells leaves an empty cell inside the grid at all times, so a seat can always place (with
//! pieces in hand) or move (with none, which implies that moving is unlocked).

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use crate::engine::PlayOptions;

use crate::engine::grid::{Dims, LINE_DIRECTIONS, MarkBoard};
use crate::engine::{
    Action, Analysis, Cell, ConfigError, DrawReason, Location, MoveError, Mover, Observation, Outcome, PlaceTarget,
    Reason, Region, Rules, SearchBudget, Seat, Viewer, WinReason,
};

use super::{Listed, Preset};

mod bot;

/// Board sides accepted.
pub const BOARD_SIZES: RangeInclusive<u32> = 3..=15;
/// Smallest grid side and win length accepted.
pub const MIN_GRID_SIZE: u32 = 3;
/// Repetition limits accepted.
pub const REPETITION_LIMITS: RangeInclusive<u32> = 2..=100;
/// Largest move limit accepted.
pub const MAX_MOVE_LIMIT: u32 = 10_000;
/// The move limit used when none is given, unless the pieces need more (see [`Config::with_defaults`]).
pub const DEFAULT_MOVE_LIMIT: u32 = 200;

/// The eight grid shifts, in the order [`TicTacTwo::legal_moves`] lists them.
const SHIFTS: [(i32, i32); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

/// What happens when one grid shift completes lines for both seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum SimultaneousLines {
    /// The seat that shifted the grid wins.
    #[default]
    MoverWins,
    /// The game is drawn.
    Draw,
}

/// Tic-Tac-Two settings. A zero field stands for its default (see [`Config::with_defaults`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Config {
    /// Side of the square board.
    pub board_size: u32,
    /// Side of the square grid inside which pieces are placed and lines count.
    pub grid_size: u32,
    /// Pieces in a row, inside the grid, needed to win.
    pub win_length: u32,
    /// Pieces each seat starts with in hand.
    pub pieces_per_seat: u32,
    /// Pieces a seat must have placed before it may move a piece or shift the grid.
    pub unlock_after: u32,
    /// What a shift that completes lines for both seats leads to.
    pub simultaneous_lines: SimultaneousLines,
    /// Occurrences of the same position (same seat to act) that draw the game.
    pub repetition_limit: u32,
    /// Moves, counting both seats, after which a game without a result is drawn.
    pub move_limit: u32,
    /// Who starts, and takebacks; the defaults in configurations stored before they
    /// existed.
    #[serde(default)]
    pub play: PlayOptions,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            board_size: 5,
            grid_size: 3,
            win_length: 3,
            pieces_per_seat: 4,
            unlock_after: 2,
            simultaneous_lines: SimultaneousLines::MoverWins,
            repetition_limit: 3,
            move_limit: DEFAULT_MOVE_LIMIT,
            play: PlayOptions::default(),
        }
    }
}

impl Config {
    /// This configuration with every zero field replaced by its default. The default move
    /// limit is [`DEFAULT_MOVE_LIMIT`], raised to 4 × `pieces_per_seat` when that is larger
    /// so that it always leaves room for every piece to be placed and moved.
    pub fn with_defaults(self) -> Config {
        let d = Config::default();
        let or = |value: u32, default: u32| if value == 0 { default } else { value };
        let pieces_per_seat = or(self.pieces_per_seat, d.pieces_per_seat);
        Config {
            board_size: or(self.board_size, d.board_size),
            grid_size: or(self.grid_size, d.grid_size),
            win_length: or(self.win_length, d.win_length),
            pieces_per_seat,
            unlock_after: or(self.unlock_after, d.unlock_after),
            simultaneous_lines: self.simultaneous_lines,
            repetition_limit: or(self.repetition_limit, d.repetition_limit),
            move_limit: or(self.move_limit, DEFAULT_MOVE_LIMIT.max(pieces_per_seat.saturating_mul(4))),
            play: self.play,
        }
    }

    /// Every problem with this configuration. Bounds that depend on another field use that
    /// field clamped to its own range, so one bad value is reported once, not again through
    /// every field that depends on it.
    fn validate(&self) -> ConfigError {
        let mut errors = ConfigError::default();
        errors.check_range("board_size", self.board_size, BOARD_SIZES);
        let board = self.board_size.clamp(*BOARD_SIZES.start(), *BOARD_SIZES.end());
        check(&mut errors, "grid_size", self.grid_size, MIN_GRID_SIZE..=board, "the grid must fit on the board");
        let grid = self.grid_size.clamp(MIN_GRID_SIZE, board);
        check(&mut errors, "win_length", self.win_length, MIN_GRID_SIZE..=grid, "a line must fit inside the grid");
        let win = self.win_length.clamp(MIN_GRID_SIZE, grid);
        let most_pieces = (grid * grid - 1) / 2;
        check(
            &mut errors,
            "pieces_per_seat",
            self.pieces_per_seat,
            win..=most_pieces,
            "enough for a line, and few enough that both seats' pieces leave a grid cell empty",
        );
        let pieces = self.pieces_per_seat.clamp(win, most_pieces);
        check(&mut errors, "unlock_after", self.unlock_after, 1..=pieces, "no more than the pieces a seat has");
        errors.check_range("repetition_limit", self.repetition_limit, REPETITION_LIMITS);
        check(
            &mut errors,
            "move_limit",
            self.move_limit,
            2 * pieces..=MAX_MOVE_LIMIT,
            "enough moves for both seats to place every piece",
        );
        errors
    }
}

/// Records a problem when `value` lies outside `range`, saying `why` the range is what it is.
fn check(errors: &mut ConfigError, field: &str, value: u32, range: RangeInclusive<u32>, why: &str) {
    if !range.contains(&value) {
        errors.add(field, format!("must be between {} and {} ({why}), got {value}", range.start(), range.end()));
    }
}

/// One action, once its shape has been recognised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Play {
    Place(Cell),
    Move { from: Cell, to: Cell },
    Shift { d_row: i32, d_col: i32 },
}

impl Play {
    fn parse(action: &Action) -> Result<Play, MoveError> {
        match *action {
            Action::Place(PlaceTarget::Cell(cell)) => Ok(Play::Place(cell)),
            Action::Move { from: Location::Cell(from), to: Location::Cell(to), promotion: None } => {
                Ok(Play::Move { from, to })
            }
            Action::Move { promotion: Some(_), .. } => Err(MoveError::new(
                Reason::MoveKindNotAllowed,
                "pieces in Tic-Tac-Two never promote; send a move without a promotion",
            )),
            Action::GridShift { d_row, d_col } => Ok(Play::Shift { d_row, d_col }),
            ref other => Err(MoveError::new(
                Reason::MoveKindNotAllowed,
                format!(
                    "Tic-Tac-Two accepts placing a piece on a cell, moving a piece between cells, \
                     or shifting the grid, not \"{}\"",
                    other.kind_name()
                ),
            )),
        }
    }

    fn to_action(self) -> Action {
        match self {
            Play::Place(cell) => Action::Place(PlaceTarget::Cell(cell)),
            Play::Move { from, to } => {
                Action::Move { from: Location::Cell(from), to: Location::Cell(to), promotion: None }
            }
            Play::Shift { d_row, d_col } => Action::GridShift { d_row, d_col },
        }
    }
}

/// A Tic-Tac-Two position.
///
/// Invariants: the grid lies wholly on the board; each seat's pieces on the board number
/// exactly what it has placed; while the game is on, no winning line exists inside the grid.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TicTacTwo {
    config: Config,
    board: MarkBoard,
    grid: Region,
    /// Pieces each seat has placed, by seat index.
    placed: [u32; 2],
    turn: Seat,
    /// Moves made so far, for the move limit.
    moves: u32,
    /// How often each position has occurred since the last placement, keyed by
    /// [`TicTacTwo::position_key`]. A placement adds a piece for good, so no earlier position
    /// can come back after one; forgetting them then keeps this small.
    seen: BTreeMap<Vec<u8>, u32>,
    outcome: Option<Outcome>,
}

impl TicTacTwo {
    /// The grid's place on the board.
    pub fn grid(&self) -> Region {
        self.grid
    }

    /// Pieces `seat` still has in hand.
    pub fn in_hand(&self, seat: Seat) -> u32 {
        self.config.pieces_per_seat - self.placed[seat.index()]
    }

    fn dims(&self) -> Dims {
        self.board.dims()
    }

    /// The whole position apart from the move count: every cell, the grid's place and the
    /// seat to act. Sides are at most 15, so each fits in a byte.
    fn position_key(&self) -> Vec<u8> {
        let dims = self.dims();
        let mut key: Vec<u8> =
            (0..dims.area()).map(|i| self.board.get(dims.cell(i)).map_or(0, |seat| seat.index() as u8 + 1)).collect();
        key.extend([self.grid.top as u8, self.grid.left as u8, self.turn.index() as u8]);
        key
    }

    /// Why `seat` may not move pieces or shift the grid yet, if it may not.
    fn check_unlocked(&self, seat: Seat) -> Result<(), MoveError> {
        let placed = self.placed[seat.index()];
        if placed < self.config.unlock_after {
            return Err(MoveError::new(
                Reason::MoveLocked,
                format!(
                    "{seat} may move a piece or shift the grid only after placing {} pieces, and has \
                     placed {placed}; place a piece inside the grid instead",
                    self.config.unlock_after
                ),
            ));
        }
        Ok(())
    }

    fn check_on_board(&self, cell: Cell) -> Result<(), MoveError> {
        let side = self.config.board_size;
        if !self.dims().contains(cell) {
            return Err(MoveError::new(
                Reason::OutOfBounds,
                format!(
                    "cell (row {}, col {}) is off the {side}×{side} board; rows and columns go from 0 to {}",
                    cell.row,
                    cell.col,
                    side - 1
                ),
            ));
        }
        Ok(())
    }

    /// Checks that `cell`, on the board, is an empty cell inside the grid.
    fn check_target(&self, cell: Cell) -> Result<(), MoveError> {
        if !self.grid.contains(cell) {
            let g = self.grid;
            return Err(MoveError::new(
                Reason::OutsideGrid,
                format!(
                    "{} lies outside the grid, which covers rows {} to {} and columns {} to {}",
                    name(cell),
                    g.top,
                    g.top + g.height - 1,
                    g.left,
                    g.left + g.width - 1
                ),
            ));
        }
        if let Some(owner) = self.board.get(cell) {
            return Err(MoveError::new(Reason::CellOccupied, format!("{} is already taken by {owner}", name(cell))));
        }
        Ok(())
    }

    /// Why `seat` may not make `play` now, if it may not. Changes nothing.
    fn check(&self, seat: Seat, play: Play) -> Result<(), MoveError> {
        match play {
            Play::Place(cell) => {
                if self.in_hand(seat) == 0 {
                    return Err(MoveError::new(
                        Reason::NoPiecesLeft,
                        format!(
                            "{seat} has placed all {} pieces; move a piece or shift the grid instead",
                            self.config.pieces_per_seat
                        ),
                    ));
                }
                self.check_on_board(cell)?;
                self.check_target(cell)
            }
            Play::Move { from, to } => {
                self.check_unlocked(seat)?;
                self.check_on_board(from)?;
                self.check_on_board(to)?;
                match self.board.get(from) {
                    Some(owner) if owner == seat => {}
                    Some(owner) => {
                        return Err(MoveError::new(
                            Reason::NotYourPiece,
                            format!("the piece on {} belongs to {owner}; move one of your own", name(from)),
                        ));
                    }
                    None => {
                        return Err(MoveError::new(
                            Reason::NotYourPiece,
                            format!("{} is empty; move one of your own pieces", name(from)),
                        ));
                    }
                }
                self.check_target(to)
            }
            Play::Shift { d_row, d_col } => {
                if !(-1..=1).contains(&d_row) || !(-1..=1).contains(&d_col) || (d_row, d_col) == (0, 0) {
                    return Err(MoveError::new(
                        Reason::InvalidShift,
                        format!(
                            "a grid shift is one step: d_row and d_col must each be -1, 0 or 1, \
                             and not both 0; got ({d_row}, {d_col})"
                        ),
                    ));
                }
                self.check_unlocked(seat)?;
                if self.shifted(d_row, d_col).is_none() {
                    return Err(MoveError::new(
                        Reason::GridOffBoard,
                        format!("the grid cannot shift {}: it would leave the board", direction_name(d_row, d_col)),
                    ));
                }
                Ok(())
            }
        }
    }

    /// The grid shifted by one step, if it stays on the board.
    fn shifted(&self, d_row: i32, d_col: i32) -> Option<Region> {
        let side = i64::from(self.config.board_size);
        let size = i64::from(self.config.grid_size);
        let top = i64::from(self.grid.top) + i64::from(d_row);
        let left = i64::from(self.grid.left) + i64::from(d_col);
        let fits = |start: i64| start >= 0 && start + size <= side;
        (fits(top) && fits(left)).then_some(Region { top: top as u32, left: left as u32, ..self.grid })
    }

    /// The longest run of `seat`'s pieces through `cell` inside the grid that is long
    /// enough to win, if any; in order along the line.
    fn line_through(&self, cell: Cell, seat: Seat) -> Option<Vec<Cell>> {
        if !self.grid.contains(cell) || self.board.get(cell) != Some(seat) {
            return None;
        }
        let counts = |c: Cell| self.grid.contains(c) && self.board.get(c) == Some(seat);
        LINE_DIRECTIONS
            .iter()
            .map(|&direction| self.dims().run_through(cell, direction, counts))
            .find(|run| run.len() >= self.config.win_length as usize)
    }

    /// A winning line of `seat` anywhere inside the grid, if any.
    fn line_in_grid(&self, seat: Seat) -> Option<Vec<Cell>> {
        self.grid.cells().find_map(|cell| self.line_through(cell, seat))
    }

    /// The result after `seat` made `play`, which has already been applied.
    fn judge(&mut self, seat: Seat, play: Play) -> Option<Outcome> {
        let win = |winner: Seat, line: Vec<Cell>| Some(Outcome::Win { winner, reason: WinReason::Line, line });
        let (own, other) = match play {
            // With no line before the move, only the piece just put down can complete one.
            Play::Place(cell) | Play::Move { to: cell, .. } => (self.line_through(cell, seat), None),
            Play::Shift { .. } => (self.line_in_grid(seat), self.line_in_grid(seat.opponent())),
        };
        match (own, other) {
            (Some(line), None) => win(seat, line),
            (None, Some(line)) => win(seat.opponent(), line),
            (Some(line), Some(_)) => match self.config.simultaneous_lines {
                SimultaneousLines::MoverWins => win(seat, line),
                SimultaneousLines::Draw => Some(Outcome::Draw { reason: DrawReason::SimultaneousLines }),
            },
            (None, None) => {
                let key = self.position_key();
                let occurrences = self.seen.entry(key).or_insert(0);
                *occurrences += 1;
                if *occurrences >= self.config.repetition_limit {
                    Some(Outcome::Draw { reason: DrawReason::Repetition })
                } else if self.moves >= self.config.move_limit {
                    Some(Outcome::Draw { reason: DrawReason::MoveLimit })
                } else {
                    None
                }
            }
        }
    }

    /// Applies `action` for `seat`: what [`Rules::apply`] does for the seat of its
    /// [`Mover`](crate::engine::Mover), here also for the tests to call on positions of
    /// their own. The caller keeps `apply`'s precondition, checked here in debug builds
    /// only: the game is not over and `seat` is in `to_act()`. On error the position is
    /// unchanged.
    fn play_move(&mut self, seat: Seat, action: &Action) -> Result<(), MoveError> {
        debug_assert!(self.to_act().contains(&seat), "{seat} is not to act");
        let play = Play::parse(action)?;
        self.check(seat, play)?;
        match play {
            Play::Place(cell) => {
                self.board.set(cell, seat);
                self.placed[seat.index()] += 1;
                self.seen.clear();
            }
            Play::Move { from, to } => {
                self.board.take(from);
                self.board.set(to, seat);
            }
            Play::Shift { d_row, d_col } => {
                self.grid = self.shifted(d_row, d_col).expect("checked: the shifted grid stays on the board");
            }
        }
        self.moves += 1;
        self.turn = seat.opponent();
        self.outcome = self.judge(seat, play);
        Ok(())
    }
}

impl Rules for TicTacTwo {
    type Config = Config;
    const NAME: &'static str = "tic_tac_two";

    fn new(config: &Config) -> Result<TicTacTwo, ConfigError> {
        config.validate().into_result(|| {
            let offset = (config.board_size - config.grid_size) / 2;
            let mut position = TicTacTwo {
                config: *config,
                board: MarkBoard::new(Dims::new(config.board_size, config.board_size)),
                grid: Region { top: offset, left: offset, height: config.grid_size, width: config.grid_size },
                placed: [0; 2],
                turn: config.play.starter.seat(),
                moves: 0,
                seen: BTreeMap::new(),
                outcome: None,
            };
            position.seen.insert(position.position_key(), 1);
            position
        })
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.outcome.is_some() { Vec::new() } else { vec![self.turn] }
    }

    /// Placements, then moves (by piece, then by destination, both row-major), then shifts.
    /// Candidates go through the same check as [`TicTacTwo::apply`], so the list is exactly
    /// what `apply` accepts.
    fn legal_moves(&self, seat: Seat) -> Vec<Action> {
        if self.outcome.is_some() || seat != self.turn {
            return Vec::new();
        }
        let dims = self.dims();
        let places = self.grid.cells().map(Play::Place);
        let own_pieces: Vec<Cell> =
            (0..dims.area()).map(|i| dims.cell(i)).filter(|&c| self.board.get(c) == Some(seat)).collect();
        let moves = own_pieces.into_iter().flat_map(|from| self.grid.cells().map(move |to| Play::Move { from, to }));
        let shifts = SHIFTS.iter().map(|&(d_row, d_col)| Play::Shift { d_row, d_col });
        places.chain(moves).chain(shifts).filter(|&play| self.check(seat, play).is_ok()).map(Play::to_action).collect()
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

    fn observe(&self, _viewer: Viewer) -> Observation {
        Observation {
            board: Some(self.board.to_view()),
            active_region: Some(self.grid),
            seat_in_hand: vec![self.in_hand(Seat::FIRST), self.in_hand(Seat::SECOND)],
            ..Observation::default()
        }
    }

    fn describe(&self, action: &Action) -> String {
        match Play::parse(action) {
            Ok(Play::Place(cell)) => cell.to_string(),
            Ok(Play::Move { from, to }) => format!("{from}-{to}"),
            Ok(Play::Shift { d_row, d_col }) => format!("grid {}", direction_name(d_row, d_col)),
            Err(_) => action.kind_name().to_owned(),
        }
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

/// `b3 (row 2, col 1)`: the short name and the coordinates the wire uses.
fn name(cell: Cell) -> String {
    format!("{cell} (row {}, col {})", cell.row, cell.col)
}

/// The direction of a one-step shift, for people.
fn direction_name(d_row: i32, d_col: i32) -> &'static str {
    match (d_row, d_col) {
        (-1, -1) => "up-left",
        (-1, 0) => "up",
        (-1, 1) => "up-right",
        (0, -1) => "left",
        (0, 1) => "right",
        (1, -1) => "down-left",
        (1, 0) => "down",
        (1, 1) => "down-right",
        _ => "by an invalid step",
    }
}

impl Listed for TicTacTwo {
    const DISPLAY_NAME: &'static str = "Tic-Tac-Two";
    const SEAT_NAMES: &'static [&'static str] = &["X", "O"];

    fn with_defaults(config: Config) -> Config {
        config.with_defaults()
    }

    fn with_play_options(config: Config, play: PlayOptions) -> Option<Config> {
        Some(Config { play, ..config })
    }

    fn presets() -> Vec<Preset<Config>> {
        let classic = Config::default();
        vec![
            Preset {
                name: "classic",
                description: "5×5 board, 3×3 grid, three in a row, four pieces each, moves after two placements",
                config: classic,
            },
            Preset {
                name: "large",
                description: "6×6 board, 4×4 grid, four in a row, six pieces each, moves after three placements",
                config: Config {
                    board_size: 6,
                    grid_size: 4,
                    win_length: 4,
                    pieces_per_seat: 6,
                    unlock_after: 3,
                    ..classic
                },
            },
            Preset {
                name: "shared_lines_draw",
                description: "classic, but a grid shift that completes lines for both seats is a draw",
                config: Config { simultaneous_lines: SimultaneousLines::Draw, ..classic },
            },
        ]
    }
}

#[cfg(test)]
mod tests;
