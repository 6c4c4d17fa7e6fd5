//! A series on the wire: the resource, and its history as numbered events. The history is
//! not stored: it is read off the series record, which only grows (games are added and
//! scored in order, the end comes last), so each event keeps its number for good.

use super::clock::clock_to_proto;
use super::records::bot_seat_to_proto;
use super::time::timestamp;
use super::view::outcome_to_proto;
use super::{config_to_proto, kind_to_proto, players_to_proto};
use crate::play::series::standings::{Standing, score};
use crate::play::{SeriesDraws, SeriesLength, SeriesRecord, SeriesStatus};
use crate::proto::tabula::v1 as pb;

/// Half points as points.
fn points(half_points: [u32; 2]) -> Vec<f64> {
    half_points.iter().map(|half| f64::from(*half) / 2.0).collect()
}

/// The wire form of a series.
pub fn series_to_proto(series: &SeriesRecord) -> pb::Series {
    let games = series
        .games
        .iter()
        .enumerate()
        .map(|(index, game)| {
            let number = index as u32 + 1;
            pb::SeriesGame {
                number,
                game_id: game.game_id.clone(),
                player_one_seat: SeriesRecord::player_one_seat(number) as u32 + 1,
                outcome: game.result.as_ref().map(|result| outcome_to_proto(&result.outcome)),
                points: game.result.as_ref().map(|result| points(result.half_points)).unwrap_or_default(),
            }
        })
        .collect();
    let (best_of, first_to) = match series.length {
        SeriesLength::BestOf(games) => (games, 0),
        SeriesLength::FirstTo(points) => (0, points),
    };
    pb::Series {
        name: format!("series/{}", series.id),
        series_id: series.id.clone(),
        kind: kind_to_proto(series.config.kind()) as i32,
        config: Some(pb::GameConfig {
            clock: series.clock.as_ref().map(clock_to_proto),
            ..config_to_proto(&series.config)
        }),
        best_of,
        first_to,
        draws: match series.draws {
            SeriesDraws::HalfPoint => pb::SeriesDraws::HalfPoint,
            SeriesDraws::Replayed => pb::SeriesDraws::Replayed,
        } as i32,
        players: players_to_proto(&series.players),
        status: match series.status {
            SeriesStatus::InProgress => pb::SeriesStatus::InProgress,
            SeriesStatus::Finished => pb::SeriesStatus::Finished,
        } as i32,
        games,
        points: points(Standing::of(series).half_points),
        winner: series.winner.map_or(0, |player| u32::from(player) + 1),
        create_time: Some(timestamp(series.created)),
        update_time: Some(timestamp(series.updated)),
        private: series.private,
        bots: series.bots.iter().map(bot_seat_to_proto).collect(),
        allow_hints: series.allow_hints,
        labels: series.labels.clone(),
        rating_pool: series.rating_pool.clone().unwrap_or_default(),
    }
}

/// A series' history so far: each game's creation, then its scoring, in order, and the end.
pub fn series_events(series: &SeriesRecord) -> Vec<pb::SeriesEvent> {
    use pb::series_event::Kind;
    let mut events = Vec::with_capacity(2 * series.games.len() + 1);
    let mut push = |time, kind| {
        let seq = events.len() as u64 + 1;
        events.push(pb::SeriesEvent {
            series_id: series.id.clone(),
            seq,
            time: Some(timestamp(time)),
            kind: Some(kind),
        });
    };
    let mut total = [0, 0];
    for (index, game) in series.games.iter().enumerate() {
        let number = index as u32 + 1;
        let player_one_seat = SeriesRecord::player_one_seat(number);
        push(
            game.started,
            Kind::GameStarted(pb::SeriesGameStarted {
                number,
                game_id: game.game_id.clone(),
                player_one_seat: player_one_seat as u32 + 1,
            }),
        );
        if let Some(result) = &game.result {
            debug_assert_eq!(score(&result.outcome, player_one_seat, series.draws).0, result.half_points);
            total = [total[0] + result.half_points[0], total[1] + result.half_points[1]];
            push(
                result.finished,
                Kind::GameFinished(pb::SeriesGameFinished {
                    number,
                    game_id: game.game_id.clone(),
                    outcome: Some(outcome_to_proto(&result.outcome)),
                    points: points(total),
                }),
            );
        }
    }
    if series.status == SeriesStatus::Finished {
        // The game that decided the series ended it, at the same time.
        let decided = series.games.last().and_then(|game| game.result.as_ref()).map_or(series.updated, |r| r.finished);
        push(
            decided,
            Kind::SeriesFinished(pb::SeriesFinished {
                winner: series.winner.map_or(0, |player| u32::from(player) + 1),
                points: points(total),
            }),
        );
    }
    events
}
