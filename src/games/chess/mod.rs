//! Chess under FIDE's Laws: every rule of movement (castling, en passant, promotion),
//! checkmate and stalemate, the draws by rule (fifty and seventy-five moves, threefold
//! and fivefold repetition, insufficient material) and by agreement; Chess960 as a
//! variant; games from any legal FEN.
//!
//! | parameter         | meaning                                                       | default |
//! |-------------------|---------------------------------------------------------------|---------|
//! | `fen`             | starting position, at most 128 bytes; empty for a fresh start | empty   |
//! | `chess960`        | Chess960 castling rules and start positions                   | false   |
//! | `start_position`  | Chess960 start by number, 0..=959, or `Random`                | 518     |
//! | `allow_takebacks` | whether the players may take moves back                       | false   |
//!
//! White is the first seat. Cells count rows from the top as White sees the board: row 0
//! is rank 8, column 0 is file a. A move is `Action::Move` between two cells, with a
//! promotion for a pawn reaching the last rank; castling is the king's move to its
//! destination in standard chess (e1 to g1) and the king's move onto its rook in
//! Chess960 (see [`actions`]).
//!
//! Draws: the player to move may claim a draw by the fifty-move rule or threefold
//! repetition with `Action::ClaimDraw` in the current position, or with
//! `Action::MoveAndClaimDraw` for the position a move leads to (listed only when the
//! claim holds). The seventy-five-move rule, fivefold repetition and insufficient
//! material (positions no sequence of moves can mate by the material left; see
//! [`draws`]) end the game by themselves; a move that mates wins even when it completes
//! the seventy-five moves or the fifth repetition. A player may offer a draw (`Action::OfferDraw`) on their turn, before
//! moving; the opponent answers on theirs with `AcceptDraw`, `DeclineDraw`, or any move,
//! which declines.
//!
//! Random Chess960 starts are drawn by [`Listed::drawn`] when a game is created,
//! and the number drawn is written into the configuration, so that replaying the same
//! configuration gives the same game.
//!
//! Taking a move back is replaying the history without it: nothing in the position
//! depends on anything but the configuration and the moves.
//!
//! The bot (five levels, from random to full strength) and the analysis run the chess
//! engine of [`engine`], which searches this module's own [`Position`] rather than going
//! through the generic [`Rules`] search; `tabula uci` offers the same engine to chess GUIs.

pub mod actions;
pub mod attacks;
pub mod board;
mod bot;
pub mod chess960;
pub mod draws;
pub mod engine;
pub mod fen;
pub mod movegen;
pub mod perft;
pub mod pgn;
pub mod position;
pub mod san;
pub mod uci;
mod zobrist;

use serde::{Deserialize, Serialize};

use crate::engine::{
    Action, Analysis, BoardCell, CellNames, ConfigError, DrawReason, GridBoard, MoveError, Mover, Observation, Outcome,
    Piece, PlayOptions, Presence, Reason, Rules, SearchBudget, Seat, Starter, Viewer, WinReason,
};

use super::{Listed, Preset};
use crate::engine::clock::ClockConfig;
use board::{Color, Role, Square};
use fen::InvalidFen;
use movegen::MoveList;
use position::{Move, Position};

/// Which Chess960 starting position to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StartPosition {
    /// The position with this number, 0..=959 (518 is the standard arrangement).
    Number(u32),
    /// A position drawn at random when the game is created (by `drawn`, which
    /// replaces this with the number drawn). A configuration that still says `Random`
    /// when the game starts gets the standard arrangement, so that the start never
    /// depends on anything but the configuration.
    Random,
}

impl Default for StartPosition {
    fn default() -> StartPosition {
        StartPosition::Number(chess960::STANDARD)
    }
}

/// Chess settings.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Config {
    /// The starting position in FEN (X-FEN or Shredder-FEN castling in Chess960); empty
    /// for the start given by `start_position`.
    pub fen: String,
    /// Chess960: castling with rooks on any file, starts from `start_position`.
    pub chess960: bool,
    /// The Chess960 start; must stay at 518 in standard chess and with a `fen`.
    pub start_position: StartPosition,
    /// Whether the players may take moves back (enforced where takebacks are handled).
    pub allow_takebacks: bool,
    /// Whether a takeback needs the other side's consent; false in configurations stored
    /// before the choice existed.
    #[serde(default)]
    pub takeback_consent: bool,
    /// Whether the server keeps the sides' presence, and how.
    #[serde(default)]
    pub presence: Option<Presence>,
    /// For how long a mate (or another end by the rules) may still be taken back
    /// ([`PlayOptions::ending_takeback_ms`]).
    #[serde(default)]
    pub ending_takeback_ms: Option<u64>,
}

