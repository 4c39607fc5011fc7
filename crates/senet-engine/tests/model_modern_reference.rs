//! Differential test: the engine's Senet-modern against the independent
//! reference (`tests/reference_rules/modern.rs`), both written from
//! `shared/spec/rules-modern.md` without seeing each other.
//!
//! Random games for 2, 3 and 4 seats are played on both in lockstep, with
//! the same dice and the same picks. Before every step both must say the
//! same thing comes next (the same chance with the same outcome
//! probabilities, the same seat with the same set of options, or the same
//! standing); after every step both must report the same events and show
//! the same position.
//!
//! # Where the two vocabularies differ (the one place they are mapped)
//! - Two dice: the engine draws ordered pairs (36 outcomes of 1/36, the
//!   model's `ChanceKind::TwoDice`) and keeps them low first, since which
//!   die fell first tells nothing; the reference draws 21 unordered pairs.
//!   The 36 are folded into the 21 before the probabilities are compared.
//! - Options: `Choice::Roll { dice: 1 | 2 }` is `RollOne`/`RollTwo`,
//!   `MoveDice { by: Sum }` is `Sum`, `MoveDice { by: Die { pips } }` is
//!   `Die`. The two list them in different orders; the sets are compared.
//! - Events: the engine reports a bounce as one piece event (`Why::Bounced`
//!   from the start square to where it comes back to), the reference as
//!   `move <from> 31` and `bounce 31 <to>`; a capture as the mover's event
//!   and the taken piece's `SentHome` event, the reference as `capture` and
//!   `sun`. Each engine event is written in the reference's words and the
//!   sequences compared.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[allow(dead_code, unused_imports)] // the other rule sets of the reference are not used here
mod reference_rules;

use std::collections::BTreeMap;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use reference_rules::modern::{self as reference, Chance as RChance, Choice as RChoice};
use reference_rules::{Next as RNext, Prob as RProb, RefGame};
use senet_engine::{
    ChanceKind, Choice, DiceUse, Event, Modern, ModernState, Next, Pip, Place, Roll, RuleSet, Seat,
    Square, Step, Why,
};

/// The engine's chance outcomes in the reference's terms: two ordered dice
/// folded into unordered pairs (low, high), their probabilities added.
fn folded(kind: ChanceKind) -> Vec<(RChance, RProb)> {
    let mut sums: BTreeMap<(u8, u8), (u32, u32)> = BTreeMap::new();
    for (roll, p) in kind.outcomes() {
        let key = match roll {
            Roll::Dice { first, second } => (
                first.value().min(second.value()),
                first.value().max(second.value()),
            ),
            Roll::Die { pip } => (0, pip.value()),
            other => panic!("modern draws no {other:?}"),
        };
        let entry = sums.entry(key).or_insert((0, p.den));
        assert_eq!(entry.1, p.den, "one denominator");
        entry.0 += p.num;
    }
    sums.into_iter()
        .map(|((low, high), (num, den))| {
            let outcome = if low == 0 {
                RChance::Die(high)
            } else {
                RChance::Dice(low, high)
            };
            (outcome, RProb::new(num, den))
        })
        .collect()
}

/// An engine option in the reference's vocabulary.
fn to_reference(choice: Choice) -> RChoice {
    match choice {
        Choice::Roll { dice: 1 } => RChoice::RollOne,
        Choice::Roll { dice: 2 } => RChoice::RollTwo,
        Choice::MoveDice {
            from,
            by: DiceUse::Sum,
        } => RChoice::Sum {
            from: from.number(),
        },
        Choice::MoveDice {
            from,
            by: DiceUse::Die { pips },
        } => RChoice::Die {
            from: from.number(),
            die: pips,
        },
        other => panic!("modern offers no {other:?}"),
    }
}

fn key(choice: &RChoice) -> (u8, u8, u8) {
    match *choice {
        RChoice::RollOne => (0, 1, 0),
        RChoice::RollTwo => (0, 2, 0),
        RChoice::Sum { from } => (1, from, 0),
        RChoice::Die { from, die } => (2, from, die),
    }
}

fn square_of(place: Place) -> u8 {
    match place {
        Place::Square { square } => square.number(),
        other => panic!("expected a square, found {other:?}"),
    }
}

/// The engine's events in the reference's words.
fn events_in_reference_words(events: &[Event]) -> Vec<String> {
    let mut words = Vec::new();
    for (i, event) in events.iter().enumerate() {
        match *event {
            Event::Out { seat } => words.push(format!("out P{}", seat.number() + 1)),
            Event::Piece { from, to, why, .. } => match (why, to) {
                (Why::BorneOff, Place::Off) => words.push(format!("off {}", square_of(from))),
                (Why::Move, _) => {
                    words.push(format!("move {} {}", square_of(from), square_of(to)));
                }
                (Why::Bounced, _) => {
                    words.push(format!("move {} 31", square_of(from)));
                    words.push(format!("bounce 31 {}", square_of(to)));
                }
                (Why::SentHome, _) => {
                    // Said before a removal from the Sun (see below).
                    let after_removal = i > 0
                        && matches!(
                            events.get(i - 1),
                            Some(Event::Piece {
                                why: Why::Removed,
                                ..
                            })
                        );
                    if !after_removal {
                        words.push(format!("capture {}", square_of(from)));
                    }
                    words.push(format!("sun {}", square_of(from)));
                }
                (Why::Removed, Place::Removed) => {
                    // The engine reports the Sun's occupant leaving before
                    // the taken piece arrives there; the reference says
                    // `capture` (the hit) first, then `removed 1`, then
                    // `sun`.
                    if let Some(Event::Piece {
                        from: hit,
                        why: Why::SentHome,
                        ..
                    }) = events.get(i + 1)
                    {
                        words.push(format!("capture {}", square_of(*hit)));
                    }
                    words.push(format!("removed {}", square_of(from)));
                }
                (Why::Effect, _) if square_of(from) == 26 => words.push("sun 26".to_owned()),
                (Why::Effect, _) => words.push(format!("bird 27 {}", square_of(to))),
                other => panic!("modern reports no {other:?}"),
            },
            other => panic!("modern reports no {other:?}"),
        }
    }
    words
}

