//! Senet-modern, moving: friendly pieces, captures and the Sun, bearing
//! off and bouncing, the Moon, the Bird, the safe squares and the "must
//! move on 28–30" rule (spec `rules-modern.md`, "Moving" and its
//! Decisions).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::modern_support;

use modern_support::{options, piece, play, position, roll_one, seat, sq, try_move};
use senet_engine::{DiceUse, ModernState, Place, Square, Why};

#[test]
fn a_piece_may_not_land_on_a_friendly_piece() {
    let mut state = position(
        2,
        &[(5, 'a', 3), (9, 'a', 2), (20, 'b', 1)],
        "a:dice13",
        "-",
        "-",
    );
    assert!(!options(&state).contains(&"5+".to_owned()));
    let error = try_move(&mut state, 5, DiceUse::Sum).unwrap_err();
    assert_eq!(error.code(), "own_piece", "{error}");
}

#[test]
fn capture_sends_the_opponent_piece_back_to_the_sun() {
    let mut state = position(2, &[(5, 'a', 3), (9, 'b', 2)], "a:dice13", "-", "-");
    let events = play(&mut state, "5+");
    assert_eq!(
        events,
        [
            piece(0, 3, sq(5), sq(9), Why::Move),
            piece(1, 2, sq(9), sq(1), Why::SentHome)
        ]
    );
    assert_eq!(
        state.piece_on(Square::new(1).unwrap()).unwrap().seat,
        seat(1)
    );
}

#[test]
fn capture_with_the_sun_occupied_takes_that_piece_out_for_good_whoever_owns_it() {
    for owner in ['a', 'b'] {
        let mut state = position(
            2,
            &[(1, owner, 5), (5, 'a', 3), (9, 'b', 2)],
            "a:dice13",
            "-",
            "-",
        );
        let events = play(&mut state, "5+");
        let s = u8::from(owner == 'b');
        assert_eq!(
            events,
            [
                piece(0, 3, sq(5), sq(9), Why::Move),
                piece(s, 5, sq(1), Place::Removed, Why::Removed),
                piece(1, 2, sq(9), sq(1), Why::SentHome),
            ]
        );
        assert!(state.removed(seat(s)).any(|v| v == 5));
        assert!(state.piece_on(Square::new(1).unwrap()).unwrap().value == 2);
    }
}

#[test]
fn a_piece_leaving_the_sun_leaves_it_free_for_the_piece_it_captures() {
    let mut state = position(
        2,
        &[(1, 'a', 5), (4, 'b', 4), (10, 'a', 1)],
        "a:dice12",
        "-",
        "-",
    );
    let events = play(&mut state, "1+");
    assert_eq!(
        events,
        [
            piece(0, 5, sq(1), sq(4), Why::Move),
            piece(1, 4, sq(4), sq(1), Why::SentHome)
        ]
    );
}

#[test]
fn reaching_the_goal_exactly_bears_the_piece_off_and_scores_its_dots() {
    let mut state = position(
        2,
        &[(25, 'a', 4), (10, 'a', 1), (3, 'b', 1)],
        "a:dice24",
        "-",
        "-",
    );
    let events = play(&mut state, "25+");
    assert_eq!(events, [piece(0, 4, sq(25), Place::Off, Why::BorneOff)]);
    assert_eq!(state.score(seat(0)), 4);
    assert_eq!(state.borne_off(seat(0)).collect::<Vec<_>>(), [4]);
}

#[test]
fn past_the_goal_a_piece_bounces_back_by_the_excess() {
    // The spec's example: from 28 with a 5 it goes to 31 and back to 29.
    let mut state = position(2, &[(28, 'a', 4), (3, 'b', 1)], "a:dice23", "-", "-");
    let events = play(&mut state, "28+");
    assert_eq!(events, [piece(0, 4, sq(28), sq(29), Why::Bounced)]);
}

#[test]
fn a_bounce_that_lands_on_a_piece_follows_the_landing_rules() {
    // From 30 by 12 back to 20: a capture (the mover started on 26–30).
    let mut state = position(
        2,
        &[(30, 'a', 4), (25, 'a', 1), (20, 'b', 2)],
        "a:dice66",
        "-",
        "-",
    );
    assert_eq!(options(&state), ["30+", "30/6"], "28–30 must move");
    let events = play(&mut state, "30+");
    assert_eq!(events[0], piece(0, 4, sq(30), sq(20), Why::Bounced));
    assert_eq!(events[1], piece(1, 2, sq(20), sq(1), Why::SentHome));
    // From outside 26–30 a bounce may not land on an opponent on 28–30.
    let state = position(
        2,
        &[(20, 'a', 4), (5, 'a', 1), (30, 'b', 2)],
        "a:dice66",
        "-",
        "-",
    );
    assert_eq!(options(&state), ["5+", "5/6", "20/6"]);
    // Nor on a friendly piece.
    let state = position(
        2,
        &[(20, 'a', 4), (30, 'a', 1), (3, 'b', 2)],
        "a:dice66",
        "-",
        "-",
    );
    assert!(!options(&state).contains(&"20+".to_owned()));
}

#[test]
fn a_bounce_back_to_the_starting_square_is_legal() {
    for (from, die) in [(28u8, 6u8), (29, 4), (30, 2)] {
        let mut state = position(2, &[(from, 'a', 4), (3, 'b', 1)], "a:choose", "-", "-");
        play(&mut state, "roll 1");
        roll_one(&mut state, die);
        let events = play(&mut state, &format!("{from}/{die}"));
        assert_eq!(events, [piece(0, 4, sq(from), sq(from), Why::Bounced)]);
    }
}

