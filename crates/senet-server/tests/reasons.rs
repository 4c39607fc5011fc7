//! Protocol version 2 says why: a decision's `next` lists the deciding
//! seat's pieces that have no option with the rules' reason (`blocked`),
//! choosing one is refused with exactly that reason, and every chance step
//! says whose chance it was (`by`). Random complete games of every rule
//! set through the invite flow, every client told the same.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use common::spawn_fast_app;
use common::v2::Table;
use senet_engine::{Reason, RuleSetId};
use serde_json::{Value, json};

/// Checks the `blocked` list of a decision against the view it came with:
/// each entry is a piece of the deciding seat that no option moves, and
/// in a decision that moves pieces every piece of the seat is either
/// moved by an option or listed. Returns how many were listed.
fn check_blocked(rule_set: &str, event: &Value) -> usize {
    let next = &event["next"];
    if next["kind"] != "decide" {
        assert!(next.get("blocked").is_none(), "{next}");
        return 0;
    }
    let seat = &next["seat"];
    let options = next["options"].as_array().unwrap();
    let blocked = next["blocked"]
        .as_array()
        .expect("a decision lists `blocked`");
    let moved: Vec<u64> = options
        .iter()
        .filter_map(|o| o["choice"]["from"].as_u64())
        .collect();
    let squares = event["view"]["squares"].as_array().unwrap();
    let mine: Vec<u64> = (1..=30u64)
        .filter(|n| squares[*n as usize - 1]["seat"] == *seat)
        .collect();
    let mut listed = Vec::new();
    for entry in blocked {
        let from = entry["from"].as_u64().unwrap();
        assert!(
            mine.contains(&from),
            "{rule_set}: {from} is not the seat's: {event}"
        );
        assert!(
            !moved.contains(&from),
            "{rule_set}: {from} has an option: {next}"
        );
        // The code is one of the rules' reasons (so documented:
        // `tests/protocol_docs.rs`), and one this rule set gives.
        let code = entry["code"].as_str().unwrap();
        let reason = Reason::from_code(code)
            .unwrap_or_else(|| panic!("{rule_set}: `{code}` is no reason: {next}"));
        assert!(
            reason
                .rule_sets()
                .contains(&rule_set.parse::<RuleSetId>().unwrap()),
            "{rule_set}: `{code}` is not listed for it"
        );
        assert!(!entry["message"].as_str().unwrap().is_empty());
        listed.push(from);
    }
    let moves_pieces = options.iter().any(|o| {
        matches!(
            o["choice"]["kind"].as_str(),
            Some("move" | "move_dice" | "enter")
        )
    });
    if moves_pieces {
        for square in &mine {
            assert!(
                moved.contains(square) || listed.contains(square),
                "{rule_set}: the piece on {square} has neither an option nor a reason: {next}"
            );
        }
    } else {
        assert!(listed.is_empty(), "{rule_set}: no piece moves now: {next}");
    }
    listed.len()
}

/// Checks `by` on every chance step of the record: the thrower the
/// previous `next` named, the seat whose turn it was for a draw the rules
/// made inside a turn, and nobody for the lot; decisions carry none.
fn check_by(rule_set: &str, steps: &[Value]) {
    let mut previous_next: Option<&Value> = None;
    let mut turn_of: Option<Value> = None;
    for step in steps {
        let by = step.get("by").cloned();
        if step["step"]["step"] == "decide" || step["step"].is_null() {
            assert_eq!(by, None, "{rule_set}: a decision has no `by`: {step}");
            turn_of = Some(step["seat"].clone());
        } else if step["text"].as_str().unwrap().starts_with("lot") {
            assert_eq!(by, None, "{rule_set}: the lot is nobody's: {step}");
        } else {
            let expected = match previous_next {
                Some(next) if next["kind"] == "throw" => Some(next["thrower"].clone()),
                Some(_) => turn_of.clone(),
                // The first step of a game without a lot: seat 0 opens.
                None => Some(json!(0)),
            };
            assert_eq!(by, expected, "{rule_set}: whose chance: {step}");
            turn_of = by;
        }
        previous_next = Some(&step["next"]);
    }
}

