//! A room's lease, on one node of several: the fence of its writes, and
//! whether another node has taken the room over.

use tokio::sync::watch;

use crate::cluster::Held;
use crate::store::Lease;

/// The room's hold on its lease (none on a single node).
#[derive(Default)]
pub(super) struct RoomLease {
    held: Option<Held>,
    /// Another node took the room over (a fenced write, or a renewal that
    /// found the lease gone): the actor stops and its clients reconnect.
    moved: bool,
}

impl RoomLease {
    /// A room holding `held` (none on a single node).
    pub(super) fn new(held: Option<Held>) -> RoomLease {
        RoomLease { held, moved: false }
    }

    /// The fence of the room's writes.
    pub(super) fn fence(&self) -> Option<&Lease> {
        self.held.as_ref().map(|held| &held.lease)
    }

    /// What says the lease is lost (none on a single node).
    pub(super) fn lost(&self) -> Option<watch::Receiver<bool>> {
        self.held.as_ref().map(|held| held.lost.clone())
    }

    /// Another node holds the room now.
    pub(super) fn mark_moved(&mut self) {
        self.moved = true;
    }

    /// Whether another node holds the room now.
    pub(super) fn moved(&self) -> bool {
        self.moved
    }

    /// Lets the lease go when the room stops: handed over, unless another
    /// node has it already.
    pub(super) async fn release(&mut self) {
        if let Some(held) = self.held.take() {
            held.let_go(!self.moved).await;
        }
    }
}

/// Resolves once the room's lease is lost (the sender says so, or is gone
/// because a newer take replaced it); never without a lease.
pub(super) async fn lease_lost(lost: Option<&mut watch::Receiver<bool>>) {
    match lost {
        Some(lost) => {
            let _ = lost.wait_for(|lost| *lost).await;
        }
        None => std::future::pending().await,
    }
}
