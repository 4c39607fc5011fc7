//! The one place where the outcome of a database call is decided.
//!
//! A write runs on a connection of its own as `BEGIN … COMMIT`, written out
//! rather than through the driver's transaction manager, so that no
//! bookkeeping of the driver can fall out of step with the database after
//! an error (SQLite may roll a transaction back by itself on `SQLITE_FULL`;
//! a later "commit" must never be a savepoint release inside a transaction
//! that stayed open). Its outcome is one of three:
//!
//! - committed: `Ok`;
//! - not committed ([`WriteError::NotCommitted`]): the failure came before
//!   `COMMIT` was sent, so the database holds nothing of it;
//! - unknown ([`WriteError::Unknown`]): `COMMIT` was sent and no answer came
//!   back (the connection dropped, the time ran out, the database reported
//!   an error while committing). Only reading back can tell; the caller must
//!   do so and never guess.
//!
//! A connection that saw any failure is closed, never returned to the pool:
//! it may still hold a transaction open, or be in the middle of a message.
//! Every call, read or write, is bounded by the store's timeout.

use std::future::Future;
use std::time::Duration;

use sqlx::pool::PoolConnection;
use sqlx::{Database, Pool};

/// Why a write did not report success.
#[derive(Debug)]
pub enum WriteError {
    /// The database holds nothing of the write: it failed before its
    /// commit was sent.
    NotCommitted(sqlx::Error),
    /// The commit was sent but its outcome is unknown; read back to learn
    /// whether it was stored.
    Unknown(sqlx::Error),
}

impl WriteError {
    /// The database error behind the failure.
    #[must_use]
    pub fn cause(&self) -> &sqlx::Error {
        match self {
            WriteError::NotCommitted(error) | WriteError::Unknown(error) => error,
        }
    }

    /// True when a fenced write was refused because its room's lease
    /// moved to another holder: nothing was stored, and this node must stop
    /// running the room.
    #[must_use]
    pub fn is_fenced(&self) -> bool {
        matches!(self, WriteError::NotCommitted(sqlx::Error::Protocol(message)) if message == super::leases::FENCED)
    }

    /// True when only reading back can tell whether the write was stored.
    #[must_use]
    pub fn is_unknown(&self) -> bool {
        matches!(self, WriteError::Unknown(_))
    }
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::NotCommitted(error) => write!(f, "not committed: {error}"),
            WriteError::Unknown(error) => write!(f, "commit outcome unknown: {error}"),
        }
    }
}

impl std::error::Error for WriteError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(self.cause())
    }
}

/// A write error as a plain database error, for callers (the HTTP API) that
/// only report failure: nothing was acknowledged to anyone, so an unknown
/// outcome needs no resolving there.
impl From<WriteError> for sqlx::Error {
    fn from(error: WriteError) -> sqlx::Error {
        match error {
            WriteError::NotCommitted(error) | WriteError::Unknown(error) => error,
        }
    }
}

/// The error of a database call that ran out of time.
pub(super) fn timed_out(limit: Duration) -> sqlx::Error {
    sqlx::Error::Io(std::io::Error::new(
        std::io::ErrorKind::TimedOut,
        format!(
            "the database did not answer within {} ms",
            limit.as_millis()
        ),
    ))
}

/// Runs a read (or any call that changes nothing) within the time limit.
pub(super) async fn bounded<T>(
    limit: Duration,
    call: impl Future<Output = Result<T, sqlx::Error>>,
) -> Result<T, sqlx::Error> {
    tokio::time::timeout(limit, call)
        .await
        .unwrap_or_else(|_| Err(timed_out(limit)))
}

/// Takes a connection for a write; failing here stores nothing.
pub(super) async fn acquire<DB: Database>(
    pool: &Pool<DB>,
    limit: Duration,
) -> Result<PoolConnection<DB>, WriteError> {
    match tokio::time::timeout(limit, pool.acquire()).await {
        Ok(Ok(conn)) => Ok(conn),
        Ok(Err(error)) => Err(WriteError::NotCommitted(error)),
        Err(_) => Err(WriteError::NotCommitted(timed_out(limit))),
    }
}

/// Decides a write's outcome from how its `BEGIN … COMMIT` ended and whether
/// `COMMIT` had been sent; closes the connection on any failure.
pub(super) fn settle<DB: Database, T>(
    ran: Result<Result<T, sqlx::Error>, tokio::time::error::Elapsed>,
    commit_sent: bool,
    limit: Duration,
    mut conn: PoolConnection<DB>,
) -> Result<T, WriteError> {
    let error = match ran {
        Ok(Ok(value)) => return Ok(value),
        Ok(Err(error)) => error,
        Err(_) => timed_out(limit),
    };
    conn.close_on_drop();
    if commit_sent {
        Err(WriteError::Unknown(error))
    } else {
        Err(WriteError::NotCommitted(error))
    }
}
