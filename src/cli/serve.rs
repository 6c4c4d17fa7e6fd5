//! `tabula serve`: its flags, and running the server until SIGINT or SIGTERM.

use std::io::Write;
use std::net::SocketAddr;
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::time::Duration;

use tokio::net::TcpListener;

use tabula::play::{CacheLimits, MAX_EVENTS_PER_GAME};
use tabula::service::{
    Authenticator, ConnectionLimits, GameLimits, JwtVerifier, Limits, MAX_MESSAGE_BYTES, RateLimit, ServeOptions,
    ServiceKeys, TlsIdentity, allowed_hosts, check_exposure,
};

#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on; port 0 picks a free port. The bound address is printed on
    /// standard output as `listening on ADDR`.
    #[arg(long, env = "TABULA_LISTEN", default_value = "127.0.0.1:50051")]
    listen: SocketAddr,
    #[command(flatten)]
    store: super::games::StoreArg,

    /// Serve Prometheus metrics over HTTP at `http://ADDR/metrics` (port 0 picks a free
    /// port; the bound address is printed as `metrics on ADDR`). Off by default.
    #[arg(long, value_name = "ADDR", env = "TABULA_METRICS_LISTEN")]
    metrics_listen: Option<SocketAddr>,

    /// Serve neither the web page nor gRPC-web: gRPC alone, over HTTP/2 alone. By default
    /// the port also answers HTTP/1.1, with the page at `/` and gRPC-web for it.
    #[arg(long, env = "TABULA_NO_WEB")]
    no_web: bool,

    /// Gzip-compress a unary answer for a client that accepts gzip only from this many
    /// encoded bytes (0: every answer). Smaller answers, and event streams always, go
    /// uncompressed: most clients accept gzip on every call, and compressing a small
    /// answer costs both sides more than it saves.
    #[arg(long, value_name = "BYTES", default_value_t = tabula::service::compression::COMPRESSED_FROM_BYTES, env = "TABULA_COMPRESS_FROM")]
    compress_from: usize,

    /// Send each call's span (method, game, caller, status) to an OpenTelemetry collector
    /// over OTLP/gRPC at this URL, for example `http://127.0.0.1:4317`; a caller's W3C
    /// `traceparent` header makes the span a child of the caller's. Off by default.
    #[arg(long, value_name = "URL", env = "TABULA_OTLP_ENDPOINT")]
    otlp_endpoint: Option<String>,

    /// A service key of the managing backend, as NAME=SECRET (secret of 16 or more printable
    /// characters); repeat for several (rotation). Without any, only loopback is served.
    #[arg(
        long = "service-key",
        value_name = "NAME=SECRET",
        env = "TABULA_SERVICE_KEYS",
        value_delimiter = ',',
        hide_env_values = true
    )]
    service_keys: Vec<String>,

    /// A file of service keys, one NAME=SECRET per line (# starts a comment); keeps the
    /// secrets out of the process list.
    #[arg(long, value_name = "FILE", env = "TABULA_SERVICE_KEYS_FILE")]
    service_keys_file: Option<PathBuf>,

    /// An Ed25519 public key (PEM) that lobbies sign seat credentials (JWTs, EdDSA) with.
    #[arg(long, value_name = "FILE", env = "TABULA_JWT_KEY", requires_all = ["jwt_issuer", "jwt_audience"])]
    jwt_key: Option<PathBuf>,

    /// The `iss` claim a seat credential must carry.
    #[arg(long, env = "TABULA_JWT_ISSUER", requires = "jwt_key")]
    jwt_issuer: Option<String>,

    /// The `aud` claim a seat credential must carry.
    #[arg(long, env = "TABULA_JWT_AUDIENCE", requires = "jwt_key")]
    jwt_audience: Option<String>,

    /// Serve over TLS with this certificate chain (PEM).
    #[arg(long, value_name = "FILE", env = "TABULA_TLS_CERT", requires = "tls_key")]
    tls_cert: Option<PathBuf>,

    /// The private key (PEM) of --tls-cert.
    #[arg(long, value_name = "FILE", env = "TABULA_TLS_KEY", requires = "tls_cert")]
    tls_key: Option<PathBuf>,

    /// Calls per second each credential (or, without one, each address) may make,
    /// sustained; 0 (the default) leaves calls unlimited.
    #[arg(long, env = "TABULA_RATE_LIMIT", default_value_t = 0)]
    rate_limit: u32,

    /// Calls a credential may make at once after a quiet spell.
    #[arg(long, env = "TABULA_RATE_BURST", default_value_t = 1000)]
    rate_burst: u32,

    /// Largest request or response message, in bytes.
    #[arg(long, env = "TABULA_MAX_MESSAGE_BYTES", default_value_t = MAX_MESSAGE_BYTES)]
    max_message_bytes: usize,

    /// Calls and streams one connection may have open at once.
    #[arg(long, env = "TABULA_MAX_STREAMS_PER_CONNECTION", default_value_t = ConnectionLimits::default().max_streams)]
    max_streams_per_connection: u32,

    /// Connections open at once, in all; lowered to leave the process's open-file limit
    /// (raised to its hard limit at start) room for its own files. Beyond, a new connection
    /// is closed at once.
    #[arg(long, env = "TABULA_MAX_CONNECTIONS", default_value_t = ConnectionLimits::default().max_connections)]
    max_connections: usize,

    /// Connections open at once from one peer address. Beyond, a new one from that address
    /// is closed at once, so one address cannot take every connection.
    #[arg(
        long,
        env = "TABULA_MAX_CONNECTIONS_PER_ADDRESS",
        default_value_t = ConnectionLimits::default().max_per_address
    )]
    max_connections_per_address: usize,

    /// Seconds a connection has to finish its handshakes and send its first call's headers
    /// (over HTTP/1.1, each request's headers), or it is closed.
    #[arg(long, env = "TABULA_HANDSHAKE_TIMEOUT", default_value_t = ConnectionLimits::default().handshake.as_secs())]
    handshake_timeout: u64,

    /// Seconds a connection with no call in flight stays open.
    #[arg(long, env = "TABULA_IDLE_TIMEOUT", default_value_t = ConnectionLimits::default().idle.as_secs())]
    idle_timeout: u64,

    /// A host name requests may name besides localhost and loopback addresses, for a server
    /// on loopback without service keys (which answers no other, against DNS rebinding);
    /// repeat for several, or `*` for any.
    #[arg(long = "allowed-host", value_name = "NAME", env = "TABULA_ALLOWED_HOSTS", value_delimiter = ',')]
    allowed_hosts: Vec<String>,

    /// Events one game's log may hold (moves, takebacks and clock changes alike); past it,
    /// only what ends the game is taken.
    #[arg(long, env = "TABULA_MAX_EVENTS_PER_GAME", default_value_t = MAX_EVENTS_PER_GAME)]
    max_events_per_game: u64,

    /// Event streams one game may have open at once.
    #[arg(long, env = "TABULA_MAX_STREAMS_PER_GAME", default_value_t = GameLimits::default().max_streams_per_game)]
    max_streams_per_game: usize,

    /// Games in progress one service key may have.
    #[arg(long, env = "TABULA_MAX_GAMES_PER_KEY", default_value_t = GameLimits::default().max_games_per_key)]
    max_games_per_key: u64,

    /// Longest a call may run, in seconds (a client's shorter deadline wins).
    #[arg(long, env = "TABULA_CALL_TIMEOUT", default_value_t = Limits::default().longest_call.as_secs())]
    call_timeout: u64,

    /// Threads for searches (hints): searches that may run at once, each on a thread of
    /// its own, more refused with SEARCH_BUSY; an analysis also takes the threads free
    /// when it starts, up to half of them (Connect Four's solver shares its work between
    /// them). Defaults to half the processors.
    #[arg(long, env = "TABULA_SEARCH_THREADS", default_value_t = Limits::default().search_threads)]
    search_threads: usize,

    /// Bots (the server's engine in a seat) that may think at once, each on a thread of its
    /// own; more wait for a place, and a bot still waiting when its time is up plays its
    /// quickest move. Defaults to half the processors.
    #[arg(long, env = "TABULA_BOT_THREADS", default_value_t = Limits::default().bot_threads)]
    bot_threads: usize,

    /// Games kept in memory, most recently used first; idle games beyond it are dropped
    /// and reload from the store when next used.
    #[arg(long, env = "TABULA_CACHED_GAMES", default_value_t = CacheLimits::default().games)]
    cached_games: usize,

    /// Memory the games kept in memory may take, in MiB, each counted by the size of its
    /// state's snapshot plus 2 KiB; idle games beyond it are dropped like those beyond
    /// --cached-games.
    #[arg(long, env = "TABULA_CACHE_MIB", default_value_t = CacheLimits::default().bytes >> 20)]
    cache_mib: usize,

    /// Seconds calls in flight get to finish on SIGTERM or SIGINT.
    #[arg(long, env = "TABULA_SHUTDOWN_GRACE", default_value_t = ServeOptions::default().shutdown_grace.as_secs())]
    shutdown_grace: u64,
}

