//! Time controls on the run's database (PostgreSQL, or SQLite with
//! `TEST_BACKEND=sqlite`): creation and its validation, a clock that runs
//! out ends the game on time (or puts a seat out at a table of three),
//! increments add up, a restart (graceful or `kill -9`) does not charge
//! the time the server was down, and an action after the flag is refused.
//! Clocks are a few seconds long; the tests wait for them to run out and
//! assert outcomes, never speed.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::time::Duration;

use common::real::{RealServer, server_command_for};
use common::{Client, Remote, create_database, spawn_fast_app, start_fast_on};
use serde_json::{Value, json};
use uuid::Uuid;

/// A started game of a timed room: its code and game, each seat's token and
/// client.
struct Timed {
    code: String,
    game_id: Uuid,
    tokens: Vec<String>,
    clients: Vec<Client>,
}

/// Creates a room with `time_control` (seat 0 the creator's) and fills the
/// other seats through the invite flow.
async fn timed(app: &Remote, rule_set: &str, seats: u8, time_control: Value) -> Timed {
    let mut tokens = Vec::new();
    for seat in 0..seats {
        tokens.push(app.player(&format!("Seat {seat}")).await.1);
    }
    let room = app
        .create_room(
            &tokens[0],
            json!({ "rule_set": rule_set, "seats": seats, "seat": 0,
                    "time_control": time_control }),
        )
        .await;
    assert_eq!(room["time_control"]["kind"], time_control["kind"], "{room}");
    let code = room["code"].as_str().unwrap().to_owned();
    let game_id = room["game_id"].as_str().unwrap().parse().unwrap();
    let mut clients = Vec::new();
    for token in &tokens {
        let (client, _) = app.connect_v2(&code, Some(token)).await;
        clients.push(client);
    }
    // The last seat's snapshot came before the game began for the others;
    // everyone reads up to the start.
    for client in &mut clients[..usize::from(seats) - 1] {
        client.recv_type("game_started").await;
    }
    Timed {
        code,
        game_id,
        tokens,
        clients,
    }
}

/// Reconnects every seat (after a restart).
async fn reconnect(app: &Remote, game: &mut Timed) {
    game.clients.clear();
    for token in &game.tokens {
        let (client, _) = app.connect_v2(&game.code, Some(token)).await;
        game.clients.push(client);
    }
}

/// The seat to act and the message it sends for `next` (a throw, or the
/// first option).
fn action(next: &Value) -> Option<(usize, Value)> {
    match next["kind"].as_str()? {
        "throw" => Some((
            usize::try_from(next["thrower"].as_u64()?).ok()?,
            json!({ "v": 2, "type": "throw" }),
        )),
        "decide" => Some((
            usize::try_from(next["seat"].as_u64()?).ok()?,
            json!({ "v": 2, "type": "decide", "option": next["options"][0]["option"] }),
        )),
        _ => None,
    }
}

/// The seat that must act now, from a fresh snapshot.
async fn to_act(client: &mut Client) -> (usize, Value) {
    let snapshot = client.snapshot_v2().await;
    let (seat, _) = action(&snapshot["next"]).unwrap_or_else(|| panic!("{snapshot}"));
    (seat, snapshot)
}

/// Plays the action that is due and reads its step event on the actor's
/// client; returns the last step event (whose `next` is not a draw).
async fn act(game: &mut Timed) -> Value {
    let (seat, snapshot) = to_act(&mut game.clients[0]).await;
    let (_, message) = action(&snapshot["next"]).unwrap();
    let told = snapshot["steps"].as_array().unwrap().len();
    let client = &mut game.clients[seat];
    client.send(message).await;
    loop {
        let event = client.recv().await;
        assert_ne!(event["type"], "error", "refused: {event}");
        // Steps told before this action may still wait in the queue.
        let new = event["step_no"].as_u64().is_some_and(|n| n as usize > told);
        if event["type"] == "step" && new && event["next"]["kind"] != "draw" {
            return event;
        }
    }
}

