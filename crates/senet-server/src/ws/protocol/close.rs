//! The close codes the server sends and their reasons (`docs/protocol.md`,
//! "Close codes"): wire vocabulary, shared by the socket, the rooms and the
//! tunnels between nodes.

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
/// A message over the socket's hard limit (16 KiB).
pub const TOO_BIG: Close = (1009, "message over 16 KiB");
/// A text message that is not UTF-8.
pub const BAD_UTF8: Close = (1007, "text is not valid UTF-8");
/// The token the socket was opened with was revoked (a log-out, here or
/// everywhere, or a password change on another device): sign in again. A
/// private code (4000–4999), since no standard one says it; 4401 echoes
/// HTTP's 401. Clients do not reconnect with the same token.
pub const SIGNED_OUT: Close = (4401, "signed out");
/// A frame RFC 6455 forbids: unmasked, a reserved opcode or bit, a
/// fragmented or oversized control frame, a stray continuation.
pub const PROTOCOL_ERROR: Close = (1002, "WebSocket protocol violation");

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
