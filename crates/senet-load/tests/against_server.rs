//! The load tool against the real server (its library, on port 0, with a
//! temporary SQLite file): closed and open loop for a couple of seconds.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::path::{Path, PathBuf};

use senet_load::{Options, Report};
use senet_server::Store;
use senet_server::store::StoreOptions;
use serde_json::Value;

mod common;

use common::Running;

/// The server on a temporary SQLite file, and the file.
async fn start_server() -> (Running, PathBuf) {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let path =
        std::env::temp_dir().join(format!("senet_test_load_{}_{nanos}.db", std::process::id()));
    let store = Store::open_sqlite_file(&path, StoreOptions::default())
        .await
        .expect("open the SQLite file");
    (Running::start(store, None).await, path)
}

fn remove_database(path: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut path = path.to_path_buf().into_os_string();
        path.push(suffix);
        let _ = std::fs::remove_file(path);
    }
}

const FIELDS: [&str; 37] = [
    "mode",
    "rule_set",
    "nodes",
    "placement",
    "rooms",
    "rooms_playing",
    "rate_per_room",
    "warmup_s",
    "duration_s",
    "setup_s",
    "actions",
    "moves",
    "actions_per_sec",
    "moves_per_sec",
    "latency_ms",
    "latency_at_arrival_ms",
    "peer_latency_ms",
    "peer_lag_ms",
    "games_completed",
    "ticks",
    "ticks_skipped",
    "ticks_missed",
    "errors",
    "errors_total",
    "server_cpu_s",
    "server_cpu_s_per_1k_moves",
    "server_cpu_s_by_pid",
    "server_cpu_ms_per_action",
    "server_cpu_percent",
    "nats_cpu_s",
    "nats_cpu_ms_per_action",
    "postgres_cpu_s",
    "postgres_cpu_s_per_1k_moves",
    "server_rss_idle_kib",
    "server_rss_end_kib",
    "load_cpu_s",
    "load_cpu_percent",
];

/// The JSON line has every field; the measured ones are filled.
fn check_line(report: &Report) -> Value {
    let line = report.to_json_line();
    assert!(!line.contains('\n'), "one line: {line}");
    let json: Value = serde_json::from_str(&line).unwrap();
    for field in FIELDS {
        assert!(json.get(field).is_some(), "{field} missing in {line}");
    }
    for field in ["count", "p50", "p90", "p99", "p99_9", "max"] {
        assert!(
            json["latency_ms"][field].is_number(),
            "latency_ms.{field} in {line}"
        );
    }
    for nested in ["peer_latency_ms", "peer_lag_ms"] {
        for field in ["count", "p50", "p99"] {
            assert!(
                json[nested][field].is_number(),
                "{nested}.{field} in {line}"
            );
        }
    }
    // The server runs in this process: its pid is ours.
    for field in [
        "server_cpu_s",
        "server_cpu_s_per_1k_moves",
        "server_cpu_ms_per_action",
        "server_rss_idle_kib",
        "server_rss_end_kib",
        "load_cpu_s",
        "load_cpu_percent",
    ] {
        assert!(json[field].is_number(), "{field} in {line}");
    }
    assert_eq!(
        json["server_cpu_s_by_pid"].as_array().map(Vec::len),
        Some(1)
    );
    // No PostgreSQL selection: not measured.
    assert!(json["postgres_cpu_s"].is_null());
    assert!(json["nats_cpu_s"].is_null());
    json
}

fn options(url: &str, extra: &[&str]) -> Options {
    common::options(url, "3", "7", extra)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_and_open_loop_play_real_games() {
    let (server, path) = start_server().await;

    let closed = senet_load::run(&options(&server.url, &[])).await.unwrap();
    eprintln!("closed: {}", closed.to_json_line());
    let json = check_line(&closed);
    assert_eq!(json["mode"], "closed");
    assert_eq!(closed.rooms_playing, 3);
    assert!(closed.moves > 0, "no moves: {json}");
    assert!(closed.actions >= closed.moves);
    assert_eq!(closed.errors_total, 0, "errors: {json}");
    assert!(closed.latency_ms.count > 0);
    // Linux stamps every read: each action is also timed at its event's
    // arrival, never later than when the tool read it.
    assert_eq!(
        closed.latency_at_arrival_ms.count, closed.latency_ms.count,
        "{json}"
    );
    let (at_arrival, read) = (
        closed.latency_at_arrival_ms.p99.unwrap(),
        closed.latency_ms.p99.unwrap(),
    );
    assert!(
        at_arrival <= read + 1.0,
        "{at_arrival} ms > {read} ms: {json}"
    );

    // Short games: every room resigns after 5 moves and plays on in a
    // rematch (the seats swap each time).
    let short = senet_load::run(&options(&server.url, &["--game-moves", "5"]))
        .await
        .unwrap();
    eprintln!("short games: {}", short.to_json_line());
    let json = check_line(&short);
    assert!(short.games_completed > 0, "no game ended: {json}");
    assert!(short.moves > short.games_completed, "{json}");
    assert_eq!(short.errors_total, 0, "errors: {json}");

    // Rooms against the computer beside the people's: reported apart.
    assert!(json["computer_rooms"].is_null(), "{json}");
    let computer = senet_load::run(&options(
        &server.url,
        &["--computer-rooms", "2", "--computer-level", "intermediate"],
    ))
    .await
    .unwrap();
    eprintln!("against the computer: {}", computer.to_json_line());
    let json = check_line(&computer);
    assert_eq!(computer.rooms_playing, 3, "{json}");
    assert!(computer.moves > 0, "{json}");
    let against = &json["computer_rooms"];
    assert_eq!(against["level"], "intermediate", "{json}");
    assert_eq!(against["rooms"], 2, "{json}");
    assert_eq!(against["rooms_playing"], 2, "{json}");
    assert!(against["actions_per_sec"].as_f64() > Some(0.0), "{json}");
    assert!(
        against["computer_steps_per_sec"].as_f64() > Some(0.0),
        "{json}"
    );
    assert!(against["latency_ms"]["count"].as_u64() > Some(0), "{json}");
    assert_eq!(against["errors"], serde_json::json!({}), "{json}");
    assert_eq!(computer.errors_total, 0, "errors: {json}");

    let open = senet_load::run(&options(
        &server.url,
        &["--mode", "open", "--rate", "20", "--rule-set", "simple"],
    ))
    .await
    .unwrap();
    eprintln!("open: {}", open.to_json_line());
    let json = check_line(&open);
    assert_eq!(json["mode"], "open");
    assert_eq!(json["rate_per_room"], 20.0);
    assert!(open.moves > 0, "no moves: {json}");
    assert_eq!(open.errors_total, 0, "errors: {json}");
    // 3 rooms × 20 a second × 2 s, give or take the phases.
    assert!((90..=150).contains(&open.ticks), "ticks: {json}");
    // At most one action a tick (an action sent at the last tick of the
    // warm-up may be answered inside the window: one a room).
    assert!(open.actions <= open.ticks + 3, "{json}");

    server.stop().await;
    remove_database(&path);
}

#[tokio::test]
async fn a_server_that_is_not_there_is_an_error() {
    // A port nothing listens on: bind one, then let it go.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let error = senet_load::run(&options(&url, &[])).await.unwrap_err();
    assert!(error.contains("no room could be set up"), "{error}");
}
