//! Accounts over HTTP on SQLite, and on PostgreSQL when MENAGERIE_TEST_POSTGRES is set:
//! registering, logging in and out, the session cookie, changing the password, deleting
//! the account, names, login limits, and a session that cannot be used from another site.

mod account_client;
mod common;

use account_client::Browser;

use common::{Backend, TestServer, backends};
use serde_json::json;
use sqlx::{Connection, Row};

async fn database(backend: &Backend) -> sqlx::AnyConnection {
    sqlx::any::install_default_drivers();
    sqlx::AnyConnection::connect(&backend.url()).await.unwrap()
}

#[tokio::test]
async fn register_log_in_out_and_the_cookie() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        let mut alice = Browser::new(&server);
        assert_eq!(alice.me().await, None);
        let r = alice.register("Alice", "correct horse").await;
        assert_eq!(r.status, 201, "{}", r.body);
        assert_eq!(r.body["account"]["name"], "Alice");
        let set = r.set_cookie.unwrap();
        for attribute in ["HttpOnly", "Secure", "SameSite=Lax", "Path=/"] {
            assert!(set.contains(attribute), "{set}");
        }
        assert_eq!(alice.me().await.as_deref(), Some("Alice"));

        let mut other = Browser::new(&server);
        assert_eq!(other.register("aLICE", "another pass").await.status, 409);
        for (name, password) in [
            ("engine", "long enough"),
            ("Anonymous", "long enough"),
            ("admin_1", "long enough"),
            ("a", "long enough"),
            ("<script>", "long enough"),
            ("bob", "short"),
        ] {
            let r = other.register(name, password).await;
            assert_eq!(r.status, 400, "{name}: {}", r.body);
        }
        assert_eq!(other.me().await, None);

        assert_eq!(other.login("alice", "wrong password").await.status, 401);
        assert_eq!(other.login("nobody", "wrong password").await.status, 401);
        let r = other.login("alice", "correct horse").await;
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(other.me().await.as_deref(), Some("Alice"));

        let kept = other.cookie.clone();
        let r = other.post("/api/account/logout", json!({})).await;
        assert_eq!(r.status, 200);
        assert_eq!(other.me().await, None);
        other.cookie = kept;
        assert_eq!(other.me().await, None, "a session logged out stays out");
        assert_eq!(alice.me().await.as_deref(), Some("Alice"), "others stay in");

        // Anonymous play is as it was: no cookie, no account.
        let g = server
            .create(json!({"variant": "chess", "opponent": "friend", "color": "white"}))
            .await;
        assert_eq!(g["game"]["status"], "waiting");
        server.stop().await;
        backend.drop_data().await;
    }
}

#[tokio::test]
async fn password_change_and_account_deletion() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        let mut alice = Browser::new(&server);
        alice.register("alice", "first password").await;
        let mut laptop = Browser::new(&server);
        laptop.login("alice", "first password").await;
        let change =
            |current: &str, new: &str| json!({"current_password": current, "new_password": new});
        let r = alice
            .post(
                "/api/account/password",
                change("wrong password", "second password"),
            )
            .await;
        assert_eq!(r.status, 403, "{}", r.body);
        let r = alice
            .post("/api/account/password", change("first password", "short"))
            .await;
        assert_eq!(r.status, 400, "{}", r.body);
        let r = alice
            .post(
                "/api/account/password",
                change("first password", "second password"),
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(alice.me().await.as_deref(), Some("alice"));
        assert_eq!(
            laptop.me().await,
            None,
            "other sessions end with the old password"
        );
        let mut fresh = Browser::new(&server);
        assert_eq!(fresh.login("alice", "first password").await.status, 401);
        assert_eq!(fresh.login("alice", "second password").await.status, 200);

        let mut nobody = Browser::new(&server);
        let r = nobody
            .post(
                "/api/account/delete",
                json!({"password": "second password"}),
            )
            .await;
        assert_eq!(r.status, 401);
        let r = alice
            .post("/api/account/delete", json!({"password": "first password"}))
            .await;
        assert_eq!(r.status, 403);
        let r = alice
            .post(
                "/api/account/delete",
                json!({"password": "second password"}),
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(alice.me().await, None);
        assert_eq!(fresh.me().await, None);
        assert_eq!(nobody.login("alice", "second password").await.status, 401);
        assert_eq!(nobody.register("alice", "a new owner").await.status, 201);
        server.stop().await;
        backend.drop_data().await;
    }
}

