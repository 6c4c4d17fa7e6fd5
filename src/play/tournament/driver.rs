//! The tournament driver: makes a tournament, pairs each round and makes its games when
//! the round before has ended, scores each board when its game ends, and ends the
//! tournament after its last round.
//!
//! Every step is [`TournamentDriver::advance`], which may run any number of times, in any
//! process, at once, as a series' does: a board's game is made with a request id of the
//! tournament, round, board and try, so a second creation finds the first one's game; and
//! the record is replaced only if nobody replaced it since it was read
//! ([`Store::update_tournament`]), so of two processes making the same round one wins and
//! the other reads its work. A game's end calls it at once; a sweep calls it for every
//! tournament in progress, for what a crash interrupted.

use std::sync::{Arc, Weak};
use std::time::Duration;

use tokio::sync::watch;

use super::berger::{self, Cycles};
use super::bracket;
use super::standings::{Entry, GameResult, Standing, standings, swiss_standings};
use super::swiss::{self, colours::Colour};
use crate::engine::{Outcome, Seat};
use crate::play::cache::Games;
use crate::play::creation::{Created, Creation, Creator};
use crate::play::error::PlayError;
use crate::play::follow::{self, Revisions, StreamCounts};
use crate::play::ratings::{game_rating, seated_rating};
use crate::play::series::SeriesDriver;
use crate::play::time::TimeSource;
use crate::play::tokens::new_token;
use crate::store::{
    Board, BoardResult, BotSeat, Entrant, GameRecord, Happening, HistoryEntry, Labels, MAX_TOURNAMENT_PLAYERS,
    OwnerEventKind, OwnerNote, Player, Round, SeriesDraws, SeriesLength, SeriesRecord, SeriesStatus, Store, StoreError,
    TokenHash, TournamentFormat, TournamentLink, TournamentRecord, TournamentStatus, log_owner, to_stored_precision,
};

/// How often every tournament in progress is looked at, to finish what a crash interrupted.
const SWEEP_EVERY: Duration = Duration::from_secs(30);
/// Tournaments read per page of a sweep.
const SWEEP_PAGE: usize = 100;
/// Most steps one call takes, retries after another process moved the tournament on
/// included.
const MAX_STEPS: usize = 16;
/// Most games made for one board: a game that ends without a result (or is deleted) is
/// played again, up to this many in all; the board is then unplayed.
pub const MAX_TRIES: u32 = 3;

/// A new tournament as a caller asks for it: the driver gives it its id, its time and its
/// players' tokens.
pub struct TournamentRequest {
    /// Its record as asked, but for the id, times, tokens, rounds and history.
    pub record: TournamentRecord,
    /// Makes retries safe: the creator's id for this request.
    pub request_id: Option<String>,
    /// In a knockout, seed the players by their ratings in the tournament's pool (the best
    /// first) rather than in their order; in a Swiss, number them so.
    pub seed_by_rating: bool,
    /// A Swiss continued from elsewhere: the rounds it played there, every board ended
    /// (read from a TRF); the tournament pairs the round after them.
    pub imported: Vec<Vec<Board>>,
}

/// A tournament made (or found again).
pub struct NewTournament {
    /// The tournament.
    pub tournament: TournamentRecord,
    /// Each person's token, by player number (none for the engine's players); `None` on a
    /// retry, which cannot show the first answer's tokens again.
    pub tokens: Option<Vec<(u32, String)>>,
    /// Whether an earlier request with the same id made it.
    pub retried: bool,
}

/// A board's game as a step finds it.
enum Found {
    /// It ended so, at its event `seq`.
    Ended(Outcome, u64),
    /// It is still being played.
    Playing,
    /// Deleted.
    Deleted,
}

/// Tournaments: made, moved on after each game, followed.
pub struct TournamentDriver {
    store: Arc<dyn Store>,
    games: Arc<Games>,
    creator: Arc<Creator>,
    /// Makes and reads a knockout's matches.
    series: Arc<SeriesDriver>,
    time: TimeSource,
    /// Counts the tournaments this process moved on, for their streams to look again.
    changed: watch::Sender<u64>,
    /// Event streams open per tournament.
    streams: StreamCounts,
    /// The driver itself, for the tasks it spawns.
    me: Weak<TournamentDriver>,
}

/// How many rounds `tournament` plays in all.
pub fn round_count(tournament: &TournamentRecord) -> u32 {
    let players = tournament.players.len() as u32;
    match tournament.format {
        TournamentFormat::RoundRobin { cycles } => berger::rounds_in_a_cycle(players) * cycles,
        TournamentFormat::Knockout { .. } => bracket::rounds(players),
        TournamentFormat::Swiss { rounds, .. } => rounds,
    }
}

