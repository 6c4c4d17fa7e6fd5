//! Which host names the server answers for. A server on a loopback address without service
//! keys trusts whoever can reach it, which a web page on another site can do through a name
//! of its own that it points at 127.0.0.1 (DNS rebinding); such a server answers only
//! requests that name `localhost` (or a name under it), a loopback address, or a name the
//! operator allowed (`--allowed-host`), so the page's requests, which name its own host,
//! are refused before any handler sees them.

use std::convert::Infallible;
use std::net::IpAddr;
use std::task::{Context, Poll};

use tonic::body::Body;
use tonic::codegen::BoxFuture;
use tonic::codegen::http::{HeaderMap, Request, Response, StatusCode, header};
use tower::Service;

use super::error::ApiError;

/// The host names a server answers for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum AllowedHosts {
    /// Any: a server with service keys, or beyond loopback (which needs keys), has no page
    /// an outsider could turn against it without a key.
    #[default]
    Any,
    /// `localhost`, loopback addresses and these names (lower case, without a port).
    Loopback(Vec<String>),
}

impl AllowedHosts {
    /// Whether a request naming `host` (a `Host` header or `:authority`: a name or address,
    /// perhaps with a port) is answered. A request naming none (HTTP/1.0 without `Host`)
    /// comes from no browser, and is.
    pub fn allows(&self, host: Option<&str>) -> bool {
        let AllowedHosts::Loopback(names) = self else { return true };
        let Some(host) = host else { return true };
        let name = without_port(host).to_ascii_lowercase();
        if name == "localhost" || name.ends_with(".localhost") || names.contains(&name) {
            return true;
        }
        name.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>().is_ok_and(|address| address.is_loopback())
    }
}

/// `host` without a trailing `:port` (an IPv6 address keeps its brackets).
fn without_port(host: &str) -> &str {
    match host.rsplit_once(':') {
        // An IPv6 address without brackets (no port can follow it).
        Some((name, _)) if name.contains(':') && !name.ends_with(']') => host,
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

/// The host a request names: its URI's authority (HTTP/2), else its `Host` header.
fn host_of<'a>(uri_host: Option<&'a str>, headers: &'a HeaderMap) -> Option<&'a str> {
    uri_host.or_else(|| headers.get(header::HOST).and_then(|value| value.to_str().ok()))
}

/// `inner`, answering only requests for the hosts `allowed` names.
#[derive(Clone)]
pub struct HostCheck<S> {
    inner: S,
    allowed: std::sync::Arc<AllowedHosts>,
}

impl<S> HostCheck<S> {
    pub fn new(inner: S, allowed: AllowedHosts) -> HostCheck<S> {
        HostCheck { inner, allowed: std::sync::Arc::new(allowed) }
    }
}

impl<S> Service<Request<Body>> for HostCheck<S>
where
    S: Service<Request<Body>, Response = Response<Body>, Error = Infallible> + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = Response<Body>;
    type Error = Infallible;
    type Future = BoxFuture<Response<Body>, Infallible>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<Body>) -> Self::Future {
        let authority = request.uri().authority().map(|authority| authority.as_str());
        let host = host_of(authority, request.headers());
        if self.allowed.allows(host) {
            return Box::pin(self.inner.call(request));
        }
        let host = host.unwrap_or_default().to_owned();
        tracing::warn!(%host, "refused a request for a host this server does not answer");
        let grpc = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .is_some_and(|kind| kind.starts_with("application/grpc"));
        let response = if grpc {
            tonic::Status::from(ApiError::HostNotAllowed(host)).into_http()
        } else {
            let mut response = Response::new(Body::new(format!(
                "this server does not answer for host {host:?}; open it at http://localhost or a loopback address\n"
            )));
            *response.status_mut() = StatusCode::FORBIDDEN;
            response
        };
        Box::pin(async move { Ok(response) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loopback_server_answers_loopback_names_and_the_names_it_was_given() {
        let allowed = AllowedHosts::Loopback(vec!["lobby.internal".to_owned()]);
        for host in [
            "localhost",
            "LOCALHOST:50051",
            "app.localhost:8080",
            "127.0.0.1:50051",
            "127.1.2.3",
            "[::1]:50051",
            "::1",
            "lobby.internal:50051",
        ] {
            assert!(allowed.allows(Some(host)), "{host}");
        }
        for host in ["evil.example", "evil.example:50051", "localhost.evil.example", "10.0.0.5:50051", "[::2]:1"] {
            assert!(!allowed.allows(Some(host)), "{host}");
        }
        assert!(allowed.allows(None), "no Host: not a browser");
        assert!(AllowedHosts::Any.allows(Some("evil.example")));
    }
}
