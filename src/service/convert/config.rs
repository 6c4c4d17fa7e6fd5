//! Game kinds and configurations on the wire. Each game's own fields are converted in its
//! module under `games/`; this file dispatches on the kind.

use super::Violations;
use super::games;
use super::time::{millis_from_proto, millis_to_proto};
use crate::engine::{ENDING_TAKEBACK_MS, Presence, Starter};
use crate::games::{GameConfig, GameKind};
use crate::proto::tabula::v1 as pb;
use crate::service::error::ApiError;
use pb::game_config::Game;

/// The domain kind of a wire kind; `None` for `GAME_KIND_UNSPECIFIED` and unknown values.
pub fn kind_from_proto(kind: i32) -> Option<GameKind> {
    u32::try_from(kind).ok().and_then(GameKind::from_number)
}

/// The wire kind of a domain kind.
pub fn kind_to_proto(kind: GameKind) -> pb::GameKind {
    pb::GameKind::try_from(kind.number() as i32).expect("every registered kind's number is in the contract")
}

/// The two configuration conversions, one line per game: its `GameConfig` arm, the wire
/// arm of the same name, and its module under `games/`, named like the kind.
macro_rules! conversions {
    ($($kind:ident => $module:ident),+ $(,)?) => {
        /// The domain configuration of a wire one, zero fields replaced by their defaults.
        /// The values are not validated here: the game's rules do that, reporting every
        /// problem.
        pub fn config_from_proto(config: &pb::GameConfig, field: &str) -> Result<GameConfig, ApiError> {
            let mut violations = Violations::default();
            let domain = match &config.game {
                None => {
                    violations.add(field, "must name a game: set exactly one of its fields");
                    None
                }
                $(Some(Game::$kind(c)) => {
                    let field = format!("{field}.{}", stringify!($module));
                    Some(GameConfig::$kind(games::$module::from_proto(c, &field, &mut violations)))
                })+
            };
            let starter = starter_from_proto(config.starter, &format!("{field}.starter"), &mut violations);
            let domain = match (domain, starter) {
                (Some(domain), Some(starter)) => {
                    let kind = domain.kind();
                    let chosen = domain.with_starter(starter);
                    if chosen.is_none() {
                        violations.add(format!("{field}.starter"), no_starter_choice(kind));
                    }
                    chosen
                }
                (domain, _) => domain,
            };
            let domain = domain.map(|d| if config.allow_takebacks { d.allowing_takebacks() } else { d });
            let domain = match domain {
                Some(domain) if config.allow_draw_offers => {
                    let offering = domain.clone().allowing_draw_offers();
                    if offering.is_none() {
                        violations.add(format!("{field}.allow_draw_offers"), "needs another seat to offer a draw to; a one-seat game has none");
                    }
                    offering.or(Some(domain))
                }
                domain => domain,
            };
            let domain = match domain {
                Some(domain) if config.takebacks_need_consent => {
                    let field = format!("{field}.takebacks_need_consent");
                    if !domain.takebacks_allowed() {
                        violations.add(&field, "asks the other seat to agree to takebacks; set allow_takebacks too");
                    }
                    let consenting = domain.clone().with_takeback_consent();
                    if consenting.is_none() {
                        violations.add(field, "needs another seat to ask; a one-seat game has none");
                    }
                    consenting.or(Some(domain))
                }
                domain => domain,
            };
            let domain = match (domain, &config.presence) {
                (Some(domain), Some(wanted)) => {
                    let field = format!("{field}.presence");
                    let presence = presence_from_proto(wanted, &field, domain.kind().seat_count(), &mut violations);
                    let keeping = domain.clone().keeping_presence(presence);
                    if keeping.is_none() {
                        violations.add(field, no_presence(domain.kind()));
                    }
                    keeping.or(Some(domain))
                }
                (domain, _) => domain,
            };
            let domain = match (domain, &config.ending_takeback_window) {
                (Some(domain), Some(window)) => {
                    let field = format!("{field}.ending_takeback_window");
                    Some(ending_takeback_from_proto(domain, window, &field, &mut violations))
                }
                (domain, _) => domain,
            };
            violations.into_result(domain).map(|d| d.expect("a config without violations").with_defaults())
        }

        /// The wire configuration of a domain one.
        pub fn config_to_proto(config: &GameConfig) -> pb::GameConfig {
            let game = match config {
                $(GameConfig::$kind(c) => Game::$kind(games::$module::to_proto(c))),+
            };
            let starter = config.starter().map_or(pb::Starter::Unspecified, starter_to_proto);
            pb::GameConfig {
                game: Some(game),
                clock: None,
                starter: starter as i32,
                allow_takebacks: config.takebacks_allowed(),
                takebacks_need_consent: config.takebacks_need_consent(),
                allow_draw_offers: config.draw_offers_allowed(),
                presence: config.play_options().presence.map(presence_to_proto),
                ending_takeback_window: config.play_options().ending_takeback_ms.map(millis_to_proto),
            }
        }
    };
}

