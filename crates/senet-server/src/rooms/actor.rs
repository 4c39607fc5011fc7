//! The room actor: one task owning a room's game, fed by a bounded channel.
//!
//! Every change is stored before it is broadcast; when storing fails the
//! game is left as it was and only the sender hears of it.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use senet_engine::{RuleSetId, Side};
use tokio::sync::{mpsc, oneshot, watch};
use tracing::Instrument;
use uuid::Uuid;

use super::computer_turns::ComputerStep;
use super::registry::Registry;
use super::settle::Refusal;
use super::slot::{GameSlot, Status};
use crate::config::Settings;
use crate::players::Identity;
use crate::store::Store;
use crate::ws::protocol::{GameResult, PlayerView, ServerMessage};

/// A connection's id within the server.
pub type ConnId = u64;

/// What the room sends a connection (its close goes by the
/// [`CloseSignal`], never behind the queue).
#[derive(Debug, Clone)]
pub enum Outbound {
    /// A text frame.
    Text(String),
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

/// Room facts for `GET /api/rooms/{code}`.
#[derive(Debug, Clone, serde::Serialize)]
pub struct RoomInfo {
    /// Code.
    pub code: String,
    /// Rule set.
    pub rule_set: RuleSetId,
    /// Listed in the lobby.
    pub public: bool,
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
    /// Seat holders.
    pub players: Vec<PlayerView>,
    /// The open seat, if any.
    pub open_side: Option<Side>,
    /// Connected spectators.
    pub spectators: usize,
    /// The result, once finished.
    pub result: Option<GameResult>,
}

/// One connection as the room sees it.
pub(super) struct Conn {
    /// Who, when a valid token was given.
    pub(super) player: Option<Uuid>,
    /// Its outbound queue.
    pub(super) tx: mpsc::Sender<Outbound>,
    /// Its close, which skips the queue.
    pub(super) close: CloseSignal,
}

/// A live room.
pub struct Room {
    pub(super) code: String,
    pub(super) public: bool,
    pub(super) rule_set: RuleSetId,
    pub(super) slot: GameSlot,
    pub(super) conns: HashMap<ConnId, Conn>,
    pub(super) seq: u64,
    pub(super) rematch_offer: Option<Side>,
    pub(super) away_since: [Option<Instant>; 2],
    pub(super) seen: [bool; 2],
    pub(super) store: Store,
    pub(super) settings: Arc<Settings>,
    pub(super) last_activity: Instant,
    /// The room's own channel, for the computer's scheduled steps (weak, so
    /// the room still stops when every handle is gone).
    pub(super) me: Option<mpsc::WeakSender<Command>>,
    /// The computer step in flight, if any.
    pub(super) computer_ticket: Option<u64>,
    pub(super) next_ticket: u64,
    /// The computer's last step was refused (e.g. storage failed): wait a
    /// little before trying again.
    pub(super) computer_retry: bool,
    /// A write's outcome is unknown and the store could not be read back
    /// yet: every action waits until it can (see `settle`).
    pub(super) unsettled: bool,
    /// The log span of the current game, inside the room's span: one
    /// `game_id` field per log line, however many games the room has held.
    pub(super) game_span: tracing::Span,
    /// The room's own log span (its code), parent of each game's.
    pub(super) room_span: tracing::Span,
}

impl Room {
    /// A room around a game slot. `resumed` marks rooms loaded from the store:
    /// their seat holders count as away from now on.
    pub(super) fn new(
        code: String,
        public: bool,
        rule_set: RuleSetId,
        slot: GameSlot,
        store: Store,
        settings: Arc<Settings>,
        resumed: bool,
    ) -> Room {
        let now = Instant::now();
        let away = |side: Side| {
            slot.seats[side.index()]
                .as_ref()
                .filter(|seat| seat.computer.is_none())
                .map(|_| now)
        };
        Room {
            code,
            public,
            rule_set,
            away_since: [away(Side::Cone), away(Side::Spool)],
            seen: [resumed, resumed],
            slot,
            conns: HashMap::new(),
            seq: 0,
            rematch_offer: None,
            store,
            settings,
            last_activity: now,
            me: None,
            computer_ticket: None,
            next_ticket: 1,
            computer_retry: false,
            unsettled: false,
            game_span: tracing::Span::none(),
            room_span: tracing::Span::none(),
        }
    }

