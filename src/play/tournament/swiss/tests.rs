//! The pairing against hand-made rounds and over random tournaments.

use std::collections::{HashMap, HashSet};

use proptest::prelude::*;

use super::colours::Colour::{self, Black, White};
use super::colours::Colours;
use super::*;

/// A tournament being simulated: each player's card, updated round by round.
struct Simulation {
    cards: Vec<Card>,
    rounds: u32,
}

impl Simulation {
    fn new(players: u32, rounds: u32) -> Simulation {
        let cards = (1..=players).map(|number| Card { number, score: 0, rounds: vec![], floats: vec![] }).collect();
        Simulation { cards, rounds }
    }

    fn setup(&self) -> RoundSetup {
        let round = self.cards[0].rounds.len() as u32 + 1;
        RoundSetup { round, rounds: self.rounds, win: 2, initial: White }
    }

    /// Pairs the next round and plays it, each game's result from `results`
    /// (0: White wins, 1: draw, 2: Black wins).
    fn play(&mut self, results: &mut impl Iterator<Item = u8>) -> Option<Pairing> {
        let pairing = pair(&self.cards, &self.setup())?;
        let score: HashMap<u32, u32> = self.cards.iter().map(|c| (c.number, c.score)).collect();
        let index = |number: u32| number as usize - 1;
        for &(white, black) in &pairing.boards {
            let (w, b) = match results.next().unwrap_or(1) {
                0 => (2, 0),
                1 => (1, 1),
                _ => (0, 2),
            };
            let float = |me: u32, them: u32| match score[&me].cmp(&score[&them]) {
                std::cmp::Ordering::Greater => Some(Float::Down),
                std::cmp::Ordering::Less => Some(Float::Up),
                std::cmp::Ordering::Equal => None,
            };
            for (me, them, colour, points) in [(white, black, White, w), (black, white, Black, b)] {
                let card = &mut self.cards[index(me)];
                card.rounds.push(Played::Game { opponent: them, colour });
                card.floats.push(float(me, them));
                card.score += points;
            }
        }
        if let Some(bye) = pairing.bye {
            let card = &mut self.cards[index(bye)];
            card.rounds.push(Played::NoGame { point: true });
            card.floats.push(Some(Float::Down));
            card.score += 2;
        }
        Some(pairing)
    }
}

#[test]
fn the_first_round_pairs_the_upper_half_against_the_lower_alternating_colours() {
    let simulation = Simulation::new(8, 5);
    let pairing = pair(&simulation.cards, &simulation.setup()).unwrap();
    assert_eq!(pairing.boards, [(1, 5), (6, 2), (3, 7), (8, 4)]);
    assert_eq!(pairing.bye, None);
    let odd = Simulation::new(7, 5);
    let pairing = pair(&odd.cards, &odd.setup()).unwrap();
    assert_eq!(pairing.boards, [(1, 4), (5, 2), (3, 6)]);
    assert_eq!(pairing.bye, Some(7), "the lowest player has the bye");
}

#[test]
fn the_second_round_pairs_within_score_groups_and_alternates_colours() {
    let mut simulation = Simulation::new(8, 5);
    // Round 1: 1-5 1-0, 6-2 0-1, 3-7 1-0, 8-4 0-1: winners 1, 2, 3, 4; losers 5, 6, 7, 8.
    let played = simulation.play(&mut [0, 2, 0, 2].into_iter()).unwrap();
    assert_eq!(played.boards, [(1, 5), (6, 2), (3, 7), (8, 4)]);
    let pairing = simulation.play(&mut std::iter::empty()).unwrap();
    // Winners 1 to 4: 1-3 and 2-4 (the halves in order) would deny two players their
    // colour (1 and 3 had White, 2 and 4 Black); the first transposition, 1-4 and 2-3,
    // denies none (C10 before section D's order). Losers likewise: 5-8 and 6-7.
    assert_eq!(pairing.boards, [(4, 1), (2, 3), (5, 8), (7, 6)]);
}

