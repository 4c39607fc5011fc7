//! Expert time per move, over the positions of real games.
//!
//! `cargo bench -p senet-ai [-- NODES [GAMES]]`
//!
//! Plays games between the expert (with the given node budget, default
//! `Budget::DEFAULT_NODES`, no time limit) and the intermediate level, and
//! times every expert decision that had a choice (two or more legal moves).
//! Prints the mean, median, 99th percentile and worst time per move, and the
//! depths reached.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_ai::{Budget, Level, Player};
use senet_engine::kendall_v1::{Rules, Side};
use senet_engine::{Kendall, Sticks};

fn main() {
    let numbers: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let nodes = numbers.first().copied().unwrap_or(Budget::DEFAULT_NODES);
    let games = numbers.get(1).copied().unwrap_or(10);
    let rules = Kendall;
    let expert = Player::new(Level::Expert).with_budget(Budget::nodes(nodes));
    let other = Player::new(Level::Intermediate);
    let mut times = Vec::new();
    let mut depths = [0u32; 65];
    let mut total_nodes = 0u64;
    for game in 0..games {
        let mut rng = SmallRng::seed_from_u64(game);
        let expert_side = if game % 2 == 0 {
            Side::Cone
        } else {
            Side::Spool
        };
        let mut position = rules.start();
        while rules.winner(&position).is_none() {
            let throw = rules.score(Sticks::throw(&mut rng));
            let moves = rules.legal_moves(&position, throw);
            let chosen = if position.to_move() == expert_side && moves.len() >= 2 {
                let began = Instant::now();
                let ranking = expert.rank(&rules, &position, throw, &mut rng);
                times.push(began.elapsed().as_secs_f64() * 1000.0);
                depths[ranking.stats.depth.min(64) as usize] += 1;
                total_nodes += ranking.stats.nodes;
                ranking.moves.first().map(|&(mv, _)| mv)
            } else {
                other.choose(&rules, &position, throw, &mut rng)
            };
            position = match chosen {
                Some(mv) => rules.apply(&position, throw, mv),
                None => rules.pass(&position),
            };
        }
    }
    times.sort_by(f64::total_cmp);
    let n = times.len().max(1);
    let mean = times.iter().sum::<f64>() / n as f64;
    let at = |q: f64| {
        times
            .get(((n as f64 - 1.0) * q) as usize)
            .copied()
            .unwrap_or(0.0)
    };
    println!(
        "expert nodes={nodes}: {} moves timed over {games} games; ms per move: mean {mean:.2}, median {:.2}, p99 {:.2}, max {:.2}; nodes/s {:.0}",
        times.len(),
        at(0.5),
        at(0.99),
        at(1.0),
        total_nodes as f64 / (times.iter().sum::<f64>() / 1000.0).max(1e-9)
    );
    let reached: Vec<String> = depths
        .iter()
        .enumerate()
        .filter(|(_, c)| **c > 0)
        .map(|(d, c)| format!("{d}:{c}"))
        .collect();
    println!("depths reached (depth:moves): {}", reached.join(" "));
}
