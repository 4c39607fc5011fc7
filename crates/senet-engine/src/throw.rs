//! Throwing sticks and the throws they give.

use core::fmt;

use rand::Rng;

/// The largest throw value any rule set uses (two six-sided dice summed).
pub const MAX_THROW: u8 = 12;

/// A throw: how many squares a piece moves.
///
/// Which values can occur is up to the rule set (the standard rules throw
/// 1..=5); a `Throw` is made through [`crate::Rules::throw`] or
/// [`crate::Rules::score`], so it is always one the rule set allows.
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

/// How four two-sided throwing sticks landed.
///
/// Bit `i` is set when stick `i` landed light side up. Clients draw the sticks
/// from this; the rule set turns it into a [`Throw`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "[bool; 4]", from = "[bool; 4]"))]
pub struct Sticks(u8);

impl Sticks {
    /// Throws four fair sticks with the caller's random number generator.
    pub fn throw<R: Rng + ?Sized>(rng: &mut R) -> Sticks {
        Sticks((rng.next_u32() & 0b1111) as u8)
    }

    /// Sticks from the low four bits of `bits`, bit `i` for stick `i`.
    pub(crate) const fn from_bits(bits: u8) -> Sticks {
        Sticks(bits & 0b1111)
    }

    /// Sticks from four flags, `true` for light side up.
    #[must_use]
    pub const fn from_lights(lights: [bool; 4]) -> Sticks {
        let mut bits = 0;
        let mut i = 0;
        while i < 4 {
            if lights[i] {
                bits |= 1 << i;
            }
            i += 1;
        }
        Sticks(bits)
    }

    /// Which sticks landed light side up, stick 0 first.
    #[must_use]
    pub const fn lights(self) -> [bool; 4] {
        [
            self.0 & 1 != 0,
            self.0 & 2 != 0,
            self.0 & 4 != 0,
            self.0 & 8 != 0,
        ]
    }

    /// How many sticks landed light side up (0..=4).
    #[must_use]
    pub const fn light_count(self) -> u8 {
        self.0.count_ones() as u8
    }
}

impl From<[bool; 4]> for Sticks {
    fn from(lights: [bool; 4]) -> Sticks {
        Sticks::from_lights(lights)
    }
}

impl From<Sticks> for [bool; 4] {
    fn from(sticks: Sticks) -> [bool; 4] {
        sticks.lights()
    }
}
