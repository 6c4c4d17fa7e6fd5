//! `tabula bench`: a load benchmark over real sockets. It starts the server itself (this
//! binary's `serve`, on a store of its choosing, one or several replicas) or drives one at
//! an address, measures the server's own ceiling (`grpc.health.v1.Health/Check`) in the
//! same run, then plays games at once with spectators following them, and reports each
//! figure with its ratio to the ceiling. Progress goes to standard error, the report to
//! standard output.

mod answer;
mod load;
mod stats;
mod swiss;
mod target;

use std::io::{Write, stdout};
use std::time::{Duration, Instant};

use self::load::{PLY_BUCKET, SpectatorViews, Workload};
use self::stats::{grouped, millis};
use self::target::Target;
use tabula::proto::tabula::v1 as pb;

/// Event streams a benchmark opens on one connection: under the server's default of 100
/// calls at once on a connection.
const STREAMS_PER_CONNECTION: usize = 50;

/// `tabula bench`'s arguments.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Drive the server at this address (`HOST:PORT` or a URL) instead of starting one.
    #[arg(long)]
    address: Option<String>,
    /// Start the server on this store: `memory`, `sqlite` (a new file in a temporary
    /// folder), `sqlite:FILE` (that file, kept: to measure on a store that holds much
    /// already) or a `postgres://` URL.
    #[arg(long, default_value = "sqlite")]
    store: String,
    /// Servers to start on the store (several need PostgreSQL); calls go round them.
    #[arg(long, default_value_t = 1)]
    replicas: usize,
    /// Arguments passed on to each server started (for example `--server-arg=--max-streams-per-game=2000`).
    #[arg(long = "server-arg", allow_hyphen_values = true)]
    server_args: Vec<String>,
    /// The game: tic_tac_toe (`--size` by `--size`, a line of `--size` to win, so games are
    /// long), gomoku or connect_four, each at its defaults otherwise.
    #[arg(long, default_value = "tic_tac_toe")]
    kind: String,
    /// The tic-tac-toe board's side, 3 to 20.
    #[arg(long, default_value_t = 19)]
    size: u32,
    /// Games played at once.
    #[arg(long, default_value_t = 32)]
    games: usize,
    /// Spectators following each game's event stream.
    #[arg(long, default_value_t = 0)]
    subscribers: usize,
    /// Streams following every game of the key at once (`StreamOwnerEvents`: each game
    /// created, started and ended).
    #[arg(long, default_value_t = 0)]
    owner_subscribers: usize,
    /// Seconds of play (the ceiling is measured for half as long, at least 2 s).
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// Milliseconds each game waits between its moves (0: as fast as answers come), to
    /// measure delivery at a given pace rather than at saturation.
    #[arg(long, default_value_t = 0)]
    move_every: u64,
    /// Connections to the servers.
    #[arg(long, default_value_t = 4)]
    connections: usize,
    /// Also hold this many idle 3×3 games (two moves each) and report the memory each costs
    /// (only for a server this benchmark started).
    #[arg(long, default_value_t = 0)]
    idle_games: usize,
    /// A service key, where the server has keys.
    #[arg(long, env = "TABULA_SERVICE_KEY", hide_env_values = true)]
    key: Option<String>,
    /// Accept gzip-compressed answers on every call, as grpc-js and most gRPC clients do.
    #[arg(long)]
    accept_gzip: bool,
    /// Ask for the whole view in every `SubmitMove` answer, as a client that draws its board
    /// from the answers would; by default the benchmark, which keeps its own boards, asks for
    /// the basic answer (`SUBMIT_MOVE_VIEW_BASIC`).
    #[arg(long)]
    full_answers: bool,
    /// Time the pairing of each round of a Swiss of this many players (2 to 1000, results
    /// drawn at random) instead of playing games: no server is started.
    #[arg(long)]
    swiss_players: Option<u32>,
    /// With `--swiss-players`, the rounds to pair.
    #[arg(long, default_value_t = 7)]
    swiss_rounds: u32,
    /// What the spectators' streams carry with each event: `none` (the events alone),
    /// `whole` (`include_views`: the whole view) or `changes` (`view_changes`: the first view
    /// whole, then what changed, which each spectator applies to its copy).
    #[arg(long, value_enum, default_value_t = SpectatorViews::None)]
    spectator_views: SpectatorViews,
    /// Create every game keeping its seats' presence (`GameConfig.presence`, the default
    /// window): each seat's calls then hold it present, to measure what that costs a move.
    #[arg(long)]
    presence: bool,
}

