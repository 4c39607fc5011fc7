//! The game a room currently holds: engine state, seats and status.

use senet_engine::{Action, Game, Phase, Rules, Side, Square};
use uuid::Uuid;

use crate::ws::protocol::{BorneOff, GameResult, MoveView, PhaseView, PlayerView, ThrowView};

/// A seat holder.
#[derive(Debug, Clone)]
pub struct Seat {
    /// Player id.
    pub player_id: Uuid,
    /// Display name.
    pub display_name: String,
    /// The level, when the seat is the computer's.
    pub computer: Option<crate::computer::ComputerLevel>,
}

impl Seat {
    /// A seat for a stored player; the fixed ids of the computer's players
    /// make it the computer's seat.
    pub fn new(player_id: Uuid, display_name: String) -> Seat {
        Seat {
            player_id,
            display_name,
            computer: crate::computer::level_of(player_id),
        }
    }

    /// The computer's seat at a level.
    pub fn computer(level: crate::computer::ComputerLevel) -> Seat {
        Seat {
            player_id: crate::computer::player_id(level),
            display_name: crate::computer::display_name(level),
            computer: Some(level),
        }
    }
}

/// Where the room's game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// A seat is open.
    Waiting,
    /// Both seats are taken and the game is on.
    Playing,
    /// Over.
    Finished(GameResult),
}

impl Status {
    /// The stored and wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Playing => "playing",
            Status::Finished(_) => "finished",
        }
    }
}

/// The game a room holds.
#[derive(Clone)]
pub struct GameSlot {
    /// Game id.
    pub id: Uuid,
    /// 1, 2, … within the room.
    pub no: i32,
    /// The engine's game.
    pub game: Game<&'static dyn Rules>,
    /// Seat holders, Cone first.
    pub seats: [Option<Seat>; 2],
    /// Status.
    pub status: Status,
    /// The last throw.
    pub last_throw: Option<ThrowView>,
}

/// What a stored write changes in a room's game, to compare the game in
/// memory with the game read back from the store: which game, its status,
/// who sits where, and how many steps are stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fingerprint {
    /// Game id.
    pub id: Uuid,
    /// Status (with the result once finished).
    pub status: Status,
    /// Seat holders, Cone first.
    pub seats: [Option<Uuid>; 2],
    /// Steps stored: a throw for every turn, a move for every turn not
    /// forfeited, and the throw waiting for a move.
    pub steps: usize,
}

impl GameSlot {
    /// What a write to this game would have to change to be seen.
    pub fn fingerprint(&self) -> Fingerprint {
        Fingerprint {
            id: self.id,
            status: self.status,
            seats: self
                .seats
                .each_ref()
                .map(|seat| seat.as_ref().map(|seat| seat.player_id)),
            steps: self.step_count(),
        }
    }

    /// How many steps the game's stored record holds: a chance step for
    /// every throw (a forfeit is its throw alone, the throw waiting for a
    /// move included) and a decision for every move.
    pub fn step_count(&self) -> usize {
        let turns = self.game.record().turns();
        let moves = turns
            .iter()
            .filter(|turn| matches!(turn.action, Action::Move(_)))
            .count();
        let pending = matches!(self.game.phase(), Phase::ToMove { .. });
        turns.len() + moves + usize::from(pending)
    }

    /// The side a player sits on.
    pub fn side_of(&self, player: Uuid) -> Option<Side> {
        Side::ALL.into_iter().find(|side| {
            self.seats[side.index()]
                .as_ref()
                .is_some_and(|seat| seat.player_id == player)
        })
    }

    /// The wire phase.
    pub fn phase_view(&self) -> PhaseView {
        match self.status {
            Status::Waiting => PhaseView::Waiting,
            Status::Finished(result) => PhaseView::Finished { result },
            Status::Playing => match self.game.phase() {
                Phase::ToThrow => PhaseView::ToThrow,
                Phase::ToMove { throw, moves } => PhaseView::ToMove {
                    throw: throw.value(),
                    moves: moves.iter().map(MoveView::from).collect(),
                },
                // The engine ended the game but the result is not recorded
                // yet; cannot happen as the status is set at once.
                Phase::Over { winner } => PhaseView::Finished {
                    result: GameResult {
                        winner,
                        how: crate::ws::protocol::How::BorneOff,
                    },
                },
            },
        }
    }

    /// Squares 1..=30 and who stands on each.
    pub fn board(&self) -> Vec<Option<Side>> {
        board_of(&self.game.position())
    }

    /// The level of the computer holding this seat, if it does.
    pub fn computer_at(&self, side: Side) -> Option<crate::computer::ComputerLevel> {
        self.seats[side.index()]
            .as_ref()
            .and_then(|seat| seat.computer)
    }

    /// Pieces borne off.
    pub fn borne_off(&self) -> BorneOff {
        let position = self.game.position();
        let per_side = self.game.rules().pieces_per_side();
        BorneOff {
            cone: per_side.saturating_sub(position.on_board(Side::Cone)),
            spool: per_side.saturating_sub(position.on_board(Side::Spool)),
        }
    }

    /// The position text.
    pub fn position_text(&self) -> String {
        self.game.rules().position_text(&self.game.position())
    }

    /// Seat holders for the wire.
    pub fn players(&self, connected: impl Fn(Side) -> bool) -> Vec<PlayerView> {
        Side::ALL
            .into_iter()
            .filter_map(|side| {
                self.seats[side.index()].as_ref().map(|seat| PlayerView {
                    side,
                    player_id: seat.player_id,
                    display_name: seat.display_name.clone(),
                    connected: seat.computer.is_some() || connected(side),
                    computer: seat.computer.map(crate::computer::ComputerLevel::as_str),
                })
            })
            .collect()
    }
}

/// Squares 1..=30 of a position and who stands on each.
pub fn board_of(position: &senet_engine::Position) -> Vec<Option<Side>> {
    Square::all()
        .map(|square| position.piece_at(square))
        .collect()
}
