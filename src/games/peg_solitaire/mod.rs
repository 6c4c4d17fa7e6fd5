//! Peg solitaire, a one-seat puzzle: every hole but one holds a peg; a peg jumps over an
//! adjacent peg into an empty hole along a line of the board, and the peg jumped over is
//! removed. The game ends when no jump is left; it is solved when one peg remains.
//!
//! | parameter    | range                                  | default                       |
//! |--------------|----------------------------------------|-------------------------------|
//! | `board`      | `Triangle` or `English` (33-hole cross)| `Triangle`                    |
//! | `rows`       | 4..=8 for the triangle; 0 for English  | 5 (15 holes) for the triangle |
//! | `empty_hole` | 1..=number of holes                    | 1 (apex) / 17 (English centre)|
//!
//! The empty hole must be one some jump can land in (the centre of the 10-hole triangle
//! is not), so that every game starts with a move.
//!
//! Holes are numbered as described in [`boards`]; on the wire a hole is the [`Cell`] of
//! its grid embedding, and the observation's board shows cells that are not holes as
//! [`Piece::Void`], pegs as [`Piece::Mark`]s of the one seat and empty holes as empty.
//!
//! A move is `Action::Move { from, to }` with both locations cells: the peg at `from`
//! jumps over the peg halfway between into the empty hole `to`. The outcome when no jump
//! is left: one peg left is a win for the seat with [`WinReason::Solved`], or
//! [`WinReason::SolvedInStartCell`] when that peg stands in the hole that was empty at the
//! start, the `line` holding the last peg's cell; more pegs left is a draw with
//! [`DrawReason::NoMovesLeft`]. The observation's `seat_counts` holds the pegs left.
//!
//! Taking back a jump is always allowed while the game is on: nobody else is wronged by it.
//! The [`solver`] answers whether a position can still be solved, with a hint or a whole
//! solution, and counts the solving jump sequences.

pub mod boards;
pub mod solver;

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::engine::{
    Action, Analysis, BoardCell, Cell, CellNames, ChangedCell, ConfigError, CountingStopped, DrawReason, GridBoard,
    Location, MoveError, Mover, Observation, Outcome, Piece, PlayOptions, Reason, Rules, Score, ScoreUnit,
    SearchBudget, Seat, SolutionRange, Solutions, Solved, Viewer, WinReason,
};

pub use self::boards::Shape;
use self::boards::{Geometry, Jump};
use self::solver::{BudgetExhausted, Goal, Progress, Report, Solver};
use super::{Listed, Preset};

/// Fewest rows of a triangle board.
pub const MIN_ROWS: u32 = 4;
/// Most rows of a triangle board (36 holes).
pub const MAX_ROWS: u32 = 8;

/// Peg solitaire settings. A zero field stands for its default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Config {
    /// The board's shape.
    pub board: Shape,
    /// Rows of a triangle board; must be 0 for the English board.
    pub rows: u32,
    /// The hole left empty at the start, by number (1-based).
    pub empty_hole: u32,
}

impl Default for Config {
    /// The 15-hole triangle with the apex empty.
    fn default() -> Config {
        Config { board: Shape::Triangle, rows: 5, empty_hole: 1 }
    }
}

impl Config {
    /// This configuration with every zero field replaced by its default.
    pub fn with_defaults(self) -> Config {
        let rows = match (self.board, self.rows) {
            (Shape::Triangle, 0) => 5,
            (_, rows) => rows,
        };
        let empty_hole = match (self.board, self.empty_hole) {
            (Shape::Triangle, 0) => 1,
            (Shape::English, 0) => 17,
            (_, hole) => hole,
        };
        Config { board: self.board, rows, empty_hole }
    }

