//! What ends a connection at once, whatever it is doing: the room's close
//! (sent past the outbound queue, see [`crate::rooms::CloseSignal`]) and
//! the server's shutdown.

use std::future::Future;
use std::pin::Pin;

use tokio::sync::watch;

use super::protocol::close::Close;

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
    /// The close when the server stops.
    going_away: Close,
}

impl Stop {
    /// Waits on the room's `room` close channel and the server's `shutdown`.
    pub(super) fn new(
        mut room: watch::Receiver<Option<Close>>,
        shutdown: watch::Receiver<bool>,
        going_away: Close,
    ) -> Stop {
        let mut server = shutdown.clone();
        let signal = Box::pin(async move {
            tokio::select! {
                biased;
                close = room_close(&mut room) => close,
                // A dropped sender means the server is gone too.
                _ = server.wait_for(|stop| *stop) => going_away,
            }
        });
        Stop {
            signal,
            fired: None,
            shutdown,
            going_away,
        }
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
    pub(super) fn shutting_down(&self) -> bool {
        *self.shutdown.borrow()
    }

    /// The close when the server stops.
    pub(super) fn going_away(&self) -> Close {
        self.going_away
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
