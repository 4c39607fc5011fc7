//! Kendall's protocol-v1 view: the *turn model* of the stick rule sets.
//!
//! The engine's root is the step model ([`crate::StepGame`],
//! [`crate::RuleSet`]). People, the turn notation (`docs/notation.md`) and
//! version 1 of the protocol count *turns* instead: a throw and the move it
//! allowed, or the throw alone when it forfeits. This module is that view:
//! a [`Position`] before a throw, the [`Rules`] that list a throw's moves and
//! play them, a turn-by-turn [`Game`] with its [`Record`], the turn notation
//! ([`GameText`]), and [`KendallTurns`], the turns read off a step game.
//!
//! The stick rule sets' step state ([`crate::StickState`]) is built on the
//! same bitboard [`Position`] and [`Throw`], so both models share one set of
//! mechanics and cannot disagree.
//!
//! Untrusted positions come in as a [`Setup`] (any arrangement) and become
//! a [`Position`] only through a check that returns a [`PositionError`]
//! ([`Rules::position`], `Position::try_from`); every `Position` is one
//! whose moves a [`MoveList`] holds.
//!
//! ```
//! use senet_engine::Kendall;
//! use senet_engine::Square;
//! use senet_engine::kendall_v1::Rules;
//!
//! let rules = Kendall;
//! let start = rules.start();
//! let three = rules.throw(3).unwrap();
//! let from = Square::new(1).unwrap();
//! let after = rules.play(&start, three, from).unwrap();
//! assert_eq!(rules.position_text(&after), "sscccscscs.................... s");
//! ```

pub(crate) mod game;
pub(crate) mod moves;
pub(crate) mod moves_text;
pub(crate) mod notation;
pub(crate) mod position;
pub(crate) mod record;
pub(crate) mod rules;
pub(crate) mod side;
pub(crate) mod throw;
pub(crate) mod turns;

pub use crate::rules::{Playout, random_turn_via_move_list};
pub use game::{Game, GameError, Phase, Played, Thrown};
pub use moves::{Destination, Direction, Effect, MAX_MOVES, Move, MoveList, PlayError};
pub use moves_text::{MovesTextError, moves_text};
pub use notation::{GameText, Outcome, RESULT_HOWS, UnplayedThrow, write_game_text, write_text};
pub use position::{MAX_PIECES, Position, PositionError, Setup};
pub use record::{Action, Record, RecordParseError, ReplayError, Turn};
pub use rules::Rules;
pub use side::Side;
pub use throw::{MAX_THROW, Throw, ThrowError};
pub use turns::{KendallThrow, KendallTurn, KendallTurns, NotAKendallStep, move_of};
