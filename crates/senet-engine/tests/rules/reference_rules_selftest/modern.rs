//! Self-tests of the `modern` reference (rules-modern.md).

use super::reference_rules::modern::{self, Chance, Choice, Game, Piece, SENDS_AWAY};
use super::reference_rules::{Census, Prob, RefGame, Standing};
use super::{Inspect, chance, decide, options, outcomes, random_games, standing, strings};

inspect_game!(seats: by_game);

fn dice(a: u8, b: u8) -> Chance {
    Chance::Dice(a, b)
}

fn sum(from: u8) -> Choice {
    Choice::Sum { from }
}

fn die(from: u8, die: u8) -> Choice {
    Choice::Die { from, die }
}

fn piece(seat: usize, value: u8) -> Option<Piece> {
    Some(Piece { seat, value })
}

/// A hand-made game: `seats` players, `to_move` on turn, pieces on the board
/// as (square, seat, value), borne off as (seat, value) in order.
fn game(
    seats: usize,
    to_move: usize,
    on_board: &[(usize, usize, u8)],
    borne: &[(usize, u8)],
) -> Game {
    Game::custom(seats, to_move, on_board, borne).expect("valid test state")
}

/// Rolls `roll` for a seat with two dice and returns its options.
fn rolled(game: &mut Game, roll: Chance) -> Vec<Choice> {
    chance(game, roll);
    options(game).1
}

/// Squares 1..=15 all held by seats 1..3 (15 pieces), for a four-player game
/// where the Bird has nowhere to send a piece.
fn full_first_fifteen() -> Vec<(usize, usize, u8)> {
    (1..=15)
        .map(|q| (q, 1 + (q - 1) / 5, (5 - (q - 1) % 5) as u8))
        .collect()
}

// ---- Board, players, setup ----

#[test]
fn modern_setup_for_two_alternates_from_the_sun_highest_value_first() {
    let game = modern::new_game(2).expect("two players");
    assert_eq!(
        game.board_text(),
        "1:a5 2:b5 3:a4 4:b4 5:a3 6:b3 7:a2 8:b2 9:a1 10:b1"
    );
}

#[test]
fn modern_setup_for_three_and_four_continues_the_pattern() {
    let game = modern::new_game(4).expect("four players");
    for (square, seat, value) in [
        (1, 0, 5),
        (4, 3, 5),
        (5, 0, 4),
        (8, 3, 4),
        (17, 0, 1),
        (20, 3, 1),
    ] {
        assert_eq!(game.piece_on(square), piece(seat, value), "square {square}");
    }
    assert_eq!(game.census().on_board, 20);
    let game = modern::new_game(3).expect("three players");
    assert_eq!(game.piece_on(1), piece(0, 5));
    assert_eq!(game.piece_on(3), piece(2, 5));
    assert_eq!(game.piece_on(15), piece(2, 1));
    assert_eq!(game.census().occupied, (1..=15).collect::<Vec<_>>());
}

#[test]
fn modern_takes_two_to_four_players() {
    assert!(modern::new_game(1).is_err());
    assert!(modern::new_game(5).is_err());
    for n in 2..=4 {
        assert_eq!(modern::new_game(n).expect("valid").seats(), n);
    }
}

#[test]
fn modern_p1_starts_then_the_seats_follow_in_order() {
    let mut game = modern::new_game(3).expect("three players");
    for seat in [0, 1, 2, 0, 1] {
        assert_eq!(game.current(), seat);
        let opts = rolled(&mut game, dice(1, 2));
        assert_eq!(options(&game).0, seat);
        let first_sum = *opts
            .iter()
            .find(|o| matches!(o, Choice::Sum { .. }))
            .expect("some piece can move by 3");
        decide(&mut game, first_sum);
    }
}

// ---- Throws ----

