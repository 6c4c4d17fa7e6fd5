//! What goes with a board, in words: the event that just happened, the last move, the
//! clocks, who is to act, and how the game ended. Read from the protobuf messages alone.

use std::time::{Duration, SystemTime};

use tabula::proto::tabula::v1 as pb;

use super::moves::is_draw_talk;
use super::seats::SeatNames;

/// One line for `event`, its move named by the server's label and numbered `number` (see
/// [`MoveNumbers`](super::numbering::MoveNumbers)); a draw offer or its answer is a line of
/// its own, unnumbered.
pub fn event_line(event: &pb::GameEvent, seats: &SeatNames, number: Option<u32>) -> String {
    use pb::game_event::Kind;
    let who = |seat: u32| seats.name(seat);
    let what = match &event.kind {
        Some(Kind::GameCreated(_)) => "the game was created".to_owned(),
        Some(Kind::MoveApplied(applied)) if is_draw_talk(applied.r#move.as_ref()) => {
            let label = if applied.label.is_empty() { "acts on a draw offer" } else { applied.label.as_str() };
            format!("{} {label}", who(applied.seat))
        }
        Some(Kind::MoveApplied(applied)) => {
            let number = number.unwrap_or(applied.move_number);
            match applied.label.as_str() {
                _ if applied.redacted => {
                    format!("move {number}: {} made a move hidden from this view", who(applied.seat))
                }
                "" => format!("move {number}: {} moved", who(applied.seat)),
                label => format!("move {number}: {} played {label}", who(applied.seat)),
            }
        }
        Some(Kind::Resigned(resigned)) => format!("{} resigned", who(resigned.seat)),
        Some(Kind::GameEnded(ended)) => match &ended.outcome {
            Some(outcome) => format!("game over: {}", outcome_words(outcome, seats)),
            None => "game over".to_owned(),
        },
        Some(Kind::MoveTakenBack(taken)) => match number {
            Some(number) => format!("{} took back move {number}", who(taken.seat)),
            None => format!("{} took back its last move", who(taken.seat)),
        },
        Some(Kind::GameAborted(aborted)) => format!("the game was aborted: {}", aborted.explanation),
        Some(Kind::GameAdjudicated(adjudicated)) => format!("the game was adjudicated: {}", adjudicated.explanation),
        Some(Kind::TimedOut(timed_out)) => format!("{} ran out of time", who(timed_out.seat)),
        Some(Kind::ClockPaused(_)) => "the clocks were paused".to_owned(),
        Some(Kind::ClockResumed(_)) => "the clocks run again".to_owned(),
        Some(Kind::TimeAdded(added)) => {
            let time = added.added.as_ref().map_or(Duration::ZERO, duration);
            format!("{} was given {} more", who(added.seat), clock_text(time))
        }
        Some(Kind::TakebackRequested(request)) => format!("{} asks to take back its last move", who(request.seat)),
        Some(Kind::TakebackDeclined(declined)) => format!("{} declined the takeback", who(declined.seat)),
        Some(Kind::SeatPresenceChanged(changed)) if changed.present => format!("{} is here", who(changed.seat)),
        Some(Kind::SeatPresenceChanged(changed)) => format!("{} went away", who(changed.seat)),
        Some(Kind::GameResumed(_)) => "the game goes on: its end was taken back".to_owned(),
        None => "an event this client does not know".to_owned(),
    };
    format!("#{} {what}", event.seq)
}