/// A random game of `rule_set`; once a decision lists a blocked piece the
/// deciding seat chooses it and is refused with that reason. Returns how
/// many blocked pieces the game's decisions listed, and whether one was
/// chosen (a short random game may offer none to choose).
async fn play(rule_set: &str) -> (usize, bool) {
    let app = spawn_fast_app().await;
    let mut table = Table::invite(&app, rule_set, 2).await;
    let mut listed = 0;
    let mut tried = false;
    for _ in 0..20_000 {
        if let Some(last) = table.steps.last() {
            listed += check_blocked(rule_set, last);
        }
        let next = table.next.clone();
        let first = next["blocked"].as_array().and_then(|b| b.first()).cloned();
        // A piece's option text is its square where a plain move is the
        // choice (the stick rule sets, Path of Peril).
        let plain = next["options"]
            .as_array()
            .is_some_and(|o| o.iter().any(|o| o["choice"]["kind"] == "move"));
        if let (Some(entry), false, true) = (first, tried, plain) {
            tried = true;
            let seat = next["seat"].as_u64().unwrap();
            let option = entry["from"].to_string();
            let client = table.client(seat);
            client
                .send(json!({ "v": 2, "type": "decide", "option": option }))
                .await;
            let error = client.recv_type("error").await;
            assert_eq!(error["code"], "illegal_move", "{error}");
            assert_eq!(error["reason"], entry["code"], "{error}");
            assert_eq!(error["message"], entry["message"], "{error}");
        }
        if !table.step().await {
            break;
        }
    }
    assert_eq!(table.next["kind"], "end", "{rule_set}: the game ended");
    table.game_over().await;
    check_by(rule_set, &table.steps);
    // A late spectator's snapshot tells the same `by` for every step.
    let (_, snapshot) = app.connect_v2(&table.code, None).await;
    let told: Vec<Option<&Value>> = table.steps.iter().map(|s| s.get("by")).collect();
    let snap: Vec<Option<&Value>> = snapshot["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.get("by"))
        .collect();
    assert_eq!(
        told, snap,
        "{rule_set}: the snapshot's record says the same"
    );
    (listed, tried)
}

fn plain_moves(rule_set: &str) -> bool {
    rule_set != "modern"
}

#[tokio::test]
async fn decisions_say_why_pieces_cannot_move_and_chance_steps_say_whose() {
    for rule_set in [
        "kendall",
        "kendall-7",
        "jequier",
        "simple",
        "peril",
        "modern",
    ] {
        // A short game (Path of Peril's can end in a few dozen actions)
        // may list no blocked piece at a plain move: up to five games.
        let mut listed = 0;
        let mut chosen = false;
        for _ in 0..5 {
            let (more, tried) = play(rule_set).await;
            listed += more;
            chosen |= tried;
            if listed > 0 && (chosen || !plain_moves(rule_set)) {
                break;
            }
        }
        assert!(
            listed > 0,
            "{rule_set}: some piece was blocked in five whole games"
        );
        if plain_moves(rule_set) {
            assert!(chosen, "{rule_set}: a blocked piece was chosen once");
        }
    }
}

#[tokio::test]
async fn the_game_detail_tells_whose_chance_each_step_was() {
    let app = spawn_fast_app().await;
    let mut table = Table::invite(&app, "peril", 2).await;
    table.play_to_end(20_000).await;
    let response = app
        .http("GET", &format!("/api/games/{}", table.game_id), None, None)
        .await;
    assert_eq!(response.status, 200, "{:?}", response.body);
    let stored = response.body["steps"].as_array().unwrap();
    assert_eq!(stored.len(), table.steps.len());
    for (told, stored) in table.steps.iter().zip(stored) {
        assert_eq!(told.get("by"), stored.get("by"), "{stored}");
    }
}