#[test]
fn the_bye_goes_to_the_lowest_score_not_to_a_player_moved_down() {
    let mut simulation = Simulation::new(5, 3);
    // Round 1: 1-3 1-0, 4-2 0-1, 5 the bye: 1, 2 and 5 on a point, 3 and 4 on none.
    let first = simulation.play(&mut [0, 2].into_iter()).unwrap();
    assert_eq!((first.boards.as_slice(), first.bye), ([(1, 3), (4, 2)].as_slice(), Some(5)));
    let second = simulation.play(&mut std::iter::empty()).unwrap();
    // 5, whose bye was a float down, is paired in the top bracket rather than floating again
    // (C12); 2 floats down and meets 3 (it met 4); 4, on no points, has the bye.
    assert_eq!((second.boards.as_slice(), second.bye), ([(5, 1), (2, 3)].as_slice(), Some(4)));
}

/// Every perfect matching of `n` players (indices), for brute force.
fn matchings(players: &[usize]) -> Vec<Vec<(usize, usize)>> {
    if players.is_empty() {
        return vec![vec![]];
    }
    let first = players[0];
    let mut all = Vec::new();
    for k in 1..players.len() {
        let rest: Vec<usize> = players[1..].iter().copied().filter(|p| *p != players[k]).collect();
        for mut m in matchings(&rest) {
            m.push((first, players[k]));
            all.push(m);
        }
    }
    all
}

/// For a pairing, for each score from the highest down, how many pairs it makes among the
/// players on that score or above: FIDE's C5, bracket after bracket, maximises these in
/// turn (a bracket being its score group and the players moved down from above).
fn pairs_in_groups(cards: &[Card], pairs: &[(u32, u32)]) -> Vec<usize> {
    let score: HashMap<u32, u32> = cards.iter().map(|c| (c.number, c.score)).collect();
    let mut scores: Vec<u32> = cards.iter().map(|c| c.score).collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    scores.dedup();
    scores.iter().map(|s| pairs.iter().filter(|(a, b)| score[a] >= *s && score[b] >= *s).count()).collect()
}

