//! The standard rule set: Kendall's reconstruction as specified in
//! `rules-kendall.md`, with every **Decision** of that text.

use crate::kendall_v1::Rules;
use crate::kendall_v1::moves::{Destination, Direction, Effect, Move, MoveList, PlayError};
use crate::kendall_v1::position::{BOARD_MASK, Position, PositionError, squares_of};
use crate::kendall_v1::side::Side;
use crate::kendall_v1::throw::{MAX_THROW, Throw, ThrowError};
use crate::rules::RuleSetId;
use crate::rules::bits::{check_pieces, guarded, highest, passes_forward, runs_of_three, span};
use crate::rules::sticks::{StickRules, moves_of};
use crate::square::Square;
use crate::sticks::Sticks;

/// House of Rebirth: where the House of Water sends a piece.
const REBIRTH: u32 = 15;
/// House of Happiness: every piece must stop here.
const HAPPINESS: u32 = 26;
/// House of Water: no piece rests here.
const WATER: u32 = 27;
/// Houses whose pieces are protected on their own (28 and 29).
pub(crate) const SAFE_HOUSES: u32 = (1 << 28) | (1 << 29);
/// Pieces each side starts with.
const PIECES: u8 = 5;

/// The standard rules (Kendall 1978, Bell's start, Piccione's numbering).
///
/// Five pieces a side, Cone on 1, 3, 5, 7, 9 and Spool on 2, 4, 6, 8, 10, Cone
/// first. Sticks count their light sides, with none counting 5; 1, 4 and 5
/// throw again. Pieces stop on 26, the House of Water (27) sends them to 15,
/// and they bear off only from 28, 29 and 30 with exactly 3, 2 and 1.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Kendall;

/// Pieces of `board` that cannot be captured: on one of the `SAFE` squares
/// (28 and 29 here; Kendall-7 adds 15 and 26), or with a friendly neighbour
/// on either side.
const fn protected<const SAFE: u32>(board: u32) -> u32 {
    guarded(board, SAFE)
}

/// Masks that depend only on the throw, worked out once.
struct ThrowMasks {
    /// Rule 1: pieces below 26 that this throw would carry beyond 26.
    skips_happiness: u32,
    /// Pieces this throw keeps on the board.
    stays_on_board: u32,
    /// Rule 2: the one square (28, 29 or 30) this throw bears off from.
    bear_off_from: u32,
}

const fn throw_masks(t: u32) -> ThrowMasks {
    let exit = 31u32.saturating_sub(t);
    ThrowMasks {
        skips_happiness: span((HAPPINESS + 1).saturating_sub(t), HAPPINESS - 1),
        stays_on_board: span(1, 30u32.saturating_sub(t)),
        bear_off_from: if exit >= 28 && exit <= 30 {
            1 << exit
        } else {
            0
        },
    }
}

const THROW_MASKS: [ThrowMasks; MAX_THROW as usize + 1] = {
    let mut table = [const {
        ThrowMasks {
            skips_happiness: 0,
            stays_on_board: 0,
            bear_off_from: 0,
        }
    }; MAX_THROW as usize + 1];
    let mut t = 1;
    while t <= MAX_THROW as usize {
        table[t] = throw_masks(t as u32);
        t += 1;
    }
    table
};

/// Which pieces of the side to move can move, and how.
pub(crate) struct Mobility {
    /// From-squares of legal forward moves (bear-offs included).
    pub(crate) forward: u32,
    /// From-squares of forced backward moves; only when `forward` is empty.
    pub(crate) backward: u32,
}

impl Mobility {
    /// The pieces that may move and which way: forward moves, else the
    /// forced backward moves.
    pub(crate) const fn movers(&self) -> (u32, Direction) {
        if self.forward != 0 {
            (self.forward, Direction::Forward)
        } else {
            (self.backward, Direction::Backward)
        }
    }
}

/// Kendall's move generation, for the standard rules (`SAFE` is 28 and 29)
/// and Kendall-7 (15, 26, 28 and 29), which differ only there.
impl Kendall {
    pub(crate) fn mobility<const SAFE: u32>(position: &Position, throw: Throw) -> Mobility {
        let mover = position.to_move();
        Kendall::mobility_of::<SAFE>(
            position.board(mover),
            position.board(mover.opponent()),
            throw,
        )
    }

