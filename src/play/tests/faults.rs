//! A panic in a game's rules, injected by a game whose rules have a bug: the call that ran
//! them is answered `RulesFault`, the fault is counted, the game is faulted (no more turns,
//! its bot and its clock stopped) and read as its log stands, and the process serves on.

use std::any::Any;
use std::time::{Duration, UNIX_EPOCH};

use futures_util::StreamExt;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle, PrometheusRecorder};

use super::*;
use crate::engine::clock::{ClockConfig, OnTimeout, TimeControl};
use crate::engine::{Analysis, AnyMatch, AnyUndo, MoveError, Outcome, SearchBudget, View, Viewer};
use crate::play::faults::RulesCall;
use crate::play::{AnalysisRequest, ManualTime, PlayError, TimeSource};
use crate::store::BotSeat;

/// Where a [`Buggy`] game's rules panic.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Bug {
    /// Playing a move to this cell, once the move has changed the position: the game is
    /// left half-changed, as a bug in the middle of a move leaves it.
    Move(Action),
    /// Making a view, or listing legal moves.
    Reading,
    /// The engine's choice of a move (a bot's, the clock's default move, a hint).
    Search,
}

/// A game of [`config`] whose rules panic where its bug is, and are the real game's
/// everywhere else. It is what the play layer drives, `AnyMatch`; a copy reloaded from the
/// store is the real game, without the bug.
#[derive(Debug)]
struct Buggy {
    game: Box<dyn AnyMatch>,
    bug: Bug,
}

impl Buggy {
    fn boxed(bug: Bug) -> Box<dyn AnyMatch> {
        Box::new(Buggy { game: config().new_match().unwrap(), bug })
    }

    /// Panics when `turn` is the move the bug is on.
    fn check_move(&self, turn: &Turn) {
        if let (Bug::Move(trap), Turn::Move(_, action)) = (&self.bug, turn)
            && trap == action
        {
            panic!("the rules failed in the middle of a move");
        }
    }

    fn check_reading(&self) {
        assert_ne!(self.bug, Bug::Reading, "the rules failed making a view");
    }

    fn check_search(&self) {
        assert_ne!(self.bug, Bug::Search, "the rules failed in a search");
    }
}

