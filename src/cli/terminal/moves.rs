//! Typed text matched to one of a seat's legal moves, as `ListLegalMoves` lists them.
//!
//! A move matches by its `label` (`c2`, `column 4`, `Nf3`, `a1-b2`, `5 to 1`), its `uci`, or
//! the other names its contents give it: a Connect Four column's bare number or letter, a
//! Morris point's number, a jump written with cell names, a ship as its bow, length and
//! direction in any order (`a1 5 down`). Text and names are compared by their words,
//! without case, with spaces, `-` and `,` between words alike and the filler word `to`
//! ignored, then, failing that, with every separator removed (`a1b2`, `column4`). Where
//! letter case is all that tells two moves apart (chess: `bxc5` the pawn, `Bxc5` the
//! bishop), the text as typed decides. Nothing here knows a game's rules: the server's
//! list is the only authority on what is legal.

use std::fmt;

use tabula::proto::tabula::v1 as pb;

use super::draw::cell_name;

/// How many legal moves an error names as examples.
const HINTED: usize = 8;

/// What a line typed at the prompt asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command<'a> {
    /// An empty line: ask again (after the end: leave).
    Nothing,
    /// Give up the game (`Resign`).
    Resign,
    /// Leave the terminal; the game goes on on the server.
    Quit,
    /// List every legal move and the words understood.
    Help,
    /// Place the rest of a Battleship fleet at random.
    AutoPlace,
    /// Take back the last move of a seat played here (`TakeBack`).
    TakeBack,
    /// Show the move the server's engine suggests (`GetHint`).
    Hint,
    /// Offer the other seat a draw (a `Draw` move).
    OfferDraw,
    /// Withdraw a draw offer still waiting for its answer.
    WithdrawDraw,
    /// Answer what the other seat asks: its draw offer or its takeback request.
    Answer { accept: bool, to: Asked },
    /// Play the finished game again, the seats swapped (`CreateRematch`).
    Rematch,
    /// A move, to match against the legal ones.
    Move(&'a str),
}

/// What an `accept` or `decline` answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// Whatever waits for an answer (`accept` alone).
    Waiting,
    /// The other seat's draw offer (`accept draw`).
    Draw,
    /// The other seat's takeback request (`accept takeback`).
    TakeBack,
}

/// What `line` asks for; anything but a command word is a move. Words are compared without
/// case, with any spacing between them.
pub fn command(line: &str) -> Command<'_> {
    let text = line.trim();
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ").to_ascii_lowercase();
    match words.as_str() {
        "" => Command::Nothing,
        "resign" => Command::Resign,
        "quit" | "exit" => Command::Quit,
        "help" | "?" | "moves" => Command::Help,
        "auto" | "random" => Command::AutoPlace,
        "takeback" | "take back" | "undo" => Command::TakeBack,
        "hint" => Command::Hint,
        "draw" | "offer draw" | "offer a draw" => Command::OfferDraw,
        "withdraw" | "withdraw draw" | "withdraw offer" | "withdraw the draw offer" => Command::WithdrawDraw,
        "rematch" => Command::Rematch,
        _ => answer(&words).unwrap_or(Command::Move(text)),
    }
}

/// `accept` or `decline`, alone or naming what they answer (`accept draw`, `decline the
/// takeback`).
fn answer(words: &str) -> Option<Command<'static>> {
    let (verb, rest) = words.split_once(' ').unwrap_or((words, ""));
    let accept = match verb {
        "accept" => true,
        "decline" => false,
        _ => return None,
    };
    let to = match rest.strip_prefix("the ").unwrap_or(rest) {
        "" => Asked::Waiting,
        "draw" | "draw offer" | "offer" => Asked::Draw,
        "takeback" | "take back" | "takeback request" => Asked::TakeBack,
        _ => return None,
    };
    Some(Command::Answer { accept, to })
}

/// The commands understood besides moves, for `help`: those of a game in progress, or
/// those after its end. Lines stay within 90 columns, as the lists of moves do.
pub fn commands_help(over: bool) -> &'static str {
    if over {
        "after the end:\n\
         \x20 rematch    play it again, the seats swapped\n\
         \x20 takeback   take back the move that ended it, where the game still allows it\n\
         \x20 accept, decline   answer the other seat's request to take it back\n\
         \x20 quit, or Enter    leave"
    } else {
        "commands:\n\
         \x20 takeback   take back your last move (once the other seat agrees, where it must)\n\
         \x20 hint       the engine's move for you, where the game allows hints\n\
         \x20 draw       offer a draw, on your turn before your move; withdraw takes it back\n\
         \x20 accept, decline   answer the other seat's draw offer or takeback request\n\
         \x20                   (accept draw, decline takeback: to say which)\n\
         \x20 resign     give up the game\n\
         \x20 quit       leave; the game goes on on the server\n\
         \x20 rematch    once the game is over: play it again, the seats swapped"
    }
}

