//! Players' ratings in SQL: their rows, and a rated game's end written in one transaction.

use sqlx::{QueryBuilder, Transaction};

use super::super::codec::{from_micros, to_json, to_micros, unsigned};
use super::super::ratings::{from_units, to_units};
use super::super::{
    LeaderboardCursor, PlayerRating, RATING_UNITS, RatedGame, RatingValue, StoreError, VOLATILITY_UNITS,
};
use super::columns::{Columns, Value, query, signed};
use super::{Dialect, Executes, backend};

/// A rating from a row of its columns.
pub fn rating_from_row(row: &impl Columns) -> Result<PlayerRating, StoreError> {
    let count = |column: &str| -> Result<u32, StoreError> { unsigned(row.int(column)?, column) };
    Ok(PlayerRating {
        owner: row.text("owner")?,
        pool: row.text("pool")?,
        player: row.text("player")?,
        value: RatingValue {
            rating: from_units(row.int("rating_micros")?, RATING_UNITS),
            deviation: from_units(row.int("deviation_micros")?, RATING_UNITS),
            volatility: from_units(row.int("volatility_nanos")?, VOLATILITY_UNITS),
        },
        games: count("games")?,
        wins: count("wins")?,
        draws: count("draws")?,
        losses: count("losses")?,
        rated_at: from_micros(row.int("rated_us")?),
        revision: unsigned(row.int("revision")?, "revision")?,
    })
}

/// The numbers of `rating` as its row keeps them, in the statements' order: rating,
/// deviation, volatility, games, wins, draws, losses, rating time, revision.
fn numbers(rating: &PlayerRating) -> [Value; 9] {
    [
        to_units(rating.value.rating, RATING_UNITS).into(),
        to_units(rating.value.deviation, RATING_UNITS).into(),
        to_units(rating.value.volatility, VOLATILITY_UNITS).into(),
        i64::from(rating.games).into(),
        i64::from(rating.wins).into(),
        i64::from(rating.draws).into(),
        i64::from(rating.losses).into(),
        to_micros(rating.rated_at).into(),
        signed(rating.revision).into(),
    ]
}

/// `rating`'s key columns: owner, pool, player.
fn key(rating: &PlayerRating) -> [Value; 3] {
    [rating.owner.as_str().into(), rating.pool.as_str().into(), rating.player.as_str().into()]
}

/// The ratings of `players` in `owner`'s pool `pool` that exist.
pub async fn of_players<D: Dialect>(
    conn: &mut D::Connection,
    owner: &str,
    pool: &str,
    players: &[String],
) -> Result<Vec<PlayerRating>, StoreError> {
    if players.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = QueryBuilder::<D>::new(D::SQL.ratings);
    sql.push(" WHERE owner = ");
    D::push(&mut sql, owner.into());
    sql.push(" AND pool = ");
    D::push(&mut sql, pool.into());
    sql.push(" AND player IN (");
    for (index, player) in players.iter().enumerate() {
        if index > 0 {
            sql.push(", ");
        }
        D::push(&mut sql, player.as_str().into());
    }
    sql.push(")");
    let rows = sql.build().fetch_all(conn.executor()).await.map_err(backend)?;
    rows.iter().map(rating_from_row).collect()
}

/// Up to `limit` of a pool's ratings, best first, after `after`.
pub async fn leaderboard<D: Dialect>(
    conn: &mut D::Connection,
    owner: &str,
    pool: &str,
    after: Option<&LeaderboardCursor>,
    limit: usize,
) -> Result<Vec<PlayerRating>, StoreError> {
    let mut sql = QueryBuilder::<D>::new(D::SQL.ratings);
    sql.push(" WHERE owner = ");
    D::push(&mut sql, owner.into());
    sql.push(" AND pool = ");
    D::push(&mut sql, pool.into());
    if let Some(cursor) = after {
        let rating = to_units(cursor.rating, RATING_UNITS);
        sql.push(" AND (rating_micros < ");
        D::push(&mut sql, rating.into());
        sql.push(" OR (rating_micros = ");
        D::push(&mut sql, rating.into());
        sql.push(" AND player > ");
        D::push(&mut sql, cursor.player.as_str().into());
        sql.push("))");
    }
    sql.push(" ORDER BY rating_micros DESC, player LIMIT ");
    D::push(&mut sql, i64::try_from(limit).unwrap_or(i64::MAX).into());
    let rows = sql.build().fetch_all(conn.executor()).await.map_err(backend)?;
    rows.iter().map(rating_from_row).collect()
}

/// Writes `rated` in `tx`: the game marked rated, then each player's rating if its
/// revision is still the one before. On an error the caller drops `tx`, which writes
/// nothing.
pub async fn rate<D: Dialect>(tx: &mut Transaction<'static, D>, rated: &RatedGame) -> Result<(), StoreError> {
    let id = rated.game_id.as_str();
    let done = query::<D>(D::SQL.rate_game, [to_json(&rated.rating).into(), id.into()])
        .execute(tx.executor())
        .await
        .map_err(backend)?;
    if D::rows_affected(&done) == 0 {
        let exists = query::<D>(D::SQL.seq, [id.into()]).fetch_optional(tx.executor()).await.map_err(backend)?;
        return Err(match exists {
            Some(_) => StoreError::NotRatable(id.to_owned()),
            None => StoreError::NotFound(id.to_owned()),
        });
    }
    for player in &rated.players {
        let expected = player.revision.saturating_sub(1);
        let written = if expected == 0 {
            let mut values = key(player).to_vec();
            values.extend(numbers(player));
            query::<D>(D::SQL.insert_rating, values).execute(tx.executor()).await.map_err(backend)?
        } else {
            let mut values = numbers(player).to_vec();
            values.extend(key(player));
            values.push(signed(expected).into());
            query::<D>(D::SQL.update_rating, values).execute(tx.executor()).await.map_err(backend)?
        };
        if D::rows_affected(&written) == 0 {
            let row = query::<D>(D::SQL.revision_of_rating, key(player))
                .fetch_optional(tx.executor())
                .await
                .map_err(backend)?;
            let current = row.map(|row| unsigned(row.int("revision")?, "revision")).transpose()?.unwrap_or(0);
            return Err(StoreError::Conflict { expected, current });
        }
    }
    Ok(())
}
