//! One game model for every rule set (`shared/design/game-model.md`).
//!
//! A game is a sequence of steps, each a chance draw ([`Roll`]) or a seat's
//! decision among listed options ([`Choice`]). A rule set ([`RuleSet`]) is
//! a deterministic state machine: given its state it says what comes next
//! ([`Next`]: a chance of a kind with exact probabilities, a decision with
//! every legal option, or the end with a [`Standing`]), and it takes one
//! step at a time, reporting what the step did as [`Event`]s. A record is
//! the list of steps ([`StepGame`]); replaying it rebuilds every position.
//! Product code holds [`AnyRules`], an enum over the rule sets, which is a
//! rule set itself.

mod any;
mod chance;
mod choice;
mod description;
mod eliminate;
mod event;
mod game;
mod parse;
mod random;
mod reason;
mod record_text;
mod ruleset;
mod seat;
mod standing;
mod tags;
mod text;
mod throw_value;
mod view;

pub use any::{AnyRules, AnyState};
pub use chance::{ChanceKind, Pip, Prob, Roll};
pub use choice::{Choice, DiceUse, MAX_OPTIONS, Options, OptionsFull};
pub use description::{
    Colour, Description, PieceStart, SeatRange, SeriesScoring, SpecialSquare, SquareSpan,
};
pub use eliminate::EliminateError;
pub use event::{Event, Place, Why};
pub use game::{ReplayFailure, StepGame, StepReplayError};
pub use parse::StepTextError;
pub use random::{RandomGame, random_game, random_step, reachable_states};
pub use reason::Reason;
pub use record_text::{Leaving, StepRecord};
pub use ruleset::{Next, RuleSet, SeatsError, Step, StepError, check_step};
pub use seat::{MAX_SEATS, Seat};
pub use standing::{EndHow, Standing};
pub use tags::NotationError;
pub(crate) use tags::escape;
pub use throw_value::{StickCount, StickSide, ThrowValue};
pub use view::{Occupant, Piece, SeatView, View};
