//! The numbers moves are shown with: a move's place among the moves on the board, as the
//! web page counts them. The server's `MoveApplied.move_number` counts the moves in force,
//! which in some games (chess) include draw offers and their answers; those are talk
//! between the seats, not moves, so they are shown on lines of their own, unnumbered, and
//! the moves after them keep counting as if they had not been made. A move taken back and
//! the move played instead have the same number.

use tabula::proto::tabula::v1 as pb;

use super::moves::is_draw_talk;

/// The moves in force, by the server's move number, each marked as a move on the board or
/// as draw talk.
#[derive(Clone, Debug, Default)]
pub struct MoveNumbers {
    /// Entry `n - 1` is the server's move `n`: `true` for a move on the board.
    on_board: Vec<bool>,
}

impl MoveNumbers {
    /// Numbers that assume each of the `move_count` moves in force was a move on the board,
    /// for a game whose history could not be read.
    pub fn assumed(move_count: u32) -> MoveNumbers {
        MoveNumbers { on_board: vec![true; move_count as usize] }
    }

    /// The numbers after `events`, a game's history from its start, in order.
    pub fn after<'a>(events: impl IntoIterator<Item = &'a pb::GameEvent>) -> MoveNumbers {
        let mut numbers = MoveNumbers::default();
        for event in events {
            numbers.note(event);
        }
        numbers
    }

    /// Takes `event` into account and returns the number to show with it: a move on the
    /// board's, or the number of the move a takeback undid; `None` for draw talk and every
    /// other event.
    pub fn note(&mut self, event: &pb::GameEvent) -> Option<u32> {
        use pb::game_event::Kind;
        match &event.kind {
            Some(Kind::MoveApplied(applied)) => self.applied(applied),
            Some(Kind::MoveTakenBack(taken)) => {
                let undone = taken.move_number as usize;
                let shown =
                    self.on_board.get(undone.checked_sub(1)?).copied().unwrap_or(true).then(|| self.shown(undone));
                self.on_board.truncate(undone.saturating_sub(1));
                shown
            }
            _ => None,
        }
    }

    fn applied(&mut self, applied: &pb::MoveApplied) -> Option<u32> {
        let number = applied.move_number as usize;
        let talk = is_draw_talk(applied.r#move.as_ref());
        if number > self.on_board.len() {
            // Moves this terminal never saw (a history it could not read) were on the board.
            self.on_board.resize(number - 1, true);
            self.on_board.push(!talk);
        } else if !talk {
            // A move numbered as one already in force: what this terminal knew was out of
            // date; the server's number says where it stands.
            self.on_board.truncate(number.saturating_sub(1));
            self.on_board.push(true);
        }
        // Talk numbered as the move before it is not in force: it leaves the count alone.
        (!talk).then(|| self.shown(number))
    }

    /// How many of the first `number` moves in force are moves on the board.
    fn shown(&self, number: usize) -> u32 {
        self.on_board.iter().take(number).filter(|&&on_board| on_board).count() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::terminal::moves::draw_move;

    fn applied(move_number: u32, mv: pb::Move) -> pb::GameEvent {
        let applied = pb::MoveApplied { seat: 1, r#move: Some(mv), move_number, ..Default::default() };
        pb::GameEvent { kind: Some(pb::game_event::Kind::MoveApplied(applied)), ..Default::default() }
    }

    fn cell() -> pb::Move {
        pb::Move { kind: Some(pb::r#move::Kind::Place(pb::Place { target: Some(pb::place::Target::Column(0)) })) }
    }

    fn taken_back(move_number: u32) -> pb::GameEvent {
        let taken = pb::MoveTakenBack { seat: 1, move_number };
        pb::GameEvent { kind: Some(pb::game_event::Kind::MoveTakenBack(taken)), ..Default::default() }
    }

    #[test]
    fn draw_offers_counted_as_moves_in_force_are_left_unnumbered_and_skipped() {
        // Chess: the offer and its answer are moves in force, numbered 1 and 3.
        let mut numbers = MoveNumbers::default();
        let shown: Vec<Option<u32>> = [
            applied(1, draw_move(pb::DrawAction::Offer)),
            applied(2, cell()),
            applied(3, draw_move(pb::DrawAction::Decline)),
            applied(4, cell()),
            applied(5, cell()),
        ]
        .iter()
        .map(|event| numbers.note(event))
        .collect();
        assert_eq!(shown, [None, Some(1), None, Some(2), Some(3)]);
    }

    #[test]
    fn draw_talk_not_in_force_leaves_the_count_alone() {
        // Other games: the offer carries the number of the move before it.
        let mut numbers = MoveNumbers::default();
        assert_eq!(numbers.note(&applied(1, cell())), Some(1));
        assert_eq!(numbers.note(&applied(1, draw_move(pb::DrawAction::Offer))), None);
        assert_eq!(numbers.note(&applied(2, cell())), Some(2));
        assert_eq!(numbers.note(&applied(2, draw_move(pb::DrawAction::Accept))), None);
    }

    #[test]
    fn a_move_taken_back_and_the_one_played_instead_have_the_same_number() {
        let history = [applied(1, draw_move(pb::DrawAction::Offer)), applied(2, cell()), applied(3, cell())];
        let mut numbers = MoveNumbers::after(&history);
        assert_eq!(numbers.note(&taken_back(3)), Some(2));
        assert_eq!(numbers.note(&taken_back(2)), Some(1));
        assert_eq!(numbers.note(&applied(2, cell())), Some(1));
    }

    #[test]
    fn a_history_not_read_counts_every_move_in_force_as_on_the_board() {
        let mut numbers = MoveNumbers::assumed(4);
        assert_eq!(numbers.note(&applied(5, cell())), Some(5));
        let mut unknown = MoveNumbers::default();
        assert_eq!(unknown.note(&applied(7, cell())), Some(7));
    }
}
