//! Senet-modern invariants over random games (pieces conserved, events
//! that account for every piece, no piece resting on 26 or 27, records that
//! replay, games that end), the position text (round trips, clear errors),
//! the fast legality check against the option lists, and a golden count of
//! the states reachable from the start.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{HashMap, HashSet};

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::{
    Choice, DiceUse, Event, Modern, ModernState, ModernTextField, Next, Place, RuleSet, Seat,
    Square, Step, StepGame, random_game, random_step,
};

/// Where each piece (seat, dots) is, as the events have said so far.
type Mirror = HashMap<(u8, u8), Place>;

fn mirror_of(state: &ModernState) -> Mirror {
    let mut mirror = Mirror::new();
    for square in Square::all() {
        if let Some(p) = state.piece_on(square) {
            mirror.insert((p.seat.number(), p.value), Place::on(square));
        }
    }
    for seat in Seat::all(state.seats()) {
        for v in state.borne_off(seat) {
            mirror.insert((seat.number(), v), Place::Off);
        }
        for v in state.removed(seat) {
            mirror.insert((seat.number(), v), Place::Removed);
        }
    }
    mirror
}

/// Every invariant a reachable state keeps.
fn check_state(state: &ModernState) {
    for n in [26, 27] {
        assert!(
            state.piece_on(Square::new(n).unwrap()).is_none(),
            "a piece rests on {n}: {state}"
        );
    }
    let mirror = mirror_of(state);
    assert_eq!(
        mirror.len(),
        5 * usize::from(state.seats()),
        "pieces conserved: {state}"
    );
    for seat in Seat::all(state.seats()) {
        let counted = usize::from(state.on_board(seat))
            + state.borne_off(seat).count()
            + state.removed(seat).count();
        assert_eq!(counted, 5, "each piece in one place: {state}");
        if state.is_out(seat) {
            assert_eq!(
                state.on_board(seat),
                0,
                "an out seat has no piece on the board: {state}"
            );
        }
    }
    let text = state.to_string();
    assert_eq!(
        Modern.parse_position(&text).as_ref(),
        Ok(state),
        "round trip of `{text}`"
    );
    if let Next::Decide { options, .. } = Modern.next(state) {
        assert!(!options.is_empty(), "a decision has options: {state}");
        let unique: HashSet<_> = options.iter().collect();
        assert_eq!(unique.len(), options.len(), "no option twice: {state}");
    }
}

