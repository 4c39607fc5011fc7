//! The game a room currently holds: its table, its seats and its status.

use std::time::Instant;

use senet_engine::{Seat, Standing};
use uuid::Uuid;

use super::fair::Fairness;
use crate::clock::Clocks;
use crate::computer::ComputerLevel;
use crate::store::{GameStatus, NewStep};
use crate::table::Table;
use crate::ws::protocol::v2::PlayerInfo;

/// Who holds a seat.
#[derive(Debug, Clone)]
pub struct Holder {
    /// Player id.
    pub player_id: Uuid,
    /// Display name.
    pub display_name: String,
    /// The level, when the seat is the computer's.
    pub computer: Option<ComputerLevel>,
}

impl Holder {
    /// A holder for a stored player; the fixed ids of the computer's players
    /// make it the computer.
    pub fn new(player_id: Uuid, display_name: String) -> Holder {
        Holder {
            player_id,
            display_name,
            computer: crate::computer::level_of(player_id),
        }
    }

    /// The computer at a level.
    pub fn computer(level: ComputerLevel) -> Holder {
        Holder {
            player_id: crate::computer::player_id(level),
            display_name: crate::computer::display_name(level),
            computer: Some(level),
        }
    }
}

/// One seat of the room's table and everything the room tracks of it.
#[derive(Debug, Clone, Default)]
pub struct SeatSlot {
    /// Who holds it; `None` while open.
    pub holder: Option<Holder>,
    /// Since when its (human) holder has had no connection.
    pub away_since: Option<Instant>,
    /// Whether its holder has connected since the room went live (so a
    /// later connection is a reconnection).
    pub seen: bool,
    /// Whether its holder asked for a rematch since the game ended.
    pub rematch: bool,
    /// Its holder's client seed (`docs/fairness.md`); `""` for none.
    pub client_seed: String,
}

impl SeatSlot {
    /// A seat held by `holder` (or open), away from now on when a person
    /// holds it and `away` is set.
    pub fn held(holder: Option<Holder>, away: bool) -> SeatSlot {
        let person = holder.as_ref().is_some_and(|h| h.computer.is_none());
        SeatSlot {
            away_since: (away && person).then(Instant::now),
            seen: away,
            holder,
            rematch: false,
            client_seed: String::new(),
        }
    }

    /// The holder's player id.
    pub fn player_id(&self) -> Option<Uuid> {
        self.holder.as_ref().map(|holder| holder.player_id)
    }

    /// Its holder as version 2 shows it.
    pub fn player_info(&self) -> Option<PlayerInfo> {
        self.holder.as_ref().map(|holder| PlayerInfo {
            player_id: holder.player_id,
            display_name: holder.display_name.clone(),
            computer: holder.computer.map(ComputerLevel::as_str),
        })
    }

    /// The computer's level when the computer holds the seat.
    pub fn computer(&self) -> Option<ComputerLevel> {
        self.holder.as_ref().and_then(|holder| holder.computer)
    }
}

/// Where the room's game stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// A seat is open.
    Waiting,
    /// Every seat is taken and the game is on.
    Playing,
    /// Over, with this standing.
    Finished(Standing),
}

impl Status {
    /// The status as the store keeps it (without the standing).
    pub fn stored(&self) -> GameStatus {
        match self {
            Status::Waiting => GameStatus::Waiting,
            Status::Playing => GameStatus::Playing,
            Status::Finished(_) => GameStatus::Finished,
        }
    }

    /// The stored and wire name.
    pub fn as_str(&self) -> &'static str {
        self.stored().as_str()
    }
}

/// The game a room holds.
#[derive(Clone)]
pub struct GameSlot {
    /// Game id.
    pub id: Uuid,
    /// 1, 2, … within the room.
    pub no: i32,
    /// The rules' game and its record.
    pub table: Table,
    /// The seats, by seat number.
    pub seats: Vec<SeatSlot>,
    /// Status.
    pub status: Status,
    /// The turns version 1 clients are told of (`kendall` only), read
    /// off the table's steps as they are told.
    pub v1_turns: Option<senet_engine::kendall_v1::KendallTurns>,
    /// The seed every chance outcome is derived from; `None` for games of
    /// earlier releases (their chance came straight from the OS).
    pub fairness: Option<Fairness>,
    /// How many entries at the end of the table are shown but not stored:
    /// a seat's own throw waiting for its decision (at most one). It needs
    /// no write of its own because it is derived from committed seeds and
    /// its step number: after a restart the same throw comes out again.
    /// It is stored with the decision, in the decision's transaction.
    pub unstored: usize,
    /// The room's time control and each seat's clock.
    pub clocks: Clocks,
}

