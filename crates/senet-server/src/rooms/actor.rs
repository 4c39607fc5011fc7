//! The room actor: one task owning a room's game, fed by a bounded channel.
//!
//! Every change is stored before it is broadcast; when storing fails the
//! game is left as it was and only the sender hears of it.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use senet_engine::{GameError, Phase, PlayError, RuleSetId, Side, Square, Sticks};
use tokio::sync::{mpsc, oneshot, watch};
use tracing::Instrument;
use uuid::Uuid;

use super::registry::Registry;
use super::settle::{Refusal, refuse};
use super::slot::{Fingerprint, GameSlot, Seat, Status, board_of, sticks_bits};
use crate::config::Settings;
use crate::players::Identity;
use crate::store::{Finish, NewTurn, Store};
use crate::ws::protocol::{
    ErrorCode, GameResult, How, MoveView, PlayerView, RoomView, ServerMessage, Snapshot, ThrowView,
    YouView,
};

/// A connection's id within the server.
pub type ConnId = u64;

/// What the room sends a connection: JSON text, or a close with a code.
#[derive(Debug, Clone)]
pub enum Outbound {
    /// A text frame.
    Text(String),
    /// Close the socket with this code and reason.
    Close(u16, &'static str),
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

/// A step of the computer, as the room scheduled it.
#[derive(Debug, Clone, Copy)]
pub struct ComputerStep {
    ticket: u64,
    game_id: Uuid,
    turns: usize,
    action: ComputerAction,
}

#[derive(Debug, Clone, Copy)]
enum ComputerAction {
    Throw,
    Move {
        from: u8,
    },
    /// The search failed: schedule again after a pause.
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

struct Conn {
    player: Option<Uuid>,
    tx: mpsc::Sender<Outbound>,
    close: CloseSignal,
}

/// A live room.
pub struct Room {
    pub(super) code: String,
    pub(super) public: bool,
    pub(super) rule_set: RuleSetId,
    pub(super) slot: GameSlot,
    conns: HashMap<ConnId, Conn>,
    seq: u64,
    pub(super) rematch_offer: Option<Side>,
    away_since: [Option<Instant>; 2],
    seen: [bool; 2],
    pub(super) store: Store,
    settings: Arc<Settings>,
    last_activity: Instant,
    /// The room's own channel, for the computer's scheduled steps (weak, so
    /// the room still stops when every handle is gone).
    me: Option<mpsc::WeakSender<Command>>,
    /// The computer step in flight, if any.
    pub(super) computer_ticket: Option<u64>,
    next_ticket: u64,
    /// The computer's last step was refused (e.g. storage failed): wait a
    /// little before trying again.
    computer_retry: bool,
    /// A write's outcome is unknown and the store could not be read back
    /// yet: every action waits until it can (see `settle`).
    pub(super) unsettled: bool,
    /// The log span of the current game, inside the room's span: one
    /// `game_id` field per log line, however many games the room has held.
    game_span: tracing::Span,
    /// The room's own log span (its code), parent of each game's.
    room_span: tracing::Span,
}

fn engine_refusal(error: &GameError) -> Refusal {
    match error {
        GameError::MustMoveFirst => refuse(ErrorCode::MustMoveFirst, error.to_string()),
        GameError::MustThrowFirst => refuse(ErrorCode::MustThrowFirst, error.to_string()),
        GameError::Illegal(PlayError::GameOver) => refuse(ErrorCode::GameOver, error.to_string()),
        GameError::Illegal(_) | GameError::BadThrow(_) => ServerMessage::Error {
            code: ErrorCode::IllegalMove,
            message: error.to_string(),
            reason: Some(error.code()),
        },
    }
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

    async fn handle(&mut self, command: Command) {
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

    /// When the computer is to act and nothing is scheduled for it yet,
    /// schedules its next step: after the configured delay, a throw; or,
    /// once thrown, the move `senet-ai` picks (on a blocking thread). The
    /// step comes back as [`Command::Computer`] on the room's own channel.
    fn schedule_computer(&mut self) {
        if self.computer_ticket.is_some() || self.slot.status != Status::Playing {
            return;
        }
        let position = self.slot.game.position();
        let side = position.to_move();
        let Some(level) = self.slot.computer_at(side) else {
            return;
        };
        let Some(me) = self.me.clone() else {
            return;
        };
        let ticket = self.next_ticket;
        self.next_ticket += 1;
        self.computer_ticket = Some(ticket);
        let game_id = self.slot.id;
        let turns = self.slot.game.record().len();
        let to_move = match self.slot.game.phase() {
            Phase::ToMove { throw, .. } => Some(throw),
            _ => None,
        };
        let mut delay = self.settings.computer_delay;
        if std::mem::take(&mut self.computer_retry) {
            delay = delay.max(Duration::from_secs(1));
        }
        tokio::spawn(async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            let action = match to_move {
                None => ComputerAction::Throw,
                Some(throw) => {
                    let chosen = tokio::task::spawn_blocking(move || {
                        crate::computer::choose_square(&position, throw, level)
                    })
                    .await;
                    match chosen {
                        Ok(Some(from)) => ComputerAction::Move { from },
                        Ok(None) => {
                            tracing::error!(
                                "the computer found no move after a throw that has one"
                            );
                            ComputerAction::Retry
                        }
                        Err(error) => {
                            tracing::error!(%error, "the computer's search failed");
                            ComputerAction::Retry
                        }
                    }
                }
            };
            if let Some(tx) = me.upgrade() {
                let _ = tx
                    .send(Command::Computer(ComputerStep {
                        ticket,
                        game_id,
                        turns,
                        action,
                    }))
                    .await;
            }
        });
    }

    /// Plays a step the computer scheduled, if the game is still where it
    /// was: the same checks as a person's `throw` or `move`.
    async fn computer_step(&mut self, step: ComputerStep) {
        if self.computer_ticket != Some(step.ticket) {
            return;
        }
        self.computer_ticket = None;
        if step.game_id != self.slot.id || step.turns != self.slot.game.record().len() {
            return;
        }
        let side = self.slot.game.position().to_move();
        if self.slot.computer_at(side).is_none() {
            return;
        }
        if self.unsettled {
            // The tick settles the game first; the computer waits for it.
            self.computer_retry = true;
            return;
        }
        let result = match step.action {
            ComputerAction::Throw => self.throw_as(side).await,
            ComputerAction::Move { from } => self.play_as(side, i64::from(from)).await,
            ComputerAction::Retry => {
                self.computer_retry = true;
                return;
            }
        };
        if let Err(refusal) = result {
            // A storage failure leaves the game as it was; the next
            // schedule tries again.
            tracing::warn!(?refusal, "the computer's step was refused");
            self.computer_retry = true;
            if let Some(code) = refusal.error_code() {
                crate::metrics::message_rejected(code.as_str());
            }
        }
    }

    fn connected(&self, side: Side) -> bool {
        let Some(seat) = &self.slot.seats[side.index()] else {
            return false;
        };
        if seat.computer.is_some() {
            // The computer never disconnects.
            return true;
        }
        self.conns
            .values()
            .any(|conn| conn.player == Some(seat.player_id))
    }

    fn seat_of(&self, conn: ConnId) -> Option<Side> {
        let player = self.conns.get(&conn)?.player?;
        self.slot.side_of(player)
    }

    fn snapshot_for(&self, conn: ConnId) -> ServerMessage {
        let you = match self.seat_of(conn) {
            Some(side) => YouView::Seat { side },
            None => YouView::Spectator,
        };
        let game = &self.slot.game;
        let moves = match game.record().moves(self.rule_set.rules()) {
            Ok(moves) => moves.into_iter().map(|mv| mv.map(MoveView::from)).collect(),
            Err(error) => {
                // The record was checked turn by turn as it was played.
                tracing::error!(room = %self.code, %error, "the game's own record does not replay");
                Vec::new()
            }
        };
        ServerMessage::Snapshot(Box::new(Snapshot {
            room: RoomView {
                code: self.code.clone(),
                invite_url: self.settings.invite_url(&self.code),
                public: self.public,
            },
            rule_set: self.rule_set,
            game_id: self.slot.id,
            game_no: self.slot.no,
            players: self.slot.players(|side| self.connected(side)),
            you,
            position: self.slot.position_text(),
            board: self.slot.board(),
            borne_off: self.slot.borne_off(),
            to_move: game.position().to_move(),
            phase: self.slot.phase_view(),
            last_throw: self.slot.last_throw,
            record: game.record().to_string(),
            turns: game.record().turns().to_vec(),
            moves,
            rematch_offered_by: self.rematch_offer,
        }))
    }

    fn info(&self) -> RoomInfo {
        let open_side = match self.slot.status {
            Status::Waiting => Side::ALL
                .into_iter()
                .find(|side| self.slot.seats[side.index()].is_none()),
            _ => None,
        };
        RoomInfo {
            code: self.code.clone(),
            rule_set: self.rule_set,
            public: self.public,
            invite_url: self.settings.invite_url(&self.code),
            ws_url: self.settings.ws_url(&self.code),
            status: self.slot.status.as_str(),
            game_id: self.slot.id,
            game_no: self.slot.no,
            players: self.slot.players(|side| self.connected(side)),
            open_side,
            spectators: self.conns.values().filter(|c| c.player.is_none()).count(),
            result: match self.slot.status {
                Status::Finished(result) => Some(result),
                _ => None,
            },
        }
    }

    /// Sends to one connection; a full or closed queue drops it.
    fn send_to(&mut self, conn: ConnId, message: &ServerMessage, seq: Option<u64>) {
        let Some(target) = self.conns.get(&conn) else {
            return;
        };
        if target
            .tx
            .try_send(Outbound::Text(message.to_json(seq)))
            .is_err()
        {
            self.drop_conn(conn);
        }
    }

    fn send_snapshot(&mut self, conn: ConnId) {
        let snapshot = self.snapshot_for(conn);
        let seq = self.seq;
        self.send_to(conn, &snapshot, Some(seq));
    }

    pub(super) fn snapshot_all(&mut self) {
        let ids: Vec<ConnId> = self.conns.keys().copied().collect();
        for conn in ids {
            self.send_snapshot(conn);
        }
    }

    /// Sends an event to everyone with the next event number.
    fn broadcast(&mut self, message: &ServerMessage) {
        self.seq += 1;
        let text = message.to_json(Some(self.seq));
        let mut slow = Vec::new();
        for (&id, conn) in &self.conns {
            if conn.tx.try_send(Outbound::Text(text.clone())).is_err() {
                slow.push(id);
            }
        }
        for id in slow {
            self.drop_conn(id);
        }
    }

    fn drop_conn(&mut self, conn: ConnId) {
        if let Some(dropped) = self.conns.get(&conn) {
            // Not through `tx`: it is full.
            dropped
                .close
                .send_replace(Some((1008, "too slow to read events")));
            tracing::warn!(conn, "dropping a connection that does not keep up");
        }
        self.disconnect(conn);
    }

    async fn connect(
        &mut self,
        conn: ConnId,
        player: Option<Identity>,
        tx: mpsc::Sender<Outbound>,
        close: CloseSignal,
    ) {
        let player_id = player.as_ref().map(|p| p.id);
        let seat = player_id.and_then(|id| self.slot.side_of(id));
        let was_connected = seat.is_some_and(|side| self.connected(side));
        self.conns.insert(
            conn,
            Conn {
                player: player_id,
                tx,
                close,
            },
        );
        if let Some(side) = seat {
            if !was_connected {
                self.away_since[side.index()] = None;
                if self.seen[side.index()] {
                    crate::metrics::reconnect();
                    self.broadcast(&ServerMessage::Reconnected { side });
                }
                self.seen[side.index()] = true;
            }
            self.send_snapshot(conn);
            return;
        }
        if let (Some(identity), Status::Waiting) = (player, self.slot.status) {
            if let Some(side) = Side::ALL
                .into_iter()
                .find(|side| self.slot.seats[side.index()].is_none())
            {
                let mut seats = self.slot.fingerprint().seats;
                seats[side.index()] = Some(identity.id);
                let expected = Fingerprint {
                    status: Status::Playing,
                    seats,
                    ..self.slot.fingerprint()
                };
                let written = self
                    .store
                    .seat_and_start(self.slot.id, side.name(), identity.id)
                    .await;
                match self.stored(written, &expected).await {
                    Ok(()) => {
                        tracing::info!(player_id = %identity.id, side = side.name(), "seat taken, game starts");
                        self.slot.seats[side.index()] =
                            Some(Seat::new(identity.id, identity.display_name.clone()));
                        self.slot.status = Status::Playing;
                        crate::metrics::game_started();
                        self.seen[side.index()] = true;
                        self.away_since[side.index()] = None;
                        self.broadcast(&ServerMessage::PlayerJoined {
                            side,
                            player_id: identity.id,
                            display_name: identity.display_name,
                        });
                        self.announce_game_started();
                        return;
                    }
                    Err(refusal) => {
                        tracing::error!(?refusal, "could not store the new seat; joining as spectator");
                    }
                }
            }
        }
        crate::metrics::spectator(true);
        self.send_snapshot(conn);
    }

    pub(super) fn announce_game_started(&mut self) {
        let players = self.slot.players(|side| self.connected(side));
        self.broadcast(&ServerMessage::GameStarted {
            game_id: self.slot.id,
            game_no: self.slot.no,
            players,
        });
        self.snapshot_all();
    }

    fn disconnect(&mut self, conn: ConnId) {
        let seat = self.seat_of(conn);
        if self.conns.remove(&conn).is_none() {
            return;
        }
        if seat.is_none() {
            crate::metrics::spectator(false);
        }
        if let Some(side) = seat {
            if !self.connected(side) {
                self.away_since[side.index()] = Some(Instant::now());
                self.broadcast(&ServerMessage::Disconnected { side });
            }
        }
    }

    async fn act(
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

    fn player_side(&self, conn: ConnId) -> Result<Side, Refusal> {
        self.seat_of(conn).ok_or_else(|| {
            refuse(
                ErrorCode::NotAPlayer,
                "you hold no seat in this game (spectators cannot act)",
            )
        })
    }

    fn require_playing(&self) -> Result<(), Refusal> {
        match self.slot.status {
            Status::Playing => Ok(()),
            Status::Waiting => Err(refuse(
                ErrorCode::GameNotStarted,
                "the game waits for an opponent",
            )),
            Status::Finished(_) => Err(refuse(ErrorCode::GameOver, "the game is over")),
        }
    }

    fn require_turn(&self, side: Side) -> Result<(), Refusal> {
        if self.slot.game.position().to_move() == side {
            Ok(())
        } else {
            Err(refuse(ErrorCode::NotYourTurn, "it is your opponent's turn"))
        }
    }

    async fn throw(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let side = self.player_side(conn)?;
        self.throw_as(side).await
    }

    /// A throw by the seat holder of `side` (a person or the computer).
    async fn throw_as(&mut self, side: Side) -> Result<(), Refusal> {
        self.require_playing()?;
        self.require_turn(side)?;
        if matches!(self.slot.game.phase(), Phase::ToMove { .. }) {
            return Err(engine_refusal(&GameError::MustMoveFirst));
        }
        // The OS-seeded CSPRNG; ThreadRng is not Send, so it lives only here.
        let sticks = {
            let mut rng = rand::rng();
            Sticks::throw(&mut rng)
        };
        let mut next = self.slot.game.clone();
        let thrown = next.throw(sticks).map_err(|e| engine_refusal(&e))?;
        let bits = sticks_bits(sticks);
        if thrown.forfeited() {
            let turn = NewTurn {
                game_id: self.slot.id,
                turn_no: i32::try_from(next.record().len()).unwrap_or(i32::MAX),
                side: side.name(),
                throw: i16::from(thrown.throw.value()),
                sticks: bits,
                from_square: None,
                position: next.rules().position_text(&next.position()),
            };
            let expected = Fingerprint {
                turns: next.record().len(),
                pending: None,
                ..self.slot.fingerprint()
            };
            let written = self.store.insert_turn(&turn, None).await;
            self.stored(written, &expected).await?;
        } else {
            let expected = Fingerprint {
                pending: Some(bits),
                ..self.slot.fingerprint()
            };
            let written = self.store.set_pending_throw(self.slot.id, bits).await;
            self.stored(written, &expected).await?;
        }
        let turn_no = next.record().len();
        let to_move = next.position().to_move();
        self.slot.game = next;
        self.slot.last_throw = Some(ThrowView {
            side,
            sticks: sticks.lights(),
            value: thrown.throw.value(),
        });
        self.broadcast(&ServerMessage::Thrown {
            side,
            sticks: sticks.lights(),
            value: thrown.throw.value(),
            extra_throw: self.slot.game.rules().extra_throw(thrown.throw),
            forfeited: thrown.forfeited(),
            moves: thrown.moves.iter().map(MoveView::from).collect(),
        });
        if thrown.forfeited() {
            self.broadcast(&ServerMessage::Forfeited {
                side,
                throw: thrown.throw.value(),
                turn_no,
                to_move,
            });
        }
        Ok(())
    }

    async fn play(&mut self, conn: ConnId, from: i64) -> Result<(), Refusal> {
        let side = self.player_side(conn)?;
        self.play_as(side, from).await
    }

    /// A move by the seat holder of `side` (a person or the computer).
    async fn play_as(&mut self, side: Side, from: i64) -> Result<(), Refusal> {
        self.require_playing()?;
        self.require_turn(side)?;
        if matches!(self.slot.game.phase(), Phase::ToThrow) {
            return Err(engine_refusal(&GameError::MustThrowFirst));
        }
        let square = u8::try_from(from)
            .ok()
            .and_then(Square::new)
            .ok_or_else(|| ServerMessage::Error {
                code: ErrorCode::IllegalMove,
                message: format!("`{from}` is not a square: squares are 1 to 30"),
                reason: Some("not_a_square"),
            })?;
        let mut next = self.slot.game.clone();
        let played = next.play(square).map_err(|e| engine_refusal(&e))?;
        let turn = NewTurn {
            game_id: self.slot.id,
            turn_no: i32::try_from(next.record().len()).unwrap_or(i32::MAX),
            side: side.name(),
            throw: i16::from(played.throw.value()),
            sticks: self
                .slot
                .last_throw
                .map_or(0, |t| sticks_bits(Sticks::from_lights(t.sticks))),
            from_square: Some(i16::from(square.number())),
            position: next.rules().position_text(&played.position),
        };
        let finish = played.winner.map(|winner| Finish {
            winner: winner.name(),
            how: How::BorneOff.as_str(),
        });
        let expected = Fingerprint {
            turns: next.record().len(),
            pending: None,
            status: played.winner.map_or(self.slot.status, |winner| {
                Status::Finished(GameResult {
                    winner,
                    how: How::BorneOff,
                })
            }),
            ..self.slot.fingerprint()
        };
        let written = self.store.insert_turn(&turn, finish).await;
        self.stored(written, &expected).await?;
        let turn_no = next.record().len();
        self.slot.game = next;
        self.broadcast(&ServerMessage::Moved {
            side,
            throw: played.throw.value(),
            turn_no,
            mv: MoveView::from(played.mv),
            position: turn.position.clone(),
            board: board_of(&played.position),
            to_move: played.position.to_move(),
        });
        if let Some(winner) = played.winner {
            self.end(GameResult {
                winner,
                how: How::BorneOff,
            });
        }
        Ok(())
    }

    fn end(&mut self, result: GameResult) {
        tracing::info!(
            winner = result.winner.name(),
            how = result.how.as_str(),
            "game over"
        );
        self.slot.status = Status::Finished(result);
        crate::metrics::game_finished(result.how.as_str());
        self.rematch_offer = None;
        self.broadcast(&ServerMessage::GameOver {
            game_id: self.slot.id,
            result,
        });
    }

    async fn finish(&mut self, result: GameResult) -> Result<(), Refusal> {
        let expected = Fingerprint {
            status: Status::Finished(result),
            pending: None,
            ..self.slot.fingerprint()
        };
        let written = self
            .store
            .finish_game(
                self.slot.id,
                Finish {
                    winner: result.winner.name(),
                    how: result.how.as_str(),
                },
            )
            .await;
        self.stored(written, &expected).await?;
        self.end(result);
        Ok(())
    }

    async fn resign(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let side = self.player_side(conn)?;
        self.require_playing()?;
        self.finish(GameResult {
            winner: side.opponent(),
            how: How::Resigned,
        })
        .await
    }

    async fn claim_win(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let side = self.player_side(conn)?;
        self.require_playing()?;
        let opponent = side.opponent();
        if self.slot.game.position().to_move() != opponent {
            return Err(refuse(
                ErrorCode::NotAbandoned,
                "it is your turn; only the player to move can abandon the game",
            ));
        }
        if self.connected(opponent) {
            return Err(refuse(
                ErrorCode::NotAbandoned,
                "your opponent is connected",
            ));
        }
        let away = self.away_since[opponent.index()].map_or(Duration::ZERO, |t| t.elapsed());
        let timeout = self.settings.reconnect_timeout;
        if away < timeout {
            let left = (timeout - away).as_secs_f64().ceil();
            return Err(refuse(
                ErrorCode::NotAbandoned,
                format!("your opponent may still reconnect for {left} s"),
            ));
        }
        self.finish(GameResult {
            winner: side,
            how: How::Abandoned,
        })
        .await
    }

    fn require_finished(&self) -> Result<(), Refusal> {
        match self.slot.status {
            Status::Finished(_) => Ok(()),
            _ => Err(refuse(
                ErrorCode::GameNotOver,
                "a rematch can only be arranged after the game is over",
            )),
        }
    }

    async fn offer_rematch(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let side = self.player_side(conn)?;
        self.require_finished()?;
        match self.rematch_offer {
            Some(by) if by == side.opponent() => self.start_rematch().await,
            // Offered again to the computer (the first start failed to store).
            Some(_) if self.slot.computer_at(side.opponent()).is_some() => {
                self.start_rematch().await
            }
            Some(_) => Ok(()),
            None => {
                self.rematch_offer = Some(side);
                self.broadcast(&ServerMessage::RematchOffered { by: side });
                if self.slot.computer_at(side.opponent()).is_some() {
                    // The computer always accepts.
                    return self.start_rematch().await;
                }
                Ok(())
            }
        }
    }

    async fn accept_rematch(&mut self, conn: ConnId) -> Result<(), Refusal> {
        self.side_answering_rematch(conn)?;
        self.start_rematch().await
    }

    fn decline_rematch(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let side = self.side_answering_rematch(conn)?;
        self.rematch_offer = None;
        self.broadcast(&ServerMessage::RematchDeclined { by: side });
        Ok(())
    }

    /// The side of a player answering a rematch offer, when there is one
    /// from their opponent to answer.
    fn side_answering_rematch(&self, conn: ConnId) -> Result<Side, Refusal> {
        let side = self.player_side(conn)?;
        self.require_finished()?;
        if self.rematch_offer != Some(side.opponent()) {
            return Err(refuse(
                ErrorCode::NoRematchOffer,
                "your opponent has not offered a rematch",
            ));
        }
        Ok(side)
    }

    async fn start_rematch(&mut self) -> Result<(), Refusal> {
        let [Some(old_cone), Some(old_spool)] = self.slot.seats.clone() else {
            return Err(refuse(ErrorCode::GameNotStarted, "a seat is empty"));
        };
        let id = Uuid::new_v4();
        let no = self.slot.no + 1;
        let expected = Fingerprint {
            id,
            status: Status::Playing,
            seats: [Some(old_spool.player_id), Some(old_cone.player_id)],
            turns: 0,
            pending: None,
        };
        let written = self
            .store
            .create_game(
                &self.code,
                no,
                id,
                self.rule_set.as_str(),
                old_spool.player_id,
                old_cone.player_id,
            )
            .await;
        self.stored(written, &expected).await?;
        self.slot = GameSlot {
            id,
            no,
            game: senet_engine::Game::new(self.rule_set.rules()),
            seats: [Some(old_spool), Some(old_cone)],
            status: Status::Playing,
            last_throw: None,
        };
        self.away_since.swap(0, 1);
        self.seen.swap(0, 1);
        self.rematch_offer = None;
        self.enter_game_span();
        tracing::info!(parent: &self.game_span, game_no = no, "rematch started");
        crate::metrics::game_started();
        self.announce_game_started();
        Ok(())
    }
}
