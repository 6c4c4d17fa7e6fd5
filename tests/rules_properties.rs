//! Properties every registered game must have, checked on random playouts of every preset
//! of every game kind. A game added to the registry is covered without touching this file.

use proptest::prelude::*;
use tabula::engine::{
    Action, AnyMatch, Cell, Location, Orientation, PlaceTarget, PlayOptions, ShipPlacement, SnapshotError, Stage,
    Starter, Turn, Viewer,
};
use tabula::games::{GameConfig, GameKind, connect_four, gomoku, tic_tac_toe};

/// Longest playout tried; every game must end before it.
const MOVE_CAP: usize = 5_000;

fn every_preset() -> Vec<(String, GameConfig)> {
    GameKind::ALL
        .iter()
        .flat_map(|kind| {
            let info = kind.info();
            info.presets.into_iter().map(move |p| (format!("{}/{}", info.name, p.name), p.config))
        })
        .collect()
}

/// Every preset, each kind's default with every choice about the course of play that it
/// offers (the second seat starting, takebacks by consent, draw offers, ends taken back), chess with takebacks, and the
/// grid games with blocked cells: the configurations random playouts cover.
fn every_preset_and_option() -> Vec<(String, GameConfig)> {
    let mut configs = every_preset();
    let play = PlayOptions {
        starter: Starter::SecondSeat,
        allow_takebacks: true,
        takeback_consent: true,
        allow_draw_offers: true,
        presence: None,
        ending_takeback_ms: Some(60_000),
    };
    for kind in GameKind::ALL {
        let info = kind.info();
        if let Some(config) = info.default_config.clone().with_play_options(play) {
            configs.push((
                format!("{}/second seat starts, takebacks by consent, draw offers, ends taken back", info.name),
                config,
            ));
        }
    }
    // Takebacks without asking: peg solitaire's presets always allow them; chess by choice.
    let free = PlayOptions { allow_takebacks: true, ..PlayOptions::default() };
    let chess = GameKind::Chess.info().default_config.with_play_options(free).expect("chess allows takebacks");
    configs.push(("chess/free takebacks".into(), chess));
    let walls = |cells: &[(u32, u32)]| cells.iter().map(|&(row, col)| Cell::new(row, col)).collect::<Vec<_>>();
    configs.push((
        "tic_tac_toe/blocked".into(),
        GameConfig::TicTacToe(tic_tac_toe::Config {
            blocked: walls(&[(0, 1), (2, 2), (3, 0)]),
            ..tic_tac_toe::Config::sized(4, 3)
        }),
    ));
    configs.push((
        "connect_four/blocked".into(),
        GameConfig::ConnectFour(connect_four::Config {
            blocked: walls(&[(3, 0), (0, 6), (5, 3), (2, 2)]),
            ..Default::default()
        }),
    ));
    configs.push((
        "gomoku/blocked".into(),
        GameConfig::Gomoku(gomoku::Config { blocked: walls(&[(7, 7), (0, 0), (14, 14)]), ..Default::default() }),
    ));
    configs
}

fn arb_cell() -> impl Strategy<Value = Cell> {
    prop_oneof![
        (0u32..20, 0u32..20).prop_map(|(r, c)| Cell::new(r, c)),
        (any::<u32>(), any::<u32>()).prop_map(|(r, c)| Cell::new(r, c)),
    ]
}

fn arb_location() -> impl Strategy<Value = Location> {
    prop_oneof![arb_cell().prop_map(Location::Cell), (0u32..40).prop_map(Location::Point)]
}

/// Any action at all, legal or not, including hostile coordinates.
fn arb_action() -> impl Strategy<Value = Action> {
    let ship = || {
        (arb_cell(), any::<bool>(), 0u32..8).prop_map(|(bow, vertical, length)| ShipPlacement {
            bow,
            orientation: if vertical { Orientation::Vertical } else { Orientation::Horizontal },
            length,
        })
    };
    prop_oneof![
        arb_cell().prop_map(|c| Action::Place(PlaceTarget::Cell(c))),
        prop_oneof![0u32..25, any::<u32>()].prop_map(|c| Action::Place(PlaceTarget::Column(c))),
        (0u32..40).prop_map(|p| Action::Place(PlaceTarget::Point(p))),
        ship().prop_map(|s| Action::Place(PlaceTarget::Ship(s))),
        prop::collection::vec(ship(), 0..6).prop_map(|f| Action::Place(PlaceTarget::Fleet(f))),
        (arb_location(), arb_location()).prop_map(|(from, to)| Action::Move { from, to, promotion: None }),
        (-2i32..3, -2i32..3).prop_map(|(d_row, d_col)| Action::GridShift { d_row, d_col }),
        arb_location().prop_map(Action::Capture),
        arb_cell().prop_map(Action::Shot),
        Just(Action::Pass),
        Just(Action::Ready),
    ]
}

