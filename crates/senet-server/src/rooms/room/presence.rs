//! Who is there: how long a seat's person has been away and when a claim
//! against it becomes possible (so a client can count down "you may claim
//! the win in 1:47"), and how many people watch.

use std::collections::HashSet;

use senet_engine::Seat;

use super::Room;
use crate::rooms::slot::Status;
use crate::ws::protocol::ServerMessage;
use crate::ws::protocol::v2::Message;

/// A seat's absence as told: both in milliseconds as of the frame, so a
/// client needs no clock in common with the server.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Away {
    /// How long its person has had no connection.
    pub(super) away_ms: Option<u64>,
    /// How long until `claim_win` may be made against it (`0`: now).
    pub(super) claim_in_ms: Option<u64>,
}

fn millis(duration: std::time::Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

impl Room {
    /// A seat's absence; nothing for an open seat, the computer, or a
    /// person who is connected. The countdown is given only while a game
    /// is on and the seat is still in it, the only time a claim can be.
    pub(super) fn away(&self, seat: Seat) -> Away {
        let Some(slot) = self.slot.seat(seat) else {
            return Away::default();
        };
        // A seat whose person has not connected since the room went live
        // (a creator who never opened the room) has no `away_since`; a
        // claim against it is refused too, so there is nothing to count.
        let Some(since) = slot.away_since.filter(|_| !self.connected(seat)) else {
            return Away::default();
        };
        // Whole milliseconds both, so that they add up to the timeout.
        let away_ms = millis(since.elapsed());
        let claimable = self.slot.status == Status::Playing && self.slot.seat_in(seat);
        Away {
            away_ms: Some(away_ms),
            claim_in_ms: claimable.then(|| self.reconnect_timeout_ms().saturating_sub(away_ms)),
        }
    }

    /// Whether nobody is at the game any more: every person in it (not the
    /// computer, not a seat out of the game) has had no connection for the
    /// reconnect timeout or longer. A person not seen since the room went
    /// live counts as gone too: there is no one to wait for. Spectators do
    /// not count; nothing happens at a game they watch until a player is
    /// back. Such a game leaves the games being played, and comes back
    /// when a player does.
    pub(super) fn deserted(&self) -> bool {
        let timeout = self.settings.reconnect_timeout;
        let mut people = Seat::all(self.slot.table.seats())
            .filter(|seat| self.slot.seat_in(*seat))
            .filter(|seat| {
                self.slot
                    .seat(*seat)
                    .and_then(|slot| slot.holder.as_ref())
                    .is_some_and(|holder| holder.computer.is_none())
            })
            .peekable();
        people.peek().is_some()
            && people.all(|seat| {
                !self.connected(seat)
                    && self
                        .slot
                        .seat(seat)
                        .and_then(|slot| slot.away_since)
                        .is_none_or(|since| since.elapsed() >= timeout)
            })
    }

    /// The reconnect timeout, as the snapshots tell it.
    pub(super) fn reconnect_timeout_ms(&self) -> u64 {
        millis(self.settings.reconnect_timeout)
    }

    /// How many people watch: every connection whose player holds no seat,
    /// an anonymous connection counting one each and a player with a
    /// token once, however many tabs it has open.
    pub(super) fn spectators(&self) -> usize {
        let mut players = HashSet::new();
        let mut anonymous = 0;
        for (_, conn) in self.audience.iter() {
            match conn.player {
                None => anonymous += 1,
                Some(player) if self.slot.seat_of_player(player).is_none() => {
                    players.insert(player);
                }
                Some(_) => {}
            }
        }
        anonymous + players.len()
    }

    /// Tells everyone the number of spectators when it is not what they
    /// were last told (or saw in a snapshot).
    pub(super) fn tell_spectators(&mut self) {
        let count = self.spectators();
        if !self.audience.spectators_changed(count) {
            return;
        }
        self.tell(
            Some(ServerMessage::Spectators { count }),
            &Message::Spectators { count },
        );
    }
}
