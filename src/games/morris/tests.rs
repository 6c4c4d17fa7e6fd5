//! Hand-built positions for every rule of the Morris family.
//!
//! Point numbers on the Nine Men's Morris board (Twelve adds the corner diagonals):
//!
//! ```text
//!  0 ----------- 1 ----------- 2
//!  |    3 ------ 4 ------ 5    |
//!  |    |    6 - 7 - 8    |    |
//!  9 -- 10 - 11      12 - 13 - 14
//!  |    |    15 - 16 - 17 |    |
//!  |    18 ----- 19 ----- 20   |
//!  21 ---------- 22 ---------- 23
//! ```

use super::*;
use crate::engine::Match;
use crate::engine::{DrawReason, EndReason};

const W: Seat = Seat::FIRST;
const B: Seat = Seat::SECOND;

fn mask(points: &[u32]) -> u32 {
    points.iter().fold(0, |acc, &p| acc | 1 << p)
}

fn place(point: u32) -> Action {
    Action::Place(PlaceTarget::Point(point))
}

fn mv(from: u32, to: u32) -> Action {
    Action::Move { from: Location::Point(from), to: Location::Point(to), promotion: None }
}

fn cap(point: u32) -> Action {
    Action::Capture(Location::Point(point))
}

/// A position with `white` and `black` on the board, `in_hand` still to place and `turn`
/// to act, as if it had just come up.
fn position(config: Config, white: &[u32], black: &[u32], in_hand: [u32; 2], turn: Seat) -> Morris {
    let mut game = Morris::new(&config).unwrap();
    game.own = [mask(white), mask(black)];
    game.in_hand = in_hand;
    game.turn = turn;
    game.seen = vec![game.key()];
    game
}

/// A moving-phase position of Nine Men's Morris.
fn nine(white: &[u32], black: &[u32], turn: Seat) -> Morris {
    position(Config::default(), white, black, [0, 0], turn)
}

fn play(game: &mut Morris, seat: Seat, action: Action) {
    game.play_move(seat, &action).unwrap_or_else(|e| panic!("{action:?} by {seat} refused: {e}"));
}

fn refuse(game: &mut Morris, seat: Seat, action: Action, reason: Reason) {
    let before = game.clone();
    let error = game.play_move(seat, &action).expect_err(&format!("{action:?} by {seat} was accepted"));
    assert_eq!(error.reason, reason, "{action:?}: {error}");
    assert_eq!(*game, before, "{action:?} changed the position");
}

fn play_match(game: &mut Match<Morris>, turns: &[(Seat, Action)]) {
    for (seat, action) in turns {
        game.apply(*seat, action).unwrap_or_else(|e| panic!("{action:?} by {seat} refused: {e}"));
    }
}

fn winner(game: &Morris) -> Option<(Seat, EndReason)> {
    match game.outcome() {
        Some(Outcome::Win { winner, reason, .. }) => Some((winner, reason.into())),
        _ => None,
    }
}

/// Every action over points 0..26 of every Morris kind, plus some of other kinds.
fn every_action() -> Vec<Action> {
    let mut actions = vec![Action::Pass, Action::place(0, 0), Action::drop(1)];
    for p in 0..26 {
        actions.push(place(p));
        actions.push(cap(p));
        for q in 0..26 {
            actions.push(mv(p, q));
        }
    }
    actions
}

/// `legal_moves` lists exactly the actions `apply` accepts for the seat to act, and the
/// other seat has none.
fn assert_legal_moves_exact(game: &Morris) {
    let seat = game.to_act()[0];
    assert!(game.legal_moves(seat.opponent()).is_empty());
    let legal = game.legal_moves(seat);
    for action in every_action() {
        let mut copy = game.clone();
        let accepted = copy.play_move(seat, &action).is_ok();
        assert_eq!(accepted, legal.contains(&action), "{action:?}");
        if !accepted {
            assert_eq!(copy, *game, "refused {action:?} changed the position");
        }
    }
}

