//! The position text of Senet-modern (documented for players and tool
//! writers in `docs/notation.md, "Senet-modern position text"`):
//!
//! ```text
//! a5b5a4b4a3b3a2b2a1b1.................... 2 a:roll2 off:- removed:- out:-
//! ```
//!
//! six fields separated by spaces: the 30 squares from the Sun (`.` or a
//! seat letter and the piece's dots), the number of seats, the seat on turn
//! and where its turn stands, the borne-off pieces by seat in the order of
//! each seat's first bear-off, the removed pieces by seat, and the seats
//! that are out in the order they went out.

use core::fmt;
use core::str::FromStr;

use crate::model::{EndHow, Pip, Seat};

use super::moves::{Uses, any_move, movers};
use super::state::{
    ALL_VALUES, BIRD, DiceCount, MOON, ModernPhase, ModernState, ModernThrow, PIECES, cell,
    value_bit,
};

/// A field of the position text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ModernTextField {
    /// The text as a whole (its number of fields).
    Whole,
    /// The 30 squares.
    Board,
    /// The number of seats.
    Seats,
    /// The seat on turn and where its turn stands.
    Turn,
    /// The borne-off pieces (`off:`).
    Off,
    /// The removed pieces (`removed:`).
    Removed,
    /// The seats that are out (`out:`).
    Out,
}

impl fmt::Display for ModernTextField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ModernTextField::Whole => "position",
            ModernTextField::Board => "board",
            ModernTextField::Seats => "seats",
            ModernTextField::Turn => "turn",
            ModernTextField::Off => "off",
            ModernTextField::Removed => "removed",
            ModernTextField::Out => "out",
        })
    }
}

/// A position text that is not a Senet-modern position, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModernTextError {
    /// The field at fault.
    pub field: ModernTextField,
    /// What is wrong, in words.
    pub message: String,
}

impl fmt::Display for ModernTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for ModernTextError {}

fn error<T>(field: ModernTextField, message: impl Into<String>) -> Result<T, ModernTextError> {
    Err(ModernTextError {
        field,
        message: message.into(),
    })
}

/// The letter of a seat, `a` to `d`.
fn letter(seat: Seat) -> char {
    char::from(b'a' + seat.number())
}

/// The seat of a letter at a table of `seats`.
fn seat_of_letter(c: char, seats: u8, field: ModernTextField) -> Result<Seat, ModernTextError> {
    let number = match c {
        'a'..='d' => c as u8 - b'a',
        _ => return error(field, format!("`{c}` is not a seat letter (a to d)")),
    };
    match Seat::new(number) {
        Some(seat) if number < seats => Ok(seat),
        _ => error(field, format!("no seat `{c}` at a table of {seats}")),
    }
}

/// The dots of a digit, 1 to 5.
fn dots(c: char, field: ModernTextField) -> Result<u8, ModernTextError> {
    match c.to_digit(10) {
        Some(v @ 1..=5) => Ok(v as u8),
        _ => error(field, format!("`{c}` is not a piece's dots (1 to 5)")),
    }
}

/// A die's face from a digit.
fn pip(c: char) -> Result<Pip, ModernTextError> {
    c.to_digit(10).and_then(|d| Pip::new(d as u8)).map_or_else(
        || {
            error(
                ModernTextField::Turn,
                format!("`{c}` is not a die (1 to 6)"),
            )
        },
        Ok,
    )
}

/// Writes a value mask as digits, lowest first.
fn write_values(f: &mut fmt::Formatter<'_>, mask: u8) -> fmt::Result {
    for value in 1..=PIECES {
        if mask & value_bit(value) != 0 {
            write!(f, "{value}")?;
        }
    }
    Ok(())
}

/// Writes a `label:` list of seats with their values, or `label:-`.
fn write_list(
    f: &mut fmt::Formatter<'_>,
    label: &str,
    items: impl Iterator<Item = (Seat, u8)>,
) -> fmt::Result {
    write!(f, " {label}:")?;
    let mut any = false;
    for (seat, mask) in items.filter(|&(_, mask)| mask != 0) {
        if any {
            f.write_str(",")?;
        }
        write!(f, "{}", letter(seat))?;
        write_values(f, mask)?;
        any = true;
    }
    if !any {
        f.write_str("-")?;
    }
    Ok(())
}

