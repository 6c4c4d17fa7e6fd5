//! The `tabula` command: run the server, move games between stores, replay a stored game,
//! count game trees, solve puzzles, analyse positions, tune the chess evaluation, play chess
//! over UCI, and play or watch a game in a terminal.

mod cli;

use clap::{Parser, Subcommand};

use cli::telemetry::{LogFormat, Telemetry};

// The server allocates and frees many small buffers per call (requests, views, encodings)
// on every worker thread; mimalloc's per-thread pages serve that pattern much faster than
// the system allocator (`tabula bench` shows the difference).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Tabula hosts turn-based board games over gRPC and is the single authority on their rules.
#[derive(Parser, Debug)]
#[command(name = "tabula", version, about, long_about = None)]
struct Cli {
    /// How log lines are written to standard error: `text` for people (coloured only on a
    /// terminal), `json` for log collectors (one object a line, each event's fields, such
    /// as `game_id`, as keys). Levels come from `RUST_LOG` (default `info`).
    #[arg(long, global = true, env = "TABULA_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run the gRPC server (tabula.v1.GameService, grpc.health.v1, server reflection).
    Serve(Box<cli::serve::ServeArgs>),
    /// Count the leaves of any kind's game tree to a depth, to hold its rules against published counts.
    Perft(cli::perft::PerftArgs),
    /// Solve a puzzle from its start, or Connect Four and Reversi positions exactly.
    #[command(subcommand)]
    Solve(cli::solve::SolveCommand),
    /// The engine's line for a position of any game: the move it suggests, the replies it
    /// expects, and its score (exact where it proves it).
    Analyse(cli::analyse::AnalyseArgs),
    /// Print one stored game (configuration and whole log) as a JSON document.
    Export(cli::games::ExportArgs),
    /// Add a game exported by `tabula export` to a store.
    Import(cli::games::ImportArgs),
    /// Print a stored game event by event, each move with the board after it, as a
    /// spectator (or one seat, `--seat`) saw it.
    Replay(cli::replay::ReplayArgs),
    /// Fit the chess evaluation's weights to the results of the engine's games against
    /// itself: play the games, then tune.
    #[command(subcommand)]
    Tune(cli::tune::TuneCommand),
    /// Play chess as a UCI engine on standard input and output (for chess GUIs and match
    /// tools): uci, isready, setoption (Hash, Level, UCI_Chess960), ucinewgame, position,
    /// go (movetime, wtime/btime/winc/binc/movestogo, depth, nodes, infinite), stop, quit.
    Uci,
    /// A load benchmark over real sockets: start the server (or name one with --address),
    /// measure its Health.Check ceiling, play games at once with spectators following, and
    /// report moves/s, latencies and memory, each against the ceiling.
    Bench(Box<cli::bench::BenchArgs>),
    /// Play a game in this terminal, through the gRPC contract: against the server's bot
    /// (--vs bot[:LEVEL]) or both seats in turn, the board drawn after every move.
    Play(cli::terminal::PlayArgs),
    /// Follow a game live as a spectator, its board drawn after every event, until it ends.
    Watch(cli::terminal::WatchArgs),
    /// Play one seat of a game created elsewhere, with that seat's token.
    Join(cli::terminal::JoinArgs),
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let finish = |result: Result<(), Box<dyn std::error::Error>>| match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) if reader_left(error.as_ref()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            std::process::ExitCode::FAILURE
        }
    };
    // Only the commands that reach a store or the network run on Tokio: the rest (the
    // rules tools and the UCI engine) start no runtime and its threads.
    let runtime = match cli.command.runs_on_tokio().then(tokio::runtime::Runtime::new).transpose() {
        Ok(runtime) => runtime,
        Err(error) => return finish(Err(error.into())),
    };
    // The trace exporter's connection lives on this runtime.
    let _entered = runtime.as_ref().map(tokio::runtime::Runtime::enter);
    let otlp_endpoint = match &cli.command {
        Command::Serve(args) => args.otlp_endpoint(),
        _ => None,
    };
    let telemetry = match Telemetry::install(cli.log_format, otlp_endpoint) {
        Ok(telemetry) => telemetry,
        Err(error) => return finish(Err(error.into())),
    };
    let result = run(cli, runtime.as_ref(), telemetry.exports_traces());
    telemetry.shutdown();
    finish(result)
}

/// Whether `error` is standard output's reader having gone, as `head` goes once it has its
/// lines (`tabula solve connect-four < positions | head -1`): the command has no one left
/// to tell anything, which is no failure. The commands write their output with `writeln!`
/// and pass its error up here, where `println!` would panic. Restoring SIGPIPE's default
/// action instead would take `unsafe`, and would let a write to a connection the server
/// dropped kill a terminal client that should reconnect.
fn reader_left(error: &(dyn std::error::Error + 'static)) -> bool {
    error.downcast_ref::<std::io::Error>().is_some_and(|error| error.kind() == std::io::ErrorKind::BrokenPipe)
}

impl Command {
    /// Whether the command needs a Tokio runtime.
    fn runs_on_tokio(&self) -> bool {
        !matches!(self, Command::Perft(_) | Command::Solve(_) | Command::Analyse(_) | Command::Tune(_) | Command::Uci)
    }
}

fn run(cli: Cli, runtime: Option<&tokio::runtime::Runtime>, traces: bool) -> Result<(), Box<dyn std::error::Error>> {
    let tokio = || runtime.expect("every command that runs on Tokio is given a runtime");
    match cli.command {
        Command::Perft(args) => cli::perft::run(args),
        Command::Solve(command) => cli::solve::run(command),
        Command::Analyse(args) => cli::analyse::run(args),
        Command::Tune(command) => cli::tune::run(command),
        Command::Uci => cli::uci::run().map_err(Into::into),
        Command::Serve(args) => tokio().block_on(cli::serve::serve(*args, traces)),
        Command::Export(args) => tokio().block_on(cli::games::export(args)),
        Command::Import(args) => tokio().block_on(cli::games::import(args)),
        Command::Replay(args) => tokio().block_on(cli::replay::run(args)),
        Command::Bench(args) => tokio().block_on(cli::bench::run(*args)),
        Command::Play(args) => tokio().block_on(cli::terminal::play(args)),
        Command::Watch(args) => tokio().block_on(cli::terminal::watch(args)),
        Command::Join(args) => tokio().block_on(cli::terminal::join(args)),
    }
}
