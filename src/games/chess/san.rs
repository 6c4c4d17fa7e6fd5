//! Standard Algebraic Notation: writing a move as people read it (`Nbd7`, `exd6`,
//! `e8=Q+`, `O-O-O#`) and finding the legal move a SAN names.

use super::board::{Bitboard, Role, Square};
use super::position::{CastleSide, Move, Position};

/// The SAN of the legal move `mv` in `position`, with its check or mate sign.
pub fn to_san(position: &Position, mv: Move) -> String {
    let legal = position.legal_moves();
    let mut after = *position;
    after.play(mv);
    write(position, mv, legal.as_slice(), suffix(&after))
}

/// `+` when the side to move in `after` is checked, `#` when mated, empty otherwise.
pub fn suffix(after: &Position) -> &'static str {
    if !after.is_check() {
        ""
    } else if after.count_legal_moves() == 0 {
        "#"
    } else {
        "+"
    }
}

/// The SAN of `mv`, given every legal move of `position` (for disambiguation) and the
/// check sign of the position it leads to.
pub fn write(position: &Position, mv: Move, legal: &[Move], suffix: &str) -> String {
    let mut san = String::with_capacity(8);
    if position.is_castling(mv) {
        san.push_str(match CastleSide::of(mv.from, mv.to) {
            CastleSide::King => "O-O",
            CastleSide::Queen => "O-O-O",
        });
    } else if mv.role == Role::Pawn {
        if position.is_capture(mv) {
            san.push(mv.from.file_char());
            san.push('x');
        }
        san.push_str(&mv.to.to_string());
        if let Some(role) = mv.promotion {
            san.push('=');
            san.push(role.char().to_ascii_uppercase());
        }
    } else {
        san.push(mv.role.char().to_ascii_uppercase());
        // Other pieces of the same kind that could go to the same square.
        let rivals: Vec<Square> = legal
            .iter()
            .filter(|m| m.role == mv.role && m.to == mv.to && m.from != mv.from && !position.is_castling(**m))
            .map(|m| m.from)
            .collect();
        if !rivals.is_empty() {
            if rivals.iter().all(|r| r.file() != mv.from.file()) {
                san.push(mv.from.file_char());
            } else if rivals.iter().all(|r| r.rank() != mv.from.rank()) {
                san.push(mv.from.rank_char());
            } else {
                san.push_str(&mv.from.to_string());
            }
        }
        if position.is_capture(mv) {
            san.push('x');
        }
        san.push_str(&mv.to.to_string());
    }
    san.push_str(suffix);
    san
}

/// Why a text names no single legal move; each says so in a sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    /// The text is not written in standard algebraic notation.
    #[error("`{text}` is not a move in standard algebraic notation")]
    Syntax { text: String },
    /// Castling to the side written is not legal in the position.
    #[error("`{text}`: castling to that side is not legal here")]
    IllegalCastling { text: String },
    /// No legal move matches.
    #[error("`{text}` is not a legal move here")]
    Illegal { text: String },
    /// More than one legal move of `piece` goes to `to`: the text must say which.
    #[error("`{text}` is ambiguous: more than one {piece} can go to {to}")]
    Ambiguous { text: String, piece: &'static str, to: Square },
}

