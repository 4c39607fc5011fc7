//! The WebSocket endpoint `GET /ws/rooms/{code}`: upgrade checks, limits,
//! the per-connection loop, and how connections close.

mod close;
mod connection;
mod link;
mod origin;
pub mod protocol;
mod rate;
mod stop;

pub(crate) use close::{answer_close, close as close_socket};
pub use connection::ws_handler;
pub use origin::{check_origin, origin_check};
pub use rate::{CHAT_BURST, CHAT_PER_SEC, PING_BURST, PING_PER_SEC, TokenBucket};

/// Largest text frame the protocol accepts; larger ones get `frame_too_large`.
pub const MAX_CLIENT_FRAME: usize = 4 * 1024;

/// Hard WebSocket limit: a message above this closes the socket (1009).
pub const HARD_MESSAGE_LIMIT: usize = 16 * 1024;

/// Read buffer per socket; 10,000 idle sockets need about 40 MB.
pub const READ_BUFFER: usize = 4 * 1024;