impl fmt::Display for ModernState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &piece in &self.board[1..=30] {
            if piece == 0 {
                f.write_str(".")?;
            } else {
                let seat = super::moves::seat_of(piece);
                write!(f, "{}{}", letter(seat), super::state::cell_value(piece))?;
            }
        }
        write!(f, " {} {}:", self.seats, letter(self.to_move))?;
        match self.phase {
            ModernPhase::ChooseDice => f.write_str("choose")?,
            ModernPhase::ToRoll(DiceCount::One) => f.write_str("roll1")?,
            ModernPhase::ToRoll(DiceCount::Two) => f.write_str("roll2")?,
            ModernPhase::ToMove(ModernThrow::Two(low, high)) => {
                write!(f, "dice{}{}", low.value(), high.value())?;
            }
            ModernPhase::ToMove(ModernThrow::One(die)) => write!(f, "die{}", die.value())?,
            ModernPhase::SecondDie { die, moved } => write!(f, "die{}/{moved}", die.value())?,
            ModernPhase::Over(_) => f.write_str("end")?,
        }
        let borne = self.first_off_order().map(|s| (s, self.borne[s.index()]));
        write_list(f, "off", borne)?;
        let removed = Seat::all(self.seats).map(|s| (s, self.removed_mask(s)));
        write_list(f, "removed", removed)?;
        f.write_str(" out:")?;
        let mut any = false;
        for seat in self.out_order() {
            if any {
                f.write_str(",")?;
            }
            write!(f, "{}", letter(seat))?;
            any = true;
        }
        if !any {
            f.write_str("-")?;
        }
        Ok(())
    }
}

/// Parses `label:` and a list of `-` or comma-separated items.
fn list<'a>(
    text: &'a str,
    label: &str,
    field: ModernTextField,
) -> Result<Vec<&'a str>, ModernTextError> {
    let Some(rest) = text.strip_prefix(label).and_then(|r| r.strip_prefix(':')) else {
        return error(
            field,
            format!("expected `{label}:` and a list, found `{text}`"),
        );
    };
    if rest == "-" {
        return Ok(Vec::new());
    }
    Ok(rest.split(',').collect())
}

/// Parses `<letter><dots>…` items into `(seat, value mask)`, each seat once.
fn seat_values(
    items: &[&str],
    seats: u8,
    field: ModernTextField,
) -> Result<Vec<(Seat, u8)>, ModernTextError> {
    let mut seen: Vec<(Seat, u8)> = Vec::new();
    for item in items {
        let mut chars = item.chars();
        let Some(first) = chars.next() else {
            return error(field, "an empty item in the list");
        };
        let seat = seat_of_letter(first, seats, field)?;
        if seen.iter().any(|&(s, _)| s == seat) {
            return error(field, format!("seat `{first}` is listed twice"));
        }
        let mut mask = 0u8;
        for c in chars {
            let bit = value_bit(dots(c, field)?);
            if mask & bit != 0 {
                return error(field, format!("piece {first}{c} is listed twice"));
            }
            mask |= bit;
        }
        if mask == 0 {
            return error(field, format!("seat `{first}` is listed with no piece"));
        }
        seen.push((seat, mask));
    }
    Ok(seen)
}

/// Reads the 30 squares onto the state's board.
fn parse_board(state: &mut ModernState, text: &str) -> Result<(), ModernTextError> {
    let field = ModernTextField::Board;
    let mut chars = text.chars();
    let mut square: u8 = 0;
    while let Some(c) = chars.next() {
        square += 1;
        if square > 30 {
            return error(field, "more than 30 squares");
        }
        if c == '.' {
            continue;
        }
        let seat = seat_of_letter(c, state.seats, field)?;
        let Some(d) = chars.next() else {
            return error(field, format!("the piece on {square} has no dots"));
        };
        let value = dots(d, field)?;
        if square == MOON || square == BIRD {
            return error(
                field,
                format!("no piece can stand on {square}: it is sent on at once"),
            );
        }
        if state.on_board_mask(seat) & value_bit(value) != 0 {
            return error(field, format!("piece {c}{d} stands on two squares"));
        }
        state.put(square, cell(seat, value));
    }
    if square != 30 {
        return error(field, format!("{square} squares; the board has 30"));
    }
    Ok(())
}

