//! What a turn's throw is worth in squares, as the rule set counts it: the
//! sticks' light or dark sides (Kendall counts light sides and makes none a
//! 5; the web version counts dark sides and makes none a 6), a die's pips,
//! two dice. Clients say a throw with its value from this, never from a
//! table of their own.

use crate::model::chance::Roll;
use crate::sticks::Sticks;

/// The side of a throwing stick a rule set counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum StickSide {
    /// The light (flat) side.
    Light,
    /// The dark (round) side.
    Dark,
}

/// How a stick rule set turns a fall of the four sticks into squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StickCount {
    /// The side that is counted.
    pub counted: StickSide,
    /// The squares a throw moves, by how many sticks show the counted side
    /// (index 0 to 4).
    pub squares: [u8; 5],
}

impl StickCount {
    /// How many of `sticks` show the counted side.
    #[must_use]
    pub const fn up(self, sticks: Sticks) -> u8 {
        match self.counted {
            StickSide::Light => sticks.light_count(),
            StickSide::Dark => 4 - sticks.light_count(),
        }
    }

    /// The count of a rule set whose throw is `score` of the sticks, taken
    /// from falls with 0 to 4 light sides up (every stick rule set scores a
    /// fall by its count alone).
    pub(crate) fn from_score(counted: StickSide, score: impl Fn(Sticks) -> u8) -> StickCount {
        let mut squares = [0; 5];
        for (light, bits) in [0b0000, 0b0001, 0b0011, 0b0111, 0b1111]
            .into_iter()
            .enumerate()
        {
            let sticks = Sticks::from_bits(bits);
            let up = match counted {
                StickSide::Light => light,
                StickSide::Dark => 4 - light,
            };
            squares[up] = score(sticks);
        }
        StickCount { counted, squares }
    }
}

/// What one turn's throw is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", tag = "kind"))]
pub enum ThrowValue {
    /// Sticks: how many showed the counted side, and the squares that makes.
    Sticks {
        /// The side counted.
        counted: StickSide,
        /// How many sticks showed it (0 to 4).
        up: u8,
        /// The squares a piece moves.
        squares: u8,
    },
    /// One die: its pips are the squares.
    Die {
        /// The squares a piece moves.
        squares: u8,
    },
    /// Two dice: one piece moves by their sum, or two pieces one die each
    /// (Senet-modern).
    Dice {
        /// The first die's squares.
        first: u8,
        /// The second die's squares.
        second: u8,
    },
}

impl ThrowValue {
    /// The value of `roll` as a turn's throw, counted by `sticks` (the rule
    /// set's [`StickCount`], for sticks); `None` for a lot, or for sticks
    /// under a rule set that throws none.
    #[must_use]
    pub fn of(roll: Roll, sticks: Option<StickCount>) -> Option<ThrowValue> {
        match roll {
            Roll::Sticks { sticks: fall } => sticks.map(|count| {
                let up = count.up(fall);
                ThrowValue::Sticks {
                    counted: count.counted,
                    up,
                    squares: count.squares[usize::from(up)],
                }
            }),
            Roll::Die { pip } => Some(ThrowValue::Die {
                squares: pip.value(),
            }),
            Roll::Dice { first, second } => Some(ThrowValue::Dice {
                first: first.value(),
                second: second.value(),
            }),
            Roll::Lot { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dark_count_indexes_by_dark_sides() {
        // The web version: dark sides up, none dark is a 6.
        let count = StickCount::from_score(StickSide::Dark, |s| match 4 - s.light_count() {
            0 => 6,
            dark => dark,
        });
        assert_eq!(count.squares, [6, 1, 2, 3, 4]);
        let one_light = Sticks::from_bits(0b0100);
        assert_eq!(count.up(one_light), 3);
        assert_eq!(
            ThrowValue::of(Roll::Sticks { sticks: one_light }, Some(count)),
            Some(ThrowValue::Sticks {
                counted: StickSide::Dark,
                up: 3,
                squares: 3
            })
        );
    }
}
