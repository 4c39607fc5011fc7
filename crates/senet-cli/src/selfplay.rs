//! `senet selfplay --rules ID [--seats K] …`: games between computer levels
//! under any rule set, on the step model, with each decision timed.

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_ai::{
    Budget, ExpertMethod, Level, MultiSearch, StepPlayer, play_games, play_step_game_clocked,
    wilson_interval,
};
use senet_engine::{AnyRules, RuleSet};
use serde_json::{Map, Value};

/// Most steps a self-play game may take before it counts as unfinished.
const MAX_STEPS: u64 = 1_000_000;

/// What `selfplay --rules` was asked for.
pub struct Table {
    /// The rule set.
    pub rules: AnyRules,
    /// Seats at the table.
    pub seats: u8,
    /// Games to play.
    pub games: u64,
    /// A's level: one seat, in turn.
    pub a: Level,
    /// B's level: every other seat.
    pub b: Level,
    /// The seed of every game's generators.
    pub seed: u64,
    /// The budget of both players.
    pub budget: Budget,
    /// The search for three or four seats.
    pub multi: MultiSearch,
    /// How an expert ranks its options.
    pub method: ExpertMethod,
    /// Threads to play on.
    pub threads: u64,
    /// One JSON object instead of a `key=value` line.
    pub json: bool,
    /// A file to append every timed decision to, one a line:
    /// `<rules> <seats> <seed> <game> <a|b> <level> <cpu_ms> <wall_ms> <options>`.
    pub times: Option<std::path::PathBuf>,
}

/// The CPU time of the calling thread, in seconds: what a decision costs
/// on one core, however loaded the machine (`CLOCK_THREAD_CPUTIME_ID`).
#[cfg(unix)]
fn thread_cpu_seconds() -> f64 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// Elsewhere the wall clock stands in for the thread's CPU time.
#[cfg(not(unix))]
fn thread_cpu_seconds() -> f64 {
    use std::sync::OnceLock;
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64()
}

/// One game's outcome for A.
struct Outcome {
    /// A's place (0 = first), `None` when unfinished.
    place: Option<usize>,
    /// A's decision times (wall, CPU), then B's, in seconds.
    a_times: Vec<(f64, f64)>,
    b_times: Vec<(f64, f64)>,
    /// Every timed decision in order: A's?, CPU and wall seconds, options.
    decisions: Vec<(bool, f64, f64, usize)>,
}

/// The median, 95th and 99th percentiles and maximum of some times in
/// milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Quantiles {
    /// The median.
    pub median: f64,
    /// The 95th percentile.
    pub p95: f64,
    /// The 99th percentile.
    pub p99: f64,
    /// The maximum.
    pub max: f64,
}

