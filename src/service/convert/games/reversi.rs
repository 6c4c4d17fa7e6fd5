//! Reversi's configuration on the wire.

use crate::engine::Cell;
use crate::games::reversi::{Config, Opening};
use crate::proto::tabula::v1 as pb;
use crate::service::convert::Violations;

/// Most walls read from a request: a 16×16 board has 256 cells.
const MAX_WALLS: usize = 256;

/// The domain configuration of a wire one; an unknown opening is a violation.
pub fn from_proto(c: &pb::ReversiConfig, field: &str, violations: &mut Violations) -> Config {
    let opening = match pb::ReversiOpening::try_from(c.opening) {
        Ok(pb::ReversiOpening::Unspecified | pb::ReversiOpening::Othello) => Opening::Othello,
        Ok(pb::ReversiOpening::Free) => Opening::Free,
        Err(_) => {
            violations.add(format!("{field}.opening"), format!("{} is not a ReversiOpening value", c.opening));
            Opening::Othello
        }
    };
    if c.walls.len() > MAX_WALLS {
        violations.add(format!("{field}.walls"), format!("lists more than {MAX_WALLS} cells"));
    }
    Config {
        width: c.width,
        height: c.height,
        opening,
        walls: c.walls.iter().take(MAX_WALLS).map(|w| Cell::new(w.row, w.col)).collect(),
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
        walls: c.walls.iter().map(|w| pb::Cell { row: w.row, col: w.col }).collect(),
    }
}
