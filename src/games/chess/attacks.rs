//! Which squares each piece attacks.
//!
//! Knights, kings and pawns use tables built at compile time. Sliders use "fancy" magic
//! bitboards: the blockers on a slider's relevant rays are multiplied by a per-square
//! magic number whose top bits index a shared table of attack sets. The magic numbers
//! were found by the search in this module's tests (which checks that it still finds
//! them); the table is filled at first use
//! and that fill checks every magic, so a wrong number cannot go unnoticed.

use std::sync::LazyLock;

use super::board::{Bitboard, Color, Square};

const KNIGHT_STEPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_STEPS: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The squares one step away along each of `steps` (file, rank), as a table.
const fn step_table(steps: &[(i8, i8); 8]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = ((square % 8) as i8, (square / 8) as i8);
        let mut i = 0;
        while i < steps.len() {
            let (f, r) = (file + steps[i].0, rank + steps[i].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[square] |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        square += 1;
    }
    table
}

const fn pawn_table(forward: i8) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = ((square % 8) as i8, (square / 8) as i8);
        let r = rank + forward;
        if r >= 0 && r < 8 {
            if file > 0 {
                table[square] |= 1 << (r * 8 + file - 1);
            }
            if file < 7 {
                table[square] |= 1 << (r * 8 + file + 1);
            }
        }
        square += 1;
    }
    table
}

static KNIGHT: [u64; 64] = step_table(&KNIGHT_STEPS);
static KING: [u64; 64] = step_table(&KING_STEPS);
static PAWN: [[u64; 64]; 2] = [pawn_table(1), pawn_table(-1)];

/// The squares a knight on `square` attacks.
#[inline]
pub fn knight(square: Square) -> Bitboard {
    Bitboard(KNIGHT[square.index()])
}

/// The squares a king on `square` attacks.
#[inline]
pub fn king(square: Square) -> Bitboard {
    Bitboard(KING[square.index()])
}

/// The squares a `color` pawn on `square` attacks (diagonally forward).
#[inline]
pub fn pawn(color: Color, square: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][square.index()])
}

/// The squares a rook on `square` attacks when `occupied` holds the pieces.
#[inline]
pub fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    SLIDERS.rook(square, occupied)
}

/// The squares a bishop on `square` attacks when `occupied` holds the pieces.
#[inline]
pub fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    SLIDERS.bishop(square, occupied)
}

/// The squares a queen on `square` attacks when `occupied` holds the pieces.
#[inline]
pub fn queen(square: Square, occupied: Bitboard) -> Bitboard {
    rook(square, occupied) | bishop(square, occupied)
}

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal;
/// empty otherwise.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(SLIDERS.between[a.index()][b.index()])
}

/// The whole line (edge to edge) through `a` and `b` when they share a rank, file or
/// diagonal; empty otherwise or when `a == b`.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(SLIDERS.line[a.index()][b.index()])
}

