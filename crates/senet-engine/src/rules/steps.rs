//! The stick rule sets on the step model: a throw of the sticks is a chance
//! step, the move a decision, and a throw with no legal move passes inside
//! the chance step that threw it. Kendall-7 and Jequier open with a lot for
//! who throws first and opening throws for a 1, which deal the colours.
//!
//! The mechanics stay those of [`Rules`] on a [`Position`] (raw boards, mask
//! tables); this is the state machine around them. It works on the bitboard
//! of the pieces that may move ([`StickRules::movers`]) and never builds a
//! move list, so `next` and `apply` allocate nothing.

use crate::kendall_v1::moves::{Direction, PlayError};
use crate::kendall_v1::position::Position;
use crate::kendall_v1::side::Side;
use crate::kendall_v1::throw::Throw;
use crate::model::{
    ChanceKind, Choice, EndHow, Event, MAX_OPTIONS, Next, Options, Place, Reason, Roll, RuleSet,
    Seat, SeatsError, Standing, Step, StepError, Why,
};
use crate::rules::jequier::Jequier;
use crate::rules::kendall7::Kendall7;
use crate::rules::simple::Simple;
use crate::rules::sticks::StickRules;
use crate::rules::{Kendall, RuleSetId};
use crate::square::{BOARD_SQUARES, Square};

// Every piece of a side can be an option at once: a board's squares always
// fit in an option list, so pushing them can never fail.
const _: () = assert!(BOARD_SQUARES as usize <= MAX_OPTIONS);

/// A stick game between throws and moves: the position (with the side to
/// throw), the throw waiting for a move, if any, and who plays which colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StickState {
    /// The position. While the opening lasts it is the starting position.
    pub position: Position,
    /// The throw the side to move must now move by.
    pub pending: Option<Throw>,
    /// Who plays which colour, and the opening while it lasts.
    pub seating: Seating,
}

/// Who plays which colour in a stick game, and the opening of Kendall-7 and
/// Jequier while it lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seating {
    /// The lot for who throws first in the opening is still to be drawn.
    Lot,
    /// The opening: the seats throw in turn for a 1, `thrower` next.
    Opening {
        /// The seat to throw next.
        thrower: Seat,
    },
    /// The colours are dealt and the game is under way.
    Dealt {
        /// The seat of the first colour (Cone, White); the other seat plays
        /// the second (Spool, Black).
        first: Seat,
        /// The first colour has not moved yet and the rule set binds its
        /// first move to one square (Jequier: White's piece on 9). Always
        /// false under the other rule sets.
        first_move_due: bool,
    },
}

impl StickState {
    /// A state before a throw, with seat 0 playing the first colour (Cone).
    #[must_use]
    pub const fn before_throw(position: Position) -> StickState {
        StickState {
            position,
            pending: None,
            seating: Seating::Dealt {
                first: Seat::FIRST,
                first_move_due: false,
            },
        }
    }

    /// The seat playing `side`, once the colours are dealt.
    #[must_use]
    pub const fn seat_of(&self, side: Side) -> Option<Seat> {
        match self.seating {
            Seating::Dealt { first, .. } => Some(seat_of(first, side)),
            Seating::Lot | Seating::Opening { .. } => None,
        }
    }

    /// The colour `seat` plays, once the colours are dealt.
    #[must_use]
    pub const fn side_of(&self, seat: Seat) -> Option<Side> {
        match self.seating {
            Seating::Dealt { first, .. } if seat.number() == first.number() => Some(Side::Cone),
            Seating::Dealt { .. } => Some(Side::Spool),
            Seating::Lot | Seating::Opening { .. } => None,
        }
    }

    /// True while the opening lasts (the lot and the throws for a 1).
    #[must_use]
    pub const fn in_opening(&self) -> bool {
        !matches!(self.seating, Seating::Dealt { .. })
    }
}

/// The seat of a side when `first` plays the first colour.
const fn seat_of(first: Seat, side: Side) -> Seat {
    match side {
        Side::Cone => first,
        Side::Spool => first.next(2),
    }
}

/// The state a game of a stick rule set starts from.
fn start<R: StickRules>(rules: &R, seats: u8) -> Result<StickState, SeatsError> {
    if seats != 2 {
        return Err(SeatsError {
            given: seats,
            min: 2,
            max: 2,
        });
    }
    let start = rules.start();
    Ok(match R::OPENING {
        // The opening 1 deals the second colour its first turn.
        Some(_) => StickState {
            position: start.with_to_move(Side::Spool),
            pending: None,
            seating: Seating::Lot,
        },
        None => StickState::before_throw(start),
    })
}

/// The pieces that may move now, with the first-move rule applied, and the
/// pieces the rules would let move without it.
fn movers<R: StickRules>(
    rules: &R,
    position: &Position,
    throw: Throw,
    first_move_due: bool,
) -> (u32, u32, Direction) {
    let (froms, direction) = rules.movers(position, throw);
    let bound = match R::FIRST_MOVE_FROM {
        // "Filters White's legal moves": the list as the rules make it,
        // then only the piece on the square, while one stands there.
        Some(square)
            if first_move_due
                && position.to_move() == Side::Cone
                && position.board(Side::Cone) & (1 << square) != 0 =>
        {
            froms & (1 << square)
        }
        _ => froms,
    };
    (bound, froms, direction)
}

