//! Fits a learned evaluation ([`senet_ai::Learned`]) for one rule set and
//! table size to the winners of self-play games: a conditional logit,
//! `P(seat i wins) = softmax_i(w · f_i)` over the seats still in, with the
//! features of [`senet_ai::learned_features`], by Newton's method with a
//! small ridge penalty.
//!
//! `cargo run --release -p senet-ai --example fit_step -- RULES SEATS GAMES ROUNDS [THREADS] [OUT]`
//!
//! Round 0 plays the intermediate on the rule set's hand weights
//! ([`senet_ai::Weights::of`]), so that a fit does not depend on the tables
//! built into the binary; each later round plays the intermediate greedy
//! on the previous round's fit (policy iteration). In
//! every game each decision is a random option one time in five, for
//! variety. Every turn's start (the thrower's chance) is a sample, labelled
//! with the game's winner. After each round the fit's intermediate meets
//! the beginner, the game's current intermediate and the intermediate on
//! the rule set's hand weights in `GAMES / 2` seeded games each (seats
//! rotated), and the fit is written to `OUT` as Rust
//! source (default `learned.rs`), ready to commit as
//! `crates/senet-ai/src/step/learned/<rules>_<seats>.rs`. With
//! `EXPERT_GAMES=N` the expert (`EXPERT_NODES`, default 20,000 nodes) on
//! the last fit then meets the expert on the hand weights in N games.
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::needless_range_loop,
    clippy::cast_possible_truncation
)]

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use senet_ai::{
    Budget, LEARNED_FEATURES, Learned, Level, StepPlayer, Weights, learned_features, play_games,
    play_step_game, wilson_interval,
};
use senet_engine::{AnyRules, Event, Next, RuleSet, RuleSetId, Seat, Step};

const D: usize = LEARNED_FEATURES;
/// Ridge penalty, in samples' worth.
const RIDGE: f64 = 2.0;
/// Newton iterations per fit.
const ITERATIONS: usize = 12;

/// One turn's start: each seat still in, with its features, and which of
/// them won.
struct Sample {
    seats: Vec<Vec<(u16, f32)>>,
    winner: usize,
}

fn sample(rules: AnyRules, state: &senet_engine::AnyState, winner: Seat) -> Option<Sample> {
    let view = rules.view(state);
    let mut seats = Vec::new();
    let mut won = None;
    for seat in Seat::all(rules.seats(state)) {
        if view.seats.get(seat.index()).is_none_or(|s| s.out) {
            continue;
        }
        if seat == winner {
            won = Some(seats.len());
        }
        let mut f = Vec::with_capacity(16);
        learned_features(&view, seat, |i, x| f.push((i as u16, x as f32)));
        seats.push(f);
    }
    Some(Sample {
        seats,
        winner: won?,
    })
}

/// Plays one game with `player` at every seat (a random option one time in
/// five) and returns its turn starts, labelled.
fn game_samples(rules: AnyRules, seats: u8, player: StepPlayer, seed: u64) -> Vec<Sample> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut state = rules.start(seats).unwrap();
    let mut events: Vec<Event> = Vec::new();
    let mut starts = Vec::new();
    for _ in 0..100_000 {
        let step = match rules.next(&state) {
            Next::End(standing) => {
                let Some(winner) = standing.winner() else {
                    return Vec::new();
                };
                return starts
                    .iter()
                    .filter_map(|s| sample(rules, s, winner))
                    .collect();
            }
            Next::Chance(kind) => {
                if rules.thrower(&state).is_some() {
                    starts.push(state.clone());
                }
                Step::Chance {
                    roll: kind.draw(&mut rng),
                }
            }
            Next::Decide { seat, options } => {
                let choice = if rng.random_range(0..5) == 0 {
                    options.as_slice()[rng.random_range(0..options.len())]
                } else {
                    player.choose(&state, &mut rng).unwrap()
                };
                Step::Decide { seat, choice }
            }
        };
        events.clear();
        rules.apply(&mut state, step, &mut events).unwrap();
    }
    Vec::new()
}

