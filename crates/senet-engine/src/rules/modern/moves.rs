//! Where a move ends and what it does there, the options of a move
//! decision, and the move itself with its events.

use crate::model::{Choice, DiceUse, Event, Options, Pip, Place, Seat, Why};
use crate::square::Square;

use super::state::{
    BIRD, BIRD_TARGET, GOAL, LAST_FIVE, MOON, ModernPhase, ModernState, ModernThrow, SAFE_MASK,
    SUN, cell_seat, cell_value, value_bit,
};

/// What a legal move does where it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Effect {
    /// Reaches the goal exactly: borne off.
    Off,
    /// Stops on an empty square (possibly its own start, after a bounce).
    Plain,
    /// Stops on an opponent piece, which goes back to the Sun.
    Capture,
    /// Stops on the Moon and goes back to the Sun.
    Moon,
    /// Stops on the Bird and goes back to this square.
    Bird(u8),
}

/// A legal move worked out before it is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Landing {
    /// The square the count ends on (after a bounce); `GOAL` when borne off.
    pub to: u8,
    /// Whether the count went past the goal and came back.
    pub bounced: bool,
    /// What happens there.
    pub effect: Effect,
}

/// Why a move is not legal, for players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Illegal {
    /// It would stop on the mover's own piece.
    OwnPiece(u8),
    /// It would stop on an opponent on 26–30 from outside 26–30.
    Safe(u8),
    /// It would stop on the Bird with no empty square at or below 15.
    BirdFull,
}

/// Where the piece of `seat` on `from` ends when moved `by` squares, and
/// what it does there.
pub(crate) fn landing(state: &ModernState, seat: u8, from: u8, by: u8) -> Result<Landing, Illegal> {
    let count = from + by;
    if count == GOAL {
        return Ok(Landing {
            to: GOAL,
            bounced: false,
            effect: Effect::Off,
        });
    }
    // Past the goal the piece comes back by the excess (28 + 5 → 31 → 29).
    let bounced = count > GOAL;
    let to = if bounced { 2 * GOAL - count } else { count };
    let effect = match to {
        MOON => Effect::Moon,
        BIRD => Effect::Bird(bird_square(state, from).ok_or(Illegal::BirdFull)?),
        // Its own start square is empty once it has left (a bounce from
        // 28 by 6 comes back to 28: a legal move, spec Decision).
        _ if to == from => Effect::Plain,
        _ => match state.board[usize::from(to)] {
            0 => Effect::Plain,
            piece if cell_seat(piece) == seat => return Err(Illegal::OwnPiece(to)),
            _ if to >= LAST_FIVE && from < LAST_FIVE => return Err(Illegal::Safe(to)),
            _ => Effect::Capture,
        },
    };
    Ok(Landing {
        to,
        bounced,
        effect,
    })
}

/// Where the Bird sends a piece that left `from`: 15, or the nearest empty
/// square below. Decision (engine): the square the piece left counts as
/// empty. The spec does not say; it matters only for 15 by 12, and the
/// piece is no longer on 15 when it flies back.
fn bird_square(state: &ModernState, from: u8) -> Option<u8> {
    let at_or_below = (2u32 << BIRD_TARGET) - 2; // bits 1..=15
    let empty = (!state.all_occupied() | (1 << from)) & at_or_below;
    (empty != 0).then(|| (31 - empty.leading_zeros()) as u8)
}

/// The uses of the dice the seat on turn has now, as `(use, squares)`
/// pairs: at most a sum and two dice. `moved` is the value of a piece that
/// may not move (the first piece of a split), 0 for none.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Uses {
    pub items: [(DiceUse, u8); 3],
    pub len: usize,
    pub moved: u8,
}

impl Uses {
    /// The uses the phase allows, or none outside a move decision.
    pub(crate) fn of(state: &ModernState) -> Uses {
        let mut uses = Uses {
            items: [(DiceUse::Sum, 0); 3],
            len: 0,
            moved: 0,
        };
        let die = |pip: Pip| (DiceUse::Die { pips: pip.value() }, pip.value());
        match state.phase {
            ModernPhase::ToMove(ModernThrow::Two(low, high)) => {
                uses.push((DiceUse::Sum, low.value() + high.value()));
                // With one piece on the board the dice only move by the sum
                // (spec Decision).
                if state.occupied[state.to_move.index()].count_ones() > 1 {
                    uses.push(die(low));
                    if high != low {
                        uses.push(die(high));
                    }
                }
            }
            ModernPhase::ToMove(ModernThrow::One(pip)) => uses.push(die(pip)),
            ModernPhase::SecondDie { die: pip, moved } => {
                uses.push(die(pip));
                uses.moved = moved;
            }
            _ => {}
        }
        uses
    }

    fn push(&mut self, item: (DiceUse, u8)) {
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = item;
            self.len += 1;
        }
    }

    /// The uses as a slice.
    pub(crate) fn as_slice(&self) -> &[(DiceUse, u8)] {
        &self.items[..self.len]
    }

    /// How far `by` moves, if it is one of the uses.
    pub(crate) fn squares(&self, by: DiceUse) -> Option<u8> {
        self.as_slice()
            .iter()
            .find(|(use_, _)| *use_ == by)
            .map(|&(_, squares)| squares)
    }
}

/// The squares of the seat on turn that may move now, as bits: all its
/// pieces but the one that moved first in a split.
pub(crate) fn movers(state: &ModernState, uses: &Uses) -> u32 {
    let mut pieces = state.occupied[state.to_move.index()];
    if uses.moved != 0 {
        let mut bits = pieces;
        while bits != 0 {
            let square = bits.trailing_zeros();
            bits &= bits - 1;
            if cell_value(state.board[square as usize]) == uses.moved {
                pieces &= !(1 << square);
            }
        }
    }
    pieces
}

