//! Clocks under load, on the real binary with the in-memory store.
//!
//! 1. Timeouts: 10,000 Connect Four games on a per-move clock (lose on time), their
//!    deadlines spread evenly over 30 s, all left to run out, while a few other clients keep
//!    playing moves in clocked games of their own whose time never runs out. For every game
//!    the log is read back: how late its `TimedOut` was recorded after the seat's deadline
//!    (as the game's view, read right after its creation, states it), and whether the
//!    timeout fired exactly once. The movers' moves a second and latencies, before and while
//!    the timeouts fire.
//! 2. At rest: a fresh server holding 10,000 games without clocks, and another holding
//!    10,000 games whose clocks run with a deadline a day away, three rounds of each;
//!    resident memory and CPU over 10 s, compared.
//!
//! The servers' standard error goes to a temporary file, whose WARN and ERROR lines are
//! counted.
//!
//! `cargo bench --bench clocks_load`. Progress goes to standard error, the table to
//! standard output.

#[path = "../tests/common/mod.rs"]
mod common;

use std::io::{BufRead, Read, Seek};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use common::{BinaryServer, Client, column_move, cpu_ticks, events_through, pb, resident_kib, submit};
use tonic::transport::Channel;

/// Games left to run out of time, and games held at rest.
const GAMES: usize = 10_000;
/// From the start of their creation to the first timed game's deadline.
const LEAD: Duration = Duration::from_secs(20);
/// The timed games' deadlines are spread evenly over this window.
const WINDOW: Duration = Duration::from_secs(30);
/// Clients playing moves meanwhile, each in its own game on its own connection.
const MOVERS: usize = 4;
/// How long the movers play before the timed games are created.
const BASELINE: Duration = Duration::from_secs(5);
/// Time given after the last deadline before the logs are read.
const GRACE: Duration = Duration::from_secs(3);
/// Calls in flight while games are created or read back.
const CONCURRENCY: usize = 16;
/// How long CPU is counted at rest.
const REST: Duration = Duration::from_secs(10);
/// Rounds at rest, each a server without clocks and one with.
const ROUNDS: usize = 3;
/// The flags every server here gets beside `serve --listen 127.0.0.1:0`.
const FLAGS: [&str; 4] = ["--store", "memory", "--max-games-per-key", "100000"];
/// The movers' control, and the one at rest: far beyond anything measured here.
const DAY_MS: u64 = 86_400_000;

/// The server, its standard error kept in a file so that its warnings and errors can be counted.
struct Server {
    binary: BinaryServer,
    log: std::fs::File,
}

impl Server {
    fn spawn() -> Server {
        let log = tempfile::tempfile().unwrap();
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["serve", "--listen", "127.0.0.1:0"])
            .args(FLAGS)
            .stdout(std::process::Stdio::piped())
            .stderr(log.try_clone().unwrap())
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let address = line.trim().strip_prefix("listening on ").expect("the bound address is printed").to_owned();
        Server { binary: BinaryServer { child, address: format!("http://{address}") }, log }
    }

    fn pid(&self) -> u32 {
        self.binary.child.id()
    }

    /// A client on a connection of its own.
    async fn client(&self) -> Client {
        let channel = Channel::from_shared(self.binary.address.clone()).unwrap().connect().await.unwrap();
        Client::new(channel)
    }

    /// The lines of its log at WARN or ERROR level so far.
    fn warnings(&mut self) -> Vec<String> {
        let mut text = String::new();
        self.log.rewind().unwrap();
        self.log.read_to_string(&mut text).unwrap();
        text.lines().filter(|line| line.contains("WARN") || line.contains("ERROR")).map(str::to_owned).collect()
    }
}

fn clock(per_move_ms: u64) -> pb::ClockConfig {
    let per_move = prost_types::Duration {
        seconds: (per_move_ms / 1000) as i64,
        nanos: ((per_move_ms % 1000) * 1_000_000) as i32,
    };
    pb::ClockConfig {
        controls: vec![pb::TimeControl { control: Some(pb::time_control::Control::PerMove(per_move)) }],
        on_timeout: pb::TimeoutRule::Lose as i32,
        first_move_window: None,
    }
}

