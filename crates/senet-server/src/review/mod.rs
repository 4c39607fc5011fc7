//! Game reviews (`docs/ai.md`, "Game review"): computed once in the
//! background when a game ends, stored, and served by
//! `GET /api/games/{id}/review`.
//!
//! A review searches every decision and every possible outcome of every
//! draw, so it runs on a review thread of the lowest scheduling class
//! (`crate::workers`: it takes a core only when live play leaves it idle) with
//! its own node budget (`--review-nodes`), at most `--review-concurrency`
//! at a time; `--review-concurrency 0` turns reviews off. A finished game without a stored review (one
//! from before this feature, or one that ended while its review could not
//! finish) is reviewed when first asked for: the request answers
//! `202 pending` and the review is queued. A stored review of an older
//! version of the analysis is computed again the same way.

mod document;
mod handler;

use std::collections::HashSet;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use senet_ai::review::REVIEW_VERSION;
use tokio::sync::{Semaphore, oneshot, watch};
use uuid::Uuid;

use crate::store::{GameStatus, Store};
use crate::tablebase::Endgames;

pub use document::{analyse, input};
pub use handler::get_review;

/// The default node budget of a review's searches (a tenth of live play's).
pub const DEFAULT_REVIEW_NODES: u64 = 20_000;

/// The most reviews that may wait or run at once. Anyone may ask for the
/// review of any public old game, so the queue is bounded: a full queue
/// turns requests away (`503 reviews_busy`) instead of growing.
pub const MAX_PENDING: usize = 1_000;

/// Reviews being computed or waiting, and those that failed.
#[derive(Default)]
struct Queue {
    pending: HashSet<Uuid>,
    failed: HashSet<Uuid>,
}

struct Inner {
    store: Store,
    endgames: Endgames,
    nodes: u64,
    permits: Semaphore,
    /// `None`: reviews are off (`--review-concurrency 0`).
    workers: Option<crate::workers::Workers>,
    queue: Mutex<Queue>,
    shutdown: watch::Receiver<bool>,
}

/// The review service, shared by the rooms (which queue a game when it
/// ends) and the API. Cheap to clone.
#[derive(Clone)]
pub struct Reviews(Arc<Inner>);

impl std::fmt::Debug for Reviews {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reviews")
            .field("nodes", &self.0.nodes)
            .finish_non_exhaustive()
    }
}

/// Whether a stored review is current: computed by this version of the
/// analysis or a newer one.
#[must_use]
pub fn is_current(version: i32) -> bool {
    u32::try_from(version).is_ok_and(|v| v >= REVIEW_VERSION)
}

impl Reviews {
    /// A review service: `nodes` a search, at most `concurrency` reviews at
    /// a time, each on a review thread of its own; with `concurrency` 0 no
    /// review is computed.
    #[must_use]
    pub fn new(
        store: Store,
        endgames: Endgames,
        nodes: u64,
        concurrency: usize,
        shutdown: watch::Receiver<bool>,
    ) -> Reviews {
        Reviews(Arc::new(Inner {
            store,
            endgames,
            nodes: nodes.max(1),
            permits: Semaphore::new(concurrency.max(1)),
            workers: (concurrency > 0).then(|| {
                crate::workers::Workers::start(
                    "senet-review",
                    concurrency,
                    crate::workers::Priority::Idle,
                )
            }),
            queue: Mutex::new(Queue::default()),
            shutdown,
        }))
    }

    fn queue(&self) -> MutexGuard<'_, Queue> {
        self.0
            .queue
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The node budget of every search of a review.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.0.nodes
    }

    /// Whether this server computes reviews (`--review-concurrency` above 0).
    #[must_use]
    pub fn enabled(&self) -> bool {
        self.0.workers.is_some()
    }

    /// Whether the game's review failed (the log says why); it is not
    /// tried again until the server restarts.
    #[must_use]
    pub fn failed(&self, game_id: Uuid) -> bool {
        self.queue().failed.contains(&game_id)
    }

    /// Queues a finished game's review unless it is queued already or
    /// failed; returns at once, `false` when the queue is full (then
    /// nothing was queued). Call within the Tokio runtime.
    pub fn enqueue(&self, game_id: Uuid) -> bool {
        if !self.enabled() {
            return false;
        }
        {
            let mut queue = self.queue();
            if queue.failed.contains(&game_id) || queue.pending.contains(&game_id) {
                return true;
            }
            if queue.pending.len() >= MAX_PENDING {
                return false;
            }
            queue.pending.insert(game_id);
        }
        let reviews = self.clone();
        // Not awaited: the room (or the request) goes on at once.
        drop(tokio::spawn(async move {
            let outcome = reviews.run(game_id).await;
            let mut queue = reviews.queue();
            queue.pending.remove(&game_id);
            if let Err(error) = outcome {
                tracing::error!(%game_id, %error, "game review failed");
                queue.failed.insert(game_id);
            }
        }));
        true
    }

    /// Computes and stores one review, waiting for a permit first. A game
    /// that is not finished, or already has a current review, is left
    /// alone.
    async fn run(&self, game_id: Uuid) -> Result<(), String> {
        let _permit = self.0.permits.acquire().await.map_err(|e| e.to_string())?;
        if *self.0.shutdown.borrow() {
            return Ok(());
        }
        let store = &self.0.store;
        if let Some(stored) = store.review(game_id).await.map_err(|e| e.to_string())? {
            if is_current(stored.version) {
                return Ok(());
            }
        }
        let Some(row) = store
            .history_game(game_id)
            .await
            .map_err(|e| e.to_string())?
        else {
            return Err("no such game".to_owned());
        };
        if row.game.status != GameStatus::Finished {
            return Ok(());
        }
        let steps = store.steps(game_id).await.map_err(|e| e.to_string())?;
        let input = input(&row.game, &steps).map_err(|e| format!("{e:?}"))?;
        let nodes = self.0.nodes;
        let tables = self.0.endgames.tables();
        let started = Instant::now();
        let shutdown = self.0.shutdown.clone();
        let (answer, answered) = oneshot::channel();
        let job = Box::new(move || {
            // Stops on shutdown, and when the server is gone altogether.
            let stop = move || *shutdown.borrow() || shutdown.has_changed().is_err();
            let document = analyse(
                &input,
                nodes,
                tables.as_deref().map(|t| t as &dyn senet_ai::Endgame),
                &stop,
            );
            // The asker may be gone (shutdown): nothing to tell then.
            drop(answer.send(document));
        });
        let workers = self.0.workers.as_ref().ok_or("reviews are off")?;
        if !workers.run(job) {
            return Err("no review thread is running".to_owned());
        }
        let document = answered
            .await
            .map_err(|_| "the review thread stopped".to_owned())??;
        let Some(document) = document else {
            tracing::info!(%game_id, "game review stopped by the shutdown");
            return Ok(());
        };
        tracing::info!(
            %game_id,
            nodes,
            ms = started.elapsed().as_millis() as u64,
            "game reviewed"
        );
        let version = i32::try_from(REVIEW_VERSION).unwrap_or(i32::MAX);
        store
            .put_review(
                game_id,
                version,
                i64::try_from(nodes).unwrap_or(i64::MAX),
                &document.to_string(),
            )
            .await
            .map_err(|e| e.to_string())
    }
}
