//! The tournament calls: `CreateTournament` checks a request as `CreateSeries` does and
//! hands the tournament to the play layer; the reads and the stream convert what it holds;
//! the organiser's calls (start a held round, withdraw a player, cancel) are one call each.

use std::pin::Pin;

use futures_util::stream;
use tokio_stream::Stream;
use tonic::{Request, Status};

use super::GameServiceImpl;
use super::creation::{Requested, Source, checked_game};
use super::page::Page;
use super::ratings::{RatingAsked, rating_pool};
use super::series::MAX_BEST_OF;
use super::validate::{digest_of, labels_query, request_id, resource_id};
use crate::play::tokens::seat_for;
use crate::play::tournament::swiss::cards::derived_rounds as swiss_rounds;
use crate::play::tournament::{TournamentRequest, standings_after, trf};
use crate::play::{
    Board, BotSeat, Entrant, MAX_ROUND_ROBIN_PLAYERS, Player, TournamentFormat, TournamentRecord, TournamentStatus,
};
use crate::proto::tabula::v1 as pb;
use crate::service::auth::Credential;
use crate::service::convert::{
    Violations, entrant_from_proto, entrants_from_proto, format_from_proto, labels_from_proto, points_from_proto,
    tie_breaks_from_proto, tournament_events, tournament_status_from_proto, tournament_to_proto,
};
use crate::service::error::ApiError;

/// The stream a `StreamTournamentEvents` call answers with.
pub type TournamentEventStream = Pin<Box<dyn Stream<Item = Result<pb::StreamTournamentEventsResponse, Status>> + Send>>;

/// Who may read a tournament: a service key always; a player with their token; anyone
/// else only a tournament that is not private.
fn check_access(credential: &Credential, tournament: &TournamentRecord) -> Result<(), ApiError> {
    match credential {
        Credential::ServiceKey(_) => Ok(()),
        Credential::SeatToken(token) => match seat_for(token, &tournament.token_hashes) {
            Some(_) => Ok(()),
            None => Err(ApiError::InvalidCredential("the token is not a player's token of this tournament")),
        },
        Credential::None | Credential::Signed(_) if tournament.private => {
            Err(ApiError::PrivateTournament(tournament.id.clone()))
        }
        Credential::None | Credential::Signed(_) => Ok(()),
    }
}

/// The longest TRF a creation takes.
const MAX_TRF_BYTES: usize = 2 << 20;

/// The rounds a Swiss continued from a TRF (`request.trf`) played, once they read right
/// (each problem a violation of `trf`); none for a new tournament.
fn imported_rounds(
    request: &pb::CreateTournamentRequest,
    format: Option<TournamentFormat>,
    players: usize,
    violations: &mut Violations,
) -> Vec<Vec<Board>> {
    if request.trf.is_empty() {
        return Vec::new();
    }
    let Some(TournamentFormat::Swiss { rounds, .. }) = format else {
        violations.add("trf", "continues a Swiss; leave it unset for another format");
        return Vec::new();
    };
    if request.trf.len() > MAX_TRF_BYTES {
        violations.add("trf", format!("is {} bytes; at most {MAX_TRF_BYTES}", request.trf.len()));
        return Vec::new();
    }
    let lines = match trf::read_players(&request.trf) {
        Ok(lines) => lines,
        Err(error) => {
            violations.add("trf", format!("is not a TRF: {error}"));
            return Vec::new();
        }
    };
    let points = points_from_proto(request.scoring.as_ref(), &mut Violations::default());
    match trf::rounds_from_lines(&lines, players, points) {
        Ok(played) => {
            if played.len() as u32 >= rounds {
                let why =
                    format!("the file played {} rounds: a continued Swiss plays more ({rounds} asked)", played.len());
                violations.add("rounds", why);
            }
            played
        }
        Err(problems) => {
            for problem in problems {
                violations.add("trf", problem);
            }
            Vec::new()
        }
    }
}

