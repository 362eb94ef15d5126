//! Per-client limits: how fast one client (one IP address, one /64 for IPv6) may create
//! games, and how many WebSockets it may hold, in all and on one game, besides a cap on
//! any one game's sockets. A request over a limit is a 429 that says which limit and
//! what to do; nothing is kept for a client that stays within its limits for long.

use crate::error::ApiError;
use crate::token_buckets::TokenBuckets;
use axum::http::HeaderMap;
use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// Games one client may create in a burst...
    pub games_burst: u32,
    /// ...and then per minute.
    pub games_per_minute: u32,
    /// WebSockets one client may hold open in all...
    pub sockets_per_client: usize,
    /// ...and on one game.
    pub sockets_per_client_game: usize,
    /// WebSockets on one game, from every client together.
    pub sockets_per_game: usize,
    /// Take the client's address from the last `X-Forwarded-For` entry (set by a reverse
    /// proxy in front of the server) instead of the connection's.
    pub trust_forwarded_for: bool,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            games_burst: 20,
            games_per_minute: 10,
            sockets_per_client: 64,
            sockets_per_client_game: 8,
            sockets_per_game: 500,
            trust_forwarded_for: false,
        }
    }
}

impl Limits {
    /// No limit at all (load tests on one machine).
    pub fn none() -> Limits {
        Limits {
            games_burst: u32::MAX,
            games_per_minute: u32::MAX,
            sockets_per_client: usize::MAX,
            sockets_per_client_game: usize::MAX,
            sockets_per_game: usize::MAX,
            trust_forwarded_for: false,
        }
    }
}

/// The client a request counts against: its address, or for IPv6 its /64 network (one
/// host usually holds a whole /64).
pub fn client_of(connection: SocketAddr, headers: &HeaderMap, limits: &Limits) -> IpAddr {
    let forwarded = limits
        .trust_forwarded_for
        .then(|| headers.get("x-forwarded-for")?.to_str().ok())
        .flatten()
        .and_then(|list| list.rsplit(',').next()?.trim().parse::<IpAddr>().ok());
    match forwarded.unwrap_or(connection.ip()) {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let network = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(Ipv6Addr::from(network))
            }
        },
        v4 => v4,
    }
}

struct Counts {
    creations: TokenBuckets<IpAddr>,
    sockets: HashMap<IpAddr, usize>,
    client_game_sockets: HashMap<(IpAddr, String), usize>,
    game_sockets: HashMap<String, usize>,
}

pub struct ClientLimiter {
    pub limits: Limits,
    counts: Mutex<Counts>,
}

/// How long a client over a socket limit is told to wait: sockets are freed only when
/// the client closes some, so this is a polite pause rather than a promise.
const SOCKET_RETRY_SECONDS: u64 = 30;

impl ClientLimiter {
    pub fn new(limits: Limits) -> Arc<ClientLimiter> {
        let creations = TokenBuckets::new(
            f64::from(limits.games_burst),
            f64::from(limits.games_per_minute),
        );
        Arc::new(ClientLimiter {
            limits,
            counts: Mutex::new(Counts {
                creations,
                sockets: HashMap::new(),
                client_game_sockets: HashMap::new(),
                game_sockets: HashMap::new(),
            }),
        })
    }

