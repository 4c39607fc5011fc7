//! The lobby across nodes: each node publishes its listed rooms on
//! `senet.lobby` whenever they change and every half lease as a heartbeat,
//! and keeps what the others publish. A node not heard from for three
//! heartbeats drops out of the lobby. Each node also counts its public
//! games starting and ending, so every node's lobby feed wakes for any
//! node's game (the games themselves are read from the database), and
//! names its rooms whose game nobody is at: who is connected lives only in
//! the owning node's memory, so every node leaves those games out of the
//! games being played on its word.

use futures_util::StreamExt;
use tokio::sync::watch;

use super::wire::LobbyUpdate;
use crate::rooms::{OwnLobby, Rooms};

/// The subject every node's lobby goes on.
const LOBBY_SUBJECT: &str = "senet.lobby";

/// Publishes and gathers lobbies until shutdown; on shutdown it publishes
/// an empty lobby, so the others drop this node's rooms at once.
pub async fn run(rooms: Rooms, mut shutdown: watch::Receiver<bool>) {
    let Some(cluster) = rooms.cluster().cloned() else {
        return;
    };
    let listings = rooms.registry().listings().clone();
    let mut others = match cluster.nats().subscribe(LOBBY_SUBJECT).await {
        Ok(subscriber) => subscriber,
        Err(error) => {
            tracing::error!(%error, "cannot subscribe to the lobby of the other nodes");
            return;
        }
    };
    let mut changes = listings.subscribe();
    let period = cluster.lease() / 2;
    let mut heartbeat = tokio::time::interval(period);
    heartbeat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut told: Option<OwnLobby> = None;
    loop {
        tokio::select! {
            changed = changes.changed() => {
                if changed.is_err() {
                    return;
                }
                let own = listings.own();
                if told.as_ref() != Some(&own) {
                    publish(&cluster, own.clone()).await;
                    told = Some(own);
                }
            }
            _ = heartbeat.tick() => {
                let own = listings.own();
                publish(&cluster, own.clone()).await;
                told = Some(own);
                listings.expire_remote(period * 3);
            }
            Some(message) = others.next() => {
                match serde_json::from_slice::<LobbyUpdate>(&message.payload) {
                    Ok(update) if update.node != cluster.node_id() => {
                        let told = OwnLobby {
                            entries: update.entries,
                            games: update.games,
                            deserted: update.deserted,
                        };
                        listings.set_remote(&update.node, told);
                    }
                    Ok(_) => {}
                    Err(error) => tracing::warn!(%error, "an unreadable lobby from another node"),
                }
            }
            () = super::stopping(&mut shutdown) => {
                let gone = OwnLobby {
                    entries: Vec::new(),
                    deserted: Vec::new(),
                    ..listings.own()
                };
                publish(&cluster, gone).await;
                return;
            }
        }
    }
}

async fn publish(cluster: &super::Cluster, own: OwnLobby) {
    let update = LobbyUpdate {
        node: cluster.node_id().to_owned(),
        entries: own.entries,
        games: own.games,
        deserted: own.deserted,
    };
    match serde_json::to_vec(&update) {
        Ok(body) => {
            if let Err(error) = cluster.nats().publish(LOBBY_SUBJECT, body.into()).await {
                tracing::debug!(%error, "the lobby could not be published");
            }
        }
        Err(error) => tracing::error!(%error, "the lobby could not be written"),
    }
}
