//! A game's seats as the history shows them.

use serde_json::{Value, json};

use crate::store::SeatRow;

/// A seat as the API shows it: the player (with the computer's level) or
/// `null` while open.
pub fn seat_json(seat: Option<&SeatRow>) -> Value {
    let Some(seat) = seat else {
        return Value::Null;
    };
    seat.player_id.map_or(Value::Null, |id| {
        let mut player = json!({ "player_id": id, "display_name": seat.display_name });
        if let Some(level) = &seat.computer_level {
            player["computer"] = json!(level);
        }
        player
    })
}

/// Every seat: number, player, name, computer level, colour, place, score,
/// and in a rated game the rating before and after it.
pub fn seats_json(seats: &[SeatRow]) -> Value {
    seats
        .iter()
        .map(|seat| {
            let rating = seat
                .rating
                .map(|(before, after)| json!({ "before": before, "after": after }));
            json!({
                "rating": rating,
                "seat": seat.seat,
                "player_id": seat.player_id,
                "display_name": seat.display_name,
                "computer": seat.computer_level,
                "colour": seat.colour,
                "place": seat.place,
                "score": seat.score,
            })
        })
        .collect()
}

/// The Kendall side of a seat: seat 0 is the Cone, seat 1 the Spool.
pub fn side_of_seat(seat: i16) -> Option<&'static str> {
    match seat {
        0 => Some("cone"),
        1 => Some("spool"),
        _ => None,
    }
}
