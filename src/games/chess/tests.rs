//! Hand-built positions for every rule, through the engine's `Match` as clients use it.

use super::*;
use crate::engine::{Cell, Location, Match, Promotion};
use crate::engine::{DrawReason, EndReason, WinReason};
use crate::games::GameConfig;

fn config(fen: &str) -> Config {
    Config { fen: fen.to_owned(), ..Config::default() }
}

fn config960(fen: &str) -> Config {
    Config { fen: fen.to_owned(), chess960: true, ..Config::default() }
}

fn game(config: Config) -> Match<Chess> {
    Match::new(config).unwrap_or_else(|e| panic!("{e}"))
}

fn cell(name: &str) -> Cell {
    Square::parse(name).unwrap().cell()
}

/// The action of a coordinate move such as `e2e4` or `e7e8q`.
fn action(text: &str) -> Action {
    let promotion = text.chars().nth(4).map(|c| match c {
        'q' => Promotion::Queen,
        'r' => Promotion::Rook,
        'b' => Promotion::Bishop,
        _ => Promotion::Knight,
    });
    Action::Move { from: Location::Cell(cell(&text[..2])), to: Location::Cell(cell(&text[2..4])), promotion }
}

fn claiming(text: &str) -> Action {
    let Action::Move { from, to, promotion } = action(text) else { unreachable!() };
    Action::MoveAndClaimDraw { from, to, promotion }
}

fn mover(game: &Match<Chess>) -> Seat {
    game.to_act()[0]
}

