//! `RuleSetId::description`: every rule set's special squares against a
//! table written here from its spec (`shared/spec/rules-*.md`), and the rest
//! of the description against the rules themselves.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use senet_engine::kendall_v1::Rules;
use senet_engine::{
    AnyRules, ChanceKind, Jequier, Kendall, Kendall7, Next, PieceStart, RuleSet, RuleSetId,
    SeatRange, Simple,
};

/// The squares each spec gives an effect (`shared/spec/rules-*.md`,
/// "Special squares"). Their names and effects are messages; the
/// `senet-text` crate checks the English words against the specs.
fn spec(id: RuleSetId) -> &'static [u8] {
    match id {
        RuleSetId::Kendall | RuleSetId::Kendall7 | RuleSetId::Peril => &[15, 26, 27, 28, 29, 30],
        RuleSetId::Jequier => &[26, 27, 28, 29, 30],
        RuleSetId::Simple => &[26, 27, 28, 29],
        RuleSetId::Modern => &[1, 26, 27, 28, 29, 30],
    }
}

#[test]
fn special_squares_are_the_specs_and_named_by_keys() {
    for id in RuleSetId::ALL {
        let description = id.description();
        let numbers: Vec<u8> = description
            .special_squares
            .iter()
            .map(|s| s.square.number())
            .collect();
        assert_eq!(numbers, spec(id), "{id}");
        for special in &description.special_squares {
            let key = format!("square-{id}-{}", special.square.number());
            assert_eq!(special.name, key);
            assert_eq!(special.effect, format!("{key}.effect"));
        }
    }
}

#[test]
fn colours_are_the_specs() {
    let names = |id: RuleSetId| -> Vec<String> {
        id.description()
            .colours
            .iter()
            .enumerate()
            .map(|(i, colour)| {
                assert_eq!(usize::from(colour.index), i);
                colour.name.clone()
            })
            .collect()
    };
    for id in [
        RuleSetId::Kendall,
        RuleSetId::Kendall7,
        RuleSetId::Simple,
        RuleSetId::Peril,
    ] {
        assert_eq!(names(id), ["colour-cone", "colour-spool"], "{id}");
    }
    assert_eq!(names(RuleSetId::Jequier), ["colour-white", "colour-black"]);
    assert_eq!(
        names(RuleSetId::Modern),
        ["colour-p1", "colour-p2", "colour-p3", "colour-p4"]
    );
}

#[test]
fn pieces_seats_and_chance_agree_with_the_rules() {
    for id in RuleSetId::ALL {
        let description = id.description();
        let rules = AnyRules::of(id);
        assert_eq!(description.id, id);
        assert_eq!(description.name, format!("rule-set-{id}"));
        assert_eq!(description.summary, format!("rule-set-{id}.summary"));
        assert_eq!(description.squares, 30);
        let (min, max) = rules.seat_range();
        assert_eq!(description.seats, SeatRange { min, max }, "{id}");
        let stick_pieces = match id {
            RuleSetId::Kendall => Some(Kendall.pieces_per_side()),
            RuleSetId::Kendall7 => Some(Kendall7.pieces_per_side()),
            RuleSetId::Jequier => Some(Jequier.pieces_per_side()),
            RuleSetId::Simple => Some(Simple.pieces_per_side()),
            RuleSetId::Peril | RuleSetId::Modern => None,
        };
        if let Some(pieces) = stick_pieces {
            assert_eq!(description.pieces_per_seat, pieces, "{id}");
        }
        // The start holds every piece where the description says.
        let start = rules.start(min).unwrap();
        let view = rules.view(&start);
        let on_board = view.squares.iter().flatten().count();
        let in_reserve: usize = view.seats.iter().map(|s| s.reserve.len()).sum();
        let all = usize::from(description.pieces_per_seat) * usize::from(min);
        match description.start {
            PieceStart::Board => assert_eq!((on_board, in_reserve), (all, 0), "{id}"),
            PieceStart::Reserve => assert_eq!((on_board, in_reserve), (0, all), "{id}"),
        }
        // The first throw of a seat is of the kind a turn begins with.
        let mut state = start;
        let mut events = Vec::new();
        while rules.thrower(&state).is_none() {
            let Next::Chance(kind) = rules.next(&state) else {
                panic!("{id}: a chance opens the game");
            };
            let roll = kind.outcomes()[0].0;
            rules
                .apply(&mut state, senet_engine::Step::Chance { roll }, &mut events)
                .unwrap();
        }
        assert_eq!(rules.next(&state), Next::Chance(description.chance), "{id}");
    }
    assert_eq!(
        RuleSetId::Modern.description().piece_values,
        [1, 2, 3, 4, 5]
    );
    assert_eq!(RuleSetId::Peril.description().start, PieceStart::Reserve);
    assert_eq!(RuleSetId::Peril.description().chance, ChanceKind::Die);
    assert_eq!(RuleSetId::Modern.description().seats.max, 4);
    for id in RuleSetId::ALL
        .into_iter()
        .filter(|&id| id != RuleSetId::Modern)
    {
        assert!(id.description().piece_values.is_empty(), "{id}");
    }
}

