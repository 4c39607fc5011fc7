//! G. Jequier's reconstruction (`rules-jequier.md`): one test for every
//! rule and every Decision, differential tests against the independent
//! reference in `reference_rules/jequier.rs`, invariants and a golden
//! count.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::sticks;

use proptest::prelude::*;
use senet_engine::kendall_v1::{MovesTextError, PlayError, PositionError, Rules, Side};
use senet_engine::{
    ChanceKind, EndHow, Event, Jequier, Next, RuleSet, RuleSetId, Seat, Seating, Square, StepError,
    StepGame, Sticks, Why,
};
mod exit_row;

use sticks::{dealt, lines, lot, move_from, options, piece, play, text, throw};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_games_agree_with_the_reference_at_every_step_and_replay(seed in any::<u64>()) {
        let game = sticks::lockstep(Jequier, seed);
        sticks::replays(&game);
    }
}

#[test]
fn a_step_is_refused_exactly_when_check_step_refuses_it_and_changes_nothing() {
    for seed in 0..4 {
        assert!(sticks::steps_refused_as_check_step_refuses(Jequier, seed) > 1000);
    }
}

#[test]
fn moves_agree_with_the_reference_on_thousands_of_positions_and_every_throw() {
    let lines = sticks::moves_agree(Jequier, 1, 3000);
    assert!(lines > 10_000, "{lines}");
}

#[test]
fn golden_count_of_states_in_the_first_ten_steps() {
    let ours = sticks::engine_states(Jequier, 10);
    assert_eq!(ours, sticks::reference_states(Jequier, 10));
    assert_eq!(ours, 47_465);
}

const ID: RuleSetId = RuleSetId::Jequier;

fn sq(n: u8) -> Square {
    Square::new(n).unwrap()
}

fn seat(n: u8) -> Seat {
    Seat::new(n).unwrap()
}

fn line(from: u8, to: &str, pieces: &[(u8, char)], side: char) -> String {
    format!("{from} {to} {}", text(pieces, side))
}

fn pass(pieces: &[(u8, char)], side: char) -> Vec<String> {
    vec![format!("pass {}", text(pieces, side))]
}

fn why_not(position: &str, t: u8, from: u8) -> PlayError {
    let position = Jequier.parse_position(position).unwrap();
    Jequier
        .play(&position, Jequier.throw(t).unwrap(), sq(from))
        .unwrap_err()
}

/// White (seat 0) and Black (seat 1) just after the opening, Black having
/// moved 11 → 13: White has not moved yet.
const AFTER_OPENING: &[(u8, char)] = &[
    (1, 'w'),
    (3, 'w'),
    (5, 'w'),
    (7, 'w'),
    (9, 'w'),
    (2, 'b'),
    (4, 'b'),
    (6, 'b'),
    (8, 'b'),
    (13, 'b'),
];

#[test]
fn setup_is_white_on_the_odd_and_black_on_the_even_squares_1_to_10_written_w_and_b() {
    let start = Rules::start(&Jequier);
    assert_eq!(
        Rules::position_text(&Jequier, &start),
        "wbwbwbwbwb.................... b"
    );
    let game = StepGame::new(Jequier, 2).unwrap();
    assert_eq!(
        game.rules().position_text(game.state()),
        "wbwbwbwbwb.................... o"
    );
    assert_eq!(Jequier.side_letters(), ['w', 'b']);
    assert_eq!(Jequier.pieces_per_side(), 5);
}

#[test]
fn decision_the_sticks_count_their_flat_light_sides_with_6_for_none_and_no_5() {
    for bits in 0..16u8 {
        let lights = [bits & 1 != 0, bits & 2 != 0, bits & 4 != 0, bits & 8 != 0];
        let flats = lights.iter().filter(|&&l| l).count() as u8;
        let expected = if flats == 0 { 6 } else { flats };
        assert_eq!(Jequier.score(Sticks::from_lights(lights)).value(), expected);
    }
    let chances: Vec<(u8, f64)> = Jequier
        .throw_chances()
        .into_iter()
        .map(|(t, p)| (t.value(), p * 16.0))
        .collect();
    assert_eq!(
        chances,
        vec![(1, 4.0), (2, 6.0), (3, 4.0), (4, 1.0), (6, 1.0)]
    );
    assert!(Jequier.throw(5).is_err());
}

