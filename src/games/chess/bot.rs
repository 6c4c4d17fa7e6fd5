//! The chess bot. Level 1 plays at random (among every legal action, draw offers
//! included), level 2 searches two plies, level 3 four (or as deep as the budget allows).
//! The search tries piece moves only, never offering, accepting or claiming a draw (a
//! move declines a standing offer); captures are tried first, the most valuable victim
//! by the least valuable attacker, and promotions with them. Leaves are judged by
//! material and simple piece-square terms (central knights and bishops, advanced
//! pawns, a king kept home while queens are on).

use crate::engine::bot;
use crate::engine::{Action, SearchBudget, Seat};

use super::Chess;
use super::actions;
use super::board::{Color, Role, Square};

/// The strongest level.
pub(super) const MAX_LEVEL: u8 = 3;

pub(super) fn action(game: &Chess, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
    bot::leveled(game, seat, level, budget, seed, &[2, 4], &candidates)
}

/// Centipawns.
const fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 320,
        Role::Bishop => 330,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 0,
    }
}

fn candidates(game: &Chess, seat: Seat) -> Vec<(Action, i32)> {
    if game.outcome.is_some() || actions::seat(game.position.turn()) != seat {
        return Vec::new();
    }
    let board = game.position.board();
    game.position
        .legal_moves()
        .iter()
        .map(|&mv| {
            let victim = board.role_at(mv.to).filter(|_| board.color_at(mv.to) != Some(game.position.turn()));
            let capture = victim.map_or(0, |v| 10 * value(v) - value(mv.role) / 10);
            let en_passant = if game.position.is_en_passant(mv) { 10 * value(Role::Pawn) } else { 0 };
            let promotion = mv.promotion.map_or(0, value);
            (actions::to_action(&game.position, mv, game.chess960), capture + en_passant + promotion)
        })
        .collect()
}

/// How far `square` is from the edge: 0 on the rim, 3 in the centre.
fn centrality(square: Square) -> i32 {
    let file = i32::from(square.file());
    let rank = i32::from(square.rank());
    file.min(7 - file).min(rank.min(7 - rank))
}

/// Material and placement of `color`'s pieces.
fn side(game: &Chess, color: Color, queens_on: bool) -> i32 {
    let board = game.position.board();
    let mut score = 0;
    for role in Role::ALL {
        for square in board.pieces(color, role).iter() {
            score += value(role);
            let advance = match color {
                Color::White => i32::from(square.rank()),
                Color::Black => 7 - i32::from(square.rank()),
            };
            score += match role {
                Role::Pawn => advance * advance * 2 + if centrality(square) >= 3 { 10 } else { 0 },
                Role::Knight => centrality(square) * 10 - 10,
                Role::Bishop => centrality(square) * 5,
                Role::Rook => {
                    if advance == 6 {
                        15
                    } else {
                        0
                    }
                }
                Role::Queen => centrality(square) * 2,
                Role::King if queens_on => -advance * 15,
                Role::King => centrality(square) * 10,
            };
        }
    }
    score
}

pub(super) fn evaluate(game: &Chess, seat: Seat) -> i32 {
    let queens_on = game.position.board().role(Role::Queen).any();
    let white = side(game, Color::White, queens_on) - side(game, Color::Black, queens_on);
    if seat == actions::seat(Color::White) { white } else { -white }
}
