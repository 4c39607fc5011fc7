//! The levels on the step model, for every rule set: legal options in
//! states from random games (Path of Peril's Ankh and Vulture, Senet-modern
//! with 3 and 4 seats included), and wins found in constructed positions.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_ai::{Budget, Level, MultiSearch, StepPlayer, choose_option, rank_options};
use senet_engine::kendall_v1::Rules;
use senet_engine::{
    AnyRules, AnyState, Choice, Event, Kendall7, Modern, Next, Options, PerilState, RuleSet,
    RuleSetId, Seat, Seating, Simple, Square, StickState, random_step,
};

/// A small deterministic budget: fast in debug builds.
fn budget() -> Budget {
    Budget::nodes(1_500)
}

/// Decision states met in random games of a table, every `every`-th one.
fn decision_states(rules: AnyRules, seats: u8, games: u64, every: usize) -> Vec<AnyState> {
    let mut out = Vec::new();
    let mut events: Vec<Event> = Vec::new();
    let mut seen = 0;
    for seed in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed * 7 + u64::from(seats));
        let mut state = rules.start(seats).unwrap();
        for _ in 0..5_000 {
            if let Next::Decide { options, .. } = rules.next(&state) {
                seen += 1;
                // Every rarer decision (the Ankh, the Vulture, the choice of
                // dice), and every `every`-th of the others.
                let rare = options.iter().any(|c| {
                    matches!(
                        c,
                        Choice::Place { .. } | Choice::Remove { .. } | Choice::Roll { .. }
                    )
                });
                if seen % every == 0 || (rare && seen % 3 == 0) {
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

fn options(rules: AnyRules, state: &AnyState) -> Options {
    match rules.next(state) {
        Next::Decide { options, .. } => options,
        other => panic!("not a decision: {other:?}"),
    }
}

/// Every level picks one of the options and ranks exactly the options,
/// best first, in every kind of decision of every table.
#[test]
fn every_level_plays_a_legal_option_in_every_rule_set() {
    let tables = [
        (RuleSetId::Kendall, 2),
        (RuleSetId::Kendall7, 2),
        (RuleSetId::Jequier, 2),
        (RuleSetId::Simple, 2),
        (RuleSetId::Peril, 2),
        (RuleSetId::Modern, 2),
        (RuleSetId::Modern, 3),
        (RuleSetId::Modern, 4),
    ];
    let mut rng = SmallRng::seed_from_u64(3);
    let mut kinds = std::collections::HashSet::new();
    for (id, seats) in tables {
        let rules = AnyRules::of(id);
        let states = decision_states(rules, seats, 3, 12);
        assert!(states.len() >= 12, "{id:?} {seats}: {}", states.len());
        for state in &states {
            let options = options(rules, state);
            for choice in &options {
                kinds.insert(std::mem::discriminant(choice));
            }
            for level in Level::ALL {
                for multi in [MultiSearch::MaxN, MultiSearch::Paranoid] {
                    if multi == MultiSearch::Paranoid && (seats == 2 || level != Level::Expert) {
                        continue;
                    }
                    let player = StepPlayer::new(level)
                        .with_budget(budget())
                        .with_multi(multi);
                    let chosen = player.choose(state, &mut rng).expect("an option");
                    assert!(options.contains(&chosen), "{id:?} {level} {chosen}");
                    let ranked = player.rank(state, &mut rng).options;
                    let mut got: Vec<Choice> = ranked.iter().map(|(c, _)| *c).collect();
                    got.sort();
                    let mut want: Vec<Choice> = options.iter().copied().collect();
                    want.sort();
                    assert_eq!(got, want, "{id:?} {level}");
                    assert!(ranked.windows(2).all(|w| w[0].1 >= w[1].1), "{ranked:?}");
                    assert!(ranked.iter().all(|(_, s)| (-1.0..=1.0).contains(s)));
                }
            }
            let chosen = choose_option(rules, state, Level::Expert, &budget(), &mut rng);
            assert!(chosen.is_some_and(|c| options.contains(&c)));
        }
    }
    // Moves, summons, the Ankh's places, the Vulture's removals, dice moves
    // and the choice of dice were all met.
    let all = [
        Choice::Move {
            from: Square::new(1).unwrap(),
        },
        Choice::MoveDice {
            from: Square::new(1).unwrap(),
            by: senet_engine::DiceUse::Sum,
        },
        Choice::Enter {
            to: Square::new(1).unwrap(),
        },
        Choice::Place {
            to: Square::new(1).unwrap(),
        },
        Choice::Remove {
            square: Square::new(1).unwrap(),
        },
        Choice::Roll { dice: 1 },
    ];
    for kind in all {
        assert!(kinds.contains(&std::mem::discriminant(&kind)), "{kind:?}");
    }
}

#[test]
fn no_option_when_no_seat_decides() {
    let mut rng = SmallRng::seed_from_u64(1);
    for id in RuleSetId::ALL {
        let rules = AnyRules::of(id);
        let start = rules.start(2).unwrap();
        assert!(matches!(rules.next(&start), Next::Chance(_)));
        for level in Level::ALL {
            assert_eq!(
                choose_option(rules, &start, level, &budget(), &mut rng),
                None
            );
            assert!(rank_options(rules, &start, level, &budget(), &mut rng).is_empty());
        }
    }
}

fn peril(text: &str) -> AnyState {
    AnyState::Peril(
        text.parse::<PerilState>()
            .expect("a Path of Peril position"),
    )
}

fn modern(text: &str) -> AnyState {
    AnyState::Modern(
        Modern
            .parse_position(text)
            .expect("a Senet-modern position"),
    )
}

/// The intermediate and the expert take a win when one is on offer.
fn takes_the_win(state: &AnyState, winning: Choice) {
    let rules = AnyRules::of(RuleSetId::Peril);
    let options = options(rules, state);
    assert!(
        options.len() >= 2 && options.contains(&winning),
        "{options:?}"
    );
    for level in [Level::Intermediate, Level::Expert] {
        let mut rng = SmallRng::seed_from_u64(9);
        let ranked = rank_options(rules, state, level, &budget(), &mut rng);
        assert_eq!(ranked[0], (winning, 1.0), "{level}: {ranked:?}");
        assert_eq!(
            choose_option(rules, state, level, &budget(), &mut rng),
            Some(winning)
        );
    }
}

#[test]
fn peril_capturing_the_last_pawn_wins() {
    // Spool's last pawn stands on 12 and its reserve is empty: Cone's 2
    // from 10 takes it; 5 to 7 does not.
    let state = peril("....c....c.s.................. c 0/0 move 2");
    takes_the_win(
        &state,
        Choice::Move {
            from: Square::new(10).unwrap(),
        },
    );
}

#[test]
fn peril_the_vulture_takes_the_last_pawn() {
    // The Vulture lets Cone remove a Spool pawn: Spool's only one wins.
    let state = peril("....c....s...............c.... c 0/0 remove s");
    let options = options(AnyRules::of(RuleSetId::Peril), &state);
    assert_eq!(options.len(), 1);
    let mut rng = SmallRng::seed_from_u64(2);
    for level in Level::ALL {
        let chosen = choose_option(
            AnyRules::of(RuleSetId::Peril),
            &state,
            level,
            &budget(),
            &mut rng,
        );
        assert_eq!(
            chosen,
            Some(Choice::Remove {
                square: Square::new(10).unwrap()
            })
        );
    }
}

#[test]
fn modern_the_third_piece_off_wins_with_two_three_and_four_seats() {
    // `a` has borne off its 5 and 4; its 3 on 25 goes off with the sum of
    // 3 and 3 and ends the game with the highest score.
    for text in [
        ".b5b4b3b2b1...a1..............a3..... 2 a:dice33 off:a45 removed:a2 out:-",
        ".b5b4b3b2b1c5c4c3a1c2c1............a3..... 3 a:dice33 off:a45 removed:a2 out:-",
        ".b5b4b3b2b1c5c4c3a1c2c1d5d4d3d2d1.......a3..... 4 a:dice33 off:a45 removed:a2 out:-",
    ] {
        let state = modern(text);
        let rules = AnyRules::of(RuleSetId::Modern);
        let options = options(rules, &state);
        let winning = Choice::MoveDice {
            from: Square::new(25).unwrap(),
            by: senet_engine::DiceUse::Sum,
        };
        assert!(
            options.len() >= 3 && options.contains(&winning),
            "{options:?}"
        );
        for level in [Level::Intermediate, Level::Expert] {
            for multi in [MultiSearch::MaxN, MultiSearch::Paranoid] {
                let mut rng = SmallRng::seed_from_u64(9);
                let player = StepPlayer::new(level)
                    .with_budget(budget())
                    .with_multi(multi);
                let ranked = player.rank(&state, &mut rng).options;
                assert_eq!(
                    ranked[0],
                    (winning, 1.0),
                    "{text} {level} {multi}: {ranked:?}"
                );
                assert_eq!(player.choose(&state, &mut rng), Some(winning));
            }
        }
    }
}

#[test]
fn stick_rule_sets_bear_the_last_piece_off() {
    // Cone's last piece on 28 with a 3 bears off and wins; the search
    // values it as a certain win.
    for id in [RuleSetId::Kendall7, RuleSetId::Simple] {
        let text = "ss...s.s.s.................c.. c";
        let (position, three) = match id {
            RuleSetId::Kendall7 => (Kendall7.parse_position(text), Kendall7.throw(3)),
            _ => (Simple.parse_position(text), Simple.throw(3)),
        };
        let state = StickState {
            position: position.unwrap(),
            pending: Some(three.unwrap()),
            seating: Seating::Dealt {
                first: Seat::FIRST,
                first_move_due: false,
            },
        };
        let state = match id {
            RuleSetId::Kendall7 => AnyState::Kendall7(state),
            _ => AnyState::Simple(state),
        };
        let any = AnyRules::of(id);
        let options = options(any, &state);
        assert_eq!(options.len(), 1, "{id:?}");
        let mut rng = SmallRng::seed_from_u64(9);
        for level in [Level::Intermediate, Level::Expert] {
            let ranked = rank_options(any, &state, level, &budget(), &mut rng);
            assert_eq!(ranked[0].1, 1.0, "{id:?} {level}");
        }
    }
}

/// Kendall keeps its own search: through the step model every level ranks
/// a Kendall decision exactly as `rank_moves` over the position does.
#[test]
fn kendall_goes_to_its_own_search() {
    let rules = AnyRules::of(RuleSetId::Kendall);
    let mut checked = 0;
    for state in decision_states(rules, 2, 2, 5).iter().take(40) {
        let AnyState::Kendall(stick) = state else {
            panic!("a Kendall state");
        };
        let throw = stick.pending.expect("a throw to move by");
        for level in Level::ALL {
            let step = rank_options(
                rules,
                state,
                level,
                &budget(),
                &mut SmallRng::seed_from_u64(4),
            );
            let fast = senet_ai::rank_moves(
                &senet_engine::Kendall,
                &stick.position,
                throw,
                level,
                &budget(),
                &mut SmallRng::seed_from_u64(4),
            );
            let fast: Vec<(Choice, f64)> = fast
                .into_iter()
                .map(|(mv, score)| (Choice::Move { from: mv.from }, score))
                .collect();
            assert_eq!(step, fast, "{level}");
            checked += 1;
        }
    }
    assert!(checked >= 60, "{checked}");
}