/// The players by seed: `seeds[0]` is the first seed's number.
pub fn seeds(tournament: &TournamentRecord) -> Vec<u32> {
    if tournament.seeds.is_empty() { (1..=tournament.players.len() as u32).collect() } else { tournament.seeds.clone() }
}

/// The standings of `tournament` after the results of its first `rounds` rounds.
pub fn standings_after(tournament: &TournamentRecord, rounds: usize) -> Vec<Standing> {
    if let TournamentFormat::Knockout { .. } = tournament.format {
        let played: Vec<Vec<Board>> = tournament.rounds.iter().take(rounds).map(|r| r.boards.clone()).collect();
        return bracket::standings(tournament.players.len() as u32, &played, tournament.points);
    }
    let by_round: Vec<Vec<Entry>> = tournament
        .rounds
        .iter()
        .take(rounds)
        .map(|round| round.boards.iter().filter_map(board_entry).collect())
        .collect();
    let players = tournament.players.len() as u32;
    if let TournamentFormat::Swiss { rounds: total, .. } = tournament.format {
        return swiss_standings(players, &by_round, total, tournament.points, &tournament.tie_breaks);
    }
    let entries: Vec<Entry> = by_round.into_iter().flatten().collect();
    standings(players, &entries, tournament.points, &tournament.tie_breaks)
}

/// What a board that ended adds to the standings: a game, a bye or a forfeit; nothing for
/// a board not played or not yet ended.
fn board_entry(board: &Board) -> Option<Entry> {
    let game = |result| Some(Entry::Game { white: board.white, black: board.black?, result });
    match board.result? {
        BoardResult::WhiteWins => game(GameResult::WhiteWins),
        BoardResult::Draw => game(GameResult::Draw),
        BoardResult::BlackWins => game(GameResult::BlackWins),
        BoardResult::Forfeit { winner } => {
            let black = board.black?;
            let loser = if winner == board.white { black } else { board.white };
            Some(Entry::Forfeit { winner, loser })
        }
        BoardResult::Bye => Some(Entry::Bye(board.white)),
        BoardResult::Unplayed => None,
    }
}

/// A round robin's board for `pair`, decided at once when a player withdrew (`out`).
fn robin_board(pair: berger::Board, out: impl Fn(u32) -> bool) -> Board {
    match pair {
        berger::Board::Bye(player) if out(player) => {
            Board { white: player, black: None, result: Some(BoardResult::Unplayed), ..Board::default() }
        }
        berger::Board::Bye(player) => {
            Board { white: player, black: None, result: Some(BoardResult::Bye), ..Board::default() }
        }
        berger::Board::Game { white, black } => {
            let result = match (out(white), out(black)) {
                (true, true) => Some(BoardResult::Unplayed),
                (true, false) => Some(BoardResult::Forfeit { winner: black }),
                (false, true) => Some(BoardResult::Forfeit { winner: white }),
                (false, false) => None,
            };
            Board { white, black: Some(black), result, ..Board::default() }
        }
    }
}

/// Whether every board of `round` ended.
pub fn round_finished(round: &Round) -> bool {
    round.boards.iter().all(|board| board.result.is_some())
}

impl TournamentDriver {
    /// Tournaments kept in `store`, their games made by `creator`.
    pub fn new(
        store: Arc<dyn Store>,
        games: Arc<Games>,
        creator: Arc<Creator>,
        series: Arc<SeriesDriver>,
        time: TimeSource,
    ) -> Arc<TournamentDriver> {
        Arc::new_cyclic(|me| TournamentDriver {
            store,
            games,
            creator,
            series,
            time,
            changed: watch::channel(0).0,
            streams: StreamCounts::default(),
            me: me.clone(),
        })
    }

