//! Self-tests of the `kendall-7` reference (rules-kendall7.md on top of
//! rules-kendall.md).

use super::reference::{reference_moves, reference_parse};
use super::reference_rules::SplitMix64;
use super::reference_rules::kendall7::{self, Chance, Choice, Game, SENDS_AWAY, Side};
use super::reference_rules::{Census, Prob, RefGame, Standing};
use super::{Inspect, chance, decide, options, outcomes, random_games, standing, strings, text};

inspect_game!(seats: 2);

const START: &str = "cscscscscscscs................ o";

fn moves(position: &str, throw: u8) -> Vec<String> {
    kendall7::moves(position, throw).expect("valid position and throw")
}

fn throw(t: u8) -> Chance {
    Chance::Throw(t)
}

fn mv(from: u8) -> Choice {
    Choice::Move { from }
}

/// The game at `position` after the opening, Spool played by seat 1.
fn at(position: &str) -> Game {
    Game::from_position(position, 1).expect("valid test position")
}

// ---- Board, pieces, setup ----

#[test]
fn kendall7_start_has_seven_pieces_each_alternating_on_1_to_14() {
    let game = kendall7::new_game(0);
    assert_eq!(game.position_text(), START);
    let census = game.census();
    assert_eq!(census.on_board, 14);
    assert_eq!(census.total, 14);
    assert_eq!(census.occupied, (1..=14).collect::<Vec<_>>());
}

#[test]
fn kendall7_throws_are_the_standard_sticks_1_to_5() {
    let game = kendall7::new_game(0);
    assert_eq!(
        outcomes(&game),
        vec![
            (throw(1), Prob::new(4, 16)),
            (throw(2), Prob::new(6, 16)),
            (throw(3), Prob::new(4, 16)),
            (throw(4), Prob::new(1, 16)),
            (throw(5), Prob::new(1, 16)),
        ]
    );
    assert!(game.clone().apply_chance(&throw(6)).is_err());
    assert!(game.clone().apply_chance(&throw(0)).is_err());
}

// ---- Opening ----

#[test]
fn kendall7_opening_one_moves_14_to_15_and_throws_again() {
    let mut game = kendall7::new_game(0);
    let events = chance(&mut game, throw(1));
    assert_eq!(events, strings(&["colour 0 s", "colour 1 c", "move 14 15"]));
    assert_eq!(game.position_text(), "cscscscscscsc.s............... s");
    // Spool throws again as a normal turn: a chance step, not a decision.
    assert_eq!(outcomes(&game).len(), 5);
    assert_eq!(game.seat_of(Side::Spool), Some(0));
    assert_eq!(game.seat_of(Side::Cone), Some(1));
}

#[test]
fn kendall7_opening_first_seat_is_the_constructor_parameter() {
    // Seat 1 throws first: its 1 makes it Spool.
    let mut game = kendall7::new_game(1);
    chance(&mut game, throw(1));
    assert_eq!(game.seat_of(Side::Spool), Some(1));
    assert_eq!(game.seat_of(Side::Cone), Some(0));
}

#[test]
fn kendall7_opening_other_throws_move_nothing_and_the_seats_alternate() {
    let mut game = kendall7::new_game(0);
    for t in [2, 3, 4, 5] {
        // Seat 0 then seat 1 then seat 0 then seat 1 throw without a 1.
        assert_eq!(chance(&mut game, throw(t)), Vec::<String>::new());
        assert_eq!(game.position_text(), START);
        assert_eq!(game.seat_of(Side::Spool), None);
    }
    // Fifth throw: seat 0 again. A 4 or 5 gave no extra opening throw.
    chance(&mut game, throw(1));
    assert_eq!(game.seat_of(Side::Spool), Some(0));
}

#[test]
fn kendall7_opening_thrower_of_the_one_takes_spool_even_when_second() {
    let mut game = kendall7::new_game(0);
    chance(&mut game, throw(3));
    let events = chance(&mut game, throw(1));
    assert_eq!(events, strings(&["colour 1 s", "colour 0 c", "move 14 15"]));
    assert_eq!(game.seat_of(Side::Spool), Some(1));
}

