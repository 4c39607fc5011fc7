//! The load tool against three real nodes of one site: three servers (their
//! library, in this process, on port 0) with their own connection pools on
//! one fresh PostgreSQL database, relaying over the NATS server at
//! 127.0.0.1:4222 (`docs/multi-node.md`). A room created on one node and
//! played from another is relayed (its lease stays with its creator), and
//! whole runs spread over the nodes play without an error.
//!
//! Needs PostgreSQL on 127.0.0.1:5432 with trust authentication
//! (`TEST_DATABASE_URL` names another admin database) and NATS on
//! 127.0.0.1:4222 (`TEST_NATS_URL`).
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::time::Duration;

use senet_load::http::Target;
use senet_load::room::{self, Plan};
use senet_load::{Options, Placement};
use senet_server::Store;
use senet_server::config::ClusterSettings;
use sqlx::{Connection, PgConnection};
use tokio::time::Instant;

mod common;

use common::Running;

/// A node of the site: its id and the server.
struct Node {
    id: String,
    server: Running,
}

fn admin_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

/// A fresh PostgreSQL database: its URL and name.
async fn create_database() -> (String, String) {
    let name = format!("senet_test_{}", uuid::Uuid::new_v4().simple());
    let admin = admin_url();
    let mut conn = PgConnection::connect(&admin)
        .await
        .expect("connect to PostgreSQL (is it running on 127.0.0.1:5432?)");
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .expect("create the test database");
    conn.close().await.ok();
    let (base, _) = admin.rsplit_once('/').expect("a database URL");
    (format!("{base}/{name}"), name)
}

async fn drop_database(name: &str) {
    if let Ok(mut conn) = PgConnection::connect(&admin_url()).await {
        let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            .execute(&mut conn)
            .await;
        conn.close().await.ok();
    }
}

async fn start_node(db_url: &str, id: String) -> Node {
    // A pool of its own, as a node in a process of its own has.
    let store = Store::connect(db_url)
        .await
        .expect("connect to the database");
    let cluster = ClusterSettings {
        node_id: id.clone(),
        nats_url: std::env::var("TEST_NATS_URL")
            .unwrap_or_else(|_| "nats://127.0.0.1:4222".to_owned()),
        lease: Duration::from_secs(5),
        revocation_recheck: Duration::from_secs(60),
    };
    Node {
        id,
        server: Running::start(store, Some(cluster)).await,
    }
}

fn options(nodes: &[Node], extra: &[&str]) -> Options {
    let urls = nodes
        .iter()
        .map(|node| node.server.url.as_str())
        .collect::<Vec<_>>()
        .join(",");
    common::options(&urls, "6", "11", extra)
}

/// The room's lease as the database has it.
async fn lease_of(node: &Node, code: &str) -> senet_server::store::LeaseState {
    node.server
        .store
        .lease_of(code)
        .await
        .unwrap()
        .expect("a lease")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rooms_are_played_through_nodes_that_relay_them() {
    let (db_url, db_name) = create_database().await;
    let site = uuid::Uuid::new_v4().simple().to_string();
    let mut nodes = Vec::new();
    for n in 1..=3 {
        nodes.push(start_node(&db_url, format!("load-{}-{n}", &site[..8])).await);
    }
    let targets: Vec<Target> = nodes
        .iter()
        .map(|node| Target::parse(&node.server.url).unwrap())
        .collect();

    // A room created on the first node, both players on the second.
    let room = room::set_up(&targets[0], [&targets[1], &targets[1]], "kendall", 0)
        .await
        .expect("set the room up");
    let code = room.code().to_owned();
    let lease = lease_of(&nodes[0], &code).await;
    assert!(lease.live, "{lease:?}");
    assert_eq!(
        lease.lease.node_id, nodes[0].id,
        "the creator owns the room"
    );
    let start = Instant::now();
    let plan = Plan {
        period: None,
        start,
        end: start + Duration::from_secs(1),
        stall: Duration::from_secs(10),
        seed: 3,
        game_moves: None,
    };
    let stats = room::play(room, plan).await;
    assert!(stats.moves > 0, "no moves through the relay");
    assert!(stats.errors.is_empty(), "errors: {:?}", stats.errors);
    // Relayed, not moved: the owner is still the creator, at the same epoch.
    let after = lease_of(&nodes[0], &code).await;
    assert_eq!(after.lease, lease.lease);

    for placement in ["relayed", "spread", "direct"] {
        let report = senet_load::run(&options(&nodes, &["--placement", placement]))
            .await
            .unwrap();
        eprintln!("{placement}: {}", report.to_json_line());
        assert_eq!(report.nodes, 3);
        assert_eq!(report.rooms_playing, 6);
        assert!(report.moves > 0, "no moves: {}", report.to_json_line());
        assert_eq!(report.errors_total, 0, "errors: {}", report.to_json_line());
        assert!(report.server_cpu_ms_per_action.is_some());
        assert_eq!(report.server_cpu_s_by_pid.len(), 1);
    }
    let relayed = options(&nodes, &["--placement", "relayed"]);
    assert_eq!(relayed.placement, Placement::Relayed);

    for node in nodes {
        node.server.stop().await;
    }
    drop_database(&db_name).await;
}
