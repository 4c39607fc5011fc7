//! "Senet-modern" (`shared/spec/rules-modern.md`) on the step model: 2 to 4
//! seats, two dice moved by their sum or split between two pieces, pieces
//! worth 1 to 5 dots scored when borne off, captures back to the Sun, the
//! Moon and the Bird, and players out when they cannot use a throw.
//!
//! A turn is a few steps:
//! 1. a seat with exactly one piece on the board decides to roll one die or
//!    two ([`Choice::Roll`]); every other seat rolls two dice;
//! 2. the dice are drawn ([`ChanceKind::TwoDice`] or [`ChanceKind::Die`]);
//!    a seat with no legal use of them is out within this step
//!    ([`Event::Out`], its pieces removed);
//! 3. the seat moves one piece by the sum or by one die
//!    ([`Choice::MoveDice`]);
//! 4. after a single die of two, the seat moves a different piece by the
//!    other die, if one can; otherwise the turn ends with one die used.

mod moves;
mod state;
mod text;
mod view;

use crate::model::{
    ChanceKind, Choice, DiceUse, EliminateError, EndHow, Event, Next, Options, Pip, Place, Reason,
    Roll, RuleSet, Seat, SeatsError, Standing, Step, StepError, View, Why, check_step,
};
use crate::rules::RuleSetId;
use crate::square::Square;

use moves::{
    Illegal, Uses, any_move, landing, make_move, may_move, move_options, movers, must_move_from,
};
pub use state::{DiceCount, ModernPhase, ModernPiece, ModernState, ModernThrow};
pub use text::{ModernTextError, ModernTextField};

/// Senet-modern, for 2, 3 or 4 seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Modern;

/// Bear-offs that end the game.
const TO_END: u32 = 3;

impl Modern {
    /// Parses a position text (see `docs/notation.md, "Senet-modern position text"`).
    pub fn parse_position(self, text: &str) -> Result<ModernState, ModernTextError> {
        text.parse()
    }

    /// The final standing of a game that is over, `None` before the end.
    #[must_use]
    pub fn standing(self, state: &ModernState) -> Option<Standing> {
        match state.phase {
            ModernPhase::Over(how) => Some(standing(state, how)),
            _ => None,
        }
    }
}

/// Seats still in by dots borne off, then pieces borne off, then the
/// earlier first bear-off (spec Decision: also with two seats), then
/// (Decision (engine), a tie nothing in the spec breaks: both bore nothing
/// off) the lower seat; then the seats that are out, the later out first.
fn standing(state: &ModernState, how: EndHow) -> Standing {
    let key = |seat: &Seat| {
        let i = seat.index();
        let first = match state.first_off[i] {
            0 => u8::MAX,
            rank => rank,
        };
        (
            core::cmp::Reverse(state.score(*seat)),
            core::cmp::Reverse(state.borne[i].count_ones()),
            first,
            seat.number(),
        )
    };
    let mut places: Vec<Seat> = Seat::all(state.seats)
        .filter(|seat| !state.is_out(*seat))
        .collect();
    places.sort_by_key(key);
    let mut out: Vec<Seat> = state.out_order().collect();
    out.reverse();
    places.extend(out);
    Standing {
        places,
        scores: Seat::all(state.seats)
            .map(|seat| i32::from(state.score(seat)))
            .collect(),
        how,
    }
}

/// The next seat still in after the one on turn, and its turn begins: a
/// seat with one piece on the board chooses its dice, any other rolls two.
fn next_turn(state: &mut ModernState) {
    let mut seat = state.to_move;
    for _ in 0..state.seats {
        seat = seat.next(state.seats);
        if state.out[seat.index()] == 0 {
            break;
        }
    }
    state.to_move = seat;
    state.phase = if state.occupied[seat.index()].count_ones() == 1 {
        ModernPhase::ChooseDice
    } else {
        ModernPhase::ToRoll(DiceCount::Two)
    };
}

