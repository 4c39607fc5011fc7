//! The ceiling method of `ceiling.rs` (Kendall) for every rule set: how
//! much better than the intermediate (greedy) level any player can be, by
//! Monte Carlo rollouts on the step model. See `docs/ai.md`.
//!
//! `cargo run --release -p senet-ai --example ceiling_step -- RULES ROLLOUTS DECISIONS [THREADS] [SEED]`
//!
//! Samples decisions with two or more options from intermediate self-play
//! (two seats; one decision in eight, spread over many games). For each,
//! every option is played out ROLLOUTS times with the intermediate at
//! every seat, the same draws for every option (common random numbers).
//! Two gains of the best option over the intermediate's own are reported,
//! in win probability per decision:
//! - **split**: the best option picked on the even rollouts and valued on
//!   the odd ones, so the luckiest estimate does not inflate it (a low
//!   estimate of the best option's gain);
//! - **max**: the best option picked and valued on all rollouts (a high
//!   estimate: it keeps the noise of the pick).
//!
//! Times the decisions a seat makes in a game (with two or more options),
//! each says what a player that always found the best option would gain a
//! game over greedy play: one step of policy improvement (Bertsekas'
//! rollout), the bound on the expert's win rate against the intermediate
//! that `docs/ai.md` uses for Kendall.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use senet_ai::{Level, StepPlayer};
use senet_engine::{AnyRules, AnyState, Choice, Event, Next, RuleSet, RuleSetId, Seat, Step};

/// One decision in this many (with two options or more) is sampled.
const SAMPLE_ONE_IN: u32 = 8;
/// A game never needs this many steps; the cap only guards the tool.
const MAX_STEPS: usize = 100_000;

/// A sampled decision: the state, who decides, and the intermediate's pick.
struct Decision {
    state: AnyState,
    seat: Seat,
    greedy: Choice,
}

/// Plays `state` to the end with the intermediate at every seat and the
/// draws of `seed`; the winner.
fn rollout(rules: AnyRules, greedy: &StepPlayer, mut state: AnyState, seed: u64) -> Option<Seat> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut events: Vec<Event> = Vec::new();
    for _ in 0..MAX_STEPS {
        let step = match rules.next(&state) {
            Next::End(standing) => return standing.winner(),
            Next::Chance(kind) => Step::Chance {
                roll: kind.draw(&mut rng),
            },
            Next::Decide { seat, .. } => Step::Decide {
                seat,
                choice: greedy.choose(&state, &mut rng)?,
            },
        };
        events.clear();
        rules.apply(&mut state, step, &mut events).ok()?;
    }
    None
}

/// Intermediate self-play from `seed` on: the sampled decisions and the
/// decisions (two options or more) made per seat per game.
fn sample_decisions(
    rules: AnyRules,
    greedy: &StepPlayer,
    wanted: usize,
    seed: u64,
) -> (Vec<Decision>, f64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut sampled = Vec::new();
    let (mut games, mut decisions) = (0u64, 0u64);
    while sampled.len() < wanted {
        let mut state = rules.start(2).unwrap();
        let mut events: Vec<Event> = Vec::new();
        games += 1;
        for _ in 0..MAX_STEPS {
            let step = match rules.next(&state) {
                Next::End(_) => break,
                Next::Chance(kind) => Step::Chance {
                    roll: kind.draw(&mut rng),
                },
                Next::Decide { seat, options } => {
                    let choice = greedy.choose(&state, &mut rng).unwrap();
                    if options.len() > 1 {
                        decisions += 1;
                        if sampled.len() < wanted && rng.random_range(0..SAMPLE_ONE_IN) == 0 {
                            sampled.push(Decision {
                                state: state.clone(),
                                seat,
                                greedy: choice,
                            });
                        }
                    }
                    Step::Decide { seat, choice }
                }
            };
            events.clear();
            rules.apply(&mut state, step, &mut events).unwrap();
        }
    }
    (sampled, decisions as f64 / (2.0 * games as f64))
}

