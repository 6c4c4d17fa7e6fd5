//! Connect Four: seats drop discs into columns, gravity picks the row, and the first seat
//! with `win_length` discs in a row (horizontally, vertically or diagonally) wins.
//!
//! | parameter      | range                          | default |
//! |----------------|--------------------------------|---------|
//! | `width`        | 3..=20                         | 7       |
//! | `height`       | 3..=20                         | 6       |
//! | `win_length`   | 3..=max(width, height)         | 4       |
//! | `wrap_columns` | cylinder: lines wrap the sides | false   |
//! | `blocked`      | cells on the board, distinct, leaving a disc somewhere to land | none |
//! | `starter`      | first seat, second seat, or random at creation | first seat |
//!
//! Rows are numbered from the top like every grid in Tabula, so a disc dropped into an
//! empty column lands on row `height - 1`. A blocked cell is solid: a disc comes to rest
//! on it, the cells under it stay empty for good, and no line runs through it; the game
//! is drawn when no column has room left.

use serde::{Deserialize, Serialize};

use crate::engine::grid::{Dims, MarkBoard, check_blocked_cells};
use crate::engine::{
    Action, Analysis, Cell, CellNames, ConfigError, DrawReason, MoveError, Mover, Observation, Outcome, PlaceTarget,
    PlayOptions, Reason, Rules, SearchBudget, Seat, Viewer,
};

use super::{Listed, Preset};
use crate::engine::clock::ClockConfig;

mod bot;
pub mod solver;

/// Largest width and height accepted.
/// Fewest columns and rows: the smallest board where three in a row fits both ways.
pub const MIN_SIDE: u32 = 3;
pub const MAX_SIDE: u32 = 20;

/// Connect Four settings. A zero field stands for its default.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Config {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Discs in a row needed to win.
    pub win_length: u32,
    /// Whether lines wrap from the last column to the first.
    pub wrap_columns: bool,
    /// Solid cells: nothing lands in them, discs rest on them, no line runs through them.
    #[serde(default)]
    pub blocked: Vec<Cell>,
    /// Who starts, and takebacks; the defaults in configurations stored before they
    /// existed.
    #[serde(default)]
    pub play: PlayOptions,
}

impl Default for Config {
    fn default() -> Config {
        Config::sized(7, 6, 4)
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

    /// A flat board of `width` × `height` with `win_length` in a row, nothing blocked.
    pub fn sized(width: u32, height: u32, win_length: u32) -> Config {
        Config { width, height, win_length, wrap_columns: false, blocked: Vec::new(), play: PlayOptions::default() }
    }
}

/// A Connect Four position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ConnectFour {
    config: Config,
    board: MarkBoard,
    /// Per column, the cells from the bottom that no disc can land in any more: its
    /// discs, and its topmost blocked cell with everything under it.
    heights: Vec<u32>,
    turn: Seat,
    outcome: Option<Outcome>,
}

impl ConnectFour {
    fn column(action: &Action) -> Result<u32, MoveError> {
        match action {
            Action::Place(PlaceTarget::Column(column)) => Ok(*column),
            other => Err(MoveError::new(
                Reason::MoveKindNotAllowed,
                format!("Connect Four only accepts dropping a disc into a column, not \"{}\"", other.kind_name()),
            )),
        }
    }
}

impl Rules for ConnectFour {
    type Config = Config;
    const NAME: &'static str = "connect_four";

