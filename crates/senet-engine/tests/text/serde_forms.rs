//! The serde forms of records, moves and positions' parts (feature `serde`).
#![cfg(feature = "serde")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use senet_engine::kendall_v1::{Record, Rules, Side};
use senet_engine::{Kendall, Square, Sticks};

#[test]
fn a_record_round_trips_through_json_and_keeps_its_text_form() {
    let record: Record = "3:9 1:14 5:-".parse().unwrap();
    let json = serde_json::to_string(&record).unwrap();
    assert_eq!(
        json,
        r#"[{"throw":3,"action":{"move":9}},{"throw":1,"action":{"move":14}},{"throw":5,"action":"forfeit"}]"#
    );
    let back: Record = serde_json::from_str(&json).unwrap();
    assert_eq!(back, record);
}

#[test]
fn json_squares_out_of_range_are_rejected() {
    assert!(serde_json::from_str::<Square>("31").is_err());
    assert!(serde_json::from_str::<Square>("0").is_err());
    assert_eq!(serde_json::from_str::<Square>("27").unwrap().number(), 27);
}

#[test]
fn moves_sides_and_sticks_have_readable_json() {
    let moves = Kendall.legal_moves(&Kendall.start(), Kendall.throw(3).unwrap());
    let json = serde_json::to_value(moves.find(Square::new(1).unwrap()).unwrap()).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"from": 1, "to": {"square": 4}, "direction": "forward", "effect": {"kind": "capture"}})
    );
    assert_eq!(serde_json::to_value(Side::Spool).unwrap(), "spool");
    let sticks = Sticks::from_lights([true, false, true, false]);
    assert_eq!(
        serde_json::to_value(sticks).unwrap(),
        serde_json::json!([true, false, true, false])
    );
}
