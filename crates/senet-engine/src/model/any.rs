//! Every rule set behind one enum, itself a rule set: what product code
//! holds when the rule set is chosen at run time (as shakmaty's
//! `VariantPosition` is for chess variants).

use crate::model::event::Event;
use crate::model::ruleset::{Next, RuleSet, SeatsError, Step, StepError};
use crate::rules::{Kendall, RuleSetId, StickState};

/// A rule set chosen at run time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnyRules {
    /// The standard rules.
    Kendall(Kendall),
}

/// The state of a game under [`AnyRules`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AnyState {
    /// A game under the standard rules.
    Kendall(StickState),
}

impl AnyRules {
    /// The rule set with this id, where the engine plays it on the step
    /// model.
    #[must_use]
    pub const fn of(id: RuleSetId) -> Option<AnyRules> {
        match id {
            RuleSetId::Kendall => Some(AnyRules::Kendall(Kendall)),
            _ => None,
        }
    }
}

/// A state of another rule set than the one applying it.
fn mismatch() -> StepError {
    StepError::NotAnOption {
        reason: "wrong_rule_set",
        detail: "the state belongs to another rule set".to_owned(),
    }
}

impl RuleSet for AnyRules {
    type State = AnyState;

    fn id(self) -> RuleSetId {
        match self {
            AnyRules::Kendall(rules) => rules.id(),
        }
    }

    fn seat_range(self) -> (u8, u8) {
        match self {
            AnyRules::Kendall(rules) => rules.seat_range(),
        }
    }

    fn start(self, seats: u8) -> Result<AnyState, SeatsError> {
        match self {
            AnyRules::Kendall(rules) => rules.start(seats).map(AnyState::Kendall),
        }
    }

    fn seats(self, state: &AnyState) -> u8 {
        match (self, state) {
            (AnyRules::Kendall(rules), AnyState::Kendall(state)) => rules.seats(state),
        }
    }

    fn next(self, state: &AnyState) -> Next {
        match (self, state) {
            (AnyRules::Kendall(rules), AnyState::Kendall(state)) => rules.next(state),
        }
    }

    fn apply(
        self,
        state: &mut AnyState,
        step: Step,
        events: &mut Vec<Event>,
    ) -> Result<(), StepError> {
        #[allow(unreachable_patterns)] // one arm a rule set once there are several
        match (self, state) {
            (AnyRules::Kendall(rules), AnyState::Kendall(state)) => {
                rules.apply(state, step, events)
            }
            _ => Err(mismatch()),
        }
    }

    fn position_text(self, state: &AnyState) -> String {
        match (self, state) {
            (AnyRules::Kendall(rules), AnyState::Kendall(state)) => rules.position_text(state),
        }
    }
}
