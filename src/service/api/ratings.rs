//! The rating calls: a player's ratings and a pool's leaderboard, under the calling key;
//! and what a creation asks of its rating, checked.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use tonic::Request;

use super::GameServiceImpl;
use super::page::Page;
use crate::games::GameKind;
use crate::play::LeaderboardCursor;
use crate::play::ratings::rated_players;
use crate::play::{BotSeat, Player};
use crate::proto::tabula::v1 as pb;
use crate::service::convert::{MAX_PLAYER_ID_CHARS, Violations, check_free_text, player_rating_to_proto};
use crate::service::error::ApiError;

/// Longest pool name accepted in a read (a kind's name, a slash and a preset's name fit).
pub const MAX_POOL_CHARS: usize = 128;

/// What a creation asks of its rating, to check against the rest of it.
pub struct RatingAsked<'a> {
    /// The request's `rating_pool`.
    pub pool: i32,
    /// The game's kind.
    pub kind: GameKind,
    /// The preset the game was made from, if it was.
    pub preset: Option<&'a str>,
    /// The game's seats.
    pub seats: usize,
    /// Who sits in them.
    pub players: &'a [Player],
    /// The engine's seats.
    pub bots: &'a [BotSeat],
    /// Whether the game's end may be taken back (the field that says so, if it may).
    pub ending_takeback: Option<String>,
}

/// The pool a creation's game is rated in (`None`: not rated), every problem recorded.
pub fn rating_pool(asked: &RatingAsked<'_>, violations: &mut Violations) -> Option<String> {
    let pool = match pb::RatingPool::try_from(asked.pool) {
        Ok(pb::RatingPool::Unspecified) => return None,
        Ok(pb::RatingPool::Kind) => Some(asked.kind.name().to_owned()),
        Ok(pb::RatingPool::Preset) => match asked.preset {
            Some(preset) => Some(format!("{}/{preset}", asked.kind.name())),
            None => {
                violations.add("rating_pool", "RATING_POOL_PRESET needs a game made from a preset (source.preset)");
                None
            }
        },
        Err(_) => {
            violations.add("rating_pool", format!("{} is not a RatingPool", asked.pool));
            return None;
        }
    };
    if asked.seats != 2 {
        violations
            .add("rating_pool", format!("only two-seat games are rated; {} has {}", asked.kind.name(), asked.seats));
        return None;
    }
    match rated_players(asked.seats, asked.players, asked.bots) {
        None => violations
            .add("players", "a rated game names the player of each seat (player_id) that the engine does not play"),
        Some(players) if players[0] == players[1] => {
            violations.add("players", format!("a rated game is between two players; both seats are {:?}", players[0]))
        }
        Some(_) => {}
    }
    if let Some(field) = &asked.ending_takeback {
        violations.add(
            "rating_pool",
            format!("a rated game's end is final, so it cannot be taken back ({field}); leave one of the two unset"),
        );
    }
    pool
}

impl GameServiceImpl {
    pub(super) async fn get_player_ratings_call(
        &self,
        request: Request<pb::GetPlayerRatingsRequest>,
    ) -> Result<pb::GetPlayerRatingsResponse, ApiError> {
        let owner = self.gate.service_key(&request, "reading ratings")?;
        let player = &request.get_ref().player_id;
        let mut violations = Violations::default();
        if player.is_empty() {
            violations.add("player_id", "is required");
        }
        check_free_text(player, MAX_PLAYER_ID_CHARS, "player_id", &mut violations);
        violations.into_result(())?;
        let ratings = self.hub.player_ratings(owner.as_deref(), player).await?;
        Ok(pb::GetPlayerRatingsResponse { ratings: ratings.iter().map(|r| player_rating_to_proto(r, 0)).collect() })
    }

    pub(super) async fn list_leaderboard_call(
        &self,
        request: Request<pb::ListLeaderboardRequest>,
    ) -> Result<pb::ListLeaderboardResponse, ApiError> {
        let owner = self.gate.service_key(&request, "reading a leaderboard")?;
        let request = request.into_inner();
        let mut violations = Violations::default();
        if request.pool.is_empty() {
            violations.add("pool", "is required");
        }
        check_free_text(&request.pool, MAX_POOL_CHARS, "pool", &mut violations);
        violations.into_result(())?;
        let query = format!("leaderboard,{},{}", request.exclude_provisional, URL_SAFE_NO_PAD.encode(&request.pool));
        let page = Page::asked(request.page_size, &request.page_token, query)?;
        let (ranked, after) = match page.after.as_deref() {
            None => (0, None),
            Some(last) => place_of(last).ok_or(ApiError::InvalidPageToken)?,
        };
        let (ratings, next) = self
            .hub
            .leaderboard(owner.as_deref(), &request.pool, after, page.size, request.exclude_provisional)
            .await?;
        let listed = ranked + ratings.len() as u32;
        let ratings =
            ratings.iter().zip(ranked + 1..).map(|(rating, rank)| player_rating_to_proto(rating, rank)).collect();
        let next_page_token = next.map(|cursor| page.token_after(&place(listed, &cursor))).unwrap_or_default();
        Ok(pb::ListLeaderboardResponse { ratings, next_page_token })
    }
}

/// A leaderboard page's place as its token keeps it: how many were listed before it, and
/// the rating and player it starts after.
fn place(listed: u32, cursor: &LeaderboardCursor) -> String {
    format!("{listed}:{}:{}", cursor.rating.to_bits(), URL_SAFE_NO_PAD.encode(&cursor.player))
}

/// The place [`place`] wrote.
fn place_of(text: &str) -> Option<(u32, Option<LeaderboardCursor>)> {
    let mut parts = text.splitn(3, ':');
    let listed = parts.next()?.parse().ok()?;
    let rating = f64::from_bits(parts.next()?.parse().ok()?);
    let player = String::from_utf8(URL_SAFE_NO_PAD.decode(parts.next()?).ok()?).ok()?;
    rating.is_finite().then_some((listed, Some(LeaderboardCursor { rating, player })))
}
