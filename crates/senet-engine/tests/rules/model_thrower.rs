//! `RuleSet::thrower` over many random games of every rule set and table
//! size: it names a seat exactly at the chance steps that are a seat's own
//! throw, and that seat is the one the rules then treat as on turn;
//! `RuleSet::chance_seat` names the thrower, or for a draw inside a turn
//! the seat whose turn it is, and nobody for the lot.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::modern_support;

use modern_support::{pos, text};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::{
    AnyRules, AnyState, ChanceKind, Choice, Event, Modern, Next, PerilPhase, RuleSet, RuleSetId,
    Seat, Step, random_step,
};

/// Steps after which a random game is abandoned (none takes this long).
const MAX_STEPS: usize = 50_000;

/// Whether the next chance is a seat's own throw, from what the rules say
/// comes next and the step before, not from the code under test.
fn own_throw(state: &AnyState, next: &Next, previous: Option<Step>) -> bool {
    let Next::Chance(kind) = next else {
        return false;
    };
    match state {
        // The stick sets: every throw of the sticks, opening throws
        // included; the lot is the rules' own.
        AnyState::Kendall(_)
        | AnyState::Kendall7(_)
        | AnyState::Jequier(_)
        | AnyState::Simple(_) => *kind == ChanceKind::Sticks,
        // Path of Peril: the turn's roll, not the squares' rolls.
        AnyState::Peril(state) => state.phase() == PerilPhase::Roll,
        // Senet-modern: every roll but the one right after a choice of dice.
        AnyState::Modern(_) => !matches!(
            previous,
            Some(Step::Decide {
                choice: Choice::Roll { .. },
                ..
            })
        ),
    }
}

/// Whether the step just taken was `seat`'s throw by what the rules did
/// next: the seat decides now, or the throw passed, went again, put the
/// seat out, or won the game for it (Path of Peril's Gates).
fn treated_as_on_turn(seat: Seat, events: &[Event], next: &Next) -> bool {
    let named = events.iter().any(|event| {
        matches!(event,
            Event::Pass { seat: s } | Event::Again { seat: s } | Event::Out { seat: s }
            if *s == seat)
    });
    match next {
        Next::Decide { seat: decider, .. } => *decider == seat || named,
        Next::End(standing) => standing.winner() == Some(seat) || named,
        Next::Chance(_) => named,
    }
}

/// How often each kind of chance was seen, to show the test covered them.
#[derive(Default, Debug)]
struct Seen {
    own: usize,
    rules: usize,
}

fn check(id: RuleSetId, seats: u8, games: usize, seed: u64) -> Seen {
    let rules = AnyRules::of(id);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut seen = Seen::default();
    let mut events = Vec::new();
    for game in 0..games {
        let mut state = rules.start(seats).unwrap();
        let mut previous = None;
        // The seat whose turn the last step was part of: a decision's
        // seat, or the seat a chance was for.
        let mut turn_of: Option<Seat> = None;
        for _ in 0..MAX_STEPS {
            let next = rules.next(&state);
            let thrower = rules.thrower(&state);
            let by = rules.chance_seat(&state);
            match &next {
                Next::Chance(ChanceKind::Lot { .. }) | Next::Decide { .. } | Next::End(_) => {
                    assert_eq!(by, None, "{id} game {game}: {next:?} is nobody's chance");
                }
                Next::Chance(_) if thrower.is_some() => assert_eq!(by, thrower),
                // A draw inside a turn is for the seat whose turn it is.
                Next::Chance(_) => assert_eq!(
                    by,
                    turn_of,
                    "{id} game {game}: a draw of the rules' own at `{}` after {previous:?}",
                    rules.position_text(&state)
                ),
            }
            let own = own_throw(&state, &next, previous);
            assert_eq!(
                thrower.is_some(),
                own,
                "{id} game {game}: thrower {thrower:?} at `{}` ({next:?} after {previous:?})",
                rules.position_text(&state)
            );
            match (&next, own) {
                (Next::Chance(_), true) => seen.own += 1,
                (Next::Chance(_), false) => seen.rules += 1,
                _ => {}
            }
            if let Some(seat) = thrower {
                assert_eq!(
                    rules.view(&state).to_move,
                    Some(seat),
                    "the thrower is on turn"
                );
            }
            let Some(step) = random_step(rules, &state, &mut rng) else {
                break;
            };
            events.clear();
            rules.apply(&mut state, step, &mut events).unwrap();
            turn_of = match step {
                Step::Decide { seat, .. } => Some(seat),
                Step::Chance { .. } => by,
            };
            if let Some(seat) = thrower {
                let after = rules.next(&state);
                assert!(
                    treated_as_on_turn(seat, &events, &after),
                    "{id} game {game}: seat {seat} threw {step} but then {events:?}, {after:?}"
                );
            }
            previous = Some(step);
        }
        assert!(
            matches!(rules.next(&state), Next::End(_)),
            "{id} game {game} ends"
        );
    }
    seen
}

