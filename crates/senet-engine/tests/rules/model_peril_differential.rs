//! Path of Peril against the independent reference (`reference_rules/peril.rs`,
//! written from the spec without the engine): thousands of random games
//! played on both in lockstep, the same dice and the same picks. At every
//! step both must say the same thing comes next (a die with the same odds,
//! or the same seat with the same set of options, or the same end), and
//! after every step both must report the same events and the same position.
//!
//! The two vocabularies are mapped in one place, [`option_of`] and
//! [`event_text`]. Deliberate differences, all of presentation, none of
//! rules:
//! - the reference reports a win as an event (`win gates`, `win trial`);
//!   the engine says it by what comes next (the end, with how), so the
//!   reference's `win` events are compared with the engine's standing;
//! - options are compared as sets: the spec fixes which options exist,
//!   not their order.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::reference_rules;

use std::collections::BTreeMap;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use reference_rules::peril::{self as reference, Side};
use reference_rules::{Next as RefNext, RefGame};
use senet_engine::{
    ChanceKind, Choice, Event, Next, Peril, PerilState, Pip, Place, Roll, RuleSet, Seat, Step,
    StepGame, Why,
};

/// The reference's option for an engine option.
fn option_of(choice: Choice) -> reference::Choice {
    match choice {
        Choice::Move { from } => reference::Choice::Move {
            from: from.number(),
        },
        // The square a summon comes onto follows from the roll.
        Choice::Enter { .. } => reference::Choice::Summon,
        Choice::Place { to } => reference::Choice::Ankh {
            square: to.number(),
        },
        Choice::Remove { square } => reference::Choice::Remove {
            square: square.number(),
        },
        other => panic!("{other:?} is not an option of Path of Peril"),
    }
}

/// An engine event in the reference's words.
fn event_text(event: &Event) -> String {
    let n = |place: &Place| match place {
        Place::Square { square } => square.number(),
        other => panic!("{other:?} is not a square"),
    };
    match event {
        Event::Pass { .. } => "pass".to_owned(),
        Event::Piece { from, to, why, .. } => match (from, to, why) {
            (_, Place::Removed, Why::Captured) => format!("capture {}", n(from)),
            (_, Place::Removed, Why::Removed) => format!("removed {}", n(from)),
            (Place::Reserve, _, Why::Entered) => format!("entered {}", n(to)),
            (_, Place::Reserve, Why::Water | Why::Effect) => format!("reserve {}", n(from)),
            (_, _, Why::Move) => format!("move {} {}", n(from), n(to)),
            (_, _, Why::Water) => format!("sweep {} {}", n(from), n(to)),
            (_, _, Why::Effect) => format!("trial {} {}", n(from), n(to)),
            _ => panic!("{event:?} has no counterpart"),
        },
        other => panic!("{other:?} is not an event of Path of Peril"),
    }
}

/// The reference's side of a seat.
fn side(seat: Seat) -> Side {
    if seat == Seat::FIRST {
        Side::Cone
    } else {
        Side::Spool
    }
}

/// Both say the same thing comes next.
fn same_next(
    state: &PerilState,
    ours: &Next,
    theirs: &RefNext<reference::Chance, reference::Choice>,
) {
    match (ours, theirs) {
        (Next::Chance(kind), RefNext::Chance(outcomes)) => {
            assert_eq!(*kind, ChanceKind::Die);
            let mapped: Vec<_> = kind
                .outcomes()
                .into_iter()
                .map(|(roll, p)| {
                    let Roll::Die { pip } = roll else {
                        panic!("a die")
                    };
                    (reference::Chance::Die(pip.value()), (p.num, p.den))
                })
                .collect();
            let theirs: Vec<_> = outcomes.iter().map(|(c, p)| (*c, (p.num, p.den))).collect();
            assert_eq!(mapped, theirs, "the same die at `{state}`");
        }
        (
            Next::Decide { seat, options },
            RefNext::Decide {
                seat: their_seat,
                options: theirs,
            },
        ) => {
            assert_eq!(seat.index(), *their_seat, "the same seat at `{state}`");
            let mapped: Vec<_> = options.iter().map(|&c| option_of(c)).collect();
            assert_eq!(
                mapped.len(),
                theirs.len(),
                "{mapped:?} vs {theirs:?} at `{state}`"
            );
            for option in &mapped {
                assert!(
                    theirs.contains(option),
                    "{option:?} only in the engine at `{state}`: {theirs:?}"
                );
            }
        }
        (Next::End(standing), RefNext::End(their)) => {
            let places: Vec<usize> = standing.places.iter().map(|s| s.index()).collect();
            assert_eq!(places, their.places, "the same places at `{state}`");
            assert_eq!(
                standing.how.as_str(),
                their.how,
                "the same end at `{state}`"
            );
            assert_eq!(standing.scores, their.scores);
        }
        _ => panic!("at `{state}` the engine says {ours:?}, the reference {theirs:?}"),
    }
}

