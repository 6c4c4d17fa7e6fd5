//! `tabula.v1.GameService`: each handler converts the request, calls the hub, and converts
//! the answer. Rules live in the games, ordering and fan-out in [`Hub`].

use std::sync::Arc;
use std::time::SystemTime;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use prost::Message;
use sha2::{Digest, Sha256};
use tokio::sync::watch;
use tonic::{Request, Response, Status};

mod series;

use super::auth::{Authenticator, Credential, GameAccess, new_token, viewer_in};
use super::convert::{
    MAX_PLAYER_ID_CHARS, Violations, action_from_proto, action_to_proto, analysis_request_from_proto, check_free_text,
    clock_from_proto, clock_to_proto, config_from_proto, config_to_proto, event_to_proto, hint_to_proto,
    kind_from_proto, kind_to_proto, millis_from_proto, outcome_to_proto, players_from_proto, players_to_proto,
    status_to_proto, timestamp, view_to_proto,
};
use super::error::ApiError;
use super::observe;
use super::rate_limit::{CallLimiter, Caller};
use super::stream::{EventStream, event_stream};
use crate::engine::clock::{ClockChange, ClockConfig};
use crate::engine::{Action, Adjudication, AnyMatch, ConfigError, Seat, Turn, Viewer};
use crate::games::{GameConfig, GameKind, chess};
use crate::play::{
    self, ClockReadings, Command, Created, Creation, DEFAULT_MOVE_TIME, Hub, LiveGame, MAX_MOVE_TIME, OpenedWith,
    SearchPool, Subscription, TurnRequest, rounded_up_to_millis,
};
use crate::proto::tabula::v1 as pb;
use crate::store::{Actor, BotSeat, GameRecord, GameStatus, ListFilter, Player, SavedConfig};

/// Longest game id accepted (ours are 36 characters).
pub const MAX_GAME_ID_LEN: usize = 64;
/// Longest request id accepted.
pub const MAX_REQUEST_ID_LEN: usize = 128;
/// Longest preset name accepted.
pub const MAX_PRESET_LEN: usize = 64;
/// `ListGames` page size when the request leaves it at 0.
pub const DEFAULT_PAGE_SIZE: usize = 50;
/// Most time `AddTime` gives at once: a day.
const MAX_ADDED_TIME_MS: u64 = crate::engine::clock::DAY;
/// Largest `ListGames` page; larger requests are served this many.
pub const MAX_PAGE_SIZE: usize = 500;

/// The caps the handlers enforce themselves.
#[derive(Clone, Copy, Debug)]
pub struct GameLimits {
    /// Event streams one game may have open at once (`TOO_MANY_STREAMS` beyond).
    pub max_streams_per_game: usize,
    /// Games in progress one service key may have (`TOO_MANY_GAMES` beyond). Not applied
    /// without service keys.
    pub max_games_per_key: u64,
}

impl Default for GameLimits {
    fn default() -> GameLimits {
        GameLimits { max_streams_per_game: 1_024, max_games_per_key: 10_000 }
    }
}

/// The game service.
pub struct GameServiceImpl {
    hub: Arc<Hub>,
    shutdown: watch::Receiver<bool>,
    auth: Arc<Authenticator>,
    limits: GameLimits,
    limiter: Option<Arc<CallLimiter>>,
    searches: SearchPool,
    /// Event streams open per series, held to the same cap as a game's.
    series_streams: series::StreamCounts,
}

/// Who called a game's method, once authenticated against that game.
struct Entered {
    live: Arc<LiveGame>,
    viewer: Viewer,
    credential: Credential,
}

impl GameServiceImpl {
    /// A service over `hub` trusting `auth`; streams end with `SHUTTING_DOWN` once
    /// `shutdown` turns true. No rate limit; one search thread.
    pub fn new(
        hub: Arc<Hub>,
        shutdown: watch::Receiver<bool>,
        auth: Arc<Authenticator>,
        limits: GameLimits,
    ) -> GameServiceImpl {
        GameServiceImpl {
            hub,
            shutdown,
            auth,
            limits,
            limiter: None,
            searches: SearchPool::new(1),
            series_streams: series::StreamCounts::default(),
        }
    }

    /// Counts every call against its caller's allowance.
    pub fn with_rate_limiter(mut self, limiter: Option<Arc<CallLimiter>>) -> GameServiceImpl {
        self.limiter = limiter;
        self
    }

    /// Runs searches (hints) in `searches`.
    pub fn with_search_pool(mut self, searches: SearchPool) -> GameServiceImpl {
        self.searches = searches;
        self
    }

    /// Takes one call from `caller`'s allowance.
    fn admit(&self, caller: Caller<'_>) -> Result<(), ApiError> {
        self.limiter.as_ref().map_or(Ok(()), |limiter| limiter.check(caller))
    }

    /// The game a call names and who the caller is in it, the call counted against that
    /// caller: the seat or service key it authenticated as, or its address when it did not.
    async fn enter<T>(&self, request: &Request<T>, game_id: &str) -> Result<Entered, ApiError> {
        let entered = self.identify(request, game_id).await;
        let peer = Caller::Peer(request.remote_addr().map(|address| address.ip()));
        let caller = match &entered {
            Ok(Entered { live, viewer: Viewer::Seat(seat), .. }) => Caller::Seat { game_id: &live.id, seat: *seat },
            Ok(Entered { credential: Credential::ServiceKey(name), .. }) => Caller::ServiceKey(name),
            Ok(_) | Err(_) => peer,
        };
        self.admit(caller)?;
        entered
    }

    async fn identify<T>(&self, request: &Request<T>, game_id: &str) -> Result<Entered, ApiError> {
        let credential = self.auth.credential(request.metadata())?;
        let live = self.game(game_id).await?;
        observe::record_game(&live.id);
        let (seat_hashes, seats_reissued) = (live.seat_hashes(), live.seats_reissued());
        let access = GameAccess {
            id: &live.id,
            private: live.private,
            seat_hashes: &seat_hashes,
            seats_reissued: &seats_reissued,
        };
        let viewer = viewer_in(&credential, &access)?;
        observe::record_caller(match (&credential, viewer) {
            (_, Viewer::Seat(_)) => "seat",
            (Credential::ServiceKey(_), _) => "service_key",
            _ => "spectator",
        });
        Ok(Entered { live, viewer, credential })
    }

    /// The service key name of a call only the managing backend may make (`None` when the
    /// server has no keys), the call counted against that key or, without one, the address.
    fn service_key<T>(&self, request: &Request<T>, what: &'static str) -> Result<Option<String>, ApiError> {
        let key = self
            .auth
            .credential(request.metadata())
            .and_then(|credential| self.auth.require_service_key(&credential, what));
        if key.is_ok() {
            observe::record_caller("service_key");
        }
        let caller = match &key {
            Ok(Some(name)) => Caller::ServiceKey(name),
            Ok(None) | Err(_) => Caller::Peer(request.remote_addr().map(|address| address.ip())),
        };
        self.admit(caller)?;
        key
    }

