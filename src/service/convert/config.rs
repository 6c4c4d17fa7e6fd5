use crate::engine::Cell;
use crate::games::{
    GameConfig, GameKind, battleship, chess, connect_four, gomoku, morris, peg_solitaire, reversi, tic_tac_toe,
    tic_tac_two,
};
use crate::proto::tabula::v1 as pb;
use pb::game_config::Game;

use super::Violations;
use crate::service::error::ApiError;

/// Longest fleet list read from a request; the game's own cap is lower and reported by it.
const MAX_FLEET_LEN: usize = 64;

/// Longest FEN accepted.
const MAX_FEN_LEN: usize = 128;
/// Most walls read from a request: a 16×16 board has 256 cells.
const MAX_WALLS: usize = 256;

/// The domain kind of a wire kind; `None` for `GAME_KIND_UNSPECIFIED` and unknown values.
pub fn kind_from_proto(kind: i32) -> Option<GameKind> {
    match pb::GameKind::try_from(kind).ok()? {
        pb::GameKind::Unspecified => None,
        pb::GameKind::TicTacToe => Some(GameKind::TicTacToe),
        pb::GameKind::ConnectFour => Some(GameKind::ConnectFour),
        pb::GameKind::Gomoku => Some(GameKind::Gomoku),
        pb::GameKind::TicTacTwo => Some(GameKind::TicTacTwo),
        pb::GameKind::Morris => Some(GameKind::Morris),
        pb::GameKind::Battleship => Some(GameKind::Battleship),
        pb::GameKind::PegSolitaire => Some(GameKind::PegSolitaire),
        pb::GameKind::Reversi => Some(GameKind::Reversi),
        pb::GameKind::Chess => Some(GameKind::Chess),
    }
}

