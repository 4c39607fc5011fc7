//! Tunes the evaluation weights by self-play (coordinate ascent).
//!
//! `cargo run --release -p senet-ai --example tune -- [games] [rounds] [--from-tuned]`
//!
//! With `rounds` 0 it only prints the calibration of the tuned weights.
//!
//! The objective is the win rate of a greedy (intermediate) player with the
//! candidate weights against the beginner, over a fixed set of seeded games
//! (common random numbers: every candidate sees the same throws), colours
//! alternating. Each round tries every weight times and divided by a step
//! factor and keeps a change only if it wins more games. The race weight is
//! the unit and stays 1; the scale does not change greedy play and is fitted
//! separately (see `fit_scale`).
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::needless_range_loop
)]

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_ai::{Evaluation, Level, Player, play_game};
use senet_engine::kendall_v1::{Rules, Side};
use senet_engine::{Kendall, Sticks};

/// The hand-set starting point of the tuning.
const INITIAL: Evaluation = Evaluation {
    race: 1.0,
    protected: 2.0,
    blockade: 1.0,
    waiting: -1.0,
    borne_off: 1.0,
    exposure: 1.5,
    tempo: 3.0,
    scale: 25.0,
};

fn score(eval: &Evaluation, opponent: &Player, games: u64) -> u64 {
    let me = Player {
        level: Level::Intermediate,
        budget: senet_ai::Budget::nodes(1),
        evaluation: *eval,
    };
    let mut wins = 0;
    for i in 0..games {
        let mut rng = SmallRng::seed_from_u64(1_000_000 + i);
        let (cone, spool, mine) = if i % 2 == 0 {
            (&me, opponent, Side::Cone)
        } else {
            (opponent, &me, Side::Spool)
        };
        if play_game(&Kendall, cone, spool, &mut rng, 100_000).winner == Some(mine) {
            wins += 1;
        }
    }
    wins
}

fn get(e: &mut Evaluation, k: usize) -> &mut f64 {
    match k {
        0 => &mut e.protected,
        1 => &mut e.blockade,
        2 => &mut e.waiting,
        3 => &mut e.exposure,
        4 => &mut e.borne_off,
        _ => &mut e.tempo,
    }
}

const NAMES: [&str; 6] = [
    "protected",
    "blockade",
    "waiting",
    "exposure",
    "borne_off",
    "tempo",
];

/// Fits `scale` so that tanh(raw/scale) predicts the outcome of greedy
/// self-play games from the positions met in them (least squares).
fn fit_scale(eval: &Evaluation, games: u64) -> f64 {
    let me = Player::new(Level::Intermediate);
    let me = Player {
        evaluation: *eval,
        ..me
    };
    let mut samples: Vec<(f64, f64)> = Vec::new();
    let rules = Kendall;
    for i in 0..games {
        let mut rng = SmallRng::seed_from_u64(7_000_000 + i);
        let mut position = rules.start();
        let mut seen = Vec::new();
        while rules.winner(&position).is_none() {
            seen.push(eval.raw(&position, Side::Cone));
            let throw = rules.score(Sticks::throw(&mut rng));
            position = match me.choose(&rules, &position, throw, &mut rng) {
                Some(mv) => rules.apply(&position, throw, mv),
                None => rules.pass(&position),
            };
        }
        let outcome = if rules.winner(&position) == Some(Side::Cone) {
            1.0
        } else {
            -1.0
        };
        samples.extend(seen.into_iter().map(|raw| (raw, outcome)));
    }
    let mut buckets = [(0.0f64, 0u64); 21];
    for &(raw, y) in &samples {
        let b = ((raw / 10.0).round().clamp(-10.0, 10.0) + 10.0) as usize;
        buckets[b].0 += y;
        buckets[b].1 += 1;
    }
    for (b, (sum, n)) in buckets.iter().enumerate() {
        if *n > 0 {
            println!(
                "raw ~{:>4}: n={n:>7} mean outcome {:+.3}",
                (b as i64 - 10) * 10,
                sum / *n as f64
            );
        }
    }
    let mut best = (f64::MAX, 0.0);
    for s in (5..=200).map(f64::from) {
        let error: f64 = samples
            .iter()
            .map(|&(raw, y)| ((raw / s).tanh() - y).powi(2))
            .sum::<f64>()
            / samples.len() as f64;
        if error < best.0 {
            best = (error, s);
        }
    }
    println!(
        "scale fit: {} positions, best scale {} (mse {:.4})",
        samples.len(),
        best.1,
        best.0
    );
    best.1
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let games = args.first().copied().unwrap_or(20_000);
    let rounds = args.get(1).copied().unwrap_or(3);
    let beginner = Player::new(Level::Beginner);
    if rounds == 0 {
        fit_scale(&Evaluation::TUNED, games);
        return;
    }
    let from_tuned = std::env::args().any(|a| a == "--from-tuned");
    let mut best = if from_tuned {
        Evaluation::TUNED
    } else {
        INITIAL
    };
    let mut best_score = score(&best, &beginner, games);
    println!("start {best:?}: {:.4}", best_score as f64 / games as f64);
    let mut step = 2.0;
    for round in 0..rounds {
        for k in 0..NAMES.len() {
            for factor in [step, 1.0 / step, -1.0] {
                let mut candidate = best;
                let w = get(&mut candidate, k);
                *w = if factor < 0.0 { -*w } else { *w * factor };
                if *w == 0.0 {
                    *w = 0.5;
                }
                let s = score(&candidate, &beginner, games);
                if s > best_score {
                    best = candidate;
                    best_score = s;
                    println!(
                        "round {round}: {} -> {:.3}: {:.4}",
                        NAMES[k],
                        get(&mut best, k),
                        s as f64 / games as f64
                    );
                }
            }
        }
        step = step.sqrt();
    }
    println!("tuned {best:?}: {:.4}", best_score as f64 / games as f64);
    let scale = fit_scale(&best, games / 10);
    println!("final scale {scale}");
}