/// Plays one random game, checking every invariant along the way. A snapshot is taken
/// after `snapshot_at` moves (or of the finished game, if it ends sooner).
fn check_playout(name: &str, config: &GameConfig, choices: &[u32], junk: &[Action], snapshot_at: usize) {
    let mut game = config.new_match().unwrap_or_else(|e| panic!("{name}: preset rejected: {e}"));
    let seats = game.seat_count();
    let mut step = 0usize;
    let mut snapshot = None;
    while game.outcome().is_none() {
        if step == snapshot_at {
            snapshot = Some((game.history().len(), game.snapshot()));
        }
        assert!(step < MOVE_CAP, "{name}: no end after {MOVE_CAP} moves");
        let to_act = game.to_act();
        assert!(!to_act.is_empty(), "{name}: nobody to act in a game that is not over");
        let choice = choices.get(step % choices.len().max(1)).copied().unwrap_or(0) as usize;
        let seat = to_act[choice % to_act.len()];

        // Seats not to act have no legal moves and every move of theirs is refused.
        for other in (0..seats).map(|i| tabula::engine::Seat::new(i as u8)).filter(|s| !to_act.contains(s)) {
            assert!(game.legal_moves(other).is_empty(), "{name}: {other} has moves out of turn");
        }

        let legal = game.legal_moves(seat);
        assert!(!legal.is_empty(), "{name}: {seat} is to act but has no legal move");
        // Everything listed is accepted...
        for action in &legal {
            game.check(&Turn::Move(seat, action.clone()))
                .unwrap_or_else(|e| panic!("{name}: listed move {action:?} refused: {e}"));
        }
        // ...and anything not listed is refused without changing anything. Whole-fleet
        // placements are the one exception: games accept a valid fleet without listing
        // every fleet (there are far too many), so a random one may be accepted; it is
        // tried on a copy, and must change nothing when refused.
        if let Some(action) = junk.get(step % junk.len().max(1))
            && !legal.contains(action)
        {
            let unlisted_but_valid_possible = matches!(action, Action::Place(PlaceTarget::Fleet(_)));
            let mut probe = game.clone_box();
            let refused = probe.play(&Turn::Move(seat, action.clone()));
            assert!(refused.is_err() || unlisted_but_valid_possible, "{name}: unlisted move {action:?} was accepted");
            if refused.is_err() {
                assert!(probe.same_state(game.as_ref()), "{name}: refused move {action:?} changed the state");
            }
        }

        // Now and then a turn is played and undone (as the server does when its log refuses
        // one): the game must be exactly as it was.
        if step % 5 == 2 {
            let ending = if step % 10 == 2 {
                Turn::Resign(seat)
            } else {
                Turn::Abort { explanation: "test".into(), no_show: None }
            };
            for turn in [Turn::Move(seat, legal[choice % legal.len()].clone()), ending] {
                assert_undone(name, game.as_mut(), &turn);
            }
        }

        let action = &legal[choice % legal.len()];
        let before = game.move_count();
        game.play_undoably(&Turn::Move(seat, action.clone())).unwrap();
        // A draw offered, accepted or declined is no move where the match takes it (every
        // game but chess, whose position holds its offers).
        let talk = action.is_draw_talk() && !matches!(config, GameConfig::Chess(_));
        for viewer in views_of(seats) {
            let view = game.view(viewer);
            assert_eq!(view.move_count, before + u32::from(!talk), "{name}: {action:?}");
        }
        // Now and then, where the game allows it, the mover takes its move back: at once,
        // or by asking the other seat, which agrees or declines.
        if step % 7 == 3 && !talk && game.outcome().is_none() && config.takebacks_allowed() {
            if game.reveals_to_mover(seat, action) {
                // A move that showed its mover hidden information stays, asked or not.
                let turn = config.take_back_turn(seat);
                let before = game.clone_box();
                let refused = game.play(&turn).expect_err("a revealing move taken back");
                assert_eq!(refused.reason, tabula::engine::Reason::TakebackNotAllowed, "{name}: {refused}");
                assert_same_match(&format!("{name}, {turn:?} refused"), game.as_ref(), before.as_ref());
            } else {
                take_back(name, config, game.as_mut(), seat, choice.is_multiple_of(2));
            }
        }
        step += 1;
    }
    assert!(game.to_act().is_empty(), "{name}: seats to act after the end");
    assert_looks_over(name, game.as_ref());

    // The state is exactly the replay of the history.
    let replayed = config.replay(game.history()).unwrap_or_else(|e| panic!("{name}: replay failed: {e}"));
    assert!(replayed.same_state(game.as_ref()), "{name}: replay differs from the game");

    // So is a snapshot plus the replay of the turns after it.
    let (taken_at, bytes) = snapshot.unwrap_or_else(|| (game.history().len(), game.snapshot()));
    let mut resumed = config.restore(&bytes).unwrap_or_else(|e| panic!("{name}: snapshot refused: {e}"));
    assert_eq!(resumed.history(), &game.history()[..taken_at], "{name}: the snapshot's history");
    for turn in &game.history()[taken_at..] {
        resumed.play(turn).unwrap_or_else(|e| panic!("{name}: {turn:?} refused after a restore: {e}"));
    }
    assert_same_match(name, resumed.as_ref(), game.as_ref());
}

