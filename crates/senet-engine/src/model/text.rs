//! The text forms of steps and events, shared by the trace, the record
//! notation and error messages (`docs/notation.md`).
//!
//! - a roll: sticks as four letters, `L` light side up and `D` dark, stick 0
//!   first (`LDLL`); one die as `d4`; two dice as `d3d5` (first, second); a
//!   lot as `lot1` (the seat it fell on);
//! - a decision: `<seat>:<option>`, the option as [`Choice`] writes it
//!   (`0:9`, `1:enter 2`, `2:9/4`);
//! - a piece event: `<seat>:<from>><to> <why>`, with the piece's value after
//!   the seat where it has one (`2.5:27>15 effect`); places are square
//!   numbers, `off`, `reserve` or `removed`;
//! - other events: `pass <seat>`, `again <seat>`, `out <seat>`,
//!   `colour <seat> <colour index>`.

use core::fmt;

use crate::model::chance::Roll;
use crate::model::event::{Event, Place, Why};
use crate::model::ruleset::Step;

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Roll::Sticks { sticks } => {
                for light in sticks.lights() {
                    f.write_str(if light { "L" } else { "D" })?;
                }
                Ok(())
            }
            Roll::Die { pip } => write!(f, "d{}", pip.value()),
            Roll::Dice { first, second } => write!(f, "d{}d{}", first.value(), second.value()),
            Roll::Lot { seat } => write!(f, "lot{seat}"),
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Chance { roll } => write!(f, "{roll}"),
            Step::Decide { seat, choice } => write!(f, "{seat}:{choice}"),
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Square { square } => write!(f, "{square}"),
            Place::Reserve => f.write_str("reserve"),
            Place::Off => f.write_str("off"),
            Place::Removed => f.write_str("removed"),
        }
    }
}

impl Why {
    /// The stable text name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Why::Move => "move",
            Why::Backward => "backward",
            Why::Swapped => "swapped",
            Why::SentHome => "sent_home",
            Why::Captured => "captured",
            Why::Water => "water",
            Why::Effect => "effect",
            Why::BorneOff => "borne_off",
            Why::Bounced => "bounced",
            Why::Entered => "entered",
            Why::Removed => "removed",
            Why::Opening => "opening",
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Piece {
                seat,
                value,
                from,
                to,
                why,
            } => {
                write!(f, "{seat}")?;
                if let Some(value) = value {
                    write!(f, ".{value}")?;
                }
                write!(f, ":{from}>{to} {}", why.as_str())
            }
            Event::Colour { seat, colour } => write!(f, "colour {seat} {colour}"),
            Event::Pass { seat } => write!(f, "pass {seat}"),
            Event::Again { seat } => write!(f, "again {seat}"),
            Event::Out { seat } => write!(f, "out {seat}"),
        }
    }
}
