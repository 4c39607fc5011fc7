//! The lobby across three real nodes on one PostgreSQL and one NATS
//! (issue 18, `docs/multi-node.md`, "The lobby"): a room whose actor runs
//! on one node is listed by every node's lobby and live feed, its game is
//! listed as played everywhere once it starts, every node counts the
//! spectators connected through any node, and a room whose owner dies is
//! listed again by its new owner. Needs PostgreSQL and NATS; under
//! `TEST_BACKEND=sqlite` it returns at once.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::time::Duration;

use common::cluster::{Cluster, PATIENCE, skip_on_sqlite};
use common::feed::{Feed, game_of, room_of};
use common::{Client, Remote};
use serde_json::Value;
use tokio::time::Instant;

const LEASE_MS: u64 = 1200;

/// No game has this id: for the feed's "never listed" check.
const NONE: &str = "-";

/// Asks `node` for `path` until `wanted` holds of the answer's body.
async fn until(node: &Remote, path: &str, wanted: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let body = node.http("GET", path, None, None).await.body;
        if wanted(&body) {
            return body;
        }
        assert!(Instant::now() < deadline, "{path} on {}: {body}", node.addr);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn lists(lobby: &Value, code: &str) -> bool {
    room_of(lobby, code).is_some()
}

/// Reads `client` until it is told the room has `count` spectators.
async fn told_spectators(client: &mut Client, count: u64) {
    loop {
        let message = client.recv().await;
        if message["type"] == "spectators" && message["count"] == count {
            return;
        }
    }
}

#[tokio::test]
async fn the_lobby_live_games_and_spectator_counts_span_the_nodes() {
    if skip_on_sqlite("the_lobby_live_games_and_spectator_counts_span_the_nodes") {
        return;
    }
    let cluster = Cluster::start(3, LEASE_MS).await;
    let nodes: Vec<Remote> = (0..3).map(|i| cluster.remote(i)).collect();
    let (_, alice) = nodes[0].player("Alice").await;
    let (_, bob) = nodes[2].player("Bob").await;
    let mut feed = Feed::open(&nodes[2]).await;
    feed.next_event().await.expect("a first event");

    // A public room made on node 0, its creator connected through node 1.
    let room = nodes[0].room(&alice, "cone", true).await;
    let code = room["code"].as_str().unwrap().to_owned();
    let game = room["game_id"].as_str().unwrap().to_owned();
    assert_eq!(cluster.owner(&code).await.map(|o| o.0), Some(0));
    let (mut a, _) = nodes[1].connect(&code, Some(&alice)).await;
    feed.until_event(NONE, |lobby| lists(lobby, &code)).await;
    for node in &nodes {
        until(node, "/api/lobby", |lobby| lists(lobby, &code)).await;
    }

    // Spectators through nodes 1 and 2: every node counts both, and the
    // player is told.
    let (s1, _) = nodes[1].connect(&code, None).await;
    let (s2, _) = nodes[2].connect(&code, None).await;
    told_spectators(&mut a, 2).await;
    for node in &nodes {
        until(node, &format!("/api/rooms/{code}"), |info| {
            info["spectators"] == 2
        })
        .await;
    }

    // Bob takes the open seat through node 2: the room leaves every
    // lobby and its game is listed as played on every node.
    let (b, _) = nodes[2].connect(&code, Some(&bob)).await;
    let lobby = feed
        .until_event(NONE, |lobby| game_of(lobby, &game).is_some())
        .await;
    assert!(!lists(&lobby, &code), "full: {lobby}");
    for node in &nodes {
        until(node, "/api/lobby", |lobby| !lists(lobby, &code)).await;
        until(node, "/api/games/live", |live| {
            live["games"]
                .as_array()
                .is_some_and(|games| games.iter().any(|g| g["game_id"] == game.as_str()))
        })
        .await;
    }
    drop((a, b, s1, s2));

    // A second room made on node 0, its creator through node 1; node 0
    // dies. Its listing expires everywhere (the room's new owner lists it
    // only while its creator is there), and comes back with the creator.
    let (_, carol) = nodes[0].player("Carol").await;
    let second = nodes[0].room(&carol, "spool", true).await["code"]
        .as_str()
        .unwrap()
        .to_owned();
    let (mut c, _) = nodes[1].connect(&second, Some(&carol)).await;
    feed.until_event(NONE, |lobby| lists(lobby, &second)).await;
    cluster.kill9(0);
    // Told to go by its node when the owner is gone.
    while c.try_recv().await.is_some() {}
    let (owner, _, _) = cluster.wait_owner_other_than(&second, 0).await;
    feed.until_event(NONE, |lobby| !lists(lobby, &second)).await;
    until(&nodes[2], "/api/lobby", |lobby| !lists(lobby, &second)).await;
    let deadline = Instant::now() + PATIENCE;
    let _carol_again = loop {
        if let Ok(mut client) = Client::open(&nodes[1].ws_url(&second, Some(&carol)), None).await {
            client.recv_type("snapshot").await;
            break client;
        }
        assert!(Instant::now() < deadline, "Carol could not come back");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    feed.until_event(NONE, |lobby| lists(lobby, &second)).await;
    until(&nodes[2], "/api/lobby", |lobby| lists(lobby, &second)).await;
    assert_eq!(
        cluster.owner(&second).await.map(|o| o.0),
        Some(owner),
        "listed by its new owner"
    );
}
