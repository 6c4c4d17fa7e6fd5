//! The resources on the wire: a game, its engine seats, a kind's facts, a saved
//! configuration, a spectator delay.

use super::Violations;
use super::clock::clock_to_proto;
use super::config::{config_to_proto, kind_to_proto};
use super::players::players_to_proto;
use super::time::timestamp;
use super::time::{millis_from_proto, millis_to_proto};
use super::view::{outcome_to_proto, status_to_proto};
use crate::engine::Seat;
use crate::games::GameKind;
use crate::play::{BotSeat, DEFAULT_MOVE_TIME, GameRecord, MAX_MOVE_TIME, SavedConfig, SpectatorDelay};
use crate::proto::tabula::v1 as pb;
use crate::service::error::ApiError;

/// The wire form of a game's record.
pub fn game_to_proto(record: &GameRecord) -> pb::Game {
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
        labels: record.labels.clone(),
        rematch_of: record.rematch_of.clone().unwrap_or_default(),
        start_time: record.start_at.map(timestamp),
        spectator_delay: record.spectator_delay.as_ref().map(spectator_delay_to_proto),
        owner_stream_moves: record.owner_moves,
        rematch: record.rematch.clone().unwrap_or_default(),
        rating: record.rating.as_ref().map(super::ratings::game_rating_to_proto),
        faulted: record.faulted,
    }
}

/// The wire form of a seat the server's engine plays.
pub fn bot_seat_to_proto(bot: &BotSeat) -> pb::BotSeat {
    pb::BotSeat {
        seat: bot.seat.number(),
        level: u32::from(bot.level),
        move_time: Some(millis_to_proto(u64::from(bot.move_time_ms))),
    }
}

/// The engine seats a request asks for in a game of `kind`, in seat order, every problem
/// recorded under `field`.
pub fn bot_seats_from_proto(
    wire: &[pb::BotSeat],
    kind: GameKind,
    field: &str,
    violations: &mut Violations,
) -> Vec<BotSeat> {
    let (seat_count, top) = (kind.seat_count(), kind.max_bot_level());
    let mut bots: Vec<BotSeat> = Vec::new();
    for (index, bot) in wire.iter().enumerate() {
        let field = |name: &str| format!("{field}[{index}].{name}");
        let seat = Seat::from_number(bot.seat).filter(|seat| seat.index() < seat_count);
        match seat {
            None => violations.add(field("seat"), format!("must be a seat from 1 to {seat_count}")),
            Some(seat) if bots.iter().any(|b| b.seat == seat) => {
                violations.add(field("seat"), format!("names seat {} a second time", seat.number()));
            }
            Some(_) => {}
        }
        if !(1..=u32::from(top)).contains(&bot.level) {
            violations.add(field("level"), format!("must be from 1 to {top}, the strongest for {}", kind.name()));
        }
        let mut time_problems = Violations::default();
        let move_time = millis_from_proto(bot.move_time.as_ref(), &field("move_time"), &mut time_problems);
        let move_time = u32::try_from(move_time).ok().filter(|millis| u128::from(*millis) <= MAX_MOVE_TIME.as_millis());
        let move_time = if time_problems.is_empty() { move_time } else { None };
        if move_time.is_none() {
            violations.add(
                field("move_time"),
                format!(
                    "must be from 0 (the default, {} s) to {} s, in whole milliseconds",
                    DEFAULT_MOVE_TIME.as_secs(),
                    MAX_MOVE_TIME.as_secs()
                ),
            );
        }
        if let (Some(seat), Some(move_time_ms)) = (seat, move_time) {
            let level = u8::try_from(bot.level).unwrap_or(u8::MAX);
            bots.push(BotSeat { seat, level, move_time_ms });
        }
    }
    bots.sort_by_key(|bot| bot.seat);
    bots
}

/// The wire form of a kind's facts: its seats, its default configuration, its presets.
pub fn kind_info_to_proto(kind: GameKind) -> pb::GameKindInfo {
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

/// The wire form of a saved configuration.
pub fn saved_to_proto(saved: &SavedConfig) -> pb::SavedConfig {
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

/// The spectator delay a creation asks for, checked: `None` when it asks for none.
///
/// # Errors
/// `INVALID_REQUEST` naming every problem: too many plies, a duration out of range or not in
/// whole milliseconds, or neither set.
pub fn spectator_delay_from_proto(asked: Option<&pb::SpectatorDelay>) -> Result<Option<SpectatorDelay>, ApiError> {
    let Some(asked) = asked else { return Ok(None) };
    let mut violations = Violations::default();
    if asked.plies > SpectatorDelay::MAX_PLIES {
        violations.add("spectator_delay.plies", format!("must be at most {}", SpectatorDelay::MAX_PLIES));
    }
    let duration_ms = millis_from_proto(asked.duration.as_ref(), "spectator_delay.duration", &mut violations);
    if asked.duration.is_some()
        && !(SpectatorDelay::MIN_DURATION_MS..=SpectatorDelay::MAX_DURATION_MS).contains(&duration_ms)
    {
        violations.add("spectator_delay.duration", "must be from 1 s to 1 h");
    }
    if asked.plies == 0 && asked.duration.is_none() {
        violations.add("spectator_delay", "holds nothing back: set plies, duration or both");
    }
    violations.into_result(Some(SpectatorDelay { plies: asked.plies, duration_ms }))
}

/// The wire form of a spectator delay.
pub fn spectator_delay_to_proto(delay: &SpectatorDelay) -> pb::SpectatorDelay {
    pb::SpectatorDelay {
        plies: delay.plies,
        duration: (delay.duration_ms > 0).then(|| millis_to_proto(delay.duration_ms)),
    }
}
