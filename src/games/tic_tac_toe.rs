//! Tic-tac-toe on an N×N board: the first seat to own `win_length` cells in a row,
//! column or diagonal wins (loses, in misère play); a full board without one is a draw.
//!
//! | parameter    | range        | default |
//! |--------------|--------------|---------|
//! | `size`       | 3..=20       | 3       |
//! | `win_length` | 3..=`size`   | `size`  |
//! | `misere`     | bool         | false: a line wins; true: a line loses |
//! | `blocked`    | cells on the board, distinct, leaving one free | none |
//! | `starter`    | first seat, second seat, or random at creation | first seat |
//!
//! When `win_length == size` a win needs a whole row, column or diagonal, and counters
//! per line decide it in O(1) per move; otherwise the lines through the last move are
//! scanned. Neither ever rescans the board.

use serde::{Deserialize, Serialize};

use crate::engine::grid::{Dims, MarkBoard, check_blocked_cells};
use crate::engine::{
    Action, Analysis, Cell, ConfigError, MoveError, Mover, Observation, Outcome, PlaceTarget, PlayOptions, Reason,
    Rules, SearchBudget, Seat, Viewer, WinReason,
};

use super::{Listed, Preset};

mod bot;

/// Largest board side accepted.
pub const MAX_SIZE: u32 = 20;

/// Tic-tac-toe settings. A zero field stands for its default (see [`Config::with_defaults`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Config {
    /// Side of the square board.
    pub size: u32,
    /// Cells in a row needed to win (or, in misère play, that lose).
    pub win_length: u32,
    /// Misère play: the seat that completes a line loses.
    #[serde(default)]
    pub misere: bool,
    /// Cells nobody may mark; no line runs through them.
    #[serde(default)]
    pub blocked: Vec<Cell>,
    /// Who starts, and takebacks; the defaults in configurations stored before they
    /// existed.
    #[serde(default)]
    pub play: PlayOptions,
}

impl Default for Config {
    fn default() -> Config {
        Config { size: 3, win_length: 3, misere: false, blocked: Vec::new(), play: PlayOptions::default() }
    }
}

impl Config {
    /// This configuration with every zero field replaced by its default.
    pub fn with_defaults(self) -> Config {
        let size = if self.size == 0 { Config::default().size } else { self.size };
        let win_length = if self.win_length == 0 { size } else { self.win_length };
        Config { size, win_length, ..self }
    }

    /// The standard game on a `size` board with `win_length` in a row.
    pub fn sized(size: u32, win_length: u32) -> Config {
        Config { size, win_length, ..Config::default() }
    }
}

/// Per-line mark counts, used when a win needs a whole line.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct FullLineCounters {
    /// `[seat][row]`.
    rows: [Vec<u32>; 2],
    /// `[seat][col]`.
    cols: [Vec<u32>; 2],
    /// `[seat]`, main diagonal (row == col).
    diagonal: [u32; 2],
    /// `[seat]`, anti-diagonal (row + col == size - 1).
    anti_diagonal: [u32; 2],
}

impl FullLineCounters {
    fn new(size: u32) -> FullLineCounters {
        let zeros = vec![0; size as usize];
        FullLineCounters {
            rows: [zeros.clone(), zeros.clone()],
            cols: [zeros.clone(), zeros],
            diagonal: [0; 2],
            anti_diagonal: [0; 2],
        }
    }

    /// Counts `seat`'s mark at `cell` and returns the line it completes, if any.
    fn record(&mut self, size: u32, cell: Cell, seat: Seat) -> Option<Vec<Cell>> {
        let s = seat.index();
        let (r, c) = (cell.row as usize, cell.col as usize);
        self.rows[s][r] += 1;
        self.cols[s][c] += 1;
        let on_diagonal = cell.row == cell.col;
        let on_anti_diagonal = cell.row + cell.col == size - 1;
        if on_diagonal {
            self.diagonal[s] += 1;
        }
        if on_anti_diagonal {
            self.anti_diagonal[s] += 1;
        }
        let line = |f: &dyn Fn(u32) -> Cell| Some((0..size).map(f).collect());
        if self.rows[s][r] == size {
            return line(&|i| Cell::new(cell.row, i));
        }
        if self.cols[s][c] == size {
            return line(&|i| Cell::new(i, cell.col));
        }
        if on_diagonal && self.diagonal[s] == size {
            return line(&|i| Cell::new(i, i));
        }
        if on_anti_diagonal && self.anti_diagonal[s] == size {
            return line(&|i| Cell::new(i, size - 1 - i));
        }
        None
    }
}

