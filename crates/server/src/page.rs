//! The built page (web/dist) as the server hands it out: from a directory on disk
//! (`--web-dir`, for development), from the files built into the binary, or, when neither
//! is there, a note on how to build it. Any path that is not a file is the page itself
//! (`/game/ID` is routed in the browser).

use axum::Router;
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{Html, IntoResponse, Response};
use std::path::PathBuf;
use tower_http::services::{ServeDir, ServeFile};

/// Files built into a binary: each path inside web/dist (`index.html`, `assets/...`) and
/// its bytes.
pub type EmbeddedFiles = &'static [(&'static str, &'static [u8])];

const NO_BUNDLE_PAGE: &str = "<!doctype html><meta charset=utf-8><title>Menagerie</title>\
<h1>Menagerie</h1><p>The server runs, but this binary was built without the page and no \
<code>--web-dir</code> was given. Build the page with <code>scripts/build-web</code> (or \
<code>cd web &amp;&amp; npm ci &amp;&amp; npm run build</code>), then either rebuild the \
binary, which builds <code>web/dist</code> into itself, or point <code>--web-dir</code> at \
<code>web/dist</code>. The API is at <code>/api/</code> (docs/api.md).</p>\n";

/// Adds the page to `app`: `web_dir` when it holds an index.html, else `embedded` when it
/// has one, else the note.
pub fn serve(app: Router, web_dir: Option<PathBuf>, embedded: EmbeddedFiles) -> Router {
    if let Some(dir) = web_dir.filter(|d| d.join("index.html").is_file()) {
        let index = ServeFile::new(dir.join("index.html"));
        return app.fallback_service(ServeDir::new(dir).fallback(index));
    }
    if find(embedded, "index.html").is_some() {
        return app.fallback(move |uri: Uri| async move { embedded_file(embedded, uri.path()) });
    }
    app.fallback(|| async { Html(NO_BUNDLE_PAGE) })
}

fn find(files: EmbeddedFiles, path: &str) -> Option<&'static [u8]> {
    files
        .iter()
        .find(|(p, _)| *p == path)
        .map(|(_, bytes)| *bytes)
}

fn embedded_file(files: EmbeddedFiles, path: &str) -> Response {
    let path = path.trim_start_matches('/');
    if let Some(bytes) = find(files, path) {
        // the bundler names assets by their content: they never change under one name
        let cache = if path.starts_with("assets/") {
            "public, max-age=31536000, immutable"
        } else {
            "no-cache"
        };
        return (
            [
                (
                    header::CONTENT_TYPE,
                    HeaderValue::from_static(content_type(path)),
                ),
                (header::CACHE_CONTROL, HeaderValue::from_static(cache)),
            ],
            bytes,
        )
            .into_response();
    }
    if path.starts_with("assets/") {
        return StatusCode::NOT_FOUND.into_response();
    }
    let index = find(files, "index.html").unwrap_or_default();
    (
        [(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"))],
        Html(index),
    )
        .into_response()
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit_once('.').map(|(_, ext)| ext) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") | Some("mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json") | Some("map") => "application/json",
        Some("ico") => "image/x-icon",
        Some("woff2") => "font/woff2",
        Some("txt") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static FILES: EmbeddedFiles = &[
        ("index.html", b"<main id=app></main>"),
        ("assets/index-1.js", b"console.log(1)"),
    ];

    #[test]
    fn files_are_found_by_path_and_everything_else_is_the_page() {
        let js = embedded_file(FILES, "/assets/index-1.js");
        assert_eq!(js.status(), StatusCode::OK);
        assert_eq!(
            js.headers()[header::CONTENT_TYPE],
            "text/javascript; charset=utf-8"
        );
        let game = embedded_file(FILES, "/game/abc");
        assert_eq!(game.status(), StatusCode::OK);
        assert_eq!(
            game.headers()[header::CONTENT_TYPE],
            "text/html; charset=utf-8"
        );
        assert_eq!(
            embedded_file(FILES, "/assets/gone.js").status(),
            StatusCode::NOT_FOUND
        );
    }
}
