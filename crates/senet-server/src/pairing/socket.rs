//! `GET /ws/seek`: one seeker's socket. It joins a pool on `seek`, reads
//! its seek every [`POLL`] (another node may have paired it), tries to
//! make a pair itself every [`TRY_EVERY`], and leaves the pool when it
//! cancels, closes, or stops answering pings.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use chrono::Utc;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::watch;
use tokio::time::{Instant, MissedTickBehavior};
use uuid::Uuid;

use super::pair::try_pair;
use super::spec::{Seek, SeekMessage};
use super::{POLL, STALE_AFTER, TOUCH_EVERY, TRY_EVERY};
use crate::config::Settings;
use crate::error::AppError;
use crate::players::{Identity, Registration, SignedIn, authenticate_socket, bearer_token};
use crate::ratings::START_RATING;
use crate::rooms::Rooms;
use crate::store::{SeekRow, Store};
use crate::ws::protocol::close::{Close, GOING_AWAY, RATE_LIMITED, SIGNED_OUT, SILENT};
use crate::ws::{
    HARD_MESSAGE_LIMIT, MAX_CLIENT_FRAME, READ_BUFFER, TokenBucket, answer_close, check_origin,
    close_socket,
};

/// Messages a seeker may send: a few a second is plenty.
const MESSAGE_BURST: f64 = 10.0;
const MESSAGES_PER_SEC: f64 = 2.0;

/// The close after a pair is made, or a cancel.
const DONE: Close = (1000, "done");
/// The close when the player sought again elsewhere.
const REPLACED: Close = (1000, "replaced by a newer seek");

/// Query parameters: the player's token (or `Authorization: Bearer`).
#[derive(Debug, Deserialize)]
pub struct SeekQuery {
    token: Option<String>,
}

/// Checks the Origin and the token, then upgrades.
#[allow(clippy::too_many_arguments)] // axum extractors, one per service
pub(super) async fn seek_handler(
    State(store): State<Store>,
    State(rooms): State<Rooms>,
    State(settings): State<Arc<Settings>>,
    State(shutdown): State<watch::Receiver<bool>>,
    State(signed_in): State<SignedIn>,
    Query(query): Query<SeekQuery>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, AppError> {
    check_origin(&settings, &headers)?;
    let Some(token) = query
        .token
        .or_else(|| bearer_token(&headers).map(str::to_owned))
    else {
        return Err(AppError::Unauthorized(
            "missing_token",
            "quick pairing needs a player token: `?token=` or `Authorization: Bearer`".to_owned(),
        ));
    };
    let Some((player, registration)) = authenticate_socket(&store, &signed_in, &token).await?
    else {
        return Err(AppError::Unauthorized(
            "invalid_token",
            "the player token is not valid".to_owned(),
        ));
    };
    let task = rooms.tasks().token();
    let seeker = Seeker {
        store,
        rooms,
        settings,
        player,
        waiting: None,
    };
    Ok(ws
        .max_message_size(HARD_MESSAGE_LIMIT)
        .max_frame_size(HARD_MESSAGE_LIMIT)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| async move {
            let _task = task;
            seeker.run(socket, shutdown, &registration).await;
        }))
}

/// A seek in its pool.
struct Waiting {
    seek: Seek,
    row: SeekRow,
    last_try: Option<Instant>,
    last_touch: Instant,
}

struct Seeker {
    store: Store,
    rooms: Rooms,
    settings: Arc<Settings>,
    player: Identity,
    waiting: Option<Waiting>,
}

/// What the loop does next.
enum Next {
    Go,
    Close(Close),
    /// The client closed, or the connection broke.
    Gone,
}

