//! The Morris family (Three, Six, Nine and Twelve Men's Morris, also called Mill): two
//! seats place their pieces on the points of a board, then move them along its lines,
//! capturing an opponent's piece each time they close a mill (three of their pieces on a
//! line).
//!
//! | parameter            | range                                         | default                          |
//! |----------------------|-----------------------------------------------|----------------------------------|
//! | `variant`            | three, six, nine, twelve                      | nine                             |
//! | `pieces`             | 3..=points/2 (4, 8, 12, 12)                   | the variant's: 3, 6, 9, 12       |
//! | `flying`             | variant default, allowed, forbidden           | allowed for nine and twelve, forbidden for three and six |
//! | `flying_threshold`   | 3..=`pieces`                                  | 3                                |
//! | `capture_from_mills` | bool                                          | false                            |
//! | `never_capture_from_mills` | bool; not together with `capture_from_mills` | false                      |
//! | `move_limit`         | 10..=1000 moves                               | 100 (50 per seat)                |
//! | `no_move_limit`      | bool                                          | false                            |
//! | `no_repetition_draw` | bool; not together with `no_move_limit`       | false                            |
//!
//! The boards are tables (see [`boards`]); the rules below never depend on the variant.
//!
//! # Rules
//! - **Placing.** Seats alternate, the first seat (White) first, each putting a piece from
//!   its hand on an empty point (`Place(Point(p))`), until both hands are empty.
//! - **Moving.** Then a seat moves one of its pieces along a line to an empty neighbouring
//!   point (`Move { from: Point(a), to: Point(b), promotion: None }`).
//! - **Flying.** With flying on, a seat with no piece in hand and `flying_threshold` pieces
//!   or fewer on the board may move a piece to any empty point.
//! - **Capturing.** A placement or move that closes a mill (the piece arrives on a mill
//!   whose other points hold the mover's pieces) leaves the same seat to act: its next
//!   action must be `Capture(Point(p))` of an opponent's piece, and the legal moves are
//!   then exactly the capture targets. Closing two mills at once earns one capture, as in
//!   the common rules. Unless `capture_from_mills` is set, a piece standing in a mill may
//!   be captured only when every piece of its owner stands in one; with
//!   `never_capture_from_mills`, never. When the opponent has no piece that may be captured
//!   (all its pieces are still in hand, or every one stands in a mill and mills are never
//!   broken) nothing is captured and the turn passes.
//! - **Losing.** A seat loses when its pieces on the board and in hand fall below three
//!   (`TOO_FEW_PIECES`): it can never close a mill again, so this is the usual "reduced to
//!   two pieces", declared as soon as it is certain. In Three Men's Morris, where each
//!   seat has only three pieces, the first capture therefore wins: the first mill decides
//!   the game, as in its traditional rules. A seat also loses when it has no legal move on
//!   its turn (`BLOCKED`).
//! - **Drawing.** The game is drawn when the board is full and nobody can move (Twelve
//!   Men's Morris can fill all 24 points while placing: `BOARD_FULL`); when the same
//!   position (pieces and seat to move) comes up a third time with no placement or capture
//!   in between (`REPETITION`); or when `move_limit` moves go by without a capture
//!   (`MOVE_LIMIT`). At least one of the last two is always on, so every game ends. A
//!   move that blocks or reduces the opponent wins rather than draws.

pub mod boards;
mod config;
#[cfg(test)]
mod tests;

pub use config::{Config, DEFAULT_FLYING_THRESHOLD, DEFAULT_MOVE_LIMIT, Flying, MIN_PIECES, MOVE_LIMITS, Variant};

use serde::{Deserialize, Serialize};

use crate::engine::{
    Action, Analysis, ConfigError, DrawReason, GraphBoard, GraphPoint, Location, MoveError, Mover, Observation,
    Outcome, Phase, PlaceTarget, PlayOptions, Reason, Rules, SearchBudget, Seat, Viewer, WinReason,
};

