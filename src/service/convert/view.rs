use crate::engine::{BoardCell, EndReason, GraphBoard, GridBoard, Outcome, Phase, Piece, Stage, Turn, View, Viewer};
use crate::games::GameKind;
use crate::play::{Actor, EventKind, GameStatus, Player, StoredEvent};
use crate::proto::tabula::v1 as pb;

use super::clock::{clock_to_proto, readings_to_proto};
use super::time::{millis_to_proto, timestamp};
use super::{action_to_proto, config_to_proto, kind_to_proto, players_to_proto};
use crate::engine::clock::ClockChange;
use crate::play::{ClockReadings, LiveGame};

/// The wire status.
pub fn status_to_proto(status: GameStatus) -> pb::GameStatus {
    match status {
        GameStatus::InProgress => pb::GameStatus::InProgress,
        GameStatus::Finished => pb::GameStatus::Finished,
        GameStatus::Archived => pb::GameStatus::Archived,
    }
}

fn seat_number(viewer: Viewer) -> u32 {
    viewer.seat().map_or(0, |s| s.number())
}

/// The wire outcome.
pub fn outcome_to_proto(outcome: &Outcome) -> pb::Outcome {
    let reason = match outcome.reason() {
        EndReason::Line => pb::EndReason::Line,
        EndReason::BoardFull => pb::EndReason::BoardFull,
        EndReason::Resignation => pb::EndReason::Resignation,
        EndReason::Repetition => pb::EndReason::Repetition,
        EndReason::MoveLimit => pb::EndReason::MoveLimit,
        EndReason::SimultaneousLines => pb::EndReason::SimultaneousLines,
        EndReason::TooFewPieces => pb::EndReason::TooFewPieces,
        EndReason::Blocked => pb::EndReason::Blocked,
        EndReason::AllShipsSunk => pb::EndReason::AllShipsSunk,
        EndReason::Solved => pb::EndReason::Solved,
        EndReason::SolvedInStartCell => pb::EndReason::SolvedInStartCell,
        EndReason::NoMovesLeft => pb::EndReason::NoMovesLeft,
        EndReason::PieceCount => pb::EndReason::PieceCount,
        EndReason::Checkmate => pb::EndReason::Checkmate,
        EndReason::Stalemate => pb::EndReason::Stalemate,
        EndReason::FiftyMoveRule => pb::EndReason::FiftyMoveRule,
        EndReason::SeventyFiveMoveRule => pb::EndReason::SeventyFiveMoveRule,
        EndReason::ThreefoldRepetition => pb::EndReason::ThreefoldRepetition,
        EndReason::FivefoldRepetition => pb::EndReason::FivefoldRepetition,
        EndReason::InsufficientMaterial => pb::EndReason::InsufficientMaterial,
        EndReason::Agreement => pb::EndReason::Agreement,
        EndReason::Aborted => pb::EndReason::Aborted,
        EndReason::Adjudication => pb::EndReason::Adjudication,
        EndReason::Timeout => pb::EndReason::Timeout,
        EndReason::OpponentLine => pb::EndReason::OpponentLine,
        EndReason::TimeoutVsInsufficientMaterial => pb::EndReason::TimeoutVsInsufficientMaterial,
    };
    match outcome {
        Outcome::Win { winner, line, .. } => pb::Outcome {
            r#type: pb::OutcomeType::Win as i32,
            winner: winner.number(),
            reason: reason as i32,
            winning_line: line.iter().map(|c| pb::Cell { row: c.row, col: c.col }).collect(),
        },
        Outcome::Draw { .. } => pb::Outcome {
            r#type: pb::OutcomeType::Draw as i32,
            winner: 0,
            reason: reason as i32,
            winning_line: Vec::new(),
        },
        Outcome::NoResult { .. } => pb::Outcome {
            r#type: pb::OutcomeType::NoResult as i32,
            winner: 0,
            reason: reason as i32,
            winning_line: Vec::new(),
        },
    }
}

