//! One test for every rule and every **Decision** of `rules-kendall.md`,
//! each named for what it checks.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{lines, pos, sq, text, throw};
use senet_engine::kendall_v1::{
    Destination, Direction, Effect, PlayError, PositionError, Rules, Side,
};
use senet_engine::{Kendall, Sticks};

// ---- Board, pieces and setup ----

#[test]
fn start_has_cone_on_odd_and_spool_on_even_squares_with_cone_to_throw() {
    let start = Kendall.start();
    assert_eq!(
        Kendall.position_text(&start),
        "cscscscscs.................... c"
    );
    assert_eq!(start.to_move(), Side::Cone);
    assert_eq!(start.on_board(Side::Cone), 5);
    assert_eq!(start.on_board(Side::Spool), 5);
}

#[test]
fn squares_follow_the_s_shaped_path_on_the_grid() {
    assert_eq!(sq(1).grid(), (1, 1));
    assert_eq!(sq(10).grid(), (1, 10));
    assert_eq!(sq(11).grid(), (2, 10));
    assert_eq!(sq(20).grid(), (2, 1));
    assert_eq!(sq(21).grid(), (3, 1));
    assert_eq!(sq(30).grid(), (3, 10));
}

// ---- Throwing sticks ----

#[test]
fn sticks_score_their_light_sides_and_none_light_scores_five() {
    let score = |lights| Kendall.score(Sticks::from_lights(lights)).value();
    assert_eq!(score([false, false, false, false]), 5);
    assert_eq!(score([true, false, false, false]), 1);
    assert_eq!(score([false, true, true, false]), 2);
    assert_eq!(score([true, true, false, true]), 3);
    assert_eq!(score([true, true, true, true]), 4);
}

#[test]
fn throw_probabilities_are_4_6_4_1_1_sixteenths() {
    let chances: Vec<(u8, f64)> = Kendall
        .throw_chances()
        .into_iter()
        .map(|(t, p)| (t.value(), p * 16.0))
        .collect();
    assert_eq!(
        chances,
        vec![(1, 4.0), (2, 6.0), (3, 4.0), (4, 1.0), (5, 1.0)]
    );
}

#[test]
fn only_throws_one_to_five_exist() {
    assert!(Kendall.throw(0).is_err());
    assert!(Kendall.throw(6).is_err());
    for value in 1..=5 {
        assert_eq!(Kendall.throw(value).unwrap().value(), value);
    }
}

#[test]
fn sticks_drawn_from_an_rng_cover_every_fall() {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let mut seen = [0u32; 16];
    for _ in 0..1600 {
        let lights = Sticks::throw(&mut rng).lights();
        let index = lights
            .iter()
            .enumerate()
            .map(|(i, &l)| usize::from(l) << i)
            .sum::<usize>();
        seen[index] += 1;
    }
    assert!(seen.iter().all(|&n| n > 50), "falls were {seen:?}");
}

use rand::SeedableRng;

// ---- The reference example ----

#[test]
fn reference_example_from_the_start_with_three_every_cone_captures() {
    let moves = lines(&Kendall.start(), 3);
    assert_eq!(moves.len(), 5);
    assert_eq!(moves[0], "1 4 sscccscscs.................... s");
    assert!(moves[..4].iter().all(|line| line.contains(' ')));
}

// ---- Rule 1: mandatory stop on 26 ----

#[test]
fn a_piece_below_26_may_not_jump_beyond_26() {
    // 24 + 3 = 27 and 25 + 2 = 27 both skip 26.
    assert_eq!(
        lines(&pos(&[24], &[1], 'c'), 3),
        vec![format!("pass {}", text(&[24], &[1], 's'))]
    );
    assert_eq!(
        Kendall.play(&pos(&[25], &[1], 'c'), throw(2), sq(25)),
        Err(PlayError::MustStopOnHappiness)
    );
}

#[test]
fn a_piece_may_land_exactly_on_26_and_leave_it_later() {
    assert_eq!(
        lines(&pos(&[23], &[1], 'c'), 3),
        vec![format!("23 26 {}", text(&[26], &[1], 's'))]
    );
    assert_eq!(
        lines(&pos(&[26], &[1], 'c'), 3),
        vec![format!("26 29 {}", text(&[29], &[1], 's'))]
    );
}

// ---- Rule 2: bearing off ----