#[test]
fn kendall7_opening_throws_are_recorded_as_chance_steps() {
    // Decision: the opening throws are turns of the record. Each is a chance
    // step of the game, never a decision.
    let mut game = kendall7::new_game(0);
    for _ in 0..6 {
        assert_eq!(outcomes(&game).len(), 5);
        assert!(game.clone().apply_decision(&mv(14)).is_err());
        chance(&mut game, throw(2));
    }
}

#[test]
fn kendall7_opening_one_is_applied_by_the_rules_not_chosen() {
    // Decision: after the opening 1 there is no decision for 14 -> 15; the
    // next step is Spool's normal throw, and Spool's seat then decides.
    let mut game = kendall7::new_game(1);
    chance(&mut game, throw(1));
    assert!(game.clone().apply_decision(&mv(14)).is_err());
    chance(&mut game, throw(2));
    let (seat, opts) = options(&game);
    assert_eq!(seat, 1);
    assert!(!opts.is_empty());
}

#[test]
fn kendall7_moves_is_none_for_an_opening_position() {
    assert_eq!(kendall7::moves(START, 1), None);
    // `o` is valid only with the starting board.
    assert_eq!(kendall7::moves(&text(&[(1, 'c')], 'o'), 1), None);
}

// ---- Safe houses and protection ----

#[test]
fn kendall7_piece_on_safe_house_15_cannot_be_captured() {
    let p = text(&[(12, 'c'), (15, 's'), (1, 's')], 'c');
    assert_eq!(
        moves(&p, 3),
        vec![format!(
            "pass {}",
            text(&[(12, 'c'), (15, 's'), (1, 's')], 's')
        )]
    );
    // The same piece one square further is captured by swapping.
    let p = text(&[(13, 'c'), (16, 's')], 'c');
    assert_eq!(
        moves(&p, 3),
        vec![format!("13 16 {}", text(&[(13, 's'), (16, 'c')], 's'))]
    );
}

#[test]
fn kendall7_piece_on_safe_house_26_cannot_be_captured() {
    // Decision: 26 is a safe house here, unlike the standard rules.
    let p = text(&[(25, 'c'), (26, 's')], 'c');
    assert_eq!(
        moves(&p, 1),
        vec![format!("pass {}", text(&[(25, 'c'), (26, 's')], 's'))]
    );
}

#[test]
fn kendall7_pieces_on_28_and_29_cannot_be_captured() {
    let p = text(&[(26, 'c'), (28, 's')], 'c');
    assert_eq!(
        moves(&p, 2),
        vec![format!("pass {}", text(&[(26, 'c'), (28, 's')], 's'))]
    );
    let p = text(&[(28, 'c'), (29, 's')], 'c');
    assert_eq!(
        moves(&p, 1),
        vec![format!("pass {}", text(&[(28, 'c'), (29, 's')], 's'))]
    );
}

#[test]
fn kendall7_lone_piece_on_30_can_be_captured() {
    let p = text(&[(28, 'c'), (30, 's')], 'c');
    assert_eq!(
        moves(&p, 2),
        vec![format!("28 30 {}", text(&[(28, 's'), (30, 'c')], 's'))]
    );
}

#[test]
fn kendall7_adjacent_friendly_piece_protects() {
    let p = text(&[(5, 'c'), (8, 's'), (9, 's')], 'c');
    // 5+3 = 8 is protected by 9; 5+4 = 9 protected by 8; 5+5 jumps 8,9 (a run of 2).
    assert_eq!(
        moves(&p, 3),
        vec![format!(
            "pass {}",
            text(&[(5, 'c'), (8, 's'), (9, 's')], 's')
        )]
    );
    assert_eq!(
        moves(&p, 4),
        vec![format!(
            "pass {}",
            text(&[(5, 'c'), (8, 's'), (9, 's')], 's')
        )]
    );
    assert_eq!(
        moves(&p, 5),
        vec![format!(
            "5 10 {}",
            text(&[(8, 's'), (9, 's'), (10, 'c')], 'c')
        )]
    );
}