/// The split and max gains of one decision.
fn gains(
    rules: AnyRules,
    greedy: &StepPlayer,
    decision: &Decision,
    rollouts: u64,
    seed: u64,
) -> (f64, f64) {
    let Next::Decide { options, .. } = rules.next(&decision.state) else {
        return (0.0, 0.0);
    };
    // Wins on even and odd rollouts, per option.
    let mut wins: Vec<[f64; 2]> = Vec::new();
    let mut events: Vec<Event> = Vec::new();
    for &choice in options.as_slice() {
        let mut child = decision.state.clone();
        events.clear();
        let step = Step::Decide {
            seat: decision.seat,
            choice,
        };
        rules.apply(&mut child, step, &mut events).unwrap();
        let mut won = [0.0; 2];
        for r in 0..rollouts {
            if rollout(rules, greedy, child.clone(), seed.wrapping_add(r)) == Some(decision.seat) {
                won[(r % 2) as usize] += 1.0;
            }
        }
        wins.push(won);
    }
    let half = (rollouts / 2).max(1) as f64;
    let index = |c: Choice| options.as_slice().iter().position(|&o| o == c).unwrap();
    let greedy_at = index(decision.greedy);
    let pick = (0..wins.len())
        .max_by(|&a, &b| wins[a][0].total_cmp(&wins[b][0]))
        .unwrap();
    let split = (wins[pick][1] - wins[greedy_at][1]) / half;
    let total = |w: &[f64; 2]| w[0] + w[1];
    let best = wins.iter().map(total).fold(0.0, f64::max);
    let max = (best - total(&wins[greedy_at])) / rollouts as f64;
    (split, max)
}

fn mean_and_error(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, (variance / n).sqrt())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: ceiling_step RULES ROLLOUTS DECISIONS [THREADS] [SEED]";
    let rules_id: RuleSetId = args.first().expect(usage).parse().expect("a rule set id");
    let rollouts: u64 = args.get(1).expect(usage).parse().expect("ROLLOUTS");
    let wanted: usize = args.get(2).expect(usage).parse().expect("DECISIONS");
    let threads: usize = args.get(3).map_or(1, |t| t.parse().expect("THREADS"));
    let seed: u64 = args.get(4).map_or(2026, |s| s.parse().expect("SEED"));
    let rules = AnyRules::of(rules_id);
    let greedy = StepPlayer::new(Level::Intermediate);
    let (decisions, per_side) = sample_decisions(rules, &greedy, wanted, seed);
    let chunk = decisions.len().div_ceil(threads.max(1));
    let results: Vec<(f64, f64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = decisions
            .chunks(chunk.max(1))
            .enumerate()
            .map(|(t, part)| {
                let greedy = &greedy;
                scope.spawn(move || {
                    part.iter()
                        .enumerate()
                        .map(|(i, d)| {
                            let at = (t * chunk + i) as u64;
                            gains(rules, greedy, d, rollouts, seed ^ (at << 32))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let split: Vec<f64> = results.iter().map(|r| r.0).collect();
    let max: Vec<f64> = results.iter().map(|r| r.1).collect();
    let (split_mean, split_se) = mean_and_error(&split);
    let (max_mean, max_se) = mean_and_error(&max);
    println!(
        "rules={rules_id} rollouts={rollouts} decisions={} decisions_per_side_per_game={per_side:.1}",
        decisions.len()
    );
    println!(
        "split: gain per decision {split_mean:.5} ± {split_se:.5} (s.e.); per game {:.3} ± {:.3}; ceiling vs greedy {:.1} % ± {:.1}",
        split_mean * per_side,
        split_se * per_side,
        50.0 + 100.0 * split_mean * per_side,
        100.0 * split_se * per_side
    );
    println!(
        "max:   gain per decision {max_mean:.5} ± {max_se:.5} (s.e.); per game {:.3} ± {:.3}; ceiling vs greedy {:.1} % ± {:.1}",
        max_mean * per_side,
        max_se * per_side,
        50.0 + 100.0 * max_mean * per_side,
        100.0 * max_se * per_side
    );
}
