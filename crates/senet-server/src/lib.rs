//! Senet Online game server: player identities, rooms with invite links,
//! authoritative games of every rule set over WebSockets, every step stored
//! in PostgreSQL or SQLite.
//!
//! Layout: [`config`] (flags), [`app`] (state, router, server), [`error`]
//! (HTTP errors), [`players`] (identities and tokens), [`table`] (a game of
//! any rule set and its record), [`rooms`] (room actors and registry),
//! [`ws`] (WebSocket protocol and connections), [`store`] (the database),
//! [`history`] (match history), [`web`] (the embedded browser client),
//! [`tablebase`] (the expert's endgame tables, loaded in the background),
//! [`review`] (finished games' reviews, computed in the background).

#![forbid(unsafe_code)]

pub mod app;
pub mod clock;
pub mod cluster;
pub mod computer;
pub mod config;
pub mod error;
pub mod history;
pub mod lobby;
pub mod metrics;
pub mod ops;
pub mod players;
pub mod random;
pub mod review;
pub mod rooms;
pub mod store;
pub mod table;
pub mod tablebase;
pub mod web;
pub mod ws;

pub use app::{Server, ShutdownHandle};
pub use config::{Config, Settings};
pub use store::Store;