fn board_cell_to_proto(cell: &BoardCell) -> pb::BoardCell {
    pb::BoardCell {
        owner: cell.owner.map_or(0, |s| s.number()),
        piece: match cell.piece {
            Piece::Empty => pb::Piece::Unspecified,
            Piece::Mark => pb::Piece::Mark,
            Piece::Void => pb::Piece::Void,
            Piece::Ship => pb::Piece::Ship,
            Piece::Hit => pb::Piece::Hit,
            Piece::Miss => pb::Piece::Miss,
            Piece::Sunk => pb::Piece::Sunk,
            Piece::Wall => pb::Piece::Wall,
            Piece::King => pb::Piece::King,
            Piece::Queen => pb::Piece::Queen,
            Piece::Rook => pb::Piece::Rook,
            Piece::Bishop => pb::Piece::Bishop,
            Piece::Knight => pb::Piece::Knight,
            Piece::Pawn => pb::Piece::Pawn,
        } as i32,
    }
}

fn board_to_proto(board: &GridBoard) -> pb::GridBoard {
    pb::GridBoard {
        width: board.width,
        height: board.height,
        cells: board.cells.iter().map(board_cell_to_proto).collect(),
        column_labels: board.names.columns.clone(),
        row_labels: board.names.rows.clone(),
        cell_labels: board.names.cells.clone(),
    }
}

fn graph_to_proto(graph: &GraphBoard) -> pb::GraphBoard {
    pb::GraphBoard {
        width: graph.width,
        height: graph.height,
        points: graph
            .points
            .iter()
            .enumerate()
            .map(|(index, p)| pb::GraphPoint {
                x: p.x,
                y: p.y,
                occupant: p.occupant.map_or(0, |s| s.number()),
                label: graph.point_names.get(index).cloned().unwrap_or_default(),
            })
            .collect(),
        edges: graph.edges.iter().map(|&(a, b)| pb::GraphEdge { a, b }).collect(),
        lines: graph.lines.iter().map(|points| pb::PointLine { points: points.clone() }).collect(),
    }
}

fn phase_to_proto(phase: Phase) -> pb::Phase {
    match phase {
        Phase::Placing => pb::Phase::Placing,
        Phase::Moving => pb::Phase::Moving,
        Phase::Flying => pb::Phase::Flying,
        Phase::Capturing => pb::Phase::Capturing,
    }
}

/// The wire view of a domain view of `live` at `seq`.
pub fn view_to_proto(live: &LiveGame, seq: u64, view: &View, clocks: Option<&ClockReadings>) -> pb::View {
    let game = GameOf { id: &live.id, kind: live.config.kind(), players: &live.players };
    let mut wire = game_view_to_proto(game, seq, view, clocks);
    wire.presence = presence_to_proto(live);
    wire.rating = live.rating().as_ref().map(super::ratings::game_rating_to_proto);
    wire
}

/// Each seat's presence in `live`, as its log announced it, for a game keeping presence:
/// every seat the engine does not play, in seat order.
fn presence_to_proto(live: &LiveGame) -> Vec<pb::SeatPresence> {
    let Some(keeping) = live.keeps_presence() else { return Vec::new() };
    let said = live.presence();
    (0..live.seat_count())
        .map(|index| crate::engine::Seat::new(index as u8))
        .filter(|seat| !live.is_bot(*seat))
        .map(|seat| {
            let presence = said.get(seat.index()).copied().unwrap_or_default();
            let gone_since = presence.since.filter(|_| !presence.present);
            let claimable_at = gone_since
                .zip(keeping.claim_after_ms)
                .map(|(since, window)| timestamp(since + std::time::Duration::from_millis(window)));
            pb::SeatPresence {
                seat: seat.number(),
                present: presence.present,
                since: presence.since.map(timestamp),
                claimable_at,
            }
        })
        .collect()
}

/// The status of a game whose result is `outcome`: finished once it has one.
pub fn game_status(outcome: Option<&Outcome>) -> pb::GameStatus {
    if outcome.is_some() { pb::GameStatus::Finished } else { pb::GameStatus::InProgress }
}