#[test]
fn modern_two_dice_are_21_unordered_pairs_with_exact_probabilities() {
    let game = modern::new_game(2).expect("two players");
    let all = outcomes(&game);
    assert_eq!(all.len(), 21);
    assert_eq!(all[0], (dice(1, 1), Prob::new(1, 36)));
    assert_eq!(all[1], (dice(1, 2), Prob::new(2, 36)));
    assert_eq!(all[20], (dice(6, 6), Prob::new(1, 36)));
    assert!(game.clone().apply_chance(&dice(2, 1)).is_err());
    assert!(game.clone().apply_chance(&Chance::Die(3)).is_err());
}

#[test]
fn modern_move_one_piece_by_the_sum_or_two_different_pieces_one_die_each() {
    let mut g = game(2, 0, &[(3, 0, 5), (10, 0, 4), (20, 1, 5), (21, 1, 4)], &[]);
    assert_eq!(
        rolled(&mut g, dice(1, 2)),
        vec![
            sum(3),
            sum(10),
            die(3, 1),
            die(10, 1),
            die(3, 2),
            die(10, 2)
        ]
    );
    assert_eq!(decide(&mut g, sum(3)), strings(&["move 3 6"]));
    // The sum uses the whole throw: seat 1 is on turn.
    assert_eq!(g.current(), 1);
}

#[test]
fn modern_split_either_die_may_come_first_and_the_other_moves_a_different_piece() {
    let start = game(2, 0, &[(3, 0, 5), (10, 0, 4), (20, 1, 5), (21, 1, 4)], &[]);
    let mut g = start.clone();
    rolled(&mut g, dice(1, 2));
    assert_eq!(decide(&mut g, die(10, 2)), strings(&["move 10 12"]));
    // Second die: 1, by a piece other than the one just moved (now on 12).
    assert_eq!(options(&g), (0, vec![die(3, 1)]));
    decide(&mut g, die(3, 1));
    assert_eq!(g.current(), 1);
    let mut g = start;
    rolled(&mut g, dice(1, 2));
    decide(&mut g, die(3, 1));
    assert_eq!(options(&g), (0, vec![die(10, 2)]));
}

#[test]
fn modern_split_ends_with_one_die_used_when_no_other_piece_can_use_the_second() {
    // P2 on 28 stops 24 + 4 (a piece from outside 26-30 may not land there).
    let mut g = game(2, 0, &[(2, 0, 5), (24, 0, 4), (28, 1, 5), (20, 1, 4)], &[]);
    assert_eq!(
        rolled(&mut g, dice(4, 6)),
        vec![sum(2), die(2, 4), die(2, 6), die(24, 6)]
    );
    decide(&mut g, die(2, 6));
    // The 4 is left for the piece on 24 only, which cannot use it: the turn
    // ends with one die used, and P1 is not out.
    assert_eq!(g.current(), 1);
    assert!(g.out().is_empty());
}

#[test]
fn modern_doubles_list_each_single_die_move_once() {
    let mut g = game(2, 0, &[(3, 0, 5), (10, 0, 4), (20, 1, 5), (21, 1, 4)], &[]);
    assert_eq!(
        rolled(&mut g, dice(2, 2)),
        vec![sum(3), sum(10), die(3, 2), die(10, 2)]
    );
    decide(&mut g, die(3, 2));
    assert_eq!(options(&g).1, vec![die(10, 2)]);
}

#[test]
fn modern_one_piece_on_the_board_chooses_one_die_or_two_before_rolling() {
    let mut g = game(2, 0, &[(5, 0, 5), (20, 1, 5), (21, 1, 4)], &[]);
    assert_eq!(options(&g), (0, vec![Choice::RollOne, Choice::RollTwo]));
    assert!(g.clone().apply_chance(&dice(1, 2)).is_err());
    assert_eq!(decide(&mut g, Choice::RollOne), Vec::<String>::new());
    let expected: Vec<(Chance, Prob)> =
        (1..=6).map(|v| (Chance::Die(v), Prob::new(1, 6))).collect();
    assert_eq!(outcomes(&g), expected);
    assert!(g.clone().apply_chance(&dice(1, 2)).is_err());
    chance(&mut g, Chance::Die(3));
    assert_eq!(options(&g).1, vec![die(5, 3)]);
    decide(&mut g, die(5, 3));
    assert_eq!(g.piece_on(8), piece(0, 5));
    assert_eq!(g.current(), 1);
}

