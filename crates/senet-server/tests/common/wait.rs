//! Bounded waits on a condition, for what a test cannot be told directly
//! (a row stored, a log line written, a listing updated, a lease run out):
//! the condition is looked at again until it holds, never slept on for a
//! fixed time and hoped for. A wait that runs out panics with what it
//! waited for.

use std::fmt::Display;
use std::time::Duration;

use tokio::time::Instant;

/// How long a wait pauses before it looks again: short next to any wait,
/// long enough not to keep a busy machine busier.
pub const PACE: Duration = Duration::from_millis(20);

/// Runs `check` until it gives a value, pausing [`PACE`] between looks, for
/// up to `limit`; that value. Panics with `what` once `limit` has passed
/// and `check` still gives nothing (it is always looked at once more after
/// the deadline, so a slow `check` is not cut short).
pub async fn until<T>(
    limit: Duration,
    what: impl Display,
    mut check: impl AsyncFnMut() -> Option<T>,
) -> T {
    let deadline = Instant::now() + limit;
    loop {
        let late = Instant::now() >= deadline;
        if let Some(value) = check().await {
            return value;
        }
        assert!(!late, "waited {limit:?} for {what}");
        tokio::time::sleep(PACE).await;
    }
}

/// [`until`] for a condition that holds or not.
pub async fn until_true(limit: Duration, what: impl Display, mut check: impl AsyncFnMut() -> bool) {
    until(limit, what, async || check().await.then_some(())).await;
}