fn allowed(cards: &[Card], setup: &RoundSetup, a: u32, b: u32) -> bool {
    let card = |n: u32| cards.iter().find(|c| c.number == n).unwrap();
    let (x, y) = (card(a), card(b));
    let met = x.rounds.iter().any(|p| matches!(p, Played::Game { opponent, .. } if *opponent == b));
    let colours = |c: &Card| {
        Colours(
            c.rounds
                .iter()
                .filter_map(|p| if let Played::Game { colour, .. } = p { Some(*colour) } else { None })
                .collect(),
        )
    };
    let absolute = |c: &Card| colours(c).preference().filter(|p| p.strength == Strength::Absolute).map(|p| p.colour);
    let top = |c: &Card| setup.round == setup.rounds && c.score * 2 > (setup.round - 1) * setup.win;
    let clash = absolute(x).is_some() && absolute(x) == absolute(y) && !top(x) && !top(y);
    !met && !clash
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random tournaments: nobody meets anyone twice, nobody has two byes, every player
    /// is paired or has the bye, non-topscorers keep their colours within the absolute
    /// rules, and each round's pairs within score groups are as many, top group first, as
    /// the best pairing allowed (brute force over small fields).
    #[test]
    fn random_tournaments_keep_the_absolute_rules_and_the_score_groups(
        players in 2u32..=11,
        results in proptest::collection::vec(0u8..3, 80),
    ) {
        let rounds = (players - 1).min(6);
        let mut simulation = Simulation::new(players, rounds);
        let mut results = results.into_iter();
        let mut met: HashSet<(u32, u32)> = HashSet::new();
        let mut byes: HashSet<u32> = HashSet::new();
        for _ in 0..rounds {
            let cards = simulation.cards.clone();
            let setup = simulation.setup();
            let Some(pairing) = simulation.play(&mut results) else { break };
            let mut seen: Vec<u32> = pairing.boards.iter().flat_map(|(w, b)| [*w, *b]).chain(pairing.bye).collect();
            seen.sort_unstable();
            prop_assert_eq!(seen, (1..=players).collect::<Vec<_>>());
            prop_assert_eq!(pairing.bye.is_some(), players % 2 == 1);
            for (w, b) in &pairing.boards {
                prop_assert!(met.insert(((*w).min(*b), (*w).max(*b))), "{} and {} met twice", w, b);
                prop_assert!(allowed(&cards, &setup, *w, *b));
            }
            if let Some(bye) = pairing.bye {
                prop_assert!(byes.insert(bye), "{} had a second bye", bye);
            }
            // Bracket by bracket: with the pairs of the brackets above kept (the pairs among
            // the players on the score above or higher), no pairing makes more pairs in this
            // one, among the pairings that give the bye to a player on the lowest score that
            // can have it (which the 2025 rules weigh before the downfloaters).
            let ours = pairs_in_groups(&cards, &pairing.boards);
            let numbers: Vec<usize> = (1..=players as usize).collect();
            let candidates: Vec<usize> = if players % 2 == 1 { numbers.iter().copied().chain([0]).collect() } else { numbers };
            let complete: Vec<Vec<(usize, usize)>> = matchings(&candidates)
                .into_iter()
                .filter(|m| m.iter().all(|&(a, b)| {
                    if a == 0 || b == 0 {
                        let p = a.max(b) as u32;
                        !cards[p as usize - 1].rounds.iter().any(|r| matches!(r, Played::NoGame { point: true }))
                    } else {
                        allowed(&cards, &setup, a as u32, b as u32)
                    }
                }))
                .collect();
            let bye_score = |m: &Vec<(usize, usize)>| {
                m.iter().find(|(a, b)| *a == 0 || *b == 0).map(|(a, b)| cards[a.max(b) - 1].score)
            };
            let lowest_bye = complete.iter().map(bye_score).min().flatten();
            prop_assert_eq!(pairing.bye.map(|b| cards[b as usize - 1].score), lowest_bye);
            let valid: Vec<Vec<(u32, u32)>> = complete
                .iter()
                .filter(|m| bye_score(m) == lowest_bye)
                .map(|m| m.iter().filter(|(a, b)| *a != 0 && *b != 0).map(|(a, b)| ((*a).min(*b) as u32, (*a).max(*b) as u32)).collect())
                .collect();
            let mut scores: Vec<u32> = cards.iter().map(|c| c.score).collect();
            scores.sort_unstable_by(|a, b| b.cmp(a));
            scores.dedup();
            let score: HashMap<u32, u32> = cards.iter().map(|c| (c.number, c.score)).collect();
            let ours_pairs: Vec<(u32, u32)> = pairing.boards.iter().map(|(w, b)| ((*w).min(*b), (*w).max(*b))).collect();
            for (level, made) in ours.iter().enumerate() {
                let kept: Vec<(u32, u32)> = match level.checked_sub(1) {
                    None => vec![],
                    Some(above) => ours_pairs.iter().copied().filter(|(a, b)| score[a] >= scores[above] && score[b] >= scores[above]).collect(),
                };
                let best = valid
                    .iter()
                    .filter(|m| kept.iter().all(|pair| m.contains(pair)))
                    .map(|m| pairs_in_groups(&cards, m)[level])
                    .max();
                prop_assert_eq!(Some(*made), best, "bracket {} of {:?}", level, scores);
            }
        }
        for card in &simulation.cards {
            let colours = Colours(card.rounds.iter().filter_map(|p| if let Played::Game { colour, .. } = p { Some(*colour) } else { None }).collect());
            let played = colours.0.len();
            // Absolute rules can only be broken in the last round, by topscorers.
            let before_last: Vec<Colour> = colours.0.iter().copied().take(played.saturating_sub(1)).collect();
            prop_assert!(Colours(before_last.clone()).difference().abs() <= 2);
            prop_assert!(!before_last.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]), "{:?}", before_last);
        }
    }
}
