//! Portable Game Notation: writing a game (the seven-tag roster, SAN moves, the result)
//! and reading one back as a configuration and the moves that replay it.
//!
//! Draw offers have no move of their own in PGN; they are written as comments (`{White
//! offers a draw}`), as is how the game ended when the moves do not show it (`{Draw
//! claimed by threefold repetition}`, `{Black resigns}`), and skipped on reading, like
//! every comment. A game reads back
//! to the same moves, so replaying the first `n` of them gives the game at any ply.
//!
//! A text holding more than one game is refused rather than read in part: which game was
//! meant is for the person importing to say.

mod error;

pub use error::{Found, PgnError};

use std::fmt::Write as _;

use crate::engine::{Action, DrawReason, Match, Outcome, ReplayError, Seat, Turn, WinReason};

use super::board::Color;
use super::{Chess, Config, StartPosition, actions, chess960, fen, san};

/// Longest PGN text read.
pub const MAX_LEN: usize = 1 << 20;

/// The tags of the seven-tag roster that describe the event and the players (the
/// seventh, `Result`, comes from the game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tags {
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`, with `??` for unknown parts.
    pub date: String,
    pub round: String,
    pub white: String,
    pub black: String,
}

impl Default for Tags {
    /// The roster's values for "unknown".
    fn default() -> Tags {
        let unknown = || "?".to_owned();
        Tags {
            event: unknown(),
            site: unknown(),
            date: "????.??.??".to_owned(),
            round: unknown(),
            white: unknown(),
            black: unknown(),
        }
    }
}

/// The turns of `history` that a takeback did not undo: as in [`Match::take_back`], a
/// takeback removes the last move in force (with whatever followed it), so the record
/// reads as the game now stands.
fn in_force(history: &[Turn]) -> Vec<Turn> {
    let mut kept: Vec<Turn> = Vec::new();
    for turn in history {
        match turn {
            Turn::TakeBack(_) => {
                if let Some(last_move) = kept.iter().rposition(|t| matches!(t, Turn::Move(..))) {
                    kept.truncate(last_move);
                }
            }
            other => kept.push(other.clone()),
        }
    }
    kept
}

/// The result token of `outcome`: `1-0`, `0-1`, `1/2-1/2`, or `*` for a game in progress
/// or one that ended without a result (aborted).
pub fn result_token(outcome: Option<&Outcome>) -> &'static str {
    match outcome {
        None | Some(Outcome::NoResult { .. }) => "*",
        Some(Outcome::Win { winner, .. }) if *winner == Seat::FIRST => "1-0",
        Some(Outcome::Win { .. }) => "0-1",
        Some(Outcome::Draw { .. }) => "1/2-1/2",
    }
}

fn ending(outcome: &Outcome) -> Option<String> {
    let loser = |winner: Seat| if winner == Seat::FIRST { "Black" } else { "White" };
    Some(match outcome {
        Outcome::Win { winner, reason: WinReason::Resignation, .. } => format!("{} resigns", loser(*winner)),
        // An adjudication or abort is told by the comment its turn left.
        Outcome::Win { .. } | Outcome::NoResult { .. } | Outcome::Draw { reason: DrawReason::Adjudication } => {
            return None;
        }
        Outcome::Draw { reason } => match reason {
            DrawReason::Stalemate => "Draw by stalemate",
            DrawReason::FiftyMoveRule => "Draw claimed by the fifty-move rule",
            DrawReason::SeventyFiveMoveRule => "Draw by the seventy-five-move rule",
            DrawReason::ThreefoldRepetition => "Draw claimed by threefold repetition",
            DrawReason::FivefoldRepetition => "Draw by fivefold repetition",
            DrawReason::InsufficientMaterial => "Draw by insufficient material",
            DrawReason::Agreement => "Draw by agreement",
            _ => "Draw",
        }
        .to_owned(),
    })
}

/// `text` as it may stand inside a `{...}` comment, which ends at the first `}`: braces
/// become parentheses, so that the comment reads as written.
fn comment_text(text: &str) -> String {
    text.replace('{', "(").replace('}', ")")
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The PGN of the game that `history` plays from `config`, finished or not.
///
/// # Errors
/// When the configuration or a turn of the history is refused.
pub fn export(config: &Config, history: &[Turn], tags: &Tags) -> Result<String, ReplayError> {
    let history = &in_force(history);
    let mut game = Match::<Chess>::new(config.clone()).map_err(ReplayError::Config)?;
    let start = game.position().fen();
    let mut tokens: Vec<String> = Vec::new();
    // Whether the next White move needs its number, or a Black move its `N...`.
    let mut numbered = false;
    for (index, turn) in history.iter().enumerate() {
        let chess = game.position();
        let position = *chess.position();
        let number = position.fullmove_number();
        let white = position.turn() == Color::White;
        let seat_name = if white { "White" } else { "Black" };
        match turn {
            Turn::Move(_, action @ (Action::Move { .. } | Action::MoveAndClaimDraw { .. })) => {
                let san = chess.san(action).unwrap_or_default();
                if white {
                    tokens.push(format!("{number}."));
                } else if !numbered {
                    tokens.push(format!("{number}..."));
                }
                tokens.push(san);
                numbered = white;
            }
            Turn::Move(_, Action::OfferDraw) => {
                tokens.push(format!("{{{seat_name} offers a draw}}"));
                numbered = false;
            }
            Turn::Move(_, Action::DeclineDraw) => {
                tokens.push(format!("{{{seat_name} declines the draw}}"));
                numbered = false;
            }
            Turn::Abort { explanation, .. } => tokens.push(format!("{{Game aborted: {}}}", comment_text(explanation))),
            Turn::Adjudicate { explanation, .. } => {
                tokens.push(format!("{{Game adjudicated: {}}}", comment_text(explanation)));
            }
            _ => {}
        }
        game.play(turn).map_err(|error| ReplayError::Turn { index, error })?;
    }
    let outcome = game.outcome();
    if let Some(text) = outcome.as_ref().and_then(ending) {
        tokens.push(format!("{{{text}}}"));
    }
    let result = result_token(outcome.as_ref());
    tokens.push(result.to_owned());

    let mut pgn = String::new();
    for (name, value) in [
        ("Event", &tags.event),
        ("Site", &tags.site),
        ("Date", &tags.date),
        ("Round", &tags.round),
        ("White", &tags.white),
        ("Black", &tags.black),
    ] {
        let _ = writeln!(pgn, "[{name} \"{}\"]", escape(value));
    }
    let _ = writeln!(pgn, "[Result \"{result}\"]");
    if config.chess960 {
        let _ = writeln!(pgn, "[Variant \"Chess960\"]");
    }
    if config.chess960 || start != fen::STANDARD {
        let _ = writeln!(pgn, "[SetUp \"1\"]\n[FEN \"{start}\"]");
    }
    pgn.push('\n');
    // Movetext lines of at most 80 characters.
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > 80 {
            pgn.push_str(&line);
            pgn.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    pgn.push_str(&line);
    pgn.push('\n');
    Ok(pgn)
}

/// A game read from PGN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// The configuration the game starts from.
    pub config: Config,
    /// Every tag, in the order written.
    pub tags: Vec<(String, String)>,
    /// The moves, as actions for the seat to move; replaying a prefix gives any ply.
    pub actions: Vec<Action>,
    /// The seat that makes the first move (White, unless the `FEN` tag gives Black the move).
    pub first_mover: Seat,
    /// The result token closing the movetext, or the `Result` tag when it has none.
    pub result: Option<String>,
}

enum Token {
    Tag(String, String),
    Symbol(String),
}

/// Splits `text` into tags and movetext symbols, in order, dropping comments, variations,
/// annotation glyphs and escape lines. Whether they make one game is for [`one_game`] to
/// judge. Reading stops at the first flaw, which is returned next to the tokens before
/// it, so that a second game can be named before a flaw inside it.
fn tokenize(text: &str) -> (Vec<Token>, Result<(), PgnError>) {
    let mut tokens = Vec::new();
    let read = read_tokens(text, &mut tokens);
    (tokens, read)
}

/// Appends the tokens of `text` to `tokens`, up to the first flaw; see [`tokenize`].
fn read_tokens(text: &str, tokens: &mut Vec<Token>) -> Result<(), PgnError> {
    let mut chars = text.chars().peekable();
    let mut line_start = true;
    while let Some(c) = chars.next() {
        match c {
            '%' if line_start => {
                // An escape line: skipped whole, and the next one starts a line.
                chars.by_ref().find(|&c| c == '\n');
                continue;
            }
            '\n' => {}
            c if c.is_whitespace() => {}
            '[' => {
                let mut inner = String::new();
                let mut quoted = false;
                let mut escaped = false;
                for c in chars.by_ref() {
                    match c {
                        '\\' if quoted && !escaped => escaped = true,
                        '"' if !escaped => quoted = !quoted,
                        ']' if !quoted => break,
                        _ => escaped = false,
                    }
                    inner.push(c);
                }
                let (name, value) = inner
                    .trim()
                    .split_once(char::is_whitespace)
                    .ok_or_else(|| PgnError::TagWithoutValue { tag: inner.clone() })?;
                let value = value.trim();
                let value = value
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .ok_or_else(|| PgnError::TagValueUnquoted { name: name.to_owned() })?;
                tokens.push(Token::Tag(name.to_owned(), value.replace("\\\"", "\"").replace("\\\\", "\\")));
            }
            '{' => {
                if !chars.by_ref().any(|c| c == '}') {
                    return Err(PgnError::CommentNotClosed);
                }
            }
            ';' => {
                chars.by_ref().find(|&c| c == '\n');
                line_start = true;
                continue;
            }
            '(' => {
                let mut depth = 1;
                while depth > 0 {
                    match chars.next() {
                        Some('(') => depth += 1,
                        Some(')') => depth -= 1,
                        Some('{') => {
                            if !chars.by_ref().any(|c| c == '}') {
                                return Err(PgnError::CommentNotClosed);
                            }
                        }
                        Some(_) => {}
                        None => return Err(PgnError::VariationNotClosed),
                    }
                }
            }
            '$' => {
                while chars.peek().is_some_and(char::is_ascii_digit) {
                    chars.next();
                }
            }
            _ => {
                let mut symbol = String::from(c);
                while let Some(&next) = chars.peek() {
                    if next.is_whitespace() || "{}();[]$".contains(next) {
                        break;
                    }
                    symbol.push(next);
                    chars.next();
                }
                tokens.push(Token::Symbol(symbol));
            }
        }
        line_start = c == '\n';
    }
    Ok(())
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// One game's tags, in the order written, and its movetext symbols.
struct GameText {
    tags: Vec<(String, String)>,
    symbols: Vec<String>,
}

/// The one game `tokens` must hold: every tag comes before the movetext, and nothing
/// follows a result token (comments and whitespace are no tokens, so they may).
///
/// # Errors
/// When a second game starts: a symbol after a result, or a tag after the movetext.
fn one_game(tokens: Vec<Token>) -> Result<GameText, PgnError> {
    let mut tags = Vec::new();
    let mut symbols: Vec<String> = Vec::new();
    for token in tokens {
        if let Some(result) = symbols.last().filter(|s| RESULTS.contains(&s.as_str())) {
            let found = match &token {
                Token::Tag(name, _) => Found::Tag(excerpt(name)),
                Token::Symbol(symbol) => Found::Symbol(excerpt(symbol)),
            };
            return Err(PgnError::AfterResult { found, result: result.clone() });
        }
        match token {
            Token::Tag(name, _) if !symbols.is_empty() => return Err(PgnError::TagAfterMoves { tag: excerpt(&name) }),
            Token::Tag(name, value) => tags.push((name, value)),
            Token::Symbol(symbol) => symbols.push(symbol),
        }
    }
    Ok(GameText { tags, symbols })
}

/// The start of `text`, short enough to quote in a message.
fn excerpt(text: &str) -> String {
    const LONGEST: usize = 20;
    match text.char_indices().nth(LONGEST) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// Reads the one game of `text`.
///
/// # Errors
/// What cannot be read: a malformed tag, more than one game, an unsupported variant, an
/// illegal starting position, or the first move that is not legal (with its number).
pub fn import(text: &str) -> Result<Imported, PgnError> {
    if text.len() > MAX_LEN {
        return Err(PgnError::TooLong { length: text.len() });
    }
    let (tokens, read) = tokenize(text);
    let GameText { tags, symbols } = one_game(tokens)?;
    read?;
    let tag = |name: &str| tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());

    let mut config = Config::default();
    if let Some(variant) = tag("Variant") {
        let lower = variant.to_ascii_lowercase();
        if lower.contains("960") || lower.contains("fischer") || lower.contains("frc") {
            config.chess960 = true;
        } else if !matches!(lower.as_str(), "" | "standard" | "chess" | "normal") {
            return Err(PgnError::UnsupportedVariant { variant: variant.to_owned() });
        }
    }
    if let Some(fen) = tag("FEN") {
        config.fen = fen.to_owned();
    } else if config.chess960 {
        config.start_position = StartPosition::Number(chess960::STANDARD);
    }
    let mut game = Match::<Chess>::new(config.clone()).map_err(PgnError::InvalidStart)?;

    let first_mover = actions::seat(game.position().position().turn());
    let mut actions_played = Vec::new();
    let mut result = None;
    for symbol in symbols {
        if RESULTS.contains(&symbol.as_str()) {
            result = Some(symbol);
            break;
        }
        // Move numbers, possibly glued to the move (`12.e4`, `12...Nf6`).
        let san_text = symbol.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start_matches('.');
        if san_text.is_empty() {
            continue;
        }
        let ply = actions_played.len() + 1;
        if let Some(outcome) = game.outcome() {
            return Err(PgnError::MoveAfterEnd { ply, san: san_text.to_owned(), reason: outcome.reason() });
        }
        let position = *game.position().position();
        let mv = san::parse(&position, san_text).map_err(|error| PgnError::UnreadableMove { ply, error })?;
        let action = actions::to_action(&position, mv, config.chess960);
        let seat = actions::seat(position.turn());
        game.apply(seat, &action).map_err(|error| PgnError::MoveRefused { ply, san: san_text.to_owned(), error })?;
        actions_played.push(action);
    }
    let result = result.or_else(|| tag("Result").map(str::to_owned));
    Ok(Imported { config, tags, actions: actions_played, first_mover, result })
}

impl Imported {
    /// The first `plies` moves with the seat making each: chess seats alternate, and no
    /// seat passes.
    pub fn seated(&self, plies: usize) -> Vec<(Seat, Action)> {
        let first = self.first_mover.index();
        let seat = |ply: usize| Seat::new(u8::try_from((first + ply) % 2).expect("two seats"));
        self.actions.iter().take(plies).enumerate().map(|(ply, action)| (seat(ply), action.clone())).collect()
    }
}
