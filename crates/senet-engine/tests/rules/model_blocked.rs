//! `RuleSet::blocked` and `RuleSet::blocked_pieces`: for every rule set, a
//! piece of the deciding seat with no option gets the refusal `apply` gives
//! for moving it (the rules' own code and words); a piece with an option,
//! a decision that moves no piece and a state waiting for chance get none.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::modern_support;
use crate::peril_common;

use senet_engine::kendall_v1::Rules;
use senet_engine::{
    AnyRules, AnyState, Choice, Jequier, Kendall, Kendall7, Modern, Next, Peril, PerilPhase,
    RuleSet, Seat, Seating, Simple, Square, Step, StepError, StickState,
};

fn sq(n: u8) -> Square {
    Square::new(n).unwrap()
}

/// A stick state with colours dealt (seat 0 plays the first colour) and a
/// throw of `throw` waiting for a move of the side in the text.
fn stick_state<R: Rules>(rules: &R, position: &str, throw: u8) -> StickState {
    StickState {
        position: rules.parse_position(position).unwrap(),
        pending: Some(rules.throw(throw).unwrap()),
        seating: Seating::Dealt {
            first: Seat::FIRST,
            first_move_due: false,
        },
    }
}

/// The blocked pieces as `(square, code)`, checking each message is the
/// one `apply` gives for choosing it.
fn blocked<R: RuleSet>(
    rules: R,
    state: &R::State,
    choice: impl Fn(Square) -> Choice,
) -> Vec<(u8, &'static str)> {
    let Next::Decide { seat, .. } = rules.next(state) else {
        panic!("a decision waits")
    };
    rules
        .blocked_pieces(state)
        .into_iter()
        .map(|(square, error)| {
            let mut scratch = state.clone();
            let refused = rules
                .apply(
                    &mut scratch,
                    Step::Decide {
                        seat,
                        choice: choice(square),
                    },
                    &mut Vec::new(),
                )
                .unwrap_err();
            assert_eq!(refused, error, "the same refusal as choosing it");
            assert_eq!(rules.blocked(state, square), Some(error.clone()));
            assert!(!error.to_string().is_empty());
            (square.number(), error.code())
        })
        .collect()
}

fn stick_move(from: Square) -> Choice {
    Choice::Move { from }
}

#[test]
fn kendall_a_blockade_of_three_stops_a_piece_behind_it() {
    let state = stick_state(
        &Kendall,
        &sticks_text(&[(1, 'c'), (2, 's'), (3, 's'), (4, 's'), (20, 'c')], 'c'),
        4,
    );
    assert_eq!(blocked(Kendall, &state, stick_move), [(1, "blockade")]);
    let error = Kendall.blocked(&state, sq(1)).unwrap();
    assert_eq!(
        error.to_string(),
        "an opponent blockade on square 2 is in the way"
    );
    assert_eq!(Kendall.blocked(&state, sq(20)), None, "20 can move");
}

#[test]
fn kendall_7_a_piece_beside_a_friend_is_protected() {
    let position = sticks_text(&[(1, 'c'), (4, 's'), (5, 's'), (20, 'c')], 'c');
    let state = stick_state(&Kendall7, &position, 3);
    assert_eq!(
        blocked(Kendall7, &state, stick_move),
        [(1, "protected_piece")]
    );
}

#[test]
fn jequier_a_wall_of_three_cannot_be_passed() {
    let position = sticks_text(&[(1, 'w'), (2, 'b'), (3, 'b'), (4, 'b'), (20, 'w')], 'w');
    let state = stick_state(&Jequier, &position, 4);
    assert_eq!(blocked(Jequier, &state, stick_move), [(1, "blockade")]);
}

#[test]
fn jequier_the_first_move_rule_is_the_reason_while_it_binds() {
    let position = sticks_text(&[(1, 'w'), (9, 'w'), (20, 'b')], 'w');
    let mut state = stick_state(&Jequier, &position, 2);
    state.seating = Seating::Dealt {
        first: Seat::FIRST,
        first_move_due: true,
    };
    assert_eq!(
        blocked(Jequier, &state, stick_move),
        [(1, "first_move_from")]
    );
}

#[test]
fn simple_a_piece_may_not_land_on_its_own() {
    let position = sticks_text(&[(1, 'c'), (4, 'c'), (20, 's')], 'c');
    let state = stick_state(&Simple, &position, 3);
    assert_eq!(
        blocked(Simple, &state, stick_move),
        [(1, "own_piece_on_destination")]
    );
    // Not the deciding seat's piece: the rules say so too.
    assert_eq!(
        Simple.blocked(&state, sq(20)).map(|e| e.code()),
        Some("no_piece_of_yours")
    );
}

#[test]
fn stick_sets_name_no_blocked_piece_while_a_throw_is_due() {
    let state = RuleSet::start(Kendall, 2).unwrap();
    assert!(Kendall.blocked_pieces(&state).is_empty());
    assert_eq!(Kendall.blocked(&state, sq(1)), None);
}

