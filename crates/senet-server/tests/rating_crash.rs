//! `kill -9` of the real server binary as a rated game ends, with a proxy
//! between it and PostgreSQL: once with the ending transaction's `COMMIT`
//! through to the database but its answer held back (the game ended, the
//! server never heard), once with the transaction held before its commit
//! (it never happened). After each restart the ratings have been updated
//! exactly once: with the end, or not at all until the game really ends.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::time::Duration;

use common::accounts::account;
use common::create_postgres_database;
use common::pgproxy::{CommitFault, PgProxy};
use common::real::{RealServer, server_command_for};
use common::v2::Table;
use serde_json::{Value, json};
use sqlx::Connection;

/// Rated games stored for a game, and each player's rated game count.
async fn rated(db_url: &str, game_id: &str, players: [&str; 2]) -> (i64, [i64; 2]) {
    let mut conn = sqlx::PgConnection::connect(db_url).await.unwrap();
    let game = uuid::Uuid::parse_str(game_id).unwrap();
    let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM rating_history WHERE game_id = $1")
        .bind(game)
        .fetch_one(&mut conn)
        .await
        .unwrap();
    let mut games = [0; 2];
    for (count, player) in games.iter_mut().zip(players) {
        let player = uuid::Uuid::parse_str(player).unwrap();
        let n: Option<i32> = sqlx::query_scalar(
            "SELECT games FROM ratings WHERE player_id = $1 AND pool = 'kendall'",
        )
        .bind(player)
        .fetch_optional(&mut conn)
        .await
        .unwrap();
        *count = i64::from(n.unwrap_or(0));
    }
    (rows, games)
}

async fn status(db_url: &str, game_id: &str) -> String {
    let mut conn = sqlx::PgConnection::connect(db_url).await.unwrap();
    sqlx::query_scalar("SELECT status FROM games WHERE id = $1")
        .bind(uuid::Uuid::parse_str(game_id).unwrap())
        .fetch_one(&mut conn)
        .await
        .unwrap()
}

fn resign() -> Value {
    json!({ "v": 2, "type": "resign" })
}

// Several threads: the proxy's tasks run while the test waits, blocking,
// for the server's first log line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_as_a_rated_game_ends_rates_it_exactly_once() {
    if common::cluster::skip_on_sqlite("a_crash_as_a_rated_game_ends_rates_it_exactly_once") {
        return;
    }
    let db_url = create_postgres_database().await;
    let proxy = PgProxy::start("127.0.0.1:5432".parse().unwrap()).await;
    let url = proxy.url_for(&db_url);
    let server = RealServer::start(server_command_for(&url));
    let (a_id, a) = account(&server, "Ahmose").await;
    let (t_id, t) = account(&server, "Tiye").await;
    let room = json!({ "rule_set": "kendall", "public": true, "rated": true,
                       "time_control": { "kind": "clock", "seconds": 600 } });

    // 1. The end commits; the server is killed before it hears so.
    let mut table = Table::invite_players(&server, vec![a.clone(), t.clone()], room.clone()).await;
    for _ in 0..3 {
        assert!(table.step().await);
    }
    let game = table.game_id.clone();
    proxy.on_next_commit(CommitFault::StallAfter);
    table.client(0).send(resign()).await;
    for _ in 0..200 {
        if !proxy.commit_fault_pending() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(
        !proxy.commit_fault_pending(),
        "the ending commit went through"
    );
    server.kill9();
    proxy.resume();
    assert_eq!(status(&db_url, &game).await, "finished");
    assert_eq!(rated(&db_url, &game, [&a_id, &t_id]).await, (2, [1, 1]));
    // The restarted server resumes nothing of it and rates nothing again.
    let server = RealServer::start(server_command_for(&url));
    let r = server
        .http("GET", &format!("/api/players/{t_id}"), None, None)
        .await;
    let kendall = r.body["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["pool"] == "kendall")
        .cloned()
        .unwrap();
    assert_eq!(kendall["games"], 1, "{kendall}");
    assert!(
        kendall["rating"].as_f64().unwrap() > 1500.0,
        "Tiye won: {kendall}"
    );
    assert_eq!(rated(&db_url, &game, [&a_id, &t_id]).await, (2, [1, 1]));

    // 2. The end is held before its commit and the server killed: it
    // never happened, and the game ends (and is rated) once, later.
    let mut table = Table::invite_players(&server, vec![a.clone(), t.clone()], room).await;
    assert!(table.step().await);
    let game = table.game_id.clone();
    let code = table.code.clone();
    proxy.stall();
    table.client(1).send(resign()).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    server.kill9();
    proxy.resume();
    assert_eq!(status(&db_url, &game).await, "playing");
    assert_eq!(rated(&db_url, &game, [&a_id, &t_id]).await, (0, [1, 1]));
    let server = RealServer::start(server_command_for(&url));
    let (mut client, snapshot) = server.connect_v2(&code, Some(&t)).await;
    assert_eq!(snapshot["status"], "playing", "{snapshot}");
    client.send(resign()).await;
    let over = client.recv_type("game_over").await;
    assert_eq!(over["standing"]["how"], "resigned", "{over}");
    assert_eq!(status(&db_url, &game).await, "finished");
    assert_eq!(rated(&db_url, &game, [&a_id, &t_id]).await, (2, [2, 2]));
    drop(server);
}
