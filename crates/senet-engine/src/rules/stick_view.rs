//! What the stick rule sets tell a client about a state: whose throw comes
//! next, the view of the board, by seat once the colours are dealt, and
//! the position text.

use crate::kendall_v1::Rules;
use crate::kendall_v1::side::Side;
use crate::model::{Occupant, Piece, Seat, SeatView, View};
use crate::rules::steps::{Seating, StickState};
use crate::square::Square;

/// The seat whose throw comes next: the opening's thrower, or the seat on
/// turn when no throw waits for a move. The lot is the rules' own draw.
pub(crate) fn thrower<R: Rules>(rules: &R, state: &StickState) -> Option<Seat> {
    if rules.winner(&state.position).is_some() {
        return None;
    }
    match (state.seating, state.pending) {
        (Seating::Lot, _) | (Seating::Dealt { .. }, Some(_)) => None,
        (Seating::Opening { thrower }, _) => Some(thrower),
        (Seating::Dealt { .. }, None) => state.seat_of(state.position.to_move()),
    }
}

/// The view of a stick state. Colour index 0 is the first colour (Cone,
/// White), 1 the second (Spool, Black), as [`Side::index`] numbers them
/// and the opening's colour events say.
pub(crate) fn view<R: Rules>(rules: &R, state: &StickState) -> View {
    let position = &state.position;
    let colour = |side: Side| side.index() as u8;
    let squares = Square::all()
        .map(|square| {
            position.piece_at(square).map(|side| Occupant {
                seat: state.seat_of(side),
                colour: colour(side),
                value: None,
            })
        })
        .collect();
    let seats = Seat::all(2)
        .map(|seat| match state.side_of(seat) {
            // Pieces not on the board have been borne off.
            Some(side) => SeatView {
                colour: Some(colour(side)),
                off: vec![
                    Piece::PLAIN;
                    usize::from(
                        rules
                            .pieces_per_side()
                            .saturating_sub(position.on_board(side))
                    )
                ],
                ..SeatView::default()
            },
            // Before the colours are dealt no piece is a seat's yet.
            None => SeatView::default(),
        })
        .collect();
    let to_move = if rules.winner(position).is_some() {
        None
    } else {
        match state.seating {
            Seating::Lot => None,
            Seating::Opening { thrower } => Some(thrower),
            Seating::Dealt { .. } => state.seat_of(position.to_move()),
        }
    };
    View {
        squares,
        seats,
        to_move,
    }
}

/// The position text of a stick state: the standard 30 characters and the
/// side to throw (or, while a throw waits for a move, the side to move);
/// `o` while the opening lasts.
pub(crate) fn position_text<R: Rules>(rules: &R, state: &StickState) -> String {
    let mut text = rules.position_text(&state.position);
    if state.in_opening() {
        text.pop();
        text.push(OPENING_LETTER);
    }
    text
}

/// The side field of a position text while the opening lasts.
pub(crate) const OPENING_LETTER: char = 'o';
