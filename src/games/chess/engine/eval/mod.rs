//! The static evaluation: how good a position looks for the side to move, in
//! centipawns, without searching.
//!
//! Every term is a [`Pair`] of a middlegame and an endgame value, summed for White less
//! Black and blended by the material left (the "phase": 24 with every knight, bishop,
//! rook and queen on the board, 0 with none), so that no term jumps when a piece goes.
//! The terms: material and placement ([`pst`]), pawn structure and passed pawns
//! ([`pawns`]), mobility, rooks on open files, the bishop pair, king safety and threats
//! ([`pieces`]), and a small bonus for the side to move. Two endgame corrections follow:
//! a side without pawns that is ahead by less than a rook rarely wins, so its advantage is
//! scaled down; and against a bare king the stronger side is rewarded for driving it to
//! the edge with its own king close, which is how such endings are won.
//!
//! The weights of every term are one [`Weights`] value: [`evaluate`] uses those the
//! engine plays with ([`values::WEIGHTS`]); an [`Evaluator`] evaluates with any.
//!
//! Invariant: the magnitude stays far below [`super::score::MATE_BOUND`], so no
//! evaluation is ever mistaken for a proven result.

mod cache;
mod pawns;
mod pieces;
mod pst;
pub mod values;
pub mod weights;

pub use cache::EvalCache;
pub use weights::Weights;

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use super::super::board::{Color, Role, Square};
use super::super::position::Position;

/// A middlegame and an endgame value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pair {
    pub mg: i32,
    pub eg: i32,
}

impl Pair {
    /// Nothing in either phase.
    pub const ZERO: Pair = Pair::new(0, 0);

    pub const fn new(mg: i32, eg: i32) -> Pair {
        Pair { mg, eg }
    }
}

impl Add for Pair {
    type Output = Pair;
    fn add(self, other: Pair) -> Pair {
        Pair::new(self.mg + other.mg, self.eg + other.eg)
    }
}

impl AddAssign for Pair {
    fn add_assign(&mut self, other: Pair) {
        *self = *self + other;
    }
}

impl Sub for Pair {
    type Output = Pair;
    fn sub(self, other: Pair) -> Pair {
        Pair::new(self.mg - other.mg, self.eg - other.eg)
    }
}

impl SubAssign for Pair {
    fn sub_assign(&mut self, other: Pair) {
        *self = *self - other;
    }
}

impl Neg for Pair {
    type Output = Pair;
    fn neg(self) -> Pair {
        Pair::new(-self.mg, -self.eg)
    }
}

impl Mul<i32> for Pair {
    type Output = Pair;
    fn mul(self, factor: i32) -> Pair {
        Pair::new(self.mg * factor, self.eg * factor)
    }
}

/// The phase with every piece on the board.
const FULL_PHASE: i32 = 24;
/// What each role adds to the phase (pawn to king).
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// Simple piece values, for judging which endings can be won (pawn to king).
const PLAIN_VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// The phase: 24 with all pieces but pawns and kings on the board, down to 0 with none
/// (more than the starting pieces, after promotions, still counts 24).
pub fn phase(position: &Position) -> i32 {
    let board = position.board();
    let weight: i32 = Role::ALL.iter().map(|&role| PHASE_WEIGHT[role.index()] * board.role(role).count() as i32).sum();
    weight.min(FULL_PHASE)
}

/// The evaluation with one set of weights, and the tables made from them.
#[derive(Clone, Debug)]
pub struct Evaluator {
    weights: Weights,
    piece_squares: pst::PieceSquares,
}

/// The evaluation the engine plays with.
static ENGINE: Evaluator = Evaluator::new(values::WEIGHTS);

/// The evaluation of `position` for the side to move, in centipawns, with the weights the
/// engine plays with.
pub fn evaluate(position: &Position) -> i32 {
    ENGINE.evaluate(position)
}

impl Evaluator {
    /// The evaluation with `weights`.
    pub const fn new(weights: Weights) -> Evaluator {
        let piece_squares = pst::piece_squares(&weights);
        Evaluator { weights, piece_squares }
    }

    /// The evaluation of `position` for the side to move, in centipawns.
    pub fn evaluate(&self, position: &Position) -> i32 {
        let ours = self.evaluate_for_white(position);
        if position.turn() == Color::White { ours } else { -ours }
    }

    /// The evaluation of `position` for White, in centipawns (the side to move's bonus
    /// included, for whichever side that is).
    pub fn evaluate_for_white(&self, position: &Position) -> i32 {
        let weights = &self.weights;
        let board = position.board();
        let mut white_less_black = Pair::ZERO;
        let mut attacks = [pieces::Attacks::default(); 2];
        for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
            let mut side = Pair::ZERO;
            for role in Role::ALL {
                for square in board.pieces(color, role) {
                    side += pst::piece_square(&self.piece_squares, color, role, square);
                }
            }
            side += pawns::structure(weights, position, color);
            let (activity, attacked) = pieces::activity(weights, position, color);
            attacks[color.index()] = attacked;
            side += activity;
            side += pieces::shelter(weights, position, color);
            white_less_black += side * sign;
        }
        let [white, black] = &attacks;
        white_less_black += pieces::threats(weights, position, Color::White, white, black);
        white_less_black -= pieces::threats(weights, position, Color::Black, black, white);
        let phase = phase(position);
        let blended = (white_less_black.mg * phase + white_less_black.eg * (FULL_PHASE - phase)) / FULL_PHASE;
        let white = endgame_corrections(position, blended);
        let tempo = if position.turn() == Color::White { weights.tempo } else { -weights.tempo };
        white + tempo
    }
}

