//! Forsyth–Edwards Notation: reading a position with every check a legal position needs,
//! and writing one.
//!
//! Castling rights are read as `KQkq` in standard chess. In Chess960 they may also name
//! the rook's file (Shredder-FEN `HAha`, or X-FEN's letter for an inner rook), and `K`/`Q`
//! mean the outermost rook on that side. Written FENs use `KQkq` in standard chess and
//! X-FEN in Chess960. The en-passant square is written only when a pawn could take there.

mod error;

pub use error::{FenError, InvalidFen, NumberField};

use super::board::{Bitboard, Board, Color, Role, Square};
use super::position::{CastleSide, Castles, Position};

/// The standard starting position.
pub const STANDARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Longest FEN accepted; a FEN of any legal position is well under it.
pub const MAX_LEN: usize = 128;

/// Highest halfmove clock: at 150 the seventy-five-move rule has ended the game.
pub const MAX_HALFMOVE_CLOCK: u32 = 150;

/// Highest move number accepted.
pub const MAX_FULLMOVE_NUMBER: u32 = 10_000;

/// Reads `fen`. In standard chess (`chess960` false) castling needs the king on the e-file
/// and its rook in the corner.
///
/// # Errors
/// Every problem found; fields that cannot be read hide the checks that depend on them.
pub fn parse(fen: &str, chess960: bool) -> Result<Position, InvalidFen> {
    if fen.len() > MAX_LEN {
        return Err(InvalidFen(vec![FenError::TooLong { length: fen.len() }]));
    }
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(InvalidFen(vec![FenError::FieldCount { found: fields.len() }]));
    }
    let mut errors = Vec::new();

    let board = read_placement(fields[0], &mut errors);
    let turn = match fields[1] {
        "w" => Some(Color::White),
        "b" => Some(Color::Black),
        other => {
            errors.push(FenError::SideToMove { found: other.to_owned() });
            None
        }
    };
    let halfmove_clock = read_number(fields.get(4).copied(), NumberField::HalfmoveClock, &mut errors);
    let fullmove_number = read_number(fields.get(5).copied(), NumberField::MoveNumber, &mut errors);

    let kings_ok = board.as_ref().is_some_and(|board| check_material(board, &mut errors));
    let (Some(board), Some(turn), true) = (board, turn, kings_ok) else {
        return Err(InvalidFen(errors));
    };
    let castles = read_castling(fields[2], &board, chess960, &mut errors);
    let en_passant = read_en_passant(fields[3], &board, turn, halfmove_clock, &mut errors);

    let position = Position::from_parts(board, turn, castles, en_passant, halfmove_clock, fullmove_number);
    let them = turn.other();
    if position.attackers(position.king(them), turn, board.occupied()).any() {
        errors.push(FenError::MoverInCheck { checked: them });
    }
    let checkers = position.checkers().count();
    if checkers > 2 {
        errors.push(FenError::TooManyCheckers { checked: turn, checkers });
    }
    if errors.is_empty() { Ok(position) } else { Err(InvalidFen(errors)) }
}

fn read_number(text: Option<&str>, field: NumberField, errors: &mut Vec<FenError>) -> u32 {
    let (low, high, default) = field.range_and_default();
    let Some(text) = text else { return default };
    match text.parse::<u32>() {
        Ok(value) if (low..=high).contains(&value) => value,
        _ => {
            errors.push(FenError::Number { field, found: text.to_owned() });
            default
        }
    }
}

fn read_placement(field: &str, errors: &mut Vec<FenError>) -> Option<Board> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        errors.push(FenError::RankCount { found: ranks.len() });
        return None;
    }
    let mut board = Board::default();
    let mut ok = true;
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u32;
        for c in text.chars() {
            if let Some(skip) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += skip;
            } else if let Some(role) = Role::from_char(c) {
                if file < 8 {
                    let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                    board.toggle(Square::from_coords(file as u8, rank), color, role);
                }
                file += 1;
            } else {
                errors.push(FenError::NotAPiece { found: c, rank: rank + 1 });
                ok = false;
                file += 1;
            }
        }
        if file != 8 {
            errors.push(FenError::RankLength { squares: file, rank: rank + 1, text: (*text).to_owned() });
            ok = false;
        }
    }
    ok.then_some(board)
}