/// A `Draw` move of `action`: an offer, its answer or its withdrawal.
pub fn draw_move(action: pb::DrawAction) -> pb::Move {
    pb::Move { kind: Some(pb::r#move::Kind::Draw(pb::Draw { action: action as i32 })) }
}

/// Whether `mv` offers, answers or withdraws a draw: talk between the seats, not a move on
/// the board.
pub fn is_draw_talk(mv: Option<&pb::Move>) -> bool {
    matches!(mv.and_then(|mv| mv.kind.as_ref()), Some(pb::r#move::Kind::Draw(_)))
}

/// Why typed text names no single legal move; its `Display` is a sentence for the person
/// who typed it, with a hint of what to type instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unmatched {
    /// The seat has no legal move at all.
    NoMoves,
    /// No legal move has that name; `hint` holds the labels of the first few that do exist.
    Unknown { typed: String, hint: Vec<String>, more: bool },
    /// Several legal moves have that name; `candidates` holds their labels.
    Ambiguous { typed: String, candidates: Vec<String> },
}

impl fmt::Display for Unmatched {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unmatched::NoMoves => write!(f, "there is no legal move to make right now"),
            Unmatched::Unknown { typed, hint, more } => {
                let ellipsis = if *more { ", …" } else { "" };
                write!(
                    f,
                    "\"{typed}\" is not a legal move here; legal moves include {}{ellipsis} (type help to list them all)",
                    hint.join(", ")
                )
            }
            Unmatched::Ambiguous { typed, candidates } => {
                write!(f, "\"{typed}\" could be any of {}: type one of them as written", candidates.join(", "))
            }
        }
    }
}

/// The one legal move in `legal` that `typed` names.
///
/// # Errors
/// [`Unmatched`] when no move, or more than one, has that name.
pub fn choose<'a>(typed: &str, legal: &'a [pb::LegalMove]) -> Result<&'a pb::LegalMove, Unmatched> {
    if legal.is_empty() {
        return Err(Unmatched::NoMoves);
    }
    let names: Vec<Vec<Name>> = legal.iter().map(names_of).collect();
    let typed_words = words(typed);
    let typed_compact = compact(typed);
    let by_words = matching(&names, |name| name.has_words(&typed_words));
    let found = if by_words.is_empty() {
        matching(&names, |name| !typed_compact.is_empty() && name.compact().as_deref() == Some(typed_compact.as_str()))
    } else {
        by_words
    };
    match found.as_slice() {
        [] => Err(Unmatched::Unknown {
            typed: typed.to_owned(),
            hint: legal.iter().take(HINTED).map(|m| m.label.clone()).collect(),
            more: legal.len() > HINTED,
        }),
        [only] => Ok(&legal[*only]),
        several => {
            // Case told apart what its absence could not (chess SAN: `bxc5` and `Bxc5`).
            let typed_cased = cased_words(typed);
            let exact: Vec<usize> =
                several.iter().copied().filter(|&i| names[i].iter().any(|name| name.has_cased(&typed_cased))).collect();
            match exact.as_slice() {
                [only] => Ok(&legal[*only]),
                _ => Err(Unmatched::Ambiguous {
                    typed: typed.to_owned(),
                    candidates: several.iter().map(|&i| legal[i].label.clone()).collect(),
                }),
            }
        }
    }
}

/// Every legal move's label, for `help`.
pub fn labels(legal: &[pb::LegalMove]) -> Vec<String> {
    legal.iter().map(|m| m.label.clone()).collect()
}