#[test]
fn a_mill_closed_by_placing_owes_one_capture_and_then_the_turn_passes() {
    let mut game = position(Config::default(), &[0, 1], &[9, 10], [7, 7], W);
    play(&mut game, W, place(2));
    assert_eq!(game.to_act(), [W], "the capture is part of White's turn");
    assert_eq!(game.legal_moves(W), [cap(9), cap(10)]);
    assert!(game.legal_moves(B).is_empty());
    assert_eq!(game.observe(Viewer::Spectator).seat_phases, [Phase::Capturing, Phase::Placing]);
    assert_legal_moves_exact(&game);
    play(&mut game, W, cap(9));
    assert_eq!(game.to_act(), [B]);
    let view = game.observe(Viewer::Spectator);
    assert_eq!(view.seat_counts, [3, 1]);
    assert_eq!(view.seat_in_hand, [6, 7]);
    assert_eq!(view.seat_phases, [Phase::Placing, Phase::Placing]);
    assert_eq!(game.legal_moves(B).len(), 24 - 4);
}

#[test]
fn a_mill_closed_by_moving_owes_a_capture_before_anyone_moves_on() {
    // Four pieces each on the Nine board, so that the moving phase comes quickly.
    let config = Config { pieces: 4, ..Config::default() };
    let mut game = Match::<Morris>::new(config).unwrap();
    let placing = [0, 2, 21, 23, 10, 12, 16, 17];
    let turns: Vec<(Seat, Action)> =
        placing.iter().enumerate().map(|(i, &p)| (Seat::new((i % 2) as u8), place(p))).collect();
    play_match(&mut game, &turns);
    assert_eq!(game.view(Viewer::Spectator).observation.seat_phases, [Phase::Moving, Phase::Moving]);

    play_match(&mut game, &[(W, mv(10, 9))]);
    let before = game.clone();
    let other = game.apply(B, &mv(12, 13)).unwrap_err();
    assert_eq!(other.reason, Reason::NotYourTurn, "{other}");
    let owed = game.apply(W, &mv(16, 19)).unwrap_err();
    assert_eq!(owed.reason, Reason::CapturePending, "{owed}");
    assert_eq!(game.apply(W, &place(3)).unwrap_err().reason, Reason::CapturePending);
    assert_eq!(game, before);
    assert_eq!(game.legal_moves(W), [cap(2), cap(12), cap(17), cap(23)]);

    play_match(&mut game, &[(W, cap(2))]);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.to_act(), [B]);
    let view = game.view(Viewer::Seat(B)).observation;
    assert_eq!(view.seat_counts, [4, 3]);
    assert_eq!(view.seat_phases, [Phase::Moving, Phase::Flying], "Black is down to three and flies");
    let replayed = Match::<Morris>::replay(config, game.history()).unwrap();
    assert_eq!(replayed, game);
}

#[test]
fn pieces_in_a_mill_are_protected_while_another_piece_is_loose() {
    // Black's 9-10-11 is a mill; 16 and 17 are loose.
    let mut game = nine(&[0, 1, 14, 19], &[9, 10, 11, 16, 17], W);
    play(&mut game, W, mv(14, 2));
    assert_eq!(game.legal_moves(W), [cap(16), cap(17)]);
    refuse(&mut game, W, cap(10), Reason::PieceInMill);
    assert_legal_moves_exact(&game);
    play(&mut game, W, cap(16));
    assert_eq!(game.outcome(), None);
}

#[test]
fn pieces_in_a_mill_may_be_captured_when_every_piece_is_in_one() {
    let mut game = nine(&[0, 1, 14, 19], &[9, 10, 11], W);
    play(&mut game, W, mv(14, 2));
    assert_eq!(game.legal_moves(W), [cap(9), cap(10), cap(11)]);
    play(&mut game, W, cap(10));
    assert_eq!(winner(&game), Some((W, EndReason::TooFewPieces)));
    assert!(game.to_act().is_empty() && game.legal_moves(B).is_empty());
}

