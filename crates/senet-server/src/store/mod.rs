//! Storage: players, rooms, games with their seats and steps, on PostgreSQL
//! or SQLite.
//!
//! A game is its rows in `games`, one row a seat in `game_seats` and one
//! row a step in `steps` (`shared/design/game-model.md`); the store keeps
//! the steps' text as the room writes it and does not interpret it.
//! Every write that a client will be told about is committed here first.
//! Both back ends run the same SQL (sqlx accepts `$1` placeholders on both);
//! each query is written once and type-checked against both drivers by
//! [`on_pool!`]. Schema differences live in `migrations/postgres` and
//! `migrations/sqlite`. Times are bound from Rust, never `now()`, so both
//! databases store the same instants.

#[macro_use]
mod dispatch;
#[macro_use]
pub(crate) mod ratings;
#[macro_use]
mod game_sql;
#[macro_use]
mod games;
pub use games::SeatTaken;
mod accounts;
mod chat;
mod committer;
mod import;
mod leases;
mod names;
mod new_rows;
mod reads;
mod rows;
mod seeks;
mod write;

use std::time::Duration;

use chrono::Utc;
use sqlx::{PgPool, SqlitePool};
use uuid::Uuid;

pub use accounts::{AccountRow, Credential, NewAccount, SignUp};
pub use chat::{ChatRow, NewChat};
pub use import::ImportGame;
pub use leases::{FirstLease, Lease, LeaseState};
pub use names::{GameStatus, UnknownName};
pub use new_rows::{NewGame, NewRoom, NewStep, StoredEnd};
pub use ratings::{LeaderRow, PoolRating, RatingPoint};
pub use rows::{GameRow, LobbyRow, PlayerRow, RoomRow, SeatRow, StepRow};
pub use seeks::{PoolCount, SeekPool, SeekRow};
pub use write::WriteError;

/// How long a database call may take by default before it is given up.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// The migrations for PostgreSQL, embedded in the binary.
pub static POSTGRES_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../../migrations/postgres");

/// The migrations for SQLite, embedded in the binary.
pub static SQLITE_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../../migrations/sqlite");

/// Which database a store keeps its data in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// A PostgreSQL server.
    Postgres,
    /// An embedded SQLite file.
    Sqlite,
}

#[derive(Debug, Clone)]
enum Pool {
    Postgres(PgPool),
    Sqlite(SqlitePool),
}

mod computer;
mod history;
mod open;
mod reviews;
pub use history::{
    HistoryQuery, HistoryRow, RuleSetTotals, Totals, WinnerFilter, contains_pattern,
};
pub use open::{NotWritable, SqliteSync, StoreOptions, UnsupportedDatabase};
pub use reviews::ReviewRow;

/// The database handle.
#[derive(Debug, Clone)]
pub struct Store {
    pool: Pool,
    /// The writer that groups the rooms' steps into shared transactions;
    /// `None` for a store made from a bare pool, which writes each alone.
    committer: Option<committer::Committer>,
    /// The longest any database call may take.
    timeout: Duration,
}

impl Store {
    /// Wraps an existing PostgreSQL pool.
    #[must_use]
    pub fn from_postgres(pool: PgPool) -> Store {
        Store {
            pool: Pool::Postgres(pool),
            committer: None,
            timeout: DEFAULT_TIMEOUT,
        }
    }

    /// The same store with its steps written by one writer that groups
    /// what many rooms commit at the same moment (`committer`). Needs a
    /// tokio runtime.
    #[must_use]
    pub fn with_group_commit(mut self) -> Store {
        self.committer = Some(committer::Committer::start(self.pool.clone()));
        self
    }

    /// The same store with another time limit for each database call.
    #[must_use]
    pub fn with_timeout(mut self, timeout: Duration) -> Store {
        self.timeout = timeout;
        self
    }

    /// Which database this store uses.
    #[must_use]
    pub fn backend(&self) -> Backend {
        match self.pool {
            Pool::Postgres(_) => Backend::Postgres,
            Pool::Sqlite(_) => Backend::Sqlite,
        }
    }

    /// Which database, for the log: never the URL, which may hold a password.
    #[must_use]
    pub fn describe(&self) -> &'static str {
        match self.backend() {
            Backend::Postgres => "postgresql",
            Backend::Sqlite => "sqlite",
        }
    }

    /// Closes every connection.
    pub async fn close(&self) {
        on_pool!(self, pool => pool.close().await);
    }

    /// Runs the migrations.
    pub async fn migrate(&self) -> Result<(), sqlx::migrate::MigrateError> {
        match &self.pool {
            Pool::Postgres(pool) => POSTGRES_MIGRATOR.run(pool).await,
            Pool::Sqlite(pool) => SQLITE_MIGRATOR.run(pool).await,
        }
    }

    /// Checks that the database answers.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        read!(self, pool => sqlx::query("SELECT 1").execute(pool).await.map(|_| ()))
    }

    /// Stores a new player.
    pub async fn create_player(
        &self,
        id: Uuid,
        display_name: &str,
        token_hash: &[u8],
    ) -> Result<(), WriteError> {
        in_transaction!(self, conn => sqlx::query(
            "INSERT INTO players (id, display_name, token_hash, created_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(display_name)
        .bind(token_hash)
        .bind(Utc::now())
        .execute(&mut *conn)
        .await
        .map(|_| ()))
    }

    /// A player by id.
    pub async fn player(&self, id: Uuid) -> Result<Option<PlayerRow>, sqlx::Error> {
        read!(self, pool => sqlx::query_as(
            "SELECT id, display_name, token_hash FROM players WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(pool)
        .await)
    }

    /// A room by code.
    pub async fn room(&self, code: &str) -> Result<Option<RoomRow>, sqlx::Error> {
        let room: Option<rows::RoomColumns> = read!(self, pool => sqlx::query_as(
            "SELECT code, rule_set, public, creator_id, created_at, time_control, rated FROM rooms WHERE code = $1",
        )
        .bind(code)
        .fetch_optional(pool)
        .await)?;
        room.map(rows::RoomColumns::typed).transpose()
    }

    /// How many games are stored, over all rooms.
    pub async fn game_count(&self) -> Result<i64, sqlx::Error> {
        read!(self, pool => sqlx::query_scalar("SELECT count(*) FROM games")
            .fetch_one(pool)
            .await)
    }

    /// The codes of rooms whose latest game is unfinished.
    pub async fn unfinished_rooms(&self) -> Result<Vec<String>, sqlx::Error> {
        read!(self, pool => sqlx::query_scalar(
            "SELECT DISTINCT room_code FROM games WHERE status <> 'finished'",
        )
        .fetch_all(pool)
        .await)
    }
}

/// A conditional update that matched no row is refused: the state it
/// expected is gone (a seat taken, a game already finished). The caller's
/// transaction then rolls back, so nothing is committed.
fn one_row(rows_affected: u64) -> Result<(), sqlx::Error> {
    if rows_affected == 1 {
        Ok(())
    } else {
        Err(sqlx::Error::RowNotFound)
    }
}