/// The next message of `kind`, waiting up to `secs` (longer than the
/// usual wait, for a clock that runs out).
async fn recv_within(client: &mut Client, kind: &str, secs: u64) -> Value {
    tokio::time::timeout(Duration::from_secs(secs), async {
        loop {
            let message = client.try_recv().await.expect("socket open");
            if message["type"] == kind {
                return message;
            }
        }
    })
    .await
    .unwrap_or_else(|_| panic!("no `{kind}` within {secs} s"))
}

/// Each stored step's clocks, in order, for the steps that carry them.
async fn stored_clocks(store: &senet_server::Store, game: Uuid) -> Vec<Vec<u64>> {
    store
        .steps(game)
        .await
        .unwrap()
        .iter()
        .filter_map(|step| step.clock.as_deref())
        .map(|text| text.split(',').map(|ms| ms.parse().unwrap()).collect())
        .collect()
}

#[tokio::test]
async fn time_controls_are_chosen_checked_and_shown() {
    let app = spawn_fast_app().await;
    let (_, token) = app.player("Creator").await;
    for body in [
        json!({ "time_control": { "kind": "clock", "seconds": 4 } }),
        json!({ "time_control": { "kind": "clock", "seconds": 3601 } }),
        json!({ "time_control": { "kind": "clock", "seconds": 60, "increment": 61 } }),
        json!({ "time_control": { "kind": "clock" } }),
        json!({ "time_control": { "kind": "move", "seconds": 121 } }),
        json!({ "time_control": { "kind": "move", "seconds": 30, "bank": 300 } }),
        json!({ "time_control": { "kind": "hourglass" } }),
        json!({ "time_control": "5+3" }),
    ] {
        let bad = app
            .http("POST", "/api/rooms", Some(&token), Some(&body.to_string()))
            .await;
        assert_eq!(bad.status, 400, "{body}");
        assert_eq!(bad.body["error"]["code"], "bad_time_control", "{body}");
    }
    // None by default: no clocks anywhere.
    let plain = app.create_room(&token, json!({})).await;
    assert_eq!(plain["time_control"], json!({ "kind": "none" }));
    let code = plain["code"].as_str().unwrap();
    let (_, snapshot) = app.connect_v2(code, Some(&token)).await;
    assert_eq!(snapshot["time_control"]["kind"], "none");
    assert!(snapshot.get("clocks").is_none(), "{snapshot}");
    // A move timer in every rule set: full clocks before the game starts.
    for rule_set in ["kendall", "modern", "peril", "jequier"] {
        let room = app
            .create_room(
                &token,
                json!({ "rule_set": rule_set,
                        "time_control": { "kind": "move", "seconds": 30 } }),
            )
            .await;
        let expected = json!({ "kind": "move", "seconds": 30, "bank": 30 });
        assert_eq!(room["time_control"], expected);
        let code = room["code"].as_str().unwrap();
        let info = app
            .http("GET", &format!("/api/rooms/{code}"), None, None)
            .await;
        assert_eq!(info.body["time_control"], expected);
        let (_, snapshot) = app.connect_v2(code, None).await;
        assert_eq!(snapshot["time_control"], expected);
        assert_eq!(snapshot["clocks"]["running"], Value::Null, "{snapshot}");
        assert_eq!(snapshot["clocks"]["ms"], json!([60_000, 60_000]));
        assert_eq!(snapshot["clocks"]["bank_ms"], json!([30_000, 30_000]));
    }
    app.stop().await;
}

