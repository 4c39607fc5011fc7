//! The simple rules (`rules-simple.md`): one test for every rule and every
//! Decision, differential tests against the independent reference in
//! `reference_rules/simple.rs`, invariants and a golden count.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::sticks;

use proptest::prelude::*;
use senet_engine::kendall_v1::{MovesTextError, PlayError, PositionError, Rules, Side};
use senet_engine::{
    ChanceKind, EndHow, Event, Kendall, Next, RuleSet, RuleSetId, Seat, Simple, Square, StepGame,
    Sticks, Why,
};
use sticks::{dealt, lines, move_from, options, piece, play, text, throw};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_games_agree_with_the_reference_at_every_step_and_replay(seed in any::<u64>()) {
        let game = sticks::lockstep(Simple, seed);
        sticks::replays(&game);
    }
}

#[test]
fn a_step_is_refused_exactly_when_check_step_refuses_it_and_changes_nothing() {
    for seed in 0..4 {
        assert!(sticks::steps_refused_as_check_step_refuses(Simple, seed) > 1000);
    }
}

#[test]
fn moves_agree_with_the_reference_on_thousands_of_positions_and_every_throw() {
    let lines = sticks::moves_agree(Simple, 1, 3000);
    assert!(lines > 10_000, "{lines}");
}

#[test]
fn golden_count_of_states_in_the_first_eight_steps() {
    let ours = sticks::engine_states(Simple, 8);
    assert_eq!(ours, sticks::reference_states(Simple, 8));
    assert_eq!(ours, 30_223);
}

const ID: RuleSetId = RuleSetId::Simple;

fn sq(n: u8) -> Square {
    Square::new(n).unwrap()
}

fn line(from: u8, to: &str, pieces: &[(u8, char)], side: char) -> String {
    format!("{from} {to} {}", text(pieces, side))
}

fn why_not(position: &str, t: u8, from: u8) -> PlayError {
    let position = Simple.parse_position(position).unwrap();
    Simple
        .play(&position, Simple.throw(t).unwrap(), sq(from))
        .unwrap_err()
}

#[test]
fn setup_is_cone_on_odd_and_spool_on_even_squares_of_the_top_row_and_cone_throws_first() {
    assert_eq!(
        Rules::position_text(&Simple, &Rules::start(&Simple)),
        "cscscscscs.................... c"
    );
    let mut game = StepGame::new(Simple, 2).unwrap();
    assert_eq!(game.next(), &Next::Chance(ChanceKind::Sticks));
    game.play(throw(&Simple, 3)).unwrap();
    assert_eq!(
        options(game.next()),
        (0, vec![1, 3, 5, 7, 9]),
        "seat 0 plays Cone"
    );
    assert_eq!(Simple.pieces_per_side(), 5);
}

#[test]
fn the_sticks_count_their_dark_sides_and_none_dark_is_six() {
    for bits in 0..16u8 {
        let lights = [bits & 1 != 0, bits & 2 != 0, bits & 4 != 0, bits & 8 != 0];
        let dark = lights.iter().filter(|&&l| !l).count() as u8;
        let expected = if dark == 0 { 6 } else { dark };
        assert_eq!(Simple.score(Sticks::from_lights(lights)).value(), expected);
    }
    assert!(Simple.throw(5).is_err(), "there is no 5");
    assert!(Simple.throw(6).is_ok());
}

#[test]
fn decision_the_throws_1_2_3_4_6_come_4_6_4_1_1_times_in_16() {
    let chances: Vec<(u8, f64)> = Simple
        .throw_chances()
        .into_iter()
        .map(|(t, p)| (t.value(), p * 16.0))
        .collect();
    assert_eq!(
        chances,
        vec![(1, 4.0), (2, 6.0), (3, 4.0), (4, 1.0), (6, 1.0)]
    );
}

#[test]
fn a_move_on_1_4_or_6_gives_another_throw_and_on_2_or_3_passes_the_turn() {
    for t in [1, 2, 3, 4, 6] {
        let extra = matches!(t, 1 | 4 | 6);
        assert_eq!(Simple.extra_throw(Simple.throw(t).unwrap()), extra);
        let start = dealt(&Simple, &text(&[(1, 'c'), (20, 's')], 'c'), 0, false);
        let (after, events) = play(Simple, start, &[throw(&Simple, t), move_from(0, 1)]);
        assert_eq!(after.position.to_move() == Side::Cone, extra, "throw {t}");
        assert_eq!(
            events[1].last() == Some(&Event::Again { seat: Seat::FIRST }),
            extra
        );
    }
}