#[test]
fn pieces_bear_off_from_28_with_3_from_29_with_2_and_from_30_with_1() {
    assert_eq!(
        lines(&pos(&[28, 1], &[2], 'c'), 3)[1],
        format!("28 off {}", text(&[1], &[2], 's'))
    );
    assert_eq!(
        lines(&pos(&[29, 1], &[2], 'c'), 2)[1],
        format!("29 off {}", text(&[1], &[2], 's'))
    );
    // A throw of 1 throws again, so the same side is to throw.
    assert_eq!(
        lines(&pos(&[30, 1], &[2], 'c'), 1)[1],
        format!("30 off {}", text(&[1], &[2], 'c'))
    );
}

#[test]
fn overshooting_the_board_is_illegal() {
    for (from, t) in [(28, 4), (28, 5), (29, 3), (29, 4), (30, 2), (30, 5)] {
        assert_eq!(
            Kendall.play(&pos(&[from], &[1], 'c'), throw(t), sq(from)),
            Err(PlayError::Overshoots),
            "{from} with {t}"
        );
    }
}

#[test]
fn decision_26_plus_5_does_not_bear_off() {
    assert_eq!(
        Kendall.play(&pos(&[26], &[1], 'c'), throw(5), sq(26)),
        Err(PlayError::Overshoots)
    );
    assert_eq!(
        lines(&pos(&[26], &[1], 'c'), 5),
        vec![format!("pass {}", text(&[26], &[1], 's'))]
    );
}

#[test]
fn moves_within_the_last_squares_are_ordinary_moves() {
    assert_eq!(
        lines(&pos(&[28], &[1], 'c'), 1),
        vec![format!("28 29 {}", text(&[29], &[1], 'c'))]
    );
    assert_eq!(
        lines(&pos(&[28], &[1], 'c'), 2),
        vec![format!("28 30 {}", text(&[30], &[1], 's'))]
    );
    assert_eq!(
        lines(&pos(&[29], &[1], 'c'), 1),
        vec![format!("29 30 {}", text(&[30], &[1], 'c'))]
    );
}

// ---- Rule 3: blockades ----

#[test]
fn three_opponent_pieces_in_a_row_cannot_be_passed() {
    let blocked = pos(&[11], &[12, 13, 14], 'c');
    assert_eq!(
        Kendall.play(&blocked, throw(4), sq(11)),
        Err(PlayError::Blockade { at: sq(12) })
    );
    assert_eq!(
        Kendall.play(&pos(&[10], &[12, 13, 14, 15], 'c'), throw(5), sq(10)),
        Err(PlayError::Blockade { at: sq(12) })
    );
}

#[test]
fn two_opponent_pieces_in_a_row_can_be_passed() {
    assert_eq!(
        lines(&pos(&[11], &[12, 13], 'c'), 3),
        vec![format!("11 14 {}", text(&[14], &[12, 13], 's'))]
    );
}

#[test]
fn a_blockade_does_not_stop_its_own_side() {
    let own_wall = pos(&[11, 12, 13, 14], &[1], 'c');
    assert!(Kendall.play(&own_wall, throw(4), sq(11)).is_ok());
}

#[test]
fn a_blockade_beyond_the_destination_does_not_matter() {
    assert!(
        Kendall
            .play(&pos(&[10], &[13, 14, 15], 'c'), throw(2), sq(10))
            .is_ok()
    );
}

// ---- Rule 4: destination ----

#[test]
fn a_piece_may_not_land_on_its_own_side() {
    // From the start with 2 every Cone but the one on 9 lands on a Cone.
    assert_eq!(
        lines(&Kendall.start(), 2),
        vec![format!(
            "9 11 {}",
            text(&[1, 3, 5, 7, 11], &[2, 4, 6, 8, 10], 's')
        )]
    );
    assert_eq!(
        Kendall.play(&Kendall.start(), throw(2), sq(1)),
        Err(PlayError::OwnPieceOnDestination { square: sq(3) })
    );
}

#[test]
fn a_piece_with_a_friendly_neighbour_is_protected() {
    let pair = pos(&[10, 1], &[12, 13], 'c');
    for t in [2, 3] {
        let to = 10 + t;
        assert_eq!(
            Kendall.play(&pair, throw(t), sq(10)),
            Err(PlayError::ProtectedPiece { square: sq(to) })
        );
    }
}

#[test]
fn a_piece_on_28_or_29_is_protected() {
    assert_eq!(
        Kendall.play(&pos(&[26], &[28], 'c'), throw(2), sq(26)),
        Err(PlayError::ProtectedPiece { square: sq(28) })
    );
    assert_eq!(
        Kendall.play(&pos(&[26], &[29], 'c'), throw(3), sq(26)),
        Err(PlayError::ProtectedPiece { square: sq(29) })
    );
}

