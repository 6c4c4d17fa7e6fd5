//! The loads a benchmark runs: the server's own ceiling (`grpc.health.v1.Health/Check`),
//! games played move by move with spectators following them, the owner's streams following
//! every game, and idle games held.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tokio::task::JoinSet;
use tonic::codec::CompressionEncoding;
use tonic::metadata::MetadataValue;
use tonic::transport::Channel;
use tonic::{Request, Status};
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_client::HealthClient;

use super::answer::{LocalBoard, submit_move};
use super::stats::Latencies;
use pb::game_service_client::GameServiceClient;
use tabula::proto::tabula::v1 as pb;
use tabula::proto::view_change::FollowedView;

/// Calls in flight per connection while the ceiling is measured.
const CEILING_IN_FLIGHT_PER_CONNECTION: usize = 8;

/// Prints, about once a second until `stop`, how far a load has come.
fn report_progress(what: &'static str, done: Arc<AtomicU64>, stop: Arc<AtomicBool>) {
    tokio::spawn(async move {
        let (start, mut last) = (Instant::now(), 0);
        loop {
            tokio::time::sleep(Duration::from_secs(1)).await;
            if stop.load(Ordering::Relaxed) {
                return;
            }
            let now = done.load(Ordering::Relaxed);
            eprintln!(
                "  {what}: {now} after {:.0} s ({}/s in the last second)",
                start.elapsed().as_secs_f64(),
                now - last
            );
            last = now;
        }
    });
}

/// `Health.Check` calls a second, over every connection with a few calls in flight on
/// each, for `duration`: the fastest the server answers anything.
///
/// Returns the rate and the number of calls.
pub async fn ceiling(channels: &[Channel], duration: Duration, accept_gzip: bool) -> Result<(f64, u64), Status> {
    let (done, stop) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicBool::new(false)));
    report_progress("Health.Check calls", done.clone(), stop.clone());
    let start = Instant::now();
    let mut tasks = JoinSet::new();
    for channel in channels {
        for _ in 0..CEILING_IN_FLIGHT_PER_CONNECTION {
            let client = HealthClient::new(channel.clone());
            let mut client = if accept_gzip { client.accept_compressed(CompressionEncoding::Gzip) } else { client };
            let done = done.clone();
            tasks.spawn(async move {
                while start.elapsed() < duration {
                    client.check(HealthCheckRequest { service: String::new() }).await?;
                    done.fetch_add(1, Ordering::Relaxed);
                }
                Ok::<(), Status>(())
            });
        }
    }
    while let Some(result) = tasks.join_next().await {
        result.expect("a ceiling task panicked")?;
    }
    stop.store(true, Ordering::Relaxed);
    let (elapsed, calls) = (start.elapsed(), done.load(Ordering::Relaxed));
    Ok((calls as f64 / elapsed.as_secs_f64(), calls))
}

/// The game a benchmark plays: a kind and its board, moves chosen from a board the
/// benchmark keeps itself ([`LocalBoard`]), so that choosing costs the server nothing.
#[derive(Clone, Debug)]
pub struct Workload {
    /// What to create.
    pub config: pb::GameConfig,
    /// Whether a move names a column (Connect Four) rather than a cell.
    pub by_column: bool,
    /// Who calls: a service key where the server has keys.
    pub key: Option<String>,
    /// The least time between two moves of one game; zero for as fast as answers come.
    pub pace: Duration,
    /// Whether the clients accept gzip-compressed answers, as grpc-js and most gRPC
    /// clients do on every call.
    pub accept_gzip: bool,
    /// How much each `SubmitMove` answer is asked to carry.
    pub move_view: pb::SubmitMoveView,
    /// What the spectators' streams carry with each event.
    pub spectator_views: SpectatorViews,
}

/// What a spectator's stream carries with each event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SpectatorViews {
    /// The events alone.
    None,
    /// The whole view with each event.
    Whole,
    /// The first view whole, then what changed.
    Changes,
}