#[test]
fn a_piece_moves_forward_by_the_throw() {
    assert_eq!(
        lines(ID, &text(&[(1, 'c'), (20, 's')], 'c'), 3),
        vec![line(1, "4", &[(4, 'c'), (20, 's')], 's')]
    );
}

#[test]
fn a_piece_may_not_land_on_a_friendly_piece() {
    let position = text(&[(1, 'c'), (4, 'c'), (20, 's')], 'c');
    assert_eq!(
        lines(ID, &position, 3),
        vec![line(4, "7", &[(1, 'c'), (7, 'c'), (20, 's')], 's')]
    );
    assert_eq!(
        why_not(&position, 3, 1),
        PlayError::OwnPieceOnDestination { square: sq(4) }
    );
}

#[test]
fn a_piece_with_a_friendly_piece_beside_it_is_defended_and_cannot_be_landed_on() {
    let position = text(&[(1, 'c'), (4, 's'), (5, 's')], 'c');
    assert_eq!(
        lines(ID, &position, 3),
        vec![format!(
            "pass {}",
            text(&[(1, 'c'), (4, 's'), (5, 's')], 's')
        )]
    );
    assert_eq!(
        why_not(&position, 3, 1),
        PlayError::ProtectedPiece { square: sq(4) }
    );
    // Defended from below as well.
    let position = text(&[(2, 'c'), (4, 's'), (5, 's')], 'c');
    assert_eq!(
        why_not(&position, 3, 2),
        PlayError::ProtectedPiece { square: sq(5) }
    );
}

#[test]
fn a_piece_on_26_28_or_29_is_defended_on_its_own_but_not_on_15_or_30() {
    for (from, t, to) in [(23, 3, 26), (25, 3, 28), (26, 3, 29)] {
        let position = text(&[(from, 'c'), (to, 's')], 'c');
        assert_eq!(
            why_not(&position, t, from),
            PlayError::ProtectedPiece { square: sq(to) },
            "{to}"
        );
    }
    assert_eq!(
        lines(ID, &text(&[(12, 'c'), (15, 's')], 'c'), 3),
        vec![line(12, "15", &[(15, 'c'), (12, 's')], 's')]
    );
    assert_eq!(
        lines(ID, &text(&[(26, 'c'), (30, 's')], 'c'), 4),
        vec![line(26, "30", &[(30, 'c'), (26, 's')], 'c')]
    );
}

#[test]
fn landing_on_an_undefended_opponent_swaps_the_two_pieces() {
    let position = text(&[(1, 'c'), (4, 's')], 'c');
    assert_eq!(
        lines(ID, &position, 3),
        vec![line(1, "4", &[(4, 'c'), (1, 's')], 's')]
    );
    let (_, events) = play(
        Simple,
        dealt(&Simple, &position, 0, false),
        &[throw(&Simple, 3), move_from(0, 1)],
    );
    assert_eq!(
        events[1],
        vec![
            piece(0, 1, Some(4), Why::Move),
            piece(1, 4, Some(1), Why::Swapped)
        ]
    );
}

#[test]
fn pieces_jump_freely_and_there_are_no_blockades() {
    let position = text(&[(1, 'c'), (2, 's'), (3, 's'), (4, 's')], 'c');
    assert_eq!(
        lines(ID, &position, 4),
        vec![line(1, "5", &[(5, 'c'), (2, 's'), (3, 's'), (4, 's')], 'c')]
    );
}

#[test]
fn there_is_no_mandatory_stop_on_26() {
    let position = text(&[(24, 'c'), (1, 's')], 'c');
    assert_eq!(
        lines(ID, &position, 4),
        vec![line(24, "28", &[(28, 'c'), (1, 's')], 'c')]
    );
}

#[test]
fn the_water_sends_a_piece_to_15() {
    let position = text(&[(25, 'c'), (1, 's')], 'c');
    assert_eq!(
        lines(ID, &position, 2),
        vec![line(25, "27", &[(15, 'c'), (1, 's')], 's')]
    );
    let (_, events) = play(
        Simple,
        dealt(&Simple, &position, 0, false),
        &[throw(&Simple, 2), move_from(0, 25)],
    );
    assert_eq!(
        events[1],
        vec![
            piece(0, 25, Some(27), Why::Move),
            piece(0, 27, Some(15), Why::Water)
        ]
    );
}

