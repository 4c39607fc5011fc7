//! A room's connections: joining (and taking an open seat), leaving,
//! snapshots, and numbered events to everyone in the protocol version each
//! speaks, dropping a reader that does not keep up.

use std::time::Instant;

use senet_engine::{Seat, Standing};
use tokio::sync::mpsc;

use super::Room;
use crate::players::Identity;
use crate::rooms::audience::{Conn, Slow};
use crate::rooms::commands::{CloseSignal, ConnId, Outbound};
use crate::rooms::slot::{Fingerprint, Holder, SeatSlot, Status};
use crate::table::Entry;
use crate::ws::protocol::close::TOO_SLOW;
use crate::ws::protocol::kendall_v1::{self, side_of};
use crate::ws::protocol::steps::{Told, step_info};
use crate::ws::protocol::v2::Message;
use crate::ws::protocol::{ErrorCode, ServerMessage, Version};

impl Room {
    /// Whether a seat's holder is connected (the computer always is).
    pub(super) fn connected(&self, seat: Seat) -> bool {
        let Some(holder) = self.slot.seat(seat).and_then(|slot| slot.holder.as_ref()) else {
            return false;
        };
        if holder.computer.is_some() {
            return true;
        }
        self.audience.has_player(holder.player_id)
    }

    /// The seat a connection's player holds.
    pub(super) fn seat_of(&self, conn: ConnId) -> Option<Seat> {
        let player = self.audience.get(conn)?.player?;
        self.slot.seat_of_player(player)
    }

    /// Sends a private reply (a refusal, a pong) to one connection in its
    /// version; a full or closed queue drops it.
    pub(super) fn send_to(&mut self, conn: ConnId, message: &ServerMessage) {
        let Some(target) = self.audience.get(conn) else {
            return;
        };
        let text = message.to_json_as(target.version, None);
        if !self.audience.send(conn, text) {
            self.drop_conn(conn);
        }
    }

    pub(super) fn send_snapshot(&mut self, conn: ConnId) {
        let Some(version) = self.audience.get(conn).map(|target| target.version) else {
            return;
        };
        let seq = Some(self.audience.seq(version));
        let text = match version {
            Version::V1 => match self.snapshot_v1(conn) {
                Some(snapshot) => snapshot.to_json(seq),
                None => return,
            },
            Version::V2 => self.snapshot_v2(conn).to_json(seq),
        };
        if !self.audience.send(conn, text) {
            self.drop_conn(conn);
        }
    }

    pub(super) fn snapshot_all(&mut self) {
        for conn in self.audience.ids() {
            self.send_snapshot(conn);
        }
    }

    /// Sends one numbered event to every connection of `version`.
    fn broadcast_text(&mut self, version: Version, text: impl Fn(u64) -> String) {
        let slow = self.audience.broadcast(version, text);
        self.drop_slow(slow);
    }

    /// Drops the connections that did not keep up.
    pub(super) fn drop_slow(&mut self, slow: Slow) {
        for id in slow {
            self.drop_conn(id);
        }
    }

    /// Tells an event to everyone: `v1` to version 1 connections (a
    /// `kendall` room's, when version 1 can tell it), `v2` to version 2's.
    pub(super) fn tell(&mut self, v1: Option<ServerMessage>, v2: &Message) {
        if let Some(v1) = v1.filter(|_| self.slot.v1_turns.is_some()) {
            self.broadcast_text(Version::V1, |seq| v1.to_json(Some(seq)));
        }
        self.broadcast_text(Version::V2, |seq| v2.to_json(Some(seq)));
    }

    /// Tells the steps from `before` on, each with what it left.
    pub(super) fn tell_steps(&mut self, before: usize, told: Vec<Told>) {
        let record = self.slot.table.record();
        let new: Vec<_> = record.get(before..).map(<[_]>::to_vec).unwrap_or_default();
        if let Some(turns) = self.slot.v1_turns.as_mut() {
            let mut v1 = Vec::new();
            let mut broken = None;
            for told in &told {
                let played = told.index.checked_sub(before).and_then(|i| new.get(i));
                let (Some(Entry::Step(step)), Some(after)) =
                    (played.map(|p| &p.entry), &told.kendall)
                else {
                    continue;
                };
                let events = played.map_or(&[][..], |p| p.events.as_slice());
                match kendall_v1::told_of_step(turns, step, events, after) {
                    Ok(messages) => v1.extend(messages),
                    Err(error) => broken = Some(error),
                }
            }
            if let Some(error) = broken {
                tracing::error!(%error, "a step the table took is no Kendall turn; version 1 clients get snapshots");
                self.slot.v1_turns = None;
            } else {
                for message in v1 {
                    self.broadcast_text(Version::V1, |seq| message.to_json(Some(seq)));
                }
            }
        }
        let clocks = self.clock_info();
        for told in told {
            let Some(played) = told.index.checked_sub(before).and_then(|i| new.get(i)) else {
                continue;
            };
            let message = Message::Step {
                step: step_info(told.index, played),
                view: told.view,
                position: told.position,
                next: told.next,
                clocks: clocks.clone(),
            };
            self.broadcast_text(Version::V2, |seq| message.to_json(Some(seq)));
        }
    }

    /// Tells everyone the game is over.
    pub(super) fn tell_game_over(&mut self, standing: &Standing) {
        let game_id = self.slot.id;
        self.tell(
            kendall_v1::game_over(game_id, standing),
            &Message::GameOver {
                game_id,
                standing: standing.clone(),
            },
        );
    }

