//! Self-tests of the `simple` reference (rules-simple.md).

use super::reference_rules::simple::{self, Chance, Choice, Game, SENDS_AWAY};
use super::reference_rules::{Census, Prob, RefGame, Standing};
use super::{Inspect, chance, decide, options, outcomes, random_games, standing, strings, text};

inspect_game!(seats: 2);

const START: &str = "cscscscscs.................... c";

fn moves(position: &str, throw: u8) -> Vec<String> {
    simple::moves(position, throw).expect("valid position and throw")
}

fn throw(t: u8) -> Chance {
    Chance::Throw(t)
}

fn mv(from: u8) -> Choice {
    Choice::Move { from }
}

fn at(position: &str) -> Game {
    Game::from_position(position).expect("valid test position")
}

fn pass(pieces: &[(usize, char)], next: char) -> Vec<String> {
    vec![format!("pass {}", text(pieces, next))]
}

// ---- Setup and throws ----

#[test]
fn simple_start_has_cone_on_odd_and_spool_on_even_squares_of_the_top_row() {
    let game = simple::new_game();
    assert_eq!(game.position_text(), START);
    assert_eq!(game.census().on_board, 10);
}

#[test]
fn simple_cone_seat_0_throws_first() {
    let mut game = simple::new_game();
    assert_eq!(outcomes(&game).len(), 5);
    chance(&mut game, throw(2));
    assert_eq!(options(&game).0, 0);
}

#[test]
fn simple_throws_count_dark_sides_with_6_for_none() {
    // Decision: each stick falls dark with probability 1/2.
    assert_eq!(
        outcomes(&simple::new_game()),
        vec![
            (throw(1), Prob::new(4, 16)),
            (throw(2), Prob::new(6, 16)),
            (throw(3), Prob::new(4, 16)),
            (throw(4), Prob::new(1, 16)),
            (throw(6), Prob::new(1, 16)),
        ]
    );
    assert!(simple::new_game().apply_chance(&throw(5)).is_err());
    assert_eq!(simple::moves(START, 5), None);
    assert!(simple::moves(START, 6).is_some());
}

#[test]
fn simple_moves_on_1_4_6_throw_again_and_on_2_3_pass_the_turn() {
    let p = text(&[(1, 'c'), (20, 's')], 'c');
    for (t, next) in [(1, 'c'), (2, 's'), (3, 's'), (4, 'c'), (6, 'c')] {
        let to = 1 + usize::from(t);
        assert_eq!(
            moves(&p, t),
            vec![format!("1 {to} {}", text(&[(to, 'c'), (20, 's')], next))]
        );
    }
}

// ---- Moving and capturing ----

#[test]
fn simple_may_not_land_on_a_friendly_piece() {
    let p = text(&[(1, 'c'), (3, 'c'), (20, 's')], 'c');
    assert_eq!(
        moves(&p, 2),
        vec![format!(
            "3 5 {}",
            text(&[(1, 'c'), (5, 'c'), (20, 's')], 's')
        )]
    );
}

#[test]
fn simple_piece_with_an_adjacent_friend_is_defended() {
    let p = text(&[(1, 'c'), (4, 's'), (5, 's')], 'c');
    assert_eq!(moves(&p, 3), pass(&[(1, 'c'), (4, 's'), (5, 's')], 's'));
    assert_eq!(moves(&p, 4), pass(&[(1, 'c'), (4, 's'), (5, 's')], 's'));
}

#[test]
fn simple_pieces_on_26_28_29_are_defended() {
    for (from, q, t) in [(25, 26, 1), (26, 28, 2), (28, 29, 1)] {
        let p = text(&[(from, 'c'), (q, 's')], 'c');
        assert_eq!(
            moves(&p, t),
            pass(&[(from, 'c'), (q, 's')], 's'),
            "square {q}"
        );
    }
}

#[test]
fn simple_lone_pieces_on_15_and_30_are_not_defended() {
    let p = text(&[(14, 'c'), (15, 's')], 'c');
    assert_eq!(
        moves(&p, 1),
        vec![format!("14 15 {}", text(&[(14, 's'), (15, 'c')], 'c'))]
    );
    let p = text(&[(28, 'c'), (30, 's')], 'c');
    assert_eq!(
        moves(&p, 2),
        vec![format!("28 30 {}", text(&[(28, 's'), (30, 'c')], 's'))]
    );
}

