//! Colours in a Swiss: each player's colour preference from the colours it played
//! (C.04.3 A.6) and who gets White on a board (the allocation rules E.1 to E.5).

/// A colour a player plays a game with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// The first seat's: moves first.
    White,
    /// The second seat's.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// How much a player wants its preferred colour, weakest first (A.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// Its colour difference is 0: it would alternate from its last game.
    Mild,
    /// Its colour difference is +1 or −1.
    Strong,
    /// Its colour difference is beyond ±1, or its last two games had one colour: two
    /// players wanting the same colour this much may not meet, unless topscorers (C3).
    Absolute,
}

/// A player's colour preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preference {
    /// The colour it wants.
    pub colour: Colour,
    /// How much.
    pub strength: Strength,
}

/// The colours a player has played, in order (games not played left out).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Colours(pub Vec<Colour>);

impl Colours {
    /// Games with White minus games with Black.
    pub fn difference(&self) -> i32 {
        self.0.iter().map(|colour| if *colour == Colour::White { 1 } else { -1 }).sum()
    }

    /// The preference these colours give: none before a first game. When the difference
    /// and the last two games disagree (possible only after unplayed rounds), the
    /// difference decides.
    pub fn preference(&self) -> Option<Preference> {
        let last = *self.0.last()?;
        let difference = self.difference();
        let repeated = self.0.len() >= 2 && self.0[self.0.len() - 2] == last;
        let (colour, strength) = match difference {
            2.. => (Colour::Black, Strength::Absolute),
            ..=-2 => (Colour::White, Strength::Absolute),
            _ if repeated => (last.opposite(), Strength::Absolute),
            1 => (Colour::Black, Strength::Strong),
            -1 => (Colour::White, Strength::Strong),
            _ => (last.opposite(), Strength::Mild),
        };
        Some(Preference { colour, strength })
    }

    /// Whether playing `colour` next makes three games in a row of it.
    pub fn third_in_a_row(&self, colour: Colour) -> bool {
        self.repeated() == Some(colour)
    }

    /// The colour of its last two games, when they had one.
    pub fn repeated(&self) -> Option<Colour> {
        match self.0.as_slice() {
            [.., a, b] if a == b => Some(*b),
            _ => None,
        }
    }
}

/// One side of a board, as the allocation reads it.
pub struct Side<'a> {
    /// Its pairing number.
    pub number: u32,
    /// Its colours, played games only.
    pub colours: &'a Colours,
}

/// The colour `higher` gets against `lower`, `higher` ranked above `lower` (by score, then
/// pairing number), by the allocation rules in their order: both preferences granted
/// (E.1); else the stronger (E.2; between two absolute ones the wider colour difference);
/// else colours alternated from the latest time the two had different colours, each one's
/// played games counted back from its last, unplayed rounds passed over (E.3); else the
/// higher-ranked player's preference (E.4); else, with no preference either side,
/// `initial` to the higher-ranked player when its number is odd (E.5).
pub fn allocate(higher: &Side<'_>, lower: &Side<'_>, initial: Colour) -> Colour {
    let by_number = || if higher.number % 2 == 1 { initial } else { initial.opposite() };
    let (mine, theirs) = match (higher.colours.preference(), lower.colours.preference()) {
        (None, None) => return by_number(),
        (Some(mine), None) => return mine.colour,
        (None, Some(theirs)) => return theirs.colour.opposite(),
        (Some(mine), Some(theirs)) if mine.colour != theirs.colour => return mine.colour,
        (Some(mine), Some(theirs)) => (mine, theirs),
    };
    if mine.strength != theirs.strength {
        return if mine.strength > theirs.strength { mine.colour } else { mine.colour.opposite() };
    }
    if mine.strength == Strength::Absolute {
        let (a, b) = (higher.colours.difference().abs(), lower.colours.difference().abs());
        if a != b {
            return if a > b { mine.colour } else { mine.colour.opposite() };
        }
    }
    let history = higher.colours.0.iter().rev().zip(lower.colours.0.iter().rev());
    if let Some((a, _)) = history.into_iter().find(|(a, b)| a != b) {
        return a.opposite();
    }
    mine.colour
}

#[cfg(test)]
mod tests {
    use super::Colour::{Black, White};
    use super::*;

