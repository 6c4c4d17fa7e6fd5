//! The scripted games the golden files were made from: for each kind, its configuration
//! and the turns played, chosen so that together they use every kind of stored event,
//! turn and move (see `arms.rs`).

use tabula::engine::clock::{ClockChange, ClockConfig, OnTimeout, TimeControl};
use tabula::engine::{
    Action, Adjudication, Cell, Location, Orientation, PlaceTarget, PlayOptions, Promotion, Seat, ShipPlacement,
    Starter, Turn, Viewer,
};
use tabula::games::{GameConfig, GameKind, battleship, chess, gomoku, morris, peg_solitaire, reversi};
use tabula::store::{BotSeat, GameStatus};

/// One game to play through the engine.
pub struct Script {
    /// What the game shows, for people reading the golden file.
    pub about: &'static str,
    /// Its configuration (defaults are filled in before play).
    pub config: GameConfig,
    /// The turns, in order.
    pub steps: Vec<Step>,
    /// The status to store once the game is over: finished or archived.
    pub ended_status: GameStatus,
    /// Whether spectators are refused.
    pub private: bool,
    /// The service key that created it.
    pub owner: Option<&'static str>,
    /// Whether each turn's log entry names who made it (games made before actors were
    /// logged do not).
    pub logs_actors: bool,
    /// The seats the server's engine plays: their moves are logged as the engine's.
    pub bots: Vec<BotSeat>,
    /// The time control, for a game on a clock: its turns log the clocks after them.
    pub clock: Option<ClockConfig>,
}

