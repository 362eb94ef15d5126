//! A browser's view of the account API for the tests: a session cookie kept and sent back.
#![allow(dead_code)]

use crate::common::TestServer;
use serde_json::{Value, json};

/// A browser of one site: its session cookie, sent back as a browser would.
pub struct Browser<'a> {
    pub server: &'a TestServer,
    pub cookie: Option<String>,
}

pub struct Reply {
    pub status: u16,
    pub set_cookie: Option<String>,
    pub body: Value,
}

impl<'a> Browser<'a> {
    pub fn new(server: &'a TestServer) -> Self {
        Browser {
            server,
            cookie: None,
        }
    }

    pub async fn send(&mut self, req: reqwest::RequestBuilder) -> Reply {
        let req = match &self.cookie {
            Some(c) => req.header("cookie", format!("menagerie_session={c}")),
            None => req,
        };
        let r = req.send().await.unwrap();
        let status = r.status().as_u16();
        let set_cookie = r
            .headers()
            .get("set-cookie")
            .map(|v| v.to_str().unwrap().to_string());
        if let Some(set) = &set_cookie {
            let value = set
                .split(';')
                .next()
                .unwrap()
                .strip_prefix("menagerie_session=")
                .unwrap();
            self.cookie = (!value.is_empty()).then(|| value.to_string());
        }
        let text = r.text().await.unwrap();
        Reply {
            status,
            set_cookie,
            body: serde_json::from_str(&text).unwrap_or(Value::String(text)),
        }
    }

    pub async fn post(&mut self, path: &str, body: Value) -> Reply {
        let req = self
            .server
            .client
            .post(format!("{}{path}", self.server.base))
            .header("content-type", "application/json")
            .body(body.to_string());
        self.send(req).await
    }

    pub async fn get(&mut self, path: &str) -> Reply {
        let req = self
            .server
            .client
            .get(format!("{}{path}", self.server.base));
        self.send(req).await
    }

    /// Who the server says is logged in.
    pub async fn me(&mut self) -> Option<String> {
        let r = self.get("/api/account").await;
        assert_eq!(r.status, 200, "{}", r.body);
        r.body["account"]["name"].as_str().map(str::to_string)
    }

    pub async fn register(&mut self, name: &str, password: &str) -> Reply {
        self.post(
            "/api/account/register",
            json!({"name": name, "password": password}),
        )
        .await
    }

    pub async fn login(&mut self, name: &str, password: &str) -> Reply {
        self.post(
            "/api/account/login",
            json!({"name": name, "password": password}),
        )
        .await
    }
}

/// A friend game `creator` created with `request` (its `opponent` is set to `friend`) and
/// `guest` joined, each logged in or not: the game id, White's token and Black's token.
pub async fn friend_game(
    creator: &mut Browser<'_>,
    guest: &mut Browser<'_>,
    mut request: Value,
) -> (String, String, String) {
    request["opponent"] = json!("friend");
    let created = creator.post("/api/games", request).await;
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_string();
    let seats = &created.body["seats"];
    let creators = seats["white"].as_str().or(seats["black"].as_str()).unwrap();
    let joined = guest
        .post(
            &format!("/api/games/{id}/join"),
            json!({"invite": created.body["invite"]}),
        )
        .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let guests = joined.body["token"].as_str().unwrap();
    let (white, black) = if joined.body["seat"] == "white" {
        (guests, creators)
    } else {
        (creators, guests)
    };
    (id, white.to_string(), black.to_string())
}
