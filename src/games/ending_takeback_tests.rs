//! Taking back the move that ended a game, where the configuration allows it
//! ([`PlayOptions::ending_takeback_ms`](crate::engine::PlayOptions::ending_takeback_ms)), in
//! every kind that offers the choice.

use super::{GameConfig, GameKind};
use crate::engine::{Action, AnyMatch, Reason, Seat, Turn, Viewer};

/// A window, which the rules do not time.
const WINDOW_MS: u64 = 60_000;

/// `config` with takebacks and their consent as asked, and the ending takeback window.
fn configured(kind: GameKind, consent: bool) -> Option<GameConfig> {
    let config = kind.info().default_config.allowing_takebacks();
    let config = if consent { config.with_takeback_consent()? } else { config };
    config.with_ending_takeback(WINDOW_MS)
}

/// Plays a legal move of the seat to act (a seeded walk through its list, so that games
/// end in more than one way) until the rules end the game.
fn played_to_its_end(config: &GameConfig, seed: usize) -> Box<dyn AnyMatch> {
    let mut game = config.new_match().unwrap();
    for ply in 0..2_000 {
        if game.outcome().is_some() {
            return game;
        }
        let seat = game.to_act()[0];
        let moves: Vec<Action> = game.legal_moves(seat).into_iter().filter(|action| !action.is_draw_talk()).collect();
        let action = moves[(seed * 31 + ply * 7) % moves.len()].clone();
        game.play(&Turn::Move(seat, action)).unwrap();
    }
    panic!("{:?} did not end in 2,000 plies", config.kind());
}

/// The match that `game`'s history replays to and the one its snapshot restores to are
/// `game` itself.
fn assert_replays_and_restores(config: &GameConfig, game: &dyn AnyMatch) {
    assert!(config.replay(game.history()).unwrap().same_state(game), "{:?}: the replay differs", config.kind());
    assert!(config.restore(&game.snapshot()).unwrap().same_state(game), "{:?}: the restore differs", config.kind());
}

#[test]
fn the_move_that_ended_a_game_is_taken_back_by_its_mover_and_the_game_goes_on() {
    for kind in GameKind::ALL.iter().copied() {
        let Some(config) = configured(kind, false) else {
            assert_eq!(kind, GameKind::PegSolitaire, "only the puzzle, which holds no such choice, lacks it");
            continue;
        };
        for seed in 0..3 {
            let mut game = played_to_its_end(&config, seed);
            let (mover, last) = match game.history().last() {
                Some(Turn::Move(seat, action)) => (*seat, action.clone()),
                other => panic!("{kind:?}: ended by {other:?}"),
            };
            if kind == GameKind::Battleship {
                // The last shot showed its mover a hit: never taken back, end or not.
                let refused = game.play(&Turn::TakeBack(mover)).unwrap_err();
                assert_eq!(refused.reason, Reason::TakebackNotAllowed, "{kind:?}");
                continue;
            }
            assert!(game.end_reopenable(), "{kind:?}");
            if game.seat_count() == 2 {
                let before = game.snapshot();
                let other = game.play(&Turn::TakeBack(mover.opponent())).unwrap_err();
                assert_eq!(other.reason, Reason::NothingToTakeBack, "{kind:?}: not the other seat's to take back");
                assert_eq!(game.snapshot(), before, "{kind:?}: a refusal changes nothing");
            }
            let moves = game.move_count();
            game.play(&Turn::TakeBack(mover)).unwrap_or_else(|e| panic!("{kind:?}: {e}"));
            assert_eq!(game.outcome(), None, "{kind:?}: in progress again");
            assert_eq!(game.move_count(), moves - 1, "{kind:?}");
            assert!(game.to_act().contains(&mover), "{kind:?}: the mover is to move again");
            assert_replays_and_restores(&config, game.as_ref());
            // Played again, it ends the game again, and the end may again be taken back.
            game.play(&Turn::Move(mover, last)).unwrap();
            assert!(game.outcome().is_some() && game.end_reopenable(), "{kind:?}");
        }
    }
}

#[test]
fn with_consent_the_other_seat_accepts_and_the_game_goes_on_or_declines_and_the_end_is_final() {
    let config = configured(GameKind::TicTacToe, true).unwrap();
    let (x, o) = (Seat::FIRST, Seat::SECOND);
    let mut won = config.new_match().unwrap();
    for (seat, row, column) in [(x, 0, 0), (o, 1, 0), (x, 0, 1), (o, 1, 1), (x, 0, 2)] {
        won.play(&Turn::Move(seat, Action::place(row, column))).unwrap();
    }
    assert!(won.outcome().is_some());
    assert_eq!(won.play(&Turn::TakeBack(x)).unwrap_err().reason, Reason::TakebackNotAllowed, "ask instead");
    won.play(&Turn::RequestTakeBack(x)).unwrap();
    assert_eq!(won.view(Viewer::Spectator).takeback_request, Some(x), "the request is shown");
    assert!(won.end_reopenable());

    let mut accepted = won.clone_box();
    accepted.play(&Turn::AnswerTakeBack { seat: o, accept: true }).unwrap();
    assert_eq!(accepted.outcome(), None);
    assert_eq!(accepted.to_act(), vec![x]);
    assert_replays_and_restores(&config, accepted.as_ref());

    let mut declined = won.clone_box();
    declined.play(&Turn::AnswerTakeBack { seat: o, accept: false }).unwrap();
    assert!(declined.outcome().is_some());
    assert!(!declined.end_reopenable(), "declined: the end is final");
    assert_eq!(declined.view(Viewer::Spectator).takeback_request, None);
    assert_eq!(declined.play(&Turn::RequestTakeBack(x)).unwrap_err().reason, Reason::GameOver);
    assert_replays_and_restores(&config, declined.as_ref());
}

#[test]
fn an_end_outside_the_rules_or_without_the_choice_is_final() {
    let (x, o) = (Seat::FIRST, Seat::SECOND);
    // Without the window, as before.
    let plain = GameKind::TicTacToe.info().default_config.allowing_takebacks();
    let mut game = plain.new_match().unwrap();
    for (seat, row, column) in [(x, 0, 0), (o, 1, 0), (x, 0, 1), (o, 1, 1), (x, 0, 2)] {
        game.play(&Turn::Move(seat, Action::place(row, column))).unwrap();
    }
    assert!(!game.end_reopenable());
    assert_eq!(game.play(&Turn::TakeBack(x)).unwrap_err().reason, Reason::GameOver);
    // With it: a resignation is no move of the rules' to take back.
    let config = configured(GameKind::TicTacToe, false).unwrap();
    let mut resigned = config.new_match().unwrap();
    resigned.play(&Turn::Move(x, Action::place(0, 0))).unwrap();
    resigned.play(&Turn::Resign(o)).unwrap();
    assert!(!resigned.end_reopenable());
    assert_eq!(resigned.play(&Turn::TakeBack(x)).unwrap_err().reason, Reason::GameOver);
    // Nor an agreement to draw.
    let offering = config.clone().allowing_draw_offers().unwrap();
    let mut agreed = offering.new_match().unwrap();
    agreed.play(&Turn::Move(x, Action::OfferDraw)).unwrap();
    agreed.play(&Turn::Move(x, Action::place(0, 0))).unwrap();
    agreed.play(&Turn::Move(o, Action::AcceptDraw)).unwrap();
    assert!(agreed.outcome().is_some() && !agreed.end_reopenable());
    assert_eq!(agreed.play(&Turn::TakeBack(x)).unwrap_err().reason, Reason::GameOver);
}
