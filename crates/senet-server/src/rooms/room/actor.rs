//! The room actor's select loop: one task owning a room's game, fed by a
//! bounded channel, its clock's deadline, its lease and a tick; and the
//! dispatch of each command to the part of the room that answers it.

use std::time::{Duration, Instant};

use senet_engine::Choice;
use tokio::sync::{mpsc, watch};
use tracing::Instrument;

use super::Room;
use crate::rooms::act::{Act, Refusal};
use crate::rooms::commands::{Command, ConnId};
use crate::rooms::lease::lease_lost;
use crate::rooms::registry::Registry;
use crate::rooms::slot::Status;
use crate::ws::protocol::close::{Close, ROOM_MOVED};
use crate::ws::protocol::{ClientMessage, ServerMessage};

impl Room {
    /// Runs the actor until shutdown, or until the room is finished and idle.
    pub(in crate::rooms) async fn run(
        mut self,
        mut rx: mpsc::Receiver<Command>,
        registry: Registry,
        instance: u64,
        mut shutdown: watch::Receiver<bool>,
    ) {
        crate::metrics::room_started();
        self.listing.attach(registry.listings().clone(), instance);
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
        let mut lost = self.lease.lost();
        loop {
            if self.lease.moved() {
                break;
            }
            let deadline = self.clock_deadline();
            tokio::select! {
                () = lease_lost(lost.as_mut()) => {
                    self.lease.mark_moved();
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
                    }
                    if self.slot.table.draws_by_itself() {
                        let span = self.game_span.clone();
                        self.draw_by_itself().instrument(span).await;
                        self.schedule_computer();
                    }
                    self.sync_clock();
                    // The reconnect limit of players who left passes here.
                    self.relist();
                    if matches!(self.slot.status, Status::Finished(_))
                        && self.audience.is_empty()
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
        if self.lease.moved() {
            tracing::warn!(parent: &self.game_span, "room moved to another node; its clients reconnect");
            self.close_all(ROOM_MOVED);
        } else {
            let span = self.game_span.clone();
            self.store_unstored().instrument(span).await;
        }
        self.lease.release().await;
        crate::metrics::room_stopped();
    }

    /// Closes every connection with `close` (past their queues).
    fn close_all(&mut self, close: Close) {
        self.audience.close_all(close);
    }

    async fn handle(&mut self, command: Command) {
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
            Command::Act {
                conn,
                msg,
                received,
            } => {
                let game_action = matches!(
                    msg,
                    ClientMessage::Throw
                        | ClientMessage::Move { .. }
                        | ClientMessage::Decide { .. }
                );
                let acted = self.act(conn, msg).await;
                if game_action && acted.is_ok() {
                    crate::metrics::action_served(received.elapsed());
                }
                if let Err(refusal) = acted {
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

    async fn act(&mut self, conn: ConnId, msg: ClientMessage) -> Result<(), Refusal> {
        use ClientMessage as M;
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
                self.advance(Act::Decide(seat, Choice::Move { from })).await
            }
            M::Decide { option } => {
                let seat = self.in_game_seat(conn)?;
                self.check_clock(seat).await?;
                self.advance(Act::Decide(seat, option)).await
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

/// Waits until `deadline`, or for ever when there is none.
async fn until(deadline: Option<Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline.into()).await,
        None => std::future::pending().await,
    }
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