/// A standard Connect Four game, on `clock` if given.
async fn create(client: &mut Client, clock: Option<pb::ClockConfig>) -> common::Game {
    let config = pb::GameConfig {
        game: Some(pb::game_config::Game::ConnectFour(pb::ConnectFourConfig {
            width: 7,
            height: 6,
            win_length: 4,
            wrap_columns: false,
            ..Default::default()
        })),
        clock,
        ..Default::default()
    };
    let request =
        pb::CreateGameRequest { source: Some(pb::create_game_request::Source::Config(config)), ..Default::default() };
    let response = client.create_game(request).await.expect("the game is created").into_inner();
    common::Game {
        id: response.game.unwrap().game_id,
        tokens: response.seat_tokens.into_iter().map(|token| token.token).collect(),
    }
}

/// The machine's CPU time so far, from the first line of `/proc/stat`, in ticks: all of
/// it, idle (with I/O wait), and stolen by the hypervisor.
fn machine_ticks() -> (u64, u64, u64) {
    let stat = std::fs::read_to_string("/proc/stat").unwrap();
    let fields: Vec<u64> =
        stat.lines().next().unwrap().split_whitespace().skip(1).map(|f| f.parse().unwrap()).collect();
    let total = fields.iter().take(8).sum();
    (total, fields[3] + fields[4], fields[7])
}

fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_millis() as u64
}

fn micros(time: &prost_types::Timestamp) -> i64 {
    time.seconds * 1_000_000 + i64::from(time.nanos) / 1000
}

/// A game created by [`create_many`].
#[derive(Clone, Default)]
struct Created {
    id: String,
    /// Its per-move control, ms.
    per_move: u64,
    /// Seat 1's deadline, µs since the epoch, as a view read right after the creation says.
    deadline: Option<i64>,
}

/// Creates `GAMES` games over `clients`, `CONCURRENCY` at a time: game `i` gets the clock
/// `clock_for(i)` returns when its request is sent, and the answer is kept as game `i`.
/// With `read_deadline`, each game's view is read right after its creation for seat 1's
/// deadline.
async fn create_many(
    clients: &[Client],
    read_deadline: bool,
    clock_for: impl Fn(usize) -> Option<pb::ClockConfig> + Send + Sync + 'static,
) -> Vec<Created> {
    let next = Arc::new(AtomicUsize::new(0));
    let clock_for = Arc::new(clock_for);
    let mut workers = tokio::task::JoinSet::new();
    for worker in 0..CONCURRENCY {
        let mut client = clients[worker % clients.len()].clone();
        let (next, clock_for) = (next.clone(), clock_for.clone());
        workers.spawn(async move {
            let mut made = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= GAMES {
                    return made;
                }
                let clock = clock_for(i);
                let per_move = clock.as_ref().map_or(0, |clock| match &clock.controls[0].control {
                    Some(pb::time_control::Control::PerMove(d)) => d.seconds as u64 * 1000 + d.nanos as u64 / 1_000_000,
                    _ => 0,
                });
                let game = create(&mut client, clock).await;
                let deadline = if read_deadline {
                    let request = pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() };
                    let view = client.get_view(request).await.expect("the view is read").into_inner().view.unwrap();
                    let seat = view.clock.as_ref().and_then(|clock| clock.seats.first());
                    seat.and_then(|seat| seat.deadline.as_ref()).map(micros)
                } else {
                    None
                };
                made.push((i, Created { id: game.id, per_move, deadline }));
                if (i + 1) % 2000 == 0 {
                    eprintln!("  {} games created", i + 1);
                }
            }
        });
    }
    let mut games = vec![Created::default(); GAMES];
    while let Some(made) = workers.join_next().await {
        for (i, created) in made.unwrap() {
            games[i] = created;
        }
    }
    games
}

/// What a mover saw: when each applied move was answered and how long it took, and the
/// calls refused.
#[derive(Default)]
struct Moved {
    /// Games it created.
    games: usize,
    answered: Vec<(Instant, Duration)>,
    refused: Vec<String>,
}

/// Plays Connect Four in games on a day-per-move clock, one move after the other, seat 1
/// and seat 2 in turn (column k mod 7 for the k-th move), a new game whenever one ends,
/// until `stop`.
async fn mover(mut client: Client, stop: Arc<AtomicBool>, moves: Arc<AtomicU64>) -> Moved {
    let mut moved = Moved::default();
    while !stop.load(Ordering::Relaxed) {
        let game = create(&mut client, Some(clock(DAY_MS))).await;
        moved.games += 1;
        for k in 0..42 {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let started = Instant::now();
            match client.submit_move(submit(&game, k % 2, column_move((k % 7) as u32))).await {
                Ok(response) => {
                    moved.answered.push((Instant::now(), started.elapsed()));
                    moves.fetch_add(1, Ordering::Relaxed);
                    let ended = response
                        .into_inner()
                        .events
                        .iter()
                        .any(|event| matches!(event.kind, Some(pb::game_event::Kind::GameEnded(_))));
                    if ended {
                        break;
                    }
                }
                Err(status) => {
                    moved.refused.push(format!(
                        "{:?}: {} ({})",
                        status.code(),
                        status.message(),
                        common::reason(&status)
                    ));
                    break;
                }
            }
        }
    }
    moved
}

