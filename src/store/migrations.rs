//! The two SQL schemas' migrations, compiled into the binary from `migrations/`.
//!
//! `sqlx::migrate!` would embed them alike, but its procedural macro compiles a second copy
//! of sqlx, tokio and rustls for the compiler's host (32 more build units, some 30 s of
//! CPU in a fresh build). Each migration here is what sqlx reads from the folder at run time (same
//! version, description and checksum, so databases migrated by either agree); a test
//! holds the list to the folder.

use std::borrow::Cow;
use std::sync::LazyLock;

use sqlx::SqlStr;
use sqlx::migrate::{Migration, MigrationType, Migrator};

/// The two schemas' statics from one list of versions and file names
/// (`migrations/<schema>/<file>.sql`): both schemas have the same versions, each its own SQL.
macro_rules! schemas {
    ($($version:literal $file:literal),+ $(,)?) => {
        /// The SQLite schema's versions, applied in order when the store opens.
        pub static SQLITE: LazyLock<Migrator> = LazyLock::new(|| {
            Migrator::with_migrations(vec![$(migration(
                $version,
                $file,
                include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/sqlite/", $file, ".sql")),
            )),+])
        });

        /// The PostgreSQL schema's versions, applied in order when a replica opens the store.
        pub static POSTGRES: LazyLock<Migrator> = LazyLock::new(|| {
            Migrator::with_migrations(vec![$(migration(
                $version,
                $file,
                include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/postgres/", $file, ".sql")),
            )),+])
        });
    };
}

schemas! {
    1 "0001_initial",
    2 "0002_access_snapshots_requests",
    3 "0003_request_digest",
    4 "0004_creation_request",
    5 "0005_bot_seats",
    6 "0006_allow_hints",
    7 "0007_clocks",
    8 "0008_saved_configs",
    9 "0009_players_and_series",
    10 "0010_checkpoints_and_reissues",
    11 "0011_labels",
    12 "0012_rematches",
    13 "0013_owner_logs",
    14 "0014_start_time",
    15 "0015_presence",
    16 "0016_spectator_delay",
    17 "0017_owner_moves",
    18 "0018_ratings",
    19 "0019_tournaments",
    20 "0020_faulted",
}

/// One migration as sqlx's folder source makes it: the description is the file's name
/// after the version, underscores read as spaces; a file opening with `-- no-transaction`
/// runs outside a transaction.
fn migration(version: i64, file: &'static str, sql: &'static str) -> Migration {
    let description = file.split_once('_').map_or(file, |(_, name)| name).replace('_', " ");
    let no_tx = sql.starts_with("-- no-transaction");
    Migration::new(version, Cow::Owned(description), MigrationType::Simple, SqlStr::from_static(sql), no_tx)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    /// Version, description, checksum and transaction mode of each migration.
    fn summary(migrator: &Migrator) -> Vec<(i64, String, Vec<u8>, bool)> {
        migrator.iter().map(|m| (m.version, m.description.to_string(), m.checksum.to_vec(), m.no_tx)).collect()
    }

    #[tokio::test]
    async fn the_embedded_migrations_are_the_folders_as_sqlx_reads_them() {
        for (dir, embedded) in [("sqlite", &*SQLITE), ("postgres", &*POSTGRES)] {
            let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations").join(dir);
            let read = Migrator::new(folder.as_path()).await.unwrap();
            assert_eq!(summary(embedded), summary(&read), "migrations/{dir} and the list in migrations.rs differ");
        }
    }
}
