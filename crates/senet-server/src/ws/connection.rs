//! One WebSocket connection: checks at upgrade, then a loop that forwards
//! client messages to the room and room frames to the client, until a
//! close, which is always bounded in time (see [`close::CLOSE_TIMEOUT`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::Extension;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use senet_stamped::ReceivedAt;
use serde::Deserialize;
use tokio::sync::{mpsc, watch};
use tokio_util::sync::CancellationToken;
use tracing::Instrument;

use super::close;
use super::link::{Link, Queues};
use super::protocol::close::{
    Close, GOING_AWAY, RATE_LIMITED, ROOM_CLOSED, ROOM_MOVED, ROOM_UNAVAILABLE, SILENT,
};
use super::protocol::{ClientMessage, ErrorCode, ServerMessage, Version, parse_client_message};
use super::stop::Stop;
use super::{
    CHAT_BURST, CHAT_PER_SEC, HARD_MESSAGE_LIMIT, MAX_CLIENT_FRAME, PING_BURST, PING_PER_SEC,
    READ_BUFFER, TokenBucket,
};
use crate::config::Settings;
use crate::error::AppError;
use crate::listener::Peer;
use crate::players::{Identity, Registration, SignedIn, authenticate_socket, bearer_token};
use crate::rooms::{Command, ConnId, Located, Outbound, Rooms};
use crate::store::Store;
use senet_engine::RuleSetId;

/// The most a socket may hold unsent. A frame goes out whole, so this is
/// also the largest frame the server can send: a version 2 snapshot of a
/// long game carries every step with its events (a few hundred KiB for the
/// longest games seen), so it is well above that.
const MAX_WRITE_BUFFER: usize = 4 * 1024 * 1024;

/// Query parameters of the WebSocket URL.
#[derive(Debug, Deserialize)]
pub struct WsQuery {
    token: Option<String>,
    /// The protocol version: `1` (the default) or `2`.
    v: Option<String>,
    /// The player's client seed for the seat it takes (`docs/fairness.md`).
    client_seed: Option<String>,
}

/// A live connection: holds a token of the server's task tracker, so a
/// graceful shutdown waits for the socket to close; counted in the metrics
/// until dropped.
struct LiveGuard {
    _task: tokio_util::task::task_tracker::TaskTrackerToken,
}

impl Drop for LiveGuard {
    fn drop(&mut self) {
        crate::metrics::connection_closed();
    }
}

