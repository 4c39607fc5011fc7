//! What `GET /api/rooms/{code}` tells of a live room.

use senet_engine::Seat;

use super::Room;
use crate::rooms::commands::RoomInfo;
use crate::rooms::slot::Status;
use crate::ws::protocol::kendall_v1::{result_of, side_of};

impl Room {
    /// The room's facts for the HTTP API.
    pub(super) fn info(&self) -> RoomInfo {
        let open_seats: Vec<Seat> = match self.slot.status {
            Status::Waiting => Seat::all(self.slot.table.seats())
                .filter(|seat| self.slot.seat(*seat).is_some_and(|s| s.holder.is_none()))
                .collect(),
            _ => Vec::new(),
        };
        let kendall = self.slot.v1_turns.is_some();
        let standing = match &self.slot.status {
            Status::Finished(standing) => Some(standing.clone()),
            _ => None,
        };
        RoomInfo {
            code: self.code.clone(),
            rule_set: self.rule_set,
            public: self.public,
            rated: self.rated,
            invite_url: self.settings.invite_url(&self.code),
            ws_url: self.settings.ws_url(&self.code),
            status: self.slot.status.as_str(),
            game_id: self.slot.id,
            game_no: self.slot.no,
            seat_count: self.slot.table.seats(),
            seats: self.seat_infos(),
            players: if kendall {
                self.players_v1()
            } else {
                Vec::new()
            },
            open_side: open_seats.first().copied().filter(|_| kendall).map(side_of),
            open_seats,
            spectators: self.spectators(),
            result: standing.as_ref().filter(|_| kendall).and_then(result_of),
            standing,
            series: self.series.clone(),
            time_control: self.slot.clocks.control,
            clocks: self.clock_info(),
        }
    }
}
