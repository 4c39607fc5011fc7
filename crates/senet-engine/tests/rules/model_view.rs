//! `RuleSet::view` over random states of every rule set: each seat's
//! pieces on the squares, in reserve, borne off and removed are its pieces
//! (as the rule set's description counts and values them), and the view
//! agrees with the position text and the states' own accessors.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::{
    AnyRules, AnyState, ChanceKind, Modern, ModernPhase, Next, PerilPhase, RuleSet, RuleSetId,
    Seat, SeatView, Square, View, random_step,
};

/// Each seat's pieces are all there, with their values, in its colour.
fn check_pieces(id: RuleSetId, view: &View) {
    let description = id.description();
    let per_seat = usize::from(description.pieces_per_seat);
    let occupants: Vec<_> = view.squares.iter().flatten().collect();
    let colours = description.colours.len() as u8;
    assert!(occupants.iter().all(|o| o.colour < colours), "{view:?}");
    if view.seats.iter().any(|seat| seat.colour.is_none()) {
        // Before the colours are dealt: no piece is a seat's, and each
        // colour has all its pieces on the board.
        assert!(view.seats.iter().all(|s| *s == SeatView::default()));
        assert!(occupants.iter().all(|o| o.seat.is_none()));
        for colour in 0..colours {
            let count = occupants.iter().filter(|o| o.colour == colour).count();
            assert_eq!(count, per_seat, "colour {colour}: {view:?}");
        }
        return;
    }
    assert!(occupants.iter().all(|o| o.seat.is_some()), "{view:?}");
    let mut dealt: Vec<u8> = view.seats.iter().filter_map(|s| s.colour).collect();
    dealt.sort_unstable();
    dealt.dedup();
    assert_eq!(dealt.len(), view.seats.len(), "a colour a seat: {view:?}");
    for (number, seat_view) in (0u8..).zip(&view.seats) {
        let seat = Seat::new(number);
        let mut values: Vec<Option<u8>> = Vec::new();
        for occupant in occupants.iter().filter(|o| o.seat == seat) {
            assert_eq!(Some(occupant.colour), seat_view.colour, "{view:?}");
            values.push(occupant.value);
        }
        for list in [&seat_view.reserve, &seat_view.off, &seat_view.removed] {
            values.extend(list.iter().map(|piece| piece.value));
        }
        assert_eq!(values.len(), per_seat, "seat {number}: {view:?}");
        if description.piece_values.is_empty() {
            assert!(values.iter().all(Option::is_none), "{view:?}");
        } else {
            let mut values: Vec<u8> = values.into_iter().map(Option::unwrap).collect();
            values.sort_unstable();
            assert_eq!(values, description.piece_values, "seat {number}: {view:?}");
        }
        let dots: i32 = seat_view
            .off
            .iter()
            .map(|p| i32::from(p.value.unwrap_or(0)))
            .sum();
        match id {
            RuleSetId::Modern => assert_eq!(seat_view.score, Some(dots)),
            _ => {
                assert_eq!(seat_view.score, None);
                assert!(!seat_view.out);
            }
        }
    }
}

/// Whose turn the view says it is, against what comes next.
fn check_to_move(rules: AnyRules, state: &AnyState, view: &View) {
    match rules.next(state) {
        Next::End(_) => assert_eq!(view.to_move, None),
        Next::Decide { seat, .. } => assert_eq!(view.to_move, Some(seat)),
        Next::Chance(ChanceKind::Lot { .. }) => assert_eq!(view.to_move, None),
        Next::Chance(_) => {
            assert!(view.to_move.is_some());
            if let Some(thrower) = rules.thrower(state) {
                assert_eq!(view.to_move, Some(thrower));
            }
        }
    }
}