/// Whether `event` leaves the board as it was: talk between the seats (a draw offer, a
/// takeback asked for or declined), a seat coming or going, the clocks changed. Such an
/// event is told without drawing the board again.
pub fn leaves_board(event: &pb::GameEvent) -> bool {
    use pb::game_event::Kind;
    match &event.kind {
        Some(Kind::MoveApplied(applied)) => is_draw_talk(applied.r#move.as_ref()),
        Some(
            Kind::TakebackRequested(_)
            | Kind::TakebackDeclined(_)
            | Kind::SeatPresenceChanged(_)
            | Kind::ClockPaused(_)
            | Kind::ClockResumed(_)
            | Kind::TimeAdded(_),
        ) => true,
        _ => false,
    }
}

/// The last move of `view`, `last move: Red (seat 1) column 3`, when there is one, named
/// by the server's label.
pub fn last_move(view: &pb::View, seats: &SeatNames) -> Option<String> {
    let last = view.last_move.as_ref()?;
    let what = match last.label.as_str() {
        _ if last.redacted => "a move hidden from this view",
        "" => "a move",
        label => label,
    };
    Some(format!("last move: {} {what}", seats.name(last.seat)))
}

/// The lines under a board: the stage, each seat's counts and phase where the game has
/// them, a standing draw offer or takeback request and who answers it, the clocks once the
/// game is over (while it runs, the terminal keeps a clock line of its own up to date), and
/// who is to act, or the outcome once the game is over.
pub fn status(view: &pb::View, seats: &SeatNames) -> String {
    let mut out = String::new();
    match pb::Stage::try_from(view.stage) {
        Ok(pb::Stage::Placement) => out += "stage: placing the fleets (a fleet is done once its seat says ready)\n",
        Ok(pb::Stage::Play) => out += "stage: shooting\n",
        _ => {}
    }
    if !view.seat_counts.is_empty() {
        let what = if view.seat_counts_label.is_empty() { "count" } else { view.seat_counts_label.as_str() };
        let counts: Vec<String> =
            view.seat_counts.iter().zip(1..).map(|(count, seat)| format!("{} {count}", seats.name(seat))).collect();
        out += &format!("{what}: {}\n", counts.join(", "));
    }
    let over = view.status == pb::GameStatus::Finished as i32;
    if !over && !view.seat_phases.is_empty() {
        let phases: Vec<String> = view
            .seat_phases
            .iter()
            .zip(1..)
            .map(|(&phase, seat)| format!("{} {}", seats.name(seat), phase_words(phase)))
            .collect();
        out += &format!("phase: {}\n", phases.join(", "));
    }
    if view.draw_offer != 0 {
        let (offerer, answerer) = (seats.name(view.draw_offer), seats.others(view.draw_offer));
        out += &format!("{offerer} offers a draw: waiting for {answerer} to accept or decline it\n");
    }
    if view.takeback_request != 0 {
        let (asker, answerer) = (seats.name(view.takeback_request), seats.others(view.takeback_request));
        out += &format!("{asker} asks to take back its last move: waiting for {answerer} to accept or decline\n");
    }
    if over && let Some(readings) = &view.clock {
        out += &clock_line(readings, seats, SystemTime::now());
        out += "\n";
    }
    match &view.outcome {
        Some(outcome) if over => {
            out += &format!("game over: {}\n", outcome_words(outcome, seats));
        }
        _ if view.to_act.is_empty() => {}
        _ => {
            let acting: Vec<String> = view.to_act.iter().map(|&seat| seats.name(seat)).collect();
            out += &format!("to act: {}\n", acting.join(", "));
        }
    }
    out
}

/// How the game ended, in words: `Red (seat 1) wins (a line completed)`, `draw (the board
/// is full)`, `no result (aborted)`.
pub fn outcome_words(outcome: &pb::Outcome, seats: &SeatNames) -> String {
    let why = reason_words(outcome.reason);
    let why = if why.is_empty() { String::new() } else { format!(" ({why})") };
    match pb::OutcomeType::try_from(outcome.r#type) {
        Ok(pb::OutcomeType::Win) => format!("{} wins{why}", seats.name(outcome.winner)),
        Ok(pb::OutcomeType::Draw) => format!("draw{why}"),
        Ok(pb::OutcomeType::NoResult) => format!("no result{why}"),
        _ => format!("an ending this client does not know{why}"),
    }
}

fn reason_words(reason: i32) -> &'static str {
    use pb::EndReason as R;
    match R::try_from(reason) {
        Ok(R::Line) => "a line completed",
        Ok(R::BoardFull) => "the board is full",
        Ok(R::Resignation) => "resignation",
        Ok(R::Repetition) => "repetition",
        Ok(R::MoveLimit) => "the move limit",
        Ok(R::SimultaneousLines) => "lines for both seats at once",
        Ok(R::TooFewPieces) => "too few pieces left",
        Ok(R::Blocked) => "no move left",
        Ok(R::AllShipsSunk) => "every ship sunk",
        Ok(R::Solved) => "solved",
        Ok(R::SolvedInStartCell) => "solved, the last peg in the first empty hole",
        Ok(R::NoMovesLeft) => "no jump left",
        Ok(R::PieceCount) => "the pieces counted",
        Ok(R::Checkmate) => "checkmate",
        Ok(R::Stalemate) => "stalemate",
        Ok(R::FiftyMoveRule) => "the fifty-move rule",
        Ok(R::SeventyFiveMoveRule) => "the seventy-five-move rule",
        Ok(R::ThreefoldRepetition) => "threefold repetition",
        Ok(R::FivefoldRepetition) => "fivefold repetition",
        Ok(R::InsufficientMaterial) => "insufficient material",
        Ok(R::Agreement) => "agreement",
        Ok(R::Aborted) => "aborted",
        Ok(R::Adjudication) => "adjudication",
        Ok(R::Timeout) => "time ran out",
        Ok(R::TimeoutVsInsufficientMaterial) => "time ran out, but the other side could not mate",
        Ok(R::OpponentLine) => "the other side completed a line",
        Ok(R::Unspecified) | Err(_) => "",
    }
}

