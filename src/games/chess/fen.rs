//! Forsyth–Edwards Notation: reading a position with every check a legal position needs,
//! and writing one.
//!
//! Castling rights are read as `KQkq` in standard chess. In Chess960 they may also name
//! the rook's file (Shredder-FEN `HAha`, or X-FEN's letter for an inner rook), and `K`/`Q`
//! mean the outermost rook on that side. Written FENs use `KQkq` in standard chess and
//! X-FEN in Chess960. The en-passant square is written only when a pawn could take there.

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
/// Every problem found, each a sentence; fields that cannot be read hide the checks that
/// depend on them.
pub fn parse(fen: &str, chess960: bool) -> Result<Position, Vec<String>> {
    let mut errors = Vec::new();
    if fen.len() > MAX_LEN {
        return Err(vec![format!("is {} characters long; a FEN has at most {MAX_LEN}", fen.len())]);
    }
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(vec![format!(
            "has {} fields; a FEN has six separated by spaces (placement, side to move, castling, \
             en passant, halfmove clock, move number), the last two optional",
            fields.len()
        )]);
    }

    let board = read_placement(fields[0], &mut errors);
    let turn = match fields[1] {
        "w" => Some(Color::White),
        "b" => Some(Color::Black),
        other => {
            errors.push(format!("has side to move `{other}`; it must be `w` or `b`"));
            None
        }
    };
    let halfmove_clock = read_number(fields.get(4).copied(), 0, "halfmove clock", 0..=MAX_HALFMOVE_CLOCK, &mut errors);
    let fullmove_number = read_number(fields.get(5).copied(), 1, "move number", 1..=MAX_FULLMOVE_NUMBER, &mut errors);

    let kings_ok = board.as_ref().is_some_and(|board| check_material(board, &mut errors));
    let (Some(board), Some(turn), true) = (board, turn, kings_ok) else {
        return Err(errors);
    };
    let castles = read_castling(fields[2], &board, chess960, &mut errors);
    let en_passant = read_en_passant(fields[3], &board, turn, halfmove_clock, &mut errors);

    let position = Position::from_parts(board, turn, castles, en_passant, halfmove_clock, fullmove_number);
    let them = turn.other();
    if position.attackers(position.king(them), turn, board.occupied()).any() {
        errors.push(format!(
            "has {} in check with {} to move, which no legal move can lead to",
            them.name(),
            turn.name()
        ));
    }
    let checkers = position.checkers().count();
    if checkers > 2 {
        errors.push(format!("has {} in check from {checkers} pieces at once, which no move can give", turn.name()));
    }
    if errors.is_empty() { Ok(position) } else { Err(errors) }
}

fn read_number(
    field: Option<&str>,
    default: u32,
    name: &str,
    range: std::ops::RangeInclusive<u32>,
    errors: &mut Vec<String>,
) -> u32 {
    let Some(text) = field else { return default };
    match text.parse::<u32>() {
        Ok(value) if range.contains(&value) => value,
        _ => {
            errors.push(format!("has {name} `{text}`; it must be a number from {} to {}", range.start(), range.end()));
            default
        }
    }
}

fn read_placement(field: &str, errors: &mut Vec<String>) -> Option<Board> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        errors.push(format!("has {} ranks in its placement; it needs 8 separated by `/`", ranks.len()));
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
                errors
                    .push(format!("has `{c}` in rank {}; pieces are `KQRBNP` (White) and `kqrbnp` (Black)", rank + 1));
                ok = false;
                file += 1;
            }
        }
        if file != 8 {
            errors.push(format!("describes {file} squares in rank {} (`{text}`); each rank has 8", rank + 1));
            ok = false;
        }
    }
    ok.then_some(board)
}