/// `seat`, whose move is the last, takes it back: at once, or by asking the other seat,
/// which agrees when `agree`; the game must then be as it was before the move, or as it is.
fn take_back(name: &str, config: &GameConfig, game: &mut dyn AnyMatch, seat: tabula::engine::Seat, agree: bool) {
    let count = game.move_count();
    let turn = config.take_back_turn(seat);
    assert_undone(name, game, &turn);
    game.play(&turn).unwrap_or_else(|e| panic!("{name}: {turn:?} refused: {e}"));
    if matches!(turn, Turn::RequestTakeBack(_)) {
        assert_eq!(game.view(Viewer::Spectator).takeback_request, Some(seat), "{name}: the request waits");
        let answer = Turn::AnswerTakeBack { seat: seat.opponent(), accept: agree };
        assert_undone(name, game, &answer);
        game.play(&answer).unwrap_or_else(|e| panic!("{name}: {answer:?} refused: {e}"));
        assert_eq!(game.view(Viewer::Spectator).takeback_request, None, "{name}: the request was answered");
        let expected = if agree { count - 1 } else { count };
        assert_eq!(game.move_count(), expected, "{name}: after an answer ({agree})");
    } else {
        assert_eq!(game.move_count(), count - 1, "{name}: after a takeback");
    }
}

/// Plays `turn` undoably, if the game accepts it, and undoes it: the match must be as it was,
/// to its views.
fn assert_undone(name: &str, game: &mut dyn AnyMatch, turn: &Turn) {
    let before = game.clone_box();
    if let Ok(undo) = game.play_undoably(turn) {
        game.undo(undo);
    }
    assert_same_match(&format!("{name}, {turn:?} undone"), game, before.as_ref());
}

/// Equal state, and equal views for every viewer (views are what reaches the players).
fn assert_same_match(name: &str, actual: &dyn AnyMatch, expected: &dyn AnyMatch) {
    assert!(actual.same_state(expected), "{name}: restored state differs from the replay");
    for viewer in views_of(expected.seat_count()) {
        assert_eq!(actual.view(viewer), expected.view(viewer), "{name}: restored view for {viewer:?} differs");
    }
}

/// Asserts that `game`, which is over, looks over to every viewer however it ended: no
/// seat to act and, for a game with stages, the final one, which decides what the end
/// reveals.
fn assert_looks_over(name: &str, game: &dyn AnyMatch) {
    assert!(game.outcome().is_some(), "{name}: not over");
    for viewer in views_of(game.seat_count()) {
        let view = game.view(viewer);
        assert!(view.to_act.is_empty(), "{name}: {viewer:?} sees seats to act after the end");
        let stage = view.observation.stage;
        assert!(stage.is_none_or(|s| s == Stage::Finished), "{name}: {viewer:?} sees {stage:?} after the end");
    }
}