#[test]
fn kendall7_capture_swaps_the_two_pieces() {
    let mut game = at(&text(&[(3, 'c'), (6, 's'), (20, 's')], 'c'));
    chance(&mut game, throw(3));
    assert_eq!(options(&game), (0, vec![mv(3)]));
    let events = decide(&mut game, mv(3));
    assert_eq!(events, strings(&["move 3 6", "capture 6 3"]));
    assert_eq!(
        game.position_text(),
        text(&[(3, 's'), (6, 'c'), (20, 's')], 's')
    );
}

// ---- Blockades, mandatory stop, bearing off ----

#[test]
fn kendall7_blockade_of_three_cannot_be_jumped() {
    let p = text(&[(1, 'c'), (2, 's'), (3, 's'), (4, 's')], 'c');
    assert_eq!(
        moves(&p, 5),
        vec![format!(
            "pass {}",
            text(&[(1, 'c'), (2, 's'), (3, 's'), (4, 's')], 's')
        )]
    );
}

#[test]
fn kendall7_mandatory_stop_on_26() {
    let p = text(&[(24, 'c')], 'c');
    assert_eq!(
        moves(&p, 2),
        vec![format!("24 26 {}", text(&[(26, 'c')], 's'))]
    );
    assert_eq!(
        moves(&p, 3),
        vec![format!("pass {}", text(&[(24, 'c')], 's'))]
    );
}

#[test]
fn kendall7_bears_off_only_exactly_from_28_29_30() {
    let p = text(&[(28, 's'), (1, 'c')], 's');
    assert_eq!(
        moves(&p, 3),
        vec![format!("28 off {}", text(&[(1, 'c')], 'c'))]
    );
    assert_eq!(
        moves(&p, 4),
        vec![format!("pass {}", text(&[(28, 's'), (1, 'c')], 'c'))]
    );
    let p = text(&[(29, 's'), (1, 'c')], 's');
    assert_eq!(
        moves(&p, 2),
        vec![format!("29 off {}", text(&[(1, 'c')], 'c'))]
    );
    let p = text(&[(30, 's'), (1, 'c')], 's');
    assert_eq!(
        moves(&p, 1),
        vec![format!("30 off {}", text(&[(1, 'c')], 's'))]
    );
    // Moving within the last squares is an ordinary move.
    let p = text(&[(28, 's'), (1, 'c')], 's');
    assert_eq!(
        moves(&p, 1),
        vec![format!("28 29 {}", text(&[(29, 's'), (1, 'c')], 's'))]
    );
    assert_eq!(
        moves(&p, 2),
        vec![format!("28 30 {}", text(&[(30, 's'), (1, 'c')], 'c'))]
    );
    // 26 + 5 does not bear off.
    let p = text(&[(26, 's'), (1, 'c')], 's');
    assert_eq!(
        moves(&p, 5),
        vec![format!("pass {}", text(&[(26, 's'), (1, 'c')], 'c'))]
    );
}

// ---- House of Water ----

#[test]
fn kendall7_water_sends_to_15_or_the_highest_empty_square_below() {
    let p = text(&[(26, 'c'), (1, 's')], 'c');
    assert_eq!(
        moves(&p, 1),
        vec![format!("26 27 {}", text(&[(15, 'c'), (1, 's')], 'c'))]
    );
    let p = text(&[(26, 'c'), (15, 's'), (14, 's'), (1, 'c')], 'c');
    assert_eq!(
        moves(&p, 1),
        vec![
            format!(
                "1 2 {}",
                text(&[(26, 'c'), (15, 's'), (14, 's'), (2, 'c')], 'c')
            ),
            format!(
                "26 27 {}",
                text(&[(13, 'c'), (15, 's'), (14, 's'), (1, 'c')], 'c')
            ),
        ]
    );
    let mut game = at(&text(&[(26, 'c'), (15, 's'), (14, 's'), (1, 'c')], 'c'));
    chance(&mut game, throw(1));
    assert_eq!(
        decide(&mut game, mv(26)),
        strings(&["move 26 27", "water 27 13"])
    );
}