impl Workload {
    /// A game client on `channel`, accepting gzip when the workload says so.
    fn client(&self, channel: Channel) -> GameServiceClient<Channel> {
        let client = GameServiceClient::new(channel);
        if self.accept_gzip { client.accept_compressed(CompressionEncoding::Gzip) } else { client }
    }

    fn request<T>(&self, message: T, credential: Option<&str>) -> Request<T> {
        let mut request = Request::new(message);
        if let Some(credential) = credential.or(self.key.as_deref())
            && let Ok(value) = MetadataValue::try_from(format!("Bearer {credential}"))
        {
            request.metadata_mut().insert("authorization", value);
        }
        request
    }

    /// Creates a game; its id and its two seat tokens.
    async fn create(&self, client: &mut GameServiceClient<Channel>) -> Result<(String, Vec<String>), Status> {
        let request = pb::CreateGameRequest {
            source: Some(pb::create_game_request::Source::Config(self.config.clone())),
            ..Default::default()
        };
        let answer = client.create_game(self.request(request, None)).await?.into_inner();
        let id = answer.game.map(|game| game.game_id).unwrap_or_default();
        Ok((id, answer.seat_tokens.into_iter().map(|token| token.token).collect()))
    }
}

/// What a played load measured.
#[derive(Default)]
pub struct Played {
    /// Moves applied.
    pub moves: u64,
    /// Games created (one per slot at the start, then one whenever a game ended).
    pub games: u64,
    /// From the start until the last move's answer.
    pub elapsed: Duration,
    /// From a `SubmitMove` sent to its answer.
    pub submit: Latencies,
    /// The same, by the number of moves played before it, in buckets of `PLY_BUCKET`.
    pub submit_by_ply: Vec<Latencies>,
    /// From a `SubmitMove` sent to a subscriber's receiving its event.
    pub delivery: Latencies,
}

/// Moves per bucket of `Played::submit_by_ply`.
pub const PLY_BUCKET: usize = 50;

/// When each move of one game was sent, by the seq its event will have, for the game's
/// subscribers to measure delivery.
type SentAt = Arc<std::sync::Mutex<Vec<Option<Instant>>>>;

/// Plays `games` games at once for `duration`, each followed by `subscribers` event
/// streams; a game that ends is replaced by a new one. Moves go round the `channels`,
/// streams round the `watching` ones: a connection serves only so many streams at once, and
/// moves must never wait behind streams that wait for them.
pub async fn play(
    workload: &Workload,
    channels: &[Channel],
    watching: &[Channel],
    games: usize,
    subscribers: usize,
    duration: Duration,
) -> Result<Played, Status> {
    let (done, stop) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicBool::new(false)));
    report_progress("moves", done.clone(), stop.clone());
    let start = Instant::now();
    let mut tasks = JoinSet::new();
    for slot in 0..games.max(1) {
        let (workload, done) = (workload.clone(), done.clone());
        let (channels, watching) = (channels.to_vec(), watching.to_vec());
        tasks.spawn(async move {
            play_slot(&workload, &channels, &watching, slot, subscribers, start, duration, &done).await
        });
    }
    let mut played = Played::default();
    while let Some(result) = tasks.join_next().await {
        let slot = result.expect("a game task panicked")?;
        played.elapsed = played.elapsed.max(slot.elapsed);
        played.moves += slot.moves;
        played.games += slot.games;
        played.submit.extend(&slot.submit);
        played.delivery.extend(&slot.delivery);
        for (bucket, latencies) in slot.submit_by_ply.iter().enumerate() {
            if played.submit_by_ply.len() <= bucket {
                played.submit_by_ply.resize_with(bucket + 1, Latencies::default);
            }
            played.submit_by_ply[bucket].extend(latencies);
        }
    }
    stop.store(true, Ordering::Relaxed);
    Ok(played)
}

