//! Connect Four's configuration on the wire.

use super::{blocked_cells, cells_to_proto};
use crate::games::connect_four::Config;
use crate::proto::tabula::v1 as pb;
use crate::service::convert::Violations;

/// The domain configuration of a wire one.
pub fn from_proto(c: &pb::ConnectFourConfig, field: &str, violations: &mut Violations) -> Config {
    Config {
        wrap_columns: c.wrap_columns,
        blocked: blocked_cells(&c.blocked, format!("{field}.blocked"), violations),
        ..Config::sized(c.width, c.height, c.win_length)
    }
}

/// The wire configuration of a domain one.
pub fn to_proto(c: &Config) -> pb::ConnectFourConfig {
    pb::ConnectFourConfig {
        width: c.width,
        height: c.height,
        win_length: c.win_length,
        wrap_columns: c.wrap_columns,
        blocked: cells_to_proto(&c.blocked),
    }
}
