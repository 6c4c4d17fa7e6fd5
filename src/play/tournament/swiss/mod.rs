//! Swiss pairings by the FIDE (Dutch) system, C.04.3: players meet others on the same
//! score, the upper half of each score bracket against its lower half, with the colour
//! preferences, floats and byes the rules weigh.
//!
//! A round is paired bracket by bracket, from the highest score down, as the rules do.
//! Each bracket is one maximum-weight matching over its players and every player below
//! it (the way the endorsed engines pair: the lower players are in the graph so that
//! whatever the bracket leaves can still be paired, C4), with edges only where the
//! absolute criteria allow a game (C1: no rematch; C2: no second bye; C3: no two
//! non-topscorers wanting the same colour absolutely) and weights that rank the quality
//! criteria C5 to C15 in their order, then the order in which section D tries pairings
//! ([`weights`]). The bracket's own pairs are kept; those of its players matched below
//! float down to the next bracket. Colours are then given by the rules E.1 to E.5.
//!
//! What this leaves out of C.04.3: the score differences of repeated floaters (C16 to
//! C19) are not weighed; C8 and C9, and C12 and C13, are weighed together; section D's
//! order is approached by the distance of each pair from the ideal halves rather than
//! followed transposition by transposition, so among pairings equal on every criterion
//! it may pick another than a hand pairing would.

pub mod cards;
pub mod colours;
mod weights;

use std::collections::HashSet;

use colours::{Colour, Colours, Side, Strength, allocate};
use weights::{BOUNDS, CRITERIA, Criterion, Packing, Penalties};

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
    by_round: Vec<Option<Colour>>,
    colours: Colours,
    met: HashSet<u32>,
    can_bye: bool,
    topscorer: bool,
    /// The colour it wants absolutely, if it does (C3).
    absolute: Option<Colour>,
}

impl<'a> Player<'a> {
    fn new(card: &'a Card, setup: &RoundSetup) -> Player<'a> {
        let by_round: Vec<Option<Colour>> = card
            .rounds
            .iter()
            .map(|played| match played {
                Played::Game { colour, .. } => Some(*colour),
                Played::NoGame { .. } => None,
            })
            .collect();
        let colours = Colours(by_round.iter().flatten().copied().collect());
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
        let topscorer = setup.round == setup.rounds && setup.round > 1 && card.score * 2 > most;
        let absolute = colours.preference().filter(|p| p.strength == Strength::Absolute).map(|p| p.colour);
        Player { card, by_round, colours, met, can_bye, topscorer, absolute }
    }

    fn side(&self) -> Side<'_> {
        Side { number: self.card.number, rounds: &self.by_round, colours: &self.colours }
    }

    fn float_ago(&self, rounds: usize) -> Option<Float> {
        self.card.floats.len().checked_sub(rounds).and_then(|index| self.card.floats[index])
    }
}

/// A vertex of a bracket's graph: a player (its rank) or the bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Vertex {
    Player(usize),
    Bye,
}

/// Pairs a round of `cards` (the players to pair: those who withdrew left out), or `None`
/// when no pairing meets the absolute criteria (every player has met every other it could).
pub fn pair(cards: &[Card], setup: &RoundSetup) -> Option<Pairing> {
    let mut order: Vec<&Card> = cards.iter().collect();
    order.sort_by(|a, b| b.score.cmp(&a.score).then(a.number.cmp(&b.number)));
    let players: Vec<Player<'_>> = order.iter().map(|card| Player::new(card, setup)).collect();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (rank, player) in players.iter().enumerate() {
        match groups.last_mut() {
            Some(group) if players[group[0]].card.score == player.card.score => group.push(rank),
            _ => groups.push(vec![rank]),
        }
    }
    let odd = players.len() % 2 == 1;
    let mut partner: Vec<Option<Vertex>> = vec![None; players.len()];
    let mut movers: Vec<usize> = Vec::new();
    for (index, group) in groups.iter().enumerate() {
        let last = index + 1 == groups.len();
        let mut bracket: Vec<Vertex> = movers.iter().chain(group).map(|rank| Vertex::Player(*rank)).collect();
        let mut lower: Vec<Vertex> = groups[index + 1..].iter().flatten().map(|rank| Vertex::Player(*rank)).collect();
        if odd {
            if last { bracket.push(Vertex::Bye) } else { lower.push(Vertex::Bye) }
        }
        let next: HashSet<usize> = groups.get(index + 1).into_iter().flatten().copied().collect();
        let bye_is_next = odd && index + 2 == groups.len();
        let graph = Bracket::new(&players, setup, movers.len(), &bracket);
        let vertices: Vec<Vertex> = bracket.iter().chain(&lower).copied().collect();
        let in_next = |vertex: Vertex| match vertex {
            Vertex::Player(rank) => next.contains(&rank),
            Vertex::Bye => bye_is_next,
        };
        let mates = graph.matching(&vertices, bracket.len(), &in_next)?;
        movers.clear();
        for (position, vertex) in bracket.iter().enumerate() {
            let Vertex::Player(rank) = *vertex else { continue };
            let mate = mates[position];
            if mate < bracket.len() {
                partner[rank] = Some(vertices[mate]);
            } else {
                movers.push(rank);
            }
        }
    }
    Some(boards(&players, &partner, setup))
}

