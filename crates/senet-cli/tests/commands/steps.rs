//! The step-model commands, run as a user would run them: `rules`, `trace`,
//! and `play` / `playouts` with `--rules`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{senet, stdout};
use serde_json::Value;

#[test]
fn rules_lists_every_rule_set_with_its_seats_and_chance() {
    let output = senet(&["rules"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    let ids: Vec<&str> = text.lines().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(
        ids,
        [
            "kendall",
            "kendall-7",
            "jequier",
            "simple",
            "peril",
            "modern"
        ]
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("modern seats=2-4 chance=two_dice "))
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("peril seats=2 chance=die "))
    );
}

fn trace(args: &[&str]) -> Vec<Value> {
    let output = senet(args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout(&output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is one JSON object"))
        .collect()
}

#[test]
fn a_kendall_trace_is_one_json_line_a_step_ending_with_the_standing() {
    let lines = trace(&["trace", "--seed", "7"]);
    assert!(lines.len() > 20);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["n"].as_u64(), Some(i as u64 + 1));
        assert_eq!(line["position"].as_str().unwrap().len(), 32, "{line}");
    }
    let (last, steps) = lines.split_last().unwrap();
    assert_eq!(last["next"]["type"], "end");
    assert_eq!(last["next"]["how"], "borne_off");
    for step in steps {
        let taken = step["taken"].as_str().unwrap();
        match step["next"]["type"].as_str().unwrap() {
            "chance" => {
                assert_eq!(step["next"]["kind"], "sticks");
                assert!(
                    taken.len() == 4 && taken.chars().all(|c| c == 'L' || c == 'D'),
                    "{taken}"
                );
            }
            "decision" => {
                let options: Vec<&str> = step["next"]["options"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|o| o.as_str().unwrap())
                    .collect();
                assert!(options.contains(&taken), "{step}");
                assert!(
                    !step["events"].as_array().unwrap().is_empty(),
                    "a move does something"
                );
            }
            other => panic!("unexpected {other}"),
        }
    }
    assert_eq!(
        lines,
        trace(&["trace", "--seed", "7", "--rules", "kendall"]),
        "a seed gives one game"
    );
    assert_ne!(lines, trace(&["trace", "--seed", "8"]));
}

#[test]
fn play_and_playouts_take_the_rule_set_and_refuse_bad_tables() {
    let play = stdout(&senet(&["play", "--seed", "3", "--rules", "kendall"]));
    assert_eq!(
        play,
        stdout(&senet(&["play", "--seed", "3"])),
        "kendall is the default"
    );
    let playouts = stdout(&senet(&[
        "playouts", "--games", "50", "--seed", "3", "--rules", "kendall",
    ]));
    assert!(playouts.starts_with("games=50 "), "{playouts}");
    for bad in [
        &["play", "--seed", "3", "--rules", "meeks"][..],
        &["play", "--seed", "3", "--seats", "3"],
        &["trace", "--rules", "kendall"],
        &["trace", "--seed", "1", "--seats", "x"],
        &["rules", "extra"],
    ] {
        let output = senet(bad);
        assert_eq!(output.status.code(), Some(2), "{bad:?}");
        let err = String::from_utf8(output.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{bad:?}: {err}");
    }
}

/// Checks a trace of any rule set: numbered lines, each decision's pick
/// among its options, a chance outcome of the kind asked for, the end last.
fn check_trace(lines: &[Value]) {
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["n"].as_u64(), Some(i as u64 + 1));
        assert!(line["position"].is_string(), "{line}");
    }
    let (last, steps) = lines.split_last().unwrap();
    assert_eq!(last["next"]["type"], "end", "{last}");
    assert!(!last["next"]["places"].as_array().unwrap().is_empty());
    for step in steps {
        let taken = step["taken"].as_str().unwrap();
        match step["next"]["type"].as_str().unwrap() {
            "chance" => {
                let kind = step["next"]["kind"].as_str().unwrap();
                let ok = match kind {
                    "sticks" => taken.len() == 4 && taken.chars().all(|c| c == 'L' || c == 'D'),
                    "die" => taken.len() == 2 && taken.starts_with('d'),
                    "two_dice" => taken.len() == 4 && taken.starts_with('d'),
                    "lot" => taken.starts_with("lot"),
                    other => panic!("unknown chance {other}"),
                };
                assert!(ok, "{kind} {taken}");
            }
            "decision" => {
                let options = step["next"]["options"].as_array().unwrap();
                assert!(options.iter().any(|o| o == taken), "{step}");
            }
            other => panic!("unexpected {other}"),
        }
    }
}

#[test]
fn every_rule_set_in_the_engine_traces_whole_games() {
    let listed = stdout(&senet(&["rules"]));
    let mut traced = 0;
    for id in listed.lines().map(|l| l.split(' ').next().unwrap()) {
        for seed in ["11", "12"] {
            check_trace(&trace(&["trace", "--seed", seed, "--rules", id]));
        }
        traced += 1;
    }
    assert_eq!(traced, 6, "every rule set");
}

