//! `tabula replay`: a stored game printed event by event, each move with the board after
//! it, as one viewer sees it (a spectator unless a seat is named), so that replaying a
//! game with hidden information shows no more than that viewer saw.

use std::io::{Write, stdout};

use tabula::engine::{Seat, Turn, Viewer};
use tabula::service::convert::{GameOf, game_view_to_proto};
use tabula::store::{EventKind, StoredEvent};

use super::games::StoreArg;
use super::terminal::{SeatNames, boards};

/// Arguments of `tabula replay`.
#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// The game's id.
    pub game_id: String,
    #[command(flatten)]
    pub store: StoreArg,
    /// Show the game as this seat saw it (1 for the first seat), its secrets included;
    /// without it, as a spectator sees it.
    #[arg(long)]
    pub seat: Option<u32>,
}

/// Runs `tabula replay`.
pub async fn run(args: ReplayArgs) -> Result<(), Box<dyn std::error::Error>> {
    let store = args.store.open().await?;
    let (record, events) = store.load(&args.game_id).await?;
    let kind = record.kind();
    let names = kind.seat_names();
    let viewer = match args.seat {
        None => Viewer::Spectator,
        Some(number) => match Seat::from_number(number).filter(|seat| seat.index() < names.len()) {
            Some(seat) => Viewer::Seat(seat),
            None => return Err(format!("--seat must be between 1 and {}", names.len()).into()),
        },
    };
    let mut game = record.config.new_match()?;
    // Drawn as the terminal client draws the views the server sends: one text renderer.
    let seats = SeatNames::new(names.iter().map(|name| (*name).to_owned()).collect());
    let of = GameOf { id: &record.id, kind, players: &record.players };
    writeln!(stdout(), "game {} ({}), as {}", record.id, kind.info().display_name, describe_viewer(names, viewer))?;
    writeln!(stdout(), "configuration: {}", serde_json::to_string(&record.config)?)?;
    for event in &events {
        let line = describe(names, game.as_ref(), viewer, event);
        if let EventKind::Played { turn, .. } = &event.kind {
            game.play(turn).map_err(|e| format!("the log does not replay at seq {}: {e}", event.seq))?;
        }
        writeln!(stdout(), "\n#{} {line}", event.seq)?;
        if matches!(event.kind, EventKind::Created | EventKind::Played { .. }) {
            write!(stdout(), "{}", boards(&game_view_to_proto(of, event.seq, &game.view(viewer), None), &seats))?;
        }
    }
    Ok(())
}

/// `seat` as people know it: `X (seat 1)`.
fn seat_name(names: &[&str], seat: Seat) -> String {
    match names.get(seat.index()) {
        Some(name) => format!("{name} ({seat})"),
        None => seat.to_string(),
    }
}

fn describe_viewer(names: &[&str], viewer: Viewer) -> String {
    match viewer {
        Viewer::Spectator => "a spectator".to_owned(),
        Viewer::Seat(seat) => seat_name(names, seat),
    }
}

/// One line for `event`, with moves named in the game's notation as `viewer` may see them,
/// judged on `game` as it stood before the event.
fn describe(names: &[&str], game: &dyn tabula::engine::AnyMatch, viewer: Viewer, event: &StoredEvent) -> String {
    let who = |seat: Seat| seat_name(names, seat);
    match &event.kind {
        EventKind::Created => "created".to_owned(),
        EventKind::Played { turn, .. } => match turn {
            Turn::Move(seat, action) => match game.public_action(viewer, *seat, action) {
                Some(shown) => format!("{}: {}", who(*seat), game.describe(&shown)),
                None => format!("{}: a move hidden from {}", who(*seat), describe_viewer(names, viewer)),
            },
            Turn::Resign(seat) => format!("{} resigned", who(*seat)),
            Turn::TakeBack(seat) => format!("{} took back its last move", who(*seat)),
            Turn::Abort { explanation, .. } => format!("aborted: {explanation}"),
            Turn::Adjudicate { result, explanation } => format!("adjudicated ({result:?}): {explanation}"),
            Turn::TimedOut(seat) => format!("{} ran out of time", who(*seat)),
            Turn::RequestTakeBack(seat) => format!("{} asked to take back its last move", who(*seat)),
            Turn::AnswerTakeBack { seat, accept: true } => format!("{} agreed to the takeback", who(*seat)),
            Turn::AnswerTakeBack { seat, accept: false } => format!("{} declined the takeback", who(*seat)),
        },
        EventKind::Clock { change, .. } => format!("clock: {change:?}"),
        EventKind::Ended(outcome) => format!("ended: {}", describe_outcome(names, outcome)),
        EventKind::Resumed => "resumed: the end was taken back".to_owned(),
        EventKind::Presence { seat, present: true } => format!("{} came", who(*seat)),
        EventKind::Presence { seat, present: false } => format!("{} went away", who(*seat)),
    }
}

fn describe_outcome(names: &[&str], outcome: &tabula::engine::Outcome) -> String {
    use tabula::engine::Outcome;
    match outcome {
        Outcome::Win { winner, reason, line } => {
            let cells: Vec<String> = line.iter().map(ToString::to_string).collect();
            let line = if cells.is_empty() { String::new() } else { format!(", line {}", cells.join(" ")) };
            format!("{} wins ({reason:?}{line})", seat_name(names, *winner))
        }
        Outcome::Draw { reason } => format!("a draw ({reason:?})"),
        Outcome::NoResult { reason } => format!("no result ({reason:?})"),
    }
}