impl Config {
    /// This configuration with a random Chess960 start replaced by a drawn number.
    pub fn drawn(self) -> Config {
        let draw = self.chess960 && self.fen.is_empty() && self.start_position == StartPosition::Random;
        if draw {
            let number = rand::random_range(0..chess960::COUNT);
            Config { start_position: StartPosition::Number(number), ..self }
        } else {
            self
        }
    }

    /// The starting position, or every problem with the configuration.
    fn start(&self) -> Result<Position, ConfigError> {
        let mut errors = ConfigError::default();
        let number = match self.start_position {
            StartPosition::Number(number) => {
                errors.check_range("start_position", number, 0..=chess960::COUNT - 1);
                number
            }
            StartPosition::Random => chess960::STANDARD,
        };
        if self.start_position != StartPosition::default() {
            if !self.chess960 {
                errors.add(
                    "start_position",
                    "chooses a Chess960 start; set chess960, or leave it at 518 for standard chess",
                );
            } else if !self.fen.is_empty() {
                errors.add(
                    "start_position",
                    "cannot be combined with fen, which sets the position itself; leave it at 518",
                );
            }
        }
        let fen = if self.fen.is_empty() {
            if self.chess960 && number < chess960::COUNT {
                chess960::start_fen(number)
            } else {
                fen::STANDARD.to_owned()
            }
        } else {
            self.fen.clone()
        };
        let position = match fen::parse(&fen, self.chess960) {
            Ok(position) => Some(position),
            Err(InvalidFen(problems)) => {
                for problem in problems {
                    errors.add("fen", problem.to_string());
                }
                None
            }
        };
        match position {
            Some(position) if errors.violations.is_empty() => Ok(position),
            _ => Err(errors),
        }
    }
}

/// A game of chess: the position and what the draw rules need to know of the past.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chess {
    chess960: bool,
    /// Whether seats may take moves back: fixed by the configuration.
    allow_takebacks: bool,
    position: Position,
    /// Repetition keys of the positions since the last capture or pawn move (no earlier
    /// position can recur), oldest first, the current one last. Never longer than 151:
    /// the seventy-five-move rule ends the game first.
    repetitions: Vec<u64>,
    draw_offer: Option<Color>,
    last_move_san: Option<String>,
    outcome: Option<Outcome>,
}

impl Chess {
    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// True when playing Chess960 rules.
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// The current position in FEN.
    pub fn fen(&self) -> String {
        fen::write(&self.position, self.chess960)
    }

    /// The last move in SAN, if a move was played.
    pub fn last_move_san(&self) -> Option<&str> {
        self.last_move_san.as_deref()
    }

    /// The SAN of a piece move given as an action, when it is legal now.
    pub fn san(&self, action: &Action) -> Option<String> {
        let mv = self.legal_move(action)?;
        Some(san::to_san(&self.position, mv))
    }

    /// The UCI of a piece move given as an action (legal or not; see [`uci::action_uci`]).
    pub fn uci(&self, action: &Action) -> Option<String> {
        uci::action_uci(action)
    }

    fn legal_move(&self, action: &Action) -> Option<Move> {
        let (Action::Move { from, to, promotion } | Action::MoveAndClaimDraw { from, to, promotion }) = action else {
            return None;
        };
        let legal = self.position.legal_moves();
        actions::resolve(&self.position, legal.as_slice(), self.chess960, *from, *to, *promotion).ok()
    }

    fn repetition_count(&self, key: u64) -> usize {
        self.repetitions.iter().filter(|&&k| k == key).count()
    }

    /// The draw the player to move may claim now, if any.
    pub fn claimable_draw(&self) -> Option<DrawReason> {
        let current = *self.repetitions.last().expect("the current position is always recorded");
        if self.repetition_count(current) >= 3 {
            Some(DrawReason::ThreefoldRepetition)
        } else if self.position.halfmove_clock() >= 100 {
            Some(DrawReason::FiftyMoveRule)
        } else {
            None
        }
    }