impl AnyMatch for Buggy {
    fn seat_count(&self) -> usize {
        self.game.seat_count()
    }
    fn to_act(&self) -> Vec<Seat> {
        self.game.to_act()
    }
    fn legal_moves(&self, seat: Seat) -> Vec<Action> {
        self.check_reading();
        self.game.legal_moves(seat)
    }
    fn last_mover(&self) -> Option<Seat> {
        self.game.last_mover()
    }
    fn play(&mut self, turn: &Turn) -> Result<(), MoveError> {
        self.game.play(turn)?;
        self.check_move(turn);
        Ok(())
    }
    fn play_undoably(&mut self, turn: &Turn) -> Result<AnyUndo, MoveError> {
        let undo = self.game.play_undoably(turn)?;
        self.check_move(turn);
        Ok(undo)
    }
    fn undo(&mut self, undo: AnyUndo) {
        self.game.undo(undo);
    }
    fn check(&self, turn: &Turn) -> Result<(), MoveError> {
        self.game.check(turn)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    fn end_reopenable(&self) -> bool {
        self.game.end_reopenable()
    }
    fn move_count(&self) -> u32 {
        self.game.move_count()
    }
    fn history(&self) -> &[Turn] {
        self.game.history()
    }
    fn view(&self, viewer: Viewer) -> View {
        self.check_reading();
        self.game.view(viewer)
    }
    fn public_action(&self, viewer: Viewer, actor: Seat, action: &Action) -> Option<Action> {
        self.game.public_action(viewer, actor, action)
    }
    fn reveals_to_mover(&self, actor: Seat, action: &Action) -> bool {
        self.game.reveals_to_mover(actor, action)
    }
    fn describe(&self, action: &Action) -> String {
        self.game.describe(action)
    }
    fn has_hidden_information(&self) -> bool {
        self.game.has_hidden_information()
    }
    fn machine_notation(&self, action: &Action) -> Option<String> {
        self.game.machine_notation(action)
    }
    fn analyse(&self, seat: Seat, budget: SearchBudget<'_>) -> Option<Analysis> {
        self.check_search();
        self.game.analyse(seat, budget)
    }
    fn analysis_shares_work(&self) -> bool {
        self.game.analysis_shares_work()
    }
    fn bot_action(&self, seat: Seat, level: u8, budget: SearchBudget<'_>) -> Option<Action> {
        self.check_search();
        self.game.bot_action(seat, level, budget)
    }
    fn solutions(
        &self,
        range: crate::engine::SolutionRange,
        budget: SearchBudget<'_>,
    ) -> Option<Result<crate::engine::Solutions, crate::engine::CountingStopped>> {
        self.check_search();
        self.game.solutions(range, budget)
    }
    fn snapshot(&self) -> Vec<u8> {
        self.game.snapshot()
    }
    fn clone_box(&self) -> Box<dyn AnyMatch> {
        Box::new(Buggy { game: self.game.clone_box(), bug: self.bug.clone() })
    }
    fn same_state(&self, other: &dyn AnyMatch) -> bool {
        self.game.same_state(other)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A recorder for this test's thread alone, and the handle that renders what it recorded.
fn recorder() -> (PrometheusRecorder, PrometheusHandle) {
    let recorder = PrometheusBuilder::new().build_recorder();
    let handle = recorder.handle();
    (recorder, handle)
}

/// The rules' faults `handle` counted in games of kind `kind`.
fn faults_counted(handle: &PrometheusHandle, kind: &str) -> f64 {
    let sample = format!("tabula_rules_faults_total{{kind=\"{kind}\"}} ");
    let rendered = handle.render();
    rendered.lines().find_map(|line| line.strip_prefix(&sample)).map_or(0.0, |value| value.parse().unwrap())
}

/// Creates game `id` in `hub` as `record` says, playing it with the buggy rules of `bug`.
async fn create_buggy(hub: &Hub, id: &str, record: GameRecord, bug: Bug) -> Arc<LiveGame> {
    let record = GameRecord { id: id.to_owned(), seat_token_hashes: vec![[1; 32], [2; 32]], ..record };
    let Ok(Created::New(live)) = hub.create(Creation::plain(record, Buggy::boxed(bug))).await else {
        panic!("created")
    };
    live
}

fn plain_record() -> GameRecord {
    GameRecord::new_game(config(), None, SystemTime::now())
}

fn move_of(seat: Seat, row: u32, col: u32) -> TurnRequest {
    TurnRequest {
        actor: Actor::Seat(seat),
        command: Command::Turn(Turn::Move(seat, Action::place(row, col))),
        expected_seq: None,
        request_id: None,
        credential: None,
        validate_only: false,
        answer: Answer::View,
    }
}

/// Waits, a little at a time, until `hub` has faulted game `id`.
async fn until_faulted(hub: &Hub, id: &str) {
    for _ in 0..500 {
        if hub.is_faulted(id) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("game {id} was never faulted");
}

/// Whether `answer` is the fault of game `id`'s rules.
fn is_fault_of<T>(answer: &Result<T, PlayError>, id: &str) -> bool {
    matches!(answer, Err(PlayError::RulesFault(faulted)) if faulted == id)
}

/// Whether `answer` is the refusal of a turn in game `id`, faulted.
fn is_refusal_of<T>(answer: &Result<T, PlayError>, id: &str) -> bool {
    matches!(answer, Err(PlayError::GameFaulted(faulted)) if faulted == id)
}

#[tokio::test]
async fn a_turn_whose_rules_panic_faults_its_game_which_reads_its_last_good_state_and_the_process_serves_on() {
    let (recorder, handle) = recorder();
    let _recording = metrics::set_default_local_recorder(&recorder);
    let hub = hub(CacheLimits::default());
    let live = create_buggy(&hub, "buggy", plain_record(), Bug::Move(Action::place(1, 1))).await;
    play(&hub, &live, 2).await;
    let good = live.copy().await.game.history().to_vec();

    let faulting = hub.play(&live, move_of(Seat::FIRST, 1, 1)).await;
    assert!(is_fault_of(&faulting, "buggy"), "{:?}", faulting.err());
    assert_eq!(faults_counted(&handle, "tic_tac_toe"), 1.0);
    assert!(hub.is_faulted("buggy") && live.is_faulted());
    assert!(hub.games().cached("buggy").is_none(), "the copy the panic left half-changed is dropped");

    // Every later turn is refused, on the copy a caller still holds and on a copy reloaded.
    assert!(is_refusal_of(&hub.play(&live, move_of(Seat::FIRST, 2, 2)).await, "buggy"));
    let reloaded = hub.game("buggy").await.unwrap();
    assert!(!Arc::ptr_eq(&reloaded, &live), "reloaded from the store");
    for request in [move_of(Seat::FIRST, 2, 2), TurnRequest { validate_only: true, ..move_of(Seat::FIRST, 2, 2) }] {
        assert!(is_refusal_of(&hub.play(&reloaded, request).await, "buggy"));
    }
    assert_eq!(faults_counted(&handle, "tic_tac_toe"), 1.0, "a refusal is no fault");

    // Reads go on, from the last good state: the log never took the turn.
    let (_, log) = hub.store().load("buggy").await.unwrap();
    assert_eq!(log.len(), 3, "created, then two moves");
    let copy = reloaded.copy().await;
    assert_eq!((copy.game.history(), copy.record.seq, copy.record.move_count), (&good[..], 3, 2));
    let expected = config().replay(&good).unwrap().view(Viewer::Spectator);
    let (view, seq, _) = hub.view(&reloaded, Viewer::Spectator, None).await.unwrap();
    assert_eq!((view, seq), (expected, 3));
    assert_eq!(hub.view(&reloaded, Viewer::Spectator, Some(2)).await.unwrap().1, 2, "a past position too");
    assert_eq!(hub.legal_moves(&reloaded, Seat::FIRST).await.unwrap().1, 3);

    // A service key may still end it outside its rules, so that what waits on it goes on.
    let adjudication = TurnRequest {
        actor: Actor::Service { key: None },
        command: Command::Turn(Turn::Adjudicate {
            result: crate::engine::Adjudication::Draw,
            explanation: "its rules failed".to_owned(),
        }),
        ..move_of(Seat::FIRST, 0, 0)
    };
    hub.play(&reloaded, adjudication).await.unwrap();
    let ended = hub.game("buggy").await.unwrap().copy().await;
    assert!(ended.record.outcome.is_some(), "{:?}", ended.record);
    assert!(is_refusal_of(&hub.play(&reloaded, move_of(Seat::FIRST, 2, 2)).await, "buggy"), "still faulted");

    // Another game plays on in the same process.
    let healthy = create(&hub, "healthy").await;
    play(&hub, &healthy, 3).await;
    assert_eq!(healthy.seq().await, 4);
    assert!(!hub.is_faulted("healthy"));
}

#[tokio::test]
async fn a_view_whose_rules_panic_faults_its_game_and_a_move_the_log_took_stays_played() {
    let (recorder, handle) = recorder();
    let _recording = metrics::set_default_local_recorder(&recorder);
    let hub = hub(CacheLimits::default());
    let live = create_buggy(&hub, "unviewable", plain_record(), Bug::Reading).await;
    // The move is played whole and logged; only the view of the answer fails.
    let answered = hub.play(&live, move_of(Seat::FIRST, 0, 0)).await;
    assert!(is_fault_of(&answered, "unviewable"), "{:?}", answered.err());
    let reloaded = hub.game("unviewable").await.unwrap();
    assert_eq!(reloaded.seq().await, 2, "the log took the move before the view failed");
    assert!(is_refusal_of(&hub.play(&reloaded, move_of(Seat::SECOND, 0, 1)).await, "unviewable"));

    // Each read that runs the buggy rules is contained too.
    let other = create_buggy(&hub, "unlistable", plain_record(), Bug::Reading).await;
    assert!(is_fault_of(&hub.legal_moves(&other, Seat::FIRST).await, "unlistable"));
    let another = create_buggy(&hub, "unviewable-too", plain_record(), Bug::Reading).await;
    assert!(is_fault_of(&hub.view(&another, Viewer::Spectator, None).await, "unviewable-too"));
    let exported = create_buggy(&hub, "unwritable", plain_record(), Bug::Reading).await;
    let written = hub.write_out(&exported, |copy| copy.game.view(Viewer::Spectator)).await;
    assert!(is_fault_of(&written, "unwritable"));
    assert_eq!(faults_counted(&handle, "tic_tac_toe"), 4.0);
    assert!(hub.is_faulted("unlistable") && hub.is_faulted("unviewable-too") && hub.is_faulted("unwritable"));
    // Reloaded with the real rules, they read.
    let reloaded = hub.game("unlistable").await.unwrap();
    assert_eq!(hub.legal_moves(&reloaded, Seat::FIRST).await.unwrap().0.len(), 19 * 19);
}

#[tokio::test]
async fn a_hint_whose_search_panics_faults_its_game() {
    let (recorder, handle) = recorder();
    let _recording = metrics::set_default_local_recorder(&recorder);
    let hub = hub(CacheLimits::default());
    let record = GameRecord { allow_hints: true, ..plain_record() };
    let live = create_buggy(&hub, "unhintable", record, Bug::Search).await;
    let asked = AnalysisRequest { asker: Viewer::Seat(Seat::FIRST), at_seq: None, time: None, nodes: Some(100) };
    assert!(is_fault_of(&hub.analyse(&live, asked).await, "unhintable"));
    assert_eq!(faults_counted(&handle, "tic_tac_toe"), 1.0);
    assert!(is_refusal_of(&hub.play(&live, move_of(Seat::FIRST, 0, 0)).await, "unhintable"));
}

#[tokio::test]
async fn a_bot_whose_search_panics_faults_its_game_once_and_never_moves_again() {
    let (recorder, handle) = recorder();
    let _recording = metrics::set_default_local_recorder(&recorder);
    let hub = hub(CacheLimits::default());
    let bot = BotSeat { seat: Seat::SECOND, level: 1, move_time_ms: 50 };
    let record = GameRecord { bots: vec![bot], ..plain_record() };
    let live = create_buggy(&hub, "botched", record, Bug::Search).await;
    // The seat's move makes the bot's due: its search panics.
    hub.play(&live, move_of(Seat::FIRST, 0, 0)).await.unwrap();
    until_faulted(&hub, "botched").await;
    assert_eq!(faults_counted(&handle, "tic_tac_toe"), 1.0);

    // Loaded again, the game calls for no bot's move, and none is made.
    let reloaded = hub.game("botched").await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(faults_counted(&handle, "tic_tac_toe"), 1.0, "the bot did not fault it again");
    assert_eq!(reloaded.seq().await, 2, "nor move");
}

#[tokio::test]
async fn a_timeout_whose_default_move_panics_faults_its_game_and_its_clock_stops() {
    let (recorder, handle) = recorder();
    let _recording = metrics::set_default_local_recorder(&recorder);
    let time = ManualTime::new(UNIX_EPOCH + Duration::from_secs(1_800_000_000));
    let settings = Settings { bot_threads: 1, time: TimeSource::Manual(time.clone()), ..Settings::default() };
    let hub = Hub::new(Arc::new(MemoryStore::new()), settings);
    let mut clock = ClockConfig::uniform(TimeControl::PerMove { per_move: 5_000 }).for_seats(2, "clock").unwrap();
    clock.on_timeout = OnTimeout::DefaultMove;
    let record = GameRecord::new_game(config(), Some(clock), time.now());
    let live = create_buggy(&hub, "late", record, Bug::Search).await;
    assert_eq!(hub.timekeeper().watched(), 1);

    // The first seat's time runs out: the clock's default move panics.
    time.advance(Duration::from_millis(5_001));
    until_faulted(&hub, "late").await;
    assert_eq!(faults_counted(&handle, "tic_tac_toe"), 1.0);
    assert_eq!(hub.timekeeper().watched(), 0, "its deadline is no longer watched");

    // Neither a reload nor time makes the clock act on it again.
    let reloaded = hub.game("late").await.unwrap();
    assert_eq!(hub.timekeeper().watched(), 0, "the reload armed no deadline");
    time.advance(Duration::from_secs(60));
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!((hub.timekeeper().watched(), reloaded.seq().await, live.seq().await), (0, 1, 1));
    assert_eq!(faults_counted(&handle, "tic_tac_toe"), 1.0);
}

#[tokio::test]
async fn a_stream_whose_views_panic_ends_with_the_fault_and_faults_its_game() {
    let (recorder, handle) = recorder();
    let _recording = metrics::set_default_local_recorder(&recorder);
    let hub = hub(CacheLimits::default());
    let live = create(&hub, "streamed").await;
    // A subscription's replica is rebuilt from the configuration, whose rules are the real
    // ones here: the stream's rules are stood in for by items that panic as they are made.
    let views = futures_util::stream::iter([1, 2, 3]).map(|view| {
        assert_ne!(view, 2, "the rules failed making a view");
        Ok::<_, PlayError>(view)
    });
    let delivered: Vec<_> = hub.games().contain_stream(live.clone(), RulesCall::View, views).collect().await;
    assert!(matches!(&delivered[..], [Ok(1), Err(PlayError::RulesFault(id))] if id == "streamed"), "ends there");
    assert_eq!(faults_counted(&handle, "tic_tac_toe"), 1.0);
    assert!(is_refusal_of(&hub.play(&live, move_of(Seat::FIRST, 0, 0)).await, "streamed"));
}

#[tokio::test]
async fn a_fault_is_stored_so_that_another_replica_and_a_restarted_process_refuse_the_games_turns() {
    let store = Arc::new(MemoryStore::as_if_shared());
    let settings = || Settings { bot_threads: 1, ..Settings::default() };
    let (a, b) = (Hub::new(store.clone(), settings()), Hub::new(store.clone(), settings()));
    let quieted = crate::play::faults::quieted();
    let live = create_buggy(&a, "stored", plain_record(), Bug::Move(Action::place(1, 1))).await;
    play(&a, &live, 2).await;
    // B holds a copy as current as the log, before the fault.
    let on_b = b.game_to_play("stored").await.unwrap();
    assert_eq!(on_b.seq().await, 3);

    assert!(is_fault_of(&a.play(&live, move_of(Seat::FIRST, 1, 1)).await, "stored"));
    // The turn's rules ran on this thread (a current-thread runtime), and the hook took
    // their panic rather than the default hook, which prints the message.
    assert_eq!(crate::play::faults::quieted(), quieted + 1, "the hook kept the panic's message out of the output");
    let (record, log) = store.load("stored").await.unwrap();
    assert!(record.faulted, "stored before the call was answered");
    assert_eq!(log.len(), 3);

    // B's copy does not know of it: its turn is played there, refused by the store, and
    // refused again once caught up.
    assert!(!on_b.is_faulted() && !b.is_faulted("stored"));
    assert!(is_refusal_of(&b.play(&on_b, move_of(Seat::FIRST, 2, 2)).await, "stored"));
    assert!(on_b.is_faulted() && b.is_faulted("stored"));
    assert_eq!(store.load("stored").await.unwrap().1.len(), 3, "nothing stored");

    // A process started afterwards loads it faulted, and reads it as the log stands.
    let restarted = Hub::new(store.clone(), settings());
    let loaded = restarted.game("stored").await.unwrap();
    assert!(loaded.is_faulted() && restarted.is_faulted("stored"));
    assert!(loaded.copy().await.record.faulted);
    assert!(is_refusal_of(&restarted.play(&loaded, move_of(Seat::SECOND, 2, 2)).await, "stored"));
    assert_eq!(restarted.view(&loaded, Viewer::Spectator, None).await.unwrap().1, 3);
}
