//! What ends a connection at once, whatever it is doing: the room's close
//! (sent past the outbound queue, see [`crate::rooms::CloseSignal`]), the
//! server's shutdown, and the revocation of the token it was opened with
//! (see [`crate::players::SignedIn`]).

use std::future::Future;
use std::pin::Pin;

use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

use super::protocol::close::{Close, SIGNED_OUT};

/// The one wait for either signal, made once per connection: the loop
/// waits on it beside every socket read and write, and a wait made anew
/// each time registered with and left both channels again for every frame
/// (`docs/benchmarks.md`, "The allocator and the stop signal").
type Signal = Pin<Box<dyn Future<Output = Close> + Send>>;

/// A connection's stop signals.
pub(super) struct Stop {
    signal: Signal,
    /// Once the signal has fired: its close (a finished future must not be
    /// polled again).
    fired: Option<Close>,
    shutdown: watch::Receiver<bool>,
    /// The room's close channel, read when the room is found gone: its
    /// close may be set before the connection's loop has seen it.
    room: watch::Receiver<Option<Close>>,
    /// The close when the server stops.
    going_away: Close,
}

impl Stop {
    /// Waits on the room's `room` close channel, the server's `shutdown`
    /// and, for a socket opened with a token, that token's `revoked`.
    pub(super) fn new(
        mut room: watch::Receiver<Option<Close>>,
        shutdown: watch::Receiver<bool>,
        going_away: Close,
        revoked: Option<CancellationToken>,
    ) -> Stop {
        let mut server = shutdown.clone();
        let said = room.clone();
        let signal = Box::pin(async move {
            tokio::select! {
                biased;
                close = room_close(&mut room) => close,
                // A dropped sender means the server is gone too.
                _ = server.wait_for(|stop| *stop) => going_away,
                () = signed_out(revoked) => SIGNED_OUT,
            }
        });
        Stop {
            signal,
            fired: None,
            shutdown,
            room: said,
            going_away,
        }
    }

    /// The close to send when the room is found gone (its queue ended or
    /// it took no more commands): the one the room asked for if it did
    /// (a room that moved to another node says so before it stops, and an
    /// action read meanwhile must not turn that into an error), the going
    /// away of a stopping server, else `otherwise`.
    pub(super) fn room_gone(&self, otherwise: Close) -> Close {
        if let Some(close) = *self.room.borrow() {
            return close;
        }
        if self.shutting_down() {
            return self.going_away;
        }
        otherwise
    }

    /// Resolves with the close to send once the connection must stop.
    /// Cancel-safe: a wait dropped unfinished leaves the signal armed.
    pub(super) async fn wait(&mut self) -> Close {
        if let Some(close) = self.fired {
            return close;
        }
        let close = self.signal.as_mut().await;
        self.fired = Some(close);
        close
    }

    /// Whether the server is shutting down.
    fn shutting_down(&self) -> bool {
        *self.shutdown.borrow()
    }
}

/// The close the room asked for. If the room lets go of the connection
/// without one, this never resolves: the end of the outbound queue tells
/// the loop instead.
async fn room_close(room: &mut watch::Receiver<Option<Close>>) -> Close {
    if let Ok(close) = room.wait_for(Option::is_some).await {
        if let Some(close) = *close {
            return close;
        }
    }
    std::future::pending().await
}

/// Resolves once the socket's token is revoked; never without one.
async fn signed_out(revoked: Option<CancellationToken>) {
    match revoked {
        Some(revoked) => revoked.cancelled_owned().await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ws::protocol::close::{GOING_AWAY, ROOM_MOVED, ROOM_UNAVAILABLE};

    #[test]
    fn a_gone_room_is_closed_with_what_the_room_said() {
        let (room_tx, room) = watch::channel(None);
        let (shutdown_tx, shutdown) = watch::channel(false);
        let stop = Stop::new(room, shutdown, GOING_AWAY, None);
        assert_eq!(stop.room_gone(ROOM_UNAVAILABLE), ROOM_UNAVAILABLE);
        shutdown_tx.send_replace(true);
        assert_eq!(stop.room_gone(ROOM_UNAVAILABLE), GOING_AWAY);
        // The room's own word comes first: a room that moved says so.
        room_tx.send_replace(Some(ROOM_MOVED));
        assert_eq!(stop.room_gone(ROOM_UNAVAILABLE), ROOM_MOVED);
    }
}
