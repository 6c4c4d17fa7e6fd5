//! Credentials: who a call is, and what it may do.
//!
//! Every credential travels as `authorization: Bearer <credential>`. It is one of:
//! - a service key of the managing backend (configured on the server, several for rotation);
//! - a seat token handed out by `CreateGame` or `ReissueSeatToken`;
//! - a seat credential a lobby signed itself (a JWT, told apart by its three dotted parts).
//!
//! A call without one is a spectator. Credentials are never logged, and no error message
//! repeats one.

mod jwt;
mod service_keys;

use tonic::metadata::MetadataMap;

use std::time::SystemTime;

use super::error::ApiError;
use crate::engine::{Seat, Viewer};
use crate::play::TokenHash;
use crate::play::revoked_by_reissue;
use crate::play::tokens::{has_seat_token_shape, seat_for};

pub use jwt::{CLOCK_LEEWAY_SECS, JwtVerifier, SeatClaims};
pub use service_keys::{MIN_SECRET_LEN, ServiceKeys};

/// Longest `authorization` value examined; anything longer is malformed.
pub const MAX_CREDENTIAL_LEN: usize = 4096;

/// The credential a call carries, classified but not yet checked against a game.
#[derive(Clone, Debug)]
pub enum Credential {
    /// No credential: a spectator.
    None,
    /// A configured service key, by its public name.
    ServiceKey(String),
    /// An opaque credential: a seat token, checked against a game's seat hashes.
    SeatToken(String),
    /// A verified signed seat credential.
    Signed(SeatClaims),
}

/// What the server trusts: its service keys and the key lobbies sign seat credentials with.
#[derive(Clone, Debug, Default)]
pub struct Authenticator {
    /// The backend's keys; when empty, calls that need one are open to anyone (the server
    /// then serves loopback only).
    pub service_keys: ServiceKeys,
    /// Checks signed seat credentials; without it they are refused.
    pub jwt: Option<JwtVerifier>,
}

impl Authenticator {
    /// The credential `metadata` carries.
    ///
    /// # Errors
    /// `INVALID_CREDENTIAL` for a malformed header or a signed credential that does not
    /// verify, `CREDENTIAL_EXPIRED` for an expired one.
    pub fn credential(&self, metadata: &MetadataMap) -> Result<Credential, ApiError> {
        let Some(secret) = bearer(metadata)? else { return Ok(Credential::None) };
        if let Some(name) = self.service_keys.find(&secret) {
            return Ok(Credential::ServiceKey(name.to_owned()));
        }
        if jwt::looks_like_jwt(&secret) {
            let verifier = self.jwt.as_ref().ok_or(ApiError::InvalidCredential(
                "this server is not configured to accept signed seat credentials",
            ))?;
            return verifier.verify(&secret).map(Credential::Signed);
        }
        Ok(Credential::SeatToken(secret))
    }

    /// The service key name of a call that needs the backend's key (`None` when no key is
    /// configured: then anyone may make the call).
    ///
    /// # Errors
    /// `CREDENTIAL_REQUIRED` without a credential, `SERVICE_KEY_REQUIRED` for a seat
    /// credential, `INVALID_CREDENTIAL` for a secret that is neither.
    pub fn require_service_key(&self, credential: &Credential, what: &'static str) -> Result<Option<String>, ApiError> {
        if self.service_keys.is_empty() {
            return Ok(None);
        }
        match credential {
            Credential::ServiceKey(name) => Ok(Some(name.clone())),
            Credential::None => Err(ApiError::CredentialRequired(what)),
            Credential::Signed(_) => Err(ApiError::ServiceKeyRequired(what)),
            Credential::SeatToken(secret) if has_seat_token_shape(secret) => Err(ApiError::ServiceKeyRequired(what)),
            Credential::SeatToken(_) => {
                Err(ApiError::InvalidCredential("the credential is not one of the configured service keys"))
            }
        }
    }
}

/// A game as access control sees it.
pub struct GameAccess<'a> {
    /// The game's id.
    pub id: &'a str,
    /// Whether spectators are refused.
    pub private: bool,
    /// Its seat token hashes, in seat order.
    pub seat_hashes: &'a [TokenHash],
    /// When each seat's token was last reissued, in seat order (missing when never).
    pub seats_reissued: &'a [Option<SystemTime>],
}

