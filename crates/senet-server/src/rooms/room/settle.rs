//! What a room does when a write fails: the one place that turns a store
//! outcome into what players are told.
//!
//! A write that was not committed leaves the game as it was, and only the
//! sender hears of it. A write whose commit outcome is unknown (the reply to
//! `COMMIT` was lost, the database stopped answering) is never guessed: the
//! room reads its game back from the store and continues from what is
//! stored, telling everyone the truth. While the store cannot be read, the
//! room refuses every action and keeps trying on its tick.

use super::Room;
use crate::rooms::act::{Refusal, refuse};
use crate::rooms::load::load_room;
use crate::rooms::slot::{Fingerprint, GameSlot};
use crate::store::WriteError;
use crate::ws::protocol::ErrorCode;

fn not_stored() -> Refusal {
    refuse(
        ErrorCode::StorageError,
        "the action could not be stored; nothing changed, try again",
    )
}

fn unsettled() -> Refusal {
    refuse(
        ErrorCode::StorageError,
        "the database is not answering; the game waits until it does, try again shortly",
    )
}

/// How a read-back compares with what the room expected.
enum ReadBack {
    /// The store holds the game as the write would have left it.
    Written,
    /// The store holds the game as it was before the write.
    Unchanged,
    /// The store holds something else: the room takes it.
    Other(Box<GameSlot>),
}

impl Room {
    /// Decides what a write's result means. `Ok` when the write is stored
    /// (at once, or as read back after an unknown outcome), so the caller
    /// goes on to apply and broadcast it; otherwise the refusal for the
    /// sender, with the game as the store holds it.
    pub(super) async fn stored(
        &mut self,
        written: Result<(), WriteError>,
        expected: &Fingerprint,
    ) -> Result<(), Refusal> {
        let error = match written {
            Ok(()) => return Ok(()),
            Err(error) => error,
        };
        if error.is_fenced() {
            return Err(self.moved_away());
        }
        if !error.is_unknown() {
            crate::metrics::write_failed("not_committed");
            tracing::error!(%error, "storing an action failed");
            return Err(not_stored());
        }
        tracing::warn!(%error, "a commit's outcome is unknown; reading the game back");
        match self.read_back(expected).await {
            Some(ReadBack::Written) => {
                crate::metrics::write_failed("stored");
                tracing::info!("read back: the write was stored");
                Ok(())
            }
            Some(ReadBack::Unchanged) => {
                crate::metrics::write_failed("not_stored");
                tracing::info!("read back: the write was not stored");
                Err(not_stored())
            }
            Some(ReadBack::Other(stored)) => {
                crate::metrics::write_failed("other");
                self.adopt(*stored);
                Err(refuse(
                    ErrorCode::StorageError,
                    "the game was reloaded from the database; look again and retry",
                ))
            }
            None => {
                crate::metrics::write_failed("unreadable");
                self.unsettled = true;
                Err(unsettled())
            }
        }
    }

    /// Before an action, and on every tick while a write's outcome is
    /// unknown: reads the game back and takes what is stored, telling
    /// everyone when it differs from what they were shown.
    pub(super) async fn settle(&mut self) -> Result<(), Refusal> {
        if !self.unsettled {
            return Ok(());
        }
        let current = self.slot.fingerprint();
        match self.read_back(&current).await {
            Some(ReadBack::Written | ReadBack::Unchanged) => {
                tracing::info!("read back: the game is as shown");
                self.unsettled = false;
                Ok(())
            }
            Some(ReadBack::Other(stored)) => {
                self.unsettled = false;
                self.adopt(*stored);
                Ok(())
            }
            None => Err(unsettled()),
        }
    }

    /// Reads the room's latest game from the store and compares it with
    /// `expected` and with the game in memory; `None` when the store cannot
    /// be read.
    /// A write was fenced: another node holds the room now. The actor
    /// stops (its clients reconnect and reach the new owner); the sender
    /// is told why nothing happened.
    pub(super) fn moved_away(&mut self) -> Refusal {
        crate::metrics::write_failed("fenced");
        tracing::warn!("another node holds the room now: nothing was stored");
        self.lease.mark_moved();
        refuse(
            ErrorCode::RoomMoved,
            "the game moved to another server; reconnecting",
        )
    }

    async fn read_back(&self, expected: &Fingerprint) -> Option<ReadBack> {
        let stored = match load_room(&self.store, &self.code).await {
            Ok(Some(stored)) => stored.slot,
            Ok(None) => {
                tracing::error!("read back: the room is not in the store");
                return None;
            }
            Err(error) => {
                tracing::warn!(%error, "read back failed; will try again");
                return None;
            }
        };
        let found = stored.fingerprint();
        Some(if &found == expected {
            ReadBack::Written
        } else if found == self.slot.fingerprint() {
            ReadBack::Unchanged
        } else {
            ReadBack::Other(Box::new(stored))
        })
    }

    /// Takes the game as stored and tells everyone.
    fn adopt(&mut self, stored: GameSlot) {
        tracing::warn!(
            stored = ?stored.fingerprint(),
            shown = ?self.slot.fingerprint(),
            "the stored game differs from the one shown; taking the stored one"
        );
        let new_game = stored.id != self.slot.id;
        let mut stored = stored;
        // Presence is the room's, not the store's: keep it for the players
        // still seated.
        for slot in &mut stored.seats {
            let same = self
                .slot
                .seats
                .iter()
                .find(|old| old.player_id().is_some() && old.player_id() == slot.player_id());
            if let Some(old) = same {
                slot.away_since = old.away_since;
                slot.seen = old.seen;
                slot.rematch = old.rematch && !new_game;
            }
        }
        self.slot = stored;
        self.computer.cancel();
        if new_game {
            self.enter_game_span();
            self.announce_game_started();
        } else {
            self.snapshot_all();
        }
    }
}
