//! The weight of an edge in a bracket's matching: the pairing criteria, most important
//! first, packed into one integer so that a maximum-weight matching is the best pairing
//! by the criteria taken in order (a lexicographic optimum, the way the endorsed Dutch
//! engines weigh their graphs).
//!
//! Each criterion is a reward an edge earns (a pair the rules want more of). A field holds
//! the sum of its rewards over a whole matching, so no sum of lower fields reaches one unit
//! of a higher one. Below the criteria sit two more fields: the section-D step being taken
//! (which opponent, which exchange), and, lowest, a guess at section D's order that only
//! spares the later steps most of their matchings. A field whose rewards are all 0 this
//! bracket, or equal to those of the pairs in the bracket on every edge, decides nothing
//! and takes no room.

use super::wide::Wide;

/// The quality criteria, most important first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(usize)]
pub enum Criterion {
    /// The round can be completed (every edge, 1), with the bye left to a player who may
    /// take it and is on the lowest score that can (1 more for each end that may not).
    Completion,
    /// The pairs made in the bracket: the fewest downfloaters.
    PairsInBracket,
    /// Those pairs by their higher player's score, highest first: the downfloaters'
    /// scores as low as can be.
    ScoresInBracket,
    /// The pairs the downfloaters and the next scoregroup can make in the next bracket.
    PairsInNext,
    /// Those pairs by their higher player's score.
    ScoresInNext,
    /// Matched players on the bye's score, more the fewer games they played: the bye goes
    /// to the one with the fewest unplayed games (C9 of the 2025 rules).
    ByeGames,
    /// Pairs that leave no topscorer beyond a colour difference of ±2.
    TopscorerDifference,
    /// Pairs that give no topscorer one colour three times in a row.
    TopscorerThird,
    /// Pairs that grant both colour preferences.
    Preference,
    /// Pairs that grant both strong colour preferences.
    StrongPreference,
    /// Players who floated down the round before and do not again.
    DownAgain,
    /// Pairs that float no player up who did the round before.
    UpAgain,
    /// As [`Criterion::DownAgain`], two rounds before.
    DownTwoRoundsAgo,
    /// As [`Criterion::UpAgain`], two rounds before.
    UpTwoRoundsAgo,
    /// [`Criterion::DownAgain`]'s players by their scores.
    DownAgainScores,
    /// [`Criterion::UpAgain`]'s pairs by their higher player's score.
    UpAgainScores,
    /// [`Criterion::DownTwoRoundsAgo`]'s players by their scores.
    DownTwoRoundsAgoScores,
    /// [`Criterion::UpTwoRoundsAgo`]'s pairs by their higher player's score.
    UpTwoRoundsAgoScores,
}

/// How many criteria there are.
pub const CRITERIA: usize = Criterion::UpTwoRoundsAgoScores as usize + 1;

/// An edge's rewards, by criterion.
pub type Rewards = [u128; CRITERIA];

/// Bits of `value`: the room a sum up to `value` needs.
pub fn bits(value: u128) -> u32 {
    u128::BITS - value.leading_zeros()
}

/// What one bracket's edges earn: each criterion's room and whether it is packed.
#[derive(Clone, Debug)]
pub struct Tally {
    /// The room a matching's sum needs, by criterion.
    pub room: [u32; CRITERIA],
    /// Whether some edge earns the criterion.
    used: [bool; CRITERIA],
    /// Whether some edge earns it otherwise than in a fixed proportion to what it earns on
    /// the criterion it refines ([`refines`]).
    differs: [bool; CRITERIA],
    /// That proportion, once an edge shows it.
    ratio: [Option<u128>; CRITERIA],
}

/// The more important criterion whose rewards `criterion` may only repeat in proportion
/// (its sum then follows from that one's, and decides nothing): a field earned by pairs in
/// the bracket refines their count, a score field its count.
fn refines(criterion: usize) -> Option<usize> {
    use Criterion::*;
    let refined = match criterion {
        c if c == ScoresInNext as usize => PairsInNext,
        c if c == DownAgainScores as usize => DownAgain,
        c if c == UpAgainScores as usize => UpAgain,
        c if c == DownTwoRoundsAgoScores as usize => DownTwoRoundsAgo,
        c if c == UpTwoRoundsAgoScores as usize => UpTwoRoundsAgo,
        c if c > PairsInBracket as usize && c != PairsInNext as usize && c != ByeGames as usize => PairsInBracket,
        _ => return None,
    };
    Some(refined as usize)
}

