//! "Senet: Path of Peril" on the step model (spec: `rules-peril.md`).
//!
//! A turn is a chance step (the turn's die, the Gates checked first), then,
//! unless the roll passes or wins, the seat's decision (a move or a summon),
//! then the effect of the square the pawn ended on, each draw of it its own
//! chance step and each choice its own decision, so a record holds every
//! roll:
//!
//! - 15, the Ankh: a decision among [`Choice::Place`] on the empty squares
//!   of 1–3, when the seat has a reserve pawn and such a square;
//! - 26, the Vulture: a die, then (unless a 5–6 finds no opponent pawn) a
//!   decision among [`Choice::Remove`];
//! - 27, the River: one die per pawn on the board, from square 30 down;
//! - 28, the Trial: a die;
//! - 29, the Eye: the pawn is removed inside the decision step.
//!
//! Pawns left are judged once the move and all its effects are done; then
//! the other seat rolls (there are no extra rolls).
//!
//! Options come in a fixed order: the moves by ascending from-square, then
//! the summon ([`Choice::Enter`]); the Ankh's squares ascending; the
//! Vulture's pawns by ascending square.
//!
//! # Readings of the spec
//!
//! The spec's **Decision**s are where the code applies them ([`finish`],
//! [`effects::sweep`], [`effects::trial`]). Where the spec leaves something open, the engine
//! reads it so:
//!
//! - A single option is still the seat's decision; a roll with no option
//!   passes inside its chance step ([`roll`]).
//! - Effects never chain: an effect puts a pawn only on 1–6 (the River and
//!   the Ankh on 1–3, the Trial on 1–6 or below), and none of those is
//!   special ([`effects::trial`]).
//! - The Gates are checked only for a pawn standing on 30 when the turn's
//!   roll comes, so the turn a pawn lands there never counts; a winning 6
//!   ends the game before any move is offered ([`roll`]).
//! - A win (Gates, Trial) has no event: what comes next, the end with how,
//!   says it. The pawn that passed the Trial stays on 28 ([`effects::trial`]).
//! - Every pawn the River sweeps has one event, even one put back on its own
//!   square (`from` = `to`) ([`effects::sweep`]).
//! - A capture's event follows the capturing pawn's ([`land`]).
//! - Events say why with the shared [`Why`]: a summon and the Ankh's pawn
//!   `Entered`, the River `Water`, the Trial's pawn `Effect`, the Vulture
//!   and the Eye `Removed`, a capture (by a move or the Trial) `Captured`.

mod effects;
mod explain;
mod state;
mod text;
mod view;

use crate::model::{
    ChanceKind, Choice, EndHow, Event, Next, Options, Pip, Place, Reason, Roll, RuleSet, Seat,
    SeatsError, Standing, Step, StepError, View, Why, check_step,
};
use crate::rules::RuleSetId;
use crate::square::Square;

pub use state::{PerilPhase, PerilState};
pub use text::PerilTextError;

use effects::{arrive, sweep, trial, vulture};
use state::{ENTRY, GATES, bit, other};

/// "Senet: Path of Peril": one die, pawns entering from a reserve, captures
/// that remove, random trials on 26–30, first pawn through wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Peril;

/// Squares 1..=30.
const BOARD: u32 = 0x7FFF_FFFE;

/// A square the engine already knows is on the board.
const fn square(n: u8) -> Square {
    Square::new_unchecked(n)
}

/// The highest square of a non-empty bitboard.
const fn highest(board: u32) -> u8 {
    (31 - board.leading_zeros()) as u8
}

/// Pushes an option; a decision of this rule set has at most 8 (seven
/// moves and a summon), far below the list's capacity.
fn offer(options: &mut Options, choice: Choice) {
    let pushed = options.push(choice);
    debug_assert!(pushed.is_ok(), "at most 8 options");
}

/// The squares the pawns of the side on turn can move from with `roll`:
/// forward by the roll, landing on 30 at the most and never on a friendly
/// pawn.
const fn movable(state: &PerilState, roll: u8) -> u32 {
    let mine = state.mine();
    let landings = (mine << roll) & BOARD & !mine;
    landings >> roll
}

/// The square a summon with `roll` comes onto, when it is allowed: a 4–6,
/// a reserve pawn, and that square (1, 2 or 3) empty.
const fn summon_square(state: &PerilState, roll: u8) -> Option<u8> {
    if roll < 4 || state.reserve(state.turn) == 0 {
        return None;
    }
    let to = roll - 3;
    if state.occupied() & bit(to) == 0 {
        Some(to)
    } else {
        None
    }
}

/// The empty squares among 1–3 where the Ankh can place a reserve pawn
/// (none without a reserve pawn).
const fn ankh_squares(state: &PerilState) -> u32 {
    if state.reserve(state.turn) == 0 {
        0
    } else {
        ENTRY & !state.occupied()
    }
}

