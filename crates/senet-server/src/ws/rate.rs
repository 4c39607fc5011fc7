//! A token bucket for client message rates.

use std::time::Instant;

/// Chat messages a connection may send at once (`chat_rate_limited`
/// beyond): on top of the general message rate, because each chat message
/// is stored and shown to people, unlike a throw.
pub const CHAT_BURST: f64 = 5.0;

/// Chat messages a second a connection may send sustained: one every two
/// seconds, so 5 in any 10 seconds after a burst.
pub const CHAT_PER_SEC: f64 = 0.5;

/// Pings a connection may send at once outside the message rate.
pub const PING_BURST: f64 = 3.0;

/// Pings a second a connection may send sustained outside the message
/// rate: one a second, twice the web client's heartbeat (a ping every
/// 2 s). So a client's heartbeat never counts against the message rate,
/// however low that is set or however busy the client is, and can never
/// get its socket closed; pings beyond this count as any other message.
pub const PING_PER_SEC: f64 = 1.0;

/// Allows `burst` messages at once and `rate` a second sustained.
#[derive(Debug, Clone)]
pub struct TokenBucket {
    tokens: f64,
    burst: f64,
    rate: f64,
    last: Instant,
}

impl TokenBucket {
    /// A full bucket.
    #[must_use]
    pub fn new(burst: f64, rate: f64) -> TokenBucket {
        TokenBucket {
            tokens: burst,
            burst,
            rate,
            last: Instant::now(),
        }
    }

    /// Takes one token; false when the bucket is empty.
    pub fn take(&mut self) -> bool {
        self.take_at(Instant::now())
    }

    /// Takes one token at a given time.
    pub fn take_at(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::TokenBucket;

    #[test]
    fn burst_then_rate() {
        let start = Instant::now();
        let mut bucket = TokenBucket::new(40.0, 20.0);
        assert!((0..40).all(|_| bucket.take_at(start)));
        assert!(!bucket.take_at(start));
        // 20 a second sustained is fine.
        for i in 1..=100u64 {
            assert!(bucket.take_at(start + Duration::from_millis(50 * i)));
        }
    }
}
