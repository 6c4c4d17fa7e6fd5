//! Conversions between the wire types of `tabula.v1` and the domain types, one line per
//! field. Wire → domain conversions fail with [`ApiError::BadRequest`] naming every field
//! at fault; domain → wire conversions cannot fail.

mod analysis;
mod clock;
mod config;
mod games;
mod labels;
mod moves;
mod players;
mod ratings;
mod records;
mod series;
mod text;
mod time;
mod tournaments;
mod view;

pub use analysis::{analysis_request_from_proto, hint_to_proto};
pub use clock::{clock_from_proto, clock_to_proto, readings_to_proto};
pub use config::{config_from_proto, config_to_proto, kind_from_proto, kind_to_proto};
pub use labels::{MAX_LABEL_CHARS, MAX_LABELS, labels_from_proto, labels_in_mask};
pub use moves::{action_from_proto, action_to_proto};
pub use players::{MAX_PLAYER_ID_CHARS, players_from_proto, players_to_proto};
pub use ratings::{game_rating_to_proto, player_rating_to_proto};
pub use records::{
    bot_seat_to_proto, bot_seats_from_proto, game_to_proto, kind_info_to_proto, saved_to_proto,
    spectator_delay_from_proto, spectator_delay_to_proto,
};
pub use series::{series_events, series_to_proto};
pub use text::check_free_text;
pub use time::{millis_from_proto, millis_to_proto, timestamp};
pub use tournaments::{
    entrant_from_proto, entrants_from_proto, format_from_proto, points_from_proto, tie_breaks_from_proto,
    tournament_events, tournament_status_from_proto, tournament_to_proto,
};
pub use view::{
    GameOf, event_to_proto, game_status, game_view_to_proto, outcome_to_proto, status_to_proto, view_to_proto,
};

use super::error::ApiError;
use crate::engine::FieldViolation;

/// Collects field violations while a request is converted, so that one error lists all.
#[derive(Debug, Default)]
pub struct Violations(Vec<FieldViolation>);

impl Violations {
    /// Records that `field` is at fault.
    pub fn add(&mut self, field: impl Into<String>, description: impl Into<String>) {
        self.0.push(FieldViolation::new(field, description));
    }

    /// Whether nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `Ok(value)` when nothing was recorded.
    pub fn into_result<T>(self, value: T) -> Result<T, ApiError> {
        if self.0.is_empty() { Ok(value) } else { Err(ApiError::BadRequest(self.0)) }
    }
}
