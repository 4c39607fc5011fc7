//! Live rooms by code. The map sits behind a std `Mutex` that is never held
//! across an `.await`; rooms not in memory are loaded from the store.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use senet_engine::RuleSetId;
use tokio::sync::{mpsc, watch};
use tracing::Instrument;

use super::actor::{Command, Room};
use super::load::{StoredRoom, load_room};
use super::lobby::{Listings, Origin};
use super::slot::GameSlot;
use crate::config::Settings;
use crate::store::Store;
use crate::ws::protocol::v2::SeriesEntry;

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
}

impl Rooms {
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
        }
    }

    /// The expert's endgame tables every room uses (none until loaded).
    pub fn endgames(&self) -> &crate::tablebase::Endgames {
        &self.endgames
    }

    /// The review service every room queues its finished games on.
    pub fn reviews(&self) -> &crate::review::Reviews {
        &self.reviews
    }

    /// The registry.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// Starts the actor for a room unless one is live already; returns the
    /// live handle either way.
    pub(super) fn start(
        &self,
        code: String,
        public: bool,
        rule_set: RuleSetId,
        slot: GameSlot,
        series: Vec<SeriesEntry>,
        origin: Option<Origin>,
    ) -> RoomHandle {
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
        let room = Room::new(
            code,
            public,
            rule_set,
            slot,
            self.store.clone(),
            self.settings.clone(),
            series,
        )
        .with_origin(origin)
        .with_endgames(self.endgames.clone())
        .with_reviews(self.reviews.clone())
        .with_self(handle.tx.downgrade());
        tokio::spawn(
            room.run(rx, self.registry.clone(), instance, self.shutdown.clone())
                .instrument(span),
        );
        handle
    }

    /// The live room with this code, loading it from the store if needed.
    /// `Ok(None)` when no such room exists.
    pub async fn get_or_load(&self, code: &str) -> Result<Option<RoomHandle>, String> {
        if let Some(handle) = self.registry.get(code) {
            if !handle.tx.is_closed() {
                return Ok(Some(handle));
            }
            self.registry.forget(&handle);
        }
        match load_room(&self.store, code).await? {
            Some(stored) => Ok(Some(self.start_stored(stored))),
            None => Ok(None),
        }
    }

    fn start_stored(&self, stored: StoredRoom) -> RoomHandle {
        self.start(
            stored.code,
            stored.public,
            stored.rule_set,
            stored.slot,
            stored.series,
            Some(stored.origin),
        )
    }

    /// Loads and starts every room whose game is unfinished. Rooms that fail
    /// to load are logged and skipped.
    pub async fn resume_all(&self) -> Result<usize, sqlx::Error> {
        let codes = self.store.unfinished_rooms().await?;
        let mut resumed = 0;
        for code in codes {
            match load_room(&self.store, &code).await {
                Ok(Some(stored)) => {
                    self.start_stored(stored);
                    resumed += 1;
                }
                Ok(None) => {}
                Err(error) => tracing::error!(%code, %error, "cannot resume room"),
            }
        }
        Ok(resumed)
    }
}
