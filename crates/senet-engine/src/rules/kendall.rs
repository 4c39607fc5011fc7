//! The standard rule set: Kendall's reconstruction as specified in
//! `rules-kendall.md`, with every **Decision** of that text.

use crate::moves::{Destination, Direction, Effect, Move, MoveList, PlayError};
use crate::position::{BOARD_MASK, Position, PositionError, squares_of};
use crate::rules::{RuleSetId, Rules};
use crate::side::Side;
use crate::square::Square;
use crate::throw::{Sticks, Throw, ThrowError};

/// House of Rebirth: where the House of Water sends a piece.
const REBIRTH: u32 = 15;
/// House of Happiness: every piece must stop here.
const HAPPINESS: u32 = 26;
/// House of Water: no piece rests here.
const WATER: u32 = 27;
/// Houses whose pieces are protected on their own (28 and 29).
const SAFE_HOUSES: u32 = (1 << 28) | (1 << 29);
/// Pieces each side starts with.
const PIECES: u8 = 5;

/// The standard rules (Kendall 1978, Bell's start, Piccione's numbering).
///
/// Five pieces a side, Cone on 1, 3, 5, 7, 9 and Spool on 2, 4, 6, 8, 10, Cone
/// first. Sticks count their light sides, with none counting 5; 1, 4 and 5
/// throw again. Pieces stop on 26, the House of Water (27) sends them to 15,
/// and they bear off only from 28, 29 and 30 with exactly 3, 2 and 1.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Kendall;

/// Bits `lo..=hi`, or none when `lo > hi`.
const fn span(lo: u32, hi: u32) -> u32 {
    if lo > hi {
        0
    } else {
        ((1u32 << (hi - lo + 1)) - 1) << lo
    }
}

/// Every square in a run of three or more consecutive pieces of `board`.
const fn blockades(board: u32) -> u32 {
    let starts = board & (board >> 1) & (board >> 2);
    starts | (starts << 1) | (starts << 2)
}

/// Pieces of `board` that cannot be captured: on 28 or 29, or with a friendly
/// neighbour on either side.
const fn protected(board: u32) -> u32 {
    board & ((board << 1) | (board >> 1) | SAFE_HOUSES)
}

/// The highest set bit of a non-empty board.
const fn highest(board: u32) -> u32 {
    31 - board.leading_zeros()
}

/// Which pieces of the side to move can move, and how.
struct Mobility {
    /// From-squares of legal forward moves (bear-offs included).
    forward: u32,
    /// From-squares of forced backward moves; only when `forward` is empty.
    backward: u32,
}

impl Kendall {
    fn mobility(position: &Position, throw: Throw) -> Mobility {
        let mover = position.to_move();
        let own = position.board(mover);
        let theirs = position.board(mover.opponent());
        let t = u32::from(throw.value());

        // Rule 1: a piece below 26 may not go beyond 26.
        let skips_happiness = span((HAPPINESS + 1).saturating_sub(t), HAPPINESS - 1);
        // Rule 3: no blockade square strictly between from and destination.
        let walls = blockades(theirs);
        let mut walled = 0;
        let mut k = 1;
        while k < t {
            walled |= walls >> k;
            k += 1;
        }
        let free = own & !skips_happiness & !walled;
        // Rule 2: off the board only exactly, from 28, 29 or 30.
        let exit = 31 - t;
        let bear_off = if exit >= 28 { free & (1 << exit) } else { 0 };
        // Rule 4: the destination.
        let landing = (free & span(1, 30 - t)) << t;
        let onto_own = (landing & own) >> t;
        let forward = ((landing & !own & !protected(theirs)) >> t) | bear_off;

        // Forced backward move: only when some piece failed forward solely
        // because its own side held the destination.
        let backward = if forward == 0 && onto_own != 0 {
            let empty = !(own | theirs) & BOARD_MASK;
            let lowest_empty = empty & empty.wrapping_neg();
            if lowest_empty == 0 {
                0
            } else {
                own & !((lowest_empty << 1) - 1)
            }
        } else {
            0
        };
        Mobility { forward, backward }
    }

    /// Where the House of Water sends a piece, given the squares held once the
    /// mover has left its square: 15, else the highest empty square below it.
    fn rebirth_square(occupied: u32) -> Square {
        let below = !occupied & span(1, REBIRTH);
        // With at most 7 pieces a side, 14 squares below 15 never all fill up.
        let number = if below == 0 { REBIRTH } else { highest(below) };
        Square::new_unchecked(number as u8)
    }

    fn resolve(position: &Position, throw: Throw, from: u32, direction: Direction) -> Move {
        let mover = position.to_move();
        let own = position.board(mover);
        let theirs = position.board(mover.opponent());
        let occupied_after = (own | theirs) & !(1 << from);
        let to = match direction {
            Direction::Forward => from + u32::from(throw.value()),
            Direction::Backward => highest(!(own | theirs) & span(1, from - 1)),
        };
        let effect = if to > 30 {
            Effect::BearOff
        } else if theirs & (1 << to) != 0 {
            Effect::Capture
        } else if to == WATER {
            Effect::Water {
                rebirth: Kendall::rebirth_square(occupied_after),
            }
        } else {
            Effect::None
        };
        Move {
            from: Square::new_unchecked(from as u8),
            to: if to > 30 {
                Destination::Off
            } else {
                Destination::Square(Square::new_unchecked(to as u8))
            },
            direction,
            effect,
        }
    }