/// Whether any piece among `pieces` has a legal move with any use.
pub(crate) fn any_move(state: &ModernState, uses: &Uses, pieces: u32) -> bool {
    let seat = state.to_move.number();
    for &(_, by) in uses.as_slice() {
        let mut bits = pieces;
        while bits != 0 {
            let from = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            if landing(state, seat, from, by).is_ok() {
                return true;
            }
        }
    }
    false
}

/// The pieces the seat must choose among: those on 28–30 when one of them
/// can move (spec Decision, at every single move decision), else all.
/// Decision (engine): a sum counts as a move of a piece on 28–30 like a
/// single die; at the second die of a split the piece that used the first
/// die is not a candidate (it may not move again).
pub(crate) fn must_move_from(state: &ModernState, uses: &Uses) -> u32 {
    let pieces = movers(state, uses);
    let high = pieces & SAFE_MASK;
    if high != 0 && any_move(state, uses, high) {
        high
    } else {
        pieces
    }
}

/// Whether the piece on `from` may be chosen now: one of the movers, and
/// on 28–30 or with no piece there that can move. The same answer as
/// `must_move_from`, without its search in the common case.
pub(crate) fn may_move(state: &ModernState, uses: &Uses, from: u8) -> bool {
    let pieces = movers(state, uses);
    let bit = 1 << from;
    if pieces & bit == 0 {
        return false;
    }
    let high = pieces & SAFE_MASK;
    bit & SAFE_MASK != 0 || high == 0 || !any_move(state, uses, high)
}

/// Every option of a move decision: sums first, then single dice lowest
/// die first, each by square from the Sun on.
pub(crate) fn move_options(state: &ModernState, uses: &Uses) -> Options {
    let mut options = Options::new();
    let seat = state.to_move.number();
    let pieces = must_move_from(state, uses);
    for &(by, squares) in uses.as_slice() {
        let mut bits = pieces;
        while bits != 0 {
            let from = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            if landing(state, seat, from, squares).is_ok() {
                // At most 5 pieces × 3 uses = 15 options, well under the
                // capacity; a push past it would be a bug, not a drop.
                let pushed = options.push(Choice::MoveDice {
                    from: Square::new_unchecked(from),
                    by,
                });
                debug_assert!(pushed.is_ok(), "more options than MAX_OPTIONS");
            }
        }
    }
    options
}

/// Makes a legal move of the piece on `from` and reports it. Returns the
/// moving piece's value.
pub(crate) fn make_move(
    state: &mut ModernState,
    from: u8,
    landing: Landing,
    events: &mut Vec<Event>,
) -> u8 {
    // The piece leaves its square first: a piece that left the Sun leaves
    // it empty for a piece it sends back there (Decision (engine); the
    // spec's removal is for a piece "already on the Sun").
    let piece = state.take(from);
    let seat = state.to_move;
    let value = cell_value(piece);
    // A bounce is one event from the start to where the piece comes back
    // to: the goal is not a place a piece stays on.
    let why = if landing.bounced {
        Why::Bounced
    } else {
        Why::Move
    };
    let event = |to: Place, why: Why| Event::Piece {
        seat,
        value: Some(value),
        from: Place::on(Square::new_unchecked(from)),
        to,
        why,
    };
    let at = |square: u8| Place::on(Square::new_unchecked(square));
    match landing.effect {
        Effect::Off => {
            events.push(event(Place::Off, Why::BorneOff));
            let i = seat.index();
            state.borne[i] |= value_bit(value);
            if state.first_off[i] == 0 {
                let before = state.first_off.iter().filter(|&&r| r != 0).count() as u8;
                state.first_off[i] = before + 1;
            }
        }
        Effect::Plain => {
            events.push(event(at(landing.to), why));
            state.put(landing.to, piece);
        }
        Effect::Capture => {
            events.push(event(at(landing.to), why));
            let taken = state.take(landing.to);
            state.put(landing.to, piece);
            to_the_sun(state, taken, landing.to, Why::SentHome, events);
        }
        Effect::Moon => {
            events.push(event(at(MOON), why));
            to_the_sun(state, piece, MOON, Why::Effect, events);
        }
        Effect::Bird(square) => {
            events.push(event(at(BIRD), why));
            events.push(Event::Piece {
                seat,
                value: Some(value),
                from: at(BIRD),
                to: at(square),
                why: Why::Effect,
            });
            state.put(square, piece);
        }
    }
    value
}

/// Sends a piece from `from` back to the Sun; a piece already on the Sun,
/// whoever owns it, leaves the game for good first. Its event comes before
/// the returning piece's, in the order a board shows them, and says
/// `Why::Removed` (an effect of the Sun rule, not a capture by the mover).
fn to_the_sun(state: &mut ModernState, piece: u8, from: u8, why: Why, events: &mut Vec<Event>) {
    let sun = Place::on(Square::new_unchecked(SUN));
    let there = state.take(SUN);
    if there != 0 {
        events.push(Event::Piece {
            seat: seat_of(there),
            value: Some(cell_value(there)),
            from: sun,
            to: Place::Removed,
            why: Why::Removed,
        });
    }
    events.push(Event::Piece {
        seat: seat_of(piece),
        value: Some(cell_value(piece)),
        from: Place::on(Square::new_unchecked(from)),
        to: sun,
        why,
    });
    state.put(SUN, piece);
}

/// The seat of a non-empty cell.
pub(crate) fn seat_of(piece: u8) -> Seat {
    Seat::new(cell_seat(piece)).unwrap_or(Seat::FIRST)
}
