//! Kendall's seven-piece game (`rules-kendall7.md` over `rules-kendall.md`):
//! one test for every rule and every Decision, differential tests against
//! the independent reference in `reference_rules/kendall7.rs`, invariants
//! and a golden count.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::sticks;

use proptest::prelude::*;
use senet_engine::kendall_v1::{MovesTextError, PlayError, PositionError, Rules, Side};
use senet_engine::{
    ChanceKind, EndHow, Event, Kendall, Kendall7, Next, Prob, Roll, RuleSet, RuleSetId, Seat,
    Seating, Square, StepGame, Sticks, Why,
};
use sticks::{dealt, lines, lot, move_from, options, piece, play, text, throw};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_games_agree_with_the_reference_at_every_step_and_replay(seed in any::<u64>()) {
        let game = sticks::lockstep(Kendall7, seed);
        sticks::replays(&game);
    }
}

#[test]
fn a_step_is_refused_exactly_when_check_step_refuses_it_and_changes_nothing() {
    for seed in 0..4 {
        assert!(sticks::steps_refused_as_check_step_refuses(Kendall7, seed) > 1000);
    }
}

#[test]
fn moves_agree_with_the_reference_on_thousands_of_positions_and_every_throw() {
    let lines = sticks::moves_agree(Kendall7, 1, 3000);
    assert!(lines > 10_000, "{lines}");
}

#[test]
fn golden_count_of_states_in_the_first_ten_steps() {
    let ours = sticks::engine_states(Kendall7, 10);
    assert_eq!(ours, sticks::reference_states(Kendall7, 10));
    assert_eq!(ours, 143_379);
}

const ID: RuleSetId = RuleSetId::Kendall7;
const START: &str = "cscscscscscscs................";

fn sq(n: u8) -> Square {
    Square::new(n).unwrap()
}

fn seat(n: u8) -> Seat {
    Seat::new(n).unwrap()
}

fn line(from: u8, to: &str, pieces: &[(u8, char)], side: char) -> String {
    format!("{from} {to} {}", text(pieces, side))
}

fn why_not(position: &str, t: u8, from: u8) -> PlayError {
    let position = Kendall7.parse_position(position).unwrap();
    Kendall7
        .play(&position, Kendall7.throw(t).unwrap(), sq(from))
        .unwrap_err()
}

/// A game through its opening: the lot falls on `first`, who throws 2,
/// the other seat throws 3, and `first` throws the 1.
fn opened(first: u8) -> (StepGame<Kendall7>, Vec<Vec<Event>>) {
    let mut game = StepGame::new(Kendall7, 2).unwrap();
    let events = [
        lot(first),
        throw(&Kendall7, 2),
        throw(&Kendall7, 3),
        throw(&Kendall7, 1),
    ]
    .into_iter()
    .map(|step| game.play(step).unwrap())
    .collect();
    (game, events)
}

#[test]
fn setup_is_seven_pieces_a_side_cone_on_the_odd_and_spool_on_the_even_squares_1_to_14() {
    assert_eq!(Kendall7.pieces_per_side(), 7);
    let start = Rules::start(&Kendall7);
    assert_eq!(
        start
            .squares(Side::Cone)
            .map(|s| s.number())
            .collect::<Vec<_>>(),
        vec![1, 3, 5, 7, 9, 11, 13]
    );
    assert_eq!(
        start
            .squares(Side::Spool)
            .map(|s| s.number())
            .collect::<Vec<_>>(),
        vec![2, 4, 6, 8, 10, 12, 14]
    );
    let game = StepGame::new(Kendall7, 2).unwrap();
    assert_eq!(
        game.rules().position_text(game.state()),
        format!("{START} o")
    );
}

#[test]
fn the_opening_begins_with_a_fair_lot_for_the_seat_that_throws_first() {
    let mut game = StepGame::new(Kendall7, 2).unwrap();
    assert_eq!(game.next(), &Next::Chance(ChanceKind::Lot { seats: 2 }));
    let outcomes = ChanceKind::Lot { seats: 2 }.outcomes();
    assert_eq!(
        outcomes,
        vec![
            (Roll::Lot { seat: seat(0) }, Prob { num: 1, den: 2 }),
            (Roll::Lot { seat: seat(1) }, Prob { num: 1, den: 2 })
        ]
    );
    assert!(game.play(lot(2)).is_err(), "only two seats");
    assert!(
        game.play(move_from(0, 1)).is_err(),
        "nobody moves before the lot"
    );
    assert_eq!(game.play(lot(1)).unwrap(), vec![]);
    assert_eq!(game.state().seating, Seating::Opening { thrower: seat(1) });
    assert_eq!(game.next(), &Next::Chance(ChanceKind::Sticks));
}

