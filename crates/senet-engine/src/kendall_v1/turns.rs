//! Kendall's turns read off the step model: the view of a game that the
//! turn notation (`docs/notation.md`) and version 1 clients have.
//!
//! A Kendall game is played on the step model (a throw is a chance step, a
//! move a decision). People and the first release count *turns*: a throw
//! and the move it allowed, or the throw alone when it forfeits. This reads
//! the turns off the steps and their events, so no second game is played
//! beside the first to tell them: the throw's value is the rule set's count
//! of the sticks, the move is what the step's events say its piece did, a
//! [`Event::Pass`] is a forfeit and an [`Event::Again`] keeps the turn.

use core::fmt;

use crate::kendall_v1::Rules;
use crate::kendall_v1::moves::{Destination, Direction, Effect, Move};
use crate::kendall_v1::record::{Action, Record, Turn};
use crate::kendall_v1::side::Side;
use crate::kendall_v1::throw::Throw;
use crate::model::{Choice, Event, Place, Roll, Seat, Step, Why};
use crate::rules::Kendall;
use crate::sticks::Sticks;

/// A throw: who threw, how the sticks fell and what that counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KendallThrow {
    /// The side that threw.
    pub side: Side,
    /// How the sticks fell.
    pub sticks: Sticks,
    /// What the fall counts.
    pub throw: Throw,
}

/// One turn: a throw and the move it allowed (`None` for a forfeit).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KendallTurn {
    /// The throw.
    pub thrown: KendallThrow,
    /// The move, with its effect; `None` when the throw forfeited.
    pub played: Option<Move>,
    /// Whether the same side throws again after it.
    pub again: bool,
}

impl KendallTurn {
    /// The turn as the turn record writes it (`3:9`, `2:-`).
    #[must_use]
    pub const fn turn(&self) -> Turn {
        Turn::new(
            self.thrown.throw,
            match self.played {
                Some(mv) => Action::Move(mv.from),
                None => Action::Forfeit,
            },
        )
    }
}

/// A step that does not fit Kendall's turns: the steps are not those of a
/// Kendall game the engine played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotAKendallStep {
    /// The 0-based index of the step.
    pub index: usize,
    /// What is wrong.
    pub reason: &'static str,
}

impl fmt::Display for NotAKendallStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "step {}: {}", self.index + 1, self.reason)
    }
}

impl std::error::Error for NotAKendallStep {}

/// The turns of a Kendall game so far, built one step at a time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KendallTurns {
    turns: Vec<KendallTurn>,
    /// A throw waiting for its move.
    unplayed: Option<KendallThrow>,
    /// The last throw, once there was one.
    last: Option<KendallThrow>,
    /// The side to throw (or, while a throw waits, to move).
    to_move: Side,
    steps: usize,
}

impl Default for KendallTurns {
    fn default() -> KendallTurns {
        KendallTurns::new()
    }
}

impl KendallTurns {
    /// No turn yet: the Cone (seat 0) throws first.
    #[must_use]
    pub const fn new() -> KendallTurns {
        KendallTurns {
            turns: Vec::new(),
            unplayed: None,
            last: None,
            to_move: Side::Cone,
            steps: 0,
        }
    }

    /// The turns of a whole game from its steps, each with its events.
    pub fn of<'a>(
        steps: impl IntoIterator<Item = (&'a Step, &'a [Event])>,
    ) -> Result<KendallTurns, NotAKendallStep> {
        let mut turns = KendallTurns::new();
        for (step, events) in steps {
            turns.push(step, events)?;
        }
        Ok(turns)
    }

    /// Takes the next step of the game with the events it had; returns the
    /// turn it completed, if it completed one (a move, or a throw that
    /// forfeited). Refused (and nothing changed) for a step that is not the
    /// next of a Kendall game.
    pub fn push(
        &mut self,
        step: &Step,
        events: &[Event],
    ) -> Result<Option<KendallTurn>, NotAKendallStep> {
        let fail = |reason| NotAKendallStep {
            index: self.steps,
            reason,
        };
        let turn = match *step {
            Step::Chance {
                roll: Roll::Sticks { sticks },
            } => {
                if self.unplayed.is_some() {
                    return Err(fail("a throw while the last one waits for its move"));
                }
                let thrown = KendallThrow {
                    side: self.to_move,
                    sticks,
                    throw: Kendall.score(sticks),
                };
                self.last = Some(thrown);
                if !events.iter().any(|e| matches!(e, Event::Pass { .. })) {
                    self.unplayed = Some(thrown);
                    self.steps += 1;
                    return Ok(None);
                }
                KendallTurn {
                    thrown,
                    played: None,
                    again: false,
                }
            }
            Step::Decide {
                seat,
                choice: Choice::Move { from },
            } => {
                let thrown = self
                    .unplayed
                    .ok_or_else(|| fail("a move without a throw"))?;
                let played = move_of(seat, events)
                    .filter(|mv| mv.from == from)
                    .ok_or_else(|| fail("the events show no move of that piece"))?;
                self.unplayed = None;
                KendallTurn {
                    thrown,
                    played: Some(played),
                    again: events.iter().any(|e| matches!(e, Event::Again { .. })),
                }
            }
            _ => return Err(fail("not a step of Kendall's rules")),
        };
        if !turn.again {
            self.to_move = self.to_move.opponent();
        }
        self.turns.push(turn);
        self.steps += 1;
        Ok(Some(turn))
    }

    /// Every completed turn.
    #[must_use]
    pub fn turns(&self) -> &[KendallTurn] {
        &self.turns
    }

    /// The throw waiting for its move, if any: after a game ends by
    /// resignation, abandonment or time, the throw it ended on.
    #[must_use]
    pub const fn unplayed(&self) -> Option<KendallThrow> {
        self.unplayed
    }

    /// The last throw, once there was one.
    #[must_use]
    pub const fn last_throw(&self) -> Option<KendallThrow> {
        self.last
    }

    /// The side to throw or, while a throw waits, to move.
    #[must_use]
    pub const fn to_move(&self) -> Side {
        self.to_move
    }

    /// The completed turns as a turn record.
    #[must_use]
    pub fn record(&self) -> Record {
        self.turns
            .iter()
            .map(KendallTurn::turn)
            .collect::<Vec<_>>()
            .into()
    }
}