impl GameServiceImpl {
    pub(super) async fn create_tournament_call(
        &self,
        request: Request<pb::CreateTournamentRequest>,
    ) -> Result<pb::CreateTournamentResponse, ApiError> {
        let owner = self.gate.service_key(&request, "creating a tournament")?;
        let request = request.into_inner();
        let request_id = request_id(&request.request_id)?;
        let source = request.source.as_ref().map(|source| match source {
            pb::create_tournament_request::Source::Config(config) => Source::Config(config),
            pb::create_tournament_request::Source::Preset(name) => Source::Preset(name),
            pb::create_tournament_request::Source::SavedConfig(name) => Source::SavedConfig(name),
        });
        let preset = match &request.source {
            Some(pb::create_tournament_request::Source::Preset(name)) => Some(name.as_str()),
            _ => None,
        };
        let requested = self.requested(source, request.kind, owner.as_deref()).await?;
        let window_field = requested.option_field("ending_takeback_window");
        let Requested { config, clock, field, .. } = requested;
        // Each game draws its random parts: check one such game.
        let (game, clock) = checked_game(&config.clone().drawn(), clock, "config", &field)?;
        let kind = config.kind();
        let mut violations = Violations::default();
        if game.seat_count() != 2 {
            violations.add("kind", format!("is {}, which is not played by two: a tournament pairs two", kind.name()));
        }
        if config.play_options().ending_takeback_ms.is_some() {
            violations.add(
                window_field.clone(),
                "a tournament moves on when a game ends, so its games' ends are final at once; leave it unset",
            );
        }
        let format = match format_from_proto(request.format, &mut violations) {
            Some(TournamentFormat::Knockout { .. }) => {
                let best_of = request.best_of.max(1);
                if best_of > MAX_BEST_OF || best_of.is_multiple_of(2) {
                    violations.add(
                        "best_of",
                        format!("must be odd, from 1 to {MAX_BEST_OF}, so that each match has a winner"),
                    );
                }
                Some(TournamentFormat::Knockout { best_of })
            }
            other => {
                if request.best_of != 0 {
                    violations.add("best_of", "is for a knockout's matches; leave it unset");
                }
                other
            }
        };
        let players = entrants_from_proto(&request.players, kind, &mut violations);
        let format = match format {
            Some(TournamentFormat::Swiss { .. }) => {
                let count = players.len() as u32;
                let rounds = if request.rounds == 0 { swiss_rounds(count) } else { request.rounds };
                if request.rounds != 0 && count >= 2 && request.rounds >= count {
                    let why = format!(
                        "{} rounds of {count} players would need a rematch: at most {}",
                        request.rounds,
                        count - 1
                    );
                    violations.add("rounds", why);
                }
                Some(TournamentFormat::Swiss { rounds, accelerated: request.accelerated })
            }
            other => {
                if request.rounds != 0 {
                    violations
                        .add("rounds", "is for a Swiss, whose rounds are not fixed by its players; leave it unset");
                }
                if request.accelerated {
                    violations.add("accelerated", "accelerates a Swiss's pairings; leave it unset");
                }
                other
            }
        };
        let imported = imported_rounds(&request, format, players.len(), &mut violations);
        let seeded = matches!(format, Some(TournamentFormat::Knockout { .. } | TournamentFormat::Swiss { .. }));
        if request.seed_by_rating && !(seeded && request.rating_pool != 0) {
            violations.add(
                "seed_by_rating",
                "seeds a knockout (or numbers a Swiss) by the ratings of its rating_pool: it needs both",
            );
        }
        if matches!(format, Some(TournamentFormat::RoundRobin { .. })) && players.len() > MAX_ROUND_ROBIN_PLAYERS {
            violations.add(
                "players",
                format!("has {} players; a round robin takes at most {MAX_ROUND_ROBIN_PLAYERS}", players.len()),
            );
        }
        let points = points_from_proto(request.scoring.as_ref(), &mut violations);
        let tie_breaks = tie_breaks_from_proto(&request.tie_breaks, format, &mut violations);
        let labels = labels_from_proto(&request.labels, "labels", &mut violations);
        // A rated tournament rates every game: check the pool as for a game between two of
        // its players, and that no two are rated as the same one.
        let pool = if request.rating_pool == 0 || game.seat_count() != 2 {
            None
        } else {
            let seated: Vec<Player> =
                players.iter().take(2).map(|p| Player { id: p.id.clone(), name: String::new() }).collect();
            let asked = RatingAsked {
                pool: request.rating_pool,
                kind,
                preset,
                seats: 2,
                players: &seated,
                bots: &[] as &[BotSeat],
                ending_takeback: None,
            };
            let pool = rating_pool(&asked, &mut violations);
            let mut rated: Vec<String> = players.iter().map(Entrant::rated_id).collect();
            rated.sort();
            if rated.windows(2).any(|pair| pair[0] == pair[1]) {
                violations.add("players", "in a rated tournament each player is rated as its own: two engine players of one level are one player");
            }
            pool
        };
        violations.into_result(())?;
        let Some(format) = format else { return Err(ApiError::bad_field("format", "is required")) };
        let (now, seed_by_rating) = (self.hub.now(), request.seed_by_rating);
        let record = TournamentRecord {
            id: String::new(),
            allow_hints: request.allow_hints.unwrap_or_else(|| kind.hints_by_default()),
            owner: owner.clone(),
            config,
            clock,
            format,
            players,
            seeds: Vec::new(),
            token_hashes: Vec::new(),
            points,
            tie_breaks,
            hold_rounds: request.hold_rounds,
            released: 0,
            rating_pool: pool,
            private: request.private,
            labels,
            rounds: Vec::new(),
            history: Vec::new(),
            status: TournamentStatus::InProgress,
            created: now,
            updated: now,
            revision: 0,
            request_digest: Some(digest_of(&pb::CreateTournamentRequest { request_id: String::new(), ..request })),
        };
        let request = TournamentRequest { record, request_id, seed_by_rating, imported };
        let made = self.hub.create_tournament(request).await?;
        let tournament = &made.tournament;
        tracing::info!(tournament_id = %tournament.id, kind = kind.name(), owner = owner.as_deref(), players = tournament.players.len(), retried = made.retried, "tournament created");
        let player_tokens = made
            .tokens
            .into_iter()
            .flatten()
            .map(|(player, token)| pb::TournamentPlayerToken { player, token })
            .collect();
        Ok(pb::CreateTournamentResponse {
            tournament: Some(tournament_to_proto(tournament)),
            player_tokens,
            retried: made.retried,
        })
    }

