//! The two sides of a two-player game.

use core::fmt;

/// One of the two sides. In the standard rules these are the Cone and the Spool.
///
/// Rule sets with other names for the sides (Jequier's White and Black) map
/// them onto these two seats; the first seat is the one that starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Side {
    /// The Cone, written `c`; it throws first in the standard rules.
    Cone,
    /// The Spool, written `s`.
    Spool,
}

impl Side {
    /// Both sides, in seat order.
    pub const ALL: [Side; 2] = [Side::Cone, Side::Spool];

    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::Cone => Side::Spool,
            Side::Spool => Side::Cone,
        }
    }

    /// The seat index, 0 for the Cone and 1 for the Spool.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Side::Cone => 0,
            Side::Spool => 1,
        }
    }

    /// The letter used in position text: `c` or `s`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Side::Cone => 'c',
            Side::Spool => 's',
        }
    }

    /// The side a position-text letter names, if any.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Side> {
        match letter {
            'c' => Some(Side::Cone),
            's' => Some(Side::Spool),
            _ => None,
        }
    }

    /// The lowercase English name, as used on the wire: `cone` or `spool`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::Cone => "cone",
            Side::Spool => "spool",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