#[test]
fn an_unprotected_piece_is_captured_by_swapping_places() {
    let moves = Kendall.legal_moves(&pos(&[10], &[13], 'c'), throw(3));
    let mv = moves.find(sq(10)).unwrap();
    assert_eq!(mv.effect, Effect::Capture);
    assert_eq!(
        lines(&pos(&[10], &[13], 'c'), 3),
        vec![format!("10 13 {}", text(&[13], &[10], 's'))]
    );
}

#[test]
fn decision_a_lone_piece_on_26_can_be_captured() {
    assert_eq!(
        lines(&pos(&[24], &[26], 'c'), 2),
        vec![format!("24 26 {}", text(&[26], &[24], 's'))]
    );
}

#[test]
fn decision_a_lone_piece_on_30_can_be_captured() {
    assert_eq!(
        lines(&pos(&[26], &[30], 'c'), 4),
        vec![format!("26 30 {}", text(&[30], &[26], 'c'))]
    );
}

#[test]
fn a_piece_on_30_next_to_a_friend_on_29_is_protected() {
    assert_eq!(
        Kendall.play(&pos(&[26], &[29, 30], 'c'), throw(4), sq(26)),
        Err(PlayError::ProtectedPiece { square: sq(30) })
    );
}

// ---- House of Water ----

#[test]
fn landing_on_27_sends_the_piece_to_15() {
    let moves = Kendall.legal_moves(&pos(&[26], &[1], 'c'), throw(1));
    let mv = moves.find(sq(26)).unwrap();
    assert_eq!(mv.to, Destination::Square(sq(27)));
    assert_eq!(mv.effect, Effect::Water { rebirth: sq(15) });
    // A 1 throws again: still Cone to throw.
    assert_eq!(
        lines(&pos(&[26], &[1], 'c'), 1),
        vec![format!("26 27 {}", text(&[15], &[1], 'c'))]
    );
}

#[test]
fn when_15_is_taken_the_water_sends_the_piece_to_the_highest_empty_square_below_15() {
    // 15 held by the opponent, 14 by a friend: the piece goes to 13.
    assert_eq!(
        lines(&pos(&[26, 14], &[15], 'c'), 1)[1],
        format!("26 27 {}", text(&[14, 13], &[15], 'c'))
    );
    // 15 held by a friend.
    assert_eq!(
        lines(&pos(&[26, 15], &[1], 'c'), 1)[1],
        format!("26 27 {}", text(&[15, 14], &[1], 'c'))
    );
}

#[test]
fn no_piece_ever_rests_on_27() {
    assert_eq!(
        Kendall.parse_position(&format!("{}c{} c", ".".repeat(26), "...")),
        Err(PositionError::PieceCannotRest { square: 27 })
    );
}

// ---- Forced backward move ----

#[test]
fn when_no_forward_move_is_legal_and_one_lands_on_a_friend_a_piece_must_move_back() {
    // 23 + 2 lands on the Cone on 25; 25 + 2 skips 26.
    let stuck = pos(&[23, 25], &[1, 2], 'c');
    assert_eq!(
        lines(&stuck, 2),
        vec![
            format!("23 22 {}", text(&[22, 25], &[1, 2], 's')),
            format!("25 24 {}", text(&[23, 24], &[1, 2], 's')),
        ]
    );
    let mv = Kendall.legal_moves(&stuck, throw(2)).find(sq(23)).unwrap();
    assert_eq!(mv.direction, Direction::Backward);
}

#[test]
fn a_backward_move_goes_to_the_nearest_empty_square_never_captures_and_ignores_blockades() {
    // Spool on 20, 21, 22 is a blockade and 24 is occupied: 23 jumps back to 19,
    // 25 to 19 as well (24, 23, 22, 21, 20 are all taken).
    let stuck = pos(&[23, 25], &[20, 21, 22, 24], 'c');
    assert_eq!(
        lines(&stuck, 2),
        vec![
            format!("23 19 {}", text(&[19, 25], &[20, 21, 22, 24], 's')),
            format!("25 19 {}", text(&[19, 23], &[20, 21, 22, 24], 's')),
        ]
    );
}

#[test]
fn a_piece_with_no_empty_square_behind_it_cannot_move_back() {
    // 1 + 2 lands on the Cone on 3; 3 + 2 hits a protected pair.
    let stuck = pos(&[1, 3], &[5, 6], 'c');
    assert_eq!(
        lines(&stuck, 2),
        vec![format!("3 2 {}", text(&[1, 2], &[5, 6], 's'))]
    );
    assert_eq!(
        Kendall.play(&stuck, throw(2), sq(1)),
        Err(PlayError::NoEmptySquareBehind)
    );
}

