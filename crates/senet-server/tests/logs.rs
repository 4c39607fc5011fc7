//! The real binary's log lines stay one-per-thing however long a room
//! lives: a room that has held many games names only its current game.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use common::real::{RealServer, server_command_for};
use common::{WAIT, create_database, started_room, wait};
use serde_json::json;

#[tokio::test]
async fn a_room_with_many_games_logs_one_game_id_a_line() {
    let db_url = create_database().await;
    let server = RealServer::start(server_command_for(&db_url));
    let (mut cone, mut spool, _, _, _) = started_room(&server).await;
    let mut game_ids = Vec::new();
    for _ in 0..4 {
        cone.send(json!({ "v": 1, "type": "resign" })).await;
        let over = cone.recv_type("game_over").await;
        spool.recv_type("game_over").await;
        game_ids.push(over["game_id"].as_str().unwrap().to_owned());
        cone.send(json!({ "v": 1, "type": "offer_rematch" })).await;
        spool.recv_type("rematch_offered").await;
        spool
            .send(json!({ "v": 1, "type": "accept_rematch" }))
            .await;
        cone.recv_type("game_started").await;
        spool.recv_type("game_started").await;
        // The seats swap each game: Cone's client now holds the Spool.
        std::mem::swap(&mut cone, &mut spool);
    }
    // The log is read from the child's pipe by a thread of its own: wait
    // until every game's lines have come through it.
    wait::until_true(WAIT, "every game's id in the log", async || {
        let lines = server.log_lines("game_id=");
        game_ids
            .iter()
            .all(|id| lines.iter().any(|line| line.contains(id.as_str())))
    })
    .await;
    let lines = server.log_lines("game_id=");
    assert!(!lines.is_empty(), "game lines name their game");
    for line in &lines {
        assert_eq!(line.matches("game_id=").count(), 1, "{line}");
    }
    for id in &game_ids {
        assert!(
            lines.iter().any(|line| line.contains(id.as_str())),
            "game {id} appears in the log"
        );
    }
}
