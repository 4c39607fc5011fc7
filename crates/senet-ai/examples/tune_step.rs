//! Tunes a rule set's step-model evaluation weights by self-play: coordinate
//! ascent on the win rate of the intermediate level (greedy on the
//! candidate weights) against the beginner, over the same seeded games for
//! every candidate.
//!
//! `cargo run --release -p senet-ai --example tune_step -- RULES GAMES ROUNDS [THREADS]`
//!
//! Prints each accepted change and the final weights.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_ai::{Level, StepPlayer, Weights, play_games, play_step_game};
use senet_engine::{AnyRules, RuleSetId};

/// Groups of squares tuned together: each group's squares get one value.
const GROUPS: [(usize, usize); 9] = [
    (1, 10),
    (11, 20),
    (21, 25),
    (26, 26),
    (27, 27),
    (28, 28),
    (29, 29),
    (30, 30),
    (15, 15),
];

const SCALARS: [&str; 7] = [
    "off", "piece", "reserve", "dots", "score", "paired", "tempo",
];

fn get(w: &Weights, i: usize) -> f64 {
    if i < SCALARS.len() {
        match SCALARS[i] {
            "off" => w.off,
            "piece" => w.piece,
            "reserve" => w.reserve,
            "dots" => w.dots,
            "score" => w.score,
            "paired" => w.paired,
            _ => w.tempo,
        }
    } else {
        let (from, _) = GROUPS[i - SCALARS.len()];
        w.squares[from - 1]
    }
}

fn set(w: &mut Weights, i: usize, v: f64) {
    if i < SCALARS.len() {
        match SCALARS[i] {
            "off" => w.off = v,
            "piece" => w.piece = v,
            "reserve" => w.reserve = v,
            "dots" => w.dots = v,
            "score" => w.score = v,
            "paired" => w.paired = v,
            _ => w.tempo = v,
        }
    } else {
        let (from, to) = GROUPS[i - SCALARS.len()];
        for n in from..=to {
            w.squares[n - 1] = v;
        }
    }
}

fn name(i: usize) -> String {
    if i < SCALARS.len() {
        SCALARS[i].to_owned()
    } else {
        let (from, to) = GROUPS[i - SCALARS.len()];
        format!("squares[{from}..={to}]")
    }
}

/// The candidate's win rate as the intermediate against the beginner.
fn score(rules: AnyRules, weights: Weights, games: u64, threads: u64) -> f64 {
    let a = StepPlayer::new(Level::Intermediate).with_weights(weights);
    let b = StepPlayer::new(Level::Beginner);
    let wins: u64 = play_games(games, threads, |i| {
        let mut dice = SmallRng::seed_from_u64(1_000_003 * i + 17);
        let mut choices = SmallRng::seed_from_u64(7_777 * i + 5);
        let a_seat = (i % 2) as usize;
        let players = if a_seat == 0 { [a, b] } else { [b, a] };
        let result = play_step_game(rules, 2, &players, &mut dice, &mut choices, 1_000_000);
        u64::from(
            result
                .and_then(|r| r.standing)
                .and_then(|s| s.winner())
                .is_some_and(|w| w.index() == a_seat),
        )
    })
    .into_iter()
    .sum();
    wins as f64 / games as f64
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let id: RuleSetId = args.first().expect("RULES").parse().expect("a rule set");
    let games: u64 = args.get(1).map_or(2000, |a| a.parse().expect("GAMES"));
    let rounds: u32 = args.get(2).map_or(2, |a| a.parse().expect("ROUNDS"));
    let threads: u64 = args.get(3).map_or(1, |a| a.parse().expect("THREADS"));
    let rules = AnyRules::of(id);
    let mut best = Weights::of(id);
    let mut best_score = score(rules, best, games, threads);
    println!("start {best_score:.4} {best:?}");
    let mut step = 8.0;
    for round in 0..rounds {
        for i in 0..SCALARS.len() + GROUPS.len() {
            let v = get(&best, i);
            let delta = (v.abs() * 0.5).max(step);
            let mut tries = vec![v + delta, v - delta];
            if SCALARS.get(i) == Some(&"dots") {
                tries = vec![v + 0.1, (v - 0.1).max(0.0)];
            }
            for t in tries {
                let mut candidate = best;
                set(&mut candidate, i, t);
                let s = score(rules, candidate, games, threads);
                if s > best_score {
                    println!(
                        "round {round}: {} {v} -> {t}: {best_score:.4} -> {s:.4}",
                        name(i)
                    );
                    best = candidate;
                    best_score = s;
                    break;
                }
            }
        }
        step /= 2.0;
    }
    println!("final {best_score:.4} {best:?}");
}
