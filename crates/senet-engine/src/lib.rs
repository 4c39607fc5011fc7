//! The rules of Senet, the ancient Egyptian race game, as a library.
//!
//! No I/O and no async: positions, throws and moves in, positions and moves
//! out. Start with a rule set ([`Kendall`], the standard rules), ask it for
//! [`Rules::legal_moves`] and [`Rules::play`] them, or drive a whole [`Game`]
//! and keep its [`Record`].
//!
//! ```
//! use senet_engine::{Kendall, Rules, Square};
//!
//! let rules = Kendall;
//! let start = rules.start();
//! let three = rules.throw(3).unwrap();
//! let from = Square::new(1).unwrap();
//! let after = rules.play(&start, three, from).unwrap();
//! assert_eq!(rules.position_text(&after), "sscccscscs.................... s");
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod fair;
mod game;
mod kendall_turns;
mod model;
mod moves;
mod notation;
mod position;
mod record;
mod rules;
mod side;
mod square;
mod throw;

pub use game::{Game, GameError, Phase, Played, Thrown};
pub use kendall_turns::{KendallThrow, KendallTurn, KendallTurns, NotAKendallStep, move_of};
pub use model::{
    AnyRules, AnyState, ChanceKind, Choice, DiceUse, EndHow, Event, MAX_OPTIONS, MAX_SEATS, Next,
    Options, OptionsFull, Pip, Place, Prob, Reason, ReplayFailure, Roll, RuleSet, Seat, SeatsError,
    Standing, Step, StepError, StepGame, StepReplayError, Why, check_step,
};
pub use model::{
    Colour, Description, EliminateError, Occupant, Piece, PieceStart, SeatRange, SeatView,
    SeriesScoring, SpecialSquare, SquareSpan, View,
};
pub use model::{
    Leaving, RandomGame, StepRecord, StepTextError, random_game, random_step, reachable_states,
};
pub use moves::{
    Destination, Direction, Effect, MAX_MOVES, Move, MoveList, MoveListFull, PlayError,
};
pub use notation::{
    GameText, NotationError, Outcome, RESULT_HOWS, UnplayedThrow, write_game_text, write_text,
};
pub use position::{Position, PositionError};
pub use record::{Action, Record, RecordParseError, ReplayError, Turn};
pub use rules::{
    DiceCount, Jequier, Kendall, Kendall7, Modern, ModernPhase, ModernPiece, ModernState,
    ModernTextError, ModernTextField, ModernThrow, MovesTextError, Peril, PerilPhase, PerilState,
    PerilTextError, Playout, RuleSetId, Rules, Seating, Simple, StickState, UnknownRuleSet,
    moves_text, random_turn_via_move_list,
};
pub use side::Side;
pub use square::{BOARD_SQUARES, Square, SquareError};
pub use throw::{MAX_THROW, Sticks, Throw, ThrowError};
