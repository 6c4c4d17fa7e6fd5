//! The clock: a move after the deadline is refused before the clock has acted, which it
//! does once; a move in time moves the deadline on.

use std::time::{Duration, UNIX_EPOCH};

use super::*;
use crate::engine::clock::{ClockConfig, TimeControl};
use crate::games::GameKind;
use crate::play::{Answer, CACHED_BYTES, ManualTime, PlayError, TimeSource};
use crate::store::to_millis;

/// A Connect Four game on a clock of 5 s a move, made in a hub whose time is `time`.
async fn timed_game(time: &Arc<ManualTime>) -> (Arc<Hub>, Arc<LiveGame>) {
    let settings = Settings {
        event_channel_capacity: 16,
        cache: CacheLimits { games: 100, bytes: CACHED_BYTES },
        bot_threads: 1,
        time: TimeSource::Manual(time.clone()),
        ..Settings::default()
    };
    let hub = Hub::new(Arc::new(MemoryStore::new()), settings);
    let config = GameKind::ConnectFour.info().default_config;
    let now: SystemTime = time.now();
    let clock = ClockConfig::uniform(TimeControl::PerMove { per_move: 5_000 }).for_seats(2, "clock").unwrap();
    let record = GameRecord {
        id: "timed".to_owned(),
        seat_token_hashes: vec![[1; 32], [2; 32]],
        ..GameRecord::new_game(config.clone(), Some(clock), now)
    };
    let game = config.new_match().unwrap();
    let Ok(Created::New(live)) = hub.create(Creation::plain(record, game)).await else { panic!("created") };
    (hub, live)
}

fn drop_for(seat: Seat) -> TurnRequest {
    TurnRequest {
        actor: Actor::Seat(seat),
        command: Turn::Move(seat, Action::drop(3)).into(),
        expected_seq: None,
        request_id: None,
        credential: None,
        validate_only: false,
        answer: Answer::View,
    }
}

#[tokio::test]
async fn a_move_after_the_deadline_is_refused_before_the_clock_has_acted_and_the_clock_acts_once() {
    let time = ManualTime::new(UNIX_EPOCH + Duration::from_secs(1_800_000_000));
    let (hub, live) = timed_game(&time).await;
    assert_eq!(hub.store().deadlines_before(time.now() + Duration::from_secs(6), 10).await.unwrap().len(), 1);
    // Nothing yields between moving the time and the move: the refusal comes first.
    time.advance(Duration::from_millis(5_001));
    let refused = hub.play(&live, drop_for(Seat::FIRST)).await.err().expect("refused");
    assert!(matches!(refused, PlayError::OutOfTime { seat: Seat::FIRST, .. }), "{refused:?}");
    assert_eq!(live.state.lock().await.seq, 1, "a refused move changes nothing");
    // Then the clock acts, once.
    for _ in 0..100 {
        if live.state.lock().await.seq == 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let (_, log) = hub.store().load("timed").await.unwrap();
    let turns = crate::store::played_turns(&log);
    assert_eq!(turns, [Turn::TimedOut(Seat::FIRST)]);
    assert!(hub.store().deadlines_before(time.now() + Duration::from_secs(3_600), 10).await.unwrap().is_empty());
    time.advance(Duration::from_secs(60));
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(hub.store().load("timed").await.unwrap().1.len(), 3, "nothing more");
}

#[tokio::test]
async fn a_move_in_time_moves_the_deadline_on_in_the_store_and_the_timekeeper() {
    let time = ManualTime::new(UNIX_EPOCH + Duration::from_secs(1_800_000_000));
    let (hub, live) = timed_game(&time).await;
    let start = to_millis(time.now());
    assert_eq!(hub.timekeeper().soonest(), Some(start + 5_000));
    time.advance(Duration::from_secs(5));
    hub.play(&live, drop_for(Seat::FIRST)).await.expect("at the deadline is in time");
    assert_eq!(hub.timekeeper().soonest(), Some(start + 10_000), "the second seat's move time");
    let (record, _) = hub.store().load("timed").await.unwrap();
    assert_eq!(record.deadline.map(to_millis), Some(start + 10_000));
}
