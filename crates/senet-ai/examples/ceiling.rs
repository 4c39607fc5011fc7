//! Experiments on how much better than the intermediate (greedy) level any
//! player can be, by Monte Carlo rollouts: greedy play on both sides from a
//! position to the end of the game, many times, with the same throws for
//! every candidate move (common random numbers). See `docs/ai.md`.
//!
//! `cargo run --release -p senet-ai --example ceiling -- gap ROLLOUTS DECISIONS`
//!
//! Samples decisions (two or more legal moves) from greedy self-play. For
//! each, every legal move is rolled out ROLLOUTS times; the best move is
//! picked on one half of the rollouts and valued on the other half (so the
//! gain is not inflated by picking the luckiest estimate), and compared with
//! the move greedy play chose. Prints the mean gain in win probability per
//! decision and the decisions per side per game.
//!
//! `cargo run --release -p senet-ai --example ceiling -- player ROLLOUTS GAMES`
//!
//! Plays a rollout player (each decision: the move with the most wins in
//! ROLLOUTS rollouts) against the intermediate level, colours alternating.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_ai::{Level, Player, play_games, wilson_interval};
use senet_engine::kendall_v1::{Move, Position, Rules, Side, Throw};
use senet_engine::{Kendall, Sticks};

/// Greedy play on both sides to the end; the winner.
fn playout(greedy: &Player, mut position: Position, rng: &mut SmallRng) -> Option<Side> {
    let rules = Kendall;
    for _ in 0..5_000 {
        if let Some(winner) = rules.winner(&position) {
            return Some(winner);
        }
        position = greedy_step(greedy, &position, rules.score(Sticks::throw(rng)), rng);
    }
    None
}

fn greedy_step(greedy: &Player, position: &Position, throw: Throw, rng: &mut SmallRng) -> Position {
    let rules = Kendall;
    match greedy.choose(&rules, position, throw, rng) {
        Some(mv) => rules.apply(position, throw, mv),
        None => rules.pass(position),
    }
}

/// For every legal move: wins for the side to move in the even-numbered and
/// in the odd-numbered rollouts. Rollout `k` gets the same throws whatever
/// the move (seeded by `key` and `k`).
fn rollouts(
    greedy: &Player,
    position: &Position,
    throw: Throw,
    count: u64,
    key: u64,
) -> Vec<(Move, [u64; 2])> {
    let rules = Kendall;
    let me = position.to_move();
    rules
        .legal_moves(position, throw)
        .iter()
        .map(|mv| {
            let after = rules.apply(position, throw, mv);
            let mut wins = [0u64; 2];
            for k in 0..count {
                let mut rng = SmallRng::seed_from_u64(key.wrapping_mul(1_000_003).wrapping_add(k));
                if playout(greedy, after, &mut rng) == Some(me) {
                    wins[(k % 2) as usize] += 1;
                }
            }
            (mv, wins)
        })
        .collect()
}

fn gap(count: u64, wanted: usize) {
    let rules = Kendall;
    let greedy = Player::new(Level::Intermediate);
    let mut rng = SmallRng::seed_from_u64(77);
    let (mut decisions, mut sum, mut sum_sq, mut choices, mut games) =
        (0usize, 0.0, 0.0, 0usize, 0usize);
    while decisions < wanted {
        games += 1;
        let mut position = rules.start();
        for step in 0..5_000u64 {
            if rules.winner(&position).is_some() {
                break;
            }
            let throw = rules.score(Sticks::throw(&mut rng));
            let chosen = greedy.choose(&rules, &position, throw, &mut rng);
            if rules.legal_moves(&position, throw).len() > 1 {
                choices += 1;
                // Sample one decision in 25 so that they come from all stages.
                if step % 25 == 0 && decisions < wanted {
                    let key = (games as u64) << 20 | step;
                    let moves = rollouts(&greedy, &position, throw, count, key);
                    let best = (0..moves.len()).max_by_key(|&i| moves[i].1[0]).unwrap();
                    let taken = moves.iter().position(|(m, _)| Some(*m) == chosen).unwrap();
                    let half = (count / 2) as f64;
                    let gain = (moves[best].1[1] as f64 - moves[taken].1[1] as f64) / half;
                    sum += gain;
                    sum_sq += gain * gain;
                    decisions += 1;
                }
            }
            position = match chosen {
                Some(mv) => rules.apply(&position, throw, mv),
                None => rules.pass(&position),
            };
        }
    }
    let n = decisions as f64;
    let mean = sum / n;
    let se = ((sum_sq / n - mean * mean) / n).sqrt();
    let per_side = choices as f64 / games as f64 / 2.0;
    println!(
        "{decisions} decisions, {count} rollouts a move: gain over greedy's move {mean:.4} ± {se:.4} (s.e.) a decision; \
         {per_side:.1} decisions a side a game; {:.3} ± {:.3} a game",
        mean * per_side,
        se * per_side
    );
}

fn player(count: u64, games: u64) {
    let greedy = Player::new(Level::Intermediate);
    let won = play_games(games, 2, |i| {
        let rules = Kendall;
        let mut rng = SmallRng::seed_from_u64(4_000_000 + i);
        let mine = if i % 2 == 0 { Side::Cone } else { Side::Spool };
        let mut position = rules.start();
        for step in 0..100_000u64 {
            if rules.winner(&position).is_some() {
                break;
            }
            let throw = rules.score(Sticks::throw(&mut rng));
            position =
                if position.to_move() == mine && rules.legal_moves(&position, throw).len() > 1 {
                    let moves = rollouts(&greedy, &position, throw, count, i << 20 | step);
                    let (mv, _) = moves.into_iter().max_by_key(|(_, w)| w[0] + w[1]).unwrap();
                    rules.apply(&position, throw, mv)
                } else {
                    greedy_step(&greedy, &position, throw, &mut rng)
                };
        }
        rules.winner(&position) == Some(mine)
    });
    let wins = won.iter().filter(|&&w| w).count() as u64;
    let (lo, hi) = wilson_interval(wins, games);
    println!(
        "rollout player ({count} a move) vs intermediate: {wins}/{games} = {:.3} [{lo:.3}, {hi:.3}]",
        wins as f64 / games as f64
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: u64 = args[1].parse().unwrap();
    let n: u64 = args[2].parse().unwrap();
    match args[0].as_str() {
        "gap" => gap(count, n as usize),
        "player" => player(count, n),
        other => panic!("unknown experiment {other}; use gap or player"),
    }
}
