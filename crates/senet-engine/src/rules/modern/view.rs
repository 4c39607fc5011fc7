//! What Senet-modern tells a client about a state: whose throw comes next
//! and the view of the board, the pieces borne off and removed, the scores
//! and who is out.

use crate::model::{Occupant, Piece, Seat, SeatView, View};
use crate::square::Square;

use super::state::{ModernPhase, ModernState};

/// The seat whose own throw the next dice are: the seat on turn, when its
/// turn began with the dice. After a choice of one die or two the dice are
/// the rules' own draw: that choice was the seat's throw.
///
/// The phase does not say how the dice came to be next, and needs not: a
/// turn offers the choice exactly when the seat has one piece on the board
/// (`next_turn`), nothing changes that count before the dice are rolled,
/// and the position text takes `roll2` with one piece to mean two dice
/// chosen. So one piece on the board at `ToRoll` means the dice were
/// chosen, any other count that the turn began with them.
pub(crate) fn thrower(state: &ModernState) -> Option<Seat> {
    match state.phase {
        ModernPhase::ToRoll(_) if state.on_board(state.to_move) != 1 => Some(state.to_move),
        _ => None,
    }
}

/// The view of a state: seat `i` plays colour `i` (P1 … P4), every seat's
/// score is the dots it has borne off (out or not, as the standing's
/// scores), and nothing waits in a reserve.
pub(crate) fn view(state: &ModernState) -> View {
    let squares = Square::all()
        .map(|square| {
            state.piece_on(square).map(|piece| Occupant {
                seat: Some(piece.seat),
                colour: piece.seat.number(),
                value: Some(piece.value),
            })
        })
        .collect();
    let pieces = |values: &mut dyn Iterator<Item = u8>| {
        values.map(|value| Piece { value: Some(value) }).collect()
    };
    let seats = Seat::all(state.seats)
        .map(|seat| SeatView {
            colour: Some(seat.number()),
            reserve: Vec::new(),
            off: pieces(&mut state.borne_off(seat)),
            removed: pieces(&mut state.removed(seat)),
            score: Some(i32::from(state.score(seat))),
            out: state.is_out(seat),
        })
        .collect();
    let to_move = match state.phase {
        ModernPhase::Over(_) => None,
        _ => Some(state.to_move),
    };
    View {
        squares,
        seats,
        to_move,
    }
}
