//! `menagerie serve` started in an empty directory serves the page built into the binary
//! (web/dist as it was at build time), with its assets; without a built page, a note.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::Duration;

/// The status line, the headers and the body of a GET.
fn get(addr: &str, path: &str) -> (String, String, Vec<u8>) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let (status, headers) = head.split_once("\r\n").unwrap();
    (
        status.to_string(),
        headers.to_lowercase(),
        raw[split + 4..].to_vec(),
    )
}

#[test]
fn serve_in_an_empty_directory_serves_the_built_in_page() {
    let dir = std::env::temp_dir().join(format!("menagerie-serve-page-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (mut child, addr) = common::serve(&["--data-dir", "data"], &dir);

    let dist = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/dist");
    let (status, headers, body) = get(&addr, "/game/some-id");
    let body = String::from_utf8(body).unwrap();
    assert!(status.contains(" 200 "), "{status}");
    assert!(headers.contains("content-type: text/html"), "{headers}");
    match std::fs::read_to_string(dist.join("index.html")) {
        Ok(index) => {
            assert_eq!(body, index, "the page is web/dist/index.html");
            let script = index
                .split("src=\"")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .expect("index.html loads a script");
            let (status, headers, js) = get(&addr, script);
            assert!(status.contains(" 200 "), "{script}: {status}");
            assert!(
                headers.contains("content-type: text/javascript"),
                "{headers}"
            );
            assert_eq!(
                js,
                std::fs::read(dist.join(script.trim_start_matches('/'))).unwrap()
            );
        }
        Err(_) => {
            eprintln!("web/dist is not built: checking the note instead (scripts/build-web)");
            assert!(body.contains("built without the page"), "{body}");
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}