/// The quantiles of some times in seconds (sorted in place), in
/// milliseconds, nearest rank; zeros for none.
#[must_use]
pub fn quantiles(times: &mut [f64]) -> Quantiles {
    if times.is_empty() {
        return Quantiles::default();
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| {
        // Nearest rank: the smallest time with at least q of them at or
        // below it.
        let rank = (q * times.len() as f64).ceil() as usize;
        times.get(rank.saturating_sub(1)).copied().unwrap_or(0.0) * 1e3
    };
    Quantiles {
        median: at(0.5),
        p95: at(0.95),
        p99: at(0.99),
        max: at(1.0),
    }
}

/// Plays the games: in game `i`, A takes seat `i mod seats` and B every
/// other seat; the dice and the players' random choices come from
/// generators seeded by `seed` and `i`, so the results do not depend on the
/// threads. Every decision with two or more options is timed twice: wall
/// clock and the thread's CPU time.
///
/// # Errors
/// When the times file cannot be written.
pub fn run(table: &Table) -> Result<String, String> {
    // Opened first, so that a bad path fails before the games.
    let mut times_file = match &table.times {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("`--times` {}: {e}", path.display()))?,
        ),
        None => None,
    };
    let seats = usize::from(table.seats);
    let a = StepPlayer::new(table.a)
        .with_budget(table.budget)
        .with_multi(table.multi)
        .with_method(table.method);
    let b = StepPlayer::new(table.b)
        .with_budget(table.budget)
        .with_multi(table.multi)
        .with_method(table.method);
    let began = Instant::now();
    let outcomes = play_games(table.games, table.threads, |i| {
        let base = table
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(i);
        let mut dice = SmallRng::seed_from_u64(base);
        let mut choices = SmallRng::seed_from_u64(base ^ 0x0005_EED0_FC40_1CE5);
        let a_seat = (i % table.seats as u64) as usize;
        let players: Vec<StepPlayer> = (0..seats)
            .map(|s| if s == a_seat { a } else { b })
            .collect();
        let result = play_step_game_clocked(
            table.rules,
            table.seats,
            &players,
            &mut dice,
            &mut choices,
            MAX_STEPS,
            thread_cpu_seconds,
        );
        let mut outcome = Outcome {
            place: None,
            a_times: Vec::new(),
            b_times: Vec::new(),
            decisions: Vec::new(),
        };
        if let Some(result) = result {
            outcome.place = result
                .standing
                .and_then(|s| s.places.iter().position(|seat| seat.index() == a_seat));
            for d in result.decisions {
                let is_a = d.seat.index() == a_seat;
                if table.times.is_some() {
                    outcome.decisions.push((is_a, d.clock, d.wall, d.options));
                }
                let times = if is_a {
                    &mut outcome.a_times
                } else {
                    &mut outcome.b_times
                };
                times.push((d.wall, d.clock));
            }
        }
        outcome
    });
    let seconds = began.elapsed().as_secs_f64();
    if let (Some(file), Some(path)) = (&mut times_file, &table.times) {
        write_times(table, file, &outcomes)
            .map_err(|e| format!("`--times` {}: {e}", path.display()))?;
    }
    let finished: Vec<usize> = outcomes.iter().filter_map(|o| o.place).collect();
    let unfinished = outcomes.len() - finished.len();
    let a_wins = finished.iter().filter(|&&p| p == 0).count() as u64;
    let decided = finished.len() as u64;
    let rate = if decided > 0 {
        a_wins as f64 / decided as f64
    } else {
        0.0
    };
    let (low, high) = wilson_interval(a_wins, decided);
    let mean_place = if decided > 0 {
        finished.iter().map(|&p| p as f64 + 1.0).sum::<f64>() / decided as f64
    } else {
        0.0
    };
    let times = |pick: fn(&Outcome) -> &Vec<(f64, f64)>| -> (usize, Quantiles, Quantiles) {
        let mut wall: Vec<f64> = Vec::new();
        let mut cpu: Vec<f64> = Vec::new();
        for o in &outcomes {
            for &(w, c) in pick(o) {
                wall.push(w);
                cpu.push(c);
            }
        }
        (wall.len(), quantiles(&mut wall), quantiles(&mut cpu))
    };
    let (a_decisions, a_wall, a_cpu) = times(|o| &o.a_times);
    let (b_decisions, b_wall, b_cpu) = times(|o| &o.b_times);
    let games_per_second = if seconds > 0.0 {
        table.games as f64 / seconds
    } else {
        0.0
    };
    let mut out = Fields::default();
    out.text("rules", table.rules.id().as_str());
    out.int("seats", u64::from(table.seats));
    out.int("games", table.games);
    out.text("a", &table.a.to_string());
    out.text("b", &table.b.to_string());
    out.int("a_wins", a_wins);
    out.int("b_wins", decided - a_wins);
    out.int("unfinished", unfinished as u64);
    out.decimal("a_win_rate", rate, 4);
    out.decimal("ci95_low", low, 4);
    out.decimal("ci95_high", high, 4);
    out.decimal("even", 1.0 / f64::from(table.seats), 4);
    out.decimal("a_mean_place", mean_place, 3);
    out.int("nodes", table.budget.nodes);
    match table.budget.time {
        Some(t) => out.int("time_ms", t.as_millis() as u64),
        None => out.text("time_ms", "none"),
    }
    out.text("multi", table.multi.as_str());
    out.text("method", table.method.as_str());
    out.int("seed", table.seed);
    for (side, decisions, wall, cpu) in [
        ("a", a_decisions, a_wall, a_cpu),
        ("b", b_decisions, b_wall, b_cpu),
    ] {
        out.int(&format!("{side}_decisions"), decisions as u64);
        for (clock, q) in [("ms", wall), ("cpu_ms", cpu)] {
            out.decimal(&format!("{side}_{clock}_median"), q.median, 2);
            out.decimal(&format!("{side}_{clock}_p95"), q.p95, 2);
            out.decimal(&format!("{side}_{clock}_p99"), q.p99, 2);
            out.decimal(&format!("{side}_{clock}_max"), q.max, 2);
        }
    }
    out.decimal("seconds", seconds, 1);
    out.decimal("games_per_second", games_per_second, 2);
    Ok(if table.json { out.json() } else { out.line() })
}

