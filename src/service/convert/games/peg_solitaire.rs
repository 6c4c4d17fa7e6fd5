//! Peg solitaire's configuration on the wire.

use crate::games::peg_solitaire::{Config, Shape};
use crate::proto::tabula::v1 as pb;
use crate::service::convert::Violations;

/// The domain configuration of a wire one; an unknown board is a violation.
pub fn from_proto(c: &pb::PegSolitaireConfig, field: &str, violations: &mut Violations) -> Config {
    let board = match pb::PegBoard::try_from(c.board) {
        Ok(pb::PegBoard::Unspecified | pb::PegBoard::Triangle) => Shape::Triangle,
        Ok(pb::PegBoard::English) => Shape::English,
        Err(_) => {
            violations.add(format!("{field}.board"), format!("{} is not a PegBoard value", c.board));
            Shape::Triangle
        }
    };
    Config { board, rows: c.rows, empty_hole: c.empty_hole }
}

/// The wire configuration of a domain one.
pub fn to_proto(c: &Config) -> pb::PegSolitaireConfig {
    pb::PegSolitaireConfig {
        board: match c.board {
            Shape::Triangle => pb::PegBoard::Triangle,
            Shape::English => pb::PegBoard::English,
        } as i32,
        rows: c.rows,
        empty_hole: c.empty_hole,
    }
}