    /// Opens the log span of the game the room now holds.
    pub(super) fn enter_game_span(&mut self) {
        self.game_span = tracing::info_span!(
            parent: &self.room_span,
            "game",
            game_id = %self.slot.id
        );
    }

    /// Gives the room a handle to its own channel (for the computer's steps).
    pub(super) fn with_self(mut self, me: mpsc::WeakSender<Command>) -> Room {
        self.me = Some(me);
        self
    }

    /// Runs the actor until shutdown, or until the room is finished and idle.
    pub(super) async fn run(
        mut self,
        mut rx: mpsc::Receiver<Command>,
        registry: Registry,
        instance: u64,
        mut shutdown: watch::Receiver<bool>,
    ) {
        crate::metrics::room_started();
        self.room_span = tracing::Span::current();
        self.enter_game_span();
        tracing::info!(parent: &self.game_span, status = self.slot.status.as_str(), "room live");
        let period = Duration::from_secs(1)
            .min(self.settings.idle_room_timeout)
            .max(Duration::from_millis(100));
        let mut tick = tokio::time::interval(period);
        // A resumed game where the computer is to move goes on at once.
        self.schedule_computer();
        loop {
            tokio::select! {
                command = rx.recv() => match command {
                    Some(command) => {
                        self.last_activity = Instant::now();
                        let span = self.game_span.clone();
                        self.handle(command).instrument(span).await;
                        self.schedule_computer();
                    }
                    None => break,
                },
                _ = tick.tick() => {
                    if self.unsettled {
                        let span = self.game_span.clone();
                        if self.settle().instrument(span).await.is_ok() {
                            self.schedule_computer();
                        }
                    }
                    if matches!(self.slot.status, Status::Finished(_))
                        && self.conns.is_empty()
                        && self.last_activity.elapsed() >= self.settings.idle_room_timeout
                    {
                        tracing::info!(parent: &self.game_span, "idle finished room dropped from memory");
                        break;
                    }
                }
                _ = shutdown.changed() => break,
            }
        }
        registry.remove(&self.code, instance);
        crate::metrics::room_stopped();
    }

    pub(super) async fn handle(&mut self, command: Command) {
        match command {
            Command::Connect {
                conn,
                player,
                tx,
                close,
            } => self.connect(conn, player, tx, close).await,
            Command::Disconnect { conn } => self.disconnect(conn),
            Command::Act { conn, msg } => {
                if let Err(refusal) = self.act(conn, msg).await {
                    if let Some(code) = refusal.error_code() {
                        crate::metrics::message_rejected(code.as_str());
                    }
                    self.send_to(conn, &refusal, None);
                }
            }
            Command::Info { reply } => {
                let _ = reply.send(self.info());
            }
            Command::Computer(step) => self.computer_step(step).await,
        }
    }

    pub(super) async fn act(
        &mut self,
        conn: ConnId,
        msg: crate::ws::protocol::ClientMessage,
    ) -> Result<(), Refusal> {
        use crate::ws::protocol::ClientMessage as M;
        if !matches!(msg, M::Snapshot | M::Ping | M::DeclineRematch) {
            // Act only on the game as stored.
            self.settle().await?;
        }
        match msg {
            M::Snapshot => {
                self.send_snapshot(conn);
                Ok(())
            }
            M::Ping => {
                self.send_to(conn, &ServerMessage::Pong, None);
                Ok(())
            }
            M::Throw => self.throw(conn).await,
            M::Move { from } => self.play(conn, from).await,
            M::Resign => self.resign(conn).await,
            M::ClaimWin => self.claim_win(conn).await,
            M::OfferRematch => self.offer_rematch(conn).await,
            M::AcceptRematch => self.accept_rematch(conn).await,
            M::DeclineRematch => self.decline_rematch(conn),
        }
    }
}
