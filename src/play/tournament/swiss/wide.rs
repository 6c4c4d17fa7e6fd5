//! A 256-bit signed integer for the matching's edge weights: the pairing criteria stacked
//! one above the other (see [`super::weights`]) can need more than an `i128` holds when a
//! bracket spans many scores.

use integer_blossom::Weight;

/// `hi · 2¹²⁸ + lo`, two's complement: ordering by `hi` then `lo` is the numbers' order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Wide {
    hi: i128,
    lo: u128,
}

impl Wide {
    /// The bits a weight may use: the matching doubles weights in its dual variables and
    /// keeps a quarter of the range as its infinity.
    pub const BITS: u32 = 250;

    /// `value << shift`, for `shift + 128 <= 255`.
    pub fn shifted(value: u128, shift: u32) -> Wide {
        match shift {
            0 => Wide { hi: 0, lo: value },
            1..=127 => Wide { hi: (value >> (128 - shift)) as i128, lo: value << shift },
            _ => Wide { hi: (value << (shift - 128)) as i128, lo: 0 },
        }
    }

    /// The value as an `i128`, when it fits one.
    pub fn narrow(self) -> Option<i128> {
        match self.hi {
            0 => i128::try_from(self.lo).ok(),
            -1 if self.lo >= 1 << 127 => Some(self.lo as i128),
            _ => None,
        }
    }
}

impl std::ops::Add for Wide {
    type Output = Wide;
    fn add(self, other: Wide) -> Wide {
        let (lo, carry) = self.lo.overflowing_add(other.lo);
        Wide { hi: self.hi.wrapping_add(other.hi).wrapping_add(i128::from(carry)), lo }
    }
}

impl std::ops::Sub for Wide {
    type Output = Wide;
    fn sub(self, other: Wide) -> Wide {
        let (lo, borrow) = self.lo.overflowing_sub(other.lo);
        Wide { hi: self.hi.wrapping_sub(other.hi).wrapping_sub(i128::from(borrow)), lo }
    }
}

impl std::ops::AddAssign for Wide {
    fn add_assign(&mut self, other: Wide) {
        *self = *self + other;
    }
}

impl std::ops::SubAssign for Wide {
    fn sub_assign(&mut self, other: Wide) {
        *self = *self - other;
    }
}

impl Weight for Wide {
    const ZERO: Wide = Wide { hi: 0, lo: 0 };
    const ONE: Wide = Wide { hi: 0, lo: 1 };

    fn inf() -> Wide {
        Wide { hi: i128::MAX >> 2, lo: u128::MAX }
    }

    fn double(self) -> Wide {
        Wide { hi: (self.hi << 1) | (self.lo >> 127) as i128, lo: self.lo << 1 }
    }

    fn half(self) -> Wide {
        Wide { hi: self.hi >> 1, lo: (self.lo >> 1) | ((self.hi as u128 & 1) << 127) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_carries_across_the_halves() {
        let big = Wide::shifted(3, 127);
        assert_eq!(big, Wide { hi: 1, lo: 1 << 127 });
        assert_eq!(big + big, Wide::shifted(3, 128));
        assert_eq!((big + big) - big, big);
        assert_eq!(big.double(), Wide::shifted(3, 128));
        assert_eq!(big.double().half(), big);
        let minus_one = Wide::ZERO - Wide::ONE;
        assert!(minus_one < Wide::ZERO);
        assert_eq!(minus_one.half(), minus_one);
        assert_eq!(minus_one.narrow(), Some(-1));
        assert_eq!(Wide::shifted(5, 200).narrow(), None);
        assert_eq!(Wide::shifted(5, 3).narrow(), Some(40));
    }
}
