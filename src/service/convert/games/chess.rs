//! Chess's configuration on the wire.

use crate::games::chess::{Config, StartPosition, chess960};
use crate::proto::tabula::v1 as pb;
use crate::service::convert::Violations;

/// Longest FEN accepted.
const MAX_FEN_LEN: usize = 128;

/// The domain configuration of a wire one. Without a start position, Chess960 without a
/// FEN draws one at random; otherwise the standard arrangement.
pub fn from_proto(c: &pb::ChessConfig, field: &str, violations: &mut Violations) -> Config {
    if c.fen.len() > MAX_FEN_LEN {
        violations.add(format!("{field}.fen"), format!("is longer than {MAX_FEN_LEN} characters"));
    }
    let start_position = match (c.start_position, c.chess960) {
        (Some(number), _) => StartPosition::Number(number),
        (None, true) if c.fen.is_empty() => StartPosition::Random,
        (None, _) => StartPosition::Number(chess960::STANDARD),
    };
    Config {
        fen: c.fen.chars().take(MAX_FEN_LEN).collect(),
        chess960: c.chess960,
        start_position,
        allow_takebacks: c.allow_takebacks,
        takeback_consent: false,
        presence: None,
        ending_takeback_ms: None,
    }
}

/// The wire configuration of a domain one.
pub fn to_proto(c: &Config) -> pb::ChessConfig {
    pb::ChessConfig {
        fen: c.fen.clone(),
        chess960: c.chess960,
        start_position: match c.start_position {
            StartPosition::Number(number) => Some(number),
            StartPosition::Random => None,
        },
        allow_takebacks: c.allow_takebacks,
    }
}
