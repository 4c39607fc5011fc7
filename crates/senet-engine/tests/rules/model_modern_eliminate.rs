//! Eliminating a seat that resigned or abandoned (`RuleSet::eliminate`):
//! in a Senet-modern game of three or four seats the seat goes out and the
//! others play on; everything else is refused and left as it was.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::modern_support;

use modern_support::{pos, seat, sq, standing, text};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use senet_engine::{
    AnyRules, DiceCount, EliminateError, EndHow, Event, Modern, ModernPhase, ModernState, Next,
    Place, RuleSet, RuleSetId, Seat, StepGame, Why, random_step,
};

/// Eliminates `who`, which must be accepted, checking the position text
/// round-trips afterwards.
fn eliminate(state: &mut ModernState, who: u8) -> Vec<Event> {
    let mut events = Vec::new();
    Modern
        .eliminate(state, seat(who), &mut events)
        .unwrap_or_else(|e| panic!("eliminate {who} at `{state}`: {e}"));
    let text = state.to_string();
    assert_eq!(
        Modern.parse_position(&text),
        Ok(*state),
        "round trip of `{text}`"
    );
    events
}

/// Tries an elimination that must be refused, leaving everything as it was.
fn refused(rules: AnyRules, seats: u8, who: u8, error: EliminateError) {
    let mut state = rules.start(seats).unwrap();
    let before = state.clone();
    let mut events = Vec::new();
    assert_eq!(
        rules.eliminate(&mut state, seat(who), &mut events),
        Err(error),
        "{} with {seats} seats, seat {who}",
        rules.id()
    );
    assert_eq!(state, before);
    assert!(events.is_empty());
}

#[test]
fn two_seat_games_are_refused() {
    for id in RuleSetId::ALL {
        refused(AnyRules::of(id), 2, 1, EliminateError::TwoSeats);
        refused(AnyRules::of(id), 2, 2, EliminateError::NotAtTable(seat(2)));
    }
}

#[test]
fn a_seat_not_at_the_table_or_out_or_a_game_over_is_refused() {
    let modern = AnyRules::of(RuleSetId::Modern);
    refused(modern, 3, 3, EliminateError::NotAtTable(seat(3)));
    let mut state = Modern.start(4).unwrap();
    eliminate(&mut state, 2);
    let before = state;
    let mut events = Vec::new();
    assert_eq!(
        Modern.eliminate(&mut state, seat(2), &mut events),
        Err(EliminateError::AlreadyOut(seat(2)))
    );
    assert_eq!((state, events.len()), (before, 0));
    eliminate(&mut state, 0);
    eliminate(&mut state, 3);
    assert_eq!(state.phase(), ModernPhase::Over(EndHow::LastPlayer));
    assert_eq!(
        Modern.eliminate(&mut state, seat(1), &mut events),
        Err(EliminateError::GameOver)
    );
    assert!(events.is_empty());
}

#[test]
fn a_seat_not_on_turn_leaves_and_the_turn_stands() {
    let mut state = Modern.start(3).unwrap();
    let events = eliminate(&mut state, 1);
    // Seat 1's pieces stood on 2, 5, 8, 11 and 14 (5 dots down to 1).
    let mut expected = vec![Event::Out { seat: seat(1) }];
    for (square, value) in [(2, 5), (5, 4), (8, 3), (11, 2), (14, 1)] {
        expected.push(Event::Piece {
            seat: seat(1),
            value: Some(value),
            from: sq(square),
            to: Place::Removed,
            why: Why::Removed,
        });
    }
    assert_eq!(events, expected);
    assert!(state.is_out(seat(1)));
    assert_eq!(state.to_move(), seat(0));
    assert_eq!(state.phase(), ModernPhase::ToRoll(DiceCount::Two));
    assert_eq!(Modern.thrower(&state), Some(seat(0)));
    assert_eq!(
        state.to_string(),
        "a5.c5a4.c4a3.c3a2.c2a1.c1............... 3 a:roll2 off:- removed:b12345 out:b"
    );
}

