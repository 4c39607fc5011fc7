//! The documentation matches the wire (`docs/protocol.md`): every refusal
//! code the server has ([`ErrorCode::ALL`]) and every reason the rules can
//! give ([`Reason::ALL`], with the rule sets that give it) is documented,
//! and nothing documented as a code is none; the opening lot's `next` is
//! told as documented; a seat out of a Senet-modern game gets the one
//! documented code, `out_of_game`, for every game action it sends, over a
//! real server with real WebSocket clients and database.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use common::v2::Table;
use common::{Client, RECONNECT_TIMEOUT, spawn_fast_app};
use senet_engine::{Reason, RuleSetId};
use senet_server::ws::protocol::ErrorCode;
use serde_json::{Value, json};

/// The protocol document.
fn protocol_md() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol.md");
    std::fs::read_to_string(path).expect("docs/protocol.md")
}

/// The cells of a table row (`| a | b |`), trimmed; `None` for other lines.
fn cells(line: &str) -> Option<Vec<String>> {
    let inner = line.trim().strip_prefix('|')?.strip_suffix('|')?;
    Some(inner.split('|').map(|c| c.trim().to_owned()).collect())
}

/// The rows of every table whose header is `header`, as their cells.
fn tables(doc: &str, header: &[&str]) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut lines = doc.lines().peekable();
    while let Some(line) = lines.next() {
        if cells(line).is_some_and(|c| c == header) {
            lines.next(); // | --- | --- |
            while let Some(row) = lines.peek().and_then(|l| cells(l)) {
                rows.push(row);
                lines.next();
            }
        }
    }
    rows
}

/// A cell holding one code: `` `not_an_option` `` → `not_an_option`.
fn code_of(cell: &str) -> &str {
    cell.strip_prefix('`')
        .and_then(|c| c.strip_suffix('`'))
        .unwrap_or_else(|| panic!("a code cell is one `code`: {cell}"))
}

/// The rule sets a reasons table cell names (`every rule set`, or a list
/// of `` `id` ``s).
fn rule_sets_of(cell: &str) -> BTreeSet<RuleSetId> {
    if cell == "every rule set" {
        return RuleSetId::ALL.into_iter().collect();
    }
    cell.split(',')
        .map(|id| {
            code_of(id.trim())
                .parse::<RuleSetId>()
                .unwrap_or_else(|_| panic!("a rule set: {id}"))
        })
        .collect()
}

#[test]
fn every_reason_code_is_documented_with_its_rule_sets() {
    let doc = protocol_md();
    let documented: BTreeMap<String, BTreeSet<RuleSetId>> =
        tables(&doc, &["reason", "rule sets", "meaning"])
            .into_iter()
            .map(|row| {
                assert_eq!(row.len(), 3, "{row:?}");
                assert!(!row[2].is_empty(), "a meaning: {row:?}");
                (code_of(&row[0]).to_owned(), rule_sets_of(&row[1]))
            })
            .collect();
    for reason in Reason::ALL {
        let code = reason.code();
        let Some(rule_sets) = documented.get(code) else {
            panic!(
                "`{code}` is a reason the server can send, missing from docs/protocol.md's reason codes"
            );
        };
        let expected: BTreeSet<RuleSetId> = reason.rule_sets().iter().copied().collect();
        assert_eq!(
            rule_sets, &expected,
            "`{code}`: the rule sets documented are not those that give it"
        );
    }
    for code in documented.keys() {
        assert!(
            Reason::from_code(code).is_some(),
            "docs/protocol.md documents `{code}` as a reason; the rules have no such reason"
        );
    }
    assert_eq!(documented.len(), Reason::ALL.len(), "each reason once");
}

