//! Opening a store: PostgreSQL from its URL; SQLite in WAL mode, commits
//! synced as the operator chose (FULL unless they opt out), and a write
//! check at start-up.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::SqlitePool;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};

use super::{DEFAULT_TIMEOUT, Pool, Store};

/// How SQLite syncs a commit to disk (`PRAGMA synchronous`), for
/// `--sqlite-synchronous` / `SENET_SQLITE_SYNCHRONOUS`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum SqliteSync {
    /// `FULL` (2): in WAL mode each commit is synced to disk before it
    /// returns, so a committed turn survives a power loss. The default.
    #[default]
    Full,
    /// `NORMAL` (1): faster; a crash of the server loses nothing, but a
    /// power loss or an operating-system crash may undo the last commits.
    Normal,
}

impl SqliteSync {
    fn pragma(self) -> SqliteSynchronous {
        match self {
            SqliteSync::Full => SqliteSynchronous::Full,
            SqliteSync::Normal => SqliteSynchronous::Normal,
        }
    }
}

/// How to open a store; [`Default`] is what a server runs with unless the
/// operator says otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoreOptions {
    /// SQLite only: how commits are synced to disk.
    pub sqlite_synchronous: SqliteSync,
    /// The longest one database call may take (`--db-timeout-ms`).
    pub timeout: Duration,
}

impl Default for StoreOptions {
    fn default() -> StoreOptions {
        StoreOptions {
            sqlite_synchronous: SqliteSync::default(),
            timeout: DEFAULT_TIMEOUT,
        }
    }
}

/// The SQLite database opened but cannot be written: a `mode=ro` URL, a
/// file or folder the server may not write, a read-only file system, or
/// another process holding the write lock.
#[derive(Debug)]
pub struct NotWritable {
    /// The database file.
    pub path: String,
    /// What SQLite said.
    pub reason: String,
}

impl std::fmt::Display for NotWritable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the SQLite database `{}` cannot be written ({}): the server stores every turn, \
             so it needs write access (check the file's and its folder's permissions, \
             and that the URL has no mode=ro)",
            self.path, self.reason
        )
    }
}

impl std::error::Error for NotWritable {}

/// A database URL that names neither PostgreSQL nor SQLite.
#[derive(Debug)]
pub struct UnsupportedDatabase(pub String);

impl std::fmt::Display for UnsupportedDatabase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unsupported database URL `{}`: use postgres://… or sqlite:…",
            self.0
        )
    }
}

impl std::error::Error for UnsupportedDatabase {}

/// Whether SQLite refused because the database is read-only
/// (`SQLITE_READONLY` and its extended codes).
fn is_read_only(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Database(db) => db
            .code()
            .and_then(|code| code.parse::<i32>().ok())
            .is_some_and(|code| code & 0xff == 8),
        _ => false,
    }
}

impl Store {
    /// Connects to the database a URL names: `postgres://…` or `sqlite:…`,
    /// with the default [`StoreOptions`].
    pub async fn connect(url: &str) -> Result<Store, sqlx::Error> {
        Store::connect_with(url, StoreOptions::default()).await
    }

    /// Connects to the database a URL names, with these options.
    pub async fn connect_with(url: &str, options: StoreOptions) -> Result<Store, sqlx::Error> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            // A transaction whose client went quiet (a stalled network) must
            // not hold its locks: the server ends it after the same time.
            let idle_ms = options.timeout.as_millis().to_string();
            let connect = PgConnectOptions::from_str(url)?
                .options([("idle_in_transaction_session_timeout", idle_ms.as_str())]);
            let pool = PgPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(options.timeout)
                .connect_with(connect)
                .await?;
            Ok(Store::from_postgres(pool)
                .with_timeout(options.timeout)
                .with_group_commit())
        } else if url.starts_with("sqlite:") {
            Store::open_sqlite(SqliteConnectOptions::from_str(url)?, options).await
        } else {
            Err(sqlx::Error::Configuration(Box::new(UnsupportedDatabase(
                url.to_owned(),
            ))))
        }
    }

    /// Opens (creating it if needed) an SQLite database file.
    pub async fn open_sqlite_file(
        path: &Path,
        options: StoreOptions,
    ) -> Result<Store, sqlx::Error> {
        Store::open_sqlite(SqliteConnectOptions::new().filename(path), options).await
    }

    /// Opens (creating it if needed) an SQLite database, in WAL mode, and
    /// checks that it can be written.
    pub(super) async fn open_sqlite(
        options: SqliteConnectOptions,
        store: StoreOptions,
    ) -> Result<Store, sqlx::Error> {
        let path = options.get_filename().display().to_string();
        let not_writable = |error: sqlx::Error| {
            sqlx::Error::Configuration(Box::new(NotWritable {
                path: path.clone(),
                reason: error.to_string(),
            }))
        };
        // WAL lets readers (history, health checks) run beside the writer.
        let options = options
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(store.sqlite_synchronous.pragma())
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            .acquire_timeout(Duration::from_secs(5))
            .connect_with(options)
            .await
            // Switching a read-only file to WAL already fails here.
            .map_err(|e| if is_read_only(&e) { not_writable(e) } else { e })?;
        check_writable(&pool).await.map_err(not_writable)?;
        Ok(Store {
            pool: Pool::Sqlite(pool),
            committer: None,
            timeout: store.timeout,
        }
        .with_group_commit())
    }

    /// SQLite's `PRAGMA synchronous` on one of the store's connections
    /// (0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA); `None` on PostgreSQL.
    pub async fn sqlite_synchronous(&self) -> Result<Option<i64>, sqlx::Error> {
        match &self.pool {
            Pool::Postgres(_) => Ok(None),
            Pool::Sqlite(pool) => sqlx::query_scalar("PRAGMA synchronous")
                .fetch_one(pool)
                .await
                .map(Some),
        }
    }
}

/// Writes once, in a transaction that is rolled back. A database opened
/// read-only still answers reads, so with its migrations already applied
/// the server would start and report ready, then fail every move. Taking
/// the write lock is not enough to find out: on a read-only database
/// SQLite quietly runs `BEGIN IMMEDIATE` as a read transaction. A write
/// (here, creating a scratch table) is refused with `SQLITE_READONLY`.
async fn check_writable(pool: &SqlitePool) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
    sqlx::query("CREATE TABLE senet_write_check (x INTEGER)")
        .execute(&mut *tx)
        .await?;
    tx.rollback().await
}
