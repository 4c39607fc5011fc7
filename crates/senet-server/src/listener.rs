//! What the server accepts connections on: TCP with Nagle's algorithm off
//! and the kernel's receive time of each read kept (`senet_stamped`).
//!
//! Nagle: events are small frames written one at a time; with it on, a
//! frame written while the one before is not yet acknowledged waits for
//! that ACK, which the client's TCP may delay by up to 40 ms.
//!
//! Receive times (with `--read-wait-metrics`): a player's frame can wait
//! in its socket while the one core is busy with others;
//! `senet_read_wait_seconds` (`ws::connection`) is that wait, the part of a
//! player's wait before `senet_action_seconds` starts. Off by default, as
//! each read then costs a little more (`docs/benchmarks.md`). The stream's
//! [`ReceivedAt`] reaches the WebSocket handler in the connection's info
//! ([`Peer`]), as the upgraded stream itself is hidden behind hyper.

use std::io;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};

use axum::extract::connect_info::Connected;
use axum::serve::{IncomingStream, Listener};
use senet_stamped::{ReceivedAt, Stamped};
use tokio::net::TcpListener;

/// The listener [`crate::Server::run`] serves on.
#[derive(Debug)]
pub struct Accepting {
    inner: TcpListener,
    /// Whether accepted sockets keep their receive times.
    stamp: bool,
}

/// Wraps a bound listener into the one [`crate::Server::run`] serves on;
/// `stamp`: its sockets keep their receive times.
#[must_use]
pub fn accepting(listener: TcpListener, stamp: bool) -> Accepting {
    Accepting {
        inner: listener,
        stamp,
    }
}

/// A connection's peer: its address (the per-address limits) and the
/// receive time of the latest read on its socket.
#[derive(Debug, Clone)]
pub struct Peer {
    /// The client's address.
    pub addr: SocketAddr,
    /// When the latest bytes read from it arrived.
    pub received: ReceivedAt,
}

/// Warned once: a system without receive timestamps refuses them on every
/// socket alike.
static NO_STAMPS_WARNED: AtomicBool = AtomicBool::new(false);

impl Listener for Accepting {
    type Io = Stamped;
    type Addr = Peer;

    async fn accept(&mut self) -> (Stamped, Peer) {
        // axum's own accept loop: it logs and retries failed accepts.
        let (stream, addr) = Listener::accept(&mut self.inner).await;
        if let Err(error) = stream.set_nodelay(true) {
            // The connection still works, only its events may lag.
            tracing::warn!(%error, "could not set TCP_NODELAY on an accepted socket");
        }
        let (stream, refused) = if self.stamp {
            Stamped::new(stream)
        } else {
            (Stamped::unstamped(stream), None)
        };
        if let Some(error) = refused
            && !NO_STAMPS_WARNED.swap(true, Ordering::Relaxed)
        {
            tracing::warn!(%error, "no receive timestamps: read waits are not measured");
        }
        let received = stream.received_at();
        (stream, Peer { addr, received })
    }

    fn local_addr(&self) -> io::Result<Peer> {
        Ok(Peer {
            addr: self.inner.local_addr()?,
            received: ReceivedAt::default(),
        })
    }
}

impl Connected<IncomingStream<'_, Accepting>> for Peer {
    fn connect_info(stream: IncomingStream<'_, Accepting>) -> Peer {
        stream.remote_addr().clone()
    }
}
