//! Kendall's seven-piece game as specified in `rules-kendall7.md`: the
//! standard rules with seven pieces on 1–14, safe houses on 15, 26, 28 and
//! 29, and an opening for a 1 (played by the step model, `steps.rs`).

use crate::kendall_v1::Rules;
use crate::kendall_v1::moves::{Direction, Move, MoveList, PlayError};
use crate::kendall_v1::position::{Position, PositionError};
use crate::kendall_v1::side::Side;
use crate::kendall_v1::throw::{Throw, ThrowError};
use crate::rules::bits::check_pieces;
use crate::rules::kendall::SAFE_HOUSES;
use crate::rules::sticks::{Opening, StickRules, moves_of};
use crate::rules::{Kendall, RuleSetId};
use crate::square::Square;
use crate::sticks::Sticks;

/// Pieces each side starts with.
const PIECES: u8 = 7;

/// Squares whose piece cannot be captured on its own: the standard 28 and
/// 29, and the safe houses 15 and 26 of this rule set.
const SAFE: u32 = SAFE_HOUSES | (1 << 15) | (1 << 26);

/// Kendall's seven-piece game.
///
/// Seven pieces a side, Cone on the odd squares 1–13 and Spool on the even
/// squares 2–14. Before play the seats throw in turn for a 1: that seat
/// takes Spool, whose piece on 14 goes to 15 at once, and throws again
/// (the step model plays the opening; [`Rules::start`] is the board before
/// it). A piece on 15, 26, 28 or 29 cannot be captured; everything else is
/// as in the standard rules ([`Kendall`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Kendall7;

impl Rules for Kendall7 {
    fn id(&self) -> RuleSetId {
        RuleSetId::Kendall7
    }

    fn pieces_per_side(&self) -> u8 {
        PIECES
    }

    fn side_letters(&self) -> [char; 2] {
        ['c', 's']
    }

    /// The board before the opening: Cone on 1, 3, …, 13, Spool on 2, 4,
    /// …, 14, with Spool to throw, as the seat that throws the opening 1
    /// plays Spool and throws again.
    fn start(&self) -> Position {
        let odd = 0b10_1010_1010_1010u32;
        Position::from_boards([odd, odd << 1], Side::Spool)
    }

    fn throw(&self, value: u8) -> Result<Throw, ThrowError> {
        Kendall.throw(value)
    }

    fn score(&self, sticks: Sticks) -> Throw {
        Kendall.score(sticks)
    }

    fn extra_throw(&self, throw: Throw) -> bool {
        Kendall.extra_throw(throw)
    }

    fn legal_moves(&self, position: &Position, throw: Throw) -> MoveList {
        moves_of(self, position, throw)
    }

    fn explain_illegal(&self, position: &Position, throw: Throw, from: Square) -> PlayError {
        Kendall::explain::<SAFE>(position, throw, from)
    }

    fn validate(&self, position: &Position) -> Result<(), PositionError> {
        check_pieces(position, PIECES)
    }
}

impl StickRules for Kendall7 {
    const OPENING: Option<Opening> = Some(Opening { from: 14 });

    fn movers(&self, position: &Position, throw: Throw) -> (u32, Direction) {
        Kendall::mobility::<SAFE>(position, throw).movers()
    }

    fn resolve(&self, position: &Position, throw: Throw, from: u32, direction: Direction) -> Move {
        Kendall::resolve(position, throw, from, direction)
    }
}
