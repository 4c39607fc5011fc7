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
mod peril;
mod simple;
pub(crate) mod steps;
mod stick_events;
pub(crate) mod stick_view;
pub(crate) mod sticks;

use core::fmt;
use core::str::FromStr;

pub use jequier::Jequier;
pub use kendall::{Kendall, Playout, random_turn_via_move_list};
pub use kendall7::Kendall7;
pub use modern::{
    DiceCount, Modern, ModernPhase, ModernPiece, ModernState, ModernTextError, ModernTextField,
    ModernThrow,
};
pub use peril::{Peril, PerilPhase, PerilState, PerilTextError};
pub use simple::Simple;
pub use steps::{Seating, StickState};

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
