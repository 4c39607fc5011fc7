//! Random play under any rule set: chance drawn by its exact odds, each
//! decision a uniformly random option. What playouts, benchmarks and the
//! property tests run on.

use rand::Rng;

use crate::model::event::Event;
use crate::model::ruleset::{Next, RuleSet, Step};
use crate::model::standing::Standing;

/// The random step for a state: a draw of the chance that comes next, or a
/// uniformly random option of the decision; `None` once the game is over.
pub fn random_step<R: RuleSet, G: Rng + ?Sized>(
    rules: R,
    state: &R::State,
    rng: &mut G,
) -> Option<Step> {
    match rules.next(state) {
        Next::End(_) => None,
        Next::Chance(kind) => Some(Step::Chance {
            roll: kind.draw(rng),
        }),
        Next::Decide { seat, options } => {
            let pick = (rng.next_u64() % options.len() as u64) as usize;
            options
                .as_slice()
                .get(pick)
                .map(|&choice| Step::Decide { seat, choice })
        }
    }
}

/// How a random game went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RandomGame {
    /// The final standing, or `None` when the step limit came first.
    pub standing: Option<Standing>,
    /// Steps taken.
    pub steps: u64,
}

/// Plays one random game from the start, at most `max_steps` steps; the
/// events buffer is reused between steps.
pub fn random_game<R: RuleSet, G: Rng + ?Sized>(
    rules: R,
    seats: u8,
    rng: &mut G,
    max_steps: u64,
) -> Option<RandomGame> {
    let mut state = rules.start(seats).ok()?;
    let mut events: Vec<Event> = Vec::with_capacity(16);
    let mut steps = 0;
    while steps < max_steps {
        let Some(step) = random_step(rules, &state, rng) else {
            let standing = match rules.next(&state) {
                Next::End(standing) => Some(standing),
                _ => None,
            };
            return Some(RandomGame { standing, steps });
        };
        events.clear();
        // A step drawn from `next` is always accepted.
        rules.apply(&mut state, step, &mut events).ok()?;
        steps += 1;
    }
    Some(RandomGame {
        standing: None,
        steps,
    })
}

/// How many distinct states are reachable from the start of a table of
/// `seats` in at most `depth` steps, over every chance outcome and every
/// option (the start included): a regression anchor for a rule set, as
/// perft is for chess move generators. `None` when the rules cannot seat
/// the table.
pub fn reachable_states<R: RuleSet>(rules: R, seats: u8, depth: usize) -> Option<usize> {
    let start = rules.start(seats).ok()?;
    let mut seen = std::collections::HashSet::from([start.clone()]);
    let mut frontier = vec![start];
    let mut events = Vec::new();
    for _ in 0..depth {
        let mut next_frontier = Vec::new();
        for state in frontier {
            let steps: Vec<Step> = match rules.next(&state) {
                Next::End(_) => continue,
                Next::Chance(kind) => kind
                    .outcomes()
                    .into_iter()
                    .map(|(roll, _)| Step::Chance { roll })
                    .collect(),
                Next::Decide { seat, options } => options
                    .iter()
                    .map(|&choice| Step::Decide { seat, choice })
                    .collect(),
            };
            for step in steps {
                let mut after = state.clone();
                events.clear();
                // Every step listed by `next` is accepted.
                if rules.apply(&mut after, step, &mut events).is_ok() && seen.insert(after.clone())
                {
                    next_frontier.push(after);
                }
            }
        }
        frontier = next_frontier;
    }
    Some(seen.len())
}
