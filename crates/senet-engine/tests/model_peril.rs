//! Path of Peril on the step model: one test for every rule and every
//! **Decision** of `rules-peril.md`, from hand-made positions.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod peril_common;

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

// ---- 15, the Ankh of Rebirth ----

#[test]
fn the_ankh_places_a_reserve_pawn_on_an_empty_square_of_1_2_3_the_player_chooses() {
    let mut state = at(&[(10, 'c'), (2, 's')], "c 5/6 roll");
    roll(&mut state, 5);
    pick(&mut state, mv(10));
    assert_eq!(state.phase(), PerilPhase::Ankh);
    assert_eq!(options(&state), vec![place(1), place(3)]);
    assert_eq!(refused(&state, place(2)).code(), "square_taken");
    assert_eq!(refused(&state, place(4)).code(), "ankh_square");
    let events = pick(&mut state, place(3));
    assert_eq!(
        events,
        vec![piece(CONE, Place::Reserve, on(3), Why::Entered)]
    );
    assert_eq!(state.reserve(CONE), 4);
    assert_eq!(state.turn(), spool());
}

#[test]
fn the_ankh_does_nothing_without_a_reserve_pawn() {
    let mut state = at(&[(10, 'c'), (2, 's')], "c 0/6 roll");
    roll(&mut state, 5);
    pick(&mut state, mv(10));
    assert_eq!((state.turn(), state.phase()), (spool(), PerilPhase::Roll));
}

#[test]
fn the_ankh_does_nothing_when_1_2_and_3_are_all_taken() {
    let mut state = at(&[(10, 'c'), (1, 'c'), (2, 's'), (3, 's')], "c 5/5 roll");
    roll(&mut state, 5);
    pick(&mut state, mv(10));
    assert_eq!((state.turn(), state.phase()), (spool(), PerilPhase::Roll));
}

#[test]
fn the_ankh_follows_a_capture_on_15() {
    let mut state = at(&[(10, 'c'), (15, 's')], "c 5/6 roll");
    roll(&mut state, 5);
    let events = pick(&mut state, mv(10));
    assert_eq!(events.len(), 2, "the move and the capture");
    assert_eq!(options(&state), vec![place(1), place(2), place(3)]);
}

// ---- 26, the Vulture's Perch ----

/// Cone on 5 and 20, Spool on 9: Cone moves 20 to 26.
fn on_the_perch() -> senet_engine::PerilState {
    let mut state = at(&[(5, 'c'), (20, 'c'), (9, 's')], "c 5/6 roll");
    roll(&mut state, 6);
    pick(&mut state, mv(20));
    assert_eq!(state.phase(), PerilPhase::VultureRoll);
    state
}

#[test]
fn the_vulture_on_1_to_4_removes_one_of_the_players_own_pawns_26_included() {
    for n in 1..=4 {
        let mut state = on_the_perch();
        assert!(roll(&mut state, n).is_empty());
        assert_eq!(options(&state), vec![remove(5), remove(26)]);
        assert_eq!(refused(&state, remove(9)).code(), "vulture_target");
        let events = pick(&mut state, remove(26));
        assert_eq!(
            events,
            vec![piece(CONE, on(26), Place::Removed, Why::Removed)]
        );
        assert_eq!(state.removed(CONE), 1);
        assert_eq!(state.turn(), spool());
    }
}

#[test]
fn the_vulture_on_5_or_6_removes_an_opponent_pawn() {
    for n in [5, 6] {
        let mut state = on_the_perch();
        roll(&mut state, n);
        assert_eq!(options(&state), vec![remove(9)]);
        let events = pick(&mut state, remove(9));
        assert_eq!(
            events,
            vec![piece(spool(), on(9), Place::Removed, Why::Removed)]
        );
        assert_eq!(state.removed(spool()), 1);
    }
}

#[test]
fn the_vulture_on_5_or_6_does_nothing_when_the_opponent_has_no_pawn_on_the_board() {
    let mut state = at(&[(20, 'c')], "c 5/4 roll");
    roll(&mut state, 6);
    pick(&mut state, mv(20));
    assert!(roll(&mut state, 6).is_empty());
    assert_eq!((state.turn(), state.phase()), (spool(), PerilPhase::Roll));
    assert_eq!(state.pawn_at(sq(26)), Some(CONE), "the pawn stays on 26");
}

// ---- 27, the River of Oblivion ----

