//! The state of a Senet-modern game: the board, what each seat has borne
//! off, who is out, whose turn it is and where in the turn it stands.

use crate::model::{EndHow, Pip, Seat};
use crate::square::Square;

/// Pieces each seat starts with, carrying 1 to 5 dots.
pub(crate) const PIECES: u8 = 5;

/// The Sun, square 1: where the game starts and captured pieces return.
pub(crate) const SUN: u8 = 1;
/// The Moon, square 26: a piece that stops there goes back to the Sun.
pub(crate) const MOON: u8 = 26;
/// The Bird, square 27: a piece that stops there goes back to 15 or below.
pub(crate) const BIRD: u8 = 27;
/// Where the Bird sends a piece first.
pub(crate) const BIRD_TARGET: u8 = 15;
/// The goal, one step past 30.
pub(crate) const GOAL: u8 = 31;
/// The last five squares (26–30), where safety and capture rules change.
pub(crate) const LAST_FIVE: u8 = 26;
/// Squares 28, 29 and 30 as bits: the "must move" rule looks at them.
pub(crate) const SAFE_MASK: u32 = (1 << 28) | (1 << 29) | (1 << 30);
/// Every value bit of a seat's five pieces (bit `v - 1` for `v` dots).
pub(crate) const ALL_VALUES: u8 = (1 << PIECES) - 1;

/// A piece: its owner and its dots (1 to 5), which are its score value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ModernPiece {
    /// The owner.
    pub seat: Seat,
    /// The dots, 1 to 5.
    pub value: u8,
}

/// How many dice a throw has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum DiceCount {
    /// One die (chosen by a seat with one piece on the board).
    One,
    /// Two dice, the usual throw.
    Two,
}

/// The dice a seat moves by this turn. Two dice are kept low first: which
/// die fell first tells nothing, since the player picks the die to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ModernThrow {
    /// One die.
    One(Pip),
    /// Two dice, the lower first.
    Two(Pip, Pip),
}

impl ModernThrow {
    /// Two dice in either order, kept low first.
    #[must_use]
    pub fn two(first: Pip, second: Pip) -> ModernThrow {
        ModernThrow::Two(first.min(second), first.max(second))
    }
}

/// Where a game stands within a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ModernPhase {
    /// The seat on turn has one piece on the board and chooses to roll one
    /// die or two.
    ChooseDice,
    /// The dice are rolled next.
    ToRoll(DiceCount),
    /// The seat on turn makes the first (or only) move of its throw.
    ToMove(ModernThrow),
    /// The second move of a split: `die` moves a piece other than the one
    /// with `moved` dots, which used the other die.
    SecondDie {
        /// The die left to use.
        die: Pip,
        /// The dots of the piece that moved first.
        moved: u8,
    },
    /// The game is over.
    Over(EndHow),
}

/// A Senet-modern position: everything the rules need, and small enough to
/// copy (the hot loop allocates nothing).
///
/// Invariants (kept by play and checked by the position text parser): each
/// seat's five pieces are each on one square, borne off or removed; no piece
/// stands on 26 or 27; a seat that is out has no piece on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ModernState {
    /// The piece on each square by square number (0 and 31 unused): 0 for
    /// none, else `seat << 3 | dots`.
    pub(crate) board: [u8; 32],
    /// Each seat's pieces as bits by square number: a cache of `board`
    /// for the move generator.
    pub(crate) occupied: [u32; 4],
    /// Each seat's borne-off pieces, bit `v - 1` for the piece with `v` dots.
    pub(crate) borne: [u8; 4],
    /// Each seat's place in the order of first bear-offs (1 bore off
    /// first), 0 while it has borne nothing off: the last tie-break.
    pub(crate) first_off: [u8; 4],
    /// Each seat's place in the order seats went out (1 went out first),
    /// 0 while it plays.
    pub(crate) out: [u8; 4],
    /// How many seats the game has, 2 to 4.
    pub(crate) seats: u8,
    /// The seat on turn (after the end: the seat that was on turn).
    pub(crate) to_move: Seat,
    /// Where the turn stands.
    pub(crate) phase: ModernPhase,
}

/// The board cell of a piece.
pub(crate) const fn cell(seat: Seat, value: u8) -> u8 {
    (seat.number() << 3) | value
}

/// The owner of a non-empty cell.
pub(crate) const fn cell_seat(cell: u8) -> u8 {
    cell >> 3
}

/// The dots of a non-empty cell.
pub(crate) const fn cell_value(cell: u8) -> u8 {
    cell & 7
}

/// The bit of a value in a seat's value mask.
pub(crate) const fn value_bit(value: u8) -> u8 {
    1 << (value - 1)
}

impl ModernState {
    /// An empty board: nobody out, nothing borne off, seat 0 about to roll
    /// two dice. The caller places the pieces and sets the phase.
    pub(crate) fn empty(seats: u8) -> ModernState {
        ModernState {
            board: [0; 32],
            occupied: [0; 4],
            borne: [0; 4],
            first_off: [0; 4],
            out: [0; 4],
            seats,
            to_move: Seat::FIRST,
            phase: ModernPhase::ToRoll(DiceCount::Two),
        }
    }

