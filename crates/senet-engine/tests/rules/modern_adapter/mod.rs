//! The adapter between the engine's Senet-modern and the independent
//! reference (`tests/rules/reference_rules/modern.rs`): the vocabularies mapped,
//! and what comes next, each step and each position compared.
//!
//! # Where the two vocabularies differ (the one place they are mapped)
//! - Two dice: the engine draws ordered pairs (36 outcomes of 1/36, the
//!   model's `ChanceKind::TwoDice`) and keeps them low first, since which
//!   die fell first tells nothing; the reference draws 21 unordered pairs.
//!   The 36 are folded into the 21 before the probabilities are compared.
//! - Options: `Choice::Roll { dice: 1 | 2 }` is `RollOne`/`RollTwo`,
//!   `MoveDice { by: Sum }` is `Sum`, `MoveDice { by: Die { pips } }` is
//!   `Die`. The two list them in different orders; the sets are compared.
//! - Events: the engine reports a bounce as one piece event (`Why::Bounced`
//!   from the start square to where it comes back to), the reference as
//!   `move <from> 31` and `bounce 31 <to>`; a capture as the mover's event
//!   and the taken piece's `SentHome` event, the reference as `capture` and
//!   `sun`; the Moon's send-back (`Why::Effect` from 26) is `sun 26`, the
//!   Bird's `bird 27 <to>`. When a piece returns to an occupied Sun the
//!   engine reports the occupant's removal before the returning piece
//!   arrives, the reference says `capture <sq>`, `removed 1`, `sun <sq>`:
//!   the hit is said first. Each engine event is written in the
//!   reference's words and the sequences compared.
//!
//! Everything else is compared as it is: the seat on turn, the options as
//! sets, the events in order, every square, each seat's borne-off and
//! removed pieces, the seats out in order, and the final standing (places,
//! scores by seat, how it ended).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use crate::reference_rules::modern::{self as reference, Chance as RChance, Choice as RChoice};
use crate::reference_rules::{Next as RNext, Prob as RProb, RefGame};
use senet_engine::{
    ChanceKind, Choice, DiceUse, Event, Modern, ModernState, Next, Place, Roll, RuleSet, Seat,
    Square, Step, Why,
};

/// The engine's chance outcomes in the reference's terms: two ordered dice
/// folded into unordered pairs (low, high), their probabilities added.
pub fn folded(kind: ChanceKind) -> Vec<(RChance, RProb)> {
    let mut sums: BTreeMap<(u8, u8), (u32, u32)> = BTreeMap::new();
    for (roll, p) in kind.outcomes() {
        let key = match roll {
            Roll::Dice { first, second } => (
                first.value().min(second.value()),
                first.value().max(second.value()),
            ),
            Roll::Die { pip } => (0, pip.value()),
            other => panic!("modern draws no {other:?}"),
        };
        let entry = sums.entry(key).or_insert((0, p.den));
        assert_eq!(entry.1, p.den, "one denominator");
        entry.0 += p.num;
    }
    sums.into_iter()
        .map(|((low, high), (num, den))| {
            let outcome = if low == 0 {
                RChance::Die(high)
            } else {
                RChance::Dice(low, high)
            };
            (outcome, RProb::new(num, den))
        })
        .collect()
}

/// An engine option in the reference's vocabulary.
pub fn to_reference(choice: Choice) -> RChoice {
    match choice {
        Choice::Roll { dice: 1 } => RChoice::RollOne,
        Choice::Roll { dice: 2 } => RChoice::RollTwo,
        Choice::MoveDice {
            from,
            by: DiceUse::Sum,
        } => RChoice::Sum {
            from: from.number(),
        },
        Choice::MoveDice {
            from,
            by: DiceUse::Die { pips },
        } => RChoice::Die {
            from: from.number(),
            die: pips,
        },
        other => panic!("modern offers no {other:?}"),
    }
}

pub fn key(choice: &RChoice) -> (u8, u8, u8) {
    match *choice {
        RChoice::RollOne => (0, 1, 0),
        RChoice::RollTwo => (0, 2, 0),
        RChoice::Sum { from } => (1, from, 0),
        RChoice::Die { from, die } => (2, from, die),
    }
}

pub fn square_of(place: Place) -> u8 {
    match place {
        Place::Square { square } => square.number(),
        other => panic!("expected a square, found {other:?}"),
    }
}