/// The configuration `args` ask each game to have, and whether its moves name columns.
fn workload(args: &BenchArgs) -> Result<Workload, String> {
    use pb::game_config::Game;
    let (game, by_column) = match args.kind.as_str() {
        "tic_tac_toe" if (3..=20).contains(&args.size) => {
            (Game::TicTacToe(pb::TicTacToeConfig { size: args.size, ..Default::default() }), false)
        }
        "tic_tac_toe" => return Err(format!("--size {} is not from 3 to 20", args.size)),
        "gomoku" => (Game::Gomoku(pb::GomokuConfig::default()), false),
        "connect_four" => (Game::ConnectFour(pb::ConnectFourConfig::default()), true),
        other => return Err(format!("--kind {other:?}: expected tic_tac_toe, gomoku or connect_four")),
    };
    Ok(Workload {
        config: pb::GameConfig {
            game: Some(game),
            presence: args.presence.then(pb::PresenceConfig::default),
            ..Default::default()
        },
        by_column,
        key: args.key.clone(),
        pace: Duration::from_millis(args.move_every),
        accept_gzip: args.accept_gzip,
        move_view: if args.full_answers { pb::SubmitMoveView::Full } else { pb::SubmitMoveView::Basic },
        spectator_views: args.spectator_views,
    })
}

