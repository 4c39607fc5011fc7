//! The effects of the squares a move can end on: 15 (the Ankh), 26 (the
//! Vulture), 27 (the River), 28 (the Trial) and 29 (the Eye).

use crate::model::{EndHow, Event, Pip, Place, Seat, Why};

use super::state::{ANKH, ENTRY, EYE, RIVER, TRIAL, VULTURE, bit, other};
use super::{PerilPhase, PerilState, ankh_squares, finish, highest, land, pawn, square, win};

/// The effect of the square a move ended on.
pub(super) fn arrive(state: &mut PerilState, to: u8, events: &mut Vec<Event>) {
    let me = state.turn;
    match to {
        ANKH if ankh_squares(state) != 0 => state.phase = PerilPhase::Ankh,
        VULTURE => state.phase = PerilPhase::VultureRoll,
        RIVER => {
            state.phase = PerilPhase::River {
                unswept: state.occupied(),
            };
        }
        TRIAL => state.phase = PerilPhase::Trial,
        EYE => {
            state.boards[me.index()] &= !bit(EYE);
            events.push(pawn(
                me,
                Place::on(square(EYE)),
                Place::Removed,
                Why::Removed,
            ));
            finish(state);
        }
        _ => finish(state),
    }
}

/// The Vulture's roll: whose pawn the seat on turn must remove.
pub(super) fn vulture(state: &mut PerilState, pip: Pip) {
    let target = if pip.value() <= 4 {
        state.turn
    } else {
        other(state.turn)
    };
    if state.bitboard(target) == 0 {
        // A 5–6 with no opponent pawn on the board: nothing happens. (The
        // seat's own pawn on 26 is always there for a 1–4.)
        finish(state);
    } else {
        state.phase = PerilPhase::Vulture { target };
    }
}

/// One roll of the River: the highest pawn not yet swept is lifted and put
/// on 1, 2 or 3 by the roll, or on the next free one of 1, 2, 3 (wrapping
/// around), or back in its reserve.
///
/// **Decision**: the lifted pawn's own square counts as free; the pawns not
/// yet swept still hold theirs. Every pawn gets its roll, even when the
/// outcome cannot matter (each roll is its own chance step).
pub(super) fn sweep(state: &mut PerilState, mut unswept: u32, pip: Pip, events: &mut Vec<Event>) {
    let from = highest(unswept);
    unswept &= !bit(from);
    let owner = if state.boards[0] & bit(from) != 0 {
        Seat::FIRST
    } else {
        other(Seat::FIRST)
    };
    state.boards[owner.index()] &= !bit(from);
    // 1–2 → 1, 3–4 → 2, 5–6 → 3.
    let first = pip.value().div_ceil(2);
    let free = ENTRY & !state.occupied();
    let landing = [first, first % 3 + 1, (first + 1) % 3 + 1]
        .into_iter()
        .find(|&to| free & bit(to) != 0);
    let to = match landing {
        Some(to) => {
            state.boards[owner.index()] |= bit(to);
            Place::on(square(to))
        }
        None => {
            state.reserve[owner.index()] += 1;
            Place::Reserve
        }
    };
    events.push(pawn(owner, Place::on(square(from)), to, Why::Water));
    if unswept == 0 {
        finish(state);
    } else {
        state.phase = PerilPhase::River { unswept };
    }
}

/// The Trial's roll: a 3 wins; otherwise the pawn on 28 goes to the rolled
/// square, capturing an opponent there; onto a friendly pawn it goes to the
/// nearest empty square below, or back to the reserve.
///
/// **Decision**: "empty" skips squares holding any pawn, so the fallback
/// never captures.
pub(super) fn trial(state: &mut PerilState, pip: Pip, events: &mut Vec<Event>) {
    let me = state.turn;
    let rolled = pip.value();
    if rolled == 3 {
        // The winning pawn stays where it passed the Trial.
        win(state, me, EndHow::Trial);
        return;
    }
    state.boards[me.index()] &= !bit(TRIAL);
    let from = Place::on(square(TRIAL));
    let to = if state.mine() & bit(rolled) == 0 {
        Some(rolled)
    } else {
        // Skipping every square that holds a pawn, so this never captures.
        (1..rolled).rev().find(|&n| state.occupied() & bit(n) == 0)
    };
    match to {
        Some(to) => {
            events.push(pawn(me, from, Place::on(square(to)), Why::Effect));
            land(state, me, to, events);
        }
        None => {
            state.reserve[me.index()] += 1;
            events.push(pawn(me, from, Place::Reserve, Why::Effect));
        }
    }
    // Squares 1–6 have no effect of their own.
    finish(state);
}
