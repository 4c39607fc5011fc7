//! Senet-modern on the step model: one test for every rule and every
//! Decision of `shared/spec/rules-modern.md`, from hand-made positions.
//! Invariants, the position text and the golden count are in
//! `model_modern_props.rs`; the differential test against the reference in
//! `model_modern_reference.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod modern_support;

use modern_support::{decider, options, play, position, roll, roll_one, seat, standing};
use senet_engine::{
    ChanceKind, Choice, DiceUse, EndHow, Event, Modern, ModernPhase, Next, Place, Roll, RuleSet,
    Seat, Square, Step, StepError, Why,
};

fn sq(n: u8) -> Place {
    Place::on(Square::new(n).unwrap())
}

fn piece(s: u8, value: u8, from: Place, to: Place, why: Why) -> Event {
    Event::Piece {
        seat: seat(s),
        value: Some(value),
        from,
        to,
        why,
    }
}

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

// ---- Moving ----

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

fn try_move(
    state: &mut senet_engine::ModernState,
    from: u8,
    by: DiceUse,
) -> Result<Vec<Event>, StepError> {
    let mut events = Vec::new();
    let before = *state;
    let choice = Choice::MoveDice {
        from: Square::new(from).unwrap(),
        by,
    };
    let result = Modern.apply(
        state,
        Step::Decide {
            seat: state.to_move(),
            choice,
        },
        &mut events,
    );
    if result.is_err() {
        assert_eq!(*state, before, "a refused step changes nothing");
    }
    result.map(|()| events)
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
fn crowded(mover: u8, fill_15: bool) -> senet_engine::ModernState {
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
