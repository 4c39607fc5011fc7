//! The differential tests against the references, the invariants and the
//! golden counts.
//!
//! # Where the engine and the references differ on purpose
//!
//! This is the one place that lists it; every comparison below goes
//! through [`reference_events`], which is where it is applied.
//!
//! - **The lot.** The engine draws who throws first in the opening as a
//!   chance step (`ChanceKind::Lot { seats: 2 }`, as the brief asks); the
//!   references take the first seat as a parameter of `new_game`. The
//!   adapter starts the reference with the seat the engine's lot drew.
//! - **Throws.** The engine draws four sticks (16 falls of 1/16) and scores
//!   them; the references draw the throw value with its probability. The
//!   adapter compares the distributions and hands the reference the value.
//! - **Events the references do not have.** The engine says `again` after
//!   a move that throws again and `pass` after an opening throw that is not
//!   a 1 (the turn goes to the other seat); the references say nothing
//!   there. The adapter drops both.
//! - **Jequier's bear-off on landing.** A piece that lands on 30 once every
//!   piece of its side is in row 3 leaves at once. The engine reports that
//!   as one piece event, from its square to off (the move's destination is
//!   `off`, as in the `moves` line); the reference reports `move <p> 30`
//!   then `off 30`. The adapter writes the engine's event the reference's
//!   way.
//! - **The side field once a game is over.** The reference writes the
//!   winner's letter; the engine keeps the side the last move left to
//!   throw. Only the 30 squares are compared once a game is over.

use std::collections::HashSet;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use senet_engine::kendall_v1::{Side, moves_text};
use senet_engine::{
    ChanceKind, Choice, Event, Next, Place, Roll, RuleSet, RuleSetId, Seat, Square, Step,
    StepError, StepGame, StickState, Why,
};

use super::{Reference, Subject, move_from};
use crate::reference_rules::{self, RefGame};

/// The engine's events as the reference writes them (see the module
/// comment for what is dropped or rewritten, and why).
pub fn reference_events(
    id: RuleSetId,
    letters: [char; 2],
    in_opening: bool,
    events: &[Event],
) -> Vec<String> {
    let mut out = Vec::new();
    for event in events {
        match *event {
            Event::Piece { from, to, why, .. } => match (from, to, why) {
                (Place::Square { square: f }, Place::Off, Why::BorneOff) => {
                    if id == RuleSetId::Jequier && f.number() != 30 {
                        out.push(format!("move {f} 30"));
                        out.push("off 30".to_owned());
                    } else {
                        out.push(format!("off {f}"));
                    }
                }
                (Place::Square { square: f }, Place::Square { square: t }, Why::Swapped) => {
                    out.push(format!("capture {f} {t}"))
                }
                (Place::Square { square: f }, Place::Square { square: t }, Why::Water) => {
                    out.push(format!("water {f} {t}"))
                }
                (
                    Place::Square { square: f },
                    Place::Square { square: t },
                    Why::Move | Why::Backward | Why::Opening,
                ) => out.push(format!("move {f} {t}")),
                other => panic!("unexpected piece event {other:?}"),
            },
            Event::Colour { seat, colour } => {
                out.push(format!("colour {seat} {}", letters[usize::from(colour)]))
            }
            Event::Pass { .. } if in_opening => {}
            Event::Pass { .. } => out.push("pass".to_owned()),
            Event::Again { .. } => {}
            Event::Out { .. } => panic!("no seat is ever out of a stick game"),
        }
    }
    out
}

/// The throw values of the engine's 16 falls, with their numerators over 16.
fn engine_throws<S: Subject>(rules: S) -> Vec<(u8, u32)> {
    let mut counts: Vec<(u8, u32)> = Vec::new();
    for (roll, p) in ChanceKind::Sticks.outcomes() {
        assert_eq!(p.den, 16);
        let Roll::Sticks { sticks } = roll else {
            panic!("sticks")
        };
        let t = rules.score(sticks).value();
        match counts.iter_mut().find(|(v, _)| *v == t) {
            Some((_, n)) => *n += p.num,
            None => counts.push((t, p.num)),
        }
    }
    counts.sort_unstable();
    counts
}

