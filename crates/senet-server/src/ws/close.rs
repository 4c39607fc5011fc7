//! Closing a WebSocket: the close codes the server sends, close handshakes
//! bounded in time, and the code a client frame that breaks the protocol
//! earns (`docs/protocol.md`, "Close codes").

use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use tungstenite::error::{Error as WsError, ProtocolError};

/// How long a close may take: sending the close frame and waiting for the
/// client's answer, together. A client that stopped reading never takes the
/// close frame (its TCP window stays shut), so without this bound its task,
/// and a graceful shutdown waiting for every task, would wait for it.
pub const CLOSE_TIMEOUT: Duration = Duration::from_secs(1);

/// A close code and its reason.
pub type Close = (u16, &'static str);

/// The server is shutting down.
pub const GOING_AWAY: Close = (1001, "server shutting down");
/// The room's task stopped while the server runs on.
pub const ROOM_CLOSED: Close = (1011, "room closed");
/// The room's task is gone; a new connection loads the room again.
pub const ROOM_UNAVAILABLE: Close = (1011, "room unavailable, reconnect");
/// Another node runs the room now (or this node is handing it over, or the
/// relay to its node broke): reconnect, to any node.
pub const ROOM_MOVED: Close = (1012, "room moved, reconnect");
/// The client reads the room's events more slowly than they come.
pub const TOO_SLOW: Close = (1008, "too slow to read events");
/// Nothing came from the client, not even a pong, for two heartbeats.
pub const SILENT: Close = (1001, "no answer to pings");
/// More messages than the rate limit allows.
pub const RATE_LIMITED: Close = (1008, "rate limited");
/// A message over [`super::HARD_MESSAGE_LIMIT`].
pub const TOO_BIG: Close = (1009, "message over 16 KiB");
/// A text message that is not UTF-8.
pub const BAD_UTF8: Close = (1007, "text is not valid UTF-8");
/// A frame RFC 6455 forbids: unmasked, a reserved opcode or bit, a
/// fragmented or oversized control frame, a stray continuation.
pub const PROTOCOL_ERROR: Close = (1002, "WebSocket protocol violation");

/// Sends a close frame, then reads (and discards) until the client answers
/// and the handshake is over, all within [`CLOSE_TIMEOUT`]; the caller then
/// drops the TCP connection either way. Waiting for the answer keeps the
/// close frame from being lost to a reset: closing a socket that still has
/// unread data sends an RST.
pub async fn close(socket: &mut WebSocket, (code, reason): Close) {
    let _ = tokio::time::timeout(CLOSE_TIMEOUT, async {
        let frame = CloseFrame {
            code,
            reason: reason.into(),
        };
        if socket.send(Message::Close(Some(frame))).await.is_ok() {
            drain(socket).await;
        }
    })
    .await;
}

/// Sends the close a broken client frame earned ([`close_for`]). After a
/// read error tungstenite reads nothing more, so the client's answer cannot
/// be awaited: the connection stays open until [`CLOSE_TIMEOUT`] instead.
/// Dropping it at once would send an RST if the client's data is still
/// unread (the rest of an oversized message), and an RST makes the
/// client's TCP discard what it has not read yet: the close frame.
pub async fn refuse(socket: &mut WebSocket, (code, reason): Close) {
    let _ = tokio::time::timeout(CLOSE_TIMEOUT, async {
        let frame = CloseFrame {
            code,
            reason: reason.into(),
        };
        if socket.send(Message::Close(Some(frame))).await.is_ok() {
            std::future::pending::<()>().await;
        }
    })
    .await;
}

/// Answers the client's own close (RFC 6455 §5.5.1) within
/// [`CLOSE_TIMEOUT`]. tungstenite queued the answer, a close frame with the
/// client's code, when it read the client's; reading on writes it out.
pub async fn answer_close(socket: &mut WebSocket) {
    let _ = tokio::time::timeout(CLOSE_TIMEOUT, drain(socket)).await;
}

/// Reads until the stream ends. Before each read tungstenite writes what it
/// owes the client (the answer to a close), and it ends the stream once both
/// sides have sent their close frames.
async fn drain(socket: &mut WebSocket) {
    while let Some(Ok(_)) = socket.recv().await {}
}

/// The close a client earns when reading its frames failed (RFC 6455
/// §7.4.1), or `None` when the connection itself failed and nothing can
/// reach the client any more.
///
/// axum passes tungstenite's error on boxed; this crate depends on the
/// tungstenite version axum's `ws` feature uses, so the downcast finds it
/// (`tests/sockets.rs` fails if the versions drift apart).
pub fn close_for(error: axum::Error) -> Option<Close> {
    let error = error.into_inner();
    match error.downcast_ref::<WsError>()? {
        WsError::Capacity(_) => Some(TOO_BIG),
        WsError::Utf8(_) => Some(BAD_UTF8),
        // The TCP connection ended without a close frame: nobody to tell.
        WsError::Protocol(ProtocolError::ResetWithoutClosingHandshake) => None,
        WsError::Protocol(_) => Some(PROTOCOL_ERROR),
        _ => None,
    }
}

/// The close a room's node asked for over NATS, with one of this module's
/// reasons (a close's reason is static text).
#[must_use]
pub fn relayed(code: u16, reason: &str) -> Close {
    [
        ROOM_MOVED,
        TOO_SLOW,
        RATE_LIMITED,
        ROOM_CLOSED,
        ROOM_UNAVAILABLE,
        GOING_AWAY,
    ]
    .into_iter()
    .find(|(known, text)| *known == code && *text == reason)
    .unwrap_or((code, "closed by the room's node"))
}

#[cfg(test)]
mod tests {
    use tungstenite::error::CapacityError;

    use super::*;

    fn code(error: WsError) -> Option<u16> {
        close_for(axum::Error::new(error)).map(|(code, _)| code)
    }

    #[test]
    fn each_kind_of_bad_frame_gets_its_code() {
        let too_long = CapacityError::MessageTooLong {
            size: 20_000,
            max_size: 16_384,
        };
        assert_eq!(code(WsError::Capacity(too_long)), Some(1009));
        assert_eq!(code(WsError::Utf8("bad".to_owned())), Some(1007));
        for violation in [
            ProtocolError::UnmaskedFrameFromClient,
            ProtocolError::NonZeroReservedBits,
            ProtocolError::UnknownDataFrameType(3),
            ProtocolError::UnknownControlFrameType(11),
        ] {
            assert_eq!(code(WsError::Protocol(violation)), Some(1002));
        }
    }

    #[test]
    fn a_broken_connection_gets_no_close_frame() {
        let reset = ProtocolError::ResetWithoutClosingHandshake;
        assert_eq!(code(WsError::Protocol(reset)), None);
        let io = std::io::Error::from(std::io::ErrorKind::BrokenPipe);
        assert_eq!(code(WsError::Io(io)), None);
        assert_eq!(close_for(axum::Error::new("not tungstenite's")), None);
    }
}
