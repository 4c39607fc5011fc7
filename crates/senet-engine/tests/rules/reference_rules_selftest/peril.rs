//! Self-tests of the `peril` reference (rules-peril.md).

use super::reference_rules::peril::{self, Chance, Choice, Game, SENDS_AWAY, Side};
use super::reference_rules::{Census, Prob, RefGame, Standing};
use super::{Inspect, chance, decide, options, outcomes, random_games, standing, strings, text};

inspect_game!(seats: 2);

fn die(v: u8) -> Chance {
    Chance::Die(v)
}

fn mv(from: u8) -> Choice {
    Choice::Move { from }
}

fn ankh(square: u8) -> Choice {
    Choice::Ankh { square }
}

fn remove(square: u8) -> Choice {
    Choice::Remove { square }
}

/// The game with `pieces` on the board, `side` to roll, and reserves
/// `[cone, spool]`.
fn at(pieces: &[(usize, char)], side: char, reserve: [usize; 2]) -> Game {
    Game::from_position(&text(pieces, side), reserve).expect("valid test position")
}

/// Whether the next step is the given side's turn roll (a chance step with
/// that side on turn).
fn rolls_next(game: &Game, side: char) -> bool {
    outcomes(game).len() == 6 && game.position_text().ends_with(side)
}

// ---- Setup, the die, a turn ----

#[test]
fn peril_start_has_an_empty_board_seven_pawns_in_each_reserve_and_cone_to_roll() {
    let game = peril::new_game();
    assert_eq!(game.position_text(), text(&[], 'c'));
    assert_eq!(game.reserve(Side::Cone), 7);
    assert_eq!(game.reserve(Side::Spool), 7);
    assert_eq!(game.census().total, 14);
}

#[test]
fn peril_every_roll_is_one_die_with_six_equal_faces() {
    let expected: Vec<(Chance, Prob)> = (1..=6).map(|v| (die(v), Prob::new(1, 6))).collect();
    assert_eq!(outcomes(&peril::new_game()), expected);
    assert!(peril::new_game().apply_chance(&die(0)).is_err());
    assert!(peril::new_game().apply_chance(&die(7)).is_err());
}

#[test]
fn peril_roll_1_to_3_must_move_a_pawn_on_the_board() {
    for v in 1..=3 {
        let mut game = at(&[(5, 'c'), (20, 's')], 'c', [3, 3]);
        chance(&mut game, die(v));
        assert_eq!(options(&game), (0, vec![mv(5)]), "roll {v}");
    }
}

#[test]
fn peril_roll_4_5_6_summons_onto_1_2_3() {
    for (v, square) in [(4, 1), (5, 2), (6, 3)] {
        let mut game = peril::new_game();
        chance(&mut game, die(v));
        assert_eq!(options(&game), (0, vec![Choice::Summon]));
        assert_eq!(
            decide(&mut game, Choice::Summon),
            vec![format!("entered {square}")]
        );
        assert_eq!(game.position_text(), text(&[(square, 'c')], 's'));
        assert_eq!(game.reserve(Side::Cone), 6);
    }
}

#[test]
fn peril_roll_4_5_6_offers_moves_then_the_summon() {
    let mut game = at(&[(5, 'c'), (20, 's')], 'c', [3, 3]);
    chance(&mut game, die(6));
    assert_eq!(options(&game).1, vec![mv(5), Choice::Summon]);
}

#[test]
fn peril_summon_needs_an_empty_square_and_a_reserve_pawn() {
    // 1 is taken (by either side): no summon with a 4.
    for owner in ['c', 's'] {
        let mut game = at(&[(1, owner), (10, 'c'), (20, 's')], 'c', [3, 3]);
        chance(&mut game, die(4));
        let (_, opts) = options(&game);
        assert!(!opts.contains(&Choice::Summon), "{owner}: {opts:?}");
    }
    let mut game = at(&[(10, 'c'), (20, 's')], 'c', [0, 3]);
    chance(&mut game, die(5));
    assert_eq!(options(&game).1, vec![mv(10)]);
}

#[test]
fn peril_pawn_may_not_land_on_a_friendly_pawn() {
    let mut game = at(&[(5, 'c'), (7, 'c'), (20, 's')], 'c', [0, 3]);
    chance(&mut game, die(2));
    assert_eq!(options(&game).1, vec![mv(7)]);
}

