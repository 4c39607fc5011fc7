//! Bitboard helpers shared by the stick rule sets: bit `n` of a board is
//! square `n` (bit 0 and bit 31 are never set).

use crate::kendall_v1::position::{Position, PositionError};
use crate::kendall_v1::side::Side;
use crate::square::Square;

/// Bits `lo..=hi`, or none when `lo > hi`.
pub(crate) const fn span(lo: u32, hi: u32) -> u32 {
    if lo > hi {
        0
    } else {
        ((1u32 << (hi - lo + 1)) - 1) << lo
    }
}

/// Every square in a run of three or more consecutive pieces of `board`:
/// Kendall's blockades and Jequier's walls.
pub(crate) const fn runs_of_three(board: u32) -> u32 {
    let starts = board & (board >> 1) & (board >> 2);
    starts | (starts << 1) | (starts << 2)
}

/// Pieces of `board` with a friendly piece on a neighbouring square, or on
/// one of the `safe` squares: the pieces that cannot be captured.
pub(crate) const fn guarded(board: u32, safe: u32) -> u32 {
    board & ((board << 1) | (board >> 1) | safe)
}

/// The highest set bit of a non-empty board.
pub(crate) const fn highest(board: u32) -> u32 {
    31 - board.leading_zeros()
}

/// The squares whose move `t` squares forward would pass a square of
/// `walls`: a piece on `p` passes `p + 1 ..= p + t - 1` (the destination
/// itself is not passed).
pub(crate) fn passes_forward(walls: u32, t: u32) -> u32 {
    let mut walled = 0;
    if walls != 0 {
        for k in 1..t {
            walled |= walls >> k;
        }
    }
    walled
}

/// The squares whose move `t` squares back would pass a square of `walls`
/// (`p - t + 1 ..= p - 1`).
pub(crate) fn passes_backward(walls: u32, t: u32) -> u32 {
    let mut walled = 0;
    if walls != 0 {
        for k in 1..t {
            walled |= walls << k;
        }
    }
    walled
}

/// The square of a bit number the caller knows is on the board.
pub(crate) const fn square(number: u32) -> Square {
    Square::new_unchecked(number as u8)
}

/// The checks every stick rule set makes of a position: no side has more
/// pieces on the board than it starts with, and no piece rests on the House
/// of Water.
pub(crate) fn check_pieces(position: &Position, pieces: u8) -> Result<(), PositionError> {
    for side in Side::ALL {
        let found = position.on_board(side);
        if found > pieces {
            return Err(PositionError::TooManyPieces {
                side,
                found,
                allowed: pieces,
            });
        }
    }
    let water = Square::new_unchecked(27);
    if position.piece_at(water).is_some() {
        return Err(PositionError::PieceCannotRest {
            square: water.number(),
        });
    }
    Ok(())
}
