//! `GET /api/analysis`: the engine's best lines for any position of any variant (a FEN or
//! a PGN's last position), streamed as server-sent events depth by depth, several lines
//! (MultiPV) each depth; in the beast variants, also the worth of each outcome of the roll
//! after the best move. Runs in the engine pool, for a limited time, one analysis per client
//! at a time.

use crate::contract::{AnalysisEvent, AnalysisLine, RollWorth};
use crate::error::ApiError;
use crate::hub::Hub;
use crate::limits::{ClientLimiter, client_of};
use axum::Extension;
use axum::extract::{ConnectInfo, Query, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use engine::roll_values::{expected_value, roll_values, searched_value};
use engine::score::{mate_in, wdl};
use engine::{Limits, Searcher};
use futures_util::Stream;
use rules::{Move, Position, VariantId, chance, fen, pgn, san, uci_move};
use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// How long one analysis may think in all.
pub const ANALYSIS_TIME: Duration = Duration::from_secs(8);
/// The deepest an analysis goes.
pub const MAX_DEPTH: i32 = 30;
/// The most lines (MultiPV) an analysis shows.
pub const MAX_LINES: usize = 5;
/// Analyses one client may run at once.
pub const PER_CLIENT: usize = 1;

/// The analyses running, by client.
#[derive(Default)]
pub struct Analyses {
    running: Mutex<HashMap<IpAddr, usize>>,
}

/// A client's place among the running analyses, given back when dropped.
struct Running {
    analyses: Arc<Analyses>,
    client: IpAddr,
}

impl Drop for Running {
    fn drop(&mut self) {
        let mut running = self
            .analyses
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(n) = running.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                running.remove(&self.client);
            }
        }
    }
}

impl Analyses {
    pub fn new() -> Arc<Analyses> {
        Arc::new(Analyses::default())
    }

    fn start(self: &Arc<Self>, client: IpAddr) -> Result<Running, ApiError> {
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        let n = running.entry(client).or_default();
        if *n >= PER_CLIENT {
            return Err(ApiError::too_many_requests(
                "an analysis of yours is still running: close it first",
                ANALYSIS_TIME.as_secs(),
            ));
        }
        *n += 1;
        Ok(Running {
            analyses: self.clone(),
            client,
        })
    }
}

/// The position a request names: `pgn` (its last position, the variant from its
/// `[Variant]` tag) or `fen` with `variant` (default chess), and the repetition history.
pub fn requested_position(
    query: &HashMap<String, String>,
) -> Result<(Position, Vec<u64>), ApiError> {
    if let Some(text) = query.get("pgn").filter(|t| !t.trim().is_empty()) {
        let parsed = pgn::parse(text).map_err(|e| ApiError::bad_request(e.to_string()))?;
        let game = parsed.game;
        return Ok((game.position().clone(), game.history_keys()));
    }
    let id: VariantId = query
        .get("variant")
        .map_or("chess", String::as_str)
        .parse()
        .map_err(|_| ApiError::bad_request("unknown variant (see GET /api/variants)"))?;
    let variant = id
        .rules()
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    let pos = match query.get("fen").filter(|f| !f.trim().is_empty()) {
        Some(text) => {
            fen::parse(variant, text).map_err(|e| ApiError::bad_request(e.to_string()))?
        }
        None => Position::start(variant),
    };
    Ok((pos, Vec::new()))
}

