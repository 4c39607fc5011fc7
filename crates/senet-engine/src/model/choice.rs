//! Decisions: the options a seat may pick from, and the list that holds
//! every one of them.

use core::fmt;

use crate::square::Square;

/// Which part of a two-dice roll a move uses (Senet-modern).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", tag = "kind"))]
pub enum DiceUse {
    /// Both dice, summed, for one piece.
    Sum,
    /// One die with this many pips; the other die moves another piece.
    Die {
        /// The die's pips.
        pips: u8,
    },
}

/// One option of a decision. Which options a rule set offers, and when,
/// is its own; the vocabulary is shared so the server and the browser can
/// carry any of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", tag = "kind"))]
pub enum Choice {
    /// Move the piece on `from` by the throw (forward, or backward where the
    /// rules force it).
    Move {
        /// The piece's square.
        from: Square,
    },
    /// Move the piece on `from` by the sum of the dice or by one die.
    MoveDice {
        /// The piece's square.
        from: Square,
        /// Which dice.
        by: DiceUse,
    },
    /// Bring a piece from the reserve onto `to` (Path of Peril's summon).
    Enter {
        /// Where it enters.
        to: Square,
    },
    /// Place a piece from the reserve on `to` (the Ankh of Rebirth).
    Place {
        /// Where it goes.
        to: Square,
    },
    /// Remove the piece on `square` from the game (the Vulture's Perch).
    Remove {
        /// The piece's square.
        square: Square,
    },
    /// Roll this many dice (Senet-modern, one piece left on the board).
    Roll {
        /// 1 or 2.
        dice: u8,
    },
}

impl fmt::Display for Choice {
    /// The option as notation: `9`, `9+`, `9/4`, `enter 2`, `place 3`,
    /// `remove 12`, `roll 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Choice::Move { from } => write!(f, "{from}"),
            Choice::MoveDice {
                from,
                by: DiceUse::Sum,
            } => write!(f, "{from}+"),
            Choice::MoveDice {
                from,
                by: DiceUse::Die { pips },
            } => write!(f, "{from}/{pips}"),
            Choice::Enter { to } => write!(f, "enter {to}"),
            Choice::Place { to } => write!(f, "place {to}"),
            Choice::Remove { square } => write!(f, "remove {square}"),
            Choice::Roll { dice } => write!(f, "roll {dice}"),
        }
    }
}

/// The most options any decision of any rule set can have. Senet-modern
/// has the most: its sums and single dice for five pieces and for both
/// dice, 15 at the very most.
pub const MAX_OPTIONS: usize = 32;

/// A decision's options: every legal one, in the rule set's order. Pushing
/// onto a full list is an error, never a silent drop.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Options {
    len: u8,
    items: [Choice; MAX_OPTIONS],
}

/// An option list was asked to hold more than [`MAX_OPTIONS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionsFull;

impl fmt::Display for OptionsFull {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "more than {MAX_OPTIONS} options")
    }
}

impl std::error::Error for OptionsFull {}

impl Default for Options {
    fn default() -> Options {
        Options::new()
    }
}

impl Options {
    /// An empty list.
    #[must_use]
    pub const fn new() -> Options {
        Options {
            len: 0,
            items: [Choice::Roll { dice: 0 }; MAX_OPTIONS],
        }
    }

    /// Adds an option; `Err` when the list is full.
    pub fn push(&mut self, choice: Choice) -> Result<(), OptionsFull> {
        let slot = self
            .items
            .get_mut(usize::from(self.len))
            .ok_or(OptionsFull)?;
        *slot = choice;
        self.len += 1;
        Ok(())
    }

    /// How many options.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// True when there is none.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The options as a slice.
    #[must_use]
    pub fn as_slice(&self) -> &[Choice] {
        &self.items[..self.len()]
    }

    /// Iterates over the options.
    pub fn iter(&self) -> core::slice::Iter<'_, Choice> {
        self.as_slice().iter()
    }

    /// Whether `choice` is one of the options.
    #[must_use]
    pub fn contains(&self, choice: &Choice) -> bool {
        self.as_slice().contains(choice)
    }
}

impl fmt::Debug for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a Options {
    type Item = &'a Choice;
    type IntoIter = core::slice::Iter<'a, Choice>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