#[test]
fn decision_opening_throws_other_than_1_move_nothing_give_no_extra_throw_and_alternate() {
    let mut game = StepGame::new(Kendall7, 2).unwrap();
    game.play(lot(1)).unwrap();
    for (t, thrower, next) in [(2, 1, 0), (4, 0, 1), (5, 1, 0), (3, 0, 1)] {
        let events = game.play(throw(&Kendall7, t)).unwrap();
        assert_eq!(
            events,
            vec![Event::Pass {
                seat: seat(thrower)
            }],
            "throw {t}"
        );
        assert_eq!(
            game.state().seating,
            Seating::Opening {
                thrower: seat(next)
            }
        );
        assert_eq!(
            game.rules().position_text(game.state()),
            format!("{START} o")
        );
    }
}

#[test]
fn the_seat_that_throws_the_1_takes_spool_moves_14_to_15_at_once_and_throws_again() {
    let (game, events) = opened(1);
    assert_eq!(
        events[3],
        vec![
            Event::Colour {
                seat: seat(1),
                colour: 1
            },
            Event::Colour {
                seat: seat(0),
                colour: 0
            },
            piece(1, 14, Some(15), Why::Opening),
            Event::Again { seat: seat(1) },
        ]
    );
    let state = game.state();
    assert_eq!(state.seat_of(Side::Spool), Some(seat(1)));
    assert_eq!(state.seat_of(Side::Cone), Some(seat(0)));
    assert_eq!(
        game.rules().position_text(state),
        "cscscscscscsc.s............... s"
    );
    // Spool throws again, as a normal turn.
    assert_eq!(game.next(), &Next::Chance(ChanceKind::Sticks));
    let mut game = game;
    game.play(throw(&Kendall7, 2)).unwrap();
    assert_eq!(options(game.next()).0, 1, "seat 1 moves Spool");
}

#[test]
fn the_first_thrower_who_throws_a_1_at_once_takes_spool() {
    let mut game = StepGame::new(Kendall7, 2).unwrap();
    game.play(lot(0)).unwrap();
    let events = game.play(throw(&Kendall7, 1)).unwrap();
    assert_eq!(
        events[0],
        Event::Colour {
            seat: seat(0),
            colour: 1
        }
    );
    assert_eq!(game.state().seat_of(Side::Spool), Some(seat(0)));
    game.play(throw(&Kendall7, 3)).unwrap();
    // 12 + 3 lands on Spool's own piece on 15.
    assert_eq!(options(game.next()), (0, vec![2, 4, 6, 8, 10, 15]));
}

#[test]
fn decision_the_opening_throws_are_steps_of_the_record_and_replay() {
    let (game, _) = opened(0);
    assert_eq!(game.steps().len(), 4, "the lot and three opening throws");
    let again = StepGame::replay(Kendall7, 2, game.steps()).unwrap();
    assert_eq!(again.state(), game.state());
}

#[test]
fn the_side_field_is_o_while_the_opening_lasts_and_moves_refuses_it() {
    let mut game = StepGame::new(Kendall7, 2).unwrap();
    assert!(game.rules().position_text(game.state()).ends_with(" o"));
    game.play(lot(0)).unwrap();
    assert!(game.rules().position_text(game.state()).ends_with(" o"));
    game.play(throw(&Kendall7, 1)).unwrap();
    assert!(game.rules().position_text(game.state()).ends_with(" s"));
    assert_eq!(
        senet_engine::kendall_v1::moves_text(ID, &format!("{START} o"), "1"),
        Err(MovesTextError::Opening)
    );
}

#[test]
fn a_piece_on_a_safe_house_15_26_28_or_29_cannot_be_captured() {
    for (from, t, to) in [(12, 3, 15), (24, 2, 26), (26, 2, 28), (26, 3, 29)] {
        let position = text(&[(from, 'c'), (to, 's')], 'c');
        assert_eq!(
            why_not(&position, t, from),
            PlayError::ProtectedPiece { square: sq(to) },
            "{to}"
        );
    }
}

#[test]
fn decision_26_is_a_safe_house_unlike_the_standard_rules() {
    let position = text(&[(24, 'c'), (26, 's')], 'c');
    let kendall = Kendall.parse_position(&position).unwrap();
    assert_eq!(
        Kendall
            .legal_moves(&kendall, Kendall.throw(2).unwrap())
            .len(),
        1
    );
    assert_eq!(
        lines(ID, &position, 2),
        vec![format!("pass {}", text(&[(24, 'c'), (26, 's')], 's'))]
    );
}

#[test]
fn a_lone_piece_on_30_or_on_another_square_can_be_captured() {
    assert_eq!(
        lines(ID, &text(&[(26, 'c'), (30, 's')], 'c'), 4),
        vec![line(26, "30", &[(30, 'c'), (26, 's')], 'c')]
    );
    assert_eq!(
        lines(ID, &text(&[(13, 'c'), (16, 's')], 'c'), 3),
        vec![line(13, "16", &[(16, 'c'), (13, 's')], 's')]
    );
}