#[test]
fn with_capture_from_mills_any_piece_may_be_captured() {
    let config = Config { capture_from_mills: true, ..Config::default() };
    let mut game = position(config, &[0, 1, 14, 19], &[9, 10, 11, 16, 17], [0, 0], W);
    play(&mut game, W, mv(14, 2));
    assert_eq!(game.legal_moves(W), [cap(9), cap(10), cap(11), cap(16), cap(17)]);
    assert_legal_moves_exact(&game);
    play(&mut game, W, cap(10));
    assert_eq!(game.observe(Viewer::Spectator).seat_counts, [4, 4]);
}

#[test]
fn with_never_capture_from_mills_a_mill_is_never_broken() {
    let config = Config { never_capture_from_mills: true, ..Config::default() };
    // Loose pieces are taken, as always; the mill's never.
    let mut game = position(config, &[0, 1, 14, 19], &[9, 10, 11, 16, 17], [0, 0], W);
    play(&mut game, W, mv(14, 2));
    assert_eq!(game.legal_moves(W), [cap(16), cap(17)]);
    refuse(&mut game, W, cap(10), Reason::PieceInMill);
    assert_legal_moves_exact(&game);
    // Every Black piece in a mill: closing a mill captures nothing and the turn passes.
    let mut game = position(config, &[0, 1, 14, 19], &[9, 10, 11], [0, 0], W);
    play(&mut game, W, mv(14, 2));
    assert_eq!(game.to_act(), [B], "nothing to capture");
    assert_eq!(game.observe(Viewer::Spectator).seat_counts, [4, 3]);
    assert_eq!(game.outcome(), None);
    let both = Config { capture_from_mills: true, never_capture_from_mills: true, ..Config::default() };
    let error = Morris::new(&both).unwrap_err();
    assert_eq!(error.violations[0].field, "never_capture_from_mills");
}

#[test]
fn closing_two_mills_at_once_earns_one_capture() {
    let mut game = position(Config::default(), &[1, 2, 9, 21], &[10, 13, 16, 19], [5, 5], W);
    play(&mut game, W, place(0));
    assert_eq!(game.legal_moves(W).len(), 4);
    play(&mut game, W, cap(13));
    assert_eq!(game.to_act(), [B], "one capture, then the turn passes");
    assert!(game.legal_moves(W).is_empty());
    assert_eq!(game.observe(Viewer::Spectator).seat_counts, [5, 3]);
}

#[test]
fn moving_a_piece_out_of_a_mill_and_back_closes_it_again() {
    let mut game = nine(&[0, 1, 2, 19], &[9, 10, 16, 17, 23], W);
    play(&mut game, W, mv(2, 14));
    play(&mut game, B, mv(23, 22));
    play(&mut game, W, mv(14, 2));
    assert_eq!(game.observe(Viewer::Spectator).seat_phases[0], Phase::Capturing);
}

#[test]
fn a_mill_with_no_opponent_piece_on_the_board_captures_nothing() {
    // Black still holds pieces but has none on the board.
    let mut game = position(Config::default(), &[0, 1], &[], [7, 7], W);
    play(&mut game, W, place(2));
    assert_eq!(game.to_act(), [B]);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.observe(Viewer::Spectator).seat_phases, [Phase::Placing, Phase::Placing]);
}