    /// The draw the player to move may claim with the legal move `mv`, if any.
    fn claimable_after(&self, mv: Move) -> Option<DrawReason> {
        // A capture or pawn move starts both counts afresh.
        if mv.role == Role::Pawn || self.position.is_capture(mv) {
            return None;
        }
        let mut after = self.position;
        after.play(mv);
        // No en-passant square follows a piece move, so the hash is the repetition key.
        if self.repetition_count(after.hash()) + 1 >= 3 {
            Some(DrawReason::ThreefoldRepetition)
        } else if after.halfmove_clock() >= 100 {
            Some(DrawReason::FiftyMoveRule)
        } else {
            None
        }
    }

    /// The result of the current position by the rules that end a game by themselves.
    fn judge(&self, legal: &MoveList, claimed: Option<DrawReason>) -> Option<Outcome> {
        if legal.is_empty() {
            return Some(if self.position.is_check() {
                Outcome::Win {
                    winner: actions::seat(self.position.turn().other()),
                    reason: WinReason::Checkmate,
                    line: Vec::new(),
                }
            } else {
                Outcome::Draw { reason: DrawReason::Stalemate }
            });
        }
        let reason = if let Some(reason) = claimed {
            reason
        } else if draws::insufficient_material(&self.position) {
            DrawReason::InsufficientMaterial
        } else if self.repetition_count(*self.repetitions.last()?) >= 5 {
            DrawReason::FivefoldRepetition
        } else if self.position.halfmove_clock() >= 150 {
            DrawReason::SeventyFiveMoveRule
        } else {
            return None;
        };
        Some(Outcome::Draw { reason })
    }

    /// Plays the legal move `mv` (with a claim already found valid, if any).
    fn play(&mut self, mv: Move, legal: &MoveList, claimed: Option<DrawReason>) {
        let before = self.position;
        self.position.play(mv);
        let reply = self.position.legal_moves();
        let suffix = if !self.position.is_check() {
            ""
        } else if reply.is_empty() {
            "#"
        } else {
            "+"
        };
        self.last_move_san = Some(san::write(&before, mv, legal.as_slice(), suffix));
        if self.position.halfmove_clock() == 0 {
            self.repetitions.clear();
        }
        self.repetitions.push(draws::repetition_key(&self.position, &reply));
        // Moving answers an opponent's offer with no; one's own offer stands.
        if self.draw_offer == Some(before.turn().other()) {
            self.draw_offer = None;
        }
        self.outcome = self.judge(&reply, claimed);
    }

    fn piece_move(&self, action: &Action) -> Result<(Move, MoveList), MoveError> {
        let (Action::Move { from, to, promotion } | Action::MoveAndClaimDraw { from, to, promotion }) = action else {
            unreachable!("called for piece moves only");
        };
        let legal = self.position.legal_moves();
        let mv = actions::resolve(&self.position, legal.as_slice(), self.chess960, *from, *to, *promotion)?;
        Ok((mv, legal))
    }

    fn no_offer(&self) -> MoveError {
        MoveError::new(Reason::NoDrawOffer, "your opponent has not offered a draw")
    }
}

fn view_piece(role: Role) -> Piece {
    match role {
        Role::Pawn => Piece::Pawn,
        Role::Knight => Piece::Knight,
        Role::Bishop => Piece::Bishop,
        Role::Rook => Piece::Rook,
        Role::Queen => Piece::Queen,
        Role::King => Piece::King,
    }
}

impl Rules for Chess {
    type Config = Config;
    const NAME: &'static str = "chess";
    const OWN_DRAW_OFFERS: bool = true;

    fn withdraw_draw_offer(&mut self, seat: Seat) -> Result<(), MoveError> {
        if self.draw_offer.map(actions::seat) != Some(seat) {
            return Err(MoveError::new(Reason::NoDrawOffer, "you have no draw offer waiting to withdraw"));
        }
        self.draw_offer = None;
        Ok(())
    }

    fn new(config: &Config) -> Result<Chess, ConfigError> {
        let position = config.start()?;
        let legal = position.legal_moves();
        let mut game = Chess {
            chess960: config.chess960,
            allow_takebacks: config.allow_takebacks,
            position,
            repetitions: vec![draws::repetition_key(&position, &legal)],
            draw_offer: None,
            last_move_san: None,
            outcome: None,
        };
        game.outcome = game.judge(&legal, None);
        Ok(game)
    }

    /// By material: see [`draws::could_checkmate`].
    fn could_win(&self, seat: Seat) -> bool {
        let color = if seat == Seat::FIRST { Color::White } else { Color::Black };
        draws::could_checkmate(&self.position, color)
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.outcome.is_some() { Vec::new() } else { vec![actions::seat(self.position.turn())] }
    }

