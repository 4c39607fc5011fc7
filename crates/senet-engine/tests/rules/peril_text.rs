//! Path of Peril's position text: it writes every reachable state, parses
//! back to the same state, and refuses what is malformed or unreachable
//! with a clear error.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::peril_common;

use peril_common::*;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::{Peril, PerilState, PerilTextError, RuleSet, random_step};

fn error(text: &str) -> PerilTextError {
    text.parse::<PerilState>()
        .expect_err(&format!("`{text}` is refused"))
}

#[test]
fn the_start_reads_as_an_empty_board_cone_on_turn_and_full_reserves() {
    let start = Peril.start(2).unwrap();
    let text = ".............................. c 7/7 roll";
    assert_eq!(Peril.position_text(&start), text);
    assert_eq!(PerilState::parse(text), Ok(start));
}

#[test]
fn every_phase_reads_and_writes_the_same() {
    for text in [
        "c........s.................... c 6/6 roll",
        "c........s.................... s 6/6 move 4",
        "c.s...........c.........s..... c 4/5 ankh",
        "c........s...............c.... c 5/6 vulture",
        "c........s...............c.... c 5/6 remove c",
        "c........s...............c.... c 5/6 remove s",
        "cs.......s...........s....c..c c 3/4 river 30,27,22,10,2",
        "csc........................... c 3/4 river 2,1",
        "cs.......s.................c.. c 4/5 trial",
        "c........s...................c c 5/6 over c gates",
        "c........s.................c.. c 4/5 over c trial",
        "...........................s.. s 0/0 over s trial",
        ".........s.................... c 0/6 over s no_pawns",
        ".............................. c 0/0 over c no_pawns",
    ] {
        let state: PerilState = text.parse().unwrap_or_else(|e| panic!("`{text}`: {e}"));
        assert_eq!(state.to_string(), text);
    }
}

#[test]
fn fields_may_be_separated_by_any_blanks_and_are_written_with_one_space() {
    let state = PerilState::parse("  c........s....................\t s  6/6   move 4 ").unwrap();
    assert_eq!(
        state.to_string(),
        "c........s.................... s 6/6 move 4"
    );
}

#[test]
fn every_state_of_random_games_round_trips() {
    for seed in 0..300 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut state = Peril.start(2).unwrap();
        while let Some(step) = random_step(Peril, &state, &mut rng) {
            play(&mut state, step);
            let text = Peril.position_text(&state);
            assert_eq!(PerilState::parse(&text), Ok(state), "`{text}`");
        }
    }
}

#[test]
fn malformed_text_is_refused_saying_what_is_wrong() {
    let board = board(&[(1, 'c'), (10, 's')]);
    assert_eq!(error(""), PerilTextError::Fields { found: 0 });
    assert_eq!(
        error(&format!("{board} c 6/6")),
        PerilTextError::Fields { found: 3 }
    );
    assert_eq!(
        error("c..s c 6/6 roll"),
        PerilTextError::BoardLength { found: 4 }
    );
    let mut wrong = board.clone();
    wrong.replace_range(4..5, "x");
    assert_eq!(
        error(&format!("{wrong} c 6/6 roll")),
        PerilTextError::BoardChar {
            square: 5,
            found: 'x'
        }
    );
    assert!(matches!(
        error(&format!("{board} w 6/6 roll")),
        PerilTextError::Side { .. }
    ));
    for reserves in ["6", "6/8", "6-6", "/6", "06/6", "6/6/6", "-1/6"] {
        assert!(
            matches!(
                error(&format!("{board} c {reserves} roll")),
                PerilTextError::Reserves { .. }
            ),
            "{reserves}"
        );
    }
    assert_eq!(
        error(&format!("{board} c 7/6 roll")),
        PerilTextError::TooManyPawns {
            side: 'c',
            count: 8
        }
    );
    for phase in [
        "rol",
        "move",
        "move 7",
        "move 0",
        "move 04",
        "remove x",
        "river",
        "river 1,10",
        "river 10,10",
        "river 010",
        "river 31",
        "river +27",
        "river 27,",
        "over c",
        "over c resigned",
        "roll now",
    ] {
        assert!(
            matches!(
                error(&format!("{board} c 6/6 {phase}")),
                PerilTextError::Phase { .. }
            ),
            "{phase}"
        );
    }
}