/// What a timed game's log says.
#[derive(Default)]
struct Log {
    /// `TimedOut` events.
    timed_out: usize,
    /// The first `TimedOut`'s time, µs since the epoch.
    timed_out_at: Option<i64>,
    /// Whether the `GameCreated` event carries clock readings.
    created_with_clock: bool,
    /// The creation's time, µs since the epoch.
    created: i64,
    /// Events in the log.
    seq: u64,
    /// It ended on time (`END_REASON_TIMEOUT`), seat 2 the winner.
    lost_on_time: bool,
    /// Events other than `GameCreated`, `TimedOut` and `GameEnded`.
    other: usize,
}

async fn read_log(client: &mut Client, id: &str) -> Log {
    let game = client.get_game(pb::GetGameRequest { game_id: id.to_owned() }).await.unwrap().into_inner().game.unwrap();
    let mut log = Log { seq: game.seq, ..Log::default() };
    log.lost_on_time = game.outcome.as_ref().is_some_and(|outcome| {
        outcome.reason == pb::EndReason::Timeout as i32
            && outcome.r#type == pb::OutcomeType::Win as i32
            && outcome.winner == 2
    });
    for event in events_through(client, id, game.seq).await {
        let time = micros(event.time.as_ref().unwrap());
        match &event.kind {
            Some(pb::game_event::Kind::GameCreated(_)) => {
                log.created = time;
                log.created_with_clock = event.clock.is_some();
            }
            Some(pb::game_event::Kind::TimedOut(_)) => {
                log.timed_out += 1;
                log.timed_out_at.get_or_insert(time);
            }
            Some(pb::game_event::Kind::GameEnded(_)) => {}
            _ => log.other += 1,
        }
    }
    log
}

async fn read_logs(clients: &[Client], ids: &[String]) -> Vec<Log> {
    let next = Arc::new(AtomicUsize::new(0));
    let ids = Arc::new(ids.to_vec());
    let mut workers = tokio::task::JoinSet::new();
    for worker in 0..CONCURRENCY {
        let mut client = clients[worker % clients.len()].clone();
        let (next, ids) = (next.clone(), ids.clone());
        workers.spawn(async move {
            let mut read = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= ids.len() {
                    return read;
                }
                read.push((i, read_log(&mut client, &ids[i]).await));
            }
        });
    }
    let mut logs: Vec<Option<Log>> = (0..ids.len()).map(|_| None).collect();
    while let Some(read) = workers.join_next().await {
        for (i, log) in read.unwrap() {
            logs[i] = Some(log);
        }
    }
    logs.into_iter().map(Option::unwrap).collect()
}