/// The wire kind of a domain kind.
pub fn kind_to_proto(kind: GameKind) -> pb::GameKind {
    match kind {
        GameKind::TicTacToe => pb::GameKind::TicTacToe,
        GameKind::ConnectFour => pb::GameKind::ConnectFour,
        GameKind::Gomoku => pb::GameKind::Gomoku,
        GameKind::TicTacTwo => pb::GameKind::TicTacTwo,
        GameKind::Morris => pb::GameKind::Morris,
        GameKind::Battleship => pb::GameKind::Battleship,
        GameKind::PegSolitaire => pb::GameKind::PegSolitaire,
        GameKind::Reversi => pb::GameKind::Reversi,
        GameKind::Chess => pb::GameKind::Chess,
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
        Some(Game::Morris(c)) => {
            let variant = match pb::MorrisVariant::try_from(c.variant) {
                Ok(pb::MorrisVariant::Three) => morris::Variant::Three,
                Ok(pb::MorrisVariant::Six) => morris::Variant::Six,
                Ok(pb::MorrisVariant::Unspecified | pb::MorrisVariant::Nine) => morris::Variant::Nine,
                Ok(pb::MorrisVariant::Twelve) => morris::Variant::Twelve,
                Err(_) => {
                    violations
                        .add(format!("{field}.morris.variant"), format!("{} is not a MorrisVariant value", c.variant));
                    morris::Variant::Nine
                }
            };
            let flying = match pb::MorrisFlying::try_from(c.flying) {
                Ok(pb::MorrisFlying::Unspecified) => morris::Flying::VariantDefault,
                Ok(pb::MorrisFlying::Allowed) => morris::Flying::Allowed,
                Ok(pb::MorrisFlying::Forbidden) => morris::Flying::Forbidden,
                Err(_) => {
                    violations
                        .add(format!("{field}.morris.flying"), format!("{} is not a MorrisFlying value", c.flying));
                    morris::Flying::VariantDefault
                }
            };
            Some(GameConfig::Morris(morris::Config {
                variant,
                pieces: c.pieces,
                flying,
                flying_threshold: c.flying_threshold,
                capture_from_mills: c.capture_from_mills,
                move_limit: c.move_limit,
                no_move_limit: c.no_move_limit,
                no_repetition_draw: c.no_repetition_draw,
            }))
        }
        Some(Game::Battleship(c)) => {
            if c.fleet.len() > MAX_FLEET_LEN {
                violations.add(format!("{field}.battleship.fleet"), format!("lists more than {MAX_FLEET_LEN} ships"));
            }
            let fleet = if c.fleet.is_empty() { battleship::Config::default().fleet } else { c.fleet.clone() };
            Some(GameConfig::Battleship(battleship::Config {
                width: c.width,
                height: c.height,
                fleet,
                no_touching: c.no_touching,
                extra_shot_on_hit: c.extra_shot_on_hit,
                salvo: c.salvo,
                hide_fleets_at_end: c.hide_fleets_at_end,
            }))
        }
        Some(Game::PegSolitaire(c)) => {
            let board = match pb::PegBoard::try_from(c.board) {
                Ok(pb::PegBoard::Unspecified | pb::PegBoard::Triangle) => peg_solitaire::Shape::Triangle,
                Ok(pb::PegBoard::English) => peg_solitaire::Shape::English,
                Err(_) => {
                    violations
                        .add(format!("{field}.peg_solitaire.board"), format!("{} is not a PegBoard value", c.board));
                    peg_solitaire::Shape::Triangle
                }
            };
            Some(GameConfig::PegSolitaire(peg_solitaire::Config { board, rows: c.rows, empty_hole: c.empty_hole }))
        }
        Some(Game::Reversi(c)) => {
            let opening = match pb::ReversiOpening::try_from(c.opening) {
                Ok(pb::ReversiOpening::Unspecified | pb::ReversiOpening::Othello) => reversi::Opening::Othello,
                Ok(pb::ReversiOpening::Free) => reversi::Opening::Free,
                Err(_) => {
                    violations.add(
                        format!("{field}.reversi.opening"),
                        format!("{} is not a ReversiOpening value", c.opening),
                    );
                    reversi::Opening::Othello
                }
            };
            if c.walls.len() > MAX_WALLS {
                violations.add(format!("{field}.reversi.walls"), format!("lists more than {MAX_WALLS} cells"));
            }
            Some(GameConfig::Reversi(reversi::Config {
                width: c.width,
                height: c.height,
                opening,
                walls: c.walls.iter().take(MAX_WALLS).map(|w| Cell::new(w.row, w.col)).collect(),
            }))
        }
        Some(Game::Chess(c)) => {
            if c.fen.len() > MAX_FEN_LEN {
                violations.add(format!("{field}.chess.fen"), format!("is longer than {MAX_FEN_LEN} characters"));
            }
            let start_position = match (c.start_position, c.chess960) {
                (Some(number), _) => chess::StartPosition::Number(number),
                (None, true) if c.fen.is_empty() => chess::StartPosition::Random,
                (None, _) => chess::StartPosition::Number(chess::chess960::STANDARD),
            };
            Some(GameConfig::Chess(chess::Config {
                fen: c.fen.chars().take(MAX_FEN_LEN).collect(),
                chess960: c.chess960,
                start_position,
                allow_takebacks: c.allow_takebacks,
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
        GameConfig::Morris(c) => Game::Morris(pb::MorrisConfig {
            variant: match c.variant {
                morris::Variant::Three => pb::MorrisVariant::Three,
                morris::Variant::Six => pb::MorrisVariant::Six,
                morris::Variant::Nine => pb::MorrisVariant::Nine,
                morris::Variant::Twelve => pb::MorrisVariant::Twelve,
            } as i32,
            pieces: c.pieces,
            flying: match c.flying {
                morris::Flying::VariantDefault => pb::MorrisFlying::Unspecified,
                morris::Flying::Allowed => pb::MorrisFlying::Allowed,
                morris::Flying::Forbidden => pb::MorrisFlying::Forbidden,
            } as i32,
            flying_threshold: c.flying_threshold,
            capture_from_mills: c.capture_from_mills,
            move_limit: c.move_limit,
            no_move_limit: c.no_move_limit,
            no_repetition_draw: c.no_repetition_draw,
        }),
        GameConfig::Battleship(c) => Game::Battleship(pb::BattleshipConfig {
            width: c.width,
            height: c.height,
            fleet: c.fleet.clone(),
            no_touching: c.no_touching,
            extra_shot_on_hit: c.extra_shot_on_hit,
            salvo: c.salvo,
            hide_fleets_at_end: c.hide_fleets_at_end,
        }),
        GameConfig::PegSolitaire(c) => Game::PegSolitaire(pb::PegSolitaireConfig {
            board: match c.board {
                peg_solitaire::Shape::Triangle => pb::PegBoard::Triangle,
                peg_solitaire::Shape::English => pb::PegBoard::English,
            } as i32,
            rows: c.rows,
            empty_hole: c.empty_hole,
        }),
        GameConfig::Reversi(c) => Game::Reversi(pb::ReversiConfig {
            width: c.width,
            height: c.height,
            opening: match c.opening {
                reversi::Opening::Othello => pb::ReversiOpening::Othello,
                reversi::Opening::Free => pb::ReversiOpening::Free,
            } as i32,
            walls: c.walls.iter().map(|w| pb::Cell { row: w.row, col: w.col }).collect(),
        }),
        GameConfig::Chess(c) => Game::Chess(pb::ChessConfig {
            fen: c.fen.clone(),
            chess960: c.chess960,
            start_position: match c.start_position {
                chess::StartPosition::Number(number) => Some(number),
                chess::StartPosition::Random => None,
            },
            allow_takebacks: c.allow_takebacks,
        }),
    };
    pb::GameConfig { game: Some(game) }
}
