//! Who is in a room: its connections, each with the protocol version it
//! speaks, and the event numbers each version was told. Frames go into each
//! connection's bounded queue; a connection whose queue is full is handed
//! back to the room, which drops it.

use std::collections::HashMap;

use tokio::sync::mpsc;
use uuid::Uuid;

use super::commands::{CloseSignal, ConnId, Outbound};
use crate::ws::protocol::Version;
use crate::ws::protocol::close::Close;

/// One connection as the room sees it.
pub(super) struct Conn {
    /// Who, when a valid token was given.
    pub(super) player: Option<Uuid>,
    /// The protocol version it speaks.
    pub(super) version: Version,
    /// Its outbound queue.
    pub(super) tx: mpsc::Sender<Outbound>,
    /// Its close, which skips the queue.
    pub(super) close: CloseSignal,
    /// The player's display name as of connecting (the author's name on
    /// its chat messages).
    pub(super) name: Option<String>,
    /// A seat holder who asked to read the spectators' chat too.
    pub(super) follows_spectators: bool,
}

/// A room's connections and the last event number told in each version.
#[derive(Default)]
pub(super) struct Audience {
    conns: HashMap<ConnId, Conn>,
    /// The last event number told in version 1.
    v1: u64,
    /// The last event number told in version 2.
    v2: u64,
    /// The number of spectators the connections were last told.
    spectators_told: usize,
}

/// Connections whose queue was full: the room drops them.
pub(super) type Slow = Vec<ConnId>;

impl Audience {
    /// A connection joins.
    pub(super) fn join(&mut self, id: ConnId, conn: Conn) {
        self.conns.insert(id, conn);
    }

    /// A connection leaves; `None` when it was not there.
    pub(super) fn leave(&mut self, id: ConnId) -> Option<Conn> {
        self.conns.remove(&id)
    }

    /// One connection.
    pub(super) fn get(&self, id: ConnId) -> Option<&Conn> {
        self.conns.get(&id)
    }

    /// One connection, to change.
    pub(super) fn get_mut(&mut self, id: ConnId) -> Option<&mut Conn> {
        self.conns.get_mut(&id)
    }

    /// Every connection.
    pub(super) fn iter(&self) -> impl Iterator<Item = (ConnId, &Conn)> {
        self.conns.iter().map(|(id, conn)| (*id, conn))
    }

    /// Every connection's id.
    pub(super) fn ids(&self) -> Vec<ConnId> {
        self.conns.keys().copied().collect()
    }

    /// Whether nobody is connected.
    pub(super) fn is_empty(&self) -> bool {
        self.conns.is_empty()
    }

    /// Whether a player has a connection.
    pub(super) fn has_player(&self, player: Uuid) -> bool {
        self.conns.values().any(|conn| conn.player == Some(player))
    }

    /// The event number of the last event told in `version`.
    pub(super) fn seq(&self, version: Version) -> u64 {
        match version {
            Version::V1 => self.v1,
            Version::V2 => self.v2,
        }
    }

    /// Queues a frame for one connection; `false` when its queue is full
    /// (or it is gone).
    pub(super) fn send(&self, id: ConnId, text: String) -> bool {
        self.conns
            .get(&id)
            .is_some_and(|conn| conn.tx.try_send(Outbound::text(text)).is_ok())
    }

    /// Queues the same frame for some connections.
    #[must_use = "a connection that does not keep up must be dropped"]
    pub(super) fn send_each(&self, to: &[ConnId], text: &str) -> Slow {
        to.iter()
            .copied()
            .filter(|id| self.conns.contains_key(id) && !self.send(*id, text.to_owned()))
            .collect()
    }

    /// Numbers the next event of `version` and queues its frame for every
    /// connection speaking it.
    #[must_use = "a connection that does not keep up must be dropped"]
    pub(super) fn broadcast(&mut self, version: Version, text: impl Fn(u64) -> String) -> Slow {
        let seq = match version {
            Version::V1 => &mut self.v1,
            Version::V2 => &mut self.v2,
        };
        *seq += 1;
        let frame = Outbound::text(text(*seq));
        self.conns
            .iter()
            .filter(|(_, conn)| conn.version == version)
            .filter(|(_, conn)| conn.tx.try_send(frame.clone()).is_err())
            .map(|(id, _)| *id)
            .collect()
    }

    /// Tells a connection to close at once, past its queue.
    pub(super) fn close(&self, id: ConnId, close: Close) {
        if let Some(conn) = self.conns.get(&id) {
            conn.close.send_replace(Some(close));
        }
    }

    /// Closes every connection with `close` and forgets them.
    pub(super) fn close_all(&mut self, close: Close) {
        for (_, conn) in self.conns.drain() {
            let _ = conn.close.send(Some(close));
        }
    }

    /// Whether `count` spectators is news to the connections; remembers it
    /// as told when it is.
    pub(super) fn spectators_changed(&mut self, count: usize) -> bool {
        std::mem::replace(&mut self.spectators_told, count) != count
    }
}