#[test]
fn a_move_on_1_4_or_6_gives_another_throw_and_on_2_or_3_passes_the_turn() {
    for t in [1, 2, 3, 4, 6] {
        let position = text(&[(1, 'w'), (20, 'b')], 'w');
        let (after, events) = play(
            Jequier,
            dealt(&Jequier, &position, 0, false),
            &[throw(&Jequier, t), move_from(0, 1)],
        );
        let extra = matches!(t, 1 | 4 | 6);
        assert_eq!(Jequier.extra_throw(Jequier.throw(t).unwrap()), extra);
        assert_eq!(after.position.to_move() == Side::Cone, extra, "throw {t}");
        assert_eq!(
            events[1].last() == Some(&Event::Again { seat: seat(0) }),
            extra
        );
    }
}

#[test]
fn the_opening_throws_for_a_1_which_plays_black_moves_10_to_11_and_throws_again() {
    let mut game = StepGame::new(Jequier, 2).unwrap();
    assert_eq!(game.next(), &Next::Chance(ChanceKind::Lot { seats: 2 }));
    game.play(lot(0)).unwrap();
    assert_eq!(
        game.play(throw(&Jequier, 6)).unwrap(),
        vec![Event::Pass { seat: seat(0) }]
    );
    assert_eq!(
        game.play(throw(&Jequier, 4)).unwrap(),
        vec![Event::Pass { seat: seat(1) }]
    );
    assert_eq!(
        game.rules().position_text(game.state()),
        "wbwbwbwbwb.................... o"
    );
    let events = game.play(throw(&Jequier, 1)).unwrap();
    assert_eq!(
        events,
        vec![
            Event::Colour {
                seat: seat(0),
                colour: 1
            },
            Event::Colour {
                seat: seat(1),
                colour: 0
            },
            piece(0, 10, Some(11), Why::Opening),
            Event::Again { seat: seat(0) },
        ]
    );
    assert_eq!(
        game.rules().position_text(game.state()),
        "wbwbwbwbw.b................... b"
    );
    assert_eq!(
        game.state().seat_of(Side::Spool),
        Some(seat(0)),
        "seat 0 plays Black"
    );
    assert_eq!(
        game.state().seating,
        Seating::Dealt {
            first: seat(1),
            first_move_due: true
        }
    );
    game.play(throw(&Jequier, 2)).unwrap();
    assert_eq!(options(game.next()).0, 0, "Black throws again and moves");
}

#[test]
fn decision_whites_first_move_must_be_made_with_the_piece_on_9() {
    let start = dealt(&Jequier, &text(AFTER_OPENING, 'w'), 0, true);
    let (state, _) = play(Jequier, start, &[throw(&Jequier, 1)]);
    // Every White piece could move with 1; only the piece on 9 may.
    assert_eq!(
        Jequier
            .legal_moves(&state.position, Jequier.throw(1).unwrap())
            .len(),
        5
    );
    assert_eq!(options(&Jequier.next(&state)), (0, vec![9]));
    let mut refused = state;
    let error = Jequier
        .apply(&mut refused, move_from(0, 1), &mut Vec::new())
        .unwrap_err();
    assert_eq!(error.code(), "first_move_from", "{error}");
    assert_eq!(refused, state, "a refused step changes nothing");
    // Once White has moved, any piece may move.
    let (after, _) = play(Jequier, state, &[move_from(0, 9), throw(&Jequier, 1)]);
    assert_eq!(options(&Jequier.next(&after)), (0, vec![1, 3, 5, 7, 10]));
}

