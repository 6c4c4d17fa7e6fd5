//! Tic-Tac-Two's configuration on the wire.

use crate::games::tic_tac_two::{Config, SimultaneousLines};
use crate::proto::tabula::v1 as pb;
use crate::service::convert::Violations;

/// The domain configuration of a wire one; an unknown enum value is a violation.
pub fn from_proto(c: &pb::TicTacTwoConfig, field: &str, violations: &mut Violations) -> Config {
    let simultaneous_lines = match pb::SimultaneousLines::try_from(c.simultaneous_lines) {
        Ok(pb::SimultaneousLines::Unspecified | pb::SimultaneousLines::MoverWins) => SimultaneousLines::MoverWins,
        Ok(pb::SimultaneousLines::Draw) => SimultaneousLines::Draw,
        Err(_) => {
            violations.add(
                format!("{field}.simultaneous_lines"),
                format!("{} is not a SimultaneousLines value", c.simultaneous_lines),
            );
            SimultaneousLines::MoverWins
        }
    };
    Config {
        board_size: c.board_size,
        grid_size: c.grid_size,
        win_length: c.win_length,
        pieces_per_seat: c.pieces_per_seat,
        unlock_after: c.unlock_after,
        simultaneous_lines,
        repetition_limit: c.repetition_limit,
        move_limit: c.move_limit,
        ..Config::default()
    }
}

/// The wire configuration of a domain one.
pub fn to_proto(c: &Config) -> pb::TicTacTwoConfig {
    pb::TicTacTwoConfig {
        board_size: c.board_size,
        grid_size: c.grid_size,
        win_length: c.win_length,
        pieces_per_seat: c.pieces_per_seat,
        unlock_after: c.unlock_after,
        simultaneous_lines: match c.simultaneous_lines {
            SimultaneousLines::MoverWins => pb::SimultaneousLines::MoverWins,
            SimultaneousLines::Draw => pb::SimultaneousLines::Draw,
        } as i32,
        repetition_limit: c.repetition_limit,
        move_limit: c.move_limit,
    }
}