/// Every option of the decision the state waits for (empty when it waits
/// for none).
fn options(state: &PerilState) -> Options {
    let mut options = Options::new();
    let mut push_squares = |mut board: u32, make: fn(Square) -> Choice| {
        while board != 0 {
            let n = board.trailing_zeros() as u8;
            board &= board - 1;
            offer(&mut options, make(square(n)));
        }
    };
    match state.phase {
        PerilPhase::Act { roll } => {
            push_squares(movable(state, roll.value()), |from| Choice::Move { from });
            if let Some(to) = summon_square(state, roll.value()) {
                offer(&mut options, Choice::Enter { to: square(to) });
            }
        }
        PerilPhase::Ankh => push_squares(ankh_squares(state), |to| Choice::Place { to }),
        PerilPhase::Vulture { target } => {
            push_squares(state.bitboard(target), |square| Choice::Remove { square });
        }
        _ => {}
    }
    options
}

/// A piece event for a pawn of `seat`.
const fn pawn(seat: Seat, from: Place, to: Place, why: Why) -> Event {
    Event::Piece {
        seat,
        value: None,
        from,
        to,
        why,
    }
}

/// The game over, won by `winner`.
fn win(state: &mut PerilState, winner: Seat, how: EndHow) {
    state.phase = PerilPhase::Over { winner, how };
}

/// The end of a turn: a seat with no pawns left loses; otherwise the other
/// seat rolls.
///
/// **Decision**: pawns left are judged here, once the move and all its
/// effects are done, and when neither seat has any, the seat on turn wins.
fn finish(state: &mut PerilState) {
    let me = state.turn;
    let them = other(me);
    if state.pawns_left(them) == 0 {
        // Also when the seat on turn has none either: it wins then.
        win(state, me, EndHow::NoPawns);
    } else if state.pawns_left(me) == 0 {
        win(state, them, EndHow::NoPawns);
    } else {
        state.turn = them;
        state.phase = PerilPhase::Roll;
    }
}

/// Puts a pawn of `seat` on square `to`, removing an opponent pawn there
/// for good.
fn land(state: &mut PerilState, seat: Seat, to: u8, events: &mut Vec<Event>) {
    let them = other(seat);
    let b = bit(to);
    if state.boards[them.index()] & b != 0 {
        state.boards[them.index()] &= !b;
        events.push(pawn(
            them,
            Place::on(square(to)),
            Place::Removed,
            Why::Captured,
        ));
    }
    state.boards[seat.index()] |= b;
}

/// The turn's roll: the Gates first, then a move or summon to pick, or a
/// pass when there is none.
fn roll(state: &mut PerilState, pip: Pip, events: &mut Vec<Event>) {
    let me = state.turn;
    if pip.value() == 6 && state.mine() & bit(GATES) != 0 {
        win(state, me, EndHow::Gates);
    } else if movable(state, pip.value()) != 0 || summon_square(state, pip.value()).is_some() {
        state.phase = PerilPhase::Act { roll: pip };
    } else {
        events.push(Event::Pass { seat: me });
        // Nothing changed, so nobody can have run out of pawns.
        finish(state);
    }
}

/// The seat's move or summon, then the effect of the square it ends on.
fn act(state: &mut PerilState, roll: Pip, choice: Choice, events: &mut Vec<Event>) {
    let me = state.turn;
    match choice {
        Choice::Move { from } => {
            let to = from.number() + roll.value();
            state.boards[me.index()] &= !bit(from.number());
            events.push(pawn(me, Place::on(from), Place::on(square(to)), Why::Move));
            land(state, me, to, events);
            arrive(state, to, events);
        }
        Choice::Enter { to } => {
            state.reserve[me.index()] -= 1;
            state.boards[me.index()] |= bit(to.number());
            events.push(pawn(me, Place::Reserve, Place::on(to), Why::Entered));
            finish(state);
        }
        // `check_step` let through only the options `next` listed.
        _ => {}
    }
}

/// Whether `step` is what the state waits for: a die at a chance, one of
/// the listed options of the seat on turn at a decision. The same answer as
/// [`check_step`] against [`RuleSet::next`] (a test checks it over random
/// games), without building the option list: `apply` is half of every step
/// of random play.
fn accepts(state: &PerilState, step: Step) -> bool {
    match (state.phase, step) {
        (
            PerilPhase::Roll
            | PerilPhase::VultureRoll
            | PerilPhase::River { .. }
            | PerilPhase::Trial,
            Step::Chance {
                roll: Roll::Die { .. },
            },
        ) => true,
        (phase, Step::Decide { seat, choice }) if seat == state.turn => match (phase, choice) {
            (PerilPhase::Act { roll }, Choice::Move { from }) => {
                movable(state, roll.value()) & bit(from.number()) != 0
            }
            (PerilPhase::Act { roll }, Choice::Enter { to }) => {
                summon_square(state, roll.value()) == Some(to.number())
            }
            (PerilPhase::Ankh, Choice::Place { to }) => ankh_squares(state) & bit(to.number()) != 0,
            (PerilPhase::Vulture { target }, Choice::Remove { square }) => {
                state.bitboard(target) & bit(square.number()) != 0
            }
            _ => false,
        },
        _ => false,
    }
}