#[test]
fn modern_one_piece_having_rolled_two_dice_moves_only_by_the_sum() {
    let mut g = game(2, 0, &[(5, 0, 5), (20, 1, 5), (21, 1, 4)], &[]);
    decide(&mut g, Choice::RollTwo);
    assert_eq!(outcomes(&g).len(), 21);
    assert_eq!(rolled(&mut g, dice(1, 2)), vec![sum(5)]);
}

// ---- Moving and capturing ----

#[test]
fn modern_may_not_land_on_a_friendly_piece() {
    let mut g = game(2, 0, &[(3, 0, 5), (5, 0, 4), (20, 1, 5), (21, 1, 4)], &[]);
    assert_eq!(
        rolled(&mut g, dice(1, 1)),
        vec![sum(5), die(3, 1), die(5, 1)]
    );
}

#[test]
fn modern_capture_sends_the_opponent_piece_back_to_the_sun() {
    let mut g = game(2, 0, &[(3, 0, 5), (20, 0, 4), (6, 1, 5), (22, 1, 4)], &[]);
    rolled(&mut g, dice(1, 2));
    assert_eq!(
        decide(&mut g, sum(3)),
        strings(&["move 3 6", "capture 6", "sun 6"])
    );
    assert_eq!(g.piece_on(6), piece(0, 5));
    assert_eq!(g.piece_on(1), piece(1, 5));
    // Nothing left the game: only the six pieces absent from the test board
    // count as removed.
    assert_eq!(g.removed().len(), 2 * 5 - 4);
}

#[test]
fn modern_capture_with_the_sun_occupied_takes_that_piece_out_whoever_owns_it() {
    for owner in [0, 1] {
        let mut g = game(
            2,
            0,
            &[(3, 0, 5), (20, 0, 4), (6, 1, 5), (22, 1, 4), (1, owner, 3)],
            &[],
        );
        let removed_before = g.removed().len();
        rolled(&mut g, dice(1, 2));
        assert_eq!(
            decide(&mut g, sum(3)),
            strings(&["move 3 6", "capture 6", "removed 1", "sun 6"])
        );
        assert_eq!(g.piece_on(1), piece(1, 5));
        assert_eq!(g.removed().len(), removed_before + 1);
        assert_eq!(
            g.removed().last(),
            Some(&Piece {
                seat: owner,
                value: 3
            })
        );
    }
}

// ---- Reaching the goal ----

#[test]
fn modern_reaching_the_goal_exactly_bears_the_piece_off_and_scores_its_dots() {
    let mut g = game(2, 0, &[(28, 0, 5), (10, 0, 4), (20, 1, 5), (21, 1, 4)], &[]);
    rolled(&mut g, dice(1, 2));
    assert_eq!(decide(&mut g, sum(28)), strings(&["off 28"]));
    assert_eq!(g.borne_off(0), vec![5]);
    assert_eq!(g.piece_on(28), None);
}

#[test]
fn modern_bounce_from_28_with_5_lands_on_29() {
    let mut g = game(2, 0, &[(28, 0, 5), (20, 1, 5), (21, 1, 4)], &[]);
    decide(&mut g, Choice::RollOne);
    chance(&mut g, Chance::Die(5));
    assert_eq!(
        decide(&mut g, die(28, 5)),
        strings(&["move 28 31", "bounce 31 29"])
    );
    assert_eq!(g.piece_on(29), piece(0, 5));
}