/// The move a stick step's events show `seat` making: the first event of
/// one of its pieces leaving a square, with what happened there (a swap,
/// the House of Water, a bear-off). `None` when the events show no move.
#[must_use]
pub fn move_of(seat: Seat, events: &[Event]) -> Option<Move> {
    let (index, from, to, why) = events
        .iter()
        .enumerate()
        .find_map(|(i, event)| match *event {
            Event::Piece {
                seat: owner,
                from: Place::Square { square },
                to,
                why: why @ (Why::Move | Why::Backward | Why::BorneOff),
                ..
            } if owner == seat => Some((i, square, to, why)),
            _ => None,
        })?;
    let direction = if why == Why::Backward {
        Direction::Backward
    } else {
        Direction::Forward
    };
    let (to, effect) = match to {
        Place::Off => (Destination::Off, Effect::BearOff),
        Place::Square { square } => {
            let after = events.get(index + 1..).unwrap_or_default();
            let effect = after
                .iter()
                .find_map(|event| match *event {
                    Event::Piece {
                        why: Why::Swapped, ..
                    } => Some(Effect::Capture),
                    Event::Piece {
                        why: Why::Water,
                        to: Place::Square { square: rebirth },
                        ..
                    } => Some(Effect::Water { rebirth }),
                    _ => None,
                })
                .unwrap_or(Effect::None);
            (Destination::Square(square), effect)
        }
        Place::Reserve | Place::Removed => return None,
    };
    Some(Move {
        from,
        to,
        direction,
        effect,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    //! The turns read off random step games are the turn model's own:
    //! every turn's throw and move (with its effect) equal what the
    //! turn-based [`crate::kendall_v1::Game`] says of the same game.
    use super::*;
    use crate::kendall_v1::Game;
    use crate::model::{Next, random_step};
    use crate::{AnyRules, RuleSetId, StepGame};
    use rand::SeedableRng;

    #[test]
    fn turns_read_off_steps_are_the_turn_models() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(26);
        for _ in 0..300 {
            let mut game = StepGame::new(AnyRules::of(RuleSetId::Kendall), 2).unwrap();
            let mut turns = KendallTurns::new();
            let mut mirror = Game::new(Kendall);
            let cut = rand::RngExt::random_range(&mut rng, 1..400);
            for _ in 0..cut {
                let Some(step) = random_step(game.rules(), game.state(), &mut rng) else {
                    break;
                };
                let events = game.play(step).unwrap();
                let told = turns.push(&step, &events).unwrap();
                match step {
                    Step::Chance {
                        roll: Roll::Sticks { sticks },
                    } => {
                        let side = mirror.position().to_move();
                        let thrown = mirror.throw(sticks).unwrap();
                        assert_eq!(turns.last_throw().map(|t| t.side), Some(side));
                        assert_eq!(turns.last_throw().map(|t| t.throw), Some(thrown.throw));
                        assert_eq!(told.is_some(), thrown.forfeited());
                    }
                    Step::Decide {
                        choice: Choice::Move { from },
                        ..
                    } => {
                        let played = mirror.play(from).unwrap();
                        let told = told.unwrap();
                        assert_eq!(told.played, Some(played.mv));
                        assert_eq!(
                            told.again,
                            Kendall.extra_throw(played.throw) && mirror.winner().is_none()
                        );
                    }
                    other => panic!("{other}"),
                }
                assert_eq!(turns.record(), *mirror.record());
                if matches!(game.next(), Next::End(_)) {
                    break;
                }
                assert_eq!(turns.to_move(), mirror.position().to_move());
            }
            assert_eq!(
                turns.unplayed().is_some(),
                matches!(game.next(), Next::Decide { .. })
            );
        }
    }

    #[test]
    fn a_step_out_of_place_is_refused_and_changes_nothing() {
        let mut turns = KendallTurns::new();
        let from = crate::Square::new(9).unwrap();
        let decide = Step::Decide {
            seat: Seat::FIRST,
            choice: Choice::Move { from },
        };
        let refused = turns.push(&decide, &[]).unwrap_err();
        assert_eq!(refused.index, 0);
        assert_eq!(turns, KendallTurns::new());
    }
}
