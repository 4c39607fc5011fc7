//! `senet verify FILE`: checks every chance step of a finished game's
//! downloaded record against the seeds it reveals (`docs/fairness.md`):
//! the server seed must match the commitment shown before the game, and
//! every throw, die and lot must be the one the seeds give for its step.
//! Works on step records of every rule set and on Kendall turn records.

use senet_engine::fair::Revealed;
use senet_engine::kendall_v1::{Action, GameText, Rules};
use senet_engine::{AnyRules, Choice, Kendall, Next, Roll, RuleSetId, Step, StepGame, StepRecord};

/// Verifies a record's text; a line saying what was checked, or the first
/// reason it fails.
pub fn verify_text(text: &str) -> Result<String, String> {
    if crate::is_turn_text(text) {
        verify_turns(text)
    } else {
        verify_steps(text)
    }
}

fn verified(rule_set: RuleSetId, chances: usize, revealed: &Revealed) -> String {
    format!(
        "verified: {rule_set}: {chances} chance steps are the ones the seeds give; the revealed seed matches the commitment {}\n",
        revealed.commitment()
    )
}

fn verify_steps(text: &str) -> Result<String, String> {
    let record = StepRecord::parse(text).map_err(|e| e.to_string())?;
    let revealed = Revealed::from_tags(&record.tags, record.seats).map_err(|e| e.to_string())?;
    let mut chances = 0;
    record
        .replay_with(|step_no, game, step| {
            let chance = revealed.check(step_no, game.next(), step)?;
            chances += usize::from(chance);
            Ok(())
        })
        .map_err(|e| e.to_string())?;
    Ok(verified(record.rule_set, chances, &revealed))
}

/// A Kendall turn record names each throw's value, not its sticks: each
/// turn is the throw the seeds give for its step, when its value is the
/// turn's, then the move (one more step) unless the throw forfeited.
fn verify_turns(text: &str) -> Result<String, String> {
    let game_text = GameText::parse(text).map_err(|e| e.to_string())?;
    let revealed = Revealed::from_tags(&game_text.tags, 2).map_err(|e| e.to_string())?;
    let rules = Kendall;
    let mut game = StepGame::new(AnyRules::of(RuleSetId::Kendall), 2).map_err(|e| e.to_string())?;
    let mut step_no: u32 = 0;
    for (index, turn) in game_text.record.turns().iter().enumerate() {
        let line = game_text.lines.get(index).copied().unwrap_or(0);
        let fail = |reason: String| format!("line {line}: turn {}: {reason}", index + 1);
        step_no += 1;
        let Some(roll @ Roll::Sticks { sticks }) = revealed.expected(step_no, game.next()) else {
            return Err(fail("the rules ask for no throw here".to_owned()));
        };
        let value = rules.score(sticks).value();
        if value != turn.throw {
            return Err(fail(format!(
                "the record shows a throw of {}, but the seeds give {value} (`{roll}`)",
                turn.throw
            )));
        }
        game.play(Step::Chance { roll })
            .map_err(|e| fail(e.to_string()))?;
        match (turn.action, game.next()) {
            (Action::Move(from), Next::Decide { seat, .. }) => {
                step_no += 1;
                let step = Step::Decide {
                    seat: *seat,
                    choice: Choice::Move { from },
                };
                game.play(step).map_err(|e| fail(e.to_string()))?;
            }
            (Action::Move(_), _) => {
                return Err(fail("the record moves, but the throw forfeits".to_owned()));
            }
            (Action::Forfeit, Next::Decide { .. }) => {
                return Err(fail(
                    "the record forfeits, but the throw has a move".to_owned(),
                ));
            }
            (Action::Forfeit, _) => {}
        }
    }
    // The throw the game ended on before its move was played (`3:?`).
    if let Some(unplayed) = game_text.unplayed {
        let turn = game_text.record.len() + 1;
        let fail = |reason: String| format!("line {}: turn {turn}: {reason}", unplayed.line);
        step_no += 1;
        let Some(roll @ Roll::Sticks { sticks }) = revealed.expected(step_no, game.next()) else {
            return Err(fail("the rules ask for no throw here".to_owned()));
        };
        let value = rules.score(sticks).value();
        if value != unplayed.throw {
            return Err(fail(format!(
                "the record shows a throw of {}, but the seeds give {value} (`{roll}`)",
                unplayed.throw
            )));
        }
        game.play(Step::Chance { roll })
            .map_err(|e| fail(e.to_string()))?;
    }
    let chances = game
        .steps()
        .iter()
        .filter(|s| matches!(s, Step::Chance { .. }))
        .count();
    Ok(verified(RuleSetId::Kendall, chances, &revealed))
}
