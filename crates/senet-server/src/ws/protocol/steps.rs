//! What version 2 tells of a table's steps: each step as told right after
//! it was played (the view, the position and what came next), what comes
//! next, and a record entry as a step of the wire.

use senet_engine::{Next, View};

use super::v2::{BlockedInfo, NextInfo, OptionInfo, StepInfo};
use crate::table::{Entry, Played, Table};

/// A step as told right after it: the view, the position and what comes
/// next at that moment.
pub struct Told {
    /// Its index in the record.
    pub index: usize,
    /// The view after it.
    pub view: View,
    /// The position after it.
    pub position: String,
    /// What came next after it.
    pub next: NextInfo,
    /// The Kendall position after it, for version 1 (`kendall` rooms).
    pub kendall: Option<senet_engine::kendall_v1::Position>,
}

/// What a step at `index` left, taken right after it was played.
pub fn after_step(table: &Table, index: usize) -> Told {
    Told {
        index,
        view: table.view(),
        position: table.position_text(),
        next: next_info(table),
        kendall: crate::ws::protocol::kendall_v1::kendall_position(table.state()),
    }
}

/// What comes next in a game being played: a throw, a draw, a decision
/// with its options (each with the events it would cause) and the pieces
/// that cannot move with the reason why, or the end.
pub fn next_info(table: &Table) -> NextInfo {
    match table.next() {
        Next::Chance(chance) => match table.thrower() {
            Some(thrower) => NextInfo::Throw {
                thrower,
                chance: *chance,
            },
            None => NextInfo::Draw { chance: *chance },
        },
        Next::Decide { seat, options } => NextInfo::Decide {
            seat: *seat,
            options: options
                .as_slice()
                .iter()
                .map(|choice| OptionInfo {
                    option: choice.to_string(),
                    choice: *choice,
                    events: table.preview(senet_engine::Step::Decide {
                        seat: *seat,
                        choice: *choice,
                    }),
                })
                .collect(),
            blocked: table
                .blocked()
                .into_iter()
                .map(|(from, error)| BlockedInfo {
                    from,
                    // `blocked` asks the rules to refuse a choice in the
                    // decision that waits, so there is always a reason; the
                    // generic one stands in should that ever break.
                    code: error.reason().unwrap_or(senet_engine::Reason::NotAnOption),
                    message: error.to_string(),
                })
                .collect(),
        },
        Next::End(standing) => NextInfo::End {
            standing: standing.clone(),
        },
    }
}

/// An entry of the record as told.
pub fn step_info(index: usize, played: &Played) -> StepInfo {
    let (step, left) = match played.entry {
        Entry::Step(step) => (Some(step), None),
        Entry::Left { how, .. } => (None, Some(how)),
    };
    StepInfo {
        step_no: index + 1,
        text: played.entry.to_string(),
        seat: played.entry.seat(),
        by: played.by,
        throw: played.throw,
        step,
        left,
        events: played.events.clone(),
    }
}