#[tokio::test]
async fn neither_passwords_nor_session_tokens_are_stored_plain() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        let mut alice = Browser::new(&server);
        alice.register("alice", "plain-text-secret").await;
        let token = alice.cookie.clone().unwrap();
        let mut db = database(&backend).await;
        let hash: String = sqlx::query("SELECT password_hash FROM accounts")
            .fetch_one(&mut db)
            .await
            .unwrap()
            .get(0);
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(!hash.contains("plain-text-secret"));
        let stored: String = sqlx::query("SELECT token_hash FROM sessions")
            .fetch_one(&mut db)
            .await
            .unwrap()
            .get(0);
        assert_ne!(stored, token);
        db.close().await.unwrap();
        server.stop().await;
        if let Backend::Sqlite(dir) = &backend {
            for entry in std::fs::read_dir(dir).unwrap() {
                let bytes = std::fs::read(entry.unwrap().path()).unwrap();
                for secret in ["plain-text-secret", token.as_str()] {
                    assert!(
                        !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
                        "{secret} is in the database files"
                    );
                }
            }
        }
        backend.drop_data().await;
    }
}

#[tokio::test]
async fn a_session_cannot_be_used_from_another_site() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        let mut alice = Browser::new(&server);
        alice.register("alice", "correct horse").await;
        let cookie = format!("menagerie_session={}", alice.cookie.clone().unwrap());
        let url = |path: &str| format!("{}{path}", server.base);
        let bodies = [
            ("/api/account/delete", json!({"password": "correct horse"})),
            ("/api/account/logout", json!({})),
            (
                "/api/account/password",
                json!({"current_password": "correct horse", "new_password": "evil's choice"}),
            ),
        ];
        // A page on another site posting to the server: its Origin, or the browser's
        // Sec-Fetch-Site, gives it away.
        for (name, value) in [
            ("origin", "https://evil.example"),
            ("sec-fetch-site", "cross-site"),
        ] {
            for (path, body) in &bodies {
                let r = server
                    .client
                    .post(url(path))
                    .header("cookie", &cookie)
                    .header("content-type", "application/json")
                    .header(name, value)
                    .body(body.to_string())
                    .send()
                    .await
                    .unwrap();
                assert_eq!(r.status().as_u16(), 403, "{path} with {name}");
            }
        }
        // A form post (no JSON content type), which needs no preflight, is refused before
        // anything is read.
        let r = server
            .client
            .post(url("/api/account/delete"))
            .header("cookie", &cookie)
            .header("content-type", "application/x-www-form-urlencoded")
            .body("password=correct+horse")
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 415);
        // The server allows no other site to read or send with credentials.
        assert!(r.headers().get("access-control-allow-origin").is_none());
        assert_eq!(alice.me().await.as_deref(), Some("alice"), "still there");
        // The same request from the page itself goes through.
        let r = server
            .client
            .post(url("/api/account/logout"))
            .header("cookie", &cookie)
            .header("content-type", "application/json")
            .header("origin", server.base.clone())
            .header("sec-fetch-site", "same-origin")
            .body("{}")
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 200);
        assert_eq!(alice.me().await, None);
        server.stop().await;
        backend.drop_data().await;
    }
}

#[tokio::test]
async fn login_attempts_are_limited() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        let mut alice = Browser::new(&server);
        alice.register("alice", "correct horse").await;
        let mut guesser = Browser::new(&server);
        for i in 0..5 {
            let r = guesser.login("alice", &format!("guess number {i}")).await;
            assert_eq!(r.status, 401);
        }
        let r = guesser.login("ALICE", "correct horse").await;
        assert_eq!(r.status, 429, "{}", r.body);
        assert!(r.body["error"].as_str().unwrap().contains("try again"));
        assert_eq!(guesser.me().await, None);
        // The client's own limit: 20 attempts whatever the names (6 made so far), one more
        // every 3 s.
        let mut statuses = Vec::new();
        for i in 0..30 {
            let status = guesser
                .login(&format!("user{i}"), "whatever pass")
                .await
                .status;
            statuses.push(status);
            if status == 429 {
                break;
            }
        }
        let refused_after = statuses.iter().filter(|&&s| s == 401).count();
        assert_eq!(statuses.last(), Some(&429), "{statuses:?}");
        assert!((14..20).contains(&refused_after), "{statuses:?}");
        server.stop().await;
        backend.drop_data().await;
    }
}
