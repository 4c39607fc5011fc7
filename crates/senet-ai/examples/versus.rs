//! A player with experimental weights against a level with the tuned ones.
//!
//! `cargo run --release -p senet-ai --example versus -- LEVEL OPPONENT NODES GAMES [SCALE]`
//!
//! Used while tuning to try one change at a time (see `docs/ai.md`).
//! OPPONENT may also be `race`: greedy play on the race alone (every other
//! weight zero), the simpler intermediate the team may choose.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_ai::{Budget, Evaluation, Level, Player, play_game, play_games, wilson_interval};
use senet_engine::Kendall;
use senet_engine::kendall_v1::Side;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let level: Level = args[0].parse().unwrap();
    let race_only = args[1] == "race";
    let opponent: Level = if race_only {
        Level::Intermediate
    } else {
        args[1].parse().unwrap()
    };
    let nodes: u64 = args[2].parse().unwrap();
    let games: u64 = args[3].parse().unwrap();
    let mut me = Player::new(level).with_budget(Budget::nodes(nodes));
    if let Some(scale) = args.get(4) {
        me.evaluation.scale = scale.parse().unwrap();
    }
    let mut other = Player::new(opponent).with_budget(Budget::nodes(nodes));
    if race_only {
        other.evaluation = Evaluation {
            race: 1.0,
            protected: 0.0,
            blockade: 0.0,
            waiting: 0.0,
            borne_off: 0.0,
            exposure: 0.0,
            tempo: 0.0,
            ..Evaluation::TUNED
        };
    }
    let won = play_games(games, 2, |i| {
        let mut rng = SmallRng::seed_from_u64(555 + i);
        let (cone, spool, mine) = if i % 2 == 0 {
            (&me, &other, Side::Cone)
        } else {
            (&other, &me, Side::Spool)
        };
        play_game(&Kendall, cone, spool, &mut rng, 100_000).winner == Some(mine)
    });
    let wins = won.iter().filter(|&&w| w).count() as u64;
    let (lo, hi) = wilson_interval(wins, games);
    println!(
        "{level} (scale {}) vs {}, {nodes} nodes: {wins}/{games} = {:.3} [{lo:.3}, {hi:.3}]",
        me.evaluation.scale,
        if race_only {
            "race-only greedy"
        } else {
            opponent.as_str()
        },
        wins as f64 / games as f64
    );
}