#[test]
fn peril_pawn_must_land_on_30_exactly() {
    let mut game = at(&[(25, 'c'), (10, 'c'), (20, 's')], 'c', [0, 3]);
    chance(&mut game, die(6));
    assert_eq!(options(&game).1, vec![mv(10)]);
    let mut game = at(&[(25, 'c'), (10, 'c'), (20, 's')], 'c', [0, 3]);
    chance(&mut game, die(5));
    assert_eq!(options(&game).1, vec![mv(10), mv(25)]);
}

#[test]
fn peril_landing_on_an_opponent_removes_it_for_good() {
    let mut game = at(&[(5, 'c'), (8, 's')], 'c', [0, 3]);
    let removed_before = game.removed(Side::Spool);
    chance(&mut game, die(3));
    assert_eq!(
        decide(&mut game, mv(5)),
        strings(&["move 5 8", "capture 8"])
    );
    assert_eq!(game.position_text(), text(&[(8, 'c')], 's'));
    assert_eq!(game.removed(Side::Spool) - removed_before, 1);
    assert_eq!(game.reserve(Side::Spool), 3);
}

#[test]
fn peril_no_move_or_summon_passes_the_turn() {
    let mut game = peril::new_game();
    assert_eq!(chance(&mut game, die(2)), strings(&["pass"]));
    assert!(rolls_next(&game, 's'));
}

#[test]
fn peril_there_are_no_extra_rolls() {
    let mut game = peril::new_game();
    chance(&mut game, die(6));
    decide(&mut game, Choice::Summon);
    assert!(rolls_next(&game, 's'));
}

// ---- 15, Ankh of Rebirth ----

#[test]
fn peril_ankh_places_a_reserve_pawn_on_a_chosen_empty_square_among_1_2_3() {
    let mut game = at(&[(12, 'c'), (2, 's')], 'c', [2, 3]);
    chance(&mut game, die(3));
    assert_eq!(decide(&mut game, mv(12)), strings(&["move 12 15"]));
    // A follow-up decision of the same turn, for the same seat.
    assert_eq!(options(&game), (0, vec![ankh(1), ankh(3)]));
    assert!(game.clone().apply_decision(&ankh(2)).is_err());
    assert_eq!(decide(&mut game, ankh(3)), strings(&["entered 3"]));
    assert_eq!(
        game.position_text(),
        text(&[(15, 'c'), (3, 'c'), (2, 's')], 's')
    );
    assert_eq!(game.reserve(Side::Cone), 1);
}

#[test]
fn peril_ankh_does_nothing_without_a_reserve_pawn_or_a_free_square() {
    let mut game = at(&[(12, 'c'), (20, 's')], 'c', [0, 3]);
    chance(&mut game, die(3));
    decide(&mut game, mv(12));
    assert!(rolls_next(&game, 's'));
    let mut game = at(&[(12, 'c'), (1, 's'), (2, 'c'), (3, 's')], 'c', [2, 3]);
    chance(&mut game, die(3));
    decide(&mut game, mv(12));
    assert!(rolls_next(&game, 's'));
    assert_eq!(game.reserve(Side::Cone), 2);
}

#[test]
fn peril_ankh_follows_a_capture_on_15() {
    let mut game = at(&[(12, 'c'), (15, 's')], 'c', [1, 3]);
    chance(&mut game, die(3));
    assert_eq!(
        decide(&mut game, mv(12)),
        strings(&["move 12 15", "capture 15"])
    );
    assert_eq!(options(&game).1, vec![ankh(1), ankh(2), ankh(3)]);
}

// ---- 26, Vulture's Perch ----

#[test]
fn peril_vulture_roll_1_to_4_removes_one_of_the_players_own_pawns_26_included() {
    for v in 1..=4 {
        let mut game = at(&[(24, 'c'), (10, 'c'), (5, 's')], 'c', [0, 3]);
        let removed_before = game.removed(Side::Cone);
        chance(&mut game, die(2));
        decide(&mut game, mv(24));
        // The server rolls for the Vulture.
        assert_eq!(outcomes(&game).len(), 6);
        assert_eq!(chance(&mut game, die(v)), Vec::<String>::new());
        assert_eq!(options(&game), (0, vec![remove(10), remove(26)]));
        assert_eq!(decide(&mut game, remove(26)), strings(&["removed 26"]));
        assert_eq!(game.removed(Side::Cone) - removed_before, 1);
        assert!(rolls_next(&game, 's'));
    }
}