fn phase_words(phase: i32) -> &'static str {
    match pb::Phase::try_from(phase) {
        Ok(pb::Phase::Placing) => "places",
        Ok(pb::Phase::Moving) => "moves",
        Ok(pb::Phase::Flying) => "flies",
        Ok(pb::Phase::Capturing) => "captures",
        _ => "plays",
    }
}

/// Each seat's time left as of `now`, on one line without its line ending: a running clock
/// has gone down since it was read.
pub fn clock_line(readings: &pb::ClockReadings, seats: &SeatNames, now: SystemTime) -> String {
    let read_at = readings.read_at.and_then(|at| SystemTime::try_from(at).ok()).unwrap_or(now);
    let passed = now.duration_since(read_at).unwrap_or_default();
    let times: Vec<String> = readings
        .seats
        .iter()
        .map(|clock| {
            let read = clock.remaining.as_ref().map_or(Duration::ZERO, duration);
            let (left, running) =
                if ticks(clock, readings) { (read.saturating_sub(passed), " (running)") } else { (read, "") };
            format!("{} {}{running}", seats.name(clock.seat), clock_text(left))
        })
        .collect();
    let paused = if readings.paused { " (paused)" } else { "" };
    format!("clocks{paused}: {}", times.join(", "))
}

/// Whether one of `readings`' clocks goes down while nothing happens.
pub fn any_ticks(readings: &pb::ClockReadings) -> bool {
    readings.seats.iter().any(|clock| ticks(clock, readings))
}

fn ticks(clock: &pb::SeatClock, readings: &pb::ClockReadings) -> bool {
    clock.running && !readings.paused
}

fn duration(value: &prost_types::Duration) -> Duration {
    Duration::try_from(*value).unwrap_or_default()
}

