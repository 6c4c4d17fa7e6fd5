//! Seat tokens: how a call proves which seat it acts for.
//!
//! A token is 256 random bits, shown once when the game is created; stores keep only its
//! SHA-256. A call carries it as `authorization: Bearer <token>`; a call without it is a
//! spectator. Tokens are never logged.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use sha2::{Digest, Sha256};
use tonic::metadata::MetadataMap;

use super::error::ApiError;
use crate::engine::{Seat, Viewer};
use crate::store::TokenHash;

/// Longest `authorization` value examined; anything longer is malformed.
const MAX_CREDENTIAL_LEN: usize = 4096;

/// A fresh seat token and its hash.
pub fn new_token() -> (String, TokenHash) {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let hash = hash_token(&token);
    (token, hash)
}

fn hash_token(token: &str) -> TokenHash {
    Sha256::digest(token.as_bytes()).into()
}

/// The bearer token of a call, if it carries one.
///
/// # Errors
/// `INVALID_CREDENTIAL` when an `authorization` header is present but malformed.
pub fn bearer(metadata: &MetadataMap) -> Result<Option<String>, ApiError> {
    let Some(value) = metadata.get("authorization") else { return Ok(None) };
    let value = value
        .to_str()
        .ok()
        .filter(|v| v.len() <= MAX_CREDENTIAL_LEN)
        .ok_or(ApiError::InvalidCredential("the authorization metadata is malformed"))?;
    let token = value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or(ApiError::InvalidCredential("the authorization metadata must be `Bearer <seat token>`"))?;
    Ok(Some(token.to_owned()))
}

/// Who a call acts as in a game with these seat token hashes.
///
/// # Errors
/// `INVALID_CREDENTIAL` when the token is not one of this game's.
pub fn viewer_for(token: Option<&str>, seat_hashes: &[TokenHash]) -> Result<Viewer, ApiError> {
    let Some(token) = token else { return Ok(Viewer::Spectator) };
    let hash = hash_token(token);
    // Compare every hash in full so the time taken does not depend on where they differ.
    let mut found = None;
    for (index, candidate) in seat_hashes.iter().enumerate() {
        let same = candidate.iter().zip(hash.iter()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0;
        if same {
            found = Some(index);
        }
    }
    found
        .map(|index| Viewer::Seat(Seat::new(index as u8)))
        .ok_or(ApiError::InvalidCredential("the seat token is not valid for this game"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_match_only_their_own_hash() {
        let (a, hash_a) = new_token();
        let (b, hash_b) = new_token();
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        let hashes = [hash_a, hash_b];
        assert_eq!(viewer_for(Some(&a), &hashes).unwrap(), Viewer::Seat(Seat::FIRST));
        assert_eq!(viewer_for(Some(&b), &hashes).unwrap(), Viewer::Seat(Seat::SECOND));
        assert_eq!(viewer_for(None, &hashes).unwrap(), Viewer::Spectator);
        assert!(viewer_for(Some("nope"), &hashes).is_err());
    }

    #[test]
    fn malformed_authorization_metadata_is_refused() {
        let mut metadata = MetadataMap::new();
        assert_eq!(bearer(&metadata).unwrap(), None);
        metadata.insert("authorization", "Basic abc".parse().unwrap());
        assert!(bearer(&metadata).is_err());
        metadata.insert("authorization", "Bearer ".parse().unwrap());
        assert!(bearer(&metadata).is_err());
        metadata.insert("authorization", "Bearer tok".parse().unwrap());
        assert_eq!(bearer(&metadata).unwrap().as_deref(), Some("tok"));
    }
}
