//! `CreateGame`, and what it shares with `CreateSeries`: reading the configuration a
//! request asks for (a configuration, a preset, a saved configuration or a PGN), checking
//! the match it starts with its clock, and seating the engine and the players, every
//! problem of a request named at once.

use std::time::{Duration, SystemTime};

use tonic::Request;

use super::GameServiceImpl;
use super::admission::game;
use super::ratings::{RatingAsked, rating_pool};
use super::validate::{digest_of, every_problem, optional_kind, optional_time, request_id, saved_name};
use crate::engine::clock::ClockConfig;
use crate::engine::{Action, AnyMatch, ConfigError, Seat, Turn};
use crate::games::{GameConfig, GameKind, chess};
use crate::play::{BotSeat, GameRequest, Labels, NewGame, Player, RematchRequest};
use crate::proto::tabula::v1 as pb;
use crate::service::convert::spectator_delay_from_proto;
use crate::service::convert::{
    Violations, bot_seats_from_proto, clock_from_proto, config_from_proto, game_to_proto, labels_from_proto,
    players_from_proto,
};
use crate::service::error::ApiError;

/// Longest preset name accepted.
pub const MAX_PRESET_LEN: usize = 64;
/// Most games one `BatchCreateGames` makes.
pub const MAX_BATCH_GAMES: usize = 500;

