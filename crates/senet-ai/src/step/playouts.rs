//! The expert by playouts ([`ExpertMethod::Playouts`]): every option is
//! played to the game's end by the greedy intermediate at every seat, many
//! times, on the same draws for every option (common random numbers), and
//! the option that wins most often is taken. One step of policy
//! improvement over greedy play (Bertsekas' rollout).
//!
//! Why a second method: in rule sets where the evaluation misjudges the
//! long run (Simple's exact throws off 28 and 29, its swaps and the House
//! of Water), a deeper search on the same evaluation gains little, while
//! playouts see the whole game (`docs/ai.md`, "Ceilings"). The playouts
//! are cheap there: a greedy game of Simple takes a few tens of
//! microseconds.
//!
//! Deterministic: the draws come from generators seeded by the state and
//! the playout's number, so the same state and budget give the same pick.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::{Choice, Event, Next, Options, RuleSet, Seat, Step};

use super::{OptionRanking, StepPlayer};
use crate::level::Level;
use crate::search::SearchStats;

/// Most playouts an option gets, whatever the budget: past this the
/// estimates separate no further options worth the time.
const MOST_PLAYOUTS: u32 = 2_000;
/// A game never needs this many steps; the cap only guards a playout.
const MOST_STEPS: u32 = 20_000;

/// Ranks `options` of `seat` at `state` by playouts within the player's
/// budget: each state a playout passes through counts as a node (the
/// greedy players' look at their options is the playouts' policy, as the
/// draws are their chance, and is not counted). The intermediate's own
/// order breaks ties, so an option replaces its pick only by winning more
/// often.
pub(super) fn rank<R: RuleSet>(
    player: &StepPlayer,
    rules: R,
    state: &R::State,
    seat: Seat,
    options: &Options,
) -> OptionRanking {
    let greedy = StepPlayer {
        level: Level::Intermediate,
        weights: None,
        ..*player
    };
    let prior = greedy.search(rules, state, seat, options, 0);
    let mut nodes = prior.stats.nodes;
    let mut events: Vec<Event> = Vec::with_capacity(16);
    let children: Vec<(Choice, R::State)> = prior
        .options
        .iter()
        .filter_map(|&(choice, _)| {
            let mut child = state.clone();
            events.clear();
            rules
                .apply(&mut child, Step::Decide { seat, choice }, &mut events)
                .ok()
                .map(|()| (choice, child))
        })
        .collect();
    let mut wins = vec![0u32; children.len()];
    let mut played = 0u32;
    let deadline = player.budget.time.map(|t| Instant::now() + t);
    let base = state_seed(state);
    // Every option's playouts of one round share their draws; the budget
    // is looked at between rounds, so each option has as many.
    while children.len() > 1 && played < MOST_PLAYOUTS {
        let seed = base ^ u64::from(played).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for ((_, child), won) in children.iter().zip(wins.iter_mut()) {
            if playout(rules, &greedy, child.clone(), seed, &mut nodes, &mut events) == Some(seat) {
                *won += 1;
            }
        }
        played += 1;
        if nodes >= player.budget.nodes || deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
    }
    if played == 0 {
        // One option: nothing to compare, the intermediate's value says
        // what it is worth.
        return OptionRanking {
            options: prior.options,
            stats: SearchStats {
                depth: 1,
                nodes,
                solved: prior.stats.solved,
            },
        };
    }
    let mut ranked: Vec<(Choice, f64, u32)> = children
        .iter()
        .zip(&wins)
        .map(|((choice, _), &won)| {
            let share = f64::from(won) / f64::from(played);
            (*choice, 2.0 * share - 1.0, won)
        })
        .collect();
    // Stable: equal wins keep the intermediate's order.
    ranked.sort_by_key(|r| core::cmp::Reverse(r.2));
    OptionRanking {
        options: ranked.into_iter().map(|(c, v, _)| (c, v)).collect(),
        stats: SearchStats {
            depth: 1,
            nodes,
            solved: false,
        },
    }
}

/// Plays `state` to the end with `greedy` at every seat and the draws of
/// `seed`; the winner, if the game ended.
fn playout<R: RuleSet>(
    rules: R,
    greedy: &StepPlayer,
    mut state: R::State,
    seed: u64,
    nodes: &mut u64,
    events: &mut Vec<Event>,
) -> Option<Seat> {
    let mut dice = SmallRng::seed_from_u64(seed);
    for _ in 0..MOST_STEPS {
        *nodes += 1;
        let step = match rules.next(&state) {
            Next::End(standing) => return standing.winner(),
            Next::Chance(kind) => Step::Chance {
                roll: kind.draw(&mut dice),
            },
            Next::Decide { seat, options } => {
                let choice = match options.as_slice() {
                    [only] => *only,
                    _ => {
                        let ranked = greedy.search(rules, &state, seat, &options, 0);
                        ranked.options.first().map(|&(c, _)| c)?
                    }
                };
                Step::Decide { seat, choice }
            }
        };
        events.clear();
        rules.apply(&mut state, step, events).ok()?;
    }
    None
}

/// A seed from the state: the same state gets the same draws.
fn state_seed<S: Hash>(state: &S) -> u64 {
    let mut hasher = DefaultHasher::new();
    state.hash(&mut hasher);
    hasher.finish()
}
