//! Tic-tac-toe's configuration on the wire.

use crate::games::tic_tac_toe::Config;
use crate::proto::tabula::v1 as pb;
use crate::service::convert::Violations;

/// The domain configuration of a wire one.
pub fn from_proto(c: &pb::TicTacToeConfig, _field: &str, _violations: &mut Violations) -> Config {
    Config { size: c.size, win_length: c.win_length }
}

/// The wire configuration of a domain one.
pub fn to_proto(c: &Config) -> pb::TicTacToeConfig {
    pb::TicTacToeConfig { size: c.size, win_length: c.win_length }
}