/// The engine's events in the reference's words.
pub fn events_in_reference_words(events: &[Event]) -> Vec<String> {
    let mut words = Vec::new();
    for (i, event) in events.iter().enumerate() {
        match *event {
            Event::Out { seat } => words.push(format!("out P{}", seat.number() + 1)),
            Event::Piece { from, to, why, .. } => match (why, to) {
                (Why::BorneOff, Place::Off) => words.push(format!("off {}", square_of(from))),
                (Why::Move, _) => {
                    words.push(format!("move {} {}", square_of(from), square_of(to)));
                }
                (Why::Bounced, _) => {
                    words.push(format!("move {} 31", square_of(from)));
                    words.push(format!("bounce 31 {}", square_of(to)));
                }
                (Why::SentHome, _) => {
                    // Said before a removal from the Sun (see below).
                    let after_removal = i > 0
                        && matches!(
                            events.get(i - 1),
                            Some(Event::Piece {
                                why: Why::Removed,
                                ..
                            })
                        );
                    if !after_removal {
                        words.push(format!("capture {}", square_of(from)));
                    }
                    words.push(format!("sun {}", square_of(from)));
                }
                (Why::Removed, Place::Removed) => {
                    // The engine reports the Sun's occupant leaving before
                    // the taken piece arrives there; the reference says
                    // `capture` (the hit) first, then `removed 1`, then
                    // `sun`.
                    if let Some(Event::Piece {
                        from: hit,
                        why: Why::SentHome,
                        ..
                    }) = events.get(i + 1)
                    {
                        words.push(format!("capture {}", square_of(*hit)));
                    }
                    words.push(format!("removed {}", square_of(from)));
                }
                (Why::Effect, _) if square_of(from) == 26 => words.push("sun 26".to_owned()),
                (Why::Effect, _) => words.push(format!("bird 27 {}", square_of(to))),
                other => panic!("modern reports no {other:?}"),
            },
            other => panic!("modern reports no {other:?}"),
        }
    }
    words
}

/// Both games show the same position: every square, every seat's borne-off
/// and removed pieces, the seats out in order, and the seat on turn.
pub fn same_position(state: &ModernState, game: &reference::Game, context: &str) {
    for number in 1..=30u8 {
        let square = Square::new(number).unwrap();
        let mine = state
            .piece_on(square)
            .map(|p| (usize::from(p.seat.number()), p.value));
        let theirs = game
            .piece_on(usize::from(number))
            .map(|p| (p.seat, p.value));
        assert_eq!(mine, theirs, "square {number}; {context}");
    }
    for seat in Seat::all(state.seats()) {
        let mut borne = game.borne_off(seat.index());
        borne.sort_unstable();
        assert_eq!(
            state.borne_off(seat).collect::<Vec<_>>(),
            borne,
            "borne off by {seat}; {context}"
        );
        let mut removed: Vec<u8> = game
            .removed()
            .into_iter()
            .filter(|p| p.seat == seat.index())
            .map(|p| p.value)
            .collect();
        removed.sort_unstable();
        assert_eq!(
            state.removed(seat).collect::<Vec<_>>(),
            removed,
            "removed of {seat}; {context}"
        );
    }
    let out: Vec<usize> = state.out_order().map(Seat::index).collect();
    assert_eq!(out, game.out(), "seats out; {context}");
}

/// Checks that both say the same thing comes next; returns the engine's.
pub fn same_next(state: &ModernState, game: &reference::Game, context: &str) -> Next {
    same_position(state, game, context);
    let next = Modern.next(state);
    match (&next, game.next()) {
        (Next::End(standing), RNext::End(theirs)) => {
            let places: Vec<usize> = standing.places.iter().map(|s| s.index()).collect();
            assert_eq!(places, theirs.places, "places; {context}");
            assert_eq!(standing.scores, theirs.scores, "scores; {context}");
            assert_eq!(standing.how.as_str(), theirs.how, "how; {context}");
        }
        (Next::Chance(kind), RNext::Chance(outcomes)) => {
            let mine = folded(*kind);
            assert_eq!(mine.len(), outcomes.len(), "outcomes; {context}");
            for ((a, p), (b, q)) in mine.iter().zip(&outcomes) {
                assert_eq!(a, b, "outcome; {context}");
                assert!(p.same_value(*q), "{a:?}: {p:?} vs {q:?}; {context}");
            }
            assert_eq!(
                state.to_move().index(),
                game.current(),
                "seat on turn; {context}"
            );
        }
        (
            Next::Decide { seat, options },
            RNext::Decide {
                seat: theirs,
                options: listed,
            },
        ) => {
            assert_eq!(seat.index(), theirs, "seat; {context}");
            assert_eq!(*seat, state.to_move(), "seat on turn; {context}");
            assert_eq!(game.current(), theirs, "reference seat on turn; {context}");
            let mut mine: Vec<RChoice> = options.iter().map(|&c| to_reference(c)).collect();
            let mut listed = listed;
            mine.sort_by_key(key);
            listed.sort_by_key(key);
            assert_eq!(mine, listed, "options; {context}");
        }
        (mine, theirs) => panic!("engine {mine:?}, reference {theirs:?}; {context}"),
    }
    next
}

