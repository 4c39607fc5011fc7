//! `moves_text`, the lines of `senet moves --rules <id>`: for the standard
//! rules exactly what `senet moves` prints today, and clear errors for
//! every rule set.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::reference;

use proptest::prelude::*;
use senet_engine::kendall_v1::{MovesTextError, Position, Rules, Side, moves_text};
use senet_engine::{Kendall, RuleSetId, Square};

/// Any position of the standard rules: up to five pieces a side anywhere
/// but 27, either side to move.
fn any_position() -> impl Strategy<Value = Position> {
    let squares: Vec<u8> = (1..=30).filter(|&n| n != 27).collect();
    (
        proptest::sample::subsequence(squares, 0..=10).prop_shuffle(),
        0..=5usize,
        any::<bool>(),
    )
        .prop_map(|(squares, cone, cone_to_move)| {
            let cone = cone.min(squares.len()).max(squares.len().saturating_sub(5));
            let to_sq = |v: &[u8]| {
                v.iter()
                    .map(|&n| Square::new(n).unwrap())
                    .collect::<Vec<_>>()
            };
            let side = if cone_to_move {
                Side::Cone
            } else {
                Side::Spool
            };
            Position::try_from(senet_engine::kendall_v1::Setup::from_squares(
                &to_sq(&squares[..cone]),
                &to_sq(&squares[cone..]),
                side,
            ))
            .unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn kendall_lines_are_what_senet_moves_prints_today(position in any_position()) {
        let text = Kendall.position_text(&position);
        for t in 1..=5 {
            let ours = moves_text(RuleSetId::Kendall, &text, &t.to_string()).unwrap();
            prop_assert_eq!(&ours, &common::lines(&position, t));
            prop_assert_eq!(Some(ours), reference::reference_moves(&text, t));
        }
    }
}

#[test]
fn the_rule_sets_without_sticks_have_no_moves() {
    for id in [RuleSetId::Peril, RuleSetId::Modern] {
        assert_eq!(
            moves_text(id, "cscscscscs.................... c", "3"),
            Err(MovesTextError::NotSticks(id))
        );
    }
}

#[test]
fn the_opening_side_field_is_refused_only_where_there_is_an_opening() {
    assert_eq!(
        moves_text(RuleSetId::Kendall7, "cscscscscscscs................ o", "1"),
        Err(MovesTextError::Opening)
    );
    assert_eq!(
        moves_text(RuleSetId::Jequier, "wbwbwbwbwb.................... o", "1"),
        Err(MovesTextError::Opening)
    );
    for id in [RuleSetId::Kendall, RuleSetId::Simple] {
        let error = moves_text(id, "cscscscscs.................... o", "1").unwrap_err();
        assert!(
            matches!(error, MovesTextError::Position(_)),
            "{id}: {error}"
        );
        assert_eq!(
            error.to_string(),
            "bad position: character 32 is `o`; expected the side to throw"
        );
    }
}

#[test]
fn a_bad_throw_names_the_throws_of_the_rule_set() {
    let start = "cscscscscs.................... c";
    for (id, given, allowed) in [
        (RuleSetId::Kendall, "6", "1 to 5"),
        (RuleSetId::Kendall, "three", "1 to 5"),
        (RuleSetId::Kendall, "0", "1 to 5"),
        (RuleSetId::Simple, "5", "1, 2, 3, 4 or 6"),
        (RuleSetId::Simple, "-1", "1, 2, 3, 4 or 6"),
    ] {
        let error = moves_text(id, start, given).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("bad throw: `{given}` is not a throw: throws are {allowed}")
        );
    }
    let error =
        moves_text(RuleSetId::Jequier, "wbwbwbwbwb.................... w", "5").unwrap_err();
    assert!(matches!(error, MovesTextError::Throw(_)), "{error}");
}

#[test]
fn a_bad_position_says_what_and_where() {
    let error =
        moves_text(RuleSetId::Kendall, "cscscscscs....x............... c", "3").unwrap_err();
    assert!(error.to_string().contains("square 15"), "{error}");
    let error = moves_text(RuleSetId::Kendall7, "cscscscscs.....", "3").unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("bad position: position text has 15 characters"),
        "{error}"
    );
}
