//! Who is there, as players see it, against the real server with real
//! WebSocket clients: the lobby lists a room only while its creator is
//! connected; an away seat carries the countdown to a claim, which the
//! claim itself agrees with; spectators are counted and the count is told
//! when it changes; a client that vanishes without closing is shown away
//! within a few heartbeats.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::time::{Duration, Instant};

use common::{Client, Remote, WAIT, err_code, spawn_app, wait};
use serde_json::{Value, json};

/// The codes the lobby lists now.
async fn lobby(app: &Remote) -> Vec<String> {
    let response = app.http("GET", "/api/lobby", None, None).await;
    assert_eq!(response.status, 200);
    response.body["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|room| room["code"].as_str().unwrap().to_owned())
        .collect()
}

/// Waits until the lobby does (`true`) or does not list `code`. The room
/// relists itself right after it handled a connection, which may be just
/// after the client saw its snapshot.
async fn lobby_lists(app: &Remote, code: &str, listed: bool) {
    let what = format!(
        "the lobby {} {code}",
        if listed { "to list" } else { "to drop" }
    );
    wait::until_true(WAIT, what, async || {
        lobby(app).await.iter().any(|c| c == code) == listed
    })
    .await;
}

#[tokio::test]
async fn the_lobby_lists_a_room_only_while_its_creator_is_connected() {
    let app = spawn_app().await;
    let (_, alice) = app.player("Alice").await;
    let (_, bob) = app.player("Bob").await;
    let room = app.room(&alice, "cone", true).await;
    let code = room["code"].as_str().unwrap().to_owned();
    let hidden = app.room(&alice, "cone", false).await;
    let hidden = hidden["code"].as_str().unwrap().to_owned();

    // Created but never opened: nobody is there.
    assert!(!lobby(&app).await.contains(&code));
    // A spectator being there is not enough. The room relists itself
    // after each command it handles, one at a time: once it has answered a
    // later request of the spectator's, it has relisted after the
    // connection.
    let (mut watcher, _) = app.connect(&code, None).await;
    watcher.snapshot().await;
    assert!(!lobby(&app).await.contains(&code));

    let (a, _) = app.connect(&code, Some(&alice)).await;
    let (a_hidden, _) = app.connect(&hidden, Some(&alice)).await;
    lobby_lists(&app, &code, true).await;
    let entry = app.http("GET", "/api/lobby", None, None).await.body["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["code"] == code.as_str())
        .cloned()
        .unwrap();
    assert_eq!(
        (
            &entry["creator"],
            &entry["rule_set"],
            &entry["open_seat"],
            &entry["open_side"]
        ),
        (
            &json!("Alice"),
            &json!("kendall"),
            &json!(1),
            &json!("spool")
        )
    );
    assert!(!lobby(&app).await.contains(&hidden), "private rooms never");

    // The creator leaves: unlisted; back: listed again.
    a.close().await;
    lobby_lists(&app, &code, false).await;
    let (a, _) = app.connect(&code, Some(&alice)).await;
    lobby_lists(&app, &code, true).await;

    // Bob takes the seat: the game is on, nothing to join.
    let (b, _) = app.connect(&code, Some(&bob)).await;
    lobby_lists(&app, &code, false).await;
    for client in [a, b, a_hidden, watcher] {
        client.close().await;
    }
    app.stop().await;
}

/// A kendall game on: Bob holds the Cone (seat 0, who throws first), Alice
/// the Spool; both on version 2.
async fn bob_to_throw(app: &Remote) -> (Client, Client, String, String) {
    let (_, alice) = app.player("Alice").await;
    let (_, bob) = app.player("Bob").await;
    let room = app.room(&alice, "spool", true).await;
    let code = room["code"].as_str().unwrap().to_owned();
    let (mut a, _) = app.connect_v2(&code, Some(&alice)).await;
    let (b, snapshot) = app.connect_v2(&code, Some(&bob)).await;
    assert_eq!(snapshot["you"]["seat"], 0);
    assert_eq!(snapshot["next"]["thrower"], 0);
    a.recv_type("game_started").await;
    (a, b, code, bob)
}

/// A server with these settings changed, on a fresh database.
async fn tuned(tune: impl FnOnce(&mut senet_server::Settings)) -> common::TestApp {
    let db = common::create_database().await;
    let limit = senet_server::store::DEFAULT_TIMEOUT;
    common::start_tuned(&db, 20.0, Duration::ZERO, limit, tune).await
}

#[tokio::test]
async fn an_away_seat_tells_when_the_win_may_be_claimed() {
    // Long enough that the early claim below is early even on a busy
    // machine.
    let reconnect = Duration::from_secs(3);
    let app = tuned(|settings| settings.reconnect_timeout = reconnect).await;
    let (mut a, b, code, bob) = bob_to_throw(&app).await;
    let timeout_ms = u64::try_from(reconnect.as_millis()).unwrap();
    let snapshot = a.snapshot_v2().await;
    assert_eq!(snapshot["reconnect_timeout_ms"], timeout_ms);
    assert!(
        snapshot["seats"][0].get("claim_in_ms").is_none(),
        "Bob is here"
    );

    let gone = Instant::now();
    b.close().await;
    let event = a.recv_type("disconnected").await;
    assert_eq!(event["seat"], 0);
    assert_eq!(event["claim_in_ms"], timeout_ms, "{event}");

    let snapshot = a.snapshot_v2().await;
    let seat = &snapshot["seats"][0];
    assert_eq!(seat["connected"], false);
    let away = seat["away_ms"].as_u64().unwrap();
    let claim_in = seat["claim_in_ms"].as_u64().unwrap();
    assert_eq!(away + claim_in, timeout_ms, "{seat}");
    assert!(away <= u64::try_from(gone.elapsed().as_millis()).unwrap());
    assert!(claim_in > 0);
    // Alice's own seat is not away.
    assert!(snapshot["seats"][1].get("away_ms").is_none());

    // The claim agrees with the countdown: refused before it ends...
    a.send(json!({ "v": 2, "type": "claim_win" })).await;
    assert_eq!(err_code(&a.recv_type("error").await), "not_abandoned");
    // ... and the countdown reaches zero when the claim is possible.
    tokio::time::sleep(Duration::from_millis(claim_in + 20)).await;
    let snapshot = a.snapshot_v2().await;
    assert_eq!(snapshot["seats"][0]["claim_in_ms"], 0);
    a.send(json!({ "v": 2, "type": "claim_win" })).await;
    let over = a.recv_type("game_over").await;
    assert_eq!(over["standing"]["how"], "abandoned");

    // Once over, an away seat has nothing to count down.
    let snapshot = a.snapshot_v2().await;
    assert!(snapshot["seats"][0]["away_ms"].as_u64().is_some());
    assert!(snapshot["seats"][0].get("claim_in_ms").is_none());

    // Version 1 tells the same on its players.
    let (_, v1) = app.connect(&code, None).await;
    let player = &v1["players"][0];
    assert_eq!(player["side"], "cone");
    assert!(player["away_ms"].as_u64().unwrap() >= timeout_ms);
    assert_eq!(v1["reconnect_timeout_ms"], timeout_ms);
    let _ = bob;
    app.stop().await;
}

/// The next `spectators` event's count.
async fn spectators(client: &mut Client) -> u64 {
    client.recv_type("spectators").await["count"]
        .as_u64()
        .unwrap()
}

#[tokio::test]
async fn players_are_told_how_many_watch() {
    let app = spawn_app().await;
    let (mut a, mut b, code, _) = bob_to_throw(&app).await;
    assert_eq!(a.snapshot_v2().await["spectators"], 0);
    let (_, carol) = app.player("Carol").await;

    // An anonymous watcher, on version 1: both versions hear of it.
    let (anon, snapshot) = app.connect(&code, None).await;
    assert_eq!(snapshot["spectators"], 1);
    assert_eq!(spectators(&mut a).await, 1);
    assert_eq!(spectators(&mut b).await, 1);

    // Carol watches in two tabs: counted once.
    let (carol_1, snapshot) = app.connect_v2(&code, Some(&carol)).await;
    assert_eq!(snapshot["spectators"], 2);
    assert_eq!(snapshot["you"]["role"], "spectator");
    assert_eq!(spectators(&mut a).await, 2);
    let (carol_2, snapshot) = app.connect_v2(&code, Some(&carol)).await;
    assert_eq!(snapshot["spectators"], 2);
    // Her first tab closing changes nothing either; the anonymous one
    // leaving does, and that is the next count told (none came between).
    carol_1.close().await;
    anon.close().await;
    let event = a.recv_type("spectators").await;
    assert_eq!(event["count"], 1, "{event}");
    let seq = event["seq"].as_u64().unwrap();
    carol_2.close().await;
    let event = a.recv_type("spectators").await;
    assert_eq!(
        (event["count"].as_u64(), event["seq"].as_u64()),
        (Some(0), Some(seq + 1))
    );

    // A player with a seat is never a spectator, however many tabs.
    let (_watcher, snapshot) = app.connect_v2(&code, None).await;
    assert_eq!(snapshot["spectators"], 1);
    let info = app
        .http("GET", &format!("/api/rooms/{code}"), None, None)
        .await;
    assert_eq!(info.body["spectators"], 1);
    app.stop().await;
}

#[tokio::test]
async fn a_client_that_vanishes_is_shown_away_within_a_few_heartbeats() {
    let heartbeat = Duration::from_millis(200);
    let app = tuned(|settings| settings.heartbeat = heartbeat).await;
    let (mut a, b, _code, _) = bob_to_throw(&app).await;
    // Bob's network is gone: his client neither reads nor answers pings,
    // and no close ever comes. Alice keeps reading (and so answering).
    let gone = Instant::now();
    let event: Value = a.recv_type("disconnected").await;
    let after = gone.elapsed();
    assert_eq!(event["seat"], 0);
    // Two to three heartbeats, with room for a busy machine; without
    // them it would be never (no close, no reset ever comes).
    assert!(after < heartbeat * 10, "too late: {after:?}");
    // Alice, who answers, is still connected well past that (reading
    // panics if her socket closes).
    let quiet = tokio::time::timeout(heartbeat * 4, a.recv_type("no such message")).await;
    assert!(quiet.is_err(), "nothing else came");
    let snapshot = a.snapshot_v2().await;
    assert_eq!(snapshot["seats"][1]["connected"], true);
    assert_eq!(snapshot["seats"][0]["connected"], false);
    drop(b);
    app.stop().await;
}