/// The reference's throw values with their numerators over 16.
fn reference_throws<S: Subject>(
    outcomes: &[(<S::Ref as RefGame>::Chance, reference_rules::Prob)],
) -> Vec<(u8, u32)> {
    let mut counts: Vec<(u8, u32)> = outcomes
        .iter()
        .map(|(c, p)| {
            assert_eq!(16 % p.den, 0, "a probability over 16");
            (S::Ref::throw_of(c), p.num * (16 / p.den))
        })
        .collect();
    counts.sort_unstable();
    counts
}

/// The 30 squares of a position text.
fn board(text: &str) -> &str {
    &text[..30]
}

/// Plays one random game on the engine and the reference in lockstep, with
/// the same draws and picks, checking after every step that they agree on
/// what comes next (kind, odds, seat, options in order), on the events and
/// on the position; and the engine's invariants: pieces are conserved, none
/// rests on 27, every decision has an option. Returns the engine's game.
pub fn lockstep<S: Subject + Copy>(rules: S, seed: u64) -> StepGame<S> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = StepGame::new(rules, 2).unwrap();
    let mut reference: Option<S::Ref> = None;
    if !game.state().in_opening() {
        reference = Some(S::Ref::start(0));
    }
    let mut off = [0u8; 2];
    for _ in 0..100_000 {
        let next = game.next().clone();
        let before = *game.state();
        let step = match (&next, reference.as_ref().map(RefGame::next)) {
            (Next::Chance(ChanceKind::Lot { seats: 2 }), None) => {
                let step = Step::Chance {
                    roll: ChanceKind::Lot { seats: 2 }.draw(&mut rng),
                };
                let Step::Chance {
                    roll: Roll::Lot { seat },
                } = step
                else {
                    unreachable!()
                };
                reference = Some(S::Ref::start(seat.index()));
                assert!(
                    game.play(step).unwrap().is_empty(),
                    "a lot does nothing else"
                );
                continue;
            }
            (Next::Chance(ChanceKind::Sticks), Some(reference_rules::Next::Chance(outcomes))) => {
                assert_eq!(engine_throws(rules), reference_throws::<S>(&outcomes));
                Step::Chance {
                    roll: ChanceKind::Sticks.draw(&mut rng),
                }
            }
            (
                Next::Decide { seat, options },
                Some(reference_rules::Next::Decide {
                    seat: ref_seat,
                    options: ref_options,
                }),
            ) => {
                assert_eq!(seat.index(), ref_seat, "the same seat decides");
                let ours: Vec<u8> = options
                    .iter()
                    .map(|c| match c {
                        Choice::Move { from } => from.number(),
                        other => panic!("unexpected option {other}"),
                    })
                    .collect();
                let theirs: Vec<u8> = ref_options.iter().map(S::Ref::from_of).collect();
                assert_eq!(
                    ours,
                    theirs,
                    "the same options in order at {}",
                    game.rules().position_text(game.state())
                );
                assert!(!ours.is_empty(), "a decision always has an option");
                Step::Decide {
                    seat: *seat,
                    choice: options.as_slice()[rng.random_range(0..options.len())],
                }
            }
            (Next::End(standing), Some(reference_rules::Next::End(theirs))) => {
                let places: Vec<usize> = standing.places.iter().map(|s| s.index()).collect();
                assert_eq!(places, theirs.places);
                assert_eq!(standing.scores, theirs.scores);
                assert_eq!(standing.how.as_str(), theirs.how);
                return game;
            }
            (ours, theirs) => panic!("the engine has {ours:?}, the reference {theirs:?}"),
        };
        let events = game.play(step).unwrap();
        let reference = reference.as_mut().unwrap();
        let theirs = match step {
            Step::Chance {
                roll: Roll::Sticks { sticks },
            } => reference
                .apply_chance(&S::Ref::chance(rules.score(sticks).value()))
                .unwrap(),
            Step::Decide {
                choice: Choice::Move { from },
                ..
            } => reference
                .apply_decision(&S::Ref::choice(from.number()))
                .unwrap(),
            other => panic!("unexpected step {other:?}"),
        };
        assert_eq!(
            reference_events(S::ID, rules.side_letters(), before.in_opening(), &events),
            theirs,
            "the same events at {}",
            game.rules().position_text(&before)
        );
        for event in &events {
            if let Event::Piece {
                seat,
                to: Place::Off,
                ..
            } = event
            {
                let side = game.state().side_of(*seat).unwrap();
                off[side.index()] += 1;
            }
        }
        // The same position, and the engine's invariants.
        let ours = game.rules().position_text(game.state());
        let text = reference.text();
        if game.is_over() {
            assert_eq!(board(&ours), board(&text));
        } else {
            assert_eq!(ours, text);
        }
        let position = game.state().position;
        assert_eq!(position.piece_at(Square::new(27).unwrap()), None);
        for side in Side::ALL {
            assert_eq!(
                position.on_board(side) + off[side.index()],
                S::PIECES,
                "pieces are conserved"
            );
        }
        let census = reference.pieces();
        assert_eq!(census.on_board + census.borne_off, census.total);
    }
    panic!("the game did not end in 100,000 steps");
}