/// A tic-tac-toe position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TicTacToe {
    config: Config,
    board: MarkBoard,
    turn: Seat,
    counters: Option<FullLineCounters>,
    outcome: Option<Outcome>,
}

impl Rules for TicTacToe {
    type Config = Config;
    const NAME: &'static str = "tic_tac_toe";

    fn new(config: &Config) -> Result<TicTacToe, ConfigError> {
        let mut errors = ConfigError::default();
        errors.check_range("size", config.size, 3..=MAX_SIZE);
        errors.check_range("win_length", config.win_length, 3..=config.size.clamp(3, MAX_SIZE));
        let side = (3..=MAX_SIZE).contains(&config.size).then_some((config.size, config.size));
        check_blocked_cells(&mut errors, "blocked", &config.blocked, side);
        if side.is_some() && config.blocked.len() >= (config.size * config.size) as usize {
            errors.add("blocked", "must leave at least one cell to mark");
        }
        errors.into_result(|| TicTacToe {
            config: config.clone(),
            board: MarkBoard::with_blocked(Dims::new(config.size, config.size), &config.blocked),
            turn: config.play.starter.seat(),
            counters: (config.win_length == config.size).then(|| FullLineCounters::new(config.size)),
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
        self.board.empty_cells().map(|c| Action::Place(PlaceTarget::Cell(c))).collect()
    }

    fn apply(&mut self, mover: Mover, action: &Action) -> Result<(), MoveError> {
        let seat = mover.seat();
        let cell = placed_cell(action)?;
        check_empty(&self.board, cell)?;
        self.board.set(cell, seat);
        let line = match &mut self.counters {
            Some(counters) => counters.record(self.config.size, cell, seat),
            None => self.board.line_through(cell, self.config.win_length as usize, false),
        };
        self.outcome = match line {
            Some(line) if self.config.misere => {
                Some(Outcome::Win { winner: seat.opponent(), reason: WinReason::OpponentLine, line })
            }
            line => self.board.outcome_after(seat, line),
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

impl Listed for TicTacToe {
    const DISPLAY_NAME: &'static str = "Tic-tac-toe";
    const SEAT_NAMES: &'static [&'static str] = &["X", "O"];

    fn with_defaults(config: Config) -> Config {
        config.with_defaults()
    }

    fn with_play_options(config: Config, play: PlayOptions) -> Option<Config> {
        Some(Config { play, ..config })
    }

    fn presets() -> Vec<Preset<Config>> {
        vec![
            Preset { name: "classic", description: "3×3, three in a row", config: Config::default() },
            Preset { name: "four", description: "4×4, four in a row", config: Config::sized(4, 4) },
            Preset { name: "five_in_seven", description: "7×7, five in a row", config: Config::sized(7, 5) },
            Preset {
                name: "misere",
                description: "3×3, and three in a row loses (also called toe-tac-tic)",
                config: Config { misere: true, ..Config::default() },
            },
        ]
    }
}

/// The cell a grid-placement action targets.
///
/// # Errors
/// `MOVE_KIND_NOT_ALLOWED` for any other kind of action.
pub(crate) fn placed_cell(action: &Action) -> Result<Cell, MoveError> {
    match action {
        Action::Place(PlaceTarget::Cell(cell)) => Ok(*cell),
        other => Err(MoveError::new(
            Reason::MoveKindNotAllowed,
            format!("this game only accepts placing a mark on a cell, not \"{}\"", other.kind_name()),
        )),
    }
}

/// Checks that `cell` lies on the board, is not blocked and is empty.
pub(crate) fn check_empty(board: &MarkBoard, cell: Cell) -> Result<(), MoveError> {
    let dims = board.dims();
    if !dims.contains(cell) {
        return Err(MoveError::new(
            Reason::OutOfBounds,
            format!(
                "cell (row {}, col {}) is off the {}×{} board; rows go from 0 to {} and columns from 0 to {}",
                cell.row,
                cell.col,
                dims.width,
                dims.height,
                dims.height - 1,
                dims.width - 1
            ),
        ));
    }
    if board.is_blocked(cell) {
        return Err(MoveError::new(
            Reason::CellBlocked,
            format!("cell (row {}, col {}) is blocked; choose an empty cell", cell.row, cell.col),
        ));
    }
    if let Some(owner) = board.get(cell) {
        return Err(MoveError::new(
            Reason::CellOccupied,
            format!("cell (row {}, col {}) is already taken by {owner}", cell.row, cell.col),
        ));
    }
    Ok(())
}

/// `b3`-style names for grid placements.
pub(crate) fn describe_placement(action: &Action) -> String {
    match action {
        Action::Place(PlaceTarget::Cell(cell)) => cell.to_string(),
        other => other.kind_name().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Starter;
    use crate::engine::{DrawReason, Match};

    #[test]
    fn the_registrys_generic_perft_counts_all_255_168_games_of_three_by_three() {
        use crate::engine::perft::{divide, perft};
        let game = super::super::GameKind::TicTacToe.info().default_config.new_match().unwrap();
        assert_eq!((1..=4).map(|depth| perft(game.as_ref(), depth)).collect::<Vec<_>>(), [9, 72, 504, 3_024]);
        let lines = divide(game.as_ref(), 9);
        assert_eq!(lines.len(), 9);
        assert_eq!(lines.iter().map(|(_, n)| n).sum::<u64>(), 255_168, "a game ended early is one leaf");
    }

    fn play(config: Config, cells: &[(u32, u32)]) -> Match<TicTacToe> {
        let mut game = Match::<TicTacToe>::new(config).unwrap();
        for (i, &(r, c)) in cells.iter().enumerate() {
            let seat = Seat::new((i % 2) as u8);
            game.apply(seat, &Action::place(r, c)).unwrap_or_else(|e| panic!("move {i} ({r},{c}): {e}"));
        }
        game
    }

    fn cells(list: &[(u32, u32)]) -> Vec<Cell> {
        list.iter().map(|&(row, col)| Cell::new(row, col)).collect()
    }

    #[test]
    fn in_misere_play_the_seat_that_completes_a_line_loses_and_the_tree_is_the_same() {
        let misere = Config { misere: true, ..Config::default() };
        // X: a1 b1 (row 0, cols 0-1), O: a2 c3; X completes row 0 and loses.
        let game = play(misere.clone(), &[(0, 0), (1, 0), (0, 1), (2, 2), (0, 2)]);
        let Some(Outcome::Win { winner, reason, line }) = game.outcome() else { panic!("{:?}", game.outcome()) };
        assert_eq!((winner, reason, line), (Seat::SECOND, WinReason::OpponentLine, cells(&[(0, 0), (0, 1), (0, 2)])));
        // A full board with no line is still a draw.
        let full = [(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0), (2, 2)];
        assert_eq!(play(misere.clone(), &full).outcome(), Some(Outcome::Draw { reason: DrawReason::BoardFull }));
        // A line ends the game either way, so misère play walks the same 255,168 games.
        let tree = crate::engine::perft::divide(&Match::<TicTacToe>::new(misere).unwrap(), 9);
        assert_eq!(tree.iter().map(|(_, n)| n).sum::<u64>(), 255_168);
    }

    #[test]
    fn blocked_cells_are_walls_nobody_marks_and_no_line_crosses() {
        let config = Config { size: 4, win_length: 3, blocked: cells(&[(0, 1), (2, 2)]), ..Config::default() };
        let game = play(config.clone(), &[]);
        assert_eq!(game.legal_moves(Seat::FIRST).len(), 14);
        let before = game.clone();
        let mut after = game.clone();
        assert_eq!(after.apply(Seat::FIRST, &Action::place(0, 1)).unwrap_err().reason, Reason::CellBlocked);
        assert!(after == before, "a refused move changes nothing");
        let view = game.view(Viewer::Spectator);
        let board = view.observation.board.unwrap();
        assert_eq!(board.at(Cell::new(2, 2)), crate::engine::BoardCell::wall());
        assert_eq!(board.at(Cell::new(0, 0)), crate::engine::BoardCell::default());
        // X owns (0, 0) and (0, 2) around the wall at (0, 1): no line; then the diagonal
        // (0, 0), (1, 1) is cut at (2, 2) too, and X wins only along row 1.
        let cut = play(config.clone(), &[(0, 0), (3, 0), (0, 2), (3, 1), (1, 1), (3, 3), (1, 0), (2, 0), (1, 2)]);
        assert_eq!(winner(&cut), Some((Seat::FIRST, cells(&[(1, 0), (1, 1), (1, 2)]))));
        // A board whose free cells fill up without a line is a draw.
        let tiny = Config { blocked: cells(&[(1, 1)]), ..Config::default() };
        let full = play(tiny, &[(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)]);
        assert_eq!(full.outcome(), Some(Outcome::Draw { reason: DrawReason::BoardFull }));
    }

    #[test]
    fn every_problem_with_blocked_cells_is_reported_at_once() {
        let config = Config { blocked: cells(&[(0, 0), (0, 0), (3, 1), (1, 7)]), ..Config::default() };
        let error = TicTacToe::new(&config).unwrap_err();
        let problems: Vec<(&str, &str)> =
            error.violations.iter().map(|v| (v.field.as_str(), v.description.as_str())).collect();
        assert_eq!(problems.len(), 2, "{error}");
        assert!(problems[0].1.starts_with("list each cell once; listed more than once: a1"), "{error}");
        assert!(problems[1].1.contains("off the board: b4 (row 3, column 1), h2 (row 1, column 7)"), "{error}");
        let all: Vec<Cell> = (0..9).map(|i| Cell::new(i / 3, i % 3)).collect();
        let error = TicTacToe::new(&Config { blocked: all, ..Config::default() }).unwrap_err();
        assert_eq!(error.violations[0].description, "must leave at least one cell to mark");
    }

    #[test]
    fn with_the_second_seat_starting_o_marks_first() {
        let config = Config {
            play: PlayOptions { starter: Starter::SecondSeat, ..PlayOptions::default() },
            ..Config::default()
        };
        let mut game = play(config, &[]);
        assert_eq!(game.to_act(), [Seat::SECOND]);
        assert_eq!(game.apply(Seat::FIRST, &Action::place(0, 0)).unwrap_err().reason, Reason::NotYourTurn);
        game.apply(Seat::SECOND, &Action::place(1, 1)).unwrap();
        assert_eq!(game.to_act(), [Seat::FIRST]);
        assert_eq!(
            game.view(Viewer::Spectator).observation.board.unwrap().at(Cell::new(1, 1)).owner,
            Some(Seat::SECOND)
        );
    }

    fn winner(game: &Match<TicTacToe>) -> Option<(Seat, Vec<Cell>)> {
        match game.outcome() {
            Some(Outcome::Win { winner, line, .. }) => Some((winner, line)),
            _ => None,
        }
    }

    #[test]
    fn wins_in_each_of_the_four_directions_with_full_line_counters() {
        let classic = Config::default();
        let row = play(classic.clone(), &[(1, 0), (0, 0), (1, 1), (0, 1), (1, 2)]);
        assert_eq!(winner(&row), Some((Seat::FIRST, vec![Cell::new(1, 0), Cell::new(1, 1), Cell::new(1, 2)])));
        let col = play(classic.clone(), &[(0, 2), (0, 0), (1, 2), (0, 1), (2, 2)]);
        assert_eq!(winner(&col).unwrap().0, Seat::FIRST);
        let diag = play(classic.clone(), &[(0, 1), (0, 0), (0, 2), (1, 1), (1, 0), (2, 2)]);
        assert_eq!(winner(&diag), Some((Seat::SECOND, vec![Cell::new(0, 0), Cell::new(1, 1), Cell::new(2, 2)])));
        let anti = play(classic.clone(), &[(0, 2), (0, 0), (1, 1), (0, 1), (2, 0)]);
        assert_eq!(winner(&anti).unwrap().1, vec![Cell::new(0, 2), Cell::new(1, 1), Cell::new(2, 0)]);
    }

    #[test]
    fn wins_in_each_of_the_four_directions_when_k_is_below_n() {
        let config = Config::sized(5, 3);
        let row = play(config.clone(), &[(4, 2), (0, 0), (4, 3), (0, 4), (4, 4)]);
        assert_eq!(winner(&row).unwrap().1, vec![Cell::new(4, 2), Cell::new(4, 3), Cell::new(4, 4)]);
        let col = play(config.clone(), &[(1, 4), (0, 0), (2, 4), (0, 2), (3, 4)]);
        assert_eq!(winner(&col).unwrap().0, Seat::FIRST);
        let diag = play(config.clone(), &[(2, 2), (0, 4), (3, 3), (0, 3), (1, 1)]);
        assert_eq!(winner(&diag).unwrap().1, vec![Cell::new(1, 1), Cell::new(2, 2), Cell::new(3, 3)]);
        let anti = play(config.clone(), &[(0, 4), (4, 4), (2, 2), (4, 3), (1, 3)]);
        assert_eq!(winner(&anti).unwrap().1, vec![Cell::new(0, 4), Cell::new(1, 3), Cell::new(2, 2)]);
    }

    #[test]
    fn one_short_of_k_is_not_a_win() {
        let four = Config::sized(4, 4);
        let game = play(four.clone(), &[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]);
        assert_eq!(game.outcome(), None);
        let five = Config::sized(6, 4);
        let game = play(five.clone(), &[(3, 0), (0, 0), (3, 1), (0, 5), (3, 2)]);
        assert_eq!(game.outcome(), None);
    }

    #[test]
    fn a_full_board_without_a_line_is_a_draw() {
        let game = play(Config::default(), &[(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0), (2, 2)]);
        assert_eq!(game.outcome(), Some(Outcome::Draw { reason: crate::engine::DrawReason::BoardFull }));
        assert!(game.to_act().is_empty());
    }

    #[test]
    fn the_last_empty_cell_can_fill_the_board_and_win() {
        // X: (0,0) (0,2) (1,1) (2,1) then (2,2) completes the main diagonal on the last cell.
        let game = play(Config::default(), &[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 1), (2, 0), (2, 2)]);
        assert_eq!(winner(&game).unwrap().0, Seat::FIRST);
    }

    #[test]
    fn illegal_moves_leave_the_state_unchanged() {
        let mut game = play(Config::default(), &[(1, 1)]);
        let before = game.clone();
        let cases = [
            (Seat::SECOND, Action::place(1, 1), Reason::CellOccupied),
            (Seat::SECOND, Action::place(3, 0), Reason::OutOfBounds),
            (Seat::FIRST, Action::place(0, 0), Reason::NotYourTurn),
            (Seat::SECOND, Action::drop(0), Reason::MoveKindNotAllowed),
            (Seat::SECOND, Action::Pass, Reason::MoveKindNotAllowed),
        ];
        for (seat, action, reason) in cases {
            let error = game.apply(seat, &action).unwrap_err();
            assert_eq!(error.reason, reason, "{action:?}");
            assert_eq!(game, before);
        }
        let won = play(Config::default(), &[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]);
        let mut after = won.clone();
        assert_eq!(after.apply(Seat::SECOND, &Action::place(2, 2)).unwrap_err().reason, Reason::GameOver);
        assert_eq!(after, won);
    }

    #[test]
    fn the_largest_board_is_twenty_by_twenty_and_its_far_corner_counts() {
        let config = Config::sized(20, 5);
        // X runs along the bottom row to the corner; O answers a row above.
        let cells = [(19, 15), (18, 15), (19, 16), (18, 16), (19, 17), (18, 17), (19, 18), (18, 18), (19, 19)];
        let game = play(config.clone(), &cells);
        let Some(Outcome::Win { winner, line, .. }) = game.outcome() else { panic!("{:?}", game.outcome()) };
        assert_eq!(winner, Seat::FIRST);
        assert_eq!(line, (15..20).map(|col| Cell::new(19, col)).collect::<Vec<_>>());
    }

    #[test]
    fn every_config_problem_is_reported_at_once() {
        let error = TicTacToe::new(&Config::sized(2, 9)).unwrap_err();
        let fields: Vec<&str> = error.violations.iter().map(|v| v.field.as_str()).collect();
        assert_eq!(fields, ["size", "win_length"]);
        assert!(TicTacToe::new(&Config::sized(21, 3)).is_err());
        assert!(TicTacToe::new(&Config::sized(20, 20)).is_ok(), "up to 20×20");
        assert!(TicTacToe::new(&Config::sized(4, 5)).is_err());
        assert_eq!(Config::sized(5, 0).with_defaults(), Config::sized(5, 5));
        assert_eq!(Config::sized(0, 0).with_defaults(), Config::default());
    }

    /// Walks the whole game tree of classic tic-tac-toe through the engine and checks the
    /// published counts: 255,168 complete games, 131,184 won by X, 77,904 by O, 46,080 drawn.
    #[test]
    fn the_complete_game_tree_of_3x3_matches_the_published_counts() {
        fn walk(game: &Match<TicTacToe>, counts: &mut [u64; 3]) {
            match game.outcome() {
                Some(Outcome::Win { winner, .. }) => counts[winner.index()] += 1,
                Some(Outcome::Draw { .. }) => counts[2] += 1,
                Some(Outcome::NoResult { .. }) => unreachable!("the rules never end a game without a result"),
                None => {
                    let seat = game.to_act()[0];
                    for action in game.legal_moves(seat) {
                        let mut child = game.clone();
                        child.apply(seat, &action).unwrap();
                        walk(&child, counts);
                    }
                }
            }
        }
        let mut counts = [0; 3];
        walk(&Match::new(Config::default()).unwrap(), &mut counts);
        assert_eq!(counts, [131_184, 77_904, 46_080]);
        assert_eq!(counts.iter().sum::<u64>(), 255_168);
    }
}