#[test]
fn modern_bounce_landing_on_a_piece_follows_the_landing_rules() {
    // Onto an opponent: captured (the mover started inside 26-30).
    let mut g = game(2, 0, &[(28, 0, 5), (29, 1, 5), (20, 1, 4)], &[]);
    decide(&mut g, Choice::RollOne);
    chance(&mut g, Chance::Die(5));
    assert_eq!(
        decide(&mut g, die(28, 5)),
        strings(&["move 28 31", "bounce 31 29", "capture 29", "sun 29"])
    );
    // Onto a friendly piece: illegal.
    let mut g = game(2, 0, &[(28, 0, 5), (29, 0, 4), (20, 1, 4), (21, 1, 5)], &[]);
    let opts = rolled(&mut g, dice(2, 3));
    assert!(!opts.contains(&sum(28)), "{opts:?}");
    // From outside 26-30, bouncing onto a piece on 28-30: illegal. Here it
    // was P1's only move, so P1 cannot use the throw and is out.
    let mut g = game(2, 0, &[(20, 0, 5), (30, 1, 5), (21, 1, 4)], &[]);
    decide(&mut g, Choice::RollTwo);
    assert_eq!(
        chance(&mut g, dice(6, 6)),
        strings(&["out P1", "removed 20"])
    );
}

#[test]
fn modern_bounce_back_to_the_starting_square_is_legal() {
    for (from, a, b) in [(28, 3, 3), (29, 1, 3), (30, 1, 1)] {
        let mut g = game(2, 0, &[(from, 0, 5), (20, 1, 5), (21, 1, 4)], &[]);
        decide(&mut g, Choice::RollTwo);
        assert_eq!(rolled(&mut g, dice(a, b)), vec![sum(from as u8)]);
        decide(&mut g, sum(from as u8));
        assert_eq!(g.piece_on(from), piece(0, 5), "from {from}");
    }
}

// ---- Special squares ----

#[test]
fn modern_moon_sends_the_piece_back_to_the_sun() {
    let mut g = game(2, 0, &[(20, 0, 5), (10, 0, 4), (15, 1, 5), (16, 1, 4)], &[]);
    rolled(&mut g, dice(2, 4));
    assert_eq!(decide(&mut g, sum(20)), strings(&["move 20 26", "sun 26"]));
    assert_eq!(g.piece_on(1), piece(0, 5));
    // With the Sun occupied, that piece is taken out.
    let mut g = game(2, 0, &[(20, 0, 5), (10, 0, 4), (15, 1, 5), (1, 1, 4)], &[]);
    rolled(&mut g, dice(2, 4));
    assert_eq!(
        decide(&mut g, sum(20)),
        strings(&["move 20 26", "removed 1", "sun 26"])
    );
    assert_eq!(g.piece_on(1), piece(0, 5));
    assert_eq!(g.removed().last(), Some(&Piece { seat: 1, value: 4 }));
}

#[test]
fn modern_bird_sends_the_piece_to_15_or_the_nearest_empty_square_below() {
    let mut g = game(2, 0, &[(21, 0, 5), (10, 0, 4), (30, 1, 5), (29, 1, 4)], &[]);
    rolled(&mut g, dice(2, 4));
    assert_eq!(
        decide(&mut g, sum(21)),
        strings(&["move 21 27", "bird 27 15"])
    );
    let mut g = game(2, 0, &[(21, 0, 5), (14, 0, 4), (15, 1, 5), (29, 1, 4)], &[]);
    rolled(&mut g, dice(2, 4));
    assert_eq!(
        decide(&mut g, sum(21)),
        strings(&["move 21 27", "bird 27 13"])
    );
}

#[test]
fn modern_bird_with_no_empty_square_at_or_below_15_makes_the_move_illegal() {
    let mut board = full_first_fifteen();
    board.push((21, 0, 5));
    board.push((16, 0, 4));
    let mut g = game(4, 0, &board, &[]);
    let opts = rolled(&mut g, dice(2, 4));
    assert!(!opts.contains(&sum(21)), "{opts:?}");
    assert!(opts.contains(&sum(16)));
    assert!(opts.contains(&die(21, 2)));
}

#[test]
fn modern_28_to_30_are_safe_from_pieces_starting_outside_26_to_30() {
    for target in [28, 29, 30] {
        let from = target - 8;
        let mut g = game(
            2,
            0,
            &[(from, 0, 5), (10, 0, 4), (target, 1, 5), (3, 1, 4)],
            &[],
        );
        let opts = rolled(&mut g, dice(4, 4));
        assert!(!opts.contains(&sum(from as u8)), "{target}: {opts:?}");
    }
}

