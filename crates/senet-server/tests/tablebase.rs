//! The expert's endgame tables in the real server binary: found at the
//! standard location or named by `--tablebase` / `SENET_TABLEBASE`, loaded
//! in the background, reported by `GET /healthz`; a missing or damaged file
//! leaves the server serving without them. Tables of one piece a side
//! (812 positions), built here: larger ones are too slow in debug builds.
//! PostgreSQL, or SQLite with `TEST_BACKEND=sqlite`.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::real::{RealServer, server_command_for};
use common::{Remote, WAIT, create_database, lights};
use senet_engine::kendall_v1::{Game, Phase, Record, Rules, Side};
use senet_engine::{Kendall, Square, Sticks};
use senet_tablebase::file::write_tables;
use senet_tablebase::{Layer, Store, Tables, solve_pair};
use serde_json::{Value, json};

const TOLERANCE: f64 = 1e-10;

/// A fresh directory for this test's files.
fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "senet-server-tb-{name}-{}",
        uuid::Uuid::new_v4().simple()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes tables of one piece a side to `path`.
fn write_one_piece_tables(path: &Path) {
    let mut store = Store::new(1);
    solve_pair(&mut store, Layer::new(1, 1), TOLERANCE, &mut |_, _, _| {}).unwrap();
    let tables = Tables::from_store(&store, 32, TOLERANCE, 0.0).unwrap();
    write_tables(&tables, path).unwrap();
}

/// The server binary on a fresh database, with `XDG_DATA_HOME` at `data`
/// (so the machine's own tables are never picked up).
async fn server(data: &Path, configure: impl FnOnce(&mut Command)) -> RealServer {
    let db_url = create_database().await;
    let mut command = server_command_for(&db_url);
    command
        .env("XDG_DATA_HOME", data)
        .env_remove("SENET_TABLEBASE");
    configure(&mut command);
    RealServer::start(command)
}