/// The attacks of a slider moving along `directions`, walking the board square by
/// square. Slow; used to fill the tables and to check them.
fn slide(square: Square, occupied: u64, directions: &[(i8, i8); 4]) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in directions {
        let (mut f, mut r) = (square.file() as i8 + df, square.rank() as i8 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    attacks
}

/// The squares whose occupancy can change a slider's attacks: its rays without the
/// last square of each (a blocker on the edge blocks nothing further).
fn relevant(square: Square, directions: &[(i8, i8); 4]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in directions {
        let (mut f, mut r) = (square.file() as i8 + df, square.rank() as i8 + dr);
        while (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr)) {
            mask |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    mask
}

/// One square's entry of a magic table.
#[derive(Clone, Copy, Debug, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    #[inline]
    fn index(&self, occupied: Bitboard) -> usize {
        self.offset + ((occupied.0 & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

struct Sliders {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    attacks: Vec<u64>,
    between: Box<[[u64; 64]; 64]>,
    line: Box<[[u64; 64]; 64]>,
}

impl Sliders {
    #[inline]
    fn rook(&self, square: Square, occupied: Bitboard) -> Bitboard {
        Bitboard(self.attacks[self.rook[square.index()].index(occupied)])
    }

    #[inline]
    fn bishop(&self, square: Square, occupied: Bitboard) -> Bitboard {
        Bitboard(self.attacks[self.bishop[square.index()].index(occupied)])
    }

    fn build() -> Sliders {
        let mut attacks = Vec::new();
        let rook = Self::fill(&ROOK_MAGICS, &ROOK_DIRECTIONS, &mut attacks);
        let bishop = Self::fill(&BISHOP_MAGICS, &BISHOP_DIRECTIONS, &mut attacks);
        let mut between = Box::new([[0u64; 64]; 64]);
        let mut line = Box::new([[0u64; 64]; 64]);
        for a in (0..64).map(Square::new) {
            for b in (0..64).map(Square::new) {
                for directions in [&ROOK_DIRECTIONS, &BISHOP_DIRECTIONS] {
                    let from_a = slide(a, 0, directions);
                    if a != b && from_a & b.bb().0 != 0 {
                        between[a.index()][b.index()] = slide(a, b.bb().0, directions) & slide(b, a.bb().0, directions);
                        line[a.index()][b.index()] = (from_a & slide(b, 0, directions)) | a.bb().0 | b.bb().0;
                    }
                }
            }
        }
        Sliders { rook, bishop, attacks, between, line }
    }

    /// Appends one slider's tables to `attacks`.
    ///
    /// # Panics
    /// When a magic maps two blocker sets with different attacks to the same entry.
    fn fill(magics: &[u64; 64], directions: &[(i8, i8); 4], attacks: &mut Vec<u64>) -> [Magic; 64] {
        let mut entries = [Magic::default(); 64];
        for square in (0..64).map(Square::new) {
            let mask = relevant(square, directions);
            let bits = mask.count_ones();
            let entry = Magic { mask, magic: magics[square.index()], shift: 64 - bits, offset: attacks.len() };
            attacks.resize(attacks.len() + (1 << bits), 0);
            let mut filled = vec![false; 1 << bits];
            // Every subset of the mask, by the carry-rippler walk.
            let mut subset = 0u64;
            loop {
                let index = entry.index(Bitboard(subset));
                let value = slide(square, subset, directions);
                assert!(
                    !filled[index - entry.offset] || attacks[index] == value,
                    "magic number for square {square} collides"
                );
                filled[index - entry.offset] = true;
                attacks[index] = value;
                subset = subset.wrapping_sub(mask) & mask;
                if subset == 0 {
                    break;
                }
            }
            entries[square.index()] = entry;
        }
        entries
    }
}

static SLIDERS: LazyLock<Sliders> = LazyLock::new(Sliders::build);

/// Makes sure the slider tables exist, so that the first timed or latency-sensitive call
/// does not pay for building them.
pub fn warm_up() {
    LazyLock::force(&SLIDERS);
}

#[rustfmt::skip]
const ROOK_MAGICS: [u64; 64] = [
    0x2080002080400010, 0x00c0002001401000, 0x2100110008402002, 0x0880080081041000,
    0x0200020020041008, 0x2300040008010012, 0x0c00283004008201, 0x0180010000407a80,
    0x0168800080400020, 0x0010400040201000, 0x1001002001001048, 0x1001002408100100,
    0x0801000408010012, 0x4001000209000400, 0x08a20004c8020001, 0x2002801145002280,
    0x0080860021004200, 0x001000c009402002, 0x00b0002004002800, 0x100a808010020800,
    0x8101010008000410, 0x0244008002000480, 0x0000040010810208, 0x2000020000448534,
    0x4104400480008033, 0x0000810100204000, 0x0440430900200010, 0x4600240900100100,
    0x0060080080040080, 0x0001000300080400, 0x0004084400011002, 0x0023040200008041,
    0x0580050043002080, 0x0400804002802008, 0x0001002001004010, 0x1000200901001000,
    0x4410800801800c00, 0xa012003806001004, 0x0020100104008802, 0x0004808402000041,
    0x0010400170898000, 0x0080500020004004, 0x1040408012020020, 0x8010040008004040,
    0x2001080100110004, 0x0000020004008080, 0x0021010810040002, 0x0800008c43020024,
    0x0000800021005100, 0x0070201040008080, 0x0000d04282006a00, 0x0010014400080240,
    0x0001080110050100, 0x0012000810240600, 0x0402000801040200, 0x028100108a004100,
    0x0050800300102045, 0x8208210040120882, 0x8010600101183441, 0x020b000910006045,
    0x0241001002480005, 0x0081000400880241, 0x0000009008024124, 0x0048122980410402,
];

#[rustfmt::skip]
const BISHOP_MAGICS: [u64; 64] = [
    0x0848020822040013, 0x8010a40085821200, 0x0008008430840822, 0x0808048108040000,
    0x1304042100008104, 0x5001012010204023, 0x81048801b8200420, 0x200a008084012000,
    0x0040102001042084, 0x840a505042428020, 0x0000700102202920, 0x44101c0c10800002,
    0x0040040422000000, 0x0180020802090202, 0x4020020811041202, 0x000104308c042000,
    0x4140661002424400, 0x0028012008010460, 0x0188062102002a00, 0x0014004840102008,
    0x0105000290400002, 0x8001022200410400, 0x104a041918013446, 0x008a000082008238,
    0x04a0060008100430, 0x0008220008820801, 0x2508041208005010, 0x4008080200202020,
    0x2441001013004000, 0x0030008060407000, 0x4008108000420800, 0x0012021050290100,
    0x0210080482200500, 0xcc01112048100480, 0x0020402806500440, 0x00048e0080580080,
    0x0040102020020080, 0x0028010440080807, 0x4601041108008800, 0x8040810e04104200,
    0x901210110400088a, 0xa003080212081050, 0x00c1004048401004, 0x900000a014400800,
    0x0008021040405401, 0x4020008206002090, 0x0004190424030100, 0x0424008a02026250,
    0x8004088250900040, 0x1c00430088a04200, 0x0001020094040001, 0x8040210020880061,
    0x2010040450442032, 0x0800840850044001, 0x0004040802140004, 0x0004080a04222020,
    0x8088802110022000, 0x1081a10416114400, 0x0205010a24060820, 0x0000000720411080,
    0x1008000208430400, 0x580c026028810840, 0x802020441020a110, 0x12c0022401020018,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator, so that the search below is reproducible.
    struct XorShift(u64);

    impl XorShift {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn sparse(&mut self) -> u64 {
            self.next() & self.next() & self.next()
        }
    }

    /// A magic number for `square` that maps every blocker set without harmful collisions.
    fn find_magic(square: Square, directions: &[(i8, i8); 4], rng: &mut XorShift) -> u64 {
        let mask = relevant(square, directions);
        let bits = mask.count_ones();
        let mut subsets = Vec::new();
        let mut subset = 0u64;
        loop {
            subsets.push((subset, slide(square, subset, directions)));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        let mut table = vec![(0u32, 0u64); 1 << bits];
        for attempt in 1u32.. {
            let magic = rng.sparse();
            if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            let ok = subsets.iter().all(|&(blockers, attacks)| {
                let slot = &mut table[(blockers.wrapping_mul(magic) >> (64 - bits)) as usize];
                if slot.0 != attempt {
                    *slot = (attempt, attacks);
                    true
                } else {
                    slot.1 == attacks
                }
            });
            if ok {
                return magic;
            }
        }
        unreachable!()
    }

    /// The search that found the embedded numbers: same seed, same order, same results.
    #[test]
    fn the_embedded_magics_are_the_ones_the_search_finds() {
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        for (magics, directions) in [(&ROOK_MAGICS, &ROOK_DIRECTIONS), (&BISHOP_MAGICS, &BISHOP_DIRECTIONS)] {
            for square in (0..64).map(Square::new) {
                assert_eq!(find_magic(square, directions, &mut rng), magics[square.index()], "{square}");
            }
        }
    }

    #[test]
    fn table_lookups_match_walking_the_rays() {
        let mut rng = XorShift(12345);
        for _ in 0..2_000 {
            let occupied = rng.next() & rng.next();
            let square = Square::new((rng.next() % 64) as u8);
            assert_eq!(rook(square, Bitboard(occupied)).0, slide(square, occupied, &ROOK_DIRECTIONS));
            assert_eq!(bishop(square, Bitboard(occupied)).0, slide(square, occupied, &BISHOP_DIRECTIONS));
        }
    }

    #[test]
    fn between_and_line_cover_ranks_files_and_diagonals_only() {
        let sq = |name| Square::parse(name).unwrap();
        assert_eq!(between(sq("a1"), sq("d4")), sq("b2").bb() | sq("c3").bb());
        assert_eq!(between(sq("e1"), sq("e2")), Bitboard::EMPTY);
        assert_eq!(between(sq("a1"), sq("b3")), Bitboard::EMPTY);
        assert_eq!(line(sq("c3"), sq("e5")).count(), 8);
        assert_eq!(line(sq("b1"), sq("b7")), Bitboard::file(1));
        assert_eq!(line(sq("a1"), sq("b3")), Bitboard::EMPTY);
    }
}
