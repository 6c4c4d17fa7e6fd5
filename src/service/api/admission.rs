//! Who is calling, and whether the call is let in: each call is identified (a seat, a
//! service key, a spectator) and counted against its caller's allowance before any work.

use std::sync::Arc;

use tonic::Request;

use super::validate::resource_id;
use crate::engine::Viewer;
use crate::play::{Hub, LiveGame, SeatProof};
use crate::service::auth::{Authenticator, Credential, GameAccess, viewer_in};
use crate::service::error::ApiError;
use crate::service::observe;
use crate::service::rate_limit::{CallLimiter, Caller};

/// Who called a game's method, once authenticated against that game.
pub struct Entered {
    /// The game.
    pub live: Arc<LiveGame>,
    /// Who the caller is in it.
    pub viewer: Viewer,
    /// What the caller showed.
    pub credential: Credential,
    /// For a seat, what it showed to act for the seat, to check again when the seat's
    /// credentials change.
    pub proof: Option<SeatProof>,
}

impl Entered {
    /// Whether the caller is a spectator the game's spectator delay holds back: one with
    /// neither a seat's credential nor a service key, in a game shown with a delay.
    pub fn delayed(&self) -> bool {
        self.live.spectator_delay.is_some()
            && self.viewer == Viewer::Spectator
            && !matches!(self.credential, Credential::ServiceKey(_))
    }
}

/// How current the game a call names must be before the caller is identified in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Freshness {
    /// Caught up with the store: for a call that reads the game.
    Current,
    /// As this process holds it: for a turn, which the store refuses if the copy was
    /// behind ([`Hub::game_to_play`]).
    ToPlay,
}

/// Identifies callers and counts their calls.
pub struct Gate {
    auth: Arc<Authenticator>,
    limiter: Option<Arc<CallLimiter>>,
}

impl Gate {
    /// A gate trusting `auth`, counting calls in `limiter` when there is one.
    pub fn new(auth: Arc<Authenticator>, limiter: Option<Arc<CallLimiter>>) -> Gate {
        Gate { auth, limiter }
    }

    /// What the server trusts.
    pub fn auth(&self) -> &Authenticator {
        &self.auth
    }

    /// What the server trusts, to share.
    pub fn auth_shared(&self) -> Arc<Authenticator> {
        self.auth.clone()
    }

    /// Takes one call from `caller`'s allowance.
    fn admit(&self, caller: Caller<'_>) -> Result<(), ApiError> {
        self.limiter.as_ref().map_or(Ok(()), |limiter| limiter.check(caller))
    }

    /// The game a call names and who the caller is in it, the call counted against that
    /// caller: the seat or service key it authenticated as, or its address when it did not.
    pub async fn enter<T>(&self, hub: &Hub, request: &Request<T>, game_id: &str) -> Result<Entered, ApiError> {
        self.enter_as(hub, request, game_id, Freshness::Current).await
    }

    /// [`Gate::enter`] for a call that plays a turn: the game as this process holds it,
    /// not read from the store first (the turn's append is conditional on it).
    pub async fn enter_to_play<T>(&self, hub: &Hub, request: &Request<T>, game_id: &str) -> Result<Entered, ApiError> {
        self.enter_as(hub, request, game_id, Freshness::ToPlay).await
    }

    async fn enter_as<T>(
        &self,
        hub: &Hub,
        request: &Request<T>,
        game_id: &str,
        freshness: Freshness,
    ) -> Result<Entered, ApiError> {
        let entered = self.identify(hub, request, game_id, freshness).await;
        let peer = Caller::Peer(request.remote_addr().map(|address| address.ip()));
        let caller = match &entered {
            Ok(Entered { live, viewer: Viewer::Seat(seat), .. }) => Caller::Seat { game_id: &live.id, seat: *seat },
            Ok(Entered { credential: Credential::ServiceKey(name), .. }) => Caller::ServiceKey(name),
            Ok(_) | Err(_) => peer,
        };
        self.admit(caller)?;
        if let Ok(Entered { live, viewer: Viewer::Seat(seat), .. }) = &entered {
            // A seat's call is a sign of life: where its game keeps presence, it stays present.
            hub.seat_called(live, *seat).await;
        }
        entered
    }

    async fn identify<T>(
        &self,
        hub: &Hub,
        request: &Request<T>,
        game_id: &str,
        freshness: Freshness,
    ) -> Result<Entered, ApiError> {
        let credential = self.auth.credential(request.metadata())?;
        let id = resource_id(game_id, "game_id")?;
        let live = match freshness {
            Freshness::Current => hub.game(id).await?,
            Freshness::ToPlay => hub.game_to_play(id).await?,
        };
        observe::record_game(&live.id);
        let viewer = match viewer_of(&credential, &live) {
            // The copy may not know of a seat token reissued through another process yet:
            // a credential it refuses is checked again against the store's.
            Err(ApiError::InvalidCredential(_) | ApiError::SignedCredentialRevoked)
                if freshness == Freshness::ToPlay =>
            {
                viewer_of(&credential, &*hub.game(id).await?)?
            }
            viewer => viewer?,
        };
        observe::record_caller(match (&credential, viewer) {
            (_, Viewer::Seat(_)) => "seat",
            (Credential::ServiceKey(_), _) => "service_key",
            _ => "spectator",
        });
        let proof = match (&credential, viewer) {
            (Credential::SeatToken(_), Viewer::Seat(seat)) => {
                live.seat_hashes().get(seat.index()).copied().map(SeatProof::Token)
            }
            (Credential::Signed(claims), Viewer::Seat(_)) => Some(SeatProof::Signed { issued_at: claims.iat }),
            _ => None,
        };
        Ok(Entered { live, viewer, credential, proof })
    }

    /// The service key name of a call only the managing backend may make (`None` when the
    /// server has no keys), the call counted against that key or, without one, the address;
    /// `what` says what the call does, for the refusal.
    pub fn service_key<T>(&self, request: &Request<T>, what: &'static str) -> Result<Option<String>, ApiError> {
        let key = self
            .auth
            .credential(request.metadata())
            .and_then(|credential| self.auth.require_service_key(&credential, what));
        if key.is_ok() {
            observe::record_caller("service_key");
        }
        let caller = match &key {
            Ok(Some(name)) => Caller::ServiceKey(name),
            Ok(None) | Err(_) => Caller::Peer(request.remote_addr().map(|address| address.ip())),
        };
        self.admit(caller)?;
        key
    }

    /// Counts a call anyone may make against its service key, or its address.
    pub fn public<T>(&self, request: &Request<T>) -> Result<(), ApiError> {
        match self.auth.credential(request.metadata()) {
            Ok(Credential::ServiceKey(name)) => self.admit(Caller::ServiceKey(&name)),
            _ => self.admit(Caller::Peer(request.remote_addr().map(|address| address.ip()))),
        }
    }
}

/// Who a call with `credential` acts as in `live`, as this process knows the game.
fn viewer_of(credential: &Credential, live: &LiveGame) -> Result<Viewer, ApiError> {
    let (seat_hashes, seats_reissued) = (live.seat_hashes(), live.seats_reissued());
    let access =
        GameAccess { id: &live.id, private: live.private, seat_hashes: &seat_hashes, seats_reissued: &seats_reissued };
    viewer_in(credential, &access)
}

/// The game `id` names (in the request's `game_id`).
pub async fn game(hub: &Hub, id: &str) -> Result<Arc<LiveGame>, ApiError> {
    Ok(hub.game(resource_id(id, "game_id")?).await?)
}
