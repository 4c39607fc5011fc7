//! Senet-modern, no pass, the end and the standing: players out when they
//! cannot use a throw, the end at three pieces borne off or one player
//! left, and the ranking by dots, pieces, first bear-off and going out
//! (spec `rules-modern.md`, "No pass", "End and scoring" and the Decisions
//! on the end).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::modern_support;

use modern_support::{options, piece, play, position, roll, roll_one, seat, sq, standing};
use senet_engine::{ChanceKind, EndHow, Event, Modern, ModernPhase, Next, Place, RuleSet, Why};

// ---- No pass ----

#[test]
fn a_player_who_cannot_use_the_throw_is_out_and_with_two_the_other_wins() {
    let pieces = [(25, 'a', 4), (29, 'b', 2), (10, 'b', 1)];
    let mut state = position(2, &pieces, "a:roll1", "-", "-");
    let events = roll_one(&mut state, 4);
    assert_eq!(
        events,
        [
            Event::Out { seat: seat(0) },
            piece(0, 4, sq(25), Place::Removed, Why::Removed)
        ]
    );
    let end = standing(&state);
    assert_eq!(end.how, EndHow::LastPlayer);
    assert_eq!(end.places, [seat(1), seat(0)]);
}

#[test]
fn using_one_die_of_a_split_is_using_the_throw() {
    let pieces = [
        (22, 'a', 4),
        (23, 'a', 3),
        (28, 'b', 1),
        (29, 'b', 2),
        (3, 'b', 5),
    ];
    let mut state = position(2, &pieces, "a:roll2", "-", "-");
    assert!(roll(&mut state, 3, 3).is_empty(), "not out");
    assert_eq!(options(&state), ["22/3", "23/3"]);
}

#[test]
fn with_three_or_four_the_others_play_on_and_the_out_seat_is_skipped() {
    let pieces = [
        (25, 'b', 4),
        (29, 'c', 2),
        (10, 'a', 1),
        (11, 'c', 1),
        (12, 'a', 2),
    ];
    let mut state = position(3, &pieces, "b:roll1", "-", "-");
    let events = roll_one(&mut state, 4);
    assert_eq!(events[0], Event::Out { seat: seat(1) });
    assert!(state.is_out(seat(1)));
    assert_eq!(state.to_move(), seat(2));
    roll(&mut state, 1, 1);
    play(&mut state, "29+");
    assert_eq!(state.to_move(), seat(0), "b is skipped");
}

#[test]
fn a_player_with_no_piece_on_the_board_still_rolls_and_is_out() {
    let mut state = position(2, &[(3, 'b', 1)], "a:roll2", "a5", "-");
    assert_eq!(Modern.next(&state), Next::Chance(ChanceKind::TwoDice));
    let events = roll(&mut state, 6, 6);
    assert_eq!(events, [Event::Out { seat: seat(0) }]);
    let end = standing(&state);
    assert_eq!(
        (end.how, end.places.clone()),
        (EndHow::LastPlayer, vec![seat(1), seat(0)])
    );
    assert_eq!(end.scores, [5, 0], "a scores but ranks last");
}

// ---- End and scoring ----

#[test]
fn the_game_ends_as_soon_as_a_player_has_borne_off_three_pieces() {
    let pieces = [(25, 'a', 4), (10, 'a', 1), (3, 'b', 1)];
    let mut state = position(2, &pieces, "a:dice24", "a35", "-");
    play(&mut state, "25+");
    let end = standing(&state);
    assert_eq!(end.how, EndHow::ThreeBorneOff);
    assert_eq!(
        (end.places.clone(), end.scores),
        (vec![seat(0), seat(1)], vec![12, 0])
    );
}

#[test]
fn the_game_ends_even_between_the_two_moves_of_a_split() {
    let pieces = [(25, 'a', 4), (10, 'a', 1), (3, 'b', 1)];
    let mut state = position(2, &pieces, "a:dice16", "a35", "-");
    play(&mut state, "25/6");
    assert_eq!(state.phase(), ModernPhase::Over(EndHow::ThreeBorneOff));
    assert!(matches!(Modern.next(&state), Next::End(_)));
}

#[test]
fn the_highest_total_of_dots_wins_not_the_first_to_three() {
    let pieces = [(28, 'a', 3), (10, 'b', 1)];
    let mut state = position(2, &pieces, "a:roll1", "a12,b45", "-");
    roll_one(&mut state, 3);
    play(&mut state, "28/3");
    let end = standing(&state);
    assert_eq!(
        (end.places.clone(), end.scores),
        (vec![seat(1), seat(0)], vec![6, 9])
    );
}

#[test]
fn ties_go_to_more_pieces_borne_off_then_to_the_first_to_bear_off() {
    // a and b both score 6: a with three pieces, b with two.
    let mut state = position(2, &[(28, 'a', 3), (10, 'b', 2)], "a:roll1", "b15,a12", "-");
    roll_one(&mut state, 3);
    play(&mut state, "28/3");
    assert_eq!(standing(&state).places, [seat(0), seat(1)]);
    // b and c both score 4 with one piece; c bore off first.
    let pieces = [(28, 'a', 3), (10, 'b', 1), (11, 'c', 1)];
    let mut state = position(3, &pieces, "a:roll1", "c4,a12,b4", "-");
    roll_one(&mut state, 3);
    play(&mut state, "28/3");
    assert_eq!(standing(&state).places, [seat(0), seat(2), seat(1)]);
    // Nothing borne off either: the lower seat first (engine decision).
    let mut state = position(3, &pieces, "a:roll1", "a12", "-");
    roll_one(&mut state, 3);
    play(&mut state, "28/3");
    assert_eq!(standing(&state).places, [seat(0), seat(1), seat(2)]);
}

#[test]
fn players_out_rank_last_the_one_out_later_higher() {
    let pieces = [(25, 'c', 4), (29, 'a', 2), (10, 'a', 1)];
    let mut state = position(4, &pieces, "c:roll1", "b5", "b,d");
    roll_one(&mut state, 4);
    let end = standing(&state);
    assert_eq!(end.how, EndHow::LastPlayer);
    assert_eq!(end.places, [seat(0), seat(2), seat(3), seat(1)]);
    assert_eq!(end.scores, [0, 5, 0, 0]);
}

#[test]
fn a_piece_taken_out_of_the_game_never_scores() {
    // a's 5 stands on the Sun and is taken out when b's piece is sent there;
    // a then bears off its third piece: its score counts only what it bore off.
    let pieces = [(1, 'a', 5), (5, 'a', 3), (9, 'b', 2), (27 - 2, 'a', 4)];
    let mut state = position(2, &pieces, "a:dice13", "a12", "-");
    play(&mut state, "5+");
    assert!(state.removed(seat(0)).any(|v| v == 5));
    play(&mut state, "roll 2");
    roll(&mut state, 1, 1);
    play(&mut state, "1+");
    roll(&mut state, 3, 3);
    play(&mut state, "25+");
    let end = standing(&state);
    assert_eq!(end.how, EndHow::ThreeBorneOff);
    assert_eq!(end.scores[0], 1 + 2 + 4, "the removed 5 is not counted");
}