#[test]
fn decision_when_the_piece_on_9_cannot_move_the_turn_is_lost_and_the_obligation_stays() {
    // 9 + 3 lands on a protected pair; the other White pieces could move.
    let pieces = [
        (1, 'w'),
        (3, 'w'),
        (5, 'w'),
        (7, 'w'),
        (9, 'w'),
        (2, 'b'),
        (4, 'b'),
        (6, 'b'),
        (11, 'b'),
        (12, 'b'),
    ];
    let start = dealt(&Jequier, &text(&pieces, 'w'), 0, true);
    let (after, events) = play(Jequier, start, &[throw(&Jequier, 3)]);
    assert_eq!(events[0], vec![Event::Pass { seat: seat(0) }]);
    assert_eq!(after.position.to_move(), Side::Spool);
    assert_eq!(
        after.seating,
        Seating::Dealt {
            first: seat(0),
            first_move_due: true
        }
    );
}

#[test]
fn decision_the_obligation_lapses_while_no_white_piece_stands_on_9() {
    let pieces = [
        (1, 'w'),
        (3, 'w'),
        (5, 'w'),
        (7, 'w'),
        (12, 'w'),
        (2, 'b'),
        (4, 'b'),
        (6, 'b'),
        (9, 'b'),
        (20, 'b'),
    ];
    let start = dealt(&Jequier, &text(&pieces, 'w'), 0, true);
    let (state, _) = play(Jequier, start, &[throw(&Jequier, 1)]);
    assert_eq!(options(&Jequier.next(&state)), (0, vec![1, 3, 5, 7, 12]));
}

#[test]
fn decision_the_obligation_filters_the_backward_moves_too() {
    // With 3 no White piece can move forward; 9 and 14 could go back.
    let pieces = [
        (9, 'w'),
        (14, 'w'),
        (12, 'b'),
        (13, 'b'),
        (17, 'b'),
        (18, 'b'),
    ];
    let position = text(&pieces, 'w');
    assert_eq!(lines(ID, &position, 3).len(), 2);
    let (state, _) = play(
        Jequier,
        dealt(&Jequier, &position, 0, true),
        &[throw(&Jequier, 3)],
    );
    assert_eq!(options(&Jequier.next(&state)), (0, vec![9]));
    let (after, events) = play(Jequier, state, &[move_from(0, 9)]);
    assert_eq!(events[0], vec![piece(0, 9, Some(6), Why::Backward)]);
    assert_eq!(
        after.seating,
        Seating::Dealt {
            first: seat(0),
            first_move_due: false
        }
    );
}

#[test]
fn a_piece_jumps_pieces_of_either_colour_and_may_not_land_on_a_friend() {
    let position = text(&[(1, 'w'), (2, 'b'), (3, 'w'), (6, 'w')], 'w');
    assert_eq!(
        lines(ID, &position, 3)[0],
        line(1, "4", &[(4, 'w'), (2, 'b'), (3, 'w'), (6, 'w')], 'b')
    );
    assert_eq!(
        why_not(&position, 3, 3),
        PlayError::OwnPieceOnDestination { square: sq(6) }
    );
}

#[test]
fn landing_on_an_unprotected_opponent_swaps_the_two() {
    let position = text(&[(1, 'w'), (4, 'b')], 'w');
    assert_eq!(
        lines(ID, &position, 3),
        vec![line(1, "4", &[(4, 'w'), (1, 'b')], 'b')]
    );
}

#[test]
fn a_piece_with_a_friend_beside_it_or_on_a_refuge_26_28_29_30_is_protected() {
    assert_eq!(
        why_not(&text(&[(1, 'w'), (4, 'b'), (5, 'b')], 'w'), 3, 1),
        PlayError::ProtectedPiece { square: sq(4) }
    );
    for (from, t, to) in [(24, 2, 26), (26, 2, 28), (26, 3, 29), (26, 4, 30)] {
        let position = text(&[(from, 'w'), (to, 'b'), (2, 'w')], 'w');
        assert_eq!(
            why_not(&position, t, from),
            PlayError::ProtectedPiece { square: sq(to) },
            "{to}"
        );
    }
    // 25 is no refuge.
    assert_eq!(
        lines(ID, &text(&[(22, 'w'), (25, 'b'), (2, 'w')], 'w'), 3)[1],
        line(22, "25", &[(25, 'w'), (22, 'b'), (2, 'w')], 'b')
    );
}