/// The legal move that `text` names in `position`. Lenient where nothing is ambiguous:
/// check and mate signs, annotations (`!`, `?`), the capture sign and the `=` of a
/// promotion may be missing or superfluous, and castling may be written with zeros.
///
/// # Errors
/// Why no single legal move matches.
pub fn parse(position: &Position, text: &str) -> Result<Move, SanError> {
    let legal = position.legal_moves();
    let core = text.trim_end_matches(['+', '#', '!', '?']);
    let castle = match core {
        "O-O" | "0-0" => Some(CastleSide::King),
        "O-O-O" | "0-0-0" => Some(CastleSide::Queen),
        _ => None,
    };
    if let Some(side) = castle {
        return legal
            .iter()
            .copied()
            .find(|&m| position.is_castling(m) && CastleSide::of(m.from, m.to) == side)
            .ok_or_else(|| SanError::IllegalCastling { text: text.to_owned() });
    }

    let mut chars: Vec<char> = core.chars().filter(|&c| c != 'x' && c != ':' && c != '-').collect();
    let role = match chars.first() {
        Some(&c) if "KQRBN".contains(c) => {
            chars.remove(0);
            Role::from_char(c).expect("a piece letter")
        }
        _ => Role::Pawn,
    };
    let promotion = match chars.last() {
        Some(&c) if role == Role::Pawn && "QRBNqrn".contains(c) => {
            chars.pop();
            if chars.last() == Some(&'=') {
                chars.pop();
            }
            Role::from_char(c)
        }
        _ => None,
    };
    let bad = || SanError::Syntax { text: text.to_owned() };
    if chars.len() < 2 {
        return Err(bad());
    }
    let to: String = chars[chars.len() - 2..].iter().collect();
    let to = Square::parse(&to).ok_or_else(bad)?;
    let mut from_file = None;
    let mut from_rank = None;
    for &c in &chars[..chars.len() - 2] {
        match c {
            'a'..='h' if from_file.is_none() => from_file = Some(c as u8 - b'a'),
            '1'..='8' if from_rank.is_none() => from_rank = Some(c as u8 - b'1'),
            _ => return Err(bad()),
        }
    }
    // A pawn named without its file moves straight ahead.
    if role == Role::Pawn && from_file.is_none() {
        from_file = Some(to.file());
    }
    let from_set = from_file.map_or(Bitboard::FULL, Bitboard::file) & from_rank.map_or(Bitboard::FULL, Bitboard::rank);
    let matches: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| {
            m.role == role && m.to == to && m.promotion == promotion && from_set.has(m.from) && !position.is_castling(m)
        })
        .collect();
    match matches.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(SanError::Illegal { text: text.to_owned() }),
        _ => Err(SanError::Ambiguous { text: text.to_owned(), piece: role.name(), to }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::fen;

    fn position(text: &str) -> Position {
        fen::parse(text, false).unwrap()
    }

    fn san_of(fen_text: &str, uci: &str) -> String {
        let position = position(fen_text);
        let mv = position.legal_moves().iter().copied().find(|m| m.to_string() == uci).unwrap();
        to_san(&position, mv)
    }

    #[test]
    fn pieces_pawns_captures_and_promotions_are_written_as_published() {
        assert_eq!(san_of(fen::STANDARD, "g1f3"), "Nf3");
        assert_eq!(san_of(fen::STANDARD, "e2e4"), "e4");
        let capture = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        assert_eq!(san_of(capture, "e4d5"), "exd5");
        let promote = "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(san_of(promote, "e7e8q"), "e8=Q");
        assert_eq!(san_of(promote, "e7e8n"), "e8=N+");
        let en_passant = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
        assert_eq!(san_of(en_passant, "e5d6"), "exd6");
    }

    #[test]
    fn ambiguity_is_resolved_by_file_then_rank_then_both() {
        // Knights on b1 and f3 both reach d2: the file tells them apart.
        let knights = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
        assert_eq!(san_of(knights, "b1d2"), "Nbd2");
        // Rooks on a1 and a5 both reach a3: same file, so the rank.
        let rooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
        assert_eq!(san_of(rooks, "a1a3"), "R1a3");
        // Queens on a1, a3 and c1 all reach b2: a1 shares a file and a rank with rivals.
        let queens = "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1";
        assert_eq!(san_of(queens, "a1b2"), "Qa1b2");
        // A pinned rival does not count: the e2 knight could reach c3 but is pinned.
        let pinned = "k7/4r3/8/8/8/8/4N3/1N2K3 w - - 0 1";
        assert_eq!(san_of(pinned, "b1c3"), "Nc3");
    }

    #[test]
    fn check_mate_and_castling_signs() {
        let mate = "rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3";
        assert_eq!(san_of(mate, "d1h5"), "Qh5#");
        let check = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
        assert_eq!(san_of(check, "a1a8"), "Ra8+");
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(san_of(castle, "e1h1"), "O-O");
        assert_eq!(san_of(castle, "e1a1"), "O-O-O");
    }

    #[test]
    fn reading_finds_the_move_and_refuses_ambiguity() {
        let p = position("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
        assert_eq!(parse(&p, "Nbd2").unwrap().to_string(), "b1d2");
        assert_eq!(parse(&p, "Nfd2!?").unwrap().to_string(), "f3d2");
        let d2 = Square::parse("d2").unwrap();
        let ambiguous = SanError::Ambiguous { text: "Nd2".into(), piece: "knight", to: d2 };
        assert_eq!(parse(&p, "Nd2"), Err(ambiguous));
        assert_eq!(parse(&p, "Nd2").unwrap_err().to_string(), "`Nd2` is ambiguous: more than one knight can go to d2");
        assert_eq!(parse(&p, "Nd3"), Err(SanError::Illegal { text: "Nd3".into() }));
        assert_eq!(parse(&p, "Zz9"), Err(SanError::Syntax { text: "Zz9".into() }));
        let start = position(fen::STANDARD);
        assert_eq!(parse(&start, "e4").unwrap().to_string(), "e2e4");
        assert_eq!(parse(&start, "e5"), Err(SanError::Illegal { text: "e5".into() }));
        assert_eq!(parse(&start, "O-O"), Err(SanError::IllegalCastling { text: "O-O".into() }));
        let castle = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(parse(&castle, "O-O-O").unwrap().to_string(), "e1a1");
        assert_eq!(parse(&castle, "0-0").unwrap().to_string(), "e1h1");
        let promote = position("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(parse(&promote, "e8=R").unwrap().to_string(), "e7e8r");
        assert_eq!(parse(&promote, "e8N+").unwrap().to_string(), "e7e8n");
        assert!(parse(&promote, "e8").is_err());
    }
}
