//! Gomoku's bot. Level 1 plays at random, level 2 searches two plies, level 3 four (or
//! as deep as the budget allows). The board is too wide to try every cell, so a search
//! considers only empty cells within two of a stone, the most urgent first (completing a
//! line, stopping the opponent's, making or stopping open fours and threes), and at most
//! [`MAX_CANDIDATES`] of them. Leaves are judged by open windows: a window one stone
//! short of a line (a four) weighs far more than one two short (a three).

use crate::engine::bot;
use crate::engine::{Action, Analysis, Cell, PlaceTarget, Rules, SearchBudget, Seat};
use crate::games::lines::{cell_urgency, window_counts, window_score};

use super::Gomoku;

/// The strongest level.
pub(super) const MAX_LEVEL: u8 = 3;
/// The most moves a search tries in one position.
const MAX_CANDIDATES: usize = 12;
/// How far (in rows or columns) from a stone a candidate may lie.
const REACH: u32 = 2;

pub(super) fn action(game: &Gomoku, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
    bot::leveled(game, seat, level, budget, seed, &[2, 4], &candidates)
}

/// The engine's analysis: the search of the strongest level, as deep as the budget allows.
pub(super) fn analyse(game: &Gomoku, seat: Seat, budget: SearchBudget<'_>, seed: u64) -> Analysis {
    bot::analyse_deeply(game, seat, budget, seed, &candidates, bot::Width::Narrowed)
}

fn candidates(game: &Gomoku, seat: Seat) -> Vec<(Action, i32)> {
    let dims = game.board.dims();
    // The cells within `REACH` of some stone.
    let mut near_stone = vec![false; dims.area()];
    for stone in (0..dims.area()).map(|i| dims.cell(i)).filter(|&cell| game.board.get(cell).is_some()) {
        for row in stone.row.saturating_sub(REACH)..=(stone.row + REACH).min(dims.height - 1) {
            for col in stone.col.saturating_sub(REACH)..=(stone.col + REACH).min(dims.width - 1) {
                near_stone[dims.index(Cell::new(row, col))] = true;
            }
        }
    }
    let near = |cell: Cell| near_stone[dims.index(cell)];
    let centre = game.config.centre();
    let legal = game.legal_moves(seat);
    let mut list: Vec<(Action, i32)> = legal
        .iter()
        .filter_map(|action| match action {
            Action::Place(PlaceTarget::Cell(cell)) if near(*cell) => {
                Some((action.clone(), cell_urgency(&game.board, game.config.win_length, None, *cell, seat)))
            }
            _ => None,
        })
        .collect();
    if list.is_empty() {
        // No stone yet, or none near a legal cell (the pro opening's distant second
        // stone): the legal cells closest to the centre.
        let distance = |action: &Action| match action {
            Action::Place(PlaceTarget::Cell(cell)) => super::chebyshev(*cell, centre),
            _ => u32::MAX,
        };
        let closest = legal.iter().map(distance).min().unwrap_or(0);
        list = legal.into_iter().filter(|a| distance(a) == closest).map(|a| (a, 0)).collect();
    }
    list.sort_by_key(|(_, urgency)| std::cmp::Reverse(*urgency));
    // Keep every move as urgent as the last one kept, so that the cut never depends on
    // the order of equals.
    if let Some(&(_, bar)) = list.get(MAX_CANDIDATES - 1) {
        list.retain(|(_, urgency)| *urgency >= bar);
    }
    list
}

