//! Closing a WebSocket: close handshakes bounded in time, and the close a
//! client frame that breaks the protocol earns (the codes are
//! [`super::protocol::close`]'s).

use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use tungstenite::error::{Error as WsError, ProtocolError};

use super::protocol::close::{BAD_UTF8, Close, PROTOCOL_ERROR, TOO_BIG};

/// How long a close may take: sending the close frame and waiting for the
/// client's answer, together. A client that stopped reading never takes the
/// close frame (its TCP window stays shut), so without this bound its task,
/// and a graceful shutdown waiting for every task, would wait for it.
pub const CLOSE_TIMEOUT: Duration = Duration::from_secs(1);

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