/// The material of `color` other than pawns, in plain values.
fn pieces_value(position: &Position, color: Color) -> i32 {
    let board = position.board();
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .iter()
        .map(|&role| PLAIN_VALUE[role.index()] * board.pieces(color, role).count() as i32)
        .sum()
}

/// `white` (White's blended score) corrected for endings the material alone misjudges.
fn endgame_corrections(position: &Position, white: i32) -> i32 {
    let board = position.board();
    let strong = if white >= 0 { Color::White } else { Color::Black };
    let weak = strong.other();
    if board.pieces(strong, Role::Pawn).any() {
        return white;
    }
    let (strong_pieces, weak_pieces) = (pieces_value(position, strong), pieces_value(position, weak));
    let ahead = strong_pieces - weak_pieces;
    let mut score = white;
    if strong_pieces <= PLAIN_VALUE[Role::Bishop.index()] {
        // A lone minor piece (or nothing) cannot mate.
        score /= 16;
    } else if ahead < PLAIN_VALUE[Role::Rook.index()] - 100 {
        // Rook against minor piece, two minors against one, and the like: mostly drawn.
        score /= 4;
    }
    let weak_is_bare = board.color(weak) == board.pieces(weak, Role::King);
    let can_mate = strong_pieces >= PLAIN_VALUE[Role::Rook.index()];
    if weak_is_bare && can_mate {
        let sign = if strong == Color::White { 1 } else { -1 };
        score += sign * drive_to_edge(position.king(weak), position.king(strong));
    }
    score
}

/// The bonus for a bare king `weak` driven away from the centre with the king `strong`
/// close to it.
fn drive_to_edge(weak: Square, strong: Square) -> i32 {
    let centre_distance = |square: Square| {
        let (file, rank) = (i32::from(square.file()), i32::from(square.rank()));
        (2 * file - 7).abs().max((2 * rank - 7).abs()) / 2
    };
    let kings_apart = i32::from(weak.file().abs_diff(strong.file()) + weak.rank().abs_diff(strong.rank()));
    20 * centre_distance(weak) + 8 * (14 - kings_apart)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::fen;

    fn eval(text: &str) -> i32 {
        evaluate(&fen::parse(text, false).unwrap())
    }

    /// The position with colours swapped and the board turned upside down: the same
    /// position for the other side.
    fn mirrored(text: &str) -> String {
        let fields: Vec<&str> = text.split(' ').collect();
        let placement: Vec<String> = fields[0]
            .split('/')
            .rev()
            .map(|rank| {
                rank.chars()
                    .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
                    .collect()
            })
            .collect();
        let turn = if fields[1] == "w" { "b" } else { "w" };
        format!("{} {turn} - - 0 1", placement.join("/"))
    }

    #[test]
    fn the_evaluation_is_symmetric_between_the_colours() {
        for text in [
            fen::STANDARD,
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1",
            "8/5pk1/6p1/3R4/8/6P1/5PKP/2r5 b - - 0 1",
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
            "2kr3r/ppp2ppp/2n5/3q4/3P4/2P2N2/P4PPP/R2Q1RK1 w - - 0 1",
        ] {
            assert_eq!(eval(text), eval(&mirrored(text)), "{text}");
        }
    }

    #[test]
    fn the_start_is_even_and_material_counts() {
        assert_eq!(eval(fen::STANDARD), values::WEIGHTS.tempo);
        let queen_up = eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(queen_up > 800, "{queen_up}");
        assert!(eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1") < -800);
    }

    #[test]
    fn endings_that_cannot_be_won_are_scaled_down_and_bare_kings_driven_to_the_edge() {
        let minor = eval("4k3/8/8/8/8/8/8/3NK3 w - - 0 1");
        // Less the side to move's bonus, which no scaling touches.
        assert!((minor - values::WEIGHTS.tempo).abs() < 40, "a lone knight cannot win: {minor}");
        let rook_vs_bishop = eval("4k3/8/8/3b4/8/8/8/3RK3 w - - 0 1");
        assert!(rook_vs_bishop < 100, "{rook_vs_bishop}");
        let edge = eval("k7/8/8/8/8/8/8/4K2R w - - 0 1");
        let centre = eval("8/8/8/3k4/8/8/8/4K2R w - - 0 1");
        assert!(edge > centre + 50, "{edge} against {centre}");
        let near = eval("k7/8/1K6/8/8/8/8/7R w - - 0 1");
        assert!(near > edge, "the strong king belongs near the bare one: {near} against {edge}");
    }

    #[test]
    fn the_phase_runs_from_all_pieces_to_none() {
        assert_eq!(phase(&fen::parse(fen::STANDARD, false).unwrap()), FULL_PHASE);
        assert_eq!(phase(&fen::parse("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", false).unwrap()), 0);
        let promoted = "8/8/8/7k/8/8/QQQQ4/QQQK4 w - - 0 1";
        assert_eq!(phase(&fen::parse(promoted, false).unwrap()), FULL_PHASE, "more than the start still counts 24");
    }
}
