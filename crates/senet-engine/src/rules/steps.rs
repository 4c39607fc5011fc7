//! The stick rule sets on the step model: a throw of the sticks is a chance
//! step, the move a decision, and a throw with no legal move passes inside
//! the chance step that threw it.
//!
//! The mechanics stay those of [`Rules`] on a [`Position`] (raw boards, mask
//! tables); this is the state machine around them.

use crate::model::{
    ChanceKind, Choice, EndHow, Event, Next, Options, Place, Roll, RuleSet, Seat, SeatsError,
    Standing, Step, StepError, Why, check_step,
};
use crate::moves::{Destination, Direction, Effect, Move};
use crate::position::Position;
use crate::rules::{Kendall, RuleSetId, Rules};
use crate::side::Side;
use crate::throw::Throw;

/// A stick game between throws and moves: the position (with the side to
/// throw) and the throw waiting for a move, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StickState {
    /// The position.
    pub position: Position,
    /// The throw the side to move must now move by.
    pub pending: Option<Throw>,
}

impl StickState {
    /// A state before a throw.
    #[must_use]
    pub const fn before_throw(position: Position) -> StickState {
        StickState {
            position,
            pending: None,
        }
    }
}

/// The seat of a side: Cone (or the first colour) is seat 0.
const fn seat_of(side: Side) -> Seat {
    match side {
        Side::Cone => Seat::FIRST,
        Side::Spool => match Seat::new(1) {
            Some(seat) => seat,
            None => Seat::FIRST,
        },
    }
}

/// What comes next in a two-seat stick game.
pub(crate) fn next<R: Rules>(rules: &R, state: &StickState) -> Next {
    if let Some(winner) = rules.winner(&state.position) {
        return Next::End(Standing::two_seats(seat_of(winner), EndHow::BorneOff));
    }
    match state.pending {
        None => Next::Chance(ChanceKind::Sticks),
        Some(throw) => {
            let mut options = Options::new();
            for mv in rules.legal_moves(&state.position, throw).iter() {
                // At most one move a piece, and no more pieces than options.
                let _ = options.push(Choice::Move { from: mv.from });
            }
            Next::Decide {
                seat: seat_of(state.position.to_move()),
                options,
            }
        }
    }
}

/// Takes one step of a two-seat stick game.
pub(crate) fn apply<R: Rules>(
    rules: &R,
    state: &mut StickState,
    step: Step,
    events: &mut Vec<Event>,
) -> Result<(), StepError> {
    let now = next(rules, state);
    if let (
        Next::Decide { seat, options },
        Step::Decide {
            seat: by,
            choice: choice @ Choice::Move { from },
        },
    ) = (&now, &step)
    {
        if by == seat && !options.contains(choice) {
            // Say why in the rules' own words (blockade, protected piece, …).
            if let Some(throw) = state.pending {
                let error = rules.explain_illegal(&state.position, throw, *from);
                return Err(StepError::NotAnOption {
                    reason: error.code(),
                    detail: error.to_string(),
                });
            }
        }
    }
    check_step(&now, &step)?;
    let seat = seat_of(state.position.to_move());
    match step {
        Step::Chance {
            roll: Roll::Sticks { sticks },
        } => {
            let throw = rules.score(sticks);
            if rules.legal_moves(&state.position, throw).is_empty() {
                state.position = rules.pass(&state.position);
                events.push(Event::Pass { seat });
            } else {
                state.pending = Some(throw);
            }
            Ok(())
        }
        Step::Decide {
            choice: Choice::Move { from },
            ..
        } => {
            let throw = state
                .pending
                .ok_or(StepError::ChanceNext(ChanceKind::Sticks))?;
            let mv = rules.legal_moves(&state.position, throw).find(from).ok_or(
                StepError::NotAnOption {
                    reason: "not_an_option",
                    detail: format!("the piece on {from} has no move"),
                },
            )?;
            let after = rules.apply(&state.position, throw, mv);
            move_events(seat, mv, events);
            if rules.winner(&after).is_none() && after.to_move() == state.position.to_move() {
                events.push(Event::Again { seat });
            }
            state.position = after;
            state.pending = None;
            Ok(())
        }
        // `check_step` let only the kinds `next` offers through.
        _ => Err(StepError::NotAnOption {
            reason: "not_an_option",
            detail: "this rule set throws sticks and moves pieces".to_owned(),
        }),
    }
}

/// The piece events of a stick move.
fn move_events(seat: Seat, mv: Move, events: &mut Vec<Event>) {
    let opponent = seat.next(2);
    let why = match mv.direction {
        Direction::Forward => Why::Move,
        Direction::Backward => Why::Backward,
    };
    let piece = |seat, from, to, why| Event::Piece {
        seat,
        value: None,
        from,
        to,
        why,
    };
    let from = Place::on(mv.from);
    match (mv.to, mv.effect) {
        (Destination::Off, _) | (_, Effect::BearOff) => {
            events.push(piece(seat, from, Place::Off, Why::BorneOff));
        }
        (Destination::Square(to), Effect::Capture) => {
            events.push(piece(seat, from, Place::on(to), why));
            events.push(piece(opponent, Place::on(to), from, Why::Swapped));
        }
        (Destination::Square(to), Effect::Water { rebirth }) => {
            events.push(piece(seat, from, Place::on(to), why));
            events.push(piece(seat, Place::on(to), Place::on(rebirth), Why::Water));
        }
        (Destination::Square(to), Effect::None) => {
            events.push(piece(seat, from, Place::on(to), why));
        }
    }
}

/// The position text of a stick state: the standard 30 characters and the
/// side to throw (or, while a throw waits for a move, the side to move).
pub(crate) fn position_text<R: Rules>(rules: &R, state: &StickState) -> String {
    rules.position_text(&state.position)
}

/// The standard rules on the step model.
impl RuleSet for Kendall {
    type State = StickState;

    fn id(self) -> RuleSetId {
        RuleSetId::Kendall
    }

    fn seat_range(self) -> (u8, u8) {
        (2, 2)
    }

    fn start(self, seats: u8) -> Result<StickState, SeatsError> {
        if seats == 2 {
            Ok(StickState::before_throw(Rules::start(&self)))
        } else {
            Err(SeatsError {
                given: seats,
                min: 2,
                max: 2,
            })
        }
    }

    fn seats(self, _state: &StickState) -> u8 {
        2
    }

    fn next(self, state: &StickState) -> Next {
        next(&self, state)
    }

    fn apply(
        self,
        state: &mut StickState,
        step: Step,
        events: &mut Vec<Event>,
    ) -> Result<(), StepError> {
        apply(&self, state, step, events)
    }

    fn position_text(self, state: &StickState) -> String {
        position_text(&self, state)
    }
}