/// Runs the benchmark `args` describe and prints its report.
pub async fn run(args: BenchArgs) -> Result<(), Box<dyn std::error::Error>> {
    if let Some(players) = args.swiss_players {
        let rounds = args.swiss_rounds;
        let paired = tokio::task::spawn_blocking(move || swiss::run(players, rounds)).await?;
        return paired.map_err(|error| -> Box<dyn std::error::Error> { error });
    }
    let workload = workload(&args)?;
    let target = match &args.address {
        Some(address) => Target::external(address),
        None => Target::spawn(&args.store, args.replicas, &args.server_args)?,
    };
    eprintln!("benchmarking {}", target.description);
    let channels = target.connect(args.connections).await?;
    let play_time = Duration::from_secs(args.seconds.max(1));
    let ceiling_time = (play_time / 2).max(Duration::from_secs(2));

    // The ceiling is measured before the games and again after them, and the ratios are to
    // the mean of the two: on a shared machine either measurement alone may catch a lull.
    eprintln!("measuring the ceiling: Health.Check for {} s", ceiling_time.as_secs());
    let cpu_before_ceiling = target.cpu_seconds();
    let (ceiling_before, ceiling_calls) = load::ceiling(&channels, ceiling_time, args.accept_gzip).await?;
    let cpu_ceiling = target.cpu_seconds().zip(cpu_before_ceiling).map(|(after, before)| after - before);

    let before_games = target.resident_kib();
    eprintln!(
        "playing {} games at once for {} s, {} spectators each",
        args.games,
        play_time.as_secs(),
        args.subscribers
    );
    // Spectators get connections of their own, at most STREAMS_PER_CONNECTION streams each.
    let watching = target.connect((args.games * args.subscribers).div_ceil(STREAMS_PER_CONNECTION)).await?;
    let owners_watching = target.connect(args.owner_subscribers.div_ceil(STREAMS_PER_CONNECTION)).await?;
    let owners_until = Instant::now() + play_time + Duration::from_secs(1);
    let mut owner_followers = tokio::task::JoinSet::new();
    for index in 0..args.owner_subscribers {
        let channel = owners_watching[index % owners_watching.len()].clone();
        owner_followers.spawn(load::follow_owner(channel, workload.clone(), owners_until));
    }
    let cpu_before_games = target.cpu_seconds();
    let mut played = load::play(&workload, &channels, &watching, args.games, args.subscribers, play_time).await?;
    let mut owner_deliveries = stats::Latencies::default();
    while let Some(followed) = owner_followers.join_next().await {
        owner_deliveries.extend(&followed?);
    }
    let cpu_games = target.cpu_seconds().zip(cpu_before_games).map(|(after, before)| after - before);
    let after_games = target.resident_kib();
    eprintln!("measuring the ceiling again: Health.Check for {} s", ceiling_time.as_secs());
    let (ceiling_after, _) = load::ceiling(&channels, ceiling_time, args.accept_gzip).await?;
    let ceiling = (ceiling_before + ceiling_after) / 2.0;

    let idle = if args.idle_games > 0 && before_games.is_some() {
        let small = Workload {
            config: pb::GameConfig {
                game: Some(pb::game_config::Game::TicTacToe(pb::TicTacToeConfig::default())),
                ..Default::default()
            },
            ..workload.clone()
        };
        let before = target.resident_kib();
        eprintln!("holding {} idle games", args.idle_games);
        load::idle_games(&small, &channels, args.idle_games).await?;
        let after = target.resident_kib();
        before.zip(after).map(|(before, after)| after.saturating_sub(before) as f64 * 1024.0 / args.idle_games as f64)
    } else {
        None
    };

    let moves_per_second = played.moves as f64 / played.elapsed.as_secs_f64();
    writeln!(stdout(), "target: {}", target.description)?;
    let pace = match args.move_every {
        0 => String::new(),
        ms => format!(", a move every {ms} ms a game"),
    };
    writeln!(
        stdout(),
        "load: {} {} games at once, {} spectators each (views: {:?}), {} connections, {} s{pace}, {} answers",
        args.games,
        args.kind,
        args.subscribers,
        args.spectator_views,
        args.connections,
        played.elapsed.as_secs(),
        if args.full_answers { "full" } else { "basic" }
    )?;
    writeln!(
        stdout(),
        "Health.Check ceiling: {} calls/s (mean of {} before the games and {} after)",
        grouped(ceiling as u64),
        grouped(ceiling_before as u64),
        grouped(ceiling_after as u64)
    )?;
    writeln!(
        stdout(),
        "SubmitMove: {} moves/s ({:.3}× the ceiling); {} moves in {} games",
        grouped(moves_per_second as u64),
        moves_per_second / ceiling,
        grouped(played.moves),
        grouped(played.games)
    )?;
    writeln!(stdout(), "SubmitMove latency: {}", played.submit.summary())?;
    if let (Some(games), Some(ceiling)) = (cpu_games, cpu_ceiling) {
        let per = |seconds: f64, count: u64| seconds * 1e6 / count.max(1) as f64;
        writeln!(
            stdout(),
            "server CPU: {:.0} µs a move, its deliveries and the games' creation included; {:.0} µs a \
             Health.Check call{}",
            per(games, played.moves),
            per(ceiling, ceiling_calls),
            if args.accept_gzip { " (clients accepting gzip)" } else { "" }
        )?;
    }
    if args.subscribers > 0 {
        writeln!(
            stdout(),
            "submit to delivery: {} ({} deliveries)",
            played.delivery.summary(),
            grouped(played.delivery.len() as u64)
        )?;
    }
    if args.owner_subscribers > 0 {
        writeln!(
            stdout(),
            "owner's streams: {} following every game; event to delivery {} ({} deliveries; from the \
             event's time, whole milliseconds)",
            args.owner_subscribers,
            owner_deliveries.summary(),
            grouped(owner_deliveries.len() as u64)
        )?;
    }
    let by_ply: Vec<String> = played
        .submit_by_ply
        .iter_mut()
        .enumerate()
        .filter(|(_, latencies)| !latencies.is_empty())
        .map(|(bucket, latencies)| {
            let p50 = latencies.percentile(50.0).map_or_else(|| "-".to_owned(), millis);
            format!("{}–{}: {p50}", bucket * PLY_BUCKET, (bucket + 1) * PLY_BUCKET - 1)
        })
        .collect();
    writeln!(stdout(), "SubmitMove p50 by moves already played: {}", by_ply.join("; "))?;
    if let (Some(before), Some(after)) = (before_games, after_games) {
        writeln!(
            stdout(),
            "server memory: {} KiB resident after the games ({} KiB before them)",
            grouped(after),
            grouped(before)
        )?;
    }
    if let Some(per_game) = idle {
        writeln!(
            stdout(),
            "idle games: {per_game:.0} bytes resident each ({} games of 3×3, two moves each)",
            grouped(args.idle_games as u64)
        )?;
    }
    Ok(())
}
