//! What the server says comes next, as read off a socket, and what one
//! player's socket has been told.

use std::borrow::Cow;
use std::collections::VecDeque;

use serde::Deserialize;
use tokio::time::Instant;

use super::{RECENT, Ws};

/// What the server says comes next.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) enum Next {
    /// Nothing seen yet (or a new game whose snapshot is on its way).
    #[default]
    Unknown,
    /// A seat is open.
    Waiting,
    /// This seat throws.
    Throw(usize),
    /// This seat chooses one of these options.
    Decide(usize, Vec<String>),
    /// The server draws by itself; more steps follow.
    Draw,
    /// The game is over.
    End,
}

/// A frame's `next`, flat: its `kind` and the fields the tool reads of
/// the kinds it acts on. Not an internally tagged enum: serde buffers
/// such an enum's fields before choosing its variant, which was a tenth of
/// the tool's CPU at 1,000 rooms.
#[derive(Deserialize)]
pub(super) struct NextWire<'a> {
    #[serde(borrow)]
    kind: Cow<'a, str>,
    thrower: Option<usize>,
    seat: Option<usize>,
    options: Option<Vec<OptionWire>>,
}

#[derive(Deserialize)]
pub(super) struct OptionWire {
    pub(super) option: String,
}

#[derive(Deserialize)]
pub(super) struct YouWire {
    pub(super) seat: Option<usize>,
}

/// The fields of a server frame the tool reads; serde skips the rest.
/// The frame's type is borrowed from its text (no escapes in it).
#[derive(Deserialize)]
pub(super) struct Frame<'a> {
    #[serde(rename = "type", borrow)]
    pub(super) kind: Cow<'a, str>,
    pub(super) seq: Option<u64>,
    pub(super) you: Option<YouWire>,
    #[serde(borrow)]
    pub(super) next: Option<NextWire<'a>>,
    pub(super) code: Option<String>,
}

impl From<NextWire<'_>> for Next {
    fn from(wire: NextWire<'_>) -> Next {
        match (wire.kind.as_ref(), wire.thrower, wire.seat, wire.options) {
            ("waiting", ..) => Next::Waiting,
            ("throw", Some(thrower), ..) => Next::Throw(thrower),
            ("draw", ..) => Next::Draw,
            ("decide", _, Some(seat), Some(options)) => {
                Next::Decide(seat, options.into_iter().map(|o| o.option).collect())
            }
            ("end", ..) => Next::End,
            _ => Next::Unknown,
        }
    }
}

/// One player's socket and what it has been told.
pub(super) struct Side {
    pub(super) ws: Ws,
    /// Its seat (it changes at every rematch: the seats rotate).
    pub(super) seat: Option<usize>,
    pub(super) next: Next,
    /// The last step events' numbers and when they came.
    pub(super) recent: VecDeque<(u64, Instant)>,
    /// Whether it asked for a rematch of the game that ended.
    pub(super) offered: bool,
}

impl Side {
    pub(super) fn new(ws: Ws) -> Side {
        Side {
            ws,
            seat: None,
            next: Next::Unknown,
            recent: VecDeque::with_capacity(RECENT),
            offered: false,
        }
    }

    /// Whether this socket's player may act now, by what it was told.
    pub(super) fn may_act(&self) -> bool {
        match (&self.next, self.seat) {
            (Next::Throw(thrower), Some(seat)) => *thrower == seat,
            (Next::Decide(decider, _), Some(seat)) => *decider == seat,
            _ => false,
        }
    }

    pub(super) fn seen(&self, seq: u64) -> Option<Instant> {
        self.recent
            .iter()
            .find(|(number, _)| *number == seq)
            .map(|(_, at)| *at)
    }
}