/// Checks kings, pawns and piece counts; true when each side has exactly one king (the
/// other checks need that).
fn check_material(board: &Board, errors: &mut Vec<String>) -> bool {
    let mut kings_ok = true;
    for color in [Color::White, Color::Black] {
        let name = color.name();
        let kings = board.pieces(color, Role::King).count();
        if kings != 1 {
            kings_ok = false;
            errors.push(format!("has {kings} {name} kings; each side has exactly one"));
        }
        let pieces = board.color(color).count();
        if pieces > 16 {
            errors.push(format!("has {pieces} {name} pieces; a side has at most 16"));
        }
        let count = |role| board.pieces(color, role).count();
        let pawns = count(Role::Pawn);
        if pawns > 8 {
            errors.push(format!("has {pawns} {name} pawns; a side has at most 8"));
        }
        // Every piece beyond the initial set must be a promoted pawn.
        let promoted = count(Role::Queen).saturating_sub(1)
            + count(Role::Rook).saturating_sub(2)
            + count(Role::Bishop).saturating_sub(2)
            + count(Role::Knight).saturating_sub(2);
        if pawns <= 8 && pawns + promoted > 8 {
            errors.push(format!(
                "has {promoted} {name} pieces beyond the initial set with {pawns} pawns left; \
                 only the 8 pawns can have promoted"
            ));
        }
    }
    let stranded = board.role(Role::Pawn) & (Bitboard::rank(0) | Bitboard::rank(7));
    for square in stranded {
        errors.push(format!("has a pawn on {square}; pawns never stand on the first or last rank"));
    }
    kings_ok
}

fn read_castling(field: &str, board: &Board, chess960: bool, errors: &mut Vec<String>) -> Castles {
    let mut castles = Castles::default();
    if field == "-" {
        return castles;
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let name = color.name();
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
                    errors.push(format!(
                        "grants castling right `{c}`, which needs {name}'s king on {home} and a rook on {corner}"
                    ));
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
                        let side = if king_side { "h-file" } else { "a-file" };
                        errors.push(format!(
                            "grants castling right `{c}`, which needs {name}'s king on its back rank and a rook \
                             between it and the {side}"
                        ));
                        continue;
                    }
                }
            }
            file @ 'a'..='h' if chess960 => {
                let square = Square::from_coords(file as u8 - b'a', color.back_rank());
                if !rooks.has(square) || !back_rank.has(king) || square == king {
                    errors.push(format!(
                        "grants castling right `{c}`, which needs {name}'s king on its back rank and a rook on {square}"
                    ));
                    continue;
                }
                square
            }
            'a'..='h' => {
                errors.push(format!("names a rook file (`{c}`) in its castling rights, which only Chess960 does"));
                continue;
            }
            _ => {
                errors.push(format!("has `{c}` in its castling rights; use `-` or letters from `KQkq`"));
                continue;
            }
        };
        let side = CastleSide::of(king, rook);
        if castles.rook(color, side).is_some() {
            let side = if side == CastleSide::King { "king" } else { "queen" };
            errors.push(format!("grants {name} two {side}-side castling rights; there is at most one per side"));
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
    errors: &mut Vec<String>,
) -> Option<Square> {
    if field == "-" {
        return None;
    }
    let Some(square) = Square::parse(field) else {
        errors.push(format!("has en passant field `{field}`; it must be `-` or a square such as `e3`"));
        return None;
    };
    let mover = turn.other();
    let (expected_rank, forward) = match turn {
        Color::White => (5, 8),
        Color::Black => (2, -8),
    };
    if square.rank() != expected_rank {
        errors.push(format!(
            "has en passant square {square}, which cannot follow a double pawn step by {}: it must be on rank {}",
            mover.name(),
            expected_rank + 1
        ));
        return None;
    }
    let pushed = square.offset(-forward);
    let origin = square.offset(forward);
    let occupied = board.occupied();
    if !board.pieces(mover, Role::Pawn).has(pushed) || occupied.has(square) || occupied.has(origin) {
        errors.push(format!(
            "has en passant square {square}, which needs a {} pawn on {pushed} just moved from {origin}, \
             with {square} and {origin} empty",
            mover.name().to_lowercase()
        ));
        return None;
    }
    if halfmove_clock != 0 {
        errors.push(format!(
            "has en passant square {square} with halfmove clock {halfmove_clock}; it is 0 right after a pawn move"
        ));
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
        let errors = parse("1k2r1r1/8/8/8/8/8/8/1K2R1R1 w Ff - 0 1", true).unwrap_err();
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].contains("a rook on f1"), "{errors:?}");
    }
}