    /// The setup: from the Sun, the seats in turn, highest value first.
    pub(crate) fn setup(seats: u8) -> ModernState {
        let mut state = ModernState::empty(seats);
        let mut square = SUN;
        for value in (1..=PIECES).rev() {
            for seat in Seat::all(seats) {
                state.put(square, cell(seat, value));
                square += 1;
            }
        }
        state
    }

    /// Puts a piece on an empty square.
    pub(crate) fn put(&mut self, square: u8, piece: u8) {
        self.board[usize::from(square)] = piece;
        self.occupied[usize::from(cell_seat(piece))] |= 1 << square;
    }

    /// Takes the piece off a square, returning its cell (0 if none).
    pub(crate) fn take(&mut self, square: u8) -> u8 {
        let piece = self.board[usize::from(square)];
        if piece != 0 {
            self.board[usize::from(square)] = 0;
            self.occupied[usize::from(cell_seat(piece))] &= !(1 << square);
        }
        piece
    }

    /// Every occupied square as bits.
    pub(crate) fn all_occupied(&self) -> u32 {
        self.occupied[0] | self.occupied[1] | self.occupied[2] | self.occupied[3]
    }

    /// How many seats the game has.
    #[must_use]
    pub fn seats(&self) -> u8 {
        self.seats
    }

    /// The seat on turn (once the game is over, the seat that was).
    #[must_use]
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Where the turn stands.
    #[must_use]
    pub fn phase(&self) -> ModernPhase {
        self.phase
    }

    /// The piece on a square, if any.
    #[must_use]
    pub fn piece_on(&self, square: Square) -> Option<ModernPiece> {
        let piece = self.board[usize::from(square.number())];
        let seat = Seat::new(cell_seat(piece))?;
        (piece != 0).then_some(ModernPiece {
            seat,
            value: cell_value(piece),
        })
    }

    /// How many pieces a seat has on the board.
    #[must_use]
    pub fn on_board(&self, seat: Seat) -> u8 {
        self.occupied
            .get(seat.index())
            .map_or(0, |b| b.count_ones() as u8)
    }

    /// The values (dots) a seat has borne off, lowest first.
    pub fn borne_off(&self, seat: Seat) -> impl Iterator<Item = u8> {
        values(self.borne.get(seat.index()).copied().unwrap_or(0))
    }

    /// The values (dots) of a seat's pieces taken out of the game for good,
    /// lowest first.
    pub fn removed(&self, seat: Seat) -> impl Iterator<Item = u8> {
        values(self.removed_mask(seat))
    }

    /// A seat's score: the dots it has borne off.
    #[must_use]
    pub fn score(&self, seat: Seat) -> u8 {
        self.borne_off(seat).sum()
    }

    /// Whether a seat is out of the game (it could not use a throw).
    #[must_use]
    pub fn is_out(&self, seat: Seat) -> bool {
        self.out.get(seat.index()).is_some_and(|&rank| rank != 0)
    }

    /// The seats that are out, in the order they went out.
    pub fn out_order(&self) -> impl Iterator<Item = Seat> + '_ {
        (1..=self.seats)
            .filter_map(|rank| Seat::all(self.seats).find(|seat| self.out[seat.index()] == rank))
    }

    /// The seats that have borne a piece off, in the order of their first
    /// bear-off (the last tie-break of the standing).
    pub fn first_off_order(&self) -> impl Iterator<Item = Seat> + '_ {
        (1..=self.seats).filter_map(|rank| {
            Seat::all(self.seats).find(|seat| self.first_off[seat.index()] == rank)
        })
    }

    /// A seat's pieces on the board as a value mask.
    pub(crate) fn on_board_mask(&self, seat: Seat) -> u8 {
        let mut mask = 0;
        let mut bits = self.occupied.get(seat.index()).copied().unwrap_or(0);
        while bits != 0 {
            let square = bits.trailing_zeros();
            bits &= bits - 1;
            mask |= value_bit(cell_value(self.board[square as usize]));
        }
        mask
    }

    /// A seat's removed pieces as a value mask: neither on the board nor
    /// borne off.
    pub(crate) fn removed_mask(&self, seat: Seat) -> u8 {
        let borne = self.borne.get(seat.index()).copied().unwrap_or(0);
        ALL_VALUES & !(self.on_board_mask(seat) | borne)
    }

    /// How many seats still play.
    pub(crate) fn seats_in(&self) -> u8 {
        Seat::all(self.seats)
            .filter(|seat| self.out[seat.index()] == 0)
            .count() as u8
    }
}

/// The values of a value mask, lowest first.
fn values(mask: u8) -> impl Iterator<Item = u8> {
    (1..=PIECES).filter(move |&v| mask & value_bit(v) != 0)
}