use super::{Listed, Preset};

mod bot;
use boards::Topology;

/// Occurrences of one position that draw the game.
const REPETITIONS: usize = 3;

/// A Morris position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Morris {
    config: Config,
    /// Each seat's pieces on the board, one bit per point.
    own: [u32; 2],
    /// Pieces each seat still has to place.
    in_hand: [u32; 2],
    /// The seat to act.
    turn: Seat,
    /// The seat to act closed a mill and must capture before its turn ends.
    capture_owed: bool,
    /// Moves (slides and flights) since the last capture.
    quiet_moves: u32,
    /// Positions (see [`Morris::key`]) at each change of turn since the last placement or
    /// capture, which cannot be undone: only these can repeat the current one.
    seen: Vec<u64>,
    outcome: Option<Outcome>,
}

/// An action, once its kind and points are known to be Morris ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Intent {
    Place(u32),
    Move(u32, u32),
    Capture(u32),
}

const fn bit(point: u32) -> u32 {
    1 << point
}

/// Whether the pieces `own` fill every point of `mill`.
const fn fills(own: u32, mill: u32) -> bool {
    own & mill == mill
}

/// The points of `mask`, in increasing order.
fn points(mut mask: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let point = mask.trailing_zeros();
            mask &= mask - 1;
            point
        })
    })
}

