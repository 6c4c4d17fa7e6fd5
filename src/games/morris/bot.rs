//! The Morris bot. Level 1 plays at random, level 2 searches two plies, level 3 six (or
//! as deep as the budget allows); a capture after a mill is a ply of its own, played by
//! the same seat, which the generic search handles. Leaves are judged by pieces (on the
//! board and in hand), closed mills, mills one piece short with their third point free,
//! and mobility; captures and moves that close a mill are tried first.

use crate::engine::bot;
use crate::engine::{Action, Analysis, Location, PlaceTarget, Rules, SearchBudget, Seat};

use super::{Morris, fills, points};

/// The strongest level.
pub(super) const MAX_LEVEL: u8 = 3;

pub(super) fn action(game: &Morris, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
    bot::leveled(game, seat, level, budget, seed, &[2, 6], &candidates)
}

/// The engine's analysis: the search of the strongest level, as deep as the budget allows.
pub(super) fn analyse(game: &Morris, seat: Seat, budget: SearchBudget<'_>, seed: u64) -> Analysis {
    bot::analyse_deeply(game, seat, budget, seed, &candidates, bot::Width::Full)
}

fn candidates(game: &Morris, seat: Seat) -> Vec<(Action, i32)> {
    let own = game.own[seat.index()];
    let closes = |from: Option<u32>, to: u32| {
        let after = own & !from.map_or(0, |f| 1 << f) | 1 << to;
        game.board().mills_at(to).iter().any(|&mill| fills(after, mill))
    };
    game.legal_moves(seat)
        .into_iter()
        .map(|action| {
            let priority = match action {
                Action::Capture(_) => 10,
                Action::Place(PlaceTarget::Point(to)) => 5 * i32::from(closes(None, to)),
                Action::Move { from: Location::Point(from), to: Location::Point(to), .. } => {
                    5 * i32::from(closes(Some(from), to))
                }
                _ => 0,
            };
            (action, priority)
        })
        .collect()
}

/// Moves `seat` could make with its pieces on the board, ignoring whose turn it is.
fn mobility(game: &Morris, seat: Seat) -> i32 {
    if game.in_hand[seat.index()] > 0 {
        return 0;
    }
    points(game.own[seat.index()]).map(|from| game.destinations(seat, from).count_ones() as i32).sum()
}

pub(super) fn evaluate(game: &Morris, seat: Seat) -> i32 {
    let side = |s: Seat| {
        let own = game.own[s.index()];
        let theirs = game.own[s.opponent().index()];
        let pieces = (own.count_ones() + game.in_hand[s.index()]) as i32;
        let mills = game.board().mill_masks().iter().filter(|&&m| fills(own, m)).count() as i32;
        let open = game.board().mill_masks().iter().filter(|&&m| (own & m).count_ones() == 2 && theirs & m == 0).count()
            as i32;
        let blocked = i32::from(game.in_hand[s.index()] == 0 && !game.has_move(s));
        pieces * 100 + mills * 20 + open * 8 + mobility(game, s) * 2 - blocked * 500
    };
    side(seat) - side(seat.opponent())
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::engine::Match;
    use crate::games::morris::{Config, Variant};

    /// In Three Men's Morris the first mill wins: a searching bot that can close one
    /// closes it, then captures (its second move in a row), and wins.
    #[test]
    fn a_searching_bot_closes_a_mill_and_captures_in_the_same_turn() {
        let go = AtomicBool::new(false);
        let config = Config::of(Variant::Three);
        for level in 2..=MAX_LEVEL {
            let mut game = Match::<Morris>::new(config).unwrap();
            let top = game.position().board().mills[0];
            // White takes two points of a mill, Black two points of a mill apart from it.
            let black = game.position().board().mills.iter().find(|m| m.iter().all(|p| !top.contains(p))).unwrap();
            for (seat, point) in
                [(Seat::FIRST, top[0]), (Seat::SECOND, black[0]), (Seat::FIRST, top[1]), (Seat::SECOND, black[2])]
            {
                game.apply(seat, &Action::Place(PlaceTarget::Point(u32::from(point)))).unwrap();
            }
            let budget = crate::engine::SearchBudget::new(20_000, &go);
            let closing = game.bot_action(Seat::FIRST, level, budget).unwrap();
            assert_eq!(closing, Action::Place(PlaceTarget::Point(u32::from(top[2]))), "level {level}");
            game.apply(Seat::FIRST, &closing).unwrap();
            assert_eq!(game.to_act(), vec![Seat::FIRST], "the capture is White's");
            let capture = game.bot_action(Seat::FIRST, level, budget).unwrap();
            assert!(matches!(capture, Action::Capture(_)), "{capture:?}");
            game.apply(Seat::FIRST, &capture).unwrap();
            assert_eq!(game.outcome().unwrap().winner(), Some(Seat::FIRST));
        }
    }
}
