//! What every `GameService` call passes around its handler: a deadline, the client's
//! (`grpc-timeout`) or the server's own bound, whichever is shorter, and one form for the
//! refusals the gRPC runtime makes before a handler runs.
//!
//! A call past its deadline is dropped and answered `DEADLINE_EXCEEDED`; dropping it ends
//! whatever it was doing (a search stops). For a stream the deadline covers opening it, not
//! how long it stays open. The runtime refuses undecodable, oversized and oddly compressed
//! requests, and unknown methods, with a bare status; those get an `ErrorInfo` here like
//! every other refusal.

use std::convert::Infallible;
use std::task::{Context, Poll};
use std::time::Duration;

use tonic::body::Body;
use tonic::codegen::http::{self, HeaderMap};
use tonic::codegen::{BoxFuture, Service};
use tonic::server::NamedService;
use tonic::{Code, Status};

use super::error::ApiError;

/// How much sooner than the client's deadline a call is cut off.
const TRANSPORT_MARGIN: Duration = Duration::from_millis(2);

/// The header of a status's encoded details: every status of ours carries one.
const STATUS_DETAILS: &str = "grpc-status-details-bin";

/// Wraps a gRPC service with deadlines and typed runtime refusals.
#[derive(Clone)]
pub struct Guard<S> {
    inner: S,
    longest_call: Duration,
    /// The largest message, for the refusals of larger ones.
    max_message_bytes: usize,
}

impl<S> Guard<S> {
    /// `inner`, each call bounded by `longest_call`, its messages by `max_message_bytes`.
    pub fn new(inner: S, longest_call: Duration, max_message_bytes: usize) -> Guard<S> {
        Guard { inner, longest_call, max_message_bytes }
    }
}

impl<S: NamedService> NamedService for Guard<S> {
    const NAME: &'static str = S::NAME;
}

impl<S> Service<http::Request<Body>> for Guard<S>
where
    S: Service<http::Request<Body>, Response = http::Response<Body>, Error = Infallible> + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = http::Response<Body>;
    type Error = Infallible;
    type Future = BoxFuture<http::Response<Body>, Infallible>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<Body>) -> Self::Future {
        // The transport also times out at the client's deadline, but answers CANCELLED; ending
        // a hair earlier makes the answer DEADLINE_EXCEEDED, as gRPC specifies.
        let budget = client_timeout(request.headers())
            .map_or(self.longest_call, |asked| asked.saturating_sub(TRANSPORT_MARGIN).min(self.longest_call));
        let path = request.uri().path().to_owned();
        let limit = self.max_message_bytes;
        let call = self.inner.call(request);
        Box::pin(async move {
            match tokio::time::timeout(budget, call).await {
                Ok(Ok(response)) => Ok(typed_refusal(response, &path, limit)),
                Ok(Err(never)) => match never {},
                Err(_) => Ok(Status::from(ApiError::DeadlineExceeded).into_http()),
            }
        })
    }
}

/// `response`, or, when it is a refusal the gRPC runtime made before any handler ran (a
/// trailers-only status without details), the same refusal in the service's own form;
/// `limit` is the largest message accepted.
fn typed_refusal(response: http::Response<Body>, path: &str, limit: usize) -> http::Response<Body> {
    let headers = response.headers();
    if headers.contains_key(STATUS_DETAILS) {
        return response;
    }
    let Some(status) = Status::from_header_map(headers) else { return response };
    let error = match status.code() {
        // Our handlers answer INTERNAL only with details (`RULES_FAULT`): one without is the
        // runtime's decoder's.
        Code::Internal => ApiError::MalformedRequest(status.message().to_owned()),
        Code::OutOfRange => ApiError::MessageTooLarge { why: status.message().to_owned(), limit },
        // Only the runtime's decompression: the message inflates beyond the limit.
        Code::ResourceExhausted => ApiError::DecompressedTooLarge { why: status.message().to_owned(), limit },
        Code::Unimplemented if status.message().is_empty() => ApiError::UnknownMethod(path.to_owned()),
        Code::Unimplemented => ApiError::UnsupportedCompression {
            message: status.message().to_owned(),
            accepted: status.metadata().get("grpc-accept-encoding").cloned(),
        },
        _ => return response,
    };
    Status::from(error).into_http()
}

