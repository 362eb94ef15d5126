//! The headers every response carries so a browser confines the page: scripts, styles
//! and connections only from this server, no framing by another site, no sniffing of
//! content types, and no `Referer` (a game's address can carry its seat token).

use axum::http::{HeaderName, HeaderValue, header};
use axum::response::Response;

/// The page is one bundle served from here: no inline script or style, no plugin, no
/// `<base>`, and no other site may frame it. `'self'` covers the game's WebSocket
/// (`ws:`/`wss:` to the same host).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; \
object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const HEADERS: [(HeaderName, &str); 5] = [
    (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    // For browsers that predate `frame-ancestors`.
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::REFERRER_POLICY, "no-referrer"),
    (
        HeaderName::from_static("cross-origin-opener-policy"),
        "same-origin",
    ),
];

/// Adds the headers to a response (axum `map_response` middleware).
pub async fn add(mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}