impl Seeker {
    async fn run(
        mut self,
        mut socket: WebSocket,
        mut shutdown: watch::Receiver<bool>,
        registration: &Registration,
    ) {
        let mut bucket = TokenBucket::new(MESSAGE_BURST, MESSAGES_PER_SEC);
        let mut poll = tokio::time::interval(POLL);
        poll.set_missed_tick_behavior(MissedTickBehavior::Skip);
        let heartbeat = self.settings.heartbeat;
        let mut ping = tokio::time::interval(heartbeat);
        ping.set_missed_tick_behavior(MissedTickBehavior::Skip);
        let mut last_heard = Instant::now();
        let stopping = async move {
            let _ = shutdown.wait_for(|stop| *stop).await;
        };
        tokio::pin!(stopping);
        let signed_out = registration.revoked().cancelled_owned();
        tokio::pin!(signed_out);
        let next = loop {
            let next = tokio::select! {
                incoming = socket.recv() => {
                    last_heard = Instant::now();
                    match incoming {
                        Some(Ok(Message::Text(text))) => {
                            if bucket.take() {
                                self.on_text(&mut socket, text.as_str()).await
                            } else {
                                Next::Close(RATE_LIMITED)
                            }
                        }
                        Some(Ok(Message::Binary(_))) => {
                            send(&mut socket, error("binary_not_supported", "send JSON text frames")).await
                        }
                        Some(Ok(Message::Close(_))) => {
                            answer_close(&mut socket).await;
                            Next::Gone
                        }
                        Some(Ok(_)) => Next::Go,
                        None | Some(Err(_)) => Next::Gone,
                    }
                }
                _ = poll.tick() => self.on_poll(&mut socket).await,
                _ = ping.tick() => {
                    if last_heard.elapsed() > heartbeat * 2 {
                        Next::Close(SILENT)
                    } else if socket.send(Message::Ping(Vec::new().into())).await.is_err() {
                        Next::Gone
                    } else {
                        Next::Go
                    }
                }
                () = &mut stopping => Next::Close(GOING_AWAY),
                // The seek leaves the pool below, as for any other end.
                () = &mut signed_out => Next::Close(SIGNED_OUT),
            };
            if !matches!(next, Next::Go) {
                break next;
            }
        };
        // Whatever ended the socket, its seek leaves the pool.
        self.leave().await;
        if let Next::Close(close) = next {
            close_socket(&mut socket, close).await;
        }
    }

    async fn leave(&mut self) {
        if let Some(waiting) = self.waiting.take() {
            if let Err(error) = self.store.delete_seek(waiting.row.id).await {
                // A seek left behind stops being paired once it is no
                // longer seen (`FRESH_FOR`), and is deleted later.
                tracing::warn!(%error, "could not take a seek out of its pool");
            }
        }
    }

    async fn on_text(&mut self, socket: &mut WebSocket, text: &str) -> Next {
        if text.len() > MAX_CLIENT_FRAME {
            return send(
                socket,
                error("frame_too_large", "a message is at most 4 KiB"),
            )
            .await;
        }
        let message = match serde_json::from_str::<SeekMessage>(text) {
            Ok(message) => message,
            Err(e) => return send(socket, error("bad_message", &e.to_string())).await,
        };
        match message {
            SeekMessage::Cancel => {
                self.leave().await;
                match send(
                    socket,
                    json!({ "type": "cancelled", "reason": "cancelled" }),
                )
                .await
                {
                    Next::Go => Next::Close(DONE),
                    other => other,
                }
            }
            SeekMessage::Seek {
                rule_set,
                seats,
                time_control,
                rated,
            } => {
                let seek = match Seek::check(
                    &self.player,
                    rule_set.as_deref(),
                    seats,
                    time_control.as_ref(),
                    rated,
                ) {
                    Ok(seek) => seek,
                    Err((code, message)) => return send(socket, error(code, &message)).await,
                };
                self.leave().await;
                match self.join(&seek).await {
                    Ok(row) => {
                        let answer = json!({
                            "type": "seeking",
                            "seek_id": row.id,
                            "rule_set": seek.rule_set,
                            "seats": seek.seats,
                            "time_control": seek.time_control,
                            "rated": seek.rated,
                            "rating": row.rating,
                        });
                        self.waiting = Some(Waiting {
                            seek,
                            row,
                            last_try: None,
                            last_touch: Instant::now(),
                        });
                        let next = send(socket, answer).await;
                        if matches!(next, Next::Go) {
                            // The newcomer tries at once: a pair is made
                            // within a poll of the last player joining.
                            self.on_poll(socket).await
                        } else {
                            next
                        }
                    }
                    Err(error) => {
                        tracing::warn!(?error, "could not join a pool");
                        send(
                            socket,
                            json!({ "type": "error", "code": "storage_error",
                                    "message": "the pool could not be joined; try again" }),
                        )
                        .await
                    }
                }
            }
        }
    }

