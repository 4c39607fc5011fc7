//! The owner's end of relayed connections. A node that runs a room answers
//! `senet.node.<id>.open`: it adds the client to the room as one more
//! connection, forwards the room's frames on the tunnel's `down` subject,
//! numbered so a loss shows, and hands the client's messages, which come
//! as requests on `up`, to the room. A tunnel the other end stops proving
//! alive is closed as a disconnect. It also answers `senet.node.<id>.info`
//! (`GET /api/rooms/{code}` asked on another node).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use async_nats::Subscriber;
use futures_util::StreamExt;
use tokio::sync::{mpsc, oneshot, watch};

use super::wire::{Down, DownFrame, InfoReply, InfoRequest, Open, OpenReply, Up, UpReply};
use super::{Cluster, REQUEST_TIMEOUT, down_subject, info_subject, open_subject, up_subject};
use crate::rooms::{Command, ConnId, OUTBOUND_QUEUE, Outbound, RoomHandle, Rooms};
use crate::ws::protocol::Version;

/// Serves other nodes' requests for this node's rooms until shutdown.
pub async fn serve(
    rooms: Rooms,
    conn_ids: Arc<AtomicU64>,
    mut shutdown: watch::Receiver<bool>,
) -> Result<(), String> {
    let Some(cluster) = rooms.cluster().cloned() else {
        return Ok(());
    };
    let nats = cluster.nats();
    let mut opens = nats
        .subscribe(open_subject(cluster.node_id()))
        .await
        .map_err(|e| format!("NATS subscribe: {e}"))?;
    let mut infos = nats
        .subscribe(info_subject(cluster.node_id()))
        .await
        .map_err(|e| format!("NATS subscribe: {e}"))?;
    loop {
        tokio::select! {
            Some(request) = opens.next() => {
                let (rooms, cluster, conn_ids) = (rooms.clone(), cluster.clone(), conn_ids.clone());
                tokio::spawn(async move { open(&rooms, &cluster, &conn_ids, request).await });
            }
            Some(request) = infos.next() => {
                let (rooms, cluster) = (rooms.clone(), cluster.clone());
                tokio::spawn(async move { info(&rooms, &cluster, request).await });
            }
            () = super::stopping(&mut shutdown) => return Ok(()),
            else => return Err("NATS subscriptions ended".to_owned()),
        }
    }
}

/// Replies to a request, logging (not failing) when the reply cannot go.
async fn reply<T: serde::Serialize>(cluster: &Cluster, request: &async_nats::Message, body: &T) {
    let Some(to) = request.reply.clone() else {
        return;
    };
    match serde_json::to_vec(body) {
        Ok(bytes) => {
            if let Err(error) = cluster.nats().publish(to, bytes.into()).await {
                tracing::debug!(%error, "a NATS reply could not be sent");
            }
        }
        Err(error) => tracing::error!(%error, "a NATS reply could not be written"),
    }
}

async fn info(rooms: &Rooms, cluster: &Cluster, request: async_nats::Message) {
    let Ok(asked) = serde_json::from_slice::<InfoRequest>(&request.payload) else {
        return reply(cluster, &request, &InfoReply { info: None }).await;
    };
    let mut facts = None;
    if let Some(handle) = rooms.local(&asked.code) {
        let (tx, rx) = oneshot::channel();
        if handle.tx.send(Command::Info { reply: tx }).await.is_ok() {
            if let Ok(info) = rx.await {
                facts = serde_json::to_value(info).ok();
            }
        }
    }
    reply(cluster, &request, &InfoReply { info: facts }).await;
}

/// Asks `owner` for a room's facts.
pub async fn ask_info(
    cluster: &Cluster,
    owner: &str,
    code: &str,
) -> Result<serde_json::Value, String> {
    let body = serde_json::to_vec(&InfoRequest {
        code: code.to_owned(),
    })
    .map_err(|e| e.to_string())?;
    let answer = tokio::time::timeout(
        REQUEST_TIMEOUT,
        cluster.nats().request(info_subject(owner), body.into()),
    )
    .await
    .map_err(|_| format!("node {owner} did not answer"))?
    .map_err(|e| format!("node {owner}: {e}"))?;
    serde_json::from_slice::<InfoReply>(&answer.payload)
        .map_err(|e| format!("node {owner}: {e}"))?
        .info
        .ok_or_else(|| format!("room {code} is moving between nodes; try again"))
}

