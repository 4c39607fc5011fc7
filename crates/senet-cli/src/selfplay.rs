//! `senet selfplay --rules ID [--seats K] …`: games between computer levels
//! under any rule set, on the step model, with each decision timed.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_ai::{
    Budget, Level, MultiSearch, StepPlayer, play_games, play_step_game, wilson_interval,
};
use senet_engine::{AnyRules, RuleSet};

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
    /// Threads to play on.
    pub threads: u64,
}

/// One game's outcome for A.
struct Outcome {
    /// A's place (0 = first), `None` when unfinished.
    place: Option<usize>,
    /// A's decision times, then B's, in seconds.
    a_times: Vec<f64>,
    b_times: Vec<f64>,
}

/// Plays the games: in game `i`, A takes seat `i mod seats` and B every
/// other seat; the dice and the players' random choices come from
/// generators seeded by `seed` and `i`, so the results do not depend on the
/// threads.
pub fn run(table: &Table) -> String {
    let seats = usize::from(table.seats);
    let a = StepPlayer::new(table.a)
        .with_budget(table.budget)
        .with_multi(table.multi);
    let b = StepPlayer::new(table.b)
        .with_budget(table.budget)
        .with_multi(table.multi);
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
        let result = play_step_game(
            table.rules,
            table.seats,
            &players,
            &mut dice,
            &mut choices,
            MAX_STEPS,
        );
        let mut outcome = Outcome {
            place: None,
            a_times: Vec::new(),
            b_times: Vec::new(),
        };
        if let Some(result) = result {
            outcome.place = result
                .standing
                .and_then(|s| s.places.iter().position(|seat| seat.index() == a_seat));
            for (seat, t) in result.decisions {
                if seat.index() == a_seat {
                    outcome.a_times.push(t);
                } else {
                    outcome.b_times.push(t);
                }
            }
        }
        outcome
    });
    let seconds = began.elapsed().as_secs_f64();
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
    let mut a_times: Vec<f64> = outcomes
        .iter()
        .flat_map(|o| o.a_times.iter().copied())
        .collect();
    let mut b_times: Vec<f64> = outcomes
        .iter()
        .flat_map(|o| o.b_times.iter().copied())
        .collect();
    let (a_median, a_p95, a_max) = quantiles(&mut a_times);
    let (b_median, b_p95, b_max) = quantiles(&mut b_times);
    let games_per_second = if seconds > 0.0 {
        table.games as f64 / seconds
    } else {
        0.0
    };
    let time = table
        .budget
        .time
        .map_or("none".to_owned(), |t: Duration| t.as_millis().to_string());
    format!(
        "rules={} seats={} games={} a={} b={} a_wins={a_wins} b_wins={} unfinished={unfinished} a_win_rate={rate:.4} ci95_low={low:.4} ci95_high={high:.4} even={:.4} a_mean_place={mean_place:.3} nodes={} time_ms={time} multi={} seed={} a_decisions={} a_ms_median={:.2} a_ms_p95={:.2} a_ms_max={:.2} b_decisions={} b_ms_median={:.2} b_ms_p95={:.2} b_ms_max={:.2} seconds={seconds:.1} games_per_second={games_per_second:.2}\n",
        table.rules.id().as_str(),
        table.seats,
        table.games,
        table.a,
        table.b,
        decided - a_wins,
        1.0 / f64::from(table.seats),
        table.budget.nodes,
        table.multi,
        table.seed,
        a_times.len(),
        a_median * 1e3,
        a_p95 * 1e3,
        a_max * 1e3,
        b_times.len(),
        b_median * 1e3,
        b_p95 * 1e3,
        b_max * 1e3,
    )
}

/// The median, 95th percentile and maximum of some times (sorted in
/// place); zeros for none.
fn quantiles(times: &mut [f64]) -> (f64, f64, f64) {
    if times.is_empty() {
        return (0.0, 0.0, 0.0);
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| {
        let i = ((times.len() as f64 - 1.0) * q).round() as usize;
        times.get(i).copied().unwrap_or(0.0)
    };
    (at(0.5), at(0.95), at(1.0))
}