// ---- Backward moves and forfeits ----

#[test]
fn kendall7_forced_backward_move_when_only_a_friendly_piece_blocks() {
    let p = text(
        &[(10, 'c'), (11, 'c'), (12, 's'), (13, 's'), (14, 's')],
        'c',
    );
    assert_eq!(
        moves(&p, 1),
        vec![
            format!(
                "10 9 {}",
                text(&[(9, 'c'), (11, 'c'), (12, 's'), (13, 's'), (14, 's')], 'c')
            ),
            format!(
                "11 9 {}",
                text(&[(9, 'c'), (10, 'c'), (12, 's'), (13, 's'), (14, 's')], 'c')
            ),
        ]
    );
}

#[test]
fn kendall7_backward_move_onto_27_goes_on_through_the_water() {
    let p = text(&[(28, 'c'), (30, 'c')], 'c');
    assert_eq!(
        moves(&p, 2),
        vec![
            format!("28 27 {}", text(&[(15, 'c'), (30, 'c')], 's')),
            format!("30 29 {}", text(&[(28, 'c'), (29, 'c')], 's')),
        ]
    );
}

#[test]
fn kendall7_no_backward_move_when_nothing_hit_a_friendly_piece() {
    let p = text(&[(25, 'c'), (1, 's')], 'c');
    assert_eq!(
        moves(&p, 4),
        vec![format!("pass {}", text(&[(25, 'c'), (1, 's')], 's'))]
    );
}

#[test]
fn kendall7_forfeit_passes_the_turn_even_on_an_extra_throw_value() {
    let mut game = at(&text(&[(25, 'c'), (1, 's')], 'c'));
    assert_eq!(chance(&mut game, throw(4)), strings(&["pass"]));
    assert_eq!(game.position_text(), text(&[(25, 'c'), (1, 's')], 's'));
    assert_eq!(outcomes(&game).len(), 5);
}

// ---- Turn order and winning ----

#[test]
fn kendall7_moves_on_1_4_5_throw_again_and_on_2_3_pass_the_turn() {
    let p = text(&[(1, 'c'), (20, 's')], 'c');
    assert_eq!(
        moves(&p, 1),
        vec![format!("1 2 {}", text(&[(2, 'c'), (20, 's')], 'c'))]
    );
    assert_eq!(
        moves(&p, 2),
        vec![format!("1 3 {}", text(&[(3, 'c'), (20, 's')], 's'))]
    );
    assert_eq!(
        moves(&p, 3),
        vec![format!("1 4 {}", text(&[(4, 'c'), (20, 's')], 's'))]
    );
    assert_eq!(
        moves(&p, 4),
        vec![format!("1 5 {}", text(&[(5, 'c'), (20, 's')], 'c'))]
    );
    assert_eq!(
        moves(&p, 5),
        vec![format!("1 6 {}", text(&[(6, 'c'), (20, 's')], 'c'))]
    );
}

#[test]
fn kendall7_first_to_bear_off_all_seven_wins() {
    // Cone (seat 0) has one piece left, on 30; six are borne off.
    let mut game = at(&text(&[(30, 'c'), (1, 's'), (2, 's')], 'c'));
    assert_eq!(game.census().borne_off, 6 + 5);
    chance(&mut game, throw(1));
    assert_eq!(decide(&mut game, mv(30)), strings(&["off 30"]));
    assert_eq!(
        standing(&game),
        Standing {
            places: vec![0, 1],
            scores: vec![],
            how: "borne_off".to_string()
        }
    );
    assert!(game.clone().apply_chance(&throw(1)).is_err());
}

