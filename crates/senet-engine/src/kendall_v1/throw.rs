//! The throws a fall of the sticks gives: how many squares a piece moves,
//! as a stick rule set counts the fall ([`crate::kendall_v1::Rules::score`]).

use core::fmt;

/// The largest throw value any rule set uses (two six-sided dice summed).
pub const MAX_THROW: u8 = 12;

/// A throw: how many squares a piece moves.
///
/// Which values can occur is up to the rule set (the standard rules throw
/// 1..=5); a `Throw` is made through [`crate::kendall_v1::Rules::throw`] or
/// [`crate::kendall_v1::Rules::score`], so it is always one the rule set allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(into = "u8"))]
pub struct Throw(u8);

impl Throw {
    /// Builds a throw the rule set has already checked.
    pub(crate) const fn new_unchecked(value: u8) -> Throw {
        debug_assert!(value >= 1 && value <= MAX_THROW);
        Throw(value)
    }

    /// How many squares the throw moves a piece.
    #[must_use]
    pub const fn value(self) -> u8 {
        self.0
    }
}

impl From<Throw> for u8 {
    fn from(throw: Throw) -> u8 {
        throw.0
    }
}

impl fmt::Display for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A throw value the rule set does not allow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThrowError {
    /// What was given.
    pub given: String,
    /// The values the rule set allows, for the message.
    pub allowed: &'static str,
}

impl fmt::Display for ThrowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a throw: throws are {}",
            self.given, self.allowed
        )
    }
}

impl std::error::Error for ThrowError {}