/// Reads the turn field (`a:roll2`, `b:dice35`, `c:die4/3`, …).
fn parse_turn(state: &mut ModernState, text: &str) -> Result<(), ModernTextError> {
    let field = ModernTextField::Turn;
    let mut chars = text.chars();
    let (Some(c), Some(':')) = (chars.next(), chars.next()) else {
        return error(
            field,
            format!("expected `<seat letter>:<phase>`, found `{text}`"),
        );
    };
    let seat = seat_of_letter(c, state.seats, field)?;
    state.to_move = seat;
    let phase = chars.as_str();
    let over = if Seat::all(state.seats).any(|s| state.borne[s.index()].count_ones() >= 3) {
        Some(EndHow::ThreeBorneOff)
    } else if state.seats_in() <= 1 {
        Some(EndHow::LastPlayer)
    } else {
        None
    };
    match (phase, over) {
        ("end", Some(how)) => {
            state.phase = ModernPhase::Over(how);
            return Ok(());
        }
        ("end", None) => {
            return error(
                field,
                "the game is not over: no seat has borne off 3 pieces and more than one plays",
            );
        }
        (_, Some(how)) => {
            return error(field, format!("the game is over ({how}): write `{c}:end`"));
        }
        (_, None) => {}
    }
    if state.is_out(seat) {
        return error(field, format!("seat `{c}` is out and cannot be on turn"));
    }
    let pieces = state.on_board(seat);
    let one_die_only = |pieces: u8| {
        if pieces == 1 {
            Ok(())
        } else {
            error(
                field,
                format!(
                    "only a seat with one piece on the board rolls one die (`{c}` has {pieces})"
                ),
            )
        }
    };
    let chars: Vec<char> = phase.chars().collect();
    state.phase = if phase == "choose" {
        one_die_only(pieces)?;
        ModernPhase::ChooseDice
    } else if phase == "roll1" {
        one_die_only(pieces)?;
        ModernPhase::ToRoll(DiceCount::One)
    } else if phase == "roll2" {
        ModernPhase::ToRoll(DiceCount::Two)
    } else if let (Some("dice"), &[.., a, b]) = (phase.get(..4), chars.as_slice())
        && chars.len() == 6
    {
        ModernPhase::ToMove(ModernThrow::two(pip(a)?, pip(b)?))
    } else if let (Some("die"), &[.., d]) = (phase.get(..3), chars.as_slice())
        && chars.len() == 4
    {
        one_die_only(pieces)?;
        ModernPhase::ToMove(ModernThrow::One(pip(d)?))
    } else if let (Some("die"), &[.., d, '/', v]) = (phase.get(..3), chars.as_slice())
        && chars.len() == 6
    {
        let moved = dots(v, field)?;
        if state.removed_mask(seat) & value_bit(moved) != 0 {
            return error(
                field,
                format!("piece {c}{moved} moved first but is out of the game"),
            );
        }
        ModernPhase::SecondDie {
            die: pip(d)?,
            moved,
        }
    } else {
        return error(
            field,
            format!(
                "unknown phase `{phase}`: choose, roll1, roll2, dice<d><d>, die<d>, die<d>/<dots> or end"
            ),
        );
    };
    if let ModernPhase::ToMove(_) | ModernPhase::SecondDie { .. } = state.phase {
        // A seat on a move decision has a move: one without would be out.
        let uses = Uses::of(state);
        if !any_move(state, &uses, movers(state, &uses)) {
            return error(field, format!("seat `{c}` has no move with `{phase}`"));
        }
    }
    Ok(())
}

impl FromStr for ModernState {
    type Err = ModernTextError;

    fn from_str(text: &str) -> Result<ModernState, ModernTextError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let &[board, seats, turn, off, removed, out] = fields.as_slice() else {
            return error(
                ModernTextField::Whole,
                format!(
                    "{} fields; expected 6: board, seats, turn, off:, removed:, out:",
                    fields.len()
                ),
            );
        };
        let seats = match seats {
            "2" => 2,
            "3" => 3,
            "4" => 4,
            _ => {
                return error(
                    ModernTextField::Seats,
                    format!("`{seats}`: 2, 3 or 4 seats"),
                );
            }
        };
        let mut state = ModernState::empty(seats);
        parse_board(&mut state, board)?;

        let off_items = seat_values(
            &list(off, "off", ModernTextField::Off)?,
            seats,
            ModernTextField::Off,
        )?;
        for (rank, &(seat, mask)) in off_items.iter().enumerate() {
            if state.on_board_mask(seat) & mask != 0 {
                return error(
                    ModernTextField::Off,
                    format!("a piece of `{}` borne off is on the board", letter(seat)),
                );
            }
            state.borne[seat.index()] = mask;
            state.first_off[seat.index()] = rank as u8 + 1;
        }

        let listed = seat_values(
            &list(removed, "removed", ModernTextField::Removed)?,
            seats,
            ModernTextField::Removed,
        )?;
        for seat in Seat::all(seats) {
            let mask = listed
                .iter()
                .find(|&&(s, _)| s == seat)
                .map_or(0, |&(_, m)| m);
            let missing = state.removed_mask(seat);
            if mask & !missing != 0 {
                return error(
                    ModernTextField::Removed,
                    format!(
                        "a piece of `{}` listed as removed is on the board or borne off",
                        letter(seat)
                    ),
                );
            }
            if mask != missing {
                let value = (1..=PIECES)
                    .find(|&v| (missing & !mask) & value_bit(v) != 0)
                    .unwrap_or(1);
                return error(
                    ModernTextField::Removed,
                    format!(
                        "piece {}{value} is nowhere: put it on the board, in off: or in removed:",
                        letter(seat)
                    ),
                );
            }
            debug_assert_eq!(
                mask | state.on_board_mask(seat) | state.borne[seat.index()],
                ALL_VALUES
            );
        }

        let outs = list(out, "out", ModernTextField::Out)?;
        for (rank, item) in outs.iter().enumerate() {
            let mut chars = item.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return error(
                    ModernTextField::Out,
                    format!("`{item}` is not a seat letter"),
                );
            };
            let seat = seat_of_letter(c, seats, ModernTextField::Out)?;
            if state.is_out(seat) {
                return error(ModernTextField::Out, format!("seat `{c}` is listed twice"));
            }
            if state.on_board(seat) != 0 {
                return error(
                    ModernTextField::Out,
                    format!("seat `{c}` is out but has pieces on the board"),
                );
            }
            state.out[seat.index()] = rank as u8 + 1;
        }

        parse_turn(&mut state, turn)?;
        Ok(state)
    }
}