#[test]
fn the_river_sweeps_every_pawn_from_30_down_with_one_roll_each() {
    let mut state = at(&[(21, 'c'), (30, 's'), (25, 'c'), (14, 's')], "c 5/5 roll");
    roll(&mut state, 6);
    let events = pick(&mut state, mv(21));
    assert_eq!(events, vec![piece(CONE, on(21), on(27), Why::Move)]);
    assert!(state.to_string().ends_with("river 30,27,25,14"), "{state}");
    let swept = [
        (1, piece(spool(), on(30), on(1), Why::Water)),
        (3, piece(CONE, on(27), on(2), Why::Water)),
        (5, piece(CONE, on(25), on(3), Why::Water)),
        (2, piece(spool(), on(14), Place::Reserve, Why::Water)),
    ];
    for (n, event) in swept {
        assert!(die_next(&state), "a die for every pawn");
        assert_eq!(roll(&mut state, n), vec![event]);
    }
    assert_eq!(
        state.to_string(),
        "scc........................... s 5/6 roll"
    );
}

#[test]
fn the_river_rolls_1_2_to_square_1_3_4_to_2_and_5_6_to_3() {
    for (n, to) in [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)] {
        let mut state = at(&[(21, 'c')], "c 6/7 roll");
        roll(&mut state, 6);
        pick(&mut state, mv(21));
        assert_eq!(
            roll(&mut state, n),
            vec![piece(CONE, on(27), on(to), Why::Water)]
        );
        assert_eq!(state.turn(), spool(), "one pawn swept, the turn is done");
    }
}

#[test]
fn the_river_puts_a_pawn_on_the_next_free_square_of_1_2_3_wrapping_around() {
    // 3 taken: on to 1. 2 and 3 taken: on to 1. 1 and 2 taken: on to 3.
    for (pieces, n, to) in [
        (&[(3, 's')][..], 5, 1),
        (&[(2, 's'), (3, 's')][..], 3, 1),
        (&[(1, 's'), (2, 's')][..], 1, 3),
    ] {
        let mut state = at(&[&[(21, 'c')], pieces].concat(), "c 6/5 roll");
        roll(&mut state, 6);
        pick(&mut state, mv(21));
        assert_eq!(
            roll(&mut state, n),
            vec![piece(CONE, on(27), on(to), Why::Water)]
        );
    }
}

#[test]
fn the_river_sends_a_pawn_back_to_its_reserve_when_1_2_3_are_all_taken() {
    let mut state = at(&[(21, 'c'), (1, 's'), (2, 'c'), (3, 's')], "c 5/5 roll");
    roll(&mut state, 6);
    pick(&mut state, mv(21));
    assert_eq!(
        roll(&mut state, 4),
        vec![piece(CONE, on(27), Place::Reserve, Why::Water)]
    );
    assert_eq!(state.reserve(CONE), 6);
}

#[test]
fn decision_the_river_rolls_for_every_pawn_even_when_the_outcome_cannot_matter() {
    // 1–3 are all held by pawns still to be swept: the pawn from 27 goes
    // back to its reserve whatever the die, and the die is still rolled.
    let mut state = at(&[(21, 'c'), (1, 's'), (2, 'c'), (3, 's')], "c 5/5 roll");
    roll(&mut state, 6);
    pick(&mut state, mv(21));
    assert_eq!(
        state.phase(),
        PerilPhase::River {
            unswept: 0b1110 | 1 << 27
        }
    );
    let mut rolls = 0;
    while die_next(&state) && state.turn() == CONE {
        roll(&mut state, 1);
        rolls += 1;
    }
    assert_eq!(rolls, 4, "one roll for each of the four pawns");
}

#[test]
fn decision_the_swept_pawn_is_lifted_first_so_its_own_square_counts_as_free() {
    // Spool's pawn on 2 is swept last; 1 and 3 hold swept pawns by then.
    let mut state = at(&[(21, 'c'), (30, 's'), (2, 's')], "c 5/5 roll");
    roll(&mut state, 6);
    pick(&mut state, mv(21));
    roll(&mut state, 1); // 30 → 1
    roll(&mut state, 5); // 27 → 3
    assert_eq!(
        roll(&mut state, 1),
        vec![piece(spool(), on(2), on(2), Why::Water)],
        "1 is taken, 2 is its own square and free"
    );
}

#[test]
fn decision_pawns_not_yet_swept_still_occupy_their_squares() {
    let mut state = at(&[(21, 'c'), (3, 's')], "c 6/6 roll");
    roll(&mut state, 6);
    pick(&mut state, mv(21));
    // The pawn from 27 rolls a 6 for square 3, still held by Spool's pawn.
    assert_eq!(
        roll(&mut state, 6),
        vec![piece(CONE, on(27), on(1), Why::Water)]
    );
    assert_eq!(
        roll(&mut state, 6),
        vec![piece(spool(), on(3), on(3), Why::Water)]
    );
}

// ---- 28, the Trial of the Three Gods ----

/// Cone moves 22 to 28 among `pieces`.
fn before_the_trial(pieces: &[(u8, char)]) -> senet_engine::PerilState {
    let mut state = at(&[&[(22, 'c'), (20, 's')], pieces].concat(), "c 3/3 roll");
    roll(&mut state, 6);
    pick(&mut state, mv(22));
    assert_eq!(state.phase(), PerilPhase::Trial);
    state
}

