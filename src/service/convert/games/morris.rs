//! The Morris family's configuration on the wire.

use crate::games::morris::{Config, Flying, Variant};
use crate::proto::tabula::v1 as pb;
use crate::service::convert::Violations;

/// The domain configuration of a wire one; unknown enum values are violations.
pub fn from_proto(c: &pb::MorrisConfig, field: &str, violations: &mut Violations) -> Config {
    let variant = match pb::MorrisVariant::try_from(c.variant) {
        Ok(pb::MorrisVariant::Three) => Variant::Three,
        Ok(pb::MorrisVariant::Six) => Variant::Six,
        Ok(pb::MorrisVariant::Unspecified | pb::MorrisVariant::Nine) => Variant::Nine,
        Ok(pb::MorrisVariant::Twelve) => Variant::Twelve,
        Err(_) => {
            violations.add(format!("{field}.variant"), format!("{} is not a MorrisVariant value", c.variant));
            Variant::Nine
        }
    };
    let flying = match pb::MorrisFlying::try_from(c.flying) {
        Ok(pb::MorrisFlying::Unspecified) => Flying::VariantDefault,
        Ok(pb::MorrisFlying::Allowed) => Flying::Allowed,
        Ok(pb::MorrisFlying::Forbidden) => Flying::Forbidden,
        Err(_) => {
            violations.add(format!("{field}.flying"), format!("{} is not a MorrisFlying value", c.flying));
            Flying::VariantDefault
        }
    };
    Config {
        variant,
        pieces: c.pieces,
        flying,
        flying_threshold: c.flying_threshold,
        capture_from_mills: c.capture_from_mills,
        never_capture_from_mills: c.never_capture_from_mills,
        move_limit: c.move_limit,
        no_move_limit: c.no_move_limit,
        no_repetition_draw: c.no_repetition_draw,
        ..Config::default()
    }
}

/// The wire configuration of a domain one.
pub fn to_proto(c: &Config) -> pb::MorrisConfig {
    pb::MorrisConfig {
        variant: match c.variant {
            Variant::Three => pb::MorrisVariant::Three,
            Variant::Six => pb::MorrisVariant::Six,
            Variant::Nine => pb::MorrisVariant::Nine,
            Variant::Twelve => pb::MorrisVariant::Twelve,
        } as i32,
        pieces: c.pieces,
        flying: match c.flying {
            Flying::VariantDefault => pb::MorrisFlying::Unspecified,
            Flying::Allowed => pb::MorrisFlying::Allowed,
            Flying::Forbidden => pb::MorrisFlying::Forbidden,
        } as i32,
        flying_threshold: c.flying_threshold,
        capture_from_mills: c.capture_from_mills,
        never_capture_from_mills: c.never_capture_from_mills,
        move_limit: c.move_limit,
        no_move_limit: c.no_move_limit,
        no_repetition_draw: c.no_repetition_draw,
    }
}