/// Checks kings, pawns and piece counts; true when each side has exactly one king (the
/// other checks need that).
fn check_material(board: &Board, errors: &mut Vec<FenError>) -> bool {
    let mut kings_ok = true;
    for color in [Color::White, Color::Black] {
        let kings = board.pieces(color, Role::King).count();
        if kings != 1 {
            kings_ok = false;
            errors.push(FenError::KingCount { color, kings });
        }
        let pieces = board.color(color).count();
        if pieces > 16 {
            errors.push(FenError::TooManyPieces { color, pieces });
        }
        let count = |role| board.pieces(color, role).count();
        let pawns = count(Role::Pawn);
        if pawns > 8 {
            errors.push(FenError::TooManyPawns { color, pawns });
        }
        // Every piece beyond the initial set must be a promoted pawn.
        let promoted = count(Role::Queen).saturating_sub(1)
            + count(Role::Rook).saturating_sub(2)
            + count(Role::Bishop).saturating_sub(2)
            + count(Role::Knight).saturating_sub(2);
        if pawns <= 8 && pawns + promoted > 8 {
            errors.push(FenError::TooManyPromoted { color, promoted, pawns });
        }
    }
    let stranded = board.role(Role::Pawn) & (Bitboard::rank(0) | Bitboard::rank(7));
    for square in stranded {
        errors.push(FenError::PawnOnBackRank { square });
    }
    kings_ok
}

fn read_castling(field: &str, board: &Board, chess960: bool, errors: &mut Vec<FenError>) -> Castles {
    let mut castles = Castles::default();
    if field == "-" {
        return castles;
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let king = board.king(color).expect("checked: one king each");
        let back_rank = Bitboard::rank(color.back_rank());
        let rooks = board.pieces(color, Role::Rook) & back_rank;
        let right_of_king = |rook: &Square| rook.file() > king.file();
        let rook = match c.to_ascii_lowercase() {
            'k' | 'q' if !chess960 => {
                let side = if c.eq_ignore_ascii_case(&'k') { CastleSide::King } else { CastleSide::Queen };
                let home = Square::from_coords(4, color.back_rank());
                let corner = Square::from_coords(if side == CastleSide::King { 7 } else { 0 }, color.back_rank());
                if king != home || !rooks.has(corner) {
                    errors.push(FenError::CastlingPiecesAway { right: c, color, king: home, rook: corner });
                    continue;
                }
                corner
            }
            'k' | 'q' => {
                let king_side = c.eq_ignore_ascii_case(&'k');
                let outermost = if king_side {
                    rooks.iter().filter(right_of_king).last()
                } else {
                    rooks.iter().find(|r| !right_of_king(r) && *r != king)
                };
                match outermost {
                    Some(rook) if back_rank.has(king) => rook,
                    _ => {
                        let side = if king_side { CastleSide::King } else { CastleSide::Queen };
                        errors.push(FenError::NoRookOnSide { right: c, color, side });
                        continue;
                    }
                }
            }
            file @ 'a'..='h' if chess960 => {
                let square = Square::from_coords(file as u8 - b'a', color.back_rank());
                if !rooks.has(square) || !back_rank.has(king) || square == king {
                    errors.push(FenError::NoRookOnFile { right: c, color, rook: square });
                    continue;
                }
                square
            }
            'a'..='h' => {
                errors.push(FenError::RookFileOutsideChess960 { right: c });
                continue;
            }
            _ => {
                errors.push(FenError::NotACastlingRight { found: c });
                continue;
            }
        };
        let side = CastleSide::of(king, rook);
        if castles.rook(color, side).is_some() {
            errors.push(FenError::DuplicateCastlingRight { color, side });
            continue;
        }
        castles.grant(color, side, rook);
    }
    castles
}

