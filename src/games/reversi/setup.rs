//! A set-up position ([`Config::position`](super::Config::position)) in the text form of
//! the FFO endgame test files and Edax's `.obf` files, for a board of any size the game
//! supports:
//!
//! - one symbol a square, `width` × `height` of them, row by row from `a1` (the top-left
//!   cell) to the bottom-right one: `X`, `x` or `*` a black disc (the first seat), `O` or
//!   `o` a white disc (the second seat), `-` or `.` an empty square;
//! - then whitespace and the side to move, `X` or `O` (also `x`, `*` or `o`);
//! - optionally `;` and anything after it (a comment or a score), which is ignored.
//!
//! Whitespace between the squares is ignored too (a board may be written a row a line);
//! the whitespace before the side to move may be left out. Walls are not part of the text:
//! they come from the configuration's `walls`, on empty squares of the position.

use crate::engine::{Cell, Seat};

/// The longest position text accepted, in bytes: a 16 × 16 board written a row a line,
/// the side to move and a comment fit well within it.
pub const MAX_LEN: usize = 512;

/// The side of the standard board.
const STANDARD: u32 = 8;

/// What a square symbol stands for.
const SQUARES: &str = "X, x or * for Black, O or o for White, - or . for empty";

/// A position read from text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The disc on each square, row-major from `a1`; `None` where it is empty.
    pub squares: Vec<Option<Seat>>,
    /// The side to move.
    pub turn: Seat,
}

impl Setup {
    /// The discs, as cells and their seats, row-major, on a board `width` cells wide.
    pub fn discs(&self, width: u32) -> impl Iterator<Item = (Cell, Seat)> + '_ {
        self.squares.iter().enumerate().filter_map(move |(index, square)| {
            square.map(|seat| (Cell::new(index as u32 / width, index as u32 % width), seat))
        })
    }
}

/// Reads `text` as a position on the standard 8×8 board without walls, as the engine
/// takes it: the side to move's discs and the other side's (see
/// [`Position`](super::engine::Position)), and the side to move.
///
/// # Errors
/// Every problem with the text, as [`parse`] names them.
pub fn standard(text: &str) -> Result<(super::engine::Position, Seat), Vec<String>> {
    let setup = parse(text, STANDARD, STANDARD)?;
    let mut discs = [0u64; 2];
    for (cell, seat) in setup.discs(STANDARD) {
        discs[seat.index()] |= 1 << (cell.row * STANDARD + cell.col);
    }
    let (own, opp) = (discs[setup.turn.index()], discs[setup.turn.opponent().index()]);
    Ok((super::engine::Position::new(own, opp), setup.turn))
}

/// The seat a symbol names, `None` for an empty square; `Err` for a symbol that is no square.
fn square(symbol: char) -> Result<Option<Seat>, ()> {
    match symbol {
        'X' | 'x' | '*' => Ok(Some(Seat::FIRST)),
        'O' | 'o' => Ok(Some(Seat::SECOND)),
        '-' | '.' => Ok(None),
        _ => Err(()),
    }
}

/// What is wrong with the length of `text`, if anything: the one check that needs no
/// board size.
pub fn length_problem(text: &str) -> Option<String> {
    (text.len() > MAX_LEN).then(|| format!("is {} bytes long; at most {MAX_LEN} are accepted", text.len()))
}