#[tokio::test]
async fn a_clock_that_runs_out_loses_on_time_and_later_actions_are_refused() {
    let app = spawn_fast_app().await;
    let control = json!({ "kind": "clock", "seconds": 5, "increment": 0 });
    let mut game = timed(&app, "kendall", 2, control).await;
    let (loser, snapshot) = to_act(&mut game.clients[0]).await;
    let winner = 1 - loser;
    assert_eq!(snapshot["clocks"]["running"], loser, "{snapshot}");
    assert_eq!(snapshot["clocks"]["ms"][winner], 5_000);
    assert!(snapshot["clocks"]["ms"][loser].as_u64().unwrap() <= 5_000);
    // Nobody acts: the server flags the seat to act.
    let over = recv_within(&mut game.clients[winner], "game_over", 30).await;
    assert_eq!(over["standing"]["how"], "time", "{over}");
    assert_eq!(over["standing"]["places"], json!([winner, loser]));
    let flag = recv_within(&mut game.clients[winner], "out_of_time", 5).await;
    assert_eq!(flag["seat"], loser);
    assert_eq!(flag["clocks"]["ms"][loser], 0);
    assert_eq!(flag["clocks"]["running"], Value::Null);
    // A throw after the flag is refused, and changes nothing.
    let client = &mut game.clients[loser];
    recv_within(client, "out_of_time", 30).await;
    client.send(json!({ "v": 2, "type": "throw" })).await;
    let refused = client.recv_type("error").await;
    assert_eq!(refused["code"], "out_of_time", "{refused}");
    let after = client.snapshot_v2().await;
    assert_eq!(after["status"], "finished");
    assert_eq!(after["steps"], snapshot["steps"]);
    // Stored before anyone was told.
    let stored = app.store.latest_game(&game.code).await.unwrap().unwrap();
    assert_eq!(stored.status, senet_server::store::GameStatus::Finished);
    assert_eq!(stored.end_how, Some(senet_engine::EndHow::Time));
    assert_eq!(stored.winner_seat(), Some(i16::try_from(winner).unwrap()));
    // A rematch keeps the room's time control, with full clocks.
    for client in &mut game.clients {
        client
            .send(json!({ "v": 2, "type": "offer_rematch" }))
            .await;
    }
    let started = recv_within(&mut game.clients[0], "game_started", 10).await;
    assert_eq!(started["clocks"]["ms"], json!([5_000, 5_000]), "{started}");
    let snapshot = game.clients[0].recv_type("snapshot").await;
    assert_eq!(snapshot["time_control"]["seconds"], 5);
    app.stop().await;
}

#[tokio::test]
async fn increments_add_up_and_are_stored_with_the_steps() {
    let app = spawn_fast_app().await;
    let control = json!({ "kind": "clock", "seconds": 5, "increment": 10 });
    let mut game = timed(&app, "kendall", 2, control).await;
    // Until both seats have committed an action.
    let mut last = Value::Null;
    for _ in 0..40 {
        last = act(&mut game).await;
        let figures = stored_clocks(&app.store, game.game_id).await;
        if figures
            .last()
            .is_some_and(|f| f.iter().all(|ms| *ms != 5_000))
        {
            break;
        }
    }
    let figures = stored_clocks(&app.store, game.game_id).await;
    assert!(figures.len() >= 2, "{figures:?}");
    // Each write charges one seat the time it used (under the increment,
    // as every action here comes at once) and adds the increment: its
    // figure grows, the other's stays.
    let mut before = vec![5_000_u64, 5_000];
    let mut grown = [false, false];
    for now in &figures {
        let changed: Vec<usize> = (0..2).filter(|&s| now[s] != before[s]).collect();
        assert!(
            changed.len() <= 1,
            "one seat charged at a time: {before:?} -> {now:?}"
        );
        for seat in changed {
            assert!(now[seat] > before[seat], "{before:?} -> {now:?}");
            assert!(now[seat] <= before[seat] + 10_000, "{before:?} -> {now:?}");
            grown[seat] = true;
        }
        before.clone_from(now);
    }
    assert_eq!(grown, [true, true], "{figures:?}");
    // The clock told for the seat not running is the stored figure.
    let running = last["clocks"]["running"].as_u64().unwrap();
    let idle = 1 - usize::try_from(running).unwrap();
    assert_eq!(last["clocks"]["ms"][idle], before[idle], "{last}");
    app.stop().await;
}

#[tokio::test]
async fn a_graceful_restart_does_not_charge_the_downtime() {
    let app = spawn_fast_app().await;
    let control = json!({ "kind": "clock", "seconds": 5, "increment": 1 });
    let mut game = timed(&app, "kendall", 2, control).await;
    act(&mut game).await;
    act(&mut game).await;
    let db_url = app.stop().await;
    // Down for longer than the whole clock.
    tokio::time::sleep(Duration::from_secs(6)).await;
    let app = start_fast_on(&db_url).await;
    reconnect(&app, &mut game).await;
    let (seat, snapshot) = to_act(&mut game.clients[0]).await;
    assert_eq!(snapshot["status"], "playing", "{snapshot}");
    assert_eq!(snapshot["clocks"]["running"], seat, "{snapshot}");
    assert!(snapshot["clocks"]["ms"][seat].as_u64().unwrap() > 0);
    let stored = stored_clocks(&app.store, game.game_id).await;
    let idle = 1 - seat;
    assert_eq!(snapshot["clocks"]["ms"][idle], stored.last().unwrap()[idle]);
    // The seat to act still may.
    act(&mut game).await;
    app.stop().await;
}