async fn open(
    rooms: &Rooms,
    cluster: &Cluster,
    conn_ids: &AtomicU64,
    request: async_nats::Message,
) {
    let Ok(asked) = serde_json::from_slice::<Open>(&request.payload) else {
        tracing::warn!("an unreadable tunnel request");
        return reply(cluster, &request, &OpenReply::NotHere).await;
    };
    let version = Version::from_query(Some(&asked.version.to_string()));
    let (Some(handle), Ok(version)) = (rooms.local(&asked.code), version) else {
        return reply(cluster, &request, &OpenReply::NotHere).await;
    };
    // Subscribed before the answer, so no client message can come first.
    let up = match cluster.nats().subscribe(up_subject(&asked.tunnel)).await {
        Ok(up) => up,
        Err(error) => {
            tracing::warn!(%error, "cannot subscribe for a tunnel");
            return reply(cluster, &request, &OpenReply::NotHere).await;
        }
    };
    let conn = conn_ids.fetch_add(1, Ordering::Relaxed);
    let (tx, outbound) = mpsc::channel(OUTBOUND_QUEUE);
    let (close, closed) = watch::channel(None);
    let connect = Command::Connect {
        conn,
        player: asked.player,
        version,
        client_seed: asked.client_seed,
        tx,
        close,
    };
    if handle.tx.send(connect).await.is_err() {
        return reply(cluster, &request, &OpenReply::NotHere).await;
    }
    reply(cluster, &request, &OpenReply::Open).await;
    let span = tracing::info_span!("tunnel", room = %asked.code, conn, tunnel = %asked.tunnel);
    let pump = Pump {
        cluster: cluster.clone(),
        down: down_subject(&asked.tunnel),
        seq: 0,
        conn,
        handle,
    };
    tracing::Instrument::instrument(pump.run(outbound, closed, up), span).await;
}

/// One tunnel at the owner's end.
struct Pump {
    cluster: Cluster,
    down: String,
    seq: u64,
    conn: ConnId,
    handle: RoomHandle,
}

impl Pump {
    async fn run(
        mut self,
        mut outbound: mpsc::Receiver<Outbound>,
        mut closed: watch::Receiver<Option<crate::ws::protocol::close::Close>>,
        mut up: Subscriber,
    ) {
        let keepalive = self.cluster.keepalive();
        let mut check = tokio::time::interval(keepalive);
        let mut heard = Instant::now();
        loop {
            tokio::select! {
                biased;
                Ok(()) = closed.changed() => {
                    let close = *closed.borrow();
                    if let Some((code, reason)) = close {
                        self.send(DownFrame::Close { code, reason: reason.to_owned() }).await;
                        break;
                    }
                }
                frame = outbound.recv() => match frame {
                    Some(Outbound::Text { text, .. }) => {
                        self.send(DownFrame::Text { text: text.as_str().to_owned() }).await
                    }
                    None => {
                        // The room stopped: it moves (or is reloaded) on
                        // the next connection, wherever that lands.
                        let (code, reason) = crate::ws::protocol::close::ROOM_MOVED;
                        self.send(DownFrame::Close { code, reason: reason.to_owned() }).await;
                        break;
                    }
                },
                message = up.next() => {
                    let Some(message) = message else { break };
                    heard = Instant::now();
                    if !self.upstream(&message).await {
                        break;
                    }
                }
                _ = check.tick() => {
                    // The relaying node proves itself every keepalive.
                    if heard.elapsed() > keepalive * 4 {
                        tracing::info!("the relaying node went silent; closing the tunnel");
                        break;
                    }
                }
            }
        }
        let _ = up.unsubscribe().await;
        let _ = self
            .handle
            .tx
            .send(Command::Disconnect { conn: self.conn })
            .await;
    }

    /// A message from the relaying node; `false` ends the tunnel.
    async fn upstream(&mut self, message: &async_nats::Message) -> bool {
        let up = serde_json::from_slice::<Up>(&message.payload);
        let msg = match up {
            Ok(Up::KeepAlive) => None,
            Ok(Up::Snapshot) => Some(crate::ws::protocol::ClientMessage::Snapshot),
            Ok(Up::Act { msg }) => Some(msg),
            Ok(Up::Close) | Err(_) => {
                reply(&self.cluster, message, &UpReply::Gone).await;
                return false;
            }
        };
        if let Some(msg) = msg {
            let act = Command::Act {
                conn: self.conn,
                msg,
                received: std::time::Instant::now(),
            };
            if self.handle.tx.send(act).await.is_err() {
                reply(&self.cluster, message, &UpReply::Gone).await;
                return false;
            }
        }
        reply(&self.cluster, message, &UpReply::Ok).await;
        true
    }

    async fn send(&mut self, frame: DownFrame) {
        self.seq += 1;
        let down = Down {
            seq: self.seq,
            frame,
        };
        match serde_json::to_vec(&down) {
            Ok(bytes) => {
                // Lost frames show as a gap at the other end.
                if let Err(error) = self
                    .cluster
                    .nats()
                    .publish(self.down.clone(), bytes.into())
                    .await
                {
                    tracing::debug!(%error, "a tunnel frame could not be published");
                }
            }
            Err(error) => tracing::error!(%error, "a tunnel frame could not be written"),
        }
    }
}
