//! What a benchmark drives: servers it starts itself (the running binary, `tabula serve`,
//! on a store of its choosing), or one already running at an address.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use tonic::transport::{Channel, Endpoint};

/// The servers under test.
pub struct Target {
    /// Each server's address, `http://HOST:PORT`.
    pub addresses: Vec<String>,
    /// The servers this benchmark started, killed when it ends.
    children: Vec<Child>,
    /// Keeps a temporary SQLite file alive for the run.
    _scratch: Option<tempfile::TempDir>,
    /// What the report says the target was.
    pub description: String,
}

impl Target {
    /// A server already running at `address`.
    pub fn external(address: &str) -> Target {
        let address = if address.contains("://") { address.to_owned() } else { format!("http://{address}") };
        Target {
            description: format!("the server at {address}"),
            addresses: vec![address],
            children: Vec::new(),
            _scratch: None,
        }
    }

    /// `replicas` servers started from this binary on `store`: `memory`, `sqlite` (a new
    /// file in a temporary folder), `sqlite:FILE` or a `postgres://` URL, each with `extra`
    /// arguments.
    pub fn spawn(store: &str, replicas: usize, extra: &[String]) -> Result<Target, String> {
        let (address, scratch) = match store {
            "memory" => ("memory".to_owned(), None),
            "sqlite" => {
                let dir = tempfile::tempdir().map_err(|e| format!("cannot make a temporary folder: {e}"))?;
                (format!("sqlite:{}", dir.path().join("bench.db").display()), Some(dir))
            }
            // A file of the caller's, kept: to measure on a store that already holds much.
            url if url.starts_with("sqlite:") => (url.to_owned(), None),
            url if url.starts_with("postgres://") || url.starts_with("postgresql://") => (url.to_owned(), None),
            other => {
                return Err(format!("--store {other:?}: expected memory, sqlite, sqlite:FILE or a postgres:// URL"));
            }
        };
        if replicas > 1 && !address.starts_with("postgres") {
            return Err("several replicas need a PostgreSQL store (--store postgres://…)".into());
        }
        let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
        let mut children = Vec::new();
        let mut addresses = Vec::new();
        for _ in 0..replicas.max(1) {
            let mut child = Command::new(&exe)
                .args(["serve", "--listen", "127.0.0.1:0", "--store", &address])
                .args(extra)
                .env("RUST_LOG", "warn")
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .map_err(|e| format!("cannot start {}: {e}", exe.display()))?;
            let mut line = String::new();
            let stdout = child.stdout.take().expect("stdout is piped");
            BufReader::new(stdout).read_line(&mut line).map_err(|e| format!("the server said nothing: {e}"))?;
            let bound =
                line.trim().strip_prefix("listening on ").ok_or_else(|| format!("the server printed {line:?}"))?;
            addresses.push(format!("http://{bound}"));
            children.push(child);
        }
        let kind = if store.starts_with("postgres") { "postgres" } else { store };
        let description = format!(
            "tabula serve --store {kind}, {} replica{}",
            children.len(),
            if children.len() == 1 { "" } else { "s" }
        );
        Ok(Target { addresses, children, _scratch: scratch, description })
    }

    /// `count` connections, spread over the servers.
    pub async fn connect(&self, count: usize) -> Result<Vec<Channel>, String> {
        let mut channels = Vec::new();
        for index in 0..count.max(1) {
            let address = &self.addresses[index % self.addresses.len()];
            let endpoint = Endpoint::from_shared(address.clone()).map_err(|e| format!("{address}: {e}"))?;
            channels.push(endpoint.connect().await.map_err(|e| format!("cannot connect to {address}: {e}"))?);
        }
        Ok(channels)
    }

    /// The resident memory of the servers this benchmark started, in KiB, summed; `None`
    /// for a server elsewhere.
    pub fn resident_kib(&self) -> Option<u64> {
        self.sum_over_servers("status", |status| {
            let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
            line.split_whitespace().nth(1)?.parse().ok()
        })
    }

    /// The CPU time the servers this benchmark started have used so far, user and system,
    /// from `/proc`; `None` for a server it did not start.
    pub fn cpu_seconds(&self) -> Option<f64> {
        let ticks = self.sum_over_servers("stat", |stat| {
            // Fields after the command name, which may hold spaces, in parentheses: utime
            // and stime are the 14th and 15th of the whole line.
            let fields: Vec<&str> = stat[stat.rfind(')')? + 2..].split_whitespace().collect();
            Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
        })?;
        Some(ticks as f64 / CLOCK_TICKS_PER_SECOND)
    }

    /// `figure` read from `/proc/PID/{file}` of each server this benchmark started, summed;
    /// `None` when it started none or a figure cannot be read.
    fn sum_over_servers(&self, file: &str, figure: impl Fn(&str) -> Option<u64>) -> Option<u64> {
        if self.children.is_empty() {
            return None;
        }
        let mut total = 0;
        for child in &self.children {
            total += figure(&std::fs::read_to_string(format!("/proc/{}/{file}", child.id())).ok()?)?;
        }
        Some(total)
    }
}

/// `/proc`'s unit of CPU time (`USER_HZ`), 100 on every Linux the server runs on.
const CLOCK_TICKS_PER_SECOND: f64 = 100.0;

impl Drop for Target {
    fn drop(&mut self) {
        for child in &mut self.children {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}
