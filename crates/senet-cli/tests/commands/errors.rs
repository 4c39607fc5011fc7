//! `senet errors`: a level's win chance given away per decision, against
//! two-piece tables built here (fast in debug) and a small oracle.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::path::PathBuf;

use common::{senet, stdout};

fn tables() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("senet-cli-errors-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("k2.tb");
    let built = senet(&[
        "tablebase",
        "build",
        "--max-pieces",
        "2",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert_eq!(
        built.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    file
}

/// The `key=value` figure of the line starting with `label`.
fn figure(output: &str, label: &str, key: &str) -> f64 {
    let line = output
        .lines()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no `{label}` line in {output}"));
    let value = line
        .split(' ')
        .find_map(|word| word.strip_prefix(&format!("{key}=")))
        .unwrap_or_else(|| panic!("no {key} in {line}"));
    value.parse().unwrap()
}

/// Runs `senet` and returns its output, which it must give.
fn succeeds(args: &[&str]) -> String {
    let out = senet(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout(&out)
}

fn errors(file: &str, extra: &[&str]) -> String {
    let mut args = vec!["errors", "--tables", file];
    args.extend_from_slice(extra);
    succeeds(&args)
}

#[test]
fn levels_are_judged_against_the_tables_and_the_oracle() {
    let file = tables();
    let file = file.to_str().unwrap();

    // The beginner picks at random among weighted moves: within the
    // tables it gives winning chance away.
    let beginner = errors(
        file,
        &["--level", "beginner", "--games", "40", "--seed", "7"],
    );
    let within = "within tables (N=2)";
    assert!(figure(&beginner, within, "decisions") >= 20.0, "{beginner}");
    assert!(figure(&beginner, within, "mean_points") > 0.0, "{beginner}");
    assert!(figure(&beginner, within, "max_points") > 1.0, "{beginner}");

    // The same seed gives the same games, on any number of threads.
    let again = errors(
        file,
        &[
            "--level",
            "beginner",
            "--games",
            "40",
            "--seed",
            "7",
            "--threads",
            "2",
        ],
    );
    assert_eq!(again, beginner);

    // The expert with the tables lent plays exactly within them.
    let exact = errors(
        file,
        &[
            "--level",
            "expert",
            "--games",
            "6",
            "--nodes",
            "300",
            "--with-tables",
            "yes",
        ],
    );
    assert!(
        exact.starts_with("level=expert (tables lent) nodes=300"),
        "{exact}"
    );
    assert!(figure(&exact, within, "decisions") > 0.0, "{exact}");
    assert_eq!(figure(&exact, within, "mean_points"), 0.0, "{exact}");
    assert_eq!(figure(&exact, within, "max_points"), 0.0, "{exact}");

    // Middle-game decisions go to the oracle when asked.
    let oracle = errors(
        file,
        &[
            "--level",
            "intermediate",
            "--games",
            "4",
            "--nodes",
            "200",
            "--oracle-every",
            "3",
            "--oracle-factor",
            "5",
        ],
    );
    let middle = "middle game vs expert x5 (1 decision in 3)";
    assert!(figure(&oracle, middle, "decisions") > 5.0, "{oracle}");
    assert!(figure(&oracle, middle, "mean_points") >= 0.0, "{oracle}");
}

#[test]
fn every_rule_set_is_judged_against_a_deeper_search() {
    for (rules, seats) in [("jequier", "2"), ("modern", "3")] {
        let run = |level: &str| {
            succeeds(&[
                "errors",
                "--rules",
                rules,
                "--seats",
                seats,
                "--level",
                level,
                "--games",
                "2",
                "--nodes",
                "300",
                "--oracle-factor",
                "4",
                "--oracle-every",
                "2",
            ])
        };
        let label = "vs expert x4 (1 decision in 2)";
        let beginner = run("beginner");
        assert!(beginner.starts_with(&format!("rules={rules} seats={seats} level=beginner")));
        assert!(figure(&beginner, label, "decisions") > 5.0, "{beginner}");
        // A random player gives win chance away; the oracle's own kind of
        // player, four times shallower, much less.
        let expert = run("expert");
        assert!(
            figure(&beginner, label, "mean_points") > figure(&expert, label, "mean_points"),
            "{beginner}{expert}"
        );
        // Seeded: the same games and judgements again.
        assert_eq!(run("expert"), expert);
    }
}

#[test]
fn bad_requests_are_refused() {
    for args in [
        &["errors", "--level", "wizard", "--games", "1"][..],
        &["errors", "--level", "expert"],
        &[
            "errors",
            "--level",
            "expert",
            "--games",
            "1",
            "--with-tables",
            "maybe",
        ],
        &[
            "errors", "--level", "expert", "--games", "1", "--nodes", "0",
        ],
        &[
            "errors",
            "--level",
            "expert",
            "--games",
            "1",
            "--tables",
            "/nonexistent/k.tb",
        ],
        &[
            "errors", "--rules", "simple", "--level", "expert", "--games", "1", "--tables", "k.tb",
        ],
        &[
            "errors", "--rules", "modern", "--seats", "5", "--level", "expert", "--games", "1",
        ],
        &[
            "errors", "--rules", "chess", "--level", "expert", "--games", "1",
        ],
    ] {
        let out = senet(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).starts_with("senet: "),
            "{args:?}"
        );
    }
}
