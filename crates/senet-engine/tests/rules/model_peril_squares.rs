//! Path of Peril on the step model: the special squares (15, 26–30), one
//! test for every rule and every **Decision** of `rules-peril.md` about
//! them, from hand-made positions.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::peril_common;

use peril_common::*;
use senet_engine::{EndHow, Next, Peril, PerilPhase, PerilState, Place, RuleSet, Why};

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
fn on_the_perch() -> PerilState {
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
fn before_the_trial(pieces: &[(u8, char)]) -> PerilState {
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