#[tokio::test]
async fn a_kill_dash_nine_restart_does_not_charge_the_downtime() {
    let db_url = create_database().await;
    let server = RealServer::start(server_command_for(&db_url));
    let control = json!({ "kind": "clock", "seconds": 5, "increment": 1 });
    let mut game = timed(&server, "kendall", 2, control).await;
    act(&mut game).await;
    act(&mut game).await;
    server.kill9();
    tokio::time::sleep(Duration::from_secs(6)).await;
    let server = RealServer::start(server_command_for(&db_url));
    reconnect(&server, &mut game).await;
    let (seat, snapshot) = to_act(&mut game.clients[0]).await;
    assert_eq!(snapshot["status"], "playing", "{snapshot}");
    assert_eq!(snapshot["clocks"]["running"], seat, "{snapshot}");
    assert!(snapshot["clocks"]["ms"][seat].as_u64().unwrap() > 0);
    act(&mut game).await;
    // And the clock still runs out when nobody acts.
    let (loser, _) = to_act(&mut game.clients[0]).await;
    let over = recv_within(&mut game.clients[1 - loser], "game_over", 60).await;
    assert_eq!(over["standing"]["how"], "time", "{over}");
    assert_eq!(over["standing"]["places"][1], loser);
}

#[tokio::test]
async fn a_seat_out_of_time_at_a_table_of_three_is_out_and_play_goes_on() {
    let app = spawn_fast_app().await;
    let control = json!({ "kind": "clock", "seconds": 5, "increment": 5 });
    let mut game = timed(&app, "modern", 3, control).await;
    let (flagged, _) = to_act(&mut game.clients[0]).await;
    let watcher = (flagged + 1) % 3;
    let client = &mut game.clients[watcher];
    let left = loop {
        let step = recv_within(client, "step", 30).await;
        if step["left"] == "time" {
            break step;
        }
    };
    assert_eq!(left["seat"], flagged, "{left}");
    assert_eq!(left["text"], format!("{flagged}:time"));
    let flag = recv_within(client, "out_of_time", 5).await;
    assert_eq!(flag["seat"], flagged);
    let snapshot = client.snapshot_v2().await;
    assert_eq!(snapshot["status"], "playing", "{snapshot}");
    assert_eq!(snapshot["seats"][flagged]["out"], true);
    assert_eq!(snapshot["clocks"]["ms"][flagged], 0);
    let (next, _) = action(&snapshot["next"]).unwrap();
    assert_ne!(next, flagged);
    // The flagged seat is refused; the others play on.
    let out = &mut game.clients[flagged];
    out.send(json!({ "v": 2, "type": "throw" })).await;
    assert_eq!(out.recv_type("error").await["code"], "out_of_game");
    act(&mut game).await;
    let stored = app.store.steps(game.game_id).await.unwrap();
    assert!(stored.iter().any(|s| s.step == format!("{flagged}:time")));
    app.stop().await;
}

#[tokio::test]
async fn a_move_timer_runs_out_after_its_seconds_and_bank() {
    let app = spawn_fast_app().await;
    let mut game = timed(&app, "kendall", 2, json!({ "kind": "move", "seconds": 5 })).await;
    // A quick decision leaves the bank full (it tops up to its size).
    let step = act(&mut game).await;
    assert_eq!(step["clocks"]["bank_ms"], json!([5_000, 5_000]), "{step}");
    let (loser, _) = to_act(&mut game.clients[0]).await;
    let over = recv_within(&mut game.clients[1 - loser], "game_over", 30).await;
    assert_eq!(over["standing"]["how"], "time", "{over}");
    assert_eq!(over["standing"]["places"][1], loser);
    app.stop().await;
}
