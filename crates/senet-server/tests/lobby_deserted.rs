//! A game nobody is at leaves "Playing now" (issue 27 item 9): once every
//! player of a public game has been gone past the reconnect limit, the
//! lobby feed, `GET /api/games/live` and `GET /api/games?status=playing`
//! stop listing it, on the node that runs the room and on every other; it
//! is listed again as soon as a player reconnects. One player still there
//! keeps it listed however long the other is gone. Real server, real
//! WebSocket clients, the real event stream; the single-node test runs on
//! PostgreSQL, or on SQLite with `TEST_BACKEND=sqlite`, the two-node test
//! needs PostgreSQL and NATS.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::time::Duration;

use common::cluster::{Cluster, PATIENCE, skip_on_sqlite};
use common::feed::{Feed, game_of};
use common::{Client, RECONNECT_TIMEOUT, Remote, spawn_app};
use serde_json::Value;
use tokio::time::Instant;

/// No game has this id: for the feed's "never listed" check.
const NONE: &str = "-";

/// Whether `path` on `node` lists game `game` among its games.
async fn lists(node: &Remote, path: &str, game: &str) -> bool {
    let body = node.http("GET", path, None, None).await.body;
    body["games"]
        .as_array()
        .unwrap_or_else(|| panic!("{path}: {body}"))
        .iter()
        .any(|row| row["game_id"] == game)
}

/// Asks `node` until `path` lists `game` (or not, as `wanted`).
async fn until_listed(node: &Remote, path: &str, game: &str, wanted: bool) {
    let deadline = Instant::now() + PATIENCE;
    while lists(node, path, game).await != wanted {
        assert!(
            Instant::now() < deadline,
            "{path} on {}: {game} listed is not {wanted}",
            node.addr
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A started public game: its two players' clients and tokens, its code
/// and game id, made and joined through `make` and `join`.
async fn started(make: &Remote, join: &Remote) -> ([Client; 2], [String; 2], String, String) {
    let (_, cone_token) = make.player("Cone Player").await;
    let (_, spool_token) = make.player("Spool Player").await;
    let room = make.room(&cone_token, "cone", true).await;
    let code = room["code"].as_str().unwrap().to_owned();
    let game = room["game_id"].as_str().unwrap().to_owned();
    let (mut cone, _) = make.connect(&code, Some(&cone_token)).await;
    let (spool, snapshot) = join.connect(&code, Some(&spool_token)).await;
    assert_eq!(snapshot["phase"]["kind"], "to_throw", "{snapshot}");
    cone.recv_type("snapshot").await;
    ([cone, spool], [cone_token, spool_token], code, game)
}

fn listed(lobby: &Value, game: &str) -> bool {
    game_of(lobby, game).is_some()
}

#[tokio::test]
async fn a_game_nobody_is_at_leaves_playing_now_until_a_player_is_back() {
    let app = spawn_app().await;
    let mut feed = Feed::open(&app).await;
    feed.next_event().await.expect("a first event");

    // Two public games being played; the second one's players stay.
    let ([cone, spool], [cone_token, _], code, game) = started(&app, &app).await;
    let (_others, _, _, other) = started(&app, &app).await;
    feed.until_event(NONE, |lobby| listed(lobby, &game) && listed(lobby, &other))
        .await;

    // One player leaves: the other is still there, so the game stays
    // listed long past the limit (the room looks every second).
    spool.close().await;
    tokio::time::sleep(RECONNECT_TIMEOUT * 2 + Duration::from_secs(1)).await;
    assert!(lists(&app, "/api/games/live", &game).await);

    // The second leaves too: once the limit has passed the game leaves
    // the feed and both lists; the game whose players are there stays.
    cone.close().await;
    let gone = Instant::now();
    let lobby = feed.until_event(NONE, |lobby| !listed(lobby, &game)).await;
    assert!(
        gone.elapsed() >= RECONNECT_TIMEOUT,
        "left after {:?}, before the limit",
        gone.elapsed()
    );
    assert!(listed(&lobby, &other), "{lobby}");
    for path in ["/api/games/live", "/api/games?status=playing"] {
        assert!(!lists(&app, path, &game).await, "{path}");
        assert!(lists(&app, path, &other).await, "{path}");
    }
    // The room itself goes on: it is still being played, and says so.
    let info = app
        .http("GET", &format!("/api/rooms/{code}"), None, None)
        .await;
    assert_eq!(info.body["status"], "playing", "{}", info.text);

    // A player comes back: the game is listed again at once.
    let (back, _) = app.connect(&code, Some(&cone_token)).await;
    let lobby = feed.until_event(NONE, |lobby| listed(lobby, &game)).await;
    assert!(listed(&lobby, &other), "{lobby}");
    assert!(lists(&app, "/api/games/live", &game).await);

    back.close().await;
    app.stop().await;
}

#[tokio::test]
async fn every_node_leaves_out_a_game_nobody_is_at_on_another() {
    if skip_on_sqlite("every_node_leaves_out_a_game_nobody_is_at_on_another") {
        return;
    }
    let cluster = Cluster::start_with_args(2, 1500, &["--reconnect-timeout-secs", "1"]).await;
    let (zero, one) = (cluster.remote(0), cluster.remote(1));
    let mut feed = Feed::open(&one).await;
    feed.next_event().await.expect("a first event");

    // A public game run by node 0, one player through each node.
    let ([cone, spool], [_, spool_token], code, game) = started(&zero, &one).await;
    assert_eq!(cluster.owner(&code).await.map(|o| o.0), Some(0));
    feed.until_event(NONE, |lobby| listed(lobby, &game)).await;
    until_listed(&one, "/api/games/live", &game, true).await;

    // Both leave: node 1 leaves the game out on node 0's word, not before
    // the limit.
    cone.close().await;
    spool.close().await;
    let gone = Instant::now();
    feed.until_event(NONE, |lobby| !listed(lobby, &game)).await;
    assert!(
        gone.elapsed() >= Duration::from_secs(1),
        "{:?}",
        gone.elapsed()
    );
    until_listed(&one, "/api/games/live", &game, false).await;
    until_listed(&zero, "/api/games/live", &game, false).await;

    // A player is back through node 1: listed again everywhere.
    let (back, _) = one.connect(&code, Some(&spool_token)).await;
    feed.until_event(NONE, |lobby| listed(lobby, &game)).await;
    until_listed(&one, "/api/games/live", &game, true).await;
    until_listed(&zero, "/api/games/live", &game, true).await;
    back.close().await;
}