/// Reads `text` as a position on a `width` × `height` board.
///
/// # Errors
/// Every problem found, each a sentence for the `position` field: too long, no squares,
/// the wrong number of squares, symbols that are no square, the side to move missing or
/// not `X` or `O`.
pub fn parse(text: &str, width: u32, height: u32) -> Result<Setup, Vec<String>> {
    if let Some(problem) = length_problem(text) {
        return Err(vec![problem]);
    }
    let cells = (width * height) as usize;
    let body = text.split(';').next().unwrap_or_default();
    let tokens: Vec<&str> = body.split_whitespace().collect();
    if tokens.is_empty() {
        return Err(vec![format!(
            "holds no squares: give the {cells} squares of the {width}×{height} board and the side to move, or \
             leave it empty for the opening"
        )]);
    }
    // The side to move: the last token when it is one symbol standing apart, or else the
    // symbol after the squares when exactly one more than the board's follows them.
    let (symbols, side): (Vec<char>, Option<char>) = match tokens.split_last() {
        Some((last, rest)) if !rest.is_empty() && last.chars().count() == 1 => {
            (rest.iter().flat_map(|t| t.chars()).collect(), last.chars().next())
        }
        _ => {
            let mut symbols: Vec<char> = tokens.iter().flat_map(|t| t.chars()).collect();
            let side = if symbols.len() == cells + 1 { symbols.pop() } else { None };
            (symbols, side)
        }
    };
    let mut problems = Vec::new();
    if symbols.len() != cells {
        problems.push(format!(
            "has {} squares; the {width}×{height} board has {cells}, one symbol each, row by row from a1 (the top left)",
            symbols.len()
        ));
    }
    let name = |index: usize| {
        if index < cells {
            Cell::new((index / width as usize) as u32, (index % width as usize) as u32).to_string()
        } else {
            format!("square {}", index + 1)
        }
    };
    let mut unknown: Vec<(char, usize)> = Vec::new();
    let mut squares = Vec::with_capacity(cells);
    for (index, &symbol) in symbols.iter().enumerate() {
        match square(symbol) {
            Ok(disc) => squares.push(disc),
            Err(()) => {
                if !unknown.iter().any(|&(seen, _)| seen == symbol) {
                    unknown.push((symbol, index));
                }
            }
        }
    }
    if !unknown.is_empty() {
        let listed: Vec<String> =
            unknown.iter().map(|&(symbol, index)| format!("{symbol:?} (at {})", name(index))).collect();
        problems.push(format!("has symbols that stand for no square: {}; write {SQUARES}", listed.join(", ")));
    }
    let turn = match side {
        None => {
            problems.push("ends without the side to move: add X (Black) or O (White) after the squares".to_owned());
            None
        }
        Some(symbol) => match square(symbol) {
            Ok(Some(seat)) => Some(seat),
            _ => {
                problems.push(format!("names {symbol:?} as the side to move; write X for Black or O for White"));
                None
            }
        },
    };
    match turn {
        Some(turn) if problems.is_empty() => Ok(Setup { squares, turn }),
        _ => Err(problems),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

    #[test]
    fn the_ffo_form_reads_squares_row_by_row_and_the_side_to_move() {
        let setup = parse(FFO_40, 8, 8).unwrap();
        assert_eq!(setup.turn, Seat::FIRST);
        assert_eq!(setup.squares.len(), 64);
        assert_eq!(setup.squares[0], Some(Seat::SECOND), "a1 is the first symbol");
        assert_eq!(setup.squares[7], Some(Seat::FIRST), "h1 ends the first row");
        assert_eq!(setup.squares[8], None, "a2 starts the second");
        let discs: Vec<(Cell, Seat)> = setup.discs(8).collect();
        assert_eq!(discs[0], (Cell::new(0, 0), Seat::SECOND));
        assert_eq!(discs.len(), 64 - 20, "FFO #40 has 20 empty squares");
        // The engine's position, from either side: Black's discs and White's as bitboards.
        let (black, white) = discs.iter().fold((0u64, 0u64), |(black, white), (cell, seat)| {
            let bit = 1u64 << (cell.row * 8 + cell.col);
            if *seat == Seat::FIRST { (black | bit, white) } else { (black, white | bit) }
        });
        let position = super::super::engine::Position::new(black, white);
        assert_eq!(standard(FFO_40).unwrap(), (position, Seat::FIRST));
        let white = FFO_40.replace(" X", " O ; a comment");
        assert_eq!(standard(&white).unwrap(), (position.pass(), Seat::SECOND));
        assert!(standard("XO-- O").is_err());
    }

    #[test]
    fn the_standard_reading_gives_the_engine_the_side_to_move_first() {
        let text = format!("{}XO{} O", "-".repeat(27), "-".repeat(35));
        let (position, turn) = standard(&text).unwrap();
        assert_eq!(turn, Seat::SECOND);
        assert_eq!((position.own(), position.opp()), (1 << 28, 1 << 27));
        assert!(standard("XO").is_err());
        assert!(standard(&format!("{} Z", "-".repeat(64))).is_err());
    }

    #[test]
    fn other_symbols_comments_rows_on_lines_and_other_sizes_read_alike() {
        let compact = parse("xo.-*O..-.-.-.--O;", 4, 4).unwrap();
        assert_eq!(compact.turn, Seat::SECOND, "the side may follow the squares directly");
        assert_eq!(&compact.squares[..5], &[Some(Seat::FIRST), Some(Seat::SECOND), None, None, Some(Seat::FIRST)]);
        let rows = parse("xo..\n*O..\n....\n.... o ; +2 a comment; and more", 4, 4).unwrap();
        assert_eq!(rows, compact);
        let wide = parse(&format!("{}X{} O", "-".repeat(10), "-".repeat(49)), 6, 10).unwrap();
        assert_eq!(wide.discs(6).collect::<Vec<_>>(), [(Cell::new(1, 4), Seat::FIRST)]);
    }

    #[test]
    fn every_problem_is_named_at_once() {
        // Three squares short, two kinds of stray symbols, and a side that is no side.
        let problems = parse(&format!("{}Z0Z Q", "-".repeat(58)), 8, 8).unwrap_err();
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].contains("has 61 squares") && problems[0].contains("has 64"), "{problems:?}");
        assert!(problems[1].contains("'Z' (at c8)") && problems[1].contains("'0' (at d8)"), "{problems:?}");
        assert!(problems[2].contains("'Q' as the side to move"), "{problems:?}");
        let missing = parse(&"-".repeat(64), 8, 8).unwrap_err();
        assert_eq!(missing.len(), 1, "{missing:?}");
        assert!(missing[0].contains("without the side to move"), "{missing:?}");
        let blank = parse("  ; only a comment", 8, 8).unwrap_err();
        assert!(blank[0].contains("holds no squares"), "{blank:?}");
        let long = parse(&"-".repeat(MAX_LEN + 1), 8, 8).unwrap_err();
        assert!(long[0].contains("at most 512"), "{long:?}");
    }
}
