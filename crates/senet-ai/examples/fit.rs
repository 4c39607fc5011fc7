//! Fits evaluation weights to game outcomes by logistic regression.
//!
//! `cargo run --release -p senet-ai --example fit -- [games]`
//!
//! Plays games between intermediate players that make a random move 20% of
//! the time (for variety), records every position with its eventual winner,
//! and fits P(win) = σ(w·x) over [`senet_ai::features`] by Newton's method
//! with a small ridge penalty. Prints the weights in race units
//! (w / w_race) and the scale (2 / w_race, since tanh(z/2) = 2σ(z) − 1).
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::needless_range_loop
)]

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use senet_ai::{Level, Player, features};
use senet_engine::kendall_v1::{Rules, Side};
use senet_engine::{Kendall, Sticks};

const K: usize = 7;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .map_or(20_000, |a| a.parse().unwrap());
    let rules = Kendall;
    let me = Player::new(Level::Intermediate);
    let mut xs: Vec<[f64; K]> = Vec::new();
    let mut ys: Vec<f64> = Vec::new();
    for g in 0..games {
        let mut rng = SmallRng::seed_from_u64(9_000_000 + g);
        let mut p = rules.start();
        let mut seen = Vec::new();
        while rules.winner(&p).is_none() {
            seen.push(features(&p, Side::Cone));
            let throw = rules.score(Sticks::throw(&mut rng));
            let moves = rules.legal_moves(&p, throw);
            let mv = if rng.random_range(0..5) == 0 {
                moves.get(rng.random_range(0..moves.len().max(1)))
            } else {
                me.choose(&rules, &p, throw, &mut rng)
            };
            p = match mv {
                Some(mv) => rules.apply(&p, throw, mv),
                None => rules.pass(&p),
            };
        }
        let y = if rules.winner(&p) == Some(Side::Cone) {
            1.0
        } else {
            0.0
        };
        for x in seen {
            xs.push(x);
            ys.push(y);
        }
    }
    let n = xs.len() as f64;
    let mut w = [0.0; K];
    for iter in 0..12 {
        let mut grad = [0.0; K];
        let mut hess = vec![[0.0; K]; K];
        let mut loss = 0.0;
        for (x, &y) in xs.iter().zip(&ys) {
            let z: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            loss -= y * p.max(1e-12).ln() + (1.0 - y) * (1.0 - p).max(1e-12).ln();
            let r = p * (1.0 - p);
            for i in 0..K {
                grad[i] += (p - y) * x[i];
                if x[i] != 0.0 {
                    for j in 0..K {
                        hess[i][j] += r * x[i] * x[j];
                    }
                }
            }
        }
        let ridge = 1e-3 * n;
        for i in 0..K {
            grad[i] += ridge * w[i] * 1e-3;
            hess[i][i] += ridge * 1e-3 + 1e-9;
        }
        // Solve hess · step = grad by Gaussian elimination.
        let mut a = hess.clone();
        let mut b = grad;
        for c in 0..K {
            let piv = (c..K)
                .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
                .unwrap();
            a.swap(c, piv);
            b.swap(c, piv);
            for r in 0..K {
                if r != c && a[c][c] != 0.0 {
                    let f = a[r][c] / a[c][c];
                    for k in c..K {
                        a[r][k] -= f * a[c][k];
                    }
                    b[r] -= f * b[c];
                }
            }
        }
        for i in 0..K {
            if a[i][i] != 0.0 {
                w[i] -= b[i] / a[i][i];
            }
        }
        println!(
            "iter {iter}: log loss {:.5} over {} positions",
            loss / n,
            xs.len()
        );
    }
    let race = w[0];
    println!("race {race:.5} (scale {:.1})", 2.0 / race);
    let names = [
        "race",
        "protected",
        "blockade",
        "waiting",
        "borne_off",
        "exposure",
        "tempo",
    ];
    for (i, name) in names.iter().enumerate() {
        println!("{name}: {:.3}", w[i] / race);
    }
}