    fn new(config: &Config) -> Result<ConnectFour, ConfigError> {
        let mut errors = ConfigError::default();
        errors.check_range("width", config.width, MIN_SIDE..=MAX_SIDE);
        errors.check_range("height", config.height, MIN_SIDE..=MAX_SIDE);
        let longest = config.width.max(config.height).clamp(3, MAX_SIDE);
        errors.check_range("win_length", config.win_length, 3..=longest);
        let sides = [config.width, config.height].iter().all(|side| (MIN_SIDE..=MAX_SIDE).contains(side));
        let sides = sides.then_some((config.width, config.height));
        check_blocked_cells(&mut errors, "blocked", &config.blocked, sides);
        let heights = |config: &Config| {
            let mut heights = vec![0; config.width as usize];
            for cell in config.blocked.iter().filter(|c| c.col < config.width && c.row < config.height) {
                let height = &mut heights[cell.col as usize];
                *height = (*height).max(config.height - cell.row);
            }
            heights
        };
        if sides.is_some() && heights(config).iter().all(|&h| h == config.height) {
            errors.add("blocked", "must leave at least one cell where a disc can land");
        }
        errors.into_result(|| ConnectFour {
            config: config.clone(),
            board: MarkBoard::with_blocked(
                Dims { width: config.width, height: config.height, wrap_columns: config.wrap_columns },
                &config.blocked,
            ),
            heights: heights(config),
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
        (0..self.config.width).filter(|&c| self.heights[c as usize] < self.config.height).map(Action::drop).collect()
    }

    fn apply(&mut self, mover: Mover, action: &Action) -> Result<(), MoveError> {
        let seat = mover.seat();
        let column = ConnectFour::column(action)?;
        if column >= self.config.width {
            return Err(MoveError::new(
                Reason::OutOfBounds,
                format!("column {column} does not exist; columns go from 0 to {}", self.config.width - 1),
            ));
        }
        let height = &mut self.heights[column as usize];
        if *height == self.config.height {
            return Err(MoveError::new(
                Reason::ColumnFull,
                format!("column {} is full; choose a column with an empty cell", u64::from(column) + 1),
            ));
        }
        let cell = Cell::new(self.config.height - 1 - *height, column);
        *height += 1;
        self.board.set(cell, seat);
        let line = self.board.line_through(cell, self.config.win_length as usize, false);
        let no_room = self.heights.iter().all(|&height| height == self.config.height);
        self.outcome = match self.board.outcome_after(seat, line) {
            None if no_room => Some(Outcome::Draw { reason: DrawReason::BoardFull }),
            outcome => outcome,
        };
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
        // A disc is dropped in a column: columns are named, cells are not.
        let names =
            CellNames { columns: (1..=self.config.width).map(|n| n.to_string()).collect(), ..CellNames::default() };
        Observation { board: Some(self.board.to_view().named(names)), ..Observation::default() }
    }

    fn describe(&self, action: &Action) -> String {
        match action {
            Action::Place(PlaceTarget::Column(column)) => format!("column {}", u64::from(*column) + 1),
            other => other.kind_name().to_owned(),
        }
    }

    /// The exact solver (see [`solver`]) on the standard board when it finishes within
    /// the budget, the search otherwise (see [`bot::analyse`]).
    fn analyse(&self, seat: Seat, budget: SearchBudget<'_>, seed: u64) -> Analysis {
        bot::analyse(self, seat, budget, seed)
    }

    /// On the standard board, where the exact solver answers (on the budget's threads).
    fn analysis_shares_work(&self) -> bool {
        solver::solves(self)
    }

    const MAX_BOT_LEVEL: u8 = bot::MAX_LEVEL;

    fn bot_action(&self, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
        bot::action(self, seat, level, budget, seed)
    }

    fn evaluate(&self, seat: Seat) -> i32 {
        bot::evaluate(self, seat)
    }
}

impl Listed for ConnectFour {
    const DISPLAY_NAME: &'static str = "Connect Four";
    const SEAT_NAMES: &'static [&'static str] = &["Red", "Yellow"];

    fn with_defaults(config: Config) -> Config {
        config.with_defaults()
    }

    fn with_play_options(config: Config, play: PlayOptions) -> Option<Config> {
        Some(Config { play, ..config })
    }

    fn presets() -> Vec<Preset<Config>> {
        let classic = Config::default();
        vec![
            Preset { name: "classic", description: "7 columns, 6 rows, four in a row", config: classic.clone() },
            Preset {
                name: "connect3",
                description: "5 columns, 4 rows, three in a row",
                config: Config::sized(5, 4, 3),
            },
            Preset {
                name: "connect5",
                description: "9 columns, 7 rows, five in a row",
                config: Config::sized(9, 7, 5),
            },
            Preset {
                name: "cylinder",
                description: "classic, with lines wrapping from the last column to the first",
                config: Config { wrap_columns: true, ..classic },
            },
        ]
    }

    fn timed_presets() -> Vec<(Preset<Config>, ClockConfig)> {
        use crate::engine::clock::{MINUTE, OnTimeout, TimeControl};
        vec![(
            Preset {
                name: "one_minute_a_move",
                description: "the classic board, 1 minute a move; a seat out of time drops a random disc",
                config: Config::default(),
            },
            ClockConfig {
                controls: vec![TimeControl::PerMove { per_move: MINUTE }],
                on_timeout: OnTimeout::DefaultMove,
                first_move: None,
            },
        )]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Starter;
    use crate::engine::{Match, Score, ScoreUnit, Solved};

    fn play(config: Config, columns: &[u32]) -> Match<ConnectFour> {
        let mut game = Match::<ConnectFour>::new(config).unwrap();
        for (i, &column) in columns.iter().enumerate() {
            let seat = Seat::new((i % 2) as u8);
            game.apply(seat, &Action::drop(column)).unwrap_or_else(|e| panic!("move {i} (column {column}): {e}"));
        }
        game
    }

    fn line(game: &Match<ConnectFour>) -> Option<(Seat, Vec<Cell>)> {
        match game.outcome() {
            Some(Outcome::Win { winner, line, .. }) => Some((winner, line)),
            _ => None,
        }
    }

    #[test]
    fn gravity_fills_columns_from_the_bottom() {
        let game = play(Config::default(), &[3, 3]);
        let board = game.view(Viewer::Spectator).observation.board.unwrap();
        assert_eq!(board.at(Cell::new(5, 3)).owner, Some(Seat::FIRST));
        assert_eq!(board.at(Cell::new(4, 3)).owner, Some(Seat::SECOND));
        assert_eq!(board.at(Cell::new(3, 3)).owner, None);
    }

    #[test]
    fn wins_horizontally_vertically_and_on_both_diagonals() {
        let classic = Config::default();
        let horizontal = play(classic.clone(), &[0, 0, 1, 1, 2, 2, 3]);
        assert_eq!(line(&horizontal).unwrap().1, (0..4).map(|c| Cell::new(5, c)).collect::<Vec<_>>());
        let vertical = play(classic.clone(), &[6, 0, 6, 0, 6, 0, 6]);
        assert_eq!(line(&vertical).unwrap().1, (2..6).map(|r| Cell::new(r, 6)).collect::<Vec<_>>());
        // Rising to the right: Red at (5,0) (4,1) (3,2) (2,3).
        let rising = play(classic.clone(), &[0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3]);
        assert_eq!(line(&rising).unwrap().0, Seat::FIRST);
        assert_eq!(line(&rising).unwrap().1.len(), 4);
        // Falling to the right: Red at (2,0) (3,1) (4,2) (5,3).
        let falling = play(classic.clone(), &[3, 2, 2, 1, 1, 0, 1, 0, 0, 6, 0]);
        let (winner, cells) = line(&falling).unwrap();
        assert_eq!(winner, Seat::FIRST);
        assert_eq!(cells, vec![Cell::new(2, 0), Cell::new(3, 1), Cell::new(4, 2), Cell::new(5, 3)]);
    }

    #[test]
    fn only_the_solvers_boards_ask_for_threads_to_analyse_on_and_a_finished_game_still_does() {
        use crate::engine::AnyMatch;
        let shares = |config: Config, moves: &[u32]| AnyMatch::analysis_shares_work(&play(config, moves));
        assert!(shares(Config::default(), &[]));
        assert!(shares(Config::default(), &[6, 0, 6, 0, 6, 0, 6]), "past positions of a finished game");
        assert!(!shares(Config { wrap_columns: true, ..Config::default() }, &[]));
        assert!(!shares(Config { width: 8, ..Config::default() }, &[]));
        assert!(!shares(Config { win_length: 5, ..Config::default() }, &[]));
    }

    #[test]
    fn three_in_a_row_is_not_a_win() {
        let game = play(Config::default(), &[0, 0, 1, 1, 2, 2]);
        assert_eq!(game.outcome(), None);
    }

    #[test]
    fn a_line_across_the_side_edge_wins_only_on_a_cylinder() {
        let moves = [5, 5, 6, 6, 0, 0, 1];
        let flat = play(Config::default(), &moves);
        assert_eq!(flat.outcome(), None);
        let cylinder = play(Config { wrap_columns: true, ..Config::default() }, &moves);
        let (winner, cells) = line(&cylinder).unwrap();
        assert_eq!(winner, Seat::FIRST);
        assert_eq!(cells, vec![Cell::new(5, 5), Cell::new(5, 6), Cell::new(5, 0), Cell::new(5, 1)]);
    }

    #[test]
    fn a_diagonal_wraps_on_a_cylinder() {
        // Red at (5,5) (4,6) (3,0) (2,1): rising to the right across the edge.
        let config = Config { wrap_columns: true, ..Config::default() };
        let game = play(config.clone(), &[5, 6, 6, 0, 3, 0, 0, 1, 3, 1, 4, 1, 1]);
        let (winner, cells) = line(&game).unwrap();
        assert_eq!(winner, Seat::FIRST);
        assert_eq!(cells, vec![Cell::new(2, 1), Cell::new(3, 0), Cell::new(4, 6), Cell::new(5, 5)]);
    }

    #[test]
    fn a_full_ring_of_one_colour_ends_and_wins_once() {
        // 4 columns, win length 4: Red fills the bottom row all around the cylinder with the
        // last disc; the scan must stop after one lap.
        let config = Config { wrap_columns: true, ..Config::sized(4, 4, 4) };
        let game = play(config.clone(), &[0, 0, 1, 1, 2, 2, 3]);
        let (_, cells) = line(&game).unwrap();
        assert_eq!(cells.len(), 4);
    }

    #[test]
    fn a_disc_comes_to_rest_on_a_blocked_cell_and_no_line_crosses_one() {
        // Column 0 blocked on row 3 (of 6): discs stack on rows 2, 1, 0; rows 4 and 5 stay
        // empty. Column 6 blocked on its top row takes no disc.
        let blocked = vec![Cell::new(3, 0), Cell::new(0, 6), Cell::new(5, 3)];
        let config = Config { blocked, ..Config::default() };
        let mut game = play(config.clone(), &[0, 0, 0]);
        let board = game.view(Viewer::Spectator).observation.board.unwrap();
        for (row, owner) in [(2, Some(Seat::FIRST)), (1, Some(Seat::SECOND)), (0, Some(Seat::FIRST))] {
            assert_eq!(board.at(Cell::new(row, 0)).owner, owner, "row {row}");
        }
        assert_eq!(board.at(Cell::new(3, 0)), crate::engine::BoardCell::wall());
        assert_eq!(board.at(Cell::new(4, 0)), crate::engine::BoardCell::default());
        let before = game.clone();
        for column in [0, 6] {
            assert_eq!(game.apply(Seat::SECOND, &Action::drop(column)).unwrap_err().reason, Reason::ColumnFull);
        }
        assert_eq!(game, before);
        assert_eq!(game.legal_moves(Seat::SECOND), [1, 2, 3, 4, 5].map(Action::drop));
        // Red on (5,1), (5,2) and (5,4): the wall on (5,3) keeps them from a line; a disc
        // dropped in column 3 rests on row 4.
        let cut = play(config.clone(), &[1, 1, 2, 2, 4, 4, 5]);
        assert_eq!(cut.outcome(), None, "the wall at (5,3) cuts the bottom row");
        let landed = play(config, &[3]);
        assert_eq!(
            landed.view(Viewer::Spectator).observation.board.unwrap().at(Cell::new(4, 3)).owner,
            Some(Seat::FIRST)
        );
        assert!(solver::Position::from_game(landed.position()).is_none(), "the solver knows only the open board");
    }

    #[test]
    fn the_game_is_drawn_when_no_column_has_room_though_cells_stay_empty() {
        // 3×3, three in a row, the middle row blocked: only the top row is playable.
        let config = Config { blocked: (0..3).map(|c| Cell::new(1, c)).collect(), ..Config::sized(3, 3, 3) };
        let mut game = play(config.clone(), &[0, 1]);
        assert_eq!(game.outcome(), None);
        game.apply(Seat::FIRST, &Action::drop(2)).unwrap();
        assert_eq!(game.outcome(), Some(Outcome::Draw { reason: crate::engine::DrawReason::BoardFull }));
        let every_column = Config { blocked: (0..3).map(|c| Cell::new(0, c)).collect(), ..Config::sized(3, 3, 3) };
        let error = ConnectFour::new(&every_column).unwrap_err();
        assert_eq!(error.violations[0].description, "must leave at least one cell where a disc can land");
        let off = Config { blocked: vec![Cell::new(6, 0), Cell::new(0, 0), Cell::new(0, 0)], ..Config::default() };
        assert_eq!(ConnectFour::new(&off).unwrap_err().violations.len(), 2);
    }

    #[test]
    fn with_the_second_seat_starting_yellow_drops_first() {
        let mut game = play(
            Config {
                play: PlayOptions { starter: Starter::SecondSeat, ..PlayOptions::default() },
                ..Config::default()
            },
            &[],
        );
        assert_eq!(game.to_act(), [Seat::SECOND]);
        assert_eq!(game.apply(Seat::FIRST, &Action::drop(3)).unwrap_err().reason, Reason::NotYourTurn);
        game.apply(Seat::SECOND, &Action::drop(3)).unwrap();
        let position = solver::Position::from_game(game.position()).unwrap();
        assert_eq!(position.moves(), 1, "the solver reads the position, whoever started");
    }

    #[test]
    fn a_full_column_is_refused_and_changes_nothing() {
        let mut game = play(Config::default(), &[0, 0, 0, 0, 0, 0]);
        let before = game.clone();
        let error = game.apply(Seat::FIRST, &Action::drop(0)).unwrap_err();
        assert_eq!(error.reason, Reason::ColumnFull);
        assert_eq!(game, before);
        assert!(!game.legal_moves(Seat::FIRST).contains(&Action::drop(0)));
        assert_eq!(game.apply(Seat::FIRST, &Action::drop(7)).unwrap_err().reason, Reason::OutOfBounds);
        assert_eq!(game.apply(Seat::FIRST, &Action::place(0, 0)).unwrap_err().reason, Reason::MoveKindNotAllowed);
        assert_eq!(game, before);
    }

    #[test]
    fn a_full_board_without_a_line_is_a_draw_and_a_win_on_the_last_cell_is_a_win() {
        // connect3-sized board, k = 4 on 4x4: fill columns in pairs so no four line up.
        let config = Config::sized(4, 4, 4);
        let draw = play(config.clone(), &[0, 1, 0, 1, 1, 0, 1, 0, 2, 3, 2, 3, 3, 2, 3, 2]);
        assert_eq!(draw.outcome(), Some(Outcome::Draw { reason: crate::engine::DrawReason::BoardFull }));
        // Win with the very last disc: column 3 top completes a diagonal for Yellow.
        let config = Config::sized(4, 4, 3);
        let mut game = Match::<ConnectFour>::new(config).unwrap();
        let columns = [0, 1, 2, 3, 1, 0, 3, 2, 0, 1, 2, 3, 1, 0, 3, 2];
        for (i, &c) in columns.iter().enumerate() {
            if game.outcome().is_some() {
                break;
            }
            game.apply(Seat::new((i % 2) as u8), &Action::drop(c)).unwrap();
        }
        assert!(game.outcome().is_some());
    }

    #[test]
    fn analysis_is_exact_from_the_solver_on_the_standard_board_and_estimated_elsewhere() {
        let go = std::sync::atomic::AtomicBool::new(false);
        let budget = SearchBudget::new(4_000_000, &go);
        // Red wins now in column 3 (Pons' score 18: 22 less its 4 discs); Yellow, not to
        // move, gets no analysis.
        let win = play(Config::default(), &[0, 0, 1, 1, 2, 2]);
        let analysis = win.analyse(Seat::FIRST, budget).unwrap();
        assert_eq!(analysis.line, vec![Action::drop(3)]);
        assert_eq!(
            analysis.score,
            Score::Exact { result: Solved::Win, plies: Some(1), value: Some((18, ScoreUnit::PonsScore)) }
        );
        assert_eq!(win.analyse(Seat::SECOND, budget), None);
        // Pons' Middle-Easy "52753311433677442422121" (score 8): the line keeps it, and
        // the win comes where the score says (43 - 2 * 8 = 27 discs before it).
        let columns: Vec<u32> = "52753311433677442422121".chars().map(|c| c.to_digit(10).unwrap() - 1).collect();
        let mut game = play(Config::default(), &columns);
        let seat = game.to_act()[0];
        let analysis = game.analyse(seat, budget).unwrap();
        let Score::Exact { result: Solved::Win, plies: Some(plies), value: Some((8, ScoreUnit::PonsScore)) } =
            analysis.score
        else {
            panic!("Middle-Easy line 1 scores 8: {analysis:?}")
        };
        assert_eq!((columns.len() as u32 + plies) % 2, 0, "Red's winning disc has an odd number");
        assert_eq!(columns.len() as u32 + plies, 28);
        for action in &analysis.line {
            let mover = game.to_act()[0];
            game.apply(mover, action).unwrap();
        }
        assert!(analysis.line.len() == 5 && game.outcome().is_some_and(|o| o.winner() == Some(seat)));
        // Out of the solver's budget, and off the standard board, the search answers: an
        // estimate, or a proof where it sees one (the cylinder's bottom row closes round).
        let start = play(Config::default(), &[3]);
        let analysis = start.analyse(Seat::SECOND, SearchBudget::new(2_000, &go)).unwrap();
        assert!(matches!(analysis.score, Score::Estimate { unit: ScoreUnit::Points, .. }), "{analysis:?}");
        assert!(start.legal_moves(Seat::SECOND).contains(&analysis.line[0]));
        let cylinder = play(Config { wrap_columns: true, ..Config::default() }, &[0, 0, 1, 1, 3, 3]);
        let analysis = cylinder.analyse(Seat::FIRST, SearchBudget::new(2_000, &go)).unwrap();
        assert_eq!((analysis.line, analysis.score), (vec![Action::drop(2)], Score::decided(Solved::Win, 1)));
        let small = play(Config::sized(5, 4, 3), &[0, 0]);
        let analysis = small.analyse(Seat::FIRST, SearchBudget::new(2_000, &go)).unwrap();
        assert!(!matches!(analysis.score, Score::Exact { value: Some(_), .. } | Score::Unknown), "{analysis:?}");
        assert!(small.legal_moves(Seat::FIRST).contains(&analysis.line[0]));
    }

    #[test]
    fn every_config_problem_is_reported_at_once() {
        let error = ConnectFour::new(&Config::sized(2, 50, 1)).unwrap_err();
        let fields: Vec<&str> = error.violations.iter().map(|v| v.field.as_str()).collect();
        assert_eq!(fields, ["width", "height", "win_length"]);
        assert!(ConnectFour::new(&Config::sized(4, 4, 5)).is_err());
    }

    #[test]
    fn the_smallest_board_is_three_by_three() {
        let small = Config::sized(3, 3, 3);
        // Red fills column 0 while Yellow plays column 1: three in a column.
        let game = play(small.clone(), &[0, 1, 0, 1, 0]);
        let Some(Outcome::Win { winner, line, .. }) = game.outcome() else { panic!("{:?}", game.outcome()) };
        assert_eq!((winner, line), (Seat::FIRST, vec![Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0)]));
        assert!(ConnectFour::new(&Config::sized(3, 2, 3)).is_err());
        assert_eq!(crate::engine::perft::perft(&Match::<ConnectFour>::new(small.clone()).unwrap(), 2), 9);
    }
}
