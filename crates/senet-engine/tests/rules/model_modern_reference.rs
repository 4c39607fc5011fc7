//! Differential test: the engine's Senet-modern against the independent
//! reference (`tests/rules/reference_rules/modern.rs`), both written from
//! `shared/spec/rules-modern.md` without seeing each other.
//!
//! Random games for 2, 3 and 4 seats are played on both in lockstep, with
//! the same dice and the same picks. Before every step both must say the
//! same thing comes next (the same chance with the same outcome
//! probabilities, the same seat with the same set of options, or the same
//! standing); after every step both must report the same events and show
//! the same position.
//!
//! The mapping between the two vocabularies is in `modern_adapter/mod.rs`
//! (the one place that documents where they differ).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::reference_rules;

use crate::modern_adapter;

use std::collections::BTreeMap;

use modern_adapter::{both, folded, same_next, same_step};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use reference_rules::modern as reference;
use reference_rules::{Next as RNext, RefGame};
use senet_engine::{ChanceKind, Modern, ModernState, Next, Pip, RuleSet, Step};

/// What a lockstep run saw, to check the random games reach every rule.
#[derive(Default, Debug)]
struct Seen {
    steps: u64,
    words: BTreeMap<String, u64>,
}

/// Plays one random game on both in lockstep, with the same dice and the
/// same picks; panics at the first difference.
fn lockstep(seats: u8, seed: u64, seen: &mut Seen) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut state = Modern.start(seats).unwrap();
    let mut game = reference::new_game(usize::from(seats)).unwrap();
    for step_no in 0..100_000 {
        let context = format!(
            "{seats} seats, seed {seed}, step {step_no}, engine `{state}`, reference {}",
            game.describe()
        );
        let step = match same_next(&state, &game, &context) {
            Next::End(standing) => {
                *seen
                    .words
                    .entry(format!("end {}", standing.how))
                    .or_default() += 1;
                return;
            }
            Next::Chance(kind) => Step::Chance {
                roll: kind.draw(&mut rng),
            },
            Next::Decide { seat, options } => Step::Decide {
                seat,
                choice: options.as_slice()[rng.random_range(0..options.len())],
            },
        };
        let words = same_step(&mut state, &mut game, step, &context);
        seen.steps += 1;
        for word in &words {
            let kind = word.split(' ').next().unwrap_or_default().to_owned();
            *seen.words.entry(kind).or_default() += 1;
        }
    }
    panic!("{seats} seats, seed {seed}: the game did not end");
}

