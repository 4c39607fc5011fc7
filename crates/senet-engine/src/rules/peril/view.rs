//! What Path of Peril tells a client about a state: whose roll comes next
//! and the view of the board, the reserves and the removed pawns.

use crate::model::{Occupant, Piece, Seat, SeatView, View};
use crate::square::Square;

use super::state::{PerilPhase, PerilState};

/// The seat whose own roll comes next: the seat on turn at the turn's
/// roll. The Vulture's, the River's and the Trial's rolls are the rules'
/// own draws.
pub(crate) fn thrower(state: &PerilState) -> Option<Seat> {
    matches!(state.phase, PerilPhase::Roll).then_some(state.turn)
}

/// The view of a state: seat `i` plays colour `i` (Cone, Spool); no pawn
/// is ever borne off (one through the Gates or the Trial wins where it
/// stands).
pub(crate) fn view(state: &PerilState) -> View {
    let squares = Square::all()
        .map(|square| {
            state.pawn_at(square).map(|seat| Occupant {
                seat: Some(seat),
                colour: seat.number(),
                value: None,
            })
        })
        .collect();
    let seats = Seat::all(2)
        .map(|seat| SeatView {
            colour: Some(seat.number()),
            reserve: vec![Piece::PLAIN; usize::from(state.reserve(seat))],
            removed: vec![Piece::PLAIN; usize::from(state.removed(seat))],
            ..SeatView::default()
        })
        .collect();
    let to_move = match state.phase {
        PerilPhase::Over { .. } => None,
        _ => Some(state.turn),
    };
    View {
        squares,
        seats,
        to_move,
    }
}
