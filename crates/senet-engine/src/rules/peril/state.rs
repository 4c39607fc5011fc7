//! The state of a game of Path of Peril: two bitboards, two reserves, the
//! side on turn and where in its turn the game is.

use crate::model::{EndHow, Pip, Seat};
use crate::square::Square;

/// Pawns each side starts with, all in its reserve.
pub(crate) const PAWNS: u8 = 7;
/// The Ankh of Rebirth: a reserve pawn comes onto 1, 2 or 3.
pub(crate) const ANKH: u8 = 15;
/// The Vulture's Perch: a roll, then a pawn removed.
pub(crate) const VULTURE: u8 = 26;
/// The River of Oblivion: every pawn on the board is swept back.
pub(crate) const RIVER: u8 = 27;
/// The Trial of the Three Gods: a roll that wins or sends the pawn back.
pub(crate) const TRIAL: u8 = 28;
/// The Eye of Judgment: the pawn is removed.
pub(crate) const EYE: u8 = 29;
/// The Gates of Aaru: a 6 at the start of a later turn wins.
pub(crate) const GATES: u8 = 30;
/// Squares 1, 2 and 3: where summons, the Ankh and the River put pawns.
pub(crate) const ENTRY: u32 = 0b1110;

/// The bit of square `n` (1..=30) in a bitboard.
pub(crate) const fn bit(n: u8) -> u32 {
    1 << n
}

/// The seat that is not `seat`, at a table of two.
pub(crate) const fn other(seat: Seat) -> Seat {
    seat.next(2)
}

/// The second seat, Spool.
pub(crate) const SPOOL: Seat = other(Seat::FIRST);

/// Where in a turn a game of Path of Peril is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PerilPhase {
    /// The side on turn rolls the turn's die (the Gates are checked first).
    Roll,
    /// The side on turn rolled this and moves a pawn or summons one.
    Act {
        /// The turn's roll.
        roll: Pip,
    },
    /// A pawn ended its move on 15: the side on turn picks the square
    /// among 1–3 where a reserve pawn comes on.
    Ankh,
    /// A pawn ended its move on 26: the server rolls for the Vulture.
    VultureRoll,
    /// The Vulture's roll asks the side on turn to remove a pawn of
    /// `target` (its own on 1–4, the opponent's on 5–6).
    Vulture {
        /// Whose pawn goes.
        target: Seat,
    },
    /// A pawn ended its move on 27: the server rolls for the highest pawn
    /// in `unswept` (bit `n` for square `n`), then the next one down.
    River {
        /// The squares of the pawns not yet swept, as a bitboard.
        unswept: u32,
    },
    /// A pawn ended its move on 28: the server rolls for the Trial.
    Trial,
    /// The game is over.
    Over {
        /// Who won.
        winner: Seat,
        /// How: [`EndHow::Gates`], [`EndHow::Trial`] or [`EndHow::NoPawns`].
        how: EndHow,
    },
}

/// A position of Path of Peril, between any two steps: where every pawn
/// is, both reserves, the side on turn and the phase of its turn.
///
/// Pawns neither on the board nor in a reserve have been removed from the
/// game, so the state does not count them separately. Built only by
/// [`RuleSet::start`](crate::RuleSet::start), by the steps, and by parsing
/// position text, so every state is one the rules can reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PerilState {
    /// Bit `n` set where a pawn of that seat stands on square `n`.
    pub(crate) boards: [u32; 2],
    /// Pawns waiting in each seat's reserve.
    pub(crate) reserve: [u8; 2],
    /// The seat on turn (or, once over, the seat whose turn it was).
    pub(crate) turn: Seat,
    /// Where in the turn the game is.
    pub(crate) phase: PerilPhase,
}

impl PerilState {
    /// The start: an empty board, seven pawns in each reserve, Cone (seat 0)
    /// to roll.
    pub const START: PerilState = PerilState {
        boards: [0, 0],
        reserve: [PAWNS, PAWNS],
        turn: Seat::FIRST,
        phase: PerilPhase::Roll,
    };

    /// The squares of `seat`'s pawns as a bitboard (bit `n` for square `n`).
    #[must_use]
    pub const fn bitboard(&self, seat: Seat) -> u32 {
        self.boards[seat.index() & 1]
    }

    /// Whose pawn stands on `square`, if any.
    #[must_use]
    pub const fn pawn_at(&self, square: Square) -> Option<Seat> {
        let b = bit(square.number());
        if self.boards[0] & b != 0 {
            Some(Seat::FIRST)
        } else if self.boards[1] & b != 0 {
            Some(SPOOL)
        } else {
            None
        }
    }

    /// The squares of `seat`'s pawns, lowest first.
    pub fn squares(&self, seat: Seat) -> impl Iterator<Item = Square> + use<> {
        let board = self.bitboard(seat);
        Square::all().filter(move |s| board & bit(s.number()) != 0)
    }

    /// How many of `seat`'s pawns are on the board.
    #[must_use]
    pub const fn on_board(&self, seat: Seat) -> u8 {
        self.bitboard(seat).count_ones() as u8
    }

    /// How many of `seat`'s pawns wait in its reserve.
    #[must_use]
    pub const fn reserve(&self, seat: Seat) -> u8 {
        self.reserve[seat.index() & 1]
    }

    /// How many of `seat`'s pawns have been removed from the game.
    #[must_use]
    pub const fn removed(&self, seat: Seat) -> u8 {
        PAWNS.saturating_sub(self.pawns_left(seat))
    }

    /// How many pawns `seat` has left, on the board and in the reserve.
    #[must_use]
    pub const fn pawns_left(&self, seat: Seat) -> u8 {
        self.on_board(seat) + self.reserve(seat)
    }

    /// The seat on turn; once the game is over, the seat whose turn it was.
    #[must_use]
    pub const fn turn(&self) -> Seat {
        self.turn
    }

    /// Where in the turn the game is.
    #[must_use]
    pub const fn phase(&self) -> PerilPhase {
        self.phase
    }

    /// Both bitboards together: every square that holds a pawn.
    pub(crate) const fn occupied(&self) -> u32 {
        self.boards[0] | self.boards[1]
    }

    /// The board of the side on turn.
    pub(crate) const fn mine(&self) -> u32 {
        self.boards[self.turn.index() & 1]
    }
}
