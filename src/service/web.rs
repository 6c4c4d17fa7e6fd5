//! The web page: its files, built from `web/` and embedded in the binary from `web/dist`,
//! served over plain HTTP on the gRPC port, whose services then also answer gRPC-web (the
//! page's only way to the server, through the same public contract as every client).

use axum::body::Body;
use axum::http::{Method, Request, Response, StatusCode, header};
use axum::response::IntoResponse;
use rust_embed::Embed;
use tonic_web::GrpcWebLayer;

/// The built page.
#[derive(Embed)]
#[folder = "web/dist"]
struct Page;

/// The services of `routes`, answering gRPC-web too, and the page's files answering every
/// other `GET`.
pub fn with_page(routes: tonic::service::Routes) -> tonic::service::Routes {
    // The gRPC-web layer refuses whatever is not gRPC-web over HTTP/1.1: the page's files
    // are served beside it, not through it.
    routes.into_axum_router().layer(GrpcWebLayer::new()).fallback(page_file).into()
}

/// The page's file at the request's path (`/` is `index.html`); a request other than
/// `GET` or `HEAD` to no gRPC service is answered as gRPC answers an unknown method.
async fn page_file(request: Request<Body>) -> Response<Body> {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        let (parts, ()) = tonic::Status::unimplemented("no such method").into_http::<()>().into_parts();
        return Response::from_parts(parts, Body::empty());
    }
    let path = match request.uri().path().trim_start_matches('/') {
        "" => "index.html",
        path => path,
    };
    let Some(file) = Page::get(path) else {
        return (StatusCode::NOT_FOUND, "no such page").into_response();
    };
    // Vite names each built asset after a hash of its content: it may be kept for ever.
    // The page itself names the current assets, so it is checked on every load.
    let caching = if path.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "no-cache" };
    let headers =
        [(header::CONTENT_TYPE, file.metadata.mimetype().to_owned()), (header::CACHE_CONTROL, caching.into())];
    (headers, file.data).into_response()
}
