//! Path of Peril on the step model: the setup, the die, a turn, winning and
//! losing, and refused steps, one test for every rule and every **Decision**
//! of `rules-peril.md`, from hand-made positions (the special squares are
//! in `model_peril_squares.rs`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::peril_common;

use peril_common::*;
use senet_engine::{
    ChanceKind, EndHow, Event, Next, Peril, PerilPhase, Place, RuleSet, RuleSetId, StepError, Why,
};

// ---- Setup and the die ----

#[test]
fn start_has_an_empty_board_seven_pawns_in_each_reserve_and_cone_to_roll() {
    let state = Peril.start(2).unwrap();
    assert_eq!(
        state.to_string(),
        ".............................. c 7/7 roll"
    );
    for seat in [CONE, spool()] {
        assert_eq!((state.on_board(seat), state.reserve(seat)), (0, 7));
        assert_eq!(state.removed(seat), 0);
    }
    assert_eq!(state.turn(), CONE, "Cone rolls first");
    assert_eq!(Peril.next(&state), Next::Chance(ChanceKind::Die));
    assert_eq!(Peril.id(), RuleSetId::Peril);
}

#[test]
fn two_seats_exactly() {
    assert_eq!(Peril.seat_range(), (2, 2));
    assert!(Peril.start(1).is_err());
    assert!(Peril.start(3).is_err());
}

#[test]
fn every_draw_is_one_die_with_six_equal_faces() {
    let odds = ChanceKind::Die.outcomes();
    assert_eq!(odds.len(), 6);
    assert!(odds.iter().all(|(_, p)| p.num * 6 == p.den));
    // The turn's roll, the Vulture's, the River's and the Trial's.
    for rest in ["c 5/6 roll", "c 5/6 vulture"] {
        assert!(die_next(&at(&[(26, 'c'), (4, 's')], rest)), "{rest}");
    }
    assert!(die_next(&at(&[(27, 'c'), (4, 's')], "c 5/6 river 27,4")));
    assert!(die_next(&at(&[(28, 'c'), (4, 's')], "c 5/6 trial")));
}

#[test]
fn cone_is_seat_0_and_decides_first() {
    let mut state = Peril.start(2).unwrap();
    roll(&mut state, 4);
    let Next::Decide { seat, .. } = Peril.next(&state) else {
        panic!("a decision")
    };
    assert_eq!(seat, CONE);
}

// ---- A turn ----

#[test]
fn roll_1_to_3_must_move_a_pawn_on_the_board() {
    for n in 1..=3 {
        let mut state = at(&[(10, 'c'), (20, 's')], "c 6/6 roll");
        roll(&mut state, n);
        assert_eq!(options(&state), vec![mv(10)], "no summon on a {n}");
        assert_eq!(refused(&state, enter(1)).code(), "no_summon");
    }
}

#[test]
fn roll_4_5_6_summons_onto_1_2_3() {
    for (n, to) in [(4, 1), (5, 2), (6, 3)] {
        let mut state = Peril.start(2).unwrap();
        roll(&mut state, n);
        assert_eq!(options(&state), vec![enter(to)]);
        let elsewhere = if to == 1 { 2 } else { 1 };
        assert_eq!(refused(&state, enter(elsewhere)).code(), "summon_square");
        let events = pick(&mut state, enter(to));
        assert_eq!(
            events,
            vec![piece(CONE, Place::Reserve, on(to), Why::Entered)]
        );
        assert_eq!(state.reserve(CONE), 6);
        assert_eq!(state.turn(), spool());
    }
}

#[test]
fn roll_4_5_6_offers_every_move_then_the_summon() {
    let mut state = at(&[(10, 'c'), (12, 'c'), (20, 's')], "c 5/6 roll");
    roll(&mut state, 5);
    assert_eq!(options(&state), vec![mv(10), mv(12), enter(2)]);
}

#[test]
fn a_summon_needs_an_empty_square_and_a_reserve_pawn() {
    // Its own pawn on 1, Spool's on 2: neither a 4 nor a 5 summons.
    for n in [4, 5] {
        let mut state = at(&[(1, 'c'), (2, 's')], "c 6/6 roll");
        roll(&mut state, n);
        assert_eq!(options(&state), vec![mv(1)], "a summon never captures");
        assert_eq!(refused(&state, enter(n - 3)).code(), "square_taken");
    }
    let mut state = at(&[(10, 'c'), (20, 's')], "c 0/6 roll");
    roll(&mut state, 4);
    assert_eq!(options(&state), vec![mv(10)]);
    assert_eq!(refused(&state, enter(1)).code(), "empty_reserve");
}

#[test]
fn a_pawn_may_not_land_on_a_friendly_pawn() {
    let mut state = at(&[(5, 'c'), (7, 'c'), (20, 's')], "c 5/6 roll");
    roll(&mut state, 2);
    assert_eq!(options(&state), vec![mv(7)]);
    assert_eq!(refused(&state, mv(5)).code(), "own_pawn");
    assert_eq!(refused(&state, mv(6)).code(), "no_pawn_of_yours");
}

#[test]
fn a_pawn_must_land_on_30_exactly() {
    let mut state = at(&[(10, 'c'), (25, 'c'), (20, 's')], "c 0/6 roll");
    roll(&mut state, 6);
    assert_eq!(options(&state), vec![mv(10)]);
    assert_eq!(refused(&state, mv(25)).code(), "past_30");
    let mut state = at(&[(10, 'c'), (25, 'c'), (20, 's')], "c 0/6 roll");
    roll(&mut state, 5);
    assert_eq!(options(&state), vec![mv(10), mv(25)]);
    pick(&mut state, mv(25));
    assert_eq!(state.pawn_at(sq(30)), Some(CONE));
}

