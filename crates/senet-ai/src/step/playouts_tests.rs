//! The expert by playouts: a sure win first, the same pick for the same
//! state, and the budget.
#![allow(clippy::unwrap_used)]

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::{AnyRules, Event, Next, RuleSet, RuleSetId, Step};

use super::tests::decision_states;
use super::{ExpertMethod, StepPlayer};
use crate::level::{Budget, Level};

fn playouts(nodes: u64) -> StepPlayer {
    StepPlayer::new(Level::Expert)
        .with_method(ExpertMethod::Playouts)
        .with_budget(Budget::nodes(nodes))
}

#[test]
fn every_option_is_ranked_once_the_same_way_each_time_within_the_budget() {
    let mut checked = 0;
    for (id, seats) in [
        (RuleSetId::Simple, 2),
        (RuleSetId::Jequier, 2),
        (RuleSetId::Modern, 3),
    ] {
        let rules = AnyRules::of(id);
        for state in decision_states(rules, seats, 2, 17).iter().take(8) {
            let Next::Decide { options, .. } = rules.next(state) else {
                continue;
            };
            let mut rng = SmallRng::seed_from_u64(1);
            let player = playouts(20_000);
            let ranking = player.rank(state, &mut rng);
            let mut ranked: Vec<_> = ranking.options.iter().map(|&(c, _)| c).collect();
            let mut legal: Vec<_> = options.as_slice().to_vec();
            ranked.sort_by_key(|c| format!("{c:?}"));
            legal.sort_by_key(|c| format!("{c:?}"));
            assert_eq!(ranked, legal, "{id:?}");
            assert!(
                ranking.options.windows(2).all(|w| w[0].1 >= w[1].1),
                "best first: {:?}",
                ranking.options
            );
            assert!(
                ranking
                    .options
                    .iter()
                    .all(|&(_, v)| (-1.0..=1.0).contains(&v))
            );
            // One round of playouts past the budget at most: far below
            // twice the budget at these sizes.
            if options.len() > 1 {
                assert!(ranking.stats.nodes >= 20_000, "{:?}", ranking.stats);
                assert!(ranking.stats.nodes < 40_000, "{:?}", ranking.stats);
            }
            assert_eq!(ranking, player.rank(state, &mut rng), "deterministic");
            checked += 1;
        }
    }
    assert!(checked >= 15, "{checked}");
}

#[test]
fn an_option_that_wins_at_once_comes_first_and_is_sure() {
    let mut checked = 0;
    let mut events: Vec<Event> = Vec::new();
    let ids = [
        RuleSetId::Peril,
        RuleSetId::Modern,
        RuleSetId::Jequier,
        RuleSetId::Kendall7,
    ];
    let states = ids.into_iter().flat_map(|id| {
        let rules = AnyRules::of(id);
        decision_states(rules, 2, 30, 1)
            .into_iter()
            .map(move |s| (rules, s))
    });
    for (rules, state) in states {
        let Next::Decide { seat, options } = rules.next(&state) else {
            continue;
        };
        let mut wins_at_once = |choice| {
            let mut after = state.clone();
            events.clear();
            rules
                .apply(&mut after, Step::Decide { seat, choice }, &mut events)
                .unwrap();
            matches!(rules.next(&after), Next::End(standing) if standing.winner() == Some(seat))
        };
        let winning: Vec<_> = options
            .as_slice()
            .iter()
            .copied()
            .filter(|&c| wins_at_once(c))
            .collect();
        if winning.is_empty() || winning.len() == options.len() {
            continue;
        }
        let mut rng = SmallRng::seed_from_u64(1);
        let ranking = playouts(30_000).rank(&state, &mut rng);
        let (first, value) = ranking.options[0];
        assert!(
            winning.contains(&first),
            "{}: {:?}",
            rules.position_text(&state),
            ranking.options
        );
        assert!((value - 1.0).abs() < 1e-12, "{value}");
        checked += 1;
        if checked == 12 {
            break;
        }
    }
    assert!(checked >= 3, "{checked}");
}