/// `GET /ws/rooms/{code}[?token=…]`: checks the Origin and the token, then
/// upgrades with small, explicit limits. Without a token the connection
/// watches as a spectator; a wrong token is refused (401).
#[allow(clippy::too_many_arguments)] // axum extractors, one per service
pub async fn ws_handler(
    State(store): State<Store>,
    State(rooms): State<Rooms>,
    State(settings): State<Arc<Settings>>,
    State(shutdown): State<watch::Receiver<bool>>,
    State(conn_ids): State<Arc<AtomicU64>>,
    State(signed_in): State<SignedIn>,
    Path(code): Path<String>,
    Query(query): Query<WsQuery>,
    headers: HeaderMap,
    peer: Option<Extension<ConnectInfo<Peer>>>,
    ws: WebSocketUpgrade,
) -> Result<Response, AppError> {
    super::origin::check_origin(&settings, &headers)?;
    let version = Version::from_query(query.v.as_deref())
        .map_err(|message| AppError::BadRequest("unsupported_version", message))?;
    let client_seed = crate::rooms::client_seed(query.client_seed.as_deref())
        .map_err(|message| AppError::BadRequest("bad_client_seed", message))?;
    let header_token = bearer_token(&headers).map(str::to_owned);
    let (player, registration) = match query.token.or(header_token) {
        None => (None, None),
        Some(token) => {
            let (player, registration) = authenticate_socket(&store, &signed_in, &token)
                .await?
                .ok_or_else(|| {
                    AppError::Unauthorized(
                        "invalid_token",
                        "the player token is not valid".to_owned(),
                    )
                })?;
            (Some(player), Some(registration))
        }
    };
    let not_found = || AppError::NotFound("room_not_found", format!("no room `{code}`"));
    if code.len() > 64 {
        return Err(not_found());
    }
    let located = rooms
        .locate(&code)
        .await
        .map_err(AppError::Internal)?
        .ok_or_else(not_found)?;
    let rule_set = match &located {
        Located::Here(handle) => handle.rule_set,
        Located::Elsewhere { rule_set, .. } => *rule_set,
    };
    if version == Version::V1 && rule_set != RuleSetId::Kendall {
        return Err(AppError::BadRequest(
            "unsupported_version",
            format!(
                "this room plays `{rule_set}`, which protocol version 1 cannot carry; connect with `?v=2`"
            ),
        ));
    }
    let (link, queues) = Link::open(
        &rooms,
        located,
        &code,
        player.as_ref(),
        version,
        &client_seed,
    )
    .await?;
    let conn = conn_ids.fetch_add(1, Ordering::Relaxed);
    let guard = LiveGuard {
        _task: rooms.tasks().token(),
    };
    crate::metrics::connection_opened();
    let span =
        tracing::info_span!("ws", room = %code, conn, player = ?player.as_ref().map(|p| p.id));
    // One node of several hands its rooms over when it stops.
    let going_away = if rooms.cluster().is_some() {
        ROOM_MOVED
    } else {
        GOING_AWAY
    };
    let bucket = TokenBucket::new(settings.rate_burst, settings.rate_per_sec);
    let heartbeat = settings.heartbeat;
    Ok(ws
        .max_message_size(HARD_MESSAGE_LIMIT)
        .max_frame_size(HARD_MESSAGE_LIMIT)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(MAX_WRITE_BUFFER)
        .on_upgrade(move |socket| {
            async move {
                let _guard = guard;
                let joining = Joining {
                    revoked: registration.as_ref().map(Registration::revoked),
                    player,
                    version,
                    client_seed,
                    heartbeat,
                    going_away,
                    received: peer.map(|Extension(ConnectInfo(peer))| peer.received),
                };
                run(socket, conn, link, queues, joining, shutdown, bucket).await;
                // The socket leaves the registry once it is closed.
                drop(registration);
            }
            .instrument(span)
        }))
}

/// Who connects, as the upgrade checked it.
struct Joining {
    player: Option<Identity>,
    /// Fires when the token the socket was opened with is revoked.
    revoked: Option<CancellationToken>,
    version: Version,
    client_seed: String,
    heartbeat: std::time::Duration,
    /// The close sent when the server stops.
    going_away: Close,
    /// When the latest bytes read from the socket arrived.
    received: Option<ReceivedAt>,
}

/// Why a connection's loop ended.
enum End {
    /// Close with this code.
    Close(Close),
    /// A client frame broke the protocol: close with this code.
    Refuse(Close),
    /// The client sent a close frame: answer it.
    ClientClosed,
    /// The connection broke: nothing more can be sent.
    Broken,
}

/// One connection's loop state.
struct Session {
    socket: WebSocket,
    conn: ConnId,
    link: Link,
    version: Version,
    bucket: TokenBucket,
    /// Chat messages, limited apart from the rest (refused, not closed).
    chat_bucket: TokenBucket,
    /// Pings within the heartbeat's allowance, which the message rate
    /// does not count.
    ping_bucket: TokenBucket,
    stop: Stop,
    heartbeat: std::time::Duration,
    received: Option<ReceivedAt>,
}