    fn legal_moves(&self, seat: Seat) -> Vec<Action> {
        if self.outcome.is_some() || seat != actions::seat(self.position.turn()) {
            return Vec::new();
        }
        let legal = self.position.legal_moves();
        let mut list: Vec<Action> =
            legal.iter().map(|&mv| actions::to_action(&self.position, mv, self.chess960)).collect();
        // Only a move that is neither a capture nor a pawn move can lead to a claimable
        // draw, and only once the clock or the history is long enough.
        if self.position.halfmove_clock() >= 99 || self.repetitions.len() >= 4 {
            list.extend(
                legal
                    .iter()
                    .filter(|&&mv| self.claimable_after(mv).is_some())
                    .map(|&mv| actions::to_claiming_action(&self.position, mv, self.chess960)),
            );
        }
        if self.claimable_draw().is_some() {
            list.push(Action::ClaimDraw);
        }
        match self.draw_offer {
            None => list.push(Action::OfferDraw),
            Some(color) if color != self.position.turn() => list.extend([Action::AcceptDraw, Action::DeclineDraw]),
            Some(_) => list.push(Action::WithdrawDraw),
        }
        list
    }

    fn apply(&mut self, _mover: Mover, action: &Action) -> Result<(), MoveError> {
        let us = self.position.turn();
        match action {
            Action::Move { .. } => {
                let (mv, legal) = self.piece_move(action)?;
                self.play(mv, &legal, None);
            }
            Action::MoveAndClaimDraw { .. } => {
                let (mv, legal) = self.piece_move(action)?;
                let Some(reason) = self.claimable_after(mv) else {
                    return Err(MoveError::new(
                        Reason::DrawNotClaimable,
                        "that move reaches neither a third repetition nor fifty moves without a capture or pawn move; \
                         play it without the claim",
                    ));
                };
                self.play(mv, &legal, Some(reason));
            }
            Action::ClaimDraw => {
                let Some(reason) = self.claimable_draw() else {
                    return Err(MoveError::new(
                        Reason::DrawNotClaimable,
                        "no draw can be claimed: the position has not occurred three times and fifty moves have not \
                         passed without a capture or pawn move",
                    ));
                };
                self.outcome = Some(Outcome::Draw { reason });
            }
            Action::OfferDraw => {
                if self.draw_offer.is_some() {
                    let message = if self.draw_offer == Some(us) {
                        "you have already offered a draw; make your move"
                    } else {
                        "your opponent's draw offer is waiting for your answer: accept or decline it"
                    };
                    return Err(MoveError::new(Reason::DrawAlreadyOffered, message));
                }
                self.draw_offer = Some(us);
            }
            Action::AcceptDraw => {
                if self.draw_offer != Some(us.other()) {
                    return Err(self.no_offer());
                }
                self.draw_offer = None;
                self.outcome = Some(Outcome::Draw { reason: DrawReason::Agreement });
            }
            Action::DeclineDraw => {
                if self.draw_offer != Some(us.other()) {
                    return Err(self.no_offer());
                }
                self.draw_offer = None;
            }
            other => {
                return Err(MoveError::new(
                    Reason::MoveKindNotAllowed,
                    format!(
                        "chess accepts moving a piece and offering, accepting, declining or claiming a draw, \
                         not \"{}\"",
                        other.kind_name()
                    ),
                ));
            }
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn observe(&self, _viewer: Viewer) -> Observation {
        let board = self.position.board();
        let cells = (0..64)
            .map(|i| {
                // Row-major from the top-left: a8, b8, …, h1.
                let square = Square::from_coords(i % 8, 7 - i / 8);
                match board.piece_at(square) {
                    Some((color, role)) => BoardCell { owner: Some(actions::seat(color)), piece: view_piece(role) },
                    None => BoardCell::default(),
                }
            })
            .collect();
        Observation {
            board: Some(GridBoard::new(8, 8, cells).named(CellNames {
                columns: ('a'..='h').map(String::from).collect(),
                rows: (1..=8).rev().map(|rank: u32| rank.to_string()).collect(),
                cells: Vec::new(),
            })),
            notation: Some(self.fen()),
            last_move_notation: self.last_move_san.clone(),
            draw_offer: self.draw_offer.map(actions::seat),
            ..Observation::default()
        }
    }

    /// White, seat 1, moves first from the standard start, and the position says who moves
    /// from any other: who starts is no choice in chess.
    fn play_options(config: &Config) -> PlayOptions {
        PlayOptions {
            starter: Starter::FirstSeat,
            allow_takebacks: config.allow_takebacks,
            takeback_consent: config.takeback_consent,
            allow_draw_offers: true,
            presence: config.presence,
            ending_takeback_ms: config.ending_takeback_ms,
        }
    }

    fn machine_notation(&self, action: &Action) -> Option<String> {
        uci::action_uci(action)
    }

    fn describe(&self, action: &Action) -> String {
        match action {
            Action::Move { .. } => {
                self.san(action).or_else(|| uci::action_uci(action)).unwrap_or_else(|| action.kind_name().to_owned())
            }
            Action::MoveAndClaimDraw { .. } => {
                let san = self.san(action).or_else(|| uci::action_uci(action)).unwrap_or_default();
                format!("{san}, claiming a draw")
            }
            Action::OfferDraw => "offers a draw".to_owned(),
            Action::AcceptDraw => "accepts the draw".to_owned(),
            Action::DeclineDraw => "declines the draw".to_owned(),
            Action::ClaimDraw => "claims a draw".to_owned(),
            Action::WithdrawDraw => "withdraws the draw offer".to_owned(),
            other => other.kind_name().to_owned(),
        }
    }

    /// A piece move by the SAN written when it was played (it depends on the position
    /// before it); anything else as [`Rules::describe`] names it.
    fn describe_last(&self, action: &Action) -> String {
        let san = || self.last_move_san.clone().or_else(|| uci::action_uci(action)).unwrap_or_default();
        match action {
            Action::Move { .. } => san(),
            Action::MoveAndClaimDraw { .. } => format!("{}, claiming a draw", san()),
            other => self.describe(other),
        }
    }

    const MAX_BOT_LEVEL: u8 = bot::MAX_LEVEL;

    fn bot_action(&self, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
        bot::action(self, seat, level, budget, seed)
    }

    fn analyse(&self, seat: Seat, budget: SearchBudget<'_>, seed: u64) -> Analysis {
        bot::analyse(self, seat, budget, seed)
    }

    fn evaluate(&self, seat: Seat) -> i32 {
        bot::evaluate(self, seat)
    }
}

impl Listed for Chess {
    const DISPLAY_NAME: &'static str = "Chess";
    const SEAT_NAMES: &'static [&'static str] = &["White", "Black"];

    fn with_defaults(config: Config) -> Config {
        config
    }

    fn drawn(config: Config) -> Config {
        config.drawn()
    }

    fn with_play_options(config: Config, play: PlayOptions) -> Option<Config> {
        (play.starter == Starter::FirstSeat).then_some(Config {
            allow_takebacks: play.allow_takebacks,
            takeback_consent: play.takeback_consent,
            presence: play.presence,
            ending_takeback_ms: play.ending_takeback_ms,
            ..config
        })
    }

    fn presets() -> Vec<Preset<Config>> {
        vec![
            Preset {
                name: "standard",
                description: "chess under FIDE's Laws from the usual start",
                config: Config::default(),
            },
            Preset {
                name: "chess960",
                description: "Fischer random chess: one of the 960 starts, drawn when the game is created",
                config: Config { chess960: true, start_position: StartPosition::Random, ..Config::default() },
            },
        ]
    }

    fn timed_presets() -> Vec<(Preset<Config>, ClockConfig)> {
        use crate::engine::clock::{MINUTE, SECOND, TimeControl};
        let timed = |name, description, control| {
            (Preset { name, description, config: Config::default() }, ClockConfig::uniform(control))
        };
        vec![
            timed("bullet_1_0", "standard chess, 1 minute each", TimeControl::Fischer { base: MINUTE, increment: 0 }),
            timed(
                "blitz_3_2",
                "standard chess, 3 minutes each plus 2 seconds a move",
                TimeControl::Fischer { base: 3 * MINUTE, increment: 2 * SECOND },
            ),
            timed(
                "rapid_10_0",
                "standard chess, 10 minutes each",
                TimeControl::Fischer { base: 10 * MINUTE, increment: 0 },
            ),
            timed(
                "classical_90_30",
                "standard chess, 90 minutes each plus 30 seconds a move",
                TimeControl::Fischer { base: 90 * MINUTE, increment: 30 * SECOND },
            ),
            timed("correspondence_3_days", "standard chess, 3 days a move", TimeControl::Correspondence { days: 3 }),
        ]
    }
}

#[cfg(test)]
mod tests;
