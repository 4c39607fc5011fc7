//! Senet-modern on the step model: one test for every rule and every
//! Decision of `shared/spec/rules-modern.md`, from hand-made positions.
//! This file: the board and setup, the throws, and steps the rules refuse;
//! moving in `model_modern_moves.rs`; no pass, the end and the standing in
//! `model_modern_end.rs`. Invariants, the position text and the golden
//! count are in `model_modern_props.rs`; the differential test against the
//! reference in `model_modern_reference.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::modern_support;

use modern_support::{decider, options, play, position, roll, roll_one, seat, try_move};
use senet_engine::{
    ChanceKind, Choice, DiceUse, Modern, ModernPhase, Next, Roll, RuleSet, Seat, Square, Step,
    StepError,
};

// ---- Board, players, setup ----

#[test]
fn setup_for_two_alternates_from_the_sun_highest_value_first() {
    let start = Modern.start(2).unwrap();
    assert_eq!(
        start.to_string(),
        "a5b5a4b4a3b3a2b2a1b1.................... 2 a:roll2 off:- removed:- out:-"
    );
}

#[test]
fn setup_for_three_and_four_continues_the_pattern() {
    assert_eq!(
        Modern.start(3).unwrap().to_string(),
        "a5b5c5a4b4c4a3b3c3a2b2c2a1b1c1............... 3 a:roll2 off:- removed:- out:-"
    );
    let four = Modern.start(4).unwrap();
    assert_eq!(
        four.to_string(),
        "a5b5c5d5a4b4c4d4a3b3c3d3a2b2c2d2a1b1c1d1.......... 4 a:roll2 off:- removed:- out:-"
    );
    // With four the 5s stand on 1–4 and the 1s on 17–20.
    let value = |n| four.piece_on(Square::new(n).unwrap()).unwrap().value;
    assert!((1..=4).all(|n| value(n) == 5) && (17..=20).all(|n| value(n) == 1));
}

#[test]
fn two_three_or_four_seats_play() {
    assert_eq!(Modern.seat_range(), (2, 4));
    for seats in [0, 1, 5] {
        assert!(Modern.start(seats).is_err(), "{seats}");
    }
    for seats in 2..=4 {
        assert_eq!(Modern.seats(&Modern.start(seats).unwrap()), seats);
    }
}

#[test]
fn p1_starts_then_the_seats_follow_in_order() {
    let mut state = Modern.start(4).unwrap();
    let mut turns = Vec::new();
    while turns.len() < 8 {
        match Modern.next(&state) {
            Next::Chance(kind) => {
                assert_eq!(kind, ChanceKind::TwoDice);
                turns.push(state.to_move().number());
                roll(&mut state, 1, 2);
            }
            Next::Decide { options, .. } => {
                let first = options.as_slice()[0].to_string();
                play(&mut state, &first);
            }
            Next::End(_) => panic!("not over yet"),
        }
    }
    assert_eq!(turns, [0, 1, 2, 3, 0, 1, 2, 3]);
}

// ---- Throws ----

#[test]
fn two_dice_are_36_ordered_pairs_of_1_in_36_and_their_order_does_not_matter() {
    let outcomes = ChanceKind::TwoDice.outcomes();
    assert_eq!(outcomes.len(), 36);
    assert!(outcomes.iter().all(|(_, p)| (p.num, p.den) == (1, 36)));
    let mut one = Modern.start(2).unwrap();
    let mut other = one;
    roll(&mut one, 3, 5);
    roll(&mut other, 5, 3);
    assert_eq!(one, other);
    assert_eq!(one.to_string().split(' ').nth(2), Some("a:dice35"));
}

#[test]
fn a_throw_moves_one_piece_by_the_sum_or_two_different_pieces_one_die_each() {
    let mut state = position(2, &[(5, 'a', 3), (9, 'a', 2)], "a:dice12", "-", "-");
    assert_eq!(options(&state), ["5+", "9+", "5/1", "9/1", "5/2", "9/2"]);
    play(&mut state, "5/1");
    // The other die, by the other piece only.
    assert_eq!(options(&state), ["9/2"]);
    play(&mut state, "9/2");
    assert_eq!(state.to_move(), seat(1));
}

#[test]
fn split_either_die_may_come_first() {
    let mut state = position(2, &[(5, 'a', 3), (9, 'a', 2)], "a:dice13", "-", "-");
    play(&mut state, "9/3");
    assert_eq!(options(&state), ["5/1"]);
    assert_eq!(
        state.phase(),
        ModernPhase::SecondDie {
            die: senet_engine::Pip::new(1).unwrap(),
            moved: 2
        }
    );
}

