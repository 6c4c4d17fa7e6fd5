//! The cache: bounded by bytes as well as by count, games in use kept.

use std::sync::atomic::Ordering;

use super::*;
use crate::store::SNAPSHOT_EVERY;

#[tokio::test]
async fn idle_games_beyond_the_byte_limit_are_dropped_oldest_first_and_reload() {
    let hub = hub(CacheLimits { games: 1_000, bytes: new_game_bytes() * 10 });
    for number in 0..30 {
        create(&hub, &format!("game-{number:02}")).await;
    }
    let (games, bytes) = hub.games().counts();
    assert!(bytes <= new_game_bytes() * 10, "{bytes} bytes cached");
    assert_eq!(bytes, games * new_game_bytes(), "the total is the sum of the games'");
    assert!(games >= 9, "trimmed to nine tenths, not emptied: {games}");
    let kept = cached(&hub, "game-29");
    let dropped = !cached(&hub, "game-00");
    assert!(kept && dropped, "the least recently used go first");
    // A dropped game reloads from the store and plays on.
    let live = hub.game("game-00").await.unwrap();
    play(&hub, &live, 2).await;
    assert_eq!(live.state.lock().await.game.move_count(), 2);
}

#[tokio::test]
async fn a_game_is_counted_for_its_size_as_it_grows_and_games_in_use_stay() {
    let hub = hub(CacheLimits { games: 1_000, bytes: new_game_bytes() * 4 });
    let held = create(&hub, "held").await;
    let (_, before) = hub.games().counts();
    // Past a snapshot point the game is weighed again: its history now counts.
    play(&hub, &held, SNAPSHOT_EVERY as u32 + 1).await;
    let (_, after) = hub.games().counts();
    assert!(after > before, "{before} → {after}");
    assert_eq!(held.bytes.load(Ordering::Relaxed), after, "the only game is the whole total");
    for number in 0..10 {
        create(&hub, &format!("idle-{number}")).await;
    }
    assert!(cached(&hub, "held"), "a game a caller holds is never dropped");
    let (_, bytes) = hub.games().counts();
    assert!(bytes <= new_game_bytes() * 4, "{bytes}");
    // Let go, the big game is the oldest idle one: the next trim drops it first.
    drop(held);
    create(&hub, "last").await;
    assert!(!cached(&hub, "held"));
    let (games, bytes) = hub.games().counts();
    assert_eq!(bytes, games * new_game_bytes(), "the dropped game no longer counts");
}

/// Whether game `id` is in the cache.
fn cached(hub: &Hub, id: &str) -> bool {
    hub.games().cached(id).is_some()
}