/// The smallest `--max-message-bytes` that still carries a game's view.
const MIN_MESSAGE_BYTES: usize = 4096;
/// The smallest `--max-events-per-game`: room for any game's opening.
const MIN_EVENTS_PER_GAME: u64 = 100;

/// Whether `host` is no host name `--allowed-host` can take.
fn host_name_problem(host: &str) -> bool {
    host != "*"
        && (host.is_empty() || !host.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-' || b == b'_'))
}

impl ServeArgs {
    /// Every flag value that makes no sense, each as a sentence; empty when all are usable.
    fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let mut refuse = |bad: bool, problem: String| {
            if bad {
                problems.push(problem);
            }
        };
        refuse(
            self.call_timeout == 0,
            "--call-timeout must be at least 1 second: 0 would end every call at once".into(),
        );
        refuse(
            self.max_streams_per_game == 0,
            "--max-streams-per-game must be at least 1: 0 would refuse every event stream".into(),
        );
        refuse(
            self.max_streams_per_connection == 0,
            "--max-streams-per-connection must be at least 1: 0 would refuse every call".into(),
        );
        refuse(self.max_connections == 0, "--max-connections must be at least 1: 0 would refuse everyone".into());
        refuse(
            self.max_connections_per_address == 0,
            "--max-connections-per-address must be at least 1: 0 would refuse everyone".into(),
        );
        refuse(
            self.handshake_timeout == 0,
            "--handshake-timeout must be at least 1 second: 0 would close every connection at once".into(),
        );
        refuse(
            self.idle_timeout == 0,
            "--idle-timeout must be at least 1 second: 0 would close every connection between calls".into(),
        );
        refuse(
            self.max_events_per_game < MIN_EVENTS_PER_GAME,
            format!(
                "--max-events-per-game must be at least {MIN_EVENTS_PER_GAME}: {} would end games before they begin",
                self.max_events_per_game
            ),
        );
        for host in self.allowed_hosts.iter().filter(|host| host_name_problem(host)) {
            refuse(true, format!("--allowed-host {host:?}: not a host name (write it without a scheme or port)"));
        }
        refuse(
            self.max_message_bytes < MIN_MESSAGE_BYTES,
            format!(
                "--max-message-bytes must be at least {MIN_MESSAGE_BYTES}: {} cannot carry a game's view",
                self.max_message_bytes
            ),
        );
        refuse(self.search_threads == 0, "--search-threads must be at least 1: 0 would refuse every hint".into());
        refuse(self.bot_threads == 0, "--bot-threads must be at least 1: 0 would leave every bot unmoved".into());
        refuse(
            self.max_games_per_key == 0,
            "--max-games-per-key must be at least 1: 0 would refuse every new game".into(),
        );
        refuse(
            self.cached_games == 0,
            "--cached-games must be at least 1: 0 would reload every game on every call".into(),
        );
        refuse(self.cache_mib == 0, "--cache-mib must be at least 1: 0 would reload every game on every call".into());
        refuse(
            self.rate_limit > 0 && self.rate_burst == 0,
            "--rate-burst must be at least 1 when --rate-limit is set: 0 would refuse every call".into(),
        );
        if let Some(endpoint) = &self.otlp_endpoint
            && let Some(problem) = collector_url_problem(endpoint)
        {
            problems.push(format!("--otlp-endpoint {endpoint}: {problem}"));
        }
        problems
    }

    /// The collector `--otlp-endpoint` names, when it is one spans can be sent to.
    pub fn otlp_endpoint(&self) -> Option<&str> {
        self.otlp_endpoint.as_deref().filter(|endpoint| collector_url_problem(endpoint).is_none())
    }

    /// The server options these flags ask for, reading the files they name.
    fn options(&self) -> Result<ServeOptions, String> {
        let problems = self.problems();
        if !problems.is_empty() {
            return Err(format!("tabula serve cannot start:\n  - {}", problems.join("\n  - ")));
        }
        let mut service_keys = ServiceKeys::parse(self.service_keys.iter().map(String::as_str))?;
        if let Some(path) = &self.service_keys_file {
            let text = read(path)?;
            service_keys = service_keys.merge(ServiceKeys::parse_file(&String::from_utf8_lossy(&text))?)?;
        }
        let jwt = match (&self.jwt_key, &self.jwt_issuer, &self.jwt_audience) {
            (Some(path), Some(issuer), Some(audience)) => {
                Some(JwtVerifier::from_ed25519_pem(&read(path)?, issuer, audience)?)
            }
            _ => None,
        };
        let tls = match (&self.tls_cert, &self.tls_key) {
            (Some(cert), Some(key)) => Some(TlsIdentity::from_pem(&read(cert)?, &read(key)?)?),
            _ => None,
        };
        let rate_limit = NonZeroU32::new(self.rate_limit).map(|per_second| RateLimit {
            per_second,
            burst: NonZeroU32::new(self.rate_burst).expect("checked above"),
        });
        let connections = ConnectionLimits {
            handshake: Duration::from_secs(self.handshake_timeout),
            idle: Duration::from_secs(self.idle_timeout),
            max_connections: self.max_connections,
            max_per_address: self.max_connections_per_address,
            max_streams: self.max_streams_per_connection,
            ..ConnectionLimits::default()
        };
        let limits = Limits {
            max_message_bytes: self.max_message_bytes,
            connections,
            max_events_per_game: self.max_events_per_game,
            game: GameLimits {
                max_streams_per_game: self.max_streams_per_game,
                max_games_per_key: self.max_games_per_key,
            },
            longest_call: Duration::from_secs(self.call_timeout),
            rate_limit,
            search_threads: self.search_threads,
            bot_threads: self.bot_threads,
        };
        let auth = Authenticator { service_keys, jwt };
        Ok(ServeOptions {
            allowed_hosts: allowed_hosts(self.listen, &auth, &self.allowed_hosts),
            auth,
            limits,
            tls,
            shutdown_grace: Duration::from_secs(self.shutdown_grace),
            call_metrics: self.metrics_listen.is_some(),
            web: !self.no_web,
            compressed_from_bytes: self.compress_from,
            cache: CacheLimits { games: self.cached_games, bytes: self.cache_mib.saturating_mul(1 << 20) },
            ..ServeOptions::default()
        })
    }
}

