//! The server, as this terminal reaches it: a connection, the credentials calls carry,
//! and the game kinds it hosts. Only the public contract (`tabula.v1.GameService`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use tabula::proto::tabula::v1 as pb;
use tonic::metadata::{Ascii, MetadataValue};
use tonic::transport::Channel;
use tonic::{Request, Status};

/// The generated client of `tabula.v1.GameService`.
pub type Client = pb::game_service_client::GameServiceClient<Channel>;

/// What a failed call or a bad argument becomes: a sentence for the person at the terminal.
pub type Failure = Box<dyn std::error::Error>;

/// How long an attempt to connect may go unanswered before it counts as failed.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a connection may be quiet before it is pinged, and how long the answer may take.
const PING_EVERY: Duration = Duration::from_secs(30);
const PING_TIMEOUT: Duration = Duration::from_secs(10);

/// Connects to the server at `address` (`http://host:port`). Later calls connect again by
/// themselves when the connection is lost.
///
/// # Errors
/// A sentence naming the address when it is malformed or nobody answers there.
pub async fn connect(address: &str) -> Result<Client, Failure> {
    let endpoint = Channel::from_shared(address.to_owned())
        .map_err(|_| format!("--server {address:?} is not a URL; write it like http://127.0.0.1:50051"))?;
    // A server gone without closing the connection (its machine down, the network cut)
    // would otherwise leave a game followed in silence, or an attempt to reach it hanging
    // for minutes, instead of being reported lost and tried again.
    let endpoint = endpoint
        .connect_timeout(CONNECT_TIMEOUT)
        .http2_keep_alive_interval(PING_EVERY)
        .keep_alive_timeout(PING_TIMEOUT);
    let channel = endpoint.connect().await.map_err(|error| {
        format!("could not reach a tabula server at {address} ({error}); is `tabula serve` running there?")
    })?;
    Ok(Client::new(channel))
}

/// A secret sent with calls as `authorization: Bearer <secret>`: a seat token or a service
/// key's secret. Its debug form never shows the secret.
#[derive(Clone)]
pub struct Credential {
    secret: String,
    header: MetadataValue<Ascii>,
}

impl Credential {
    /// A credential of `secret`.
    ///
    /// # Errors
    /// When `secret` is empty or holds characters a header cannot carry.
    pub fn bearer(secret: &str) -> Result<Credential, String> {
        let secret = secret.trim();
        let header = format!("Bearer {secret}")
            .parse()
            .ok()
            .filter(|_| !secret.is_empty())
            .ok_or("a credential must be non-empty printable text without control characters")?;
        Ok(Credential { secret: secret.to_owned(), header })
    }

    /// The secret itself, to show its owner how to come back to a game.
    pub fn secret(&self) -> &str {
        &self.secret
    }
}

impl fmt::Debug for Credential {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Credential(…)")
    }
}

/// `--service-key NAME=SECRET`, as `tabula serve` takes it; only the secret is sent.
#[derive(Clone)]
pub struct ServiceKey(pub Credential);

impl FromStr for ServiceKey {
    type Err = String;

    fn from_str(spec: &str) -> Result<ServiceKey, String> {
        let (_, secret) = spec.split_once('=').ok_or("write the service key as NAME=SECRET, as the server has it")?;
        Credential::bearer(secret).map(ServiceKey)
    }
}

impl fmt::Debug for ServiceKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ServiceKey(…)")
    }
}

/// `message` as a request carrying `credential`, or none (a spectator's).
pub fn request<T>(credential: Option<&Credential>, message: T) -> Request<T> {
    let mut request = Request::new(message);
    if let Some(credential) = credential {
        request.metadata_mut().insert("authorization", credential.header.clone());
    }
    request
}

/// `status` as a sentence saying what could not be done: `could not create the game: …`.
pub fn failed(doing: &str, status: &Status) -> String {
    format!("could not {doing}: {}", status.message())
}

/// Every game kind the server hosts.
///
/// # Errors
/// A sentence when the server does not answer.
pub async fn kinds(client: &mut Client) -> Result<Vec<pb::GameKindInfo>, Failure> {
    let response =
        client.list_game_kinds(pb::ListGameKindsRequest {}).await.map_err(|e| failed("list the game kinds", &e))?;
    Ok(response.into_inner().kinds)
}

/// The kind `kind` (a `GameKind` number) among `kinds`.
///
/// # Errors
/// A sentence when the server does not host it.
pub fn kind_info(kinds: &[pb::GameKindInfo], kind: i32) -> Result<pb::GameKindInfo, String> {
    kinds
        .iter()
        .find(|info| info.kind == kind)
        .cloned()
        .ok_or_else(|| format!("the server does not describe game kind {kind}"))
}

/// The view `credential` (or a spectator) has of game `game_id` now.
///
/// # Errors
/// The server's refusal, as a sentence.
pub async fn view(client: &mut Client, game_id: &str, credential: Option<&Credential>) -> Result<pb::View, Failure> {
    let message = pb::GetViewRequest { game_id: game_id.to_owned(), at_seq: None };
    let response = client.get_view(request(credential, message)).await.map_err(|e| failed("read the game", &e))?;
    Ok(response.into_inner().view.ok_or("the server answered without the game's view")?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_service_key_sends_only_its_secret_and_never_shows_it() {
        let key: ServiceKey = "lobby=abcdefghijklmnop".parse().unwrap();
        assert_eq!(key.0.secret(), "abcdefghijklmnop");
        assert_eq!(format!("{key:?}"), "ServiceKey(…)");
        let sent = request(Some(&key.0), ());
        assert_eq!(sent.metadata().get("authorization").unwrap(), "Bearer abcdefghijklmnop");
        assert!("no-equals-sign".parse::<ServiceKey>().is_err());
        assert!(Credential::bearer("line\nbreak").is_err());
        assert!(Credential::bearer("  ").is_err());
    }
}
