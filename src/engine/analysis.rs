//! What an engine's analysis of a position reports: the move it suggests, the line it
//! expects, and how sure it is of the score.

use super::Action;

/// An engine's analysis of a position for the seat to act.
///
/// Invariants: `line` is empty only when the search found no move to suggest (the seat
/// has none, or the budget ran out first, with [`Score::Unknown`]); otherwise `line[0]`
/// is a move the seat may play now and each later entry a move of the seat to act after
/// the ones before it. A [`Score::Exact`] is a proof: the engine saw the end of every
/// line that matters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The principal variation: the suggested move first, then the replies expected.
    pub line: Vec<Action>,
    /// How good the position is for the seat analysed.
    pub score: Score,
    /// The deepest iteration that finished, in plies (0 for a solver that has no depth).
    pub depth: u32,
    /// Positions the search expanded.
    pub nodes: u64,
}

impl Analysis {
    /// An analysis that found nothing: no move, no score.
    pub fn unknown(nodes: u64) -> Analysis {
        Analysis { line: Vec::new(), score: Score::Unknown, depth: 0, nodes }
    }

    /// The suggested move, when there is one.
    pub fn suggestion(&self) -> Option<&Action> {
        self.line.first()
    }
}

/// A score from the side of the seat analysed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Solved: with best play from every seat, the seat analysed gets `result`, the game
    /// ending `plies` plies (moves of any seat) from now when the engine knows how far;
    /// `value` is the game's own measure of the result, when it has one (Pascal Pons'
    /// score in Connect Four, the final disc difference in Reversi, pegs left in peg
    /// solitaire), in `unit`.
    Exact { result: Solved, plies: Option<u32>, value: Option<(i32, ScoreUnit)> },
    /// Not solved: the engine's estimate, higher is better, 0 is even.
    Estimate { value: i32, unit: ScoreUnit },
    /// The budget ran out before any move was judged.
    Unknown,
}

impl Score {
    /// The exact score of a game decided `plies` plies from now, without a measure.
    pub const fn decided(result: Solved, plies: u32) -> Score {
        Score::Exact { result, plies: Some(plies), value: None }
    }
}

/// The result of a solved position for the seat analysed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solved {
    /// The seat wins (in a puzzle: it reaches the goal).
    Win,
    /// Nobody wins.
    Draw,
    /// The seat loses (in a puzzle: the goal cannot be reached).
    Loss,
}

/// What a score's value counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreUnit {
    /// The game's own evaluation, in points without outside meaning (100 is about a
    /// strong advantage; see each game's bot).
    Points,
    /// Hundredths of a pawn (chess).
    Centipawns,
    /// Discs ahead (Reversi): at the end of a solved line, the final disc difference.
    Discs,
    /// Pascal Pons' Connect Four score: positive when the seat wins, the larger the sooner
    /// (22 less the seat's own stones at the win, on the standard board), 0 for a draw.
    PonsScore,
    /// Pegs left on the board when no jump remains (peg solitaire).
    Pegs,
    /// The chance, in percent, that the shot hits a ship (Battleship).
    HitPercent,
}
