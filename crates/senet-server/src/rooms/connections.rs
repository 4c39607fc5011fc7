//! A room's connections: joining (and taking an open seat), leaving,
//! snapshots, and numbered events to everyone, dropping a reader that does
//! not keep up.

use std::time::Instant;

use senet_engine::Side;
use tokio::sync::mpsc;

use super::actor::{CloseSignal, Conn, ConnId, Outbound, Room, RoomInfo};
use super::slot::{Fingerprint, Seat, Status};
use crate::players::Identity;
use crate::ws::protocol::{MoveView, RoomView, ServerMessage, Snapshot, YouView};

impl Room {
    pub(super) fn connected(&self, side: Side) -> bool {
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

    pub(super) fn seat_of(&self, conn: ConnId) -> Option<Side> {
        let player = self.conns.get(&conn)?.player?;
        self.slot.side_of(player)
    }

    pub(super) fn snapshot_for(&self, conn: ConnId) -> ServerMessage {
        let you = match self.seat_of(conn) {
            Some(side) => YouView::Seat { side },
            None => YouView::Spectator,
        };
        let game = &self.slot.game;
        let moves = match game.record().moves(*game.rules()) {
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

    pub(super) fn info(&self) -> RoomInfo {
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
    pub(super) fn send_to(&mut self, conn: ConnId, message: &ServerMessage, seq: Option<u64>) {
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

    pub(super) fn send_snapshot(&mut self, conn: ConnId) {
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
    pub(super) fn broadcast(&mut self, message: &ServerMessage) {
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

    pub(super) fn drop_conn(&mut self, conn: ConnId) {
        if let Some(dropped) = self.conns.get(&conn) {
            // Not through `tx`: it is full.
            dropped
                .close
                .send_replace(Some((1008, "too slow to read events")));
            tracing::warn!(conn, "dropping a connection that does not keep up");
        }
        self.disconnect(conn);
    }

    pub(super) async fn connect(
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
                // Seat 0 is the Cone, seat 1 the Spool; the last open seat starts the game.
                let seat_number = u8::from(side == Side::Spool);
                let written = self
                    .store
                    .take_seat(self.slot.id, seat_number, identity.id, true)
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
                        tracing::error!(
                            ?refusal,
                            "could not store the new seat; joining as spectator"
                        );
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

    pub(super) fn disconnect(&mut self, conn: ConnId) {
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
}