#[test]
fn an_opponent_wall_of_three_can_be_neither_landed_on_nor_passed_forward() {
    let position = text(&[(1, 'w'), (2, 'b'), (3, 'b'), (4, 'b'), (20, 'w')], 'w');
    assert_eq!(why_not(&position, 4, 1), PlayError::Blockade { at: sq(2) });
    assert_eq!(why_not(&position, 6, 1), PlayError::Blockade { at: sq(2) });
    assert_eq!(
        why_not(&position, 1, 1),
        PlayError::ProtectedPiece { square: sq(2) }
    );
    // Two in a row are no wall.
    let position = text(&[(1, 'w'), (2, 'b'), (3, 'b'), (20, 'w')], 'w');
    assert_eq!(
        lines(ID, &position, 4)[0],
        line(1, "5", &[(5, 'w'), (2, 'b'), (3, 'b'), (20, 'w')], 'w')
    );
}

#[test]
fn a_wall_does_not_stop_its_own_side() {
    let position = text(&[(1, 'w'), (2, 'w'), (3, 'w'), (4, 'w'), (20, 'b')], 'w');
    assert_eq!(
        lines(ID, &position, 4)[0],
        line(
            1,
            "5",
            &[(5, 'w'), (2, 'w'), (3, 'w'), (4, 'w'), (20, 'b')],
            'w'
        )
    );
}

#[test]
fn with_no_forward_move_a_piece_must_go_back_by_the_full_throw() {
    let pieces = [(8, 'w'), (12, 'b'), (13, 'b')];
    assert_eq!(
        lines(ID, &text(&pieces, 'w'), 4),
        vec![line(8, "4", &[(4, 'w'), (12, 'b'), (13, 'b')], 'w')]
    );
    let pieces = [(8, 'w'), (10, 'b'), (11, 'b')];
    assert_eq!(
        lines(ID, &text(&pieces, 'w'), 2),
        vec![line(8, "6", &[(6, 'w'), (10, 'b'), (11, 'b')], 'b')]
    );
}

#[test]
fn decision_a_backward_move_on_1_4_or_6_gives_another_throw() {
    let position = text(&[(8, 'w'), (12, 'b'), (13, 'b')], 'w');
    let (after, events) = play(
        Jequier,
        dealt(&Jequier, &position, 0, false),
        &[throw(&Jequier, 4), move_from(0, 8)],
    );
    assert_eq!(
        events[1],
        vec![
            piece(0, 8, Some(4), Why::Backward),
            Event::Again { seat: seat(0) }
        ]
    );
    assert_eq!(after.position.to_move(), Side::Cone);
}

#[test]
fn a_backward_move_needs_an_empty_square_and_may_not_pass_a_wall() {
    // 8 - 4 is taken.
    let taken = [(8, 'w'), (4, 'b'), (12, 'b'), (13, 'b')];
    assert_eq!(lines(ID, &text(&taken, 'w'), 4), pass(&taken, 'b'));
    // 8 - 4 is empty, but the wall 5, 6, 7 is in the way.
    let walled = [(8, 'w'), (5, 'b'), (6, 'b'), (7, 'b'), (12, 'b'), (13, 'b')];
    assert_eq!(lines(ID, &text(&walled, 'w'), 4), pass(&walled, 'b'));
    let two = [(8, 'w'), (5, 'b'), (6, 'b'), (12, 'b'), (13, 'b')];
    assert_eq!(lines(ID, &text(&two, 'w'), 4).len(), 1, "two are no wall");
    // The reasons, when another piece can go back.
    let position = text(
        &[
            (8, 'w'),
            (4, 'b'),
            (12, 'b'),
            (13, 'b'),
            (20, 'w'),
            (24, 'b'),
            (25, 'b'),
        ],
        'w',
    );
    assert_eq!(why_not(&position, 4, 8), PlayError::CannotMoveBack);
}

