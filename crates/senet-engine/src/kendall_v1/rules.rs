//! The turn model's rules: one stick rule set as positions before a throw,
//! the moves a throw allows and the positions they lead to. The stick rule
//! sets' step model ([`crate::StickState`]) is the state machine around
//! these mechanics.

use crate::kendall_v1::moves::{Effect, Move, MoveList, PlayError};
use crate::kendall_v1::position::{Position, PositionError, Setup};
use crate::kendall_v1::side::Side;
use crate::kendall_v1::throw::{Throw, ThrowError};
use crate::rules::RuleSetId;
use crate::square::Square;
use crate::sticks::Sticks;

/// One rule set of Senet.
///
/// The required methods are what a reconstruction decides; the provided ones
/// are shared mechanics built on them. The trait is object safe, so a game
/// can hold `&dyn Rules` chosen at run time, while hot loops can use a
/// concrete rule set for static dispatch.
pub trait Rules: Send + Sync {
    /// The rule set's name.
    fn id(&self) -> RuleSetId;

    /// How many pieces each side starts with.
    fn pieces_per_side(&self) -> u8;

    /// The letters for the two sides in position text, seat order.
    fn side_letters(&self) -> [char; 2];

    /// The position a game starts from.
    fn start(&self) -> Position;

    /// The throw with this value, if the rule set can throw it.
    fn throw(&self, value: u8) -> Result<Throw, ThrowError>;

    /// What a fall of the sticks counts as.
    fn score(&self, sticks: Sticks) -> Throw;

    /// Whether a move on this throw gives the same side another throw.
    fn extra_throw(&self, throw: Throw) -> bool;

    /// Every legal move for the side to move with this throw, lowest
    /// from-square first; empty when the turn is forfeited (and only then:
    /// a checked [`Position`] has no more pieces than a [`MoveList`] holds).
    fn legal_moves(&self, position: &Position, throw: Throw) -> MoveList;

    /// Why the piece on `from` has no legal move with this throw.
    /// Only meaningful when `legal_moves` has no move from `from`.
    fn explain_illegal(&self, position: &Position, throw: Throw, from: Square) -> PlayError;

    /// Checks that a position can occur under this rule set (its number
    /// of pieces, no piece on the House of Water).
    fn validate(&self, position: &Position) -> Result<(), PositionError>;

    /// Checks an arrangement, as any position ([`Position::try_from`]) and
    /// against this rule set ([`Rules::validate`]): the one way untrusted
    /// input becomes a [`Position`] of the rule set.
    fn position(&self, setup: Setup) -> Result<Position, PositionError> {
        let position = Position::try_from(setup)?;
        self.validate(&position)?;
        Ok(position)
    }

    /// The side that has won, if any: the first to bear off every piece.
    fn winner(&self, position: &Position) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&side| position.on_board(side) == 0)
    }

    /// Each possible throw with its probability, from all 16 falls of the
    /// four sticks.
    fn throw_chances(&self) -> Vec<(Throw, f64)> {
        let mut chances: Vec<(Throw, f64)> = Vec::new();
        for bits in 0..16u8 {
            let lights = [bits & 1 != 0, bits & 2 != 0, bits & 4 != 0, bits & 8 != 0];
            let throw = self.score(Sticks::from_lights(lights));
            match chances.iter_mut().find(|(t, _)| *t == throw) {
                Some((_, p)) => *p += 1.0 / 16.0,
                None => chances.push((throw, 1.0 / 16.0)),
            }
        }
        chances.sort_by_key(|(t, _)| *t);
        chances
    }

    /// Parses position text and checks it against the rule set.
    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        self.position(Setup::parse_text(text, self.side_letters())?)
    }

    /// Writes a position as text.
    fn position_text(&self, position: &Position) -> String {
        position.write_text(self.side_letters())
    }

    /// The position after a legal move on this throw, with the side to throw
    /// next (the same side after a throw that gives another throw).
    fn apply(&self, position: &Position, throw: Throw, mv: Move) -> Position {
        let mover = position.to_move();
        let opponent = mover.opponent();
        let mut own = position.board(mover) & !mv.from.bit();
        let mut theirs = position.board(opponent);
        match (mv.effect, mv.lands_on()) {
            (Effect::Capture, Some(to)) => {
                theirs = (theirs & !to.bit()) | mv.from.bit();
                own |= to.bit();
            }
            (_, Some(to)) => own |= to.bit(),
            (_, None) => {}
        }
        let next = if self.extra_throw(throw) {
            mover
        } else {
            opponent
        };
        let mut after = position.with_to_move(next);
        after.set_board(mover, own);
        after.set_board(opponent, theirs);
        after
    }

    /// The position after the side to move forfeits the turn: nothing moves
    /// and the turn passes, whatever the throw.
    fn pass(&self, position: &Position) -> Position {
        position.with_to_move(position.to_move().opponent())
    }

    /// Plays the piece on `from` with this throw, or says why it cannot move.
    fn play(&self, position: &Position, throw: Throw, from: Square) -> Result<Position, PlayError> {
        if self.winner(position).is_some() {
            return Err(PlayError::GameOver);
        }
        match self.legal_moves(position, throw).find(from) {
            Some(mv) => Ok(self.apply(position, throw, mv)),
            None => Err(self.explain_illegal(position, throw, from)),
        }
    }

    /// Forfeits the turn, which is only allowed when no move is legal.
    fn forfeit(&self, position: &Position, throw: Throw) -> Result<Position, PlayError> {
        if self.winner(position).is_some() {
            return Err(PlayError::GameOver);
        }
        if self.legal_moves(position, throw).is_empty() {
            Ok(self.pass(position))
        } else {
            Err(PlayError::MustMove)
        }
    }
}
