//! `senet moves --rules <id> "<position>" <throw>`: every legal move of a
//! stick rule set as text, one line a move, for people and outside tools.

use core::fmt;

use crate::kendall_v1::position::PositionError;
use crate::kendall_v1::throw::ThrowError;
use crate::rules::stick_view::OPENING_LETTER;
use crate::rules::sticks::StickRules;
use crate::rules::{Jequier, Kendall, Kendall7, RuleSetId, Simple};

/// Why [`moves_text`] has no lines for its input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MovesTextError {
    /// The rule set does not play with sticks on a two-side board.
    NotSticks(RuleSetId),
    /// The position text is malformed or impossible under the rule set.
    Position(PositionError),
    /// The position is in the opening (side field `o`): nobody moves yet,
    /// the seats only throw for a 1.
    Opening,
    /// The throw is not one the rule set can give.
    Throw(ThrowError),
}

impl fmt::Display for MovesTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MovesTextError::NotSticks(id) => {
                write!(f, "`{id}` is not a stick rule set: it has no `moves`")
            }
            MovesTextError::Position(error) => write!(f, "bad position: {error}"),
            MovesTextError::Opening => f.write_str(
                "bad position: the side field `o` is the opening, where nobody moves; give the side to move",
            ),
            MovesTextError::Throw(error) => write!(f, "bad throw: {error}"),
        }
    }
}

impl std::error::Error for MovesTextError {}

/// What `senet moves --rules <id> "<position>" <throw>` prints, line by
/// line: for every legal move, lowest from-square first, `<from> <to>
/// <position after>`, where `to` is the square the piece reaches before any
/// House of Water effect, the square it goes back to on a backward move, or
/// `off` when it leaves the board; with no legal move, the one line `pass
/// <position after>`. The position after is written with the side to
/// throw next.
///
/// The position must have a side to move (not `o`, the opening); for
/// Jequier it is taken to be after White's first move (the text cannot
/// hold that rule). The throw is its value as text (`3`).
///
/// ```
/// use senet_engine::RuleSetId;
/// use senet_engine::kendall_v1::moves_text;
///
/// let lines = moves_text(RuleSetId::Kendall, "cscscscscs.................... c", "3").unwrap();
/// assert_eq!(lines[0], "1 4 sscccscscs.................... s");
/// ```
pub fn moves_text(
    id: RuleSetId,
    position: &str,
    throw: &str,
) -> Result<Vec<String>, MovesTextError> {
    match id {
        RuleSetId::Kendall => stick_moves_text(&Kendall, position, throw),
        RuleSetId::Kendall7 => stick_moves_text(&Kendall7, position, throw),
        RuleSetId::Jequier => stick_moves_text(&Jequier, position, throw),
        RuleSetId::Simple => stick_moves_text(&Simple, position, throw),
        RuleSetId::Peril | RuleSetId::Modern => Err(MovesTextError::NotSticks(id)),
    }
}

/// [`moves_text`] under one stick rule set.
fn stick_moves_text<R: StickRules>(
    rules: &R,
    position: &str,
    throw: &str,
) -> Result<Vec<String>, MovesTextError> {
    let has_opening = R::OPENING.is_some();
    let position = match rules.parse_position(position) {
        Err(PositionError::BadSide { found }) if found == OPENING_LETTER && has_opening => {
            return Err(MovesTextError::Opening);
        }
        parsed => parsed.map_err(MovesTextError::Position)?,
    };
    // 0 is never a throw: text that is not a number is refused with the
    // rule set's own list of throws, like a number it cannot throw.
    let throw = rules
        .throw(throw.parse::<u8>().unwrap_or(0))
        .map_err(|error| {
            MovesTextError::Throw(ThrowError {
                given: throw.to_owned(),
                allowed: error.allowed,
            })
        })?;
    let moves = rules.legal_moves(&position, throw);
    if moves.is_empty() {
        return Ok(vec![format!(
            "pass {}",
            rules.position_text(&rules.pass(&position))
        )]);
    }
    Ok(moves
        .iter()
        .map(|mv| {
            format!(
                "{} {} {}",
                mv.from,
                mv.to,
                rules.position_text(&rules.apply(&position, throw, mv))
            )
        })
        .collect())
}