/// Takes the same step on both and checks they report the same events;
/// returns them in the reference's words.
pub fn same_step(
    state: &mut ModernState,
    game: &mut reference::Game,
    step: Step,
    context: &str,
) -> Vec<String> {
    let mut events = Vec::new();
    Modern.apply(state, step, &mut events).unwrap();
    let theirs = match step {
        Step::Chance {
            roll: Roll::Dice { first, second },
        } => game.apply_chance(&RChance::Dice(
            first.value().min(second.value()),
            first.value().max(second.value()),
        )),
        Step::Chance {
            roll: Roll::Die { pip },
        } => game.apply_chance(&RChance::Die(pip.value())),
        Step::Decide { choice, .. } => game.apply_decision(&to_reference(choice)),
        other => panic!("modern takes no {other:?}"),
    }
    .unwrap();
    let mine = events_in_reference_words(&events);
    assert_eq!(mine, theirs, "events of {step:?}; {context}");
    theirs
}

/// A position on both: `seats`, the seat `to_move` about to start its
/// turn, pieces `(square, seat, dots)`, borne-off pieces `(seat, dots)` in
/// the order borne off; every other piece removed.
pub fn both(
    seats: u8,
    to_move: u8,
    pieces: &[(u8, u8, u8)],
    borne: &[(u8, u8)],
) -> (ModernState, reference::Game) {
    let letter = |seat: u8| char::from(b'a' + seat);
    let mut squares = vec![".".to_owned(); 30];
    for &(square, seat, value) in pieces {
        squares[usize::from(square) - 1] = format!("{}{value}", letter(seat));
    }
    let mut off: Vec<(u8, String)> = Vec::new();
    for &(seat, value) in borne {
        match off.iter_mut().find(|(s, _)| *s == seat) {
            Some((_, values)) => values.push(char::from(b'0' + value)),
            None => off.push((seat, char::from(b'0' + value).to_string())),
        }
    }
    let mut removed = Vec::new();
    for seat in 0..seats {
        let gone: String = (1..=5u8)
            .filter(|&v| !pieces.iter().any(|&(_, s, w)| (s, w) == (seat, v)))
            .filter(|&v| !borne.contains(&(seat, v)))
            .map(|v| char::from(b'0' + v))
            .collect();
        if !gone.is_empty() {
            removed.push(format!("{}{gone}", letter(seat)));
        }
    }
    let list = |items: Vec<String>| {
        if items.is_empty() {
            "-".to_owned()
        } else {
            items.join(",")
        }
    };
    let off = list(
        off.into_iter()
            .map(|(s, mut v)| {
                let mut digits: Vec<char> = v.drain(..).collect();
                digits.sort_unstable();
                format!("{}{}", letter(s), digits.into_iter().collect::<String>())
            })
            .collect(),
    );
    let on_board = pieces.iter().filter(|p| p.1 == to_move).count();
    let phase = if on_board == 1 { "choose" } else { "roll2" };
    let text = format!(
        "{} {seats} {}:{phase} off:{off} removed:{} out:-",
        squares.concat(),
        letter(to_move),
        list(removed)
    );
    let state = Modern
        .parse_position(&text)
        .unwrap_or_else(|e| panic!("`{text}`: {e}"));
    let cells: Vec<(usize, usize, u8)> = pieces
        .iter()
        .map(|&(q, s, v)| (usize::from(q), usize::from(s), v))
        .collect();
    let borne: Vec<(usize, u8)> = borne.iter().map(|&(s, v)| (usize::from(s), v)).collect();
    let game =
        reference::Game::custom(usize::from(seats), usize::from(to_move), &cells, &borne).unwrap();
    (state, game)
}