impl Session {
    /// Forwards frames both ways until the connection must end, pinging
    /// the client every heartbeat.
    async fn serve(&mut self, outbound: &mut mpsc::Receiver<Outbound>) -> End {
        let start = tokio::time::Instant::now() + self.heartbeat;
        let mut ping = tokio::time::interval_at(start, self.heartbeat);
        ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut heard = tokio::time::Instant::now();
        loop {
            // `biased`: a close from the room or the shutdown comes first,
            // before anything still queued.
            let step = tokio::select! {
                biased;
                close = self.stop.wait() => Err(End::Close(close)),
                incoming = self.socket.recv() => {
                    heard = tokio::time::Instant::now();
                    self.incoming(incoming).await
                }
                frame = outbound.recv() => self.outbound(frame).await,
                _ = ping.tick() => self.ping(heard.elapsed()).await,
            };
            if let Err(end) = step {
                return end;
            }
        }
    }

    /// Sends a frame, unless the connection must stop first: a client that
    /// stopped reading never takes the frame, and the send would wait as
    /// long as it does.
    async fn send(&mut self, message: Message) -> Result<(), End> {
        tokio::select! {
            biased;
            close = self.stop.wait() => Err(End::Close(close)),
            sent = self.socket.send(message) => sent.map_err(|_| End::Broken),
        }
    }

    /// A heartbeat: closes a client silent for two of them, else pings it.
    /// The ping must reach the socket within a heartbeat too: a client
    /// whose TCP window stays shut is not reading.
    async fn ping(&mut self, silent: std::time::Duration) -> Result<(), End> {
        if silent >= self.heartbeat * 2 {
            tracing::info!(
                silent_ms = silent.as_millis(),
                "no answer to pings; closing"
            );
            return Err(End::Close(SILENT));
        }
        let heartbeat = self.heartbeat;
        let ping = self.send(Message::Ping(axum::body::Bytes::new()));
        match tokio::time::timeout(heartbeat, ping).await {
            Ok(sent) => sent,
            Err(_) => Err(End::Close(SILENT)),
        }
    }

    /// Sends a private reply (an error or a pong).
    async fn reply(&mut self, message: &ServerMessage) -> Result<(), End> {
        if let Some(code) = message.error_code() {
            crate::metrics::message_rejected(code.as_str());
        }
        let text = message.to_json_as(self.version, None);
        self.send(Message::Text(text.into())).await
    }

    /// A frame from the room.
    async fn outbound(&mut self, frame: Option<Outbound>) -> Result<(), End> {
        match frame {
            Some(Outbound::Text { text, queued }) => {
                let sent = self.send(Message::Text(text)).await;
                // Only frames that reached the socket: a broken or closing
                // connection's are not a wait anyone saw.
                if sent.is_ok() {
                    crate::metrics::frame_written(queued.elapsed());
                }
                sent
            }
            None => Err(End::Close(self.stop.room_gone(ROOM_CLOSED))),
        }
    }

    /// Whether a text frame is a ping within the heartbeat's allowance
    /// ([`PING_PER_SEC`]): answered without counting against the message
    /// rate. Only a frame small enough to be a ping is parsed here.
    fn heartbeat_ping(&mut self, text: &str) -> bool {
        text.len() <= 64
            && matches!(
                parse_client_message(text, self.version),
                Ok(ClientMessage::Ping)
            )
            && self.ping_bucket.take()
    }

