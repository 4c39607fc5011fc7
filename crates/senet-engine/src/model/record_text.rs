//! A game record of steps as text, for every rule set (`docs/notation.md`):
//! tag lines `[Name "value"]`, then one step a line, and a line
//! `<seat>:resign` or `<seat>:abandon` where a seat left the game. Reading
//! it checks the form (with the line of the first bad one); replaying it
//! checks the rules (with the line and step of the first refused one).

use core::str::FromStr;

use crate::model::any::AnyRules;
use crate::model::eliminate::EliminateError;
use crate::model::game::StepGame;
use crate::model::ruleset::{Next, RuleSet, Step};
use crate::model::seat::Seat;
use crate::model::standing::{EndHow, Standing};
use crate::model::{NotationError, escape};
use crate::rules::RuleSetId;

/// A seat leaving the game, a line `<seat>:resign` or `<seat>:abandon`.
///
/// Leaving is decided outside the rules, so it is not a step (and not in
/// [`StepGame::steps`]): at a table of three or four the rules take the
/// seat out and the others play on ([`RuleSet::eliminate`]); at a table of
/// two the game ends there, the other seat winning, so such a line is the
/// record's last.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Leaving {
    /// The 1-based line it was read from (0 for one not read from text).
    pub line: usize,
    /// How many steps come before it.
    pub after: usize,
    /// The seat.
    pub seat: Seat,
    /// [`EndHow::Resigned`], [`EndHow::Abandoned`] or [`EndHow::Time`].
    pub how: EndHow,
}

impl Leaving {
    /// The line's text: `<seat>:resign` for a resignation, `<seat>:time`
    /// for a clock that ran out, `<seat>:abandon` for anything else (an
    /// abandonment).
    #[must_use]
    pub fn text(seat: Seat, how: EndHow) -> String {
        match how {
            EndHow::Resigned => format!("{seat}:resign"),
            EndHow::Time => format!("{seat}:time"),
            _ => format!("{seat}:abandon"),
        }
    }

    /// Reads `<seat>:resign`, `<seat>:abandon` or `<seat>:time`; `None` for
    /// any other text.
    #[must_use]
    pub fn from_text(text: &str) -> Option<(Seat, EndHow)> {
        let (seat, word) = text.split_once(':')?;
        let how = match word {
            "resign" => EndHow::Resigned,
            "abandon" => EndHow::Abandoned,
            "time" => EndHow::Time,
            _ => return None,
        };
        let seat = seat.parse::<u8>().ok().and_then(Seat::new)?;
        Some((seat, how))
    }
}

/// A step record read from text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepRecord {
    /// The rule set (`[RuleSet "…"]`, `kendall` when absent).
    pub rule_set: RuleSetId,
    /// The seats (`[Seats "…"]`, the rule set's fewest when absent).
    pub seats: u8,
    /// Every tag, in order, with its value unescaped.
    pub tags: Vec<(String, String)>,
    /// The steps, each with its 1-based line.
    pub steps: Vec<(usize, Step)>,
    /// The seats that left, in order.
    pub left: Vec<Leaving>,
}

fn at(line: usize, reason: impl Into<String>) -> NotationError {
    NotationError {
        line,
        turn: None,
        reason: reason.into(),
    }
}

/// A tag line's name and value: `[Name "value"]`, the value with `\"` and
/// `\\` for a quote and a backslash.
fn tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, quoted) = inner.split_once(' ')?;
    let quoted = quoted.strip_prefix('"')?.strip_suffix('"')?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    let mut value = String::with_capacity(quoted.len());
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(escaped @ ('\\' | '"')) => value.push(escaped),
                _ => return None,
            },
            '"' => return None,
            _ => value.push(c),
        }
    }
    Some((name.to_owned(), value))
}

impl StepRecord {
    /// Writes a record: its tags (values escaped), then one step a line.
    #[must_use]
    pub fn write(
        rule_set: RuleSetId,
        seats: u8,
        extra_tags: &[(&str, &str)],
        steps: &[Step],
    ) -> String {
        StepRecord::write_with_leavings(rule_set, seats, extra_tags, steps, &[])
    }

    /// Writes a record with the seats that left: each leaving line after
    /// the first [`Leaving::after`] steps (its `line` is not used).
    #[must_use]
    pub fn write_with_leavings(
        rule_set: RuleSetId,
        seats: u8,
        extra_tags: &[(&str, &str)],
        steps: &[Step],
        left: &[Leaving],
    ) -> String {
        let mut out = format!("[RuleSet \"{rule_set}\"]\n[Seats \"{seats}\"]\n");
        for (name, value) in extra_tags {
            out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        }
        let leaving_after = |n: usize, out: &mut String| {
            for leaving in left.iter().filter(|l| l.after == n) {
                out.push_str(&Leaving::text(leaving.seat, leaving.how));
                out.push('\n');
            }
        };
        for (index, step) in steps.iter().enumerate() {
            leaving_after(index, &mut out);
            out.push_str(&step.to_string());
            out.push('\n');
        }
        leaving_after(steps.len(), &mut out);
        out
    }

