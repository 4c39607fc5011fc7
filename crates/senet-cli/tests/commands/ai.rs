//! `senet best` and `senet selfplay`, run as a user would run them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{senet, stdout};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_ai::{Budget, Level, StepPlayer};
use senet_engine::{AnyRules, AnyState, Next, RuleSet, RuleSetId, StepGame, random_step};

/// `from to score` lines of `best`.
fn parse_best(text: &str) -> Vec<(u8, String, f64)> {
    text.lines()
        .map(|line| {
            let fields: Vec<&str> = line.split(' ').collect();
            assert_eq!(fields.len(), 3, "{line}");
            (
                fields[0].parse().unwrap(),
                fields[1].to_owned(),
                fields[2].parse().unwrap(),
            )
        })
        .collect()
}

const MIDDLE: &str = "..c.s.cs..scc.s...s......c.... s";

#[test]
fn best_prints_every_legal_move_once_best_first() {
    for level in ["beginner", "intermediate", "expert"] {
        let output = senet(&["best", MIDDLE, "2", "--level", level, "--nodes", "3000"]);
        assert_eq!(output.status.code(), Some(0), "{level}");
        let ranked = parse_best(&stdout(&output));
        assert!(
            ranked.windows(2).all(|w| w[0].2 >= w[1].2),
            "{level}: {ranked:?}"
        );
        // The same moves as `senet moves`, with the same destinations.
        let moves = stdout(&senet(&["moves", MIDDLE, "2"]));
        let mut listed: Vec<(u8, String)> = moves
            .lines()
            .map(|l| {
                let mut f = l.split(' ');
                (
                    f.next().unwrap().parse().unwrap(),
                    f.next().unwrap().to_owned(),
                )
            })
            .collect();
        let mut best: Vec<(u8, String)> = ranked.iter().map(|(f, t, _)| (*f, t.clone())).collect();
        listed.sort();
        best.sort();
        assert_eq!(best, listed, "{level}");
    }
}

#[test]
fn best_defaults_to_the_expert_and_is_deterministic() {
    let first = stdout(&senet(&["best", MIDDLE, "3", "--nodes", "3000"]));
    assert!(!first.is_empty());
    assert_eq!(
        first,
        stdout(&senet(&[
            "best", MIDDLE, "3", "--nodes", "3000", "--level", "expert"
        ]))
    );
}

#[test]
fn best_shows_a_bear_off_as_off_and_a_forfeit_as_pass() {
    let win = stdout(&senet(&["best", "ss...s.s.s.................c.. c", "3"]));
    assert_eq!(win, "28 off 1.0000\n");
    let pass = senet(&["best", "s......................c...... c", "3"]);
    assert_eq!(pass.status.code(), Some(0));
    assert_eq!(stdout(&pass), "pass\n");
}

#[test]
fn best_keeps_out_of_the_water() {
    // Cone on 10 and 26 with a 1: 26 -> 27 would wash the piece back.
    let text = stdout(&senet(&["best", ".........cs.s.s..........c.... c", "1"]));
    let ranked = parse_best(&text);
    assert_eq!(ranked.len(), 2);
    assert_eq!(ranked[0].0, 10, "{text}");
}

