//! Rooms: one actor task per live room owning its game, a registry of
//! handles, loading from the store, and the HTTP endpoints.

mod actor;
mod chat;
pub mod clock;
mod commands;
mod computer_turns;
mod connections;
pub mod fair;
mod handlers;
mod info;
mod load;
mod lobby;
mod lobby_feed;
mod play;
mod presence;
mod registry;
mod rematch;
mod settle;
mod slot;
mod timing;
mod v2_view;

pub use actor::{CloseSignal, Command, ConnId, OUTBOUND_QUEUE, Outbound, RoomInfo};
pub use chat::{CHAT_MAX_CHARS, CHAT_RECENT, lines_of as chat_lines};
pub use fair::client_seed;
pub use handlers::{create_room, get_room};
pub use lobby::LOBBY_LIMIT;
pub use lobby::{Listings, LobbyEntry, Origin, lobby};
pub use lobby_feed::{FEED_INTERVAL, FEED_KEEP_ALIVE, FEED_LIMIT, lobby_feed};
pub use registry::{Located, RoomHandle, Rooms};
