//! The room actor: one task owning a room's game, fed by a bounded channel.
//!
//! Every change is stored before it is broadcast; when storing fails the
//! game is left as it was and only the sender hears of it.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use senet_engine::RuleSetId;
use tokio::sync::{mpsc, watch};
use tracing::Instrument;
use uuid::Uuid;

use super::play::Act;
use super::registry::Registry;
use super::settle::Refusal;
use super::slot::{GameSlot, Status};
use crate::config::Settings;
use crate::store::Store;
use crate::ws::protocol::v2::SeriesEntry;
use crate::ws::protocol::{ServerMessage, Version};

pub use super::commands::{CloseSignal, Command, ConnId, OUTBOUND_QUEUE, Outbound, RoomInfo};

/// The last event number told in each protocol version.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Seqs {
    /// Version 1.
    pub(super) v1: u64,
    /// Version 2.
    pub(super) v2: u64,
}

/// One connection as the room sees it.
pub(super) struct Conn {
    /// Who, when a valid token was given.
    pub(super) player: Option<Uuid>,
    /// The protocol version it speaks.
    pub(super) version: Version,
    /// Its outbound queue.
    pub(super) tx: mpsc::Sender<Outbound>,
    /// Its close, which skips the queue.
    pub(super) close: CloseSignal,
    /// The player's display name as of connecting (the author's name on
    /// its chat messages).
    pub(super) name: Option<String>,
    /// A seat holder who asked to read the spectators' chat too.
    pub(super) follows_spectators: bool,
}

/// A live room.
pub struct Room {
    pub(super) code: String,
    pub(super) public: bool,
    pub(super) rule_set: RuleSetId,
    pub(super) slot: GameSlot,
    pub(super) conns: HashMap<ConnId, Conn>,
    pub(super) seq: Seqs,
    /// The room's series score (Jequier rooms), from its finished games.
    pub(super) series: Vec<SeriesEntry>,
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
    /// Who created the room, when (for the lobby); `None` lists it never.
    pub(super) origin: Option<super::lobby::Origin>,
    /// What the lobby was last told of the room.
    pub(super) listed: Option<super::lobby::LobbyEntry>,
    /// The game the lobby feed was last told is being played here (a
    /// public room's game in progress), so a start or an end wakes it.
    pub(super) live_told: Option<Uuid>,
    /// Where the room lists itself, and as which instance (set when it
    /// runs).
    pub(super) lobby: Option<(Registry, u64)>,
    /// The number of spectators the connections were last told.
    pub(super) spectators_told: usize,
    /// A flag whose write failed is tried again from then on.
    pub(super) flag_retry: Option<Instant>,
    /// The expert's endgame tables (shared; empty until loaded).
    pub(super) endgames: crate::tablebase::Endgames,
    /// The room's chat: its switch and recent messages (loaded from the
    /// store when first needed).
    pub(super) chat: super::chat::ChatState,
    /// Where a finished game's review is queued (none in a bare room).
    pub(super) reviews: Option<crate::review::Reviews>,
    /// The room's lease, on one node of several: the fence of its writes.
    pub(super) held: Option<crate::cluster::Held>,
    /// Another node took the room over (a fenced write, or a renewal that
    /// found the lease gone): the actor stops and its clients reconnect.
    pub(super) moved: bool,
}

impl Room {
    /// A room around a game slot (whose seats say who is away).
    pub(super) fn new(
        code: String,
        public: bool,
        rule_set: RuleSetId,
        slot: GameSlot,
        store: Store,
        settings: Arc<Settings>,
        series: Vec<SeriesEntry>,
    ) -> Room {
        let now = Instant::now();
        Room {
            code,
            public,
            rule_set,
            slot,
            conns: HashMap::new(),
            seq: Seqs::default(),
            series,
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
            origin: None,
            listed: None,
            live_told: None,
            lobby: None,
            spectators_told: 0,
            flag_retry: None,
            endgames: crate::tablebase::Endgames::default(),
            chat: super::chat::ChatState::default(),
            reviews: None,
            held: None,
            moved: false,
        }
    }

    /// Gives the room its lease (one node of several).
    pub(super) fn with_lease(mut self, held: Option<crate::cluster::Held>) -> Room {
        self.held = held;
        self
    }

