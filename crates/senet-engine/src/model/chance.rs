//! Chance: what the server draws (sticks, a die, two dice, a lot for who
//! begins), and the exact probability of every outcome.

use core::fmt;

use crate::model::seat::Seat;
use crate::sticks::Sticks;

/// An exact probability `num / den`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Prob {
    /// Numerator.
    pub num: u32,
    /// Denominator, never 0.
    pub den: u32,
}

impl Prob {
    /// The probability as a float, for evaluations.
    #[must_use]
    pub fn value(self) -> f64 {
        f64::from(self.num) / f64::from(self.den)
    }
}

impl fmt::Display for Prob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

/// The face of a six-sided die, 1 to 6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Pip(u8);

impl Pip {
    /// The face with one pip.
    pub const ONE: Pip = Pip(1);

    /// The face with this number of pips, if a die has it.
    #[must_use]
    pub const fn new(pips: u8) -> Option<Pip> {
        if pips >= 1 && pips <= 6 {
            Some(Pip(pips))
        } else {
            None
        }
    }

    /// The number of pips, 1 to 6.
    #[must_use]
    pub const fn value(self) -> u8 {
        self.0
    }

    /// Every face, 1 first.
    pub fn all() -> impl Iterator<Item = Pip> {
        (1..=6).map(Pip)
    }
}

/// What kind of draw comes next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", tag = "kind"))]
pub enum ChanceKind {
    /// Four two-sided sticks, each light side up with probability 1/2.
    Sticks,
    /// One six-sided die.
    Die,
    /// Two six-sided dice, told apart (first, second).
    TwoDice,
    /// A fair lot among the seats: who begins (the openings of Kendall-7
    /// and Jequier).
    Lot {
        /// How many seats take part.
        seats: u8,
    },
}

/// One drawn outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", tag = "kind"))]
pub enum Roll {
    /// How the four sticks fell.
    Sticks {
        /// The sticks.
        sticks: Sticks,
    },
    /// One die.
    Die {
        /// Its face.
        pip: Pip,
    },
    /// Two dice, in the order they were drawn.
    Dice {
        /// The first die.
        first: Pip,
        /// The second die.
        second: Pip,
    },
    /// The seat the lot fell on.
    Lot {
        /// The seat.
        seat: Seat,
    },
}

impl Roll {
    /// The kind of draw this outcome answers.
    #[must_use]
    pub fn kind(self, seats: u8) -> ChanceKind {
        match self {
            Roll::Sticks { .. } => ChanceKind::Sticks,
            Roll::Die { .. } => ChanceKind::Die,
            Roll::Dice { .. } => ChanceKind::TwoDice,
            Roll::Lot { .. } => ChanceKind::Lot { seats },
        }
    }
}

impl ChanceKind {
    /// The kind's name for people: `sticks`, `die`, `two dice` or `lot`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ChanceKind::Sticks => "sticks",
            ChanceKind::Die => "die",
            ChanceKind::TwoDice => "two dice",
            ChanceKind::Lot { .. } => "lot",
        }
    }

    /// Every outcome with its exact probability, in a fixed order: sticks
    /// by their bits (16 falls of 1/16), dice from 1, lots from seat 0.
    #[must_use]
    pub fn outcomes(self) -> Vec<(Roll, Prob)> {
        match self {
            ChanceKind::Sticks => (0..16u8)
                .map(|bits| {
                    let sticks = Sticks::from_lights([
                        bits & 1 != 0,
                        bits & 2 != 0,
                        bits & 4 != 0,
                        bits & 8 != 0,
                    ]);
                    (Roll::Sticks { sticks }, Prob { num: 1, den: 16 })
                })
                .collect(),
            ChanceKind::Die => Pip::all()
                .map(|pip| (Roll::Die { pip }, Prob { num: 1, den: 6 }))
                .collect(),
            ChanceKind::TwoDice => Pip::all()
                .flat_map(|first| Pip::all().map(move |second| (first, second)))
                .map(|(first, second)| (Roll::Dice { first, second }, Prob { num: 1, den: 36 }))
                .collect(),
            ChanceKind::Lot { seats } => Seat::all(seats)
                .map(|seat| {
                    (
                        Roll::Lot { seat },
                        Prob {
                            num: 1,
                            den: u32::from(seats.max(1)),
                        },
                    )
                })
                .collect(),
        }
    }

    /// Draws an outcome with a random number generator: the one source of
    /// chance a game's driver owns.
    pub fn draw<R: rand::Rng + ?Sized>(self, rng: &mut R) -> Roll {
        let below = |n: u32, rng: &mut R| -> u32 {
            // Rejection sampling: every value equally likely.
            let zone = u32::MAX - u32::MAX % n;
            loop {
                let x = rng.next_u32();
                if x < zone {
                    return x % n;
                }
            }
        };
        let pip = |rng: &mut R| Pip((below(6, rng) + 1) as u8);
        match self {
            ChanceKind::Sticks => Roll::Sticks {
                sticks: Sticks::throw(rng),
            },
            ChanceKind::Die => Roll::Die { pip: pip(rng) },
            ChanceKind::TwoDice => {
                let first = pip(rng);
                let second = pip(rng);
                Roll::Dice { first, second }
            }
            ChanceKind::Lot { seats } => Roll::Lot {
                seat: Seat::new(below(u32::from(seats.max(1)), rng) as u8).unwrap_or(Seat::FIRST),
            },
        }
    }
}