/// The seat on turn cannot use its throw: it is out ([`put_out`]).
fn go_out(state: &mut ModernState, events: &mut Vec<Event>) {
    put_out(state, state.to_move, events);
}

/// `seat` is out: its pieces leave the board, it ranks below every seat
/// still in and above the seats out before it, and the game ends if one
/// seat is left; if it was on turn, the turn passes. Decision (engine): the
/// spec says the player "leaves the game" without saying what becomes of
/// its pieces; they are removed for good (so they block nobody), while the
/// dots it bore off stay in `Standing::scores` (it ranks last anyway).
fn put_out(state: &mut ModernState, seat: Seat, events: &mut Vec<Event>) {
    events.push(Event::Out { seat });
    let mut bits = state.occupied[seat.index()];
    while bits != 0 {
        let square = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        let piece = state.take(square);
        events.push(Event::Piece {
            seat,
            value: Some(state::cell_value(piece)),
            from: Place::on(Square::new_unchecked(square)),
            to: Place::Removed,
            why: Why::Removed,
        });
    }
    let before = state.out.iter().filter(|&&rank| rank != 0).count() as u8;
    state.out[seat.index()] = before + 1;
    if state.seats_in() <= 1 {
        state.phase = ModernPhase::Over(EndHow::LastPlayer);
    } else if seat == state.to_move {
        next_turn(state);
    }
}

/// After a move: the game ends at a third bear-off (even between the two
/// moves of a split), else the turn goes on or passes.
fn after_move(state: &mut ModernState, second: Option<(Pip, u8)>) {
    if u32::from(state.borne[state.to_move.index()]).count_ones() >= TO_END {
        state.phase = ModernPhase::Over(EndHow::ThreeBorneOff);
        return;
    }
    if let Some((die, moved)) = second {
        state.phase = ModernPhase::SecondDie { die, moved };
        let uses = Uses::of(state);
        if any_move(state, &uses, movers(state, &uses)) {
            return;
        }
        // No other piece can use the second die: the turn ends with one
        // die used (spec Decision).
    }
    next_turn(state);
}

/// The refusal of a step `next` does not allow, in the shared words of
/// [`check_step`], or in the rules' own where a move is illegal.
fn refuse(rules: Modern, state: &ModernState, step: &Step) -> StepError {
    let next = rules.next(state);
    if let (
        Next::Decide { seat, .. },
        Step::Decide {
            seat: by,
            choice: Choice::MoveDice { from, by: use_ },
        },
    ) = (&next, step)
    {
        if seat == by {
            if let Some(error) = explain(state, from.number(), *use_) {
                return error;
            }
        }
    }
    match check_step(&next, step) {
        Err(error) => error,
        // The fast check in `apply` and the options disagree: a bug. Refuse
        // rather than guess.
        Ok(()) => StepError::NotAnOption {
            reason: Reason::NotAnOption,
            detail: format!("{step:?} is not allowed now"),
        },
    }
}