    /// Creates the tournament `request` asks for, its first round with it unless held, and
    /// a token for each person playing. A retry of an earlier creation (same creator, same
    /// request id, same request) returns that tournament, without tokens.
    ///
    /// # Errors
    /// `REQUEST_ID_REUSED` for an id used before with a different request.
    pub async fn create(&self, request: TournamentRequest) -> Result<NewTournament, PlayError> {
        let TournamentRequest { mut record, request_id, seed_by_rating, imported } = request;
        let now = to_stored_precision(self.time.now());
        if let (true, Some(pool)) = (seed_by_rating, &record.rating_pool) {
            let seeds = self.seeds_by_rating(&record, pool).await?;
            if let TournamentFormat::Swiss { .. } = record.format {
                // A Swiss's pairing numbers are its order: the players take their seeds'.
                let players = std::mem::take(&mut record.players);
                record.players = seeds.iter().map(|seed| players[*seed as usize - 1].clone()).collect();
            } else {
                record.seeds = seeds;
            }
        }
        let tokens: Vec<(String, TokenHash)> = record.players.iter().map(|_| new_token()).collect();
        record.id = uuid::Uuid::now_v7().to_string();
        record.token_hashes = tokens.iter().map(|(_, hash)| *hash).collect();
        record.created = now;
        record.updated = now;
        record.revision = 0;
        record.rounds = Vec::new();
        record.history = Vec::new();
        for boards in imported {
            let round = record.rounds.len() as u32 + 1;
            let at = |what| HistoryEntry { time: now, what };
            record.history.push(at(Happening::RoundPaired { round }));
            for board in 1..=boards.len() as u32 {
                record.history.push(at(Happening::BoardFinished { round, board }));
            }
            record.history.push(at(Happening::RoundFinished { round }));
            record.rounds.push(Round { made: now, boards });
        }
        record.status = TournamentStatus::InProgress;
        let scope = match &record.owner {
            Some(key) => format!("key:{key}"),
            None => "anonymous".to_owned(),
        };
        let key = request_id.map(|id| format!("tournament/{scope}/{id}"));
        if let Some(key) = &key
            && let Some(earlier) = self.earlier(key, &record).await?
        {
            return Ok(earlier);
        }
        let id = record.id.clone();
        match self.store.create_tournament(record.clone(), key.as_deref()).await {
            Ok(()) => {}
            Err(StoreError::CreationRequestTaken) => {
                let key = key.as_deref().unwrap_or_default();
                return self
                    .earlier(key, &record)
                    .await?
                    .ok_or_else(|| PlayError::Storage("a tournament request id is taken by no tournament".into()));
            }
            Err(other) => return Err(other.into()),
        }
        let tournament = self.advance(&id).await?;
        let tokens = tokens
            .into_iter()
            .zip(&tournament.players)
            .enumerate()
            .filter(|(_, (_, player))| player.engine.is_none())
            .map(|(index, ((token, _), _))| (index as u32 + 1, token))
            .collect();
        Ok(NewTournament { tournament, tokens: Some(tokens), retried: false })
    }

    /// `tournament`'s players by their ratings in `pool` as they stand, the best first (a
    /// player never rated counts as new; equal ratings keep the players' order).
    async fn seeds_by_rating(&self, tournament: &TournamentRecord, pool: &str) -> Result<Vec<u32>, PlayError> {
        let rated: Vec<String> = tournament.players.iter().map(Entrant::rated_id).collect();
        let owner = tournament.owner.as_deref();
        let rating = game_rating(self.store.as_ref(), self.time.now(), owner, pool.to_owned(), rated).await?;
        let mut seeds: Vec<u32> = (1..=tournament.players.len() as u32).collect();
        seeds.sort_by(|a, b| {
            let of = |player: &u32| rating.before[*player as usize - 1].rating;
            of(b).total_cmp(&of(a)).then(a.cmp(b))
        });
        Ok(seeds)
    }

    /// The tournament an earlier creation with key `key` made, if one did.
    async fn earlier(&self, key: &str, asked: &TournamentRecord) -> Result<Option<NewTournament>, PlayError> {
        let Some(id) = self.store.find_tournament_creation(key).await? else { return Ok(None) };
        let earlier = self.store.tournament(&id).await?;
        if earlier.request_digest != asked.request_digest {
            return Err(PlayError::RequestIdReused);
        }
        // The first creation may have stopped before its first round.
        let tournament = self.advance(&id).await?;
        Ok(Some(NewTournament { tournament, tokens: None, retried: true }))
    }

    /// The tournament `id`.
    ///
    /// # Errors
    /// `TOURNAMENT_NOT_FOUND`, a storage error.
    pub async fn get(&self, id: &str) -> Result<TournamentRecord, PlayError> {
        Ok(self.store.tournament(id).await?)
    }

