//! Live rooms by code. The map sits behind a std `Mutex` that is never held
//! across an `.await`; rooms not in memory are loaded from the store.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use senet_engine::RuleSetId;
use tokio::sync::{mpsc, watch};
use tokio_util::task::TaskTracker;
use tracing::Instrument;

use super::commands::Command;
use super::load::{StoredRoom, load_room};
use super::lobby::Listings;
use super::room::{Room, Wiring};
use crate::cluster::{Cluster, Held};
use crate::config::Settings;
use crate::store::Store;

/// How many commands may queue for one room.
pub const ROOM_QUEUE: usize = 256;

/// A handle to a live room.
#[derive(Debug, Clone)]
pub struct RoomHandle {
    /// The room code.
    pub code: String,
    /// The rule set its games are played under (a room never changes it).
    pub rule_set: RuleSetId,
    /// Where to send commands.
    pub tx: mpsc::Sender<Command>,
    instance: u64,
}

/// The code → handle map.
#[derive(Debug, Clone, Default)]
pub struct Registry {
    map: Arc<Mutex<HashMap<String, RoomHandle>>>,
    listings: Listings,
}

impl Registry {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, RoomHandle>> {
        self.map
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Removes a room if it is still the given instance.
    pub fn remove(&self, code: &str, instance: u64) {
        let mut map = self.lock();
        if map.get(code).is_some_and(|h| h.instance == instance) {
            map.remove(code);
        }
        self.listings.set(code, instance, None);
        self.listings.set_deserted(code, instance, false);
    }

    /// The rooms the lobby lists.
    pub fn listings(&self) -> &Listings {
        &self.listings
    }

    fn get(&self, code: &str) -> Option<RoomHandle> {
        self.lock().get(code).cloned()
    }

    fn forget(&self, handle: &RoomHandle) {
        self.remove(&handle.code, handle.instance);
    }

    /// How many rooms are live.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// True when no room is live.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The room service: registry plus what it takes to start room actors.
#[derive(Clone)]
pub struct Rooms {
    registry: Registry,
    store: Store,
    settings: Arc<Settings>,
    shutdown: watch::Receiver<bool>,
    next_instance: Arc<AtomicU64>,
    /// The expert's endgame tables, lent to every room.
    endgames: crate::tablebase::Endgames,
    /// Finished games' reviews, queued by every room when a game ends.
    reviews: crate::review::Reviews,
    /// This node among several (`None`: the server runs alone).
    cluster: Option<Cluster>,
    /// One take of a lease at a time on this node, so two connections
    /// racing to load the same room cannot both take it (each take raises
    /// the epoch and would fence the other).
    taking: Arc<tokio::sync::Mutex<()>>,
    /// Every room task and every socket: a graceful shutdown waits for
    /// them to end, without polling.
    tasks: TaskTracker,
}

/// Where a live room runs.
#[derive(Debug, Clone)]
pub enum Located {
    /// On this node.
    Here(RoomHandle),
    /// On another node, which holds its lease.
    Elsewhere {
        /// That node's id.
        owner: String,
        /// The room's rule set.
        rule_set: RuleSetId,
    },
}

impl Rooms {
    /// The tasks a graceful shutdown waits for: every room, and every
    /// socket (each holds a token of it while it lives).
    pub fn tasks(&self) -> &TaskTracker {
        &self.tasks
    }

    /// A room service.
    pub fn new(store: Store, settings: Arc<Settings>, shutdown: watch::Receiver<bool>) -> Rooms {
        let endgames = crate::tablebase::Endgames::default();
        let reviews = crate::review::Reviews::new(
            store.clone(),
            endgames.clone(),
            settings.review_nodes,
            settings.review_concurrency,
            shutdown.clone(),
        );
        Rooms {
            registry: Registry::default(),
            store,
            settings,
            shutdown,
            next_instance: Arc::new(AtomicU64::new(1)),
            endgames,
            reviews,
            cluster: None,
            taking: Arc::default(),
            tasks: TaskTracker::new(),
        }
    }

    /// Makes this room service one node of several.
    #[must_use]
    pub fn with_cluster(mut self, cluster: Option<Cluster>) -> Rooms {
        self.cluster = cluster;
        self
    }

    /// This node among several, if it is one.
    #[must_use]
    pub fn cluster(&self) -> Option<&Cluster> {
        self.cluster.as_ref()
    }

    /// The room's live handle on this node, if it runs here.
    #[must_use]
    pub fn local(&self, code: &str) -> Option<RoomHandle> {
        self.registry
            .get(code)
            .filter(|handle| !handle.tx.is_closed())
    }

    /// The expert's endgame tables every room uses (none until loaded).
    pub fn endgames(&self) -> &crate::tablebase::Endgames {
        &self.endgames
    }

    /// The review service every room queues its finished games on.
    pub fn reviews(&self) -> &crate::review::Reviews {
        &self.reviews
    }