/// Which game a view is of, for [`game_view_to_proto`].
#[derive(Clone, Copy, Debug)]
pub struct GameOf<'a> {
    /// Its id.
    pub id: &'a str,
    /// What is played.
    pub kind: GameKind,
    /// Who sits in its seats.
    pub players: &'a [Player],
}

/// The wire view of a domain view of `game` at `seq`, for a game that need not be in play
/// (a stored one replayed, as `tabula replay` does).
pub fn game_view_to_proto(game: GameOf<'_>, seq: u64, view: &View, clocks: Option<&ClockReadings>) -> pb::View {
    pb::View {
        clock: clocks.map(readings_to_proto),
        presence: Vec::new(),
        rating: None,
        game_id: game.id.to_owned(),
        kind: kind_to_proto(game.kind) as i32,
        players: players_to_proto(game.players),
        viewer_seat: seat_number(view.viewer),
        board: view.observation.board.as_ref().map(board_to_proto),
        to_act: view.to_act.iter().map(|s| s.number()).collect(),
        status: game_status(view.outcome.as_ref()) as i32,
        outcome: view.outcome.as_ref().map(outcome_to_proto),
        last_move: view.last_move.as_ref().map(|m| pb::LastMove {
            seat: m.seat.number(),
            r#move: m.action.as_ref().map(action_to_proto),
            redacted: m.action.is_none(),
            notation: m.action.as_ref().and(view.observation.last_move_notation.clone()).unwrap_or_default(),
            uci: m.machine_notation.clone().unwrap_or_default(),
            label: m.label.clone().unwrap_or_default(),
        }),
        move_count: view.move_count,
        seq,
        active_region: view.observation.active_region.map(|r| pb::Region {
            top: r.top,
            left: r.left,
            height: r.height,
            width: r.width,
        }),
        seat_in_hand: view.observation.seat_in_hand.clone(),
        graph: view.observation.graph.as_ref().map(graph_to_proto),
        seat_counts: view.observation.seat_counts.clone(),
        seat_counts_label: if view.observation.seat_counts.is_empty() {
            String::new()
        } else {
            game.kind.seat_counts_label().to_owned()
        },
        seat_phases: view.observation.seat_phases.iter().map(|p| phase_to_proto(*p) as i32).collect(),
        stage: view.observation.stage.map_or(pb::Stage::Unspecified, |stage| match stage {
            Stage::Placement => pb::Stage::Placement,
            Stage::Play => pb::Stage::Play,
            Stage::Finished => pb::Stage::Finished,
        }) as i32,
        seat_boards: view.observation.seat_boards.iter().map(board_to_proto).collect(),
        notation: view.observation.notation.clone().unwrap_or_default(),
        draw_offer: view.observation.draw_offer.map_or(0, |s| s.number()),
        takeback_request: view.takeback_request.map_or(0, |s| s.number()),
        last_changed: view
            .observation
            .last_changed
            .iter()
            .map(|c| pb::ChangedCell {
                seat_board: c.seat_board.map_or(0, |s| s.number()),
                cell: Some(pb::Cell { row: c.cell.row, col: c.cell.col }),
            })
            .collect(),
    }
}