    pub(super) fn drop_conn(&mut self, conn: ConnId) {
        if self.audience.get(conn).is_some() {
            // Not through its queue: it is full.
            self.audience.close(conn, TOO_SLOW);
            tracing::warn!(conn, "dropping a connection that does not keep up");
        }
        self.disconnect(conn);
    }

    pub(super) async fn connect(
        &mut self,
        conn: ConnId,
        player: Option<Identity>,
        version: Version,
        client_seed: String,
        tx: mpsc::Sender<Outbound>,
        close: CloseSignal,
    ) {
        let player_id = player.as_ref().map(|p| p.id);
        let seat = player_id.and_then(|id| self.slot.seat_of_player(id));
        let was_connected = seat.is_some_and(|seat| self.connected(seat));
        self.audience.join(
            conn,
            Conn {
                player: player_id,
                version,
                tx,
                close,
                name: player.as_ref().map(|p| p.display_name.clone()),
                follows_spectators: false,
            },
        );
        if let Some(seat) = seat {
            if !was_connected {
                let seen = self.slot.seat_mut(seat).map(|slot| {
                    slot.away_since = None;
                    std::mem::replace(&mut slot.seen, true)
                });
                if seen == Some(true) {
                    crate::metrics::reconnect();
                    self.tell(
                        Some(ServerMessage::Reconnected {
                            side: side_of(seat),
                        }),
                        &Message::Reconnected { seat },
                    );
                }
            }
            self.relist();
            self.send_snapshot(conn);
            // A player who watched in another tab is no longer counted.
            self.tell_spectators();
            return;
        }
        if let (Some(identity), Status::Waiting) = (player, &self.slot.status) {
            if let Some(seat) = self.slot.open_seat() {
                if self.rated && !identity.account {
                    self.send_to(
                        conn,
                        &ServerMessage::error(
                            ErrorCode::RatedNeedsAccount,
                            "this room is rated: only players with an account take a seat; you are watching",
                        ),
                    );
                } else if self.take_seat(seat, identity, client_seed).await {
                    self.tell_spectators();
                    return;
                }
            }
        }
        crate::metrics::spectator(true);
        // Told before the newcomer's snapshot, which then counts them and
        // carries the event's `seq`: they need not hear of themselves.
        self.tell_spectators();
        self.send_snapshot(conn);
    }

    /// Seats a person in an open seat, starting the game when it was the
    /// last; `true` when it is stored and told.
    async fn take_seat(&mut self, seat: Seat, identity: Identity, client_seed: String) -> bool {
        let mut seats = self.slot.fingerprint().seats;
        if let Some(entry) = seats.get_mut(seat.index()) {
            *entry = Some(identity.id);
        }
        let starts = seats.iter().all(Option::is_some);
        let expected = Fingerprint {
            status: if starts {
                Status::Playing
            } else {
                Status::Waiting
            },
            seats,
            ..self.slot.fingerprint()
        };
        let taken = crate::store::SeatTaken {
            game_id: self.slot.id,
            seat: seat.number(),
            player: identity.id,
            client_seed: &client_seed,
            start: starts,
        };
        let written = self.store.take_seat_fenced(&taken, self.fence()).await;
        if let Err(refusal) = self.stored(written, &expected).await {
            tracing::error!(
                ?refusal,
                "could not store the new seat; joining as spectator"
            );
            return false;
        }
        tracing::info!(player_id = %identity.id, seat = seat.number(), starts, "seat taken");
        let holder = Holder::new(identity.id, identity.display_name.clone());
        if let Some(slot) = self.slot.seat_mut(seat) {
            slot.holder = Some(holder);
            slot.client_seed = client_seed;
            slot.seen = true;
            slot.away_since = None;
        }
        let player = self.slot.seat(seat).and_then(SeatSlot::player_info);
        if let Some(player) = player {
            self.tell(
                Some(ServerMessage::PlayerJoined {
                    side: side_of(seat),
                    player_id: identity.id,
                    display_name: identity.display_name,
                }),
                &Message::PlayerJoined { seat, player },
            );
        }
        if starts {
            self.slot.status = Status::Playing;
            crate::metrics::game_started();
            self.announce_game_started();
        } else {
            self.snapshot_all();
        }
        true
    }

    pub(super) fn announce_game_started(&mut self) {
        let v1 = ServerMessage::GameStarted {
            game_id: self.slot.id,
            game_no: self.slot.no,
            players: self.players_v1(),
        };
        let v2 = Message::GameStarted {
            game_id: self.slot.id,
            game_no: self.slot.no,
            seats: self.seat_infos(),
            clocks: self.clock_info(),
        };
        self.tell(Some(v1), &v2);
        self.snapshot_all();
    }

    pub(super) fn disconnect(&mut self, conn: ConnId) {
        let seat = self.seat_of(conn);
        if self.audience.leave(conn).is_none() {
            return;
        }
        match seat {
            None => {
                crate::metrics::spectator(false);
                self.tell_spectators();
            }
            Some(seat) if !self.connected(seat) => {
                if let Some(slot) = self.slot.seat_mut(seat) {
                    slot.away_since = Some(Instant::now());
                }
                let claim_in_ms = self.away(seat).claim_in_ms;
                self.tell(
                    Some(ServerMessage::Disconnected {
                        side: side_of(seat),
                        claim_in_ms,
                    }),
                    &Message::Disconnected { seat, claim_in_ms },
                );
            }
            Some(_) => {}
        }
    }
}
