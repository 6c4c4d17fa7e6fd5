//! What a takeback takes off its seat's clock: the credit the move taken back earned
//! (an increment, a delay given back, a fresh time per move), read back from the log's end.

use crate::engine::Seat;
use crate::engine::Turn;
use crate::engine::clock::{Clocks, Millis};
use crate::store::{EventKind, Store, to_millis};

use super::super::error::PlayError;
use super::super::live::LiveGame;

/// Events read back per query while looking for the move a takeback undoes.
const WALK_BATCH: usize = 64;

/// The seat that made the last move in force of `live`, whose log ends at `seq`, once
/// `already_undone` more of its newest moves in force are taken back, and what that move
/// added to its clock ([`Clocks::credit_of_move`]): what taking it back takes away. Read
/// back from the log's end, where the move is (takebacks undo the newest moves in force,
/// so a game with many takebacks reads a little further); nothing for a move made without
/// clocks (one imported at creation) or a game without clocks.
///
/// # Errors
/// When the log cannot be read.
pub(super) async fn credit_of_last_move(
    store: &dyn Store,
    live: &LiveGame,
    seq: u64,
    already_undone: usize,
) -> Result<Option<(Seat, Millis)>, PlayError> {
    // Takebacks met on the way back (and those of this request, not logged yet) that are
    // still to be matched with the moves they undid.
    let mut undone = already_undone;
    // The move once found: its seat, time and clocks after it.
    let mut found: Option<(Seat, u64, Clocks)> = None;
    let mut before = seq + 1;
    loop {
        let batch = store.events_before(&live.id, before, WALK_BATCH).await?;
        let Some(oldest) = batch.last() else { return Ok(None) };
        before = oldest.seq;
        for event in batch {
            if let Some((seat, at, after)) = &found {
                // The event just before the move: the clocks as they stood when it was made.
                let clocks_before = match &event.kind {
                    EventKind::Created => live.opening_clocks(),
                    other => other.clocks().cloned(),
                };
                let Some(clocks_before) = clocks_before else { return Ok(None) };
                return Ok(Some((*seat, Clocks::credit_of_move(&clocks_before, after, seat.index(), *at))));
            }
            let EventKind::Played { turn, clocks, .. } = &event.kind else { continue };
            match turn {
                // A draw offered or answered is no move in force where the match takes it.
                Turn::Move(_, action) if action.is_draw_talk() && !live.config.own_draw_offers() => {}
                Turn::TakeBack(_) | Turn::AnswerTakeBack { accept: true, .. } => undone += 1,
                Turn::Move(..) if undone > 0 => undone -= 1,
                Turn::Move(seat, _) => {
                    let Some(after) = clocks else { return Ok(None) };
                    found = Some((*seat, to_millis(event.time), after.clone()));
                }
                _ => {}
            }
        }
    }
}
