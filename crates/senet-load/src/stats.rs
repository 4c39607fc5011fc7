//! What the rooms count and time, merged at the end.

use std::collections::BTreeMap;
use std::time::Duration;

use hdrhistogram::Histogram;
use serde::Serialize;

/// Histograms hold microseconds from 1 µs to an hour, 3 significant figures.
const HIGHEST_MICROS: u64 = 3_600_000_000;

fn histogram() -> Histogram<u64> {
    #[allow(clippy::expect_used)]
    Histogram::new_with_bounds(1, HIGHEST_MICROS, 3).expect("constant, valid histogram bounds")
}

/// One room's counts, or all rooms' once merged.
#[derive(Debug, Clone)]
pub struct Stats {
    /// From sending an action to its own `step` event on the same socket.
    pub latency: Histogram<u64>,
    /// The same, to the kernel's receive time of the read that brought the
    /// event (`SO_TIMESTAMPNS`): without the tool's own wait for its core.
    pub at_arrival: Histogram<u64>,
    /// From sending an action to the same event on the other player's socket.
    pub peer_latency: Histogram<u64>,
    /// How much later the other socket got the event than the acting one
    /// (zero when it was first).
    pub peer_lag: Histogram<u64>,
    /// Actions (throws and decisions) answered inside the window.
    pub actions: u64,
    /// Decisions answered inside the window.
    pub moves: u64,
    /// Games that ended inside the window.
    pub games: u64,
    /// Open loop: ticks inside the window.
    pub ticks: u64,
    /// Open loop: ticks at which the room was not ready to act.
    pub skipped: u64,
    /// Open loop: ticks the tool itself was too late for (a whole period
    /// late); they are in `ticks` and not in `skipped`.
    pub missed: u64,
    /// Against the computer: the steps the player did not ask for (the
    /// computer's throws and moves) inside the window.
    pub computer_steps: u64,
    /// Errors by code: the server's `error` frames by their `code`, and the
    /// tool's own (`timeout`, `stalled`, `closed_1008`, `setup_…`).
    pub errors: BTreeMap<String, u64>,
}

impl Default for Stats {
    fn default() -> Stats {
        Stats {
            latency: histogram(),
            at_arrival: histogram(),
            peer_latency: histogram(),
            peer_lag: histogram(),
            actions: 0,
            moves: 0,
            games: 0,
            ticks: 0,
            skipped: 0,
            missed: 0,
            computer_steps: 0,
            errors: BTreeMap::new(),
        }
    }
}

fn micros(duration: Duration) -> u64 {
    u64::try_from(duration.as_micros())
        .unwrap_or(u64::MAX)
        .max(1)
}

impl Stats {
    /// Counts one error.
    pub fn error(&mut self, code: &str) {
        *self.errors.entry(code.to_owned()).or_default() += 1;
    }

    /// Records an action's latency.
    pub fn record_latency(&mut self, latency: Duration) {
        self.latency.saturating_record(micros(latency));
    }

    /// Records an action's latency to its event's arrival on this machine.
    pub fn record_arrival(&mut self, latency: Duration) {
        self.at_arrival.saturating_record(micros(latency));
    }

    /// Records when the other socket got the event: `from_send` after the
    /// action was sent, `lag` after the acting socket got it.
    pub fn record_peer(&mut self, from_send: Duration, lag: Duration) {
        self.peer_latency.saturating_record(micros(from_send));
        self.peer_lag.saturating_record(micros(lag));
    }

    /// Adds another room's counts.
    pub fn merge(&mut self, other: &Stats) {
        // Same bounds on both sides: adding cannot fail.
        let _ = self.latency.add(&other.latency);
        let _ = self.at_arrival.add(&other.at_arrival);
        let _ = self.peer_latency.add(&other.peer_latency);
        let _ = self.peer_lag.add(&other.peer_lag);
        self.actions += other.actions;
        self.moves += other.moves;
        self.games += other.games;
        self.ticks += other.ticks;
        self.skipped += other.skipped;
        self.missed += other.missed;
        self.computer_steps += other.computer_steps;
        for (code, count) in &other.errors {
            *self.errors.entry(code.clone()).or_default() += count;
        }
    }
}

/// Rounds to three decimals, for the report.
#[must_use]
pub fn round3(value: f64) -> f64 {
    (value * 1000.0).round() / 1000.0
}

fn ms(histogram: &Histogram<u64>, quantile: f64) -> Option<f64> {
    if histogram.is_empty() {
        return None;
    }
    // Microseconds far below 2^52: exact as a float.
    #[allow(clippy::cast_precision_loss)]
    let micros = histogram.value_at_quantile(quantile) as f64;
    Some(round3(micros / 1000.0))
}

/// Latency percentiles in milliseconds (`null` when nothing was timed).
#[derive(Debug, Clone, Serialize)]
pub struct Latency {
    /// Samples.
    pub count: u64,
    /// Median.
    pub p50: Option<f64>,
    /// 90th percentile.
    pub p90: Option<f64>,
    /// 99th percentile.
    pub p99: Option<f64>,
    /// 99.9th percentile.
    pub p99_9: Option<f64>,
    /// The largest.
    pub max: Option<f64>,
}

impl Latency {
    /// The percentiles of a histogram of microseconds.
    #[must_use]
    pub fn of(histogram: &Histogram<u64>) -> Latency {
        Latency {
            count: histogram.len(),
            p50: ms(histogram, 0.5),
            p90: ms(histogram, 0.9),
            p99: ms(histogram, 0.99),
            p99_9: ms(histogram, 0.999),
            max: if histogram.is_empty() {
                None
            } else {
                ms(histogram, 1.0)
            },
        }
    }
}

/// The median and 99th percentile in milliseconds.
#[derive(Debug, Clone, Serialize)]
pub struct Short {
    /// Samples.
    pub count: u64,
    /// Median.
    pub p50: Option<f64>,
    /// 99th percentile.
    pub p99: Option<f64>,
}

impl Short {
    /// The median and 99th percentile of a histogram of microseconds.
    #[must_use]
    pub fn of(histogram: &Histogram<u64>) -> Short {
        Short {
            count: histogram.len(),
            p50: ms(histogram, 0.5),
            p99: ms(histogram, 0.99),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_in_ms() {
        let mut stats = Stats::default();
        for ms in 1..=1000u64 {
            stats.record_latency(Duration::from_millis(ms));
        }
        let mut all = Stats::default();
        all.merge(&stats);
        let latency = Latency::of(&all.latency);
        assert_eq!(latency.count, 1000);
        let p50 = latency.p50.unwrap_or_default();
        assert!((499.0..=501.0).contains(&p50), "{p50}");
        let max = latency.max.unwrap_or_default();
        assert!((999.0..=1001.0).contains(&max), "{max}");
        assert!(Latency::of(&Stats::default().latency).p99.is_none());
    }
}
