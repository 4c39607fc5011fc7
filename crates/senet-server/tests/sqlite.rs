//! SQLite as the server opens it, whatever `TEST_BACKEND` says: commits
//! synced with `synchronous=FULL` unless the operator opts out, and a
//! database the server cannot write refused at start-up instead of a
//! server that reports ready and then fails every move.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::path::PathBuf;

use senet_server::Store;
use senet_server::store::{SqliteSync, StoreOptions};

/// A fresh SQLite file's path (removed by `scripts/test` with the rest).
fn temp_db() -> PathBuf {
    std::env::temp_dir().join(format!("senet_test_{}.db", uuid::Uuid::new_v4().simple()))
}

fn url(path: &std::path::Path, query: &str) -> String {
    format!("sqlite://{}{query}", path.display())
}

/// A database with the schema and a player in it, closed again.
async fn made_database() -> PathBuf {
    let path = temp_db();
    let app = common::start_on(&url(&path, "")).await;
    app.player("Nefertari").await;
    app.stop().await;
    path
}

#[tokio::test]
async fn a_server_syncs_every_commit_unless_told_otherwise() {
    let path = temp_db();
    let app = common::start_on(&url(&path, "")).await;
    // PRAGMA synchronous: 2 is FULL.
    assert_eq!(app.store.sqlite_synchronous().await.unwrap(), Some(2));
    app.player("Nefertari").await;
    app.stop().await;

    let normal = StoreOptions {
        sqlite_synchronous: SqliteSync::Normal,
        ..StoreOptions::default()
    };
    let store = Store::connect_with(&url(&path, ""), normal).await.unwrap();
    assert_eq!(store.sqlite_synchronous().await.unwrap(), Some(1));
    store.close().await;
    let store = Store::open_sqlite_file(&path, StoreOptions::default())
        .await
        .unwrap();
    assert_eq!(store.sqlite_synchronous().await.unwrap(), Some(2));
    store.close().await;
}

/// The store refuses the database with a one-line reason naming the file.
async fn assert_refused(url: &str, path: &std::path::Path) {
    let error = Store::connect(url)
        .await
        .err()
        .unwrap_or_else(|| panic!("{url} opened"))
        .to_string();
    assert!(error.contains("cannot be written"), "{error}");
    assert!(error.contains(&path.display().to_string()), "{error}");
    assert!(!error.contains('\n'), "{error}");
}

#[tokio::test]
async fn a_read_only_database_is_refused_at_start() {
    // `mode=ro` makes SQLite open the file read-only for anyone, root
    // included (for root a chmod stops nothing).
    let path = made_database().await;
    assert_refused(&url(&path, "?mode=ro"), &path).await;
    // Read access alone worked: the same file opens for writing.
    let store = Store::connect(&url(&path, "")).await.unwrap();
    store.close().await;
}
