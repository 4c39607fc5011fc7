//! The beginner on the step model: a random option, drawn with weights that
//! make it look human. Each option is played on a copy of the state and
//! judged by the events it produces, so no rule is copied here: bearing a
//! piece off or winning is liked, taking an opponent's piece is liked, and
//! losing one's own piece or being sent back (the water, the Moon, the
//! Bird, the Eye) is avoided.

use rand::{Rng, RngExt};
use senet_engine::{Choice, Event, Next, Options, Place, RuleSet, Seat, Step, Why};

/// Weight of an option that wins the game at once.
const WIN: f64 = 10.0;
/// Weight of bearing a piece off.
const BEAR_OFF: f64 = 4.0;
/// Weight of taking (swapping, sending home, removing) an opponent's piece.
const TAKE: f64 = 3.0;
/// Weight of an option that sets one's own piece back or loses it.
const SETBACK: f64 = 0.1;

/// How much the beginner likes an option, from what it does: the product
/// of the weights of its events (1 for an ordinary move).
pub(crate) fn weight<R: RuleSet>(
    rules: R,
    state: &R::State,
    seat: Seat,
    choice: Choice,
    events: &mut Vec<Event>,
) -> f64 {
    let mut after = state.clone();
    events.clear();
    if rules
        .apply(&mut after, Step::Decide { seat, choice }, events)
        .is_err()
    {
        return 1.0;
    }
    let mut w = 1.0;
    for event in events.iter() {
        if let Event::Piece {
            seat: owner,
            from,
            to,
            why,
            ..
        } = *event
        {
            let mine = owner == seat;
            let lost = matches!(
                why,
                Why::Swapped | Why::SentHome | Why::Captured | Why::Removed
            );
            if mine && (why == Why::BorneOff || to == Place::Off) {
                w *= BEAR_OFF;
            } else if !mine && lost {
                w *= TAKE;
            } else if mine && (lost || why == Why::Water || set_back(why, from, to)) {
                w *= SETBACK;
            }
        }
    }
    if let Next::End(standing) = rules.next(&after) {
        if standing.winner() == Some(seat) {
            w *= WIN;
        }
    }
    w
}

/// An effect that sent the piece back along the path (the Moon, the Bird).
fn set_back(why: Why, from: Place, to: Place) -> bool {
    match (why, from, to) {
        (Why::Effect, Place::Square { square: from }, Place::Square { square: to }) => to < from,
        (Why::Effect, Place::Square { .. }, Place::Reserve | Place::Removed) => true,
        _ => false,
    }
}

/// The beginner's ranking: the options in a weighted random order
/// (Efraimidis–Spirakis: key `u^(1/w)`, highest first), with the keys.
pub(crate) fn rank<R: RuleSet, G: Rng + ?Sized>(
    rules: R,
    state: &R::State,
    seat: Seat,
    options: &Options,
    rng: &mut G,
) -> Vec<(Choice, f64)> {
    let mut events = Vec::with_capacity(16);
    let mut ranked: Vec<(Choice, f64)> = options
        .iter()
        .map(|&choice| {
            let w = weight(rules, state, seat, choice, &mut events);
            let u: f64 = rng.random::<f64>();
            (choice, u.max(f64::MIN_POSITIVE).powf(1.0 / w))
        })
        .collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    ranked
}