/// Both games show the same position: every square, every seat's borne-off
/// and removed pieces, the seats out in order, and the seat on turn.
fn same_position(state: &ModernState, game: &reference::Game, context: &str) {
    for number in 1..=30u8 {
        let square = Square::new(number).unwrap();
        let mine = state
            .piece_on(square)
            .map(|p| (usize::from(p.seat.number()), p.value));
        let theirs = game
            .piece_on(usize::from(number))
            .map(|p| (p.seat, p.value));
        assert_eq!(mine, theirs, "square {number}; {context}");
    }
    for seat in Seat::all(state.seats()) {
        let mut borne = game.borne_off(seat.index());
        borne.sort_unstable();
        assert_eq!(
            state.borne_off(seat).collect::<Vec<_>>(),
            borne,
            "borne off by {seat}; {context}"
        );
        let mut removed: Vec<u8> = game
            .removed()
            .into_iter()
            .filter(|p| p.seat == seat.index())
            .map(|p| p.value)
            .collect();
        removed.sort_unstable();
        assert_eq!(
            state.removed(seat).collect::<Vec<_>>(),
            removed,
            "removed of {seat}; {context}"
        );
    }
    let out: Vec<usize> = state.out_order().map(Seat::index).collect();
    assert_eq!(out, game.out(), "seats out; {context}");
}

/// What a lockstep run saw, to check the random games reach every rule.
#[derive(Default, Debug)]
struct Seen {
    steps: u64,
    words: BTreeMap<String, u64>,
}

/// Plays one random game on both in lockstep; panics at the first
/// difference.
fn lockstep(seats: u8, seed: u64, seen: &mut Seen) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut state = Modern.start(seats).unwrap();
    let mut game = reference::new_game(usize::from(seats)).unwrap();
    let mut events = Vec::new();
    for step_no in 0..100_000 {
        let context = format!(
            "{seats} seats, seed {seed}, step {step_no}, engine `{state}`, reference {}",
            game.describe()
        );
        same_position(&state, &game, &context);
        let step = match (Modern.next(&state), game.next()) {
            (Next::End(standing), RNext::End(theirs)) => {
                let places: Vec<usize> = standing.places.iter().map(|s| s.index()).collect();
                assert_eq!(places, theirs.places, "places; {context}");
                assert_eq!(standing.scores, theirs.scores, "scores; {context}");
                assert_eq!(standing.how.as_str(), theirs.how, "how; {context}");
                *seen.words.entry(format!("end {}", theirs.how)).or_default() += 1;
                return;
            }
            (Next::Chance(kind), RNext::Chance(outcomes)) => {
                let mine = folded(kind);
                assert_eq!(mine.len(), outcomes.len(), "outcomes; {context}");
                for ((a, p), (b, q)) in mine.iter().zip(&outcomes) {
                    assert_eq!(a, b, "outcome; {context}");
                    assert!(p.same_value(*q), "{a:?}: {p:?} vs {q:?}; {context}");
                }
                let roll = kind.draw(&mut rng);
                assert_eq!(game.seats(), usize::from(seats));
                Step::Chance { roll }
            }
            (
                Next::Decide { seat, options },
                RNext::Decide {
                    seat: theirs,
                    options: listed,
                },
            ) => {
                assert_eq!(seat.index(), theirs, "seat; {context}");
                assert_eq!(seat, state.to_move(), "seat on turn; {context}");
                assert_eq!(game.current(), theirs, "reference seat on turn; {context}");
                let mut mine: Vec<RChoice> = options.iter().map(|&c| to_reference(c)).collect();
                let mut listed = listed;
                mine.sort_by_key(key);
                listed.sort_by_key(key);
                assert_eq!(mine, listed, "options; {context}");
                let choice = options.as_slice()[rng.random_range(0..options.len())];
                Step::Decide { seat, choice }
            }
            (mine, theirs) => panic!("engine {mine:?}, reference {theirs:?}; {context}"),
        };
        events.clear();
        Modern.apply(&mut state, step, &mut events).unwrap();
        let theirs = match step {
            Step::Chance {
                roll: Roll::Dice { first, second },
            } => game.apply_chance(&RChance::Dice(
                first.value().min(second.value()),
                first.value().max(second.value()),
            )),
            Step::Chance {
                roll: Roll::Die { pip },
            } => game.apply_chance(&RChance::Die(pip.value())),
            Step::Decide { choice, .. } => game.apply_decision(&to_reference(choice)),
            other => panic!("modern takes no {other:?}"),
        }
        .unwrap();
        let mine = events_in_reference_words(&events);
        assert_eq!(mine, theirs, "events of {step:?}; {context}");
        seen.steps += 1;
        for word in &theirs {
            let kind = word.split(' ').next().unwrap_or_default().to_owned();
            *seen.words.entry(kind).or_default() += 1;
        }
    }
    panic!("{seats} seats, seed {seed}: the game did not end");
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