#[test]
fn a_seat_flies_at_the_threshold_and_not_above_it() {
    let three = nine(&[0, 4, 22], &[9, 10, 12, 13], W);
    assert_eq!(three.observe(Viewer::Spectator).seat_phases, [Phase::Flying, Phase::Moving]);
    let empty = 24 - 7;
    assert_eq!(three.legal_moves(W).len(), 3 * empty);
    assert!(three.legal_moves(W).contains(&mv(0, 23)));
    assert_legal_moves_exact(&three);
    let mut flown = three.clone();
    play(&mut flown, W, mv(0, 23));

    let mut four = nine(&[0, 4, 22, 16], &[9, 10, 12, 13], W);
    assert_eq!(four.observe(Viewer::Spectator).seat_phases[0], Phase::Moving);
    refuse(&mut four, W, mv(0, 23), Reason::NotAdjacent);
    assert_legal_moves_exact(&four);

    // A higher threshold flies with four.
    let config = Config { flying_threshold: 4, ..Config::default() };
    let mut four = position(config, &[0, 4, 22, 16], &[9, 10, 12, 13, 14], [0, 0], W);
    assert_eq!(four.observe(Viewer::Spectator).seat_phases, [Phase::Flying, Phase::Moving]);
    play(&mut four, W, mv(0, 23));
}

#[test]
fn with_flying_forbidden_three_pieces_still_move_along_lines() {
    let config = Config { flying: Flying::Forbidden, ..Config::default() };
    let mut game = position(config, &[0, 4, 22], &[9, 10, 12, 13], [0, 0], W);
    assert_eq!(game.observe(Viewer::Spectator).seat_phases[0], Phase::Moving);
    refuse(&mut game, W, mv(0, 23), Reason::NotAdjacent);
    assert_legal_moves_exact(&game);
    play(&mut game, W, mv(0, 1));
}

#[test]
fn a_seat_with_no_legal_move_on_its_turn_loses() {
    // Black's 0, 1, 2 and 3 are hemmed in once White closes 10.
    let mut game = nine(&[9, 4, 14, 11], &[0, 1, 2, 3], W);
    assert_eq!(game.outcome(), None);
    play(&mut game, W, mv(11, 10));
    assert_eq!(winner(&game), Some((W, EndReason::Blocked)));
    assert!(game.to_act().is_empty());

    // The same cage does not hold a seat that flies.
    let mut flier = nine(&[9, 4, 14, 11, 16], &[0, 1, 2], W);
    play(&mut flier, W, mv(11, 10));
    assert_eq!(flier.outcome(), None);
}

#[test]
fn a_seat_reduced_below_three_pieces_in_hand_and_on_board_loses_at_once() {
    // Black has one piece on the board and two in hand: after the capture it can never
    // close a mill again, so the game ends even though placing is not over.
    let mut game = position(Config::default(), &[0, 1, 16, 19, 20, 12], &[9], [1, 2], W);
    play(&mut game, W, place(2));
    play(&mut game, W, cap(9));
    assert_eq!(winner(&game), Some((W, EndReason::TooFewPieces)));
}

#[test]
fn in_three_mens_morris_the_first_mill_wins() {
    //  0 - 1 - 2
    //  | \ | / |
    //  3 - 4 - 5
    //  | / | \ |
    //  6 - 7 - 8
    let config = Config::of(Variant::Three);
    let mut game = Match::<Morris>::new(config).unwrap();
    let placing = [0, 4, 1, 2, 6, 3];
    let turns: Vec<(Seat, Action)> =
        placing.iter().enumerate().map(|(i, &p)| (Seat::new((i % 2) as u8), place(p))).collect();
    play_match(&mut game, &turns);
    // No flying: White's only piece with an empty neighbour is 6.
    assert_eq!(game.legal_moves(W), [mv(6, 7)]);
    play_match(&mut game, &[(W, mv(6, 7)), (B, mv(2, 5))]);
    assert_eq!(game.apply(W, &mv(7, 8)).unwrap_err().reason, Reason::NotYourTurn);
    assert_eq!(game.apply(B, &mv(3, 6)).unwrap_err().reason, Reason::CapturePending);
    play_match(&mut game, &[(B, cap(0))]);
    assert_eq!(game.outcome().map(|o| (o.winner(), o.reason())), Some((Some(B), EndReason::TooFewPieces)));
}