    /// Up to `limit` tournaments, newest first, in `status` if given and carrying every
    /// label of `labels`, after the tournament `after`.
    ///
    /// # Errors
    /// A storage error.
    pub async fn list(
        &self,
        status: Option<TournamentStatus>,
        labels: &Labels,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<TournamentRecord>, PlayError> {
        Ok(self.store.list_tournaments(status, labels, after, limit).await?)
    }

    /// Applies `change` to tournament `id` (a tournament in progress), then moves it on.
    ///
    /// # Errors
    /// `TOURNAMENT_NOT_FOUND`, `TOURNAMENT_OVER`, what `change` refuses, a storage error.
    async fn change(
        &self,
        id: &str,
        change: impl Fn(&mut TournamentRecord) -> Result<bool, PlayError>,
    ) -> Result<TournamentRecord, PlayError> {
        for _ in 0..MAX_STEPS {
            let mut tournament = self.store.tournament(id).await?;
            if tournament.status != TournamentStatus::InProgress {
                return Err(PlayError::TournamentOver(id.to_owned()));
            }
            if !change(&mut tournament)? {
                return self.advance(id).await;
            }
            tournament.updated = to_stored_precision(self.time.now());
            tournament.revision += 1;
            match self.store.update_tournament(tournament, &[]).await {
                Ok(()) => {
                    self.changed.send_modify(|version| *version += 1);
                    return self.advance(id).await;
                }
                Err(StoreError::Conflict { .. }) => continue,
                Err(other) => return Err(other.into()),
            }
        }
        Err(PlayError::Storage(format!("tournament {id:?} kept changing under its updates")))
    }

    /// Lets tournament `id` make round `round`, the next one.
    ///
    /// # Errors
    /// `INVALID_REQUEST` for a round other than the next (or one let be made already),
    /// `TOURNAMENT_OVER`, `TOURNAMENT_NOT_FOUND`.
    pub async fn release(&self, id: &str, round: u32) -> Result<TournamentRecord, PlayError> {
        self.change(id, |tournament| {
            let next = tournament.released.max(tournament.rounds.len() as u32) + 1;
            if round != next || round > round_count(tournament) {
                return Err(PlayError::InvalidTournamentChange {
                    field: "round",
                    why: format!(
                        "round {round} is not the next to start; round {next} is{}",
                        if next > round_count(tournament) { ", and the tournament has no such round" } else { "" }
                    ),
                });
            }
            tournament.released = round;
            Ok(true)
        })
        .await
    }

    /// Withdraws `player` (numbered from 1) from tournament `id` after the round being
    /// played (or the last one made).
    ///
    /// # Errors
    /// `INVALID_REQUEST` for an unknown or withdrawn player, `TOURNAMENT_OVER`,
    /// `TOURNAMENT_NOT_FOUND`.
    pub async fn withdraw(&self, id: &str, player: u32) -> Result<TournamentRecord, PlayError> {
        let now = to_stored_precision(self.time.now());
        self.change(id, |tournament| {
            let count = tournament.players.len();
            let after = tournament.rounds.len() as u32;
            let entrant = (player as usize)
                .checked_sub(1)
                .and_then(|index| tournament.players.get_mut(index))
                .ok_or_else(|| PlayError::InvalidTournamentChange {
                    field: "player",
                    why: format!("player {player} is not one of the {count} players (numbered from 1)"),
                })?;
            if entrant.withdrawn_after.is_some() {
                let why = format!("player {player} withdrew already");
                return Err(PlayError::InvalidTournamentChange { field: "player", why });
            }
            entrant.withdrawn_after = Some(after);
            tournament.history.push(HistoryEntry { time: now, what: Happening::PlayerWithdrew { player, after } });
            Ok(true)
        })
        .await
    }

    /// Adds `entrant` to tournament `id`, a Swiss under way, after every player: paired from
    /// the next round made. Returns the tournament and, for a person, its number and token.
    ///
    /// # Errors
    /// `INVALID_REQUEST` for a tournament not a Swiss, a full one, or an id (or rated id)
    /// another player has; `TOURNAMENT_OVER`, `TOURNAMENT_NOT_FOUND`.
    pub async fn add_player(
        &self,
        id: &str,
        entrant: Entrant,
    ) -> Result<(TournamentRecord, Option<(u32, String)>), PlayError> {
        let (token, hash) = new_token();
        let now = to_stored_precision(self.time.now());
        let tournament = self
            .change(id, |tournament| {
                let refuse = |why: String| Err(PlayError::InvalidTournamentChange { field: "player", why });
                if !matches!(tournament.format, TournamentFormat::Swiss { .. }) {
                    return refuse(
                        "only a Swiss takes a player once it is under way: a round robin's schedule and a knockout's bracket are fixed at its creation".into(),
                    );
                }
                if tournament.players.len() >= MAX_TOURNAMENT_PLAYERS {
                    return refuse(format!("the tournament has {MAX_TOURNAMENT_PLAYERS} players, the most one takes"));
                }
                if tournament.players.iter().any(|player| player.id == entrant.id) {
                    return refuse(format!("{:?} is a player of the tournament already", entrant.id));
                }
                let rated = entrant.rated_id();
                if tournament.rating_pool.is_some() && tournament.players.iter().any(|p| p.rated_id() == rated) {
                    return refuse(format!("in this rated tournament another player is rated as {rated:?}"));
                }
                tournament.players.push(entrant.clone());
                tournament.token_hashes.push(hash);
                let player = tournament.players.len() as u32;
                let first_round = tournament.rounds.len() as u32 + 1;
                tournament.history.push(HistoryEntry { time: now, what: Happening::PlayerJoined { player, first_round } });
                Ok(true)
            })
            .await?;
        // The player's number: the entrant's place (it may have moved on since).
        let number = tournament.players.iter().position(|player| player.id == entrant.id).map(|at| at as u32 + 1);
        let token = match (entrant.engine, number) {
            (None, Some(number)) => Some((number, token)),
            _ => None,
        };
        Ok((tournament, token))
    }

    /// Calls tournament `id` off.
    ///
    /// # Errors
    /// `TOURNAMENT_OVER`, `TOURNAMENT_NOT_FOUND`.
    pub async fn cancel(&self, id: &str) -> Result<TournamentRecord, PlayError> {
        let now = to_stored_precision(self.time.now());
        self.change(id, |tournament| {
            tournament.status = TournamentStatus::Cancelled;
            tournament.history.push(HistoryEntry { time: now, what: Happening::Ended });
            Ok(true)
        })
        .await
    }

    /// Moves tournament `id` on as far as it can go now: scores the boards whose games
    /// ended, pairs the next round once one ended (and is let be made), and ends the
    /// tournament after its last. Returns the tournament as it then stands.
    ///
    /// # Errors
    /// `TOURNAMENT_NOT_FOUND`, a storage error.
    pub async fn advance(&self, id: &str) -> Result<TournamentRecord, PlayError> {
        for _ in 0..MAX_STEPS {
            let tournament = self.store.tournament(id).await?;
            let Some((next, notes)) = self.next_step(tournament.clone()).await? else { return Ok(tournament) };
            match self.store.update_tournament(next.clone(), &notes).await {
                Ok(()) => {
                    self.changed.send_modify(|version| *version += 1);
                    tracing::info!(tournament_id = %id, rounds = next.rounds.len(), status = ?next.status, "tournament moved on");
                    continue;
                }
                Err(StoreError::Conflict { .. }) => continue,
                Err(other) => return Err(other.into()),
            }
        }
        Err(PlayError::Storage(format!("tournament {id:?} kept changing under its updates")))
    }

    /// What `tournament` becomes after one step, and the entries that step makes on its
    /// owner's log (a board scored, a round or the tournament ended: each pointing at the end
    /// of the game that did it); `None` when nothing is to be done yet.
    async fn next_step(
        &self,
        mut tournament: TournamentRecord,
    ) -> Result<Option<(TournamentRecord, Vec<(String, OwnerNote)>)>, PlayError> {
        if tournament.status != TournamentStatus::InProgress {
            return Ok(None);
        }
        let now = to_stored_precision(self.time.now());
        let mut changed = false;
        let mut notes = Vec::new();
        let owner = log_owner(tournament.owner.as_deref()).to_owned();
        let note = |(game_id, seq): &(String, u64), kind| {
            (game_id.clone(), OwnerNote { owner: owner.clone(), seq: *seq, kind })
        };
        let number = tournament.rounds.len() as u32;
        if number > 0 && !round_finished(&tournament.rounds[number as usize - 1]) {
            let mut last_end = None;
            for index in 0..tournament.rounds[number as usize - 1].boards.len() {
                let (scored, end) = self.score_board(&mut tournament, number, index, now).await?;
                changed |= scored;
                if let Some(end) = end {
                    notes.push(note(&end, OwnerEventKind::TournamentBoardFinished));
                    last_end = Some(end);
                }
            }
            if round_finished(&tournament.rounds[number as usize - 1]) {
                tournament.history.push(HistoryEntry { time: now, what: Happening::RoundFinished { round: number } });
                if let Some(end) = &last_end {
                    notes.push(note(end, OwnerEventKind::TournamentRoundFinished));
                }
                // The last round's end is the tournament's, in the same step.
                if number == round_count(&tournament) {
                    tournament.status = TournamentStatus::Finished;
                    tournament.history.push(HistoryEntry { time: now, what: Happening::Ended });
                    if let Some(end) = &last_end {
                        notes.push(note(end, OwnerEventKind::TournamentFinished));
                    }
                }
            }
        } else if number == round_count(&tournament) {
            tournament.status = TournamentStatus::Finished;
            tournament.history.push(HistoryEntry { time: now, what: Happening::Ended });
            changed = true;
        } else if !tournament.hold_rounds || tournament.released > number {
            let Some(round) = self.pair(&tournament, number + 1, now).await? else {
                // A Swiss whose players have met everyone they could: it ends early.
                tracing::info!(tournament_id = %tournament.id, round = number + 1, "no Swiss pairing is left: the tournament ends");
                tournament.status = TournamentStatus::Finished;
                tournament.history.push(HistoryEntry { time: now, what: Happening::Ended });
                tournament.updated = now;
                tournament.revision += 1;
                return Ok(Some((tournament, notes)));
            };
            tournament.rounds.push(round);
            tournament.history.push(HistoryEntry { time: now, what: Happening::RoundPaired { round: number + 1 } });
            // Boards decided without play (byes, forfeits) end with the pairing.
            for (index, board) in tournament.rounds[number as usize].boards.iter().enumerate() {
                if board.result.is_some() {
                    let what = Happening::BoardFinished { round: number + 1, board: index as u32 + 1 };
                    tournament.history.push(HistoryEntry { time: now, what });
                }
            }
            if round_finished(&tournament.rounds[number as usize]) {
                let what = Happening::RoundFinished { round: number + 1 };
                tournament.history.push(HistoryEntry { time: now, what });
            }
            changed = true;
        }
        if !changed {
            return Ok(None);
        }
        tournament.updated = now;
        tournament.revision += 1;
        Ok(Some((tournament, notes)))
    }

    /// Scores board `index` of round `number` if its game ended (or plays it again, if it
    /// ended without a result or was deleted). Returns whether the board changed, and the
    /// game and seq of the end that scored it, if a game's end did.
    async fn score_board(
        &self,
        tournament: &mut TournamentRecord,
        number: u32,
        index: usize,
        now: std::time::SystemTime,
    ) -> Result<(bool, Option<(String, u64)>), PlayError> {
        let board = &tournament.rounds[number as usize - 1].boards[index];
        let (Some(game_id), None) = (board.game_id.clone(), board.result) else { return Ok((false, None)) };
        if let TournamentFormat::Knockout { .. } = tournament.format {
            let series = self.series.get(&game_id).await?;
            if series.status != SeriesStatus::Finished {
                return Ok((false, None));
            }
            // A match undecided after the most games a series plays: the better seed goes
            // through.
            let result = if series.winner == Some(1) { BoardResult::BlackWins } else { BoardResult::WhiteWins };
            tournament.rounds[number as usize - 1].boards[index].result = Some(result);
            let what = Happening::BoardFinished { round: number, board: index as u32 + 1 };
            tournament.history.push(HistoryEntry { time: now, what });
            return Ok((true, None));
        }
        let found = self.find_game(&game_id).await?;
        let end = match found {
            Found::Ended(_, seq) => Some((game_id.clone(), seq)),
            _ => None,
        };
        let result = match found {
            Found::Playing => return Ok((false, None)),
            Found::Ended(Outcome::Win { winner, .. }, _) if winner == Seat::FIRST => BoardResult::WhiteWins,
            Found::Ended(Outcome::Win { .. }, _) => BoardResult::BlackWins,
            Found::Ended(Outcome::Draw { .. }, _) => BoardResult::Draw,
            Found::Ended(Outcome::NoResult { .. }, _) | Found::Deleted if board.tries < MAX_TRIES => {
                let tries = board.tries + 1;
                let seated = [board.white, board.black.unwrap_or(board.white)];
                let record = self.board_game(tournament, number, index, seated, tries).await?;
                let board = &mut tournament.rounds[number as usize - 1].boards[index];
                if board.first_game_id.is_none() {
                    board.first_game_id = board.game_id.take();
                }
                board.game_id = Some(record.id);
                board.tries = tries;
                return Ok((true, None));
            }
            Found::Ended(Outcome::NoResult { .. }, _) | Found::Deleted => BoardResult::Unplayed,
        };
        tournament.rounds[number as usize - 1].boards[index].result = Some(result);
        let what = Happening::BoardFinished { round: number, board: index as u32 + 1 };
        tournament.history.push(HistoryEntry { time: now, what });
        Ok((true, end))
    }

    /// The boards of round `number` of `tournament`, as its format pairs them, `out`
    /// saying who withdrew before it: the boards decided without play have their results.
    /// `None` when a Swiss has no pairing left.
    async fn boards(
        &self,
        tournament: &TournamentRecord,
        number: u32,
        out: impl Fn(u32) -> bool,
    ) -> Result<Option<Vec<Board>>, PlayError> {
        let players = tournament.players.len() as u32;
        let earlier: Vec<Vec<Board>> = tournament.rounds.iter().map(|r| r.boards.clone()).collect();
        Ok(Some(match tournament.format {
            TournamentFormat::Knockout { .. } => bracket::round(&seeds(tournament), &earlier, number, out),
            TournamentFormat::RoundRobin { cycles } => {
                let cycles = if cycles >= 2 { Cycles::Double } else { Cycles::Single };
                let schedule = berger::schedule(players, cycles);
                let pairs = schedule.get(number as usize - 1).cloned().unwrap_or_default();
                pairs.into_iter().map(|pair| robin_board(pair, &out)).collect()
            }
            TournamentFormat::Swiss { rounds, accelerated } => {
                let acceleration = accelerated.then_some(rounds);
                let mut cards = swiss::cards::cards(players, &earlier, tournament.points, acceleration);
                cards.retain(|card| !out(card.number));
                let setup =
                    swiss::RoundSetup { round: number, rounds, win: tournament.points.win, initial: Colour::White };
                // A weighted matching over up to a thousand players: off the runtime.
                let pairing = tokio::task::spawn_blocking(move || swiss::pair(&cards, &setup))
                    .await
                    .map_err(|error| PlayError::Storage(format!("the Swiss pairing stopped: {error}")))?;
                let Some(pairing) = pairing else { return Ok(None) };
                let game = |(white, black)| Board { white, black: Some(black), ..Board::default() };
                let mut boards: Vec<Board> = pairing.boards.into_iter().map(game).collect();
                boards.extend(pairing.bye.map(|white| Board {
                    white,
                    black: None,
                    result: Some(BoardResult::Bye),
                    ..Board::default()
                }));
                boards
            }
        }))
    }

    /// Round `number` of `tournament`, paired, its games (or matches) made; `None` when a
    /// Swiss has no pairing left.
    async fn pair(
        &self,
        tournament: &TournamentRecord,
        number: u32,
        now: std::time::SystemTime,
    ) -> Result<Option<Round>, PlayError> {
        let out =
            |player: u32| tournament.players[player as usize - 1].withdrawn_after.is_some_and(|after| after < number);
        let Some(boards) = self.boards(tournament, number, out).await? else { return Ok(None) };
        let mut round = Round { made: now, boards };
        for (index, board) in round.boards.iter_mut().enumerate() {
            let (None, Some(black)) = (board.result, board.black) else { continue };
            let seated = [board.white, black];
            board.game_id = Some(match tournament.format {
                TournamentFormat::Knockout { best_of } => {
                    self.board_match(tournament, number, index, seated, best_of).await?.id
                }
                TournamentFormat::RoundRobin { .. } | TournamentFormat::Swiss { .. } => {
                    self.board_game(tournament, number, index, seated, 1).await?.id
                }
            });
            board.tries = 1;
        }
        Ok(Some(round))
    }

    /// Makes the match of board `index` of round `number` of `tournament` (a knockout's),
    /// between the players `seated` (the better seed first), or finds it when an earlier
    /// step made it: a series, best of the tournament's count, draws played again.
    async fn board_match(
        &self,
        tournament: &TournamentRecord,
        number: u32,
        index: usize,
        seated: [u32; 2],
        best_of: u32,
    ) -> Result<SeriesRecord, PlayError> {
        let entrant = |player: usize| &tournament.players[seated[player] as usize - 1];
        let players: Vec<Player> = (0..2)
            .map(|player| Player { id: entrant(player).id.clone(), name: entrant(player).name.clone() })
            .collect();
        // A series names its players by seat number: player 1 is seat 1's.
        let bots: Vec<BotSeat> = (0..2)
            .filter_map(|player| {
                let (level, move_time_ms) = entrant(player).engine?;
                Some(BotSeat { seat: Seat::new(player as u8), level, move_time_ms })
            })
            .collect();
        let now = to_stored_precision(self.time.now());
        let request = format!("tournament/{}/round/{number}/board/{}", tournament.id, index + 1);
        let series = SeriesRecord {
            id: uuid::Uuid::now_v7().to_string(),
            owner: tournament.owner.clone(),
            config: tournament.config.clone(),
            clock: tournament.clock.clone(),
            length: SeriesLength::BestOf(best_of),
            draws: SeriesDraws::Replayed,
            players,
            bots,
            private: tournament.private,
            allow_hints: tournament.allow_hints,
            token_hashes: seated.map(|player| tournament.token_hashes[player as usize - 1]),
            games: Vec::new(),
            status: SeriesStatus::InProgress,
            winner: None,
            created: now,
            updated: now,
            revision: 0,
            request_digest: Some(request.clone()),
            labels: tournament.labels.clone(),
            tournament: Some(TournamentLink {
                tournament_id: tournament.id.clone(),
                round: number,
                board: index as u32 + 1,
            }),
            rating_pool: tournament.rating_pool.clone(),
        };
        self.series.create_match(series, request).await
    }

    /// Makes try `tries` of the game of board `index` of round `number` of `tournament`,
    /// between the players `seated` (White, then Black), or finds it when an earlier step
    /// made it.
    async fn board_game(
        &self,
        tournament: &TournamentRecord,
        number: u32,
        index: usize,
        seated: [u32; 2],
        tries: u32,
    ) -> Result<GameRecord, PlayError> {
        let config = tournament.config.clone().drawn();
        let game = config.new_match().map_err(|error| {
            PlayError::Storage(format!("a tournament's configuration no longer makes a game: {error}"))
        })?;
        let entrant = |seat: usize| &tournament.players[seated[seat] as usize - 1];
        let players: Vec<Player> =
            (0..2).map(|seat| Player { id: entrant(seat).id.clone(), name: entrant(seat).name.clone() }).collect();
        let bots: Vec<BotSeat> = (0..2)
            .filter_map(|seat| {
                let (level, move_time_ms) = entrant(seat).engine?;
                Some(BotSeat { seat: Seat::new(seat as u8), level, move_time_ms })
            })
            .collect();
        let (pool, owner) = (tournament.rating_pool.clone(), tournament.owner.as_deref());
        let rating = seated_rating(self.store.as_ref(), self.time.now(), owner, pool, (2, &players, &bots)).await?;
        let created = crate::play::time::rounded_up_to_millis(self.time.now());
        let link = TournamentLink { tournament_id: tournament.id.clone(), round: number, board: index as u32 + 1 };
        let record = GameRecord {
            id: uuid::Uuid::now_v7().to_string(),
            seat_token_hashes: (0..2).map(|seat| tournament.token_hashes[seated[seat] as usize - 1]).collect(),
            private: tournament.private,
            owner: tournament.owner.clone(),
            bots,
            allow_hints: tournament.allow_hints,
            players,
            labels: tournament.labels.clone(),
            rating,
            tournament: Some(link),
            ..GameRecord::new_game(config, tournament.clock.clone(), created)
        };
        let request = format!("tournament/{}/round/{number}/board/{}/try/{tries}", tournament.id, index + 1);
        let creation = Creation {
            record,
            game,
            imported: Vec::new(),
            // A tournament's games are not refused by the owner's cap: the tournament was
            // accepted.
            max_in_progress: None,
            request_id: Some(request.clone()),
            batch_index: None,
            request_digest: request,
        };
        let live = match self.creator.create(creation).await? {
            Created::New(live) | Created::Earlier { live, .. } => live,
        };
        Ok(live.copy().await.record)
    }

    /// Game `game_id` of a board as it stands.
    async fn find_game(&self, game_id: &str) -> Result<Found, PlayError> {
        match self.games.get(game_id).await {
            Ok(live) => {
                let record = live.copy().await.record;
                Ok(match record.outcome {
                    Some(outcome) => Found::Ended(outcome, record.seq),
                    None => Found::Playing,
                })
            }
            Err(PlayError::GameNotFound(_)) => Ok(Found::Deleted),
            Err(other) => Err(other),
        }
    }

    /// Moves on, in a task of its own, the tournament that game `link` belongs to.
    pub fn advance_soon(&self, link: &TournamentLink) {
        let Some(driver) = self.me.upgrade() else { return };
        let id = link.tournament_id.clone();
        tokio::spawn(async move {
            if let Err(error) = driver.advance(&id).await {
                tracing::warn!(tournament_id = %id, %error, "could not move a tournament on; the sweep will retry");
            }
        });
    }

    /// Moves on every tournament in progress, page by page, then again [`SWEEP_EVERY`]
    /// later, for as long as the driver lives.
    pub async fn sweep(driver: Weak<TournamentDriver>) {
        loop {
            let Some(strong) = driver.upgrade() else { return };
            let mut after: Option<String> = None;
            loop {
                let status = Some(TournamentStatus::InProgress);
                let page =
                    match strong.store.list_tournaments(status, &Labels::new(), after.as_deref(), SWEEP_PAGE).await {
                        Ok(page) => page,
                        Err(error) => {
                            tracing::warn!(%error, "could not look for tournaments to move on");
                            break;
                        }
                    };
                for tournament in &page {
                    if let Err(error) = strong.advance(&tournament.id).await {
                        tracing::warn!(tournament_id = %tournament.id, %error, "could not move a tournament on");
                    }
                }
                match page.last() {
                    Some(last) if page.len() == SWEEP_PAGE => after = Some(last.id.clone()),
                    _ => break,
                }
            }
            drop(strong);
            tokio::time::sleep(SWEEP_EVERY).await;
        }
    }

    /// Tournament `id`'s revisions as it moves on, from the one it stands at now, until it
    /// is over or `shutdown` turns true; at most `max_streams` followers of one tournament.
    ///
    /// # Errors
    /// `TOO_MANY_STREAMS` at the cap, `TOURNAMENT_NOT_FOUND`, or a storage error.
    pub async fn follow(
        &self,
        id: &str,
        max_streams: usize,
        shutdown: watch::Receiver<bool>,
    ) -> Result<Revisions<TournamentRecord>, PlayError> {
        let slot = self.streams.take(id, max_streams)?;
        let first = self.store.tournament(id).await?;
        Ok(follow::revisions(self.store.clone(), first, self.changed.subscribe(), shutdown, slot))
    }
}