#[test]
fn the_stick_sets_name_the_seat_on_turn_at_every_throw() {
    for (id, seed) in [
        (RuleSetId::Kendall, 1),
        (RuleSetId::Simple, 2),
        (RuleSetId::Kendall7, 3),
        (RuleSetId::Jequier, 4),
    ] {
        let seen = check(id, 2, 150, seed);
        assert!(seen.own > 1000, "{id}: {seen:?}");
        // Only the openings have a draw of the rules' own: the lot.
        let lots = match id {
            RuleSetId::Kendall7 | RuleSetId::Jequier => 150,
            _ => 0,
        };
        assert_eq!(seen.rules, lots, "{id}: one lot a game");
    }
}

#[test]
fn path_of_peril_names_the_seat_at_the_turn_roll_only() {
    let seen = check(RuleSetId::Peril, 2, 300, 5);
    assert!(seen.own > 1000 && seen.rules > 100, "{seen:?}");
}

#[test]
fn senet_modern_names_the_seat_unless_it_chose_its_dice() {
    for (seats, seed) in [(2, 6), (3, 7), (4, 8)] {
        let seen = check(RuleSetId::Modern, seats, 150, seed);
        assert!(
            seen.own > 1000 && seen.rules > 20,
            "{seats} seats: {seen:?}"
        );
    }
}

#[test]
fn the_opening_lot_is_the_rules_and_its_throws_the_seats() {
    let rules = AnyRules::of(RuleSetId::Jequier);
    let mut state = rules.start(2).unwrap();
    assert_eq!(rules.thrower(&state), None, "the lot");
    let lot = Step::Chance {
        roll: senet_engine::Roll::Lot {
            seat: Seat::new(1).unwrap(),
        },
    };
    rules.apply(&mut state, lot, &mut Vec::new()).unwrap();
    assert_eq!(
        rules.thrower(&state),
        Seat::new(1),
        "the seat the lot fell on"
    );
}

#[test]
fn senet_modern_dice_after_a_choice_are_the_rules_own() {
    // One piece on the board: the seat chooses, then the dice are drawn,
    // after `roll 1` or `roll 2` alike.
    let one = [(1, 'a', 5), (9, 'b', 3)];
    for (turn, thrower) in [("a:choose", None), ("a:roll1", None), ("a:roll2", None)] {
        let state = pos(&text(2, &one, turn, "-", "-"));
        assert_eq!(Modern.thrower(&state), thrower, "{state}");
    }
    // Two pieces on the board (or none): the turn begins with the dice.
    let two = [(1, 'a', 5), (3, 'a', 4), (9, 'b', 3)];
    let state = pos(&text(2, &two, "a:roll2", "-", "-"));
    assert_eq!(Modern.thrower(&state), Seat::new(0));
    let state = pos(&text(2, &one, "b:roll2", "-", "-"));
    assert_eq!(Modern.thrower(&state), None, "b has one piece: it chose");
    let none = [(1, 'a', 5)];
    let state = pos(&text(2, &none, "b:roll2", "-", "-"));
    assert_eq!(Modern.thrower(&state), Seat::new(1), "b has none");
}