impl Morris {
    fn board(&self) -> &'static Topology {
        self.config.variant.topology()
    }

    fn owner(&self, point: u32) -> Option<Seat> {
        [Seat::FIRST, Seat::SECOND].into_iter().find(|s| self.own[s.index()] & bit(point) != 0)
    }

    fn empty(&self) -> u32 {
        self.board().all() & !(self.own[0] | self.own[1])
    }

    fn on_board(&self, seat: Seat) -> u32 {
        self.own[seat.index()].count_ones()
    }

    /// Whether `seat`'s piece on `point` stands in a mill.
    fn in_mill(&self, seat: Seat, point: u32) -> bool {
        let own = self.own[seat.index()];
        self.board().mills_at(point).iter().any(|&mill| fills(own, mill))
    }

    /// The pieces of `victim` that may be captured now.
    fn capturable(&self, victim: Seat) -> u32 {
        let own = self.own[victim.index()];
        if self.config.capture_from_mills {
            return own;
        }
        let in_mills = self.board().mill_masks().iter().filter(|&&mill| fills(own, mill)).fold(0, |acc, m| acc | m);
        match own & !in_mills {
            0 if !self.config.never_capture_from_mills => own,
            loose => loose,
        }
    }

    fn flying(&self, seat: Seat) -> bool {
        self.config.flies() && self.in_hand[seat.index()] == 0 && self.on_board(seat) <= self.config.flying_threshold
    }

    /// Where `seat`'s piece on `from` may go.
    fn destinations(&self, seat: Seat, from: u32) -> u32 {
        if self.flying(seat) { self.empty() } else { self.board().neighbours(from) & self.empty() }
    }

    fn has_move(&self, seat: Seat) -> bool {
        if self.in_hand[seat.index()] > 0 {
            return self.empty() != 0;
        }
        points(self.own[seat.index()]).any(|from| self.destinations(seat, from) != 0)
    }

    fn phase(&self, seat: Seat) -> Phase {
        if self.capture_owed && seat == self.turn {
            Phase::Capturing
        } else if self.in_hand[seat.index()] > 0 {
            Phase::Placing
        } else if self.flying(seat) {
            Phase::Flying
        } else {
            Phase::Moving
        }
    }

    /// The position for repetition: both seats' pieces and the seat to move. Hands need no
    /// place here because positions are only compared between placements.
    fn key(&self) -> u64 {
        u64::from(self.own[0]) | u64::from(self.own[1]) << 32 | (self.turn.index() as u64) << 63
    }

    fn name(&self, point: u32) -> String {
        let name = self.board().name(point);
        format!("point {point} ({name})")
    }

    /// Reads `action` as a Morris action on existing points.
    fn intent(&self, action: &Action) -> Result<Intent, MoveError> {
        let intent = match action {
            Action::Place(PlaceTarget::Point(p)) => Intent::Place(*p),
            Action::Move { from: Location::Point(from), to: Location::Point(to), promotion: None } => {
                Intent::Move(*from, *to)
            }
            Action::Capture(Location::Point(p)) => Intent::Capture(*p),
            Action::Move { promotion: Some(_), .. } => {
                return Err(MoveError::new(
                    Reason::MoveKindNotAllowed,
                    "Morris pieces never promote; leave promotion unset",
                ));
            }
            Action::Move { .. } | Action::Capture(_) => {
                return Err(MoveError::new(
                    Reason::MoveKindNotAllowed,
                    "Morris pieces stand on the points of a graph board; give locations as points, not grid cells",
                ));
            }
            other => {
                return Err(MoveError::new(
                    Reason::MoveKindNotAllowed,
                    format!(
                        "Morris accepts placing on a point, moving from a point to a point and capturing on a point, not \"{}\"",
                        other.kind_name()
                    ),
                ));
            }
        };
        let last = self.board().point_count() - 1;
        let check = |point: u32| {
            if point > last {
                Err(MoveError::new(
                    Reason::OutOfBounds,
                    format!("point {point} does not exist; this board's points go from 0 to {last}"),
                ))
            } else {
                Ok(())
            }
        };
        match intent {
            Intent::Place(p) | Intent::Capture(p) => check(p)?,
            Intent::Move(from, to) => {
                check(from)?;
                check(to)?;
            }
        }
        Ok(intent)
    }

    /// Why `seat` may not take `intent` now, if it may not.
    fn check(&self, seat: Seat, intent: Intent) -> Result<(), MoveError> {
        let opponent = seat.opponent();
        let in_hand = self.in_hand[seat.index()];
        if self.capture_owed && !matches!(intent, Intent::Capture(_)) {
            return Err(MoveError::new(
                Reason::CapturePending,
                format!("you closed a mill: capture a piece of {opponent} before anything else"),
            ));
        }
        match intent {
            Intent::Place(point) => {
                if in_hand == 0 {
                    return Err(MoveError::new(
                        Reason::WrongPhase,
                        "all your pieces are on the board: move one instead of placing",
                    ));
                }
                self.check_empty(point)
            }
            Intent::Move(from, to) => {
                if in_hand > 0 {
                    return Err(MoveError::new(
                        Reason::WrongPhase,
                        format!("you still have {in_hand} piece(s) to place: place one before moving"),
                    ));
                }
                if self.owner(from) != Some(seat) {
                    return Err(MoveError::new(
                        Reason::NotYourPiece,
                        format!("{} holds no piece of yours to move", self.name(from)),
                    ));
                }
                self.check_empty(to)?;
                if self.destinations(seat, from) & bit(to) == 0 {
                    let neighbours: Vec<String> = points(self.board().neighbours(from)).map(|p| self.name(p)).collect();
                    let flying = if self.config.flies() {
                        format!("; pieces fly once their side is down to {} pieces", self.config.flying_threshold)
                    } else {
                        String::new()
                    };
                    return Err(MoveError::new(
                        Reason::NotAdjacent,
                        format!(
                            "{} and {} are not joined by a line: a piece moves to an empty neighbouring point, here {}{flying}",
                            self.name(from),
                            self.name(to),
                            neighbours.join(", "),
                        ),
                    ));
                }
                Ok(())
            }
            Intent::Capture(point) => {
                if !self.capture_owed {
                    return Err(MoveError::new(
                        Reason::WrongPhase,
                        "no capture is owed: a capture follows closing a mill, in the same turn",
                    ));
                }
                if self.owner(point) != Some(opponent) {
                    return Err(MoveError::new(
                        Reason::NothingToCapture,
                        format!("{} holds no piece of {opponent} to capture", self.name(point)),
                    ));
                }
                if self.capturable(opponent) & bit(point) == 0 {
                    let rule = if self.config.never_capture_from_mills {
                        "is never captured in this game"
                    } else {
                        "may be captured only when every piece of the owner does"
                    };
                    return Err(MoveError::new(
                        Reason::PieceInMill,
                        format!(
                            "the piece on {} stands in a mill, and a piece in a mill {rule}; capture another one",
                            self.name(point)
                        ),
                    ));
                }
                Ok(())
            }
        }
    }

    fn check_empty(&self, point: u32) -> Result<(), MoveError> {
        match self.owner(point) {
            Some(owner) => Err(MoveError::new(
                Reason::CellOccupied,
                format!("{} is taken by {owner}; choose an empty point", self.name(point)),
            )),
            None => Ok(()),
        }
    }

    /// After `seat`'s piece arrived on `point`: a capture is owed if it closed a mill and
    /// there is something that may be captured; otherwise the turn ends.
    fn arrived(&mut self, seat: Seat, point: u32, irreversible: bool) {
        if self.in_mill(seat, point) && self.capturable(seat.opponent()) != 0 {
            self.capture_owed = true;
        } else {
            self.end_turn(seat, irreversible);
        }
    }

    fn end_turn(&mut self, mover: Seat, irreversible: bool) {
        self.turn = mover.opponent();
        if irreversible {
            self.seen.clear();
        }
        let key = self.key();
        self.seen.push(key);
        self.outcome = self.judge(mover, key);
    }

    /// The result, if the game ends now that `mover`'s turn is over and the position is `key`.
    fn judge(&self, mover: Seat, key: u64) -> Option<Outcome> {
        let next = mover.opponent();
        let win = |reason| Some(Outcome::Win { winner: mover, reason, line: Vec::new() });
        let draw = |reason| Some(Outcome::Draw { reason });
        if self.in_hand[next.index()] + self.on_board(next) < MIN_PIECES {
            win(WinReason::TooFewPieces)
        } else if self.empty() == 0 {
            draw(DrawReason::BoardFull)
        } else if !self.has_move(next) {
            win(WinReason::Blocked)
        } else if !self.config.no_repetition_draw && self.seen.iter().filter(|&&k| k == key).count() >= REPETITIONS {
            draw(DrawReason::Repetition)
        } else if !self.config.no_move_limit && self.quiet_moves >= self.config.move_limit {
            draw(DrawReason::MoveLimit)
        } else {
            None
        }
    }

    /// Applies `action` for `seat`: what [`Rules::apply`] does for the seat of its
    /// [`Mover`](crate::engine::Mover), here also for the tests to call on positions of
    /// their own. The caller keeps `apply`'s precondition, checked here in debug builds
    /// only: the game is not over and `seat` is in `to_act()`. On error the position is
    /// unchanged.
    fn play_move(&mut self, seat: Seat, action: &Action) -> Result<(), MoveError> {
        debug_assert!(self.to_act().contains(&seat), "{seat} is not to act");
        let intent = self.intent(action)?;
        self.check(seat, intent)?;
        let s = seat.index();
        match intent {
            Intent::Place(point) => {
                self.own[s] |= bit(point);
                self.in_hand[s] -= 1;
                self.arrived(seat, point, true);
            }
            Intent::Move(from, to) => {
                self.own[s] ^= bit(from) | bit(to);
                self.quiet_moves += 1;
                self.arrived(seat, to, false);
            }
            Intent::Capture(point) => {
                self.own[seat.opponent().index()] &= !bit(point);
                self.capture_owed = false;
                self.quiet_moves = 0;
                self.end_turn(seat, true);
            }
        }
        Ok(())
    }
}