/// One game slot of [`play`]: games played one after another on connection `slot`.
#[allow(clippy::too_many_arguments)]
async fn play_slot(
    workload: &Workload,
    channels: &[Channel],
    watching: &[Channel],
    slot: usize,
    subscribers: usize,
    start: Instant,
    duration: Duration,
    done: &AtomicU64,
) -> Result<Played, Status> {
    let channel = channels[slot % channels.len()].clone();
    let mut client = workload.client(channel.clone());
    let mut played = Played::default();
    let mut watchers = JoinSet::new();
    while start.elapsed() < duration {
        let (id, tokens) = workload.create(&mut client).await?;
        played.games += 1;
        let sent: SentAt = Arc::default();
        for index in 0..subscribers {
            let channel = watching[(slot * subscribers + index) % watching.len()].clone();
            let until = start + duration + WATCH_GRACE;
            watchers.spawn(watch(channel, workload.clone(), id.clone(), sent.clone(), until));
        }
        let view =
            client.get_view(workload.request(pb::GetViewRequest { game_id: id.clone(), ..Default::default() }, None));
        let view = view.await?.into_inner().view.unwrap_or_default();
        let mut board = LocalBoard::new(&view.board.unwrap_or_default(), workload.by_column);
        let (mut seq, mut to_act, mut over) = (view.seq, view.to_act, view.outcome.is_some());
        let mut ply = 0;
        while start.elapsed() < duration && !over {
            if !workload.pace.is_zero() {
                tokio::time::sleep(workload.pace).await;
            }
            let Some(next) = board.take_move() else { break };
            let seat = to_act.first().copied().unwrap_or(1) as usize;
            let request = pb::SubmitMoveRequest {
                game_id: id.clone(),
                r#move: Some(next),
                view: workload.move_view as i32,
                ..Default::default()
            };
            let request = workload.request(request, tokens.get(seat - 1).map(String::as_str));
            let sent_at = Instant::now();
            if let Ok(mut sent) = sent.lock() {
                let seq = seq as usize + 1;
                if sent.len() <= seq {
                    sent.resize(seq + 1, None);
                }
                sent[seq] = Some(sent_at);
            }
            let answer = submit_move(&channel, request, workload.accept_gzip).await?;
            let took = sent_at.elapsed();
            played.submit.record(took);
            let bucket = ply / PLY_BUCKET;
            if played.submit_by_ply.len() <= bucket {
                played.submit_by_ply.resize_with(bucket + 1, Latencies::default);
            }
            played.submit_by_ply[bucket].record(took);
            played.moves += 1;
            done.fetch_add(1, Ordering::Relaxed);
            ply += 1;
            (seq, to_act, over) = (answer.seq, answer.to_act, answer.outcome.is_some());
            played.elapsed = start.elapsed();
        }
    }
    // The watchers of games still running stop soon after the run, with what they saw.
    while let Some(result) = watchers.join_next().await {
        if let Ok(delivery) = result {
            played.delivery.extend(&delivery);
        }
    }
    Ok(played)
}

/// How long after the run the spectators of unfinished games keep reading.
const WATCH_GRACE: Duration = Duration::from_secs(1);

/// Follows game `id` as a spectator until it ends or `until`, timing each move's event
/// from when it was sent.
async fn watch(channel: Channel, workload: Workload, id: String, sent: SentAt, until: Instant) -> Latencies {
    let mut client = workload.client(channel);
    let mut latencies = Latencies::default();
    let request = pb::StreamEventsRequest {
        game_id: id,
        after_seq: 1,
        include_views: workload.spectator_views == SpectatorViews::Whole,
        view_changes: workload.spectator_views == SpectatorViews::Changes,
    };
    let Ok(stream) = client.stream_events(workload.request(request, None)).await else { return latencies };
    let mut stream = stream.into_inner();
    // The spectator's copy of the game, kept as a client drawing the board would keep it.
    let mut board = FollowedView::default();
    while let Ok(Ok(Some(message))) = tokio::time::timeout_at(until.into(), stream.message()).await {
        if let Err(mismatch) = board.receive(message.view, message.view_change.as_ref()) {
            eprintln!("a spectator stops following: {mismatch}");
            break;
        }
        let Some(event) = message.event else { continue };
        let at = sent.lock().ok().and_then(|sent| sent.get(event.seq as usize).copied().flatten());
        if let (Some(at), Some(pb::game_event::Kind::MoveApplied(_))) = (at, &event.kind) {
            latencies.record(at.elapsed());
        }
    }
    latencies
}