#[test]
fn the_move_limit_draws_after_that_many_moves_without_a_capture() {
    let config = Config { move_limit: 10, no_repetition_draw: true, ..Config::default() };
    let mut game = position(config, &[0, 6, 12, 19], &[23, 10, 13, 8], [0, 0], W);
    let shuffle = [(W, mv(0, 1)), (B, mv(23, 22)), (W, mv(1, 0)), (B, mv(22, 23))];
    for (i, (seat, action)) in shuffle.iter().cycle().take(10).enumerate() {
        assert_eq!(game.outcome(), None, "ended before move {i}");
        play(&mut game, *seat, action.clone());
    }
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::MoveLimit }));
}

#[test]
fn a_capture_restarts_the_move_count() {
    let config = Config { move_limit: 10, ..Config::default() };
    let mut game = position(config, &[0, 1, 14, 19], &[9, 10, 16, 17, 23], [0, 0], W);
    game.quiet_moves = 9;
    play(&mut game, W, mv(14, 2));
    assert_eq!(game.outcome(), None, "the tenth move closed a mill; the capture comes first");
    play(&mut game, W, cap(16));
    assert_eq!(game.quiet_moves, 0);
    assert_eq!(game.outcome(), None);
}

#[test]
fn the_third_occurrence_of_a_position_draws() {
    let shuffle = [(W, mv(0, 1)), (B, mv(23, 22)), (W, mv(1, 0)), (B, mv(22, 23))];
    let mut game = nine(&[0, 6, 12, 19], &[23, 10, 13, 8], W);
    for (i, (seat, action)) in shuffle.iter().cycle().take(8).enumerate() {
        assert_eq!(game.outcome(), None, "ended before move {i}");
        play(&mut game, *seat, action.clone());
    }
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::Repetition }));

    let config = Config { no_repetition_draw: true, ..Config::default() };
    let mut game = position(config, &[0, 6, 12, 19], &[23, 10, 13, 8], [0, 0], W);
    for (seat, action) in shuffle.iter().cycle().take(40) {
        play(&mut game, *seat, action.clone());
    }
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_board_filled_while_placing_is_a_draw() {
    // Twelve Men's Morris: 24 pieces on 24 points, no mill anywhere; Black places the last.
    let white = [1, 2, 4, 6, 8, 9, 10, 12, 15, 19, 20, 23];
    let black = [0, 3, 5, 7, 11, 13, 14, 16, 17, 18, 21];
    let mut game = position(Config::of(Variant::Twelve), &white, &black, [0, 1], B);
    assert_eq!(game.legal_moves(B), [place(22)]);
    play(&mut game, B, place(22));
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::BoardFull }));
}

#[test]
fn twelve_mens_morris_moves_and_mills_along_the_diagonals() {
    let config = Config::of(Variant::Twelve);
    let mut game = position(config, &[0, 3, 5, 10], &[9, 13, 16, 22], [0, 0], W);
    assert!(game.legal_moves(W).contains(&mv(5, 8)));
    play(&mut game, W, mv(10, 11));
    play(&mut game, B, mv(16, 17));
    play(&mut game, W, mv(11, 6));
    assert_eq!(game.observe(Viewer::Spectator).seat_phases[0], Phase::Capturing, "0-3-6 is a mill");
    // Not on the Nine board.
    let mut nine_board = nine(&[0, 3, 5, 10], &[9, 13, 16, 22], W);
    refuse(&mut nine_board, W, mv(5, 8), Reason::NotAdjacent);
}

#[test]
fn six_mens_morris_mills_are_the_squares_sides_only() {
    //  0 ------- 1 ------- 2
    //  |    3 -- 4 -- 5    |
    //  6 -- 7         8 -- 9
    //  |   10 -- 11 - 12   |
    //  13 ------ 14 ------ 15
    let config = Config::of(Variant::Six);
    assert!(!config.flies());
    // 1-4 is a line but a pair: no mill.
    let mut game = position(config, &[1, 4], &[0, 15], [4, 4], W);
    play(&mut game, W, place(11));
    assert_eq!(game.to_act(), [B]);
    let mut game = position(config, &[3, 4], &[0, 15], [4, 4], W);
    play(&mut game, W, place(5));
    assert_eq!(game.to_act(), [W]);
}