/// `GET /healthz` until the tables are no longer loading; the last body.
async fn settled_health(remote: &Remote) -> Value {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let health = remote.http("GET", "/healthz", None, None).await;
        assert_eq!(health.status, 200, "{}", health.text);
        assert_eq!(health.body["database"], "ok");
        if health.body["tablebase"] != "loading" || tokio::time::Instant::now() > deadline {
            return health.body;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// A person plays the first legal move against the expert to the end,
/// following the game in a local copy (every computer move must be legal
/// for the engine); returns the winner the server announced.
async fn play_against_the_expert(remote: &Remote) -> String {
    let (_, token) = remote.player("Hatshepsut").await;
    let body = json!({ "side": "cone", "opponent": { "computer": "expert" } });
    let room = remote
        .http("POST", "/api/rooms", Some(&token), Some(&body.to_string()))
        .await;
    assert_eq!(room.status, 201, "{}", room.text);
    let code = room.body["code"].as_str().unwrap().to_owned();
    let (mut client, snapshot) = remote.connect(&code, Some(&token)).await;
    let record: Record = snapshot["record"].as_str().unwrap().parse().unwrap();
    let mut local: Game<Kendall> = record.replay(Kendall).unwrap();
    assert_eq!(snapshot["phase"]["kind"], "to_throw", "{snapshot}");
    let me = Side::Cone;
    let mut asked = false;
    loop {
        if local.winner().is_none() && local.position().to_move() == me && !asked {
            match local.phase() {
                Phase::ToThrow => client.send(json!({ "v": 1, "type": "throw" })).await,
                Phase::ToMove { moves, .. } => {
                    let from = moves.iter().next().unwrap().from.number();
                    client
                        .send(json!({ "v": 1, "type": "move", "from": from }))
                        .await;
                }
                Phase::Over { .. } => unreachable!(),
            }
            asked = true;
        }
        let event = client.event().await;
        match event["type"].as_str().unwrap() {
            "thrown" => {
                let mover = local.position().to_move();
                local.throw(Sticks::from_lights(lights(&event))).unwrap();
                if mover == me {
                    asked = false;
                }
            }
            "forfeited" => {}
            "moved" => {
                let mover = local.position().to_move();
                let from = u8::try_from(event["move"]["from"].as_i64().unwrap()).unwrap();
                let played = local
                    .play(Square::new(from).unwrap())
                    .expect("every move in a `moved` event is legal");
                assert_eq!(event["position"], Kendall.position_text(&played.position));
                if mover == me {
                    asked = false;
                }
            }
            "game_over" => {
                let winner = local.winner().expect("the local game is over too");
                assert_eq!(event["result"]["winner"], winner.name());
                client.close().await;
                return winner.name().to_owned();
            }
            other => panic!("unexpected event {other}: {event}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_at_the_standard_location_are_loaded_and_the_expert_plays_on() {
    let data = temp("std");
    std::fs::create_dir_all(data.join("senet")).unwrap();
    write_one_piece_tables(&data.join("senet/kendall-1.tb"));
    let server = server(&data, |_| {}).await;

    let health = settled_health(&server).await;
    assert_eq!(health["tablebase"], "ready", "{health}");
    assert_eq!(health["tablebase_pieces"], 1, "{health}");
    let loaded = logged(&server, "endgame tables loaded").await;
    assert_eq!(loaded.len(), 1, "one line when loaded");
    assert!(
        loaded[0].contains("pieces=1") && loaded[0].contains("positions=812"),
        "{}",
        loaded[0]
    );

    let winner = play_against_the_expert(&server).await;
    assert!(winner == "cone" || winner == "spool");
    drop(server);
    std::fs::remove_dir_all(&data).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_file_leaves_the_server_serving_without_tables() {
    let data = temp("damaged");
    let file = data.join("k1.tb");
    write_one_piece_tables(&file);
    // Cut short: the header is right, the values are not all there.
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() - 100]).unwrap();
    let server = server(&data, |c| {
        c.arg("--tablebase").arg(&file);
    })
    .await;

    let health = settled_health(&server).await;
    assert_eq!(health["tablebase"], "failed", "{health}");
    assert!(health.get("tablebase_pieces").is_none(), "{health}");
    let failed = logged(&server, "cannot load the endgame tables").await;
    assert_eq!(failed.len(), 1);
    assert!(failed[0].contains("ends too soon"), "{}", failed[0]);
    // Serving as before, the expert included.
    let winner = play_against_the_expert(&server).await;
    assert!(winner == "cone" || winner == "spool");
    drop(server);
    std::fs::remove_dir_all(&data).unwrap();
}

/// The server's log lines with `needle`, once there is one (or after 10 s):
/// a line is written before the state it reports changes, but the log is
/// read from the child's pipe by a thread of its own.
async fn logged(server: &RealServer, needle: &str) -> Vec<String> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while server.log_lines(needle).is_empty() && std::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    server.log_lines(needle)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missing_file_fails_and_none_turns_the_tables_off() {
    let data = temp("missing");
    // A table at the standard location, which neither server may use.
    std::fs::create_dir_all(data.join("senet")).unwrap();
    write_one_piece_tables(&data.join("senet/kendall-1.tb"));

    let missing = data.join("no-such.tb");
    let server = server(&data, |c| {
        c.env("SENET_TABLEBASE", &missing);
    })
    .await;
    let health = settled_health(&server).await;
    assert_eq!(health["tablebase"], "failed", "{health}");
    assert_eq!(
        logged(&server, "cannot load the endgame tables")
            .await
            .len(),
        1
    );
    // Serving: a player can be made.
    let (player_id, _) = server.player("Ahmose").await;
    assert!(!player_id.is_empty());
    drop(server);

    let off = self::server(&data, |c| {
        c.args(["--tablebase", "none"]);
    })
    .await;
    let health = settled_health(&off).await;
    assert_eq!(health["tablebase"], "off", "{health}");
    assert!(off.log_lines("endgame tables loaded").is_empty());
    drop(off);
    std::fs::remove_dir_all(&data).unwrap();
}