    /// Counts a call anyone may make against its service key, or its address.
    fn public<T>(&self, request: &Request<T>) -> Result<(), ApiError> {
        match self.auth.credential(request.metadata()) {
            Ok(Credential::ServiceKey(name)) => self.admit(Caller::ServiceKey(&name)),
            _ => self.admit(Caller::Peer(request.remote_addr().map(|address| address.ip()))),
        }
    }

    async fn game(&self, id: &str) -> Result<Arc<LiveGame>, ApiError> {
        Ok(self.hub.game(resource_id(id, "game_id")?).await?)
    }
}

/// The id of a game or series a request names in `field`: required, and at most
/// [`MAX_GAME_ID_LEN`] characters.
fn resource_id<'a>(id: &'a str, field: &str) -> Result<&'a str, ApiError> {
    if id.is_empty() {
        return Err(ApiError::bad_field(field, "is required"));
    }
    if id.len() > MAX_GAME_ID_LEN {
        return Err(ApiError::bad_field(field, format!("is longer than {MAX_GAME_ID_LEN} characters")));
    }
    Ok(id)
}

fn seat_of(viewer: Viewer, what: &'static str) -> Result<Seat, ApiError> {
    viewer.seat().ok_or(ApiError::SeatRequired(what))
}

fn request_id(id: &str) -> Result<Option<String>, ApiError> {
    if id.len() > MAX_REQUEST_ID_LEN {
        return Err(ApiError::bad_field("request_id", format!("is longer than {MAX_REQUEST_ID_LEN} characters")));
    }
    Ok((!id.is_empty()).then(|| id.to_owned()))
}

/// A digest of everything a creation asks but its request id, to tell a retry from an id
/// reused for another request. Prost encodes a message the same way every time.
fn digest(request: &pb::CreateGameRequest) -> String {
    digest_of(&pb::CreateGameRequest { request_id: String::new(), ..request.clone() })
}

