//! The web page: its files, built from `web/` and embedded in the binary from `web/dist`,
//! served over plain HTTP on the gRPC port, whose services then also answer gRPC-web (the
//! page's only way to the server, through the same public contract as every client).
//!
//! Every file goes out with a strict policy: scripts, styles and connections from this
//! server only, never inside another site's frame, no sniffing of types, no referrer.

use axum::body::Body;
use axum::http::{HeaderValue, Method, Request, Response, StatusCode, header};
use axum::response::IntoResponse;
use rust_embed::Embed;
use tonic_web::GrpcWebLayer;

use super::error::ApiError;

/// The built page.
#[derive(Embed)]
#[folder = "web/dist"]
struct Page;

/// What the page may load and who may frame it: its own files and calls to this server, a
/// `data:` favicon, nothing inline, no frame.
const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
     connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The services of `routes`, answering gRPC-web too, and the page's files answering every
/// other `GET`.
pub fn with_page(routes: tonic::service::Routes) -> tonic::service::Routes {
    // The gRPC-web layer refuses whatever is not gRPC-web over HTTP/1.1: the page's files
    // are served beside it, not through it.
    routes.into_axum_router().layer(GrpcWebLayer::new()).fallback(page_file).into()
}

/// The services of `routes`, a request for any other path answered `UNKNOWN_METHOD`.
pub fn without_page(routes: tonic::service::Routes) -> tonic::service::Routes {
    routes.into_axum_router().fallback(unknown_path).into()
}

/// The page's file at the request's path (`/` is `index.html`); a request other than
/// `GET` or `HEAD` to no gRPC service is answered as gRPC answers an unknown method.
async fn page_file(request: Request<Body>) -> Response<Body> {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return unknown_path(request).await;
    }
    let path = match request.uri().path().trim_start_matches('/') {
        "" => "index.html",
        path => path,
    };
    let accepted = request.headers().get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()).unwrap_or("");
    let mut response = match Page::get(path) {
        None => (StatusCode::NOT_FOUND, "no such page").into_response(),
        Some(file) => {
            // Vite names each built asset after a hash of its content: it may be kept for
            // ever. The page itself names the current assets, so it is checked on every load.
            let caching = if path.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "no-cache" };
            let headers =
                [(header::CONTENT_TYPE, file.metadata.mimetype().to_owned()), (header::CACHE_CONTROL, caching.into())];
            match compressed(path, accepted) {
                Some((encoding, data)) => {
                    let mut response = (headers, data).into_response();
                    response.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
                    response
                }
                None => (headers, file.data).into_response(),
            }
        }
    };
    let headers = response.headers_mut();
    // A cache keeps each encoding apart.
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}

/// The file at `path` as the build compressed it (`path.br`, `path.gz`), in the first encoding
/// the browser accepts by `accepted` (its `Accept-Encoding`): Brotli, then gzip. None when
/// it accepts neither or the build left the file as it is (a small one).
fn compressed(path: &str, accepted: &str) -> Option<(&'static str, std::borrow::Cow<'static, [u8]>)> {
    let accepts = |name: &str| {
        accepted.split(',').any(|item| {
            let mut parts = item.split(';').map(str::trim);
            parts.next() == Some(name) && !parts.any(|p| p.replace(' ', "") == "q=0")
        })
    };
    [("br", "br"), ("gzip", "gz")]
        .into_iter()
        .filter(|(encoding, _)| accepts(encoding))
        .find_map(|(encoding, suffix)| Page::get(&format!("{path}.{suffix}")).map(|file| (encoding, file.data)))
}

/// What a request for a path no service has gets: `UNIMPLEMENTED` with `UNKNOWN_METHOD`,
/// like an unknown method of a known service.
async fn unknown_path(request: Request<Body>) -> Response<Body> {
    let status = tonic::Status::from(ApiError::UnknownMethod(request.uri().path().to_owned()));
    let (parts, ()) = status.into_http::<()>().into_parts();
    Response::from_parts(parts, Body::empty())
}