/// Both show the same position.
fn same_position(state: &PerilState, game: &reference::Game) {
    let text = state.to_string();
    assert_eq!(&text[..32], game.position_text(), "the same board and turn");
    for seat in [Seat::FIRST, Seat::FIRST.next(2)] {
        assert_eq!(
            usize::from(state.reserve(seat)),
            game.reserve(side(seat)),
            "`{text}`"
        );
        assert_eq!(
            usize::from(state.removed(seat)),
            game.removed(side(seat)),
            "`{text}`"
        );
    }
}

/// Plays one random game on both, in lockstep; tallies the kinds of events
/// and ends seen.
fn lockstep(seed: u64, seen: &mut BTreeMap<String, u32>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut ours = StepGame::new(Peril, 2).unwrap();
    let mut theirs = reference::new_game();
    loop {
        let state = *ours.state();
        let next = ours.next().clone();
        same_next(&state, &next, &theirs.next());
        let (step, their_events) = match next {
            Next::End(standing) => {
                *seen.entry(format!("end {}", standing.how)).or_default() += 1;
                if state.pawns_left(Seat::FIRST) + state.pawns_left(Seat::FIRST.next(2)) == 0 {
                    *seen.entry("end both out".to_owned()).or_default() += 1;
                }
                return;
            }
            Next::Chance(kind) => {
                let roll = kind.draw(&mut rng);
                let Roll::Die { pip } = roll else {
                    panic!("a die")
                };
                let events = theirs
                    .apply_chance(&reference::Chance::Die(pip.value()))
                    .unwrap();
                (Step::Chance { roll }, events)
            }
            Next::Decide { seat, options } => {
                let choice = options.as_slice()[rng.random_range(0..options.len())];
                let events = theirs.apply_decision(&option_of(choice)).unwrap();
                (Step::Decide { seat, choice }, events)
            }
        };
        let events: Vec<String> = ours.play(step).unwrap().iter().map(event_text).collect();
        let (wins, their_events): (Vec<String>, Vec<String>) = their_events
            .into_iter()
            .partition(|e| e.starts_with("win "));
        assert_eq!(
            events, their_events,
            "the same events for {step:?} at `{state}`"
        );
        for win in wins {
            let Next::End(standing) = ours.next() else {
                panic!("the reference says `{win}` at `{state}`, the engine plays on")
            };
            assert_eq!(win, format!("win {}", standing.how));
        }
        for event in &events {
            let words: Vec<&str> = event.split(' ').collect();
            *seen.entry(words[0].to_owned()).or_default() += 1;
            // The rarer branches: the Trial's fallback and the River's reserve.
            let rare = match (words.as_slice(), step) {
                (
                    ["trial", _, to],
                    Step::Chance {
                        roll: Roll::Die { pip },
                    },
                ) if to.parse::<u8>().unwrap() < pip.value() => Some("trial below"),
                (["reserve", "28"], _) => Some("trial reserve"),
                (["reserve", _], _) => Some("river reserve"),
                _ => None,
            };
            if let Some(rare) = rare {
                *seen.entry(rare.to_owned()).or_default() += 1;
            }
        }
        same_position(ours.state(), &theirs);
    }
}