/// Follows the key's games on the owner's stream (`StreamOwnerEvents`) from the key's newest
/// cursor until `until`, timing each entry from the time its game's event carries (server
/// time, whole milliseconds rounded up) to its arrival.
pub async fn follow_owner(channel: Channel, workload: Workload, until: Instant) -> Latencies {
    let mut client = workload.client(channel);
    let mut latencies = Latencies::default();
    // From the newest cursor: a store that holds earlier games has a backlog, not measured.
    let beyond = pb::StreamOwnerEventsRequest { after_cursor: u64::MAX, ..Default::default() };
    let newest = match client.stream_owner_events(workload.request(beyond, None)).await {
        Err(status) => current_cursor(&status),
        Ok(_) => None,
    };
    let request = pb::StreamOwnerEventsRequest { after_cursor: newest.unwrap_or(0), ..Default::default() };
    let Ok(stream) = client.stream_owner_events(workload.request(request, None)).await else { return latencies };
    let mut stream = stream.into_inner();
    while let Ok(Ok(Some(message))) = tokio::time::timeout_at(until.into(), stream.message()).await {
        let time = message.event.and_then(|event| event.game_event?.time);
        let Some(time) = time.and_then(|time| std::time::SystemTime::try_from(time).ok()) else { continue };
        latencies.record(std::time::SystemTime::now().duration_since(time).unwrap_or_default());
    }
    latencies
}

/// The newest cursor an `OUT_OF_RANGE` refusal names in its `ErrorInfo`.
fn current_cursor(status: &Status) -> Option<u64> {
    use tonic_types::StatusExt;
    status.get_details_error_info()?.metadata.get("current_cursor")?.parse().ok()
}

/// Creates `count` small games, each with two moves played, and leaves them idle: what
/// resident memory a game the server holds but nobody plays costs.
pub async fn idle_games(workload: &Workload, channels: &[Channel], count: usize) -> Result<(), Status> {
    let (done, stop) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicBool::new(false)));
    report_progress("idle games", done.clone(), stop.clone());
    let mut tasks = JoinSet::new();
    let per_task = count.div_ceil(channels.len() * 4);
    for task in 0..channels.len() * 4 {
        let (workload, done) = (workload.clone(), done.clone());
        let mut client = workload.client(channels[task % channels.len()].clone());
        let share = per_task.min(count.saturating_sub(task * per_task));
        tasks.spawn(async move {
            for _ in 0..share {
                let (id, tokens) = workload.create(&mut client).await?;
                for (seat, cell) in [(0, (0, 0)), (1, (1, 1))] {
                    let target = pb::place::Target::Cell(pb::Cell { row: cell.0, col: cell.1 });
                    let next = pb::Move { kind: Some(pb::r#move::Kind::Place(pb::Place { target: Some(target) })) };
                    let request =
                        pb::SubmitMoveRequest { game_id: id.clone(), r#move: Some(next), ..Default::default() };
                    client.submit_move(workload.request(request, Some(&tokens[seat]))).await?;
                }
                done.fetch_add(1, Ordering::Relaxed);
            }
            Ok::<(), Status>(())
        });
    }
    while let Some(result) = tasks.join_next().await {
        result.expect("an idle-game task panicked")?;
    }
    stop.store(true, Ordering::Relaxed);
    Ok(())
}