pub async fn get_analysis(
    State(hub): State<Arc<Hub>>,
    Extension(analyses): Extension<Arc<Analyses>>,
    Extension(limiter): Extension<Arc<ClientLimiter>>,
    ConnectInfo(connection): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let (pos, history) = requested_position(&query)?;
    if pos.chance_pending() || pos.outcome().is_some() {
        return Err(ApiError::bad_request(
            "the position has no player to move: the game is over",
        ));
    }
    let lines = query
        .get("lines")
        .map_or(Ok(3), |l| l.parse::<usize>())
        .map_err(|_| ApiError::bad_request("\"lines\" is a number from 1 to 5"))?
        .clamp(1, MAX_LINES);
    let running = analyses.start(client_of(connection, &headers, &limiter.limits))?;
    let (tx, rx) = mpsc::channel::<AnalysisEvent>(16);
    let mut searcher = Searcher::new(16);
    // A client that goes away stops the search under way, not only the next one.
    let stop = searcher.stop_flag();
    let watched = tx.clone();
    tokio::spawn(async move {
        watched.closed().await;
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let pool = hub.engine().clone();
    tokio::spawn(async move {
        let _ = pool
            .run(move || {
                let _running = running;
                analyse(&mut searcher, &pos, &history, lines, ANALYSIS_TIME, &tx);
            })
            .await;
    });
    // The watcher holds a sender, so the stream ends at the last event, not at the
    // channel's end.
    let stream = futures_util::stream::unfold((rx, false), |(mut rx, ended)| async move {
        if ended {
            return None;
        }
        let event = rx.recv().await?;
        let last = matches!(event, AnalysisEvent::Done | AnalysisEvent::Error { .. });
        let json = serde_json::to_string(&event).unwrap_or_default();
        Some((Ok(Event::default().data(json)), (rx, last)))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

/// One line as the page shows it: the score and the moves in SAN and UCI.
fn line_of(pos: &Position, score: i32, pv: &[Move]) -> AnalysisLine {
    let mut at = pos.clone();
    let mut sans = Vec::new();
    let mut ucis = Vec::new();
    for &m in pv {
        sans.push(san::write(&at, m));
        ucis.push(uci_move::write(&at, m));
        at.play(m);
    }
    let (w, d, l) = wdl(score);
    AnalysisLine {
        score,
        mate: mate_in(score),
        wdl: [w, d, l],
        san: sans,
        uci: ucis,
    }
}

/// Depth by depth, the best line among all moves, then the best among the rest, and so on
/// (`lines` of them), each as an event on `tx`, until `time` is spent, the depth is
/// reached, or the client has gone. Then, with dice, the worth of each roll after the
/// best move.
pub fn analyse(
    searcher: &mut Searcher,
    pos: &Position,
    history: &[u64],
    lines: usize,
    time: Duration,
    tx: &mpsc::Sender<AnalysisEvent>,
) {
    let send = |event: AnalysisEvent| tx.blocking_send(event).is_ok();
    if !send(AnalysisEvent::Position {
        variant: pos.variant().id.name().to_string(),
        fen: fen::write(pos),
        to_move: pos.turn().into(),
    }) {
        return;
    }
    let started = Instant::now();
    let candidates: Vec<Move> = pos.legal_moves().iter().copied().collect();
    let lines = lines.min(candidates.len()).max(1);
    let mut best: Option<Move> = None;
    'deepening: for depth in 1..=MAX_DEPTH {
        let mut remaining = candidates.clone();
        let mut found = Vec::new();
        let mut nodes = 0;
        for _ in 0..lines {
            let left = time.saturating_sub(started.elapsed());
            if left.is_zero() || tx.is_closed() {
                break 'deepening;
            }
            let limits = Limits {
                depth: Some(depth),
                movetime: Some(left),
                root_moves: remaining.clone(),
                ..Limits::default()
            };
            let (m, info) = searcher.search(pos, history, &limits, |_| {});
            nodes += info.nodes;
            let Some(m) = m.filter(|_| info.depth == depth) else {
                break 'deepening;
            };
            let pv = if info.pv.first() == Some(&m) {
                info.pv.clone()
            } else {
                vec![m]
            };
            found.push(line_of(pos, info.score, &pv));
            remaining.retain(|&r| r != m);
            if remaining.is_empty() {
                break;
            }
        }
        // A later line's search can score higher than the first's: best first, as shown.
        found.sort_by_key(|l| std::cmp::Reverse(l.score));
        best = candidates.iter().copied().find(|m| {
            found
                .first()
                .is_some_and(|l| l.uci.first() == Some(&uci_move::write(pos, *m)))
        });
        if !send(AnalysisEvent::Lines {
            depth,
            nodes,
            elapsed_ms: started.elapsed().as_millis() as u64,
            lines: found,
        }) {
            return;
        }
    }
    if let Some(m) = best.filter(|_| pos.variant().beast.is_some()) {
        let mut after = pos.clone();
        after.play(m);
        if after.chance_pending() && after.outcome().is_none() {
            let limits = Limits {
                depth: Some(crate::review::REVIEW_DEPTH),
                ..Limits::default()
            };
            let values = roll_values(&after, |p| searched_value(searcher, p, history, &limits));
            let mean = expected_value(&values);
            let rolls = values
                .iter()
                .map(|v| RollWorth {
                    roll: chance::write_token(&after, v.outcome),
                    meaning: after.roll_meaning(v.outcome),
                    probability: v.probability,
                    value: v.value,
                    luck: f64::from(v.value) - mean,
                })
                .collect();
            send(AnalysisEvent::Rolls {
                after: san::write(pos, m),
                rolls,
            });
        }
    }
    send(AnalysisEvent::Done);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events_of(pos: &Position, lines: usize) -> Vec<AnalysisEvent> {
        let (tx, mut rx) = mpsc::channel(1024);
        analyse(
            &mut Searcher::new(1),
            pos,
            &[],
            lines,
            Duration::from_millis(600),
            &tx,
        );
        drop(tx);
        let mut events = Vec::new();
        while let Ok(e) = rx.try_recv() {
            events.push(e);
        }
        events
    }

    #[test]
    fn lines_deepen_with_as_many_distinct_first_moves_as_asked() {
        let chess = VariantId::Chess.rules().unwrap();
        let events = events_of(&Position::start(chess), 3);
        assert!(matches!(
            events.first(),
            Some(AnalysisEvent::Position { .. })
        ));
        assert!(matches!(events.last(), Some(AnalysisEvent::Done)));
        let depths: Vec<i32> = events
            .iter()
            .filter_map(|e| match e {
                AnalysisEvent::Lines { depth, lines, .. } => {
                    assert_eq!(lines.len(), 3);
                    let firsts: std::collections::HashSet<_> =
                        lines.iter().map(|l| l.uci[0].clone()).collect();
                    assert_eq!(firsts.len(), 3, "three different first moves");
                    assert!(lines.windows(2).all(|w| w[0].score >= w[1].score));
                    assert!(lines.iter().all(|l| l.wdl.iter().sum::<u32>() == 1000));
                    Some(*depth)
                }
                _ => None,
            })
            .collect();
        assert!(depths.len() >= 2, "{depths:?}");
        assert!(depths.windows(2).all(|w| w[1] == w[0] + 1));
    }

    #[test]
    fn a_behemoth_position_gets_the_worth_of_each_roll_after_the_best_move() {
        let behemoth = VariantId::Behemoth.rules().unwrap();
        let events = events_of(&Position::start(behemoth), 1);
        let rolls = events
            .iter()
            .find_map(|e| match e {
                AnalysisEvent::Rolls { rolls, .. } => Some(rolls.clone()),
                _ => None,
            })
            .expect("the rolls after the best move");
        assert_eq!(rolls.len(), 32);
        let total: f64 = rolls.iter().map(|r| r.probability).sum();
        assert!((total - 1.0).abs() < 1e-9);
        let mean_luck: f64 = rolls.iter().map(|r| r.probability * r.luck).sum();
        assert!(mean_luck.abs() < 1e-6);
    }

    #[test]
    fn a_pgn_is_analysed_from_its_last_position() {
        let query = HashMap::from([(
            "pgn".to_string(),
            "[Variant \"Standard\"]\n\n1. e4 e5 2. Nf3 *".to_string(),
        )]);
        let (pos, history) = requested_position(&query).unwrap();
        assert_eq!(pos.turn(), rules::Color::Black);
        assert_eq!(history.len(), 3);
    }
}
