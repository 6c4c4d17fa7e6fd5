//! The registry-driven half: every kind whose rules report hidden information is played
//! at random over gRPC next to a local replay by the engine. A seat's secrets are what
//! the engine shows that seat and not a spectator; no other viewer may receive one, in a
//! view, an event, a legal-move list, an error message or a server log line. Some games
//! end by a random seat's resignation, after which every viewer must see what the engine
//! shows it of the finished game, and still no other seat's remaining secret. Each preset
//! is also played with takebacks allowed (at once, and asked of the other seat), trying to
//! take back moves at random: a move that showed its mover something of another seat's
//! (a fact on a board not its own appeared) is refused, every other is taken back.

use std::collections::HashSet;
use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

use proptest::test_runner::{RngAlgorithm, TestRng};
use rand::Rng;
use rand::seq::IndexedRandom;
use tabula::engine::{Action, AnyMatch, Cell, Seat, Turn, Viewer};
use tabula::games::GameKind;
use tabula::service::convert::{action_from_proto, config_from_proto};
use tokio_stream::StreamExt;
use tonic::Code;

use crate::common::*;

/// Random games per preset of each kind with hidden information.
const GAMES_PER_PRESET: usize = 3;
/// Plies after which a random game is abandoned (every hidden-information game ends sooner).
const MAX_PLIES: usize = 600;
/// Resignations fall on a ply below this: early enough to land in Battleship's placement
/// as well as in its play.
const RESIGN_BEFORE_PLY: usize = 40;

/// Every kind whose rules, in some preset, hide information.
fn hidden_kinds() -> Vec<GameKind> {
    GameKind::ALL
        .iter()
        .copied()
        .filter(|kind| kind.info().presets.iter().any(|p| p.config.new_match().unwrap().has_hidden_information()))
        .collect()
}

/// Everything the server logs, for the whole test binary.
fn server_log() -> &'static Arc<Mutex<Vec<u8>>> {
    static LOG: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    LOG.get_or_init(|| {
        let log = Arc::new(Mutex::new(Vec::new()));
        let sink = log.clone();
        // The server's own default filter, with every level of Tabula's own lines.
        let filter = tracing_subscriber::EnvFilter::new("info,tabula=trace");
        let subscriber = tracing_subscriber::fmt()
            .with_env_filter(filter)
            .with_ansi(false)
            .with_writer(move || LogWriter(sink.clone()))
            .finish();
        tracing::subscriber::set_global_default(subscriber).expect("the only subscriber of this test binary");
        log
    })
}

struct LogWriter(Arc<Mutex<Vec<u8>>>);

impl Write for LogWriter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// One fact a view states: a board, a cell of it, and what the cell holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Fact {
    board: String,
    cell: Cell,
    content: String,
}

/// Every occupied cell a view shows, on its shared board and on each seat's board.
fn facts(view: &pb::View) -> HashSet<Fact> {
    let boards = view.board.iter().map(|b| ("board".to_owned(), b));
    let seat_boards = view.seat_boards.iter().enumerate().map(|(i, b)| (format!("seat_boards[{i}]"), b));
    let mut all = HashSet::new();
    for (name, board) in boards.chain(seat_boards) {
        for (index, cell) in board.cells.iter().enumerate() {
            if *cell != pb::BoardCell::default() {
                let at = Cell::new(index as u32 / board.width.max(1), index as u32 % board.width.max(1));
                all.insert(Fact { board: name.clone(), cell: at, content: format!("{cell:?}") });
            }
        }
    }
    all
}

/// The words a text could name `cell` with.
fn names_of(cell: Cell) -> [String; 2] {
    [cell.to_string(), format!("row {}, col {}", cell.row, cell.col)]
}

/// Whether `text` names `cell`, as a whole word.
fn names(text: &str, cell: Cell) -> bool {
    let [short, long] = names_of(cell);
    text.contains(&long) || text.split(|c: char| !c.is_ascii_alphanumeric()).any(|word| word == short)
}

/// The cells a move names, which an answer to its sender may echo.
fn cells_named(mv: &pb::Move) -> Vec<Cell> {
    let text = format!("{mv:?}");
    let numbers: Vec<u32> = text.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect();
    // Any two numbers of the move could be a row and a column: generous, never too strict.
    numbers.iter().flat_map(|&r| numbers.iter().map(move |&c| Cell::new(r, c))).collect()
}