/// One bracket's graph.
struct Bracket<'a, 'b> {
    players: &'a [Player<'b>],
    setup: &'a RoundSetup,
    /// How many of the bracket's first players moved down from above (the bracket is its
    /// movers, then its residents in rank order, then the bye if it is the last and the
    /// count odd).
    movers: usize,
    /// How many of its players are residents.
    residents: usize,
    /// By rank, for the bracket's players: how many of the bracket's scores are below the
    /// player's (0 for a resident, more for a player moved down from higher).
    levels: Vec<usize>,
}

impl<'a, 'b> Bracket<'a, 'b> {
    /// The graph of `bracket` (`movers` moved down, then residents), whose facts every edge
    /// reads worked out once.
    fn new(players: &'a [Player<'b>], setup: &'a RoundSetup, movers: usize, bracket: &'a [Vertex]) -> Self {
        let ranks: Vec<usize> = bracket
            .iter()
            .filter_map(|v| match v {
                Vertex::Player(rank) => Some(*rank),
                Vertex::Bye => None,
            })
            .collect();
        // Scores in the bracket run downwards, movers first.
        let mut scores: Vec<u32> = ranks.iter().map(|rank| players[*rank].card.score).collect();
        scores.dedup();
        let mut levels = vec![0; players.len()];
        for rank in &ranks {
            let score = players[*rank].card.score;
            levels[*rank] = scores.iter().filter(|s| **s < score).count();
        }
        Bracket { players, setup, movers, residents: ranks.len() - movers, levels }
    }
}

impl Bracket<'_, '_> {
    /// The best matching of `vertices` (the bracket's `inside` first, then every vertex
    /// below), as the partner's position of each; `None` when none pairs everyone.
    fn matching(&self, vertices: &[Vertex], inside: usize, in_next: &dyn Fn(Vertex) -> bool) -> Option<Vec<usize>> {
        let count = vertices.len();
        let mut penalties: Vec<Option<Penalties>> = vec![None; count * count];
        let mut used = [0u8; CRITERIA];
        for a in 0..count {
            for b in a + 1..count {
                let edge = self.penalties(vertices, inside, a, b, in_next);
                if let Some(found) = edge {
                    for (most, penalty) in used.iter_mut().zip(found) {
                        *most = (*most).max(penalty);
                    }
                }
                penalties[a * count + b] = edge;
            }
        }
        let packing = Packing::new(count / 2, &used);
        let weights: Vec<i128> = penalties.iter().map(|edge| edge.map_or(0, |p| packing.weight(&p))).collect();
        drop(penalties);
        let mates = integer_blossom::max_weight_matching(&weights, count);
        mates.into_iter().collect()
    }

    /// What pairing `vertices[a]` with `vertices[b]` (`a < b`) costs on each criterion;
    /// `None` when the absolute criteria forbid it.
    fn penalties(
        &self,
        vertices: &[Vertex],
        inside: usize,
        a: usize,
        b: usize,
        in_next: &dyn Fn(Vertex) -> bool,
    ) -> Option<Penalties> {
        let mut penalty = [0u8; CRITERIA];
        let mut set = |criterion: Criterion, value: usize| {
            let bound = BOUNDS[criterion as usize];
            penalty[criterion as usize] = value.min(usize::from(bound)) as u8;
        };
        let players = self.players;
        // A player's place in the bracket counted from its foot (0: the lowest player).
        let from_foot = |position: usize| self.movers + self.residents - 1 - position;
        match (vertices[a], vertices[b]) {
            (Vertex::Player(x), Vertex::Player(y)) => {
                let (p, q) = (&players[x], &players[y]);
                if p.met.contains(&q.card.number) {
                    return None;
                }
                if let (Some(c), Some(d)) = (p.absolute, q.absolute)
                    && c == d
                    && !p.topscorer
                    && !q.topscorer
                {
                    return None;
                }
                if b < inside {
                    self.pair_penalties(a, b, x.min(y), x.max(y), &mut set);
                } else if a < inside {
                    // `x` floats down.
                    set(Criterion::Floater, 1);
                    set(Criterion::FloaterScore, self.levels[x]);
                    set(Criterion::Order, from_foot(a));
                    let again = |ago| usize::from(p.float_ago(ago) == Some(Float::Down));
                    set(Criterion::FloatAgain, again(1));
                    set(Criterion::FloatTwoRoundsAgo, again(2));
                    set(Criterion::NextBracket, usize::from(!in_next(vertices[b])));
                } else {
                    set(Criterion::Floater, 1);
                    set(Criterion::NextBracket, usize::from(!(in_next(vertices[a]) && in_next(vertices[b]))));
                }
            }
            (Vertex::Player(x), Vertex::Bye) | (Vertex::Bye, Vertex::Player(x)) => {
                let p = &players[x];
                if !p.can_bye {
                    return None;
                }
                let (position, other) = if vertices[a] == Vertex::Bye { (b, a) } else { (a, b) };
                let again = |ago| usize::from(p.float_ago(ago) == Some(Float::Down));
                if position < inside {
                    // The bye is a float down (A.4), from the last bracket too: C6 gives it
                    // to the lowest score there.
                    set(Criterion::Floater, 1);
                    set(Criterion::FloaterScore, self.levels[x]);
                    if other >= inside {
                        set(Criterion::NextBracket, usize::from(!in_next(Vertex::Bye)));
                    }
                    set(Criterion::Order, from_foot(position));
                    set(Criterion::FloatAgain, again(1));
                    set(Criterion::FloatTwoRoundsAgo, again(2));
                } else {
                    set(Criterion::Floater, 1);
                    set(Criterion::NextBracket, usize::from(!(in_next(vertices[position]) && in_next(Vertex::Bye))));
                }
            }
            (Vertex::Bye, Vertex::Bye) => unreachable!("one bye vertex"),
        }
        Some(penalty)
    }