#[cfg(feature = "serde")]
#[test]
fn a_description_has_readable_json() {
    let json = serde_json::to_value(RuleSetId::Kendall7.description()).unwrap();
    assert_eq!(json["id"], "kendall-7");
    assert_eq!(json["seats"], serde_json::json!({"min": 2, "max": 2}));
    assert_eq!(
        json["colours"][1],
        serde_json::json!({"index": 1, "name": "colour-spool"})
    );
    assert_eq!(json["start"], "board");
    assert_eq!(json["chance"], serde_json::json!({"kind": "sticks"}));
    assert_eq!(json["special_squares"][0]["square"], 15);
    assert_eq!(json["special_squares"][0]["name"], "square-kendall-7-15");
    let back: senet_engine::Description = serde_json::from_value(json).unwrap();
    assert_eq!(back, RuleSetId::Kendall7.description());
}

#[test]
fn the_rule_facts_are_the_rule_sets_own() {
    for id in RuleSetId::ALL {
        let rules = AnyRules::of(id);
        let description = id.description();
        assert_eq!(description.chance, rules.chance(), "{id}");
        assert_eq!(description.exit_row, rules.exit_row(), "{id}");
        assert_eq!(description.series, rules.series(), "{id}");
        assert_eq!(id.series(), rules.series(), "{id}");
        // The stick games guard a piece by its neighbour; the others do not.
        assert_eq!(
            description.guarded_by_neighbour,
            rules.chance() == ChanceKind::Sticks,
            "{id}"
        );
        assert!(description.exit_row.first <= description.exit_row.last);
    }
    let chances: Vec<_> = RuleSetId::ALL.into_iter().map(RuleSetId::chance).collect();
    assert_eq!(
        chances,
        ["sticks", "sticks", "sticks", "sticks", "die", "two dice"]
    );
    // `rules-jequier.md`: the exit row is row 3; only Jequier scores a series.
    let exit = RuleSetId::Jequier.description().exit_row;
    assert_eq!((exit.first.number(), exit.last.number()), (21, 30));
    let series = RuleSetId::Jequier.series().unwrap();
    assert_eq!((series.win, series.per_piece_left_by_row), (5, [3, 2, 1]));
    assert!(
        RuleSetId::ALL
            .into_iter()
            .filter(|&id| id != RuleSetId::Jequier)
            .all(|id| id.series().is_none())
    );
}

/// The throw tables of the specs: the side counted and the squares by how
/// many sticks show it (0 to 4): `rules-kendall.md` "Throwing sticks" (and
/// Kendall-7, which throws as the standard rules), `rules-simple.md`
/// "Throws" (dark sides, none dark is 6), `rules-jequier.md` "Throws" (flat
/// sides, none flat is 6, no 5).
#[test]
fn stick_throws_count_as_their_specs_say() {
    use senet_engine::{Roll, StickCount, StickSide, Sticks, ThrowValue};
    let spec: [(RuleSetId, StickSide, [u8; 5]); 4] = [
        (RuleSetId::Kendall, StickSide::Light, [5, 1, 2, 3, 4]),
        (RuleSetId::Kendall7, StickSide::Light, [5, 1, 2, 3, 4]),
        (RuleSetId::Simple, StickSide::Dark, [6, 1, 2, 3, 4]),
        (RuleSetId::Jequier, StickSide::Light, [6, 1, 2, 3, 4]),
    ];
    for (id, counted, squares) in spec {
        let described = id.description().sticks;
        assert_eq!(described, Some(StickCount { counted, squares }), "{id}");
        // Every fall of the sticks, as a turn's throw.
        for bits in 0u8..16 {
            let lights = [bits & 1 != 0, bits & 2 != 0, bits & 4 != 0, bits & 8 != 0];
            let light = lights.iter().filter(|&&l| l).count() as u8;
            let up = if counted == StickSide::Light {
                light
            } else {
                4 - light
            };
            let roll = Roll::Sticks {
                sticks: Sticks::from_lights(lights),
            };
            assert_eq!(
                AnyRules::of(id).throw_value(roll),
                Some(ThrowValue::Sticks {
                    counted,
                    up,
                    squares: squares[usize::from(up)]
                }),
                "{id} {lights:?}"
            );
        }
    }
    for id in [RuleSetId::Peril, RuleSetId::Modern] {
        assert_eq!(id.description().sticks, None, "{id}");
    }
}

/// A die's pips and two dice are their own squares; a lot is no throw.
#[test]
fn dice_throws_are_their_pips() {
    use senet_engine::{Pip, Roll, Seat, ThrowValue};
    let four = Pip::new(4).unwrap();
    let two = Pip::new(2).unwrap();
    let peril = AnyRules::of(RuleSetId::Peril);
    assert_eq!(
        peril.throw_value(Roll::Die { pip: four }),
        Some(ThrowValue::Die { squares: 4 })
    );
    let modern = AnyRules::of(RuleSetId::Modern);
    assert_eq!(
        modern.throw_value(Roll::Dice {
            first: four,
            second: two
        }),
        Some(ThrowValue::Dice {
            first: 4,
            second: 2
        })
    );
    let lot = Roll::Lot {
        seat: Seat::new(1).unwrap(),
    };
    assert_eq!(AnyRules::of(RuleSetId::Jequier).throw_value(lot), None);
}
