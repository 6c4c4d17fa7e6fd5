//! `tabula export` and `tabula import`: one game as a JSON document, so that games
//! survive a change of store.

use std::io::{Write, stdout};
use std::path::PathBuf;
use std::sync::Arc;

use tabula::store::document::{self, GameDocument};
use tabula::store::{DEFAULT_STORE, Store};

/// Where games are kept.
#[derive(clap::Args, Debug)]
pub struct StoreArg {
    /// The store: `sqlite:PATH` (one file, created if missing; the default), `postgres://USER:PASSWORD@HOST/DB`
    /// (shared by several replicas), or `memory` (nothing survives a restart).
    #[arg(long = "store", env = "TABULA_STORE", default_value = DEFAULT_STORE)]
    pub address: String,
}

impl StoreArg {
    /// Opens the store, bringing its schema up to date.
    pub async fn open(&self) -> Result<Arc<dyn Store>, Box<dyn std::error::Error>> {
        // The address may hold a password: only its kind is logged.
        let kind = self.address.split(':').next().unwrap_or_default();
        tracing::info!(store = kind, "opening the game store");
        Ok(tabula::store::open(&self.address).await?)
    }
}

/// Arguments of `tabula export`.
#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// The game's id.
    pub game_id: String,
    #[command(flatten)]
    pub store: StoreArg,
    /// Write the document here instead of standard output.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
}

/// Arguments of `tabula import`.
#[derive(clap::Args, Debug)]
pub struct ImportArgs {
    /// A document written by `tabula export`; `-` reads standard input.
    pub file: PathBuf,
    #[command(flatten)]
    pub store: StoreArg,
}

/// Runs `tabula export`.
pub async fn export(args: ExportArgs) -> Result<(), Box<dyn std::error::Error>> {
    let store = args.store.open().await?;
    let json = document::export(store.as_ref(), &args.game_id).await?.to_json();
    match args.output {
        Some(path) => std::fs::write(&path, json + "\n")?,
        None => writeln!(stdout(), "{json}")?,
    }
    Ok(())
}

/// Runs `tabula import`.
pub async fn import(args: ImportArgs) -> Result<(), Box<dyn std::error::Error>> {
    let text = if args.file.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin())?
    } else {
        std::fs::read_to_string(&args.file)?
    };
    let document = GameDocument::from_json(&text)?;
    let store = args.store.open().await?;
    let record = document::import(store.as_ref(), document).await?;
    writeln!(stdout(), "imported game {} ({} events)", record.id, record.seq)?;
    Ok(())
}