/// What is wrong with `url` as a collector's address, if anything.
fn collector_url_problem(url: &str) -> Option<&'static str> {
    match url.parse::<tonic::transport::Uri>() {
        Err(_) => Some("not a URL; write it like http://127.0.0.1:4317"),
        Ok(uri) if !matches!(uri.scheme_str(), Some("http" | "https")) => {
            Some("the URL must start with http:// or https://")
        }
        Ok(uri) if uri.host().is_none_or(str::is_empty) => Some("the URL names no host"),
        Ok(_) => None,
    }
}

fn read(path: &PathBuf) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Runs `tabula serve`; `traces` says whether call spans are exported (their callers'
/// trace context is then read).
pub async fn serve(args: ServeArgs, traces: bool) -> Result<(), Box<dyn std::error::Error>> {
    let mut options = ServeOptions { call_traces: traces, ..args.options()? };
    check_exposure(args.listen, &options)?;
    // Every connection is a file: take all the process may have, and keep room for its own.
    let open_files = rlimit::increase_nofile_limit(u64::MAX)?;
    options.limits.connections = options.limits.connections.within_open_files(open_files);
    let shutdown = shutdown_signal()?;
    // The recorder first: the store registers its own metrics as it opens.
    let recorder = args.metrics_listen.map(|_| tabula::service::metrics::install()).transpose()?;
    let store = args.store.open().await?;
    let listener = TcpListener::bind(args.listen).await?;
    let address = listener.local_addr()?;
    if !address.ip().is_loopback() && options.tls.is_none() {
        tracing::warn!(%address, "serving beyond loopback without TLS: credentials cross the network in the clear; use --tls-cert and --tls-key");
    }
    let keys: Vec<&str> = options.auth.service_keys.names().collect();
    tracing::info!(%address, tls = options.tls.is_some(), service_keys = ?keys, signed_seat_credentials = options.auth.jwt.is_some(), "serving tabula.v1.GameService");
    let connections = options.limits.connections;
    tracing::info!(
        open_files,
        max_connections = connections.max_connections,
        max_per_address = connections.max_per_address,
        "connections bounded"
    );
    announce(&format!("listening on {address}"));
    if options.web {
        let scheme = if options.tls.is_some() { "https" } else { "http" };
        tracing::info!("the web page is at {scheme}://{address}/");
    }
    let metrics = match args.metrics_listen.zip(recorder) {
        Some((metrics_address, handle)) => {
            let metrics_listener = TcpListener::bind(metrics_address).await?;
            let bound = metrics_listener.local_addr()?;
            tracing::info!(address = %bound, "serving Prometheus metrics at /metrics");
            announce(&format!("metrics on {bound}"));
            Some((metrics_listener, handle))
        }
        None => None,
    };
    tabula::service::serve_with_metrics(listener, store, options, metrics, shutdown).await?;
    tracing::info!("stopped");
    Ok(())
}

/// Prints `line` for whoever started the server, such as a script waiting for the address
/// it bound. One that has read what it needed and closed the pipe does not stop the server.
fn announce(line: &str) {
    let _ = writeln!(std::io::stdout(), "{line}");
}

/// Completes on SIGINT or SIGTERM. The handlers are installed at once, before the
/// address is announced, so a signal sent as soon as the server is up is never missed.
fn shutdown_signal() -> std::io::Result<impl std::future::Future<Output = ()> + Send + 'static> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut interrupt = signal(SignalKind::interrupt())?;
        let mut terminate = signal(SignalKind::terminate())?;
        Ok(async move {
            tokio::select! {
                _ = interrupt.recv() => {}
                _ = terminate.recv() => {}
            }
        })
    }
    #[cfg(not(unix))]
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}
