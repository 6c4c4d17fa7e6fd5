//! Test support: what the rules alone say about short tactics, by brute force over every
//! legal move, to check a game's engine against. Positions come from seeded random
//! playouts, so each game is checked on many positions no one had to draw by hand.

use std::sync::atomic::AtomicBool;

use super::bot::BotRng;
use super::{Match, Rules, SearchBudget, Seat};

/// Whether `seat` wins by force within `plies` plies from `game`: every move of every
/// seat is tried, a seat that acts again (a Morris capture) tries its next move too.
pub fn wins_by_force<G: Rules>(game: &Match<G>, seat: Seat, plies: u32) -> bool {
    if let Some(outcome) = game.outcome() {
        return outcome.winner() == Some(seat);
    }
    if plies == 0 {
        return false;
    }
    let Some(&mover) = game.to_act().first() else { return false };
    let mut outcomes = game.legal_moves(mover).into_iter().map(|action| {
        let mut next = game.clone();
        next.apply(mover, &action).expect("a listed move is accepted");
        wins_by_force(&next, seat, plies - 1)
    });
    if mover == seat { outcomes.any(|won| won) } else { outcomes.all(|won| won) }
}

/// What [`check_tactics`] saw.
#[derive(Debug, Default)]
pub struct Checked {
    /// Positions with a win in exactly three plies (not one), whose win the engine kept.
    pub wins: usize,
    /// Positions where the opponent threatened to win at once, and the engine parried.
    pub parries: usize,
}

/// Plays `games` seeded random games of `config` and, in each of their first `plies`
/// positions, checks
/// the engine's analysis (`nodes` positions) for the seat to act: where that seat wins by
/// force in three plies but not in one, the suggested move keeps the forced win; where
/// the seat has no immediate win but the opponent would win at once (within two plies:
/// its move, and its capture if the move earns one) after some of its moves and not after
/// others, the suggested move leaves the opponent no such win.
pub fn check_tactics<G: Rules>(config: G::Config, games: u64, plies: u32, nodes: u64) -> Checked {
    let go = AtomicBool::new(false);
    let mut checked = Checked::default();
    for seed in 0..games {
        let mut rng = BotRng::new(seed);
        let mut game = Match::<G>::new(config.clone()).expect("a valid configuration");
        while game.outcome().is_none() && game.move_count() < plies {
            let seat = game.to_act()[0];
            let moves = game.legal_moves(seat);
            if !wins_by_force(&game, seat, 1) {
                let after = |action: &super::Action| {
                    let mut next = game.clone();
                    next.apply(seat, action).expect("a listed move is accepted");
                    next
                };
                let suggested = || {
                    let analysis = game.analyse(seat, SearchBudget::new(nodes, &go)).expect("the seat is to act");
                    after(analysis.suggestion().expect("a move is suggested"))
                };
                if wins_by_force(&game, seat, 3) {
                    assert!(wins_by_force(&suggested(), seat, 2), "seed {seed}: the engine let a forced win go");
                    checked.wins += 1;
                } else {
                    // Within two plies: a Morris mill is closed and then captures with it;
                    // also when the move itself hands the opponent the game (a Tic-Tac-Two
                    // shift completing only its line).
                    let opponent_wins_at_once = |next: &Match<G>| wins_by_force(next, seat.opponent(), 2);
                    let threats = moves.iter().filter(|a| opponent_wins_at_once(&after(a))).count();
                    if threats > 0 && threats < moves.len() {
                        assert!(!opponent_wins_at_once(&suggested()), "seed {seed}: the engine left a win at once");
                        checked.parries += 1;
                    }
                }
            }
            let action = rng.choose(&moves).expect("a seat to act has a move").clone();
            game.apply(seat, &action).expect("a listed move is accepted");
        }
    }
    checked
}