#[test]
fn peril_a_pawn_may_not_land_on_a_friendly_pawn() {
    use peril_common::{at, mv, roll};
    let mut state = at(&[(5, 'c'), (7, 'c'), (20, 's')], "c 5/6 roll");
    roll(&mut state, 2);
    let pieces = blocked(Peril, &state, |from| mv(from.number()));
    assert_eq!(pieces, [(5, "own_pawn")]);
    assert_eq!(
        Peril.blocked(&state, sq(5)).unwrap().to_string(),
        "your own pawn stands on 7; a pawn may not land on a friendly pawn"
    );
}

#[test]
fn peril_every_pawn_blocked_while_a_summon_is_the_only_option() {
    use peril_common::{at, enter, options, roll};
    let mut state = at(&[(25, 'c'), (20, 's')], "c 5/6 roll");
    roll(&mut state, 6);
    assert_eq!(options(&state), vec![enter(3)]);
    let pieces = blocked(Peril, &state, |from| Choice::Move { from });
    assert_eq!(pieces, [(25, "past_30")]);
}

#[test]
fn peril_the_ankh_moves_no_pawn_so_none_is_blocked() {
    use peril_common::{at, mv, pick, roll};
    let mut state = at(&[(10, 'c'), (2, 's'), (20, 'c')], "c 5/6 roll");
    roll(&mut state, 5);
    pick(&mut state, mv(10));
    assert_eq!(state.phase(), PerilPhase::Ankh);
    assert!(Peril.blocked_pieces(&state).is_empty());
}

#[test]
fn modern_a_piece_on_28_to_30_that_can_move_must_move() {
    use modern_support::position;
    let state = position(
        2,
        &[(28, 'a', 4), (5, 'a', 1), (3, 'b', 1)],
        "a:dice12",
        "-",
        "-",
    );
    let pieces = blocked(Modern, &state, |from| Choice::MoveDice {
        from,
        by: senet_engine::DiceUse::Sum,
    });
    assert_eq!(pieces, [(5, "must_move_28_30")]);
}

#[test]
fn modern_a_piece_one_die_can_move_is_not_blocked() {
    use modern_support::{options, position};
    // 5 by the sum lands on its own piece on 9, by one die it moves.
    let state = position(
        2,
        &[(5, 'a', 3), (9, 'a', 2), (20, 'b', 1)],
        "a:dice13",
        "-",
        "-",
    );
    assert!(options(&state).contains(&"5/1".to_owned()));
    assert!(Modern.blocked_pieces(&state).is_empty());
}

#[test]
fn modern_the_piece_that_used_the_first_die_is_blocked_for_the_second() {
    use modern_support::{options, play, position};
    let mut state = position(
        2,
        &[(5, 'a', 3), (9, 'a', 2), (20, 'b', 1)],
        "a:dice13",
        "-",
        "-",
    );
    play(&mut state, "5/1");
    assert_eq!(options(&state), ["9/3"]);
    let pieces = blocked(Modern, &state, |from| Choice::MoveDice {
        from,
        by: senet_engine::DiceUse::Die { pips: 3 },
    });
    assert_eq!(pieces, [(6, "moved_already")]);
}

#[test]
fn modern_the_choice_of_dice_blocks_no_piece() {
    use modern_support::position;
    let state = position(2, &[(1, 'a', 5), (9, 'b', 3)], "a:choose", "-", "-");
    assert!(matches!(Modern.next(&state), Next::Decide { .. }));
    assert!(Modern.blocked_pieces(&state).is_empty());
    assert_eq!(Modern.blocked(&state, sq(1)), None);
}

#[test]
fn any_rules_dispatches_to_the_rule_set() {
    let position = sticks_text(&[(1, 'c'), (4, 'c'), (20, 's')], 'c');
    let state = AnyState::Simple(stick_state(&Simple, &position, 3));
    let rules = AnyRules::of(senet_engine::RuleSetId::Simple);
    let pieces: Vec<(u8, &str)> = rules
        .blocked_pieces(&state)
        .iter()
        .map(|(square, error)| (square.number(), error.code()))
        .collect();
    assert_eq!(pieces, [(1, "own_piece_on_destination")]);
    assert!(
        rules
            .refusal(&state, Choice::Move { from: sq(4) })
            .is_none()
    );
    assert!(matches!(
        rules.refusal(&state, Choice::Roll { dice: 1 }),
        Some(StepError::NotAnOption { .. })
    ));
}

/// The 30 board characters with `pieces` on them, then the side to move.
fn sticks_text(pieces: &[(u8, char)], side: char) -> String {
    let mut squares = ['.'; 30];
    for &(square, letter) in pieces {
        squares[usize::from(square) - 1] = letter;
    }
    let mut out: String = squares.iter().collect();
    out.push(' ');
    out.push(side);
    out
}
