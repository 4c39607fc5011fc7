//! Game review: every decision of a finished game graded by the win chance
//! it gave away, every throw by the luck it brought, and each seat's
//! accuracy and total luck. No I/O: a record in, a [`GameReview`] out.
//!
//! - **Win chance**: the expert's score `s` for the seat concerned mapped
//!   to `(s + 1) / 2` (exact from endgame tables where they cover a Kendall
//!   position). With two seats it is that seat's chance of winning; with
//!   three or four, of finishing first, as the max-n search estimates it.
//! - **Decision**: `before` is the chance with the best option, `after`
//!   with the option played, both for the seat deciding; `points_lost` is
//!   `100 · (before − after)` ([`Grade::of`] turns it into a grade). A
//!   decision with one option is forced and not graded.
//! - **Chance** (a throw, a roll, a lot): for the seat it is for, `before`
//!   is the average chance over every outcome with the engine's exact
//!   probabilities, `after` the chance the outcome drawn left; `luck` is
//!   `100 · (after − before)`, positive when lucky. Weighted by the
//!   outcomes' probabilities, the luck of every possible outcome sums to
//!   zero.
//! - **Accuracy** of a seat: `max(0, 100 − 10 × mean points lost)` over
//!   its graded decisions ([`accuracy`]); `None` without any.

mod analyse;
#[cfg(test)]
mod tests;

use core::fmt;

use senet_engine::{Choice, Roll, RuleSetId, Seat, Step};

pub use analyse::{Reviewer, review_from, review_game};

/// The version of the analysis. A stored review of an older version is
/// computed again. 2: the evaluations squash with `squash::tanh` (values
/// differ from libm's `tanh` by less than 1e-4).
pub const REVIEW_VERSION: u32 = 2;

/// Points lost up to which a decision still counts as the best option
/// (differences below this are the search's noise, not a choice).
pub const BEST_WITHIN: f64 = 0.1;
/// A decision losing less than this many points (and more than
/// [`BEST_WITHIN`]) is good.
pub const GOOD_BELOW: f64 = 2.0;
/// Below this, an inaccuracy.
pub const INACCURACY_BELOW: f64 = 5.0;
/// Below this, a mistake; from here on, a blunder.
pub const MISTAKE_BELOW: f64 = 10.0;

/// How good a decision was, by the points of win chance it gave away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Grade {
    /// The best option, or within [`BEST_WITHIN`] points of it.
    Best,
    /// Less than [`GOOD_BELOW`] points lost.
    Good,
    /// Less than [`INACCURACY_BELOW`] points lost.
    Inaccuracy,
    /// Less than [`MISTAKE_BELOW`] points lost.
    Mistake,
    /// [`MISTAKE_BELOW`] points or more lost.
    Blunder,
}

impl Grade {
    /// Every grade, best first.
    pub const ALL: [Grade; 5] = [
        Grade::Best,
        Grade::Good,
        Grade::Inaccuracy,
        Grade::Mistake,
        Grade::Blunder,
    ];

    /// The grade of a decision that lost `points` (percentage points of
    /// win chance); `played_best` when the option played is the one
    /// ranked first.
    #[must_use]
    pub fn of(points: f64, played_best: bool) -> Grade {
        if played_best || points <= BEST_WITHIN {
            Grade::Best
        } else if points < GOOD_BELOW {
            Grade::Good
        } else if points < INACCURACY_BELOW {
            Grade::Inaccuracy
        } else if points < MISTAKE_BELOW {
            Grade::Mistake
        } else {
            Grade::Blunder
        }
    }

    /// The stable name: `best`, `good`, `inaccuracy`, `mistake`, `blunder`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Grade::Best => "best",
            Grade::Good => "good",
            Grade::Inaccuracy => "inaccuracy",
            Grade::Mistake => "mistake",
            Grade::Blunder => "blunder",
        }
    }

    /// Its place in [`Grade::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One entry of a game's record as it was played: a step, or a seat
/// leaving (resigning or abandoning at a table of three or four, where the
/// others play on).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Played {
    /// A step of the rules.
    Step(Step),
    /// A seat taken out of the game.
    Left(Seat),
}

