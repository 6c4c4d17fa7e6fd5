//! A real server on a real socket, and the generated client, for end-to-end tests.
#![allow(dead_code)]

use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tonic::metadata::MetadataValue;
use tonic::transport::Channel;
use tonic::{Code, Request, Status};
use tonic_types::StatusExt;

pub use tabula::proto::tabula::v1 as pb;

pub mod oracle;
use tabula::service::ServeOptions;
use tabula::store::MemoryStore;

pub type Client = pb::game_service_client::GameServiceClient<Channel>;

/// A server running in this process on an ephemeral loopback port; stops when dropped.
pub struct TestServer {
    pub address: String,
    stop: Option<oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl TestServer {
    pub async fn start() -> TestServer {
        TestServer::start_with(ServeOptions::default()).await
    }

    pub async fn start_with(options: ServeOptions) -> TestServer {
        TestServer::start_on(Arc::new(MemoryStore::new()), options).await
    }

    /// A server over `store`.
    pub async fn start_on(store: Arc<dyn tabula::store::Store>, options: ServeOptions) -> TestServer {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = format!("http://{}", listener.local_addr().unwrap());
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            tabula::service::serve(listener, store, options, async {
                let _ = stopped.await;
            })
            .await
            .unwrap();
        });
        TestServer { address, stop: Some(stop), task: Some(task) }
    }

    pub async fn client(&self) -> Client {
        let channel = Channel::from_shared(self.address.clone()).unwrap().connect().await.unwrap();
        Client::new(channel)
    }

    /// Stops the server and waits for it to drain.
    pub async fn stop(mut self) {
        let _ = self.stop.take().unwrap().send(());
        self.task.take().unwrap().await.unwrap();
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// A request carrying `token` as a seat credential.
pub fn as_seat<T>(token: &str, message: T) -> Request<T> {
    let mut request = Request::new(message);
    let value: MetadataValue<_> = format!("Bearer {token}").parse().unwrap();
    request.metadata_mut().insert("authorization", value);
    request
}

/// The `ErrorInfo.reason` of an error status.
pub fn reason(status: &Status) -> String {
    status.get_details_error_info().map(|info| info.reason).unwrap_or_default()
}

/// Asserts `status` has `code` and `reason`.
pub fn assert_error(status: &Status, code: Code, expected_reason: &str) {
    assert_eq!(status.code(), code, "{status:?}");
    assert_eq!(reason(status), expected_reason, "{status:?}");
    let info = status.get_details_error_info().unwrap();
    assert_eq!(info.domain, "tabula.v1");
    assert!(!status.message().is_empty());
}

/// A created game: its id and one token per seat.
pub struct Game {
    pub id: String,
    pub tokens: Vec<String>,
}

pub async fn create_preset(client: &mut Client, kind: pb::GameKind, preset: &str) -> Game {
    let response = client
        .create_game(pb::CreateGameRequest {
            kind: kind as i32,
            source: Some(pb::create_game_request::Source::Preset(preset.to_owned())),
            private: false,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    Game { id: response.game.unwrap().game_id, tokens: response.seat_tokens.into_iter().map(|t| t.token).collect() }
}

pub async fn create_config(client: &mut Client, config: pb::game_config::Game) -> Game {
    create_on_clock(client, config, None).await
}

/// A game of `config` on `clock`, when given.
pub async fn create_on_clock(
    client: &mut Client,
    config: pb::game_config::Game,
    clock: Option<pb::ClockConfig>,
) -> Game {
    create_from(client, pb::GameConfig { game: Some(config), clock, ..Default::default() }).await
}

/// A game of the whole wire configuration `config` (takebacks, starter, clock and all).
pub async fn create_from(client: &mut Client, config: pb::GameConfig) -> Game {
    let request =
        pb::CreateGameRequest { source: Some(pb::create_game_request::Source::Config(config)), ..Default::default() };
    let response = client.create_game(request).await.unwrap().into_inner();
    Game { id: response.game.unwrap().game_id, tokens: response.seat_tokens.into_iter().map(|t| t.token).collect() }
}

pub fn cell_move(row: u32, col: u32) -> pb::Move {
    pb::Move {
        kind: Some(pb::r#move::Kind::Place(pb::Place { target: Some(pb::place::Target::Cell(pb::Cell { row, col })) })),
    }
}

/// Battleship's classic fleet (5, 4, 3, 3, 2), one ship a row from the top-left corner.
pub fn classic_fleet() -> pb::Move {
    let ships = [5, 4, 3, 3, 2]
        .iter()
        .enumerate()
        .map(|(row, &length)| pb::ShipPlacement {
            bow: Some(pb::Cell { row: row as u32, col: 0 }),
            orientation: pb::Orientation::Horizontal as i32,
            length,
        })
        .collect();
    pb::Move {
        kind: Some(pb::r#move::Kind::Place(pb::Place { target: Some(pb::place::Target::Fleet(pb::Fleet { ships })) })),
    }
}

pub fn column_move(column: u32) -> pb::Move {
    pb::Move { kind: Some(pb::r#move::Kind::Place(pb::Place { target: Some(pb::place::Target::Column(column)) })) }
}

pub fn submit(game: &Game, seat: usize, mv: pb::Move) -> Request<pb::SubmitMoveRequest> {
    as_seat(
        &game.tokens[seat],
        pb::SubmitMoveRequest { game_id: game.id.clone(), r#move: Some(mv), ..Default::default() },
    )
}

/// Plays `moves` alternately from seat 1, returning the last response.
pub async fn play_all(client: &mut Client, game: &Game, moves: &[pb::Move]) -> pb::SubmitMoveResponse {
    let mut last = None;
    for (i, mv) in moves.iter().enumerate() {
        let response = client
            .submit_move(submit(game, i % 2, mv.clone()))
            .await
            .unwrap_or_else(|e| panic!("move {i} {mv:?}: {e:?}"));
        last = Some(response.into_inner());
    }
    last.expect("at least one move")
}

/// The real `tabula` binary serving on an ephemeral loopback port.
pub struct BinaryServer {
    pub child: std::process::Child,
    pub address: String,
}

impl BinaryServer {
    /// Starts `tabula serve` with `extra` arguments and waits until it listens.
    pub fn spawn(extra: &[&str]) -> BinaryServer {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"));
        command.args(["serve", "--listen", "127.0.0.1:0"]).args(extra);
        BinaryServer::run(command)
    }

    /// Runs `command`, which starts the binary's server (perhaps through a shell), and waits
    /// until it listens.
    pub fn run(mut command: std::process::Command) -> BinaryServer {
        use std::io::BufRead;
        let mut child =
            command.stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::null()).spawn().unwrap();
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let address = line.trim().strip_prefix("listening on ").expect("the bound address is printed").to_owned();
        BinaryServer { child, address: format!("http://{address}") }
    }

    pub async fn client(&self) -> Client {
        let channel = Channel::from_shared(self.address.clone()).unwrap().connect().await.unwrap();
        Client::new(channel)
    }

    /// Kills the server at once (SIGKILL): nothing is flushed, nothing is drained.
    pub fn kill(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for BinaryServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Every event of a game from seq 1 up to and including `until`; a test waiting a minute
/// for one fails rather than hangs.
pub async fn events_through(client: &mut Client, game_id: &str, until: u64) -> Vec<pb::GameEvent> {
    let reading = read_events_through(client, game_id, until);
    tokio::time::timeout(std::time::Duration::from_secs(60), reading)
        .await
        .unwrap_or_else(|_| panic!("{game_id}: no event {until} within a minute"))
}

async fn read_events_through(client: &mut Client, game_id: &str, until: u64) -> Vec<pb::GameEvent> {
    let mut stream = client
        .stream_events(pb::StreamEventsRequest {
            game_id: game_id.to_owned(),
            after_seq: 0,
            include_views: false,
            view_changes: false,
        })
        .await
        .unwrap()
        .into_inner();
    let mut events = Vec::new();
    while events.last().is_none_or(|e: &pb::GameEvent| e.seq < until) {
        match stream.message().await.unwrap() {
            Some(message) => events.push(message.event.unwrap()),
            None => break,
        }
    }
    events
}

/// Every event of a game from seq 1 up to `until`, waiting for the missing ones at most
/// `patience` (for events a server makes by itself, such as a bot's move).
pub async fn await_events(
    client: &mut Client,
    game_id: &str,
    until: u64,
    patience: std::time::Duration,
) -> Vec<pb::GameEvent> {
    tokio::time::timeout(patience, events_through(client, game_id, until))
        .await
        .unwrap_or_else(|_| panic!("game {game_id} did not reach seq {until} in {patience:?}"))
}

/// Stores in `store` a game `id` of `kind`, as created and nothing more, whose first seat
/// the engine plays at level 1: as a server that died right after the creation, before
/// its bot moved, would have left it.
pub async fn store_game_with_bot_to_move(store: &dyn tabula::store::Store, id: &str, kind: tabula::games::GameKind) {
    use tabula::store::{BotSeat, EventKind, GameRecord, GameStatus, StoredEvent, to_stored_precision};
    let now = to_stored_precision(std::time::SystemTime::now());
    let record = GameRecord {
        id: id.to_owned(),
        config: kind.info().default_config,
        seat_token_hashes: vec![[1; 32], [2; 32]],
        created: now,
        updated: now,
        seq: 1,
        status: GameStatus::InProgress,
        outcome: None,
        move_count: 0,
        private: false,
        owner: None,
        bots: vec![BotSeat { seat: tabula::engine::Seat::FIRST, level: 1, move_time_ms: 0 }],
        allow_hints: false,
        clock: None,
        deadline: None,
        players: Vec::new(),
        series: None,
        seats_reissued: Vec::new(),
        labels: Default::default(),
        rematch_of: None,
        rematch: None,
        start_at: None,
        presence: Vec::new(),
        spectator_delay: None,
        owner_moves: false,
        rating: None,
        tournament: None,
        faulted: false,
    };
    let created = StoredEvent { seq: 1, time: now, kind: EventKind::Created, request_id: None, request_digest: None };
    store.create(record, vec![created], None).await.unwrap();
}

/// The view `viewer` gets of the game that replaying `events` (a whole log) under
/// `config` produces, as the contract says the server should send it (rendered by the
/// [`oracle`], not the server's conversion): an independent check of a stored game.
pub fn replayed_view(
    game_id: &str,
    config: &pb::GameConfig,
    events: &[pb::GameEvent],
    viewer: tabula::engine::Viewer,
) -> pb::View {
    use tabula::engine::{Adjudication, Seat, Turn};
    use tabula::service::convert::{action_from_proto, config_from_proto};
    let config = config_from_proto(config, "config").unwrap();
    let turns: Vec<Turn> = events
        .iter()
        .enumerate()
        .filter_map(|(index, e)| match &e.kind {
            Some(pb::game_event::Kind::MoveApplied(applied)) => Some(Turn::Move(
                Seat::from_number(applied.seat).unwrap(),
                action_from_proto(applied.r#move.as_ref(), "move").unwrap(),
            )),
            Some(pb::game_event::Kind::Resigned(resigned)) => {
                Some(Turn::Resign(Seat::from_number(resigned.seat).unwrap()))
            }
            Some(pb::game_event::Kind::MoveTakenBack(taken)) => {
                Some(Turn::TakeBack(Seat::from_number(taken.seat).unwrap()))
            }
            Some(pb::game_event::Kind::GameAborted(aborted)) => Some(Turn::Abort {
                explanation: aborted.explanation.clone(),
                no_show: tabula::engine::Seat::from_number(aborted.no_show_seat),
            }),
            // "a `GameEnded` with the result follows."
            Some(pb::game_event::Kind::GameAdjudicated(adjudicated)) => {
                let Some(pb::game_event::Kind::GameEnded(ended)) = &events[index + 1].kind else {
                    panic!("an adjudication is followed by the game's end")
                };
                let outcome = ended.outcome.as_ref().unwrap();
                let result = match outcome.r#type() {
                    pb::OutcomeType::Win => Adjudication::Win(Seat::from_number(outcome.winner).unwrap()),
                    _ => Adjudication::Draw,
                };
                Some(Turn::Adjudicate { result, explanation: adjudicated.explanation.clone() })
            }
            _ => None,
        })
        .collect();
    let game = config.replay(&turns).unwrap();
    oracle::view(game_id, config.kind(), events.last().map_or(0, |e| e.seq), &game.view(viewer))
}

/// A new, empty database on the PostgreSQL server that `TABULA_TEST_POSTGRES` names (a
/// URL whose user may create databases; the test command starts such a server), as a URL.
pub async fn fresh_postgres_database() -> String {
    let admin = std::env::var("TABULA_TEST_POSTGRES")
        .expect("TABULA_TEST_POSTGRES must name a PostgreSQL server (postgres://user@host:port/db)");
    let name = format!("tabula_test_{}", uuid::Uuid::now_v7().simple());
    let mut connection = <sqlx::PgConnection as sqlx::Connection>::connect(&admin).await.unwrap();
    sqlx::Executor::execute(&mut connection, sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).await.unwrap();
    let (base, _) = admin.rsplit_once('/').expect("the URL names a database");
    format!("{base}/{name}")
}

/// A request carrying `credential`, if any, as `authorization: Bearer <credential>`.
pub fn with_credential<T>(credential: Option<&str>, message: T) -> Request<T> {
    match credential {
        Some(credential) => as_seat(credential, message),
        None => Request::new(message),
    }
}

/// Creates a game from a preset with `credential` (a service key, or none), public or private.
pub async fn create_preset_with(
    client: &mut Client,
    credential: Option<&str>,
    kind: pb::GameKind,
    preset: &str,
    private: bool,
) -> Result<Game, Status> {
    let request = pb::CreateGameRequest {
        kind: kind as i32,
        source: Some(pb::create_game_request::Source::Preset(preset.to_owned())),
        private,
        ..Default::default()
    };
    let response = client.create_game(with_credential(credential, request)).await?.into_inner();
    Ok(Game { id: response.game.unwrap().game_id, tokens: response.seat_tokens.into_iter().map(|t| t.token).collect() })
}

/// Sends `body` as it is, unchecked, as the request of `GameService/{method}`, and returns
/// the answer's bytes: what a client that writes its own wire bytes can send.
pub async fn raw_call(address: &str, method: &str, body: Vec<u8>) -> Result<Vec<u8>, Status> {
    let channel = Channel::from_shared(address.to_owned()).unwrap().connect().await.unwrap();
    let mut grpc = tonic::client::Grpc::new(channel);
    grpc.ready().await.unwrap();
    let path: tonic::codegen::http::uri::PathAndQuery = format!("/tabula.v1.GameService/{method}").parse().unwrap();
    grpc.unary(Request::new(body), path, RawCodec).await.map(tonic::Response::into_inner)
}

/// Bytes in, bytes out: no protobuf on either side.
#[derive(Clone, Copy, Default)]
pub struct RawCodec;

impl tonic::codec::Codec for RawCodec {
    type Encode = Vec<u8>;
    type Decode = Vec<u8>;
    type Encoder = RawCodec;
    type Decoder = RawCodec;

    fn encoder(&mut self) -> RawCodec {
        RawCodec
    }

    fn decoder(&mut self) -> RawCodec {
        RawCodec
    }
}

impl tonic::codec::Encoder for RawCodec {
    type Item = Vec<u8>;
    type Error = Status;

    fn encode(&mut self, item: Vec<u8>, dst: &mut tonic::codec::EncodeBuf<'_>) -> Result<(), Status> {
        bytes::BufMut::put_slice(dst, &item);
        Ok(())
    }
}

impl tonic::codec::Decoder for RawCodec {
    type Item = Vec<u8>;
    type Error = Status;

    fn decode(&mut self, src: &mut tonic::codec::DecodeBuf<'_>) -> Result<Option<Vec<u8>>, Status> {
        let length = bytes::Buf::remaining(src);
        Ok(Some(bytes::Buf::copy_to_bytes(src, length).to_vec()))
    }
}

/// CPU time (user and system) a process has used so far, from its own counters in
/// `/proc`, in clock ticks (100 a second on Linux).
pub fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // Fields after the command name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

/// The resident memory of a process, in KiB.
pub fn resident_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|line| line.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}
