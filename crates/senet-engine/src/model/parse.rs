//! Reading the text forms of steps back (`docs/notation.md`): a roll, or a
//! decision `<seat>:<option>`. Parsing checks the form only; whether the
//! step is legal is the rules' question ([`crate::RuleSet::apply`]).

use core::fmt;
use core::str::FromStr;

use crate::model::chance::{Pip, Roll};
use crate::model::choice::{Choice, DiceUse};
use crate::model::ruleset::Step;
use crate::model::seat::Seat;
use crate::square::Square;
use crate::sticks::Sticks;

/// A step's text that is not in any step form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepTextError {
    /// The text.
    pub text: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl fmt::Display for StepTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: {}", self.text, self.reason)
    }
}

impl std::error::Error for StepTextError {}

fn error(text: &str, reason: &'static str) -> StepTextError {
    StepTextError {
        text: text.to_owned(),
        reason,
    }
}

fn pip(text: &str, whole: &str) -> Result<Pip, StepTextError> {
    text.parse::<u8>()
        .ok()
        .and_then(Pip::new)
        .ok_or_else(|| error(whole, "a die shows 1 to 6"))
}

fn square(text: &str, whole: &str) -> Result<Square, StepTextError> {
    text.parse::<u8>()
        .ok()
        .and_then(Square::new)
        .ok_or_else(|| error(whole, "squares are 1 to 30"))
}

impl FromStr for Roll {
    type Err = StepTextError;

    /// `LDLL`, `d4`, `d3d5` or `lot1`.
    fn from_str(text: &str) -> Result<Roll, StepTextError> {
        if text.len() == 4 && text.chars().all(|c| c == 'L' || c == 'D') {
            let mut lights = [false; 4];
            for (light, c) in lights.iter_mut().zip(text.chars()) {
                *light = c == 'L';
            }
            return Ok(Roll::Sticks {
                sticks: Sticks::from_lights(lights),
            });
        }
        if let Some(seat) = text.strip_prefix("lot") {
            let seat = seat
                .parse::<u8>()
                .ok()
                .and_then(Seat::new)
                .ok_or_else(|| error(text, "a lot falls on a seat, 0 to 3"))?;
            return Ok(Roll::Lot { seat });
        }
        let Some(dice) = text.strip_prefix('d') else {
            return Err(error(
                text,
                "not a roll: sticks `LDLL`, a die `d4`, dice `d3d5` or a lot `lot1`",
            ));
        };
        match dice.split_once('d') {
            None => Ok(Roll::Die {
                pip: pip(dice, text)?,
            }),
            Some((first, second)) => Ok(Roll::Dice {
                first: pip(first, text)?,
                second: pip(second, text)?,
            }),
        }
    }
}

impl FromStr for Choice {
    type Err = StepTextError;

    /// `9`, `9+`, `9/4`, `enter 2`, `place 3`, `remove 12` or `roll 1`.
    fn from_str(text: &str) -> Result<Choice, StepTextError> {
        if let Some((word, number)) = text.split_once(' ') {
            return match word {
                "enter" => Ok(Choice::Enter {
                    to: square(number, text)?,
                }),
                "place" => Ok(Choice::Place {
                    to: square(number, text)?,
                }),
                "remove" => Ok(Choice::Remove {
                    square: square(number, text)?,
                }),
                "roll" => match number {
                    "1" => Ok(Choice::Roll { dice: 1 }),
                    "2" => Ok(Choice::Roll { dice: 2 }),
                    _ => Err(error(text, "one rolls 1 or 2 dice")),
                },
                _ => Err(error(text, "not an option: enter, place, remove or roll")),
            };
        }
        if let Some(from) = text.strip_suffix('+') {
            return Ok(Choice::MoveDice {
                from: square(from, text)?,
                by: DiceUse::Sum,
            });
        }
        if let Some((from, pips)) = text.split_once('/') {
            return Ok(Choice::MoveDice {
                from: square(from, text)?,
                by: DiceUse::Die {
                    pips: pip(pips, text)?.value(),
                },
            });
        }
        Ok(Choice::Move {
            from: square(text, text)?,
        })
    }
}

impl FromStr for Step {
    type Err = StepTextError;

    /// A roll, or `<seat>:<option>`.
    fn from_str(text: &str) -> Result<Step, StepTextError> {
        match text.split_once(':') {
            Some((seat, option)) => {
                let seat = seat
                    .parse::<u8>()
                    .ok()
                    .and_then(Seat::new)
                    .ok_or_else(|| error(text, "a decision starts with its seat, 0 to 3"))?;
                Ok(Step::Decide {
                    seat,
                    choice: option.parse()?,
                })
            }
            None => Ok(Step::Chance {
                roll: text.parse()?,
            }),
        }
    }
}
