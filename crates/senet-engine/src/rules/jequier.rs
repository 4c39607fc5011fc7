//! G. Jequier's reconstruction as specified in `rules-jequier.md`: sticks
//! 1–4 and 6, walls that stop both directions, the House of Water back to
//! square 1, backward moves by the full throw, refuges on 26 and 28–30,
//! bearing off by landing on 30 once every piece is in row 3, and a score
//! for the winner. The opening and White's first move are the step
//! model's (`steps.rs`).

use crate::kendall_v1::Rules;
use crate::kendall_v1::moves::{Destination, Direction, Effect, Move, MoveList, PlayError};
use crate::kendall_v1::position::{BOARD_MASK, Position, PositionError};
use crate::kendall_v1::side::Side;
use crate::kendall_v1::throw::{Throw, ThrowError};
use crate::model::{SeriesScoring, SquareSpan};
use crate::rules::bits::{
    check_pieces, guarded, highest, passes_backward, passes_forward, runs_of_three, span, square,
};
use crate::rules::sticks::{Opening, StickRules, moves_of};
use crate::rules::{Kendall, RuleSetId};
use crate::square::Square;
use crate::sticks::Sticks;

/// Pieces each side starts with.
const PIECES: u8 = 5;
/// The refuges, where a piece is protected on its own.
const REFUGES: u32 = (1 << 26) | (1 << 28) | (1 << 29) | (1 << 30);
/// Row 3, the exit row: where every piece of a side must be before any
/// bears off.
const EXIT_SPAN: SquareSpan = SquareSpan::new(21, 30);
/// The exit row as a board.
const EXIT_ROW: u32 = EXIT_SPAN.mask();
/// A game's points in a series (`rules-jequier.md`, "Winning and match
/// score"): 5 for the win, and 3, 2 or 1 for each opponent piece left in
/// row 1, 2 or 3.
const SERIES: SeriesScoring = SeriesScoring {
    win: 5,
    per_piece_left_by_row: [3, 2, 1],
};
/// The last square: a piece leaves by landing on it, or waits there.
const LAST: u32 = 30;
/// The House of Water.
const WATER: u32 = 27;

/// G. Jequier's rules, as confirmed by E. B. Pusch.
///
/// White (`w`, the first colour) on 1, 3, 5, 7, 9 and Black (`b`) on 2, 4,
/// 6, 8, 10. The sticks count their flat sides, 6 for none; 1, 4 and 6
/// throw again. A piece moves forward by the throw, never over an opponent
/// wall (three or more in a row) and never onto a friend or a protected
/// opponent (one with a friend beside it, or on a refuge: 26, 28, 29, 30);
/// an unprotected one is swapped back. With no forward move a piece must go
/// back by the full throw onto an empty square, not over a wall. The House
/// of Water (27) sends a piece to 1, or the lowest empty square. Once every
/// piece of a side is in row 3, a piece landing on 30 leaves at once, and
/// one waiting there leaves with any throw; nothing goes past 30.
///
/// The opening (the seats throw for a 1; that seat plays Black, whose piece
/// on 10 goes to 11) and White's first move from 9 are played by the step
/// model; [`Rules::start`] is the board before the opening, and position
/// text cannot hold the first-move rule, so [`Rules`] takes it as over.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Jequier;

/// The boards of the side to move and of the opponent.
fn boards(position: &Position) -> (u32, u32) {
    let mover = position.to_move();
    (position.board(mover), position.board(mover.opponent()))
}

impl Jequier {
    /// The pieces that may move forward, and those that may move back
    /// (only when none may move forward).
    fn mobility(position: &Position, throw: Throw) -> (u32, u32) {
        let (own, theirs) = boards(position);
        let t = u32::from(throw.value());
        let walls = runs_of_three(theirs);
        // Forward onto a square of the board: no wall passed, no friend
        // and no protected opponent there (a wall's pieces are protected).
        let free = own & span(1, LAST - t) & !passes_forward(walls, t);
        let mut forward = ((free << t) & !own & !guarded(theirs, REFUGES)) >> t;
        if own & !EXIT_ROW == 0 {
            // Bearing off: the piece waiting on 30 leaves with any throw.
            forward |= own & (1 << LAST);
        }
        if forward != 0 {
            return (forward, 0);
        }
        // Back by the full throw onto an empty square, no wall passed.
        let empty = !(own | theirs) & BOARD_MASK;
        let back = own & span(t + 1, LAST) & !passes_backward(walls, t);
        (0, ((back >> t) & empty) << t)
    }

    /// Where the House of Water sends a piece, once the mover has left its
    /// square: 1, or the lowest empty square.
    fn rebirth(own: u32, theirs: u32, from: u32) -> Square {
        let empty = !((own & !(1 << from)) | theirs) & BOARD_MASK;
        // Ten pieces never fill the 26 squares below the water.
        square(empty.trailing_zeros().clamp(1, LAST))
    }