/// The wire event of a logged event, as `viewer` may see it: what a viewer may see of a
/// move is a fact of the configuration and the move alone.
pub fn event_to_proto(
    live: &LiveGame,
    viewer: Viewer,
    event: &StoredEvent,
    clocks: Option<&ClockReadings>,
) -> pb::GameEvent {
    use pb::game_event::Kind;
    let (game_id, config) = (live.id.as_str(), &live.config);
    let kind = match &event.kind {
        EventKind::Created => Kind::GameCreated(pb::GameCreated {
            config: Some(pb::GameConfig { clock: live.clock.as_ref().map(clock_to_proto), ..config_to_proto(config) }),
            seat_count: config.kind().seat_count() as u32,
            players: players_to_proto(&live.players),
            rematch_of: live.rematch_of.clone().unwrap_or_default(),
            series_id: live.series.as_ref().map(|link| link.series_id.clone()).unwrap_or_default(),
        }),
        EventKind::Played { turn: Turn::Move(seat, action), move_number, label, .. } => {
            let visible = config.public_action(viewer, *seat, action);
            // Logs from before labels were recorded: named as a new game would name it.
            let label = visible.as_ref().map(|_| label.clone().unwrap_or_else(|| live.label_of(action)));
            Kind::MoveApplied(pb::MoveApplied {
                seat: seat.number(),
                r#move: visible.as_ref().map(action_to_proto),
                redacted: visible.is_none(),
                move_number: *move_number,
                label: label.unwrap_or_default(),
            })
        }
        EventKind::Played { turn: Turn::Resign(seat), .. } => Kind::Resigned(pb::Resigned { seat: seat.number() }),
        EventKind::Played { turn: Turn::TakeBack(seat), move_number, .. } => {
            Kind::MoveTakenBack(pb::MoveTakenBack { seat: seat.number(), move_number: *move_number })
        }
        EventKind::Played { turn: Turn::RequestTakeBack(seat), .. } => {
            Kind::TakebackRequested(pb::TakebackRequested { seat: seat.number() })
        }
        // Consent exists only in two-seat games: the accepted request was the other seat's.
        EventKind::Played { turn: Turn::AnswerTakeBack { seat, accept: true }, move_number, .. } => {
            Kind::MoveTakenBack(pb::MoveTakenBack { seat: seat.opponent().number(), move_number: *move_number })
        }
        EventKind::Played { turn: Turn::AnswerTakeBack { seat, accept: false }, .. } => {
            Kind::TakebackDeclined(pb::TakebackDeclined { seat: seat.number() })
        }
        EventKind::Played { turn: Turn::Abort { explanation, no_show }, .. } => {
            let no_show_seat = no_show.map_or(0, |seat| seat.number());
            Kind::GameAborted(pb::GameAborted { explanation: explanation.clone(), no_show_seat })
        }
        EventKind::Played { turn: Turn::Adjudicate { explanation, .. }, .. } => {
            Kind::GameAdjudicated(pb::GameAdjudicated { explanation: explanation.clone() })
        }
        EventKind::Played { turn: Turn::TimedOut(seat), .. } => Kind::TimedOut(pb::TimedOut { seat: seat.number() }),
        EventKind::Clock { change: ClockChange::Paused, .. } => Kind::ClockPaused(pb::ClockPaused {}),
        EventKind::Clock { change: ClockChange::Resumed, .. } => Kind::ClockResumed(pb::ClockResumed {}),
        EventKind::Clock { change: ClockChange::TimeAdded { seat, added }, .. } => {
            Kind::TimeAdded(pb::TimeAdded { seat: *seat as u32 + 1, added: Some(millis_to_proto(*added)) })
        }
        EventKind::Ended(outcome) => Kind::GameEnded(pb::GameEnded { outcome: Some(outcome_to_proto(outcome)) }),
        EventKind::Resumed => Kind::GameResumed(pb::GameResumed {}),
        EventKind::Presence { seat, present } => {
            Kind::SeatPresenceChanged(pb::SeatPresenceChanged { seat: seat.number(), present: *present })
        }
    };
    pb::GameEvent {
        game_id: game_id.to_owned(),
        seq: event.seq,
        time: Some(timestamp(event.time)),
        kind: Some(kind),
        actor: event.kind.actor().as_ref().map(actor_to_proto),
        clock: clocks.map(readings_to_proto),
    }
}

/// The wire actor.
pub fn actor_to_proto(actor: &Actor) -> pb::Actor {
    use pb::actor::Kind;
    let kind = match actor {
        Actor::Seat(seat) => Kind::Seat(seat.number()),
        Actor::Service { key } => Kind::Service(pb::ServiceActor { key_name: key.clone().unwrap_or_default() }),
        Actor::Engine(seat) => Kind::Engine(seat.number()),
        Actor::Clock => Kind::Clock(pb::ClockActor {}),
    };
    pb::Actor { kind: Some(kind) }
}
