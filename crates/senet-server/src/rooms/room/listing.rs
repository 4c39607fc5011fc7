//! How the room lists itself in the lobby: its entry (public, waiting
//! with a seat open, its creator connected) and the game it has in play,
//! unless nobody is at it any more.

use senet_engine::{RuleSetId, Seat};

use super::Room;
use crate::rooms::lobby::LobbyEntry;
use crate::rooms::slot::Status;
use crate::ws::protocol::kendall_v1;

impl Room {
    /// The room's lobby entry, when it is to be listed: public, waiting
    /// with a seat open, and its creator connected.
    fn lobby_entry(&self) -> Option<LobbyEntry> {
        let origin = self.listing.origin()?;
        if !self.public || self.slot.status != Status::Waiting {
            return None;
        }
        if !self.audience.has_player(origin.creator) {
            return None;
        }
        let open: Vec<Seat> = Seat::all(self.slot.table.seats())
            .filter(|seat| self.slot.seat(*seat).is_some_and(|s| s.holder.is_none()))
            .collect();
        let open_seat = *open.first()?;
        let creator = self
            .slot
            .seat_of_player(origin.creator)
            .and_then(|seat| self.slot.seat(seat))
            .and_then(|slot| slot.holder.as_ref())
            .map(|holder| holder.display_name.clone())
            .unwrap_or_default();
        Some(LobbyEntry {
            code: self.code.clone(),
            rule_set: self.rule_set,
            creator,
            seats: self.slot.table.seats(),
            open_seats: open.len(),
            open_seat: Some(open_seat),
            open_side: (self.rule_set == RuleSetId::Kendall)
                .then(|| kendall_v1::side_of(open_seat)),
            invite_url: self.settings.invite_url(&self.code),
            created_at: origin.created_at,
            time_control: self.slot.clocks.control,
            rated: self.rated,
            creator_rating: origin.creator_rating,
        })
    }

    /// Brings the room's lobby entry up to date: after every command (a
    /// connection, a seat taken, a game started), and when its creator
    /// connects before the snapshot goes out, so a creator who sees the
    /// room is already in the lobby. Only after the store has the change:
    /// the feeds read the games being played from it. Also on every tick:
    /// nothing happens in a room when its players' reconnect limit passes.
    pub(super) fn relist(&mut self) {
        let entry = self.lobby_entry();
        let playing = self.public && self.slot.status == Status::Playing;
        let deserted = playing && self.deserted();
        let live = (playing && !deserted).then_some(self.slot.id);
        self.listing.update(&self.code, entry, live, deserted);
    }
}
