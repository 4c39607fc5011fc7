//! The leases this node holds, and their renewal: one `UPDATE` a round for
//! all of them, every third of a lease. A room whose lease is missing from
//! the answer was taken over by another node: its actor is told at once
//! (and its writes are fenced anyway, so it could not commit regardless).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::sync::watch;

use crate::store::{FirstLease, Lease, Store};

/// The leases this node holds, by room.
#[derive(Clone)]
pub struct Ownership {
    store: Store,
    node_id: String,
    lease: Duration,
    held: Arc<Mutex<HashMap<String, HeldEntry>>>,
}

struct HeldEntry {
    epoch: i64,
    lost: watch::Sender<bool>,
}

/// A room's lease as its actor holds it.
pub struct Held {
    /// The lease (the fence of every write).
    pub lease: Lease,
    /// Turns `true` when another node took the room over.
    pub lost: watch::Receiver<bool>,
    ownership: Ownership,
}

impl std::fmt::Debug for Held {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Held").field("lease", &self.lease).finish()
    }
}

impl Held {
    /// Lets the lease go when the actor stops: handed over (`release`, on
    /// shutdown or when the room goes idle, so another node may take it at
    /// once) or simply forgotten (when it was lost).
    pub async fn let_go(&self, release: bool) {
        self.ownership.forget(&self.lease);
        if release {
            match self.ownership.store.release_lease(&self.lease).await {
                Ok(_) => tracing::debug!(epoch = self.lease.epoch, "lease released"),
                // It expires by itself; another node takes over then.
                Err(error) => tracing::warn!(%error, "releasing a lease failed"),
            }
        }
    }
}

impl Ownership {
    /// No leases yet.
    pub(super) fn new(store: Store, node_id: String, lease: Duration) -> Ownership {
        Ownership {
            store,
            node_id,
            lease,
            held: Arc::default(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, HeldEntry>> {
        self.held
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Takes a room's lease: `None` when another node holds it live.
    pub async fn acquire(&self, code: &str) -> Result<Option<Held>, sqlx::Error> {
        let Some(lease) = self
            .store
            .acquire_lease(code, &self.node_id, self.lease)
            .await?
        else {
            return Ok(None);
        };
        Ok(Some(self.hold(lease)))
    }

    /// The first lease of a room this node is about to store, taken in
    /// the room's own transaction ([`Store::create_room_claiming`]).
    #[must_use]
    pub fn first_lease(&self) -> FirstLease<'_> {
        FirstLease {
            node_id: &self.node_id,
            ttl: self.lease,
        }
    }

    /// Holds a lease this node took (renewed from now on, its loss told
    /// to the returned [`Held`]).
    pub fn hold(&self, lease: Lease) -> Held {
        let (lost_tx, lost) = watch::channel(false);
        let entry = HeldEntry {
            epoch: lease.epoch,
            lost: lost_tx,
        };
        // A newer epoch replaces an older one of this node: that actor's
        // writes are fenced now, and its receiver sees the sender dropped.
        if let Some(old) = self.lock().insert(lease.room_code.clone(), entry) {
            let _ = old.lost.send(true);
        }
        Held {
            lease,
            lost,
            ownership: self.clone(),
        }
    }

    /// How many rooms this node holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// True when it holds none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn forget(&self, lease: &Lease) {
        let mut held = self.lock();
        if held
            .get(&lease.room_code)
            .is_some_and(|entry| entry.epoch == lease.epoch)
        {
            held.remove(&lease.room_code);
        }
    }

    /// One renewal round. Rooms whose lease is no longer this node's are
    /// told and forgotten; when the database does not answer, nothing is
    /// decided (the fence still guards every write) and `false` says to try
    /// again soon.
    pub async fn renew(&self) -> bool {
        let sent: Vec<(String, i64)> = self
            .lock()
            .iter()
            .map(|(code, entry)| (code.clone(), entry.epoch))
            .collect();
        if sent.is_empty() {
            return true;
        }
        let codes: Vec<String> = sent.iter().map(|(code, _)| code.clone()).collect();
        let renewed = match self
            .store
            .renew_leases(&self.node_id, &codes, self.lease)
            .await
        {
            Ok(renewed) => renewed.into_iter().collect::<HashSet<(String, i64)>>(),
            Err(error) => {
                tracing::warn!(%error, rooms = codes.len(), "renewing leases failed");
                return false;
            }
        };
        let mut held = self.lock();
        for (code, epoch) in sent {
            if renewed.contains(&(code.clone(), epoch)) {
                continue;
            }
            if held.get(&code).is_some_and(|entry| entry.epoch == epoch) {
                if let Some(entry) = held.remove(&code) {
                    tracing::warn!(%code, epoch, "lease lost to another node");
                    let _ = entry.lost.send(true);
                }
            }
        }
        true
    }

    /// Renews every third of a lease until shutdown; a round that failed
    /// is tried again after a twentieth of a lease, not a third.
    pub async fn run_renewals(self, mut shutdown: watch::Receiver<bool>) {
        let mut pause = Duration::ZERO;
        loop {
            tokio::select! {
                () = tokio::time::sleep(pause) => {
                    pause = if self.renew().await { self.lease / 3 } else { self.lease / 20 };
                }
                () = super::stopping(&mut shutdown) => break,
            }
        }
    }
}