    /// The board this configuration plays on, or every problem with it.
    fn geometry(&self) -> Result<Geometry, ConfigError> {
        let mut errors = ConfigError::default();
        let geometry = match self.board {
            Shape::Triangle => {
                errors.check_range("rows", self.rows, MIN_ROWS..=MAX_ROWS);
                (MIN_ROWS..=MAX_ROWS).contains(&self.rows).then(|| Geometry::triangle(self.rows))
            }
            Shape::English => {
                if self.rows != 0 {
                    errors.add("rows", format!("applies only to the triangle board; leave it at 0, got {}", self.rows));
                }
                Some(Geometry::english())
            }
        };
        if let Some(g) = &geometry {
            let holes = g.hole_count() as u32;
            errors.check_range("empty_hole", self.empty_hole, 1..=holes);
            let into_hole = |j: &Jump| j.to as u32 + 1 == self.empty_hole;
            if (1..=holes).contains(&self.empty_hole) && !g.jumps().iter().any(into_hole) {
                errors.add(
                    "empty_hole",
                    format!(
                        "no jump can land in hole {}, so the game could not start; choose another",
                        self.empty_hole
                    ),
                );
            }
        }
        errors.into_result(|| geometry.expect("no geometry only with a rows error"))
    }
}

/// A peg solitaire position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "SavedPosition", try_from = "SavedPosition")]
pub struct PegSolitaire {
    config: Config,
    geometry: Arc<Geometry>,
    /// Bit `i` set: a peg in hole `i` (0-based).
    pegs: u64,
    last_jump: Option<Jump>,
    outcome: Option<Outcome>,
}

/// A position's serde form: the geometry is left out, as the configuration determines it
/// and its tables dwarf the rest.
#[derive(Serialize, Deserialize)]
struct SavedPosition {
    config: Config,
    pegs: u64,
    last_jump: Option<Jump>,
    outcome: Option<Outcome>,
}

impl From<PegSolitaire> for SavedPosition {
    fn from(game: PegSolitaire) -> SavedPosition {
        SavedPosition { config: game.config, pegs: game.pegs, last_jump: game.last_jump, outcome: game.outcome }
    }
}

impl TryFrom<SavedPosition> for PegSolitaire {
    type Error = ConfigError;

    fn try_from(saved: SavedPosition) -> Result<PegSolitaire, ConfigError> {
        let geometry = Arc::new(saved.config.geometry()?);
        Ok(PegSolitaire {
            config: saved.config,
            geometry,
            pegs: saved.pegs,
            last_jump: saved.last_jump,
            outcome: saved.outcome,
        })
    }
}

impl PegSolitaire {
    /// The board.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The position as a bitboard: bit `i` set when hole number `i + 1` holds a peg.
    pub fn pegs(&self) -> u64 {
        self.pegs
    }

    /// The 0-based index of the hole empty at the start.
    pub fn start_hole(&self) -> u8 {
        (self.config.empty_hole - 1) as u8
    }

    /// The action that makes `jump`.
    pub fn jump_action(&self, jump: Jump) -> Action {
        let cell = |hole| Location::Cell(self.geometry.cell(hole));
        Action::Move { from: cell(jump.from), to: cell(jump.to), promotion: None }
    }

