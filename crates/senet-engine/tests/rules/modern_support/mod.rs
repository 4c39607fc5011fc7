//! Helpers shared by the Senet-modern tests: positions from a few pieces,
//! options as notation (`9+` the sum, `9/4` one die, `roll 1`), and steps
//! by that notation.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use senet_engine::{
    Choice, DiceUse, Event, Modern, ModernState, Next, Pip, Place, Roll, RuleSet, Seat, Square,
    Standing, Step, StepError, Why,
};

/// A state from its position text, or a panic with the parse error.
pub fn pos(text: &str) -> ModernState {
    Modern
        .parse_position(text)
        .unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

/// A position text from a few pieces `(square, seat letter, dots)`; the
/// pieces neither on the board nor in `off` are listed as removed.
pub fn text(seats: u8, pieces: &[(u8, char, u8)], turn: &str, off: &str, out: &str) -> String {
    let mut squares: Vec<String> = vec![".".to_owned(); 30];
    for &(square, seat, value) in pieces {
        squares[usize::from(square) - 1] = format!("{seat}{value}");
    }
    let mut removed = Vec::new();
    for seat in ['a', 'b', 'c', 'd'].into_iter().take(usize::from(seats)) {
        let item: String = (1..=5u8)
            .filter(|&v| !pieces.iter().any(|&(_, s, w)| s == seat && w == v))
            .filter(|&v| {
                !off.split(',')
                    .any(|i| i.starts_with(seat) && i.contains(char::from(b'0' + v)))
            })
            .map(|v| char::from(b'0' + v))
            .collect();
        if !item.is_empty() {
            removed.push(format!("{seat}{item}"));
        }
    }
    let removed = if removed.is_empty() {
        "-".to_owned()
    } else {
        removed.join(",")
    };
    format!(
        "{} {seats} {turn} off:{off} removed:{removed} out:{out}",
        squares.concat()
    )
}

/// A state from a few pieces, as [`text`] writes it.
pub fn position(
    seats: u8,
    pieces: &[(u8, char, u8)],
    turn: &str,
    off: &str,
    out: &str,
) -> ModernState {
    pos(&text(seats, pieces, turn, off, out))
}

/// The options of the decision that comes next, as notation, in order.
pub fn options(state: &ModernState) -> Vec<String> {
    match Modern.next(state) {
        Next::Decide { options, .. } => options.iter().map(ToString::to_string).collect(),
        other => panic!("expected a decision at `{state}`, got {other:?}"),
    }
}

/// The seat that decides next.
pub fn decider(state: &ModernState) -> Seat {
    match Modern.next(state) {
        Next::Decide { seat, .. } => seat,
        other => panic!("expected a decision at `{state}`, got {other:?}"),
    }
}

/// The standing of a game that is over.
pub fn standing(state: &ModernState) -> Standing {
    match Modern.next(state) {
        Next::End(standing) => standing,
        other => panic!("expected the end at `{state}`, got {other:?}"),
    }
}

/// Takes the option written `option` (`9+`, `9/4`, `roll 1`).
pub fn play(state: &mut ModernState, option: &str) -> Vec<Event> {
    let Next::Decide { seat, options } = Modern.next(state) else {
        panic!("expected a decision at `{state}`");
    };
    let choice: Choice = *options
        .iter()
        .find(|c| c.to_string() == option)
        .unwrap_or_else(|| panic!("`{option}` is not among {options:?} at `{state}`"));
    step(state, Step::Decide { seat, choice })
}

/// Rolls two dice.
pub fn roll(state: &mut ModernState, first: u8, second: u8) -> Vec<Event> {
    let roll = Roll::Dice {
        first: Pip::new(first).unwrap(),
        second: Pip::new(second).unwrap(),
    };
    step(state, Step::Chance { roll })
}

/// Rolls one die.
pub fn roll_one(state: &mut ModernState, pip: u8) -> Vec<Event> {
    let roll = Roll::Die {
        pip: Pip::new(pip).unwrap(),
    };
    step(state, Step::Chance { roll })
}

/// Takes a step that must be accepted.
pub fn step(state: &mut ModernState, step: Step) -> Vec<Event> {
    let mut events = Vec::new();
    Modern
        .apply(state, step, &mut events)
        .unwrap_or_else(|e| panic!("{step:?} at `{state}`: {e}"));
    events
}

/// The seat with this number.
pub fn seat(number: u8) -> Seat {
    Seat::new(number).unwrap()
}

/// The place of square `n`.
pub fn sq(n: u8) -> Place {
    Place::on(Square::new(n).unwrap())
}

/// A piece event.
pub fn piece(s: u8, value: u8, from: Place, to: Place, why: Why) -> Event {
    Event::Piece {
        seat: seat(s),
        value: Some(value),
        from,
        to,
        why,
    }
}

/// Tries a move of the seat on turn that need not be an option; a refused
/// one must leave the state as it was.
pub fn try_move(state: &mut ModernState, from: u8, by: DiceUse) -> Result<Vec<Event>, StepError> {
    let mut events = Vec::new();
    let before = *state;
    let choice = Choice::MoveDice {
        from: Square::new(from).unwrap(),
        by,
    };
    let result = Modern.apply(
        state,
        Step::Decide {
            seat: state.to_move(),
            choice,
        },
        &mut events,
    );
    if result.is_err() {
        assert_eq!(*state, before, "a refused step changes nothing");
    }
    result.map(|()| events)
}
