use crate::games::{GameConfig, GameKind, connect_four, gomoku, tic_tac_toe, tic_tac_two};
use crate::proto::tabula::v1 as pb;
use pb::game_config::Game;

use super::Violations;
use crate::service::error::ApiError;

/// The domain kind of a wire kind; `None` for `GAME_KIND_UNSPECIFIED` and unknown values.
pub fn kind_from_proto(kind: i32) -> Option<GameKind> {
    match pb::GameKind::try_from(kind).ok()? {
        pb::GameKind::Unspecified => None,
        pb::GameKind::TicTacToe => Some(GameKind::TicTacToe),
        pb::GameKind::ConnectFour => Some(GameKind::ConnectFour),
        pb::GameKind::Gomoku => Some(GameKind::Gomoku),
        pb::GameKind::TicTacTwo => Some(GameKind::TicTacTwo),
    }
}

/// The wire kind of a domain kind.
pub fn kind_to_proto(kind: GameKind) -> pb::GameKind {
    match kind {
        GameKind::TicTacToe => pb::GameKind::TicTacToe,
        GameKind::ConnectFour => pb::GameKind::ConnectFour,
        GameKind::Gomoku => pb::GameKind::Gomoku,
        GameKind::TicTacTwo => pb::GameKind::TicTacTwo,
    }
}

/// The domain configuration of a wire one, zero fields replaced by their defaults. The
/// values are not validated here: the game's rules do that, reporting every problem.
pub fn config_from_proto(config: &pb::GameConfig, field: &str) -> Result<GameConfig, ApiError> {
    let mut violations = Violations::default();
    let domain = match &config.game {
        None => {
            violations.add(field, "must name a game: set exactly one of its fields");
            None
        }
        Some(Game::TicTacToe(c)) => {
            Some(GameConfig::TicTacToe(tic_tac_toe::Config { size: c.size, win_length: c.win_length }))
        }
        Some(Game::ConnectFour(c)) => Some(GameConfig::ConnectFour(connect_four::Config {
            width: c.width,
            height: c.height,
            win_length: c.win_length,
            wrap_columns: c.wrap_columns,
        })),
        Some(Game::Gomoku(c)) => Some(GameConfig::Gomoku(gomoku::Config {
            width: c.width,
            height: c.height,
            win_length: c.win_length,
            allow_overline: c.allow_overline,
            pro_opening: c.pro_opening,
        })),
        Some(Game::TicTacTwo(c)) => {
            let simultaneous_lines = match pb::SimultaneousLines::try_from(c.simultaneous_lines) {
                Ok(pb::SimultaneousLines::Unspecified | pb::SimultaneousLines::MoverWins) => {
                    tic_tac_two::SimultaneousLines::MoverWins
                }
                Ok(pb::SimultaneousLines::Draw) => tic_tac_two::SimultaneousLines::Draw,
                Err(_) => {
                    violations.add(
                        format!("{field}.tic_tac_two.simultaneous_lines"),
                        format!("{} is not a SimultaneousLines value", c.simultaneous_lines),
                    );
                    tic_tac_two::SimultaneousLines::MoverWins
                }
            };
            Some(GameConfig::TicTacTwo(tic_tac_two::Config {
                board_size: c.board_size,
                grid_size: c.grid_size,
                win_length: c.win_length,
                pieces_per_seat: c.pieces_per_seat,
                unlock_after: c.unlock_after,
                simultaneous_lines,
                repetition_limit: c.repetition_limit,
                move_limit: c.move_limit,
            }))
        }
    };
    violations.into_result(domain).map(|d| d.expect("a config without violations").with_defaults())
}

/// The wire configuration of a domain one.
pub fn config_to_proto(config: &GameConfig) -> pb::GameConfig {
    let game = match config {
        GameConfig::TicTacToe(c) => Game::TicTacToe(pb::TicTacToeConfig { size: c.size, win_length: c.win_length }),
        GameConfig::ConnectFour(c) => Game::ConnectFour(pb::ConnectFourConfig {
            width: c.width,
            height: c.height,
            win_length: c.win_length,
            wrap_columns: c.wrap_columns,
        }),
        GameConfig::Gomoku(c) => Game::Gomoku(pb::GomokuConfig {
            width: c.width,
            height: c.height,
            win_length: c.win_length,
            allow_overline: c.allow_overline,
            pro_opening: c.pro_opening,
        }),
        GameConfig::TicTacTwo(c) => Game::TicTacTwo(pb::TicTacTwoConfig {
            board_size: c.board_size,
            grid_size: c.grid_size,
            win_length: c.win_length,
            pieces_per_seat: c.pieces_per_seat,
            unlock_after: c.unlock_after,
            simultaneous_lines: match c.simultaneous_lines {
                tic_tac_two::SimultaneousLines::MoverWins => pb::SimultaneousLines::MoverWins,
                tic_tac_two::SimultaneousLines::Draw => pb::SimultaneousLines::Draw,
            } as i32,
            repetition_limit: c.repetition_limit,
            move_limit: c.move_limit,
        }),
    };
    pb::GameConfig { game: Some(game) }
}