/// Every step from here on both, to `depth` steps, compared at each node.
/// Returns the number of nodes compared.
fn explore(state: &ModernState, game: &reference::Game, depth: u32, path: &str) -> u64 {
    let context = format!(
        "after {path}: engine `{state}`, reference {}",
        game.describe()
    );
    let steps: Vec<Step> = match same_next(state, game, &context) {
        Next::End(_) => return 1,
        _ if depth == 0 => return 1,
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
    let mut nodes = 1;
    for step in steps {
        let (mut state, mut game) = (*state, game.clone());
        same_step(&mut state, &mut game, step, &context);
        nodes += explore(&state, &game, depth - 1, &format!("{path} {step:?}"));
    }
    nodes
}

/// Squares 1–14 full (four seats), and more pieces.
fn crowded(more: &[(u8, u8, u8)]) -> Vec<(u8, u8, u8)> {
    let fill = [
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (1, 5),
        (2, 1),
        (2, 2),
        (2, 3),
        (2, 4),
        (2, 5),
        (3, 1),
        (3, 2),
        (3, 3),
        (3, 4),
    ];
    let mut pieces: Vec<(u8, u8, u8)> = (1..=14).zip(fill).map(|(q, (s, v))| (q, s, v)).collect();
    pieces.extend_from_slice(more);
    pieces
}

#[test]
fn hand_made_positions_agree_with_the_reference_three_steps_deep() {
    let positions: Vec<(&str, (ModernState, reference::Game))> = vec![
        (
            "the Bird from 15 with 1–14 full",
            both(4, 0, &crowded(&[(15, 0, 5), (21, 0, 4)]), &[]),
        ),
        (
            "the Bird with 1–15 full",
            both(4, 0, &crowded(&[(15, 3, 5), (21, 0, 5), (22, 0, 4)]), &[]),
        ),
        (
            "fights on 28–30",
            both(
                2,
                0,
                &[
                    (28, 0, 4),
                    (29, 1, 2),
                    (30, 0, 3),
                    (5, 0, 1),
                    (27 - 3, 1, 1),
                ],
                &[],
            ),
        ),
        (
            "bounces onto the Moon and the Bird",
            both(2, 0, &[(29, 0, 4), (30, 0, 5), (3, 1, 1), (1, 1, 2)], &[]),
        ),
        (
            "one piece left",
            both(2, 0, &[(20, 0, 4), (26 - 2, 1, 2), (1, 1, 5)], &[(0, 3)]),
        ),
        (
            "no piece left",
            both(3, 1, &[(20, 0, 4), (10, 2, 2)], &[(1, 3)]),
        ),
        (
            "a third bear-off within a split",
            both(
                2,
                0,
                &[(25, 0, 4), (29, 0, 1), (20, 1, 1)],
                &[(1, 2), (0, 5), (0, 3)],
            ),
        ),
        (
            "the Sun taken",
            both(
                3,
                2,
                &[(1, 0, 5), (20, 2, 4), (14, 2, 3), (17, 1, 2), (9, 1, 1)],
                &[],
            ),
        ),
        (
            "ties at the end",
            both(
                3,
                0,
                &[(28, 0, 3), (30, 1, 1), (2, 2, 1)],
                &[(2, 4), (0, 1), (1, 4), (0, 2)],
            ),
        ),
    ];
    let mut nodes = 0;
    for (name, (state, game)) in positions {
        nodes += explore(&state, &game, 3, name);
    }
    assert!(nodes > 10_000, "{nodes}");
}

/// Runs `games` lockstep games for a table size and checks they met every
/// kind of event and both ways a game ends.
fn run(seats: u8, games: u64) -> Seen {
    let mut seen = Seen::default();
    for seed in 0..games {
        lockstep(seats, 1_000 * u64::from(seats) + seed, &mut seen);
    }
    for kind in [
        "move", "bounce", "off", "capture", "sun", "removed", "bird", "out",
    ] {
        assert!(
            seen.words.contains_key(kind),
            "{seats} seats: no `{kind}` in {games} games: {seen:?}"
        );
    }
    seen
}

#[test]
fn two_seat_games_agree_with_the_reference_step_by_step() {
    let seen = run(2, 1_500);
    assert!(seen.words.contains_key("end three_borne_off"), "{seen:?}");
    assert!(seen.words.contains_key("end last_player"), "{seen:?}");
}

#[test]
fn three_seat_games_agree_with_the_reference_step_by_step() {
    let seen = run(3, 1_200);
    assert!(seen.words.contains_key("end three_borne_off"), "{seen:?}");
}

#[test]
fn four_seat_games_agree_with_the_reference_step_by_step() {
    let seen = run(4, 1_000);
    assert!(seen.words.contains_key("end three_borne_off"), "{seen:?}");
}

#[test]
fn the_folded_two_dice_are_the_references_21_pairs() {
    let mine = folded(ChanceKind::TwoDice);
    let theirs = reference::two_dice();
    assert_eq!(mine.len(), 21);
    for ((a, p), (b, q)) in mine.iter().zip(&theirs) {
        assert_eq!(a, b);
        assert!(p.same_value(*q));
    }
    let die = folded(ChanceKind::Die);
    assert_eq!(die, reference::one_die());
    assert!(Pip::new(7).is_none());
}

/// The reference states reachable in at most `k` steps from the start,
/// told apart by their description (the reference keeps two dice low
/// first, as the engine does, so the counts are comparable).
fn reference_reachable(seats: usize, k: usize) -> usize {
    let start = reference::new_game(seats).unwrap();
    let mut seen: std::collections::HashSet<String> = [start.describe()].into();
    let mut frontier = vec![start];
    for _ in 0..k {
        let mut next = Vec::new();
        for game in frontier {
            let children: Vec<reference::Game> = match game.next() {
                RNext::End(_) => Vec::new(),
                RNext::Chance(outcomes) => outcomes
                    .iter()
                    .map(|(c, _)| {
                        let mut g = game.clone();
                        g.apply_chance(c).unwrap();
                        g
                    })
                    .collect(),
                RNext::Decide { options, .. } => options
                    .iter()
                    .map(|o| {
                        let mut g = game.clone();
                        g.apply_decision(o).unwrap();
                        g
                    })
                    .collect(),
            };
            for child in children {
                if seen.insert(child.describe()) {
                    next.push(child);
                }
            }
        }
        frontier = next;
    }
    seen.len()
}

#[test]
fn the_reference_reaches_as_many_states_as_the_engines_golden_count() {
    // The anchors of `model_modern_props.rs`, smaller depths for speed.
    assert_eq!(reference_reachable(2, 4), 13_642);
    assert_eq!(reference_reachable(3, 4), 15_897);
}