fn read_en_passant(
    field: &str,
    board: &Board,
    turn: Color,
    halfmove_clock: u32,
    errors: &mut Vec<FenError>,
) -> Option<Square> {
    if field == "-" {
        return None;
    }
    let Some(square) = Square::parse(field) else {
        errors.push(FenError::EnPassantNotASquare { found: field.to_owned() });
        return None;
    };
    let mover = turn.other();
    let (expected_rank, forward) = match turn {
        Color::White => (5, 8),
        Color::Black => (2, -8),
    };
    if square.rank() != expected_rank {
        errors.push(FenError::EnPassantRank { square, mover, rank: expected_rank + 1 });
        return None;
    }
    let pushed = square.offset(-forward);
    let origin = square.offset(forward);
    let occupied = board.occupied();
    if !board.pieces(mover, Role::Pawn).has(pushed) || occupied.has(square) || occupied.has(origin) {
        errors.push(FenError::EnPassantWithoutPawn { square, mover, pushed, origin });
        return None;
    }
    if halfmove_clock != 0 {
        errors.push(FenError::EnPassantClock { square, clock: halfmove_clock });
    }
    Some(square)
}

/// The FEN of `position`; castling in X-FEN when `chess960`.
pub fn write(position: &Position, chess960: bool) -> String {
    let board = position.board();
    let mut fen = String::with_capacity(90);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board.piece_at(Square::from_coords(file, rank)) {
                Some((color, role)) => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    let c = role.char();
                    fen.push(if color == Color::White { c.to_ascii_uppercase() } else { c });
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(if position.turn() == Color::White { " w " } else { " b " });
    let castles = position.castles();
    let mut any = false;
    for color in [Color::White, Color::Black] {
        let king = position.king(color);
        let rooks = board.pieces(color, Role::Rook) & Bitboard::rank(color.back_rank());
        for side in CastleSide::BOTH {
            let Some(rook) = castles.rook(color, side) else { continue };
            // X-FEN: the side's letter when the castling rook is the outermost one.
            let outer = match side {
                CastleSide::King => rooks.iter().filter(|r| r.file() > king.file()).last(),
                CastleSide::Queen => rooks.iter().find(|r| r.file() < king.file()),
            };
            let c = if !chess960 || outer == Some(rook) {
                if side == CastleSide::King { 'k' } else { 'q' }
            } else {
                rook.file_char()
            };
            fen.push(if color == Color::White { c.to_ascii_uppercase() } else { c });
            any = true;
        }
    }
    if !any {
        fen.push('-');
    }
    match position.en_passant() {
        Some(square) => fen.push_str(&format!(" {square}")),
        None => fen.push_str(" -"),
    }
    fen.push_str(&format!(" {} {}", position.halfmove_clock(), position.fullmove_number()));
    fen
}

impl Position {
    /// The standard starting position.
    pub fn standard() -> Position {
        parse(STANDARD, false).expect("the standard position is legal")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(fen: &str, chess960: bool) -> String {
        write(&parse(fen, chess960).unwrap_or_else(|e| panic!("{fen}: {e:?}")), chess960)
    }

    #[test]
    fn legal_fens_read_back_unchanged() {
        for fen in [
            STANDARD,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ] {
            assert_eq!(round_trip(fen, false), fen);
        }
    }

    #[test]
    fn the_last_two_fields_may_be_left_out() {
        assert_eq!(round_trip("4k3/8/8/8/8/8/8/4K3 b - -", false), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    }

    #[test]
    fn an_en_passant_square_no_pawn_can_use_is_dropped() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        assert_eq!(round_trip(fen, false), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    }

    #[test]
    fn chess960_reads_shredder_and_x_fen_and_writes_x_fen() {
        let shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        assert_eq!(round_trip(shredder, true), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
        // An inner rook keeps its file letter: the king-side right is for e1, not g1.
        let inner = "1k2r1r1/8/8/8/8/8/8/1K2R1R1 w Ee - 0 1";
        assert_eq!(round_trip(inner, true), inner);
        let position = parse(inner, true).unwrap();
        assert_eq!(position.castles().rook(Color::White, CastleSide::King), Square::parse("e1"));
    }

    #[test]
    fn chess960_castling_letters_need_a_rook_there() {
        let InvalidFen(errors) = parse("1k2r1r1/8/8/8/8/8/8/1K2R1R1 w Ff - 0 1", true).unwrap_err();
        let f1 = Square::parse("f1").unwrap();
        assert_eq!(errors[0], FenError::NoRookOnFile { right: 'F', color: Color::White, rook: f1 });
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].to_string().contains("a rook on f1"), "{errors:?}");
    }
}