/// The end of a game `winner` has won.
fn standing<R: StickRules>(rules: &R, state: &StickState, winner: Side) -> Standing {
    let first = match state.seating {
        Seating::Dealt { first, .. } => first,
        Seating::Lot | Seating::Opening { .. } => Seat::FIRST,
    };
    let mut standing = Standing::two_seats(seat_of(first, winner), EndHow::BorneOff);
    if let Some(by_colour) = rules.scores(&state.position, winner) {
        standing.scores = Seat::all(2)
            .map(|seat| {
                let side = if seat == first {
                    Side::Cone
                } else {
                    Side::Spool
                };
                by_colour[side.index()]
            })
            .collect();
    }
    standing
}

/// What comes next in a two-seat stick game.
pub(crate) fn next<R: StickRules>(rules: &R, state: &StickState) -> Next {
    if let Some(winner) = rules.winner(&state.position) {
        return Next::End(standing(rules, state, winner));
    }
    match state.seating {
        Seating::Lot => Next::Chance(ChanceKind::Lot { seats: 2 }),
        Seating::Opening { .. } => Next::Chance(ChanceKind::Sticks),
        Seating::Dealt {
            first,
            first_move_due,
        } => match state.pending {
            None => Next::Chance(ChanceKind::Sticks),
            Some(throw) => {
                let (mut froms, _, _) = movers(rules, &state.position, throw, first_move_due);
                let mut options = Options::new();
                while froms != 0 {
                    let from = Square::new_unchecked(froms.trailing_zeros() as u8);
                    // Cannot fail: a board has fewer squares than a list holds.
                    if options.push(Choice::Move { from }).is_err() {
                        break;
                    }
                    froms &= froms - 1;
                }
                Next::Decide {
                    seat: seat_of(first, state.position.to_move()),
                    options,
                }
            }
        },
    }
}

/// Takes one step of a two-seat stick game. Refuses exactly what
/// [`crate::check_step`] refuses against [`next`], with the same errors,
/// and a move not among the options with the rules' own reason.
pub(crate) fn apply<R: StickRules>(
    rules: &R,
    state: &mut StickState,
    step: Step,
    events: &mut Vec<Event>,
) -> Result<(), StepError> {
    if rules.winner(&state.position).is_some() {
        return Err(StepError::GameOver);
    }
    match (state.seating, state.pending, step) {
        (Seating::Lot, _, Step::Chance { roll }) => match roll {
            Roll::Lot { seat } if seat.number() < 2 => {
                state.seating = Seating::Opening { thrower: seat };
                Ok(())
            }
            _ => Err(StepError::WrongChance(ChanceKind::Lot { seats: 2 })),
        },
        (Seating::Lot, _, Step::Decide { .. }) => {
            Err(StepError::ChanceNext(ChanceKind::Lot { seats: 2 }))
        }
        (Seating::Opening { thrower }, _, Step::Chance { roll }) => match roll {
            Roll::Sticks { sticks } => {
                opening_throw::<R>(state, thrower, rules.score(sticks), events);
                Ok(())
            }
            _ => Err(StepError::WrongChance(ChanceKind::Sticks)),
        },
        (
            Seating::Dealt {
                first,
                first_move_due,
            },
            None,
            Step::Chance { roll },
        ) => match roll {
            Roll::Sticks { sticks } => {
                let throw = rules.score(sticks);
                let (froms, _, _) = movers(rules, &state.position, throw, first_move_due);
                if froms == 0 {
                    // No legal move: the turn passes, with no throw again.
                    let seat = seat_of(first, state.position.to_move());
                    state.position = rules.pass(&state.position);
                    events.push(Event::Pass { seat });
                } else {
                    state.pending = Some(throw);
                }
                Ok(())
            }
            _ => Err(StepError::WrongChance(ChanceKind::Sticks)),
        },
        (Seating::Opening { .. }, _, Step::Decide { .. })
        | (Seating::Dealt { .. }, None, Step::Decide { .. }) => {
            Err(StepError::ChanceNext(ChanceKind::Sticks))
        }
        (Seating::Dealt { first, .. }, Some(_), Step::Chance { .. }) => Err(
            StepError::DecisionNext(seat_of(first, state.position.to_move())),
        ),
        (
            Seating::Dealt {
                first,
                first_move_due,
            },
            Some(throw),
            Step::Decide { seat, choice },
        ) => {
            let mover = seat_of(first, state.position.to_move());
            if seat != mover {
                return Err(StepError::NotYourDecision(mover));
            }
            let Choice::Move { from } = choice else {
                return Err(StepError::NotAnOption {
                    reason: Reason::NotAnOption,
                    detail: format!("`{choice}` is not one of the options"),
                });
            };
            let position = state.position;
            let (froms, unbound, direction) = movers(rules, &position, throw, first_move_due);
            if froms & from.bit() == 0 {
                // Say why in the rules' own words (blockade, protected piece, …).
                let error = match R::FIRST_MOVE_FROM {
                    Some(square) if unbound & from.bit() != 0 => PlayError::FirstMoveFrom {
                        square: Square::new_unchecked(square as u8),
                    },
                    _ => rules.explain_illegal(&position, throw, from),
                };
                // Only a game that is over has no reason, and it is not
                // over while a throw waits for a move.
                return Err(match error.reason() {
                    Some(reason) => StepError::NotAnOption {
                        reason,
                        detail: error.to_string(),
                    },
                    None => StepError::GameOver,
                });
            }
            let mv = rules.resolve(&position, throw, u32::from(from.number()), direction);
            let after = rules.apply(&position, throw, mv);
            super::stick_events::move_events(mover, mv, events);
            if rules.winner(&after).is_none() && after.to_move() == position.to_move() {
                events.push(Event::Again { seat: mover });
            }
            state.position = after;
            state.pending = None;
            if position.to_move() == Side::Cone {
                state.seating = Seating::Dealt {
                    first,
                    first_move_due: false,
                };
            }
            Ok(())
        }
    }
}

