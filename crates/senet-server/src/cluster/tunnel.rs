//! The relaying node's end of a tunnel: a client connected here to a room
//! another node runs. The client's socket is served by the usual
//! connection loop; its messages go to the owner as NATS requests (so a
//! lost one is noticed, and the client hears of it), and the room's frames
//! come back numbered. NATS delivery is treated as lossy: a gap in the
//! numbers asks the owner for a fresh snapshot; a silent owner, or NATS
//! gone, closes the socket with 1012 so the client reconnects (to any
//! node). Nothing is acknowledged to a player here: acknowledgements are
//! the room's events, sent after its commits.

use async_nats::Subscriber;
use futures_util::StreamExt;
use tokio::sync::mpsc;
use tokio::sync::mpsc::error::TrySendError;
use tokio::task::JoinHandle;

use super::wire::{Down, DownFrame, Open, OpenReply, Up, UpReply};
use super::{Cluster, REQUEST_TIMEOUT, down_subject, open_subject, up_subject};
use crate::players::Identity;
use crate::rooms::{CloseSignal, Outbound};
use crate::ws::protocol::close::{self, ROOM_MOVED, TOO_SLOW};
use crate::ws::protocol::{ClientMessage, Version};

/// Why a tunnel could not open.
#[derive(Debug)]
pub enum OpenError {
    /// The node does not run the room (any more): look again.
    NotHere,
    /// NATS, or the node, did not answer.
    Unreachable(String),
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::NotHere => write!(f, "the node no longer runs the room"),
            OpenError::Unreachable(why) => write!(f, "{why}"),
        }
    }
}

/// Where the room's frames for one client go: its connection's queue and
/// its close.
pub struct Client {
    /// The outbound queue.
    pub tx: mpsc::Sender<Outbound>,
    /// The close that skips the queue.
    pub close: CloseSignal,
}

/// A tunnel to the node that runs a room. Dropping it tells the owner the
/// client left.
pub struct Tunnel {
    cluster: Cluster,
    id: String,
    reader: JoinHandle<()>,
}

impl Tunnel {
    /// Opens a tunnel for a client of `code` to its `owner`.
    pub async fn open(
        cluster: &Cluster,
        owner: &str,
        code: &str,
        player: Option<Identity>,
        version: Version,
        client_seed: String,
        client: Client,
    ) -> Result<Tunnel, OpenError> {
        let unreachable = |e: &dyn std::fmt::Display| OpenError::Unreachable(e.to_string());
        let id = format!("{:032x}", rand::random::<u128>());
        // Subscribed before asking, so the first frame (the snapshot)
        // cannot go by unseen.
        let down = cluster
            .nats()
            .subscribe(down_subject(&id))
            .await
            .map_err(|e| unreachable(&e))?;
        let body = serde_json::to_vec(&Open {
            code: code.to_owned(),
            tunnel: id.clone(),
            player,
            version: version.number(),
            client_seed,
        })
        .map_err(|e| unreachable(&e))?;
        let answer = tokio::time::timeout(
            REQUEST_TIMEOUT,
            cluster.nats().request(open_subject(owner), body.into()),
        )
        .await
        .map_err(|_| OpenError::Unreachable(format!("node {owner} did not answer")))?
        .map_err(|e| unreachable(&e))?;
        match serde_json::from_slice::<OpenReply>(&answer.payload) {
            Ok(OpenReply::Open) => {}
            Ok(OpenReply::NotHere) => return Err(OpenError::NotHere),
            Err(error) => return Err(unreachable(&error)),
        }
        let reader = tokio::spawn(read(cluster.clone(), id.clone(), down, client));
        Ok(Tunnel {
            cluster: cluster.clone(),
            id,
            reader,
        })
    }

    /// Hands a client frame (already checked here) to the room: `false`
    /// when the owner did not take it, and the connection must close.
    pub async fn act(&self, msg: ClientMessage) -> bool {
        let up = Up::Act { msg };
        request(&self.cluster, &self.id, &up).await
    }
}

impl Drop for Tunnel {
    fn drop(&mut self) {
        self.reader.abort();
        // The owner hears of it now, not when keepalives stop.
        let (cluster, id) = (self.cluster.clone(), self.id.clone());
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                if let Ok(body) = serde_json::to_vec(&Up::Close) {
                    let _ = cluster.nats().publish(up_subject(&id), body.into()).await;
                }
            });
        }
    }
}

/// Sends `up` to the tunnel's owner end and waits for its answer: `true`
/// when the room took it.
async fn request(cluster: &Cluster, id: &str, up: &Up) -> bool {
    let Ok(body) = serde_json::to_vec(up) else {
        return false;
    };
    let asked = tokio::time::timeout(
        REQUEST_TIMEOUT,
        cluster.nats().request(up_subject(id), body.into()),
    )
    .await;
    match asked {
        Ok(Ok(answer)) => serde_json::from_slice::<UpReply>(&answer.payload)
            .is_ok_and(|reply| reply == UpReply::Ok),
        Ok(Err(error)) => {
            tracing::info!(%error, "the room's node did not take a message");
            false
        }
        Err(_) => {
            tracing::info!("the room's node did not answer in time");
            false
        }
    }
}

/// Delivers the room's frames to the client, in order, and proves the
/// owner alive every keepalive; closes the client with 1012 when it is not.
async fn read(cluster: Cluster, id: String, mut down: Subscriber, client: Client) {
    let keepalive = cluster.keepalive();
    let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + keepalive, keepalive);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut expected = 1;
    let close = loop {
        tokio::select! {
            message = down.next() => {
                let Some(message) = message else { break ROOM_MOVED };
                let Ok(frame) = serde_json::from_slice::<Down>(&message.payload) else {
                    continue;
                };
                if frame.seq < expected {
                    continue;
                }
                if frame.seq > expected {
                    tracing::warn!(lost = frame.seq - expected, "frames lost on the bus; asking for a snapshot");
                    crate::metrics::message_rejected("relay_gap");
                    let (cluster, id) = (cluster.clone(), id.clone());
                    tokio::spawn(async move { request(&cluster, &id, &Up::Snapshot).await });
                }
                expected = frame.seq + 1;
                match frame.frame {
                    DownFrame::Text { text } => match client.tx.try_send(Outbound::text(text)) {
                        Ok(()) => {}
                        Err(TrySendError::Full(_)) => break TOO_SLOW,
                        Err(TrySendError::Closed(_)) => return,
                    },
                    DownFrame::Close { code, reason } => break close::relayed(code, &reason),
                }
            }
            _ = tick.tick() => {
                if !request(&cluster, &id, &Up::KeepAlive).await {
                    break ROOM_MOVED;
                }
            }
            () = client.tx.closed() => return,
        }
    };
    let _ = client.close.send(Some(close));
}