/// The client's deadline from `grpc-timeout`: at most 8 digits and a unit (H, M, S, m,
/// u, n), as the gRPC HTTP/2 protocol writes it. A malformed value is ignored.
fn client_timeout(headers: &HeaderMap) -> Option<Duration> {
    let value = headers.get("grpc-timeout")?.to_str().ok()?;
    let (digits, unit) = value.split_at_checked(value.len().checked_sub(1)?)?;
    if digits.is_empty() || digits.len() > 8 {
        return None;
    }
    let amount: u64 = digits.parse().ok()?;
    Some(match unit {
        "H" => Duration::from_secs(amount * 3600),
        "M" => Duration::from_secs(amount * 60),
        "S" => Duration::from_secs(amount),
        "m" => Duration::from_millis(amount),
        "u" => Duration::from_micros(amount),
        "n" => Duration::from_nanos(amount),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A handler that takes `delay` to answer OK.
    #[derive(Clone)]
    struct Slow {
        delay: Duration,
    }

    impl Service<http::Request<Body>> for Slow {
        type Response = http::Response<Body>;
        type Error = Infallible;
        type Future = BoxFuture<http::Response<Body>, Infallible>;

        fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
            Poll::Ready(Ok(()))
        }

        fn call(&mut self, _request: http::Request<Body>) -> Self::Future {
            let delay = self.delay;
            Box::pin(async move {
                tokio::time::sleep(delay).await;
                Ok(Status::ok("").into_http())
            })
        }
    }

    async fn answer(guard: &mut Guard<Slow>, client_timeout: Option<&str>) -> (String, Duration) {
        let mut request = http::Request::new(Body::empty());
        if let Some(timeout) = client_timeout {
            request.headers_mut().insert("grpc-timeout", timeout.parse().unwrap());
        }
        let started = std::time::Instant::now();
        let response = guard.call(request).await.unwrap();
        let code = response.headers().get("grpc-status").unwrap().to_str().unwrap().to_owned();
        (code, started.elapsed())
    }

    #[tokio::test]
    async fn calls_past_the_shorter_deadline_end_with_deadline_exceeded() {
        const DEADLINE_EXCEEDED: &str = "4";
        let slow = Slow { delay: Duration::from_secs(10) };
        // The server's own bound.
        let mut guard = Guard::new(slow.clone(), Duration::from_millis(50), 1024);
        let (code, took) = answer(&mut guard, None).await;
        assert_eq!(code, DEADLINE_EXCEEDED);
        assert!(took < Duration::from_secs(5), "{took:?}");
        // The client's shorter deadline.
        let mut guard = Guard::new(slow, Duration::from_secs(60), 1024);
        let (code, took) = answer(&mut guard, Some("100m")).await;
        assert_eq!(code, DEADLINE_EXCEEDED);
        assert!(took < Duration::from_secs(5), "{took:?}");
        // A call that meets its deadline is answered as the handler answered.
        let mut guard = Guard::new(Slow { delay: Duration::from_millis(1) }, Duration::from_secs(60), 1024);
        assert_eq!(answer(&mut guard, Some("5S")).await.0, "0");
    }

    fn timeout_of(value: &str) -> Option<Duration> {
        let mut headers = HeaderMap::new();
        headers.insert("grpc-timeout", value.parse().unwrap());
        client_timeout(&headers)
    }

    #[test]
    fn grpc_timeouts_are_read_in_every_unit() {
        assert_eq!(timeout_of("2H"), Some(Duration::from_secs(7200)));
        assert_eq!(timeout_of("3M"), Some(Duration::from_secs(180)));
        assert_eq!(timeout_of("5S"), Some(Duration::from_secs(5)));
        assert_eq!(timeout_of("250m"), Some(Duration::from_millis(250)));
        assert_eq!(timeout_of("7u"), Some(Duration::from_micros(7)));
        assert_eq!(timeout_of("9n"), Some(Duration::from_nanos(9)));
        for bad in ["", "S", "123456789S", "5s", "-5S", "5"] {
            assert_eq!(timeout_of(bad), None, "{bad:?}");
        }
    }
}
