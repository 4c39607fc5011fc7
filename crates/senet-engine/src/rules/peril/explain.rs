//! Why a choice is refused, in the rules' own words, so a player (and the
//! server's error message) learns the rule, not just "not an option".

use crate::model::{Choice, Reason, StepError};
use crate::rules::peril::state::{ENTRY, GATES, PerilPhase, PerilState, bit};

/// A refusal with a stable code and a sentence.
fn refuse(reason: Reason, detail: String) -> StepError {
    StepError::NotAnOption { reason, detail }
}

/// Why `choice`, which is not among the options of the decision the state
/// waits for, is refused; `None` when it is not even the kind of choice the
/// decision asks for (the generic refusal says that well enough).
pub(crate) fn refusal(state: &PerilState, choice: Choice) -> Option<StepError> {
    let mine = state.mine();
    let occupied = state.occupied();
    match (state.phase, choice) {
        (PerilPhase::Act { roll }, Choice::Move { from }) => {
            let roll = roll.value();
            let to = from.number() + roll;
            Some(if mine & bit(from.number()) == 0 {
                refuse(Reason::NoPawnOfYours, format!("you have no pawn on {from}"))
            } else if to > GATES {
                refuse(
                    Reason::Past30,
                    format!("{from} + {roll} goes past 30; a pawn must land on 30 exactly"),
                )
            } else {
                refuse(
                    Reason::OwnPawn,
                    format!("your own pawn stands on {to}; a pawn may not land on a friendly pawn"),
                )
            })
        }
        (PerilPhase::Act { roll }, Choice::Enter { to }) => {
            let roll = roll.value();
            Some(if roll < 4 {
                refuse(
                    Reason::NoSummon,
                    format!("a roll of {roll} must move a pawn; only a 4, 5 or 6 summons"),
                )
            } else if to.number() != roll - 3 {
                refuse(
                    Reason::SummonSquare,
                    format!("a {roll} summons onto {}, not onto {to}", roll - 3),
                )
            } else if state.reserve(state.turn()) == 0 {
                refuse(Reason::EmptyReserve, "your reserve is empty".to_owned())
            } else {
                refuse(
                    Reason::SquareTaken,
                    format!("{to} is taken; a summon needs an empty square"),
                )
            })
        }
        (PerilPhase::Ankh, Choice::Place { to }) => Some(if ENTRY & bit(to.number()) == 0 {
            refuse(
                Reason::AnkhSquare,
                format!("the Ankh places a pawn on 1, 2 or 3, not on {to}"),
            )
        } else {
            debug_assert!(occupied & bit(to.number()) != 0);
            refuse(
                Reason::SquareTaken,
                format!("{to} is taken; the Ankh needs an empty square"),
            )
        }),
        (PerilPhase::Vulture { target }, Choice::Remove { square }) => {
            let whose = if target == state.turn() {
                "one of your own pawns (the Vulture rolled 1–4)"
            } else {
                "an opponent pawn (the Vulture rolled 5–6)"
            };
            Some(refuse(
                Reason::VultureTarget,
                format!("there is no such pawn on {square}; remove {whose}"),
            ))
        }
        _ => None,
    }
}