#[test]
fn selfplay_reports_wins_a_confidence_interval_and_speed() {
    let output = senet(&[
        "selfplay", "--games", "6", "--a", "expert", "--b", "beginner", "--seed", "9", "--nodes",
        "500",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 1, "{text}");
    let value = |key: &str| -> f64 {
        text.split_whitespace()
            .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
            .unwrap_or_else(|| panic!("no {key} in {text}"))
            .parse()
            .unwrap()
    };
    assert_eq!(value("games"), 6.0);
    assert_eq!(value("a_wins") + value("b_wins") + value("unfinished"), 6.0);
    let rate = value("a_win_rate");
    assert!(
        value("ci95_low") <= rate && rate <= value("ci95_high"),
        "{text}"
    );
    assert!(value("games_per_second") > 0.0);
    assert!(text.contains(" a=expert b=beginner "), "{text}");
    // Same seed, same games, whatever the threads.
    let again = stdout(&senet(&[
        "selfplay",
        "--games",
        "6",
        "--a",
        "expert",
        "--b",
        "beginner",
        "--seed",
        "9",
        "--nodes",
        "500",
        "--threads",
        "2",
    ]));
    let wins = |t: &str| {
        t.split_whitespace()
            .filter(|kv| kv.starts_with("a_wins=") || kv.starts_with("b_wins="))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(wins(&text), wins(&again));
}

/// The value of `key` in a `key=value` line.
fn field(text: &str, key: &str) -> String {
    text.split_whitespace()
        .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
        .unwrap_or_else(|| panic!("no {key} in {text}"))
        .to_owned()
}

#[test]
fn selfplay_of_any_rule_set_rotates_the_seats_and_times_every_decision() {
    let dir = std::env::temp_dir().join(format!("senet-selfplay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let times = dir.join("times");
    let _ = std::fs::remove_file(&times);
    let args = |threads: &'static str, format: &'static str| {
        vec![
            "selfplay",
            "--rules",
            "modern",
            "--seats",
            "3",
            "--games",
            "3",
            "--a",
            "intermediate",
            "--b",
            "beginner",
            "--seed",
            "4",
            "--threads",
            threads,
            "--format",
            format,
        ]
    };
    let mut with_times = args("1", "text");
    with_times.extend(["--times", times.to_str().unwrap()]);
    let output = senet(&with_times);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.starts_with("rules=modern seats=3 games=3 a=intermediate b=beginner "));
    let number = |key: &str| -> f64 { field(&text, key).parse().unwrap() };
    assert_eq!(
        number("a_wins") + number("b_wins") + number("unfinished"),
        3.0
    );
    assert_eq!(field(&text, "even"), "0.3333");
    // Both clocks, median ≤ p95 ≤ p99 ≤ max.
    for side in ["a", "b"] {
        for clock in ["ms", "cpu_ms"] {
            let q: Vec<f64> = ["median", "p95", "p99", "max"]
                .iter()
                .map(|q| number(&format!("{side}_{clock}_{q}")))
                .collect();
            assert!(q.windows(2).all(|w| w[0] <= w[1]), "{side} {clock}: {q:?}");
        }
    }
    // One line a timed decision: rules, seats, seed, game, a|b, level,
    // CPU ms, wall ms, options; every game seats A once in turn.
    let lines = std::fs::read_to_string(&times).unwrap();
    let a_lines: Vec<Vec<&str>> = lines
        .lines()
        .map(|l| l.split(' ').collect::<Vec<_>>())
        .filter(|f| f[4] == "a")
        .collect();
    assert_eq!(a_lines.len() as f64, number("a_decisions"));
    assert_eq!(
        lines.lines().count() as f64,
        number("a_decisions") + number("b_decisions")
    );
    for f in lines.lines().map(|l| l.split(' ').collect::<Vec<_>>()) {
        assert_eq!(f.len(), 9, "{f:?}");
        assert_eq!(&f[..3], ["modern", "3", "4"]);
        assert_eq!(
            f[5],
            if f[4] == "a" {
                "intermediate"
            } else {
                "beginner"
            }
        );
        assert!(f[6].parse::<f64>().unwrap() >= 0.0);
        assert!(f[8].parse::<usize>().unwrap() >= 2);
    }
    // The same games as JSON, and whatever the threads.
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&senet(&args("2", "json")))).unwrap();
    assert_eq!(json["a_wins"].as_f64(), Some(number("a_wins")));
    assert_eq!(json["a_decisions"].as_f64(), Some(number("a_decisions")));
    assert_eq!(json["rules"], "modern");
    assert!(json["a_cpu_ms_p99"].as_f64().is_some(), "{json}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A step record of `rules` at `seats`, played at random from `seed` to
/// its first decision with two options or more after `after` steps, and
/// the state there.
fn record_to_a_decision(rules: &str, seats: u8, seed: u64, after: usize) -> (String, AnyState) {
    let id: RuleSetId = rules.parse().unwrap();
    let mut game = StepGame::new(AnyRules::of(id), seats).unwrap();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut text = format!("[RuleSet \"{rules}\"]\n[Seats \"{seats}\"]\n");
    loop {
        if let Next::Decide { options, .. } = game.next()
            && options.len() > 1
            && game.steps().len() >= after
        {
            return (text, game.state().clone());
        }
        let step = random_step(game.rules(), game.state(), &mut rng).expect("not over yet");
        game.play(step).unwrap();
        text.push_str(&format!("{step}\n"));
    }
}

/// `option score` lines of `best --record` (an option may hold a space).
fn parse_ranked(text: &str) -> Vec<(String, f64)> {
    text.lines()
        .map(|line| {
            let (option, score) = line.rsplit_once(' ').unwrap();
            (option.to_owned(), score.parse().unwrap())
        })
        .collect()
}

#[test]
fn best_ranks_the_options_a_record_ends_at_in_every_rule_set() {
    let dir = std::env::temp_dir().join(format!("senet-best-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let seatings = [
        ("kendall", 2),
        ("kendall-7", 2),
        ("jequier", 2),
        ("simple", 2),
        ("peril", 2),
        ("modern", 2),
        ("modern", 3),
        ("modern", 4),
    ];
    for (i, (rules, seats)) in seatings.into_iter().enumerate() {
        let (record, state) = record_to_a_decision(rules, seats, 40 + i as u64, 30);
        let file = dir.join(format!("{rules}-{seats}.txt"));
        std::fs::write(&file, &record).unwrap();
        let Next::Decide { options, .. } = senet_ai::rules_of(&state).next(&state) else {
            unreachable!("the record ends at a decision");
        };
        let mut legal: Vec<String> = options.as_slice().iter().map(ToString::to_string).collect();
        legal.sort();
        for (level, name) in [
            (Level::Intermediate, "intermediate"),
            (Level::Expert, "expert"),
        ] {
            let path = file.to_str().unwrap();
            let args = ["best", "--record", path, "--level", name, "--nodes", "2000"];
            let output = senet(&args);
            assert_eq!(output.status.code(), Some(0), "{rules} {seats} {name}");
            let ranked = parse_ranked(&stdout(&output));
            let mut listed: Vec<String> = ranked.iter().map(|(o, _)| o.clone()).collect();
            listed.sort();
            assert_eq!(listed, legal, "{rules} {seats} {name}: every option once");
            assert!(ranked.windows(2).all(|w| w[0].1 >= w[1].1), "{ranked:?}");
            // The player a room's computer seat is, with the same budget.
            let player = StepPlayer::new(level).with_budget(Budget::nodes(2000));
            let first = player.rank(&state, &mut SmallRng::seed_from_u64(0)).options[0].0;
            assert_eq!(ranked[0].0, first.to_string(), "{rules} {seats} {name}");
            assert_eq!(stdout(&senet(&args)), stdout(&output), "deterministic");
        }
    }
    // A record that ends where a draw is due, one the rules refuse, and a
    // finished game are refused with the reason.
    let (record, _) = record_to_a_decision("simple", 2, 7, 10);
    let cases = [
        ("[RuleSet \"simple\"]\n".to_owned(), "draw is due"),
        (format!("{record}0:29\n"), "bad record"),
        (
            "[RuleSet \"simple\"]\n[Seats \"2\"]\n0:resign\n".to_owned(),
            "over",
        ),
    ];
    for (text, reason) in cases {
        let file = dir.join("bad.txt");
        std::fs::write(&file, &text).unwrap();
        let output = senet(&["best", "--record", file.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(2), "{text}");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(err.starts_with("senet: ") && err.contains(reason), "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_ai_input_prints_one_line_on_stderr_and_exits_with_2() {
    let cases: &[&[&str]] = &[
        &["best", MIDDLE],
        &["best", MIDDLE, "6"],
        &["best", "nonsense", "2"],
        &["best", MIDDLE, "2", "--level", "grandmaster"],
        &["best", MIDDLE, "2", "--nodes", "many"],
        &["best", MIDDLE, "2", "--nodes", "0"],
        &["best", MIDDLE, "2", "--level"],
        &["best", MIDDLE, "2", "--colour", "red"],
        &["best", "--record", "/nonexistent/game.txt"],
        &["best", MIDDLE, "2", "--record", "/nonexistent/game.txt"],
        &["best", "s............................. c", "2"],
        &["selfplay", "--games", "2", "--a", "expert"],
        &["selfplay", "--a", "expert", "--b", "beginner"],
        &["selfplay", "--games", "2", "--a", "expert", "--b", "novice"],
        &[
            "selfplay", "--games", "two", "--a", "expert", "--b", "beginner",
        ],
        &[
            "selfplay",
            "--games",
            "2",
            "--a",
            "expert",
            "--b",
            "beginner",
            "--threads",
            "0",
        ],
        &[
            "selfplay", "--games", "2", "--games", "3", "--a", "expert", "--b", "beginner",
        ],
        &[
            "selfplay", "--games", "2", "--a", "expert", "--b", "beginner", "--format", "json",
        ],
        &[
            "selfplay", "--games", "2", "--a", "expert", "--b", "beginner", "--rules", "simple",
            "--format", "xml",
        ],
        &[
            "selfplay",
            "--games",
            "2",
            "--a",
            "expert",
            "--b",
            "beginner",
            "--rules",
            "simple",
            "--times",
            "/nonexistent-dir/times",
        ],
    ];
    for args in cases {
        let output = senet(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}