    /// Solves the current position towards `goal`: whether it can be solved, one
    /// solution and, when `count` is set, the number of distinct solving jump sequences.
    /// `progress` is called every so many expanded positions.
    ///
    /// # Errors
    /// When more than `node_budget` positions would be expanded.
    pub fn solve(
        &self,
        goal: Goal,
        count: bool,
        node_budget: u64,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Report, BudgetExhausted> {
        let solver = Solver::new(&self.geometry, goal);
        if count {
            solver.count(self.pegs, node_budget, progress)
        } else {
            solver.solve(self.pegs, node_budget, progress)
        }
    }

    /// A solution (one peg left anywhere) from here, searching within `budget`: the
    /// whole jump sequence as the line, an exact win `n` jumps away; an exact loss with no
    /// line when none exists; [`Score::Unknown`] when the budget runs out first.
    /// The solver remembers every dead end it meets, so it expands at most
    /// [`MAX_ANALYSIS_NODES`] positions whatever the budget: about 40 MB.
    pub fn analyse(&self, budget: SearchBudget<'_>) -> Analysis {
        let solver = Solver::new(&self.geometry, Goal::OnePeg);
        match solver.solve_until(self.pegs, budget.nodes.min(MAX_ANALYSIS_NODES), budget.stop, &mut |_| {}) {
            Ok(report) if report.solvable => Analysis {
                line: report.solution.iter().map(|&jump| self.jump_action(jump)).collect(),
                score: Score::Exact {
                    result: Solved::Win,
                    plies: Some(report.solution.len() as u32),
                    value: Some((1, ScoreUnit::Pegs)),
                },
                depth: report.solution.len() as u32,
                nodes: report.nodes,
            },
            Ok(report) => Analysis {
                line: Vec::new(),
                score: Score::Exact { result: Solved::Loss, plies: None, value: None },
                depth: 0,
                nodes: report.nodes,
            },
            Err(_) => Analysis::unknown(budget.nodes.min(MAX_ANALYSIS_NODES)),
        }
    }

    fn hole(&self, location: Location, role: &str) -> Result<u8, MoveError> {
        let Location::Cell(cell) = location else {
            return Err(MoveError::new(
                Reason::MoveKindNotAllowed,
                format!("the {role} of a jump must be a cell of the board, not a point"),
            ));
        };
        self.geometry.hole_at(cell).ok_or_else(|| {
            MoveError::new(Reason::OutOfBounds, format!("the {role} {cell} is not a hole of this board"))
        })
    }

    fn jump_for(&self, action: &Action) -> Result<Jump, MoveError> {
        let Action::Move { from, to, promotion: None } = action else {
            return Err(MoveError::new(
                Reason::MoveKindNotAllowed,
                format!("peg solitaire only accepts a jump from one hole to another, not \"{}\"", action.kind_name()),
            ));
        };
        let (from, to) = (self.hole(*from, "origin")?, self.hole(*to, "landing hole")?);
        let (from_cell, to_cell) = (self.geometry.cell(from), self.geometry.cell(to));
        if self.pegs & (1 << from) == 0 {
            return Err(MoveError::new(
                Reason::NoPieceAtOrigin,
                format!("there is no peg at {from_cell} to jump with"),
            ));
        }
        if self.pegs & (1 << to) != 0 {
            return Err(MoveError::new(
                Reason::CellOccupied,
                format!("{to_cell} holds a peg; a peg can only land in an empty hole"),
            ));
        }
        let jump = self.geometry.jumps().iter().copied().find(|j| j.from == from && j.to == to).ok_or_else(|| {
            MoveError::new(
                Reason::InvalidMove,
                format!(
                    "{from_cell} to {to_cell} is not a jump: a peg moves exactly two holes along a line of the board"
                ),
            )
        })?;
        if !jump.fits(self.pegs) {
            let over = self.geometry.cell(jump.over);
            return Err(MoveError::new(Reason::InvalidMove, format!("there is no peg at {over} to jump over")));
        }
        Ok(jump)
    }

    fn end_of_game(&self) -> Option<Outcome> {
        if self.geometry.jumps().iter().any(|j| j.fits(self.pegs)) {
            return None;
        }
        if self.pegs.count_ones() != 1 {
            return Some(Outcome::Draw { reason: DrawReason::NoMovesLeft });
        }
        let last = self.pegs.trailing_zeros() as u8;
        let reason = if last == self.start_hole() { WinReason::SolvedInStartCell } else { WinReason::Solved };
        Some(Outcome::Win { winner: Seat::FIRST, reason, line: vec![self.geometry.cell(last)] })
    }
}

/// The most positions one analysis expands; see [`PegSolitaire::analyse`].
pub const MAX_ANALYSIS_NODES: u64 = 2_000_000;

impl Rules for PegSolitaire {
    type Config = Config;
    const NAME: &'static str = "peg_solitaire";

    fn new(config: &Config) -> Result<PegSolitaire, ConfigError> {
        let geometry = config.geometry()?;
        let pegs = geometry.full() & !(1 << (config.empty_hole - 1));
        let mut game =
            PegSolitaire { config: *config, geometry: Arc::new(geometry), pegs, last_jump: None, outcome: None };
        game.outcome = game.end_of_game();
        Ok(game)
    }

    fn seat_count(&self) -> usize {
        1
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.outcome.is_some() { Vec::new() } else { vec![Seat::FIRST] }
    }

    fn legal_moves(&self, seat: Seat) -> Vec<Action> {
        if self.outcome.is_some() || seat != Seat::FIRST {
            return Vec::new();
        }
        self.geometry.jumps().iter().filter(|j| j.fits(self.pegs)).map(|&j| self.jump_action(j)).collect()
    }