/// Why a step [`accepts`] refuses is refused: in [`check_step`]'s words, or
/// in the rules' own where it is a choice of the kind the decision asks for.
fn refusal(state: &PerilState, step: Step) -> StepError {
    let generic = StepError::NotAnOption {
        reason: Reason::NotAnOption,
        detail: "that is not one of the options".to_owned(),
    };
    match (check_step(&Peril.next(state), &step), step) {
        (Err(error @ StepError::NotAnOption { .. }), Step::Decide { choice, .. }) => {
            explain::refusal(state, choice).unwrap_or(error)
        }
        (Err(error), _) => error,
        // Not reached: `accepts` agrees with `next`.
        (Ok(()), _) => generic,
    }
}

impl RuleSet for Peril {
    type State = PerilState;

    fn id(self) -> RuleSetId {
        RuleSetId::Peril
    }

    fn seat_range(self) -> (u8, u8) {
        (2, 2)
    }

    fn chance(self) -> ChanceKind {
        ChanceKind::Die
    }

    // A pawn waits on the Gates of Aaru for the 6 that wins.
    fn exit_row(self) -> crate::model::SquareSpan {
        crate::model::SquareSpan::new(30, 30)
    }

    fn start(self, seats: u8) -> Result<PerilState, SeatsError> {
        if seats == 2 {
            Ok(PerilState::START)
        } else {
            Err(SeatsError {
                given: seats,
                min: 2,
                max: 2,
            })
        }
    }

    fn seats(self, _state: &PerilState) -> u8 {
        2
    }

    fn next(self, state: &PerilState) -> Next {
        match state.phase {
            PerilPhase::Roll
            | PerilPhase::VultureRoll
            | PerilPhase::River { .. }
            | PerilPhase::Trial => Next::Chance(ChanceKind::Die),
            PerilPhase::Act { .. } | PerilPhase::Ankh | PerilPhase::Vulture { .. } => {
                Next::Decide {
                    seat: state.turn,
                    options: options(state),
                }
            }
            PerilPhase::Over { winner, how } => Next::End(Standing::two_seats(winner, how)),
        }
    }

    fn apply(
        self,
        state: &mut PerilState,
        step: Step,
        events: &mut Vec<Event>,
    ) -> Result<(), StepError> {
        if !accepts(state, step) {
            return Err(refusal(state, step));
        }
        match (state.phase, step) {
            (
                PerilPhase::Roll,
                Step::Chance {
                    roll: Roll::Die { pip },
                },
            ) => {
                roll(state, pip, events);
            }
            (PerilPhase::Act { roll }, Step::Decide { choice, .. }) => {
                act(state, roll, choice, events);
            }
            (
                PerilPhase::Ankh,
                Step::Decide {
                    choice: Choice::Place { to },
                    ..
                },
            ) => {
                let me = state.turn;
                state.reserve[me.index()] -= 1;
                state.boards[me.index()] |= bit(to.number());
                events.push(pawn(me, Place::Reserve, Place::on(to), Why::Entered));
                finish(state);
            }
            (
                PerilPhase::VultureRoll,
                Step::Chance {
                    roll: Roll::Die { pip },
                },
            ) => {
                vulture(state, pip);
            }
            (
                PerilPhase::Vulture { target },
                Step::Decide {
                    choice: Choice::Remove { square },
                    ..
                },
            ) => {
                state.boards[target.index()] &= !bit(square.number());
                events.push(pawn(
                    target,
                    Place::on(square),
                    Place::Removed,
                    Why::Removed,
                ));
                finish(state);
            }
            (
                PerilPhase::River { unswept },
                Step::Chance {
                    roll: Roll::Die { pip },
                },
            ) => {
                sweep(state, unswept, pip, events);
            }
            (
                PerilPhase::Trial,
                Step::Chance {
                    roll: Roll::Die { pip },
                },
            ) => {
                trial(state, pip, events);
            }
            // `check_step` let through only what `next` asks for.
            _ => {}
        }
        Ok(())
    }

    fn position_text(self, state: &PerilState) -> String {
        state.to_string()
    }

    fn thrower(self, state: &PerilState) -> Option<Seat> {
        view::thrower(state)
    }

    fn view(self, state: &PerilState) -> View {
        view::view(state)
    }

    /// Only a roll waiting for a move moves pawns on the board; the Ankh
    /// and the Vulture choose squares, not pawns to move.
    fn blocked(self, state: &PerilState, square: Square) -> Option<StepError> {
        match state.phase {
            PerilPhase::Act { .. } => self.refusal(state, Choice::Move { from: square }),
            _ => None,
        }
    }
}