#[test]
fn kendall7_options_are_one_move_per_movable_piece_ascending() {
    let mut game = kendall7::new_game(0);
    chance(&mut game, throw(1)); // seat 0 is Spool, 14 -> 15
    chance(&mut game, throw(3));
    // Spool on 2, 4, ..., 12 and 15. With a 3 each of 2..10 captures the
    // unprotected Cone piece three ahead, 12 -> 15 lands on its own piece,
    // and 15 -> 18 is free.
    let (seat, opts) = options(&game);
    assert_eq!(seat, 0);
    assert_eq!(opts, vec![mv(2), mv(4), mv(6), mv(8), mv(10), mv(15)]);
}

#[test]
fn kendall7_steps_other_than_next_are_refused() {
    let mut game = at(&text(&[(1, 'c'), (20, 's')], 'c'));
    assert!(game.clone().apply_decision(&mv(1)).is_err());
    chance(&mut game, throw(2));
    assert!(game.clone().apply_chance(&throw(2)).is_err());
    assert!(game.clone().apply_decision(&mv(20)).is_err());
    assert!(game.clone().apply_decision(&mv(2)).is_err());
}

#[test]
fn kendall7_moves_rejects_invalid_positions_and_throws() {
    let eight = text(
        &[
            (1, 'c'),
            (3, 'c'),
            (5, 'c'),
            (7, 'c'),
            (9, 'c'),
            (11, 'c'),
            (13, 'c'),
            (15, 'c'),
        ],
        'c',
    );
    assert_eq!(kendall7::moves(&eight, 1), None);
    let seven = text(
        &[
            (1, 'c'),
            (3, 'c'),
            (5, 'c'),
            (7, 'c'),
            (9, 'c'),
            (11, 'c'),
            (13, 'c'),
        ],
        'c',
    );
    assert!(kendall7::moves(&seven, 1).is_some());
    assert_eq!(kendall7::moves(&text(&[(27, 'c')], 'c'), 1), None);
    assert_eq!(kendall7::moves(&text(&[(1, 'c')], 'w'), 1), None);
    assert_eq!(kendall7::moves(&text(&[(1, 'c')], 'c'), 0), None);
    assert_eq!(kendall7::moves(&text(&[(1, 'c')], 'c'), 6), None);
    assert_eq!(kendall7::moves("cs c", 1), None);
}

// ---- Agreement with the standard rules ----

#[test]
fn kendall7_agrees_with_the_kendall_reference_where_the_rules_coincide() {
    // kendall-7 is "everything as in rules-kendall.md except" its list. With
    // at most five pieces a side and no piece on the two squares whose
    // protection differs (15 and 26), every position plays the same.
    let mut rng = SplitMix64::new(0x4e7);
    let squares: Vec<usize> = (1..=30).filter(|q| ![15, 26, 27].contains(q)).collect();
    for _ in 0..5_000 {
        let mut free = squares.clone();
        let mut pieces = Vec::new();
        for (letter, count) in [('c', rng.below(6)), ('s', rng.below(6))] {
            for _ in 0..count {
                pieces.push((free.remove(rng.below(free.len())), letter));
            }
        }
        let side = if rng.below(2) == 0 { 'c' } else { 's' };
        let p = text(&pieces, side);
        assert_eq!(reference_parse(&p), Some(()), "{p}");
        let t = 1 + rng.below(5) as u8;
        assert_eq!(
            kendall7::moves(&p, t),
            reference_moves(&p, t),
            "{p} throw {t}"
        );
    }
}

// ---- Random games ----

#[test]
fn kendall7_random_games_keep_every_invariant() {
    let tally = random_games(500, 0x7_7777, 5_000, |i| kendall7::new_game(i % 2));
    assert_eq!(tally.games, 500);
    assert!(tally.hows.iter().all(|h| h == "borne_off"));
    for kind in ["colour", "move", "capture", "water", "off", "pass"] {
        assert!(
            tally.event_kinds.contains(kind),
            "never saw `{kind}`: {tally:?}"
        );
    }
}
