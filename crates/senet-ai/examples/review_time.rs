//! Times the game review (`senet_ai::review`) of one game a rule set:
//! a game of two intermediate players (three for `modern:3`), seeded, then
//! reviewed at the review budget. Release build:
//!
//! ```text
//! cargo run --release -p senet-ai --example review_time -- 20000 kendall simple modern:3
//! ```

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_ai::review::{Played, Reviewer, review_game};
use senet_ai::{Level, StepPlayer};
use senet_engine::{AnyRules, Next, RuleSet, RuleSetId, Step};

fn main() {
    let mut args = std::env::args().skip(1);
    let nodes: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    for game in args {
        let (name, seats) = game.split_once(':').unwrap_or((game.as_str(), "2"));
        let (Ok(rule_set), Ok(seats)) = (name.parse::<RuleSetId>(), seats.parse::<u8>()) else {
            eprintln!("bad game `{game}` (rule set[:seats])");
            continue;
        };
        let rules = AnyRules::of(rule_set);
        let Ok(mut state) = rules.start(seats) else {
            eprintln!("{game}: cannot seat {seats}");
            continue;
        };
        let mut rng = SmallRng::seed_from_u64(2026);
        let player = StepPlayer::new(Level::Intermediate);
        let mut record = Vec::new();
        loop {
            let step = match rules.next(&state) {
                Next::End(_) => break,
                Next::Chance(kind) => Step::Chance {
                    roll: kind.draw(&mut rng),
                },
                Next::Decide { seat, options } => {
                    let first = options.as_slice().first().copied();
                    let Some(choice) = player.choose(&state, &mut rng).or(first) else {
                        break;
                    };
                    Step::Decide { seat, choice }
                }
            };
            if rules.apply(&mut state, step, &mut Vec::new()).is_err() || record.len() > 50_000 {
                break;
            }
            record.push(Played::Step(step));
        }
        let reviewer = Reviewer {
            nodes,
            endgame: None,
            stop: None,
        };
        let start = Instant::now();
        match review_game(rule_set, seats, &record, &reviewer) {
            Ok(review) => {
                let decisions = review
                    .summary
                    .iter()
                    .map(|s| s.graded + s.forced)
                    .sum::<usize>();
                let graded = review.summary.iter().map(|s| s.graded).sum::<usize>();
                let draws = review.summary.iter().map(|s| s.throws).sum::<usize>();
                println!(
                    "{game}: {} steps ({draws} draws, {decisions} decisions, {graded} graded) reviewed at {nodes} nodes in {:.1} s",
                    record.len(),
                    start.elapsed().as_secs_f64()
                );
            }
            Err(error) => eprintln!("{game}: {error}"),
        }
    }
}
