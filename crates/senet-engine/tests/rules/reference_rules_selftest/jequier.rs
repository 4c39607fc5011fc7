//! Self-tests of the `jequier` reference (rules-jequier.md).

use super::reference_rules::jequier::{self, Chance, Choice, Game, SENDS_AWAY, Side};
use super::reference_rules::{Census, Prob, RefGame, Standing};
use super::{Inspect, chance, decide, options, outcomes, random_games, standing, strings, text};

inspect_game!(seats: 2);

const START: &str = "wbwbwbwbwb.................... o";

fn moves(position: &str, throw: u8) -> Vec<String> {
    jequier::moves(position, throw).expect("valid position and throw")
}

fn throw(t: u8) -> Chance {
    Chance::Throw(t)
}

fn mv(from: u8) -> Choice {
    Choice::Move { from }
}

/// The game at `position`, Black played by seat 1, White's obligation over.
fn at(position: &str) -> Game {
    Game::from_position(position, 1, false).expect("valid test position")
}

/// The game at `position`, Black played by seat 1, White not yet moved.
fn before_whites_first_move(position: &str) -> Game {
    Game::from_position(position, 1, true).expect("valid test position")
}

fn pass(pieces: &[(usize, char)], next: char) -> Vec<String> {
    vec![format!("pass {}", text(pieces, next))]
}

fn froms(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .map(|l| l.split(' ').take(2).collect::<Vec<_>>().join(" "))
        .collect()
}

// ---- Setup and throws ----

#[test]
fn jequier_start_has_white_on_odd_and_black_on_even_squares_in_the_opening() {
    let game = jequier::new_game(0);
    assert_eq!(game.position_text(), START);
    assert_eq!(game.census().on_board, 10);
    assert_eq!(game.seat_of(Side::Black), None);
}

#[test]
fn jequier_throws_count_flat_sides_with_6_for_none_and_no_5() {
    assert_eq!(
        outcomes(&jequier::new_game(0)),
        vec![
            (throw(1), Prob::new(4, 16)),
            (throw(2), Prob::new(6, 16)),
            (throw(3), Prob::new(4, 16)),
            (throw(4), Prob::new(1, 16)),
            (throw(6), Prob::new(1, 16)),
        ]
    );
    assert!(jequier::new_game(0).apply_chance(&throw(5)).is_err());
    let p = text(&[(1, 'w'), (20, 'b')], 'w');
    assert_eq!(jequier::moves(&p, 5), None);
}

#[test]
fn jequier_moves_on_1_4_6_throw_again_and_on_2_3_pass_the_turn() {
    let p = text(&[(1, 'w'), (20, 'b')], 'w');
    for (t, next) in [(1, 'w'), (2, 'b'), (3, 'b'), (4, 'w'), (6, 'w')] {
        let to = 1 + usize::from(t);
        assert_eq!(
            moves(&p, t),
            vec![format!("1 {to} {}", text(&[(to, 'w'), (20, 'b')], next))]
        );
    }
}

// ---- Opening ----

#[test]
fn jequier_opening_one_moves_black_10_to_11_and_throws_again() {
    let mut game = jequier::new_game(0);
    let events = chance(&mut game, throw(1));
    assert_eq!(events, strings(&["colour 0 b", "colour 1 w", "move 10 11"]));
    assert_eq!(game.position_text(), "wbwbwbwbw.b................... b");
    assert_eq!(game.seat_of(Side::Black), Some(0));
    assert_eq!(game.seat_of(Side::White), Some(1));
    // Black throws again: a chance step, then Black's seat decides.
    chance(&mut game, throw(2));
    assert_eq!(options(&game).0, 0);
}

#[test]
fn jequier_opening_first_seat_is_the_constructor_parameter_and_seats_alternate() {
    let mut game = jequier::new_game(1);
    assert_eq!(chance(&mut game, throw(4)), Vec::<String>::new()); // seat 1
    assert_eq!(chance(&mut game, throw(6)), Vec::<String>::new()); // seat 0
    assert_eq!(game.position_text(), START);
    let events = chance(&mut game, throw(1)); // seat 1 again
    assert_eq!(events, strings(&["colour 1 b", "colour 0 w", "move 10 11"]));
}

#[test]
fn jequier_opening_one_is_applied_by_the_rules_not_chosen() {
    let mut game = jequier::new_game(0);
    assert!(game.clone().apply_decision(&mv(10)).is_err());
    chance(&mut game, throw(1));
    assert!(game.clone().apply_decision(&mv(10)).is_err());
    assert_eq!(outcomes(&game).len(), 5);
}

