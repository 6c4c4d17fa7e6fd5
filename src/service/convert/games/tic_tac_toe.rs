//! Tic-tac-toe's configuration on the wire.

use super::{blocked_cells, cells_to_proto};
use crate::games::tic_tac_toe::Config;
use crate::proto::tabula::v1 as pb;
use crate::service::convert::Violations;

/// The domain configuration of a wire one.
pub fn from_proto(c: &pb::TicTacToeConfig, field: &str, violations: &mut Violations) -> Config {
    Config {
        misere: c.misere,
        blocked: blocked_cells(&c.blocked, format!("{field}.blocked"), violations),
        ..Config::sized(c.size, c.win_length)
    }
}

/// The wire configuration of a domain one.
pub fn to_proto(c: &Config) -> pb::TicTacToeConfig {
    pb::TicTacToeConfig {
        size: c.size,
        win_length: c.win_length,
        misere: c.misere,
        blocked: cells_to_proto(&c.blocked),
    }
}