#[test]
fn refused_actions_name_their_reason_and_change_nothing() {
    // Placing.
    let mut game = position(Config::default(), &[0, 1], &[9, 10], [7, 7], W);
    refuse(&mut game, W, place(9), Reason::CellOccupied);
    refuse(&mut game, W, place(24), Reason::OutOfBounds);
    refuse(&mut game, W, mv(0, 3), Reason::WrongPhase);
    refuse(&mut game, W, cap(9), Reason::WrongPhase);
    refuse(&mut game, W, Action::place(0, 0), Reason::MoveKindNotAllowed);
    refuse(&mut game, W, Action::Pass, Reason::MoveKindNotAllowed);
    let promotion = Some(crate::engine::Promotion::Queen);
    let promoting = Action::Move { from: Location::Point(0), to: Location::Point(3), promotion };
    refuse(&mut game, W, promoting, Reason::MoveKindNotAllowed);
    refuse(&mut game, W, Action::Capture(Location::Cell(crate::engine::Cell::new(0, 0))), Reason::MoveKindNotAllowed);

    // Moving.
    let mut game = nine(&[0, 1, 14, 19], &[9, 10, 11, 16, 17], W);
    refuse(&mut game, W, place(3), Reason::WrongPhase);
    refuse(&mut game, W, mv(9, 21), Reason::NotYourPiece);
    refuse(&mut game, W, mv(3, 4), Reason::NotYourPiece);
    refuse(&mut game, W, mv(0, 1), Reason::CellOccupied);
    refuse(&mut game, W, mv(0, 0), Reason::CellOccupied);
    refuse(&mut game, W, mv(1, 7), Reason::NotAdjacent);
    refuse(&mut game, W, mv(1, 30), Reason::OutOfBounds);
    refuse(&mut game, W, cap(9), Reason::WrongPhase);

    // Capturing.
    play(&mut game, W, mv(14, 2));
    refuse(&mut game, W, mv(19, 22), Reason::CapturePending);
    refuse(&mut game, W, cap(3), Reason::NothingToCapture);
    refuse(&mut game, W, cap(0), Reason::NothingToCapture);
    refuse(&mut game, W, cap(11), Reason::PieceInMill);
    refuse(&mut game, W, cap(40), Reason::OutOfBounds);
}

#[test]
fn refusals_explain_themselves() {
    let mut game = nine(&[0, 1, 14, 19], &[9, 10, 11, 16, 17], W);
    let error = game.play_move(W, &mv(1, 7)).unwrap_err();
    assert_eq!(
        error.message,
        "point 1 (d7) and point 7 (d5) are not joined by a line: a piece moves to an empty neighbouring point, \
         here point 0 (a7), point 2 (g7), point 4 (d6); pieces fly once their side is down to 3 pieces"
    );
    play(&mut game, W, mv(14, 2));
    let error = game.play_move(W, &cap(11)).unwrap_err();
    assert!(error.message.contains("point 11 (c4) stands in a mill"), "{}", error.message);
}

#[test]
fn legal_moves_are_exactly_the_accepted_actions_in_every_phase() {
    let positions = [
        Morris::new(&Config::default()).unwrap(),
        position(Config::default(), &[0, 1], &[9, 10], [7, 7], W),
        nine(&[0, 1, 14, 19], &[9, 10, 11, 16, 17], W),
        nine(&[0, 1, 14, 19], &[9, 10, 11, 16, 17], B),
        nine(&[0, 4, 22], &[9, 10, 12, 13], B),
        position(Config::of(Variant::Three), &[0, 1, 6], &[2, 3, 4], [0, 0], W),
        position(Config::of(Variant::Six), &[0, 1, 6, 7], &[2, 9, 14], [2, 3], B),
        position(Config::of(Variant::Twelve), &[0, 3, 5, 10], &[9, 13, 16, 22], [0, 0], W),
    ];
    for game in &positions {
        assert_legal_moves_exact(game);
    }
}