#[test]
fn engine_and_reference_agree_step_by_step_over_thousands_of_random_games() {
    let mut seen = BTreeMap::new();
    for seed in 0..4_000 {
        lockstep(seed, &mut seen);
    }
    // The games went through every rule: every kind of event and end.
    for kind in [
        "pass",
        "move",
        "capture",
        "entered",
        "removed",
        "sweep",
        "reserve",
        "trial",
        "end gates",
        "end trial",
        "end no_pawns",
    ] {
        assert!(
            seen.get(kind).copied().unwrap_or(0) > 0,
            "no `{kind}` in {seen:?}"
        );
    }
}

/// Plays scripted steps from a hand-made position on both, comparing as
/// the random games do: `pieces` on the board, `turn` to roll, the
/// reserves `[cone, spool]`.
fn scripted(pieces: &[(u8, char)], turn: char, reserve: [u8; 2], steps: &[Scripted]) {
    let mut board = ['.'; 30];
    for &(n, c) in pieces {
        board[usize::from(n) - 1] = c;
    }
    let board: String = board.iter().collect();
    let [cone, spool] = reserve;
    let mut ours: PerilState = format!("{board} {turn} {cone}/{spool} roll")
        .parse()
        .unwrap();
    let mut theirs =
        reference::Game::from_position(&format!("{board} {turn}"), reserve.map(usize::from))
            .unwrap();
    for &scripted in steps {
        let state = ours;
        same_next(&state, &Peril.next(&state), &theirs.next());
        let (step, their_events) = match scripted {
            Scripted::Die(n) => (
                Step::Chance {
                    roll: Roll::Die {
                        pip: Pip::new(n).unwrap(),
                    },
                },
                theirs.apply_chance(&reference::Chance::Die(n)).unwrap(),
            ),
            Scripted::Pick(choice) => (
                Step::Decide {
                    seat: state.turn(),
                    choice,
                },
                theirs.apply_decision(&option_of(choice)).unwrap(),
            ),
        };
        let mut events = Vec::new();
        Peril.apply(&mut ours, step, &mut events).unwrap();
        let events: Vec<String> = events.iter().map(event_text).collect();
        let their_events: Vec<String> = their_events
            .into_iter()
            .filter(|e| !e.starts_with("win "))
            .collect();
        assert_eq!(events, their_events, "{step:?} at `{state}`");
        same_position(&ours, &theirs);
    }
    same_next(&ours, &Peril.next(&ours), &theirs.next());
}

/// A step of a script.
#[derive(Clone, Copy)]
enum Scripted {
    Die(u8),
    Pick(Choice),
}

fn pick_move(n: u8) -> Scripted {
    Scripted::Pick(Choice::Move {
        from: senet_engine::Square::new(n).unwrap(),
    })
}

fn pick_remove(n: u8) -> Scripted {
    Scripted::Pick(Choice::Remove {
        square: senet_engine::Square::new(n).unwrap(),
    })
}

#[test]
fn both_agree_when_one_effect_leaves_both_sides_without_pawns() {
    use Scripted::Die;
    scripted(
        &[(20, 'c'), (26, 's')],
        'c',
        [0, 0],
        &[Die(6), pick_move(20), Die(1), pick_remove(26)],
    );
}

#[test]
fn both_agree_on_a_crowded_river() {
    use Scripted::Die;
    // Pawns on 30, 27 (the mover's), 25, 14, 3, 2 and 1 are swept in turn.
    scripted(
        &[
            (21, 'c'),
            (30, 's'),
            (25, 'c'),
            (14, 's'),
            (3, 'c'),
            (2, 's'),
            (1, 'c'),
        ],
        'c',
        [3, 4],
        &[
            Die(6),
            pick_move(21),
            Die(1),
            Die(2),
            Die(3),
            Die(4),
            Die(5),
            Die(6),
            Die(1),
        ],
    );
}

#[test]
fn both_agree_on_the_trials_fallback() {
    use Scripted::Die;
    scripted(
        &[(22, 'c'), (5, 'c'), (4, 's'), (2, 'c'), (1, 's')],
        'c',
        [4, 5],
        &[Die(6), pick_move(22), Die(5)],
    );
    scripted(
        &[(22, 'c'), (2, 'c'), (1, 's')],
        'c',
        [5, 6],
        &[Die(6), pick_move(22), Die(2)],
    );
}
