//! What a room is sent and what it sends back: the commands of its channel,
//! the frames it queues for a connection, and its public description.

use std::time::Instant;

use axum::extract::ws::Utf8Bytes;
use senet_engine::Choice;
use senet_engine::kendall_v1::Side;
use senet_engine::{RuleSetId, Seat};
use tokio::sync::{mpsc, oneshot, watch};
use uuid::Uuid;

use crate::players::Identity;
use crate::ws::protocol::v2::{SeatInfo, SeriesEntry};
use crate::ws::protocol::{GameResult, PlayerView, Version};

/// A connection's id within the server.
pub type ConnId = u64;

/// What the room sends a connection (its close goes by the
/// [`CloseSignal`], never behind the queue).
#[derive(Debug, Clone)]
pub enum Outbound {
    /// A text frame, and when it was queued: the wait for the connection's
    /// task to write it is the one part of a player's wait on the server
    /// that `senet_action_seconds` leaves out (`senet_frame_wait_seconds`).
    Text {
        /// The frame, shared: every connection told the same event holds
        /// the same bytes (a clone is a reference count).
        text: Utf8Bytes,
        /// When it was queued.
        queued: Instant,
    },
}

impl Outbound {
    /// A text frame queued now.
    #[must_use]
    pub fn text(text: impl Into<Utf8Bytes>) -> Outbound {
        Outbound::Text {
            text: text.into(),
            queued: Instant::now(),
        }
    }
}

/// How many frames may wait for a slow connection before it is dropped.
pub const OUTBOUND_QUEUE: usize = 64;

/// A close (code and reason) that skips the outbound queue. The room sets it
/// when it drops a connection whose queue is full: a close queued behind
/// frames could not be queued either, and would wait on a reader that has
/// stopped reading.
pub type CloseSignal = watch::Sender<Option<(u16, &'static str)>>;

/// What a room can be asked.
#[derive(Debug)]
pub enum Command {
    /// A connection opened; the room answers on `tx` with a snapshot.
    Connect {
        /// The connection.
        conn: ConnId,
        /// Who, when a valid token was given.
        player: Option<Identity>,
        /// The protocol version it speaks.
        version: Version,
        /// The player's client seed for a seat it takes (`docs/fairness.md`).
        client_seed: String,
        /// Where to send frames.
        tx: mpsc::Sender<Outbound>,
        /// Where to say the connection must close at once.
        close: CloseSignal,
    },
    /// A connection closed.
    Disconnect {
        /// The connection.
        conn: ConnId,
    },
    /// A client message.
    Act {
        /// The sender.
        conn: ConnId,
        /// The message.
        msg: crate::ws::protocol::ClientMessage,
        /// When the server had it (read off its socket, or relayed from
        /// another node): a game action's time in the server is measured
        /// from here.
        received: std::time::Instant,
    },
    /// Room facts for the HTTP API.
    Info {
        /// The answer.
        reply: oneshot::Sender<RoomInfo>,
    },
    /// The computer's turn step, scheduled by the room itself: a throw, or a
    /// move it has chosen. Played through the same checks as a person's
    /// message; ignored unless the game is still where it was scheduled.
    Computer(ComputerStep),
}

/// A step of the computer, as the room scheduled it: played only if the
/// game is still where it was (same game, same number of entries) and the
/// ticket is the one in flight.
#[derive(Debug, Clone, Copy)]
pub struct ComputerStep {
    pub(super) ticket: u64,
    pub(super) game_id: Uuid,
    pub(super) entries: usize,
    pub(super) seat: Seat,
    pub(super) action: ComputerAction,
}

/// What the computer chose to do.
#[derive(Debug, Clone, Copy)]
pub(super) enum ComputerAction {
    /// Throw.
    Throw,
    /// Pick this option.
    Decide(Choice),
    /// The pick failed: schedule again after a pause.
    Retry,
}

/// Room facts for `GET /api/rooms/{code}`.
#[derive(Debug, Clone, serde::Serialize)]
pub struct RoomInfo {
    /// Code.
    pub code: String,
    /// Rule set.
    pub rule_set: RuleSetId,
    /// Listed in the lobby.
    pub public: bool,
    /// Whether its games are rated.
    pub rated: bool,
    /// Invite link.
    pub invite_url: String,
    /// WebSocket URL.
    pub ws_url: String,
    /// `waiting`, `playing` or `finished`.
    pub status: &'static str,
    /// The current game.
    pub game_id: Uuid,
    /// Its number in the room.
    pub game_no: i32,
    /// How many seats the table has.
    pub seat_count: u8,
    /// Every seat (protocol version 2's form).
    pub seats: Vec<SeatInfo>,
    /// The open seats.
    pub open_seats: Vec<Seat>,
    /// Seat holders by side (`kendall` rooms, as version 1 names them).
    pub players: Vec<PlayerView>,
    /// The open side, if any (`kendall` rooms).
    pub open_side: Option<Side>,
    /// Connected spectators.
    pub spectators: usize,
    /// The result, once finished (`kendall` rooms, as version 1 tells it).
    pub result: Option<GameResult>,
    /// The standing, once finished.
    pub standing: Option<senet_engine::Standing>,
    /// The series score (Jequier).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub series: Vec<SeriesEntry>,
    /// The room's time control.
    pub time_control: crate::clock::TimeControl,
    /// The clocks as of this answer (rooms with a time control).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clocks: Option<crate::clock::ClockInfo>,
}