#[test]
fn the_view_carries_the_board_and_the_pieces() {
    let game = position(Config::default(), &[0, 1], &[9], [7, 8], B);
    let view = game.observe(Viewer::Seat(W));
    assert_eq!(view.board, None);
    let graph = view.graph.unwrap();
    assert_eq!((graph.width, graph.height), (7, 7));
    assert_eq!(graph.points.len(), 24);
    assert_eq!(graph.edges.len(), 32);
    assert_eq!(graph.lines.len(), 16);
    assert_eq!(graph.points[1], GraphPoint { x: 3, y: 0, occupant: Some(W) });
    assert_eq!(graph.points[9], GraphPoint { x: 0, y: 3, occupant: Some(B) });
    assert_eq!(graph.points[23], GraphPoint { x: 6, y: 6, occupant: None });
    assert!(graph.edges.contains(&(0, 9)));
    assert_eq!(graph.lines[0], [0, 1, 2]);
    assert_eq!(view.seat_counts, [2, 1]);
    assert_eq!(view.seat_in_hand, [7, 8]);
    assert_eq!(view.seat_phases, [Phase::Placing, Phase::Placing]);
    // Nothing is hidden: every viewer sees the same.
    assert_eq!(game.observe(Viewer::Spectator), game.observe(Viewer::Seat(W)));

    let three = Morris::new(&Config::of(Variant::Three)).unwrap().observe(Viewer::Spectator).graph.unwrap();
    assert_eq!((three.width, three.height, three.points.len(), three.edges.len()), (3, 3, 9, 16));
}

#[test]
fn actions_are_described_in_the_usual_notation() {
    let game = Morris::new(&Config::default()).unwrap();
    assert_eq!(game.describe(&place(21)), "a1");
    assert_eq!(game.describe(&mv(21, 9)), "a1-a4");
    assert_eq!(game.describe(&cap(0)), "xa7");
    assert_eq!(game.describe(&Action::Pass), "pass");
}

#[test]
fn every_config_problem_is_reported_at_once() {
    let bad = Config {
        variant: Variant::Six,
        pieces: 9,
        flying: Flying::Allowed,
        flying_threshold: 2,
        capture_from_mills: false,
        never_capture_from_mills: false,
        move_limit: 5,
        no_move_limit: true,
        no_repetition_draw: true,
        play: PlayOptions::default(),
    };
    let error = Morris::new(&bad).unwrap_err();
    let fields: Vec<&str> = error.violations.iter().map(|v| v.field.as_str()).collect();
    assert_eq!(fields, ["pieces", "flying_threshold", "move_limit", "no_repetition_draw"]);
    assert_eq!(error.violations[0].description, "must be between 3 and 8, got 9");

    assert!(Morris::new(&Config { flying_threshold: 10, ..Config::default() }).is_err());
    assert!(Morris::new(&Config { pieces: 13, ..Config::default() }).is_err());
    assert!(Morris::new(&Config { pieces: 12, ..Config::default() }).is_ok(), "a Nine board holds 12 each");
    assert!(Morris::new(&Config { pieces: 4, ..Config::of(Variant::Three) }).is_ok());
    assert!(Morris::new(&Config { no_move_limit: true, ..Config::default() }).is_ok());
    assert!(Morris::new(&Config { no_repetition_draw: true, ..Config::default() }).is_ok());
}