#[test]
fn the_water_sends_a_piece_to_the_nearest_empty_square_below_15_when_15_is_taken() {
    let position = text(&[(24, 'c'), (14, 'c'), (15, 's')], 'c');
    assert_eq!(
        lines(ID, &position, 3)[1],
        line(24, "27", &[(13, 'c'), (14, 'c'), (15, 's')], 's')
    );
}

#[test]
fn a_move_past_30_bears_the_piece_off() {
    for (from, t) in [
        (25, 6),
        (26, 6),
        (30, 1),
        (30, 2),
        (30, 3),
        (30, 4),
        (30, 6),
    ] {
        let position = text(&[(from, 'c'), (1, 's')], 'c');
        let side = if matches!(t, 1 | 4 | 6) { 'c' } else { 's' };
        assert_eq!(
            lines(ID, &position, t),
            vec![line(from, "off", &[(1, 's')], side)],
            "{from} with {t}"
        );
    }
}

#[test]
fn a_piece_on_28_bears_off_only_with_exactly_3() {
    let position = text(&[(28, 'c'), (1, 's')], 'c');
    assert_eq!(
        lines(ID, &position, 1),
        vec![line(28, "29", &[(29, 'c'), (1, 's')], 'c')]
    );
    assert_eq!(
        lines(ID, &position, 2),
        vec![line(28, "30", &[(30, 'c'), (1, 's')], 's')]
    );
    assert_eq!(
        lines(ID, &position, 3),
        vec![line(28, "off", &[(1, 's')], 's')]
    );
    for t in [4, 6] {
        assert_eq!(
            lines(ID, &position, t),
            vec![format!("pass {}", text(&[(28, 'c'), (1, 's')], 's'))]
        );
        assert_eq!(
            why_not(&position, t, 28),
            PlayError::NeedsExactThrow {
                square: sq(28),
                throw: 3
            }
        );
    }
}

#[test]
fn a_piece_on_29_bears_off_only_with_exactly_2() {
    let position = text(&[(29, 'c'), (1, 's')], 'c');
    assert_eq!(
        lines(ID, &position, 1),
        vec![line(29, "30", &[(30, 'c'), (1, 's')], 'c')]
    );
    assert_eq!(
        lines(ID, &position, 2),
        vec![line(29, "off", &[(1, 's')], 's')]
    );
    for t in [3, 4, 6] {
        assert_eq!(
            lines(ID, &position, t),
            vec![format!("pass {}", text(&[(29, 'c'), (1, 's')], 's'))]
        );
        assert_eq!(
            why_not(&position, t, 29),
            PlayError::NeedsExactThrow {
                square: sq(29),
                throw: 2
            }
        );
    }
}

#[test]
fn with_no_legal_move_the_turn_passes_with_no_further_throw_even_on_1_4_or_6() {
    let stuck_on_1 = text(&[(1, 'c'), (2, 'c'), (3, 's'), (4, 's')], 'c');
    let stuck_on_4_and_6 = text(&[(28, 'c'), (1, 's')], 'c');
    for (position, t) in [
        (&stuck_on_1, 1),
        (&stuck_on_4_and_6, 4),
        (&stuck_on_4_and_6, 6),
    ] {
        let (after, events) = play(
            Simple,
            dealt(&Simple, position, 0, false),
            &[throw(&Simple, t)],
        );
        assert_eq!(events[0], vec![Event::Pass { seat: Seat::FIRST }]);
        assert_eq!(
            after.position.to_move(),
            Side::Spool,
            "the turn passes on {t}"
        );
        assert_eq!(after.pending, None);
        assert_eq!(Simple.next(&after), Next::Chance(ChanceKind::Sticks));
    }
}

#[test]
fn there_are_no_backward_moves() {
    // The standard rules would force a move back here.
    let position = text(&[(5, 'c'), (6, 'c'), (7, 's'), (8, 's')], 'c');
    assert_eq!(
        lines(ID, &position, 1),
        vec![format!(
            "pass {}",
            text(&[(5, 'c'), (6, 'c'), (7, 's'), (8, 's')], 's')
        )]
    );
    let kendall = Kendall.parse_position(&position).unwrap();
    assert!(
        !Kendall
            .legal_moves(&kendall, Kendall.throw(1).unwrap())
            .is_empty()
    );
}

