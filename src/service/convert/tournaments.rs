//! A tournament on the wire: the resource, what a creation asks of it, and its history as
//! numbered events (read off the record's history, which only grows, so each event keeps
//! its number for good).

use super::clock::clock_to_proto;
use super::time::{millis_from_proto, millis_to_proto, timestamp};
use super::{MAX_PLAYER_ID_CHARS, Violations, check_free_text, config_to_proto, kind_to_proto};
use crate::games::GameKind;
use crate::play::tournament::standings::Standing;
use crate::play::tournament::{round_count, round_finished, seeds, standings_after};
use crate::play::{
    Board, BoardResult, DEFAULT_MOVE_TIME, Entrant, Happening, MAX_MOVE_TIME, MAX_TOURNAMENT_PLAYERS, Points, TieBreak,
    TournamentFormat, TournamentRecord, TournamentStatus,
};
use crate::proto::tabula::v1 as pb;

/// Longest display name a player takes.
const MAX_DISPLAY_NAME_CHARS: usize = 64;
/// Most a result may be worth, in points.
const MAX_POINTS: f64 = 10.0;

/// The wire form of a tournament's status.
pub fn tournament_status_to_proto(status: TournamentStatus) -> pb::TournamentStatus {
    match status {
        TournamentStatus::InProgress => pb::TournamentStatus::InProgress,
        TournamentStatus::Finished => pb::TournamentStatus::Finished,
        TournamentStatus::Cancelled => pb::TournamentStatus::Cancelled,
    }
}

/// The status a list filter asks for; `None` for any.
pub fn tournament_status_from_proto(status: i32, violations: &mut Violations) -> Option<TournamentStatus> {
    match pb::TournamentStatus::try_from(status) {
        Ok(pb::TournamentStatus::Unspecified) => None,
        Ok(pb::TournamentStatus::InProgress) => Some(TournamentStatus::InProgress),
        Ok(pb::TournamentStatus::Finished) => Some(TournamentStatus::Finished),
        Ok(pb::TournamentStatus::Cancelled) => Some(TournamentStatus::Cancelled),
        Err(_) => {
            violations.add("status", format!("{status} is not a TournamentStatus"));
            None
        }
    }
}

fn tie_break_to_proto(tie_break: TieBreak) -> pb::TieBreak {
    match tie_break {
        TieBreak::Buchholz => pb::TieBreak::Buchholz,
        TieBreak::BuchholzCut1 => pb::TieBreak::BuchholzCut1,
        TieBreak::SonnebornBerger => pb::TieBreak::SonnebornBerger,
        TieBreak::DirectEncounter => pb::TieBreak::DirectEncounter,
        TieBreak::Wins => pb::TieBreak::Wins,
    }
}

/// The format a creation asks for.
pub fn format_from_proto(format: i32, violations: &mut Violations) -> Option<TournamentFormat> {
    match pb::TournamentFormat::try_from(format) {
        Ok(pb::TournamentFormat::RoundRobin) => Some(TournamentFormat::RoundRobin { cycles: 1 }),
        Ok(pb::TournamentFormat::DoubleRoundRobin) => Some(TournamentFormat::RoundRobin { cycles: 2 }),
        Ok(pb::TournamentFormat::Knockout) => Some(TournamentFormat::Knockout { best_of: 1 }),
        Ok(pb::TournamentFormat::Swiss) => Some(TournamentFormat::Swiss { rounds: 0, accelerated: false }),
        Ok(pb::TournamentFormat::Unspecified) => {
            violations.add(
                "format",
                "is required: TOURNAMENT_FORMAT_ROUND_ROBIN, TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN, TOURNAMENT_FORMAT_KNOCKOUT or TOURNAMENT_FORMAT_SWISS",
            );
            None
        }
        Err(_) => {
            violations.add("format", format!("{format} is not a TournamentFormat"));
            None
        }
    }
}

