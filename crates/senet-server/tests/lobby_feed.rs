//! The live lobby, `GET /api/lobby/feed`, against the real server with a
//! raw HTTP client reading the event stream: the first event is the lobby
//! as it is, a room that opens appears in a later event, one whose creator
//! leaves disappears, a private room never shows, and an open feed does not
//! hold up a graceful shutdown; a listed room shows its creator's rating.
//! Runs on PostgreSQL, or on SQLite with `TEST_BACKEND=sqlite`.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use chrono::Utc;
use common::accounts::{account, seed_rating};
use common::feed::{Feed, game_of, room_of};
use common::{Remote, WAIT, spawn_app, start_on, wait};
use serde_json::{Value, json};

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

/// Opens a public room of `rule_set` as the holder of `token` and connects
/// them (a room is listed while its creator is there): its code.
async fn listed_room(
    app: &Remote,
    token: &str,
    rule_set: &str,
) -> (String, common::client::Client) {
    let room = app
        .create_room(token, json!({ "rule_set": rule_set, "public": true }))
        .await;
    let code = room["code"].as_str().unwrap().to_owned();
    let (client, _) = app.connect_v2(&code, Some(token)).await;
    (code, client)
}

/// The plain lobby once it lists every one of `codes`.
async fn lobby_listing(app: &Remote, codes: &[&str]) -> Value {
    let mut listed = Value::Null;
    wait::until_true(WAIT, "the rooms listed", async || {
        listed = app.http("GET", "/api/lobby", None, None).await.body;
        codes.iter().all(|code| room_of(&listed, code).is_some())
    })
    .await;
    listed
}

#[tokio::test]
async fn a_listed_room_shows_its_creators_rating_in_its_pool() {
    let app = spawn_app().await;
    let (ahmose, ahmose_token) = account(&app, "Ahmose").await;
    let (_, tiye_token) = account(&app, "Tiye").await;
    let (_, guest_token) = app.player("Guest").await;
    // Ahmose is established in Kendall and new in Jequier; Tiye has an
    // account but no rated game; the guest has no account.
    seed_rating(
        &app.db_url,
        &ahmose,
        "kendall",
        (1712.6, 80.0, 0.06, 30),
        Utc::now(),
    )
    .await;
    seed_rating(
        &app.db_url,
        &ahmose,
        "jequier",
        (1399.4, 300.0, 0.06, 2),
        Utc::now(),
    )
    .await;
    let (kendall, k) = listed_room(&app, &ahmose_token, "kendall").await;
    let (jequier, j) = listed_room(&app, &ahmose_token, "jequier").await;
    let (unrated, u) = listed_room(&app, &tiye_token, "kendall").await;
    let (guest, g) = listed_room(&app, &guest_token, "kendall").await;
    let codes = [
        kendall.as_str(),
        jequier.as_str(),
        unrated.as_str(),
        guest.as_str(),
    ];
    let check = |lobby: &Value| {
        let rating = |code: &str| room_of(lobby, code).unwrap().get("creator_rating").cloned();
        assert_eq!(
            rating(&kendall),
            Some(json!({ "rating": 1713, "provisional": false })),
            "{lobby}"
        );
        assert_eq!(
            rating(&jequier),
            Some(json!({ "rating": 1399, "provisional": true })),
            "{lobby}"
        );
        assert_eq!(rating(&unrated), None, "{lobby}");
        assert_eq!(rating(&guest), None, "{lobby}");
    };
    check(&lobby_listing(&app, &codes).await);
    let mut feed = Feed::open(&app).await;
    check(&feed.next_event().await.expect("a first event"));

    // A restarted server loads the rooms from the store: the same ratings.
    for client in [k, j, u, g] {
        client.close().await;
    }
    let db_url = app.stop().await;
    let app = start_on(&db_url).await;
    let mut clients = Vec::new();
    for (code, token) in [
        (&kendall, &ahmose_token),
        (&jequier, &ahmose_token),
        (&unrated, &tiye_token),
        (&guest, &guest_token),
    ] {
        clients.push(app.connect_v2(code, Some(token)).await.0);
    }
    check(&lobby_listing(&app, &codes).await);
    for client in clients {
        client.close().await;
    }
    app.stop().await;
}
