//! Swiss pairings by the FIDE (Dutch) system, C.04.3, as its 2025 rules have them: players
//! meet others on the same score, the upper half of each score bracket against its lower
//! half, with the colour preferences, floats and byes the rules weigh.
//!
//! A round is paired bracket by bracket, from the highest score down, as the rules do
//! ([`bracket`]). Each bracket is a maximum-weight matching over its players and every
//! player not yet paired below it (the lower players are in the graph so that whatever the
//! bracket leaves can still be paired, C4), with edges only where the absolute criteria
//! allow a game (C1: no rematch; C2: no second bye; C3: no two non-topscorers wanting the
//! same colour absolutely) and weights that rank the quality criteria in the rules' order
//! ([`weights`]): the bye on the lowest score that can have it, the downfloaters fewest and
//! on the lowest scores, the next bracket's pairs, the bye to the player with the fewest
//! unplayed games, the topscorers' colours, the colour preferences and the strong ones, the
//! floats repeated from one and two rounds before, and their scores. Among the matchings
//! best on every criterion, section D's order decides: the moved-down players paired are
//! the highest, each against the highest resident it can meet; the remainder's exchanges
//! are the fewest, then the closest, then S1's lowest against S2's highest; then each S1
//! player has the highest S2 player it can have. Each of those choices is kept and checked
//! by matching again (most are already the matching's, and need none). Colours are then
//! given by the rules E.1 to E.5, the initial colour to the higher player of an odd number.
//!
//! The pairings are those of the FIDE-endorsed engine BBP Pairings, round by round, over
//! the tournaments in `tests/data/swiss` (the `reference` tests check them). Left out: Baku
//! acceleration is the caller's (its virtual points in the cards' scores); half-point byes
//! and a pairing-allocated bye worth less than a win are not modelled; forbidden pairs
//! other than earlier opponents are not modelled.

mod bracket;
pub mod cards;
pub mod colours;
mod weights;
mod wide;

use std::collections::HashSet;

use colours::{Colour, Colours, Preference, Side, Strength, allocate};

/// How one earlier round went for a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    /// A game against `opponent` (a pairing number) with `colour`.
    Game { opponent: u32, colour: Colour },
    /// No game. `point`: it scored without playing (a pairing-allocated bye, a win by
    /// forfeit), which bars it from the bye (C2).
    NoGame { point: bool },
}

/// A float: a player met someone on another score, or did not play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    /// It met a lower score, or had no game (A.4).
    Down,
    /// It met a higher score.
    Up,
}

/// A player's pairing card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// Its pairing number, from 1.
    pub number: u32,
    /// Its score for pairing, in half points.
    pub score: u32,
    /// Each earlier round, in order.
    pub rounds: Vec<Played>,
    /// Each earlier round's float, in order.
    pub floats: Vec<Option<Float>>,
}

/// The round to pair.
#[derive(Clone, Copy, Debug)]
pub struct RoundSetup {
    /// Its number, from 1.
    pub round: u32,
    /// How many rounds the tournament plays: the last round's topscorers (A.7) may meet
    /// despite their colours.
    pub rounds: u32,
    /// A win, in half points.
    pub win: u32,
    /// The colour the first board's higher player gets when nothing else decides (E.5).
    pub initial: Colour,
}

/// A round's pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// Each board's White and Black (pairing numbers), in board order: by the higher
    /// score on the board, then the sum of the two, then the higher player's rank.
    pub boards: Vec<(u32, u32)>,
    /// The player given the pairing-allocated bye, when the count is odd.
    pub bye: Option<u32>,
}

/// A player as the pairing reads its card.
struct Player<'a> {
    card: &'a Card,
    colours: Colours,
    preference: Option<Preference>,
    met: HashSet<u32>,
    /// Whether it may have the pairing-allocated bye: it never scored without playing a
    /// win's worth (C2).
    can_bye: bool,
    /// Whether it is a topscorer of the last round (more than half the points so far),
    /// whose colours the absolute criteria yield on (C3).
    topscorer: bool,
    /// How many games it played.
    played: usize,
}