#[test]
fn jequier_moves_is_none_for_an_opening_position() {
    assert_eq!(jequier::moves(START, 1), None);
    assert_eq!(jequier::moves(&text(&[(1, 'w')], 'o'), 1), None);
}

// ---- White's first move ----

#[test]
fn jequier_white_first_move_must_be_made_with_the_piece_on_9() {
    let mut game = jequier::new_game(0);
    chance(&mut game, throw(1)); // seat 0 Black, 10 -> 11
    chance(&mut game, throw(2));
    decide(&mut game, mv(11)); // Black 11 -> 13, turn passes
    assert!(game.white_bound_to_nine());
    chance(&mut game, throw(1));
    // Unfiltered, 1, 3, 5 and 7 could capture too; only 9 may move.
    assert_eq!(options(&game), (1, vec![mv(9)]));
    decide(&mut game, mv(9));
    assert!(!game.white_bound_to_nine());
    // After White's first move any piece may move.
    chance(&mut game, throw(1));
    assert_eq!(options(&game).1, vec![mv(1), mv(3), mv(5), mv(7), mv(10)]);
}

#[test]
fn jequier_white_bound_to_9_loses_the_turn_when_it_cannot_move_and_stays_bound() {
    // Black wall on 10-12 shuts in the piece on 9; White 7 could move.
    let board = [
        (1, 'w'),
        (3, 'w'),
        (5, 'w'),
        (7, 'w'),
        (9, 'w'),
        (2, 'b'),
        (4, 'b'),
        (10, 'b'),
        (11, 'b'),
        (12, 'b'),
    ];
    for t in [1, 4] {
        let mut game = before_whites_first_move(&text(&board, 'w'));
        // A lost turn: no further throw even on 1 or 4.
        assert_eq!(chance(&mut game, throw(t)), strings(&["pass"]), "throw {t}");
        assert_eq!(game.position_text(), text(&board, 'b'));
        assert!(game.white_bound_to_nine());
    }
}

#[test]
fn jequier_white_bound_to_9_gets_no_backward_move_while_other_pieces_can_go_forward() {
    // Ambiguity resolved: the obligation filters the full list of legal
    // moves. With a 1, White 7 -> 8 is a legal forward move, so no backward
    // move exists to filter; the piece on 9 (which could go back to 8) has
    // none and the turn is lost.
    let board = [(7, 'w'), (9, 'w'), (10, 'b'), (11, 'b'), (12, 'b')];
    let mut game = before_whites_first_move(&text(&board, 'w'));
    assert_eq!(chance(&mut game, throw(1)), strings(&["pass"]));
}

#[test]
fn jequier_white_bound_to_9_moves_it_backward_when_no_piece_can_go_forward() {
    // White 9 is shut in by the Black wall, White 30 may not bear off yet (9
    // is in row 1): no forward move at all, so backward moves; filtered to 9.
    let board = [(9, 'w'), (30, 'w'), (10, 'b'), (11, 'b'), (12, 'b')];
    let mut game = before_whites_first_move(&text(&board, 'w'));
    chance(&mut game, throw(1));
    assert_eq!(options(&game).1, vec![mv(9)]);
    assert_eq!(decide(&mut game, mv(9)), strings(&["move 9 8"]));
    // Without the obligation, 30 -> 29 is offered too.
    assert_eq!(
        froms(&moves(&text(&board, 'w'), 1)),
        strings(&["9 8", "30 29"])
    );
}

#[test]
fn jequier_white_obligation_lapses_when_no_white_piece_stands_on_9() {
    // Black captured the piece on 9 (it went back to 8).
    let board = [(1, 'w'), (8, 'w'), (9, 'b'), (11, 'b')];
    let mut game = before_whites_first_move(&text(&board, 'w'));
    assert!(!game.white_bound_to_nine());
    chance(&mut game, throw(1));
    assert_eq!(options(&game).1, vec![mv(1), mv(8)]);
}

#[test]
fn jequier_moves_text_assumes_whites_obligation_is_over() {
    let p = "wbwbwbwbw.b................... w";
    assert_eq!(
        froms(&moves(p, 1)),
        strings(&["1 2", "3 4", "5 6", "7 8", "9 10"])
    );
    assert_eq!(moves(p, 1)[0], "1 2 bwwbwbwbw.b................... w");
}

// ---- Moving, captures, protection, walls ----