/// The tie-breaks a creation asks for, in order; the default order when it names none (none
/// for a knockout, which ranks by how far each player went).
pub fn tie_breaks_from_proto(
    wire: &[i32],
    format: Option<TournamentFormat>,
    violations: &mut Violations,
) -> Vec<TieBreak> {
    if let Some(TournamentFormat::Knockout { .. }) = format {
        if !wire.is_empty() {
            violations.add("tie_breaks", "must be empty for a knockout, which ranks by how far each player went");
        }
        return Vec::new();
    }
    if wire.is_empty() {
        return match format {
            Some(TournamentFormat::Swiss { .. }) => {
                vec![TieBreak::BuchholzCut1, TieBreak::Buchholz, TieBreak::DirectEncounter, TieBreak::Wins]
            }
            _ => vec![TieBreak::DirectEncounter, TieBreak::Wins, TieBreak::SonnebornBerger],
        };
    }
    let mut tie_breaks = Vec::with_capacity(wire.len());
    for (index, value) in wire.iter().enumerate() {
        let tie_break = match pb::TieBreak::try_from(*value) {
            Ok(pb::TieBreak::Buchholz) => TieBreak::Buchholz,
            Ok(pb::TieBreak::BuchholzCut1) => TieBreak::BuchholzCut1,
            Ok(pb::TieBreak::SonnebornBerger) => TieBreak::SonnebornBerger,
            Ok(pb::TieBreak::DirectEncounter) => TieBreak::DirectEncounter,
            Ok(pb::TieBreak::Wins) => TieBreak::Wins,
            Ok(pb::TieBreak::Unspecified) | Err(_) => {
                violations.add(format!("tie_breaks[{index}]"), format!("{value} is not a TieBreak"));
                continue;
            }
        };
        if tie_breaks.contains(&tie_break) {
            violations.add(format!("tie_breaks[{index}]"), "names a tie-break a second time");
        }
        tie_breaks.push(tie_break);
    }
    tie_breaks
}

/// What results are worth, as a creation asks (the defaults when unset).
pub fn points_from_proto(wire: Option<&pb::TournamentScoring>, violations: &mut Violations) -> Points {
    let Some(wire) = wire else { return Points::default() };
    let mut fine = true;
    let mut half = |value: f64, name: &str| -> u32 {
        let doubled = value * 2.0;
        if !(0.0..=MAX_POINTS).contains(&value) || doubled.fract() != 0.0 {
            violations.add(format!("scoring.{name}"), format!("must be whole or half points from 0 to {MAX_POINTS}"));
            fine = false;
            return 0;
        }
        doubled as u32
    };
    let points = Points {
        win: half(wire.win, "win"),
        draw: half(wire.draw, "draw"),
        loss: half(wire.loss, "loss"),
        bye: half(wire.bye, "bye"),
    };
    if fine && points.win <= points.loss {
        violations.add("scoring.win", "must be worth more than a loss");
    }
    points
}

/// The players a creation names, checked: 2 to [`MAX_TOURNAMENT_PLAYERS`], each id its
/// own, engine levels the kind has.
pub fn entrants_from_proto(wire: &[pb::TournamentPlayer], kind: GameKind, violations: &mut Violations) -> Vec<Entrant> {
    if !(2..=MAX_TOURNAMENT_PLAYERS).contains(&wire.len()) {
        violations
            .add("players", format!("has {} players; a tournament takes 2 to {MAX_TOURNAMENT_PLAYERS}", wire.len()));
    }
    let mut entrants: Vec<Entrant> = Vec::with_capacity(wire.len());
    for (index, player) in wire.iter().enumerate() {
        let entrant = entrant_from_proto(player, &format!("players[{index}]"), kind, &entrants, violations);
        entrants.push(entrant);
    }
    entrants
}

/// One player of a tournament, checked as field `at`, among the players `others` (whose ids
/// it may not repeat).
pub fn entrant_from_proto(
    player: &pb::TournamentPlayer,
    at: &str,
    kind: GameKind,
    others: &[Entrant],
    violations: &mut Violations,
) -> Entrant {
    let top = kind.max_bot_level();
    let field = |name: &str| format!("{at}.{name}");
    check_free_text(&player.player_id, MAX_PLAYER_ID_CHARS, &field("player_id"), violations);
    check_free_text(&player.display_name, MAX_DISPLAY_NAME_CHARS, &field("display_name"), violations);
    let engine = match player.engine_level {
        0 => None,
        level if level <= u32::from(top) => {
            let mut time_problems = Violations::default();
            let time =
                millis_from_proto(player.engine_move_time.as_ref(), &field("engine_move_time"), &mut time_problems);
            match u32::try_from(time).ok().filter(|ms| u128::from(*ms) <= MAX_MOVE_TIME.as_millis()) {
                Some(ms) if time_problems.is_empty() => Some((level as u8, ms)),
                _ => {
                    violations.add(
                        field("engine_move_time"),
                        format!(
                            "must be from 0 (the default, {} s) to {} s, in whole milliseconds",
                            DEFAULT_MOVE_TIME.as_secs(),
                            MAX_MOVE_TIME.as_secs()
                        ),
                    );
                    None
                }
            }
        }
        _ => {
            violations
                .add(field("engine_level"), format!("must be 0 (a person) or from 1 to {top} for {}", kind.name()));
            None
        }
    };
    let id = match (player.player_id.as_str(), engine) {
        ("", Some((level, _))) => crate::play::engine_player(level),
        ("", None) if player.engine_level == 0 => {
            violations.add(field("player_id"), "is required for a person");
            String::new()
        }
        (id, _) => id.to_owned(),
    };
    if !id.is_empty() && others.iter().any(|other| other.id == id) {
        violations.add(field("player_id"), format!("{id:?} names a player a second time; each player's id is its own"));
    }
    Entrant { id, name: player.display_name.clone(), engine, withdrawn_after: None }
}