/// What was reviewed at one entry.
#[derive(Debug, Clone, PartialEq)]
pub enum Reviewed {
    /// A seat's decision.
    Decision {
        /// How many options it had.
        options: usize,
        /// The option the expert ranks first.
        best: Choice,
        /// The option played.
        played: Choice,
        /// `100 · (before − after)`, never below 0.
        points_lost: f64,
        /// `None` for a forced decision (one option).
        grade: Option<Grade>,
    },
    /// A draw of chance.
    Chance {
        /// The outcome drawn.
        roll: Roll,
        /// `100 · (after − before)`: positive when the outcome was better
        /// for the seat than the average outcome.
        luck: f64,
    },
}

/// One reviewed entry of the record.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewEntry {
    /// The entry's place in the record, from 0 (its `step_no` is one more).
    pub index: usize,
    /// The seat it concerns: the seat deciding, or the seat the chance is
    /// for (the lot for who opens: seat 0).
    pub seat: Seat,
    /// The seat's win chance before: with its best option, or on average
    /// over the outcomes.
    pub before: f64,
    /// The seat's win chance after: with the option played, or after the
    /// outcome drawn.
    pub after: f64,
    /// The decision or the chance.
    pub what: Reviewed,
}

/// One seat's totals.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatSummary {
    /// The seat.
    pub seat: Seat,
    /// Decisions with two or more options.
    pub graded: usize,
    /// Decisions with one option.
    pub forced: usize,
    /// How many graded decisions got each grade, in [`Grade::ALL`] order.
    pub grades: [usize; 5],
    /// Points lost over the graded decisions.
    pub points_lost: f64,
    /// Mean points lost a graded decision; `None` without any.
    pub mean_points_lost: Option<f64>,
    /// See [`accuracy`]; `None` without graded decisions.
    pub accuracy: Option<f64>,
    /// Draws of chance for this seat.
    pub throws: usize,
    /// The sum of their luck, in points.
    pub luck: f64,
}

/// A finished game's review.
#[derive(Debug, Clone, PartialEq)]
pub struct GameReview {
    /// The rule set.
    pub rule_set: RuleSetId,
    /// How many seats.
    pub seats: u8,
    /// The node budget of every search.
    pub nodes: u64,
    /// Whether endgame tables were lent to the expert.
    pub tables: bool,
    /// One entry per step of the record (none for a seat leaving).
    pub entries: Vec<ReviewEntry>,
    /// Every seat's totals, by seat number.
    pub summary: Vec<SeatSummary>,
}

/// The accuracy figure of a mean loss: `max(0, 100 − 10 × mean points
/// lost)`: 100 for a seat that always played the best option, 90 for one
/// point lost a decision on average, 0 from ten points a decision on.
#[must_use]
pub fn accuracy(mean_points_lost: f64) -> f64 {
    (100.0 - 10.0 * mean_points_lost).clamp(0.0, 100.0)
}

/// Each seat's totals over `entries`.
#[must_use]
pub fn summarise(seats: u8, entries: &[ReviewEntry]) -> Vec<SeatSummary> {
    Seat::all(seats)
        .map(|seat| {
            let mut s = SeatSummary {
                seat,
                graded: 0,
                forced: 0,
                grades: [0; 5],
                points_lost: 0.0,
                mean_points_lost: None,
                accuracy: None,
                throws: 0,
                luck: 0.0,
            };
            for entry in entries.iter().filter(|e| e.seat == seat) {
                match &entry.what {
                    Reviewed::Decision {
                        grade: Some(grade),
                        points_lost,
                        ..
                    } => {
                        s.graded += 1;
                        s.grades[grade.index()] += 1;
                        s.points_lost += points_lost;
                    }
                    Reviewed::Decision { grade: None, .. } => s.forced += 1,
                    Reviewed::Chance { luck, .. } => {
                        s.throws += 1;
                        s.luck += luck;
                    }
                }
            }
            if s.graded > 0 {
                let mean = s.points_lost / s.graded as f64;
                s.mean_points_lost = Some(mean);
                s.accuracy = Some(accuracy(mean));
            }
            s
        })
        .collect()
}

/// Why a record could not be reviewed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReviewError {
    /// The rule set does not seat that many.
    Seats(String),
    /// The reviewer's `stop` said so.
    Stopped,
    /// The rules refuse an entry (0-based index).
    Refused {
        /// The entry's place in the record.
        index: usize,
        /// Why.
        reason: String,
    },
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReviewError::Seats(why) => f.write_str(why),
            ReviewError::Stopped => f.write_str("stopped"),
            ReviewError::Refused { index, reason } => {
                write!(f, "entry {}: {reason}", index + 1)
            }
        }
    }
}

impl std::error::Error for ReviewError {}
