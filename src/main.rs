//! The `tabula` command: run the server, move games between stores, count game trees,
//! solve puzzles.

mod cli;

use std::net::SocketAddr;

use clap::{Parser, Subcommand};
use tokio::net::TcpListener;
use tracing_subscriber::EnvFilter;

use tabula::service::ServeOptions;

/// Tabula hosts turn-based board games over gRPC and is the single authority on their rules.
#[derive(Parser, Debug)]
#[command(name = "tabula", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run the gRPC server (tabula.v1.GameService, grpc.health.v1, server reflection).
    Serve(ServeArgs),
    /// Count the leaves of a game tree to a depth (chess or Othello), to check the rules.
    Perft(cli::perft::PerftArgs),
    /// Solve a puzzle from its start.
    #[command(subcommand)]
    Solve(cli::solve::SolveCommand),
    /// Print one stored game (configuration and whole log) as a JSON document.
    Export(cli::games::ExportArgs),
    /// Add a game exported by `tabula export` to a store.
    Import(cli::games::ImportArgs),
}

#[derive(clap::Args, Debug)]
struct ServeArgs {
    /// Address to listen on; port 0 picks a free port. The bound address is printed on
    /// standard output as `listening on ADDR`.
    #[arg(long, env = "TABULA_LISTEN", default_value = "127.0.0.1:50051")]
    listen: SocketAddr,
    #[command(flatten)]
    store: cli::games::StoreArg,
}

fn main() -> std::process::ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")))
        .with_writer(std::io::stderr)
        .init();
    match run(Cli::parse()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<(), Box<dyn std::error::Error>> {
    match cli.command {
        Command::Serve(args) => tokio::runtime::Runtime::new()?.block_on(serve(args)),
        Command::Perft(args) => cli::perft::run(args).map_err(Into::into),
        Command::Solve(command) => cli::solve::run(command).map_err(Into::into),
        Command::Export(args) => tokio::runtime::Runtime::new()?.block_on(cli::games::export(args)),
        Command::Import(args) => tokio::runtime::Runtime::new()?.block_on(cli::games::import(args)),
    }
}

async fn serve(args: ServeArgs) -> Result<(), Box<dyn std::error::Error>> {
    let store = args.store.open().await?;
    let listener = TcpListener::bind(args.listen).await?;
    let address = listener.local_addr()?;
    println!("listening on {address}");
    tracing::info!(%address, "serving tabula.v1.GameService");
    tabula::service::serve(listener, store, ServeOptions::default(), shutdown_signal()).await?;
    tracing::info!("stopped");
    Ok(())
}

/// Completes on SIGINT or SIGTERM.
async fn shutdown_signal() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut terminate =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).expect("a SIGTERM handler");
        tokio::select! {
            _ = interrupt => {}
            _ = terminate.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = interrupt.await;
}
