//! Each reference's game behind [`Reference`], and each rule set under
//! test behind [`Subject`]: the three references have the same shape
//! (throws as values, moves by from-square), so one macro serves them.

use senet_engine::{Jequier, Kendall7, RuleSetId, Simple};

use super::{Reference, Subject};
use crate::reference_rules::{self, jequier, kendall7, simple};

macro_rules! adapter {
    ($module:ident, $start:expr, $rules:ty, $id:expr, $throws:expr, $pieces:expr) => {
        impl Reference for $module::Game {
            fn start(first_seat: usize) -> Self {
                $start(first_seat)
            }
            fn chance(throw: u8) -> Self::Chance {
                $module::Chance::Throw(throw)
            }
            fn throw_of(chance: &Self::Chance) -> u8 {
                let $module::Chance::Throw(t) = *chance;
                t
            }
            fn choice(from: u8) -> Self::Option {
                $module::Choice::Move { from }
            }
            fn from_of(option: &Self::Option) -> u8 {
                let $module::Choice::Move { from } = *option;
                from
            }
            fn text(&self) -> String {
                self.position_text()
            }
            fn pieces(&self) -> reference_rules::Census {
                self.census()
            }
            fn moves(position: &str, throw: u8) -> Option<Vec<String>> {
                $module::moves(position, throw)
            }
        }

        impl Subject for $rules {
            type Ref = $module::Game;
            const ID: RuleSetId = $id;
            const THROWS: &'static [u8] = &$throws;
            const PIECES: u8 = $pieces;
        }
    };
}

// The simple rules have no opening: Cone, seat 0, always throws first.
adapter!(
    simple,
    |_| simple::new_game(),
    Simple,
    RuleSetId::Simple,
    [1, 2, 3, 4, 6],
    5
);
adapter!(
    kendall7,
    kendall7::new_game,
    Kendall7,
    RuleSetId::Kendall7,
    [1, 2, 3, 4, 5],
    7
);
adapter!(
    jequier,
    jequier::new_game,
    Jequier,
    RuleSetId::Jequier,
    [1, 2, 3, 4, 6],
    5
);