#[test]
fn simple_landing_on_an_undefended_opponent_swaps_the_two() {
    let mut game = at(&text(&[(3, 'c'), (6, 's'), (20, 's')], 'c'));
    chance(&mut game, throw(3));
    assert_eq!(
        decide(&mut game, mv(3)),
        strings(&["move 3 6", "capture 6 3"])
    );
    assert_eq!(
        game.position_text(),
        text(&[(3, 's'), (6, 'c'), (20, 's')], 's')
    );
}

#[test]
fn simple_pieces_jump_freely_there_are_no_blockades() {
    let p = text(&[(1, 'c'), (2, 's'), (3, 's'), (4, 's'), (5, 's')], 'c');
    assert_eq!(
        moves(&p, 6),
        vec![format!(
            "1 7 {}",
            text(&[(7, 'c'), (2, 's'), (3, 's'), (4, 's'), (5, 's')], 'c')
        )]
    );
}

#[test]
fn simple_has_no_mandatory_stop_on_26() {
    let p = text(&[(24, 'c'), (1, 's')], 'c');
    assert_eq!(
        moves(&p, 4),
        vec![format!("24 28 {}", text(&[(28, 'c'), (1, 's')], 'c'))]
    );
}

#[test]
fn simple_water_sends_to_15_or_the_nearest_empty_square_below() {
    let p = text(&[(24, 'c'), (1, 's')], 'c');
    assert_eq!(
        moves(&p, 3),
        vec![format!("24 27 {}", text(&[(15, 'c'), (1, 's')], 's'))]
    );
    let p = text(&[(24, 'c'), (15, 's'), (14, 'c'), (13, 's')], 'c');
    assert_eq!(
        moves(&p, 3),
        vec![
            // 14 + 3 = 17 is free; 24 + 3 = 27 goes to 12, below 13..15.
            format!(
                "14 17 {}",
                text(&[(24, 'c'), (15, 's'), (17, 'c'), (13, 's')], 's')
            ),
            format!(
                "24 27 {}",
                text(&[(12, 'c'), (15, 's'), (14, 'c'), (13, 's')], 's')
            ),
        ]
    );
    let mut game = at(&p);
    chance(&mut game, throw(3));
    assert_eq!(
        decide(&mut game, mv(24)),
        strings(&["move 24 27", "water 27 12"])
    );
}

// ---- Bearing off ----

#[test]
fn simple_a_move_past_30_bears_off_from_ordinary_squares() {
    let p = text(&[(25, 'c'), (26, 'c'), (1, 's')], 'c');
    assert_eq!(
        moves(&p, 6),
        vec![
            format!("25 off {}", text(&[(26, 'c'), (1, 's')], 'c')),
            format!("26 off {}", text(&[(25, 'c'), (1, 's')], 'c')),
        ]
    );
}

#[test]
fn simple_28_bears_off_only_with_exactly_3() {
    let p = text(&[(28, 'c'), (1, 's')], 'c');
    assert_eq!(
        moves(&p, 3),
        vec![format!("28 off {}", text(&[(1, 's')], 's'))]
    );
    assert_eq!(moves(&p, 4), pass(&[(28, 'c'), (1, 's')], 's'));
    assert_eq!(moves(&p, 6), pass(&[(28, 'c'), (1, 's')], 's'));
    // Moving within the last squares stays an ordinary move.
    assert_eq!(
        moves(&p, 2),
        vec![format!("28 30 {}", text(&[(30, 'c'), (1, 's')], 's'))]
    );
}

#[test]
fn simple_29_bears_off_only_with_exactly_2() {
    let p = text(&[(29, 'c'), (1, 's')], 'c');
    assert_eq!(
        moves(&p, 2),
        vec![format!("29 off {}", text(&[(1, 's')], 's'))]
    );
    for t in [3, 4, 6] {
        assert_eq!(moves(&p, t), pass(&[(29, 'c'), (1, 's')], 's'), "throw {t}");
    }
    assert_eq!(
        moves(&p, 1),
        vec![format!("29 30 {}", text(&[(30, 'c'), (1, 's')], 'c'))]
    );
}