#[test]
fn protection_by_a_neighbour_and_blockades_of_three_apply_as_in_the_standard_rules() {
    let position = text(&[(1, 'c'), (4, 's'), (5, 's')], 'c');
    assert_eq!(
        why_not(&position, 3, 1),
        PlayError::ProtectedPiece { square: sq(4) }
    );
    let position = text(&[(1, 'c'), (2, 's'), (3, 's'), (4, 's')], 'c');
    assert_eq!(why_not(&position, 4, 1), PlayError::Blockade { at: sq(2) });
    // Two in a row are no blockade.
    assert_eq!(
        lines(ID, &text(&[(1, 'c'), (2, 's'), (3, 's')], 'c'), 4),
        vec![line(1, "5", &[(5, 'c'), (2, 's'), (3, 's')], 'c')]
    );
}

#[test]
fn the_standard_rules_hold_otherwise_mandatory_stop_exact_bear_off_and_water() {
    assert_eq!(
        why_not(&text(&[(24, 'c'), (1, 's')], 'c'), 4, 24),
        PlayError::MustStopOnHappiness
    );
    assert_eq!(
        why_not(&text(&[(26, 'c'), (1, 's')], 'c'), 5, 26),
        PlayError::Overshoots
    );
    for (from, t) in [(28, 3), (29, 2), (30, 1)] {
        let side = if t == 1 { 'c' } else { 's' };
        assert_eq!(
            lines(ID, &text(&[(from, 'c'), (1, 's')], 'c'), t),
            vec![line(from, "off", &[(1, 's')], side)]
        );
    }
    assert_eq!(
        lines(ID, &text(&[(26, 'c'), (1, 's')], 'c'), 1),
        vec![line(26, "27", &[(15, 'c'), (1, 's')], 'c')]
    );
    // 15 is taken: the highest empty square below it.
    assert_eq!(
        lines(ID, &text(&[(26, 'c'), (15, 's'), (14, 's')], 'c'), 1),
        vec![line(26, "27", &[(13, 'c'), (15, 's'), (14, 's')], 'c')]
    );
}

#[test]
fn the_forced_backward_move_and_the_forfeit_are_the_standard_rules() {
    let position = text(&[(5, 'c'), (6, 'c'), (7, 's'), (8, 's')], 'c');
    assert_eq!(
        lines(ID, &position, 1),
        vec![
            line(5, "4", &[(4, 'c'), (6, 'c'), (7, 's'), (8, 's')], 'c'),
            line(6, "4", &[(4, 'c'), (5, 'c'), (7, 's'), (8, 's')], 'c'),
        ]
    );
    // A forfeit gives no throw again, even on 1, 4 or 5.
    let stuck = text(&[(28, 'c'), (1, 's')], 'c');
    for t in [4, 5] {
        let (after, events) = play(
            Kendall7,
            dealt(&Kendall7, &stuck, 0, false),
            &[throw(&Kendall7, t)],
        );
        assert_eq!(events[0], vec![Event::Pass { seat: seat(0) }]);
        assert_eq!(after.position.to_move(), Side::Spool);
    }
}

#[test]
fn the_throws_are_the_standard_ones() {
    for bits in 0..16u8 {
        let lights = [bits & 1 != 0, bits & 2 != 0, bits & 4 != 0, bits & 8 != 0];
        let sticks = Sticks::from_lights(lights);
        assert_eq!(Kendall7.score(sticks), Kendall.score(sticks));
    }
    for t in 1..=5 {
        let t = Kendall7.throw(t).unwrap();
        assert_eq!(Kendall7.extra_throw(t), Kendall.extra_throw(t));
    }
    assert!(Kendall7.throw(6).is_err());
}

#[test]
fn the_first_to_bear_off_all_seven_pieces_wins() {
    let position = text(&[(30, 'c'), (1, 's')], 'c');
    // Seat 1 plays Cone here.
    let (after, _) = play(
        Kendall7,
        dealt(&Kendall7, &position, 1, false),
        &[throw(&Kendall7, 1), move_from(1, 30)],
    );
    let Next::End(standing) = Kendall7.next(&after) else {
        panic!("the game is over")
    };
    assert_eq!(standing.places, vec![seat(1), seat(0)]);
    assert_eq!(standing.how, EndHow::BorneOff);
    assert!(matches!(
        Kendall7.parse_position(&text(
            &[
                (1, 'c'),
                (2, 'c'),
                (3, 'c'),
                (4, 'c'),
                (5, 'c'),
                (6, 'c'),
                (7, 'c'),
                (8, 'c')
            ],
            'c'
        )),
        Err(PositionError::TooManyPieces {
            found: 8,
            allowed: 7,
            ..
        })
    ));
}

#[test]
fn the_standard_rules_keep_their_step_model_on_the_generalised_state() {
    use senet_engine::Kendall;
    let game = StepGame::new(Kendall, 2).unwrap();
    assert!(!game.state().in_opening(), "no opening");
    assert_eq!(game.state().seat_of(Side::Cone), Some(seat(0)));
    for seed in 0..4 {
        assert!(sticks::steps_refused_as_check_step_refuses(Kendall, seed) > 1000);
    }
}
