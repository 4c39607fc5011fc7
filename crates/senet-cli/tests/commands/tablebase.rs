//! `senet tablebase build | probe | verify` and `senet best` with tables,
//! run as a user would run them, on one-piece tables (fast in debug).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{senet, stdout};
use senet_engine::Kendall;
use senet_engine::kendall_v1::Rules;

/// `senet` with `XDG_DATA_HOME` pointing at `data` (the standard location).
fn senet_in(data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_senet"))
        .args(args)
        .env("XDG_DATA_HOME", data)
        .output()
        .expect("the senet binary runs")
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("senet-cli-tb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn first_number(line: &str) -> f64 {
    line.split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn build_writes_the_standard_location_and_probe_reads_it() {
    let data = temp("std");
    let built = senet_in(&data, &["tablebase", "build", "--max-pieces", "1"]);
    assert_eq!(
        built.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let text = stdout(&built);
    assert!(text.contains("layer 1v1: 812 positions"), "{text}");
    assert!(text.contains("verified layer 1v1"), "{text}");
    assert!(text.lines().last().unwrap().starts_with("wrote "), "{text}");
    let file = data.join("senet/kendall-1.tb");
    assert_eq!(std::fs::metadata(&file).unwrap().len(), 48 + 16 + 812 * 4);

    // Cone on 30 bears off with a 1 at once; otherwise Spool on 1 has far to go.
    let probe = senet_in(
        &data,
        &["tablebase", "probe", "s............................c c"],
    );
    assert_eq!(probe.status.code(), Some(0));
    let line = stdout(&probe);
    assert!(line.ends_with(" cone to throw\n"), "{line}");
    let p = first_number(&line);
    assert!(p > 0.9 && p < 1.0, "{line}");

    // The same pieces with the colours swapped: the same value.
    let mirrored = senet_in(
        &data,
        &["tablebase", "probe", "c............................s s"],
    );
    assert_eq!(first_number(&stdout(&mirrored)), p);

    let verify = senet_in(&data, &["tablebase", "verify"]);
    assert_eq!(verify.status.code(), Some(0));
    assert!(stdout(&verify).contains("ok: 812 positions"));
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn probe_with_a_throw_lists_every_move_best_first_and_the_forfeit() {
    let data = temp("throw");
    let file = data.join("k1.tb");
    let file = file.to_str().unwrap();
    let built = senet(&[
        "tablebase",
        "build",
        "--max-pieces",
        "1",
        "--out",
        file,
        "--bits",
        "16",
    ]);
    assert_eq!(built.status.code(), Some(0));
    let rules = Kendall;
    let text = "...................s.....c.... c";
    let position = rules.parse_position(text).unwrap();
    let value = first_number(&stdout(&senet(&[
        "tablebase",
        "probe",
        text,
        "--tables",
        file,
    ])));
    let mut expectation = 0.0;
    for (throw, chance) in rules.throw_chances() {
        let t = throw.to_string();
        let out = stdout(&senet(&["tablebase", "probe", text, &t, "--tables", file]));
        let lines: Vec<&str> = out.lines().collect();
        let legal = rules.legal_moves(&position, throw);
        let values: Vec<f64> = lines
            .iter()
            .map(|l| {
                l.split(' ')
                    .nth(2)
                    .map_or_else(|| first_number(&l[5..]), |v| v.parse().unwrap())
            })
            .collect();
        if legal.is_empty() {
            assert_eq!(lines.len(), 1);
            assert!(lines[0].starts_with("pass "), "{out}");
        } else {
            assert_eq!(lines.len(), legal.len(), "{out}");
            assert!(values.windows(2).all(|w| w[0] >= w[1]), "{out}");
            assert!(lines[0].starts_with("26 "), "{out}");
        }
        expectation += chance * values[0];
    }
    // 16-bit values: the one-look-ahead expectation agrees to a few steps.
    assert!(
        (value - expectation).abs() < 1e-4,
        "{value} vs {expectation}"
    );
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn best_uses_the_tables_when_given() {
    let data = temp("best");
    let built = senet_in(&data, &["tablebase", "build", "--max-pieces", "1"]);
    assert_eq!(built.status.code(), Some(0));
    let text = ".............c.....s.......... c";
    // With the tables at the standard location `best` scores by exact value:
    // the score is 2·P − 1 of the probe's value after the move.
    let best = stdout(&senet_in(&data, &["best", text, "3"]));
    let probe = stdout(&senet_in(&data, &["tablebase", "probe", text, "3"]));
    let (best_line, probe_line) = (best.lines().next().unwrap(), probe.lines().next().unwrap());
    let score: f64 = best_line.split(' ').nth(2).unwrap().parse().unwrap();
    let p: f64 = probe_line.split(' ').nth(2).unwrap().parse().unwrap();
    assert_eq!(
        best_line.split(' ').take(2).collect::<Vec<_>>(),
        probe_line.split(' ').take(2).collect::<Vec<_>>()
    );
    assert!(
        (score - (2.0 * p - 1.0)).abs() < 1e-4,
        "{best_line} vs {probe_line}"
    );
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn bad_input_prints_one_line_on_stderr_and_exits_with_2() {
    let data = temp("bad");
    let garbage = data.join("garbage.tb");
    std::fs::write(&garbage, b"not a table").unwrap();
    let garbage = garbage.to_str().unwrap();
    let position = "...................s.....c.... c";
    let cases: &[&[&str]] = &[
        &["tablebase"],
        &["tablebase", "solve"],
        &["tablebase", "build", "--max-pieces", "0"],
        &["tablebase", "build", "--max-pieces", "six"],
        &["tablebase", "build", "--bits", "8"],
        &["tablebase", "build", "--frobnicate", "1"],
        &["tablebase", "probe"],
        &["tablebase", "probe", "cscs c"],
        &["tablebase", "probe", position, "7"],
        &["tablebase", "probe", position, "3", "4"],
        &["tablebase", "probe", "...................s.......... c"],
        // No tables at the standard location.
        &["tablebase", "probe", position],
        &["tablebase", "probe", position, "--tables", garbage],
        &[
            "tablebase",
            "probe",
            position,
            "--tables",
            "/nonexistent/k.tb",
        ],
        &["tablebase", "verify", "--tables", garbage],
        &["best", position, "3", "--tables", garbage],
    ];
    for args in cases {
        let output = senet_in(&data, args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(output.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
    // A position beyond the tables' reach is refused too.
    assert_eq!(
        senet_in(&data, &["tablebase", "build", "--max-pieces", "1"])
            .status
            .code(),
        Some(0)
    );
    let two = senet_in(
        &data,
        &["tablebase", "probe", "..................cs.....c.... c"],
    );
    assert_eq!(two.status.code(), Some(2));
    assert!(
        String::from_utf8(two.stderr)
            .unwrap()
            .contains("at most 1 pieces")
    );
    std::fs::remove_dir_all(&data).unwrap();
}
