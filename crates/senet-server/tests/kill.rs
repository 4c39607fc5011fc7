//! `kill -9` of the real server binary in the middle of games, on the
//! run's database (PostgreSQL, or SQLite with `TEST_BACKEND=sqlite`): after
//! each restart the players reconnect and play on, and at the end every
//! turn they were told is stored, none twice, and no shown throw was thrown
//! again.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::time::Duration;

use common::drive::{Table, stored_turns};
use common::real::{RealServer, server_command_for};
use common::{create_database, started_room};
use senet_server::Store;

#[tokio::test]
async fn kill_dash_nine_mid_game_loses_no_acknowledged_turn() {
    let db_url = create_database().await;
    let mut server = RealServer::start(server_command_for(&db_url));
    let (cone, spool, code, cone_token, spool_token) = started_room(&server).await;
    let room = server
        .http("GET", &format!("/api/rooms/{code}"), None, None)
        .await;
    let game_id = room.body["game_id"].as_str().unwrap().to_owned();
    let mut table = Table::new(cone, spool);
    for round in 0..4u64 {
        for _ in 0..(5 + round * 3) {
            table.step().await;
        }
        // Kill while an action may be anywhere between the socket and the
        // database's commit.
        table.act_without_waiting().await;
        tokio::time::sleep(Duration::from_millis(round % 3)).await;
        let pid = server.pid();
        server.kill9();
        assert!(
            !std::path::Path::new(&format!("/proc/{pid}")).exists()
                || std::fs::read_to_string(format!("/proc/{pid}/stat"))
                    .is_ok_and(|stat| stat.contains(" Z ")),
            "the process is gone"
        );
        server = RealServer::start(server_command_for(&db_url));
        table
            .reconnect(&server, &code, [&cone_token, &spool_token])
            .await;
    }
    table.play_to_end().await;
    let store = Store::connect(&db_url).await.unwrap();
    let stored = stored_turns(&store, &game_id).await;
    table.check_told_against(&stored).await;
    let resumed = server.log_lines("unfinished rooms resumed");
    assert!(
        resumed.iter().any(|line| line.contains("resumed=1")),
        "the restarted server resumed the game: {resumed:?}"
    );
}