    /// Why the forward move of the piece on `p` is illegal.
    fn forward_fault(position: &Position, t: u32, p: u32) -> PlayError {
        let (own, theirs) = boards(position);
        if p == LAST {
            return PlayError::NotAllInExitRow;
        }
        let d = p + t;
        if d > LAST {
            return PlayError::PastTheEnd;
        }
        let passed = runs_of_three(theirs) & span(p + 1, d - 1);
        if passed != 0 {
            return PlayError::Blockade {
                at: square(passed.trailing_zeros()),
            };
        }
        if own & (1 << d) != 0 {
            PlayError::OwnPieceOnDestination { square: square(d) }
        } else if theirs & (1 << d) != 0 {
            PlayError::ProtectedPiece { square: square(d) }
        } else {
            // Unreachable for a piece whose forward move was rejected.
            PlayError::NoLegalMove
        }
    }

    /// Why the backward move of the piece on `p` is illegal.
    fn backward_fault(position: &Position, t: u32, p: u32) -> PlayError {
        let (_, theirs) = boards(position);
        if p <= t {
            return PlayError::CannotMoveBack;
        }
        let passed = runs_of_three(theirs) & span(p - t + 1, p - 1);
        if passed != 0 {
            return PlayError::Blockade {
                at: square(highest(passed)),
            };
        }
        PlayError::CannotMoveBack
    }
}

impl Rules for Jequier {
    fn id(&self) -> RuleSetId {
        RuleSetId::Jequier
    }

    fn pieces_per_side(&self) -> u8 {
        PIECES
    }

    fn side_letters(&self) -> [char; 2] {
        ['w', 'b']
    }

    /// The board before the opening, with Black to throw: the seat that
    /// throws the opening 1 plays Black and throws again.
    fn start(&self) -> Position {
        Kendall.start().with_to_move(Side::Spool)
    }

    fn throw(&self, value: u8) -> Result<Throw, ThrowError> {
        if matches!(value, 1..=4 | 6) {
            Ok(Throw::new_unchecked(value))
        } else {
            Err(ThrowError {
                given: value.to_string(),
                allowed: "1, 2, 3, 4 or 6",
            })
        }
    }

    /// The number of flat sides up, 6 when there is none. **Decision**: a
    /// stick's flat side is its light side (the sticks' flat faces are the
    /// painted ones), so the throws are those of the standard rules with 6
    /// in place of 5.
    fn score(&self, sticks: Sticks) -> Throw {
        match sticks.light_count() {
            0 => Throw::new_unchecked(6),
            flats => Throw::new_unchecked(flats),
        }
    }

    fn extra_throw(&self, throw: Throw) -> bool {
        matches!(throw.value(), 1 | 4 | 6)
    }

    fn legal_moves(&self, position: &Position, throw: Throw) -> MoveList {
        moves_of(self, position, throw)
    }

    fn explain_illegal(&self, position: &Position, throw: Throw, from: Square) -> PlayError {
        if position.piece_at(from) != Some(position.to_move()) {
            return PlayError::NoPieceOfYours { square: from };
        }
        let t = u32::from(throw.value());
        let p = u32::from(from.number());
        match Jequier::mobility(position, throw) {
            (0, backward) if backward != 0 => Jequier::backward_fault(position, t, p),
            _ => Jequier::forward_fault(position, t, p),
        }
    }

    fn validate(&self, position: &Position) -> Result<(), PositionError> {
        check_pieces(position, PIECES)
    }
}

impl StickRules for Jequier {
    const OPENING: Option<Opening> = Some(Opening { from: 10 });
    const FIRST_MOVE_FROM: Option<u32> = Some(9);
    const EXIT_ROW: SquareSpan = EXIT_SPAN;
    const SERIES: Option<SeriesScoring> = Some(SERIES);

    fn movers(&self, position: &Position, throw: Throw) -> (u32, Direction) {
        match Jequier::mobility(position, throw) {
            (0, backward) => (backward, Direction::Backward),
            (forward, _) => (forward, Direction::Forward),
        }
    }

    fn resolve(&self, position: &Position, throw: Throw, from: u32, direction: Direction) -> Move {
        let (own, theirs) = boards(position);
        let t = u32::from(throw.value());
        let bearing_off = own & !EXIT_ROW == 0;
        let to = match direction {
            Direction::Forward => from + t,
            Direction::Backward => from - t,
        };
        let (to, effect) =
            if direction == Direction::Forward && bearing_off && (from == LAST || to == LAST) {
                // Landing on 30 with every piece in row 3 leaves at once.
                (Destination::Off, Effect::BearOff)
            } else if to <= LAST && theirs & (1 << to) != 0 {
                (Destination::Square(square(to)), Effect::Capture)
            } else if to == WATER {
                let rebirth = Jequier::rebirth(own, theirs, from);
                (Destination::Square(square(to)), Effect::Water { rebirth })
            } else {
                (Destination::Square(square(to)), Effect::None)
            };
        Move {
            from: square(from),
            to,
            direction,
            effect,
        }
    }

    /// The winner scores [`SERIES`]' points for the win and for each
    /// opponent piece still on the board by its row; the loser scores 0.
    fn scores(&self, position: &Position, winner: Side) -> Option<[i32; 2]> {
        let left = position.board(winner.opponent());
        let rows = [span(1, 10), span(11, 20), span(21, 30)];
        let points: u32 = rows
            .iter()
            .zip(SERIES.per_piece_left_by_row)
            .map(|(row, worth)| (left & row).count_ones() * u32::from(worth))
            .sum();
        let mut scores = [0; 2];
        scores[winner.index()] = i32::from(SERIES.win) + points as i32;
        Some(scores)
    }
}