    fn apply(&mut self, _mover: Mover, action: &Action) -> Result<(), MoveError> {
        let jump = self.jump_for(action)?;
        self.pegs = jump.apply(self.pegs);
        self.last_jump = Some(jump);
        self.outcome = self.end_of_game();
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn observe(&self, _viewer: Viewer) -> Observation {
        let dims = self.geometry.dims();
        let cells = (0..dims.area())
            .map(|i| match self.geometry.hole_at(dims.cell(i)) {
                None => BoardCell { owner: None, piece: Piece::Void },
                Some(hole) if self.pegs & (1 << hole) != 0 => BoardCell::mark(Seat::FIRST),
                Some(_) => BoardCell::default(),
            })
            .collect();
        let last_changed = self
            .last_jump
            .iter()
            .flat_map(|j| [j.from, j.over, j.to])
            .map(|hole| ChangedCell { seat_board: None, cell: self.geometry.cell(hole) })
            .collect();
        Observation {
            board: Some(
                GridBoard::new(dims.width, dims.height, cells).named(CellNames {
                    cells: (0..dims.area())
                        .map(|i| {
                            self.geometry.hole_at(dims.cell(i)).map_or_else(String::new, |hole| (hole + 1).to_string())
                        })
                        .collect(),
                    ..CellNames::default()
                }),
            ),
            last_changed,
            seat_counts: vec![self.pegs.count_ones()],
            ..Observation::default()
        }
    }

    fn describe(&self, action: &Action) -> String {
        let number = |location: &Location| match location {
            Location::Cell(cell) => self.geometry.hole_at(*cell).map(|h| (h + 1).to_string()),
            Location::Point(_) => None,
        };
        match action {
            Action::Move { from, to, promotion: None } => match (number(from), number(to)) {
                (Some(from), Some(to)) => format!("{from} to {to}"),
                _ => action.kind_name().to_owned(),
            },
            other => other.kind_name().to_owned(),
        }
    }

    /// A puzzle always allows takebacks, and has nobody to ask.
    fn play_options(_config: &Config) -> PlayOptions {
        PlayOptions { allow_takebacks: true, ..PlayOptions::default() }
    }

    fn analyse(&self, _seat: Seat, budget: SearchBudget<'_>, _seed: u64) -> Analysis {
        PegSolitaire::analyse(self, budget)
    }

    const COUNTS_SOLUTIONS: bool = true;

    fn solutions(&self, range: SolutionRange, budget: SearchBudget<'_>) -> Option<Result<Solutions, CountingStopped>> {
        let solver = Solver::new(&self.geometry, Goal::OnePeg);
        let counted = solver.page(self.pegs, range.first, range.limit, budget.nodes, budget.stop);
        Some(match counted {
            Ok((count, page, nodes)) => Ok(Solutions {
                count,
                page: page
                    .into_iter()
                    .map(|jumps| jumps.into_iter().map(|jump| self.jump_action(jump)).collect())
                    .collect(),
                nodes,
            }),
            Err(BudgetExhausted { nodes }) => Err(CountingStopped { nodes }),
        })
    }

    const MAX_BOT_LEVEL: u8 = bot::MAX_LEVEL;

    fn bot_action(&self, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
        bot::action(self, seat, level, budget, seed)
    }
}

impl Listed for PegSolitaire {
    const DISPLAY_NAME: &'static str = "Peg solitaire";
    const SEAT_NAMES: &'static [&'static str] = &["Player"];
    const SEAT_COUNTS_LABEL: &'static str = "pegs left";

    fn with_defaults(config: Config) -> Config {
        config.with_defaults()
    }

    fn presets() -> Vec<Preset<Config>> {
        vec![
            Preset {
                name: "triangle15",
                description: "the 15-hole triangle with the apex empty",
                config: Config::default(),
            },
            Preset {
                name: "triangle21",
                description: "the 21-hole triangle (6 rows) with the apex empty",
                config: Config { board: Shape::Triangle, rows: 6, empty_hole: 1 },
            },
            Preset {
                name: "english",
                description: "the English 33-hole cross with the centre empty",
                config: Config { board: Shape::English, rows: 0, empty_hole: 17 },
            },
        ]
    }
}

/// The cell of the hole numbered `number` (1-based) on `geometry`, if there is one.
pub fn hole_cell(geometry: &Geometry, number: u32) -> Option<Cell> {
    let index = u8::try_from(number.checked_sub(1)?).ok()?;
    ((index as usize) < geometry.hole_count()).then(|| geometry.cell(index))
}

mod bot;
#[cfg(test)]
mod tests;
