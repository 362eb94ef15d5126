//! Allowances that refill with time, one per key (token buckets): how the per-client limit
//! on new games and the limits on login attempts are counted.

use std::collections::HashMap;
use std::hash::Hash;
use std::time::Instant;

/// Past this many remembered keys, the ones whose allowance is full again are forgotten.
const FORGET_ABOVE: usize = 10_000;

struct Bucket {
    tokens: f64,
    at: Instant,
}

pub struct TokenBuckets<K> {
    burst: f64,
    per_second: f64,
    buckets: HashMap<K, Bucket>,
}

impl<K: Hash + Eq> TokenBuckets<K> {
    /// `burst` at once, then `per_minute`.
    pub fn new(burst: f64, per_minute: f64) -> TokenBuckets<K> {
        TokenBuckets {
            burst,
            per_second: per_minute / 60.0,
            buckets: HashMap::new(),
        }
    }

    /// The bucket of `key`, refilled to `now`.
    fn refilled(&mut self, key: K, now: Instant) -> &mut Bucket {
        let (burst, per_second) = (self.burst, self.per_second);
        if self.buckets.len() > FORGET_ABOVE {
            self.buckets.retain(|_, b| {
                b.tokens + now.duration_since(b.at).as_secs_f64() * per_second < burst
            });
        }
        let bucket = self.buckets.entry(key).or_insert(Bucket {
            tokens: burst,
            at: now,
        });
        bucket.tokens =
            (bucket.tokens + now.duration_since(bucket.at).as_secs_f64() * per_second).min(burst);
        bucket.at = now;
        bucket
    }

    /// Whole seconds until `key` has an allowance again, if it has none now.
    pub fn wait(&mut self, key: K, now: Instant) -> Option<u64> {
        let per_second = self.per_second;
        let bucket = self.refilled(key, now);
        seconds_to_refill(bucket, per_second)
    }

    /// Uses one of `key`'s allowance (none left stays none).
    pub fn take(&mut self, key: K, now: Instant) {
        let bucket = self.refilled(key, now);
        bucket.tokens = (bucket.tokens - 1.0).max(0.0);
    }

    /// Uses one of `key`'s allowance, or says how many whole seconds until there is one.
    pub fn try_take(&mut self, key: K, now: Instant) -> Result<(), u64> {
        let per_second = self.per_second;
        let bucket = self.refilled(key, now);
        match seconds_to_refill(bucket, per_second) {
            Some(seconds) => Err(seconds),
            None => {
                bucket.tokens -= 1.0;
                Ok(())
            }
        }
    }
}

fn seconds_to_refill(bucket: &Bucket, per_second: f64) -> Option<u64> {
    // `as` saturates, so a rate of zero waits "forever" rather than overflowing.
    (bucket.tokens < 1.0).then(|| ((1.0 - bucket.tokens) / per_second).ceil().max(1.0) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_burst_then_one_more_each_refill() {
        let mut buckets = TokenBuckets::new(2.0, 6.0);
        let start = Instant::now();
        assert_eq!(buckets.try_take("a", start), Ok(()));
        assert_eq!(buckets.try_take("a", start), Ok(()));
        assert_eq!(
            buckets.try_take("a", start),
            Err(10),
            "six a minute: one every 10 s"
        );
        assert_eq!(buckets.try_take("b", start), Ok(()), "each key has its own");
        let later = start + Duration::from_secs(4);
        assert_eq!(buckets.wait("a", later), Some(6));
        assert_eq!(
            buckets.try_take("a", later + Duration::from_secs(6)),
            Ok(())
        );
    }

    #[test]
    fn taking_past_empty_stays_empty() {
        let mut buckets = TokenBuckets::new(1.0, 60.0);
        let now = Instant::now();
        buckets.take("a", now);
        buckets.take("a", now);
        assert_eq!(buckets.wait("a", now), Some(1));
        assert_eq!(buckets.wait("a", now + Duration::from_secs(1)), None);
    }
}