#[test]
fn peril_vulture_roll_5_6_removes_an_opponent_pawn() {
    for v in 5..=6 {
        let mut game = at(&[(24, 'c'), (5, 's'), (9, 's')], 'c', [0, 3]);
        let removed_before = game.removed(Side::Spool);
        chance(&mut game, die(2));
        decide(&mut game, mv(24));
        chance(&mut game, die(v));
        assert_eq!(options(&game), (0, vec![remove(5), remove(9)]));
        assert_eq!(decide(&mut game, remove(9)), strings(&["removed 9"]));
        assert_eq!(game.removed(Side::Spool) - removed_before, 1);
    }
}

#[test]
fn peril_vulture_roll_5_6_does_nothing_when_the_opponent_has_no_pawn_on_the_board() {
    let mut game = at(&[(24, 'c')], 'c', [0, 3]);
    chance(&mut game, die(2));
    decide(&mut game, mv(24));
    assert_eq!(chance(&mut game, die(6)), Vec::<String>::new());
    assert!(rolls_next(&game, 's'));
    assert_eq!(game.position_text(), text(&[(26, 'c')], 's'));
}

// ---- 27, River of Oblivion ----

#[test]
fn peril_river_sweeps_from_30_down_and_rolls_for_every_pawn() {
    let mut game = at(
        &[(30, 'c'), (24, 'c'), (20, 's'), (10, 'c'), (2, 's')],
        'c',
        [2, 2],
    );
    chance(&mut game, die(3));
    assert_eq!(decide(&mut game, mv(24)), strings(&["move 24 27"]));
    // Queue: 30, 27, 20, 10, 2 — one roll each, whatever it can change.
    let rolls = [
        (1, "sweep 30 1"),
        (5, "sweep 27 3"),
        (6, "reserve 20"),
        (2, "reserve 10"),
        (4, "sweep 2 2"),
    ];
    for (v, event) in rolls {
        assert_eq!(outcomes(&game).len(), 6, "before {event}");
        assert!(!game.census().settled);
        assert_eq!(chance(&mut game, die(v)), strings(&[event]));
    }
    assert_eq!(
        game.position_text(),
        text(&[(1, 'c'), (2, 's'), (3, 'c')], 's')
    );
    assert_eq!(game.reserve(Side::Cone), 3);
    assert_eq!(game.reserve(Side::Spool), 3);
    assert!(rolls_next(&game, 's'));
}

#[test]
fn peril_river_maps_1_2_to_square_1_3_4_to_2_5_6_to_3() {
    for (v, square) in [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)] {
        let mut game = at(&[(24, 'c'), (20, 's')], 'c', [0, 0]);
        chance(&mut game, die(3));
        decide(&mut game, mv(24));
        assert_eq!(chance(&mut game, die(1)), strings(&["sweep 27 1"]));
        // The Spool pawn from 20: its square, or the next free one.
        let expected = if square == 1 { 2 } else { square };
        assert_eq!(
            chance(&mut game, die(v)),
            vec![format!("sweep 20 {expected}")],
            "roll {v}"
        );
    }
}

#[test]
fn peril_river_taken_square_goes_to_the_next_free_one_wrapping_around() {
    // Queue 27, 3, 1. The pawn from 27 rolls 5 (square 3): 3 taken, then 1
    // taken, so 2.
    let mut game = at(&[(24, 'c'), (3, 's'), (1, 's')], 'c', [0, 0]);
    chance(&mut game, die(3));
    decide(&mut game, mv(24));
    assert_eq!(chance(&mut game, die(5)), strings(&["sweep 27 2"]));
    // The pawn on 3 is lifted first: rolling 1 it finds 1, 2 taken, then its
    // own square 3 free.
    assert_eq!(chance(&mut game, die(1)), strings(&["sweep 3 3"]));
    // The pawn on 1 rolling 6: 3 taken, then its own square 1.
    assert_eq!(chance(&mut game, die(6)), strings(&["sweep 1 1"]));
    assert_eq!(
        game.position_text(),
        text(&[(1, 's'), (2, 'c'), (3, 's')], 's')
    );
}

#[test]
fn peril_river_pawn_returns_to_its_reserve_when_1_2_3_are_all_taken() {
    let mut game = at(&[(24, 'c'), (1, 's'), (2, 's'), (3, 's')], 'c', [0, 0]);
    chance(&mut game, die(3));
    decide(&mut game, mv(24));
    // 1, 2, 3 hold pawns not yet swept: the pawn from 27 goes to the reserve.
    assert_eq!(chance(&mut game, die(2)), strings(&["reserve 27"]));
    assert_eq!(game.reserve(Side::Cone), 1);
    for v in [1, 2, 3] {
        chance(&mut game, die(v));
    }
    assert_eq!(game.census().occupied, vec![1, 2, 3]);
}

