//! Rooms: one actor task per live room owning its game ([`room`]), the
//! parts a room is made of, a registry of handles, loading from the store,
//! the lobby's listings, and the HTTP endpoints of rooms.

mod act;
mod audience;
mod chat;
mod commands;
mod computer_turns;
pub mod fair;
mod handlers;
mod lease;
mod listing;
mod load;
mod lobby;
pub(crate) mod open;
mod registry;
mod room;
pub(crate) mod slot;

pub use chat::lines_of as chat_lines;
pub use commands::{CloseSignal, Command, ConnId, OUTBOUND_QUEUE, Outbound};
pub use fair::client_seed;
pub use handlers::{create_room, get_room};
pub use lobby::{Listings, LiveGames, LobbyEntry, OwnLobby};
pub use registry::{Located, RoomHandle, Rooms};