/// Why a move of the seat on turn is not an option, in the rules' words.
fn explain(state: &ModernState, from: u8, by: DiceUse) -> Option<StepError> {
    let refuse = |reason: Reason, detail: String| Some(StepError::NotAnOption { reason, detail });
    let uses = Uses::of(state);
    let Some(squares) = uses.squares(by) else {
        let detail = match state.phase {
            ModernPhase::ToMove(ModernThrow::Two(..)) if by != DiceUse::Sum => {
                if state.on_board(state.to_move) == 1 {
                    "with one piece on the board two dice move it by their sum".to_owned()
                } else {
                    "no die shows that number".to_owned()
                }
            }
            ModernPhase::ToMove(ModernThrow::One(pip)) => {
                format!("one die was rolled: move by its {}", pip.value())
            }
            ModernPhase::SecondDie { die, .. } => {
                format!("only the die showing {} is left", die.value())
            }
            _ => "the dice cannot be used so now".to_owned(),
        };
        return refuse(Reason::WrongDice, detail);
    };
    if movers(state, &uses) & (1 << from) == 0 {
        return if state.occupied[state.to_move.index()] & (1 << from) != 0 {
            refuse(
                Reason::MovedAlready,
                format!("the piece on {from} used the other die: move a different piece"),
            )
        } else {
            refuse(
                Reason::NoPieceOfYours,
                format!("no piece of yours on {from}"),
            )
        };
    }
    match landing(state, state.to_move.number(), from, squares) {
        Err(Illegal::OwnPiece(to)) => refuse(
            Reason::OwnPiece,
            format!("the piece on {from} would land on your own piece on {to}"),
        ),
        Err(Illegal::Safe(to)) => refuse(
            Reason::Safe,
            format!("the piece on {to} is safe from a piece starting outside 26–30"),
        ),
        Err(Illegal::BirdFull) => refuse(
            Reason::BirdFull,
            "the Bird has no empty square at or below 15 to send the piece to".to_owned(),
        ),
        Ok(_) if must_move_from(state, &uses) & (1 << from) == 0 => refuse(
            Reason::MustMove2830,
            "a piece on 28–30 can move, so one of them must".to_owned(),
        ),
        Ok(_) => None,
    }
}

impl RuleSet for Modern {
    type State = ModernState;

    fn id(self) -> RuleSetId {
        RuleSetId::Modern
    }

    fn seat_range(self) -> (u8, u8) {
        (2, 4)
    }

    fn chance(self) -> ChanceKind {
        ChanceKind::TwoDice
    }

    // The last five squares (Moon, Bird and the safe squares), the stretch
    // a piece crosses to the goal one step past 30.
    fn exit_row(self) -> crate::model::SquareSpan {
        crate::model::SquareSpan::new(26, 30)
    }

    fn start(self, seats: u8) -> Result<ModernState, SeatsError> {
        if (2..=4).contains(&seats) {
            Ok(ModernState::setup(seats))
        } else {
            Err(SeatsError {
                given: seats,
                min: 2,
                max: 4,
            })
        }
    }

    fn seats(self, state: &ModernState) -> u8 {
        state.seats
    }

    fn next(self, state: &ModernState) -> Next {
        let seat = state.to_move;
        match state.phase {
            ModernPhase::Over(how) => Next::End(standing(state, how)),
            ModernPhase::ChooseDice => {
                let mut options = Options::new();
                for dice in [1, 2] {
                    // Two options in an empty list always fit.
                    let _ = options.push(Choice::Roll { dice });
                }
                Next::Decide { seat, options }
            }
            ModernPhase::ToRoll(DiceCount::One) => Next::Chance(ChanceKind::Die),
            ModernPhase::ToRoll(DiceCount::Two) => Next::Chance(ChanceKind::TwoDice),
            ModernPhase::ToMove(_) | ModernPhase::SecondDie { .. } => Next::Decide {
                seat,
                options: move_options(state, &Uses::of(state)),
            },
        }
    }

