//! What a stick move tells: the piece events of one move of Kendall's
//! mechanics (a step, a swap, the House of Water, a bear-off), in the step
//! model's words, for [`super::steps`].

use crate::kendall_v1::moves::{Destination, Direction, Effect, Move};
use crate::model::{Event, Place, Seat, Why};

/// The piece events of a stick move.
pub(super) fn move_events(seat: Seat, mv: Move, events: &mut Vec<Event>) {
    let opponent = seat.next(2);
    let why = match mv.direction {
        Direction::Forward => Why::Move,
        Direction::Backward => Why::Backward,
    };
    let piece = |seat, from, to, why| Event::Piece {
        seat,
        value: None,
        from,
        to,
        why,
    };
    let from = Place::on(mv.from);
    match (mv.to, mv.effect) {
        (Destination::Off, _) | (_, Effect::BearOff) => {
            events.push(piece(seat, from, Place::Off, Why::BorneOff));
        }
        (Destination::Square(to), Effect::Capture) => {
            events.push(piece(seat, from, Place::on(to), why));
            events.push(piece(opponent, Place::on(to), from, Why::Swapped));
        }
        (Destination::Square(to), Effect::Water { rebirth }) => {
            events.push(piece(seat, from, Place::on(to), why));
            events.push(piece(seat, Place::on(to), Place::on(rebirth), Why::Water));
        }
        (Destination::Square(to), Effect::None) => {
            events.push(piece(seat, from, Place::on(to), why));
        }
    }
}
