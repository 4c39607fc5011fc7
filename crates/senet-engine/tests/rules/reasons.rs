//! The reasons the rules give are the typed list `Reason::ALL` says, for
//! the rule sets `Reason::rule_sets` says: random games of every rule set
//! and table size, and at every decision every choice of every kind for
//! every square is asked for its refusal (`RuleSet::refusal`, what `apply`
//! answers). A reason given by a rule set its `rule_sets` does not name
//! fails, and so does a reason a rule set is said to give that the games
//! never produce (the list cannot claim more than the rules do, nor less).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::{
    AnyRules, Choice, DiceUse, Next, Reason, RuleSet, RuleSetId, Square, StepError, random_step,
};

/// Every choice the vocabulary has, on every square: the probes.
fn probes() -> Vec<Choice> {
    let mut choices = Vec::new();
    for square in Square::all() {
        choices.push(Choice::Move { from: square });
        choices.push(Choice::MoveDice {
            from: square,
            by: DiceUse::Sum,
        });
        for pips in 1..=6 {
            choices.push(Choice::MoveDice {
                from: square,
                by: DiceUse::Die { pips },
            });
        }
        choices.push(Choice::Enter { to: square });
        choices.push(Choice::Place { to: square });
        choices.push(Choice::Remove { square });
    }
    choices.extend([Choice::Roll { dice: 1 }, Choice::Roll { dice: 2 }]);
    choices
}

/// Reasons no random game gives, by design, each documented on its
/// variant: the server's own (`not_a_square`), the turn-based API's
/// (`must_move`), and the fallback for a bug (`no_legal_move`).
const NOT_FROM_STEPS: [Reason; 3] = [Reason::NotASquare, Reason::MustMove, Reason::NoLegalMove];

/// The reasons `id` is said to give in the step model.
fn claimed(id: RuleSetId) -> BTreeSet<Reason> {
    Reason::ALL
        .iter()
        .copied()
        .filter(|reason| reason.rule_sets().contains(&id))
        .filter(|reason| !NOT_FROM_STEPS.contains(reason))
        .collect()
}

/// Plays random games of `id` at every table size, asking at every
/// decision why each probe is refused: at least three games a table size,
/// then on until every claimed reason was given or `max_games` games a
/// table size were played; returns what was given. Fails at once on a
/// reason `id` is not said to give.
fn given(id: RuleSetId, max_games: u32) -> BTreeSet<Reason> {
    let probes = probes();
    let claimed = claimed(id);
    let mut rng = SmallRng::seed_from_u64(0x5e_4e7);
    let mut given = BTreeSet::new();
    let rules = AnyRules::of(id);
    let (min, max) = rules.seat_range();
    for game in 0..max_games {
        if game >= 3 && claimed.is_subset(&given) {
            break;
        }
        for seats in min..=max {
            let mut state = rules.start(seats).unwrap();
            for _ in 0..2_000 {
                if let Next::Decide { options, .. } = rules.next(&state) {
                    for choice in &probes {
                        if options.contains(choice) {
                            assert_eq!(rules.refusal(&state, *choice), None, "{id}: {choice}");
                            continue;
                        }
                        let refused = rules
                            .refusal(&state, *choice)
                            .unwrap_or_else(|| panic!("{id}: {choice} is refused"));
                        let StepError::NotAnOption { reason, detail } = &refused else {
                            panic!("{id}: the deciding seat's {choice}: {refused:?}");
                        };
                        assert!(!detail.is_empty());
                        assert_eq!(refused.code(), reason.code());
                        assert!(
                            reason.rule_sets().contains(&id),
                            "{id} gives `{reason}` ({detail}), which does not list it"
                        );
                        given.insert(*reason);
                    }
                    for (square, error) in rules.blocked_pieces(&state) {
                        let reason = error.reason().expect("a blocked piece has a reason");
                        assert!(reason.rule_sets().contains(&id), "{id}: {square} {error}");
                    }
                }
                let Some(step) = random_step(rules, &state, &mut rng) else {
                    break;
                };
                rules.apply(&mut state, step, &mut Vec::new()).unwrap();
            }
        }
    }
    given
}

#[test]
fn every_reason_given_is_listed_for_its_rule_set_and_every_listed_one_is_given() {
    for id in RuleSetId::ALL {
        let given = given(id, 60);
        let missing: Vec<_> = claimed(id)
            .difference(&given)
            .map(|reason| reason.code())
            .collect();
        assert!(
            missing.is_empty(),
            "{id}: listed but never given in random games: {missing:?}"
        );
    }
}
