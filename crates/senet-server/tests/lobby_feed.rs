//! The live lobby, `GET /api/lobby/feed`, against the real server with a
//! raw HTTP client reading the event stream: the first event is the lobby
//! as it is, a room that opens appears in a later event, one whose creator
//! leaves disappears, a private room never shows, and an open feed does not
//! hold up a graceful shutdown. Runs on PostgreSQL, or on SQLite with
//! `TEST_BACKEND=sqlite`.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use common::feed::{Feed, game_of, room_of};
use common::{WAIT, spawn_app, wait};

#[tokio::test]
async fn the_feed_follows_games_starting_and_ending_with_their_time_controls() {
    let app = spawn_app().await;
    let (_, alice) = app.player("Alice").await;
    let (_, bob) = app.player("Bob").await;
    let (_, carol) = app.player("Carol").await;
    let (_, dave) = app.player("Dave").await;
    let mut feed = Feed::open(&app).await;
    let first = feed.next_event().await.expect("a first event");
    assert_eq!(first["games"], serde_json::json!([]), "{first}");

    // A private room's game is played throughout: never listed.
    let private = app
        .create_room(
            &carol,
            serde_json::json!({ "rule_set": "kendall", "side": "cone", "public": false }),
        )
        .await;
    let hidden = private["game_id"].as_str().unwrap().to_owned();
    let private_code = private["code"].as_str().unwrap();
    let (c, _) = app.connect(private_code, Some(&carol)).await;
    let (d, _) = app.connect(private_code, Some(&dave)).await;

    // A public room with a game clock: the lobby says its time control.
    let room = app
        .create_room(
            &alice,
            serde_json::json!({ "rule_set": "kendall", "side": "cone", "public": true,
                                "time_control": { "kind": "clock", "seconds": 300, "increment": 2 } }),
        )
        .await;
    let code = room["code"].as_str().unwrap().to_owned();
    let game = room["game_id"].as_str().unwrap().to_owned();
    let (a, _) = app.connect(&code, Some(&alice)).await;
    let lobby = feed
        .until_event(&hidden, |lobby| room_of(lobby, &code).is_some())
        .await;
    assert_eq!(
        room_of(&lobby, &code).unwrap()["time_control"],
        serde_json::json!({ "kind": "clock", "seconds": 300, "increment": 2 }),
        "{lobby}"
    );
    assert!(game_of(&lobby, &game).is_none(), "not started: {lobby}");

    // Bob takes the open seat: the room leaves the lobby and its game is
    // listed as being played, with the players and the time control.
    let (mut b, _) = app.connect(&code, Some(&bob)).await;
    let lobby = feed
        .until_event(&hidden, |lobby| game_of(lobby, &game).is_some())
        .await;
    assert!(room_of(&lobby, &code).is_none(), "full: {lobby}");
    let listed = game_of(&lobby, &game).unwrap();
    assert_eq!(listed["room_code"], code.as_str(), "{listed}");
    assert_eq!(listed["cone"]["display_name"], "Alice", "{listed}");
    assert_eq!(listed["spool"]["display_name"], "Bob", "{listed}");
    assert_eq!(listed["time_control"]["kind"], "clock", "{listed}");
    // The same list as `GET /api/games/live`.
    let live = app.http("GET", "/api/games/live", None, None).await.body;
    assert_eq!(live["games"], lobby["games"], "{live}");

    // Bob resigns: the game is no longer listed.
    b.send(serde_json::json!({ "v": 1, "type": "resign" }))
        .await;
    feed.until_event(&hidden, |lobby| game_of(lobby, &game).is_none())
        .await;

    a.close().await;
    b.close().await;
    c.close().await;
    d.close().await;
    app.stop().await;
}

#[tokio::test]
async fn the_feed_follows_the_lobby_and_ends_on_shutdown() {
    let app = spawn_app().await;
    let (_, alice) = app.player("Alice").await;
    let (_, carol) = app.player("Carol").await;
    let (_, dave) = app.player("Dave").await;

    // A room listed before the feed opens.
    let first = app.room(&alice, "spool", true).await["code"]
        .as_str()
        .unwrap()
        .to_owned();
    let (a, _) = app.connect(&first, Some(&alice)).await;
    // A private room, its creator there: never listed.
    let hidden = app.room(&dave, "spool", false).await["code"]
        .as_str()
        .unwrap()
        .to_owned();
    let (d, _) = app.connect(&hidden, Some(&dave)).await;
    // The room lists itself just after it handled the connection: wait
    // for the plain lobby to show it, so the first event must too.
    wait::until_true(WAIT, "the room listed", async || {
        let lobby = app.http("GET", "/api/lobby", None, None).await;
        lobby.text.contains(&first)
    })
    .await;

    let mut feed = Feed::open(&app).await;
    let codes = feed.next().await.expect("a first event");
    assert!(
        codes.contains(&first),
        "the first event is the lobby: {codes:?}"
    );
    assert!(!codes.contains(&hidden), "private rooms never: {codes:?}");

    // A room opens after the feed did: it appears without asking.
    let second = app.room(&carol, "spool", true).await["code"]
        .as_str()
        .unwrap()
        .to_owned();
    let (c, _) = app.connect(&second, Some(&carol)).await;
    let codes = feed.until(&hidden, |codes| codes.contains(&second)).await;
    assert!(codes.contains(&first), "{codes:?}");

    // The first room's creator leaves: it disappears, the other stays.
    a.close().await;
    let codes = feed.until(&hidden, |codes| !codes.contains(&first)).await;
    assert!(codes.contains(&second), "{codes:?}");

    // A graceful shutdown ends the open feed (and does not wait on it).
    c.close().await;
    d.close().await;
    app.stop().await;
    while let Some(codes) = feed.next().await {
        assert!(!codes.contains(&hidden), "{codes:?}");
    }
}