#[test]
fn every_refusal_code_is_documented() {
    let doc = protocol_md();
    let rows = tables(&doc, &["code", "meaning"]);
    let documented: BTreeSet<&str> = rows.iter().map(|row| code_of(&row[0])).collect();
    let codes: BTreeSet<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    for code in &codes {
        assert!(
            documented.contains(code),
            "`{code}` is a refusal code the server can send, missing from docs/protocol.md's code tables"
        );
    }
    for code in &documented {
        assert!(
            codes.contains(code),
            "docs/protocol.md documents `{code}` as a refusal code; the server has no such code"
        );
    }
    // The reason tables are not the refusal tables: a reason goes in
    // `reason`, a refusal in `code`, and no string is both.
    for reason in Reason::ALL {
        assert!(!codes.contains(reason.code()), "{reason}");
    }
}

/// What `next` a `draw` of the lot is, as the document shows it.
const LOT_NEXT: &str = r#"{"kind":"draw","chance":{"kind":"lot","seats":2}}"#;

#[tokio::test]
async fn the_opening_lot_is_told_as_documented() {
    assert!(
        protocol_md().contains(LOT_NEXT),
        "the lot's `next` is documented"
    );
    let lot: Value = serde_json::from_str(LOT_NEXT).unwrap();
    let app = spawn_fast_app().await;
    for rule_set in ["kendall-7", "jequier"] {
        let (_, creator) = app.player("Creator").await;
        let (_, joiner) = app.player("Joiner").await;
        let room = app
            .create_room(&creator, json!({ "rule_set": rule_set, "seat": 0 }))
            .await;
        let code = room["code"].as_str().unwrap();
        let (mut first, _) = app.connect_v2(code, Some(&creator)).await;
        let mut second = Client::open(&app.ws_url_v2(code, Some(&joiner)), None)
            .await
            .unwrap();
        for client in [&mut first, &mut second] {
            client.recv_type("game_started").await;
            // The game starts with the lot: the snapshot says it is drawn
            // now, and its step follows at once.
            let snapshot = client.recv_type("snapshot").await;
            assert_eq!(snapshot["next"], lot, "{rule_set}: {snapshot}");
            let step = client.recv_type("step").await;
            assert_eq!(step["seat"], Value::Null, "{step}");
            assert!(step.get("by").is_none(), "the lot is nobody's: {step}");
            assert_eq!(step["step"]["step"], "chance", "{step}");
            assert_eq!(step["step"]["roll"]["kind"], "lot", "{step}");
            let opener = &step["step"]["roll"]["seat"];
            assert!(opener == 0 || opener == 1, "{step}");
            assert_eq!(step["next"]["kind"], "throw", "{step}");
            assert_eq!(&step["next"]["thrower"], opener, "{step}");
        }
    }
    app.stop().await;
}

/// Every game action a client sends, with its name.
fn game_actions(option: &str) -> Vec<Value> {
    [
        json!({ "v": 2, "type": "throw" }),
        json!({ "v": 2, "type": "decide", "option": option }),
        json!({ "v": 2, "type": "resign" }),
        json!({ "v": 2, "type": "claim_win" }),
        json!({ "v": 2, "type": "offer_rematch" }),
        json!({ "v": 2, "type": "accept_rematch" }),
        json!({ "v": 2, "type": "decline_rematch" }),
    ]
    .into()
}

/// The seat's client sends every game action; each is refused with
/// `out_of_game` and a message, and the game is as it was.
async fn every_action_is_out_of_game(client: &mut Client, option: &str) {
    let before = client.snapshot_v2().await;
    assert_eq!(before["status"], "playing", "{before}");
    let seat = before["you"]["seat"].as_u64().unwrap() as usize;
    assert_eq!(before["seats"][seat]["out"], true, "{before}");
    for action in game_actions(option) {
        client.send(action.clone()).await;
        let refused = client.recv().await;
        assert_eq!(refused["type"], "error", "{action}: {refused}");
        assert_eq!(refused["code"], "out_of_game", "{action}: {refused}");
        assert!(refused.get("seq").is_none(), "told the sender only");
        assert!(
            !refused["message"].as_str().unwrap().is_empty(),
            "{refused}"
        );
    }
    let after = client.snapshot_v2().await;
    for field in ["seq", "steps", "next", "seats", "view", "status", "rematch"] {
        assert_eq!(before[field], after[field], "{field} is unchanged");
    }
}

