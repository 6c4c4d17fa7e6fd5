//! The `Store` contract for ratings: a rated game's end is written once, with both players'
//! ratings, and only over the ratings it was computed from; pools and owners apart; the
//! leaderboard in order, a page at a time.

use std::sync::Arc;
use std::time::SystemTime;

use tabula::store::{
    GameRating, GameRecord, LeaderboardCursor, PlayerRating, RatedGame, RatingValue, Store, StoreError,
};

/// A rated game's record as created: pool `pool`, players `a` and `b`, not rated yet.
pub fn rated(mut record: GameRecord, pool: &str, a: &str, b: &str) -> GameRecord {
    let new = RatingValue { rating: 1500.0, deviation: 350.0, volatility: 0.06 };
    record.rating = Some(GameRating {
        pool: pool.to_owned(),
        players: vec![a.to_owned(), b.to_owned()],
        before: vec![new, new],
        after: Vec::new(),
        done: false,
    });
    record
}

/// `player`'s rating of `value` in `owner`'s `pool`, at revision `revision`, after
/// `games` games.
fn rating(owner: &str, pool: &str, player: &str, value: f64, revision: u64, at: SystemTime) -> PlayerRating {
    PlayerRating {
        owner: owner.to_owned(),
        pool: pool.to_owned(),
        player: player.to_owned(),
        value: RatingValue { rating: value, deviation: 200.123456, volatility: 0.059999876 },
        games: revision as u32,
        wins: revision as u32,
        draws: 0,
        losses: 0,
        rated_at: at,
        revision,
    }
}

/// The rating written for game `id` (both seats' values after it).
fn done(record: &GameRecord, after: [f64; 2]) -> GameRating {
    let mut rating = record.rating.clone().unwrap();
    rating.after = after.iter().map(|&r| RatingValue { rating: r, deviation: 200.0, volatility: 0.06 }).collect();
    rating.done = true;
    rating
}

/// `rated` must be a finished rated game in `store` (players "ann" and "bob", pool
/// "chess", owner "lobby"), `unrated` a finished game not rated, `running` a rated game in
/// progress.
pub async fn ratings_are_written_once_per_game(
    store: Arc<dyn Store>,
    rated: &str,
    unrated: &str,
    running: &str,
    at: SystemTime,
) {
    let to_rate = store.games_to_rate(100).await.unwrap();
    assert_eq!(to_rate, vec![rated.to_owned()], "only an ended rated game waits; not one in progress or unrated");
    assert!(!to_rate.iter().any(|id| id == running));
    assert!(store.ratings("lobby", "chess", &["ann".into(), "bob".into()]).await.unwrap().is_empty());

    let (record, _) = store.load(rated).await.unwrap();
    let first = RatedGame {
        game_id: rated.to_owned(),
        rating: done(&record, [1662.5, 1337.5]),
        players: vec![rating("lobby", "chess", "ann", 1662.5, 1, at), rating("lobby", "chess", "bob", 1337.5, 1, at)],
    };
    // A rating computed over ratings that moved meanwhile writes nothing, not even the game.
    let mut stale = first.clone();
    stale.players[1].revision = 2;
    assert!(matches!(store.rate_game(stale).await, Err(StoreError::Conflict { expected: 1, current: 0 })));
    assert_eq!(store.games_to_rate(100).await.unwrap().len(), 1, "a refused rating leaves the game waiting");
    assert!(store.ratings("lobby", "chess", &["ann".into()]).await.unwrap().is_empty());

    store.rate_game(first.clone()).await.unwrap();
    assert!(store.games_to_rate(100).await.unwrap().is_empty());
    assert_eq!(store.load(rated).await.unwrap().0.rating, Some(first.rating.clone()));
    let mut kept = store.ratings("lobby", "chess", &["ann".into(), "bob".into(), "cid".into()]).await.unwrap();
    kept.sort_by(|a, b| a.player.cmp(&b.player));
    assert_eq!(kept, first.players, "kept exactly as written, to the last unit");

    // The same game a second time, from any process: refused, nothing changes.
    let mut again = first.clone();
    again.players =
        vec![rating("lobby", "chess", "ann", 1700.0, 2, at), rating("lobby", "chess", "bob", 1300.0, 2, at)];
    assert!(matches!(store.rate_game(again).await, Err(StoreError::NotRatable(_))));
    let unrated_game = RatedGame { game_id: unrated.to_owned(), rating: first.rating.clone(), players: Vec::new() };
    assert!(matches!(store.rate_game(unrated_game).await, Err(StoreError::NotRatable(_))));
    let missing = RatedGame { game_id: "0190ffff-0000-7000-8000-000000000000".into(), ..first.clone() };
    assert!(matches!(store.rate_game(missing).await, Err(StoreError::NotFound(_))));
    assert_eq!(store.ratings("lobby", "chess", &["ann".into()]).await.unwrap()[0].value.rating, 1662.5);

    // Pools and owners apart; a player's ratings across pools.
    assert!(store.ratings("other", "chess", &["ann".into()]).await.unwrap().is_empty());
    assert!(store.ratings("lobby", "chess/blitz", &["ann".into()]).await.unwrap().is_empty());
    let pools: Vec<String> = store.player_ratings("lobby", "ann").await.unwrap().into_iter().map(|r| r.pool).collect();
    assert_eq!(pools, ["chess"]);
    assert!(store.player_ratings("other", "ann").await.unwrap().is_empty());
}

/// The leaderboard of owner "board"'s pool "go", its ratings written by rating `games`
/// (each between two new players): best first, ties by player id, pages that join up.
pub async fn leaderboards_page_in_rating_order(store: Arc<dyn Store>, games: &[String], at: SystemTime) {
    // Ten players, two per game; two of them tied.
    let values = [1500.0, 1612.25, 1400.5, 1612.25, 1800.0, 1200.0, 1555.555555, 1499.999999, 1700.0, 1000.0];
    for (index, id) in games.iter().enumerate() {
        let (record, _) = store.load(id).await.unwrap();
        let players: Vec<PlayerRating> = (0..2)
            .map(|seat| {
                let n = index * 2 + seat;
                rating("board", "go", &format!("p{n}"), values[n], 1, at)
            })
            .collect();
        let after = [players[0].value.rating, players[1].value.rating];
        store.rate_game(RatedGame { game_id: id.clone(), rating: done(&record, after), players }).await.unwrap();
    }
    let mut expected: Vec<(f64, String)> = values.iter().enumerate().map(|(n, &v)| (v, format!("p{n}"))).collect();
    expected.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    let mut listed = Vec::new();
    let mut after: Option<LeaderboardCursor> = None;
    loop {
        let page = store.leaderboard("board", "go", after.as_ref(), 3).await.unwrap();
        if page.is_empty() {
            break;
        }
        assert!(page.len() <= 3);
        let last = page.last().unwrap();
        after = Some(LeaderboardCursor { rating: last.value.rating, player: last.player.clone() });
        listed.extend(page.into_iter().map(|r| (r.value.rating, r.player)));
    }
    assert_eq!(listed, expected);
    assert!(store.leaderboard("board", "chess", None, 10).await.unwrap().is_empty());
    assert!(store.leaderboard("lobby", "go", None, 10).await.unwrap().is_empty());
}