fn board_result_to_proto(board: &Board) -> pb::BoardResult {
    match board.result {
        None => pb::BoardResult::Unspecified,
        Some(BoardResult::WhiteWins) => pb::BoardResult::WhiteWins,
        Some(BoardResult::Draw) => pb::BoardResult::Draw,
        Some(BoardResult::BlackWins) => pb::BoardResult::BlackWins,
        Some(BoardResult::Bye) => pb::BoardResult::Bye,
        Some(BoardResult::Forfeit { winner }) if winner == board.white => pb::BoardResult::WhiteWinsByForfeit,
        Some(BoardResult::Forfeit { .. }) => pb::BoardResult::BlackWinsByForfeit,
        Some(BoardResult::Unplayed) => pb::BoardResult::Unplayed,
    }
}

fn board_to_proto(tournament: &TournamentRecord, number: usize, board: &Board) -> pb::TournamentBoard {
    let made = board.game_id.clone().unwrap_or_default();
    let (game_id, series_id) = match tournament.format {
        TournamentFormat::Knockout { .. } => (String::new(), made),
        TournamentFormat::RoundRobin { .. } | TournamentFormat::Swiss { .. } => (made, String::new()),
    };
    pb::TournamentBoard {
        number: number as u32 + 1,
        white: board.white,
        black: board.black.unwrap_or(0),
        game_id,
        result: board_result_to_proto(board) as i32,
        series_id,
    }
}

/// Round `number` (from 0) as it was paired: its boards' first games, and only the results
/// decided without play (byes, forfeits), which every pairing event keeps for good.
fn round_as_paired(tournament: &TournamentRecord, number: usize) -> pb::TournamentRound {
    let round = &tournament.rounds[number];
    let boards: Vec<pb::TournamentBoard> = round
        .boards
        .iter()
        .enumerate()
        .map(|(index, board)| {
            let first = board.first_game_id.clone().or_else(|| board.game_id.clone());
            let paired = Board {
                game_id: first.clone(),
                result: if first.is_some() { None } else { board.result },
                ..board.clone()
            };
            board_to_proto(tournament, index, &paired)
        })
        .collect();
    let finished = boards.iter().all(|board| board.result != pb::BoardResult::Unspecified as i32);
    pb::TournamentRound { number: number as u32 + 1, pair_time: Some(timestamp(round.made)), boards, finished }
}

fn round_to_proto(tournament: &TournamentRecord, number: usize) -> pb::TournamentRound {
    let round = &tournament.rounds[number];
    pb::TournamentRound {
        number: number as u32 + 1,
        pair_time: Some(timestamp(round.made)),
        boards: round
            .boards
            .iter()
            .enumerate()
            .map(|(index, board)| board_to_proto(tournament, index, board))
            .collect(),
        finished: round_finished(round),
    }
}

fn standings_to_proto(tournament: &TournamentRecord, standings: &[Standing]) -> Vec<pb::TournamentStanding> {
    standings
        .iter()
        .map(|line| pb::TournamentStanding {
            rank: line.rank,
            player: line.player,
            player_id: tournament.players[line.player as usize - 1].id.clone(),
            points: f64::from(line.points) / 2.0,
            tie_breaks: line.tie_breaks.clone(),
        })
        .collect()
}