fn percentile<T: Copy>(sorted: &[T], p: f64) -> T {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Moves a second and latencies of the moves answered between `from` and `to`.
fn moves_between(moved: &[Moved], from: Instant, to: Instant) -> (usize, f64, Duration, Duration) {
    let mut latencies: Vec<Duration> = moved
        .iter()
        .flat_map(|m| m.answered.iter())
        .filter(|(at, _)| *at >= from && *at < to)
        .map(|(_, latency)| *latency)
        .collect();
    latencies.sort();
    if latencies.is_empty() {
        return (0, 0.0, Duration::ZERO, Duration::ZERO);
    }
    let rate = latencies.len() as f64 / (to - from).as_secs_f64();
    (latencies.len(), rate, percentile(&latencies, 0.5), percentile(&latencies, 0.99))
}

/// What one server at rest measured.
struct Rest {
    before_kib: u64,
    after_kib: u64,
    ticks: u64,
    warnings: usize,
}

/// A fresh server holding `GAMES` Connect Four games, on a day-per-move clock or without
/// clocks: its memory before and after, and its CPU over `REST` once they are held.
async fn at_rest(clocks: bool) -> Rest {
    let mut server = Server::spawn();
    let clients: Vec<Client> = vec![server.client().await, server.client().await];
    clients[0].clone().list_game_kinds(pb::ListGameKindsRequest {}).await.unwrap();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let before_kib = resident_kib(server.pid());
    let label = if clocks { "with clocks" } else { "without clocks" };
    eprintln!("at rest, {label}: creating {GAMES} games (resident {before_kib} KiB before)");
    create_many(&clients, false, move |_| clocks.then(|| clock(DAY_MS))).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    eprintln!("at rest, {label}: counting CPU for {} s", REST.as_secs());
    let ticks_before = cpu_ticks(server.pid());
    tokio::time::sleep(REST).await;
    let ticks = cpu_ticks(server.pid()) - ticks_before;
    let after_kib = resident_kib(server.pid());
    eprintln!("at rest, {label}: resident {after_kib} KiB, {ticks} CPU ticks in {} s", REST.as_secs());
    let warnings = server.warnings().len();
    Rest { before_kib, after_kib, ticks, warnings }
}

#[tokio::main]
async fn main() {
    // `cargo bench` passes `--bench`; a plain `cargo test --benches` passes nothing and
    // only checks that this builds.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let began = Instant::now();

    // 1. Timeouts under load.
    let mut server = Server::spawn();
    let mut readers = Vec::new();
    for _ in 0..4 {
        readers.push(server.client().await);
    }
    let stop = Arc::new(AtomicBool::new(false));
    let moves = Arc::new(AtomicU64::new(0));
    let mut movers = tokio::task::JoinSet::new();
    for _ in 0..MOVERS {
        movers.spawn(mover(server.client().await, stop.clone(), moves.clone()));
    }
    eprintln!("{MOVERS} movers playing; {} s of baseline", BASELINE.as_secs());
    let baseline_from = Instant::now();
    tokio::time::sleep(BASELINE).await;

    // Game i's deadline falls at LEAD + i/GAMES of WINDOW after the creation begins.
    let creation_from = Instant::now();
    let start_ms = now_ms();
    eprintln!(
        "creating {GAMES} games whose deadlines fall {}..{} s from now",
        LEAD.as_secs(),
        (LEAD + WINDOW).as_secs()
    );
    let timed = create_many(&readers, true, move |i| {
        let target = start_ms + LEAD.as_millis() as u64 + (i as u64 * WINDOW.as_millis() as u64) / GAMES as u64;
        Some(clock(target.saturating_sub(now_ms()).max(1000)))
    })
    .await;
    let creation_to = Instant::now();
    let created_in = creation_to - creation_from;
    eprintln!("created in {:.1} s ({:.0} games/s)", created_in.as_secs_f64(), GAMES as f64 / created_in.as_secs_f64());
    if created_in > LEAD {
        eprintln!("warning: the creation took longer than the lead: the first deadlines bunch at 1 s");
    }

    // Wait for the last deadline, reporting progress.
    let last_deadline = creation_from + LEAD + WINDOW;
    let mut firing_ticks = None;
    loop {
        let now = Instant::now();
        if firing_ticks.is_none() && now >= creation_from + LEAD {
            firing_ticks = Some((cpu_ticks(server.pid()), cpu_ticks(std::process::id()), machine_ticks()));
        }
        if now >= last_deadline + GRACE {
            break;
        }
        let left = (last_deadline + GRACE).saturating_duration_since(now);
        eprintln!(
            "  {:>3} s to the last deadline; movers' moves so far: {}",
            left.saturating_sub(GRACE).as_secs(),
            moves.load(Ordering::Relaxed)
        );
        let step = if firing_ticks.is_none() {
            (creation_from + LEAD).saturating_duration_since(now).min(Duration::from_secs(5))
        } else {
            left.min(Duration::from_secs(5))
        };
        tokio::time::sleep(step.max(Duration::from_millis(1))).await;
    }
    let (server_from, bench_from, machine_from) = firing_ticks.expect("the firing window was reached");
    let firing_cpu = cpu_ticks(server.pid()) - server_from;
    let bench_cpu = cpu_ticks(std::process::id()) - bench_from;
    let machine = {
        let (total, idle, steal) = machine_ticks();
        let total = (total - machine_from.0).max(1) as f64;
        ((idle - machine_from.1) as f64 * 100.0 / total, (steal - machine_from.2) as f64 * 100.0 / total)
    };
    stop.store(true, Ordering::Relaxed);
    let mut moved = Vec::new();
    while let Some(m) = movers.join_next().await {
        moved.push(m.unwrap());
    }

    eprintln!("reading the {GAMES} logs back");
    let ids: Vec<String> = timed.iter().map(|game| game.id.clone()).collect();
    let logs = read_logs(&readers, &ids).await;
    let warnings = server.warnings();
    drop(server);

    // The deadlines as stated, and the firing window they span, on this process's clock.
    let wall_to_instant = {
        let (instant, wall) =
            (Instant::now(), SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_micros() as i64);
        move |us: i64| {
            let back = Duration::from_micros((wall - us).max(0) as u64);
            instant.checked_sub(back).unwrap()
        }
    };
    let deadlines: Vec<i64> = timed.iter().filter_map(|game| game.deadline).collect();
    let (fire_from, fire_to) = match (deadlines.iter().min(), deadlines.iter().max()) {
        (Some(&first), Some(&last)) => (wall_to_instant(first), wall_to_instant(last)),
        _ => (creation_from + LEAD, creation_from + LEAD + WINDOW),
    };
    // A deadline is the creation (whole ms) plus the control.
    let off_deadline = logs
        .iter()
        .zip(&timed)
        .filter(|(log, game)| {
            game.deadline.is_none_or(|d| (d - ((log.created / 1000) + game.per_move as i64) * 1000).abs() > 1000)
        })
        .count();
    let created_with_clock = logs.iter().filter(|log| log.created_with_clock).count();

    let once =
        logs.iter().filter(|log| log.timed_out == 1 && log.lost_on_time && log.seq == 3 && log.other == 0).count();
    let never = logs.iter().filter(|log| log.timed_out == 0).count();
    let twice = logs.iter().filter(|log| log.timed_out > 1).count();
    let odd = GAMES - once - never - twice;
    let mut lateness: Vec<i64> =
        logs.iter().zip(&timed).filter_map(|(log, game)| Some(log.timed_out_at? - game.deadline?)).collect();
    lateness.sort_unstable();
    let early = lateness.iter().filter(|&&late| late <= 0).count();
    let buckets = [
        (1_000, "≤1 ms"),
        (5_000, "≤5 ms"),
        (10_000, "≤10 ms"),
        (50_000, "≤50 ms"),
        (100_000, "≤100 ms"),
        (1_000_000, "≤1 s"),
    ];
    let refused: Vec<&String> = moved.iter().flat_map(|m| m.refused.iter()).collect();

    // 2. At rest, alternating.
    let mut rounds = Vec::new();
    for round in 1..=ROUNDS {
        eprintln!("at rest, round {round} of {ROUNDS}");
        let plain = at_rest(false).await;
        let clocked = at_rest(true).await;
        rounds.push((plain, clocked));
    }

    // The table.
    let lat_ms = |us: i64| us as f64 / 1000.0;
    println!();
    println!(
        "clocks_load: `cargo bench --bench clocks_load` (the real binary: `tabula serve --listen 127.0.0.1:0 {}`)",
        FLAGS.join(" ")
    );
    println!();
    println!(
        "1. {GAMES} Connect Four games, per-move clock (TIMEOUT_RULE_LOSE), deadlines spread evenly over {} s \
         (created in {:.1} s, {CONCURRENCY} calls in flight); {MOVERS} movers meanwhile, each in its own game on a \
         1-day-per-move clock",
        WINDOW.as_secs(),
        created_in.as_secs_f64()
    );
    println!();
    println!("| timeouts | value |");
    println!("|---|---|");
    println!("| games | {GAMES} |");
    println!("| fired exactly once (one TimedOut, then GameEnded END_REASON_TIMEOUT, log of 3 events) | {once} |");
    println!("| never fired | {never} |");
    println!("| more than one TimedOut | {twice} |");
    println!("| other logs | {odd} |");
    println!("| TimedOut at or before the deadline | {early} |");
    println!("| deadline in the view after creation missing, or not creation time + control | {off_deadline} |");
    println!("| GameCreated events carrying clock readings | {created_with_clock} |");
    if !lateness.is_empty() {
        println!("| lateness p50 (TimedOut time − deadline) | {:.3} ms |", lat_ms(percentile(&lateness, 0.5)));
        println!("| lateness p99 | {:.3} ms |", lat_ms(percentile(&lateness, 0.99)));
        println!("| lateness max | {:.3} ms |", lat_ms(*lateness.last().unwrap()));
        println!("| lateness min | {:.3} ms |", lat_ms(lateness[0]));
        let shares: Vec<String> = buckets
            .iter()
            .map(|(limit, label)| {
                let n = lateness.iter().filter(|&&late| late <= *limit).count();
                format!("{label}: {:.2}%", n as f64 * 100.0 / lateness.len() as f64)
            })
            .collect();
        println!("| lateness share | {} |", shares.join(", "));
    }
    println!(
        "| server CPU from the first deadline to {} s after the last | {firing_cpu} ticks ({:.0}% of one core) |",
        GRACE.as_secs(),
        firing_cpu as f64 / (WINDOW + GRACE).as_secs_f64()
    );
    println!(
        "| this bench's own CPU (movers, progress) over the same window | {bench_cpu} ticks ({:.0}% of one core) |",
        bench_cpu as f64 / (WINDOW + GRACE).as_secs_f64()
    );
    println!(
        "| the machine ({} cores) over the same window | {:.0}% idle, {:.0}% stolen by the hypervisor |",
        std::thread::available_parallelism().map_or(0, usize::from),
        machine.0,
        machine.1
    );
    println!("| server WARN/ERROR log lines | {} |", warnings.len());
    println!();
    println!("| movers ({MOVERS} clients, one SubmitMove at a time each) | moves | moves/s | p50 ms | p99 ms |");
    println!("|---|---|---|---|---|");
    for (label, from, to) in [
        ("baseline, before the timed games", baseline_from, creation_from),
        ("while the 10,000 games are created", creation_from, creation_to),
        ("after the creation, before the first deadline (none due)", creation_to, fire_from),
        ("while the timeouts fire (first to last deadline)", fire_from, fire_to),
    ] {
        let (n, rate, p50, p99) = moves_between(&moved, from, to);
        println!("| {label} | {n} | {rate:.0} | {:.3} | {:.3} |", ms(p50), ms(p99));
    }
    println!("| moves refused | {} | | | |", refused.len());
    println!();
    println!(
        "The movers created {} games of their own (a new one whenever one ended), so the server held {} games \
         at the end, more than its cache of 10,000: most timed games had left the cache when their time ran out.",
        moved.iter().map(|m| m.games).sum::<usize>(),
        GAMES + moved.iter().map(|m| m.games).sum::<usize>()
    );
    println!();
    println!(
        "2. At rest: a fresh server holding {GAMES} Connect Four games, without clocks or on a 1-day-per-move clock \
         (deadline armed, none due); CPU over {} s",
        REST.as_secs()
    );
    println!();
    println!(
        "| server | resident before, KiB | resident with the games, KiB | growth per game, bytes | CPU ticks in {} s | WARN/ERROR lines |",
        REST.as_secs()
    );
    println!("|---|---|---|---|---|---|");
    let growth = |rest: &Rest| (rest.after_kib as f64 - rest.before_kib as f64) * 1024.0 / GAMES as f64;
    for (round, (plain, clocked)) in rounds.iter().enumerate() {
        for (label, rest) in [("without clocks", plain), ("with clocks", clocked)] {
            println!(
                "| round {}, {label} | {} | {} | {:.0} | {} | {} |",
                round + 1,
                rest.before_kib,
                rest.after_kib,
                growth(rest),
                rest.ticks,
                rest.warnings
            );
        }
    }
    let mut extra: Vec<f64> = rounds.iter().map(|(plain, clocked)| growth(clocked) - growth(plain)).collect();
    extra.sort_by(f64::total_cmp);
    let plain_ticks: u64 = rounds.iter().map(|(plain, _)| plain.ticks).sum();
    let clocked_ticks: u64 = rounds.iter().map(|(_, clocked)| clocked.ticks).sum();
    let rest_s = (REST * ROUNDS as u32).as_secs_f64();
    println!();
    println!(
        "clocks cost {:.0} bytes a game resident (median of {ROUNDS} rounds; each round: {}), \
         and at rest {clocked_ticks} CPU ticks against {plain_ticks} without clocks over {ROUNDS} × {} s \
         ({:.2}% against {:.2}% of one core; a tick is 10 ms)",
        extra[extra.len() / 2],
        extra.iter().map(|e| format!("{e:.0}")).collect::<Vec<_>>().join(", "),
        REST.as_secs(),
        clocked_ticks as f64 / rest_s,
        plain_ticks as f64 / rest_s,
    );
    println!("whole run: {:.0} s", began.elapsed().as_secs_f64());

    if !warnings.is_empty() {
        eprintln!("server WARN/ERROR lines during the timeouts (first 10):");
        for line in warnings.iter().take(10) {
            eprintln!("  {line}");
        }
    }
    if !refused.is_empty() {
        eprintln!("moves refused (first 10):");
        for line in refused.iter().take(10) {
            eprintln!("  {line}");
        }
    }
}