/// Plays a random game, checking every invariant after every step and that
/// the events move the mirror exactly to the new state. Returns the record.
fn checked_game(seats: u8, seed: u64) -> (Vec<Step>, ModernState) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut state = Modern.start(seats).unwrap();
    let mut mirror = mirror_of(&state);
    let mut steps = Vec::new();
    let mut events = Vec::new();
    check_state(&state);
    while let Some(step) = random_step(Modern, &state, &mut rng) {
        events.clear();
        Modern.apply(&mut state, step, &mut events).unwrap();
        for event in &events {
            if let Event::Piece {
                seat,
                value,
                from,
                to,
                ..
            } = *event
            {
                let key = (seat.number(), value.unwrap());
                assert_eq!(mirror.get(&key), Some(&from), "{event:?} from where it was");
                mirror.insert(key, to);
            }
        }
        assert_eq!(
            mirror,
            mirror_of(&state),
            "events account for every piece: {state}"
        );
        check_state(&state);
        steps.push(step);
        assert!(steps.len() < 20_000, "the game ends");
    }
    (steps, state)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_games_keep_every_invariant_and_replay_to_the_same_end(
        seats in 2u8..=4,
        seed in any::<u64>(),
    ) {
        let (steps, state) = checked_game(seats, seed);
        prop_assert!(matches!(Modern.next(&state), Next::End(_)));
        let game = StepGame::replay(Modern, seats, &steps).unwrap();
        prop_assert_eq!(game.state(), &state);
        prop_assert_eq!(game.next(), &Modern.next(&state));
    }

    #[test]
    fn a_step_is_accepted_exactly_when_it_is_among_the_options(
        seats in 2u8..=4,
        seed in any::<u64>(),
    ) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut state = Modern.start(seats).unwrap();
        let mut events = Vec::new();
        while let Some(step) = random_step(Modern, &state, &mut rng) {
            if let Next::Decide { seat, options } = Modern.next(&state) {
                for choice in every_choice() {
                    let mut copy = state;
                    let accepted = Modern
                        .apply(&mut copy, Step::Decide { seat, choice }, &mut events)
                        .is_ok();
                    prop_assert_eq!(accepted, options.contains(&choice), "{} at {}", choice, state);
                    if !accepted {
                        prop_assert_eq!(copy, state);
                    }
                }
            }
            Modern.apply(&mut state, step, &mut events).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Untrusted text never panics the parser, and whatever it accepts is a
    /// position the rules can play on and write back the same.
    #[test]
    fn any_text_is_parsed_or_refused_and_what_is_accepted_plays(
        text in "[a-d1-6./:, \\-]{0,70}|(a5b5a4b4a3b3a2b2a1b1|[.a-d1-5]{20})[.a-d1-5]{10,30} [1-5] [a-e]:(roll[0-3]|choose|dice[0-7]{2}|die[0-7](/[0-6])?|end) off:([a-d][1-5]{1,3},?){0,3}-? removed:([a-d][1-5]{1,5},?){0,4}-? out:([a-d],?){0,2}-?",
    ) {
        if let Ok(state) = Modern.parse_position(&text) {
            let written = state.to_string();
            prop_assert_eq!(Modern.parse_position(&written), Ok(state));
            match Modern.next(&state) {
                Next::Decide { options, .. } => prop_assert!(!options.is_empty()),
                Next::Chance(_) | Next::End(_) => {}
            }
            let mut rng = SmallRng::seed_from_u64(text.len() as u64);
            let mut state = state;
            let mut events = Vec::new();
            for _ in 0..2_000 {
                let Some(step) = random_step(Modern, &state, &mut rng) else { break };
                Modern.apply(&mut state, step, &mut events).unwrap();
            }
        }
    }
}

/// Every choice the vocabulary can say for this rule set, and a few more.
fn every_choice() -> Vec<Choice> {
    let mut all: Vec<Choice> = (0..=3).map(|dice| Choice::Roll { dice }).collect();
    for from in Square::all() {
        all.push(Choice::MoveDice {
            from,
            by: DiceUse::Sum,
        });
        for pips in 0..=7 {
            all.push(Choice::MoveDice {
                from,
                by: DiceUse::Die { pips },
            });
        }
    }
    all.push(Choice::Move {
        from: Square::new(1).unwrap(),
    });
    all
}

#[test]
fn thousands_of_random_games_end() {
    let mut rng = SmallRng::seed_from_u64(7);
    for seats in 2..=4 {
        for _ in 0..2_000 {
            let game = random_game(Modern, seats, &mut rng, 100_000).unwrap();
            let standing = game.standing.expect("the game ends");
            assert_eq!(standing.places.len(), usize::from(seats));
            assert_eq!(standing.scores.len(), usize::from(seats));
        }
    }
}

/// The states reachable in at most `k` steps from the start of a table.
fn reachable(seats: u8, k: usize) -> usize {
    senet_engine::reachable_states(Modern, seats, k).unwrap()
}

#[test]
fn golden_count_of_states_reachable_in_the_first_steps() {
    // A regression anchor: a change here is a change of the rules. (The
    // differential test finds the same counts with the reference.)
    assert_eq!(reachable(2, 5), 101_403);
    assert_eq!(reachable(3, 4), 15_897);
    assert_eq!(reachable(4, 4), 18_834);
}