struct Table {
    game: Game,
    engine: Box<dyn AnyMatch>,
    kind: GameKind,
    seats: usize,
}

impl Table {
    fn viewers(&self) -> Vec<Viewer> {
        (1..=self.seats as u32)
            .map(|n| Viewer::Seat(Seat::from_number(n).unwrap()))
            .chain([Viewer::Spectator])
            .collect()
    }

    fn token(&self, viewer: Viewer) -> Option<&str> {
        viewer.seat().map(|s| self.game.tokens[s.index()].as_str())
    }

    /// Each seat's secrets now: what the engine shows it and not a spectator.
    fn secrets(&self) -> Vec<(Seat, HashSet<Fact>)> {
        let public = facts(&self.engine_view(Viewer::Spectator));
        self.viewers()
            .into_iter()
            .filter_map(|v| v.seat())
            .map(|seat| (seat, facts(&self.engine_view(Viewer::Seat(seat))).difference(&public).cloned().collect()))
            .collect()
    }

    fn engine_view(&self, viewer: Viewer) -> pb::View {
        oracle::view(&self.game.id, self.kind, 0, &self.engine.view(viewer))
    }
}

/// Asserts `text`, received by `viewer`, names no secret cell of another seat, other than
/// the cells `viewer` named itself.
fn check_text(text: &str, viewer: Viewer, secrets: &[(Seat, HashSet<Fact>)], own: &[Cell], what: &str) {
    for (owner, facts) in secrets {
        if viewer.seat() == Some(*owner) {
            continue;
        }
        for fact in facts {
            assert!(
                own.contains(&fact.cell) || !names(text, fact.cell),
                "{what} to {viewer:?} names {owner}'s secret {fact:?}: {text}"
            );
        }
    }
}

/// Asserts a view given to `viewer` equals the engine's and shows no other seat's secret.
fn check_view(table: &Table, viewer: Viewer, view: &pb::View, secrets: &[(Seat, HashSet<Fact>)]) {
    let mut expected = table.engine_view(viewer);
    expected.seq = view.seq;
    assert_eq!(view, &expected, "the server's view for {viewer:?} is not the engine's");
    let shown = facts(view);
    for (owner, facts) in secrets {
        if viewer.seat() != Some(*owner) {
            let leaked: Vec<_> = facts.intersection(&shown).collect();
            assert!(leaked.is_empty(), "{viewer:?} sees {owner}'s secrets {leaked:?}");
        }
    }
    check_text(&view.notation, viewer, secrets, &[], "a view's notation");
}

/// The view the server gives `viewer` of the table's game.
async fn view_of(client: &mut Client, table: &Table, viewer: Viewer) -> pb::View {
    let request = pb::GetViewRequest { game_id: table.game.id.clone(), ..Default::default() };
    let request = match table.token(viewer) {
        Some(token) => as_seat(token, request),
        None => tonic::Request::new(request),
    };
    client.get_view(request).await.unwrap().into_inner().view.unwrap()
}

/// A random seat resigns through the `Resign` RPC. Afterwards the game is finished for
/// every viewer (in its final stage, for a game with stages), and each viewer's view is
/// the engine's, which reveals what the configuration reveals at the end and keeps the
/// rest of each seat's secrets from the others.
async fn resign_at_random(client: &mut Client, table: &mut Table, rng: &mut TestRng) {
    let seat = Seat::from_number(rng.random_range(1..=table.seats as u32)).unwrap();
    let request = pb::ResignRequest { game_id: table.game.id.clone(), request_id: String::new() };
    let response = client.resign(as_seat(&table.game.tokens[seat.index()], request)).await.unwrap().into_inner();
    table.engine.play(&Turn::Resign(seat)).unwrap();
    let secrets = table.secrets();
    check_view(table, Viewer::Seat(seat), response.view.as_ref().unwrap(), &secrets);
    for viewer in table.viewers() {
        // The oracle itself must show the end, or agreeing with it would prove nothing.
        let expected = table.engine_view(viewer);
        assert_eq!(expected.status, pb::GameStatus::Finished as i32, "{:?} after {seat} resigned", table.kind);
        let stage = pb::Stage::try_from(expected.stage).unwrap();
        assert!(
            matches!(stage, pb::Stage::Unspecified | pb::Stage::Finished),
            "{:?}: {viewer:?} sees stage {stage:?} after {seat} resigned",
            table.kind
        );
        check_view(table, viewer, &view_of(client, table, viewer).await, &secrets);
    }
}

