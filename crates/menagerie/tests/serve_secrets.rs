//! Passwords and session tokens never reach the server's log or its database in plain
//! text: a server logging at `trace` registers an account, logs in, changes the password,
//! fails a login and logs out; then its log and its SQLite files are searched for them.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// A JSON POST; returns the status line, the headers (lower-case) and the body.
fn post(addr: &str, path: &str, body: &str, cookie: Option<&str>) -> (String, String, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let cookie = cookie.map_or(String::new(), |c| format!("Cookie: {c}\r\n"));
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\n{cookie}\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap();
    let (status, headers) = head.split_once("\r\n").unwrap();
    (status.to_string(), headers.to_lowercase(), body.to_string())
}

/// The `name=value` of the session cookie a reply sets.
fn session_cookie(headers: &str) -> String {
    headers
        .lines()
        .find_map(|l| l.strip_prefix("set-cookie: "))
        .and_then(|c| c.split(';').next())
        .expect("a session cookie is set")
        .to_string()
}

#[test]
fn passwords_and_session_tokens_stay_out_of_the_log_and_the_database() {
    let dir = std::env::temp_dir().join(format!("menagerie-secrets-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (mut child, addr, log) =
        common::serve_logged(&["--data-dir", "data"], &dir, &[("RUST_LOG", "trace")]);

    let first = "Tr0ub4dor-first-secret";
    let second = "correct-horse-second-secret";
    let (status, headers, _) = post(
        &addr,
        "/api/account/register",
        &format!(r#"{{"name": "alice", "password": "{first}"}}"#),
        None,
    );
    assert!(status.contains(" 201 "), "{status}");
    let registered = session_cookie(&headers);
    let (status, _, _) = post(
        &addr,
        "/api/account/password",
        &format!(r#"{{"current_password": "{first}", "new_password": "{second}"}}"#),
        Some(&registered),
    );
    assert!(status.contains(" 200 "), "{status}");
    let (status, _, _) = post(
        &addr,
        "/api/account/login",
        &format!(r#"{{"name": "alice", "password": "{first}"}}"#),
        None,
    );
    assert!(
        status.contains(" 401 "),
        "the old password no longer works: {status}"
    );
    let (status, headers, _) = post(
        &addr,
        "/api/account/login",
        &format!(r#"{{"name": "alice", "password": "{second}"}}"#),
        None,
    );
    assert!(status.contains(" 200 "), "{status}");
    let logged_in = session_cookie(&headers);
    let (status, _, _) = post(&addr, "/api/account/logout", "{}", Some(&logged_in));
    assert!(status.contains(" 200 "), "{status}");

    child.kill().unwrap();
    child.wait().unwrap();
    std::thread::sleep(Duration::from_millis(200)); // the log reader takes its last lines

    let tokens = [&registered, &logged_in].map(|c| c.split_once('=').unwrap().1.to_string());
    let log = log.lock().unwrap().join("\n");
    assert!(
        log.contains("/api/account/login"),
        "the trace log covers the requests"
    );
    for secret in [first, second]
        .iter()
        .copied()
        .chain(tokens.iter().map(|t| t.as_str()))
    {
        assert!(!log.contains(secret), "the log holds {secret}");
    }
    let mut stored = Vec::new();
    for entry in std::fs::read_dir(dir.join("data")).unwrap() {
        let path = entry.unwrap().path();
        if path.to_string_lossy().contains("sqlite") {
            stored.extend(std::fs::read(&path).unwrap());
        }
    }
    assert!(!stored.is_empty(), "the SQLite files were read");
    for secret in [first, second]
        .iter()
        .copied()
        .chain(tokens.iter().map(|t| t.as_str()))
    {
        assert!(
            !stored.windows(secret.len()).any(|w| w == secret.as_bytes()),
            "the database holds {secret}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