/// Replaying a game's record rebuilds its state.
pub fn replays<S: Subject + Copy>(game: &StepGame<S>) {
    let again = StepGame::replay(game.rules(), 2, game.steps()).unwrap();
    assert_eq!(again.state(), game.state());
    assert_eq!(again.next(), game.next());
}

/// A random position of a stick rule set as text: up to `pieces` a side on
/// squares other than 27, drawn from `lowest..=30`, and a side to move.
fn random_text(rng: &mut SmallRng, letters: [char; 2], pieces: u8, lowest: u8) -> String {
    let mut squares = ['.'; 30];
    for letter in letters {
        let count = rng.random_range(0..=pieces);
        for _ in 0..count {
            let square = rng.random_range(lowest..=30);
            if square != 27 {
                squares[usize::from(square) - 1] = letter;
            }
        }
    }
    let mut text: String = squares.iter().collect();
    text.push(' ');
    text.push(letters[usize::from(rng.random_bool(0.5))]);
    text
}

/// `moves_text` agrees with the reference's `moves` on `count` random
/// positions (a third of them crowded into the last rows, where bearing
/// off happens) and positions met in random games, for every throw and for
/// throws the rule set cannot give. Returns how many lines were compared.
pub fn moves_agree<S: Subject + Copy>(rules: S, seed: u64, count: usize) -> usize {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut compared = 0;
    let mut positions: Vec<String> = (0..count)
        .map(|i| {
            let lowest = [1, 15, 21][i % 3];
            random_text(&mut rng, rules.side_letters(), S::PIECES, lowest)
        })
        .collect();
    for _ in 0..8 {
        let mut state = rules.start(2).unwrap();
        let mut events = Vec::new();
        while let Some(step) = senet_engine::random_step(rules, &state, &mut rng) {
            rules.apply(&mut state, step, &mut events).unwrap();
            if !state.in_opening() && state.pending.is_none() {
                positions.push(rules.position_text(&state));
            }
        }
    }
    for text in &positions {
        for t in 0..=7u8 {
            let ours = moves_text(S::ID, text, &t.to_string()).ok();
            let theirs = S::Ref::moves(text, t);
            assert_eq!(ours, theirs, "`{text}` throw {t}");
            assert_eq!(
                ours.is_some(),
                S::THROWS.contains(&t) && rules.parse_position(text).is_ok(),
                "`{text}` throw {t}: refused exactly when the position or the throw is bad"
            );
            compared += ours.map_or(0, |lines| lines.len());
        }
    }
    compared
}