#[test]
fn decision_a_piece_moving_back_onto_27_goes_into_the_water() {
    // 28 + 2 lands on the Cone on 30; 30 + 2 overshoots.
    let stuck = pos(&[28, 30], &[1], 'c');
    assert_eq!(
        lines(&stuck, 2),
        vec![
            format!("28 27 {}", text(&[15, 30], &[1], 's')),
            format!("30 29 {}", text(&[28, 29], &[1], 's')),
        ]
    );
    let mv = Kendall.legal_moves(&stuck, throw(2)).find(sq(28)).unwrap();
    assert_eq!(mv.effect, Effect::Water { rebirth: sq(15) });
}

#[test]
fn a_forward_move_blocked_by_a_blockade_onto_a_friend_does_not_force_a_backward_move() {
    // 11 + 4 would land on the Cone on 15, but the blockade on 12-14 stops it first;
    // 15 + 4 hits a protected pair. Nothing failed only for a friend: forfeit.
    let stuck = pos(&[11, 15], &[12, 13, 14, 19, 20], 'c');
    assert_eq!(
        lines(&stuck, 4),
        vec![format!(
            "pass {}",
            text(&[11, 15], &[12, 13, 14, 19, 20], 's')
        )]
    );
}

#[test]
fn a_forward_move_skipping_26_onto_a_friend_does_not_force_a_backward_move() {
    // 24 + 3 = 27 is illegal by the mandatory stop whoever stands there.
    let stuck = pos(&[24, 25], &[1], 'c');
    assert_eq!(
        lines(&stuck, 3),
        vec![format!("pass {}", text(&[24, 25], &[1], 's'))]
    );
}

#[test]
fn when_no_piece_can_move_back_the_turn_is_forfeited() {
    // 1 + 1 lands on 2 (friend); 2 + 1 hits a protected pair; nothing behind either.
    let stuck = pos(&[1, 2], &[3, 4], 'c');
    assert_eq!(
        lines(&stuck, 1),
        vec![format!("pass {}", text(&[1, 2], &[3, 4], 's'))]
    );
}

// ---- Turn order ----

#[test]
fn throws_of_1_4_and_5_throw_again_and_2_and_3_pass_the_turn() {
    for (t, next) in [(1, 'c'), (2, 's'), (3, 's'), (4, 'c'), (5, 'c')] {
        let line = &lines(&pos(&[1], &[30], 'c'), t)[0];
        assert!(line.ends_with(next), "throw {t}: {line}");
    }
}

#[test]
fn decision_a_forfeit_ends_the_turn_even_on_1_4_or_5() {
    // 24 with 4 and 5 overshoots 26; with 1 blocked by a protected pair.
    let stuck = pos(&[24], &[25, 26], 'c');
    for t in [1, 4, 5] {
        assert_eq!(
            lines(&stuck, t),
            vec![format!("pass {}", text(&[24], &[25, 26], 's'))],
            "throw {t}"
        );
    }
}

// ---- Winning ----

#[test]
fn bearing_off_the_last_piece_wins_at_once() {
    let last = pos(&[30], &[1, 2], 'c');
    let after = Kendall.play(&last, throw(1), sq(30)).unwrap();
    assert_eq!(Kendall.winner(&after), Some(Side::Cone));
    assert_eq!(
        Kendall.play(&after, throw(2), sq(1)),
        Err(PlayError::GameOver)
    );
}

#[test]
fn nobody_has_won_while_both_sides_have_pieces() {
    assert_eq!(Kendall.winner(&pos(&[30], &[1], 'c')), None);
}

// ---- Errors say why ----

#[test]
fn moving_an_empty_square_or_an_opponent_piece_is_refused() {
    let start = Kendall.start();
    assert_eq!(
        Kendall.play(&start, throw(3), sq(2)),
        Err(PlayError::NoPieceOfYours { square: sq(2) })
    );
    assert_eq!(
        Kendall.play(&start, throw(3), sq(20)),
        Err(PlayError::NoPieceOfYours { square: sq(20) })
    );
}

#[test]
fn forfeiting_is_refused_while_a_move_is_legal() {
    assert_eq!(
        Kendall.forfeit(&Kendall.start(), throw(3)),
        Err(PlayError::MustMove)
    );
    assert!(Kendall.forfeit(&pos(&[24], &[1], 'c'), throw(3)).is_ok());
}
