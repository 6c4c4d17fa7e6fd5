//! The weight of an edge in a bracket's matching: the pairing criteria, most important
//! first, packed into one integer so that a maximum-weight matching is the best pairing
//! by the criteria taken in order (a lexicographic optimum, the way the endorsed Dutch
//! engines weigh their graphs).
//!
//! Each criterion is a penalty an edge carries, from 0 up to a bound. A field holds the
//! penalty with room above it for the sum over every edge of a matching (at most
//! `pairs` of them), so no sum of lower fields reaches one unit of a higher one. A field
//! whose penalties are all 0 this round takes no room.

/// The criteria, most important first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(usize)]
pub enum Criterion {
    /// C5: every edge that is not a pair inside the bracket (a player floats down).
    Floater,
    /// C6: the scores of the bracket's players left to float down.
    FloaterScore,
    /// C7: edges that make no pair in the next bracket.
    NextBracket,
    /// C8 and C9: topscorers (or their opponents) whose colour difference goes beyond ±2,
    /// or who get one colour a third time in a row.
    TopscorerColours,
    /// C10: players not given their colour preference.
    Colour,
    /// C11: players not given their strong (or absolute) colour preference.
    StrongColour,
    /// C12 and C13: players floating down, or up, again as in the round before.
    FloatAgain,
    /// C14 and C15: players floating the same way as two rounds before.
    FloatTwoRoundsAgo,
    /// The order the Dutch system tries pairings in (its section D): the bracket's upper
    /// half against its lower half in order, the lowest players floating down.
    Order,
}

/// How many criteria there are.
pub const CRITERIA: usize = Criterion::Order as usize + 1;

/// The most any one edge is penalised on each criterion.
pub const BOUNDS: [u8; CRITERIA] = [1, 15, 1, 4, 2, 2, 2, 2, 127];

/// An edge's penalties, by criterion.
pub type Penalties = [u8; CRITERIA];

/// Bits of room the penalties may use: a weight is under four times as much, and the
/// matching's dual variables, about twice a weight, must fit an `i128` with room to spare.
const MAX_BITS: u32 = 116;

/// Packs penalties into weights for one matching.
pub struct Packing {
    shifts: [u32; CRITERIA],
    top: i128,
}

impl Packing {
    /// A packing for a matching of at most `pairs` edges whose penalties reach at most
    /// `used[c]` on criterion `c` (each within [`BOUNDS`]).
    pub fn new(pairs: usize, used: &Penalties) -> Packing {
        let room = usize::BITS - pairs.max(1).leading_zeros();
        let mut shifts = [0; CRITERIA];
        let mut shift = 0;
        for criterion in (0..CRITERIA).rev() {
            shifts[criterion] = shift;
            if used[criterion] > 0 {
                let bits = u8::BITS - used[criterion].leading_zeros();
                shift += bits + room;
            }
        }
        assert!(shift <= MAX_BITS, "the pairing criteria need {shift} bits");
        Packing { shifts, top: 1i128 << shift }
    }

    /// The weight of an edge with `penalties`: always positive, larger for a better edge,
    /// and large enough that a matching with one more edge always weighs more (the sum of a
    /// matching's penalties stays under twice `top`).
    pub fn weight(&self, penalties: &Penalties) -> i128 {
        let penalty: i128 =
            penalties.iter().zip(self.shifts).map(|(penalty, shift)| i128::from(*penalty) << shift).sum();
        (self.top << 2) - penalty
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_higher_criterion_outweighs_every_lower_one_summed() {
        let pairs = 500;
        let packing = Packing::new(pairs, &BOUNDS);
        let mut worst_lower = BOUNDS;
        worst_lower[Criterion::Floater as usize] = 0;
        let mut one_floater = [0; CRITERIA];
        one_floater[Criterion::Floater as usize] = 1;
        let perfect = packing.weight(&[0; CRITERIA]);
        // `pairs` edges each as bad as can be below the first criterion still beat one
        // floater with every other edge perfect.
        let a = i128::try_from(pairs).unwrap() * packing.weight(&worst_lower);
        let b = i128::try_from(pairs - 1).unwrap() * perfect + packing.weight(&one_floater);
        assert!(a > b);
        assert!(packing.weight(&BOUNDS) > 0);
        // One edge more outweighs every penalty.
        let fewer = i128::try_from(pairs - 1).unwrap() * perfect;
        assert!(i128::try_from(pairs).unwrap() * packing.weight(&BOUNDS) > fewer);
    }

    #[test]
    fn criteria_unused_this_round_take_no_room() {
        let mut used = [0; CRITERIA];
        used[Criterion::Order as usize] = 127;
        let packing = Packing::new(32, &used);
        assert_eq!(packing.top, 1 << (7 + 6));
    }
}