    /// The fence of the room's writes: its lease, on one node of several.
    pub(super) fn fence(&self) -> Option<&crate::store::Lease> {
        self.held.as_ref().map(|held| &held.lease)
    }

    /// Lends the room the expert's endgame tables.
    pub(super) fn with_endgames(mut self, endgames: crate::tablebase::Endgames) -> Room {
        self.endgames = endgames;
        self
    }

    /// Gives the room the review service its finished games are queued on.
    pub(super) fn with_reviews(mut self, reviews: crate::review::Reviews) -> Room {
        self.reviews = Some(reviews);
        self
    }

    /// Tells the room who created it and when, for the lobby.
    pub(super) fn with_origin(mut self, origin: Option<super::lobby::Origin>) -> Room {
        self.origin = origin;
        self
    }

    /// Brings the room's lobby entry up to date: after every command (a
    /// connection, a seat taken, a game started), and when its creator
    /// connects before the snapshot goes out, so a creator who sees the
    /// room is already in the lobby.
    pub(super) fn relist(&mut self) {
        let Some((registry, instance)) = &self.lobby else {
            return;
        };
        let entry = self.lobby_entry();
        if entry != self.listed {
            registry
                .listings()
                .set(&self.code, *instance, entry.clone());
            self.listed = entry;
        }
        // Only after the store has the change: the feeds read the games
        // being played from it.
        let live = (self.public && self.slot.status == Status::Playing).then_some(self.slot.id);
        if live != self.live_told {
            registry.listings().games_changed();
            self.live_told = live;
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
        self.lobby = Some((registry.clone(), instance));
        self.room_span = tracing::Span::current();
        self.enter_game_span();
        tracing::info!(parent: &self.game_span, status = self.slot.status.as_str(), "room live");
        let period = Duration::from_secs(1)
            .min(self.settings.idle_room_timeout)
            .max(Duration::from_millis(100));
        let mut tick = tokio::time::interval(period);
        // A game that starts with a draw the rules make by themselves (the
        // lot), or was stored just before one, goes on at once; so does a
        // resumed game where the computer is to act.
        self.draw_by_itself().await;
        self.schedule_computer();
        self.sync_clock();
        let mut lost = self.held.as_ref().map(|held| held.lost.clone());
        loop {
            if self.moved {
                break;
            }
            let deadline = self.clock_deadline();
            tokio::select! {
                () = lease_lost(lost.as_mut()) => {
                    self.moved = true;
                    break;
                }
                command = rx.recv() => match command {
                    Some(command) => {
                        self.last_activity = Instant::now();
                        let span = self.game_span.clone();
                        self.handle(command).instrument(span).await;
                        self.draw_by_itself().await;
                        self.schedule_computer();
                        self.sync_clock();
                        self.relist();
                    }
                    None => break,
                },
                () = until(deadline) => {
                    let span = self.game_span.clone();
                    self.flag_due().instrument(span).await;
                    self.schedule_computer();
                    self.sync_clock();
                    self.relist();
                }
                _ = tick.tick() => {
                    if self.unsettled {
                        let span = self.game_span.clone();
                        if self.settle().instrument(span).await.is_ok() {
                            self.schedule_computer();
                        }
                        self.relist();
                    }
                    if self.slot.table.draws_by_itself() {
                        let span = self.game_span.clone();
                        self.draw_by_itself().instrument(span).await;
                        self.schedule_computer();
                    }
                    self.sync_clock();
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
        if self.moved {
            tracing::warn!(parent: &self.game_span, "room moved to another node; its clients reconnect");
            self.close_all(crate::ws::close::ROOM_MOVED);
        } else {
            let span = self.game_span.clone();
            self.store_unstored().instrument(span).await;
        }
        if let Some(held) = self.held.take() {
            // Handed over, unless another node has it already.
            held.let_go(!self.moved).await;
        }
        crate::metrics::room_stopped();
    }

    /// Closes every connection with `close` (past their queues).
    fn close_all(&mut self, close: crate::ws::close::Close) {
        for (_, conn) in self.conns.drain() {
            let _ = conn.close.send(Some(close));
        }
    }

    pub(super) async fn handle(&mut self, command: Command) {
        match command {
            Command::Connect {
                conn,
                player,
                version,
                client_seed,
                tx,
                close,
            } => {
                self.connect(conn, player, version, client_seed, tx, close)
                    .await;
                // After the snapshot, which says who the connection is.
                self.send_chat_history(conn).await;
            }
            Command::Disconnect { conn } => self.disconnect(conn),
            Command::Act { conn, msg } => {
                if let Err(refusal) = self.act(conn, msg).await {
                    if let Some(code) = refusal.error_code() {
                        crate::metrics::message_rejected(code.as_str());
                    }
                    self.send_to(conn, &refusal);
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
        if !matches!(
            msg,
            M::Snapshot
                | M::Ping
                | M::DeclineRematch
                | M::Chat { .. }
                | M::ChatFollow { .. }
                | M::ChatSetting { .. }
        ) {
            // Act only on the game as stored.
            self.settle().await?;
        }
        match msg {
            M::Snapshot => {
                self.send_snapshot(conn);
                Ok(())
            }
            M::Ping => {
                self.send_to(conn, &ServerMessage::Pong);
                Ok(())
            }
            // A seat out of the game hears `out_of_game` before its clock
            // is looked at: it is out, whether on time or otherwise.
            M::Throw => {
                let seat = self.in_game_seat(conn)?;
                self.check_clock(seat).await?;
                self.advance(Act::Throw(seat)).await
            }
            M::Move { from } => {
                let seat = self.in_game_seat(conn)?;
                self.check_clock(seat).await?;
                let choice = square_choice(from)?;
                self.advance(Act::Decide(seat, choice)).await
            }
            M::Decide { option } => {
                let seat = self.in_game_seat(conn)?;
                self.check_clock(seat).await?;
                let choice = option.parse::<senet_engine::Choice>().map_err(|e| {
                    super::settle::refuse(
                        crate::ws::protocol::ErrorCode::BadMessage,
                        format!("`{option}` is not an option's text: {e}"),
                    )
                })?;
                self.advance(Act::Decide(seat, choice)).await
            }
            M::Resign => self.resign(conn).await,
            M::ClaimWin => self.claim_win(conn).await,
            M::OfferRematch => self.offer_rematch(conn).await,
            M::AcceptRematch => self.accept_rematch(conn).await,
            M::DeclineRematch => self.decline_rematch(conn),
            M::Chat { channel, text } => self.chat(conn, channel, &text).await,
            M::ChatFollow { spectators } => self.chat_follow(conn, spectators).await,
            M::ChatSetting { on } => self.chat_setting(conn, on).await,
        }
    }
}

/// Resolves once the room's lease is lost (the sender says so, or is gone
/// because a newer take replaced it); never without a lease.
async fn lease_lost(lost: Option<&mut watch::Receiver<bool>>) {
    match lost {
        Some(lost) => {
            let _ = lost.wait_for(|lost| *lost).await;
        }
        None => std::future::pending().await,
    }
}

/// Waits until `deadline`, or for ever when there is none.
async fn until(deadline: Option<Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline.into()).await,
        None => std::future::pending().await,
    }
}

/// Version 1's `move`: the square of the piece to move, as a decision.
fn square_choice(from: i64) -> Result<senet_engine::Choice, Refusal> {
    let from = u8::try_from(from)
        .ok()
        .and_then(senet_engine::Square::new)
        .ok_or_else(|| ServerMessage::Error {
            code: crate::ws::protocol::ErrorCode::IllegalMove,
            message: format!("`{from}` is not a square: squares are 1 to 30"),
            reason: Some(senet_engine::Reason::NotASquare),
        })?;
    Ok(senet_engine::Choice::Move { from })
}

impl Room {
    /// Draws what the rules draw by themselves now (a lot at a game's
    /// start), if anything; a failure to store is retried on the next
    /// command or tick.
    pub(super) async fn draw_by_itself(&mut self) {
        if self.slot.status == Status::Playing
            && self.slot.table.draws_by_itself()
            && !self.unsettled
        {
            if let Err(refusal) = self.advance(Act::Draws).await {
                tracing::warn!(
                    ?refusal,
                    "a draw the rules make by themselves could not be stored yet"
                );
            }
        }
    }
}