#[test]
fn the_seat_on_turn_leaves_and_the_next_seat_in_begins_its_turn() {
    // Seat b is out already; c has one piece on the board.
    let pieces = [
        (3, 'a', 5),
        (4, 'a', 4),
        (9, 'c', 2),
        (12, 'd', 5),
        (13, 'd', 1),
    ];
    let mut state = pos(&text(4, &pieces, "a:dice35", "-", "b"));
    eliminate(&mut state, 0);
    assert_eq!(state.to_move(), seat(2));
    assert_eq!(
        state.phase(),
        ModernPhase::ChooseDice,
        "one piece: c chooses"
    );
    assert_eq!(Modern.thrower(&state), None);
    // c leaves on its turn: d is the last seat in and wins.
    eliminate(&mut state, 2);
    let standing = standing(&state);
    assert_eq!(standing.how, EndHow::LastPlayer);
    assert_eq!(standing.places, [seat(3), seat(2), seat(0), seat(1)]);
    assert_eq!(Modern.thrower(&state), None);
}

#[test]
fn the_last_seat_left_wins_and_the_eliminated_rank_by_when_they_left() {
    let mut state = Modern.start(4).unwrap();
    eliminate(&mut state, 1);
    eliminate(&mut state, 0);
    eliminate(&mut state, 3);
    let standing = standing(&state);
    assert_eq!(standing.how, EndHow::LastPlayer);
    assert_eq!(standing.places, [seat(2), seat(3), seat(0), seat(1)]);
    assert_eq!(standing.scores, [0, 0, 0, 0]);
}

#[test]
fn a_step_game_eliminates_and_says_what_comes_next() {
    let mut game = StepGame::new(Modern, 3).unwrap();
    let events = game.eliminate(seat(0)).unwrap();
    assert_eq!(events[0], Event::Out { seat: seat(0) });
    assert!(matches!(game.next(), Next::Chance(_)));
    assert_eq!(Modern.thrower(game.state()), Some(seat(1)));
    assert!(game.steps().is_empty(), "an elimination is not a step");
    assert_eq!(
        game.eliminate(seat(0)),
        Err(EliminateError::AlreadyOut(seat(0)))
    );
    game.eliminate(seat(2)).unwrap();
    assert!(game.is_over());
}

/// Random games of three and four seats with seats eliminated at random
/// moments: every state stays one the rules can reach (its text
/// round-trips, a decision has options), every game ends, and the seats out
/// (by the rules or eliminated) rank in reverse order of leaving.
#[test]
fn random_games_with_eliminations_play_on_to_a_sound_end() {
    let mut rng = SmallRng::seed_from_u64(21);
    let mut eliminated = 0;
    for game in 0..300 {
        let seats = 3 + (game % 2) as u8;
        let mut state = Modern.start(seats).unwrap();
        let mut events = Vec::new();
        loop {
            match Modern.next(&state) {
                Next::Decide { options, .. } => assert!(!options.is_empty(), "{state}"),
                Next::End(standing) => {
                    let mut out: Vec<Seat> = state.out_order().collect();
                    out.reverse();
                    let tail = &standing.places[standing.places.len() - out.len()..];
                    assert_eq!(tail, out.as_slice(), "{state}");
                    assert_eq!(standing.places.len(), usize::from(seats));
                    break;
                }
                Next::Chance(_) => {}
            }
            if rng.random_range(0..40) == 0 {
                let who = Seat::new(rng.random_range(0..seats)).unwrap();
                let mut after = state;
                events.clear();
                match Modern.eliminate(&mut after, who, &mut events) {
                    Ok(()) => {
                        eliminated += 1;
                        assert!(events.contains(&Event::Out { seat: who }));
                        assert!(after.is_out(who));
                        assert_eq!(Modern.parse_position(&after.to_string()), Ok(after));
                        if who != state.to_move() && !after.is_out(state.to_move()) {
                            assert_eq!(after.to_move(), state.to_move(), "the turn stands");
                            if !matches!(after.phase(), ModernPhase::Over(_)) {
                                assert_eq!(after.phase(), state.phase());
                            }
                        }
                        if who == state.to_move() && !matches!(after.phase(), ModernPhase::Over(_))
                        {
                            // The next seat in begins its turn as any turn begins.
                            let next = after.to_move();
                            assert!(next != who && !after.is_out(next));
                            let begins = if after.on_board(next) == 1 {
                                ModernPhase::ChooseDice
                            } else {
                                ModernPhase::ToRoll(DiceCount::Two)
                            };
                            assert_eq!(after.phase(), begins, "{after}");
                        }
                        state = after;
                        continue;
                    }
                    Err(EliminateError::AlreadyOut(_)) => assert!(state.is_out(who)),
                    Err(error) => panic!("{error} at `{state}`"),
                }
            }
            let step = random_step(Modern, &state, &mut rng).unwrap();
            events.clear();
            Modern.apply(&mut state, step, &mut events).unwrap();
        }
    }
    assert!(eliminated > 100, "{eliminated} eliminations");
}
