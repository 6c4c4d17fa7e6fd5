//! Seat credentials a lobby mints itself: JWTs signed with an Ed25519 key the server trusts.
//!
//! The algorithm is pinned to EdDSA, so a token cannot choose how it is checked (no `none`,
//! no HMAC keyed with the public key). Issuer, audience and expiry are required and
//! checked; the claims `game` (the game id) and `seat` (numbered from 1) say what the
//! credential is for. The seat is only ever taken from here, never from a request body.
//! `iat`, when present, says when it was issued: a `ReissueSeatToken` of its seat revokes
//! every credential for the seat issued in an earlier second, and every one without `iat`.

use std::fmt;

use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde::Deserialize;

use crate::service::error::ApiError;

/// Seconds of clock skew tolerated between the lobby and this server for `exp` and `nbf`.
pub const CLOCK_LEEWAY_SECS: u64 = 30;

/// What a verified seat credential grants.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct SeatClaims {
    /// The game id the credential is for.
    pub game: String,
    /// The seat, numbered from 1.
    pub seat: u32,
    /// When it was issued, in seconds since the epoch, if it says.
    #[serde(default)]
    pub iat: Option<u64>,
}

/// Checks seat credentials against one trusted public key.
#[derive(Clone)]
pub struct JwtVerifier {
    key: DecodingKey,
    validation: Validation,
}

impl fmt::Debug for JwtVerifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JwtVerifier")
            .field("issuer", &self.validation.iss)
            .field("audience", &self.validation.aud)
            .finish_non_exhaustive()
    }
}

impl JwtVerifier {
    /// A verifier trusting the Ed25519 public key in `pem` (a `PUBLIC KEY` block) for tokens
    /// from `issuer` to `audience`.
    ///
    /// # Errors
    /// When the PEM is not an Ed25519 public key, or issuer or audience is empty.
    pub fn from_ed25519_pem(pem: &[u8], issuer: &str, audience: &str) -> Result<JwtVerifier, String> {
        if issuer.is_empty() || audience.is_empty() {
            return Err("a JWT issuer and audience are required with a JWT key".to_owned());
        }
        let key = DecodingKey::from_ed_pem(pem)
            .map_err(|e| format!("the JWT key is not an Ed25519 public key in PEM: {e}"))?;
        let mut validation = Validation::new(Algorithm::EdDSA);
        validation.set_issuer(&[issuer]);
        validation.set_audience(&[audience]);
        validation.set_required_spec_claims(&["exp", "iss", "aud"]);
        validation.validate_nbf = true;
        validation.leeway = CLOCK_LEEWAY_SECS;
        Ok(JwtVerifier { key, validation })
    }

    /// The claims of `token` once its signature, issuer, audience and times check out.
    ///
    /// # Errors
    /// `CREDENTIAL_EXPIRED` past its expiry, `INVALID_CREDENTIAL` for anything else wrong.
    pub fn verify(&self, token: &str) -> Result<SeatClaims, ApiError> {
        let data =
            jsonwebtoken::decode::<SeatClaims>(token, &self.key, &self.validation).map_err(|error| {
                match error.kind() {
                    ErrorKind::ExpiredSignature => ApiError::CredentialExpired,
                    ErrorKind::ImmatureSignature => {
                        ApiError::InvalidCredential("the seat credential is not valid yet (nbf)")
                    }
                    ErrorKind::InvalidIssuer => {
                        ApiError::InvalidCredential("the seat credential's issuer is not trusted")
                    }
                    ErrorKind::InvalidAudience => {
                        ApiError::InvalidCredential("the seat credential is for another audience")
                    }
                    ErrorKind::InvalidSignature => {
                        ApiError::InvalidCredential("the seat credential's signature does not verify")
                    }
                    ErrorKind::InvalidAlgorithm => {
                        ApiError::InvalidCredential("the seat credential must be signed with EdDSA")
                    }
                    ErrorKind::MissingRequiredClaim(_) => {
                        ApiError::InvalidCredential("the seat credential lacks a required claim (iss, aud, exp)")
                    }
                    _ => ApiError::InvalidCredential(
                        "the seat credential is malformed or lacks the game and seat claims",
                    ),
                }
            })?;
        Ok(data.claims)
    }
}

/// Whether `credential` has the shape of a JWT: three base64url parts separated by dots.
/// Seat tokens are a single base64url part, so the two never look alike.
pub fn looks_like_jwt(credential: &str) -> bool {
    let parts: Vec<&str> = credential.split('.').collect();
    parts.len() == 3
        && parts.iter().all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jwts_are_told_from_seat_tokens_by_shape() {
        assert!(looks_like_jwt("eyJhbGciOiJFZERTQSJ9.eyJnYW1lIjoiZyJ9.c2ln"));
        assert!(!looks_like_jwt("Qm9hcmQgZ2FtZXMgYXJlIGZ1biBhbmQgc2VjcmV0cyBhcmU"));
        assert!(!looks_like_jwt("a..b"));
        assert!(!looks_like_jwt("a.b.c.d"));
        assert!(!looks_like_jwt("a.b+.c"));
    }

    #[test]
    fn a_verifier_needs_an_ed25519_key_issuer_and_audience() {
        assert!(JwtVerifier::from_ed25519_pem(b"not a key", "lobby", "tabula").is_err());
    }
}
