//! What protocol version 2 tells: the room's table, seats and record as the
//! wire types of [`crate::ws::protocol::v2`].

use senet_engine::{Next, Seat, View};

use super::actor::{ConnId, Room};
use super::slot::{SeatSlot, Status};
use crate::table::{Entry, Played, Table};
use crate::ws::protocol::RoomView;
use crate::ws::protocol::v2::{
    BlockedInfo, Message, NextInfo, OptionInfo, PlayerInfo, SeatInfo, Snapshot, StepInfo, You,
};

/// A step as told right after it: the view, the position and what comes
/// next at that moment.
pub(super) struct Told {
    /// Its index in the record.
    pub index: usize,
    /// The view after it.
    pub view: View,
    /// The position after it.
    pub position: String,
    /// What came next after it.
    pub next: NextInfo,
    /// The Kendall position after it, for version 1 (`kendall` rooms).
    pub kendall: Option<senet_engine::kendall_v1::Position>,
}

/// What a step at `index` left, taken right after it was played.
pub(super) fn after_step(table: &Table, index: usize) -> Told {
    Told {
        index,
        view: table.view(),
        position: table.position_text(),
        next: next_info(table, &Status::Playing),
        kendall: crate::ws::protocol::kendall_v1::kendall_position(table.state()),
    }
}

/// What comes next, for a room in `status`.
pub(super) fn next_info(table: &Table, status: &Status) -> NextInfo {
    if *status == Status::Waiting {
        return NextInfo::Waiting;
    }
    if let Status::Finished(standing) = status {
        return NextInfo::End {
            standing: standing.clone(),
        };
    }
    match table.next() {
        Next::Chance(chance) => match table.thrower() {
            Some(thrower) => NextInfo::Throw {
                thrower,
                chance: *chance,
            },
            None => NextInfo::Draw { chance: *chance },
        },
        Next::Decide { seat, options } => NextInfo::Decide {
            seat: *seat,
            options: options
                .as_slice()
                .iter()
                .map(|choice| OptionInfo {
                    option: choice.to_string(),
                    choice: *choice,
                    events: table.preview(senet_engine::Step::Decide {
                        seat: *seat,
                        choice: *choice,
                    }),
                })
                .collect(),
            blocked: table
                .blocked()
                .into_iter()
                .map(|(from, error)| BlockedInfo {
                    from,
                    // `blocked` asks the rules to refuse a choice in the
                    // decision that waits, so there is always a reason; the
                    // generic one stands in should that ever break.
                    code: error.reason().unwrap_or(senet_engine::Reason::NotAnOption),
                    message: error.to_string(),
                })
                .collect(),
        },
        Next::End(standing) => NextInfo::End {
            standing: standing.clone(),
        },
    }
}

/// An entry of the record as told.
pub(super) fn step_info(index: usize, played: &Played) -> StepInfo {
    let (step, left) = match played.entry {
        Entry::Step(step) => (Some(step), None),
        Entry::Left { how, .. } => (None, Some(how)),
    };
    StepInfo {
        step_no: index + 1,
        text: played.entry.to_string(),
        seat: played.entry.seat(),
        by: played.by,
        step,
        left,
        events: played.events.clone(),
    }
}

/// A seat holder as version 2 shows it.
pub(super) fn player_info(slot: &SeatSlot) -> Option<PlayerInfo> {
    slot.holder.as_ref().map(|holder| PlayerInfo {
        player_id: holder.player_id,
        display_name: holder.display_name.clone(),
        computer: holder.computer.map(crate::computer::ComputerLevel::as_str),
    })
}

impl Room {
    /// Every seat as version 2 shows it.
    pub(super) fn seat_infos(&self) -> Vec<SeatInfo> {
        Seat::all(self.slot.table.seats())
            .map(|seat| {
                let away = self.away(seat);
                SeatInfo {
                    seat,
                    player: self.slot.seat(seat).and_then(player_info),
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
        Message::Snapshot(Box::new(Snapshot {
            room: RoomView {
                code: self.code.clone(),
                invite_url: self.settings.invite_url(&self.code),
                public: self.public,
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
            next: next_info(table, &self.slot.status),
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
}