/// The view against the state's position text and accessors.
fn check_text(rules: AnyRules, state: &AnyState, view: &View) {
    let text = rules.position_text(state);
    let squares: Vec<Option<(char, Option<u8>)>> = match state {
        AnyState::Modern(_) => {
            let board: Vec<char> = text.split(' ').next().unwrap().chars().collect();
            let mut squares = Vec::new();
            let mut i = 0;
            while i < board.len() {
                if board[i] == '.' {
                    squares.push(None);
                    i += 1;
                } else {
                    let dots = board[i + 1].to_digit(10).unwrap() as u8;
                    squares.push(Some((board[i], Some(dots))));
                    i += 2;
                }
            }
            squares
        }
        _ => text
            .chars()
            .take(30)
            .map(|c| (c != '.').then_some((c, None)))
            .collect(),
    };
    assert_eq!(squares.len(), 30, "{text}");
    let letters = |id: RuleSetId| -> Vec<char> {
        match id {
            RuleSetId::Modern => vec!['a', 'b', 'c', 'd'],
            RuleSetId::Jequier => vec!['w', 'b'],
            _ => vec!['c', 's'],
        }
    };
    let letters = letters(rules.id());
    for (square, (in_view, in_text)) in view.squares.iter().zip(&squares).enumerate() {
        let in_view = in_view.map(|o| (letters[usize::from(o.colour)], o.value));
        assert_eq!(in_view, *in_text, "square {}: `{text}`", square + 1);
    }
    match state {
        AnyState::Kendall(s)
        | AnyState::Kendall7(s)
        | AnyState::Jequier(s)
        | AnyState::Simple(s) => {
            let side = text.chars().last().unwrap();
            assert_eq!(s.in_opening(), side == 'o', "{text}");
            assert_eq!(s.in_opening(), view.seats[0].colour.is_none(), "{text}");
            if let (Some(seat), false) = (view.to_move, s.in_opening()) {
                let colour = view.seats[seat.index()].colour.unwrap();
                assert_eq!(letters[usize::from(colour)], side, "{text}");
            }
            for seat in Seat::all(2) {
                let colour = s.side_of(seat).map(|side| side.index() as u8);
                assert_eq!(view.seats[seat.index()].colour, colour);
            }
        }
        AnyState::Peril(s) => {
            let fields: Vec<&str> = text.split(' ').collect();
            let reserves: Vec<usize> = fields[2].split('/').map(|r| r.parse().unwrap()).collect();
            for seat in Seat::all(2) {
                let seat_view = &view.seats[seat.index()];
                assert_eq!(seat_view.colour, Some(seat.number()));
                assert_eq!(seat_view.reserve.len(), reserves[seat.index()], "{text}");
                assert_eq!(seat_view.reserve.len(), usize::from(s.reserve(seat)));
                assert_eq!(seat_view.removed.len(), usize::from(s.removed(seat)));
                assert!(seat_view.off.is_empty());
            }
            for square in Square::all() {
                let seat = view.squares[usize::from(square.number()) - 1].and_then(|o| o.seat);
                assert_eq!(seat, s.pawn_at(square));
            }
            let over = matches!(s.phase(), PerilPhase::Over { .. });
            assert_eq!(view.to_move, (!over).then_some(s.turn()), "{text}");
        }
        AnyState::Modern(s) => {
            for seat in Seat::all(s.seats()) {
                let seat_view = &view.seats[seat.index()];
                let values = |list: &[senet_engine::Piece]| -> Vec<u8> {
                    list.iter().map(|p| p.value.unwrap()).collect()
                };
                assert_eq!(seat_view.colour, Some(seat.number()));
                assert_eq!(
                    values(&seat_view.off),
                    s.borne_off(seat).collect::<Vec<_>>()
                );
                assert_eq!(
                    values(&seat_view.removed),
                    s.removed(seat).collect::<Vec<_>>()
                );
                assert!(seat_view.reserve.is_empty());
                assert_eq!(seat_view.score, Some(i32::from(s.score(seat))));
                assert_eq!(seat_view.out, s.is_out(seat), "{text}");
            }
            for square in Square::all() {
                let occupant = view.squares[usize::from(square.number()) - 1];
                let piece = s.piece_on(square);
                assert_eq!(occupant.and_then(|o| o.seat), piece.map(|p| p.seat));
                assert_eq!(occupant.and_then(|o| o.value), piece.map(|p| p.value));
            }
            let over = matches!(s.phase(), ModernPhase::Over(_));
            assert_eq!(view.to_move, (!over).then_some(s.to_move()), "{text}");
            assert_eq!(Modern.view(s), *view, "AnyRules dispatches to Modern");
        }
    }
}