impl Tally {
    /// A tally with `room` for each criterion's sum, no edge seen yet.
    pub fn new(room: [u32; CRITERIA]) -> Tally {
        Tally { room, used: [false; CRITERIA], differs: [false; CRITERIA], ratio: [None; CRITERIA] }
    }

    /// Counts an edge's rewards.
    pub fn see(&mut self, rewards: &Rewards) {
        for (criterion, reward) in rewards.iter().enumerate() {
            self.used[criterion] |= *reward != 0;
            if self.differs[criterion] {
                continue;
            }
            let Some(refined) = refines(criterion) else {
                self.differs[criterion] = true;
                continue;
            };
            let base = rewards[refined];
            if base == 0 || reward % base != 0 {
                self.differs[criterion] |= *reward != 0;
                continue;
            }
            let ratio = *self.ratio[criterion].get_or_insert(reward / base);
            self.differs[criterion] |= ratio != reward / base;
        }
    }
}

/// Packs rewards into weights for one bracket's matchings.
#[derive(Clone, Debug)]
pub struct Packing {
    shifts: [Option<u32>; CRITERIA],
    /// Where the section-D step's field starts.
    step: u32,
    /// The bits every weight fits in.
    pub bits: u32,
}

impl Packing {
    /// A packing for the criteria `tally` saw, above a step field of `step` bits and a
    /// guess field of `guess` bits.
    pub fn new(tally: &Tally, step: u32, guess: u32) -> Packing {
        let mut shifts = [None; CRITERIA];
        let mut shift = guess + step;
        for criterion in (0..CRITERIA).rev() {
            let decides = tally.differs[criterion];
            if tally.used[criterion] && decides {
                shifts[criterion] = Some(shift);
                shift += tally.room[criterion];
            }
        }
        Packing { shifts, step: guess, bits: shift }
    }

    /// The weight of an edge with `rewards` and the `guess` at its section-D order.
    pub fn weight(&self, rewards: &Rewards, guess: u128) -> Wide {
        let mut weight = Wide::shifted(guess, 0);
        for (reward, shift) in rewards.iter().zip(self.shifts) {
            if let Some(shift) = shift
                && *reward != 0
            {
                weight += Wide::shifted(*reward, shift);
            }
        }
        weight
    }

    /// Whether the weights carry the guess at section D's order.
    pub fn guesses(&self) -> bool {
        self.step > 0
    }

    /// `weight` with `step` added in the section-D step's field.
    pub fn with_step(&self, weight: Wide, step: u128) -> Wide {
        weight + Wide::shifted(step, self.step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_higher_criterion_outweighs_every_lower_one_summed() {
        let pairs: u128 = 500;
        let mut room = [0; CRITERIA];
        let mut worst = [0; CRITERIA];
        for criterion in 0..CRITERIA {
            worst[criterion] = 3;
            room[criterion] = bits(3 * pairs);
        }
        let mut tally = Tally::new(room);
        let mut pairs_only = [0; CRITERIA];
        pairs_only[Criterion::PairsInBracket as usize] = 1;
        tally.see(&[1; CRITERIA]);
        tally.see(&pairs_only);
        let packing = Packing::new(&tally, 4, 4);
        let mut lower = worst;
        lower[0] = 0;
        let mut one = [0; CRITERIA];
        one[0] = 1;
        let times = |n: u128, w: Wide| (0..n).fold(Wide::default(), |sum, _| sum + w);
        // `pairs` edges as good as can be below the first criterion stay under one unit of it.
        assert!(times(pairs, packing.weight(&lower, 15)) < packing.weight(&one, 0));
    }

    #[test]
    fn criteria_that_decide_nothing_take_no_room() {
        let mut tally = Tally::new([5; CRITERIA]);
        let mut rewards = [0; CRITERIA];
        rewards[Criterion::Completion as usize] = 1;
        rewards[Criterion::PairsInBracket as usize] = 1;
        // Granting both preferences on every pair in the bracket says no more than the pairs.
        rewards[Criterion::Preference as usize] = 1;
        // Nor does a homogeneous bracket's score, the same on every pair.
        rewards[Criterion::ScoresInBracket as usize] = 4;
        tally.see(&rewards);
        let mut outside = [0; CRITERIA];
        outside[Criterion::Completion as usize] = 2;
        tally.see(&outside);
        let packing = Packing::new(&tally, 0, 0);
        assert_eq!(packing.bits, 10);
        // Preferences missed on some pairs decide something.
        rewards[Criterion::Preference as usize] = 0;
        tally.see(&rewards);
        assert_eq!(Packing::new(&tally, 0, 0).bits, 15);
    }
}