#[test]
fn decision_a_turn_lost_gives_no_further_throw_even_on_1_4_or_6() {
    let taken = text(&[(8, 'w'), (4, 'b'), (12, 'b'), (13, 'b')], 'w');
    let (after, events) = play(
        Jequier,
        dealt(&Jequier, &taken, 0, false),
        &[throw(&Jequier, 4)],
    );
    assert_eq!(events[0], vec![Event::Pass { seat: seat(0) }]);
    assert_eq!(after.position.to_move(), Side::Spool);
}

#[test]
fn the_water_sends_a_piece_to_square_1_or_the_lowest_empty_square_in_any_way() {
    assert_eq!(
        lines(ID, &text(&[(24, 'w'), (10, 'b')], 'w'), 3),
        vec![line(24, "27", &[(1, 'w'), (10, 'b')], 'b')]
    );
    assert_eq!(
        lines(ID, &text(&[(24, 'w'), (1, 'b'), (2, 'w')], 'w'), 3)[1],
        line(24, "27", &[(3, 'w'), (1, 'b'), (2, 'w')], 'b')
    );
    // Backward: 28 cannot go on to the refuge 29, so it goes back onto 27.
    let position = text(&[(28, 'w'), (29, 'b')], 'w');
    assert_eq!(
        lines(ID, &position, 1),
        vec![line(28, "27", &[(1, 'w'), (29, 'b')], 'w')]
    );
    let (_, events) = play(
        Jequier,
        dealt(&Jequier, &position, 0, false),
        &[throw(&Jequier, 1), move_from(0, 28)],
    );
    assert_eq!(
        events[1],
        vec![
            piece(0, 28, Some(27), Why::Backward),
            piece(0, 27, Some(1), Why::Water),
            Event::Again { seat: seat(0) }
        ]
    );
}

#[test]
fn decision_position_text_has_w_b_and_o_and_cannot_hold_whites_first_move() {
    let position = text(AFTER_OPENING, 'w');
    // `moves` takes White's first move to be over: every piece may move.
    assert_eq!(lines(ID, &position, 1).len(), 5);
    assert_eq!(
        senet_engine::kendall_v1::moves_text(ID, "wbwbwbwbwb.................... o", "1"),
        Err(MovesTextError::Opening)
    );
    assert_eq!(
        Jequier.parse_position("cscscscscs.................... c"),
        Err(PositionError::BadSquare {
            square: 1,
            found: 'c'
        })
    );
    assert!(matches!(
        Jequier.parse_position(&text(
            &[(1, 'w'), (2, 'w'), (3, 'w'), (4, 'w'), (5, 'w'), (6, 'w')],
            'w'
        )),
        Err(PositionError::TooManyPieces {
            found: 6,
            allowed: 5,
            ..
        })
    ));
}

#[test]
fn decision_a_white_piece_swapped_back_onto_9_binds_whites_first_move_again() {
    // White has not moved; Black's piece on 9 takes White's on 12, which
    // goes back to 9: while it stands there, White's move is bound to it.
    let pieces = [(1, 'w'), (3, 'w'), (12, 'w'), (9, 'b'), (20, 'b')];
    let start = dealt(&Jequier, &text(&pieces, 'b'), 0, true);
    let (state, _) = play(
        Jequier,
        start,
        &[throw(&Jequier, 3), move_from(1, 9), throw(&Jequier, 2)],
    );
    assert_eq!(state.position.piece_at(sq(9)), Some(Side::Cone));
    assert_eq!(options(&Jequier.next(&state)), (0, vec![9]));
}

#[test]
fn the_examples_of_notation_sticks_md_hold() {
    assert_eq!(
        lines(ID, ".......w...bb................. w", 4),
        vec!["8 4 ...w.......bb................. w"]
    );
    assert_eq!(
        lines(ID, "wbwbwbwbw.b................... b", 2),
        vec![
            "8 10 wbwbwbw.wbb................... w",
            "11 13 wbwbwbwbw...b................. w"
        ]
    );
    assert_eq!(
        lines(RuleSetId::Simple, "........................c....s c", 6),
        vec!["25 off .............................s c"]
    );
}