    /// The store rooms are kept in.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The registry.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// Starts the actor for a room unless one is live already; returns the
    /// live handle either way.
    pub(super) fn start(&self, room: StoredRoom, held: Option<Held>) -> RoomHandle {
        let code = room.code.clone();
        let rule_set = room.rule_set;
        let mut map = self.registry.lock();
        if let Some(existing) = map.get(&code) {
            if !existing.tx.is_closed() {
                return existing.clone();
            }
        }
        let (tx, rx) = mpsc::channel(ROOM_QUEUE);
        let instance = self.next_instance.fetch_add(1, Ordering::Relaxed);
        let handle = RoomHandle {
            code: code.clone(),
            rule_set,
            tx,
            instance,
        };
        map.insert(code.clone(), handle.clone());
        drop(map);
        let span = tracing::info_span!("room", code = %code);
        let wiring = Wiring {
            store: self.store.clone(),
            settings: self.settings.clone(),
            endgames: self.endgames.clone(),
            reviews: self.reviews.clone(),
            me: handle.tx.downgrade(),
            held,
        };
        let room = Room::new(room, wiring);
        self.tasks.spawn(
            room.run(rx, self.registry.clone(), instance, self.shutdown.clone())
                .instrument(span),
        );
        handle
    }

    /// The live room with this code, loading it from the store if needed.
    /// `Ok(None)` when no such room exists. On one node of several, a room
    /// another node runs is not loaded here: see [`Rooms::locate`].
    pub async fn get_or_load(&self, code: &str) -> Result<Option<RoomHandle>, String> {
        match self.locate(code).await? {
            Some(Located::Here(handle)) => Ok(Some(handle)),
            Some(Located::Elsewhere { owner, .. }) => {
                Err(format!("room {code} runs on node {owner}"))
            }
            None => Ok(None),
        }
    }

    /// Where the room with this code runs, loading it here if it runs
    /// nowhere (taking its lease first on one node of several). `Ok(None)`
    /// when no such room exists.
    pub async fn locate(&self, code: &str) -> Result<Option<Located>, String> {
        if let Some(handle) = self.registry.get(code) {
            if !handle.tx.is_closed() {
                return Ok(Some(Located::Here(handle)));
            }
            self.registry.forget(&handle);
        }
        let Some(cluster) = &self.cluster else {
            return Ok(load_room(&self.store, code)
                .await?
                .map(|stored| Located::Here(self.start_stored(stored, None))));
        };
        let db = |e: sqlx::Error| format!("database: {e}");
        let Some(room) = self.store.room(code).await.map_err(db)? else {
            return Ok(None);
        };
        let rule_set = room.rule_set;
        let elsewhere = |state: Option<crate::store::LeaseState>| {
            state
                .filter(|state| state.live && state.lease.node_id != cluster.node_id())
                .map(|state| Located::Elsewhere {
                    owner: state.lease.node_id,
                    rule_set,
                })
        };
        if let Some(located) = elsewhere(self.store.lease_of(code).await.map_err(db)?) {
            return Ok(Some(located));
        }
        if let Some(handle) = self.take(code).await? {
            return Ok(Some(Located::Here(handle)));
        }
        // Another node took it between the two reads.
        elsewhere(self.store.lease_of(code).await.map_err(db)?)
            .map(Some)
            .ok_or_else(|| format!("room {code} is changing hands"))
    }

    /// Takes a room's lease and runs it here (one node of several): the
    /// live handle, or `None` when another node holds the lease or the
    /// room does not exist.
    pub async fn take(&self, code: &str) -> Result<Option<RoomHandle>, String> {
        let Some(cluster) = &self.cluster else {
            let stored = load_room(&self.store, code).await?;
            return Ok(stored.map(|stored| self.start_stored(stored, None)));
        };
        let _one_at_a_time = self.taking.lock().await;
        if let Some(handle) = self.local(code) {
            return Ok(Some(handle));
        }
        let Some(held) = cluster
            .ownership()
            .acquire(code)
            .await
            .map_err(|e| format!("database: {e}"))?
        else {
            return Ok(None);
        };
        // Loaded after the take committed: every step the last owner
        // committed is there, and it can commit no more (fence).
        match load_room(&self.store, code).await {
            Ok(Some(stored)) => Ok(Some(self.start_stored(stored, Some(held)))),
            Ok(None) => {
                held.let_go(true).await;
                Ok(None)
            }
            Err(error) => {
                held.let_go(true).await;
                Err(error)
            }
        }
    }

    fn start_stored(&self, stored: StoredRoom, held: Option<Held>) -> RoomHandle {
        self.start(stored, held)
    }

    /// Loads and starts every room whose game is unfinished. Rooms that fail
    /// to load are logged and skipped.
    /// On one node of several nothing is resumed here: rooms are taken
    /// over by [`crate::cluster::takeover`], one lease at a time.
    pub async fn resume_all(&self) -> Result<usize, sqlx::Error> {
        if self.cluster.is_some() {
            return Ok(0);
        }
        let codes = self.store.unfinished_rooms().await?;
        let mut resumed = 0;
        for code in codes {
            match load_room(&self.store, &code).await {
                Ok(Some(stored)) => {
                    self.start_stored(stored, None);
                    resumed += 1;
                }
                Ok(None) => {}
                Err(error) => tracing::error!(%code, %error, "cannot resume room"),
            }
        }
        Ok(resumed)
    }
}
