//! Revoked tokens across nodes: a socket opened with a token may live on
//! any node, so each node publishes the revocations made on it on
//! `senet.revoked` and closes the sockets the others' revocations name
//! (see [`crate::players::SignedIn`]).
//!
//! NATS delivers at most once: a revocation published while NATS is down
//! does not reach the other nodes. So every node also reads the live
//! credentials of the players with a socket open on it every
//! [`Cluster::revocation_recheck`] (a minute by default) and closes the
//! sockets whose credential is gone: a lost revocation closes them by then.

use futures_util::StreamExt;
use tokio::sync::{mpsc, watch};

use super::Cluster;
use crate::players::{Revocation, SignedIn};
use crate::store::Store;

/// The subject every node's revocations go on.
const REVOKED_SUBJECT: &str = "senet.revoked";

/// Publishes this node's revocations (from `outbox`) and applies every
/// node's, until shutdown. A node's own come back to it too: applying one
/// twice closes nothing more.
pub async fn run(
    cluster: Cluster,
    store: Store,
    signed_in: SignedIn,
    mut outbox: mpsc::UnboundedReceiver<Revocation>,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut recheck = tokio::time::interval(cluster.revocation_recheck());
    // A late recheck is not made up for by several at once.
    recheck.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut others = match cluster.nats().subscribe(REVOKED_SUBJECT).await {
        Ok(subscriber) => subscriber,
        Err(error) => {
            tracing::error!(%error, "cannot subscribe to the other nodes' revoked tokens");
            return;
        }
    };
    loop {
        tokio::select! {
            Some(revocation) = outbox.recv() => publish(&cluster, revocation).await,
            Some(message) = others.next() => {
                match serde_json::from_slice::<Revocation>(&message.payload) {
                    Ok(revocation) => {
                        let closed = signed_in.revoke_here(revocation);
                        if closed > 0 {
                            tracing::info!(player_id = %revocation.player, closed, "sockets of a token revoked on another node closed");
                        }
                    }
                    Err(error) => tracing::warn!(%error, "an unreadable revocation from another node"),
                }
            }
            _ = recheck.tick() => close_dead(&store, &signed_in).await,
            () = super::stopping(&mut shutdown) => return,
        }
    }
}

/// Reads the live credentials of every player with a socket open here and
/// closes the sockets of the others (a revocation whose message was lost).
/// A player whose read fails is read again at the next recheck.
async fn close_dead(store: &Store, signed_in: &SignedIn) {
    let mark = signed_in.mark();
    for player in signed_in.players() {
        match store.live_credentials(player).await {
            Ok(live) => {
                let closed = signed_in.close_dead(player, &live, mark);
                if closed > 0 {
                    tracing::info!(player_id = %player, closed, "sockets of a token revoked unheard of closed on recheck");
                }
            }
            Err(error) => {
                tracing::warn!(%error, player_id = %player, "cannot read a player's live tokens again")
            }
        }
    }
}

async fn publish(cluster: &Cluster, revocation: Revocation) {
    match serde_json::to_vec(&revocation) {
        Ok(body) => {
            if let Err(error) = cluster.nats().publish(REVOKED_SUBJECT, body.into()).await {
                tracing::warn!(%error, player_id = %revocation.player, "a revocation could not be sent to the other nodes");
            }
        }
        Err(error) => tracing::error!(%error, "a revocation could not be written"),
    }
}