/// An option text of the decision that is due, or one of Senet-modern's
/// shape when a throw is.
fn some_option(next: &Value) -> String {
    next["options"][0]["option"]
        .as_str()
        .unwrap_or("1/2")
        .to_owned()
}

#[tokio::test]
async fn a_seat_that_resigned_a_modern_game_gets_out_of_game_for_every_action() {
    let app = spawn_fast_app().await;
    let mut table = Table::invite(&app, "modern", 3).await;
    let quitter = 2;
    table.play_then_resign(6, quitter).await;
    let option = some_option(&table.next);
    every_action_is_out_of_game(table.client(quitter), &option).await;
    // The others play on, to the end; then the seat is a seat like the
    // others and may ask for a rematch.
    table.play_to_end(20_000).await;
    let quitter_client = table.client(quitter);
    quitter_client
        .send(json!({ "v": 2, "type": "offer_rematch" }))
        .await;
    let offered = quitter_client.recv().await;
    assert_eq!(offered["type"], "rematch_offered", "{offered}");
    assert_eq!(offered["by"], quitter);
    app.stop().await;
}

#[tokio::test]
async fn a_seat_abandoned_in_a_modern_game_gets_out_of_game_for_every_action() {
    let app = spawn_fast_app().await;
    let mut table = Table::invite(&app, "modern", 4).await;
    for _ in 0..5 {
        assert!(table.step().await, "the game goes on");
    }
    // The seat to act goes away; past the reconnect timeout another seat
    // claims, and the absent seat is out.
    let away = match table.next["kind"].as_str().unwrap() {
        "throw" => table.next["thrower"].as_u64().unwrap(),
        _ => table.next["seat"].as_u64().unwrap(),
    };
    table.seats[away as usize].take().unwrap().close().await;
    let claimant = (away + 1) % 4;
    tokio::time::sleep(RECONNECT_TIMEOUT + Duration::from_millis(400)).await;
    table
        .client(claimant)
        .send(json!({ "v": 2, "type": "claim_win" }))
        .await;
    let told = table.read_batch().await;
    let left = told.iter().find(|s| s["left"] == "abandoned").unwrap();
    assert_eq!(left["seat"], away, "{left}");
    // It comes back, and is out.
    let token = table.tokens[away as usize].clone().unwrap();
    let (mut back, snapshot) = app.connect_v2(&table.code, Some(&token)).await;
    assert_eq!(snapshot["seats"][away as usize]["out"], true, "{snapshot}");
    every_action_is_out_of_game(&mut back, &some_option(&table.next)).await;
    app.stop().await;
}

#[tokio::test]
async fn a_seat_the_rules_put_out_gets_out_of_game_for_every_action() {
    let app = spawn_fast_app().await;
    // A seat that cannot use its throw is out by the rules (an `out` event
    // in a chance step, no `left`); random games of four until one is, with
    // the game going on.
    for _ in 0..20 {
        let mut table = Table::invite(&app, "modern", 4).await;
        for _ in 0..20_000 {
            let before = table.steps.len();
            if !table.step().await {
                break;
            }
            let out = table.steps[before..].iter().find_map(|step| {
                let events = step["events"].as_array()?;
                let out = events.iter().find(|e| e["kind"] == "out")?;
                step.get("left").is_none().then(|| out["seat"].as_u64())?
            });
            if let Some(seat) = out {
                if table.next["kind"] == "end" {
                    break;
                }
                let option = some_option(&table.next);
                every_action_is_out_of_game(table.client(seat), &option).await;
                app.stop().await;
                return;
            }
        }
    }
    panic!("no seat was put out by the rules in 20 games of four");
}

#[test]
fn every_description_field_is_documented() {
    let doc = protocol_md();
    let row = doc
        .lines()
        .find(|line| line.starts_with("| `description` |"))
        .expect("the snapshot's description row");
    for id in RuleSetId::ALL {
        let json = serde_json::to_value(id.description()).unwrap();
        for field in json.as_object().unwrap().keys() {
            assert!(
                row.contains(&format!("`{field}`")),
                "docs/protocol.md's description row lacks `{field}`"
            );
        }
    }
}