/// Appends every timed decision to the times file.
fn write_times(
    table: &Table,
    file: &mut std::fs::File,
    outcomes: &[Outcome],
) -> std::io::Result<()> {
    use std::io::Write;
    let mut text = String::new();
    for (game, outcome) in outcomes.iter().enumerate() {
        for &(is_a, cpu, wall, options) in &outcome.decisions {
            text.push_str(&format!(
                "{} {} {} {game} {} {} {:.3} {:.3} {options}\n",
                table.rules.id().as_str(),
                table.seats,
                table.seed,
                if is_a { "a" } else { "b" },
                if is_a { table.a } else { table.b },
                cpu * 1e3,
                wall * 1e3,
            ));
        }
    }
    file.write_all(text.as_bytes())
}

/// The report's fields, in order: as JSON values and as `key=value` text.
#[derive(Default)]
struct Fields(Vec<(String, Value, String)>);

impl Fields {
    fn text(&mut self, key: &str, value: &str) {
        self.0
            .push((key.to_owned(), Value::from(value), value.to_owned()));
    }

    fn int(&mut self, key: &str, value: u64) {
        self.0
            .push((key.to_owned(), Value::from(value), value.to_string()));
    }

    /// A number with `places` decimals, in the text and in the JSON.
    fn decimal(&mut self, key: &str, value: f64, places: usize) {
        let text = format!("{value:.places$}");
        let json = text.parse::<f64>().map_or(Value::Null, Value::from);
        self.0.push((key.to_owned(), json, text));
    }

    fn line(&self) -> String {
        let mut line = self
            .0
            .iter()
            .map(|(k, _, text)| format!("{k}={text}"))
            .collect::<Vec<_>>()
            .join(" ");
        line.push('\n');
        line
    }

    fn json(&self) -> String {
        let object: Map<String, Value> = self
            .0
            .iter()
            .map(|(k, v, _)| (k.clone(), v.clone()))
            .collect();
        format!("{}\n", Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_take_the_nearest_rank() {
        let mut times: Vec<f64> = (1..=200).map(|i| f64::from(i) / 1e3).collect();
        times.reverse();
        let q = quantiles(&mut times);
        assert_eq!(q.median, 100.0);
        assert_eq!(q.p95, 190.0);
        assert_eq!(q.p99, 198.0);
        assert_eq!(q.max, 200.0);
        assert_eq!(quantiles(&mut []), Quantiles::default());
        assert_eq!(quantiles(&mut [0.004]).p99, 4.0);
    }

    #[test]
    fn the_thread_clock_counts_work_not_sleep() {
        let began = thread_cpu_seconds();
        std::thread::sleep(std::time::Duration::from_millis(30));
        let slept = thread_cpu_seconds() - began;
        assert!(slept >= 0.0);
        if cfg!(unix) {
            assert!(slept < 0.02, "{slept}");
        }
    }
}
