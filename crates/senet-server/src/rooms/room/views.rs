//! What the room tells of itself: each protocol version's snapshot for one
//! connection, and its seats as the wire shows them.

use senet_engine::Seat;

use super::Room;
use crate::rooms::commands::ConnId;
use crate::rooms::slot::{SeatSlot, Status};
use crate::ws::protocol::kendall_v1::{self, side_of};
use crate::ws::protocol::steps::{next_info, step_info};
use crate::ws::protocol::v2::{self, Message, NextInfo, SeatInfo, You};
use crate::ws::protocol::{MoveView, PhaseView, RoomView, ServerMessage, Snapshot, YouView};

impl Room {
    /// The version 1 snapshot (a `kendall` room's).
    pub(super) fn snapshot_v1(&self, conn: ConnId) -> Option<ServerMessage> {
        let turns = self.slot.v1_turns.as_ref()?;
        let position = kendall_v1::kendall_position(self.slot.table.state())?;
        let you = match self.seat_of(conn) {
            Some(seat) => YouView::Seat {
                side: side_of(seat),
            },
            None => YouView::Spectator,
        };
        let phase = match &self.slot.status {
            Status::Waiting => PhaseView::Waiting,
            Status::Finished(standing) => kendall_v1::phase_over(standing),
            Status::Playing => kendall_v1::phase_in_play(self.slot.table.next(), &position, turns),
        };
        let record = turns.record();
        Some(ServerMessage::Snapshot(Box::new(Snapshot {
            room: RoomView {
                code: self.code.clone(),
                invite_url: self.settings.invite_url(&self.code),
                public: self.public,
                rated: self.rated,
            },
            rule_set: self.rule_set,
            game_id: self.slot.id,
            game_no: self.slot.no,
            players: self.players_v1(),
            you,
            position: kendall_v1::position_text(&position),
            board: kendall_v1::board_of(&position),
            borne_off: kendall_v1::borne_off(&position),
            to_move: position.to_move(),
            phase,
            last_throw: turns.last_throw().map(kendall_v1::throw_view),
            record: record.to_string(),
            turns: record.turns().to_vec(),
            moves: turns
                .turns()
                .iter()
                .map(|turn| turn.played.map(MoveView::from))
                .collect(),
            rematch_offered_by: self.rematch_offer_v1(),
            spectators: self.spectators(),
            reconnect_timeout_ms: self.reconnect_timeout_ms(),
        })))
    }

    /// The first seat that asked for a rematch, as version 1 tells it.
    pub(super) fn rematch_offer_v1(&self) -> Option<senet_engine::kendall_v1::Side> {
        Seat::all(self.slot.table.seats())
            .find(|seat| self.slot.seat(*seat).is_some_and(|s| s.rematch))
            .map(side_of)
    }

    /// Seat holders as version 1 lists them.
    pub(super) fn players_v1(&self) -> Vec<crate::ws::protocol::PlayerView> {
        Seat::all(self.slot.table.seats())
            .filter_map(|seat| {
                let holder = self.slot.seat(seat)?.holder.as_ref()?;
                let away = self.away(seat);
                Some(crate::ws::protocol::PlayerView {
                    away_ms: away.away_ms,
                    claim_in_ms: away.claim_in_ms,
                    side: side_of(seat),
                    player_id: holder.player_id,
                    display_name: holder.display_name.clone(),
                    connected: self.connected(seat),
                    computer: holder.computer.map(crate::computer::ComputerLevel::as_str),
                })
            })
            .collect()
    }

    /// Every seat as version 2 shows it.
    pub(super) fn seat_infos(&self) -> Vec<SeatInfo> {
        Seat::all(self.slot.table.seats())
            .map(|seat| {
                let away = self.away(seat);
                SeatInfo {
                    seat,
                    player: self.slot.seat(seat).and_then(SeatSlot::player_info),
                    connected: self.connected(seat),
                    out: !self.slot.seat_in(seat),
                    away_ms: away.away_ms,
                    claim_in_ms: away.claim_in_ms,
                }
            })
            .collect()
    }

    /// The version 2 snapshot for one connection.
    pub(super) fn snapshot_v2(&self, conn: ConnId) -> Message {
        let you = match self.seat_of(conn) {
            Some(seat) => You::Seat { seat },
            None => You::Spectator,
        };
        let table = &self.slot.table;
        let standing = match &self.slot.status {
            Status::Finished(standing) => Some(standing.clone()),
            _ => None,
        };
        Message::Snapshot(Box::new(v2::Snapshot {
            room: RoomView {
                code: self.code.clone(),
                invite_url: self.settings.invite_url(&self.code),
                public: self.public,
                rated: self.rated,
            },
            rule_set: self.rule_set,
            description: self.rule_set.description(),
            game_id: self.slot.id,
            game_no: self.slot.no,
            status: self.slot.status.as_str(),
            seats: self.seat_infos(),
            you,
            view: table.view(),
            position: table.position_text(),
            next: self.next_info(),
            steps: table
                .record()
                .iter()
                .enumerate()
                .map(|(index, played)| step_info(index, played))
                .collect(),
            standing,
            rematch: Seat::all(table.seats())
                .filter(|seat| self.slot.seat(*seat).is_some_and(|s| s.rematch))
                .collect(),
            fairness: self.slot.fairness.as_ref().map(|fairness| {
                fairness.info(
                    &self.slot.client_seeds(),
                    matches!(self.slot.status, Status::Finished(_)),
                )
            }),
            series: self.series.clone(),
            spectators: self.spectators(),
            reconnect_timeout_ms: self.reconnect_timeout_ms(),
            time_control: self.slot.clocks.control,
            clocks: self.clock_info(),
        }))
    }

    /// What comes next in the room's game, as version 2 tells it.
    pub(super) fn next_info(&self) -> NextInfo {
        match &self.slot.status {
            Status::Waiting => NextInfo::Waiting,
            Status::Finished(standing) => NextInfo::End {
                standing: standing.clone(),
            },
            Status::Playing => next_info(&self.slot.table),
        }
    }
}
