//! The step-model search against plain expectiminimax, and its budget.
#![allow(clippy::unwrap_used)]

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::{
    AnyRules, Event, Jequier, Kendall7, Modern, Next, Peril, RuleSet, RuleSetId, Simple,
    random_step,
};

use super::tree::Tree;
use super::{StepPlayer, Weights};
use crate::eval::{LOSS, WIN};
use crate::level::{Budget, Level};

/// Decision states met in random games, every `every`-th one.
pub(crate) fn decision_states<R: RuleSet>(
    rules: R,
    seats: u8,
    games: u64,
    every: usize,
) -> Vec<R::State> {
    let mut out = Vec::new();
    let mut events: Vec<Event> = Vec::new();
    let mut seen = 0;
    for seed in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut state = rules.start(seats).unwrap();
        for _ in 0..3_000 {
            if matches!(rules.next(&state), Next::Decide { .. }) {
                seen += 1;
                if seen % every == 0 {
                    out.push(state.clone());
                }
            }
            let Some(step) = random_step(rules, &state, &mut rng) else {
                break;
            };
            events.clear();
            rules.apply(&mut state, step, &mut events).unwrap();
        }
    }
    out
}

/// Star1 and alpha-beta give the values plain expectiminimax gives.
fn pruning_is_exact<R: RuleSet>(rules: R, seats: u8, depths: &[u32], every: usize) {
    let states = decision_states(rules, seats, 3, every);
    assert!(states.len() >= 5, "{:?}: {}", rules.id(), states.len());
    let weights = Weights::of(rules.id());
    let mut checked = 0;
    for state in states.iter().take(12) {
        let Next::Decide { seat, options } = rules.next(state) else {
            continue;
        };
        let mut tree = Tree::new(rules, weights, seat, &Budget::nodes(u64::MAX));
        for (_, child) in tree.option_children(state, seat, &options) {
            for &depth in depths {
                let pruned = tree.value(&child, depth, seat, LOSS, WIN);
                let reference = tree.plain(&child, depth, seat);
                assert!(
                    (pruned - reference).abs() < 1e-9,
                    "{:?} {} depth {depth}: {pruned} vs {reference}",
                    rules.id(),
                    rules.position_text(state),
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 10, "{checked}");
}

#[test]
fn star1_is_exact_for_the_stick_rule_sets() {
    pruning_is_exact(Kendall7, 2, &[1, 2], 37);
    pruning_is_exact(Simple, 2, &[1, 2], 37);
    pruning_is_exact(Jequier, 2, &[1, 2], 37);
}

#[test]
fn star1_is_exact_for_peril() {
    pruning_is_exact(Peril, 2, &[1, 2], 7);
}

#[test]
fn star1_is_exact_for_modern_and_the_paranoid_search() {
    pruning_is_exact(Modern, 2, &[1], 11);
    pruning_is_exact(Modern, 3, &[1], 11);
}

#[test]
fn the_budget_bounds_the_nodes_after_the_first_iteration() {
    let mut checked = 0;
    for (id, seats) in [
        (RuleSetId::Kendall7, 2),
        (RuleSetId::Peril, 2),
        (RuleSetId::Modern, 2),
        (RuleSetId::Modern, 4),
    ] {
        let rules = AnyRules::of(id);
        for state in decision_states(rules, seats, 2, 23).iter().take(6) {
            let mut rng = SmallRng::seed_from_u64(1);
            let first = StepPlayer::new(Level::Intermediate)
                .rank(state, &mut rng)
                .stats
                .nodes;
            for nodes in [300, 3_000] {
                let expert = StepPlayer::new(Level::Expert).with_budget(Budget::nodes(nodes));
                let ranking = expert.rank(state, &mut rng);
                assert!(
                    ranking.stats.nodes <= nodes.max(first),
                    "{id:?} {nodes}: {:?} (first iteration {first})",
                    ranking.stats
                );
                assert_eq!(ranking, expert.rank(state, &mut rng), "deterministic");
                checked += 1;
            }
        }
    }
    assert!(checked >= 30, "{checked}");
}

#[test]
fn the_intermediate_is_the_first_iteration_of_the_expert() {
    let rules = AnyRules::of(RuleSetId::Peril);
    // On the same evaluation (Path of Peril's learned one is the
    // expert's alone).
    let weights = Weights::for_table(RuleSetId::Peril, 2);
    for state in decision_states(rules, 2, 2, 5).iter().take(20) {
        let mut rng = SmallRng::seed_from_u64(1);
        let greedy = StepPlayer::new(Level::Intermediate)
            .with_weights(weights)
            .rank(state, &mut rng);
        let shallow = StepPlayer::new(Level::Expert)
            .with_weights(weights)
            .with_budget(Budget::nodes(1))
            .rank(state, &mut rng);
        assert_eq!(greedy.options, shallow.options);
        assert!(greedy.stats.depth <= 1);
    }
}