/// What a stored write changes in a room's game, to compare the game in
/// memory with the game read back from the store: which game, its status
/// and standing, who sits where, and how many entries its record has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fingerprint {
    /// Game id.
    pub id: Uuid,
    /// Status (with the standing once finished).
    pub status: Status,
    /// Seat holders by seat.
    pub seats: Vec<Option<Uuid>>,
    /// Entries in the record.
    pub entries: usize,
}

/// The turns of a new game version 1 clients are told of: a `kendall`
/// room's (version 1 is the Kendall protocol), `None` for the others.
pub fn v1_turns(
    rule_set: senet_engine::RuleSetId,
) -> Option<senet_engine::kendall_v1::KendallTurns> {
    (rule_set == senet_engine::RuleSetId::Kendall).then(senet_engine::kendall_v1::KendallTurns::new)
}

impl GameSlot {
    /// What a write to this game would have to change to be seen.
    pub fn fingerprint(&self) -> Fingerprint {
        Fingerprint {
            id: self.id,
            status: self.status.clone(),
            seats: self.seats.iter().map(SeatSlot::player_id).collect(),
            entries: self.stored_entries(),
        }
    }

    /// How many of the table's entries are stored.
    pub fn stored_entries(&self) -> usize {
        self.table.len().saturating_sub(self.unstored)
    }

    /// The entries shown but not yet stored, as rows to store.
    pub fn unstored_steps(&self) -> Vec<NewStep> {
        let record = self.table.record();
        record[record.len().saturating_sub(self.unstored)..]
            .iter()
            .map(NewStep::of)
            .collect()
    }

    /// The seat a player holds (a person holds at most one).
    pub fn seat_of_player(&self, player: Uuid) -> Option<Seat> {
        Seat::all(self.table.seats()).find(|seat| {
            self.seat(*seat)
                .is_some_and(|slot| slot.player_id() == Some(player))
        })
    }

    /// A seat's slot.
    pub fn seat(&self, seat: Seat) -> Option<&SeatSlot> {
        self.seats.get(seat.index())
    }

    /// A seat's slot, to change.
    pub fn seat_mut(&mut self, seat: Seat) -> Option<&mut SeatSlot> {
        self.seats.get_mut(seat.index())
    }

    /// The level of the computer holding this seat, if it does.
    pub fn computer_at(&self, seat: Seat) -> Option<ComputerLevel> {
        self.seat(seat).and_then(SeatSlot::computer)
    }

    /// The first open seat.
    pub fn open_seat(&self) -> Option<Seat> {
        Seat::all(self.table.seats())
            .find(|seat| self.seat(*seat).is_some_and(|s| s.holder.is_none()))
    }

    /// Each seat's client seed, by seat.
    pub fn client_seeds(&self) -> Vec<String> {
        self.seats
            .iter()
            .map(|seat| seat.client_seed.clone())
            .collect()
    }

    /// The outcome of the chance step that would be step `step_no` (from
    /// 1): derived from the game's seeds, or, for games of earlier
    /// releases, drawn from the OS-seeded CSPRNG.
    pub fn roll(&self, kind: senet_engine::ChanceKind, step_no: usize) -> senet_engine::Roll {
        match &self.fairness {
            Some(fairness) => fairness.roll(kind, self.id, &self.client_seeds(), step_no),
            // `ThreadRng` is not `Send`: it lives only in this call.
            None => kind.draw(&mut rand::rng()),
        }
    }

    /// Whether a seat is still in the game (not out by the rules, not left).
    pub fn seat_in(&self, seat: Seat) -> bool {
        self.table
            .view()
            .seats
            .get(seat.index())
            .is_some_and(|view| !view.out)
    }
}
