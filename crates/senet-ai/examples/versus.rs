//! A player with experimental weights against a level with the tuned ones.
//!
//! `cargo run --release -p senet-ai --example versus -- LEVEL OPPONENT NODES GAMES [SCALE]`
//!
//! Used while tuning to try one change at a time (see `docs/ai.md`).
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_ai::{Budget, Level, Player, play_game, wilson_interval};
use senet_engine::{Kendall, Side};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let level: Level = args[0].parse().unwrap();
    let opponent: Level = args[1].parse().unwrap();
    let nodes: u64 = args[2].parse().unwrap();
    let games: u64 = args[3].parse().unwrap();
    let mut me = Player::new(level).with_budget(Budget::nodes(nodes));
    if let Some(scale) = args.get(4) {
        me.evaluation.scale = scale.parse().unwrap();
    }
    let other = Player::new(opponent).with_budget(Budget::nodes(nodes));
    let wins: u64 = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2u64)
            .map(|t| {
                s.spawn(move || {
                    let mut wins = 0;
                    let mut i = t;
                    while i < games {
                        let mut rng = SmallRng::seed_from_u64(555 + i);
                        let (cone, spool, mine) = if i % 2 == 0 {
                            (&me, &other, Side::Cone)
                        } else {
                            (&other, &me, Side::Spool)
                        };
                        if play_game(&Kendall, cone, spool, &mut rng, 100_000).winner == Some(mine)
                        {
                            wins += 1;
                        }
                        i += 2;
                    }
                    wins
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).sum()
    });
    let (lo, hi) = wilson_interval(wins, games);
    println!(
        "{level} (scale {}) vs {opponent}, {nodes} nodes: {wins}/{games} = {:.3} [{lo:.3}, {hi:.3}]",
        me.evaluation.scale,
        wins as f64 / games as f64
    );
}
