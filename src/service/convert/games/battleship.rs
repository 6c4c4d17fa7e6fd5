//! Battleship's configuration on the wire.

use crate::games::battleship::Config;
use crate::proto::tabula::v1 as pb;
use crate::service::convert::Violations;

/// Longest fleet list read from a request; the game's own cap is lower and reported by it.
const MAX_FLEET_LEN: usize = 64;

/// The domain configuration of a wire one; an empty fleet stands for the default fleet.
pub fn from_proto(c: &pb::BattleshipConfig, field: &str, violations: &mut Violations) -> Config {
    if c.fleet.len() > MAX_FLEET_LEN {
        violations.add(format!("{field}.fleet"), format!("lists more than {MAX_FLEET_LEN} ships"));
    }
    let fleet = if c.fleet.is_empty() { Config::default().fleet } else { c.fleet.clone() };
    Config {
        width: c.width,
        height: c.height,
        fleet,
        no_touching: c.no_touching,
        extra_shot_on_hit: c.extra_shot_on_hit,
        salvo: c.salvo,
        hide_fleets_at_end: c.hide_fleets_at_end,
        ..Config::default()
    }
}

/// The wire configuration of a domain one.
pub fn to_proto(c: &Config) -> pb::BattleshipConfig {
    pb::BattleshipConfig {
        width: c.width,
        height: c.height,
        fleet: c.fleet.clone(),
        no_touching: c.no_touching,
        extra_shot_on_hit: c.extra_shot_on_hit,
        salvo: c.salvo,
        hide_fleets_at_end: c.hide_fleets_at_end,
    }
}
