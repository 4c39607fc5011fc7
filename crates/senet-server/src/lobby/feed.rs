//! `GET /api/lobby/feed`: the lobby as Server-Sent Events. The first event
//! is the lobby as `GET /api/lobby` gives it, with the games being played
//! as `GET /api/games/live` lists them to anyone; after that both again
//! whenever the listed rooms change or a public game starts or ends. Full
//! lists rather than diffs: the lists are capped at
//! the lobby's limit and [`LIVE_LIMIT`] small
//! entries, and a client that missed an event (a reconnect) needs nothing
//! but the next one.

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use tokio::sync::watch;
use tokio::time::Instant;

use crate::error::AppError;
use crate::rooms::{Listings, LiveGames, LobbyEntry, Rooms};
use crate::store::Store;

/// The most lobby feeds open at once, over all clients. An overall cap
/// rather than one per IP: the server does not know the client's address
/// behind a proxy, and each feed costs one idle task and a few KB, so the
/// cap only guards memory against a flood.
pub const FEED_LIMIT: usize = 1000;

/// The shortest time between two events of one feed: a burst of changes
/// (a room opening and its creator connecting) goes out as one event.
pub const FEED_INTERVAL: Duration = Duration::from_millis(250);

/// How often an idle feed sends a keep-alive comment, so proxies do not
/// close it and a client notices a dead connection.
pub const FEED_KEEP_ALIVE: Duration = Duration::from_secs(15);

/// The most games being played a feed lists, most recently started first
/// (as many as `GET /api/games/live` gives by default).
pub const LIVE_LIMIT: i64 = crate::history::DEFAULT_LIMIT;

/// How long a browser waits before it reconnects (the events' `retry`).
const RECONNECT_AFTER: Duration = Duration::from_secs(2);

/// A place among the open feeds, given back when the feed ends.
struct FeedSlot(Arc<AtomicUsize>);

impl FeedSlot {
    fn take(feeds: &Arc<AtomicUsize>) -> Option<FeedSlot> {
        feeds
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |open| {
                (open < FEED_LIMIT).then_some(open + 1)
            })
            .ok()
            .map(|_| FeedSlot(feeds.clone()))
    }
}

impl Drop for FeedSlot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// One client's feed.
struct Feed {
    listings: Listings,
    store: Store,
    changes: watch::Receiver<u64>,
    shutdown: watch::Receiver<bool>,
    /// What this client was last sent; `None` before the first event.
    sent: Option<(Vec<LobbyEntry>, LiveGames)>,
    last: Instant,
    _slot: FeedSlot,
}

async fn stopped(shutdown: &mut watch::Receiver<bool>) {
    // An error means the server is gone: stop as well.
    let _ = shutdown.wait_for(|stop| *stop).await;
}

impl Feed {
    /// The games being played: as read since the last start or end, else
    /// read from the store now (once for every feed), without those nobody
    /// is at (a room saying so is a change too). A store that fails keeps
    /// what this client has (logged): the rooms still go out.
    async fn live_games(&self) -> LiveGames {
        let read = self.listings.live_read();
        let games = read
            .get_or_try_init(|| async {
                let deserted = self.listings.deserted();
                crate::history::live_rows_json(&self.store, LIVE_LIMIT, None, &deserted)
                    .await
                    .map(Arc::new)
            })
            .await;
        match games {
            Ok(games) => games.clone(),
            Err(error) => {
                tracing::warn!(?error, "the lobby feed cannot read the games being played");
                self.sent
                    .as_ref()
                    .map_or_else(LiveGames::default, |(_, games)| games.clone())
            }
        }
    }

    /// The next event, or `None` when the server shuts down (so graceful
    /// shutdown never waits on an open feed).
    async fn next(mut self) -> Option<(Result<Event, Infallible>, Feed)> {
        loop {
            if self.sent.is_some() {
                tokio::select! {
                    changed = self.changes.changed() => if changed.is_err() { return None },
                    () = stopped(&mut self.shutdown) => return None,
                }
                // Whatever else changes until then goes out with this.
                tokio::select! {
                    () = tokio::time::sleep_until(self.last + FEED_INTERVAL) => {}
                    () = stopped(&mut self.shutdown) => return None,
                }
            }
            self.changes.mark_unchanged();
            let rooms = self.listings.newest();
            let mut shutdown = self.shutdown.clone();
            let games = tokio::select! {
                games = self.live_games() => games,
                () = stopped(&mut shutdown) => return None,
            };
            // A room listed and unlisted within one interval changes nothing.
            if self
                .sent
                .as_ref()
                .is_some_and(|(r, g)| *r == rooms && *g == games)
            {
                continue;
            }
            let first = self.sent.is_none();
            let event = match Event::default()
                .event("lobby")
                .json_data(serde_json::json!({ "rooms": rooms, "games": games }))
            {
                Ok(event) if first => event.retry(RECONNECT_AFTER),
                Ok(event) => event,
                Err(error) => {
                    tracing::error!(%error, "cannot encode the lobby");
                    return None;
                }
            };
            self.sent = Some((rooms, games));
            self.last = Instant::now();
            return Some((Ok(event), self));
        }
    }
}

/// `GET /api/lobby/feed`: the lobby as Server-Sent Events (event type
/// `lobby`, data as `GET /api/lobby` with the games being played in
/// `games`). `503 too_many_feeds` when [`FEED_LIMIT`] feeds are open.
pub async fn lobby_feed(
    State(rooms): State<Rooms>,
    State(store): State<Store>,
    State(shutdown): State<watch::Receiver<bool>>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, AppError> {
    let listings = rooms.registry().listings().clone();
    let slot = FeedSlot::take(listings.feeds()).ok_or_else(|| {
        AppError::Http(
            StatusCode::SERVICE_UNAVAILABLE,
            "too_many_feeds",
            "too many lobby feeds are open; poll GET /api/lobby instead".to_owned(),
        )
    })?;
    let feed = Feed {
        changes: listings.subscribe(),
        listings,
        store,
        shutdown,
        sent: None,
        last: Instant::now(),
        _slot: slot,
    };
    let events = futures_util::stream::unfold(feed, Feed::next);
    Ok(Sse::new(events).keep_alive(
        KeepAlive::new()
            .interval(FEED_KEEP_ALIVE)
            .text("keep-alive"),
    ))
}
