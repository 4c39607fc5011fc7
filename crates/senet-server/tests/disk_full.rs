//! SQLite on a disk that fills up in the middle of play, then gets space
//! back. The server binary runs with its database on a real 8 MB tmpfs of
//! its own (a user and mount namespace: no root, no mount on the host); the
//! test fills that filesystem from outside and frees it again, and reads the
//! database file itself through `/proc/<pid>/root` (copying the database
//! and its write-ahead log between actions, as SQLite would resolve the
//! `/proc` link to the host's path). No turn that did not
//! reach the file is ever told to a player, and play resumes by itself,
//! without a restart, once there is space.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};

use common::drive::{Step, Table, record_of, stored_turns};
use common::real::{RealServer, in_small_filesystem, server_command};
use common::started_room;
use senet_server::Store;

/// Writes a file until the filesystem has no space left; returns its size.
fn fill(path: &Path) -> u64 {
    let mut file = std::fs::File::create(path).expect("create the filler");
    let block = vec![0xA5u8; 64 * 1024];
    let mut written = 0u64;
    loop {
        match file.write(&block) {
            Ok(0) => break,
            Ok(n) => written += n as u64,
            Err(error) => {
                assert_eq!(
                    error.raw_os_error(),
                    Some(28),
                    "the filesystem fills up (ENOSPC): {error}"
                );
                break;
            }
        }
    }
    let _ = file.sync_all();
    written
}

/// The turns the database file holds, read from a copy of the file and its
/// write-ahead log taken while no write is in flight.
async fn turns_in_file(seen: &Path, game_id: &str) -> Vec<(i32, i16, Option<i16>)> {
    let copy =
        std::env::temp_dir().join(format!("senet_test_copy_{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&copy).unwrap();
    for name in ["senet.db", "senet.db-wal"] {
        let from = seen.join(name);
        if from.exists() {
            std::fs::copy(&from, copy.join(name)).unwrap();
        }
    }
    let store = Store::connect(&format!("sqlite://{}", copy.join("senet.db").display()))
        .await
        .expect("open the copy");
    let turns = stored_turns(&store, game_id).await;
    store.close().await;
    let _ = std::fs::remove_dir_all(&copy);
    turns
}

/// The record a fresh snapshot shows, as `throw:from` texts.
async fn record_shown(table: &mut Table) -> String {
    table.snapshot().await["record"]
        .as_str()
        .unwrap_or("")
        .to_owned()
}

#[tokio::test]
async fn a_full_disk_never_acknowledges_an_unstored_turn_and_play_resumes_when_space_returns() {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("senet_test_full_{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut inner = server_command();
    inner.arg("--db-path").arg(dir.join("senet.db"));
    let server = RealServer::start(in_small_filesystem(&inner, &dir, "8m"));
    // The server's own view of the directory, from outside its namespace.
    let seen = PathBuf::from(format!("/proc/{}/root{}", server.pid(), dir.display()));
    let (cone, spool, code, _, _) = started_room(&server).await;
    let room = server
        .http("GET", &format!("/api/rooms/{code}"), None, None)
        .await;
    let game_id = room.body["game_id"].as_str().unwrap().to_owned();
    let mut table = Table::new(cone, spool);
    for _ in 0..10 {
        assert!(matches!(table.step().await, Step::Done(_)));
    }

    let filler = seen.join("filler");
    let filled = fill(&filler);
    assert!(filled > 0, "the disk had space to fill");
    let mut refused = 0;
    for _ in 0..30 {
        match table.step().await {
            Step::Refused(code) => {
                assert_eq!(code, "storage_error");
                refused += 1;
            }
            Step::Done(_) => {}
            Step::Over => break,
        }
        // At every point, what the players are shown is what the file holds.
        let stored = turns_in_file(&seen, &game_id).await;
        assert_eq!(record_shown(&mut table).await, record_of(&stored));
    }
    assert!(
        refused >= 5,
        "writes fail while the disk is full ({refused} refused)"
    );

    std::fs::remove_file(&filler).unwrap();
    table.play_to_end().await;
    let stored = turns_in_file(&seen, &game_id).await;
    table.check_told_against(&stored).await;
    let over = server
        .http("GET", &format!("/api/games/{game_id}"), None, None)
        .await;
    assert_eq!(over.body["status"], "finished", "{}", over.body);
    drop(server);
    let _ = std::fs::remove_dir(&dir);
}
