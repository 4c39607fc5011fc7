//! The time control and each decision's time in the history: the game
//! detail, `record.json`, `record.txt` and the game lists, for a game with
//! a game clock and one without. Runs on PostgreSQL, or on SQLite with
//! `TEST_BACKEND=sqlite`.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::time::Duration;

use common::{Client, Remote, play_turn, spawn_app};
use serde_json::{Value, json};

/// How long the first seat thinks before it throws.
const THINK: Duration = Duration::from_millis(400);

/// Plays a game to its first turn and a resignation: the side to move
/// waits [`THINK`], throws and moves, then the other side resigns.
/// Returns the game id, the first mover's seat and Alice's player id.
async fn one_turn_then_resign(app: &Remote, time_control: Option<Value>) -> (String, u64, String) {
    let (alice_id, alice) = app.player("Alice").await;
    let (_, bob) = app.player("Bob").await;
    let mut body = json!({ "rule_set": "kendall", "side": "cone", "public": true });
    if let Some(tc) = time_control {
        body["time_control"] = tc;
    }
    let room = app.create_room(&alice, body).await;
    let code = room["code"].as_str().unwrap().to_owned();
    let game = room["game_id"].as_str().unwrap().to_owned();
    let (mut cone, _) = app.connect(&code, Some(&alice)).await;
    let (mut spool, snapshot) = app.connect(&code, Some(&bob)).await;
    cone.recv_type("snapshot").await;
    let mover = usize::from(snapshot["to_move"] != "cone");
    tokio::time::sleep(THINK).await;
    {
        let mut clients: Vec<&mut Client> = vec![&mut cone, &mut spool];
        play_turn(&mut clients, mover).await;
    }
    let loser = if mover == 0 { &mut spool } else { &mut cone };
    loser.send(json!({ "v": 1, "type": "resign" })).await;
    loser.recv_type("game_over").await;
    cone.close().await;
    spool.close().await;
    (game, mover as u64, alice_id)
}

/// The decision steps of a game's detail: those with a `think_ms`.
fn timed_steps(detail: &Value) -> Vec<&Value> {
    detail["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|step| !step["think_ms"].is_null())
        .collect()
}

#[tokio::test]
async fn a_timed_game_shows_its_time_control_and_each_decisions_time() {
    let app = spawn_app().await;
    let control = json!({ "kind": "clock", "seconds": 60, "increment": 1 });
    let (game, mover, alice) = one_turn_then_resign(&app, Some(control.clone())).await;

    let detail = app
        .http("GET", &format!("/api/games/{game}"), None, None)
        .await
        .body;
    assert_eq!(detail["time_control"], control, "{detail}");
    let steps = detail["steps"].as_array().unwrap();
    // The throw: the mover's chance, timed from the start, after the wait.
    let throw = &steps[0];
    assert!(throw["seat"].is_null(), "{throw}");
    assert_eq!(throw["by"], mover, "{throw}");
    let thought = throw["think_ms"].as_i64().expect("the throw is timed");
    assert!(
        thought >= i64::try_from(THINK.as_millis()).unwrap(),
        "{thought} ms"
    );
    // Entries that rode along in a write (Kendall stores a throw with the
    // move that follows it) are not timed again.
    for pair in steps.windows(2) {
        if pair[1]["played_at"] == pair[0]["played_at"] {
            assert!(pair[1]["think_ms"].is_null(), "{}", pair[1]);
        }
    }
    for step in timed_steps(&detail) {
        assert!(step["think_ms"].as_i64().unwrap() >= 0, "{step}");
    }
    // The clocks stored with the steps: the mover's clock was charged at
    // least its wait (less its increments), the other's untouched until
    // it resigned.
    let last_clock = steps
        .iter()
        .rev()
        .find_map(|step| step["clock_ms"].as_array())
        .expect("stored clocks");
    let mine = last_clock[usize::try_from(mover).unwrap()]
        .as_u64()
        .unwrap();
    let moves = u64::try_from(timed_steps(&detail).len()).unwrap();
    assert!(
        mine <= 60_000 + moves * 1_000 - u64::try_from(THINK.as_millis()).unwrap(),
        "{last_clock:?}"
    );

    // record.json is the same detail.
    let json_record = app
        .http("GET", &format!("/api/games/{game}/record.json"), None, None)
        .await
        .body;
    assert_eq!(json_record["time_control"], control);
    assert_eq!(json_record["steps"][0]["think_ms"], throw["think_ms"]);

    // record.txt names the time control among its tags.
    let text = app
        .http("GET", &format!("/api/games/{game}/record.txt"), None, None)
        .await
        .text;
    assert!(text.contains("[TimeControl \"clock:60+1\"]\n"), "{text}");

    // The history list says it too.
    let list = app
        .http("GET", &format!("/api/games?player={alice}"), None, None)
        .await
        .body;
    assert_eq!(list["games"][0]["game_id"], game.as_str(), "{list}");
    assert_eq!(list["games"][0]["time_control"], control, "{list}");
    app.stop().await;
}

#[tokio::test]
async fn a_game_without_a_clock_shows_none_but_still_times_decisions() {
    let app = spawn_app().await;
    let (game, _, alice) = one_turn_then_resign(&app, None).await;
    let detail = app
        .http("GET", &format!("/api/games/{game}"), None, None)
        .await
        .body;
    assert_eq!(
        detail["time_control"],
        json!({ "kind": "none" }),
        "{detail}"
    );
    let steps = detail["steps"].as_array().unwrap();
    assert!(
        steps.iter().all(|step| step["clock_ms"].is_null()),
        "{detail}"
    );
    assert!(
        steps[0]["think_ms"].as_i64().unwrap() >= i64::try_from(THINK.as_millis()).unwrap(),
        "{}",
        steps[0]
    );
    let text = app
        .http("GET", &format!("/api/games/{game}/record.txt"), None, None)
        .await
        .text;
    assert!(!text.contains("TimeControl"), "{text}");
    let list = app
        .http("GET", &format!("/api/games?player={alice}"), None, None)
        .await
        .body;
    assert_eq!(list["games"][0]["time_control"], json!({ "kind": "none" }));
    app.stop().await;
}