#[test]
fn unreachable_states_are_refused_saying_why() {
    for (pieces, rest) in [
        // No pawn stays on 29, on 27 outside the River, on 28 outside the Trial.
        (&[(29, 'c'), (10, 's')][..], "c 5/6 roll"),
        (&[(27, 'c'), (10, 's')][..], "c 5/6 roll"),
        (&[(28, 'c'), (10, 's')][..], "c 5/6 roll"),
        (&[(27, 's'), (10, 's')][..], "c 5/5 river 27,10"),
        (&[(28, 's'), (10, 'c')][..], "c 6/6 trial"),
        // A side with no pawns left has already lost.
        (&[(10, 's')][..], "c 0/6 roll"),
        // A roll with no option has passed.
        (&[(25, 'c'), (10, 's')][..], "c 0/6 move 6"),
        // The Ankh, the Vulture and the Trial follow a move to their square.
        (&[(14, 'c'), (10, 's')][..], "c 5/6 ankh"),
        (&[(15, 'c'), (10, 's')][..], "c 0/6 ankh"),
        (&[(15, 'c'), (1, 's'), (2, 's'), (3, 's')][..], "c 5/4 ankh"),
        (&[(25, 'c'), (10, 's')][..], "c 5/6 vulture"),
        (&[(25, 'c'), (10, 's')][..], "c 5/6 remove s"),
        (&[(26, 'c')][..], "c 5/6 remove s"),
        (&[(20, 'c'), (10, 's')][..], "c 5/6 trial"),
        // The River lists pawns, and every pawn above 3 until it is swept.
        (&[(20, 'c'), (10, 's')][..], "c 5/6 river 20,11"),
        (&[(20, 'c'), (10, 's')][..], "c 5/6 river 20"),
        // The end agrees with the board.
        (&[(20, 'c'), (10, 's')][..], "c 5/6 over c gates"),
        (&[(30, 'c'), (10, 's')][..], "s 5/6 over c gates"),
        (&[(20, 'c'), (10, 's')][..], "c 5/6 over c trial"),
        (&[(20, 'c'), (10, 's')][..], "c 5/6 over c no_pawns"),
        (&[][..], "s 0/0 over c no_pawns"),
    ] {
        let text = format!("{} {rest}", board(pieces));
        let refused = error(&text);
        assert!(
            matches!(refused, PerilTextError::Unreachable { .. }),
            "`{text}`: {refused:?}"
        );
    }
}

#[test]
fn errors_read_as_sentences() {
    let message = error("c..s c 6/6 roll").to_string();
    assert_eq!(message, "the board has 4 squares; it needs 30");
    let text = format!("{} c 5/6 roll", board(&[(29, 'c'), (10, 's')]));
    assert_eq!(
        error(&text).to_string(),
        "the rules never reach this position: no pawn stays on 29, the Eye of Judgment"
    );
}

/// Texts of the right form with random contents: most are unreachable.
fn shaped_text() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let board = proptest::collection::vec(
        prop_oneof![12 => Just('.'), 1 => Just('c'), 1 => Just('s')],
        30,
    )
    .prop_map(|squares| squares.into_iter().collect::<String>());
    let side = prop_oneof![Just("c"), Just("s")];
    let phase = prop_oneof![
        Just("roll".to_owned()),
        (1..=6u8).prop_map(|n| format!("move {n}")),
        Just("ankh".to_owned()),
        Just("vulture".to_owned()),
        prop_oneof![Just("remove c"), Just("remove s")].prop_map(str::to_owned),
        proptest::collection::btree_set(1..=30u8, 1..6).prop_map(|set| {
            let list: Vec<String> = set.iter().rev().map(u8::to_string).collect();
            format!("river {}", list.join(","))
        }),
        Just("trial".to_owned()),
        (
            prop_oneof![Just("c"), Just("s")],
            prop_oneof![Just("gates"), Just("trial"), Just("no_pawns")]
        )
            .prop_map(|(w, how)| format!("over {w} {how}")),
    ];
    (board, side, 0..=7u8, 0..=7u8, phase)
        .prop_map(|(board, side, c, s, phase)| format!("{board} {side} {c}/{s} {phase}"))
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

    /// Whatever parses writes back the same, and plays on to the end without
    /// a refusal or a panic.
    #[test]
    fn a_parsed_position_round_trips_and_plays_to_the_end(text in shaped_text(), seed in 0u64..1000) {
        if let Ok(state) = PerilState::parse(&text) {
            proptest::prop_assert_eq!(state.to_string(), text);
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut state = state;
            let mut steps = 0;
            while let Some(step) = random_step(Peril, &state, &mut rng) {
                play(&mut state, step);
                steps += 1;
                proptest::prop_assert!(steps < 100_000);
            }
        }
    }

    /// Any text at all: parsing answers, never panics.
    #[test]
    fn parsing_any_text_never_panics(text in "[cs. 0-9/,a-z_\t]{0,60}") {
        let _ = PerilState::parse(&text);
    }
}