/// The distinct states of the first `depth` steps from the start, every
/// chance outcome and every option followed: the engine's count.
pub fn engine_states<S: Subject + Copy>(rules: S, depth: usize) -> usize {
    senet_engine::reachable_states(rules, 2, depth).unwrap()
}

/// The same count on the reference, which has no lot: its root stands for
/// the engine's state before the lot, and the lot's two outcomes for the
/// reference's two first seats.
pub fn reference_states<S: Subject + Copy>(rules: S, depth: usize) -> usize {
    let has_lot = rules.start(2).unwrap().in_opening();
    let (roots, depth, extra) = if has_lot {
        (vec![S::Ref::start(0), S::Ref::start(1)], depth - 1, 1)
    } else {
        (vec![S::Ref::start(0)], depth, 0)
    };
    let key = |g: &S::Ref| format!("{g:?}");
    let mut seen: HashSet<String> = roots.iter().map(key).collect();
    let mut frontier = roots;
    for _ in 0..depth {
        let mut next_frontier = Vec::new();
        for game in frontier {
            match game.next() {
                reference_rules::Next::End(_) => {}
                reference_rules::Next::Chance(outcomes) => {
                    for (chance, _) in outcomes {
                        let mut after = game.clone();
                        after.apply_chance(&chance).unwrap();
                        if seen.insert(key(&after)) {
                            next_frontier.push(after);
                        }
                    }
                }
                reference_rules::Next::Decide { options, .. } => {
                    for option in options {
                        let mut after = game.clone();
                        after.apply_decision(&option).unwrap();
                        if seen.insert(key(&after)) {
                            next_frontier.push(after);
                        }
                    }
                }
            }
        }
        frontier = next_frontier;
    }
    seen.len() + extra
}

/// Along a random game, every step the rules could be handed is accepted
/// exactly when [`senet_engine::check_step`] accepts it against `next`,
/// with the same error where `check_step` names one (a move that is not an
/// option is refused with the rules' own reason instead), and a refused
/// step changes nothing. Returns the steps tried.
pub fn steps_refused_as_check_step_refuses<R: RuleSet<State = StickState> + Copy>(
    rules: R,
    seed: u64,
) -> usize {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut state = rules.start(2).unwrap();
    let mut candidates: Vec<Step> = ChanceKind::Sticks
        .outcomes()
        .into_iter()
        .chain(ChanceKind::Lot { seats: 4 }.outcomes())
        .chain(ChanceKind::Die.outcomes())
        .map(|(roll, _)| Step::Chance { roll })
        .collect();
    for seat in 0..2 {
        for from in 1..=30 {
            candidates.push(move_from(seat, from));
        }
        candidates.push(Step::Decide {
            seat: Seat::new(seat).unwrap(),
            choice: Choice::Roll { dice: 1 },
        });
    }
    let mut tried = 0;
    let mut events = Vec::new();
    loop {
        let next = rules.next(&state);
        for step in &candidates {
            let mut after = state;
            events.clear();
            let ours = rules.apply(&mut after, *step, &mut events);
            let expected = senet_engine::check_step(&next, step);
            match (&ours, &expected) {
                (Ok(()), Ok(())) => {}
                (Err(error), Err(StepError::NotAnOption { .. })) => {
                    assert!(
                        matches!(error, StepError::NotAnOption { .. }),
                        "{step:?}: {error:?}"
                    );
                }
                (Err(error), Err(expected)) => assert_eq!(error, expected, "{step:?}"),
                _ => panic!("{step:?}: the rules say {ours:?}, check_step {expected:?}"),
            }
            if ours.is_err() {
                assert_eq!(after, state, "a refused step changes nothing");
            }
            tried += 1;
        }
        match senet_engine::random_step(rules, &state, &mut rng) {
            None => return tried,
            Some(step) => {
                events.clear();
                rules.apply(&mut state, step, &mut events).unwrap();
            }
        }
    }
}