#[test]
fn jequier_pieces_jump_over_pieces_of_either_colour() {
    let p = text(&[(1, 'w'), (2, 'b'), (3, 'w'), (4, 'b'), (20, 'b')], 'w');
    assert_eq!(
        froms(&moves(&p, 4)),
        strings(&["1 5", "3 7"]),
        "1 jumps 2, 3, 4"
    );
}

#[test]
fn jequier_may_not_land_on_a_friendly_piece() {
    let p = text(&[(1, 'w'), (3, 'w'), (20, 'b')], 'w');
    assert_eq!(froms(&moves(&p, 2)), strings(&["3 5"]));
}

#[test]
fn jequier_landing_on_an_opponent_swaps_the_two() {
    let mut game = at(&text(&[(3, 'w'), (6, 'b'), (20, 'b')], 'w'));
    chance(&mut game, throw(3));
    assert_eq!(
        decide(&mut game, mv(3)),
        strings(&["move 3 6", "capture 6 3"])
    );
    assert_eq!(
        game.position_text(),
        text(&[(3, 'b'), (6, 'w'), (20, 'b')], 'b')
    );
}

#[test]
fn jequier_piece_with_an_adjacent_friend_is_protected() {
    let p = text(&[(1, 'w'), (4, 'b'), (5, 'b'), (20, 'w')], 'w');
    assert_eq!(froms(&moves(&p, 3)), strings(&["20 23"]));
    assert_eq!(froms(&moves(&p, 4)), strings(&["20 24"]));
}

#[test]
fn jequier_pieces_on_the_refuges_26_28_29_30_are_protected() {
    for (from, q, t) in [(25, 26, 1), (26, 28, 2), (28, 29, 1), (29, 30, 1)] {
        let pieces = [(from, 'w'), (q, 'b'), (1, 'w')];
        let lines = moves(&text(&pieces, 'w'), t);
        assert!(
            !froms(&lines).contains(&format!("{from} {q}")),
            "{q}: {lines:?}"
        );
    }
    // An ordinary lone piece is not.
    let p = text(&[(24, 'w'), (25, 'b'), (1, 'w')], 'w');
    assert!(froms(&moves(&p, 1)).contains(&"24 25".to_string()));
}

#[test]
fn jequier_opponent_wall_may_be_neither_landed_on_nor_passed() {
    let board = [(1, 'w'), (2, 'b'), (3, 'b'), (4, 'b'), (20, 'w')];
    for t in [1, 2, 3, 4, 6] {
        // Only the piece on 20 moves: 1 may not land on or pass 2-4.
        let lines = moves(&text(&board, 'w'), t);
        assert_eq!(froms(&lines), vec![format!("20 {}", 20 + t)], "throw {t}");
    }
    // A run of two is no wall.
    let p = text(&[(1, 'w'), (2, 'b'), (3, 'b')], 'w');
    assert_eq!(froms(&moves(&p, 4)), strings(&["1 5"]));
}

#[test]
fn jequier_wall_does_not_stop_its_own_side() {
    let p = text(&[(1, 'w'), (2, 'w'), (3, 'w'), (4, 'w'), (20, 'b')], 'w');
    assert_eq!(froms(&moves(&p, 4)), strings(&["1 5", "2 6", "3 7", "4 8"]));
}

// ---- House of Water ----

#[test]
fn jequier_water_sends_to_square_1_or_the_lowest_empty_square() {
    let p = text(&[(24, 'w'), (20, 'b')], 'w');
    assert_eq!(
        moves(&p, 3),
        vec![format!("24 27 {}", text(&[(1, 'w'), (20, 'b')], 'b'))]
    );
    let p = text(&[(24, 'w'), (1, 'b'), (2, 'w'), (4, 'b')], 'w');
    let lines = moves(&p, 3);
    assert!(lines.contains(&format!(
        "24 27 {}",
        text(&[(3, 'w'), (1, 'b'), (2, 'w'), (4, 'b')], 'b')
    )));
    let mut game = at(&p);
    chance(&mut game, throw(3));
    assert_eq!(
        decide(&mut game, mv(24)),
        strings(&["move 24 27", "water 27 3"])
    );
}

// ---- Backward moves ----

#[test]
fn jequier_backward_move_by_the_full_throw_when_no_piece_can_move_forward() {
    // White 28 may not pass 30; White 1 may not land on the protected pair.
    let board = [(1, 'w'), (28, 'w'), (4, 'b'), (5, 'b')];
    assert_eq!(
        moves(&text(&board, 'w'), 3),
        vec![format!(
            "28 25 {}",
            text(&[(1, 'w'), (25, 'w'), (4, 'b'), (5, 'b')], 'b')
        )]
    );
}

