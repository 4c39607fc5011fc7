//! The game-record notation: write → parse → replay reproduces the game,
//! and every kind of bad text is refused with its line and turn.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::kendall_v1::{GameText, Phase, Rules, write_text};
use senet_engine::{Kendall, Sticks};

/// A random game through `Game`, stopped after `max_turns` turns or at the end.
fn random_game(seed: u64, max_turns: usize) -> senet_engine::kendall_v1::Game<Kendall> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = senet_engine::kendall_v1::Game::new(Kendall);
    while game.winner().is_none() && game.record().len() < max_turns {
        game.throw(Sticks::throw(&mut rng)).unwrap();
        if let Phase::ToMove { moves, .. } = game.phase() {
            let pick = (rand::Rng::next_u32(&mut rng) as usize) % moves.len();
            game.play(moves.get(pick).unwrap().from).unwrap();
        }
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn export_parse_replay_reproduces_the_game(seed in any::<u64>(), cut in 0usize..400, name in "[A-Za-z\"\\\\ ]{1,20}") {
        let full = random_game(seed, 100_000);
        let game = if cut % 2 == 0 { full } else { random_game(seed, cut) };
        let result = match game.winner() {
            Some(w) => format!("{} borne_off", w.name()),
            None => "spool resigned".to_owned(),
        };
        let tags = [
            ("RuleSet", "kendall"),
            ("Cone", name.as_str()),
            ("Spool", "Akhenaten"),
            ("Date", "2026-11-30T07:40:01Z"),
            ("Result", result.as_str()),
        ];
        let text = write_text(&tags, game.record()).unwrap();
        for line in text.lines() {
            prop_assert!(line.chars().count() <= 80, "line too long: {line}");
        }
        let parsed = GameText::parse(&text).unwrap();
        prop_assert_eq!(parsed.tag("Cone"), Some(name.as_str()));
        prop_assert_eq!(parsed.tag("Result"), Some(result.as_str()));
        prop_assert_eq!(&parsed.record, game.record());
        let replayed = parsed.replay().unwrap();
        prop_assert_eq!(replayed.position(), game.position());
        prop_assert_eq!(replayed.winner(), game.winner());
        prop_assert_eq!(Kendall.position_text(&replayed.position()), Kendall.position_text(&game.position()));
    }
}

const GOOD: &str = "[RuleSet \"kendall\"]\n[Cone \"N\"]\n[Spool \"A\"]\n[Result \"*\"]\n\n1. c 4:9 2. c 2:13\n3. s 3:10 {a comment} ; and another\n";

#[test]
fn a_good_text_parses_and_replays() {
    let parsed = GameText::parse(GOOD).unwrap();
    assert_eq!(parsed.record.to_string(), "4:9 2:13 3:10");
    assert_eq!(parsed.lines, vec![6, 6, 7]);
    let game = parsed.replay().unwrap();
    assert_eq!(game.record().len(), 3);
}

fn parse_err(text: &str) -> String {
    GameText::parse(text).unwrap_err().to_string()
}

fn replay_err(text: &str) -> String {
    match GameText::parse(text).unwrap().replay() {
        Ok(_) => panic!("replay accepted {text}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn bad_forms_name_line_and_turn() {
    assert_eq!(
        parse_err("[Cone \"N\"]\n\n1. c 4:9 3. s 2:10"),
        "line 3, turn 2: turn number `3.` is out of order: expected `2.`"
    );
    assert_eq!(
        parse_err("1. x 4:9"),
        "line 1, turn 1: side `x` is not `c` or `s`"
    );
    assert_eq!(
        parse_err("1. c 13:9"),
        "line 1, turn 1: in `13:9` the throw is not a number from 1 to 12"
    );
    assert_eq!(
        parse_err("1. c 3:31"),
        "line 1, turn 1: in `3:31` the from-square is not a square from 1 to 30"
    );
    assert_eq!(
        parse_err("1. c 3"),
        "line 1, turn 1: `3` is not `throw:from` or `throw:-`"
    );
    assert_eq!(parse_err("1."), "line 1, turn 1: the side is missing");
    assert_eq!(
        parse_err("1. c"),
        "line 1, turn 1: the throw and move are missing"
    );
    assert_eq!(
        parse_err("[Cone N]"),
        "line 1: the value of tag `Cone` must be in double quotes"
    );
    assert_eq!(
        parse_err("[Cone \"a\"]\n[Cone \"b\"]"),
        "line 2: tag `Cone` appears twice"
    );
    assert_eq!(
        parse_err("1. c 4:9\n[Cone \"a\"]"),
        "line 2: a tag after the turns began"
    );
    assert_eq!(
        parse_err("1. c 4:9 {open"),
        "line 1: a `{` comment is not closed on its line"
    );
}

#[test]
fn illegal_turns_name_line_and_turn() {
    // The Spool does not throw first.
    assert_eq!(
        replay_err("1. s 3:10"),
        "line 1, turn 1: the turn names the wrong side: cone is to move"
    );
    // After a 4 the Cone throws again, so turn 2 is the Cone's.
    assert_eq!(
        replay_err("1. c 4:9\n2. s 3:10"),
        "line 2, turn 2: the turn names the wrong side: cone is to move"
    );
    // Square 2 holds a Spool piece.
    let err = replay_err("1. c 3:2");
    assert!(
        err.starts_with("line 1, turn 1: `3:2` is refused: "),
        "{err}"
    );
    // A forfeit with a legal move.
    let err = replay_err("1. c 3:-");
    assert!(
        err.starts_with("line 1, turn 1: `3:-` is refused: "),
        "{err}"
    );
    assert_eq!(
        replay_err("[RuleSet \"meeks\"]\n1. c 3:9"),
        "line 1: unknown rule set `meeks`; known: kendall, kendall-7, jequier, simple, peril, modern"
    );
    assert_eq!(
        replay_err("[Result \"cone borne_off\"]\n1. c 3:9"),
        "line 1: the result says cone bore off every piece, but the turns do not end so"
    );
    assert_eq!(
        replay_err("\n\n[Cone \"N\"]\n[Result \"cone borne_off\"]\n1. c 3:9"),
        "line 4: the result says cone bore off every piece, but the turns do not end so"
    );
    assert_eq!(
        replay_err("[Result \"cone won\"]\n1. c 3:9"),
        "line 1: result `won` is not one of borne_off, resigned, abandoned, time"
    );
}

/// The example in docs/notation.md replays, and its error examples are the
/// engine's own words.
#[test]
fn the_documented_example_replays() {
    let doc = include_str!("../../../../docs/notation.md");
    let example = doc
        .split("```text\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .unwrap();
    let parsed = GameText::parse(example).unwrap();
    assert_eq!(parsed.tag("Result"), Some("spool resigned"));
    assert_eq!(
        parsed.tag("Turns"),
        Some(parsed.record.len().to_string().as_str())
    );
    let game = parsed.replay().unwrap();
    assert!(game.winner().is_none());
    assert!(
        parsed
            .record
            .turns()
            .iter()
            .any(|t| t.action == senet_engine::kendall_v1::Action::Forfeit)
    );
    // Written back, it is the same text.
    let tags: Vec<(&str, &str)> = parsed
        .tags
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(write_text(&tags, &parsed.record).unwrap(), example);
    let err = replay_err("1. c 3:2");
    assert!(doc.contains(&err), "{err}");
}
