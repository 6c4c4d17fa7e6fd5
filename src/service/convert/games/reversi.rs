//! Reversi's configuration on the wire.

use super::{blocked_cells, cells_to_proto};
use crate::games::reversi::{Config, Opening};
use crate::proto::tabula::v1 as pb;
use crate::service::convert::Violations;

/// The domain configuration of a wire one; an unknown opening is a violation. The
/// position is taken as it is: the rules read it, naming every problem.
pub fn from_proto(c: &pb::ReversiConfig, field: &str, violations: &mut Violations) -> Config {
    let opening = match pb::ReversiOpening::try_from(c.opening) {
        Ok(pb::ReversiOpening::Unspecified | pb::ReversiOpening::Othello) => Opening::Othello,
        Ok(pb::ReversiOpening::Free) => Opening::Free,
        Err(_) => {
            violations.add(format!("{field}.opening"), format!("{} is not a ReversiOpening value", c.opening));
            Opening::Othello
        }
    };
    Config {
        width: c.width,
        height: c.height,
        opening,
        walls: blocked_cells(&c.walls, format!("{field}.walls"), violations),
        position: c.position.clone(),
        ..Config::default()
    }
}

/// The wire configuration of a domain one.
pub fn to_proto(c: &Config) -> pb::ReversiConfig {
    pb::ReversiConfig {
        width: c.width,
        height: c.height,
        opening: match c.opening {
            Opening::Othello => pb::ReversiOpening::Othello,
            Opening::Free => pb::ReversiOpening::Free,
        } as i32,
        walls: cells_to_proto(&c.walls),
        position: c.position.clone(),
    }
}