#[test]
fn modern_piece_on_28_to_30_may_capture_on_28_to_30() {
    let mut g = game(2, 0, &[(28, 0, 5), (30, 1, 5), (3, 1, 4)], &[]);
    decide(&mut g, Choice::RollOne);
    chance(&mut g, Chance::Die(2));
    assert_eq!(
        decide(&mut g, die(28, 2)),
        strings(&["move 28 30", "capture 30", "sun 30"])
    );
}

#[test]
fn modern_piece_on_28_to_30_must_move_if_it_can() {
    let mut g = game(2, 0, &[(28, 0, 5), (10, 0, 4), (20, 1, 5), (21, 1, 4)], &[]);
    // 10 could move too; only the piece on 28 is offered.
    assert_eq!(
        rolled(&mut g, dice(1, 2)),
        vec![sum(28), die(28, 1), die(28, 2)]
    );
}

#[test]
fn modern_the_28_to_30_rule_applies_again_at_the_second_die() {
    let start = game(
        2,
        0,
        &[(28, 0, 5), (29, 0, 4), (10, 0, 3), (20, 1, 5), (21, 1, 4)],
        &[],
    );
    let mut g = start.clone();
    assert_eq!(
        rolled(&mut g, dice(1, 3)),
        vec![sum(28), sum(29), die(29, 1), die(28, 3), die(29, 3)]
    );
    decide(&mut g, die(28, 3));
    // The 1: 29 -> 30 and 10 -> 11 are legal; 29 is on 28-30.
    assert_eq!(options(&g).1, vec![die(29, 1)]);
    // When the piece moved first was the only one on 28-30, the others are free.
    let mut g = game(2, 0, &[(28, 0, 5), (10, 0, 4), (20, 1, 5), (21, 1, 4)], &[]);
    rolled(&mut g, dice(1, 3));
    decide(&mut g, die(28, 3));
    assert_eq!(options(&g).1, vec![die(10, 1)]);
}

// ---- No pass ----

#[test]
fn modern_player_who_cannot_use_the_throw_is_out_and_with_two_the_other_wins() {
    // P1's single piece rolled two dice: only the sum, 21 + 6 = 27, and the
    // Bird has nowhere to go. A 4-player board keeps 1..15 full.
    let mut board = full_first_fifteen();
    board.push((21, 0, 5));
    let mut g = game(4, 0, &board, &[]);
    decide(&mut g, Choice::RollTwo);
    assert_eq!(
        chance(&mut g, dice(3, 3)),
        strings(&["out P1", "removed 21"])
    );
    // With 3-4 players the others play on: P2 is on turn.
    assert_eq!(g.out(), vec![0]);
    assert_eq!(g.current(), 1);
    assert_eq!(g.piece_on(21), None);
    assert_eq!(outcomes(&g).len(), 21);
}

#[test]
fn modern_player_with_no_piece_on_the_board_still_rolls_and_is_out() {
    let mut g = game(2, 0, &[(20, 1, 5)], &[(0, 5)]);
    assert_eq!(outcomes(&g).len(), 21, "two dice");
    assert_eq!(chance(&mut g, dice(1, 2)), strings(&["out P1"]));
    assert_eq!(
        standing(&g),
        Standing {
            places: vec![1, 0],
            scores: vec![5, 0],
            how: "last_player".to_string()
        }
    );
}

#[test]
fn modern_players_out_rank_last_the_later_out_higher() {
    let mut g = game(3, 0, &[(20, 2, 5)], &[]);
    assert_eq!(chance(&mut g, dice(1, 2)), strings(&["out P1"]));
    assert_eq!(chance(&mut g, dice(1, 2)), strings(&["out P2"]));
    assert_eq!(standing(&g).places, vec![2, 1, 0]);
    assert_eq!(standing(&g).how, "last_player");
}

// ---- End and scoring ----