#[test]
fn jequier_backward_move_needs_an_empty_square_and_no_opponent_wall_between() {
    // Throw 4: 6 -> 10 and 10's neighbour 11 are protected; 30 may not bear
    // off (6 is in row 1). Backward: 6 -> 2 passes the wall 3-5; 30 -> 26 is free.
    let board = [
        (6, 'w'),
        (30, 'w'),
        (3, 'b'),
        (4, 'b'),
        (5, 'b'),
        (10, 'b'),
        (11, 'b'),
    ];
    assert_eq!(froms(&moves(&text(&board, 'w'), 4)), strings(&["30 26"]));
    // Throw 1: 6 -> 7 is protected, 29 -> 30 lands on its own piece, 30 may
    // not bear off. Backward: 6 -> 5 (Black) and 30 -> 29 (White) are
    // occupied; only 29 -> 28 is free.
    let board = [(6, 'w'), (29, 'w'), (30, 'w'), (5, 'b'), (7, 'b'), (8, 'b')];
    assert_eq!(froms(&moves(&text(&board, 'w'), 1)), strings(&["29 28"]));
}

#[test]
fn jequier_backward_move_onto_27_goes_through_the_water() {
    // Throw 1: 1 -> 2 protected, 28/29 -> own piece, 30 may not bear off.
    let board = [
        (1, 'w'),
        (28, 'w'),
        (29, 'w'),
        (30, 'w'),
        (2, 'b'),
        (3, 'b'),
    ];
    assert_eq!(
        moves(&text(&board, 'w'), 1),
        vec![format!(
            "28 27 {}",
            text(
                &[(1, 'w'), (4, 'w'), (29, 'w'), (30, 'w'), (2, 'b'), (3, 'b')],
                'w'
            )
        )]
    );
}

#[test]
fn jequier_backward_move_on_1_4_6_throws_again_and_on_2_3_passes() {
    // Same shape as above: the backward move on a 1 kept the turn ('w'); on a
    // 3 (28 -> 25) it passes.
    let board = [(1, 'w'), (28, 'w'), (4, 'b'), (5, 'b')];
    assert!(moves(&text(&board, 'w'), 3)[0].ends_with(" b"));
    let board = [
        (1, 'w'),
        (28, 'w'),
        (29, 'w'),
        (30, 'w'),
        (2, 'b'),
        (3, 'b'),
    ];
    assert!(moves(&text(&board, 'w'), 1)[0].ends_with(" w"));
}

#[test]
fn jequier_lost_turn_gives_no_further_throw_even_on_1_4_6() {
    let board = [(1, 'w'), (2, 'b'), (3, 'b'), (4, 'b')];
    for t in [1, 4, 6] {
        assert_eq!(moves(&text(&board, 'w'), t), pass(&board, 'b'), "throw {t}");
        let mut game = at(&text(&board, 'w'));
        assert_eq!(chance(&mut game, throw(t)), strings(&["pass"]));
        assert!(game.position_text().ends_with(" b"));
    }
}

// ---- Bearing off ----

#[test]
fn jequier_move_past_30_is_illegal() {
    let p = text(&[(28, 'w'), (20, 'w'), (1, 'b')], 'w');
    assert_eq!(froms(&moves(&p, 3)), strings(&["20 23"]));
}

#[test]
fn jequier_landing_exactly_on_30_leaves_at_once_when_all_pieces_are_in_the_exit_row() {
    // 22 + 4 lands on its own piece; 26 + 4 reaches 30 and leaves: `off`.
    let p = text(&[(26, 'w'), (22, 'w'), (1, 'b')], 'w');
    assert_eq!(
        moves(&p, 4),
        vec![format!("26 off {}", text(&[(22, 'w'), (1, 'b')], 'w'))]
    );
    let mut game = at(&p);
    chance(&mut game, throw(4));
    assert_eq!(
        decide(&mut game, mv(26)),
        strings(&["move 26 30", "off 30"])
    );
    // White had three borne off, Black four (missing from the board).
    assert_eq!(game.census().borne_off, 4 + 4);
}

#[test]
fn jequier_piece_may_move_onto_30_and_wait_before_bearing_off_is_allowed() {
    // White 15 is in row 2: no bearing off; 26 -> 30 waits there.
    let p = text(&[(26, 'w'), (15, 'w'), (1, 'b')], 'w');
    assert!(moves(&p, 4).contains(&format!(
        "26 30 {}",
        text(&[(30, 'w'), (15, 'w'), (1, 'b')], 'w')
    )));
    // Waiting on 30 it cannot move forward, and it does not leave by itself.
    let p = text(&[(30, 'w'), (15, 'w'), (1, 'b')], 'w');
    assert_eq!(froms(&moves(&p, 2)), strings(&["15 17"]));
}