/// Who a call with `credential` acts as in `game`.
///
/// # Errors
/// `PRIVATE_GAME` for a spectator of a private game, `INVALID_CREDENTIAL` for a seat token
/// of no seat of this game or a seat the game lacks, `CREDENTIAL_FOR_OTHER_GAME` for a
/// signed credential naming another game, `CREDENTIAL_REVOKED` for a signed credential
/// issued before its seat's token was reissued.
pub fn viewer_in(credential: &Credential, game: &GameAccess<'_>) -> Result<Viewer, ApiError> {
    match credential {
        Credential::None if game.private => Err(ApiError::PrivateGame(game.id.to_owned())),
        Credential::None => Ok(Viewer::Spectator),
        // The backend manages every game, private ones included, but plays none of them.
        Credential::ServiceKey(_) => Ok(Viewer::Spectator),
        Credential::SeatToken(token) => seat_for(token, game.seat_hashes)
            .map(Viewer::Seat)
            .ok_or(ApiError::InvalidCredential("the seat token is not valid for this game")),
        Credential::Signed(claims) if claims.game != game.id => {
            Err(ApiError::CredentialForOtherGame(game.id.to_owned()))
        }
        Credential::Signed(claims) => {
            let seat = Seat::from_number(claims.seat)
                .filter(|seat| seat.index() < game.seat_hashes.len())
                .ok_or(ApiError::InvalidCredential("the seat credential names a seat this game does not have"))?;
            let reissued = game.seats_reissued.get(seat.index()).copied().flatten();
            if revoked_by_reissue(reissued, claims.iat) {
                return Err(ApiError::SignedCredentialRevoked);
            }
            Ok(Viewer::Seat(seat))
        }
    }
}

/// The bearer credential of a call, if it carries one.
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
        .ok_or(ApiError::InvalidCredential("the authorization metadata must be `Bearer <credential>`"))?;
    Ok(Some(token.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::tokens::new_token;

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

    #[test]
    fn seat_tokens_act_as_their_seat_and_spectators_stay_out_of_private_games() {
        let (token, hash) = new_token();
        let hashes = [hash, new_token().1];
        let open = GameAccess { id: "g", private: false, seat_hashes: &hashes, seats_reissued: &[] };
        let closed = GameAccess { id: "g", private: true, seat_hashes: &hashes, seats_reissued: &[] };
        let seat = Credential::SeatToken(token);
        assert_eq!(viewer_in(&seat, &closed).unwrap(), Viewer::Seat(Seat::FIRST));
        assert_eq!(viewer_in(&Credential::None, &open).unwrap(), Viewer::Spectator);
        assert!(matches!(viewer_in(&Credential::None, &closed), Err(ApiError::PrivateGame(_))));
        assert_eq!(viewer_in(&Credential::ServiceKey("lobby".into()), &closed).unwrap(), Viewer::Spectator);
        assert!(viewer_in(&Credential::SeatToken("other".into()), &open).is_err());
        let signed = |game: &str, seat| Credential::Signed(SeatClaims { game: game.into(), seat, iat: None });
        assert_eq!(viewer_in(&signed("g", 2), &closed).unwrap(), Viewer::Seat(Seat::SECOND));
        assert!(matches!(viewer_in(&signed("h", 1), &closed), Err(ApiError::CredentialForOtherGame(_))));
        assert!(matches!(viewer_in(&signed("g", 3), &closed), Err(ApiError::InvalidCredential(_))));
        assert!(matches!(viewer_in(&signed("g", 0), &closed), Err(ApiError::InvalidCredential(_))));
    }

    #[test]
    fn a_reissue_revokes_the_signed_credentials_of_its_seat_issued_in_an_earlier_second() {
        let hashes = [new_token().1, new_token().1];
        let reissued = [None, Some(std::time::UNIX_EPOCH + std::time::Duration::from_millis(1_000_500))];
        let game = GameAccess { id: "g", private: false, seat_hashes: &hashes, seats_reissued: &reissued };
        let signed = |seat, iat| Credential::Signed(SeatClaims { game: "g".into(), seat, iat });
        assert_eq!(viewer_in(&signed(1, None), &game).unwrap(), Viewer::Seat(Seat::FIRST), "seat 1 was not reissued");
        assert!(matches!(viewer_in(&signed(2, None), &game), Err(ApiError::SignedCredentialRevoked)));
        assert!(matches!(viewer_in(&signed(2, Some(999)), &game), Err(ApiError::SignedCredentialRevoked)));
        assert_eq!(viewer_in(&signed(2, Some(1_000)), &game).unwrap(), Viewer::Seat(Seat::SECOND));
        assert_eq!(viewer_in(&signed(2, Some(1_001)), &game).unwrap(), Viewer::Seat(Seat::SECOND));
    }
}