#[test]
fn replay_reads_back_what_play_writes_and_names_the_first_refused_step() {
    let dir = std::env::temp_dir().join(format!("senet_cli_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("peril.txt");
    let record = stdout(&senet(&["play", "--rules", "peril", "--seed", "4"]));
    std::fs::write(&file, &record).unwrap();
    let replayed = stdout(&senet(&["replay", file.to_str().unwrap()]));
    let final_line = record
        .lines()
        .find_map(|l| l.strip_prefix("# final: "))
        .unwrap();
    assert!(
        replayed.contains(&format!("final: {final_line}\n")),
        "{replayed}"
    );
    assert!(replayed.starts_with("rules: peril\n"), "{replayed}");

    // Change the first decision into a chance roll: refused at its line.
    let mut lines: Vec<String> = record.lines().map(str::to_owned).collect();
    let bad = lines.iter().position(|l| l.starts_with("0:")).unwrap();
    lines[bad] = "d6".to_owned();
    std::fs::write(&file, lines.join("\n")).unwrap();
    let output = senet(&["replay", file.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(
        err.starts_with(&format!("senet: line {}: step ", bad + 1)),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);

    let kendall = dir.join("kendall.txt");
    std::fs::write(&kendall, "[RuleSet \"kendall\"]\n\n1. c 3:7 2. s 1:2\n").unwrap();
    let replayed = stdout(&senet(&["replay", kendall.to_str().unwrap()]));
    assert!(replayed.contains("turns: 2\n"), "{replayed}");
    let missing = senet(&["replay", dir.join("none.txt").to_str().unwrap()]);
    assert_eq!(missing.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn moves_answers_every_stick_rule_set_and_refuses_the_others() {
    let simple = stdout(&senet(&[
        "moves",
        "--rules",
        "simple",
        "cscscscscs.................... c",
        "6",
    ]));
    // A 6 would land the pieces on 1 and 3 on their own (7, 9); a 6 throws
    // again, so the side field stays `c`.
    assert_eq!(
        simple,
        "5 11 cscs.scscsc................... c\n7 13 cscscs.scs..c................. c\n9 15 cscscscs.s....c............... c\n"
    );
    let jequier = senet(&[
        "moves",
        "--rules",
        "jequier",
        "wbwbwbwbwb.................... w",
        "5",
    ]);
    assert_eq!(jequier.status.code(), Some(2), "jequier has no 5");
    let peril = senet(&[
        "moves",
        "--rules",
        "peril",
        ".............................. c 7/7 roll",
        "3",
    ]);
    assert_eq!(peril.status.code(), Some(2));
    assert_eq!(String::from_utf8(peril.stderr).unwrap().lines().count(), 1);
}

#[test]
fn replay_takes_a_seat_out_where_a_leaving_line_stands() {
    use rand::SeedableRng;
    use senet_engine::{AnyRules, EndHow, Leaving, Next, RuleSetId, Seat, StepGame, StepRecord};

    let dir = std::env::temp_dir().join(format!("senet_cli_leaving_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = AnyRules::of(RuleSetId::Modern);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(9);
    let mut game = StepGame::new(rules, 4).unwrap();
    let quitter = Seat::new(2).unwrap();
    let mut left = Vec::new();
    while let Some(step) = senet_engine::random_step(rules, game.state(), &mut rng) {
        if game.steps().len() == 8 && left.is_empty() {
            game.eliminate(quitter).unwrap();
            left.push(Leaving {
                line: 0,
                after: 8,
                seat: quitter,
                how: EndHow::Abandoned,
            });
            continue;
        }
        game.play(step).unwrap();
    }
    let Next::End(standing) = game.next() else {
        panic!("the game ended");
    };
    let text = StepRecord::write_with_leavings(RuleSetId::Modern, 4, &[], game.steps(), &left);
    let file = dir.join("modern.txt");
    std::fs::write(&file, &text).unwrap();
    let replayed = stdout(&senet(&["replay", file.to_str().unwrap()]));
    let places: Vec<String> = standing.places.iter().map(ToString::to_string).collect();
    assert!(replayed.contains("left: 2:abandon\n"), "{replayed}");
    assert!(
        replayed.contains(&format!(
            "result: places {} {}\n",
            places.join(","),
            standing.how
        )),
        "{replayed}"
    );
    // A seat of two leaving ends the game: the other seat wins.
    let peril = dir.join("peril.txt");
    std::fs::write(&peril, "[RuleSet \"peril\"]\nd5\n0:enter 2\n0:resign\n").unwrap();
    let replayed = stdout(&senet(&["replay", peril.to_str().unwrap()]));
    assert!(
        replayed.contains("result: places 1,0 resigned\n"),
        "{replayed}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn rules_speaks_the_readers_language() {
    let run = |lang: &str| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_senet"))
            .arg("rules")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", lang)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        stdout(&output)
    };
    // The summaries come from the same catalogues as the web page's.
    let english = run("C.UTF-8");
    assert!(english.contains("The classic game for two"), "{english}");
    let spanish = run("es_ES.UTF-8");
    assert!(!spanish.contains("The classic game for two"), "{spanish}");
    assert!(spanish.contains("palillos"), "{spanish}");
    // The ids and facts stay as they are.
    assert!(
        spanish
            .lines()
            .any(|l| l.starts_with("peril seats=2 chance=die "))
    );
}
