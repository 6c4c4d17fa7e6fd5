//! Knockout brackets: where each seed starts, so that the best seeds meet as late as they
//! can (seeds 1 and 2 only in the final, two of 1 to 4 not before the semi-finals), and the
//! byes of a field short of a power of two go to the best seeds.

/// The bracket's first-round slots for `players` (at least 1), by seed: `slots[i]` is the
/// seed in slot `i`, or `None` for a bye; slots `2j` and `2j + 1` meet in the first round.
/// The bracket has the next power of two of slots.
pub fn first_round(players: u32) -> Vec<Option<u32>> {
    let size = players.max(1).next_power_of_two();
    seed_order(size).into_iter().map(|seed| (seed <= players).then_some(seed)).collect()
}

/// The order of seeds 1 to `size` (a power of two) down the bracket: built round by round
/// from the final, each seed `s` of a bracket of `n` meeting seed `n + 1 − s` in its first
/// round.
fn seed_order(size: u32) -> Vec<u32> {
    let mut order = vec![1];
    while (order.len() as u32) < size {
        let n = order.len() as u32 * 2;
        order = order.iter().flat_map(|&seed| [seed, n + 1 - seed]).collect();
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_eight_player_bracket_is_the_usual_one() {
        let seeds: Vec<u32> = first_round(8).into_iter().map(Option::unwrap).collect();
        assert_eq!(seeds, [1, 8, 4, 5, 2, 7, 3, 6]);
        let sixteen: Vec<u32> = first_round(16).into_iter().map(Option::unwrap).collect();
        assert_eq!(sixteen, [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]);
    }

    /// The round two seeds can first meet in: the round in which their slots fall in one
    /// half of a sub-bracket.
    fn meeting_round(slots: &[Option<u32>], a: u32, b: u32) -> u32 {
        let at = |seed| slots.iter().position(|slot| *slot == Some(seed)).unwrap();
        let (mut x, mut y, mut round) = (at(a), at(b), 1);
        while x / 2 != y / 2 {
            (x, y, round) = (x / 2, y / 2, round + 1);
        }
        round
    }

    #[test]
    fn the_best_seeds_meet_as_late_as_they_can_and_the_byes_go_to_them() {
        for players in 2..=100 {
            let slots = first_round(players);
            let rounds = slots.len().trailing_zeros();
            assert_eq!(slots.iter().flatten().count() as u32, players, "{players}: every seed once");
            let mut seeds: Vec<u32> = slots.iter().flatten().copied().collect();
            seeds.sort_unstable();
            assert_eq!(seeds, (1..=players).collect::<Vec<_>>());
            if players >= 2 {
                assert_eq!(meeting_round(&slots, 1, 2), rounds, "{players}: 1 and 2 in the final");
            }
            if players >= 4 {
                for (a, b) in [(1, 3), (1, 4), (2, 3), (2, 4)] {
                    let met = meeting_round(&slots, a, b);
                    assert!(met >= rounds - 1, "{players}: {a} and {b} meet in round {met} of {rounds}");
                }
            }
            // A bye's opponent is one of the best seeds, and no two byes meet.
            let byes = slots.len() as u32 - players;
            for pair in slots.chunks(2) {
                assert!(pair[0].is_some() || pair[1].is_some(), "{players}: two byes");
                if let [Some(seed), None] | [None, Some(seed)] = pair {
                    assert!(*seed <= byes, "{players}: seed {seed} has a bye though {byes} byes go to the best");
                }
            }
        }
    }
}