/// An opening throw: a 1 deals the colours and plays the opening move; any
/// other throw moves nothing and passes to the other seat.
fn opening_throw<R: StickRules>(
    state: &mut StickState,
    thrower: Seat,
    throw: Throw,
    events: &mut Vec<Event>,
) {
    let other = thrower.next(2);
    if throw.value() != 1 {
        events.push(Event::Pass { seat: thrower });
        state.seating = Seating::Opening { thrower: other };
        return;
    }
    // The seat that threw the 1 takes the second colour.
    events.push(Event::Colour {
        seat: thrower,
        colour: Side::Spool.index() as u8,
    });
    events.push(Event::Colour {
        seat: other,
        colour: Side::Cone.index() as u8,
    });
    let mut position = state.position.with_to_move(Side::Spool);
    if let Some(opening) = R::OPENING {
        let board = position.board(Side::Spool);
        let (from, to) = (opening.from, opening.from + 1);
        let occupied = board | position.board(Side::Cone);
        if board & (1 << from) != 0 && occupied & (1 << to) == 0 {
            position.set_board(Side::Spool, (board & !(1 << from)) | (1 << to));
            events.push(Event::Piece {
                seat: thrower,
                value: None,
                from: Place::on(Square::new_unchecked(from as u8)),
                to: Place::on(Square::new_unchecked(to as u8)),
                why: Why::Opening,
            });
        }
    }
    // A 1 throws again.
    events.push(Event::Again { seat: thrower });
    state.position = position;
    state.pending = None;
    state.seating = Seating::Dealt {
        first: other,
        first_move_due: R::FIRST_MOVE_FROM.is_some(),
    };
}

/// Why the piece on `square` has no option: only while a throw waits for
/// a move (the rules' refusal of moving it, from [`apply`]).
fn blocked<R: RuleSet<State = StickState>>(
    rules: R,
    state: &StickState,
    square: Square,
) -> Option<StepError> {
    match (state.seating, state.pending) {
        (Seating::Dealt { .. }, Some(_)) => rules.refusal(state, Choice::Move { from: square }),
        _ => None,
    }
}

/// A stick rule set on the step model: all the same but for its id.
macro_rules! stick_rule_set {
    ($rules:ty, $id:expr, $name:literal) => {
        #[doc = concat!("The ", $name, " on the step model.")]
        impl RuleSet for $rules {
            type State = StickState;

            fn id(self) -> RuleSetId {
                $id
            }

            fn seat_range(self) -> (u8, u8) {
                (2, 2)
            }

            fn chance(self) -> ChanceKind {
                ChanceKind::Sticks
            }

            fn exit_row(self) -> crate::model::SquareSpan {
                <$rules as StickRules>::EXIT_ROW
            }

            fn guarded_by_neighbour(self) -> bool {
                true
            }

            fn series(self) -> Option<crate::model::SeriesScoring> {
                <$rules as StickRules>::SERIES
            }

            fn sticks(self) -> Option<crate::model::StickCount> {
                Some(crate::model::StickCount::from_score(
                    <$rules as StickRules>::COUNTED,
                    |fall| crate::kendall_v1::Rules::score(&self, fall).value(),
                ))
            }

            fn start(self, seats: u8) -> Result<StickState, SeatsError> {
                start(&self, seats)
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
                crate::rules::stick_view::position_text(&self, state)
            }

            fn thrower(self, state: &StickState) -> Option<Seat> {
                crate::rules::stick_view::thrower(&self, state)
            }

            fn view(self, state: &StickState) -> crate::model::View {
                crate::rules::stick_view::view(&self, state)
            }

            fn blocked(self, state: &StickState, square: Square) -> Option<StepError> {
                blocked(self, state, square)
            }
        }
    };
}

stick_rule_set!(Kendall, RuleSetId::Kendall, "standard rules");
stick_rule_set!(Kendall7, RuleSetId::Kendall7, "Kendall's seven-piece game");
stick_rule_set!(Simple, RuleSetId::Simple, "simple rules");
stick_rule_set!(Jequier, RuleSetId::Jequier, "Jequier's rules");