#[test]
fn the_moon_sends_a_piece_back_to_the_sun_with_the_same_rule_for_an_occupied_sun() {
    let mut state = position(
        2,
        &[(20, 'a', 4), (5, 'a', 1), (1, 'b', 5)],
        "a:dice16",
        "-",
        "-",
    );
    let events = play(&mut state, "20/6");
    assert_eq!(
        events,
        [
            piece(0, 4, sq(20), sq(26), Why::Move),
            piece(1, 5, sq(1), Place::Removed, Why::Removed),
            piece(0, 4, sq(26), sq(1), Why::Effect),
        ]
    );
}

#[test]
fn the_bird_sends_a_piece_to_15_or_the_nearest_empty_square_below() {
    let mut state = position(2, &[(21, 'a', 4), (5, 'a', 1)], "a:dice16", "-", "-");
    let events = play(&mut state, "21/6");
    assert_eq!(
        events,
        [
            piece(0, 4, sq(21), sq(27), Why::Move),
            piece(0, 4, sq(27), sq(15), Why::Effect)
        ]
    );
    let pieces = [(21, 'a', 4), (5, 'a', 1), (15, 'b', 3), (14, 'b', 2)];
    let mut state = position(2, &pieces, "a:dice16", "-", "-");
    let events = play(&mut state, "21/6");
    assert_eq!(events[1], piece(0, 4, sq(27), sq(13), Why::Effect));
}

/// Four seats with squares 1–14 full, seat a's 5 on `mover`, and d's 1 on
/// 15 if `fill_15`.
fn crowded(mover: u8, fill_15: bool) -> ModernState {
    let mut pieces = vec![(mover, 'a', 5)];
    let others = [
        ('a', 1),
        ('a', 2),
        ('a', 3),
        ('a', 4),
        ('b', 1),
        ('b', 2),
        ('b', 3),
    ];
    let more = [
        ('b', 4),
        ('b', 5),
        ('c', 1),
        ('c', 2),
        ('c', 3),
        ('c', 4),
        ('c', 5),
    ];
    for (square, (s, v)) in (1..=14).zip(others.into_iter().chain(more)) {
        pieces.push((square, s, v));
    }
    if fill_15 {
        pieces.push((15, 'd', 1));
    }
    position(4, &pieces, "a:dice66", "-", "-")
}

#[test]
fn the_bird_with_no_empty_square_at_or_below_15_makes_the_move_illegal() {
    let mut state = crowded(21, true);
    assert!(!options(&state).contains(&"21/6".to_owned()), "{state}");
    let error = try_move(&mut state, 21, DiceUse::Die { pips: 6 }).unwrap_err();
    assert_eq!(error.code(), "bird_full", "{error}");
    // With 15 empty the same move flies back to 15.
    assert!(options(&crowded(21, false)).contains(&"21/6".to_owned()));
}

#[test]
fn the_bird_counts_the_square_its_piece_left_as_empty() {
    // Decision of this engine: from 15 by 12 the piece flies back to 15.
    let mut state = crowded(15, false);
    let events = play(&mut state, "15+");
    assert_eq!(events[1], piece(0, 5, sq(27), sq(15), Why::Effect));
}

#[test]
fn squares_28_to_30_are_safe_from_pieces_starting_outside_26_to_30() {
    let mut state = position(
        2,
        &[(25, 'a', 4), (5, 'a', 1), (28, 'b', 2)],
        "a:dice12",
        "-",
        "-",
    );
    assert!(!options(&state).contains(&"25+".to_owned()));
    let error = try_move(&mut state, 25, DiceUse::Sum).unwrap_err();
    assert_eq!(error.code(), "safe", "{error}");
}

#[test]
fn a_piece_on_26_to_30_may_capture_on_28_to_30() {
    let mut state = position(
        2,
        &[(28, 'a', 4), (5, 'a', 1), (30, 'b', 2)],
        "a:dice11",
        "-",
        "-",
    );
    let events = play(&mut state, "28+");
    assert_eq!(events[1], piece(1, 2, sq(30), sq(1), Why::SentHome));
}

#[test]
fn a_player_with_a_piece_on_28_to_30_must_move_one_of_them_if_it_can() {
    let mut state = position(
        2,
        &[(28, 'a', 4), (5, 'a', 1), (3, 'b', 1)],
        "a:dice12",
        "-",
        "-",
    );
    assert_eq!(options(&state), ["28+", "28/1", "28/2"]);
    let error = try_move(&mut state, 5, DiceUse::Sum).unwrap_err();
    assert_eq!(error.code(), "must_move_28_30", "{error}");
    // The sum counts: here only the sum of a piece on 28–30 is legal.
    let pieces = [(29, 'a', 4), (30, 'a', 3), (5, 'a', 1), (3, 'b', 1)];
    let state = position(2, &pieces, "a:dice33", "-", "-");
    assert_eq!(
        options(&state),
        ["29+", "30+"],
        "by 3 each lands on the other"
    );
}

#[test]
fn the_28_to_30_rule_applies_again_at_the_second_die() {
    let pieces = [(28, 'a', 4), (29, 'a', 3), (5, 'a', 1), (3, 'b', 1)];
    let mut state = position(2, &pieces, "a:dice23", "-", "-");
    play(&mut state, "29/2");
    assert_eq!(options(&state), ["28/3"]);
    // It does not bind when no piece on 28–30 can use the die.
    let mut state = position(2, &pieces, "a:dice12", "-", "-");
    play(&mut state, "29/1");
    assert_eq!(
        options(&state),
        ["5/2"],
        "28 by 2 would land on its own piece"
    );
}