/// A clock's time as chess clocks show it: `4:05`, `1:02:03`, `3d 04:05:06`; tenths of a
/// second under ten seconds, when they matter.
fn clock_text(time: Duration) -> String {
    let seconds = time.as_secs();
    let (days, hours, minutes, secs) = (seconds / 86_400, seconds / 3_600 % 24, seconds / 60 % 60, seconds % 60);
    if days > 0 {
        format!("{days}d {hours:02}:{minutes:02}:{secs:02}")
    } else if hours > 0 {
        format!("{hours}:{minutes:02}:{secs:02}")
    } else if seconds < 10 {
        format!("0:{secs:02}.{}", time.subsec_millis() / 100)
    } else {
        format!("{minutes}:{secs:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats() -> SeatNames {
        SeatNames::new(vec!["Red".to_owned(), "Yellow".to_owned()])
    }

    #[test]
    fn outcomes_are_told_in_words() {
        let win = pb::Outcome {
            r#type: pb::OutcomeType::Win as i32,
            winner: 1,
            reason: pb::EndReason::Line as i32,
            winning_line: vec![],
        };
        assert_eq!(outcome_words(&win, &seats()), "Red (seat 1) wins (a line completed)");
        let draw = pb::Outcome {
            r#type: pb::OutcomeType::Draw as i32,
            reason: pb::EndReason::BoardFull as i32,
            ..Default::default()
        };
        assert_eq!(outcome_words(&draw, &seats()), "draw (the board is full)");
    }

    #[test]
    fn the_clock_line_counts_the_running_clock_down_from_its_reading() {
        let read_at = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000);
        let clock = |seat, secs, running| pb::SeatClock {
            seat,
            remaining: Some(prost_types::Duration { seconds: secs, nanos: 0 }),
            running,
            deadline: None,
        };
        let mut readings = pb::ClockReadings {
            read_at: Some(read_at.into()),
            seats: vec![clock(1, 300, false), clock(2, 65, true)],
            paused: false,
        };
        let text = clock_line(&readings, &seats(), read_at + Duration::from_millis(1_500));
        assert_eq!(text, "clocks: Red (seat 1) 5:00, Yellow (seat 2) 1:03 (running)");
        assert!(any_ticks(&readings));
        readings.paused = true;
        let text = clock_line(&readings, &seats(), read_at + Duration::from_millis(1_500));
        assert_eq!(text, "clocks (paused): Red (seat 1) 5:00, Yellow (seat 2) 1:05");
        assert!(!any_ticks(&readings));
    }

    #[test]
    fn the_status_says_who_acts_and_what_waits_for_whose_answer() {
        let view = pb::View {
            to_act: vec![2],
            status: pb::GameStatus::InProgress as i32,
            draw_offer: 1,
            clock: Some(pb::ClockReadings::default()),
            ..Default::default()
        };
        let text = status(&view, &seats());
        assert_eq!(
            text,
            "Red (seat 1) offers a draw: waiting for Yellow (seat 2) to accept or decline it\nto act: Yellow (seat 2)\n"
        );
        let asked = pb::View { takeback_request: 2, draw_offer: 0, ..view };
        assert!(
            status(&asked, &seats())
                .starts_with("Yellow (seat 2) asks to take back its last move: waiting for Red (seat 1) to accept")
        );
    }

    #[test]
    fn a_finished_game_shows_its_outcome_instead_of_who_acts() {
        let view = pb::View {
            status: pb::GameStatus::Finished as i32,
            outcome: Some(pb::Outcome { r#type: pb::OutcomeType::Win as i32, winner: 2, ..Default::default() }),
            last_move: Some(pb::LastMove { seat: 2, label: "column 3".to_owned(), ..Default::default() }),
            ..Default::default()
        };
        assert_eq!(status(&view, &seats()), "game over: Yellow (seat 2) wins\n");
        assert_eq!(last_move(&view, &seats()).as_deref(), Some("last move: Yellow (seat 2) column 3"));
    }

    #[test]
    fn clock_times_read_like_a_chess_clock() {
        assert_eq!(clock_text(Duration::from_millis(9_450)), "0:09.4");
        assert_eq!(clock_text(Duration::from_secs(245)), "4:05");
        assert_eq!(clock_text(Duration::from_secs(3_723)), "1:02:03");
        assert_eq!(clock_text(Duration::from_secs(3 * 86_400 + 4 * 3_600 + 5 * 60 + 6)), "3d 04:05:06");
    }

    #[test]
    fn an_event_line_names_the_move_by_the_servers_label_and_a_hidden_one_as_hidden() {
        let applied = |label: &str, redacted: bool| pb::GameEvent {
            seq: 4,
            kind: Some(pb::game_event::Kind::MoveApplied(pb::MoveApplied {
                seat: 1,
                move_number: 3,
                label: label.to_owned(),
                redacted,
                ..Default::default()
            })),
            ..Default::default()
        };
        assert_eq!(event_line(&applied("column 2", false), &seats(), None), "#4 move 3: Red (seat 1) played column 2");
        let hidden = event_line(&applied("", true), &seats(), None);
        assert_eq!(hidden, "#4 move 3: Red (seat 1) made a move hidden from this view");
        assert_eq!(
            event_line(&applied("column 2", false), &seats(), Some(2)),
            "#4 move 2: Red (seat 1) played column 2"
        );
    }

    #[test]
    fn a_draw_offer_is_a_line_of_its_own_without_a_move_number() {
        let offer = pb::GameEvent {
            seq: 6,
            kind: Some(pb::game_event::Kind::MoveApplied(pb::MoveApplied {
                seat: 2,
                r#move: Some(crate::cli::terminal::moves::draw_move(pb::DrawAction::Offer)),
                move_number: 3,
                label: "offers a draw".to_owned(),
                ..Default::default()
            })),
            ..Default::default()
        };
        assert_eq!(event_line(&offer, &seats(), None), "#6 Yellow (seat 2) offers a draw");
        assert!(leaves_board(&offer));
    }
}