/// Threat-aware open windows: fours (one stone short) weigh 1,000, threes 100, twos 10.
pub(super) fn evaluate(game: &Gomoku, seat: Seat) -> i32 {
    let length = game.config.win_length;
    let weights: Vec<i32> = (0..=length)
        .map(|k| match length - k.min(length) {
            0 => 0,
            1 => 1_000,
            2 => 100,
            3 => 10,
            _ => 1,
        })
        .collect();
    window_score(&window_counts(&game.board, length, None, seat), &weights)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::engine::Match;
    use crate::games::gomoku::Config;

    fn play(cells: &[(u32, u32)]) -> Match<Gomoku> {
        let mut game = Match::<Gomoku>::new(Config::default()).unwrap();
        for (i, &(row, col)) in cells.iter().enumerate() {
            game.apply(Seat::new((i % 2) as u8), &Action::place(row, col)).unwrap();
        }
        game
    }

    #[test]
    fn searching_bots_win_at_once_and_block_an_immediate_loss() {
        let go = AtomicBool::new(false);
        let budget = SearchBudget::new(20_000, &go);
        // Black has four in row 7 (columns 3 to 6), open at both ends.
        let win = play(&[(7, 3), (0, 0), (7, 4), (0, 2), (7, 5), (0, 4), (7, 6), (0, 6)]);
        // White stopped one end early; White must now stop the other, (7, 2).
        let block = play(&[(7, 3), (7, 7), (7, 4), (0, 0), (7, 5), (0, 14), (7, 6)]);
        // Black's four on the diagonal beats White's open three in column 10: Black wins.
        let four_beats_three = play(&[(3, 3), (5, 10), (4, 4), (6, 10), (5, 5), (7, 10), (6, 6), (14, 0)]);
        for level in 2..=MAX_LEVEL {
            let chosen = win.bot_action(Seat::FIRST, level, budget);
            assert!(chosen == Some(Action::place(7, 2)) || chosen == Some(Action::place(7, 7)), "level {level}");
            assert_eq!(block.bot_action(Seat::SECOND, level, budget), Some(Action::place(7, 2)), "level {level}");
            let chosen = four_beats_three.bot_action(Seat::FIRST, level, budget);
            assert!(
                chosen == Some(Action::place(2, 2)) || chosen == Some(Action::place(7, 7)),
                "level {level}: {chosen:?}"
            );
        }
    }

    /// An open three (row 7, columns 4 to 6) wins by force: extended at either end to an
    /// open four, it has two winning points and White can block one. Every searching level
    /// extends it; its analysis sees the win coming.
    #[test]
    fn searching_bots_turn_an_open_three_into_an_open_four() {
        let go = AtomicBool::new(false);
        let budget = SearchBudget::new(50_000, &go);
        let three = play(&[(7, 4), (0, 0), (7, 5), (0, 14), (7, 6), (14, 0)]);
        let fours = [Some(Action::place(7, 3)), Some(Action::place(7, 7))];
        for level in 2..=MAX_LEVEL {
            let chosen = three.bot_action(Seat::FIRST, level, budget);
            assert!(fours.contains(&chosen), "level {level}: {chosen:?}");
        }
        let analysis = three.analyse(Seat::FIRST, budget).unwrap();
        assert!(fours.contains(&analysis.suggestion().cloned()), "{analysis:?}");
        // A narrowed search proves nothing, but its estimate is a win found.
        let crate::engine::Score::Estimate { value, .. } = analysis.score else { panic!("{analysis:?}") };
        assert!(value > crate::engine::bot::MAX_EVAL, "{analysis:?}");
    }

    #[test]
    fn candidates_lie_near_the_stones_and_the_first_stone_goes_to_the_centre() {
        let game = play(&[]);
        let first = candidates(game.position(), Seat::FIRST);
        assert_eq!(first, vec![(Action::place(7, 7), 0)]);
        let game = play(&[(7, 7), (7, 8)]);
        let list = candidates(game.position(), Seat::FIRST);
        assert!(!list.is_empty() && list.len() <= 2 * MAX_CANDIDATES, "{}", list.len());
        for (action, _) in list {
            let Action::Place(PlaceTarget::Cell(cell)) = action else { panic!() };
            assert!(cell.row.abs_diff(7) <= REACH && (cell.col as i64 - 7).abs() <= 3, "{cell:?}");
        }
    }
}
