//! Reading the UCI commands that carry arguments: `position`, `go` and `setoption`.

use std::time::Duration;

use super::super::super::draws;
use super::super::super::fen;
use super::super::super::position::Position;
use super::super::super::uci;
use super::clock::Clock;

/// A position to search from and the game's history up to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The position after the moves.
    pub position: Position,
    /// The repetition keys since the last capture or pawn move, the position's last.
    pub history: Vec<u64>,
}

impl Game {
    /// The game from `start`, no move played.
    pub fn from(start: Position) -> Game {
        Game { position: start, history: vec![draws::repetition_key(&start, &start.legal_moves())] }
    }

    /// Plays the legal move `text` (UCI), keeping the history.
    fn play(&mut self, text: &str, chess960: bool) -> Result<(), String> {
        let mv = uci::parse(&self.position, text, chess960).map_err(|error| error.to_string())?;
        self.position.play(mv);
        if self.position.halfmove_clock() == 0 {
            self.history.clear();
        }
        self.history.push(draws::repetition_key(&self.position, &self.position.legal_moves()));
        Ok(())
    }
}

/// The arguments of `position`: `startpos` or `fen FEN`, then optionally `moves` and the
/// moves in UCI.
///
/// # Errors
/// A sentence naming what is wrong: the FEN or the first illegal move.
pub fn position(arguments: &[&str], chess960: bool) -> Result<Game, String> {
    let (start, rest) = match arguments.split_first() {
        Some((&"startpos", rest)) => (fen::parse(fen::STANDARD, false).expect("the standard start"), rest),
        Some((&"fen", rest)) => {
            let end = rest.iter().position(|&word| word == "moves").unwrap_or(rest.len());
            let text = rest[..end].join(" ");
            let start = fen::parse(&text, chess960).map_err(|invalid| invalid.to_string())?;
            (start, &rest[end..])
        }
        _ => return Err("position needs `startpos` or `fen FEN`".to_owned()),
    };
    let mut game = Game::from(start);
    match rest.split_first() {
        None => {}
        Some((&"moves", moves)) => {
            for (number, text) in moves.iter().enumerate() {
                game.play(text, chess960).map_err(|e| format!("move {} ({text}): {e}", number + 1))?;
            }
        }
        Some((word, _)) => return Err(format!("expected `moves`, found `{word}`")),
    }
    Ok(game)
}

/// The arguments of `go`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub clock: Clock,
    /// `depth`: the deepest iteration.
    pub depth: Option<u32>,
    /// `nodes`: the most positions to visit.
    pub nodes: Option<u64>,
    /// `infinite` (or `ponder`): search until `stop`, and answer only then.
    pub infinite: bool,
}

/// Reads the arguments of `go`; unknown words and missing or unreadable numbers are
/// skipped, as the protocol asks of an engine.
pub fn go(arguments: &[&str]) -> Go {
    let mut go = Go::default();
    let mut words = arguments.iter().copied().peekable();
    let millis = |text: Option<&str>| {
        // Clocks may run below zero in some controllers: treat that as none left.
        text.and_then(|t| t.parse::<i64>().ok()).map(|ms| Duration::from_millis(ms.max(0) as u64))
    };
    while let Some(word) = words.next() {
        match word {
            "infinite" | "ponder" => go.infinite = true,
            "movetime" => go.clock.move_time = millis(words.next()),
            "wtime" => go.clock.time_left[0] = millis(words.next()),
            "btime" => go.clock.time_left[1] = millis(words.next()),
            "winc" => go.clock.increment[0] = millis(words.next()).unwrap_or_default(),
            "binc" => go.clock.increment[1] = millis(words.next()).unwrap_or_default(),
            "movestogo" => go.clock.moves_to_go = words.next().and_then(|t| t.parse().ok()),
            "depth" => go.depth = words.next().and_then(|t| t.parse().ok()),
            "nodes" => go.nodes = words.next().and_then(|t| t.parse().ok()),
            _ => {}
        }
    }
    go
}

/// The name and value of `setoption name NAME value VALUE` (names may hold spaces).
pub fn option(arguments: &[&str]) -> Option<(String, String)> {
    let (&"name", rest) = arguments.split_first()? else { return None };
    let split = rest.iter().position(|&word| word == "value").unwrap_or(rest.len());
    let name = rest[..split].join(" ");
    let value = rest.get(split + 1..).map(|words| words.join(" ")).unwrap_or_default();
    (!name.is_empty()).then_some((name, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<&str> {
        text.split_whitespace().collect()
    }

    #[test]
    fn positions_are_read_from_the_start_or_a_fen_with_their_moves() {
        let game = position(&words("startpos moves e2e4 e7e5 g1f3"), false).unwrap();
        assert_eq!(fen::write(&game.position, false), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
        assert_eq!(game.history.len(), 2, "since the last pawn move");
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let castled = position(&words(&format!("fen {fen} moves e1g1")), false).unwrap();
        assert_eq!(fen::write(&castled.position, false), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
        assert_eq!(position(&words(&format!("fen {fen}")), false).unwrap().position, fen::parse(fen, false).unwrap());
        let in_960 = position(&words(&format!("fen {fen} moves e1h1")), true).unwrap();
        assert_eq!(in_960.position, castled.position, "Chess960 castles onto the rook");
    }

    #[test]
    fn bad_positions_are_refused_with_a_reason() {
        assert!(position(&words("startpos moves e2e5"), false).unwrap_err().contains("move 1 (e2e5)"));
        assert!(position(&words("fen 8/8/8/8 w - - 0 1"), false).unwrap_err().starts_with("invalid FEN"));
        assert!(position(&words("somewhere"), false).is_err());
        assert!(position(&words("startpos e2e4"), false).is_err());
    }

    #[test]
    fn go_reads_every_limit_and_skips_what_it_does_not_know() {
        let read =
            go(&words("wtime 300000 btime -5 winc 2000 binc 2000 movestogo 40 depth 12 nodes 5000 searchmoves e2e4"));
        assert_eq!(read.clock.time_left, [Some(Duration::from_secs(300)), Some(Duration::ZERO)]);
        assert_eq!(read.clock.increment, [Duration::from_secs(2); 2]);
        assert_eq!(
            (read.clock.moves_to_go, read.depth, read.nodes, read.infinite),
            (Some(40), Some(12), Some(5000), false)
        );
        assert_eq!(go(&words("movetime 100")).clock.move_time, Some(Duration::from_millis(100)));
        assert!(go(&words("infinite")).infinite);
        assert_eq!(go(&words("depth")), Go::default());
    }

    #[test]
    fn options_are_read_by_name_and_value() {
        assert_eq!(option(&words("name Hash value 64")), Some(("Hash".to_owned(), "64".to_owned())));
        assert_eq!(option(&words("name Clear Hash")), Some(("Clear Hash".to_owned(), String::new())));
        assert_eq!(option(&words("value 3")), None);
    }
}