#[test]
fn modern_game_ends_at_three_borne_off_even_between_the_two_moves_of_a_split() {
    let mut g = game(
        2,
        0,
        &[(28, 0, 5), (10, 0, 4), (20, 1, 5), (21, 1, 4)],
        &[(0, 1), (0, 2)],
    );
    rolled(&mut g, dice(1, 3));
    assert_eq!(decide(&mut g, die(28, 3)), strings(&["off 28"]));
    assert_eq!(
        standing(&g),
        Standing {
            places: vec![0, 1],
            scores: vec![8, 0],
            how: "three_borne_off".to_string()
        }
    );
    assert!(g.clone().apply_decision(&die(10, 1)).is_err());
}

#[test]
fn modern_highest_dots_win_not_the_first_to_three() {
    let mut g = game(
        2,
        0,
        &[(28, 0, 3), (10, 1, 3)],
        &[(0, 1), (0, 2), (1, 5), (1, 4)],
    );
    decide(&mut g, Choice::RollTwo);
    rolled(&mut g, dice(1, 2));
    decide(&mut g, sum(28));
    let s = standing(&g);
    assert_eq!(s.places, vec![1, 0]);
    assert_eq!(s.scores, vec![6, 9]);
}

#[test]
fn modern_ties_go_to_more_pieces_borne_off_then_the_first_to_bear_off() {
    // Equal dots 6: P1 with three pieces beats P2 with two.
    let mut g = game(
        2,
        0,
        &[(28, 0, 3), (10, 1, 3)],
        &[(1, 5), (0, 1), (0, 2), (1, 1)],
    );
    decide(&mut g, Choice::RollTwo);
    rolled(&mut g, dice(1, 2));
    decide(&mut g, sum(28));
    assert_eq!(standing(&g).places, vec![0, 1]);
    assert_eq!(standing(&g).scores, vec![6, 6]);
    // P2 and P3 tie on 6 dots and two pieces: P3 bore off first.
    let mut g = game(
        3,
        0,
        &[(28, 0, 3), (10, 1, 3), (11, 2, 3)],
        &[(2, 4), (1, 5), (0, 5), (0, 4), (1, 1), (2, 2)],
    );
    decide(&mut g, Choice::RollTwo);
    rolled(&mut g, dice(1, 2));
    decide(&mut g, sum(28));
    assert_eq!(standing(&g).places, vec![0, 2, 1]);
    assert_eq!(standing(&g).scores, vec![12, 6, 6]);
}

#[test]
fn modern_steps_other_than_next_are_refused() {
    let mut g = game(2, 0, &[(3, 0, 5), (10, 0, 4), (20, 1, 5), (21, 1, 4)], &[]);
    assert!(g.clone().apply_decision(&sum(3)).is_err());
    assert!(g.clone().apply_decision(&Choice::RollOne).is_err());
    rolled(&mut g, dice(1, 2));
    assert!(g.clone().apply_chance(&dice(1, 2)).is_err());
    assert!(g.clone().apply_decision(&sum(20)).is_err());
    assert!(g.clone().apply_decision(&die(3, 3)).is_err());
    assert!(g.clone().apply_decision(&Choice::RollTwo).is_err());
}

// ---- Random games ----

#[test]
fn modern_random_games_keep_every_invariant() {
    for seats in 2..=4 {
        let tally = random_games(200, 0x40de + seats as u64, 5_000, |_| {
            modern::new_game(seats).expect("valid seat count")
        });
        assert_eq!(tally.games, 200);
        assert!(tally.hows.iter().any(|h| h == "three_borne_off"), "{seats}");
        // Random play often ends with a player out: pieces pile up on the
        // Sun and are taken out, and a player left with none is out.
        assert!(tally.hows.iter().any(|h| h == "last_player"), "{seats}");
        for kind in [
            "move", "bounce", "off", "capture", "sun", "bird", "removed", "out",
        ] {
            assert!(
                tally.event_kinds.contains(kind),
                "{seats} seats never saw `{kind}`: {tally:?}"
            );
        }
    }
}
