//! One WebSocket connection: checks at upgrade, then a loop that forwards
//! client messages to the room and room frames to the client.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::http::header::ORIGIN;
use axum::response::Response;
use serde::Deserialize;
use tokio::sync::{mpsc, watch};
use tracing::Instrument;

use super::protocol::{ClientMessage, ErrorCode, ServerMessage, parse_client_message};
use super::{HARD_MESSAGE_LIMIT, MAX_CLIENT_FRAME, READ_BUFFER, TokenBucket};
use crate::app::AppState;
use crate::error::AppError;
use crate::players::{Identity, authenticate, bearer_token};
use crate::rooms::{Command, ConnId, OUTBOUND_QUEUE, Outbound, RoomHandle};

/// Query parameters of the WebSocket URL.
#[derive(Debug, Deserialize)]
pub struct WsQuery {
    token: Option<String>,
}

/// Counts live connections; decremented on drop.
struct LiveGuard(Arc<AtomicUsize>);

impl Drop for LiveGuard {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
        crate::metrics::connection_closed();
    }
}

/// `GET /ws/rooms/{code}[?token=…]`: checks the Origin and the token, then
/// upgrades with small, explicit limits. Without a token the connection
/// watches as a spectator; a wrong token is refused (401).
pub async fn ws_handler(
    State(state): State<AppState>,
    Path(code): Path<String>,
    Query(query): Query<WsQuery>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, AppError> {
    if let Some(origin) = headers.get(ORIGIN) {
        let expected = state.settings.public_origin();
        if origin.to_str().ok() != Some(expected) {
            return Err(AppError::Forbidden(
                "bad_origin",
                format!("WebSocket connections are only accepted from {expected}"),
            ));
        }
    }
    let header_token = bearer_token(&headers).map(str::to_owned);
    let player = match query.token.or(header_token) {
        None => None,
        Some(token) => Some(authenticate(&state.store, &token).await?.ok_or_else(|| {
            AppError::Unauthorized("invalid_token", "the player token is not valid".to_owned())
        })?),
    };
    let not_found = || AppError::NotFound("room_not_found", format!("no room `{code}`"));
    if code.len() > 64 {
        return Err(not_found());
    }
    let handle = state
        .rooms
        .get_or_load(&code)
        .await
        .map_err(AppError::Internal)?
        .ok_or_else(not_found)?;
    let conn = state.conn_ids.fetch_add(1, Ordering::Relaxed);
    state.live_conns.fetch_add(1, Ordering::SeqCst);
    let guard = LiveGuard(state.live_conns.clone());
    crate::metrics::connection_opened();
    let span =
        tracing::info_span!("ws", room = %code, conn, player = ?player.as_ref().map(|p| p.id));
    let shutdown = state.shutdown.clone();
    let bucket = TokenBucket::new(state.settings.rate_burst, state.settings.rate_per_sec);
    Ok(ws
        .max_message_size(HARD_MESSAGE_LIMIT)
        .max_frame_size(HARD_MESSAGE_LIMIT)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(256 * 1024)
        .on_upgrade(move |socket| {
            async move {
                let _guard = guard;
                run(socket, conn, handle, player, shutdown, bucket).await;
            }
            .instrument(span)
        }))
}

/// Sends a close frame, then reads (and discards) until the client answers
/// the close or a second passes, so the close frame is not lost to a reset.
async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    if socket
        .send(Message::Close(Some(CloseFrame {
            code,
            reason: reason.into(),
        })))
        .await
        .is_err()
    {
        return;
    }
    let _ = tokio::time::timeout(std::time::Duration::from_secs(1), async {
        while let Some(Ok(message)) = socket.recv().await {
            if matches!(message, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

async fn send(socket: &mut WebSocket, message: &ServerMessage) -> bool {
    if let Some(code) = message.error_code() {
        crate::metrics::message_rejected(code.as_str());
    }
    socket
        .send(Message::Text(message.to_json(None).into()))
        .await
        .is_ok()
}

async fn run(
    mut socket: WebSocket,
    conn: ConnId,
    handle: RoomHandle,
    player: Option<Identity>,
    mut shutdown: watch::Receiver<bool>,
    mut bucket: TokenBucket,
) {
    let (tx, mut rx) = mpsc::channel(OUTBOUND_QUEUE);
    if handle
        .tx
        .send(Command::Connect { conn, player, tx })
        .await
        .is_err()
    {
        close(&mut socket, 1011, "room unavailable, reconnect").await;
        return;
    }
    tracing::debug!("connected");
    loop {
        tokio::select! {
            biased;
            _ = shutdown.changed() => {
                close(&mut socket, 1001, "server shutting down").await;
                break;
            }
            incoming = socket.recv() => {
                let Some(Ok(message)) = incoming else { break };
                if matches!(message, Message::Close(_)) {
                    break;
                }
                if matches!(message, Message::Ping(_) | Message::Pong(_)) {
                    continue;
                }
                if !bucket.take() {
                    tracing::warn!("rate limit exceeded; closing");
                    crate::metrics::message_rejected("rate_limited");
                    close(&mut socket, 1008, "rate limited").await;
                    break;
                }
                let text = match message {
                    Message::Text(text) => text,
                    _ => {
                        let error = ServerMessage::error(ErrorCode::BinaryNotSupported, "send JSON text frames");
                        if !send(&mut socket, &error).await { break }
                        continue;
                    }
                };
                if text.len() > MAX_CLIENT_FRAME {
                    let error = ServerMessage::error(
                        ErrorCode::FrameTooLarge,
                        format!("frames are limited to {MAX_CLIENT_FRAME} bytes"),
                    );
                    if !send(&mut socket, &error).await { break }
                    continue;
                }
                match parse_client_message(text.as_str()) {
                    Err(error) => {
                        if !send(&mut socket, &error).await { break }
                    }
                    Ok(ClientMessage::Ping) => {
                        if !send(&mut socket, &ServerMessage::Pong).await { break }
                    }
                    Ok(msg) => {
                        if handle.tx.send(Command::Act { conn, msg }).await.is_err() {
                            close(&mut socket, 1011, "room unavailable, reconnect").await;
                            break;
                        }
                    }
                }
            }
            outbound = rx.recv() => match outbound {
                Some(Outbound::Text(text)) => {
                    if socket.send(Message::Text(text.into())).await.is_err() { break }
                }
                Some(Outbound::Close(code, reason)) => {
                    close(&mut socket, code, reason).await;
                    break;
                }
                None => {
                    if *shutdown.borrow() {
                        close(&mut socket, 1001, "server shutting down").await;
                    } else {
                        close(&mut socket, 1011, "room closed").await;
                    }
                    break;
                }
            },
        }
    }
    let _ = handle.tx.send(Command::Disconnect { conn }).await;
    tracing::debug!("disconnected");
}