impl<'a> Player<'a> {
    fn new(card: &'a Card, setup: &RoundSetup) -> Player<'a> {
        let colours = Colours(
            card.rounds
                .iter()
                .filter_map(|played| match played {
                    Played::Game { colour, .. } => Some(*colour),
                    Played::NoGame { .. } => None,
                })
                .collect(),
        );
        let met = card
            .rounds
            .iter()
            .filter_map(|played| match played {
                Played::Game { opponent, .. } => Some(*opponent),
                Played::NoGame { .. } => None,
            })
            .collect();
        let can_bye = !card.rounds.iter().any(|played| matches!(played, Played::NoGame { point: true }));
        let most = (setup.round - 1) * setup.win;
        let topscorer = setup.round == setup.rounds && card.score * 2 > most;
        let played = colours.0.len();
        Player { card, preference: colours.preference(), colours, met, can_bye, topscorer, played }
    }

    fn side(&self) -> Side<'_> {
        Side { number: self.card.number, colours: &self.colours }
    }

    fn score(&self) -> u32 {
        self.card.score
    }

    /// The colour it prefers, if any.
    fn wants(&self) -> Option<Colour> {
        self.preference.map(|p| p.colour)
    }

    fn strength(&self) -> Option<Strength> {
        self.preference.map(|p| p.strength)
    }

    /// Whether it wants its colour absolutely (A.6.a).
    fn absolute(&self) -> bool {
        self.strength() == Some(Strength::Absolute)
    }

    /// Whether its colour difference is beyond ±1.
    fn unbalanced(&self) -> bool {
        self.colours.difference().abs() > 1
    }

    /// The float it had `rounds` rounds ago.
    fn float_ago(&self, rounds: usize) -> Option<Float> {
        self.card.floats.len().checked_sub(rounds).and_then(|index| self.card.floats[index])
    }

    /// Whether it may meet `other` by the absolute criteria: not again (C1), and not when
    /// both want one colour absolutely, unless one is a topscorer (C3).
    fn may_meet(&self, other: &Player<'_>) -> bool {
        if self.met.contains(&other.card.number) {
            return false;
        }
        let clash = self.absolute() && other.absolute() && self.wants() == other.wants();
        !clash || self.topscorer || other.topscorer
    }
}

/// Pairs a round of `cards` (the players to pair: those who withdrew or are absent left
/// out), or `None` when no pairing meets the absolute criteria.
pub fn pair(cards: &[Card], setup: &RoundSetup) -> Option<Pairing> {
    let mut order: Vec<&Card> = cards.iter().collect();
    order.sort_by(|a, b| b.score.cmp(&a.score).then(a.number.cmp(&b.number)));
    let players: Vec<Player<'_>> = order.iter().map(|card| Player::new(card, setup)).collect();
    let partner = bracket::Round::new(&players, setup).pair()?;
    Some(boards(&players, &partner, setup))
}

/// The boards of a round whose partners are found (`None`: the bye), ordered, with their
/// colours.
fn boards(players: &[Player<'_>], partner: &[Option<usize>], setup: &RoundSetup) -> Pairing {
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut bye = None;
    for (rank, mate) in partner.iter().enumerate() {
        match mate {
            Some(other) if *other > rank => pairs.push((rank, *other)),
            None => bye = Some(players[rank].card.number),
            _ => {}
        }
    }
    let score = |rank: usize| players[rank].card.score;
    pairs.sort_by(|x, y| {
        let key = |(h, l): (usize, usize)| (std::cmp::Reverse(score(h)), std::cmp::Reverse(score(h) + score(l)), h);
        key(*x).cmp(&key(*y))
    });
    let boards = pairs
        .into_iter()
        .map(|(h, l)| {
            let (higher, lower) = (&players[h], &players[l]);
            match allocate(&higher.side(), &lower.side(), setup.initial) {
                Colour::White => (higher.card.number, lower.card.number),
                Colour::Black => (lower.card.number, higher.card.number),
            }
        })
        .collect();
    Pairing { boards, bye }
}

#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;