/// SHA-256 of `asked`'s encoding, in hex: a creation's request, its request id cleared.
fn digest_of(asked: &impl Message) -> String {
    Sha256::digest(asked.encode_to_vec()).iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Longest explanation of an abort or adjudication accepted, in characters.
pub const MAX_EXPLANATION_CHARS: usize = 500;

/// An abort's or adjudication's explanation: required, and at most
/// [`MAX_EXPLANATION_CHARS`] characters.
fn explanation(text: &str) -> Result<String, ApiError> {
    if text.trim().is_empty() {
        return Err(ApiError::bad_field("explanation", "is required: say why, for the players"));
    }
    let mut violations = Violations::default();
    check_free_text(text, MAX_EXPLANATION_CHARS, "explanation", &mut violations);
    violations.into_result(text.to_owned())
}

fn game_to_proto(record: &GameRecord) -> pb::Game {
    pb::Game {
        name: format!("games/{}", record.id),
        game_id: record.id.clone(),
        kind: kind_to_proto(record.kind()) as i32,
        config: Some(pb::GameConfig {
            clock: record.clock.as_ref().map(clock_to_proto),
            ..config_to_proto(&record.config)
        }),
        status: status_to_proto(record.status) as i32,
        outcome: record.outcome.as_ref().map(outcome_to_proto),
        seat_count: record.seat_token_hashes.len() as u32,
        seq: record.seq,
        move_count: record.move_count,
        create_time: Some(timestamp(record.created)),
        update_time: Some(timestamp(record.updated)),
        private: record.private,
        bots: record.bots.iter().map(bot_seat_to_proto).collect(),
        allow_hints: record.allow_hints,
        players: players_to_proto(&record.players),
        series_id: record.series.as_ref().map(|link| link.series_id.clone()).unwrap_or_default(),
        series_game_number: record.series.as_ref().map_or(0, |link| link.number),
    }
}

fn bot_seat_to_proto(bot: &BotSeat) -> pb::BotSeat {
    pb::BotSeat {
        seat: bot.seat.number(),
        level: u32::from(bot.level),
        move_time: Some(prost_types::Duration {
            seconds: i64::from(bot.move_time_ms / 1000),
            nanos: (bot.move_time_ms % 1000 * 1_000_000) as i32,
        }),
    }
}

/// The bots and players a creation seats in a game of `kind` with `seats` seats, every
/// problem of both named at once.
fn seating(
    bots: &[pb::BotSeat],
    players: &[pb::Player],
    kind: GameKind,
    seats: usize,
) -> Result<(Vec<BotSeat>, Vec<Player>), ApiError> {
    let mut violations = Violations::default();
    let players = players_from_proto(players, seats, "players", &mut violations);
    match (bot_seats(bots, kind), violations.into_result(players)) {
        (Ok(bots), Ok(players)) => Ok((bots, players)),
        (bots, players) => Err(every_problem(&[bots.as_ref().err(), players.as_ref().err()])),
    }
}

/// The bot seats a `CreateGameRequest` asks for in a game of `kind`, in seat order, every
/// problem named at once.
fn bot_seats(request: &[pb::BotSeat], kind: GameKind) -> Result<Vec<BotSeat>, ApiError> {
    let (seat_count, top) = (kind.seat_count(), kind.max_bot_level());
    let mut problems = Vec::new();
    let mut bots: Vec<BotSeat> = Vec::new();
    for (index, bot) in request.iter().enumerate() {
        let field = |name: &str| format!("bots[{index}].{name}");
        let seat = Seat::from_number(bot.seat).filter(|seat| seat.index() < seat_count);
        match seat {
            None => problems.push((field("seat"), format!("must be a seat from 1 to {seat_count}"))),
            Some(seat) if bots.iter().any(|b| b.seat == seat) => {
                problems.push((field("seat"), format!("names seat {} a second time", seat.number())));
            }
            Some(_) => {}
        }
        if !(1..=u32::from(top)).contains(&bot.level) {
            problems.push((field("level"), format!("must be from 1 to {top}, the strongest for {}", kind.info().name)));
        }
        let move_time = bot.move_time.map_or(Ok(0), |time| {
            let millis = i128::from(time.seconds) * 1000 + i128::from(time.nanos) / 1_000_000;
            let max = MAX_MOVE_TIME.as_millis() as i128;
            if time.seconds < 0 || time.nanos < 0 || time.nanos >= 1_000_000_000 || millis > max {
                Err(format!(
                    "must be from 0 (the default, {} s) to {} s",
                    DEFAULT_MOVE_TIME.as_secs(),
                    MAX_MOVE_TIME.as_secs()
                ))
            } else {
                Ok(millis as u32)
            }
        });
        if let Err(problem) = &move_time {
            problems.push((field("move_time"), problem.clone()));
        }
        if let (Some(seat), Ok(move_time_ms)) = (seat, move_time) {
            let level = u8::try_from(bot.level).unwrap_or(u8::MAX);
            bots.push(BotSeat { seat, level, move_time_ms });
        }
    }
    if !problems.is_empty() {
        return Err(ApiError::BadRequest(problems));
    }
    bots.sort_by_key(|bot| bot.seat);
    Ok(bots)
}

fn kind_info_to_proto(kind: GameKind) -> pb::GameKindInfo {
    let info = kind.info();
    pb::GameKindInfo {
        kind: kind_to_proto(kind) as i32,
        name: info.name.to_owned(),
        display_name: info.display_name.to_owned(),
        seat_count: info.seat_names.len() as u32,
        seat_names: info.seat_names.iter().map(|s| (*s).to_owned()).collect(),
        default_config: Some(config_to_proto(&info.default_config)),
        max_bot_level: u32::from(kind.max_bot_level()),
        presets: info
            .presets
            .iter()
            .map(|p| pb::Preset {
                name: p.name.to_owned(),
                description: p.description.to_owned(),
                config: Some(pb::GameConfig {
                    clock: p.clock.as_ref().map(clock_to_proto),
                    ..config_to_proto(&p.config)
                }),
            })
            .collect(),
    }
}

/// The configuration a `CreateGameRequest` asks for, defaults filled in.
/// The domain kind of an optional wire kind: `None` for unspecified.
fn optional_kind(raw: i32) -> Result<Option<GameKind>, ApiError> {
    match raw {
        0 => Ok(None),
        raw => kind_from_proto(raw)
            .map(Some)
            .ok_or_else(|| ApiError::bad_field("kind", format!("{raw} is not a known GameKind"))),
    }
}

/// Seconds of 0001-01-01T00:00:00Z and of 9999-12-31T23:59:59Z, the range of a valid
/// `google.protobuf.Timestamp`.
const TIMESTAMP_SECONDS: std::ops::RangeInclusive<i64> = -62_135_596_800..=253_402_300_799;

/// A wire timestamp as a time, when set; only the values the `Timestamp` type defines
/// (nanos in 0..1e9, years 1 to 9999) are accepted, never normalised.
fn optional_time(time: Option<&prost_types::Timestamp>, field: &str) -> Result<Option<SystemTime>, ApiError> {
    let Some(time) = time else { return Ok(None) };
    if !(0..1_000_000_000).contains(&time.nanos) {
        return Err(ApiError::bad_field(format!("{field}.nanos"), "must be between 0 and 999,999,999"));
    }
    if !TIMESTAMP_SECONDS.contains(&time.seconds) {
        return Err(ApiError::bad_field(format!("{field}.seconds"), "must lie between the years 1 and 9999"));
    }
    SystemTime::try_from(*time)
        .map(Some)
        .map_err(|_| ApiError::bad_field(field, "is not a time this server can represent"))
}

/// What a `CreateGameRequest` asks for: the configuration (defaults filled in), the
/// request field its problems are reported under, and the moves to play at once (an
/// imported PGN's).
struct Requested {
    config: GameConfig,
    /// The time control asked for, not yet checked against the game's seats.
    clock: Option<ClockConfig>,
    field: String,
    moves: Vec<(Seat, Action)>,
}

/// Longest name of a saved configuration.
pub const MAX_SAVED_NAME_LEN: usize = 64;
/// Longest description of a saved configuration, in characters.
pub const MAX_SAVED_DESCRIPTION_CHARS: usize = 500;

/// A saved configuration's name, checked: 1 to [`MAX_SAVED_NAME_LEN`] lower-case letters,
/// digits, `_` and `-`.
fn saved_name(name: &str, field: &str) -> Result<String, ApiError> {
    let fine = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-';
    if name.is_empty() || name.len() > MAX_SAVED_NAME_LEN || !name.chars().all(fine) {
        return Err(ApiError::bad_field(
            field,
            format!("must be 1 to {MAX_SAVED_NAME_LEN} lower-case letters, digits, '_' or '-'"),
        ));
    }
    Ok(name.to_owned())
}

/// What a `CreateSavedConfig` or `UpdateSavedConfig` asks to save, checked like a
/// `CreateGame` configuration.
fn to_save(saved: Option<&pb::SavedConfig>) -> Result<play::saved::ToSave, ApiError> {
    let saved = saved.ok_or_else(|| ApiError::bad_field("saved_config", "is required"))?;
    let name = saved_name(&saved.name, "saved_config.name");
    let mut violations = Violations::default();
    check_free_text(&saved.description, MAX_SAVED_DESCRIPTION_CHARS, "saved_config.description", &mut violations);
    let description = violations.into_result(saved.description.clone());
    let wire = saved.config.as_ref().ok_or_else(|| ApiError::bad_field("saved_config.config", "is required"));
    let config = wire.and_then(|wire| config_and_clock(wire, "saved_config.config"));
    // Every malformed field at once; a configuration the rules refuse is told on its own.
    if name.is_err() || description.is_err() || matches!(config, Err(ApiError::BadRequest(_))) {
        return Err(every_problem(&[name.as_ref().err(), description.as_ref().err(), config.as_ref().err()]));
    }
    let (config, clock) = config?;
    let game_field = format!("saved_config.config.{}", config.kind().info().name);
    let (_, clock) = checked_game(&config, clock, "saved_config.config", game_field)?;
    Ok(play::saved::ToSave { name: name?, description: description?, config, clock })
}

/// The wire form of a saved configuration.
fn saved_to_proto(saved: &SavedConfig) -> pb::SavedConfig {
    pb::SavedConfig {
        name: saved.name.clone(),
        description: saved.description.clone(),
        config: Some(pb::GameConfig {
            clock: saved.clock.as_ref().map(clock_to_proto),
            ..config_to_proto(&saved.config)
        }),
        kind: kind_to_proto(saved.config.kind()) as i32,
        create_time: Some(timestamp(saved.created)),
        update_time: Some(timestamp(saved.updated)),
    }
}

/// A wire configuration and its time control, read in one go so that one error names
/// every problem of both; `field` names the configuration in errors.
fn config_and_clock(wire: &pb::GameConfig, field: &str) -> Result<(GameConfig, Option<ClockConfig>), ApiError> {
    let mut violations = Violations::default();
    let clock = wire.clock.as_ref().map(|clock| clock_from_proto(clock, &format!("{field}.clock"), &mut violations));
    match (config_from_proto(wire, field), violations.into_result(())) {
        (Ok(config), Ok(())) => Ok((config, clock)),
        (Err(ApiError::BadRequest(mut first)), Err(ApiError::BadRequest(second))) => {
            first.extend(second);
            Err(ApiError::BadRequest(first))
        }
        (Err(error), _) | (_, Err(error)) => Err(error),
    }
}

/// The match `config` starts, and `clock` checked against its seats; every problem of
/// both at once, named from `field` (a whole configuration's) or `game_field` (its game's).
fn checked_game(
    config: &GameConfig,
    clock: Option<ClockConfig>,
    field: &str,
    game_field: String,
) -> Result<(Box<dyn AnyMatch>, Option<ClockConfig>), ApiError> {
    let seats = config.kind().seat_count();
    match (config.new_match(), clock.map(|clock| clock.for_seats(seats, "clock")).transpose()) {
        (Ok(game), Ok(clock)) => Ok((game, clock)),
        (Err(error), Ok(_)) => Err(ApiError::InvalidConfig { field: game_field, error }),
        // Every problem at once, the game's and the clock's (which only a config given in
        // full can hold), each named from `config`.
        (game, Err(problems)) => {
            let mut error = ConfigError::default();
            let kind = config.kind().info().name;
            for violation in game.err().unwrap_or_default().violations {
                error.add(&format!("{kind}.{}", violation.field), violation.description);
            }
            for problem in problems {
                let (at, description) = problem.split_once(' ').unwrap_or((problem.as_str(), ""));
                error.add(at, description);
            }
            Err(ApiError::InvalidConfig { field: field.to_owned(), error })
        }
    }
}

/// What a `CreateGame` asks for; `saved` is the saved configuration it names, read by the
/// caller (who knows the key it belongs to). Random parts (a random starter, a Chess960
/// start) are left to draw ([`GameConfig::drawn`]): each game draws its own.
fn requested_game(request: &pb::CreateGameRequest, saved: Option<SavedConfig>) -> Result<Requested, ApiError> {
    let kind = optional_kind(request.kind)?;
    match &request.source {
        None => Err(ApiError::bad_field("source", "is required: set config, preset, pgn or saved_config")),
        Some(pb::create_game_request::Source::SavedConfig(_)) => {
            let saved = saved.expect("the caller reads the saved configuration a creation names");
            if let Some(kind) = kind.filter(|kind| *kind != saved.config.kind()) {
                return Err(ApiError::bad_field(
                    "kind",
                    format!(
                        "is {} but the saved configuration is for {}",
                        kind.info().name,
                        saved.config.kind().info().name
                    ),
                ));
            }
            // A saved configuration keeps its random parts: each game draws them anew.
            Ok(Requested {
                config: saved.config,
                clock: saved.clock,
                field: "saved_config".to_owned(),
                moves: Vec::new(),
            })
        }
        Some(pb::create_game_request::Source::Config(wire)) => {
            let (config, clock) = config_and_clock(wire, "config")?;
            if let Some(kind) = kind.filter(|kind| *kind != config.kind()) {
                return Err(ApiError::bad_field(
                    "kind",
                    format!("is {} but the config is for {}", kind.info().name, config.kind().info().name),
                ));
            }
            let field = format!("config.{}", config.kind().info().name);
            Ok(Requested { config, clock, field, moves: Vec::new() })
        }
        Some(pb::create_game_request::Source::Pgn(import)) => match kind {
            None | Some(GameKind::Chess) => import_pgn(import),
            Some(other) => {
                Err(ApiError::bad_field("kind", format!("is {} but a PGN is a chess game", other.info().name)))
            }
        },
        Some(pb::create_game_request::Source::Preset(name)) => {
            let kind = kind.ok_or_else(|| ApiError::bad_field("kind", "is required with a preset"))?;
            if name.len() > MAX_PRESET_LEN {
                return Err(ApiError::bad_field("preset", format!("is longer than {MAX_PRESET_LEN} characters")));
            }
            let preset = kind.preset(name).ok_or_else(|| ApiError::UnknownPreset {
                kind: kind.info().name,
                name: name.clone(),
                known: kind.info().presets.iter().map(|p| p.name).collect(),
            })?;
            let config = preset.config.with_defaults();
            Ok(Requested { config, clock: preset.clock, field: "preset".to_owned(), moves: Vec::new() })
        }
    }
}

/// The configuration and moves of an imported PGN, checked by replaying them.
fn import_pgn(import: &pb::PgnImport) -> Result<Requested, ApiError> {
    let imported = chess::pgn::import(&import.pgn).map_err(ApiError::InvalidPgn)?;
    let plies = import.ply.map_or(imported.actions.len(), |ply| ply as usize);
    if plies > imported.actions.len() {
        return Err(ApiError::bad_field("pgn.ply", format!("the game has only {} plies", imported.actions.len())));
    }
    let config = GameConfig::Chess(imported.config).with_defaults();
    let mut game = config.new_match().map_err(|error| ApiError::InvalidConfig { field: "pgn".to_owned(), error })?;
    let mut moves = Vec::with_capacity(plies);
    for (index, action) in imported.actions.into_iter().take(plies).enumerate() {
        let seat = *game
            .to_act()
            .first()
            .ok_or_else(|| ApiError::InvalidPgn(format!("the game is over before ply {}", index + 1)))?;
        game.play(&Turn::Move(seat, action.clone()))
            .map_err(|e| ApiError::InvalidPgn(format!("ply {}: {e}", index + 1)))?;
        moves.push((seat, action));
    }
    Ok(Requested { config, clock: None, field: "pgn".to_owned(), moves })
}

/// Page tokens name the last game of the previous page and the filters they were made
/// for, so that a token used with other filters is refused rather than misread.
/// The filters a page token is bound to: a token only continues the query that made it.
fn filter_key(filter: &pb::ListGamesRequest) -> String {
    let time = |t: Option<&prost_types::Timestamp>| t.map_or(String::new(), |t| format!("{}.{}", t.seconds, t.nanos));
    let player = URL_SAFE_NO_PAD.encode(&filter.player_id);
    format!(
        "{},{},{},{},{player}",
        filter.kind,
        filter.status,
        time(filter.create_time_after.as_ref()),
        time(filter.create_time_before.as_ref())
    )
}

/// `ListGamesRequest.player_id` as a filter: `None` when empty.
fn player_filter(id: &str) -> Result<Option<String>, ApiError> {
    if id.chars().count() > MAX_PLAYER_ID_CHARS {
        return Err(ApiError::bad_field("player_id", format!("is longer than {MAX_PLAYER_ID_CHARS} characters")));
    }
    Ok((!id.is_empty()).then(|| id.to_owned()))
}

fn page_token(filter: &pb::ListGamesRequest, last_id: &str) -> String {
    URL_SAFE_NO_PAD.encode(format!("v2|{}|{last_id}", filter_key(filter)))
}

fn page_after(filter: &pb::ListGamesRequest) -> Result<Option<String>, ApiError> {
    if filter.page_token.is_empty() {
        return Ok(None);
    }
    let decoded = URL_SAFE_NO_PAD.decode(&filter.page_token).ok().and_then(|b| String::from_utf8(b).ok());
    let decoded = decoded.ok_or(ApiError::InvalidPageToken)?;
    let mut parts = decoded.splitn(3, '|');
    let (version, key, last) = (parts.next(), parts.next(), parts.next());
    let matches = version == Some("v2") && key == Some(filter_key(filter).as_str());
    // Only a token this server could have written passes: the filters it was made for, a
    // game id of a length ours take, and the exact encoding `page_token` gives. (A token
    // edited to name another game id only starts the page there: it can show a service
    // key nothing the key could not list anyway.)
    match last {
        Some(last)
            if matches
                && !last.is_empty()
                && last.len() <= MAX_GAME_ID_LEN
                && !last.contains('|')
                && page_token(filter, last) == filter.page_token =>
        {
            Ok(Some(last.to_owned()))
        }
        _ => Err(ApiError::InvalidPageToken),
    }
}

#[tonic::async_trait]
impl crate::proto::server::game_service_server::GameService for GameServiceImpl {
    type StreamSeriesEventsStream = series::SeriesEventStream;

    async fn create_series(
        &self,
        request: Request<pb::CreateSeriesRequest>,
    ) -> Result<Response<pb::CreateSeriesResponse>, Status> {
        Ok(Response::new(self.create_series_call(request).await?))
    }

    async fn get_series(
        &self,
        request: Request<pb::GetSeriesRequest>,
    ) -> Result<Response<pb::GetSeriesResponse>, Status> {
        Ok(Response::new(self.get_series_call(request).await?))
    }

    async fn list_series(
        &self,
        request: Request<pb::ListSeriesRequest>,
    ) -> Result<Response<pb::ListSeriesResponse>, Status> {
        Ok(Response::new(self.list_series_call(request).await?))
    }

    async fn stream_series_events(
        &self,
        request: Request<pb::StreamSeriesEventsRequest>,
    ) -> Result<Response<Self::StreamSeriesEventsStream>, Status> {
        Ok(Response::new(self.stream_series_call(request).await?))
    }

    async fn list_game_kinds(
        &self,
        request: Request<pb::ListGameKindsRequest>,
    ) -> Result<Response<pb::ListGameKindsResponse>, Status> {
        self.public(&request)?;
        let kinds = GameKind::ALL.iter().map(|k| kind_info_to_proto(*k)).collect();
        Ok(Response::new(pb::ListGameKindsResponse { kinds }))
    }

    async fn create_game(
        &self,
        request: Request<pb::CreateGameRequest>,
    ) -> Result<Response<pb::CreateGameResponse>, Status> {
        let owner = self.service_key(&request, "creating a game")?;
        let request = request.into_inner();
        let request_id = request_id(&request.request_id)?;
        let saved = match &request.source {
            Some(pb::create_game_request::Source::SavedConfig(name)) => {
                let name = saved_name(name, "source.saved_config")?;
                let store = self.hub.store();
                Some(store.saved_config(owner.as_deref().unwrap_or_default(), &name).await.map_err(ApiError::from)?)
            }
            _ => None,
        };
        let Requested { config, clock, field, moves: imported } = requested_game(&request, saved)?;
        let config = config.drawn();
        let (game, clock) = checked_game(&config, clock, "config", field)?;
        let seat_count = game.seat_count();
        let (bots, players) = seating(&request.bots, &request.players, config.kind(), seat_count)?;
        let allow_hints = request.allow_hints.unwrap_or_else(|| config.kind().hints_by_default());
        let tokens: Vec<_> = (0..seat_count).map(|_| new_token()).collect();
        // Whole milliseconds, as every turn's: a clock starts exactly when its game was made.
        let now = rounded_up_to_millis(self.hub.now());
        let record = GameRecord {
            id: uuid::Uuid::now_v7().to_string(),
            seat_token_hashes: tokens.iter().map(|(_, hash)| *hash).collect(),
            private: request.private,
            owner,
            bots,
            allow_hints,
            players,
            ..GameRecord::new_game(config, clock, now)
        };
        // The store checks the owner's count and creates in one step, so the cap holds
        // under any concurrency and across replicas.
        let max_in_progress = record.owner.is_some().then_some(self.limits.max_games_per_key);
        let imported = imported.into_iter().map(|(seat, action)| Turn::Move(seat, action)).collect();
        let creation =
            Creation { record, game, imported, max_in_progress, request_id, request_digest: digest(&request) };
        let (live, tokens, retried) = match self.hub.create(creation).await? {
            Created::New(live) => (live, tokens, false),
            Created::Earlier { live, created_through } => {
                // The tokens the first answer carried cannot be shown again: while nobody
                // can have used them, they are replaced; after that, none are given.
                let tokens: Vec<_> = (0..live.seat_count()).map(|_| new_token()).collect();
                let hashes: Vec<_> = tokens.iter().map(|(_, hash)| *hash).collect();
                let replaced = self.hub.replace_untouched_tokens(&live, created_through, &hashes).await?;
                (live, if replaced { tokens } else { Vec::new() }, true)
            }
        };
        let record = live.copy().await.record;
        tracing::info!(game_id = %record.id, kind = record.kind().info().name, owner = record.owner.as_deref(), retried, "game created");
        let seat_names = record.kind().info().seat_names;
        let seat_tokens = tokens
            .into_iter()
            .enumerate()
            .map(|(i, (token, _))| pb::SeatToken {
                seat: i as u32 + 1,
                seat_name: seat_names.get(i).copied().unwrap_or_default().to_owned(),
                token,
            })
            .collect();
        Ok(Response::new(pb::CreateGameResponse { game: Some(game_to_proto(&record)), seat_tokens, retried }))
    }

    async fn get_game(&self, request: Request<pb::GetGameRequest>) -> Result<Response<pb::GetGameResponse>, Status> {
        let Entered { live, .. } = self.enter(&request, &request.get_ref().game_id).await?;
        let snapshot = live.copy().await;
        Ok(Response::new(pb::GetGameResponse { game: Some(game_to_proto(&snapshot.record)) }))
    }

    async fn list_games(
        &self,
        request: Request<pb::ListGamesRequest>,
    ) -> Result<Response<pb::ListGamesResponse>, Status> {
        self.service_key(&request, "listing games")?;
        let request = request.into_inner();
        let page_size = match request.page_size {
            size if size < 0 => return Err(ApiError::bad_field("page_size", "must not be negative").into()),
            0 => DEFAULT_PAGE_SIZE,
            size => (size as usize).min(MAX_PAGE_SIZE),
        };
        let kind = optional_kind(request.kind)?;
        let status = match pb::GameStatus::try_from(request.status) {
            Ok(pb::GameStatus::Unspecified) => None,
            Ok(pb::GameStatus::InProgress) => Some(GameStatus::InProgress),
            Ok(pb::GameStatus::Finished) => Some(GameStatus::Finished),
            Ok(pb::GameStatus::Archived) => Some(GameStatus::Archived),
            Err(_) => {
                return Err(ApiError::bad_field("status", format!("{} is not a GameStatus", request.status)).into());
            }
        };
        let filter = ListFilter {
            kind,
            status,
            created_after: optional_time(request.create_time_after.as_ref(), "create_time_after")?,
            created_before: optional_time(request.create_time_before.as_ref(), "create_time_before")?,
            with_bots: false,
            player: player_filter(&request.player_id)?,
        };
        let after = page_after(&request)?;
        // One more than the page tells whether another page follows.
        let mut records =
            self.hub.store().list(filter, after.as_deref(), page_size + 1).await.map_err(ApiError::from)?;
        let more = records.len() > page_size;
        records.truncate(page_size);
        let next_page_token = match (more, records.last()) {
            (true, Some(last)) => page_token(&request, &last.id),
            _ => String::new(),
        };
        Ok(Response::new(pb::ListGamesResponse { games: records.iter().map(game_to_proto).collect(), next_page_token }))
    }

    async fn get_view(&self, request: Request<pb::GetViewRequest>) -> Result<Response<pb::GetViewResponse>, Status> {
        let Entered { live, viewer, .. } = self.enter(&request, &request.get_ref().game_id).await?;
        let (view, seq, clocks) = match request.get_ref().at_seq {
            None => live.view(viewer, self.hub.now()).await,
            Some(seq) => {
                let past = play::position_at(self.hub.store().as_ref(), &live, seq).await?;
                (past.game.view(viewer), past.seq, past.clocks)
            }
        };
        let view = view_to_proto(&live, seq, &view, clocks.as_ref());
        Ok(Response::new(pb::GetViewResponse { view: Some(view) }))
    }

    async fn list_legal_moves(
        &self,
        request: Request<pb::ListLegalMovesRequest>,
    ) -> Result<Response<pb::ListLegalMovesResponse>, Status> {
        let Entered { live, viewer, .. } = self.enter(&request, &request.get_ref().game_id).await?;
        let seat_count = live.seat_count() as u32;
        let seat = match (request.get_ref().seat, viewer) {
            (0, Viewer::Seat(seat)) => seat,
            (0, Viewer::Spectator) => {
                return Err(ApiError::bad_field(
                    "seat",
                    "is required for a spectator: name the seat whose moves to list",
                )
                .into());
            }
            (number, _) if number > seat_count => {
                return Err(ApiError::bad_field("seat", format!("must be between 1 and {seat_count}")).into());
            }
            (number, _) => Seat::from_number(number).expect("a seat number in range"),
        };
        // One rule for seats and spectators alike: another seat's moves may be listed
        // unless they could betray that seat's secrets.
        if viewer.seat() != Some(seat) && live.config.has_hidden_information() {
            return Err(ApiError::SeatRequired("listing moves in a game with hidden information").into());
        }
        let (moves, seq) = live.legal_moves(seat).await;
        let moves = moves
            .into_iter()
            .map(|(a, label, uci)| pb::LegalMove {
                r#move: Some(action_to_proto(&a)),
                label,
                uci: uci.unwrap_or_default(),
            })
            .collect();
        Ok(Response::new(pb::ListLegalMovesResponse { seat: seat.number(), moves, seq }))
    }

    async fn submit_move(
        &self,
        request: Request<pb::SubmitMoveRequest>,
    ) -> Result<Response<pb::SubmitMoveResponse>, Status> {
        let Entered { live, viewer, .. } = self.enter(&request, &request.get_ref().game_id).await?;
        let seat = seat_of(viewer, "submitting a move")?;
        let body = request.get_ref();
        let action = action_from_proto(body.r#move.as_ref(), "move")?;
        let turn = TurnRequest {
            actor: Actor::Seat(seat),
            command: Turn::Move(seat, action).into(),
            expected_seq: body.expected_seq,
            request_id: request_id(&body.request_id)?,
            validate_only: body.validate_only,
        };
        let result = self.hub.play(&live, turn).await?;
        let viewer = Viewer::Seat(seat);
        let events = result
            .events
            .iter()
            .map(|e| event_to_proto(&live, viewer, e, ClockReadings::of_event(&live, e).as_ref()))
            .collect();
        Ok(Response::new(pb::SubmitMoveResponse {
            applied: result.applied,
            seq: result.seq,
            events,
            view: Some(view_to_proto(&live, result.seq, &result.view, result.clocks.as_ref())),
        }))
    }

    async fn resign(&self, request: Request<pb::ResignRequest>) -> Result<Response<pb::ResignResponse>, Status> {
        let Entered { live, viewer, .. } = self.enter(&request, &request.get_ref().game_id).await?;
        let seat = seat_of(viewer, "resigning")?;
        let turn = TurnRequest {
            actor: Actor::Seat(seat),
            command: Turn::Resign(seat).into(),
            expected_seq: None,
            request_id: request_id(&request.get_ref().request_id)?,
            validate_only: false,
        };
        let result = self.hub.play(&live, turn).await?;
        tracing::info!(game_id = %live.id, %seat, "seat resigned");
        Ok(Response::new(pb::ResignResponse {
            seq: result.seq,
            view: Some(view_to_proto(&live, result.seq, &result.view, result.clocks.as_ref())),
        }))
    }

    async fn export_pgn(
        &self,
        request: Request<pb::ExportPgnRequest>,
    ) -> Result<Response<pb::ExportPgnResponse>, Status> {
        let Entered { live, .. } = self.enter(&request, &request.get_ref().game_id).await?;
        let GameConfig::Chess(config) = &live.config else {
            return Err(ApiError::UnsupportedByGame("PGN export").into());
        };
        let snapshot = live.copy().await;
        // A player is named by their display name, or else their id; "?" when unnamed.
        let name = |seat: usize| {
            let player = live.players.get(seat);
            let name = player.map(|p| if p.name.is_empty() { p.id.as_str() } else { p.name.as_str() });
            name.filter(|name| !name.is_empty()).unwrap_or("?").to_owned()
        };
        let tags = chess::pgn::Tags {
            event: match &live.series {
                Some(link) => format!("Tabula series {}", link.series_id),
                None => format!("Tabula game {}", live.id),
            },
            site: "Tabula".to_owned(),
            date: pgn_date(live.created),
            round: live.series.as_ref().map_or_else(|| "?".to_owned(), |link| link.number.to_string()),
            white: name(0),
            black: name(1),
        };
        let pgn = chess::pgn::export(config, snapshot.game.history(), &tags)
            .map_err(|e| ApiError::Storage(format!("game {} does not replay: {e}", live.id)))?;
        Ok(Response::new(pb::ExportPgnResponse { pgn }))
    }

    async fn get_hint(&self, request: Request<pb::GetHintRequest>) -> Result<Response<pb::GetHintResponse>, Status> {
        let Entered { live, viewer, .. } = self.enter(&request, &request.get_ref().game_id).await?;
        let asked = analysis_request_from_proto(request.get_ref(), viewer)?;
        let answer = play::analyse(self.hub.store().as_ref(), &live, &self.searches, asked).await?;
        Ok(Response::new(hint_to_proto(&answer)))
    }

    async fn take_back(&self, request: Request<pb::TakeBackRequest>) -> Result<Response<pb::TakeBackResponse>, Status> {
        let Entered { live, viewer, .. } = self.enter(&request, &request.get_ref().game_id).await?;
        let seat = seat_of(viewer, "taking back a move")?;
        let turn = TurnRequest {
            actor: Actor::Seat(seat),
            command: live.config.take_back_turn(seat).into(),
            expected_seq: request.get_ref().expected_seq,
            request_id: request_id(&request.get_ref().request_id)?,
            validate_only: false,
        };
        let result = self.hub.play(&live, turn).await?;
        Ok(Response::new(pb::TakeBackResponse {
            seq: result.seq,
            view: Some(view_to_proto(&live, result.seq, &result.view, result.clocks.as_ref())),
        }))
    }

    async fn answer_take_back(
        &self,
        request: Request<pb::AnswerTakeBackRequest>,
    ) -> Result<Response<pb::AnswerTakeBackResponse>, Status> {
        let Entered { live, viewer, .. } = self.enter(&request, &request.get_ref().game_id).await?;
        let seat = seat_of(viewer, "answering a takeback request")?;
        let turn = TurnRequest {
            actor: Actor::Seat(seat),
            command: Turn::AnswerTakeBack { seat, accept: request.get_ref().accept }.into(),
            expected_seq: request.get_ref().expected_seq,
            request_id: request_id(&request.get_ref().request_id)?,
            validate_only: false,
        };
        let result = self.hub.play(&live, turn).await?;
        Ok(Response::new(pb::AnswerTakeBackResponse {
            seq: result.seq,
            view: Some(view_to_proto(&live, result.seq, &result.view, result.clocks.as_ref())),
        }))
    }

    type StreamEventsStream = EventStream;

    async fn stream_events(
        &self,
        request: Request<pb::StreamEventsRequest>,
    ) -> Result<Response<Self::StreamEventsStream>, Status> {
        let Entered { live, viewer, credential } = self.enter(&request, &request.get_ref().game_id).await?;
        // A stream opened with a seat's credential ends when a reissue revokes it.
        let opened_with = match (&credential, viewer) {
            (Credential::SeatToken(_), Viewer::Seat(seat)) => {
                live.seat_hashes().get(seat.index()).copied().map(OpenedWith::Token)
            }
            (Credential::Signed(claims), Viewer::Seat(_)) => Some(OpenedWith::Signed { issued_at: claims.iat }),
            _ => None,
        };
        let subscription = Subscription {
            viewer,
            opened_with,
            after: request.get_ref().after_seq,
            max_per_game: self.limits.max_streams_per_game,
            with_views: request.get_ref().include_views,
        };
        let stream = event_stream(self.hub.clone(), live, subscription, self.shutdown.clone()).await?;
        Ok(Response::new(Box::pin(stream)))
    }

    async fn archive_game(
        &self,
        request: Request<pb::ArchiveGameRequest>,
    ) -> Result<Response<pb::ArchiveGameResponse>, Status> {
        let key = self.service_key(&request, "archiving a game")?;
        let live = self.game(&request.get_ref().game_id).await?;
        self.hub.archive(&live.id).await?;
        tracing::info!(game_id = %live.id, key = key.as_deref(), "game archived");
        let record = live.copy().await.record;
        Ok(Response::new(pb::ArchiveGameResponse { game: Some(game_to_proto(&record)) }))
    }

    async fn create_saved_config(
        &self,
        request: Request<pb::CreateSavedConfigRequest>,
    ) -> Result<Response<pb::SavedConfig>, Status> {
        let owner = self.service_key(&request, "saving a configuration")?.unwrap_or_default();
        let wanted = to_save(request.get_ref().saved_config.as_ref())?;
        let saved = play::saved::save(self.hub.store().as_ref(), &owner, wanted, false, self.hub.now()).await?;
        Ok(Response::new(saved_to_proto(&saved)))
    }

    async fn get_saved_config(
        &self,
        request: Request<pb::GetSavedConfigRequest>,
    ) -> Result<Response<pb::SavedConfig>, Status> {
        let owner = self.service_key(&request, "reading a saved configuration")?.unwrap_or_default();
        let name = saved_name(&request.get_ref().name, "name")?;
        let saved = self.hub.store().saved_config(&owner, &name).await.map_err(ApiError::from)?;
        Ok(Response::new(saved_to_proto(&saved)))
    }

    async fn list_saved_configs(
        &self,
        request: Request<pb::ListSavedConfigsRequest>,
    ) -> Result<Response<pb::ListSavedConfigsResponse>, Status> {
        let owner = self.service_key(&request, "listing saved configurations")?.unwrap_or_default();
        let request = request.into_inner();
        let page_size = match request.page_size {
            size if size < 0 => return Err(ApiError::bad_field("page_size", "must not be negative").into()),
            0 => DEFAULT_PAGE_SIZE,
            size => (size as usize).min(MAX_PAGE_SIZE),
        };
        // A page token is the last name of the page before: a name, or refused.
        let after = match request.page_token.as_str() {
            "" => None,
            token => Some(saved_name(token, "page_token").map_err(|_| ApiError::InvalidPageToken)?),
        };
        let mut saved = self
            .hub
            .store()
            .list_saved_configs(&owner, after.as_deref(), page_size + 1)
            .await
            .map_err(ApiError::from)?;
        let more = saved.len() > page_size;
        saved.truncate(page_size);
        let next_page_token =
            if more { saved.last().map(|s| s.name.clone()).unwrap_or_default() } else { String::new() };
        Ok(Response::new(pb::ListSavedConfigsResponse {
            saved_configs: saved.iter().map(saved_to_proto).collect(),
            next_page_token,
        }))
    }

    async fn update_saved_config(
        &self,
        request: Request<pb::UpdateSavedConfigRequest>,
    ) -> Result<Response<pb::SavedConfig>, Status> {
        let owner = self.service_key(&request, "changing a saved configuration")?.unwrap_or_default();
        let wanted = to_save(request.get_ref().saved_config.as_ref())?;
        let saved = play::saved::save(self.hub.store().as_ref(), &owner, wanted, true, self.hub.now()).await?;
        Ok(Response::new(saved_to_proto(&saved)))
    }

    async fn delete_saved_config(
        &self,
        request: Request<pb::DeleteSavedConfigRequest>,
    ) -> Result<Response<pb::DeleteSavedConfigResponse>, Status> {
        let owner = self.service_key(&request, "deleting a saved configuration")?.unwrap_or_default();
        let name = saved_name(&request.get_ref().name, "name")?;
        self.hub.store().delete_saved_config(&owner, &name).await.map_err(ApiError::from)?;
        Ok(Response::new(pb::DeleteSavedConfigResponse {}))
    }

    async fn delete_game(
        &self,
        request: Request<pb::DeleteGameRequest>,
    ) -> Result<Response<pb::DeleteGameResponse>, Status> {
        let key = self.service_key(&request, "deleting a game")?;
        let live = self.game(&request.get_ref().game_id).await?;
        self.hub.delete(&live).await?;
        tracing::info!(game_id = %live.id, key = key.as_deref(), "game deleted");
        Ok(Response::new(pb::DeleteGameResponse {}))
    }

    async fn reissue_seat_token(
        &self,
        request: Request<pb::ReissueSeatTokenRequest>,
    ) -> Result<Response<pb::ReissueSeatTokenResponse>, Status> {
        let key = self.service_key(&request, "reissuing a seat token")?;
        let live = self.game(&request.get_ref().game_id).await?;
        let seat_count = live.seat_count();
        let seat = Seat::from_number(request.get_ref().seat)
            .filter(|seat| seat.index() < seat_count)
            .ok_or_else(|| ApiError::bad_field("seat", format!("must be between 1 and {seat_count}")))?;
        let (token, hash) = new_token();
        self.hub.reissue_seat_token(&live, seat, hash).await?;
        tracing::info!(game_id = %live.id, %seat, key = key.as_deref(), "seat token reissued");
        let seat_name = live.config.kind().info().seat_names.get(seat.index()).copied().unwrap_or_default().to_owned();
        Ok(Response::new(pb::ReissueSeatTokenResponse {
            seat_token: Some(pb::SeatToken { seat: seat.number(), seat_name, token }),
        }))
    }

    async fn abort_game(
        &self,
        request: Request<pb::AbortGameRequest>,
    ) -> Result<Response<pb::AbortGameResponse>, Status> {
        let key = self.service_key(&request, "aborting a game")?;
        let body = request.get_ref();
        let live = self.game(&body.game_id).await?;
        let (explanation, request_id) = (explanation(&body.explanation), request_id(&body.request_id));
        let (Ok(explanation), Ok(request_id)) = (&explanation, &request_id) else {
            return Err(every_problem(&[explanation.as_ref().err(), request_id.as_ref().err()]).into());
        };
        let turn = Turn::Abort { explanation: explanation.clone() };
        let game = self.end_from_outside(&live, key, turn, request_id.clone()).await?;
        Ok(Response::new(pb::AbortGameResponse { game: Some(game) }))
    }

    async fn adjudicate_game(
        &self,
        request: Request<pb::AdjudicateGameRequest>,
    ) -> Result<Response<pb::AdjudicateGameResponse>, Status> {
        let key = self.service_key(&request, "adjudicating a game")?;
        let body = request.get_ref();
        let live = self.game(&body.game_id).await?;
        let result = adjudication(body, live.seat_count());
        let (explanation, request_id) = (explanation(&body.explanation), request_id(&body.request_id));
        let (Ok(result), Ok(explanation), Ok(request_id)) = (&result, &explanation, &request_id) else {
            let checks = [result.as_ref().err(), explanation.as_ref().err(), request_id.as_ref().err()];
            return Err(every_problem(&checks).into());
        };
        let turn = Turn::Adjudicate { result: *result, explanation: explanation.clone() };
        let game = self.end_from_outside(&live, key, turn, request_id.clone()).await?;
        Ok(Response::new(pb::AdjudicateGameResponse { game: Some(game) }))
    }

    async fn pause_clock(
        &self,
        request: Request<pb::PauseClockRequest>,
    ) -> Result<Response<pb::PauseClockResponse>, Status> {
        let key = self.service_key(&request, "pausing a game's clocks")?;
        let body = request.get_ref();
        let live = self.game(&body.game_id).await?;
        let view = self.change_clocks(&live, key, ClockChange::Paused, request_id(&body.request_id)?).await?;
        Ok(Response::new(pb::PauseClockResponse { view: Some(view) }))
    }

    async fn resume_clock(
        &self,
        request: Request<pb::ResumeClockRequest>,
    ) -> Result<Response<pb::ResumeClockResponse>, Status> {
        let key = self.service_key(&request, "resuming a game's clocks")?;
        let body = request.get_ref();
        let live = self.game(&body.game_id).await?;
        let view = self.change_clocks(&live, key, ClockChange::Resumed, request_id(&body.request_id)?).await?;
        Ok(Response::new(pb::ResumeClockResponse { view: Some(view) }))
    }

    async fn add_time(&self, request: Request<pb::AddTimeRequest>) -> Result<Response<pb::AddTimeResponse>, Status> {
        let key = self.service_key(&request, "adding time to a seat's clock")?;
        let body = request.get_ref();
        let live = self.game(&body.game_id).await?;
        let seat_count = live.seat_count();
        let mut violations = Violations::default();
        let seat = Seat::from_number(body.seat).filter(|seat| seat.index() < seat_count);
        if seat.is_none() {
            violations.add("seat", format!("must be between 1 and {seat_count}"));
        }
        let added = millis_from_proto(body.time.as_ref(), "time", &mut violations);
        if !(1..=MAX_ADDED_TIME_MS).contains(&added) {
            violations.add("time", "must be from 1 ms to 1 day, in whole milliseconds");
        }
        let request_id = request_id(&body.request_id);
        if let Err(ApiError::BadRequest(fields)) = &request_id {
            for (field, description) in fields {
                violations.add(field.clone(), description.clone());
            }
        }
        violations.into_result(())?;
        let (Some(seat), Ok(request_id)) = (seat, request_id) else { unreachable!("checked above") };
        let change = ClockChange::TimeAdded { seat: seat.index(), added };
        let view = self.change_clocks(&live, key, change, request_id).await?;
        Ok(Response::new(pb::AddTimeResponse { view: Some(view) }))
    }
}

impl GameServiceImpl {
    /// Applies `change` to `live`'s clocks for the service key `key`, through the same path
    /// as a move; the game afterwards as a spectator sees it.
    async fn change_clocks(
        &self,
        live: &LiveGame,
        key: Option<String>,
        change: ClockChange,
        request_id: Option<String>,
    ) -> Result<pb::View, ApiError> {
        let actor = Actor::Service { key: key.clone() };
        let request = TurnRequest {
            actor,
            command: Command::Clock(change),
            expected_seq: None,
            request_id,
            validate_only: false,
        };
        let result = self.hub.play(live, request).await?;
        tracing::info!(game_id = %live.id, key = key.as_deref(), ?change, "clocks changed");
        Ok(view_to_proto(live, result.seq, &result.view, result.clocks.as_ref()))
    }

    /// Ends `live` by `turn` (an abort or an adjudication), made by the service key `key`,
    /// through the same path as a seat's move; the game afterwards. A retry with the same
    /// request id gets the game as the first request left it.
    async fn end_from_outside(
        &self,
        live: &LiveGame,
        key: Option<String>,
        turn: Turn,
        request_id: Option<String>,
    ) -> Result<pb::Game, ApiError> {
        let ended = if matches!(turn, Turn::Abort { .. }) { "aborted" } else { "adjudicated" };
        let actor = Actor::Service { key: key.clone() };
        let request = TurnRequest { actor, command: turn.into(), expected_seq: None, request_id, validate_only: false };
        self.hub.play(live, request).await?;
        tracing::info!(game_id = %live.id, key = key.as_deref(), "game {ended}");
        Ok(game_to_proto(&live.copy().await.record))
    }
}

/// One `BadRequest` naming every bad field among the failed `checks`, so that a caller
/// learns every problem of a request at once.
fn every_problem(checks: &[Option<&ApiError>]) -> ApiError {
    let fields = checks
        .iter()
        .flatten()
        .flat_map(|error| match error {
            ApiError::BadRequest(fields) => fields.clone(),
            _ => Vec::new(),
        })
        .collect();
    ApiError::BadRequest(fields)
}

/// The result an `AdjudicateGameRequest` asks for, in a game of `seat_count` seats.
fn adjudication(request: &pb::AdjudicateGameRequest, seat_count: usize) -> Result<Adjudication, ApiError> {
    match pb::OutcomeType::try_from(request.result) {
        Ok(pb::OutcomeType::Win) => Seat::from_number(request.winner)
            .filter(|seat| seat.index() < seat_count)
            .map(Adjudication::Win)
            .ok_or_else(|| ApiError::bad_field("winner", format!("must be a seat from 1 to {seat_count} with a win"))),
        Ok(pb::OutcomeType::Draw) if request.winner == 0 => Ok(Adjudication::Draw),
        Ok(pb::OutcomeType::Draw) => Err(ApiError::bad_field("winner", "must be 0 with a draw")),
        _ => Err(ApiError::bad_field("result", "must be OUTCOME_TYPE_WIN or OUTCOME_TYPE_DRAW")),
    }
}

/// `YYYY.MM.DD` of a time, in UTC, as PGN dates are written.
fn pgn_date(time: SystemTime) -> String {
    // A protobuf timestamp prints as RFC 3339, which starts with the date.
    timestamp(time).to_string().chars().take(10).collect::<String>().replace('-', ".")
}
