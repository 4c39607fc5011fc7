//! Rule sets: what differs between reconstructions of Senet.
//!
//! A rule set decides the pieces and their start, how sticks score, which
//! throws give another throw, which moves are legal and what they do, and
//! who has won. Everything else (positions, moves, records, games) is shared.
//! The standard rule set is [`Kendall`]; [`Kendall7`], [`Simple`] and
//! [`Jequier`] are the other stick rule sets, on the same two-side boards.
//! Their openings (Kendall-7's and Jequier's throws for a 1) and Jequier's
//! first-move rule are the step model's ([`StickState`]); Path of Peril and
//! Senet-modern are on the step model only.

mod bits;
mod description;
mod jequier;
mod kendall;
mod kendall7;
mod modern;
mod moves_text;
mod peril;
mod simple;
mod steps;
mod stick_view;
mod sticks;

use core::fmt;
use core::str::FromStr;

pub use jequier::Jequier;
pub use kendall::{Kendall, Playout, random_turn_via_move_list};
pub use kendall7::Kendall7;
pub use modern::{
    DiceCount, Modern, ModernPhase, ModernPiece, ModernState, ModernTextError, ModernTextField,
    ModernThrow,
};
pub use moves_text::{MovesTextError, moves_text};
pub use peril::{Peril, PerilPhase, PerilState, PerilTextError};
pub use simple::Simple;
pub use steps::{Seating, StickState};

use crate::moves::{Effect, Move, MoveList, MoveListFull, PlayError};
use crate::position::{Position, PositionError};
use crate::side::Side;
use crate::square::Square;
use crate::throw::{Sticks, Throw, ThrowError};

/// The name of a rule set, as stored and sent on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RuleSetId {
    /// The standard rules: Kendall's reconstruction, 5 pieces a side.
    #[default]
    #[cfg_attr(feature = "serde", serde(rename = "kendall"))]
    Kendall,
    /// Kendall's seven-piece game, with an opening for a 1.
    #[cfg_attr(feature = "serde", serde(rename = "kendall-7"))]
    Kendall7,
    /// G. Jequier's reconstruction: walls, water to square 1, match scoring.
    #[cfg_attr(feature = "serde", serde(rename = "jequier"))]
    Jequier,
    /// The popular web version: dark sides count, no mandatory stop.
    #[cfg_attr(feature = "serde", serde(rename = "simple"))]
    Simple,
    /// "Senet: Path of Peril": one die, a reserve, trials on 26–30.
    #[cfg_attr(feature = "serde", serde(rename = "peril"))]
    Peril,
    /// "Senet-modern": 2–4 players, two dice, scored pieces.
    #[cfg_attr(feature = "serde", serde(rename = "modern"))]
    Modern,
}

impl RuleSetId {
    /// Every rule set the specification names.
    pub const ALL: [RuleSetId; 6] = [
        RuleSetId::Kendall,
        RuleSetId::Kendall7,
        RuleSetId::Jequier,
        RuleSetId::Simple,
        RuleSetId::Peril,
        RuleSetId::Modern,
    ];

    /// The stable text name (`kendall`, `kendall-7`, …).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            RuleSetId::Kendall => "kendall",
            RuleSetId::Kendall7 => "kendall-7",
            RuleSetId::Jequier => "jequier",
            RuleSetId::Simple => "simple",
            RuleSetId::Peril => "peril",
            RuleSetId::Modern => "modern",
        }
    }

    /// The fewest and the most seats the rule set plays with, as the rule
    /// set itself says ([`crate::RuleSet::seat_range`]).
    #[must_use]
    pub fn seat_range(self) -> (u8, u8) {
        crate::RuleSet::seat_range(crate::AnyRules::of(self))
    }

    /// The kind of chance a turn begins with (`sticks`, `die` or
    /// `two dice`), as the rule set itself says ([`crate::RuleSet::chance`]).
    #[must_use]
    pub fn chance(self) -> &'static str {
        crate::RuleSet::chance(crate::AnyRules::of(self)).name()
    }

    /// How a room scores a series of games under the rule set, if it does,
    /// as the rule set itself says ([`crate::RuleSet::series`]).
    #[must_use]
    pub fn series(self) -> Option<crate::SeriesScoring> {
        crate::RuleSet::series(crate::AnyRules::of(self))
    }
}

impl fmt::Display for RuleSetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A rule-set name the engine does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownRuleSet(pub String);

impl fmt::Display for UnknownRuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown rule set `{}`; known:", self.0)?;
        for (i, id) in RuleSetId::ALL.iter().enumerate() {
            write!(f, "{}{id}", if i == 0 { " " } else { ", " })?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownRuleSet {}

impl FromStr for RuleSetId {
    type Err = UnknownRuleSet;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        RuleSetId::ALL
            .into_iter()
            .find(|id| id.as_str() == text)
            .ok_or_else(|| UnknownRuleSet(text.to_owned()))
    }
}

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
    /// from-square first; empty when the turn is forfeited. `Err` when the
    /// side to move has more pieces able to move than a [`MoveList`] holds,
    /// which only a position [`Rules::validate`] refuses can have: a full
    /// list is an error, never a silent drop.
    fn try_legal_moves(&self, position: &Position, throw: Throw) -> Result<MoveList, MoveListFull>;

    /// [`Rules::try_legal_moves`] for a position the rule set accepts: one
    /// that [`Rules::validate`] passes or that play reached from the start
    /// (no rule set gives a side more pieces than a list holds).
    ///
    /// A position built by hand with more than [`crate::MAX_MOVES`] pieces
    /// of the side to move has no complete list; rather than a list with
    /// moves missing this gives an empty one (and fails a debug assertion),
    /// so call [`Rules::try_legal_moves`] on positions not checked.
    fn legal_moves(&self, position: &Position, throw: Throw) -> MoveList {
        let moves = self.try_legal_moves(position, throw);
        debug_assert!(
            moves.is_ok(),
            "legal_moves of a position with too many pieces"
        );
        moves.unwrap_or_default()
    }

    /// Why the piece on `from` has no legal move with this throw.
    /// Only meaningful when `legal_moves` has no move from `from`.
    fn explain_illegal(&self, position: &Position, throw: Throw, from: Square) -> PlayError;

    /// Checks that a position can occur under this rule set.
    fn validate(&self, position: &Position) -> Result<(), PositionError>;

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
        let position = Position::parse_text(text, self.side_letters())?;
        self.validate(&position)?;
        Ok(position)
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