/// The negative log-likelihood's Newton step from `w`, and the
/// log-likelihood per sample.
fn newton(samples: &[Sample], w: &[f64; D]) -> ([f64; D], f64) {
    let mut h = vec![0.0f64; D * D];
    let mut g = [0.0f64; D];
    let mut ll = 0.0;
    let mut m = [0.0f64; D];
    let mut seen = [false; D];
    let mut touched: Vec<usize> = Vec::new();
    for s in samples {
        let z: Vec<f64> = s
            .seats
            .iter()
            .map(|f| f.iter().map(|&(i, x)| w[i as usize] * f64::from(x)).sum())
            .collect();
        let top = z.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let e: Vec<f64> = z.iter().map(|v| (v - top).exp()).collect();
        let total: f64 = e.iter().sum();
        ll += (e[s.winner] / total).ln();
        touched.clear();
        for (k, f) in s.seats.iter().enumerate() {
            let p = e[k] / total;
            let y = if k == s.winner { 1.0 } else { 0.0 };
            for &(i, x) in f {
                let (i, x) = (i as usize, f64::from(x));
                g[i] += (y - p) * x;
                if !seen[i] {
                    seen[i] = true;
                    touched.push(i);
                }
                m[i] += p * x;
                for &(j, xj) in f {
                    h[i * D + j as usize] += p * x * f64::from(xj);
                }
            }
        }
        for &i in &touched {
            for &j in &touched {
                h[i * D + j] -= m[i] * m[j];
            }
        }
        for &i in &touched {
            m[i] = 0.0;
            seen[i] = false;
        }
    }
    for i in 0..D {
        h[i * D + i] += RIDGE;
        g[i] -= RIDGE * w[i];
    }
    (solve(h, g), ll / samples.len().max(1) as f64)
}

/// Solves `h x = g` for a symmetric positive definite `h` (Cholesky).
fn solve(mut h: Vec<f64>, g: [f64; D]) -> [f64; D] {
    for j in 0..D {
        let mut d = h[j * D + j];
        for k in 0..j {
            d -= h[j * D + k] * h[j * D + k];
        }
        let d = d.max(1e-12).sqrt();
        h[j * D + j] = d;
        for i in j + 1..D {
            let mut v = h[i * D + j];
            for k in 0..j {
                v -= h[i * D + k] * h[j * D + k];
            }
            h[i * D + j] = v / d;
        }
    }
    let mut y = [0.0; D];
    for i in 0..D {
        let mut v = g[i];
        for k in 0..i {
            v -= h[i * D + k] * y[k];
        }
        y[i] = v / h[i * D + i];
    }
    let mut x = [0.0; D];
    for i in (0..D).rev() {
        let mut v = y[i];
        for k in i + 1..D {
            v -= h[k * D + i] * x[k];
        }
        x[i] = v / h[i * D + i];
    }
    x
}

fn fit(samples: &[Sample], start: [f64; D]) -> [f64; D] {
    let mut w = start;
    for it in 0..ITERATIONS {
        let (step, ll) = newton(samples, &w);
        let size: f64 = step.iter().map(|x| x * x).sum::<f64>().sqrt();
        for (a, b) in w.iter_mut().zip(step) {
            *a += b;
        }
        eprintln!("  newton {it}: log-likelihood per sample {ll:.5}, step {size:.5}");
        if size < 1e-4 {
            break;
        }
    }
    w
}

/// A's wins and decided games, A at seat `i mod seats` in game `i` and B
/// at every other seat.
fn versus(
    rules: AnyRules,
    seats: u8,
    a: StepPlayer,
    b: StepPlayer,
    games: u64,
    threads: u64,
) -> (u64, u64) {
    let results = play_games(games, threads, |i| {
        let mut dice = SmallRng::seed_from_u64(4_000_037 * i + 11);
        let mut choices = SmallRng::seed_from_u64(9_001 * i + 3);
        let a_seat = (i % u64::from(seats)) as usize;
        let players: Vec<StepPlayer> = (0..usize::from(seats))
            .map(|s| if s == a_seat { a } else { b })
            .collect();
        play_step_game(rules, seats, &players, &mut dice, &mut choices, 1_000_000)
            .and_then(|r| r.standing)
            .and_then(|s| s.winner())
            .map(|w| w.index() == a_seat)
    });
    let decided = results.iter().filter(|r| r.is_some()).count() as u64;
    let wins = results.iter().filter(|r| **r == Some(true)).count() as u64;
    (wins, decided)
}

