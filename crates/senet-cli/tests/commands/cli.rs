//! The `senet` binary, run as a user would run it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{senet, stdout};

use senet_engine::Kendall;
use senet_engine::kendall_v1::{Record, Rules};

#[test]
fn moves_lists_every_legal_move_sorted_by_from_square() {
    let output = senet(&["moves", "cscscscscs.................... c", "3"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0], "1 4 sscccscscs.................... s");
    let froms: Vec<u8> = lines
        .iter()
        .map(|l| l.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(froms, vec![1, 3, 5, 7, 9]);
}

#[test]
fn moves_prints_water_bear_off_and_pass_as_the_spec_says() {
    let water = stdout(&senet(&["moves", ".........................c.... c", "1"]));
    assert_eq!(water, "26 27 ..............c............... c\n");
    let off = stdout(&senet(&["moves", "s............................c c", "1"]));
    assert_eq!(off, "30 off s............................. c\n");
    let pass = senet(&["moves", ".......................c...... c", "3"]);
    assert_eq!(pass.status.code(), Some(0));
    assert_eq!(stdout(&pass), "pass .......................c...... s\n");
}

#[test]
fn bad_input_prints_one_line_on_stderr_and_exits_with_2() {
    let cases: &[&[&str]] = &[
        &["moves", "cscscscscs.................... x", "3"],
        &["moves", "cscscscscs.................. c", "3"],
        &["moves", "cscscscscs.................... c", "6"],
        &["moves", "cscscscscs.................... c", "0"],
        &["moves", "cscscscscs.................... c", "three"],
        &["moves", "cscscscscs.................... c"],
        &["moves"],
        &["teleport"],
        &[],
        &["play"],
        &["play", "--seed", "-1"],
        &["playouts", "--games", "10"],
        &["playouts", "--games", "ten", "--seed", "1"],
    ];
    for args in cases {
        let output = senet(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_bad_position_error_says_what_and_where() {
    let output = senet(&["moves", "cscscscscs....x............... c", "3"]);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("square 15"), "{stderr}");
}

#[test]
fn play_is_reproducible_from_its_seed_and_its_record_replays_to_the_winner() {
    let first = stdout(&senet(&["play", "--seed", "42"]));
    assert_eq!(first, stdout(&senet(&["play", "--seed", "42"])));
    let field = |name: &str| {
        first
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap()
            .to_owned()
    };
    let record: Record = field("record: ").parse().unwrap();
    let game = record.replay(Kendall).unwrap();
    assert_eq!(
        game.winner().map(|w| w.to_string()),
        Some(field("winner: "))
    );
    assert_eq!(Kendall.position_text(&game.position()), field("final: "));
}

#[test]
fn playouts_prints_one_summary_line_with_every_figure() {
    let text = stdout(&senet(&["playouts", "--games", "500", "--seed", "3"]));
    assert_eq!(text.lines().count(), 1);
    let value = |key: &str| -> f64 {
        text.split_whitespace()
            .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
            .unwrap()
            .parse()
            .unwrap()
    };
    assert_eq!(value("games"), 500.0);
    assert_eq!(value("cone_wins") + value("spool_wins"), 500.0);
    assert!(value("turns") > 500.0 * 10.0);
    assert!(value("seconds") >= 0.0);
    assert!(value("games_per_second") > 0.0);
}