    /// A message from the client, or why reading failed.
    async fn incoming(
        &mut self,
        incoming: Option<Result<Message, axum::Error>>,
    ) -> Result<(), End> {
        let message = match incoming {
            Some(Ok(message)) => message,
            Some(Err(error)) => {
                let close = close::close_for(error);
                tracing::debug!(?close, "reading from the client failed");
                return Err(close.map_or(End::Broken, End::Refuse));
            }
            None => return Err(End::Broken),
        };
        if let (Message::Text(_), Some(age)) =
            (&message, self.received.as_ref().and_then(ReceivedAt::age))
        {
            crate::metrics::frame_read(age);
        }
        let text = match message {
            Message::Close(_) => return Err(End::ClientClosed),
            // tungstenite answers pings itself.
            Message::Ping(_) | Message::Pong(_) => return Ok(()),
            Message::Text(text) if self.heartbeat_ping(text.as_str()) => {
                return self.reply(&ServerMessage::Pong).await;
            }
            _ if !self.bucket.take() => {
                tracing::warn!("rate limit exceeded; closing");
                crate::metrics::message_rejected("rate_limited");
                return Err(End::Close(RATE_LIMITED));
            }
            Message::Text(text) => text,
            Message::Binary(_) => {
                let error =
                    ServerMessage::error(ErrorCode::BinaryNotSupported, "send JSON text frames");
                return self.reply(&error).await;
            }
        };
        if text.len() > MAX_CLIENT_FRAME {
            let error = ServerMessage::error(
                ErrorCode::FrameTooLarge,
                format!("frames are limited to {MAX_CLIENT_FRAME} bytes"),
            );
            return self.reply(&error).await;
        }
        match parse_client_message(text.as_str(), self.version) {
            Err(error) => self.reply(&ServerMessage::from(error)).await,
            Ok(ClientMessage::Ping) => self.reply(&ServerMessage::Pong).await,
            // Chat's own budget, which `chat_follow` shares: each is
            // answered with up to 200 messages of history.
            Ok(ClientMessage::Chat { .. } | ClientMessage::ChatFollow { .. })
                if !self.chat_bucket.take() =>
            {
                let error = ServerMessage::error(
                    ErrorCode::ChatRateLimited,
                    "at most 5 chat messages in 10 seconds; wait a moment",
                );
                self.reply(&error).await
            }
            Ok(msg) => {
                if self.link.act(self.conn, msg).await {
                    Ok(())
                } else if matches!(self.link, Link::Remote(_)) {
                    Err(End::Close(self.stop.room_gone(ROOM_MOVED)))
                } else {
                    Err(End::Close(self.stop.room_gone(ROOM_UNAVAILABLE)))
                }
            }
        }
    }
}

async fn run(
    mut socket: WebSocket,
    conn: ConnId,
    link: Link,
    queues: Queues,
    joining: Joining,
    shutdown: watch::Receiver<bool>,
    bucket: TokenBucket,
) {
    let Joining {
        player,
        revoked,
        version,
        client_seed,
        heartbeat,
        going_away,
        received,
    } = joining;
    let Queues {
        tx,
        mut rx,
        close_tx,
        close_rx,
    } = queues;
    if let Link::Local(handle) = &link {
        let connect = Command::Connect {
            conn,
            player,
            version,
            client_seed,
            tx,
            close: close_tx,
        };
        if handle.tx.send(connect).await.is_err() {
            close::close(&mut socket, ROOM_UNAVAILABLE).await;
            return;
        }
    } else {
        // The tunnel holds its own senders: these would keep the queues
        // open after it ends.
        drop((tx, close_tx));
    }
    tracing::debug!("connected");
    let mut session = Session {
        socket,
        conn,
        link,
        version,
        bucket,
        chat_bucket: TokenBucket::new(CHAT_BURST, CHAT_PER_SEC),
        ping_bucket: TokenBucket::new(PING_BURST, PING_PER_SEC),
        stop: Stop::new(close_rx, shutdown, going_away, revoked),
        heartbeat,
        received,
    };
    let end = session.serve(&mut rx).await;
    let Session {
        mut socket, link, ..
    } = session;
    // The room hears of it first, so the others see the seat away at once,
    // not after the close handshake (up to a second more). A tunnel tells
    // the room's node when it is dropped.
    match link {
        Link::Local(handle) => {
            let _ = handle.tx.send(Command::Disconnect { conn }).await;
        }
        Link::Remote(tunnel) => drop(tunnel),
    }
    match end {
        End::Close(close) => {
            tracing::debug!(code = close.0, reason = close.1, "closing");
            close::close(&mut socket, close).await;
        }
        End::Refuse(close) => {
            tracing::debug!(code = close.0, reason = close.1, "refusing");
            close::refuse(&mut socket, close).await;
        }
        End::ClientClosed => close::answer_close(&mut socket).await,
        End::Broken => {}
    }
    // The TCP connection ends here, whether or not the close completed.
    drop(socket);
    tracing::debug!("disconnected");
}
