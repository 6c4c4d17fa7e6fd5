//! Seat tokens: the opaque credentials a game hands out to its seats, at its creation and
//! when a seat's token is reissued.
//!
//! A token is 256 random bits, shown once; stores keep only its SHA-256, and a presented
//! token is matched by hashing it and comparing hashes in constant time.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::engine::Seat;
use crate::store::TokenHash;

/// A fresh seat token and its hash.
pub fn new_token() -> (String, TokenHash) {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let hash = hash_secret(&token);
    (token, hash)
}

/// The SHA-256 of a secret, as stores and key lists keep it.
pub fn hash_secret(secret: &str) -> TokenHash {
    Sha256::digest(secret.as_bytes()).into()
}

/// Whether `secret` is shaped like a seat token (43 base64url characters), so that a
/// refusal can tell "a seat token where a service key is needed" from "an unknown secret".
pub fn has_seat_token_shape(secret: &str) -> bool {
    secret.len() == 43 && secret.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The seat whose hash `token` has, if any.
pub fn seat_for(token: &str, seat_hashes: &[TokenHash]) -> Option<Seat> {
    let hash = hash_secret(token);
    // Every hash is compared in full so that the time taken does not tell where they differ.
    let mut found = None;
    for (index, candidate) in seat_hashes.iter().enumerate() {
        if bool::from(candidate.ct_eq(&hash)) {
            found = Some(index);
        }
    }
    found.map(|index| Seat::new(index as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_match_only_their_own_hash() {
        let (a, hash_a) = new_token();
        let (b, hash_b) = new_token();
        assert_ne!(a, b);
        assert!(has_seat_token_shape(&a) && !has_seat_token_shape("short"));
        let hashes = [hash_a, hash_b];
        assert_eq!(seat_for(&a, &hashes), Some(Seat::FIRST));
        assert_eq!(seat_for(&b, &hashes), Some(Seat::SECOND));
        assert_eq!(seat_for("nope", &hashes), None);
    }
}
