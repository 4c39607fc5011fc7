//! What a room's commands ask of its table, and the answer a refused one
//! gets: the vocabulary the room's parts share.

use senet_engine::{Choice, Seat};

use crate::table::LeftHow;
use crate::ws::protocol::{ErrorCode, ServerMessage};

/// What a seat (or the room itself) asks of the table.
#[derive(Debug, Clone, Copy)]
pub(super) enum Act {
    /// The seat's own throw.
    Throw(Seat),
    /// The seat's pick among the options.
    Decide(Seat, Choice),
    /// The seat leaves a game of three or four seats.
    Leave(Seat, LeftHow),
    /// Nothing but the draws the rules make by themselves (at a game's
    /// start, or after a restart).
    Draws,
}

/// An answer to the sender of a refused action.
pub(super) type Refusal = ServerMessage;

/// A refusal with a code and a message.
pub(super) fn refuse(code: ErrorCode, message: impl Into<String>) -> Refusal {
    ServerMessage::error(code, message)
}