impl Rules for Morris {
    type Config = Config;
    const NAME: &'static str = "morris";

    fn new(config: &Config) -> Result<Morris, ConfigError> {
        config.validate()?;
        Ok(Morris {
            config: *config,
            own: [0; 2],
            in_hand: [config.pieces; 2],
            turn: config.play.starter.seat(),
            capture_owed: false,
            quiet_moves: 0,
            seen: Vec::new(),
            outcome: None,
        })
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.outcome.is_some() { Vec::new() } else { vec![self.turn] }
    }

    fn legal_moves(&self, seat: Seat) -> Vec<Action> {
        if self.outcome.is_some() || seat != self.turn {
            return Vec::new();
        }
        if self.capture_owed {
            return points(self.capturable(seat.opponent())).map(|p| Action::Capture(Location::Point(p))).collect();
        }
        if self.in_hand[seat.index()] > 0 {
            return points(self.empty()).map(|p| Action::Place(PlaceTarget::Point(p))).collect();
        }
        points(self.own[seat.index()])
            .flat_map(|from| {
                points(self.destinations(seat, from)).map(move |to| Action::Move {
                    from: Location::Point(from),
                    to: Location::Point(to),
                    promotion: None,
                })
            })
            .collect()
    }

    fn apply(&mut self, mover: Mover, action: &Action) -> Result<(), MoveError> {
        self.play_move(mover.seat(), action)
    }