fn views_of(seats: usize) -> impl Iterator<Item = Viewer> {
    (0..seats).map(|i| Viewer::Seat(tabula::engine::Seat::new(i as u8))).chain([Viewer::Spectator])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_playouts_of_every_preset_keep_the_invariants(
        choices in prop::collection::vec(any::<u32>(), 1..64),
        junk in prop::collection::vec(arb_action(), 1..32),
        snapshot_at in prop_oneof![0usize..16, 0usize..300],
    ) {
        for (name, config) in every_preset_and_option() {
            check_playout(&name, &config, &choices, &junk, snapshot_at);
        }
    }

    /// Whatever the bytes, restoring answers, never panics; bytes no snapshot was made of
    /// are refused.
    #[test]
    fn restoring_garbage_is_refused(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        for (name, config) in every_preset() {
            prop_assert!(config.restore(&bytes).is_err(), "{}: garbage restored", name);
        }
    }

    /// A snapshot with any one byte changed is refused, whichever byte and change.
    #[test]
    fn damaged_snapshots_are_refused(moves in 0usize..40, position in any::<prop::sample::Index>(), flip in 1u8..=255) {
        for (name, config) in every_preset() {
            let mut bytes = played(&config, moves).snapshot();
            let at = position.index(bytes.len());
            bytes[at] ^= flip;
            prop_assert!(config.restore(&bytes).is_err(), "{}: byte {} changed and still restored", name, at);
        }
    }
}

/// A match of `config` after up to `moves` moves, each the first legal one of the first
/// seat to act.
fn played(config: &GameConfig, moves: usize) -> Box<dyn AnyMatch> {
    let mut game = config.new_match().unwrap();
    for _ in 0..moves {
        let Some(&seat) = game.to_act().first() else { break };
        let action = game.legal_moves(seat).swap_remove(0);
        game.play(&Turn::Move(seat, action)).unwrap();
    }
    game
}

#[test]
fn truncated_snapshots_are_refused() {
    for (name, config) in every_preset() {
        let bytes = played(&config, 12).snapshot();
        for len in 0..bytes.len() {
            assert!(config.restore(&bytes[..len]).is_err(), "{name}: restored from the first {len} bytes");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(config.restore(&longer).is_err(), "{name}: restored with a byte appended");
    }
}

#[test]
fn a_snapshot_is_refused_by_another_kind_and_by_another_configuration() {
    let presets = every_preset();
    for (name, config) in &presets {
        let bytes = played(config, 6).snapshot();
        for (other_name, other) in presets.iter().filter(|(_, other)| other != config) {
            let refusal = other.restore(&bytes).map(|_| ()).unwrap_err();
            if other.kind() == config.kind() {
                assert_eq!(refusal, SnapshotError::ConfigMismatch, "{name} restored as {other_name}");
            } else {
                assert!(matches!(refusal, SnapshotError::Kind { .. }), "{name} restored as {other_name}: {refusal}");
            }
        }
    }
}

/// Takebacks and resignations are turns too: a snapshot keeps their effects, and what
/// follows them replays the same on the restored match.
#[test]
fn snapshots_keep_takebacks_and_resignations() {
    let mut takebacks = 0;
    for (name, config) in every_preset() {
        let mut game = played(&config, 5);
        if let Some(Turn::Move(mover, _)) = game.history().last().cloned() {
            // Refused where the rules allow no takebacks; then nothing changed.
            takebacks += usize::from(game.play(&Turn::TakeBack(mover)).is_ok());
        }
        let restored = config.restore(&game.snapshot()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_same_match(&name, restored.as_ref(), game.as_ref());

        let mut restored = restored;
        if let Some(&seat) = game.to_act().first() {
            let resignation = Turn::Resign(seat);
            game.play(&resignation).unwrap();
            restored.play(&resignation).unwrap();
            assert_looks_over(&name, game.as_ref());
            let mut resigned = config.restore(&game.snapshot()).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_same_match(&name, resigned.as_ref(), game.as_ref());
            assert!(resigned.play(&Turn::Resign(seat)).is_err(), "{name}: a restored resigned game goes on");
        }
        assert_same_match(&name, restored.as_ref(), game.as_ref());
    }
    assert!(takebacks > 0, "no preset took a move back, so none was snapshotted");
}

#[test]
fn resignation_ends_the_game_and_replays() {
    for (name, config) in every_preset() {
        let mut game = config.new_match().unwrap();
        let seat = game.to_act()[0];
        game.play(&Turn::Resign(seat)).unwrap();
        assert_looks_over(&name, game.as_ref());
        assert!(game.play(&Turn::Resign(seat)).is_err(), "{name}: resigned twice");
        let replayed = config.replay(game.history()).unwrap();
        assert!(replayed.same_state(game.as_ref()), "{name}");
    }
}

/// Where the snapshot fingerprints are recorded (see its header).
const SNAPSHOT_FINGERPRINTS: &str = "tests/data/snapshot_fingerprints.txt";

/// The recorded fingerprints: the version they were taken at, and each kind's.
fn recorded_snapshot_fingerprints(text: &str) -> (u32, Vec<(String, String)>) {
    let mut lines = text.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty());
    let version = lines
        .next()
        .and_then(|line| line.strip_prefix("version "))
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("{SNAPSHOT_FINGERPRINTS} must start with `version N`"));
    let kinds = lines
        .map(|line| {
            let (kind, fingerprint) =
                line.split_once(' ').unwrap_or_else(|| panic!("{SNAPSHOT_FINGERPRINTS}: {line:?}"));
            (kind.to_owned(), fingerprint.to_owned())
        })
        .collect();
    (version, kinds)
}

