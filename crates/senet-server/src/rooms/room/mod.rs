//! A live room: the state one actor task owns, made of parts that each keep
//! their own fields — who is connected ([`Audience`]), the lobby listing
//! ([`Listing`]), the computer's turns ([`ComputerTurns`]), the lease
//! ([`RoomLease`]), the game ([`GameSlot`], with its clocks) and the chat
//! ([`ChatState`]). The files below add the room's behaviour, each one job:
//! the select loop ([`actor`]), connections and frames, play, settling an
//! unknown write, the clocks, chat, rematches, presence and the views.
//!
//! Every change is stored before it is broadcast; when storing fails the
//! game is left as it was and only the sender hears of it.

mod actor;
mod chat;
mod computer;
mod connections;
mod info;
mod listing;
mod play;
mod presence;
mod rematch;
mod settle;
mod timing;
mod views;

use std::sync::Arc;
use std::time::Instant;

use senet_engine::RuleSetId;
use tokio::sync::mpsc;

use super::audience::Audience;
use super::chat::ChatState;
use super::commands::Command;
use super::computer_turns::ComputerTurns;
use super::lease::RoomLease;
use super::listing::Listing;
use super::load::StoredRoom;
use super::slot::GameSlot;
use crate::cluster::Held;
use crate::config::Settings;
use crate::review::Reviews;
use crate::store::Store;
use crate::tablebase::Endgames;
use crate::ws::protocol::v2::SeriesEntry;

/// What a room is wired to when it starts: the services it uses and its
/// own channel.
pub(in crate::rooms) struct Wiring {
    /// The store.
    pub(in crate::rooms) store: Store,
    /// The server's settings.
    pub(in crate::rooms) settings: Arc<Settings>,
    /// The expert's endgame tables (shared; empty until loaded).
    pub(in crate::rooms) endgames: Endgames,
    /// Where a finished game's review is queued.
    pub(in crate::rooms) reviews: Reviews,
    /// The room's own channel, for the computer's scheduled steps (weak,
    /// so the room still stops when every handle is gone).
    pub(in crate::rooms) me: mpsc::WeakSender<Command>,
    /// The room's lease, on one node of several.
    pub(in crate::rooms) held: Option<Held>,
}

/// A live room.
pub(in crate::rooms) struct Room {
    code: String,
    public: bool,
    /// Rated: only accounts sit, and each game's end updates ratings.
    rated: bool,
    rule_set: RuleSetId,
    /// The game it holds now.
    slot: GameSlot,
    /// Its connections and the event numbers they were told.
    audience: Audience,
    /// The room's series score (Jequier rooms), from its finished games.
    series: Vec<SeriesEntry>,
    store: Store,
    settings: Arc<Settings>,
    last_activity: Instant,
    /// The computer's seats' turns.
    computer: ComputerTurns,
    /// A write's outcome is unknown and the store could not be read back
    /// yet: every action waits until it can (see `settle`).
    unsettled: bool,
    /// The log span of the current game, inside the room's span: one
    /// `game_id` field per log line, however many games the room has held.
    game_span: tracing::Span,
    /// The room's own log span (its code), parent of each game's.
    room_span: tracing::Span,
    /// Its place in the lobby.
    listing: Listing,
    /// A flag whose write failed is tried again from then on.
    flag_retry: Option<Instant>,
    /// The room's chat: its switch and recent messages (loaded from the
    /// store when first needed).
    chat: ChatState,
    /// Where a finished game's review is queued.
    reviews: Reviews,
    /// The room's lease, on one node of several: the fence of its writes.
    lease: RoomLease,
}

impl Room {
    /// A room as stored (its seats say who is away), wired to its services.
    pub(in crate::rooms) fn new(stored: StoredRoom, wiring: Wiring) -> Room {
        let StoredRoom {
            code,
            public,
            rated,
            rule_set,
            slot,
            series,
            origin,
        } = stored;
        let computer_budget = wiring.settings.computer_budget;
        Room {
            code,
            public,
            rated,
            rule_set,
            slot,
            audience: Audience::default(),
            series,
            store: wiring.store,
            settings: wiring.settings,
            last_activity: Instant::now(),
            computer: ComputerTurns::new(wiring.me, wiring.endgames, computer_budget),
            unsettled: false,
            game_span: tracing::Span::none(),
            room_span: tracing::Span::none(),
            listing: Listing::new(Some(origin)),
            flag_retry: None,
            chat: ChatState::default(),
            reviews: wiring.reviews,
            lease: RoomLease::new(wiring.held),
        }
    }

    /// The fence of the room's writes: its lease, on one node of several.
    fn fence(&self) -> Option<&crate::store::Lease> {
        self.lease.fence()
    }

    /// Opens the log span of the game the room now holds.
    fn enter_game_span(&mut self) {
        self.game_span = tracing::info_span!(
            parent: &self.room_span,
            "game",
            game_id = %self.slot.id
        );
    }
}