// ---- 28, Trial of the Three Gods ----

#[test]
fn peril_trial_3_wins_at_once() {
    let mut game = at(&[(25, 'c'), (20, 's')], 'c', [0, 3]);
    chance(&mut game, die(3));
    assert_eq!(decide(&mut game, mv(25)), strings(&["move 25 28"]));
    assert_eq!(outcomes(&game).len(), 6);
    assert_eq!(chance(&mut game, die(3)), strings(&["win trial"]));
    assert_eq!(
        standing(&game),
        Standing {
            places: vec![0, 1],
            scores: vec![],
            how: "trial".to_string()
        }
    );
}

#[test]
fn peril_trial_sends_the_pawn_to_the_rolled_square_capturing_an_opponent() {
    let mut game = at(&[(25, 'c'), (5, 's')], 'c', [0, 3]);
    let removed_before = game.removed(Side::Spool);
    chance(&mut game, die(3));
    decide(&mut game, mv(25));
    assert_eq!(
        chance(&mut game, die(5)),
        strings(&["trial 28 5", "capture 5"])
    );
    assert_eq!(game.position_text(), text(&[(5, 'c')], 's'));
    assert_eq!(game.removed(Side::Spool) - removed_before, 1);
    for (v, square) in [(1, 1), (2, 2), (4, 4), (6, 6)] {
        let mut game = at(&[(25, 'c'), (20, 's')], 'c', [0, 3]);
        chance(&mut game, die(3));
        decide(&mut game, mv(25));
        assert_eq!(
            chance(&mut game, die(v)),
            vec![format!("trial 28 {square}")]
        );
    }
}

#[test]
fn peril_trial_friendly_pawn_there_sends_to_the_nearest_empty_square_below_skipping_any_pawn() {
    let mut game = at(
        &[(25, 'c'), (4, 'c'), (3, 's'), (2, 'c'), (20, 's')],
        'c',
        [0, 3],
    );
    let removed_before = game.removed(Side::Spool);
    chance(&mut game, die(3));
    decide(&mut game, mv(25));
    // 4 is Cone's: 3 (Spool) and 2 (Cone) are skipped, never captured.
    assert_eq!(chance(&mut game, die(4)), strings(&["trial 28 1"]));
    assert_eq!(game.removed(Side::Spool) - removed_before, 0);
}

#[test]
fn peril_trial_with_no_empty_square_below_returns_the_pawn_to_the_reserve() {
    let mut game = at(&[(25, 'c'), (2, 'c'), (1, 's')], 'c', [0, 3]);
    chance(&mut game, die(3));
    decide(&mut game, mv(25));
    assert_eq!(chance(&mut game, die(2)), strings(&["reserve 28"]));
    assert_eq!(game.reserve(Side::Cone), 1);
    assert_eq!(game.position_text(), text(&[(2, 'c'), (1, 's')], 's'));
}

// ---- 29, Eye of Judgment; 30, Gates of Aaru ----

#[test]
fn peril_eye_of_judgment_removes_the_pawn() {
    let mut game = at(&[(23, 'c'), (20, 's')], 'c', [1, 3]);
    let removed_before = game.removed(Side::Cone);
    chance(&mut game, die(6));
    assert_eq!(
        decide(&mut game, mv(23)),
        strings(&["move 23 29", "removed 29"])
    );
    assert_eq!(game.removed(Side::Cone) - removed_before, 1);
    assert!(rolls_next(&game, 's'));
}

#[test]
fn peril_landing_on_30_does_not_win() {
    let mut game = at(&[(24, 'c'), (20, 's')], 'c', [0, 3]);
    chance(&mut game, die(6));
    assert_eq!(decide(&mut game, mv(24)), strings(&["move 24 30"]));
    assert!(rolls_next(&game, 's'));
}

#[test]
fn peril_gates_a_6_at_the_start_of_a_later_turn_wins_at_once() {
    let mut game = at(&[(24, 'c'), (20, 's')], 'c', [0, 3]);
    chance(&mut game, die(6));
    decide(&mut game, mv(24));
    // Spool's 6 does not open Cone's gates.
    chance(&mut game, die(6));
    assert_eq!(options(&game), (1, vec![mv(20), Choice::Summon]));
    decide(&mut game, Choice::Summon);
    assert_eq!(chance(&mut game, die(6)), strings(&["win gates"]));
    assert_eq!(standing(&game).places, vec![0, 1]);
    assert_eq!(standing(&game).how, "gates");
}