    fn counts(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts a game created by `client`, or refuses it with a 429.
    pub fn create_game(&self, client: IpAddr) -> Result<(), ApiError> {
        if let Err(wait) = self.counts().creations.try_take(client, Instant::now()) {
            return Err(ApiError::too_many_requests(
                format!(
                    "too many new games from your address (at most {} at once, then {} a \
                     minute): try again in {wait} s",
                    self.limits.games_burst, self.limits.games_per_minute
                ),
                wait,
            ));
        }
        Ok(())
    }

    /// Counts a WebSocket `client` opens on `game` until the permit is dropped, or
    /// refuses it with a 429.
    pub fn open_socket(
        self: &Arc<Self>,
        client: IpAddr,
        game: &str,
    ) -> Result<SocketPermit, ApiError> {
        let mut counts = self.counts();
        let key = (client, game.to_string());
        let limits = &self.limits;
        if counts.sockets.get(&client).copied().unwrap_or(0) >= limits.sockets_per_client {
            return Err(ApiError::too_many_requests(
                format!(
                    "your address has {} game connections open, the most allowed: close some \
                     tabs",
                    limits.sockets_per_client
                ),
                SOCKET_RETRY_SECONDS,
            ));
        }
        if counts.client_game_sockets.get(&key).copied().unwrap_or(0)
            >= limits.sockets_per_client_game
        {
            return Err(ApiError::too_many_requests(
                format!(
                    "your address has {} connections open to this game, the most allowed: \
                     close some of its tabs",
                    limits.sockets_per_client_game
                ),
                SOCKET_RETRY_SECONDS,
            ));
        }
        if counts.game_sockets.get(game).copied().unwrap_or(0) >= limits.sockets_per_game {
            return Err(ApiError::too_many_requests(
                format!(
                    "this game has {} watchers, the most allowed: try again later",
                    limits.sockets_per_game
                ),
                SOCKET_RETRY_SECONDS,
            ));
        }
        *counts.sockets.entry(client).or_default() += 1;
        *counts.client_game_sockets.entry(key.clone()).or_default() += 1;
        *counts.game_sockets.entry(key.1.clone()).or_default() += 1;
        Ok(SocketPermit {
            limiter: self.clone(),
            key,
        })
    }
}

/// An open WebSocket, counted against its client and its game until dropped.
pub struct SocketPermit {
    limiter: Arc<ClientLimiter>,
    key: (IpAddr, String),
}

/// One less; a count that reaches zero is forgotten.
fn release<K: std::hash::Hash + Eq>(map: &mut HashMap<K, usize>, key: &K) {
    if let Some(n) = map.get_mut(key) {
        *n -= 1;
        if *n == 0 {
            map.remove(key);
        }
    }
}

impl Drop for SocketPermit {
    fn drop(&mut self) {
        let mut counts = self.limiter.counts();
        release(&mut counts.sockets, &self.key.0);
        release(&mut counts.client_game_sockets, &self.key);
        release(&mut counts.game_sockets, &self.key.1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    /// The `Retry-After` seconds of the response the error becomes.
    fn retry_after(e: ApiError) -> Option<u64> {
        use axum::response::IntoResponse;
        let response = e.into_response();
        let value = response.headers().get(axum::http::header::RETRY_AFTER)?;
        Some(value.to_str().unwrap().parse().unwrap())
    }

    #[test]
    fn creations_past_the_burst_wait_for_the_refill() {
        let limiter = ClientLimiter::new(Limits {
            games_burst: 3,
            games_per_minute: 1,
            ..Limits::default()
        });
        for _ in 0..3 {
            limiter.create_game(ip("10.0.0.1")).unwrap();
        }
        let e = limiter.create_game(ip("10.0.0.1")).unwrap_err();
        assert_eq!(e.status, StatusCode::TOO_MANY_REQUESTS);
        assert!(e.message.contains("try again in 60 s"), "{}", e.message);
        assert_eq!(
            retry_after(e),
            Some(60),
            "one game a minute: the next in 60 s"
        );
        limiter.create_game(ip("10.0.0.2")).unwrap();
    }

    #[test]
    fn sockets_are_counted_until_closed() {
        let limiter = ClientLimiter::new(Limits {
            sockets_per_client: 3,
            sockets_per_client_game: 2,
            sockets_per_game: 4,
            ..Limits::default()
        });
        let a = ip("10.0.0.1");
        let first = limiter.open_socket(a, "g1").unwrap();
        let _second = limiter.open_socket(a, "g1").unwrap();
        let refused = limiter
            .open_socket(a, "g1")
            .err()
            .expect("two per client and game");
        assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(retry_after(refused), Some(SOCKET_RETRY_SECONDS));
        let _third = limiter.open_socket(a, "g2").unwrap();
        assert!(limiter.open_socket(a, "g3").is_err(), "three per client");
        drop(first);
        let _again = limiter.open_socket(a, "g1").unwrap();
        let others: Vec<_> = ["10.0.0.2", "10.0.0.3"]
            .iter()
            .map(|c| limiter.open_socket(ip(c), "g1"))
            .collect();
        assert!(others[0].is_ok() && others[1].is_ok());
        assert!(
            limiter.open_socket(ip("10.0.0.4"), "g1").is_err(),
            "four per game"
        );
    }

    #[test]
    fn an_ipv6_client_is_its_network() {
        let limits = Limits::default();
        let at = |text: &str| client_of(text.parse().unwrap(), &HeaderMap::new(), &limits);
        assert_eq!(at("[2001:db8::1]:1"), at("[2001:db8::ffff:2]:2"));
        assert_ne!(at("[2001:db8::1]:1"), at("[2001:db8:0:1::1]:1"));
        assert_eq!(at("[::ffff:10.0.0.1]:1"), ip("10.0.0.1"));
    }

    #[test]
    fn a_forwarded_address_counts_only_behind_a_trusted_proxy() {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", "1.2.3.4, 5.6.7.8".parse().unwrap());
        let proxy: SocketAddr = "127.0.0.1:9".parse().unwrap();
        assert_eq!(
            client_of(proxy, &headers, &Limits::default()),
            ip("127.0.0.1")
        );
        let trusting = Limits {
            trust_forwarded_for: true,
            ..Limits::default()
        };
        assert_eq!(client_of(proxy, &headers, &trusting), ip("5.6.7.8"));
    }
}
