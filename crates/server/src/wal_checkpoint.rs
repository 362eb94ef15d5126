//! SQLite's write-ahead log copied back into the database off the writer's path.
//!
//! By default the connection whose commit takes the log past 1,000 pages copies the log
//! into the database and syncs it inside that commit: the writer task, so every write
//! queued behind it waits. Here the writer never does that ([`AUTOMATIC_OFF`]); a task
//! copies what it can every half second on a read connection, without blocking writes
//! ([`run`]), and once it has copied the whole log the writer starts the log over from its
//! beginning between two groups ([`finish`]), which costs it little because nothing is
//! left to copy. Without that last step, under steady load, readers keep the log from
//! ever being started over and it grows without end.

use sqlx::{AnyPool, Row};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The pragma that stops a connection's commits from copying the log themselves.
pub const AUTOMATIC_OFF: &str = "PRAGMA wal_autocheckpoint=0";

/// How often the log is copied.
const EVERY: Duration = Duration::from_millis(500);

/// Copies the log into the database every [`EVERY`] on `reads` and sets `copied` once all
/// of it is; ends when the pool is closed.
pub async fn run(reads: AnyPool, copied: Arc<AtomicBool>) {
    let mut tick = tokio::time::interval(EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if reads.is_closed() {
            return;
        }
        match copy(&reads).await {
            Ok(true) => copied.store(true, Ordering::Release),
            Ok(false) => {}
            Err(e) if reads.is_closed() => {
                tracing::debug!("log copy ends with the store: {e}");
                return;
            }
            Err(e) => tracing::warn!("copying the write-ahead log failed: {e}"),
        }
    }
}

/// A passive checkpoint: copies the frames no reader still needs; whether that was all of
/// a log that has any.
async fn copy(reads: &AnyPool) -> Result<bool, sqlx::Error> {
    let row = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
        .fetch_one(reads)
        .await?;
    let (log, copied): (i64, i64) = (row.try_get(1)?, row.try_get(2)?);
    Ok(log > 0 && copied == log)
}

/// For the writer between two groups: starts the log over once [`run`] has copied all of
/// it. The few frames written since are copied here.
pub async fn finish(writes: &AnyPool, copied: &AtomicBool) {
    if !copied.swap(false, Ordering::AcqRel) {
        return;
    }
    if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(RESTART)")
        .fetch_one(writes)
        .await
    {
        tracing::warn!("starting the write-ahead log over failed: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlx::any::{AnyPoolOptions, install_default_drivers};

    async fn wal_frames(pool: &AnyPool) -> i64 {
        let row = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .fetch_one(pool)
            .await
            .unwrap();
        row.try_get(1).unwrap()
    }

    #[tokio::test]
    async fn the_log_is_copied_off_the_writer_and_then_started_over() {
        install_default_drivers();
        let dir = std::env::temp_dir().join(format!("wal-ckpt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.join("t.sqlite").display());
        let pool = |pragmas: &'static [&'static str]| {
            AnyPoolOptions::new()
                .max_connections(1)
                .after_connect(move |conn, _| {
                    Box::pin(async move {
                        for p in pragmas {
                            sqlx::query(p).execute(&mut *conn).await?;
                        }
                        Ok(())
                    })
                })
                .connect(&url)
        };
        let writes = pool(&["PRAGMA journal_mode=WAL", AUTOMATIC_OFF])
            .await
            .unwrap();
        let reads = pool(&["PRAGMA journal_mode=WAL"]).await.unwrap();
        sqlx::query("CREATE TABLE t (x TEXT)")
            .execute(&writes)
            .await
            .unwrap();
        // Far past the 1,000 pages at which a commit would copy the log itself.
        let page = "x".repeat(4000);
        for _ in 0..1500 {
            sqlx::query("INSERT INTO t VALUES ($1)")
                .bind(&page)
                .execute(&writes)
                .await
                .unwrap();
        }
        let log_bytes = std::fs::metadata(dir.join("t.sqlite-wal")).unwrap().len();
        assert!(
            log_bytes > 1500 * 4096,
            "no commit copied the log: {log_bytes} bytes"
        );
        let copied = AtomicBool::new(false);
        assert!(copy(&reads).await.unwrap(), "all of the log is copied");
        copied.store(true, Ordering::Release);
        finish(&writes, &copied).await;
        assert!(!copied.load(Ordering::Acquire));
        sqlx::query("INSERT INTO t VALUES ('after')")
            .execute(&writes)
            .await
            .unwrap();
        let frames = wal_frames(&reads).await;
        assert!(
            (1..10).contains(&frames),
            "the next commit writes at the log's start: {frames} frames"
        );
        writes.close().await;
        reads.close().await;
        let _ = std::fs::remove_dir_all(&dir);
    }
}