    /// Reads a record's form: tags first, then steps and leaving lines;
    /// blank lines and lines starting with `#` are skipped.
    pub fn parse(text: &str) -> Result<StepRecord, NotationError> {
        let mut tags = Vec::new();
        let mut steps = Vec::new();
        let mut left = Vec::new();
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let content = raw.trim();
            if content.is_empty() || content.starts_with('#') {
                continue;
            }
            if content.starts_with('[') {
                if !steps.is_empty() || !left.is_empty() {
                    return Err(at(line, "tags come before the first step"));
                }
                tags.push(
                    tag(content).ok_or_else(|| at(line, "a tag is written [Name \"value\"]"))?,
                );
                continue;
            }
            if let Some((seat, how)) = Leaving::from_text(content) {
                left.push(Leaving {
                    line,
                    after: steps.len(),
                    seat,
                    how,
                });
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
            left,
        })
    }

    /// Whether the record ends with a seat of a table of two leaving: the
    /// game ended there, outside the rules.
    fn ends_by_leaving(&self, leaving: &Leaving) -> bool {
        leaving.after == self.steps.len() && self.left.last() == Some(leaving)
    }

    /// Replays the steps under the record's rule set, taking each seat
    /// that left out where it left; the first refused step or leaving is an
    /// error naming its line. A seat of a table of two may leave only as
    /// the record's last line (the game ends there: see
    /// [`StepRecord::standing`]).
    pub fn replay(&self) -> Result<StepGame<AnyRules>, NotationError> {
        self.replay_with(|_, _, _| Ok(()))
    }

    /// [`StepRecord::replay`], asking `check` about every step before it is
    /// played: its entry number (from 1, counting the leaving lines before
    /// it, as the server numbers what it stores), the game so far and the
    /// step. An error from `check` stops the replay with the step's line.
    pub fn replay_with<F>(&self, mut check: F) -> Result<StepGame<AnyRules>, NotationError>
    where
        F: FnMut(u32, &StepGame<AnyRules>, &Step) -> Result<(), String>,
    {
        let mut entry_no: u32 = 0;
        let rules = AnyRules::of(self.rule_set);
        let mut game =
            StepGame::new(rules, self.seats).map_err(|error| at(1, error.to_string()))?;
        let mut left = self.left.iter().peekable();
        for index in 0..=self.steps.len() {
            while let Some(leaving) = left.next_if(|l| l.after <= index) {
                entry_no = entry_no.saturating_add(1);
                match game.eliminate(leaving.seat) {
                    Ok(_) => {}
                    Err(EliminateError::TwoSeats) if self.ends_by_leaving(leaving) => {}
                    Err(EliminateError::TwoSeats) => {
                        return Err(at(
                            leaving.line,
                            format!(
                                "`{}`: a seat of two leaving ends the game, so nothing may follow it",
                                Leaving::text(leaving.seat, leaving.how)
                            ),
                        ));
                    }
                    Err(error) => {
                        return Err(at(
                            leaving.line,
                            format!(
                                "`{}` is refused: {error}",
                                Leaving::text(leaving.seat, leaving.how)
                            ),
                        ));
                    }
                }
            }
            let Some((line, step)) = self.steps.get(index) else {
                break;
            };
            entry_no = entry_no.saturating_add(1);
            check(entry_no, &game, step)
                .map_err(|reason| at(*line, format!("step {} `{step}`: {reason}", index + 1)))?;
            game.play(*step).map_err(|error| {
                at(
                    *line,
                    format!("step {} `{step}` is refused: {error}", index + 1),
                )
            })?;
        }
        Ok(game)
    }

    /// The standing `game` (this record's replay) reached: the rules' own
    /// end, or, when the record ends with a seat of a table of two leaving,
    /// the other seat first with the scores so far where the rule set
    /// scores; `None` for a game not over.
    #[must_use]
    pub fn standing(&self, game: &StepGame<AnyRules>) -> Option<Standing> {
        if let Next::End(standing) = game.next() {
            return Some(standing.clone());
        }
        let last = self.left.last().filter(|l| self.ends_by_leaving(l))?;
        if game.seats() != 2 {
            return None;
        }
        let mut standing = Standing::two_seats(last.seat.next(2), last.how);
        let view = game.rules().view(game.state());
        if view.seats.iter().any(|seat| seat.score.is_some()) {
            standing.scores = view.seats.iter().map(|s| s.score.unwrap_or(0)).collect();
        }
        Some(standing)
    }
}
