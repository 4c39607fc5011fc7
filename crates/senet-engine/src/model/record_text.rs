//! A game record of steps as text, for every rule set (`docs/notation.md`):
//! tag lines `[Name "value"]`, then one step a line. Reading it checks the
//! form (with the line of the first bad one); replaying it checks the rules
//! (with the line and step of the first refused one).

use core::str::FromStr;

use crate::model::any::AnyRules;
use crate::model::game::{ReplayFailure, StepGame};
use crate::model::ruleset::Step;
use crate::notation::NotationError;
use crate::rules::RuleSetId;

/// A step record read from text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepRecord {
    /// The rule set (`[RuleSet "…"]`, `kendall` when absent).
    pub rule_set: RuleSetId,
    /// The seats (`[Seats "…"]`, the rule set's fewest when absent).
    pub seats: u8,
    /// Every tag, in order, as written.
    pub tags: Vec<(String, String)>,
    /// The steps, each with its 1-based line.
    pub steps: Vec<(usize, Step)>,
}

fn at(line: usize, reason: impl Into<String>) -> NotationError {
    NotationError {
        line,
        turn: None,
        reason: reason.into(),
    }
}

/// A tag line's name and value: `[Name "value"]`.
fn tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, value) = inner.split_once(' ')?;
    let value = value.strip_prefix('"')?.strip_suffix('"')?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) || value.contains('"') {
        return None;
    }
    Some((name.to_owned(), value.to_owned()))
}

impl StepRecord {
    /// Writes a record: its tags, then one step a line.
    #[must_use]
    pub fn write(
        rule_set: RuleSetId,
        seats: u8,
        extra_tags: &[(&str, &str)],
        steps: &[Step],
    ) -> String {
        let mut out = format!("[RuleSet \"{rule_set}\"]\n[Seats \"{seats}\"]\n");
        for (name, value) in extra_tags {
            out.push_str(&format!("[{name} \"{value}\"]\n"));
        }
        for step in steps {
            out.push_str(&step.to_string());
            out.push('\n');
        }
        out
    }

    /// Reads a record's form: tags first, then steps; blank lines and lines
    /// starting with `#` are skipped.
    pub fn parse(text: &str) -> Result<StepRecord, NotationError> {
        let mut tags = Vec::new();
        let mut steps = Vec::new();
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let content = raw.trim();
            if content.is_empty() || content.starts_with('#') {
                continue;
            }
            if content.starts_with('[') {
                if !steps.is_empty() {
                    return Err(at(line, "tags come before the first step"));
                }
                tags.push(
                    tag(content).ok_or_else(|| at(line, "a tag is written [Name \"value\"]"))?,
                );
                continue;
            }
            let step = Step::from_str(content).map_err(|e| at(line, e.to_string()))?;
            steps.push((line, step));
        }
        let value = |name: &str| tags.iter().find(|(n, _)| n == name).map(|(n, v)| (n, v));
        let tag_line = |name: &str| {
            text.lines()
                .position(|l| l.trim().starts_with(&format!("[{name} ")))
                .map_or(1, |i| i + 1)
        };
        let rule_set = match value("RuleSet") {
            None => RuleSetId::Kendall,
            Some((_, v)) => v.parse().map_err(|e: crate::rules::UnknownRuleSet| {
                at(tag_line("RuleSet"), e.to_string())
            })?,
        };
        let (min, max) = rule_set.seat_range();
        let seats = match value("Seats") {
            None => min,
            Some((_, v)) => v
                .parse::<u8>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| {
                    at(
                        tag_line("Seats"),
                        format!("{rule_set} seats {min} to {max}, not `{v}`"),
                    )
                })?,
        };
        Ok(StepRecord {
            rule_set,
            seats,
            tags,
            steps,
        })
    }

    /// Replays the steps under the record's rule set; the first refused
    /// step is an error naming its line and step number.
    pub fn replay(&self) -> Result<StepGame<AnyRules>, NotationError> {
        let rules = AnyRules::of(self.rule_set);
        let steps: Vec<Step> = self.steps.iter().map(|(_, step)| *step).collect();
        StepGame::replay(rules, self.seats, &steps).map_err(|failure| match failure {
            ReplayFailure::Seats(error) => at(1, error.to_string()),
            ReplayFailure::Step(error) => at(
                self.steps.get(error.index).map_or(0, |(line, _)| *line),
                format!(
                    "step {} `{}` is refused: {}",
                    error.index + 1,
                    error.step,
                    error.error
                ),
            ),
        })
    }
}