fn report(label: &str, (wins, games): (u64, u64), seats: u8) {
    let (lo, hi) = wilson_interval(wins, games);
    println!(
        "{label}: {wins}/{games} = {:.1} % ({:.1}–{:.1} %), fair share {:.1} %",
        100.0 * wins as f64 / games.max(1) as f64,
        100.0 * lo,
        100.0 * hi,
        100.0 / f64::from(seats)
    );
}

fn rust_source(id: RuleSetId, seats: u8, w: &[f64; D], command: &str) -> String {
    let mut out = format!(
        "//! The learned evaluation of `{id}` at a table of {seats}, fitted by\n\
         //! `{command}`.\n\
         //! Generated: do not edit by hand.\n\n\
         use crate::step::learned::Learned;\n\n\
         /// The fitted weights (see [`crate::step::learned::learned_features`]).\n\
         pub(crate) static LEARNED: Learned = Learned {{\n    weights: [\n"
    );
    // The comments aligned as rustfmt aligns them, so that the file is
    // committed exactly as written.
    let values: Vec<String> = w.iter().map(|v| format!("{v:.6},")).collect();
    let width = values.iter().map(String::len).max().unwrap_or(0);
    for (name, value) in Learned::names().iter().zip(values) {
        out.push_str(&format!("        {value:<width$} // {name}\n"));
    }
    out.push_str("    ],\n};\n");
    out
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let id: RuleSetId = args.first().expect("RULES").parse().expect("a rule set");
    let seats: u8 = args.get(1).map_or(2, |a| a.parse().expect("SEATS"));
    let games: u64 = args.get(2).map_or(4000, |a| a.parse().expect("GAMES"));
    let rounds: u32 = args.get(3).map_or(2, |a| a.parse().expect("ROUNDS"));
    let threads: u64 = args.get(4).map_or(2, |a| a.parse().expect("THREADS"));
    let out = args.get(5).cloned().unwrap_or_else(|| "learned.rs".into());
    let command = format!(
        "cargo run --release -p senet-ai --example fit_step -- {id} {seats} {games} {rounds}"
    );
    let rules = AnyRules::of(id);
    let current = StepPlayer::new(Level::Intermediate);
    let beginner = StepPlayer::new(Level::Beginner);
    let hand = StepPlayer::new(Level::Intermediate).with_weights(Weights::of(id));
    // The hand weights start the policy iteration, so that the fit does
    // not depend on the tables built into this binary.
    let mut policy = hand;
    let mut w = [0.0; D];
    for round in 0..rounds {
        let base = 1_000_000 * u64::from(round + 1);
        let per_game = play_games(games, threads, |g| {
            game_samples(rules, seats, policy, base + g)
        });
        let samples: Vec<Sample> = per_game.into_iter().flatten().collect();
        eprintln!(
            "round {round}: {} samples from {games} games",
            samples.len()
        );
        w = fit(&samples, w);
        let learned: &'static Learned = Box::leak(Box::new(Learned { weights: w }));
        let fitted = StepPlayer::new(Level::Intermediate).with_weights(Weights::learned(learned));
        println!("round {round}:");
        report(
            "  fitted intermediate vs beginner",
            versus(rules, seats, fitted, beginner, games / 2, threads),
            seats,
        );
        report(
            "  fitted intermediate vs current intermediate",
            versus(rules, seats, fitted, current, games / 2, threads),
            seats,
        );
        report(
            "  fitted intermediate vs the hand-weight intermediate",
            versus(rules, seats, fitted, hand, games / 2, threads),
            seats,
        );
        std::fs::write(&out, rust_source(id, seats, &w, &command)).expect("write OUT");
        policy = fitted;
    }
    // The question that decides whether a fit ships: does the expert play
    // better on it than on the hand weights?
    let expert_games: u64 =
        std::env::var("EXPERT_GAMES").map_or(0, |v| v.parse().expect("EXPERT_GAMES"));
    if expert_games > 0 {
        let nodes: u64 =
            std::env::var("EXPERT_NODES").map_or(20_000, |v| v.parse().expect("EXPERT_NODES"));
        let learned: &'static Learned = Box::leak(Box::new(Learned { weights: w }));
        let expert = StepPlayer::new(Level::Expert).with_budget(Budget::nodes(nodes));
        report(
            &format!("expert ({nodes} nodes) on the fit vs the expert on the hand weights"),
            versus(
                rules,
                seats,
                expert.with_weights(Weights::learned(learned)),
                expert.with_weights(Weights::of(id)),
                expert_games,
                threads,
            ),
            seats,
        );
    }
}