#[test]
fn landing_on_an_opponent_removes_it_from_the_game_for_good() {
    let mut state = at(&[(5, 'c'), (8, 's'), (20, 's')], "c 5/5 roll");
    roll(&mut state, 3);
    let events = pick(&mut state, mv(5));
    assert_eq!(
        events,
        vec![
            piece(CONE, on(5), on(8), Why::Move),
            piece(spool(), on(8), Place::Removed, Why::Captured),
        ]
    );
    assert_eq!(state.pawn_at(sq(8)), Some(CONE));
    assert_eq!((state.reserve(spool()), state.removed(spool())), (5, 1));
}

#[test]
fn no_move_and_no_summon_passes_the_turn() {
    let mut state = Peril.start(2).unwrap();
    let events = roll(&mut state, 2);
    assert_eq!(events, vec![Event::Pass { seat: CONE }]);
    assert_eq!(state.turn(), spool());
    assert!(die_next(&state));
}

#[test]
fn a_single_option_is_still_the_seats_decision() {
    let mut state = Peril.start(2).unwrap();
    roll(&mut state, 6);
    assert_eq!(options(&state), vec![enter(3)]);
}

#[test]
fn there_are_no_extra_rolls_not_even_after_a_6() {
    let mut state = at(&[(10, 'c'), (20, 's')], "c 6/6 roll");
    roll(&mut state, 6);
    pick(&mut state, mv(10));
    assert_eq!((state.turn(), state.phase()), (spool(), PerilPhase::Roll));
}

// ---- Winning and losing ----

#[test]
fn a_player_with_no_pawns_on_the_board_or_in_reserve_loses() {
    let mut state = at(&[(23, 'c'), (20, 's')], "c 0/6 roll");
    roll(&mut state, 6);
    pick(&mut state, mv(23));
    let Next::End(standing) = Peril.next(&state) else {
        panic!("over")
    };
    assert_eq!(standing.places, vec![spool(), CONE]);
    assert_eq!(standing.how, EndHow::NoPawns);
    assert!(standing.scores.is_empty());
    let mut state = at(&[(5, 'c'), (8, 's')], "c 6/0 roll");
    roll(&mut state, 3);
    pick(&mut state, mv(5));
    assert_eq!(
        state.phase(),
        PerilPhase::Over {
            winner: CONE,
            how: EndHow::NoPawns
        }
    );
}

#[test]
fn decision_pawns_left_are_judged_once_the_move_and_all_its_effects_are_done() {
    // Spool's last pawn is taken on 15: the Ankh still asks first.
    let mut state = at(&[(9, 'c'), (15, 's')], "c 3/0 roll");
    roll(&mut state, 6);
    pick(&mut state, mv(9));
    assert_eq!(state.phase(), PerilPhase::Ankh);
    pick(&mut state, place(1));
    assert!(matches!(Peril.next(&state), Next::End(s) if s.winner() == Some(CONE)));
    // Spool's last pawn is taken on 26: the Vulture still rolls.
    let mut state = at(&[(20, 'c'), (26, 's')], "c 3/0 roll");
    roll(&mut state, 6);
    pick(&mut state, mv(20));
    assert!(die_next(&state));
}

#[test]
fn decision_when_one_effect_leaves_both_players_without_pawns_the_player_on_turn_wins() {
    // Cone's last pawn takes Spool's last on 26; the Vulture's 1–4 makes
    // Cone remove it.
    let mut state = at(&[(20, 'c'), (26, 's')], "c 0/0 roll");
    roll(&mut state, 6);
    pick(&mut state, mv(20));
    roll(&mut state, 2);
    assert_eq!(options(&state), vec![remove(26)]);
    pick(&mut state, remove(26));
    assert_eq!(state.pawns_left(CONE) + state.pawns_left(spool()), 0);
    let Next::End(standing) = Peril.next(&state) else {
        panic!("over")
    };
    assert_eq!(
        (standing.winner(), standing.how),
        (Some(CONE), EndHow::NoPawns)
    );
}

// ---- Steps other than the next one ----

#[test]
fn a_step_other_than_the_next_is_refused_and_changes_nothing() {
    let state = Peril.start(2).unwrap();
    assert_eq!(
        refused(&state, enter(1)),
        StepError::ChanceNext(ChanceKind::Die)
    );
    let mut state = at(&[(10, 'c'), (20, 's')], "c 6/6 roll");
    roll(&mut state, 4);
    let mut after = state;
    let error = Peril
        .apply(&mut after, die(3), &mut Vec::new())
        .unwrap_err();
    assert_eq!(error, StepError::DecisionNext(CONE));
    let error = Peril
        .apply(
            &mut after,
            senet_engine::Step::Decide {
                seat: spool(),
                choice: mv(10),
            },
            &mut Vec::new(),
        )
        .unwrap_err();
    assert_eq!(error, StepError::NotYourDecision(CONE));
    assert_eq!(refused(&state, place(1)).code(), "not_an_option");
    assert_eq!(after, state);
    let over = at(&[(30, 'c'), (20, 's')], "c 6/6 over c gates");
    let mut after = over;
    let error = Peril
        .apply(&mut after, die(1), &mut Vec::new())
        .unwrap_err();
    assert_eq!(error, StepError::GameOver);
}
