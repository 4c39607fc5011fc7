//! What the two-side stick rule sets share below the [`Rules`] trait: the
//! pieces that may move as one bitboard, each move worked out from its
//! from-square, and the opening facts the step model needs. The move lists
//! of [`Rules::legal_moves`] and the options of the step model are both
//! built on it, so they cannot disagree.

use crate::kendall_v1::Rules;
use crate::kendall_v1::moves::{Direction, Move, MoveList};
use crate::kendall_v1::position::Position;
use crate::kendall_v1::side::Side;
use crate::kendall_v1::throw::Throw;
use crate::model::{SeriesScoring, SquareSpan, StickSide};

/// The opening of Kendall-7 and Jequier: the seats throw in turn until one
/// throws a 1; that seat takes the second colour (Spool, Black), the rules
/// move its piece on `from` one square on at once, and it throws again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Opening {
    /// The square of the second colour's piece the opening 1 moves: 14 in
    /// Kendall-7, 10 in Jequier.
    pub(crate) from: u32,
}

/// A two-side stick rule set on raw boards.
pub(crate) trait StickRules: Rules + Copy + 'static {
    /// The opening that deals the colours, if the rule set has one; without
    /// one seat 0 plays the first colour and throws first.
    const OPENING: Option<Opening> = None;

    /// The square the first colour's first move must be made from while a
    /// piece of it stands there (Jequier's 9), if the rule set has such a
    /// rule.
    const FIRST_MOVE_FROM: Option<u32> = None;

    /// The end of the track where a piece waits to leave: from the square
    /// every piece stops on or is safe on (26) to the last, unless the rule
    /// set has an exit row of its own (Jequier).
    const EXIT_ROW: SquareSpan = SquareSpan::new(26, 30);

    /// How the rule set scores a series of games, if it does (Jequier).
    const SERIES: Option<SeriesScoring> = None;

    /// The side of the sticks the rule set counts: light (flat) sides,
    /// unless it counts dark ones (the web version).
    const COUNTED: StickSide = StickSide::Light;

    /// The pieces of the side to move that have a legal move with this
    /// throw (a bitboard), and which way they all move.
    fn movers(&self, position: &Position, throw: Throw) -> (u32, Direction);

    /// The move of the piece on `from`, which is one of [`Self::movers`].
    fn resolve(&self, position: &Position, throw: Throw, from: u32, direction: Direction) -> Move;

    /// What each colour scores when `winner` has borne off every piece, for
    /// the rule sets that score a game (Jequier); `None` for the others.
    fn scores(&self, _position: &Position, _winner: Side) -> Option<[i32; 2]> {
        None
    }
}

/// [`Rules::legal_moves`] of a stick rule set, lowest from-square first,
/// built in place (this is the AI's hot path).
#[inline]
pub(crate) fn moves_of<R: StickRules>(rules: &R, position: &Position, throw: Throw) -> MoveList {
    let mut moves = MoveList::new();
    let (froms, direction) = rules.movers(position, throw);
    moves.fill(froms, |from| {
        rules.resolve(position, throw, from, direction)
    });
    moves
}