#[test]
fn the_trial_on_a_3_wins_at_once() {
    let mut state = before_the_trial(&[]);
    assert!(roll(&mut state, 3).is_empty());
    let Next::End(standing) = Peril.next(&state) else {
        panic!("over")
    };
    assert_eq!(standing.places, vec![CONE, spool()]);
    assert_eq!(standing.how, EndHow::Trial);
    assert!(state.to_string().ends_with("c 3/3 over c trial"), "{state}");
}

#[test]
fn the_trial_sends_the_pawn_to_the_rolled_square() {
    for n in [1, 2, 4, 5, 6] {
        let mut state = before_the_trial(&[]);
        assert_eq!(
            roll(&mut state, n),
            vec![piece(CONE, on(28), on(n), Why::Effect)]
        );
        assert_eq!(state.turn(), spool());
    }
}

#[test]
fn the_trial_captures_an_opponent_pawn_on_the_rolled_square() {
    let mut state = before_the_trial(&[(4, 's')]);
    let removed = state.removed(spool());
    assert_eq!(
        roll(&mut state, 4),
        vec![
            piece(CONE, on(28), on(4), Why::Effect),
            piece(spool(), on(4), Place::Removed, Why::Captured),
        ]
    );
    assert_eq!(state.removed(spool()), removed + 1);
}

#[test]
fn decision_the_trial_onto_a_friendly_pawn_goes_to_the_nearest_square_below_holding_no_pawn() {
    // 5 is Cone's, 4 Spool's (skipped: this fallback never captures), 3 free.
    let mut state = before_the_trial(&[(5, 'c'), (4, 's')]);
    assert_eq!(
        roll(&mut state, 5),
        vec![piece(CONE, on(28), on(3), Why::Effect)]
    );
    assert_eq!(state.pawn_at(sq(4)), Some(spool()));
}

#[test]
fn the_trial_with_no_empty_square_below_returns_the_pawn_to_the_reserve() {
    for pieces in [&[(1, 'c')][..], &[(2, 'c'), (1, 's')][..]] {
        let mut state = before_the_trial(pieces);
        let n = pieces[0].0;
        assert_eq!(
            roll(&mut state, n),
            vec![piece(CONE, on(28), Place::Reserve, Why::Effect)]
        );
        assert_eq!(state.reserve(CONE), 4);
    }
}

// ---- 29 and 30 ----

#[test]
fn the_eye_of_judgment_removes_the_pawn() {
    let mut state = at(&[(23, 'c'), (20, 's')], "c 6/6 roll");
    roll(&mut state, 6);
    assert_eq!(
        pick(&mut state, mv(23)),
        vec![
            piece(CONE, on(23), on(29), Why::Move),
            piece(CONE, on(29), Place::Removed, Why::Removed),
        ]
    );
    assert_eq!(state.removed(CONE), 1);
}

#[test]
fn landing_on_30_does_not_win() {
    let mut state = at(&[(24, 'c'), (20, 's')], "c 5/6 roll");
    roll(&mut state, 6);
    pick(&mut state, mv(24));
    assert_eq!((state.turn(), state.phase()), (spool(), PerilPhase::Roll));
}

#[test]
fn the_gates_a_6_at_the_start_of_a_later_turn_wins_at_once() {
    let mut state = at(&[(24, 'c'), (10, 'c'), (12, 's')], "c 5/6 roll");
    roll(&mut state, 6);
    pick(&mut state, mv(24));
    roll(&mut state, 6); // Spool: a 6 is only a roll for Spool
    assert_eq!(state.turn(), spool());
    pick(&mut state, mv(12));
    assert!(roll(&mut state, 6).is_empty(), "no move is made");
    let Next::End(standing) = Peril.next(&state) else {
        panic!("over")
    };
    assert_eq!(
        (standing.winner(), standing.how),
        (Some(CONE), EndHow::Gates)
    );
}

#[test]
fn the_gates_any_other_roll_is_used_normally_and_the_pawn_stays() {
    let mut state = at(&[(30, 'c'), (10, 'c'), (20, 's')], "c 5/6 roll");
    roll(&mut state, 4);
    assert_eq!(options(&state), vec![mv(10), enter(1)]);
    pick(&mut state, mv(10));
    assert_eq!(state.pawn_at(sq(30)), Some(CONE));
}

#[test]
fn a_pawn_waiting_on_30_can_be_captured() {
    let mut state = at(&[(30, 'c'), (24, 's')], "s 5/6 roll");
    roll(&mut state, 6);
    assert_eq!(
        pick(&mut state, mv(24)),
        vec![
            piece(spool(), on(24), on(30), Why::Move),
            piece(CONE, on(30), Place::Removed, Why::Captured),
        ]
    );
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