/// The starter a request chose, `None` when it left the rules' custom (unset, or the first
/// seat); an unknown value is a violation.
fn starter_from_proto(starter: i32, field: &str, violations: &mut Violations) -> Option<Starter> {
    match pb::Starter::try_from(starter) {
        Ok(pb::Starter::Unspecified | pb::Starter::FirstSeat) => None,
        Ok(pb::Starter::SecondSeat) => Some(Starter::SecondSeat),
        Ok(pb::Starter::Random) => Some(Starter::Random),
        Err(_) => {
            violations.add(field, format!("{starter} is not a Starter value"));
            None
        }
    }
}

/// The wire form of a starter.
fn starter_to_proto(starter: Starter) -> pb::Starter {
    match starter {
        Starter::FirstSeat => pb::Starter::FirstSeat,
        Starter::SecondSeat => pb::Starter::SecondSeat,
        Starter::Random => pb::Starter::Random,
    }
}

/// The presence a request asks for: `away_after` unset is the default window; each
/// problem (a window out of bounds, a claim where there is nobody to claim against) is a
/// violation under `field`.
fn presence_from_proto(
    wanted: &pb::PresenceConfig,
    field: &str,
    seats: usize,
    violations: &mut Violations,
) -> Presence {
    let away_after_ms = match &wanted.away_after {
        None => Presence::DEFAULT_AWAY_AFTER_MS,
        Some(away) => millis_from_proto(Some(away), &format!("{field}.away_after"), violations),
    };
    let claim_after_ms = wanted
        .claim_after
        .as_ref()
        .map(|claim| millis_from_proto(Some(claim), &format!("{field}.claim_after"), violations));
    let presence = Presence { away_after_ms, claim_after_ms };
    for (name, problem) in presence.problems(seats) {
        violations.add(format!("{field}.{name}"), problem);
    }
    presence
}

/// `domain` letting the move that ended it be taken back for `window`; each problem (a
/// window out of bounds, takebacks not allowed, a game that holds no such choice or whose
/// hidden information an end shows) is a violation under `field`.
fn ending_takeback_from_proto(
    domain: GameConfig,
    window: &prost_types::Duration,
    field: &str,
    violations: &mut Violations,
) -> GameConfig {
    let window_ms = millis_from_proto(Some(window), field, violations);
    if !ENDING_TAKEBACK_MS.contains(&window_ms) {
        violations.add(field, "must be from 1 s to 1 h");
    }
    if !domain.takebacks_allowed() {
        violations.add(field, "takes back the move that ended the game; set allow_takebacks too");
    }
    let name = domain.kind().info().display_name;
    if domain.has_hidden_information() {
        let why = format!("{name} hides information that its end shows to everyone, so its end is always final");
        violations.add(field, why);
    }
    match domain.clone().with_ending_takeback(window_ms) {
        Some(reopenable) => reopenable,
        None => {
            violations.add(field, format!("{name} holds no such choice; leave it unset"));
            domain
        }
    }
}

/// The wire form of a game's presence.
fn presence_to_proto(presence: Presence) -> pb::PresenceConfig {
    pb::PresenceConfig {
        away_after: Some(millis_to_proto(presence.away_after_ms)),
        claim_after: presence.claim_after_ms.map(millis_to_proto),
    }
}

/// Why a kind keeps no presence.
fn no_presence(kind: GameKind) -> String {
    format!("{} has one seat and nobody to show its presence to; leave presence unset", kind.info().display_name)
}

/// Why a kind refuses a choice of who starts.
fn no_starter_choice(kind: GameKind) -> String {
    let name = kind.info().display_name;
    if kind.seat_count() == 1 {
        format!("{name} has one seat, which always starts; leave starter unset")
    } else {
        format!("{name}'s rules fix who starts (the position says who is to move); leave starter unset")
    }
}

conversions! {
    TicTacToe => tic_tac_toe,
    ConnectFour => connect_four,
    Gomoku => gomoku,
    TicTacTwo => tic_tac_two,
    Morris => morris,
    PegSolitaire => peg_solitaire,
    Battleship => battleship,
    Reversi => reversi,
    Chess => chess,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The registry's numbers name the contract's values of the same name, both ways.
    #[test]
    fn every_kind_has_its_contract_number() {
        for kind in GameKind::ALL {
            let wire = kind_to_proto(*kind);
            assert_eq!(wire.as_str_name(), format!("GAME_KIND_{}", kind.name().to_uppercase()));
            assert_eq!(kind_from_proto(wire as i32), Some(*kind));
        }
        assert_eq!(kind_from_proto(0), None);
        assert_eq!(kind_from_proto(-1), None);
        assert_eq!(kind_from_proto(1_000), None);
    }
}