    fn play_options(config: &Config) -> PlayOptions {
        config.play
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn observe(&self, _viewer: Viewer) -> Observation {
        let board = self.board();
        let seats = [Seat::FIRST, Seat::SECOND];
        let graph = GraphBoard {
            width: board.width,
            height: board.height,
            points: (0..board.point_count())
                .map(|p| {
                    let (x, y) = board.points[p as usize];
                    GraphPoint { x, y, occupant: self.owner(p) }
                })
                .collect(),
            edges: board.edges.iter().map(|&(a, b)| (u32::from(a), u32::from(b))).collect(),
            lines: board.mills.iter().map(|mill| mill.iter().map(|&p| u32::from(p)).collect()).collect(),
            point_names: (0..board.point_count()).map(|p| board.name(p)).collect(),
        };
        Observation {
            graph: Some(graph),
            seat_counts: seats.iter().map(|&s| self.on_board(s)).collect(),
            seat_in_hand: self.in_hand.to_vec(),
            seat_phases: seats.iter().map(|&s| self.phase(s)).collect(),
            ..Observation::default()
        }
    }

    fn describe(&self, action: &Action) -> String {
        let board = self.board();
        match action {
            Action::Place(PlaceTarget::Point(p)) => board.name(*p),
            Action::Move { from: Location::Point(from), to: Location::Point(to), .. } => {
                format!("{}-{}", board.name(*from), board.name(*to))
            }
            Action::Capture(Location::Point(p)) => format!("x{}", board.name(*p)),
            other => other.kind_name().to_owned(),
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

impl Listed for Morris {
    const DISPLAY_NAME: &'static str = "Morris";
    const SEAT_NAMES: &'static [&'static str] = &["White", "Black"];
    const SEAT_COUNTS_LABEL: &'static str = "pieces on the board";

    fn with_defaults(config: Config) -> Config {
        config.with_defaults()
    }

    fn with_play_options(config: Config, play: PlayOptions) -> Option<Config> {
        Some(Config { play, ..config })
    }

    fn presets() -> Vec<Preset<Config>> {
        vec![
            Preset {
                name: "nine",
                description: "Nine Men's Morris: 24 points, 9 pieces each, flying at three pieces",
                config: Config::default(),
            },
            Preset {
                name: "three",
                description: "Three Men's Morris: 3×3 points with diagonals, 3 pieces each; the first mill wins",
                config: Config::of(Variant::Three),
            },
            Preset {
                name: "six",
                description: "Six Men's Morris: 16 points, 6 pieces each, no flying",
                config: Config::of(Variant::Six),
            },
            Preset {
                name: "twelve",
                description: "Twelve Men's Morris: 24 points with diagonals, 12 pieces each; a full board is a draw",
                config: Config::of(Variant::Twelve),
            },
        ]
    }
}