    fn colours(played: &[Colour]) -> Colours {
        Colours(played.to_vec())
    }

    #[test]
    fn preferences_follow_a6() {
        assert_eq!(colours(&[]).preference(), None);
        let pref = |played: &[Colour]| colours(played).preference().map(|p| (p.colour, p.strength));
        assert_eq!(pref(&[White]), Some((Black, Strength::Strong)));
        assert_eq!(pref(&[White, Black]), Some((White, Strength::Mild)));
        assert_eq!(pref(&[Black, White]), Some((Black, Strength::Mild)));
        assert_eq!(pref(&[White, White]), Some((Black, Strength::Absolute)));
        assert_eq!(pref(&[White, Black, Black]), Some((White, Strength::Absolute)));
        assert_eq!(pref(&[Black, White, Black]), Some((White, Strength::Strong)));
        assert_eq!(pref(&[Black, Black, White, White]), Some((Black, Strength::Absolute)));
    }

    fn side(number: u32, colours: &Colours) -> Side<'_> {
        Side { number, colours }
    }

    /// A player's played colours, from its rounds (`None`: a round without a game).
    fn card(rounds: &[Option<Colour>]) -> Colours {
        Colours(rounds.iter().flatten().copied().collect())
    }

    fn allocated(higher: (u32, &[Option<Colour>]), lower: (u32, &[Option<Colour>])) -> Colour {
        let (a, b) = (card(higher.1), card(lower.1));
        allocate(&side(higher.0, &a), &side(lower.0, &b), White)
    }

    #[test]
    fn e5_gives_the_initial_colour_to_an_odd_higher_number() {
        let none = Colours::default();
        assert_eq!(allocate(&side(1, &none), &side(5, &none), White), White);
        assert_eq!(allocate(&side(2, &none), &side(6, &none), White), Black);
        assert_eq!(allocate(&side(2, &none), &side(6, &none), Black), White);
    }

    #[test]
    fn e1_grants_both_preferences_and_a_lone_one() {
        assert_eq!(allocated((1, &[Some(White)]), (2, &[Some(Black)])), Black);
        assert_eq!(allocated((1, &[None]), (2, &[Some(Black)])), Black);
        assert_eq!(allocated((1, &[Some(Black)]), (2, &[None])), White);
    }

    #[test]
    fn e2_grants_the_stronger_and_between_absolutes_the_wider_difference() {
        // Mild White (higher) against absolute White (lower): the lower gets White.
        assert_eq!(allocated((1, &[Some(White), Some(Black)]), (2, &[Some(Black), Some(Black)])), Black);
        // Strong Black against mild Black, the strong one lower ranked.
        assert_eq!(allocated((1, &[Some(Black), Some(White)]), (2, &[Some(White)])), White);
        // Two absolute Blacks (topscorers): +2 beats +1 with two Whites in a row.
        let wider = [Some(White), Some(White), None];
        let narrower = [Some(Black), Some(White), Some(White)];
        assert_eq!(allocated((1, &narrower), (2, &wider)), White);
        assert_eq!(allocated((1, &wider), (2, &narrower)), Black);
    }

    #[test]
    fn e3_alternates_from_the_latest_round_the_colours_differed() {
        // Both mild White; in round 3 both had White, in round 2 the higher White and the
        // lower Black: the higher now gets Black, against E.4.
        let higher = [Some(Black), Some(White), Some(White), Some(Black)];
        let lower = [Some(White), Some(Black), Some(White), Some(Black)];
        assert_eq!(allocated((1, &higher), (2, &lower)), Black);
        // Unplayed rounds are passed over: each one's games are counted back from its last.
        // Both mild White; counted back, their last games were both Black, then both White,
        // then the higher's Black against the lower's White: the higher gets White (by
        // rounds, round 4's White against Black would have given it Black).
        let higher = [Some(White), Some(Black), None, Some(White), Some(Black)];
        let lower = [Some(Black), Some(White), Some(White), Some(Black)];
        assert_eq!(allocated((1, &higher), (2, &lower)), White);
    }

    #[test]
    fn e4_grants_the_higher_ranked_preference() {
        assert_eq!(allocated((7, &[Some(Black)]), (8, &[Some(Black)])), White);
        assert_eq!(allocated((8, &[Some(White)]), (7, &[Some(White)])), Black);
    }
}
