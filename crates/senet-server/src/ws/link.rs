//! Where a connection's messages go: the room's actor on this node, or, on
//! one node of several, a tunnel to the node that runs the room
//! (`crate::cluster::tunnel`).

use tokio::sync::{mpsc, watch};

use super::protocol::close::Close;
use super::protocol::{ClientMessage, Version};
use crate::cluster::tunnel::{self, Tunnel};
use crate::error::AppError;
use crate::players::Identity;
use crate::rooms::{Command, ConnId, Located, OUTBOUND_QUEUE, Outbound, RoomHandle, Rooms};

/// The connection's queues: frames for the client and its close.
pub(super) struct Queues {
    pub(super) tx: mpsc::Sender<Outbound>,
    pub(super) rx: mpsc::Receiver<Outbound>,
    pub(super) close_tx: watch::Sender<Option<Close>>,
    pub(super) close_rx: watch::Receiver<Option<Close>>,
}

/// The room's actor here, or a tunnel to its node.
pub(super) enum Link {
    Local(RoomHandle),
    Remote(Box<Tunnel>),
}

impl Link {
    /// The link to a located room with the connection's queues. A room
    /// another node runs is reached through a tunnel, opened before the
    /// upgrade so that an unreachable node is a clear 503.
    pub(super) async fn open(
        rooms: &Rooms,
        located: Located,
        code: &str,
        player: Option<&Identity>,
        version: Version,
        client_seed: &str,
    ) -> Result<(Link, Queues), AppError> {
        let (tx, rx) = mpsc::channel(OUTBOUND_QUEUE);
        let (close_tx, close_rx) = watch::channel(None);
        let link = match located {
            Located::Here(handle) => Link::Local(handle),
            Located::Elsewhere { owner, .. } => {
                let cluster = rooms.cluster().ok_or_else(|| {
                    AppError::Internal("a room elsewhere without a cluster".into())
                })?;
                let client = tunnel::Client {
                    tx: tx.clone(),
                    close: close_tx.clone(),
                };
                let tunnel = Tunnel::open(
                    cluster,
                    &owner,
                    code,
                    player.cloned(),
                    version,
                    client_seed.to_owned(),
                    client,
                )
                .await
                .map_err(|error| {
                    tracing::info!(room = %code, %owner, %error, "cannot relay to the room's node");
                    AppError::Unavailable(format!("room {code} is on node {owner}: {error}"))
                })?;
                Link::Remote(Box::new(tunnel))
            }
        };
        let queues = Queues {
            tx,
            rx,
            close_tx,
            close_rx,
        };
        Ok((link, queues))
    }

    /// Hands a checked client message to the room: `false` when it is gone.
    pub(super) async fn act(&self, conn: ConnId, msg: ClientMessage) -> bool {
        match self {
            Link::Local(handle) => {
                let act = Command::Act {
                    conn,
                    msg,
                    received: std::time::Instant::now(),
                };
                handle.tx.send(act).await.is_ok()
            }
            Link::Remote(tunnel) => tunnel.act(msg).await,
        }
    }
}