    /// Stores the seek (replacing any other of the player's).
    async fn join(&self, seek: &Seek) -> Result<SeekRow, AppError> {
        let rating = if seek.rated {
            self.store
                .rating_in(self.player.id, &seek.rating_pool().to_string())
                .await?
                .unwrap_or(START_RATING)
        } else {
            START_RATING
        };
        let id = Uuid::new_v4();
        let stale = Utc::now()
            - chrono::Duration::from_std(STALE_AFTER).unwrap_or(chrono::Duration::seconds(60));
        self.store
            .insert_seek(id, self.player.id, &seek.pool(), rating, stale)
            .await?;
        self.store
            .seek(id)
            .await?
            .ok_or_else(|| AppError::internal("a seek just stored is gone"))
    }

    /// Reads the seek: paired (tell and close), gone (replaced), or still
    /// waiting (mark it seen, and try to pair it now and then).
    async fn on_poll(&mut self, socket: &mut WebSocket) -> Next {
        let Some(waiting) = &mut self.waiting else {
            return Next::Go;
        };
        let row = match self.store.seek(waiting.row.id).await {
            Ok(row) => row,
            // The database is slow or down: the next poll reads again.
            Err(_) => return Next::Go,
        };
        let Some(row) = row else {
            self.waiting = None;
            let told = json!({ "type": "cancelled", "reason": "replaced" });
            return match send(socket, told).await {
                Next::Go => Next::Close(REPLACED),
                other => other,
            };
        };
        if let Some(code) = row.room_code {
            return self.paired(socket, &code).await;
        }
        if waiting.last_touch.elapsed() >= TOUCH_EVERY {
            waiting.last_touch = Instant::now();
            if let Err(error) = self.store.touch_seek(waiting.row.id).await {
                tracing::debug!(%error, "could not mark a seek seen");
            }
        }
        if waiting
            .last_try
            .is_none_or(|at| at.elapsed() >= TRY_EVERY.saturating_sub(Duration::from_millis(5)))
        {
            waiting.last_try = Some(Instant::now());
            match try_pair(&self.store, &self.rooms, &waiting.seek, &waiting.row).await {
                Ok(Some(code)) => return self.paired(socket, &code).await,
                Ok(None) => {}
                Err(error) => tracing::warn!(?error, "could not make a pair"),
            }
        }
        Next::Go
    }

    async fn paired(&mut self, socket: &mut WebSocket, code: &str) -> Next {
        let told = json!({
            "type": "paired",
            "code": code,
            "invite_url": self.settings.invite_url(code),
            "ws_url": self.settings.ws_url(code),
        });
        // The pair is in the room now; the seek row has done its work.
        self.leave().await;
        match send(socket, told).await {
            Next::Go => Next::Close(DONE),
            other => other,
        }
    }
}

fn error(code: &str, message: &str) -> Value {
    json!({ "type": "error", "code": code, "message": message })
}

async fn send(socket: &mut WebSocket, message: Value) -> Next {
    match socket.send(Message::Text(message.to_string().into())).await {
        Ok(()) => Next::Go,
        Err(_) => Next::Gone,
    }
}