#[test]
fn split_ends_with_one_die_used_when_no_other_piece_can_use_the_second() {
    // After 5/4 the piece on 7 cannot move 2 onto the piece that moved to 9.
    let pieces = [(5, 'a', 3), (7, 'a', 1), (20, 'a', 2)];
    let mut state = position(2, &pieces, "a:dice24", "-", "-");
    play(&mut state, "5/4");
    assert_eq!(options(&state), ["20/2"]);
    let mut state = position(2, &pieces[..2], "a:dice24", "-", "-");
    play(&mut state, "5/4");
    assert_eq!(
        state.to_move(),
        seat(1),
        "7/2 would land on 9: the turn ends"
    );
    assert_eq!(Modern.next(&state), Next::Chance(ChanceKind::TwoDice));
}

#[test]
fn doubles_list_each_single_die_move_once() {
    let state = position(2, &[(5, 'a', 3), (10, 'a', 2)], "a:dice44", "-", "-");
    assert_eq!(options(&state), ["5+", "10+", "5/4", "10/4"]);
}

#[test]
fn one_piece_on_the_board_chooses_one_die_or_two_before_rolling() {
    let mut state = position(
        2,
        &[(5, 'a', 3), (12, 'b', 1), (13, 'b', 2)],
        "b:dice11",
        "-",
        "-",
    );
    play(&mut state, "13/1");
    play(&mut state, "12/1");
    assert_eq!(state.to_move(), seat(0));
    assert_eq!(options(&state), ["roll 1", "roll 2"]);
    play(&mut state, "roll 1");
    assert_eq!(Modern.next(&state), Next::Chance(ChanceKind::Die));
    roll_one(&mut state, 4);
    assert_eq!(options(&state), ["5/4"]);
    // Two pieces: the dice are rolled at once.
    let state = position(
        2,
        &[(5, 'a', 3), (7, 'a', 1), (12, 'b', 1)],
        "a:roll2",
        "-",
        "-",
    );
    assert_eq!(Modern.next(&state), Next::Chance(ChanceKind::TwoDice));
}

#[test]
fn one_piece_having_rolled_two_dice_moves_only_by_the_sum() {
    let mut state = position(2, &[(5, 'a', 3), (12, 'b', 1)], "a:choose", "-", "-");
    play(&mut state, "roll 2");
    assert_eq!(Modern.next(&state), Next::Chance(ChanceKind::TwoDice));
    roll(&mut state, 2, 3);
    assert_eq!(options(&state), ["5+"]);
}

// ---- Steps ----

#[test]
fn steps_other_than_what_comes_next_are_refused_and_change_nothing() {
    let mut state = Modern.start(2).unwrap();
    let before = state;
    let mut events = Vec::new();
    let move_5 = Choice::MoveDice {
        from: Square::new(5).unwrap(),
        by: DiceUse::Sum,
    };
    let decide = Step::Decide {
        seat: Seat::FIRST,
        choice: move_5,
    };
    let error = Modern.apply(&mut state, decide, &mut events).unwrap_err();
    assert_eq!(error, StepError::ChanceNext(ChanceKind::TwoDice));
    let one_die = Step::Chance {
        roll: Roll::Die {
            pip: senet_engine::Pip::new(3).unwrap(),
        },
    };
    let error = Modern.apply(&mut state, one_die, &mut events).unwrap_err();
    assert_eq!(error, StepError::WrongChance(ChanceKind::TwoDice));
    assert_eq!(state, before);
    roll(&mut state, 1, 2);
    let before = state;
    let wrong_seat = Step::Decide {
        seat: seat(1),
        choice: move_5,
    };
    let error = Modern
        .apply(&mut state, wrong_seat, &mut events)
        .unwrap_err();
    assert_eq!(error, StepError::NotYourDecision(Seat::FIRST));
    let error = try_move(&mut state, 2, DiceUse::Sum).unwrap_err();
    assert_eq!(error.code(), "no_piece_of_yours", "{error}");
    let error = try_move(&mut state, 3, DiceUse::Die { pips: 5 }).unwrap_err();
    assert_eq!(error.code(), "wrong_dice", "{error}");
    let roll_1 = Step::Decide {
        seat: Seat::FIRST,
        choice: Choice::Roll { dice: 1 },
    };
    let error = Modern.apply(&mut state, roll_1, &mut events).unwrap_err();
    assert_eq!(error.code(), "not_an_option", "{error}");
    assert_eq!(state, before);
    assert_eq!(decider(&state), Seat::FIRST);
    // The first piece of a split may not move again.
    play(&mut state, "3/1");
    let error = try_move(&mut state, 4, DiceUse::Die { pips: 2 }).unwrap_err();
    assert_eq!(error.code(), "moved_already", "{error}");
    play(&mut state, "9/2");
    assert_eq!(state.to_move(), seat(1));
}