fn play(game: &mut Match<Chess>, moves: &str) {
    for text in moves.split_whitespace() {
        let seat = mover(game);
        game.apply(seat, &action(text)).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

fn played(config: Config, moves: &str) -> Match<Chess> {
    let mut game = game(config);
    play(&mut game, moves);
    game
}

/// Applies `action` for the seat to move, expecting a refusal that changes nothing.
fn refuse(game: &mut Match<Chess>, action: &Action) -> MoveError {
    let before = game.clone();
    let error = game.apply(mover(game), action).expect_err("the move should be refused");
    assert_eq!(*game, before, "a refused move changed the game");
    assert!(!game.legal_moves(mover(game)).contains(action), "a refused move is listed");
    error
}

fn fen_of(game: &Match<Chess>) -> String {
    game.position().fen()
}

fn draw(reason: DrawReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

fn fen_errors(config: Config) -> Vec<(String, String)> {
    Chess::new(&config).unwrap_err().violations.into_iter().map(|v| (v.field, v.description)).collect()
}

// Castling.

#[test]
fn castling_moves_king_and_rook_on_both_sides() {
    let mut game = game(config("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    let legal = game.legal_moves(Seat::FIRST);
    assert!(legal.contains(&action("e1g1")) && legal.contains(&action("e1c1")));
    play(&mut game, "e1g1 e8c8");
    assert_eq!(fen_of(&game), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    assert_eq!(game.position().last_move_san(), Some("O-O-O"));
}

#[test]
fn castling_is_refused_out_of_through_or_into_check() {
    let mut out_of = game(config("r3k2r/8/8/8/4r3/8/8/R3K2R w KQk - 0 1"));
    let error = refuse(&mut out_of, &action("e1g1"));
    assert_eq!(error.reason, Reason::IllegalMove);
    assert!(error.message.contains("out of check"), "{error}");

    // The rook on f2 guards f1, which the king crosses; the bishop on a2 guards b1, which
    // only the rook crosses, so castling queen-side stays legal.
    let mut through = game(config("4k3/8/8/8/8/8/b4r2/R3K2R w KQ - 0 1"));
    let error = refuse(&mut through, &action("e1g1"));
    assert!(error.message.contains("through or into"), "{error}");
    through.apply(Seat::FIRST, &action("e1c1")).unwrap();

    let mut into = game(config("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1"));
    assert!(refuse(&mut into, &action("e1g1")).message.contains("through or into"));

    let mut blocked = game(config("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1"));
    assert!(refuse(&mut blocked, &action("e1c1")).message.contains("empty"));
}

#[test]
fn castling_rights_go_when_the_king_or_rook_moves_or_the_rook_is_taken() {
    let start = "r3k2r/8/8/8/8/8/6b1/R3K2R w KQkq - 0 1";
    let mut rook_moved = played(config(start), "h1h2 a8a7 h2h1 a7a8");
    assert_eq!(fen_of(&rook_moved).split(' ').nth(2), Some("Qk"));
    let error = refuse(&mut rook_moved, &action("e1g1"));
    assert!(error.message.contains("may no longer castle king-side"), "{error}");

    let king_moved = played(config(start), "e1e2 e8e7 e2e1 e7e8");
    assert_eq!(fen_of(&king_moved).split(' ').nth(2), Some("-"));

    let rook_taken = played(config(start), "a1a2 g2h1");
    assert_eq!(fen_of(&rook_taken).split(' ').nth(2), Some("kq"));
}

// En passant.

#[test]
fn en_passant_captures_right_after_the_double_step_only() {
    let start = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1";
    let mut game = played(config(start), "e2e4");
    assert_eq!(fen_of(&game), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    play(&mut game, "d4e3");
    assert_eq!(fen_of(&game), "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2");
    assert_eq!(game.position().last_move_san(), Some("dxe3"));

    let mut late = played(config(start), "e2e4 e8e7 e1e2");
    let error = refuse(&mut late, &action("d4e3"));
    assert_eq!(error.reason, Reason::IllegalMove);
}

#[test]
fn en_passant_that_would_open_the_rank_to_the_king_is_refused() {
    // Taking on c6 removes both pawns from the fifth rank, opening it to the rook on h5.
    let mut game = game(config("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1"));
    let error = refuse(&mut game, &action("b5c6"));
    assert_eq!(error.reason, Reason::IllegalMove);
    assert!(error.message.contains("your king would be in check"), "{error}");
}

// Promotion.

#[test]
fn promotion_offers_four_pieces_and_must_be_chosen() {
    let mut game = game(config("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1"));
    let legal = game.legal_moves(Seat::FIRST);
    for piece in ["q", "r", "b", "n"] {
        assert!(legal.contains(&action(&format!("e7e8{piece}"))));
    }
    assert_eq!(refuse(&mut game, &action("e7e8")).reason, Reason::PromotionRequired);
    assert_eq!(refuse(&mut game, &action("e1e2q")).reason, Reason::PromotionNotAllowed);
    play(&mut game, "e7e8n");
    assert_eq!(fen_of(&game), "4N3/6k1/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(game.position().last_move_san(), Some("e8=N+"));
}

// The end of the game.

#[test]
fn checkmate_wins_for_the_mating_side() {
    let game = played(Config::default(), "f2f3 e7e5 g2g4 d8h4");
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Seat::SECOND, reason: WinReason::Checkmate, line: vec![] }));
    assert!(game.to_act().is_empty());
    assert_eq!(game.position().last_move_san(), Some("Qh4#"));
}

#[test]
fn stalemate_is_a_draw() {
    let game = played(config("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"), "f1f7");
    assert_eq!(game.outcome(), draw(DrawReason::Stalemate));
}

#[test]
fn insufficient_material_ends_the_game_by_itself() {
    let game = played(config("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"), "e1e2");
    assert_eq!(game.outcome(), draw(DrawReason::InsufficientMaterial));
    let dead_start = game_of("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
    assert_eq!(dead_start.outcome(), draw(DrawReason::InsufficientMaterial));
}

fn game_of(fen: &str) -> Match<Chess> {
    game(config(fen))
}

#[test]
fn a_game_can_start_already_over() {
    let mated = game_of("R6k/8/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(mated.outcome().unwrap().reason(), EndReason::Checkmate);
    assert!(mated.legal_moves(Seat::SECOND).is_empty());
}

// Draws by repetition.

const KNIGHTS_OUT_AND_BACK: &str = "g1f3 g8f6 f3g1 f6g8";

#[test]
fn threefold_repetition_is_claimed_and_not_before() {
    let mut game = played(Config::default(), KNIGHTS_OUT_AND_BACK);
    assert!(!game.legal_moves(Seat::FIRST).contains(&Action::ClaimDraw));
    assert_eq!(refuse(&mut game, &Action::ClaimDraw).reason, Reason::DrawNotClaimable);
    play(&mut game, KNIGHTS_OUT_AND_BACK);
    // The start position stands for the third time.
    assert!(game.legal_moves(Seat::FIRST).contains(&Action::ClaimDraw));
    let mut claimed = game.clone();
    claimed.apply(Seat::FIRST, &Action::ClaimDraw).unwrap();
    assert_eq!(claimed.outcome(), draw(DrawReason::ThreefoldRepetition));
    // Not claiming: play goes on.
    play(&mut game, "e2e4");
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_move_reaching_the_third_repetition_can_carry_the_claim() {
    let mut game = played(Config::default(), &format!("{KNIGHTS_OUT_AND_BACK} g1f3 g8f6 f3g1"));
    let legal = game.legal_moves(Seat::SECOND);
    assert!(legal.contains(&claiming("f6g8")));
    assert!(!legal.contains(&claiming("b8c6")));
    assert_eq!(refuse(&mut game, &claiming("b8c6")).reason, Reason::DrawNotClaimable);
    game.apply(Seat::SECOND, &claiming("f6g8")).unwrap();
    assert_eq!(game.outcome(), draw(DrawReason::ThreefoldRepetition));
    assert_eq!(game.position().last_move_san(), Some("Ng8"));
}

#[test]
fn fivefold_repetition_ends_the_game_by_itself() {
    let moves = [KNIGHTS_OUT_AND_BACK; 4].join(" ");
    let mut game = played(Config::default(), &moves[..moves.len() - 5]);
    assert_eq!(game.outcome(), None);
    play(&mut game, "f6g8");
    assert_eq!(game.outcome(), draw(DrawReason::FivefoldRepetition));
}

#[test]
fn repetition_ignores_an_en_passant_square_no_pawn_can_use() {
    let shuffle = "h8g6 h1g3 g6h8 g3h1";
    // The d4 pawn stands beside e4 after the double step but is pinned on the d-file, so
    // the position after e2e4 is the same as when the knights come back: the third time
    // comes after two rounds.
    let pinned = played(config("3k3n/8/8/8/3p4/8/4P3/3RK2N w - - 0 1"), &format!("e2e4 {shuffle} {shuffle}"));
    assert!(pinned.legal_moves(Seat::SECOND).contains(&Action::ClaimDraw));
    // Unpinned, the pawn could take en passant right after e2e4: that position was
    // different, and two rounds make only two repetitions.
    let free = played(config("3k3n/8/8/8/3p4/8/4P3/4K2N w - - 0 1"), &format!("e2e4 {shuffle} {shuffle}"));
    assert!(!free.legal_moves(Seat::SECOND).contains(&Action::ClaimDraw));
}

// The fifty- and seventy-five-move rules.

#[test]
fn fifty_moves_may_be_claimed_with_the_move_or_after_it() {
    let start = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    let mut game = game_of(start);
    let legal = game.legal_moves(Seat::FIRST);
    assert!(legal.contains(&claiming("a1a2")));
    assert!(!legal.contains(&Action::ClaimDraw));
    let mut with_move = game.clone();
    with_move.apply(Seat::FIRST, &claiming("a1a2")).unwrap();
    assert_eq!(with_move.outcome(), draw(DrawReason::FiftyMoveRule));
    play(&mut game, "a1a2");
    assert!(game.legal_moves(Seat::SECOND).contains(&Action::ClaimDraw));
    game.apply(Seat::SECOND, &Action::ClaimDraw).unwrap();
    assert_eq!(game.outcome(), draw(DrawReason::FiftyMoveRule));
}

#[test]
fn seventy_five_moves_end_the_game_unless_the_last_move_mates() {
    let game = played(config("4k3/8/8/8/8/8/8/R3K3 w - - 149 100"), "a1a2");
    assert_eq!(game.outcome(), draw(DrawReason::SeventyFiveMoveRule));
    let mate = played(config("7k/8/6K1/8/8/8/8/R7 w - - 149 100"), "a1a8");
    assert_eq!(mate.outcome().unwrap().reason(), EndReason::Checkmate);
    // A capture starts the count again.
    let capture = played(config("4k3/8/8/8/8/8/p7/R3K3 w - - 149 100"), "a1a2");
    assert_eq!(capture.outcome(), None);
}

// Draw offers.

#[test]
fn a_draw_offer_is_answered_on_the_opponents_turn() {
    let mut game = game(Config::default());
    game.apply(Seat::FIRST, &Action::OfferDraw).unwrap();
    assert_eq!(game.view(Viewer::Spectator).observation.draw_offer, Some(Seat::FIRST));
    assert_eq!(game.to_act(), vec![Seat::FIRST], "offering does not pass the turn");
    assert!(!game.legal_moves(Seat::FIRST).contains(&Action::OfferDraw));
    assert_eq!(refuse(&mut game, &Action::OfferDraw).reason, Reason::DrawAlreadyOffered);
    assert_eq!(refuse(&mut game, &Action::AcceptDraw).reason, Reason::NoDrawOffer);
    play(&mut game, "e2e4");
    let legal = game.legal_moves(Seat::SECOND);
    assert!(legal.contains(&Action::AcceptDraw) && legal.contains(&Action::DeclineDraw));

    let mut accepted = game.clone();
    accepted.apply(Seat::SECOND, &Action::AcceptDraw).unwrap();
    assert_eq!(accepted.outcome(), draw(DrawReason::Agreement));

    let mut declined = game.clone();
    declined.apply(Seat::SECOND, &Action::DeclineDraw).unwrap();
    assert_eq!(declined.view(Viewer::Spectator).observation.draw_offer, None);
    assert_eq!(declined.to_act(), vec![Seat::SECOND]);

    play(&mut game, "e7e5");
    assert_eq!(game.view(Viewer::Spectator).observation.draw_offer, None, "moving declines");
    assert_eq!(refuse(&mut game, &Action::AcceptDraw).reason, Reason::NoDrawOffer);
}

#[test]
fn a_draw_offer_lapses_when_the_game_ends_any_other_way() {
    // Fool's mate, Black offering a draw before the mating move: one's own offer stands
    // while the game goes on, and goes with its end.
    let mut mated = played(Config::default(), "f2f3 e7e5 g2g4");
    mated.apply(Seat::SECOND, &Action::OfferDraw).unwrap();
    play(&mut mated, "d8h4");
    assert_eq!(
        mated.outcome(),
        Some(Outcome::Win { winner: Seat::SECOND, reason: WinReason::Checkmate, line: vec![] })
    );
    assert_eq!(mated.view(Viewer::Spectator).observation.draw_offer, None);

    let mut resigned = game(Config::default());
    resigned.apply(Seat::FIRST, &Action::OfferDraw).unwrap();
    assert_eq!(resigned.view(Viewer::Seat(Seat::SECOND)).observation.draw_offer, Some(Seat::FIRST));
    resigned.resign(Seat::SECOND).unwrap();
    for viewer in [Viewer::Spectator, Viewer::Seat(Seat::FIRST), Viewer::Seat(Seat::SECOND)] {
        assert_eq!(resigned.view(viewer).observation.draw_offer, None, "{viewer:?}");
    }
}

// Refusals.

#[test]
fn refused_moves_say_why_and_change_nothing() {
    let mut game = game(Config::default());
    let no_piece = refuse(&mut game, &action("e3e4"));
    assert_eq!((no_piece.reason, no_piece.message.as_str()), (Reason::IllegalMove, "there is no piece on e3"));
    assert_eq!(refuse(&mut game, &action("e7e5")).reason, Reason::NotYourPiece);
    let knight = refuse(&mut game, &action("g1g3"));
    assert_eq!(knight.message, "the knight on g1 cannot move to g3");
    let own = refuse(&mut game, &action("d1d2"));
    assert!(own.message.contains("your own pawn"), "{own}");
    let off_board =
        Action::Move { from: Location::Cell(Cell::new(8, 0)), to: Location::Cell(cell("a3")), promotion: None };
    assert_eq!(refuse(&mut game, &off_board).reason, Reason::OutOfBounds);
    let points = Action::Move { from: Location::Point(1), to: Location::Point(2), promotion: None };
    assert_eq!(refuse(&mut game, &points).reason, Reason::MoveKindNotAllowed);
    assert_eq!(refuse(&mut game, &Action::drop(3)).reason, Reason::MoveKindNotAllowed);
    assert_eq!(refuse(&mut game, &Action::Pass).reason, Reason::MoveKindNotAllowed);

    let mut pinned = game_of("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(refuse(&mut pinned, &action("e2c3")).message, "your king would be in check after that move");
    let mut checked = game_of("4k3/4r3/8/8/8/8/8/3QK3 w - - 0 1");
    assert!(refuse(&mut checked, &action("d1d2")).message.contains("still be in check"));
}

// What viewers see.

#[test]
fn the_view_shows_the_board_from_rank_8_down_the_fen_and_the_last_move() {
    let game = played(Config::default(), "e2e4");
    let observation = game.view(Viewer::Spectator).observation;
    let board = observation.board.unwrap();
    assert_eq!((board.width, board.height), (8, 8));
    assert_eq!(board.at(Cell::new(0, 0)), BoardCell { owner: Some(Seat::SECOND), piece: Piece::Rook });
    assert_eq!(board.at(Cell::new(7, 4)), BoardCell { owner: Some(Seat::FIRST), piece: Piece::King });
    assert_eq!(board.at(Cell::new(4, 4)), BoardCell { owner: Some(Seat::FIRST), piece: Piece::Pawn });
    assert_eq!(board.at(Cell::new(6, 4)), BoardCell::default());
    assert_eq!(observation.notation.as_deref(), Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
    assert_eq!(observation.last_move_notation.as_deref(), Some("e4"));
}

#[test]
fn legal_moves_are_described_in_san_and_uci() {
    let game = game(Config::default());
    let legal = game.legal_moves(Seat::FIRST);
    assert_eq!(legal.len(), 21, "twenty moves and a draw offer");
    let chess = game.position();
    let described: Vec<String> = legal.iter().map(|a| chess.describe(a)).collect();
    assert!(described.contains(&"Nf3".to_owned()) && described.contains(&"e4".to_owned()));
    assert_eq!(chess.uci(&action("g1f3")).as_deref(), Some("g1f3"));
    assert_eq!(chess.uci(&action("e7e8q")).as_deref(), Some("e7e8q"));
    assert_eq!(chess.uci(&Action::OfferDraw), None);
    assert_eq!(chess.describe(&Action::OfferDraw), "offers a draw");
}

// Configuration.

#[test]
fn illegal_fens_are_refused_with_the_reason() {
    let cases = [
        ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "2 White kings"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "fields"),
        ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "Black in check with White to move"),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right `K`"),
        ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "rank 6"),
        ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "needs a black pawn on e5"),
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on a8"),
        ("4k3/8/8/8/8/8/8/4K2p b - - 0 1", "pawn on h1"),
        ("QQQQk3/QQQQ4/Q7/8/8/8/PPPPPPPP/4K3 w - - 0 1", "pieces beyond the initial set"),
        ("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "9 Black pawns"),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"),
        ("4k3/8/8/8/8/8/8/4K4 w - - 0 1", "9 squares"),
        ("4k3/8/8/8/8/8/8/4KX2 w - - 0 1", "`X`"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 151 1", "halfmove clock"),
        ("4k3/8/8/8/8/8/8/R3K3 w A - 0 1", "only Chess960"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "two king-side"),
    ];
    for (fen, expected) in cases {
        let errors = fen_errors(config(fen));
        assert!(errors.iter().any(|(field, text)| field == "fen" && text.contains(expected)), "{fen}: {errors:?}");
    }
}

#[test]
fn every_configuration_problem_is_reported_at_once() {
    let errors = fen_errors(Config {
        fen: "P3k3/8/8/8/8/8/8/3KK3 w - e3 0 1".to_owned(),
        start_position: StartPosition::Number(5),
        ..Config::default()
    });
    let fields: Vec<&str> = errors.iter().map(|(field, _)| field.as_str()).collect();
    assert_eq!(fields, ["start_position", "fen", "fen"], "{errors:?}");
    let errors = fen_errors(Config { chess960: true, start_position: StartPosition::Number(960), ..Config::default() });
    assert!(errors[0].1.contains("between 0 and 959"), "{errors:?}");
    let errors = fen_errors(Config { chess960: true, start_position: StartPosition::Random, ..config(fen::STANDARD) });
    assert!(errors[0].1.contains("cannot be combined with fen"), "{errors:?}");
}

// Chess960.

#[test]
fn chess960_starts_by_number() {
    let game = game(Config { chess960: true, start_position: StartPosition::Number(0), ..Config::default() });
    assert_eq!(fen_of(&game), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
}

#[test]
fn a_random_chess960_start_is_drawn_once_and_kept_in_the_configuration() {
    let preset = GameKind::Chess.preset("chess960").unwrap();
    let GameConfig::Chess(resolved) = preset.config.with_defaults().drawn() else { panic!("a chess config") };
    let StartPosition::Number(number) = resolved.start_position else { panic!("still random") };
    assert!(number < 960);
    let first = played(resolved.clone(), "");
    let again = played(resolved, "");
    assert_eq!(first, again);
}

use crate::games::GameKind;

#[test]
fn chess960_castles_by_moving_the_king_onto_its_rook() {
    let start = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBkq - 0 1";
    let mut game = game(config960(start));
    let legal = game.legal_moves(Seat::FIRST);
    assert!(legal.contains(&action("e1g1")) && legal.contains(&action("e1b1")));
    // The standard form names no castling here: e1 to c1 is just too far for a king.
    assert!(refuse(&mut game, &action("e1c1")).message.contains("onto the rook"));
    play(&mut game, "e1g1 e8a8");
    assert_eq!(fen_of(&game), "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 w - - 2 2");
    assert_eq!(game.position().last_move_san(), Some("O-O-O"));
    assert_eq!(game.position().uci(&action("e1g1")).as_deref(), Some("e1g1"));
}

#[test]
fn chess960_castling_where_the_king_stays_or_the_rook_shields_it() {
    // King already on g1: castling king-side moves only the rook.
    let game_stays = played(config960("4k3/8/8/8/8/8/8/R5KR w KQ - 0 1"), "g1h1");
    assert_eq!(fen_of(&game_stays), "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1");
    // The queen on a1 is held off only by the castling rook on b1: after castling the king
    // would stand on c1 in its line.
    let mut shielded = game(config960("k7/8/8/8/8/8/8/qR1K3R w BH - 0 1"));
    let error = refuse(&mut shielded, &action("d1b1"));
    assert!(error.message.contains("through or into"), "{error}");
    shielded.apply(Seat::FIRST, &action("d1h1")).unwrap();
}

#[test]
fn standard_chess_does_not_castle_by_taking_the_rook() {
    let mut game = game_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let error = refuse(&mut game, &action("e1h1"));
    assert!(error.message.contains("move the king two squares"), "{error}");
}

// PGN.

#[test]
fn pgn_round_trips_a_game_with_tags_moves_and_result() {
    let game = played(Config::default(), "f2f3 e7e5 g2g4 d8h4");
    let tags = pgn::Tags { white: "Ann".into(), black: "Bob \"B\"".into(), ..pgn::Tags::default() };
    let text = pgn::export(game.config(), game.history(), &tags).unwrap();
    assert!(
        text.starts_with(
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"Ann\"]\n[Black \"Bob \\\"B\\\"\"]\n[Result \"0-1\"]\n\n"
        ),
        "{text}"
    );
    assert!(text.ends_with("1. f3 e5 2. g4 Qh4# 0-1\n"), "{text}");

    let imported = pgn::import(&text).unwrap();
    assert_eq!(imported.config, Config::default());
    assert_eq!(imported.result.as_deref(), Some("0-1"));
    assert!(imported.tags.contains(&("Black".to_owned(), "Bob \"B\"".to_owned())));
    let replayed = Match::<Chess>::replay(imported.config.clone(), &turns(&imported.actions)).unwrap();
    assert_eq!(replayed, game);
    // Any ply: the first two moves.
    let partial = Match::<Chess>::replay(imported.config, &turns(&imported.actions[..2])).unwrap();
    assert_eq!(fen_of(&partial), "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2");
}

fn turns(actions: &[Action]) -> Vec<crate::engine::Turn> {
    actions.iter().enumerate().map(|(i, a)| crate::engine::Turn::Move(Seat::new((i % 2) as u8), a.clone())).collect()
}

#[test]
fn pgn_of_a_game_from_a_fen_or_chess960_names_its_start_and_its_ending() {
    let mut game = game(config960("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 b GBkq - 0 1"));
    play(&mut game, "e8h8");
    game.apply(Seat::FIRST, &Action::OfferDraw).unwrap();
    play(&mut game, "e1b1");
    game.apply(Seat::SECOND, &Action::AcceptDraw).unwrap();
    let text = pgn::export(game.config(), game.history(), &pgn::Tags::default()).unwrap();
    assert!(
        text.contains(
            "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 b KQkq - 0 1\"]"
        ),
        "{text}"
    );
    assert!(text.ends_with("1... O-O {White offers a draw} 2. O-O-O {Draw by agreement} 1/2-1/2\n"), "{text}");
    let imported = pgn::import(&text).unwrap();
    assert!(imported.config.chess960);
    assert_eq!(imported.actions, vec![action("e8h8"), action("e1b1")]);
}

#[test]
fn pgn_import_skips_comments_variations_and_glyphs_and_names_the_bad_move() {
    let text = "[Event \"x\"]\n% an escape line\n\
                1. e4 {best by test} e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 $1 Nc6!? ; rest of line\n3.Bb5 *";
    let imported = pgn::import(text).unwrap();
    assert_eq!(imported.actions.len(), 5);
    assert_eq!(imported.result.as_deref(), Some("*"));
    let error = pgn::import("1. e4 e5 2. Ke3").unwrap_err();
    assert!(matches!(error, pgn::PgnError::UnreadableMove { ply: 3, .. }), "{error:?}");
    assert!(error.to_string().starts_with("move 3: `Ke3`"), "{error}");
    let error = pgn::import("[Variant \"Crazyhouse\"]\n1. e4").unwrap_err();
    assert_eq!(error, pgn::PgnError::UnsupportedVariant { variant: "Crazyhouse".to_owned() });
    assert!(error.to_string().contains("not supported"), "{error}");
    let error = pgn::import("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n").unwrap_err();
    assert!(matches!(error, pgn::PgnError::InvalidStart(_)), "{error:?}");
    assert!(error.to_string().contains("starting position"), "{error}");
}

#[test]
fn pgn_import_refuses_a_second_game_and_accepts_comments_after_the_one() {
    let first = "[Event \"a\"]\n\n1. e4 e5 1-0";
    let second_games = [
        format!("{first}\n\n[Event \"b\"]\n\n1. d4 *\n"),
        format!("{first} 1. d4 d5 *"),
        format!("{first}\n1/2-1/2\n"),
        // The first game has no result token; the second's tags start it.
        "1. e4 e5\n\n[Event \"b\"]\n1. d4 *".to_owned(),
        // A flaw inside the second game: the second game is what is reported.
        format!("{first}\n[Event \"b\"]\n1. d4 {{never closed"),
    ];
    for text in &second_games {
        let error = pgn::import(text).unwrap_err();
        assert!(
            matches!(error, pgn::PgnError::AfterResult { .. } | pgn::PgnError::TagAfterMoves { .. }),
            "{text:?}: {error:?}"
        );
        let error = error.to_string();
        assert!(error.starts_with("the PGN holds more than one game"), "{text:?}: {error}");
        assert!(error.ends_with("import one game at a time"), "{text:?}: {error}");
    }
    let error = pgn::import(&second_games[0]).unwrap_err().to_string();
    assert!(error.contains("(the tag `Event` follows the first game's result `1-0`)"), "{error}");
    // Whitespace, comments and escape lines may follow the one game.
    let endings =
        ["", "\n", "\n\n  \n", " {a comment}\n", " ; a line comment", "\n% an escape line\n", " {two} {more}\n"];
    for rest in endings {
        let imported = pgn::import(&format!("{first}{rest}")).unwrap_or_else(|e| panic!("{rest:?}: {e}"));
        assert_eq!(imported.actions, vec![action("e2e4"), action("e7e5")], "{rest:?}");
        assert_eq!(imported.result.as_deref(), Some("1-0"), "{rest:?}");
    }
}

#[test]
fn pgn_names_an_ending_the_moves_do_not_show() {
    let mut resigned = played(Config::default(), "e2e4");
    resigned.resign(Seat::SECOND).unwrap();
    let text = pgn::export(resigned.config(), resigned.history(), &pgn::Tags::default()).unwrap();
    assert!(text.contains("[Result \"1-0\"]") && text.ends_with("1. e4 {Black resigns} 1-0\n"), "{text}");

    let mut claimed = played(Config::default(), &format!("{KNIGHTS_OUT_AND_BACK} g1f3 g8f6 f3g1"));
    claimed.apply(Seat::SECOND, &claiming("f6g8")).unwrap();
    let text = pgn::export(claimed.config(), claimed.history(), &pgn::Tags::default()).unwrap();
    let movetext = text.split("\n\n").nth(1).unwrap().replace('\n', " ");
    assert_eq!(movetext, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 {Draw claimed by threefold repetition} 1/2-1/2 ");
    assert!(text.lines().all(|line| line.len() <= 80));
    assert_eq!(pgn::import(&text).unwrap().actions.len(), 8);
}

// The bot and the analysis.

fn analyse(game: &Match<Chess>, nodes: u64) -> crate::engine::Analysis {
    let go = std::sync::atomic::AtomicBool::new(false);
    game.analyse(mover(game), SearchBudget::new(nodes, &go)).expect("a seat to act")
}

fn bot(game: &Match<Chess>, level: u8, nodes: u64) -> Action {
    let go = std::sync::atomic::AtomicBool::new(false);
    game.bot_action(mover(game), level, SearchBudget::new(nodes, &go)).expect("a move")
}

#[test]
fn the_analysis_proves_a_mate_in_one_and_a_mate_in_two_by_their_distance() {
    use crate::engine::{Score, Solved};
    let one = game(config("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"));
    let analysis = analyse(&one, 100_000);
    assert_eq!(analysis.score, Score::decided(Solved::Win, 1));
    assert_eq!(analysis.line, [action("a1a8")]);

    let two = game(config("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1"));
    let analysis = analyse(&two, 200_000);
    assert_eq!(analysis.score, Score::decided(Solved::Win, 3), "{analysis:?}");
    let mut played = two.clone();
    for action in &analysis.line {
        played.apply(mover(&played), action).unwrap_or_else(|e| panic!("{action:?}: {e}"));
    }
    assert!(
        matches!(played.outcome(), Some(Outcome::Win { winner: Seat::FIRST, reason: WinReason::Checkmate, .. })),
        "the line ends in mate: {:?}",
        played.outcome()
    );

    let lost = game(config("7k/8/6K1/8/8/8/8/R7 b - - 0 1"));
    assert_eq!(analyse(&lost, 100_000).score, Score::decided(Solved::Loss, 2));
}

#[test]
fn the_analysis_estimates_in_centipawns_and_its_line_is_playable() {
    use crate::engine::{Score, ScoreUnit};
    let mut game = played(Config::default(), "e2e4 e7e5 g1f3 b8c6 f1b5");
    let analysis = analyse(&game, 20_000);
    let Score::Estimate { value, unit: ScoreUnit::Centipawns } = analysis.score else { panic!("{analysis:?}") };
    assert!(value.abs() < 150, "an even opening: {value}");
    assert!(analysis.depth >= 2 && analysis.nodes > 0 && analysis.nodes <= 20_000, "{analysis:?}");
    assert_eq!(analyse(&game, 20_000), analysis, "the same analysis twice");
    for action in &analysis.line {
        game.apply(mover(&game), action).unwrap_or_else(|e| panic!("{action:?}: {e}"));
    }
}

#[test]
fn every_searching_level_takes_a_hanging_queen() {
    // The queen on g5 hangs to the bishop on c1.
    let game = game(config("rnb1kbnr/pppp1ppp/8/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 0 1"));
    for level in 2..=Chess::MAX_BOT_LEVEL {
        assert_eq!(bot(&game, level, 50_000), action("c1g5"), "level {level}");
    }
}

#[test]
fn a_winning_bot_mates_rather_than_stalemates() {
    // Qb6 would stalemate the king on a8; the bot must find a way to mate instead.
    let mut game = game(config("k7/8/8/2K5/8/8/8/1Q6 w - - 0 1"));
    for _ in 0..20 {
        if game.outcome().is_some() {
            break;
        }
        let action = if mover(&game) == Seat::FIRST {
            bot(&game, Chess::MAX_BOT_LEVEL, 50_000)
        } else {
            game.legal_moves(Seat::SECOND).into_iter().find(|a| matches!(a, Action::Move { .. })).unwrap()
        };
        game.apply(mover(&game), &action).unwrap();
    }
    assert!(
        matches!(game.outcome(), Some(Outcome::Win { winner: Seat::FIRST, reason: WinReason::Checkmate, .. })),
        "{:?} in {}",
        game.outcome(),
        fen_of(&game)
    );
}

#[test]
fn a_stopped_bot_answers_with_a_legal_move_at_every_level() {
    let stop = std::sync::atomic::AtomicBool::new(true);
    let game = played(Config::default(), "e2e4 c7c5 g1f3");
    for level in 1..=Chess::MAX_BOT_LEVEL {
        let action = game.bot_action(Seat::SECOND, level, SearchBudget::new(u64::MAX, &stop)).unwrap();
        assert!(game.legal_moves(Seat::SECOND).contains(&action), "level {level}: {action:?}");
    }
    let analysis = game.analyse(Seat::SECOND, SearchBudget::new(u64::MAX, &stop)).unwrap();
    assert_eq!(analysis.score, crate::engine::Score::Unknown);
    assert!(analysis.line.is_empty());
}
