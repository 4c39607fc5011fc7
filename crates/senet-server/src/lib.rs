//! Senet Online game server: player identities, rooms with invite links,
//! authoritative games of every rule set over WebSockets, every step stored
//! in PostgreSQL or SQLite.
//!
//! Layout: [`config`] (flags), [`app`] (state, router, server), [`error`]
//! (HTTP errors), [`players`] (identities and tokens), [`accounts`]
//! (usernames, passwords, login sessions), [`table`] (a game of
//! any rule set and its record), [`rooms`] (room actors and registry),
//! [`ws`] (WebSocket protocol and connections), [`store`] (the database),
//! [`history`] (match history), [`web`] (the embedded browser client),
//! [`tablebase`] (the expert's endgame tables, loaded in the background),
//! [`review`] (finished games' reviews, computed in the background),
//! [`workers`] (low-priority threads for reviews and the computer's moves).

#![forbid(unsafe_code)]

pub(crate) mod accounts;
pub mod app;
pub(crate) mod clock;
pub(crate) mod cluster;
pub mod computer;
pub mod config;
pub(crate) mod error;
pub(crate) mod history;
pub mod listener;
pub(crate) mod lobby;
pub(crate) mod metrics;
pub(crate) mod ops;
pub(crate) mod pairing;
pub(crate) mod players;
pub(crate) mod random;
pub(crate) mod ratings;
pub(crate) mod review;
pub(crate) mod rooms;
pub mod store;
pub(crate) mod table;
pub(crate) mod tablebase;
pub mod web;
pub(crate) mod workers;
pub mod ws;

pub use app::{Server, ShutdownHandle};
pub use config::{Config, Settings};
pub use store::Store;