fn check(id: RuleSetId, seats: u8, games: usize, seed: u64) {
    let rules = AnyRules::of(id);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut events = Vec::new();
    let mut states = 0;
    for _ in 0..games {
        let mut state = rules.start(seats).unwrap();
        loop {
            let view = rules.view(&state);
            assert_eq!(view.squares.len(), 30);
            assert_eq!(view.seats.len(), usize::from(seats));
            check_pieces(id, &view);
            check_to_move(rules, &state, &view);
            check_text(rules, &state, &view);
            states += 1;
            let Some(step) = random_step(rules, &state, &mut rng) else {
                break;
            };
            events.clear();
            rules.apply(&mut state, step, &mut events).unwrap();
        }
    }
    assert!(states > games * 20, "{id}: {states} states");
}

#[test]
fn stick_views_hold_every_piece_and_match_the_text() {
    for (id, seed) in [
        (RuleSetId::Kendall, 11),
        (RuleSetId::Simple, 12),
        (RuleSetId::Kendall7, 13),
        (RuleSetId::Jequier, 14),
    ] {
        check(id, 2, 60, seed);
    }
}

#[test]
fn peril_views_hold_every_pawn_and_match_the_text() {
    check(RuleSetId::Peril, 2, 120, 15);
}

#[test]
fn modern_views_hold_every_piece_and_match_the_text() {
    for (seats, seed) in [(2, 16), (3, 17), (4, 18)] {
        check(RuleSetId::Modern, seats, 60, seed);
    }
}

#[test]
fn the_start_views() {
    // Kendall: Cone (seat 0, colour 0) on the odd squares of 1-10, on turn.
    let rules = AnyRules::of(RuleSetId::Kendall);
    let view = rules.view(&rules.start(2).unwrap());
    assert_eq!(view.to_move, Seat::new(0));
    let first = view.squares[0].unwrap();
    assert_eq!(
        (first.seat, first.colour, first.value),
        (Seat::new(0), 0, None)
    );
    let second = view.squares[1].unwrap();
    assert_eq!((second.seat, second.colour), (Seat::new(1), 1));
    assert!(view.squares[10..].iter().all(Option::is_none));

    // Kendall-7 before its lot: pieces by colour, no seat, nobody on turn.
    let rules = AnyRules::of(RuleSetId::Kendall7);
    let view = rules.view(&rules.start(2).unwrap());
    assert_eq!(view.to_move, None);
    assert_eq!(
        view.squares[13].map(|o| (o.seat, o.colour)),
        Some((None, 1))
    );

    // Peril: an empty board, seven pawns in each reserve.
    let rules = AnyRules::of(RuleSetId::Peril);
    let view = rules.view(&rules.start(2).unwrap());
    assert!(view.squares.iter().all(Option::is_none));
    assert!(view.seats.iter().all(|s| s.reserve.len() == 7));

    // Senet-modern with four: the 5s on 1-4, all scores 0.
    let rules = AnyRules::of(RuleSetId::Modern);
    let view = rules.view(&rules.start(4).unwrap());
    for (i, occupant) in view.squares[..4].iter().enumerate() {
        let occupant = occupant.unwrap();
        assert_eq!(occupant.seat, Seat::new(i as u8));
        assert_eq!(occupant.value, Some(5));
    }
    assert!(view.seats.iter().all(|s| s.score == Some(0) && !s.out));
}

#[cfg(feature = "serde")]
#[test]
fn a_view_has_readable_json() {
    let rules = AnyRules::of(RuleSetId::Modern);
    let view = rules.view(&rules.start(2).unwrap());
    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(
        json["squares"][0],
        serde_json::json!({"seat": 0, "colour": 0, "value": 5})
    );
    assert_eq!(json["squares"][29], serde_json::Value::Null);
    assert_eq!(
        json["seats"][1],
        serde_json::json!({"colour": 1, "reserve": [], "off": [], "removed": [], "score": 0, "out": false})
    );
    assert_eq!(json["to_move"], 0);
    let back: View = serde_json::from_value(json).unwrap();
    assert_eq!(back, view);
}