#[test]
fn zero_fields_take_the_variants_defaults() {
    let zero = |variant| Config {
        variant,
        pieces: 0,
        flying: Flying::VariantDefault,
        flying_threshold: 0,
        capture_from_mills: false,
        never_capture_from_mills: false,
        move_limit: 0,
        no_move_limit: false,
        no_repetition_draw: false,
        play: PlayOptions::default(),
    };
    assert_eq!(zero(Variant::Nine).with_defaults(), Config::default());
    for variant in [Variant::Three, Variant::Six, Variant::Nine, Variant::Twelve] {
        let config = zero(variant).with_defaults();
        assert_eq!(config, Config::of(variant));
        assert_eq!(config.with_defaults(), config);
        assert!(Morris::new(&config).is_ok());
    }
    assert_eq!(zero(Variant::Three).with_defaults().flying, Flying::Forbidden);
    assert_eq!(zero(Variant::Six).with_defaults().flying, Flying::Forbidden);
    assert_eq!(zero(Variant::Twelve).with_defaults().pieces, 12);
    let flying_three = Config { flying: Flying::Allowed, ..zero(Variant::Three) }.with_defaults();
    assert!(flying_three.flies());
    assert_eq!(Config { pieces: 11, ..zero(Variant::Twelve) }.with_defaults().pieces, 11);
}

#[test]
fn presets_are_the_four_variants_with_nine_first() {
    let presets = Morris::presets();
    let names: Vec<&str> = presets.iter().map(|p| p.name).collect();
    assert_eq!(names, ["nine", "three", "six", "twelve"]);
    assert_eq!(presets[0].config, Config::default());
    for preset in presets {
        assert_eq!(preset.name, preset.config.variant.name());
        assert_eq!(preset.config.with_defaults(), preset.config);
        let game = Morris::new(&preset.config).unwrap();
        assert_eq!(game.observe(Viewer::Spectator).seat_in_hand, [preset.config.pieces; 2]);
    }
}

/// Plays random games of every variant through [`Match`], checking that each ends and
/// that the pieces add up after every move.
#[test]
fn random_games_end_and_keep_count_of_every_piece() {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for variant in [Variant::Three, Variant::Six, Variant::Nine, Variant::Twelve] {
        let config = Config::of(variant);
        for _ in 0..20 {
            let mut game = Match::<Morris>::new(config).unwrap();
            let mut captured = [0u32; 2];
            while game.outcome().is_none() {
                assert!(game.move_count() < 5_000, "{variant:?} does not end");
                let seat = game.to_act()[0];
                let moves = game.legal_moves(seat);
                let action = moves[(next() % moves.len() as u64) as usize].clone();
                if matches!(action, Action::Capture(_)) {
                    captured[seat.opponent().index()] += 1;
                }
                game.apply(seat, &action).unwrap();
                let view = game.view(Viewer::Spectator).observation;
                for ((on_board, in_hand), lost) in view.seat_counts.iter().zip(&view.seat_in_hand).zip(captured) {
                    assert_eq!(on_board + in_hand + lost, config.pieces);
                }
            }
        }
    }
}

/// Along random games of Three Men's Morris (where the first mill wins, so wins come
/// within a few plies), the engine keeps every forced win in three plies it is given and
/// parries every threat of a win at once. (In Nine Men's Morris a win is a long way off;
/// the bot's own tests cover its mills.)
#[test]
fn the_engine_keeps_forced_wins_and_parries_threats() {
    let checked = crate::engine::tactics::check_tactics::<Morris>(Config::of(Variant::Three), 16, 40, 20_000);
    assert!(checked.wins >= 3 && checked.parries >= 3, "too few tactics along the games: {checked:?}");
}

#[test]
fn the_registrys_generic_perft_counts_the_placements_before_any_mill_can_close() {
    let game = crate::games::GameKind::Morris.info().default_config.new_match().unwrap();
    let counts: Vec<u64> = (1..=4).map(|depth| crate::engine::perft::perft(game.as_ref(), depth)).collect();
    assert_eq!(counts, [24, 552, 12_144, 255_024]);
}