/// Snapshots change bytes only with `SNAPSHOT_VERSION`: bytes that change mean old
/// snapshots would no longer restore to what they were taken of. A new kind's
/// fingerprint, and every kind's after a version bump, is recorded by this test itself
/// with `TABULA_WRITE_GOLDEN=1`.
#[test]
fn the_snapshot_format_changes_only_with_its_version() {
    use sha2::{Digest, Sha256};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(SNAPSHOT_FINGERPRINTS);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{SNAPSHOT_FINGERPRINTS}: {e}"));
    let (version, recorded) = recorded_snapshot_fingerprints(&text);
    let current = tabula::engine::SNAPSHOT_VERSION;
    let write = std::env::var("TABULA_WRITE_GOLDEN").is_ok_and(|value| value == "1");
    let mut unrecorded = Vec::new();
    let mut changed = Vec::new();
    let mut fingerprints = Vec::new();
    for kind in GameKind::ALL {
        let info = kind.info();
        let bytes = played(&info.default_config, 10).snapshot();
        let actual: String = Sha256::digest(&bytes)[..8].iter().map(|b| format!("{b:02x}")).collect();
        match recorded.iter().find(|(name, _)| name == info.name) {
            None => unrecorded.push(info.name),
            Some((_, pinned)) if *pinned != actual => changed.push(info.name),
            Some(_) => {}
        }
        fingerprints.push(format!("{} {actual}", info.name));
    }
    let bumped = version != current;
    if write && (bumped || changed.is_empty()) && (bumped || !unrecorded.is_empty()) {
        let header: String =
            text.lines().take_while(|line| line.starts_with('#')).map(|line| format!("{line}\n")).collect();
        std::fs::write(&path, format!("{header}version {current}\n{}\n", fingerprints.join("\n"))).unwrap();
        return;
    }
    assert!(
        changed.is_empty() || bumped,
        "the snapshots of {changed:?} are no longer the same bytes. If a type inside them changed shape or the \
         rules now replay differently, bump SNAPSHOT_VERSION (now {current}), then run this test with \
         TABULA_WRITE_GOLDEN=1 to record the new fingerprints"
    );
    assert!(
        !bumped,
        "SNAPSHOT_VERSION is {current} but the fingerprints were recorded at version {version}: run this test \
         with TABULA_WRITE_GOLDEN=1 to record them again"
    );
    assert!(
        unrecorded.is_empty(),
        "{unrecorded:?} have no recorded snapshot fingerprint: run this test with TABULA_WRITE_GOLDEN=1"
    );
}

/// Node budget of each bot move in the bot tests: small, so that they stay fast.
const BOT_NODES: u64 = 2_000;
/// Moves after which a bot game is left unfinished (the long games, chess above all, may
/// need many more; every move until then is checked).
const BOT_MOVE_CAP: usize = 40;