#[test]
fn simple_30_bears_off_with_any_throw() {
    let p = text(&[(30, 'c'), (1, 's')], 'c');
    for (t, next) in [(1, 'c'), (2, 's'), (3, 's'), (4, 'c'), (6, 'c')] {
        assert_eq!(
            moves(&p, t),
            vec![format!("30 off {}", text(&[(1, 's')], next))]
        );
    }
}

// ---- No move, winning ----

#[test]
fn simple_no_move_passes_the_turn_without_a_further_throw_even_on_1_4_6() {
    // Cone's piece on 28 bears off only with a 3, and 29 holds a defended
    // Spool piece: no move with 1, 4 or 6.
    for t in [1, 4, 6] {
        let mut game = at(&text(&[(28, 'c'), (29, 's')], 'c'));
        assert_eq!(chance(&mut game, throw(t)), strings(&["pass"]), "throw {t}");
        assert!(game.position_text().ends_with(" s"), "throw {t}");
    }
}

#[test]
fn simple_has_no_backward_moves() {
    // Kendall would force 10 or 11 backward here; simple passes.
    let p = text(&[(10, 'c'), (11, 'c'), (12, 's'), (13, 's')], 'c');
    assert_eq!(
        moves(&p, 1),
        pass(&[(10, 'c'), (11, 'c'), (12, 's'), (13, 's')], 's')
    );
}

#[test]
fn simple_first_to_bear_off_all_five_wins() {
    let mut game = at(&text(&[(28, 'c'), (1, 's')], 'c'));
    chance(&mut game, throw(3));
    assert_eq!(decide(&mut game, mv(28)), strings(&["off 28"]));
    assert_eq!(
        standing(&game),
        Standing {
            places: vec![0, 1],
            scores: vec![],
            how: "borne_off".to_string()
        }
    );
    let mut game = at(&text(&[(2, 'c'), (30, 's')], 's'));
    chance(&mut game, throw(6));
    decide(&mut game, mv(30));
    assert_eq!(standing(&game).places, vec![1, 0]);
}

#[test]
fn simple_options_are_one_move_per_movable_piece_ascending() {
    let mut game = simple::new_game();
    chance(&mut game, throw(1));
    // Each Cone piece p captures the Spool piece on p + 1, whose neighbours
    // are Cone pieces or empty: undefended.
    let (seat, opts) = options(&game);
    assert_eq!(seat, 0);
    assert_eq!(opts, vec![mv(1), mv(3), mv(5), mv(7), mv(9)]);
}

#[test]
fn simple_steps_other_than_next_are_refused() {
    let mut game = at(&text(&[(1, 'c'), (20, 's')], 'c'));
    assert!(game.clone().apply_decision(&mv(1)).is_err());
    chance(&mut game, throw(2));
    assert!(game.clone().apply_chance(&throw(2)).is_err());
    assert!(game.clone().apply_decision(&mv(20)).is_err());
}

#[test]
fn simple_moves_rejects_invalid_positions() {
    let six = text(
        &[(1, 'c'), (3, 'c'), (5, 'c'), (7, 'c'), (9, 'c'), (11, 'c')],
        'c',
    );
    assert_eq!(simple::moves(&six, 1), None);
    assert_eq!(simple::moves(&text(&[(27, 's')], 'c'), 1), None);
    assert_eq!(simple::moves(&text(&[(1, 'c')], 'o'), 1), None);
    assert_eq!(simple::moves(&text(&[(1, 'w')], 'c'), 1), None);
    assert_eq!(simple::moves(START, 0), None);
}

// ---- Random games ----

#[test]
fn simple_random_games_keep_every_invariant() {
    let tally = random_games(500, 0x5111, 5_000, |_| simple::new_game());
    assert_eq!(tally.games, 500);
    assert!(tally.hows.iter().all(|h| h == "borne_off"));
    for kind in ["move", "capture", "water", "off", "pass"] {
        assert!(
            tally.event_kinds.contains(kind),
            "never saw `{kind}`: {tally:?}"
        );
    }
}
