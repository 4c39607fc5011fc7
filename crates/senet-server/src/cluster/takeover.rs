//! Taking over the rooms of a node that died: every half lease (plus up to
//! a quarter of jitter, so the nodes do not all ask at once) a node reads
//! the rooms with an unfinished game and no live lease, and takes each:
//! lease first, then the game as stored. A dead node's rooms therefore move
//! within about one and a half leases; a client that connects sooner takes
//! its room itself (`Rooms::locate`).

use std::time::Duration;

use tokio::sync::watch;

use crate::rooms::Rooms;

/// Polls for rooms without an owner until shutdown, starting at once (a
/// node that starts takes the rooms nobody runs).
pub async fn run(rooms: Rooms, mut shutdown: watch::Receiver<bool>) {
    let Some(cluster) = rooms.cluster().cloned() else {
        return;
    };
    let period = cluster.lease() / 2;
    loop {
        round(&rooms, &cluster).await;
        let jitter = rand::random::<u64>() % (1 + period.as_millis() as u64 / 2);
        let pause = period + Duration::from_millis(jitter);
        tokio::select! {
            () = tokio::time::sleep(pause) => {}
            () = super::stopping(&mut shutdown) => return,
        }
    }
}

/// One poll: takes every room without an owner that no other node takes
/// first.
async fn round(rooms: &Rooms, cluster: &crate::cluster::Cluster) {
    let codes = match rooms.store().rooms_without_owner().await {
        Ok(codes) => codes,
        Err(error) => {
            tracing::warn!(%error, "cannot read the rooms without an owner");
            return;
        }
    };
    for code in codes {
        match rooms.take(&code).await {
            Ok(Some(_)) => {
                crate::metrics::room_taken_over();
                tracing::info!(%code, node_id = cluster.node_id(), "room taken over");
            }
            // Another node was quicker, or the room is gone.
            Ok(None) => {}
            Err(error) => tracing::warn!(%code, %error, "cannot take a room over"),
        }
    }
}
