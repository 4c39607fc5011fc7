//! Throwing sticks: how the four two-sided sticks fell, the chance outcome
//! of the stick rule sets ([`crate::Roll::Sticks`]).

use rand::Rng;

/// How four two-sided throwing sticks landed.
///
/// Bit `i` is set when stick `i` landed light side up. Clients draw the sticks
/// from this; the rule set turns it into a [`crate::kendall_v1::Throw`].
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
