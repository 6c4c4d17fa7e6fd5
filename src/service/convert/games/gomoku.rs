//! Gomoku's configuration on the wire.

use super::{blocked_cells, cells_to_proto};
use crate::games::gomoku::Config;
use crate::proto::tabula::v1 as pb;
use crate::service::convert::Violations;

/// The domain configuration of a wire one.
pub fn from_proto(c: &pb::GomokuConfig, field: &str, violations: &mut Violations) -> Config {
    Config {
        width: c.width,
        height: c.height,
        win_length: c.win_length,
        allow_overline: c.allow_overline,
        pro_opening: c.pro_opening,
        blocked: blocked_cells(&c.blocked, format!("{field}.blocked"), violations),
        ..Config::default()
    }
}

/// The wire configuration of a domain one.
pub fn to_proto(c: &Config) -> pb::GomokuConfig {
    pb::GomokuConfig {
        width: c.width,
        height: c.height,
        win_length: c.win_length,
        allow_overline: c.allow_overline,
        pro_opening: c.pro_opening,
        blocked: cells_to_proto(&c.blocked),
    }
}
