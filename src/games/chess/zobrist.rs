//! Zobrist keys: one random number per (colour, role, square), castling-rights set,
//! en-passant file and side to move. A position's hash is the XOR of the keys of what is
//! in it, so a move updates it with a few XORs.

use super::board::{Color, Role, Square};

/// SplitMix64, evaluated at compile time so the keys are the same on every build.
const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const fn keys<const N: usize>(stream: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = splitmix(stream.wrapping_mul(0x1_0000_0000).wrapping_add(i as u64));
        i += 1;
    }
    out
}

static PIECES: [u64; 768] = keys(1);
static CASTLING: [u64; 16] = keys(2);
static EN_PASSANT: [u64; 8] = keys(3);
const BLACK_TO_MOVE: u64 = splitmix(4);

/// The key of a `color` `role` on `square`.
#[inline]
pub fn piece(color: Color, role: Role, square: Square) -> u64 {
    PIECES[(color.index() * 6 + role.index()) * 64 + square.index()]
}

/// The key of a set of castling rights (a 4-bit mask).
#[inline]
pub fn castling(rights: u8) -> u64 {
    CASTLING[rights as usize & 15]
}

/// The key of an en-passant square on `file`.
#[inline]
pub fn en_passant(file: u8) -> u64 {
    EN_PASSANT[file as usize]
}

/// The key XORed in when Black is to move.
#[inline]
pub const fn black_to_move() -> u64 {
    BLACK_TO_MOVE
}