#[test]
fn the_first_to_bear_off_all_five_pieces_wins() {
    let position = text(&[(30, 'c'), (1, 's'), (2, 's')], 'c');
    let (after, events) = play(
        Simple,
        dealt(&Simple, &position, 0, false),
        &[throw(&Simple, 1), move_from(0, 30)],
    );
    assert_eq!(
        events[1],
        vec![piece(0, 30, None, Why::BorneOff)],
        "no throw after the end"
    );
    let Next::End(standing) = Simple.next(&after) else {
        panic!("the game is over")
    };
    assert_eq!(standing.winner(), Some(Seat::FIRST));
    assert_eq!(standing.how, EndHow::BorneOff);
    assert!(standing.scores.is_empty(), "the simple rules do not score");
    assert_eq!(Simple.winner(&after.position), Some(Side::Cone));
}

#[test]
fn decision_position_text_is_the_standard_one() {
    let position = text(&[(3, 'c'), (9, 's')], 's');
    let parsed = Simple.parse_position(&position).unwrap();
    assert_eq!(Rules::position_text(&Simple, &parsed), position);
    let opening = text(&[(3, 'c')], 'o');
    assert_eq!(
        Simple.parse_position(&opening),
        Err(PositionError::BadSide { found: 'o' }),
        "no opening, no `o`"
    );
    assert!(matches!(
        Simple.parse_position(&text(
            &[(1, 'c'), (2, 'c'), (3, 'c'), (4, 'c'), (5, 'c'), (6, 'c')],
            'c'
        )),
        Err(PositionError::TooManyPieces {
            found: 6,
            allowed: 5,
            ..
        })
    ));
    assert_eq!(
        Simple.parse_position(&text(&[(27, 'c')], 'c')),
        Err(PositionError::PieceCannotRest { square: 27 })
    );
}

#[test]
fn moves_refuses_a_bad_position_or_throw_with_a_clear_error() {
    let start = "cscscscscs.................... c";
    assert!(matches!(
        senet_engine::kendall_v1::moves_text(ID, start, "5"),
        Err(MovesTextError::Throw(_))
    ));
    let error = senet_engine::kendall_v1::moves_text(ID, start, "three").unwrap_err();
    assert_eq!(
        error.to_string(),
        "bad throw: `three` is not a throw: throws are 1, 2, 3, 4 or 6"
    );
    let error = senet_engine::kendall_v1::moves_text(ID, "cscscscscs....x............... c", "3")
        .unwrap_err();
    assert!(
        error.to_string().starts_with("bad position: square 15"),
        "{error}"
    );
}

#[test]
fn no_position_holds_more_moves_than_a_list() {
    use senet_engine::kendall_v1::{MAX_MOVES, MAX_PIECES, PositionError, Setup};
    // Nine or eight pieces that could all move with 1: no position has them,
    // so move generation never meets more pieces than a list holds.
    let nine: Vec<Square> = (0..9).map(|i| sq(1 + 2 * i)).collect();
    for n in [9, 8] {
        let setup = Setup::from_squares(&nine[..n], &[], Side::Cone);
        assert_eq!(
            senet_engine::kendall_v1::Position::try_from(setup),
            Err(PositionError::TooManyPieces {
                side: Side::Cone,
                found: n as u8,
                allowed: MAX_PIECES,
            })
        );
        assert!(Simple.position(setup).is_err());
    }
    // Seven, the most any stick rule set has, all move.
    let seven = Setup::from_squares(&nine[..7], &[], Side::Cone);
    let position = senet_engine::kendall_v1::Position::try_from(seven).unwrap();
    assert!(Simple.validate(&position).is_err());
    assert_eq!(
        Simple
            .legal_moves(&position, Simple.throw(1).unwrap())
            .len(),
        7
    );
    assert!(usize::from(MAX_PIECES) <= MAX_MOVES);
}

#[test]
fn a_setup_is_checked_square_by_square() {
    use senet_engine::kendall_v1::{PositionError, Setup};
    let shared = Setup::from_squares(&[sq(3)], &[sq(3)], Side::Cone);
    assert_eq!(
        senet_engine::kendall_v1::Position::try_from(shared),
        Err(PositionError::SharedSquare { square: 3 })
    );
    let off = Setup {
        cone: 1,
        spool: 0,
        to_move: Side::Cone,
    };
    assert_eq!(
        senet_engine::kendall_v1::Position::try_from(off),
        Err(PositionError::OffBoard { bit: 0 })
    );
    let start = senet_engine::kendall_v1::Rules::start(&Kendall);
    assert_eq!(Kendall.position(Setup::from(start)), Ok(start));
}