    /// Why the forward move of the piece on `from` is illegal.
    fn forward_fault(position: &Position, throw: Throw, from: Square) -> PlayError {
        let mover = position.to_move();
        let own = position.board(mover);
        let theirs = position.board(mover.opponent());
        let p = u32::from(from.number());
        let d = p + u32::from(throw.value());
        if p < HAPPINESS && d > HAPPINESS {
            return PlayError::MustStopOnHappiness;
        }
        if d > 31 || (d == 31 && p < 28) {
            return PlayError::Overshoots;
        }
        let passed = blockades(theirs) & span(p + 1, (d - 1).min(30));
        if let Some(at) = squares_of(passed).next() {
            return PlayError::Blockade { at };
        }
        let square = Square::new_unchecked(d.min(30) as u8);
        if own & (1 << d) != 0 {
            PlayError::OwnPieceOnDestination { square }
        } else if protected(theirs) & (1 << d) != 0 {
            PlayError::ProtectedPiece { square }
        } else {
            // Unreachable for a piece whose forward move was rejected.
            PlayError::NoLegalMove
        }
    }
}

impl Rules for Kendall {
    fn id(&self) -> RuleSetId {
        RuleSetId::Kendall
    }

    fn pieces_per_side(&self) -> u8 {
        PIECES
    }

    fn side_letters(&self) -> [char; 2] {
        ['c', 's']
    }

    fn start(&self) -> Position {
        let odd = 0b10_1010_1010u32;
        Position::from_boards([odd, odd << 1], Side::Cone)
    }

    fn throw(&self, value: u8) -> Result<Throw, ThrowError> {
        if (1..=5).contains(&value) {
            Ok(Throw::new_unchecked(value))
        } else {
            Err(ThrowError {
                given: value.to_string(),
                allowed: "1 to 5",
            })
        }
    }

    fn score(&self, sticks: Sticks) -> Throw {
        match sticks.light_count() {
            0 => Throw::new_unchecked(5),
            lights => Throw::new_unchecked(lights),
        }
    }

    fn extra_throw(&self, throw: Throw) -> bool {
        matches!(throw.value(), 1 | 4 | 5)
    }

    fn legal_moves(&self, position: &Position, throw: Throw) -> MoveList {
        let mobility = Kendall::mobility(position, throw);
        let (froms, direction) = if mobility.forward != 0 {
            (mobility.forward, Direction::Forward)
        } else {
            (mobility.backward, Direction::Backward)
        };
        let mut moves = MoveList::new();
        for from in squares_of(froms) {
            moves.push(Kendall::resolve(
                position,
                throw,
                u32::from(from.number()),
                direction,
            ));
        }
        moves
    }

    fn explain_illegal(&self, position: &Position, throw: Throw, from: Square) -> PlayError {
        if position.piece_at(from) != Some(position.to_move()) {
            return PlayError::NoPieceOfYours { square: from };
        }
        let mobility = Kendall::mobility(position, throw);
        if mobility.forward != 0 {
            Kendall::forward_fault(position, throw, from)
        } else if mobility.backward != 0 {
            PlayError::NoEmptySquareBehind
        } else {
            PlayError::NoLegalMove
        }
    }

    fn validate(&self, position: &Position) -> Result<(), PositionError> {
        for side in Side::ALL {
            let found = position.on_board(side);
            if found > PIECES {
                return Err(PositionError::TooManyPieces {
                    side,
                    found,
                    allowed: PIECES,
                });
            }
        }
        let water = Square::new_unchecked(WATER as u8);
        if position.piece_at(water).is_some() {
            return Err(PositionError::PieceCannotRest {
                square: water.number(),
            });
        }
        Ok(())
    }
}

/// Fast paths for random playouts, where building full move lists would
/// dominate the cost.
impl Kendall {
    /// Plays one random turn: throws the sticks, picks a uniformly random
    /// legal move (or forfeits) and returns the new position.
    pub fn random_turn<G: rand::Rng + ?Sized>(
        &self,
        position: &Position,
        rng: &mut G,
    ) -> (Throw, Option<Move>, Position) {
        let throw = self.score(Sticks::throw(rng));
        let mobility = Kendall::mobility(position, throw);
        let (froms, direction) = if mobility.forward != 0 {
            (mobility.forward, Direction::Forward)
        } else {
            (mobility.backward, Direction::Backward)
        };
        if froms == 0 {
            return (throw, None, self.pass(position));
        }
        let pick = nth_bit(froms, pick_below(rng, froms.count_ones()));
        let mv = Kendall::resolve(position, throw, pick, direction);
        (throw, Some(mv), self.apply(position, throw, mv))
    }
}

/// A uniformly random number below `n` (1..=32) from one draw, by Lemire's
/// multiply-shift; the bias for n ≤ 8 is below 2⁻²⁹.
fn pick_below<G: rand::Rng + ?Sized>(rng: &mut G, n: u32) -> u32 {
    ((u64::from(rng.next_u32()) * u64::from(n)) >> 32) as u32
}

/// The index of the `n`-th set bit of `board`, counting from 0.
fn nth_bit(mut board: u32, n: u32) -> u32 {
    for _ in 0..n {
        board &= board - 1;
    }
    board.trailing_zeros()
}

/// How a random game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Playout {
    /// Turns played (every throw is a turn, forfeits included).
    pub turns: u32,
    /// The winner, or `None` if the turn limit came first.
    pub winner: Option<Side>,
}

impl Kendall {
    /// Plays a random game from `start` to the end, or until `max_turns`
    /// turns: random throws, and a uniformly random legal move each turn.
    pub fn random_game<G: rand::Rng + ?Sized>(
        &self,
        start: Position,
        rng: &mut G,
        max_turns: u32,
    ) -> Playout {
        let mut position = start;
        for turns in 0..max_turns {
            if let Some(winner) = self.winner(&position) {
                return Playout {
                    turns,
                    winner: Some(winner),
                };
            }
            position = self.random_turn(&position, rng).2;
        }
        Playout {
            turns: max_turns,
            winner: self.winner(&position),
        }
    }
}