#[test]
fn peril_gates_other_rolls_are_used_normally_and_the_pawn_stays() {
    let mut game = at(&[(30, 'c'), (10, 'c'), (20, 's')], 'c', [0, 3]);
    chance(&mut game, die(2));
    assert_eq!(options(&game).1, vec![mv(10)]);
    let mut game = at(&[(30, 'c'), (20, 's')], 'c', [0, 3]);
    assert_eq!(chance(&mut game, die(5)), strings(&["pass"]));
    assert_eq!(game.position_text(), text(&[(30, 'c'), (20, 's')], 's'));
}

#[test]
fn peril_pawn_waiting_on_30_can_be_captured() {
    let mut game = at(&[(30, 'c'), (26, 's')], 's', [1, 3]);
    let removed_before = game.removed(Side::Cone);
    chance(&mut game, die(4));
    assert_eq!(
        decide(&mut game, mv(26)),
        strings(&["move 26 30", "capture 30"])
    );
    assert_eq!(game.removed(Side::Cone) - removed_before, 1);
}

// ---- Winning and losing ----

#[test]
fn peril_player_without_pawns_loses_judged_once_all_effects_are_done() {
    // Cone captures Spool's last pawn on 26: the Vulture still rolls first.
    let mut game = at(&[(20, 'c'), (26, 's')], 'c', [1, 0]);
    chance(&mut game, die(6));
    assert_eq!(
        decide(&mut game, mv(20)),
        strings(&["move 20 26", "capture 26"])
    );
    assert_eq!(outcomes(&game).len(), 6, "the Vulture rolls before judging");
    chance(&mut game, die(2));
    decide(&mut game, remove(26));
    // Cone still has a reserve pawn; Spool has none: Cone wins.
    assert_eq!(
        standing(&game),
        Standing {
            places: vec![0, 1],
            scores: vec![],
            how: "no_pawns".to_string()
        }
    );
    // The mover loses its last pawn to the Eye: Spool wins.
    let mut game = at(&[(23, 'c'), (20, 's')], 'c', [0, 0]);
    chance(&mut game, die(6));
    decide(&mut game, mv(23));
    assert_eq!(standing(&game).places, vec![1, 0]);
}

#[test]
fn peril_when_both_players_run_out_of_pawns_the_player_on_turn_wins() {
    let mut game = at(&[(20, 'c'), (26, 's')], 'c', [0, 0]);
    chance(&mut game, die(6));
    decide(&mut game, mv(20));
    chance(&mut game, die(1));
    // Cone must remove its own last pawn; Spool had lost its last one.
    assert_eq!(options(&game).1, vec![remove(26)]);
    decide(&mut game, remove(26));
    assert_eq!(standing(&game).places, vec![0, 1]);
    assert_eq!(standing(&game).how, "no_pawns");
    // The same from Spool's side: Spool (seat 1) is on turn and wins.
    let mut game = at(&[(20, 's'), (26, 'c')], 's', [0, 0]);
    chance(&mut game, die(6));
    decide(&mut game, mv(20));
    chance(&mut game, die(4));
    decide(&mut game, remove(26));
    assert_eq!(standing(&game).places, vec![1, 0]);
}

#[test]
fn peril_steps_other_than_next_are_refused() {
    let mut game = at(&[(5, 'c'), (20, 's')], 'c', [3, 3]);
    assert!(game.clone().apply_decision(&mv(5)).is_err());
    chance(&mut game, die(2));
    assert!(game.clone().apply_chance(&die(2)).is_err());
    assert!(game.clone().apply_decision(&Choice::Summon).is_err());
    assert!(game.clone().apply_decision(&ankh(1)).is_err());
    assert!(game.clone().apply_decision(&mv(20)).is_err());
}

// ---- Random games ----

#[test]
fn peril_random_games_keep_every_invariant() {
    let tally = random_games(1_000, 0x9e41, 5_000, |_| peril::new_game());
    assert_eq!(tally.games, 1_000);
    for how in ["gates", "trial", "no_pawns"] {
        assert!(
            tally.hows.iter().any(|h| h == how),
            "never ended by `{how}`"
        );
    }
    for kind in [
        "move", "capture", "entered", "removed", "sweep", "reserve", "trial", "win", "pass",
    ] {
        assert!(
            tally.event_kinds.contains(kind),
            "never saw `{kind}`: {tally:?}"
        );
    }
}