    /// The tournament `id` names, once the caller may read it.
    async fn readable_tournament<T>(&self, request: &Request<T>, id: &str) -> Result<TournamentRecord, ApiError> {
        self.gate.public(request)?;
        let credential = self.gate.auth().credential(request.metadata())?;
        let tournament = self.hub.tournament(resource_id(id, "tournament_id")?).await?;
        check_access(&credential, &tournament)?;
        Ok(tournament)
    }

    pub(super) async fn get_tournament_call(
        &self,
        request: Request<pb::GetTournamentRequest>,
    ) -> Result<pb::GetTournamentResponse, ApiError> {
        let tournament = self.readable_tournament(&request, &request.get_ref().tournament_id).await?;
        Ok(pb::GetTournamentResponse { tournament: Some(tournament_to_proto(&tournament)) })
    }

    pub(super) async fn list_tournaments_call(
        &self,
        request: Request<pb::ListTournamentsRequest>,
    ) -> Result<pb::ListTournamentsResponse, ApiError> {
        self.gate.service_key(&request, "listing tournaments")?;
        let request = request.into_inner();
        let mut violations = Violations::default();
        let status = tournament_status_from_proto(request.status, &mut violations);
        let labels = labels_from_proto(&request.labels, "labels", &mut violations);
        violations.into_result(())?;
        let query = format!("tournaments,{},{}", request.status, labels_query(&labels));
        let page = Page::asked(request.page_size, &request.page_token, query)?;
        let found = self.hub.list_tournaments(status, &labels, page.after.as_deref(), page.to_read()).await?;
        let (found, next_page_token) = page.finish(found, |tournament| &tournament.id);
        Ok(pb::ListTournamentsResponse {
            tournaments: found.iter().map(tournament_to_proto).collect(),
            next_page_token,
        })
    }