    #[inline]
    fn mobility_of<const SAFE: u32>(own: u32, theirs: u32, throw: Throw) -> Mobility {
        let t = u32::from(throw.value());

        let masks = &THROW_MASKS[(t as usize).min(MAX_THROW as usize)];
        // Rule 3: no blockade square strictly between from and destination.
        let walled = passes_forward(runs_of_three(theirs), t);
        let free = own & !masks.skips_happiness & !walled;
        let bear_off = free & masks.bear_off_from;
        // Rule 4: the destination.
        let landing = (free & masks.stays_on_board) << t;
        let onto_own = (landing & own) >> t;
        let forward = ((landing & !own & !protected::<SAFE>(theirs)) >> t) | bear_off;

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
    pub(crate) fn rebirth_square(occupied: u32) -> Square {
        let below = !occupied & span(1, REBIRTH);
        // With at most 7 pieces a side, 14 squares below 15 never all fill up.
        let number = if below == 0 { REBIRTH } else { highest(below) };
        Square::new_unchecked(number as u8)
    }

    /// The square a move reaches before any House of Water effect (31 for
    /// off the board).
    fn target(own: u32, theirs: u32, t: u32, from: u32, direction: Direction) -> u32 {
        match direction {
            Direction::Forward => from + t,
            Direction::Backward => highest(!(own | theirs) & span(1, from - 1)),
        }
    }

    /// Moves the piece on `from` to `to` (31 for off) on the raw boards of
    /// the mover and the opponent, and says what happened there. The one
    /// place where a move's consequences are worked out.
    fn land(own: u32, theirs: u32, from: u32, to: u32) -> (u32, u32, Effect) {
        let own = own & !(1 << from);
        if to > 30 {
            return (own, theirs, Effect::BearOff);
        }
        let bit = 1 << to;
        if theirs & bit != 0 {
            // A swap: the captured piece goes where the mover came from.
            (own | bit, theirs ^ bit ^ (1 << from), Effect::Capture)
        } else if to == WATER {
            let rebirth = Kendall::rebirth_square(own | theirs);
            (own | rebirth.bit(), theirs, Effect::Water { rebirth })
        } else {
            (own | bit, theirs, Effect::None)
        }
    }

    pub(crate) fn resolve(
        position: &Position,
        throw: Throw,
        from: u32,
        direction: Direction,
    ) -> Move {
        let mover = position.to_move();
        let own = position.board(mover);
        let theirs = position.board(mover.opponent());
        let to = Kendall::target(own, theirs, u32::from(throw.value()), from, direction);
        let (_, _, effect) = Kendall::land(own, theirs, from, to);
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

    /// Why the piece on `from` has no legal move.
    pub(crate) fn explain<const SAFE: u32>(
        position: &Position,
        throw: Throw,
        from: Square,
    ) -> PlayError {
        if position.piece_at(from) != Some(position.to_move()) {
            return PlayError::NoPieceOfYours { square: from };
        }
        // In forced-backward mode the piece's fault is having nowhere to go
        // back to; otherwise it is whatever stopped its forward move.
        if Kendall::mobility::<SAFE>(position, throw).backward != 0 {
            PlayError::NoEmptySquareBehind
        } else {
            Kendall::forward_fault::<SAFE>(position, throw, from)
        }
    }

    /// Why the forward move of the piece on `from` is illegal.
    fn forward_fault<const SAFE: u32>(
        position: &Position,
        throw: Throw,
        from: Square,
    ) -> PlayError {
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
        let passed = runs_of_three(theirs) & span(p + 1, (d - 1).min(30));
        if let Some(at) = squares_of(passed).next() {
            return PlayError::Blockade { at };
        }
        let square = Square::new_unchecked(d.min(30) as u8);
        if own & (1 << d) != 0 {
            PlayError::OwnPieceOnDestination { square }
        } else if protected::<SAFE>(theirs) & (1 << d) != 0 {
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
        moves_of(self, position, throw)
    }

    fn explain_illegal(&self, position: &Position, throw: Throw, from: Square) -> PlayError {
        Kendall::explain::<SAFE_HOUSES>(position, throw, from)
    }

    fn validate(&self, position: &Position) -> Result<(), PositionError> {
        check_pieces(position, PIECES)
    }
}

impl StickRules for Kendall {
    fn movers(&self, position: &Position, throw: Throw) -> (u32, Direction) {
        Kendall::mobility::<SAFE_HOUSES>(position, throw).movers()
    }

    fn resolve(&self, position: &Position, throw: Throw, from: u32, direction: Direction) -> Move {
        Kendall::resolve(position, throw, from, direction)
    }
}

/// A uniformly random number below `n` (1..=32) from 32 random bits, by Lemire's
/// multiply-shift; the bias for n ≤ 8 is below 2⁻²⁹.
fn pick_below(random: u64, n: u32) -> u32 {
    (((random & 0xffff_ffff) * u64::from(n)) >> 32) as u32
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
    ///
    /// This is the hot loop of playouts, so it works on raw boards instead of
    /// move lists; `Game` with [`Rules::legal_moves`] plays the same games
    /// (a test checks they agree draw for draw).
    pub fn random_game<G: rand::Rng + ?Sized>(
        &self,
        start: Position,
        rng: &mut G,
        max_turns: u32,
    ) -> Playout {
        if let Some(winner) = self.winner(&start) {
            return Playout {
                turns: 0,
                winner: Some(winner),
            };
        }
        let mut mover = start.to_move();
        let mut own = start.board(mover);
        let mut theirs = start.board(mover.opponent());
        for turns in 1..=max_turns {
            let (throw, pick) = random_draw(rng);
            let (froms, direction) =
                Kendall::mobility_of::<SAFE_HOUSES>(own, theirs, throw).movers();
            if froms != 0 {
                let from = nth_bit(froms, pick_below(pick, froms.count_ones()));
                let t = u32::from(throw.value());
                let to = Kendall::target(own, theirs, t, from, direction);
                (own, theirs, _) = Kendall::land(own, theirs, from, to);
                if own == 0 {
                    return Playout {
                        turns,
                        winner: Some(mover),
                    };
                }
                if self.extra_throw(throw) {
                    continue;
                }
            }
            mover = mover.opponent();
            core::mem::swap(&mut own, &mut theirs);
        }
        let mut end = Position::from_boards([0; 2], mover);
        end.set_board(mover, own);
        end.set_board(mover.opponent(), theirs);
        Playout {
            turns: max_turns,
            winner: self.winner(&end),
        }
    }
}

/// One 64-bit draw serves a turn: the sticks from the low four bits, the
/// choice of move from the high 32.
fn random_draw<G: rand::Rng + ?Sized>(rng: &mut G) -> (Throw, u64) {
    let draw = rng.next_u64();
    (Kendall.score(Sticks::from_bits(draw as u8)), draw >> 32)
}

/// Plays one random turn exactly as [`Kendall::random_game`] does, through
/// the general move-list path. Used to check the fast path against it.
#[doc(hidden)]
pub fn random_turn_via_move_list<G: rand::Rng + ?Sized>(
    position: &Position,
    rng: &mut G,
) -> Position {
    let (throw, pick) = random_draw(rng);
    let moves = Kendall.legal_moves(position, throw);
    if moves.is_empty() {
        return Kendall.pass(position);
    }
    let index = pick_below(pick, moves.len() as u32) as usize;
    match moves.get(index) {
        Some(mv) => Kendall.apply(position, throw, mv),
        None => Kendall.pass(position),
    }
}

/// Board facts of the standard rules, for evaluations (the computer player)
/// that must ask the engine rather than copy a rule. Boards are raw: bit `s`
/// for square `s` (see [`Position::bitboard`]).
impl Kendall {
    /// Pieces of `board` that cannot be captured: on 28 or 29, or with a
    /// piece of their own side on a neighbouring square.
    #[must_use]
    pub const fn protected_pieces(board: u32) -> u32 {
        protected::<SAFE_HOUSES>(board)
    }

    /// Squares of `board` in a blockade: a run of three or more pieces,
    /// which the opponent may not pass.
    #[must_use]
    pub const fn blockade_squares(board: u32) -> u32 {
        runs_of_three(board)
    }

    /// Squares from which a throw of `value` would jump the House of
    /// Happiness (26), which every piece must stop on: no piece there may
    /// move by `value`.
    #[must_use]
    pub const fn jumping_happiness(value: u8) -> u32 {
        let index = if (value as usize) < THROW_MASKS.len() {
            value as usize
        } else {
            MAX_THROW as usize
        };
        THROW_MASKS[index].skips_happiness
    }

    /// The chance of each throw value, indexed by the value (index 0 and
    /// values the rules never throw are 0).
    #[must_use]
    pub fn throw_chance_table() -> [f64; MAX_THROW as usize + 1] {
        let mut table = [0.0; MAX_THROW as usize + 1];
        for (throw, chance) in Kendall.throw_chances() {
            table[usize::from(throw.value())] = chance;
        }
        table
    }
}