#[test]
fn jequier_piece_waiting_on_30_bears_off_with_any_throw_once_all_are_in_the_exit_row() {
    let p = text(&[(30, 'w'), (21, 'w'), (1, 'b')], 'w');
    for (t, next) in [(1, 'w'), (2, 'b'), (3, 'b'), (4, 'w'), (6, 'w')] {
        let lines = moves(&p, t);
        assert_eq!(
            lines.last(),
            Some(&format!("30 off {}", text(&[(21, 'w'), (1, 'b')], next))),
            "throw {t}"
        );
        assert_eq!(lines.len(), 2, "21 moves too: {lines:?}");
    }
}

#[test]
fn jequier_piece_captured_back_into_row_2_stops_its_side_bearing_off() {
    // Black 19 captures White 22 (throw 3): White goes back to 19.
    let mut game = at(&text(&[(22, 'w'), (30, 'w'), (19, 'b'), (2, 'b')], 'b'));
    chance(&mut game, throw(3));
    decide(&mut game, mv(19));
    assert_eq!(
        game.position_text(),
        text(&[(19, 'w'), (30, 'w'), (22, 'b'), (2, 'b')], 'w')
    );
    chance(&mut game, throw(1));
    // 30 may not bear off until 19 is back in the exit row.
    assert_eq!(options(&game).1, vec![mv(19)]);
}

// ---- Winning and match score ----

#[test]
fn jequier_winner_scores_5_plus_1_2_3_for_opponent_pieces_in_rows_3_2_1() {
    // White (seat 0) bears off its last piece; Black has pieces on 5, 15, 25.
    let mut game = at(&text(&[(30, 'w'), (5, 'b'), (15, 'b'), (25, 'b')], 'w'));
    chance(&mut game, throw(2));
    assert_eq!(decide(&mut game, mv(30)), strings(&["off 30"]));
    assert_eq!(
        standing(&game),
        Standing {
            places: vec![0, 1],
            scores: vec![5 + 3 + 2 + 1, 0],
            how: "borne_off".to_string()
        }
    );
    // Black (seat 1) wins with two White pieces left in row 1: 5 + 3 + 3.
    let mut game = at(&text(&[(30, 'b'), (1, 'w'), (3, 'w')], 'b'));
    chance(&mut game, throw(1));
    decide(&mut game, mv(30));
    assert_eq!(standing(&game).places, vec![1, 0]);
    assert_eq!(standing(&game).scores, vec![0, 11]);
}

#[test]
fn jequier_steps_other_than_next_are_refused() {
    let mut game = at(&text(&[(1, 'w'), (20, 'b')], 'w'));
    assert!(game.clone().apply_decision(&mv(1)).is_err());
    chance(&mut game, throw(2));
    assert!(game.clone().apply_chance(&throw(2)).is_err());
    assert!(game.clone().apply_decision(&mv(20)).is_err());
}

#[test]
fn jequier_moves_rejects_invalid_positions() {
    let six = text(
        &[(1, 'w'), (3, 'w'), (5, 'w'), (7, 'w'), (9, 'w'), (11, 'w')],
        'w',
    );
    assert_eq!(jequier::moves(&six, 1), None);
    assert_eq!(jequier::moves(&text(&[(27, 'b')], 'w'), 1), None);
    assert_eq!(jequier::moves(&text(&[(1, 'c')], 'w'), 1), None);
    assert_eq!(jequier::moves(&text(&[(1, 'w')], 'c'), 1), None);
    assert_eq!(jequier::moves(&text(&[(1, 'w')], 'w'), 0), None);
}

// ---- Random games ----

#[test]
fn jequier_random_games_keep_every_invariant() {
    // Random play is slow to finish here (the water sends pieces back to
    // square 1, and backward moves are forced): games average about 1,800
    // steps and the longest of 500 took about 7,000.
    let tally = random_games(200, 0x1e9, 100_000, |i| jequier::new_game(i % 2));
    assert_eq!(tally.games, 200);
    assert!(tally.hows.iter().all(|h| h == "borne_off"));
    for kind in ["colour", "move", "capture", "water", "off", "pass"] {
        assert!(
            tally.event_kinds.contains(kind),
            "never saw `{kind}`: {tally:?}"
        );
    }
}
