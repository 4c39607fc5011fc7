//! The text forms of steps read back to the same steps, and bad text is
//! refused with a reason, never a panic.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use proptest::prelude::*;
use senet_engine::{ChanceKind, Choice, DiceUse, Roll, Seat, Square, Step, StepRecord};

fn every_choice() -> Vec<Choice> {
    let mut all = Vec::new();
    for n in 1..=30 {
        let sq = Square::new(n).unwrap();
        all.push(Choice::Move { from: sq });
        all.push(Choice::MoveDice {
            from: sq,
            by: DiceUse::Sum,
        });
        for pips in 1..=6 {
            all.push(Choice::MoveDice {
                from: sq,
                by: DiceUse::Die { pips },
            });
        }
        all.push(Choice::Enter { to: sq });
        all.push(Choice::Place { to: sq });
        all.push(Choice::Remove { square: sq });
    }
    all.push(Choice::Roll { dice: 1 });
    all.push(Choice::Roll { dice: 2 });
    all
}

#[test]
fn every_roll_and_every_decision_reads_back_as_written() {
    for kind in [
        ChanceKind::Sticks,
        ChanceKind::Die,
        ChanceKind::TwoDice,
        ChanceKind::Lot { seats: 4 },
    ] {
        for (roll, _) in kind.outcomes() {
            let step = Step::Chance { roll };
            assert_eq!(step.to_string().parse::<Step>().unwrap(), step, "{step}");
            assert_eq!(roll.to_string().parse::<Roll>().unwrap(), roll);
        }
    }
    for seat in 0..4 {
        for choice in every_choice() {
            let step = Step::Decide {
                seat: Seat::new(seat).unwrap(),
                choice,
            };
            assert_eq!(step.to_string().parse::<Step>().unwrap(), step, "{step}");
        }
    }
}

#[test]
fn bad_step_texts_say_what_is_wrong() {
    for (text, reason) in [
        ("LDL", "not a roll"),
        ("d7", "a die shows 1 to 6"),
        ("d0d3", "a die shows 1 to 6"),
        ("lot4", "a lot falls on a seat"),
        ("4:9", "a decision starts with its seat"),
        ("0:31", "squares are 1 to 30"),
        ("0:enter 0", "squares are 1 to 30"),
        ("0:roll 3", "one rolls 1 or 2 dice"),
        ("0:jump 3", "not an option"),
        ("0:9/7", "a die shows 1 to 6"),
    ] {
        let error = text.parse::<Step>().unwrap_err();
        assert!(error.reason.starts_with(reason), "{text}: {error}");
    }
}

#[test]
fn a_step_record_names_the_line_of_a_bad_tag_or_step() {
    let error = StepRecord::parse("[RuleSet \"peril\"]\n[Seats \"3\"]\nd4\n").unwrap_err();
    assert_eq!(error.line, 2, "{error}");
    let error = StepRecord::parse("[RuleSet \"meeks\"]\n").unwrap_err();
    assert_eq!(error.line, 1, "{error}");
    let error = StepRecord::parse("[RuleSet \"peril\"]\nd4\n\n# a comment\nd9\n").unwrap_err();
    assert_eq!(error.line, 5, "{error}");
    let error = StepRecord::parse("d4\n[RuleSet \"peril\"]\n").unwrap_err();
    assert_eq!(error.line, 2, "{error}");
    let record = StepRecord::parse("[RuleSet \"peril\"]\nd4\n0:enter 1\n0:2\n").unwrap();
    let error = record.replay().unwrap_err();
    assert_eq!(error.line, 4, "{error}");
    assert!(
        error.reason.starts_with("step 3 `0:2` is refused"),
        "{error}"
    );
}

proptest! {
    #[test]
    fn step_text_parsers_never_panic(text in "\\PC{0,24}") {
        let _ = text.parse::<Step>();
        let _ = StepRecord::parse(&text);
    }
}