/// One turn of a script, its seat left to the game where only one seat may act.
pub enum Step {
    /// The one seat to act takes this action.
    Act(Action),
    /// This seat takes this action (while several seats may act).
    ActAs(Seat, Action),
    /// This seat resigns.
    Resign(Seat),
    /// The seat that made the last move takes it back.
    TakeBack,
    /// The seat that made the last move asks the other to agree to take it back.
    RequestTakeBack,
    /// The seat that did not ask answers the other's takeback request.
    AnswerTakeBack(bool),
    /// The owner aborts the game, saying why.
    Abort(&'static str),
    /// The owner adjudicates the game, saying why.
    Adjudicate(Adjudication, &'static str),
    /// The owner changes the clocks.
    Clock(ClockChange),
    /// The clock plays this action for the one seat to act, whose time ran out.
    ClockActs(Action),
    /// The one seat to act runs out of time and loses.
    TimeOut,
    /// The server announces this seat came (`true`) or went.
    Presence(Seat, bool),
    /// This seat claims the game against the seat to move, gone too long, saying why.
    Claim(Seat, &'static str),
}

impl Step {
    /// The turn this step is in `game`'s current state.
    pub fn turn(&self, game: &dyn tabula::engine::AnyMatch) -> Turn {
        match self {
            Step::Act(action) => {
                let to_act = game.to_act();
                assert_eq!(to_act.len(), 1, "a plain step needs exactly one seat to act, not {to_act:?}");
                Turn::Move(to_act[0], action.clone())
            }
            Step::ActAs(seat, action) => Turn::Move(*seat, action.clone()),
            Step::Resign(seat) => Turn::Resign(*seat),
            Step::TakeBack => {
                let last = game.view(Viewer::Spectator).last_move.expect("a takeback needs a move to take back");
                Turn::TakeBack(last.seat)
            }
            Step::RequestTakeBack => {
                let last = game.view(Viewer::Spectator).last_move.expect("a takeback needs a move to take back");
                Turn::RequestTakeBack(last.seat)
            }
            Step::AnswerTakeBack(accept) => {
                let asking = game.view(Viewer::Spectator).takeback_request.expect("an answer needs a request");
                Turn::AnswerTakeBack { seat: asking.opponent(), accept: *accept }
            }
            Step::Abort(explanation) => Turn::Abort { explanation: (*explanation).to_owned(), no_show: None },
            Step::Adjudicate(result, explanation) => {
                Turn::Adjudicate { result: *result, explanation: (*explanation).to_owned() }
            }
            Step::ClockActs(action) => Step::Act(action.clone()).turn(game),
            Step::TimeOut => Turn::TimedOut(game.to_act()[0]),
            Step::Claim(seat, explanation) => {
                Turn::Adjudicate { result: Adjudication::Win(*seat), explanation: (*explanation).to_owned() }
            }
            Step::Clock(_) => panic!("a clock change is no turn"),
            Step::Presence(..) => panic!("an announcement of presence is no turn"),
        }
    }
}

/// The scripts of `kind`: one game, or for chess one per draw action that ends a game.
pub fn scripts(kind: GameKind) -> Vec<Script> {
    match kind {
        GameKind::TicTacToe => vec![
            tic_tac_toe(),
            tic_tac_toe_aborted(),
            tic_tac_toe_against_the_engine(),
            tic_tac_toe_on_a_clock(),
            tic_tac_toe_claimed(),
            tic_tac_toe_end_taken_back(),
        ],
        GameKind::ConnectFour => vec![connect_four(), connect_four_adjudicated(), connect_four_on_a_clock()],
        GameKind::Gomoku => vec![gomoku(), gomoku_with_every_option()],
        GameKind::TicTacTwo => vec![tic_tac_two()],
        GameKind::Morris => vec![morris()],
        GameKind::PegSolitaire => vec![peg_solitaire()],
        GameKind::Battleship => vec![battleship()],
        GameKind::Reversi => vec![reversi(), reversi_from_a_position()],
        GameKind::Chess => {
            vec![
                chess_by_agreement(),
                chess_claimed_draw(),
                chess_move_and_claim(),
                chess_out_of_time(),
                chess_offers_withdrawn(),
            ]
        }
    }
}

fn script(about: &'static str, config: GameConfig, steps: Vec<Step>) -> Script {
    Script {
        about,
        config: config.with_defaults(),
        steps,
        ended_status: GameStatus::Finished,
        private: false,
        owner: Some("lobby"),
        logs_actors: false,
        bots: Vec::new(),
        clock: None,
    }
}

/// A script of a game on a clock under `controls` (one per seat).
fn on_a_clock(
    about: &'static str,
    config: GameConfig,
    steps: Vec<Step>,
    controls: Vec<TimeControl>,
    on_timeout: OnTimeout,
) -> Script {
    Script {
        clock: Some(ClockConfig { controls, on_timeout, first_move: None }),
        ..script_with_actors(about, config, steps)
    }
}

fn connect_four_on_a_clock() -> Script {
    let mut steps: Vec<Step> = [3, 3].into_iter().map(|column| Step::Act(Action::drop(column))).collect();
    steps.extend([
        Step::Clock(ClockChange::Paused),
        Step::Clock(ClockChange::TimeAdded { seat: 1, added: 10_000 }),
        Step::Clock(ClockChange::Resumed),
        Step::Act(Action::drop(2)),
        Step::TimeOut,
    ]);
    on_a_clock(
        "on a clock (Fischer 1 min + 2 s against Bronstein 1 min, 3 s): two drops, a pause, 10 s added, the \
         clocks resumed, a drop, and seat 2 loses on time",
        GameConfig::ConnectFour(Default::default()),
        steps,
        vec![
            TimeControl::Fischer { base: 60_000, increment: 2_000 },
            TimeControl::Bronstein { base: 60_000, delay: 3_000 },
        ],
        OnTimeout::Lose,
    )
}

fn tic_tac_toe_on_a_clock() -> Script {
    on_a_clock(
        "on a clock (a simple delay against a time per move), still running: O's time ran out and the clock \
         played for it",
        GameConfig::TicTacToe(Default::default()),
        vec![place(1, 1), Step::ClockActs(Action::place(0, 0)), place(2, 2)],
        vec![TimeControl::SimpleDelay { base: 30_000, delay: 5_000 }, TimeControl::PerMove { per_move: 20_000 }],
        OnTimeout::DefaultMove,
    )
}

fn chess_out_of_time() -> Script {
    let config = chess::Config { fen: "r6k/8/8/8/8/8/8/4K3 b - - 0 1".to_owned(), ..chess::Config::default() };
    on_a_clock(
        "correspondence: Black runs out of time, but White's bare king could never mate: drawn",
        GameConfig::Chess(config),
        vec![Step::TimeOut],
        vec![TimeControl::Correspondence { days: 1 }],
        OnTimeout::Lose,
    )
}

/// A script of a game made since each turn's log entry names who made it.
fn script_with_actors(about: &'static str, config: GameConfig, steps: Vec<Step>) -> Script {
    Script { logs_actors: true, ..script(about, config, steps) }
}

fn place(row: u32, col: u32) -> Step {
    Step::Act(Action::place(row, col))
}

fn cell(row: u32, col: u32) -> Location {
    Location::Cell(Cell::new(row, col))
}

fn tic_tac_toe() -> Script {
    let steps = vec![place(0, 0), place(0, 1), place(1, 1), place(0, 2), place(2, 2)];
    Script {
        ended_status: GameStatus::Archived,
        private: true,
        ..script(
            "X wins on the diagonal; the game is private and archived",
            GameConfig::TicTacToe(Default::default()),
            steps,
        )
    }
}

fn tic_tac_toe_claimed() -> Script {
    let presence = tabula::engine::Presence { away_after_ms: 30_000, claim_after_ms: Some(60_000) };
    let config = GameConfig::TicTacToe(Default::default()).keeping_presence(presence).unwrap();
    let steps = vec![
        Step::Presence(Seat::FIRST, true),
        Step::Presence(Seat::SECOND, true),
        place(1, 1),
        place(0, 0),
        place(2, 2),
        Step::Presence(Seat::SECOND, false),
        Step::Claim(Seat::FIRST, "X claimed the game: O had been gone for 60 s"),
    ];
    script_with_actors("both seats come, three moves, O goes away on its turn and X claims the game", config, steps)
}

fn tic_tac_toe_end_taken_back() -> Script {
    let config = GameConfig::TicTacToe(Default::default()).allowing_takebacks();
    let config = config.with_takeback_consent().unwrap().with_ending_takeback(60_000).unwrap();
    let steps = vec![
        place(0, 0),
        place(1, 0),
        place(0, 1),
        place(1, 1),
        place(0, 2),
        Step::RequestTakeBack,
        Step::AnswerTakeBack(true),
        place(2, 2),
        place(1, 2),
        Step::RequestTakeBack,
        Step::AnswerTakeBack(false),
    ];
    script_with_actors(
        "X wins, asks to take the win back and O agrees: the game goes on; O wins, asks the same and X declines",
        config,
        steps,
    )
}

fn connect_four() -> Script {
    let mut steps: Vec<Step> = [3, 3, 4, 4].into_iter().map(|column| Step::Act(Action::drop(column))).collect();
    // Seat 2 resigns while seat 1 is to move: a resignation needs no turn.
    steps.push(Step::Resign(Seat::SECOND));
    Script {
        owner: None,
        ..script("four drops, then seat 2 resigns", GameConfig::ConnectFour(Default::default()), steps)
    }
}

fn tic_tac_toe_aborted() -> Script {
    let steps = vec![place(1, 1), place(0, 0), Step::Abort("seat 2 lost its connection at the start")];
    script_with_actors(
        "one move each, then the owner aborts: no result",
        GameConfig::TicTacToe(Default::default()),
        steps,
    )
}

fn tic_tac_toe_against_the_engine() -> Script {
    let steps = vec![place(1, 1), place(0, 0), place(2, 2)];
    let bots = vec![BotSeat { seat: Seat::SECOND, level: 3, move_time_ms: 500 }];
    Script {
        bots,
        ..script_with_actors(
            "X against the engine, which plays O; in progress, the engine to move",
            GameConfig::TicTacToe(Default::default()),
            steps,
        )
    }
}

fn connect_four_adjudicated() -> Script {
    let mut steps: Vec<Step> = [3, 2, 3].into_iter().map(|column| Step::Act(Action::drop(column))).collect();
    steps.push(Step::Adjudicate(Adjudication::Win(Seat::FIRST), "seat 2 broke the tournament's rules"));
    script_with_actors(
        "three drops, then the owner adjudicates a win for seat 1",
        GameConfig::ConnectFour(Default::default()),
        steps,
    )
}

fn gomoku_with_every_option() -> Script {
    let config = gomoku::Config {
        blocked: vec![Cell::new(0, 0), Cell::new(14, 14)],
        play: PlayOptions {
            starter: Starter::SecondSeat,
            allow_takebacks: true,
            takeback_consent: true,
            allow_draw_offers: false,
            presence: None,
            ending_takeback_ms: None,
        },
        ..Default::default()
    };
    let steps = vec![
        place(7, 7),
        place(7, 8),
        Step::RequestTakeBack,
        Step::AnswerTakeBack(false),
        place(6, 6),
        Step::RequestTakeBack,
        Step::AnswerTakeBack(true),
        place(9, 9),
    ];
    script_with_actors(
        "seat 2 starts around two blocked cells; a takeback asked for and declined, another agreed to; in progress",
        GameConfig::Gomoku(config),
        steps,
    )
}

fn gomoku() -> Script {
    let steps = vec![place(7, 7), place(7, 8), place(8, 8), place(6, 6), place(8, 7), place(9, 9), place(6, 7)];
    script("still in progress: no end event, seat 2 to move", GameConfig::Gomoku(Default::default()), steps)
}

fn tic_tac_two() -> Script {
    let shift = |d_row, d_col| Step::Act(Action::GridShift { d_row, d_col });
    let steps = vec![
        place(1, 1),
        place(3, 3),
        place(1, 3),
        place(3, 1),
        Step::Act(Action::Move { from: cell(1, 3), to: cell(2, 3), promotion: None }),
        place(2, 2),
        // The grid goes up and back down twice: the third time the position recurs, drawn.
        shift(-1, 0),
        shift(1, 0),
        shift(-1, 0),
        shift(1, 0),
    ];
    script(
        "placements, a piece move, then grid shifts to a draw by repetition",
        GameConfig::TicTacTwo(Default::default()),
        steps,
    )
}

/// Morris in point numbers: `7` places on point 7, `0-6` moves from 0 to 6, `x14` captures on 14.
fn morris_steps(script: &str) -> Vec<Step> {
    let point = |text: &str| text.parse::<u32>().expect("a point number");
    script
        .split_whitespace()
        .map(|word| {
            Step::Act(if let Some(target) = word.strip_prefix('x') {
                Action::Capture(Location::Point(point(target)))
            } else if let Some((from, to)) = word.split_once('-') {
                Action::Move { from: Location::Point(point(from)), to: Location::Point(point(to)), promotion: None }
            } else {
                Action::Place(PlaceTarget::Point(point(word)))
            })
        })
        .collect()
}

fn morris() -> Script {
    let config = morris::Config { flying: morris::Flying::Allowed, ..morris::Config::of(morris::Variant::Six) };
    let steps = morris_steps(
        "0 15 1 14 2 x14 14 3 13 x3 3 12 4 11 0-6 15-9 6-0 x9 14-15 0-6 15-14 6-0 x11 14-15 0-6 15-14 6-0 x12",
    );
    script(
        "Six Men's Morris with flying allowed: placements, mills and captures by both seats, slides, until seat 2 \
         has two pieces left",
        GameConfig::Morris(config),
        steps,
    )
}

fn peg_solitaire() -> Script {
    let jump = |from: (u32, u32), to: (u32, u32)| {
        Step::Act(Action::Move { from: cell(from.0, from.1), to: cell(to.0, to.1), promotion: None })
    };
    let steps = vec![
        jump((2, 0), (0, 0)),
        jump((2, 2), (2, 0)),
        jump((0, 0), (2, 2)),
        // A jump that leads nowhere, taken back.
        jump((3, 3), (1, 1)),
        Step::TakeBack,
        jump((3, 0), (1, 0)),
        jump((3, 3), (1, 1)),
        jump((4, 1), (2, 1)),
        jump((4, 3), (4, 1)),
        jump((4, 0), (4, 2)),
        jump((4, 2), (2, 2)),
        jump((1, 1), (3, 3)),
        jump((4, 4), (2, 2)),
        jump((2, 2), (2, 0)),
        jump((2, 0), (0, 0)),
    ];
    let config = peg_solitaire::Config::default();
    script(
        "solved with the last peg in the starting hole, after a jump taken back",
        GameConfig::PegSolitaire(config),
        steps,
    )
}

fn battleship() -> Script {
    let ship = |row, col, orientation, length| ShipPlacement { bow: Cell::new(row, col), orientation, length };
    let (first, second) = (Seat::FIRST, Seat::SECOND);
    let shot = |seat, row, col| Step::ActAs(seat, Action::Shot(Cell::new(row, col)));
    let steps = vec![
        Step::ActAs(second, Action::Place(PlaceTarget::Ship(ship(1, 1, Orientation::Vertical, 3)))),
        Step::ActAs(
            first,
            Action::Place(PlaceTarget::Fleet(vec![
                ship(0, 0, Orientation::Horizontal, 3),
                ship(2, 0, Orientation::Vertical, 2),
            ])),
        ),
        Step::ActAs(second, Action::Place(PlaceTarget::Ship(ship(4, 3, Orientation::Horizontal, 2)))),
        Step::ActAs(first, Action::Ready),
        Step::ActAs(second, Action::Ready),
        shot(first, 0, 0),
        shot(second, 5, 5),
        shot(first, 1, 1),
        shot(second, 0, 0),
        shot(first, 2, 1),
        shot(second, 0, 1),
        shot(first, 3, 1),
        shot(second, 3, 3),
        shot(first, 4, 3),
        shot(second, 4, 4),
        shot(first, 4, 4),
    ];
    let config = battleship::Config {
        width: 6,
        height: 6,
        fleet: vec![3, 2],
        hide_fleets_at_end: true,
        ..battleship::Config::default()
    };
    script(
        "a fleet placed at once and one ship by ship, ready, shots until all ships are sunk; unhit ships stay hidden",
        GameConfig::Battleship(config),
        steps,
    )
}

fn reversi() -> Script {
    let pass = || Step::Act(Action::Pass);
    let steps = vec![
        place(1, 1),
        place(1, 2),
        place(2, 1),
        place(2, 2),
        place(1, 3),
        place(0, 0),
        place(0, 1),
        place(0, 2),
        place(2, 3),
        place(1, 0),
        pass(),
        place(3, 0),
        place(2, 0),
        place(3, 1),
        pass(),
        place(3, 2),
        pass(),
        pass(),
    ];
    let config = reversi::Config {
        width: 4,
        height: 4,
        opening: reversi::Opening::Free,
        walls: vec![Cell::new(0, 3)],
        ..Default::default()
    };
    script(
        "a 4×4 board with a wall and the free opening: passes, then two in a row end it",
        GameConfig::Reversi(config),
        steps,
    )
}

fn reversi_from_a_position() -> Script {
    let pass = || Step::Act(Action::Pass);
    let steps = vec![pass(), place(1, 1), pass(), place(3, 0), pass(), place(3, 3), pass(), pass()];
    let config = reversi::Config {
        width: 4,
        height: 4,
        walls: vec![Cell::new(2, 2)],
        position: "O-XX X--X OO-O -XX- O ; White to move has none".to_owned(),
        ..Default::default()
    };
    script(
        "a 4×4 set-up position with a wall in the centre: White starts by passing, Black plays on until two passes",
        GameConfig::Reversi(config),
        steps,
    )
}

/// Chess in UCI squares (`e2e4`, `b7a8q`), plus `offer`, `accept`, `decline`, `claim`,
/// `takeback`, `claim:f6g8` for a move that claims a draw, and `white-withdraws` or
/// `black-withdraws` for a side withdrawing its offer, on either side's turn.
fn chess_steps(script: &str) -> Vec<Step> {
    let square = |text: &str| {
        let [file, rank] = text.as_bytes() else { panic!("bad square {text:?}") };
        cell(u32::from(b'8' - rank), u32::from(file - b'a'))
    };
    let promotion = |text: &str| match text {
        "" => None,
        "q" => Some(Promotion::Queen),
        "r" => Some(Promotion::Rook),
        "b" => Some(Promotion::Bishop),
        "n" => Some(Promotion::Knight),
        other => panic!("bad promotion {other:?}"),
    };
    script
        .split_whitespace()
        .map(|word| match word {
            "offer" => Step::Act(Action::OfferDraw),
            "accept" => Step::Act(Action::AcceptDraw),
            "decline" => Step::Act(Action::DeclineDraw),
            "claim" => Step::Act(Action::ClaimDraw),
            "takeback" => Step::TakeBack,
            "white-withdraws" => Step::ActAs(Seat::FIRST, Action::WithdrawDraw),
            "black-withdraws" => Step::ActAs(Seat::SECOND, Action::WithdrawDraw),
            _ => {
                let (claim, uci) = match word.strip_prefix("claim:") {
                    Some(uci) => (true, uci),
                    None => (false, word),
                };
                let (from, to, promotion) = (square(&uci[0..2]), square(&uci[2..4]), promotion(&uci[4..]));
                Step::Act(if claim {
                    Action::MoveAndClaimDraw { from, to, promotion }
                } else {
                    Action::Move { from, to, promotion }
                })
            }
        })
        .collect()
}

fn chess_by_agreement() -> Script {
    let steps = chess_steps(
        "e2e4 d7d5 e4d5 c7c6 d5c6 g8f6 c6b7 e7e6 \
         b7a8q takeback b7a8r takeback b7a8b takeback b7a8n \
         f8c5 g1f3 e8g8 f1c4 offer d8c7 decline e1g1 a7a6 g2g4 a6a5 g4g5 h7h5 g5h6 \
         offer g7h6 accept",
    );
    let config = chess::Config { allow_takebacks: true, ..chess::Config::default() };
    script(
        "takebacks allowed: each promotion taken back but the last, both sides castle, en passant, \
         a draw offer declined and one accepted",
        GameConfig::Chess(config),
        steps,
    )
}

fn chess_offers_withdrawn() -> Script {
    let steps = chess_steps("offer white-withdraws e2e4 e7e5 offer g1f3 white-withdraws b8c6");
    script(
        "White offers a draw and withdraws it before moving; later offers again, moves, and withdraws it on \
         Black's turn; in progress",
        GameConfig::Chess(chess::Config::default()),
        steps,
    )
}

fn chess_claimed_draw() -> Script {
    let steps = chess_steps("c1b3 c8b6 f1g1 b6c8 b3c1 c8b6 c1b3 b6c8 b3c1 c8b6 c1b3 claim");
    let config =
        chess::Config { chess960: true, start_position: chess::StartPosition::Number(3), ..chess::Config::default() };
    script(
        "Chess960 start 3: castling as the king onto its rook, then knights back and forth until Black claims \
         the threefold repetition",
        GameConfig::Chess(config),
        steps,
    )
}

fn chess_move_and_claim() -> Script {
    let steps =
        chess_steps("d2d4 d7d5 b1c3 b8c6 c1f4 c8f5 d1d2 d8d7 e1c1 e8c8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 claim:f6g8");
    script(
        "both sides castle long, then knights back and forth until Black's move reaches the third repetition \
         and claims it",
        GameConfig::Chess(chess::Config::default()),
        steps,
    )
}