/// Where a game's configuration comes from, as a creation names it.
pub enum Source<'a> {
    Config(&'a pb::GameConfig),
    Preset(&'a str),
    SavedConfig(&'a str),
    Pgn(&'a pb::PgnImport),
}

impl<'a> Source<'a> {
    /// The source of a `CreateGameRequest`.
    fn of_game(source: Option<&'a pb::create_game_request::Source>) -> Option<Source<'a>> {
        use pb::create_game_request::Source as Wire;
        Some(match source? {
            Wire::Config(config) => Source::Config(config),
            Wire::Preset(name) => Source::Preset(name),
            Wire::SavedConfig(name) => Source::SavedConfig(name),
            Wire::Pgn(import) => Source::Pgn(import),
        })
    }

    /// The source of a `CreateSeriesRequest`.
    pub fn of_series(source: Option<&'a pb::create_series_request::Source>) -> Option<Source<'a>> {
        use pb::create_series_request::Source as Wire;
        Some(match source? {
            Wire::Config(config) => Source::Config(config),
            Wire::Preset(name) => Source::Preset(name),
            Wire::SavedConfig(name) => Source::SavedConfig(name),
        })
    }
}

/// What a creation asks for: the configuration (defaults filled in, random parts not yet
/// drawn), its time control not yet checked against the game's seats, the request field
/// the configuration's problems are reported under, and the moves to play at once (an
/// imported PGN's).
pub struct Requested {
    pub config: GameConfig,
    pub clock: Option<ClockConfig>,
    pub field: String,
    pub moves: Vec<(Seat, Action)>,
}

impl Requested {
    /// The request field that holds the configuration's play option `option` (a field of
    /// `GameConfig` itself): in the config sent, or the saved configuration named.
    pub fn option_field(&self, option: &str) -> String {
        match self.field.as_str() {
            "saved_config" | "preset" => self.field.clone(),
            _ => format!("config.{option}"),
        }
    }
}

impl GameServiceImpl {
    /// What `source` asks for in a game of kind `kind` (the request's `kind`, which may be
    /// unspecified), a saved configuration read as `owner`'s.
    pub(super) async fn requested(
        &self,
        source: Option<Source<'_>>,
        kind: i32,
        owner: Option<&str>,
    ) -> Result<Requested, ApiError> {
        let kind = optional_kind(kind)?;
        let source = source
            .ok_or_else(|| ApiError::bad_field("source", "is required: set config, preset, pgn or saved_config"))?;
        let requested = match source {
            Source::SavedConfig(name) => {
                let name = saved_name(name, "source.saved_config")?;
                let saved = self.hub.saved_config(owner.unwrap_or_default(), &name).await?;
                // A saved configuration keeps its random parts: each game draws them anew.
                Requested {
                    config: saved.config,
                    clock: saved.clock,
                    field: "saved_config".to_owned(),
                    moves: Vec::new(),
                }
            }
            Source::Config(wire) => {
                let (config, clock) = config_and_clock(wire, "config")?;
                let field = format!("config.{}", config.kind().name());
                Requested { config, clock, field, moves: Vec::new() }
            }
            Source::Pgn(import) => match kind {
                None | Some(GameKind::Chess) => import_pgn(import)?,
                Some(other) => {
                    return Err(ApiError::bad_field("kind", format!("is {} but a PGN is a chess game", other.name())));
                }
            },
            Source::Preset(name) => {
                let kind = kind.ok_or_else(|| ApiError::bad_field("kind", "is required with a preset"))?;
                if name.len() > MAX_PRESET_LEN {
                    return Err(ApiError::bad_field("preset", format!("is longer than {MAX_PRESET_LEN} characters")));
                }
                let preset = kind.preset(name).ok_or_else(|| ApiError::UnknownPreset {
                    kind: kind.name(),
                    name: name.to_owned(),
                    known: kind.info().presets.iter().map(|p| p.name).collect(),
                })?;
                let config = preset.config.with_defaults();
                Requested { config, clock: preset.clock, field: "preset".to_owned(), moves: Vec::new() }
            }
        };
        if let Some(kind) = kind.filter(|kind| *kind != requested.config.kind()) {
            let what = if requested.field == "saved_config" { "the saved configuration" } else { "the config" };
            return Err(ApiError::bad_field(
                "kind",
                format!("is {} but {what} is for {}", kind.name(), requested.config.kind().name()),
            ));
        }
        Ok(requested)
    }

    pub(super) async fn create_game_call(
        &self,
        request: Request<pb::CreateGameRequest>,
    ) -> Result<pb::CreateGameResponse, ApiError> {
        let owner = self.gate.service_key(&request, "creating a game")?;
        let request = request.into_inner();
        let request_id = request_id(&request.request_id)?;
        let asked = GameRequest { request_id, ..self.game_asked(request, owner).await? };
        Ok(created_to_proto(self.hub.create_game(asked).await?).await)
    }

    pub(super) async fn batch_create_games_call(
        &self,
        request: Request<pb::BatchCreateGamesRequest>,
    ) -> Result<pb::BatchCreateGamesResponse, ApiError> {
        let owner = self.gate.service_key(&request, "creating games")?;
        let request = request.into_inner();
        let batch_id = request_id(&request.request_id);
        let mut violations = Violations::default();
        if !(1..=MAX_BATCH_GAMES).contains(&request.requests.len()) {
            let count = request.requests.len();
            violations.add("requests", format!("holds {count} games; a batch creates 1 to {MAX_BATCH_GAMES}"));
        }
        let request_digest = digest_of(&pb::BatchCreateGamesRequest { request_id: String::new(), ..request.clone() });
        // Every request is checked, so that one answer names every problem of every one.
        let (mut asked, mut refused) = (Vec::with_capacity(request.requests.len()), None);
        for (index, game) in request.requests.into_iter().enumerate() {
            let within = format!("requests[{index}]");
            if !game.request_id.is_empty() {
                violations.add(format!("{within}.request_id"), "must be empty: the batch's request_id is every game's");
            }
            match self.game_asked(game, owner.clone()).await {
                Ok(game) => asked.push(game),
                Err(error) => match error.violations() {
                    found if found.is_empty() => _ = refused.get_or_insert(error),
                    found => {
                        found.into_iter().for_each(|v| violations.add(format!("{within}.{}", v.field), v.description))
                    }
                },
            }
        }
        // Every field at fault if any is; otherwise the first refusal that names none.
        let batch_id = match (batch_id, violations.into_result(()), refused) {
            (Ok(id), Ok(()), None) => id,
            (Ok(_), Ok(()), Some(refused)) => return Err(refused),
            (id, checked, _) => return Err(every_problem(&[id.as_ref().err(), checked.as_ref().err()])),
        };
        let max_in_progress = owner.is_some().then_some(self.limits.max_games_per_key);
        let made = self.hub.create_games(asked, batch_id, request_digest, max_in_progress).await?;
        tracing::info!(games = made.len(), owner = owner.as_deref(), "games created in a batch");
        let mut games = Vec::with_capacity(made.len());
        for game in made {
            games.push(created_to_proto(game).await);
        }
        Ok(pb::BatchCreateGamesResponse { games })
    }

    pub(super) async fn create_rematch_call(
        &self,
        request: Request<pb::CreateRematchRequest>,
    ) -> Result<pb::CreateRematchResponse, ApiError> {
        let owner = self.gate.service_key(&request, "creating a rematch")?;
        let body = request.into_inner();
        let request_id = request_id(&body.request_id)?;
        let of = game(&self.hub, &body.game_id).await?;
        let asked = RematchRequest {
            max_in_progress: owner.is_some().then_some(self.limits.max_games_per_key),
            owner,
            request_id,
            request_digest: digest_of(&pb::CreateRematchRequest { request_id: String::new(), ..body.clone() }),
        };
        let made = self.hub.create_rematch(&of, asked).await?;
        let pb::CreateGameResponse { game, seat_tokens, retried } = created_to_proto(made).await;
        Ok(pb::CreateRematchResponse { game, seat_tokens, retried })
    }

    /// The game `request` asks `owner` to create, checked and converted; its request id is
    /// left to the caller.
    async fn game_asked(&self, request: pb::CreateGameRequest, owner: Option<String>) -> Result<GameRequest, ApiError> {
        let source = Source::of_game(request.source.as_ref());
        let preset = match &request.source {
            Some(pb::create_game_request::Source::Preset(name)) => Some(name.as_str()),
            _ => None,
        };
        let requested = self.requested(source, request.kind, owner.as_deref()).await?;
        let window_field = requested.option_field("ending_takeback_window");
        let Requested { config, clock, field, moves } = requested;
        let config = config.drawn();
        let (game, clock) = checked_game(&config, clock, "config", &field)?;
        let Seating { bots, players, labels } =
            seating(&request.bots, &request.players, &request.labels, config.kind(), game.seat_count())?;
        let mut violations = Violations::default();
        let rating_pool = rating_pool(
            &RatingAsked {
                pool: request.rating_pool,
                kind: config.kind(),
                preset,
                seats: game.seat_count(),
                players: &players,
                bots: &bots,
                ending_takeback: config.play_options().ending_takeback_ms.is_some().then(|| window_field.clone()),
            },
            &mut violations,
        );
        violations.into_result(())?;
        let allow_hints = request.allow_hints.unwrap_or_else(|| config.kind().hints_by_default());
        let start_at = scheduled_start(request.start_time.as_ref(), self.hub.now())?;
        let spectator_delay = spectator_delay_from_proto(request.spectator_delay.as_ref())?;
        if spectator_delay.is_some() && config.play_options().ending_takeback_ms.is_some() {
            return Err(ApiError::bad_field(
                "spectator_delay",
                format!(
                    "a game whose end may be taken back ({window_field}) shows everyone its end, which a delay \
                     would hold back; leave one of the two unset"
                ),
            ));
        }
        Ok(GameRequest {
            spectator_delay,
            owner_moves: request.owner_stream_moves,
            config,
            game,
            clock,
            // The store checks the owner's count and creates in one step, so the cap holds
            // under any concurrency and across replicas.
            max_in_progress: owner.is_some().then_some(self.limits.max_games_per_key),
            owner,
            private: request.private,
            bots,
            players,
            labels,
            allow_hints,
            imported: moves.into_iter().map(|(seat, action)| Turn::Move(seat, action)).collect(),
            request_id: None,
            request_digest: digest_of(&pb::CreateGameRequest { request_id: String::new(), ..request }),
            start_at,
            rating_pool,
        })
    }
}

/// The furthest ahead a game may be scheduled to start.
const MAX_START_AHEAD: Duration = Duration::from_secs(30 * 24 * 3_600);

/// When a game asked to start at `start_time` starts, `now` being its creation: `None` for
/// at once (no time, or one not ahead).
///
/// # Errors
/// `INVALID_REQUEST` for a time beyond [`MAX_START_AHEAD`].
fn scheduled_start(
    start_time: Option<&prost_types::Timestamp>,
    now: SystemTime,
) -> Result<Option<SystemTime>, ApiError> {
    let Some(start) = optional_time(start_time, "start_time")?.filter(|start| *start > now) else { return Ok(None) };
    if start > now + MAX_START_AHEAD {
        return Err(ApiError::bad_field("start_time", "must be at most 30 days ahead"));
    }
    Ok(Some(start))
}

/// The answer to a creation: the game, its seat tokens (none on a retry that came too late
/// to replace them), whether it was a retry.
async fn created_to_proto(made: NewGame) -> pb::CreateGameResponse {
    let record = made.live.copy().await.record;
    tracing::info!(game_id = %record.id, kind = record.kind().name(), owner = record.owner.as_deref(), retried = made.retried, "game created");
    let seat_names = record.kind().seat_names();
    let seat_tokens = made
        .tokens
        .into_iter()
        .enumerate()
        .map(|(i, token)| pb::SeatToken {
            seat: i as u32 + 1,
            seat_name: seat_names.get(i).copied().unwrap_or_default().to_owned(),
            token,
        })
        .collect();
    pb::CreateGameResponse { game: Some(game_to_proto(&record)), seat_tokens, retried: made.retried }
}

/// Who and what a creation names besides its configuration: the bots and players it seats
/// in a game of `kind` with `seats` seats, and its labels.
pub struct Seating {
    pub bots: Vec<BotSeat>,
    pub players: Vec<Player>,
    pub labels: Labels,
}

/// The bots and players a creation seats in a game of `kind` with `seats` seats, and its
/// labels, every problem of all three named at once.
pub fn seating(
    bots: &[pb::BotSeat],
    players: &[pb::Player],
    labels: &std::collections::BTreeMap<String, String>,
    kind: GameKind,
    seats: usize,
) -> Result<Seating, ApiError> {
    let mut violations = Violations::default();
    let bots = bot_seats_from_proto(bots, kind, "bots", &mut violations);
    let players = players_from_proto(players, seats, "players", &mut violations);
    let labels = labels_from_proto(labels, "labels", &mut violations);
    violations.into_result(Seating { bots, players, labels })
}

/// A wire configuration and its time control, read in one go so that one error names
/// every problem of both; `field` names the configuration in errors.
pub fn config_and_clock(wire: &pb::GameConfig, field: &str) -> Result<(GameConfig, Option<ClockConfig>), ApiError> {
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
pub fn checked_game(
    config: &GameConfig,
    clock: Option<ClockConfig>,
    field: &str,
    game_field: &str,
) -> Result<(Box<dyn AnyMatch>, Option<ClockConfig>), ApiError> {
    let seats = config.kind().seat_count();
    match (config.new_match(), clock.map(|clock| clock.for_seats(seats, "clock")).transpose()) {
        (Ok(game), Ok(clock)) => Ok((game, clock)),
        (Err(error), Ok(_)) => Err(ApiError::InvalidConfig { field: game_field.to_owned(), error }),
        // Every problem at once, the game's and the clock's (which only a config given in
        // full can hold), each named from `config`.
        (game, Err(clock_problems)) => {
            let mut error = ConfigError::default();
            let kind = config.kind().name();
            for violation in game.err().unwrap_or_default().violations {
                error.add(&format!("{kind}.{}", violation.field), violation.description);
            }
            error.violations.extend(clock_problems.violations);
            Err(ApiError::InvalidConfig { field: field.to_owned(), error })
        }
    }
}

/// The configuration and moves of an imported PGN; the game's creation plays them.
fn import_pgn(import: &pb::PgnImport) -> Result<Requested, ApiError> {
    let imported = chess::pgn::import(&import.pgn).map_err(ApiError::InvalidPgn)?;
    let plies = import.ply.map_or(imported.actions.len(), |ply| ply as usize);
    if plies > imported.actions.len() {
        return Err(ApiError::bad_field("pgn.ply", format!("the game has only {} plies", imported.actions.len())));
    }
    let moves = imported.seated(plies);
    Ok(Requested {
        config: GameConfig::Chess(imported.config).with_defaults(),
        clock: None,
        field: "pgn".to_owned(),
        moves,
    })
}
