//! What the tests of the stick rule sets on the step model share: the
//! adapters to the independent references in `reference_rules/`
//! (`adapters.rs`), the differential random games, `moves` comparisons,
//! invariants and golden counts (`differential.rs`, which also lists where
//! the engine and the references differ on purpose), and helpers to build
//! positions, states and steps.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

mod adapters;
mod differential;

pub use differential::*;

use senet_engine::kendall_v1::{Rules, moves_text};
use senet_engine::{
    ChanceKind, Choice, Event, Next, Place, Roll, RuleSet, RuleSetId, Seat, Seating, Square, Step,
    StickState, Why,
};

use crate::reference_rules::{Census, RefGame};

/// A reference game of a stick rule set, as the adapter drives it.
pub trait Reference: RefGame + std::fmt::Debug {
    /// A new game in which `first_seat` throws first (ignored without an
    /// opening).
    fn start(first_seat: usize) -> Self;
    /// The chance outcome for a throw value.
    fn chance(throw: u8) -> Self::Chance;
    /// The throw value of a chance outcome.
    fn throw_of(chance: &Self::Chance) -> u8;
    /// The option moving the piece on `from`.
    fn choice(from: u8) -> Self::Option;
    /// The square of an option's piece.
    fn from_of(option: &Self::Option) -> u8;
    /// The reference's position text.
    fn text(&self) -> String;
    /// Where its pieces are.
    fn pieces(&self) -> Census;
    /// The reference's `senet moves` lines.
    fn moves(position: &str, throw: u8) -> Option<Vec<String>>;
}

/// A stick rule set under test, with its reference and its facts.
pub trait Subject: RuleSet<State = StickState> + Rules {
    /// The reference of the same rule set.
    type Ref: Reference;
    /// The rule set's id.
    const ID: RuleSetId;
    /// The throws it can give.
    const THROWS: &'static [u8];
    /// Pieces a side.
    const PIECES: u8;
}

/// A position text with `pieces` (square, letter) on an empty board and
/// `side` in the side field.
pub fn text(pieces: &[(u8, char)], side: char) -> String {
    let mut squares = ['.'; 30];
    for &(square, letter) in pieces {
        squares[usize::from(square) - 1] = letter;
    }
    let mut out: String = squares.iter().collect();
    out.push(' ');
    out.push(side);
    out
}

/// `senet moves` for this rule set, which must accept the input.
pub fn lines(id: RuleSetId, position: &str, throw: u8) -> Vec<String> {
    moves_text(id, position, &throw.to_string()).unwrap()
}

/// A throw step: sticks that the rule set scores `throw`.
pub fn throw<R: Rules>(rules: &R, throw: u8) -> Step {
    let (roll, _) = ChanceKind::Sticks
        .outcomes()
        .into_iter()
        .find(|(roll, _)| match roll {
            Roll::Sticks { sticks } => rules.score(*sticks).value() == throw,
            _ => false,
        })
        .expect("some fall of the sticks gives the throw");
    Step::Chance { roll }
}

/// The lot falling on `seat`.
pub fn lot(seat: u8) -> Step {
    Step::Chance {
        roll: Roll::Lot {
            seat: Seat::new(seat).unwrap(),
        },
    }
}

/// The decision of `seat` to move the piece on `from`.
pub fn move_from(seat: u8, from: u8) -> Step {
    Step::Decide {
        seat: Seat::new(seat).unwrap(),
        choice: Choice::Move {
            from: Square::new(from).unwrap(),
        },
    }
}

/// A state in play at a position text, with `first` playing the first
/// colour and the first-move rule still due or not.
pub fn dealt<R: Rules>(rules: &R, position: &str, first: u8, first_move_due: bool) -> StickState {
    StickState {
        position: rules.parse_position(position).unwrap(),
        pending: None,
        seating: Seating::Dealt {
            first: Seat::new(first).unwrap(),
            first_move_due,
        },
    }
}

/// The squares of the options of a decision, and who decides; panics on
/// anything else.
pub fn options(next: &Next) -> (u8, Vec<u8>) {
    match next {
        Next::Decide { seat, options } => (
            seat.number(),
            options
                .iter()
                .map(|c| match c {
                    Choice::Move { from } => from.number(),
                    other => panic!("unexpected option {other}"),
                })
                .collect(),
        ),
        other => panic!("expected a decision, got {other:?}"),
    }
}

/// A game of `rules` from `state`, stepped by `steps`, with every step's
/// events.
pub fn play<R: RuleSet<State = StickState>>(
    rules: R,
    state: StickState,
    steps: &[Step],
) -> (StickState, Vec<Vec<Event>>) {
    let mut state = state;
    let mut all = Vec::new();
    for step in steps {
        let mut events = Vec::new();
        rules.apply(&mut state, *step, &mut events).unwrap();
        all.push(events);
    }
    (state, all)
}

/// A piece event of `seat` from one square (or off) to another.
pub fn piece(seat: u8, from: u8, to: Option<u8>, why: Why) -> Event {
    Event::Piece {
        seat: Seat::new(seat).unwrap(),
        value: None,
        from: Place::on(Square::new(from).unwrap()),
        to: to.map_or(Place::Off, |n| Place::on(Square::new(n).unwrap())),
        why,
    }
}
