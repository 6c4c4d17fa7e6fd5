//! Ratings on the wire: a rated game's standing, a player's rating in a pool.

use super::time::timestamp;
use crate::play::ratings::provisional;
use crate::play::{GameRating, PlayerRating, RatingValue};
use crate::proto::tabula::v1 as pb;

/// The wire form of a rating's numbers.
pub fn rating_to_proto(value: &RatingValue) -> pb::Rating {
    pb::Rating {
        rating: value.rating,
        deviation: value.deviation,
        volatility: value.volatility,
        provisional: provisional(value),
    }
}

/// The wire form of a rated game's standing.
pub fn game_rating_to_proto(rating: &GameRating) -> pb::GameRating {
    pb::GameRating {
        pool: rating.pool.clone(),
        player_ids: rating.players.clone(),
        before: rating.before.iter().map(rating_to_proto).collect(),
        after: rating.after.iter().map(rating_to_proto).collect(),
        rated: rating.done,
    }
}

/// The wire form of a player's rating in a pool, `rank` its place in a leaderboard (0
/// elsewhere).
pub fn player_rating_to_proto(rating: &PlayerRating, rank: u32) -> pb::PlayerRating {
    pb::PlayerRating {
        player_id: rating.player.clone(),
        pool: rating.pool.clone(),
        rating: Some(rating_to_proto(&rating.value)),
        games: rating.games,
        wins: rating.wins,
        draws: rating.draws,
        losses: rating.losses,
        last_rated_time: Some(timestamp(rating.rated_at)),
        rank,
    }
}