#[test]
fn position_texts_round_trip() {
    for text in [
        "a5b5a4b4a3b3a2b2a1b1.................... 2 a:roll2 off:- removed:- out:-",
        "b5.a4b4a3b3a2b2a1b1.a5.................. 2 a:dice35 off:- removed:- out:-",
        "....a3......b1b2................. 2 a:choose off:- removed:a1245,b345 out:-",
        "....a3......b1b2................. 2 a:roll1 off:- removed:a1245,b345 out:-",
        "....a3......b1b2................. 2 a:die4 off:- removed:a1245,b345 out:-",
        "....a3a1......b1b2................ 2 a:die4/2 off:a2 removed:a45,b345 out:-",
        "c2.........a1...........a2....... 4 a:roll2 off:c4,a5 removed:a34,b12345,c135,d12345 out:d,b",
        "..........b1.................a3. 2 a:end off:a125,b45 removed:a4,b23 out:-",
        "........................a3..... 3 a:end off:- removed:a1245,b12345,c12345 out:b,c",
    ] {
        let state = Modern
            .parse_position(text)
            .unwrap_or_else(|e| panic!("`{text}`: {e}"));
        assert_eq!(state.to_string(), text);
    }
    // The dice may be written in either order; they are kept low first.
    let state = Modern
        .parse_position("a5b5a4b4a3b3a2b2a1b1.................... 2 a:dice53 off:- removed:- out:-")
        .unwrap();
    assert!(state.to_string().contains(" a:dice35 "));
}

#[test]
fn bad_position_texts_are_refused_with_the_field_at_fault() {
    let start = "a5b5a4b4a3b3a2b2a1b1.................... 2 a:roll2 off:- removed:- out:-";
    let cases = [
        ("", ModernTextField::Whole),
        (
            "a5b5a4b4a3b3a2b2a1b1.................... 2 a:roll2 off:- removed:-",
            ModernTextField::Whole,
        ),
        (
            "a5b5a4b4a3b3a2b2a1b1................... 2 a:roll2 off:- removed:- out:-",
            ModernTextField::Board,
        ),
        (
            "a5b5a4b4a3b3a2b2a1b1..................... 2 a:roll2 off:- removed:- out:-",
            ModernTextField::Board,
        ),
        (
            "a5b5a4b4a3b3a2b2a1b1c1................... 2 a:roll2 off:- removed:- out:-",
            ModernTextField::Board,
        ),
        (
            "a6b5a4b4a3b3a2b2a1b1.................... 2 a:roll2 off:- removed:- out:-",
            ModernTextField::Board,
        ),
        (
            "a5b5a4b4a3b3a2b2a1b1a1................... 2 a:roll2 off:- removed:- out:-",
            ModernTextField::Board,
        ),
        (
            "a5b5a4b4a3b3a2b2a1................b1.... 2 a:roll2 off:- removed:- out:-",
            ModernTextField::Board,
        ),
        (
            "a5b5a4b4a3b3a2b2a1b1.................... 5 a:roll2 off:- removed:- out:-",
            ModernTextField::Seats,
        ),
        (
            "a5b5a4b4a3b3a2b2a1b1.................... 2 c:roll2 off:- removed:- out:-",
            ModernTextField::Turn,
        ),
        (
            "a5b5a4b4a3b3a2b2a1b1.................... 2 a:roll1 off:- removed:- out:-",
            ModernTextField::Turn,
        ),
        (
            "a5b5a4b4a3b3a2b2a1b1.................... 2 a:dice37 off:- removed:- out:-",
            ModernTextField::Turn,
        ),
        (
            "a5b5a4b4a3b3a2b2a1b1.................... 2 a:end off:- removed:- out:-",
            ModernTextField::Turn,
        ),
        (
            "a5b5a4b4a3b3a2b2a1b1.................... 2 a:fly off:- removed:- out:-",
            ModernTextField::Turn,
        ),
        (
            "a5b5a4b4a3b3a2b2a1b1.................... 2 a:roll2 off:a5 removed:- out:-",
            ModernTextField::Off,
        ),
        (
            "a5b5a4b4a3b3a2b2a1.b1................... 2 a:roll2 off:b- removed:- out:-",
            ModernTextField::Off,
        ),
        (
            "a5b5a4b4a3b3a2b2a1..................... 2 a:roll2 off:- removed:- out:-",
            ModernTextField::Removed,
        ),
        (
            "a5b5a4b4a3b3a2b2a1..................... 2 a:roll2 off:- removed:b1,b1 out:-",
            ModernTextField::Removed,
        ),
        (
            "a5b5a4b4a3b3a2b2a1b1.................... 2 a:roll2 off:- removed:- out:b",
            ModernTextField::Out,
        ),
        (
            "a5b5a4b4a3b3a2b2a1b1.................... 2 a:roll2 off:- removed:- out",
            ModernTextField::Out,
        ),
    ];
    assert!(Modern.parse_position(start).is_ok());
    for (text, field) in cases {
        let error = Modern.parse_position(text).expect_err(text);
        assert_eq!(error.field, field, "`{text}`: {error}");
        assert!(!error.message.is_empty());
    }
    // A seat on a move decision must have a move, else it would be out.
    let error = Modern
        .parse_position("........................a4...b2. 2 a:die4 off:- removed:a1235,b1345 out:-")
        .unwrap_err();
    assert_eq!(error.field, ModernTextField::Turn, "{error}");
}