/// The wire form of a tournament.
pub fn tournament_to_proto(tournament: &TournamentRecord) -> pb::Tournament {
    let points = |half: u32| f64::from(half) / 2.0;
    let (format, best_of, accelerated) = match tournament.format {
        TournamentFormat::RoundRobin { cycles: 2.. } => (pb::TournamentFormat::DoubleRoundRobin, 0, false),
        TournamentFormat::RoundRobin { .. } => (pb::TournamentFormat::RoundRobin, 0, false),
        TournamentFormat::Knockout { best_of } => (pb::TournamentFormat::Knockout, best_of, false),
        TournamentFormat::Swiss { accelerated, .. } => (pb::TournamentFormat::Swiss, 0, accelerated),
    };
    pb::Tournament {
        name: format!("tournaments/{}", tournament.id),
        tournament_id: tournament.id.clone(),
        kind: kind_to_proto(tournament.config.kind()) as i32,
        config: Some(pb::GameConfig {
            clock: tournament.clock.as_ref().map(clock_to_proto),
            ..config_to_proto(&tournament.config)
        }),
        format: format as i32,
        players: tournament
            .players
            .iter()
            .map(|player| pb::TournamentPlayer {
                player_id: player.id.clone(),
                display_name: player.name.clone(),
                engine_level: player.engine.map_or(0, |(level, _)| u32::from(level)),
                engine_move_time: player.engine.map(|(_, ms)| millis_to_proto(u64::from(ms))),
                withdrawn_after_round: player.withdrawn_after.unwrap_or(0),
            })
            .collect(),
        scoring: Some(pb::TournamentScoring {
            win: points(tournament.points.win),
            draw: points(tournament.points.draw),
            loss: points(tournament.points.loss),
            bye: points(tournament.points.bye),
        }),
        tie_breaks: tournament.tie_breaks.iter().map(|t| tie_break_to_proto(*t) as i32).collect(),
        hold_rounds: tournament.hold_rounds,
        released_rounds: tournament.released,
        rating_pool: tournament.rating_pool.clone().unwrap_or_default(),
        status: tournament_status_to_proto(tournament.status) as i32,
        round_count: round_count(tournament),
        rounds: (0..tournament.rounds.len()).map(|number| round_to_proto(tournament, number)).collect(),
        standings: standings_to_proto(tournament, &standings_after(tournament, tournament.rounds.len())),
        create_time: Some(timestamp(tournament.created)),
        update_time: Some(timestamp(tournament.updated)),
        private: tournament.private,
        allow_hints: tournament.allow_hints,
        labels: tournament.labels.clone(),
        best_of,
        seeds: match tournament.format {
            TournamentFormat::Knockout { .. } => seeds(tournament),
            TournamentFormat::RoundRobin { .. } | TournamentFormat::Swiss { .. } => Vec::new(),
        },
        accelerated,
    }
}

/// A tournament's history so far, as numbered events. Each event says what it said when
/// it happened, however the tournament went on: a pairing its first games and no result of
/// play, a board its end, a round's end the standings after it.
pub fn tournament_events(tournament: &TournamentRecord) -> Vec<pb::TournamentEvent> {
    use pb::tournament_event::Kind;
    tournament
        .history
        .iter()
        .enumerate()
        .map(|(index, entry)| {
            let kind = match entry.what {
                Happening::RoundPaired { round } => Kind::RoundPaired(round_as_paired(tournament, round as usize - 1)),
                Happening::BoardFinished { round, board } => Kind::BoardFinished(pb::TournamentBoardFinished {
                    round,
                    board: Some(board_to_proto(
                        tournament,
                        board as usize - 1,
                        &tournament.rounds[round as usize - 1].boards[board as usize - 1],
                    )),
                }),
                Happening::RoundFinished { round } => Kind::RoundFinished(pb::TournamentRoundFinished {
                    round,
                    standings: standings_to_proto(tournament, &standings_after(tournament, round as usize)),
                }),
                Happening::PlayerWithdrew { player, after } => {
                    Kind::PlayerWithdrew(pb::TournamentPlayerWithdrew { player, after_round: after })
                }
                Happening::PlayerJoined { player, first_round } => {
                    Kind::PlayerJoined(pb::TournamentPlayerJoined { player, first_round })
                }
                Happening::Ended => Kind::TournamentEnded(pb::TournamentEnded {
                    status: tournament_status_to_proto(tournament.status) as i32,
                    standings: standings_to_proto(tournament, &standings_after(tournament, tournament.rounds.len())),
                }),
            };
            pb::TournamentEvent {
                tournament_id: tournament.id.clone(),
                seq: index as u64 + 1,
                time: Some(timestamp(entry.time)),
                kind: Some(kind),
            }
        })
        .collect()
}