/// Whether `legal` holds Battleship ship placements (the fleet is not all placed yet).
pub fn places_ships(legal: &[pb::LegalMove]) -> bool {
    legal.iter().any(|m| ship(m.r#move.as_ref()).is_some())
}

/// The longest ships `legal` places, which an automatic placement puts down first so the
/// smaller ones still find room.
pub fn longest_ship_placements(legal: &[pb::LegalMove]) -> Vec<&pb::LegalMove> {
    let longest = legal.iter().filter_map(|m| ship(m.r#move.as_ref())).map(|s| s.length).max();
    legal.iter().filter(|m| longest.is_some() && ship(m.r#move.as_ref()).map(|s| s.length) == longest).collect()
}

fn location(location: Option<&pb::Location>) -> Option<String> {
    match location?.at.as_ref()? {
        pb::location::At::Cell(cell) => Some(cell_name(cell)),
        pb::location::At::Point(point) => Some(point.to_string()),
    }
}

fn ship(mv: Option<&pb::Move>) -> Option<&pb::ShipPlacement> {
    match mv?.kind.as_ref()? {
        pb::r#move::Kind::Place(pb::Place { target: Some(pb::place::Target::Ship(ship)) }) => Some(ship),
        _ => None,
    }
}

/// The indices of the moves one of whose names passes `test`.
fn matching(names: &[Vec<Name>], test: impl Fn(&Name) -> bool) -> Vec<usize> {
    (0..names.len()).filter(|&i| names[i].iter().any(&test)).collect()
}

/// One name a legal move answers to.
#[derive(Debug)]
enum Name {
    /// Words in order, as written (`a1-b2`, `column 4`, `Nf3`).
    Text(String),
    /// Words in any order, each from its own set of synonyms (a ship: bow, length,
    /// direction).
    AnyOrder(Vec<Vec<String>>),
}

impl Name {
    fn has_words(&self, typed: &[String]) -> bool {
        match self {
            Name::Text(text) => words(text) == typed,
            Name::AnyOrder(slots) => {
                typed.len() == slots.len()
                    && slots.iter().all(|slot| slot.iter().any(|word| typed.contains(word)))
                    && typed.iter().all(|word| slots.iter().any(|slot| slot.contains(word)))
            }
        }
    }

    fn has_cased(&self, typed: &[String]) -> bool {
        matches!(self, Name::Text(text) if cased_words(text) == typed)
    }

    /// The name run together as [`compact`] runs typed text together; a name in any order
    /// has no such form.
    fn compact(&self) -> Option<String> {
        match self {
            Name::Text(text) => Some(compact(text)),
            Name::AnyOrder(_) => None,
        }
    }
}

/// Every name of `legal`: its label, its machine notation, and those its contents give it.
fn names_of(legal: &pb::LegalMove) -> Vec<Name> {
    let mut names = vec![Name::Text(legal.label.clone())];
    if !legal.uci.is_empty() {
        names.push(Name::Text(legal.uci.clone()));
    }
    use pb::r#move::Kind;
    let Some(kind) = legal.r#move.as_ref().and_then(|mv| mv.kind.as_ref()) else { return names };
    let text = Name::Text;
    match kind {
        Kind::Place(place) => match &place.target {
            Some(pb::place::Target::Cell(cell)) => names.push(text(cell_name(cell))),
            // The column's number as its label and the board name it, alone.
            Some(pb::place::Target::Column(column)) => names.push(text((column + 1).to_string())),
            Some(pb::place::Target::Point(point)) => names.push(text(point.to_string())),
            Some(pb::place::Target::Ship(ship)) => {
                let bow = ship.bow.as_ref().map(cell_name).unwrap_or_default();
                let direction = orientation_words(ship.orientation).iter().map(|w| (*w).to_owned()).collect();
                names.push(Name::AnyOrder(vec![vec![bow], vec![ship.length.to_string()], direction]));
            }
            Some(pb::place::Target::Fleet(_)) => names.push(text("fleet".to_owned())),
            None => {}
        },
        // Chess names its squares from the bottom, unlike the cells of the wire: its moves
        // are named by their SAN label and UCI only.
        Kind::Move(piece) if legal.uci.is_empty() => {
            if let (Some(from), Some(to)) = (location(piece.from.as_ref()), location(piece.to.as_ref())) {
                names.push(text(format!("{from} {to}")));
            }
        }
        Kind::Move(_) => {}
        Kind::GridShift(shift) => {
            let way = direction(shift);
            names.extend([text(way.to_owned()), text(format!("shift {way}"))]);
        }
        Kind::Capture(capture) => {
            if let Some(target) = location(capture.target.as_ref()) {
                names.extend([text(format!("x{target}")), text(format!("capture {target}"))]);
            }
        }
        Kind::Shot(shot) => names.extend(shot.target.as_ref().map(|cell| text(cell_name(cell)))),
        Kind::Pass(_) => names.push(text("pass".to_owned())),
        Kind::Ready(_) => names.push(text("ready".to_owned())),
        Kind::Draw(draw) => names.extend(draw_words(draw).iter().map(|w| text((*w).to_owned()))),
    }
    names
}

/// Ways to say which way a ship lies, the first the one used in descriptions.
pub fn orientation_words(orientation: i32) -> &'static [&'static str] {
    match pb::Orientation::try_from(orientation) {
        Ok(pb::Orientation::Horizontal) => &["across", "horizontal", "h", "right"],
        Ok(pb::Orientation::Vertical) => &["down", "vertical", "v"],
        _ => &["in an unknown direction"],
    }
}

/// Ways to say a draw action, the first the one used in descriptions.
pub fn draw_words(draw: &pb::Draw) -> &'static [&'static str] {
    match pb::DrawAction::try_from(draw.action) {
        Ok(pb::DrawAction::Offer) => &["offer draw", "offer a draw", "draw"],
        Ok(pb::DrawAction::Accept) => &["accept draw", "accept the draw", "accept"],
        Ok(pb::DrawAction::Decline) => &["decline draw", "decline the draw", "decline"],
        Ok(pb::DrawAction::Claim) => &["claim draw", "claim a draw", "claim"],
        Ok(pb::DrawAction::Withdraw) => &["withdraw draw", "withdraw the draw offer", "withdraw"],
        _ => &["an unknown draw action"],
    }
}

/// Tic-Tac-Two's grid shift as its labels name it (`up-left`).
pub fn direction(shift: &pb::GridShift) -> &'static str {
    match (shift.d_row.signum(), shift.d_col.signum()) {
        (-1, -1) => "up-left",
        (-1, 0) => "up",
        (-1, 1) => "up-right",
        (0, -1) => "left",
        (0, 1) => "right",
        (1, -1) => "down-left",
        (1, 0) => "down",
        (1, 1) => "down-right",
        _ => "nowhere",
    }
}

/// The words of a move's text, in order and as written: split at spaces, `-` and `,`, the
/// filler word `to` dropped, chess's check, mate and annotation marks trimmed, and castling
/// written with zeros (`0-0`) read as with letters (`O-O`).
fn cased_words(text: &str) -> Vec<String> {
    let text = text.trim();
    let castling = text.contains('-') && text.chars().all(|c| matches!(c, '0' | 'o' | 'O' | '-'));
    let text = if castling { text.replace('0', "O") } else { text.to_owned() };
    text.split(|c: char| c.is_whitespace() || c == '-' || c == ',')
        .map(|word| word.trim_end_matches(['+', '#', '!', '?']))
        .filter(|word| !word.is_empty() && !word.eq_ignore_ascii_case("to"))
        .map(str::to_owned)
        .collect()
}

/// [`cased_words`] in lower case.
fn words(text: &str) -> Vec<String> {
    cased_words(text).into_iter().map(|word| word.to_lowercase()).collect()
}

/// The letters and digits of a move's words, run together in lower case (`a1b2`, `e8q`).
fn compact(text: &str) -> String {
    words(text).concat().chars().filter(|c| c.is_alphanumeric()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legal(label: &str, uci: &str, kind: pb::r#move::Kind) -> pb::LegalMove {
        pb::LegalMove { r#move: Some(pb::Move { kind: Some(kind) }), label: label.to_owned(), uci: uci.to_owned() }
    }

    fn place(target: pb::place::Target) -> pb::r#move::Kind {
        pb::r#move::Kind::Place(pb::Place { target: Some(target) })
    }

    fn cell(row: u32, col: u32) -> pb::Cell {
        pb::Cell { row, col }
    }

    fn at(location: pb::location::At) -> Option<pb::Location> {
        Some(pb::Location { at: Some(location) })
    }

    fn piece_move(from: pb::location::At, to: pb::location::At) -> pb::r#move::Kind {
        pb::r#move::Kind::Move(pb::PieceMove { from: at(from), to: at(to), ..Default::default() })
    }

    fn chosen(typed: &str, legal: &[pb::LegalMove]) -> String {
        choose(typed, legal).map(|m| m.label.clone()).unwrap_or_else(|error| format!("error: {error}"))
    }

    fn connect_four() -> Vec<pb::LegalMove> {
        (0..7).map(|c| legal(&format!("column {}", c + 1), "", place(pb::place::Target::Column(c)))).collect()
    }

    #[test]
    fn a_column_is_named_by_its_label_or_its_number_in_any_case_and_spacing() {
        let moves = connect_four();
        for typed in ["column 4", "COLUMN 4", "  column4 ", "4"] {
            assert_eq!(chosen(typed, &moves), "column 4", "{typed:?}");
        }
        assert!(chosen("d", &moves).starts_with("error"), "the board names no column by a letter");
    }

    #[test]
    fn an_unknown_move_is_refused_with_the_first_legal_ones_as_a_hint() {
        let error = choose("9", &connect_four()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "\"9\" is not a legal move here; legal moves include column 1, column 2, column 3, column 4, column 5, \
             column 6, column 7 (type help to list them all)"
        );
        assert_eq!(choose("a1", &[]).unwrap_err(), Unmatched::NoMoves);
    }

    #[test]
    fn moves_of_several_parts_match_with_any_separator_or_none() {
        let moves = vec![
            legal("a1-b2", "", piece_move(pb::location::At::Cell(cell(0, 0)), pb::location::At::Cell(cell(1, 1)))),
            legal("b2-a1", "", piece_move(pb::location::At::Cell(cell(1, 1)), pb::location::At::Cell(cell(0, 0)))),
            legal("grid up-left", "", pb::r#move::Kind::GridShift(pb::GridShift { d_row: -1, d_col: -1 })),
            legal("c3", "", place(pb::place::Target::Cell(cell(2, 2)))),
        ];
        for typed in ["a1-b2", "A1 B2", "a1b2", "a1 to b2", "a1, b2"] {
            assert_eq!(chosen(typed, &moves), "a1-b2", "{typed:?}");
        }
        assert_eq!(chosen("b2 a1", &moves), "b2-a1", "the order of the parts matters");
        assert_eq!(chosen("up-left", &moves), "grid up-left");
        assert_eq!(chosen("Grid Up Left", &moves), "grid up-left");
        assert_eq!(chosen("C3", &moves), "c3");
    }

    #[test]
    fn peg_solitaire_jumps_match_by_hole_numbers_or_cells_and_numbers_never_run_together_wrongly() {
        let jump = |label: &str, from: pb::Cell, to: pb::Cell| {
            legal(label, "", piece_move(pb::location::At::Cell(from), pb::location::At::Cell(to)))
        };
        // Holes 1 and 13 and holes 11 and 3 both read `113` run together.
        let moves = vec![jump("1 to 13", cell(0, 0), cell(4, 2)), jump("11 to 3", cell(4, 0), cell(1, 1))];
        assert_eq!(chosen("1-13", &moves), "1 to 13");
        assert_eq!(chosen("11 3", &moves), "11 to 3");
        assert_eq!(chosen("a1-c5", &moves), "1 to 13");
        assert!(chosen("113", &moves).starts_with("error: \"113\" could be any of 1 to 13, 11 to 3"));
    }

    #[test]
    fn chess_moves_match_by_san_or_uci_and_letter_case_settles_pawn_against_bishop() {
        let chess = |label: &str, uci: &str| {
            legal(label, uci, piece_move(pb::location::At::Cell(cell(6, 4)), pb::location::At::Cell(cell(4, 4))))
        };
        let moves = vec![chess("bxc5", "b4c5"), chess("Bxc5", "f2c5"), chess("Qh5+", "d1h5"), chess("O-O", "e1g1")];
        assert_eq!(chosen("bxc5", &moves), "bxc5");
        assert_eq!(chosen("Bxc5", &moves), "Bxc5");
        assert_eq!(chosen("f2c5", &moves), "Bxc5");
        assert_eq!(chosen("qh5", &moves), "Qh5+");
        assert_eq!(chosen("Qh5+", &moves), "Qh5+");
        assert_eq!(chosen("0-0", &moves), "O-O");
        assert_eq!(chosen("e1g1", &moves), "O-O");
        // The wire's cell names count rows from the top: never a name for a chess move.
        assert!(chosen("e7e5", &moves).starts_with("error: "));
    }

    #[test]
    fn morris_points_match_by_name_or_number_and_captures_by_either_after_x() {
        let moves = vec![
            legal("d7", "", place(pb::place::Target::Point(1))),
            legal("xg7", "", pb::r#move::Kind::Capture(pb::Capture { target: at(pb::location::At::Point(2)) })),
            legal("a7-d7", "", piece_move(pb::location::At::Point(0), pb::location::At::Point(1))),
        ];
        assert_eq!(chosen("D7", &moves), "d7");
        assert_eq!(chosen("1", &moves), "d7");
        assert_eq!(chosen("x2", &moves), "xg7");
        assert_eq!(chosen("capture 2", &moves), "xg7");
        assert_eq!(chosen("0-1", &moves), "a7-d7");
        assert_eq!(chosen("a7 d7", &moves), "a7-d7");
    }

    #[test]
    fn a_ship_matches_by_its_label_or_its_bow_length_and_direction_in_any_order() {
        let ship = |length: u32, orientation: pb::Orientation, label: &str| {
            let ship = pb::ShipPlacement { bow: Some(cell(0, 0)), orientation: orientation as i32, length };
            legal(label, "", place(pb::place::Target::Ship(ship)))
        };
        let moves = vec![
            ship(5, pb::Orientation::Horizontal, "ship of 5 at a1 across"),
            ship(5, pb::Orientation::Vertical, "ship of 5 at a1 down"),
            ship(4, pb::Orientation::Vertical, "ship of 4 at a1 down"),
        ];
        assert_eq!(chosen("ship of 5 at a1 across", &moves), "ship of 5 at a1 across");
        assert_eq!(chosen("a1 5 down", &moves), "ship of 5 at a1 down");
        assert_eq!(chosen("down A1 4", &moves), "ship of 4 at a1 down");
        assert_eq!(chosen("5 a1 h", &moves), "ship of 5 at a1 across");
        assert!(chosen("a1 5", &moves).starts_with("error: "));
        assert!(places_ships(&moves));
        let longest: Vec<&str> = longest_ship_placements(&moves).iter().map(|m| m.label.as_str()).collect();
        assert_eq!(longest, ["ship of 5 at a1 across", "ship of 5 at a1 down"]);
    }

    #[test]
    fn words_name_passes_readiness_and_draw_actions() {
        let moves = vec![
            legal("pass", "", pb::r#move::Kind::Pass(pb::Pass {})),
            legal("offers a draw", "", pb::r#move::Kind::Draw(pb::Draw { action: pb::DrawAction::Offer as i32 })),
        ];
        assert_eq!(chosen("PASS", &moves), "pass");
        assert_eq!(chosen("offer draw", &moves), "offers a draw");
        assert_eq!(chosen("draw", &moves), "offers a draw");
        let ready = vec![legal("ready", "", pb::r#move::Kind::Ready(pb::Ready {}))];
        assert_eq!(chosen("Ready", &ready), "ready");
        assert!(!places_ships(&ready));
    }

    #[test]
    fn command_words_are_told_from_moves() {
        assert_eq!(command("  Resign "), Command::Resign);
        assert_eq!(command("quit"), Command::Quit);
        assert_eq!(command("help"), Command::Help);
        assert_eq!(command("auto"), Command::AutoPlace);
        assert_eq!(command(""), Command::Nothing);
        assert_eq!(command(" e4 "), Command::Move("e4"));
        assert_eq!(command("Take  Back"), Command::TakeBack);
        assert_eq!(command("hint"), Command::Hint);
        assert_eq!(command("draw"), Command::OfferDraw);
        assert_eq!(command("offer a draw"), Command::OfferDraw);
        assert_eq!(command("withdraw"), Command::WithdrawDraw);
        assert_eq!(command("rematch"), Command::Rematch);
        // Chess's claims stay moves, matched against the legal ones.
        assert_eq!(command("claim draw"), Command::Move("claim draw"));
        for over in [false, true] {
            assert!(commands_help(over).lines().all(|line| line.chars().count() <= 90), "{}", commands_help(over));
        }
    }

    #[test]
    fn accept_and_decline_answer_whatever_waits_or_what_they_name() {
        assert_eq!(command("accept"), Command::Answer { accept: true, to: Asked::Waiting });
        assert_eq!(command("Decline"), Command::Answer { accept: false, to: Asked::Waiting });
        assert_eq!(command("accept the draw"), Command::Answer { accept: true, to: Asked::Draw });
        assert_eq!(command("decline draw"), Command::Answer { accept: false, to: Asked::Draw });
        assert_eq!(command("accept takeback"), Command::Answer { accept: true, to: Asked::TakeBack });
        assert_eq!(command("decline the take back"), Command::Answer { accept: false, to: Asked::TakeBack });
        assert_eq!(command("accept everything"), Command::Move("accept everything"));
    }

    #[test]
    fn draw_talk_is_told_from_moves_on_the_board() {
        assert!(is_draw_talk(Some(&draw_move(pb::DrawAction::Offer))));
        assert!(!is_draw_talk(Some(&pb::Move { kind: Some(pb::r#move::Kind::Pass(pb::Pass {})) })));
        assert!(!is_draw_talk(None));
    }
}
