//! The rules of Senet, the ancient Egyptian race game, as a library.
//!
//! No I/O and no async. The root is the step model: a game is a sequence
//! of steps, each a chance draw or a seat's decision among listed options.
//! Pick a rule set ([`Kendall`], the standard rules, or any by id through
//! [`AnyRules`]), ask it what comes [`RuleSet::next`] and
//! [`RuleSet::apply`] one [`Step`] at a time, or keep a whole
//! [`StepGame`] with its record of steps. Kendall's turn model (a throw and
//! the move it allowed; the turn notation and protocol version 1) is the
//! view in [`kendall_v1`].
//!
//! ```
//! use senet_engine::{Choice, Kendall, Next, Roll, RuleSet, Seat, Square, Step, Sticks};
//!
//! let rules = Kendall;
//! let mut state = rules.start(2).unwrap();
//! // One light side up counts 1.
//! let sticks = Sticks::from_lights([true, false, false, false]);
//! let mut events = Vec::new();
//! rules.apply(&mut state, Step::Chance { roll: Roll::Sticks { sticks } }, &mut events).unwrap();
//! let Next::Decide { seat, .. } = rules.next(&state) else { panic!("a move is due") };
//! assert_eq!(seat, Seat::FIRST);
//! let from = Square::new(9).unwrap();
//! rules.apply(&mut state, Step::Decide { seat, choice: Choice::Move { from } }, &mut events).unwrap();
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod fair;
pub mod kendall_v1;
mod model;
mod rules;
mod square;
mod sticks;

pub use model::{
    AnyRules, AnyState, ChanceKind, Choice, DiceUse, EndHow, Event, MAX_OPTIONS, MAX_SEATS, Next,
    Options, OptionsFull, Pip, Place, Prob, Reason, ReplayFailure, Roll, RuleSet, Seat, SeatsError,
    Standing, Step, StepError, StepGame, StepReplayError, Why, check_step,
};
pub use model::{
    Colour, Description, EliminateError, Occupant, Piece, PieceStart, SeatRange, SeatView,
    SeriesScoring, SpecialSquare, SquareSpan, StickCount, StickSide, ThrowValue, View,
};
pub use model::{
    Leaving, NotationError, RandomGame, StepRecord, StepTextError, random_game, random_step,
    reachable_states,
};
pub use rules::{
    DiceCount, Jequier, Kendall, Kendall7, Modern, ModernPhase, ModernPiece, ModernState,
    ModernTextError, ModernTextField, ModernThrow, Peril, PerilPhase, PerilState, PerilTextError,
    RuleSetId, Seating, Simple, StickState, UnknownRuleSet,
};
pub use square::{BOARD_SQUARES, Square, SquareError};
pub use sticks::Sticks;