/// Each move as played, by the seq of its event, to judge events by (a move taken back
/// keeps its event).
type Moves = std::collections::HashMap<u64, (Seat, Action)>;

/// Asserts an event given to `viewer` carries of a move only what the engine's view
/// policy lets that viewer see of it.
fn check_event(table: &Table, viewer: Viewer, event: &pb::GameEvent, moves: &Moves) {
    let Some(pb::game_event::Kind::MoveApplied(applied)) = &event.kind else { return };
    let Some((actor, action)) = moves.get(&event.seq) else {
        panic!("event {} names a move never played (move {})", event.seq, applied.move_number)
    };
    assert_eq!(applied.seat, actor.number());
    let allowed = table.engine.public_action(viewer, *actor, action);
    assert_eq!(applied.r#move, allowed.as_ref().map(oracle::action), "event {} as {viewer:?}", event.seq);
    assert_eq!(applied.redacted, allowed.is_none(), "event {} as {viewer:?}", event.seq);
}

/// What one random game left behind: the words no log line may hold (the seat tokens,
/// then the names of every cell that was a secret), and, when a seat resigned it, the
/// stage the game was in then.
struct Played {
    words: Vec<String>,
    resigned_in: Option<pb::Stage>,
    /// Takebacks the server took, and those it refused.
    taken_back: usize,
    refused: usize,
}

/// Whether a game allows takebacks, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Takebacks {
    /// As the preset says (none).
    Off,
    /// A seat takes back its own last move.
    Own,
    /// A seat asks, and the other agrees.
    Consent,
}

/// A game of `kind`'s `preset` with `takebacks`.
async fn create(client: &mut Client, kind: GameKind, preset: &str, takebacks: Takebacks) -> Game {
    if takebacks == Takebacks::Off {
        return create_preset(client, oracle::game_kind(kind), preset).await;
    }
    let preset = kind.preset(preset).unwrap();
    let config = pb::GameConfig {
        clock: preset.clock.as_ref().map(tabula::service::convert::clock_to_proto),
        allow_takebacks: true,
        takebacks_need_consent: takebacks == Takebacks::Consent,
        ..tabula::service::convert::config_to_proto(&preset.config.with_defaults())
    };
    create_from(client, config).await
}

/// `seat` tries to take back `action`, its move just played, which left the facts `before`
/// of its view as `after`: refused exactly when a fact appeared on a board not its own (the
/// move showed it something of another seat's), taken back otherwise, asked of the other seat
/// under `Takebacks::Consent`. Returns whether it was taken back.
#[allow(clippy::too_many_arguments)]
async fn try_take_back(
    client: &mut Client,
    table: &mut Table,
    seat: Seat,
    action: &Action,
    before: &HashSet<Fact>,
    takebacks: Takebacks,
    secrets: &[(Seat, HashSet<Fact>)],
) -> bool {
    let own_board = format!("seat_boards[{}]", seat.index());
    let after = facts(&table.engine_view(Viewer::Seat(seat)));
    let revealed = after.difference(before).any(|fact| fact.board != own_board);
    assert_eq!(
        table.engine.reveals_to_mover(seat, action),
        revealed,
        "{:?}: the rules and the views disagree on whether {action:?} showed {seat} something",
        table.kind
    );
    let request = pb::TakeBackRequest { game_id: table.game.id.clone(), ..Default::default() };
    let taken = client.take_back(as_seat(&table.game.tokens[seat.index()], request)).await;
    if revealed {
        let error = taken.unwrap_err();
        assert_error(&error, Code::FailedPrecondition, "TAKEBACK_NOT_ALLOWED");
        check_text(error.message(), Viewer::Seat(seat), secrets, &[], "a takeback refusal");
        return false;
    }
    taken.unwrap_or_else(|e| panic!("{:?}: taking back {action:?}: {e:?}", table.kind));
    if takebacks == Takebacks::Consent {
        table.engine.play(&Turn::RequestTakeBack(seat)).unwrap();
        let other = seat.opponent();
        let answer = pb::AnswerTakeBackRequest { game_id: table.game.id.clone(), accept: true, ..Default::default() };
        client.answer_take_back(as_seat(&table.game.tokens[other.index()], answer)).await.unwrap();
        table.engine.play(&Turn::AnswerTakeBack { seat: other, accept: true }).unwrap();
    } else {
        table.engine.play(&Turn::TakeBack(seat)).unwrap();
    }
    true
}

