//! Operations: `/metrics` shows live figures during a game; `/healthz` and
//! `/readyz` answer. In its own test binary because the metrics recorder is
//! process-wide.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use common::{TestApp, err_code, play_turn, spawn_app, started_room};
use serde_json::json;

/// The value of one sample line of the Prometheus text, e.g.
/// `senet_games_finished_total{how="resigned"}`.
fn sample(metrics: &str, name: &str) -> f64 {
    metrics
        .lines()
        .filter(|line| !line.starts_with('#'))
        .find_map(|line| {
            let (key, value) = line.rsplit_once(' ')?;
            (key == name).then(|| value.parse().ok()).flatten()
        })
        .unwrap_or_else(|| panic!("no sample `{name}` in:\n{metrics}"))
}

async fn metrics(app: &TestApp) -> String {
    let response = app.http("GET", "/metrics", None, None).await;
    assert_eq!(response.status, 200);
    response.text
}

#[tokio::test]
async fn metrics_show_live_figures_during_a_game() {
    let app = spawn_app().await;
    let (mut cone, mut spool, code, _, spool_token) = started_room(&app).await;
    let (_watcher, _) = app.connect(&code, None).await;

    let mut turns = 0;
    let mut mover = 0;
    while turns < 6 {
        let events = play_turn(&mut [&mut cone, &mut spool], mover).await;
        turns += 1;
        mover = if events.last().unwrap()["to_move"] == "cone" {
            0
        } else {
            1
        };
    }
    // A refused message is counted by its code.
    let idle = if mover == 0 { &mut spool } else { &mut cone };
    idle.send(json!({ "v": 1, "type": "throw" })).await;
    assert_eq!(err_code(&idle.recv().await), "not_your_turn");

    let during = metrics(&app).await;
    assert!(sample(&during, "senet_live_rooms") >= 1.0);
    assert!(sample(&during, "senet_open_connections") >= 3.0);
    assert!(sample(&during, "senet_spectators") >= 1.0);
    assert!(sample(&during, "senet_games_started_total") >= 1.0);
    assert!(sample(&during, "senet_steps_committed_total") >= f64::from(turns));
    assert!(sample(&during, "senet_db_commit_seconds_count") >= f64::from(turns));
    // Every turn's throw at least was served.
    assert!(sample(&during, "senet_action_seconds_count") >= f64::from(turns));
    // And each turn's frames reached both players' sockets.
    assert!(sample(&during, "senet_frame_wait_seconds_count") >= f64::from(2 * turns));
    // Every action was read off a socket that the kernel stamped.
    assert!(sample(&during, "senet_read_wait_seconds_count") >= f64::from(turns));
    assert!(
        sample(
            &during,
            r#"senet_messages_rejected_total{code="not_your_turn"}"#
        ) >= 1.0
    );

    // A reconnect and a resignation show up too.
    spool.close().await;
    let _ = cone.recv_type("disconnected").await;
    let (mut spool, _) = app.connect(&code, Some(&spool_token)).await;
    let _ = cone.recv_type("reconnected").await;
    spool.send(json!({ "v": 1, "type": "resign" })).await;
    let _ = cone.recv_type("game_over").await;
    let after = metrics(&app).await;
    assert!(sample(&after, "senet_reconnects_total") >= 1.0);
    assert!(sample(&after, r#"senet_games_finished_total{how="resigned"}"#) >= 1.0);
    app.stop().await;
}

#[tokio::test]
async fn health_and_readiness_answer_once_started() {
    let app = spawn_app().await;
    let health = app.http("GET", "/healthz", None, None).await;
    assert_eq!(
        (health.status, &health.body["database"]),
        (200, &json!("ok"))
    );
    let ready = app.http("GET", "/readyz", None, None).await;
    assert_eq!(
        (ready.status, &ready.body["status"]),
        (200, &json!("ready"))
    );
    app.stop().await;
}

#[tokio::test]
async fn a_history_request_replays_its_game_once() {
    let app = spawn_app().await;
    let (mut cone, mut spool, _, _, _) = started_room(&app).await;
    let mut mover = 0;
    for _ in 0..8 {
        let events = play_turn(&mut [&mut cone, &mut spool], mover).await;
        mover = usize::from(events.last().unwrap()["to_move"] == "spool");
    }
    cone.send(json!({ "v": 1, "type": "resign" })).await;
    let over = cone.recv_type("game_over").await;
    let id = over["game_id"].as_str().unwrap().to_owned();
    let replays = r#"senet_games_replayed_total{for="history"}"#;
    let count = |metrics: &str| {
        if metrics.contains(replays) {
            sample(metrics, replays)
        } else {
            0.0
        }
    };
    for path in ["", "/record.txt", "/record.json"] {
        let before = count(&metrics(&app).await);
        let response = app
            .http("GET", &format!("/api/games/{id}{path}"), None, None)
            .await;
        assert_eq!(response.status, 200, "{path}");
        let after = count(&metrics(&app).await);
        assert_eq!(
            after - before,
            1.0,
            "GET /api/games/{{id}}{path} replays once"
        );
    }
    app.stop().await;
}
