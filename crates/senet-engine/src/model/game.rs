//! A game under any rule set: its state, its record of steps, and the
//! replay of a record.

use crate::model::eliminate::EliminateError;
use crate::model::event::Event;
use crate::model::ruleset::{Next, RuleSet, SeatsError, Step, StepError};
use crate::model::seat::Seat;

/// A game: the rule set, the state, and every step taken so far. The record
/// is all that needs keeping: replaying it rebuilds every position.
#[derive(Debug, Clone)]
pub struct StepGame<R: RuleSet> {
    rules: R,
    seats: u8,
    state: R::State,
    next: Next,
    steps: Vec<Step>,
}

/// The first step of a record that the rules refuse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepReplayError {
    /// The 0-based index of the refused step.
    pub index: usize,
    /// The step.
    pub step: Step,
    /// Why the rules refuse it.
    pub error: StepError,
}

impl core::fmt::Display for StepReplayError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "step {}: {}", self.index + 1, self.error)
    }
}

impl std::error::Error for StepReplayError {}

impl<R: RuleSet> StepGame<R> {
    /// A new game at a table of `seats`.
    pub fn new(rules: R, seats: u8) -> Result<StepGame<R>, SeatsError> {
        let state = rules.start(seats)?;
        let next = rules.next(&state);
        Ok(StepGame {
            rules,
            seats,
            state,
            next,
            steps: Vec::new(),
        })
    }

    /// Replays a record from the start; the first refused step is an error.
    pub fn replay(rules: R, seats: u8, steps: &[Step]) -> Result<StepGame<R>, ReplayFailure> {
        let mut game = StepGame::new(rules, seats).map_err(ReplayFailure::Seats)?;
        let mut events = Vec::new();
        for (index, step) in steps.iter().enumerate() {
            events.clear();
            game.play_into(*step, &mut events).map_err(|error| {
                ReplayFailure::Step(StepReplayError {
                    index,
                    step: *step,
                    error,
                })
            })?;
        }
        Ok(game)
    }

    /// The rule set.
    pub fn rules(&self) -> R {
        self.rules
    }

    /// How many seats.
    pub fn seats(&self) -> u8 {
        self.seats
    }

    /// The current state.
    pub fn state(&self) -> &R::State {
        &self.state
    }

    /// What comes next.
    pub fn next(&self) -> &Next {
        &self.next
    }

    /// Every step so far.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// True once the game is over.
    pub fn is_over(&self) -> bool {
        matches!(self.next, Next::End(_))
    }

    /// Takes a step and returns what it did; on error nothing changes.
    pub fn play(&mut self, step: Step) -> Result<Vec<Event>, StepError> {
        let mut events = Vec::new();
        self.play_into(step, &mut events)?;
        Ok(events)
    }

    /// Takes a step, adding what it did to `events`; on error nothing
    /// changes (and `events` is left as it was).
    pub fn play_into(&mut self, step: Step, events: &mut Vec<Event>) -> Result<(), StepError> {
        let mut state = self.state.clone();
        let before = events.len();
        match self.rules.apply(&mut state, step, events) {
            Ok(()) => {
                self.state = state;
                self.next = self.rules.next(&self.state);
                self.steps.push(step);
                Ok(())
            }
            Err(error) => {
                events.truncate(before);
                Err(error)
            }
        }
    }

    /// Eliminates a seat that resigned or abandoned
    /// ([`RuleSet::eliminate`]) and returns what that did; on error nothing
    /// changes.
    ///
    /// An elimination is decided outside the rules, so it is not a step and
    /// is not in [`StepGame::steps`]: whoever keeps the record keeps it too
    /// (say, with the number of steps it came after) and, to rebuild the
    /// game, plays the steps and eliminates again at that point.
    pub fn eliminate(&mut self, seat: Seat) -> Result<Vec<Event>, EliminateError> {
        let mut state = self.state.clone();
        let mut events = Vec::new();
        self.rules.eliminate(&mut state, seat, &mut events)?;
        self.state = state;
        self.next = self.rules.next(&self.state);
        Ok(events)
    }
}

/// Why a record does not replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayFailure {
    /// The rule set cannot seat the table.
    Seats(SeatsError),
    /// A step is refused.
    Step(StepReplayError),
}

impl core::fmt::Display for ReplayFailure {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ReplayFailure::Seats(error) => write!(f, "{error}"),
            ReplayFailure::Step(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for ReplayFailure {}