async fn play_one(
    client: &mut Client,
    kind: GameKind,
    preset: &str,
    takebacks: Takebacks,
    rng: &mut TestRng,
) -> Played {
    let game = create(client, kind, preset, takebacks).await;
    let summary =
        client.get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap().into_inner().game.unwrap();
    let config = config_from_proto(summary.config.as_ref().unwrap(), "config").unwrap();
    let engine = config.new_match().unwrap();
    let seats = game.tokens.len();
    let mut table = Table { game, engine, kind, seats };
    let mut moves = Moves::new();
    let (mut taken_back, mut refused) = (0, 0);
    // Every cell that was some seat's secret at some point, for the log check.
    let mut secret_cells: HashSet<Cell> = HashSet::new();
    let mut secret_moves = 0;
    // Half the games end by a resignation at a random ply, once there is a secret to keep
    // or to reveal (unless the rules end them first).
    let resign_at = rng.random_bool(0.5).then(|| rng.random_range(1..RESIGN_BEFORE_PLY));
    let mut resigned_in = None;
    for ply in 0..MAX_PLIES {
        let to_act = table.engine.to_act();
        let Some(&seat) = to_act.choose(rng) else { break };
        if resign_at.is_some_and(|at| ply >= at) && secret_moves > 0 {
            resigned_in = Some(pb::Stage::try_from(table.engine_view(Viewer::Spectator).stage).unwrap());
            resign_at_random(client, &mut table, rng).await;
            break;
        }
        let secrets = table.secrets();
        let id = table.game.id.clone();
        let listed = client
            .list_legal_moves(as_seat(
                &table.game.tokens[seat.index()],
                pb::ListLegalMovesRequest { game_id: id.clone(), seat: 0 },
            ))
            .await
            .unwrap()
            .into_inner();
        let expected: Vec<_> = table.engine.legal_moves(seat).iter().map(oracle::action).collect();
        assert_eq!(listed.moves.iter().map(|m| m.r#move.clone().unwrap()).collect::<Vec<_>>(), expected);
        for other in table.viewers().into_iter().filter(|v| v.seat() != Some(seat)) {
            // Nobody else may list this seat's moves: they depend on its secrets.
            let request = pb::ListLegalMovesRequest { game_id: id.clone(), seat: seat.number() };
            let request = match table.token(other) {
                Some(token) => as_seat(token, request),
                None => tonic::Request::new(request),
            };
            let error = client.list_legal_moves(request).await.unwrap_err();
            assert_error(&error, Code::PermissionDenied, "SEAT_REQUIRED");
            check_text(error.message(), other, &secrets, &[], "a legal-move refusal");
        }
        let chosen = listed.moves.choose(rng).unwrap().r#move.clone().unwrap();
        // A seat that may not act tries the same move, and learns nothing from the refusal.
        if let Some(idle) = (0..seats).map(|i| Seat::from_number(i as u32 + 1).unwrap()).find(|s| !to_act.contains(s))
            && rng.random_bool(0.3)
        {
            let error = client.submit_move(submit(&table.game, idle.index(), chosen.clone())).await.unwrap_err();
            check_text(error.message(), Viewer::Seat(idle), &secrets, &cells_named(&chosen), "a refusal");
        }
        let response =
            client.submit_move(submit(&table.game, seat.index(), chosen.clone())).await.unwrap().into_inner();
        let action = action_from_proto(Some(&chosen), "move").unwrap();
        let mover_saw = facts(&table.engine_view(Viewer::Seat(seat)));
        table.engine.play(&Turn::Move(seat, action.clone())).unwrap();
        let applied = response.events.iter().find(|e| matches!(e.kind, Some(pb::game_event::Kind::MoveApplied(_))));
        moves.insert(applied.expect("a move's answer carries its event").seq, (seat, action.clone()));
        let before =
            secrets.iter().find(|(owner, _)| *owner == seat).map(|(_, facts)| facts.clone()).unwrap_or_default();
        let secrets = table.secrets();
        let created = secrets.iter().any(|(owner, facts)| *owner == seat && !facts.is_subset(&before));
        if created {
            // A move that made a secret is itself one: no one else may see it.
            for other in table.viewers().into_iter().filter(|v| v.seat() != Some(seat)) {
                assert_eq!(
                    table.engine.public_action(other, seat, &action),
                    None,
                    "{other:?} may see {seat}'s secret move {action:?}"
                );
            }
            secret_moves += 1;
        }
        secret_cells.extend(secrets.iter().flat_map(|(_, facts)| facts.iter().map(|f| f.cell)));
        check_view(&table, Viewer::Seat(seat), response.view.as_ref().unwrap(), &secrets);
        for event in &response.events {
            check_event(&table, Viewer::Seat(seat), event, &moves);
        }
        for viewer in table.viewers() {
            check_view(&table, viewer, &view_of(client, &table, viewer).await, &secrets);
        }
        if takebacks != Takebacks::Off && table.engine.outcome().is_none() && rng.random_bool(0.3) {
            if try_take_back(client, &mut table, seat, &action, &mover_saw, takebacks, &secrets).await {
                taken_back += 1;
                let secrets = table.secrets();
                for viewer in table.viewers() {
                    check_view(&table, viewer, &view_of(client, &table, viewer).await, &secrets);
                }
            } else {
                refused += 1;
            }
        }
    }
    // The whole log, as each viewer receives it.
    for viewer in table.viewers() {
        let request = pb::StreamEventsRequest {
            game_id: table.game.id.clone(),
            after_seq: 0,
            include_views: false,
            view_changes: false,
        };
        let request = match table.token(viewer) {
            Some(token) => as_seat(token, request),
            None => tonic::Request::new(request),
        };
        let mut stream = client.stream_events(request).await.unwrap().into_inner();
        let finished = table.engine.outcome().is_some();
        let mut seen = 0;
        while let Ok(Some(event)) =
            tokio::time::timeout(std::time::Duration::from_millis(if finished { 5_000 } else { 200 }), stream.next())
                .await
        {
            check_event(&table, viewer, &event.unwrap().event.unwrap(), &moves);
            seen += 1;
        }
        assert!(seen > moves.len(), "{viewer:?} received {seen} events for {} moves", moves.len());
    }
    assert!(
        secret_moves > 0 && !secret_cells.is_empty(),
        "a {kind:?} game ({preset}) kept no secret: nothing was tested"
    );
    let secret_names = secret_cells.into_iter().flat_map(names_of);
    Played { words: table.game.tokens.iter().cloned().chain(secret_names).collect(), resigned_in, taken_back, refused }
}

#[tokio::test]
async fn no_viewer_of_any_hidden_information_game_receives_another_seats_secret() {
    let log = server_log();
    let kinds = hidden_kinds();
    assert!(kinds.contains(&GameKind::Battleship), "the registry reports no hidden information for Battleship");
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let mut rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[3; 32]);
    let mut tokens = Vec::new();
    let mut secrets = HashSet::new();
    let mut resigned_in = Vec::new();
    let mut games = 0;
    let (mut taken_back, mut refused) = (0, 0);
    for kind in kinds {
        for preset in kind.info().presets {
            let takebacks = [Takebacks::Own, Takebacks::Consent];
            let games_played = std::iter::repeat_n(Takebacks::Off, GAMES_PER_PRESET).chain(takebacks);
            for takebacks in games_played {
                let played = play_one(&mut client, kind, preset.name, takebacks, &mut rng).await;
                let seats = kind.seat_count();
                tokens.extend(played.words[..seats].iter().cloned());
                secrets.extend(played.words[seats..].iter().cloned());
                resigned_in.extend(played.resigned_in);
                (taken_back, refused) = (taken_back + played.taken_back, refused + played.refused);
                games += 1;
            }
        }
    }
    assert!(taken_back > 0 && refused > 0, "{taken_back} takebacks taken and {refused} refused: both must be tried");
    let resigned = resigned_in.len();
    assert!(0 < resigned && resigned < games, "{resigned} of {games} games were resigned: both endings must be tried");
    for stage in [pb::Stage::Placement, pb::Stage::Play] {
        assert!(resigned_in.contains(&stage), "no game was resigned in {stage:?}: {resigned_in:?}");
    }
    server.stop().await;
    let log = String::from_utf8(log.lock().unwrap().clone()).unwrap();
    assert!(log.contains("game created"), "the server's log was not captured");
    for line in log.lines() {
        for token in &tokens {
            assert!(!line.contains(token.as_str()), "a seat token in the log: {line}");
        }
        for secret in &secrets {
            let named = if secret.contains(' ') {
                line.contains(secret.as_str())
            } else {
                line.split(|c: char| !c.is_ascii_alphanumeric()).any(|word| word == secret)
            };
            assert!(!named, "a secret cell ({secret}) in the log: {line}");
        }
    }
}
