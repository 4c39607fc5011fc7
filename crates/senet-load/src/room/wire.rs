//! What the server says comes next, as read off a socket, and what one
//! player's socket has been told.

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

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub(super) enum NextWire {
    Waiting {},
    Throw {
        thrower: usize,
    },
    Draw {},
    Decide {
        seat: usize,
        options: Vec<OptionWire>,
    },
    End {},
    #[serde(other)]
    Other,
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
#[derive(Deserialize)]
pub(super) struct Frame {
    #[serde(rename = "type")]
    pub(super) kind: String,
    pub(super) seq: Option<u64>,
    pub(super) you: Option<YouWire>,
    pub(super) next: Option<NextWire>,
    pub(super) code: Option<String>,
}

impl From<NextWire> for Next {
    fn from(wire: NextWire) -> Next {
        match wire {
            NextWire::Waiting {} => Next::Waiting,
            NextWire::Throw { thrower } => Next::Throw(thrower),
            NextWire::Draw {} => Next::Draw,
            NextWire::Decide { seat, options } => {
                Next::Decide(seat, options.into_iter().map(|o| o.option).collect())
            }
            NextWire::End {} => Next::End,
            NextWire::Other => Next::Unknown,
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