/// Plays `config` with every seat a bot of `level`, checking each choice: one for every
/// seat to act and none for the others, always accepted. Returns the moves played.
fn bot_game(name: &str, config: &GameConfig, level: u8, cap: usize) -> usize {
    use std::sync::atomic::AtomicBool;
    use tabula::engine::{SearchBudget, Seat};
    let go = AtomicBool::new(false);
    let mut game = config.new_match().unwrap();
    let mut moves = 0;
    while game.outcome().is_none() && moves < cap {
        let to_act = game.to_act();
        for index in 0..game.seat_count() {
            let seat = Seat::new(index as u8);
            if !to_act.contains(&seat) {
                let idle = game.bot_action(seat, level, SearchBudget::new(BOT_NODES, &go));
                assert_eq!(idle, None, "{name} level {level}: a move for {seat}, not to act");
            }
        }
        let seat = to_act[moves % to_act.len()];
        let action = game
            .bot_action(seat, level, SearchBudget::new(BOT_NODES, &go))
            .unwrap_or_else(|| panic!("{name} level {level}: no move for {seat}, who is to act"));
        game.play(&Turn::Move(seat, action.clone()))
            .unwrap_or_else(|e| panic!("{name} level {level}: the bot's {action:?} for {seat} was refused: {e}"));
        moves += 1;
    }
    if game.outcome().is_some() {
        for index in 0..game.seat_count() {
            let seat = tabula::engine::Seat::new(index as u8);
            let go = std::sync::atomic::AtomicBool::new(false);
            assert_eq!(game.bot_action(seat, level, tabula::engine::SearchBudget::new(BOT_NODES, &go)), None);
        }
    }
    moves
}

#[test]
fn bots_of_every_level_play_every_preset() {
    let presets = every_preset();
    // Two threads: the presets split between them.
    let (left, right) = presets.split_at(presets.len() / 2);
    let run = |part: &[(String, GameConfig)]| {
        for (name, config) in part {
            let max = config.kind().max_bot_level();
            assert!(max >= 1, "{name}");
            for level in 1..=max {
                bot_game(name, config, level, BOT_MOVE_CAP);
            }
            // Levels outside the range are clamped, not refused.
            bot_game(name, config, 0, 4);
            bot_game(name, config, max + 1, 4);
        }
    };
    std::thread::scope(|scope| {
        scope.spawn(|| run(left));
        run(right);
    });
}

#[test]
fn a_bot_chooses_the_same_move_in_the_same_position() {
    use std::sync::atomic::AtomicBool;
    use tabula::engine::SearchBudget;
    let go = AtomicBool::new(false);
    for (name, config) in every_preset() {
        for moves in [0, 7] {
            let game = played(&config, moves);
            let copy = config.replay(game.history()).unwrap();
            let Some(&seat) = game.to_act().first() else { continue };
            for level in 1..=config.kind().max_bot_level() {
                let first = game.bot_action(seat, level, SearchBudget::new(500, &go));
                let again = game.bot_action(seat, level, SearchBudget::new(500, &go));
                let replayed = copy.bot_action(seat, level, SearchBudget::new(500, &go));
                assert!(first.is_some(), "{name} level {level}");
                assert_eq!(first, again, "{name} level {level}: asked twice");
                assert_eq!(first, replayed, "{name} level {level}: asked of the replayed game");
            }
        }
    }
}

#[test]
fn a_stopped_bot_still_answers_at_once_with_a_legal_move() {
    use std::sync::atomic::AtomicBool;
    use tabula::engine::SearchBudget;
    let stop = AtomicBool::new(true);
    let started = std::time::Instant::now();
    for (name, config) in every_preset() {
        for moves in [0, 9] {
            let game = played(&config, moves);
            let Some(&seat) = game.to_act().first() else { continue };
            for level in 1..=config.kind().max_bot_level() {
                let budgets = [SearchBudget::new(u64::MAX, &stop), SearchBudget::new(0, &stop)];
                for budget in budgets {
                    let action = game
                        .bot_action(seat, level, budget)
                        .unwrap_or_else(|| panic!("{name} level {level}: no move when stopped"));
                    game.check(&Turn::Move(seat, action.clone()))
                        .unwrap_or_else(|e| panic!("{name} level {level}: stopped bot's {action:?} refused: {e}"));
                }
            }
        }
    }
    let elapsed = started.elapsed();
    assert!(elapsed < std::time::Duration::from_secs(5), "stopped bots took {elapsed:?}");
}
