//! Helpers shared by the Path of Peril tests: positions from pieces, steps
//! by number, options as a list.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use senet_engine::{
    Choice, Event, Next, Peril, PerilState, Pip, Place, Roll, RuleSet, Seat, Square, Step,
    StepError, Why,
};

/// Cone, seat 0.
pub const CONE: Seat = Seat::FIRST;

/// Spool, seat 1.
pub fn spool() -> Seat {
    Seat::new(1).unwrap()
}

/// Square `n`.
pub fn sq(n: u8) -> Square {
    Square::new(n).unwrap()
}

/// The 30 board characters with `pieces` (square, `c` or `s`) on them.
pub fn board(pieces: &[(u8, char)]) -> String {
    let mut squares = ['.'; 30];
    for &(n, c) in pieces {
        squares[usize::from(n) - 1] = c;
    }
    squares.iter().collect()
}

/// The state with `pieces` on the board and the rest of the position text
/// (`<turn> <reserves> <phase>`).
pub fn at(pieces: &[(u8, char)], rest: &str) -> PerilState {
    let text = format!("{} {rest}", board(pieces));
    text.parse()
        .unwrap_or_else(|error| panic!("`{text}`: {error}"))
}

/// A die step.
pub fn die(n: u8) -> Step {
    Step::Chance {
        roll: Roll::Die {
            pip: Pip::new(n).unwrap(),
        },
    }
}

/// Takes a step that must be accepted, returning its events.
pub fn play(state: &mut PerilState, step: Step) -> Vec<Event> {
    let mut events = Vec::new();
    let before = *state;
    Peril
        .apply(state, step, &mut events)
        .unwrap_or_else(|error| panic!("{step:?} refused at `{before}`: {error}"));
    events
}

/// Rolls the die.
pub fn roll(state: &mut PerilState, n: u8) -> Vec<Event> {
    play(state, die(n))
}

/// The seat on turn picks `choice`.
pub fn pick(state: &mut PerilState, choice: Choice) -> Vec<Event> {
    let seat = state.turn();
    play(state, Step::Decide { seat, choice })
}

/// The seat on turn tries `choice`, which must be refused and change
/// nothing.
pub fn refused(state: &PerilState, choice: Choice) -> StepError {
    let mut after = *state;
    let seat = state.turn();
    let error = Peril
        .apply(&mut after, Step::Decide { seat, choice }, &mut Vec::new())
        .expect_err("refused");
    assert_eq!(after, *state, "a refused step changes nothing");
    error
}

/// The options of the decision the state waits for (panics otherwise).
pub fn options(state: &PerilState) -> Vec<Choice> {
    match Peril.next(state) {
        Next::Decide { seat, options } => {
            assert_eq!(seat, state.turn(), "the seat on turn decides");
            options.as_slice().to_vec()
        }
        other => panic!("a decision expected at `{state}`, got {other:?}"),
    }
}

/// Whether a die comes next.
pub fn die_next(state: &PerilState) -> bool {
    matches!(
        Peril.next(state),
        Next::Chance(senet_engine::ChanceKind::Die)
    )
}

/// Move the pawn on `n`.
pub fn mv(n: u8) -> Choice {
    Choice::Move { from: sq(n) }
}

/// Summon onto `n`.
pub fn enter(n: u8) -> Choice {
    Choice::Enter { to: sq(n) }
}

/// The Ankh's pawn onto `n`.
pub fn place(n: u8) -> Choice {
    Choice::Place { to: sq(n) }
}

/// The Vulture's victim on `n`.
pub fn remove(n: u8) -> Choice {
    Choice::Remove { square: sq(n) }
}

/// A place on square `n`.
pub fn on(n: u8) -> Place {
    Place::on(sq(n))
}

/// A piece event.
pub fn piece(seat: Seat, from: Place, to: Place, why: Why) -> Event {
    Event::Piece {
        seat,
        value: None,
        from,
        to,
        why,
    }
}