    /// The penalties of a pair inside the bracket, between the players at positions `a`
    /// and `b` (`a < b`), ranked `higher` and `lower`.
    fn pair_penalties(&self, a: usize, b: usize, higher: usize, lower: usize, set: &mut impl FnMut(Criterion, usize)) {
        let (p, q) = (&self.players[higher], &self.players[lower]);
        let colour = allocate(&p.side(), &q.side(), self.setup.initial);
        let given = [(p, colour), (q, colour.opposite())];
        let mut topscorer = 0;
        let (mut missed, mut missed_strong) = (0, 0);
        for (player, got) in given {
            if p.topscorer || q.topscorer {
                topscorer += usize::from(player.colours.difference_after(got).abs() > 2);
                topscorer += usize::from(player.colours.third_in_a_row(got));
            }
            if let Some(preference) = player.colours.preference()
                && preference.colour != got
            {
                missed += 1;
                missed_strong += usize::from(preference.strength >= Strength::Strong);
            }
        }
        set(Criterion::TopscorerColours, topscorer);
        set(Criterion::Colour, missed);
        set(Criterion::StrongColour, missed_strong);
        if p.card.score != q.card.score {
            let again = |ago| {
                usize::from(p.float_ago(ago) == Some(Float::Down)) + usize::from(q.float_ago(ago) == Some(Float::Up))
            };
            set(Criterion::FloatAgain, again(1));
            set(Criterion::FloatTwoRoundsAgo, again(2));
        }
        set(Criterion::Order, self.order(a, b));
    }

    /// Section D's order for a pair inside the bracket at positions `a < b`: movers meet the
    /// highest residents in order (S1 the movers, S2 the residents), then the residents left
    /// split into an upper half S1 and a lower half S2. A pair of S1 and S2 costs how far
    /// its S2 player is from the S1 player's own (a transposition); a pair within one half
    /// costs more than any transposition (an exchange).
    fn order(&self, a: usize, b: usize) -> usize {
        const EXCHANGE: usize = 64;
        let (movers, residents) = (self.movers, self.residents);
        if b < movers {
            return EXCHANGE + (b - a);
        }
        if a < movers {
            return (b - movers).abs_diff(a).min(EXCHANGE - 1);
        }
        let paired_movers = movers.min(residents);
        let (i, j) = (a - movers, b - movers);
        let (start, size) =
            if i >= paired_movers { (paired_movers, residents - paired_movers) } else { (0, residents) };
        let half = size / 2;
        let (i, j) = (i - start.min(i), j - start.min(j));
        if i < half && j >= half {
            (j - half).abs_diff(i).min(EXCHANGE - 1)
        } else {
            EXCHANGE + (j - i).min(EXCHANGE - 1)
        }
    }
}

/// The boards of a round whose partners are found, ordered, with their colours.
fn boards(players: &[Player<'_>], partner: &[Option<Vertex>], setup: &RoundSetup) -> Pairing {
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut bye = None;
    for (rank, mate) in partner.iter().enumerate() {
        match mate {
            Some(Vertex::Player(other)) if *other > rank => pairs.push((rank, *other)),
            Some(Vertex::Bye) => bye = Some(players[rank].card.number),
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
mod tests;