    pub(super) async fn stream_tournament_events_call(
        &self,
        request: Request<pb::StreamTournamentEventsRequest>,
    ) -> Result<TournamentEventStream, ApiError> {
        let tournament = self.readable_tournament(&request, &request.get_ref().tournament_id).await?;
        let after = request.get_ref().after_seq;
        let current = tournament.history.len() as u64;
        if after > current {
            return Err(ApiError::SeqOutOfRange { after, current });
        }
        let revisions =
            self.hub.follow_tournament(&tournament.id, self.limits.max_streams_per_game, self.shutdown.clone()).await?;
        // Each revision's events after those already sent: a tournament's history only grows.
        let mut sent = after as usize;
        let events = futures_util::StreamExt::flat_map(revisions, move |revision| {
            let events: Vec<Result<pb::StreamTournamentEventsResponse, Status>> = match revision {
                Ok(tournament) => {
                    let new = tournament_events(&tournament).into_iter().skip(sent);
                    let new: Vec<_> =
                        new.map(|event| Ok(pb::StreamTournamentEventsResponse { event: Some(event) })).collect();
                    sent += new.len();
                    new
                }
                Err(error) => vec![Err(Status::from(ApiError::from(error)))],
            };
            stream::iter(events)
        });
        Ok(Box::pin(events))
    }

    pub(super) async fn export_tournament_trf_call(
        &self,
        request: Request<pb::ExportTournamentTrfRequest>,
    ) -> Result<pb::ExportTournamentTrfResponse, ApiError> {
        let tournament = self.readable_tournament(&request, &request.get_ref().tournament_id).await?;
        let standings = standings_after(&tournament, tournament.rounds.len());
        Ok(pb::ExportTournamentTrfResponse { trf: trf::export(&tournament, &standings) })
    }

    pub(super) async fn start_tournament_round_call(
        &self,
        request: Request<pb::StartTournamentRoundRequest>,
    ) -> Result<pb::StartTournamentRoundResponse, ApiError> {
        let key = self.gate.service_key(&request, "starting a tournament's round")?;
        let body = request.get_ref();
        let id = resource_id(&body.tournament_id, "tournament_id")?;
        let tournament = self.hub.start_tournament_round(id, body.round).await?;
        tracing::info!(tournament_id = %id, round = body.round, key = key.as_deref(), "tournament round started");
        Ok(pb::StartTournamentRoundResponse { tournament: Some(tournament_to_proto(&tournament)) })
    }

    pub(super) async fn withdraw_tournament_player_call(
        &self,
        request: Request<pb::WithdrawTournamentPlayerRequest>,
    ) -> Result<pb::WithdrawTournamentPlayerResponse, ApiError> {
        let key = self.gate.service_key(&request, "withdrawing a tournament's player")?;
        let body = request.get_ref();
        let id = resource_id(&body.tournament_id, "tournament_id")?;
        let tournament = self.hub.withdraw_from_tournament(id, body.player).await?;
        tracing::info!(tournament_id = %id, player = body.player, key = key.as_deref(), "tournament player withdrawn");
        Ok(pb::WithdrawTournamentPlayerResponse { tournament: Some(tournament_to_proto(&tournament)) })
    }

    pub(super) async fn add_tournament_player_call(
        &self,
        request: Request<pb::AddTournamentPlayerRequest>,
    ) -> Result<pb::AddTournamentPlayerResponse, ApiError> {
        let key = self.gate.service_key(&request, "adding a tournament's player")?;
        let body = request.get_ref();
        let id = resource_id(&body.tournament_id, "tournament_id")?;
        let Some(player) = body.player.as_ref() else { return Err(ApiError::bad_field("player", "is required")) };
        let tournament = self.hub.tournament(id).await?;
        let mut violations = Violations::default();
        let entrant = entrant_from_proto(player, "player", tournament.config.kind(), &[], &mut violations);
        violations.into_result(())?;
        let (tournament, token) = self.hub.add_to_tournament(id, entrant).await?;
        let player_token = token.map(|(player, token)| pb::TournamentPlayerToken { player, token });
        let number = tournament.players.len();
        tracing::info!(tournament_id = %id, players = number, key = key.as_deref(), "tournament player added");
        Ok(pb::AddTournamentPlayerResponse { tournament: Some(tournament_to_proto(&tournament)), player_token })
    }

    pub(super) async fn cancel_tournament_call(
        &self,
        request: Request<pb::CancelTournamentRequest>,
    ) -> Result<pb::CancelTournamentResponse, ApiError> {
        let key = self.gate.service_key(&request, "cancelling a tournament")?;
        let id = resource_id(&request.get_ref().tournament_id, "tournament_id")?;
        let tournament = self.hub.cancel_tournament(id).await?;
        tracing::info!(tournament_id = %id, key = key.as_deref(), "tournament cancelled");
        Ok(pb::CancelTournamentResponse { tournament: Some(tournament_to_proto(&tournament)) })
    }
}