    fn apply(
        self,
        state: &mut ModernState,
        step: Step,
        events: &mut Vec<Event>,
    ) -> Result<(), StepError> {
        // The fast path checks the step directly (no option list); anything
        // it does not accept is refused with `next`'s own words.
        match (state.phase, step) {
            (ModernPhase::ToRoll(count), Step::Chance { roll }) => {
                let throw = match (count, roll) {
                    (DiceCount::Two, Roll::Dice { first, second }) => {
                        ModernThrow::two(first, second)
                    }
                    (DiceCount::One, Roll::Die { pip }) => ModernThrow::One(pip),
                    _ => return Err(refuse(self, state, &step)),
                };
                state.phase = ModernPhase::ToMove(throw);
                let uses = Uses::of(state);
                if !any_move(state, &uses, movers(state, &uses)) {
                    go_out(state, events);
                }
                Ok(())
            }
            (
                ModernPhase::ChooseDice,
                Step::Decide {
                    seat,
                    choice:
                        Choice::Roll {
                            dice: dice @ (1 | 2),
                        },
                },
            ) if seat == state.to_move => {
                state.phase = ModernPhase::ToRoll(if dice == 1 {
                    DiceCount::One
                } else {
                    DiceCount::Two
                });
                Ok(())
            }
            (
                phase @ (ModernPhase::ToMove(_) | ModernPhase::SecondDie { .. }),
                Step::Decide {
                    seat,
                    choice: Choice::MoveDice { from, by },
                },
            ) if seat == state.to_move => {
                let uses = Uses::of(state);
                let from = from.number();
                let legal = uses.squares(by).and_then(|squares| {
                    may_move(state, &uses, from)
                        .then(|| landing(state, seat.number(), from, squares).ok())
                        .flatten()
                });
                let Some(landing) = legal else {
                    return Err(refuse(self, state, &step));
                };
                let value = make_move(state, from, landing, events);
                // The other die of a split is a second decision.
                let second = match (phase, by) {
                    (ModernPhase::ToMove(ModernThrow::Two(low, high)), DiceUse::Die { pips }) => {
                        Some((if pips == low.value() { high } else { low }, value))
                    }
                    _ => None,
                };
                after_move(state, second);
                Ok(())
            }
            _ => Err(refuse(self, state, &step)),
        }
    }

    fn position_text(self, state: &ModernState) -> String {
        state.to_string()
    }

    fn thrower(self, state: &ModernState) -> Option<Seat> {
        view::thrower(state)
    }

    fn view(self, state: &ModernState) -> View {
        view::view(state)
    }

    /// A piece is blocked when no use of the dice moves it; the reason is
    /// that of the first use (the sum before single dice, as the options
    /// list them), which is the only use with one piece on the board or
    /// one die left.
    fn blocked(self, state: &ModernState, square: Square) -> Option<StepError> {
        if !matches!(
            state.phase,
            ModernPhase::ToMove(_) | ModernPhase::SecondDie { .. }
        ) {
            return None;
        }
        let uses = Uses::of(state);
        let mut first = None;
        for &(by, _) in uses.as_slice() {
            let refused = self.refusal(state, Choice::MoveDice { from: square, by })?;
            first.get_or_insert(refused);
        }
        first
    }

    /// In a game of three or four seats, `seat` is out as if it could not
    /// use its throw (spec: "With 3–4 players, the others play on"): an
    /// [`Event::Out`], its pieces removed, its place below every seat still
    /// in and above the seats out before it (the later out, the better).
    /// If it was on turn, the turn passes to the next seat still in, whose
    /// turn begins as any turn does. When one seat is left the game ends as
    /// the rules end it then, with [`EndHow::LastPlayer`] (spec: "the game
    /// ends as soon as one player remains"); so the last two seats of a
    /// larger table may be eliminated from too, and the standing still
    /// ranks every seat. A game of two seats is refused
    /// ([`EliminateError::TwoSeats`]): it ends outside the rules.
    fn eliminate(
        self,
        state: &mut ModernState,
        seat: Seat,
        events: &mut Vec<Event>,
    ) -> Result<(), EliminateError> {
        if let ModernPhase::Over(_) = state.phase {
            return Err(EliminateError::GameOver);
        }
        if seat.number() >= state.seats {
            return Err(EliminateError::NotAtTable(seat));
        }
        if state.is_out(seat) {
            return Err(EliminateError::AlreadyOut(seat));
        }
        if state.seats < 3 {
            return Err(EliminateError::TwoSeats);
        }
        // A seat not on turn leaves the turn as it stands: removing pieces
        // only frees squares, so every move the seat on turn had stays
        // legal and its decision keeps its options.
        put_out(state, seat, events);
        Ok(())
    }
}