#[test]
fn the_positions_and_errors_in_the_documentation_are_the_engines() {
    // The Senet-modern sections of the two documents.
    fn section<'a>(doc: &'a str, heading: &str, level: &str) -> &'a str {
        let start = doc.find(heading).expect("the section is there");
        let rest = &doc[start + heading.len()..];
        let end = rest.find(&format!("\n{level} ")).unwrap_or(rest.len());
        &rest[..end]
    }
    let docs = [
        section(
            include_str!("../../../../docs/notation.md"),
            "### Senet-modern position text",
            "###",
        ),
        section(
            include_str!("../../../../docs/rules.md"),
            "## How to play Senet-modern",
            "##",
        ),
    ];
    let is_board = |token: &str| {
        token.len() >= 30
            && token
                .chars()
                .all(|c| matches!(c, '.' | 'a'..='d' | '1'..='5'))
    };
    let mut seen = 0;
    for line in docs.iter().flat_map(|d| d.lines()).map(str::trim) {
        if line.split(' ').next().is_some_and(is_board) {
            let state = Modern
                .parse_position(line)
                .unwrap_or_else(|e| panic!("`{line}`: {e}"));
            assert_eq!(state.to_string(), line);
            seen += 1;
        }
    }
    assert_eq!(seen, 3, "the positions shown");
    let start = "a5b5a4b4a3b3a2b2a1b1.................... 2 a:roll2 off:- removed:- out:-";
    let errors = [
        (
            start.replacen('.', "", 1),
            "board: 29 squares; the board has 30",
        ),
        (
            format!(
                "a5b5a4b4a3b3a2b2a1{}b1.... 2 a:roll2 off:- removed:- out:-",
                ".".repeat(16)
            ),
            "board: no piece can stand on 26: it is sent on at once",
        ),
        (
            start.replacen("b3", ".", 1),
            "removed: piece b3 is nowhere: put it on the board, in off: or in removed:",
        ),
        (
            start.replacen("roll2", "roll1", 1),
            "turn: only a seat with one piece on the board rolls one die (`a` has 5)",
        ),
        (
            format!(
                "{}b1{} 2 a:roll2 off:a345 removed:a12,b2345 out:-",
                ".".repeat(9),
                ".".repeat(20)
            ),
            "turn: the game is over (three_borne_off): write `a:end`",
        ),
    ];
    for (text, message) in errors {
        let error = Modern.parse_position(&text).unwrap_err();
        assert_eq!(error.to_string(), message, "`{text}`");
        assert!(docs[0].contains(message), "the notation shows `{message}`");
    }
}

#[test]
fn texts_of_real_positions_with_one_character_changed_are_parsed_or_refused() {
    use rand::RngExt;
    let alphabet: Vec<char> = "abcde0123456789./:,- ".chars().collect();
    let mut rng = SmallRng::seed_from_u64(11);
    let mut accepted = 0;
    for seats in 2..=4 {
        let (steps, _) = checked_game(seats, u64::from(seats));
        let mut state = Modern.start(seats).unwrap();
        let mut events = Vec::new();
        for step in steps {
            Modern.apply(&mut state, step, &mut events).unwrap();
            let mut chars: Vec<char> = state.to_string().chars().collect();
            let at = rng.random_range(0..chars.len());
            chars[at] = alphabet[rng.random_range(0..alphabet.len())];
            let text: String = chars.into_iter().collect();
            if let Ok(parsed) = Modern.parse_position(&text) {
                accepted += 1;
                assert_eq!(Modern.parse_position(&parsed.to_string()), Ok(parsed));
                if let Next::Decide { options, .. } = Modern.next(&parsed) {
                    assert!(!options.is_empty(), "`{text}`");
                }
            }
        }
    }
    assert!(accepted > 0, "some changes still make a position");
}
