//! Group commit: the steps that many rooms produce at the same moment are
//! written in one transaction by one writer task per database.
//!
//! A room sends its steps (and the end of its game, when it ended) and
//! waits for the answer; it tells nobody before its own steps are
//! committed. The writer takes every append already waiting (up to a
//! limit), checks that each game is still playing, inserts all their steps
//! with one statement, finishes the games that ended, commits, and answers
//! each room. The writer keeps one connection of its own, made with the
//! pool's options but outside it, so the hot path pays no pool pings (the
//! driver pings a connection each time it is taken from the pool and each
//! time it is returned).
//!
//! On PostgreSQL the writer runs on a thread of its own with its own small
//! runtime. On the server's runtime it waited, at each of a batch's round
//! trips, behind every socket task that was ready: on one busy core a
//! commit took 6-9 ms on average where the database needed far less, and
//! every room waited for it (2-4 ms on its own thread; issue 30's open-loop
//! measurement in `docs/benchmarks.md`). SQLite's driver already works on a
//! thread of its own, and there a third thread measured no better (p99
//! 2.5 ms worse), so its writer stays a task of the server's runtime.
//!
//! On PostgreSQL a batch of steps alone (no game ends in it, no lease
//! fences) is one statement that locks, checks and inserts, and that
//! PostgreSQL commits as a transaction of its own: one round trip instead
//! of four ([`postgres::steps_alone`]). Its answer is the commit's: an
//! error from the database means nothing was stored, no answer means the
//! outcome is unknown.
//!
//! The outcome rules are those of every write ([`super::write`]): a batch
//! that failed before its `COMMIT` was sent stored nothing, and then each
//! of its appends is tried again on its own, so one game the database
//! refuses (no longer playing) fails alone; a batch whose `COMMIT` got no
//! answer is unknown to every room in it, and each reads its game back.

use std::time::{Duration, Instant};

use chrono::Utc;
use tokio::sync::{mpsc, oneshot};
use uuid::Uuid;

use super::new_rows::SeatEnd;
use super::write::{WriteError, timed_out};
use super::{Pool, one_row};

mod postgres;
mod sqlite;

/// The most appends one transaction takes.
const MAX_APPENDS: usize = 256;
/// The most step rows one transaction inserts (six bind parameters a row,
/// well under both databases' limits).
const MAX_ROWS: usize = 2_000;
/// How many appends may wait for the writer; rooms wait beyond that.
const QUEUE: usize = 4_096;

/// One room's steps, numbered, and the end of its game when it ended.
#[derive(Debug)]
pub(super) struct Append {
    /// The game.
    pub game_id: Uuid,
    /// `(step_no, seat, text, clock)` for each step.
    pub rows: Vec<(i32, Option<i16>, String, Option<String>)>,
    /// How the game ended and each seat's end, when it ended.
    pub end: Option<(senet_engine::EndHow, Vec<SeatEnd>)>,
    /// The room lease the steps are fenced by (several nodes; PostgreSQL).
    pub fence: Option<super::Lease>,
}

struct Request {
    append: Append,
    limit: Duration,
    reply: oneshot::Sender<Result<(), WriteError>>,
}

/// The handle of a database's writer; its thread stops when the last
/// handle is dropped, after answering what is queued.
#[derive(Debug, Clone)]
pub(super) struct Committer {
    requests: mpsc::Sender<Request>,
}

/// The writer's own connection.
enum Conn {
    Postgres(sqlx::PgConnection),
    Sqlite(sqlx::SqliteConnection),
}

impl Committer {
    /// Starts the writer of `pool`'s database: on PostgreSQL on its own
    /// thread (or, if the OS gives no thread, as a task of the current
    /// runtime), on SQLite as a task of the current runtime.
    pub(super) fn start(pool: Pool) -> Committer {
        if matches!(pool, Pool::Sqlite(_)) {
            return Committer::on_runtime(pool);
        }
        let (requests, queue) = mpsc::channel(QUEUE);
        let own = pool.clone();
        let spawned = std::thread::Builder::new()
            .name("senet-writer".to_owned())
            .spawn(move || {
                match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(runtime) => runtime.block_on(run(own, queue)),
                    Err(error) => tracing::error!(%error, "the writer's runtime could not start"),
                }
            });
        if let Err(error) = spawned {
            tracing::warn!(%error, "no thread for the writer: it runs on the server's runtime");
            return Committer::on_runtime(pool);
        }
        Committer { requests }
    }

    /// The writer as a task of the current runtime.
    fn on_runtime(pool: Pool) -> Committer {
        let (requests, queue) = mpsc::channel(QUEUE);
        tokio::spawn(run(pool, queue));
        Committer { requests }
    }

    /// Commits `append`, grouped with whatever else is waiting, within
    /// `limit`.
    pub(super) async fn append(&self, append: Append, limit: Duration) -> Result<(), WriteError> {
        let (reply, answer) = oneshot::channel();
        let request = Request {
            append,
            limit,
            reply,
        };
        self.requests
            .send(request)
            .await
            .map_err(|_| WriteError::NotCommitted(stopped()))?;
        // A writer gone without an answer may have sent the commit.
        answer.await.map_err(|_| WriteError::Unknown(stopped()))?
    }
}

fn stopped() -> sqlx::Error {
    sqlx::Error::PoolClosed
}

/// Takes every append waiting (up to the limits) as one batch and commits
/// it, one batch at a time. (Two batches in flight on two connections
/// measured worse at the tail under an open loop: smaller batches, more
/// commits; `docs/benchmarks.md`.)
async fn run(pool: Pool, mut queue: mpsc::Receiver<Request>) {
    let mut conn: Option<Conn> = None;
    while let Some(first) = queue.recv().await {
        let mut rows = first.append.rows.len();
        let mut batch = vec![first];
        while batch.len() < MAX_APPENDS && rows < MAX_ROWS {
            let Ok(next) = queue.try_recv() else { break };
            rows += next.append.rows.len();
            batch.push(next);
        }
        commit_batch(&pool, &mut conn, batch, rows).await;
    }
}

/// Commits a batch of `rows` step rows and answers each of its rooms.
async fn commit_batch(pool: &Pool, conn: &mut Option<Conn>, batch: Vec<Request>, rows: usize) {
    let limit = batch.iter().map(|r| r.limit).min().unwrap_or_default();
    let appends: Vec<&Append> = batch.iter().map(|r| &r.append).collect();
    let began = Instant::now();
    match commit(pool, conn, limit, &appends).await {
        Ok(()) => {
            crate::metrics::db_commit(began.elapsed());
            crate::metrics::steps_committed(rows);
            for request in batch {
                let _ = request.reply.send(Ok(()));
            }
        }
        Err(WriteError::NotCommitted(error)) if batch.len() > 1 => {
            tracing::warn!(%error, appends = batch.len(), "a grouped commit was refused; committing each alone");
            for request in batch {
                let result = commit(pool, conn, request.limit, &[&request.append]).await;
                let _ = request.reply.send(result);
            }
        }
        Err(error) => {
            let unknown = error.is_unknown();
            let message = error.to_string();
            let mut original = Some(error);
            for request in batch {
                // Each room gets the outcome; the first the error itself.
                let error = original.take().unwrap_or_else(|| {
                    let copy = sqlx::Error::Protocol(message.clone());
                    if unknown {
                        WriteError::Unknown(copy)
                    } else {
                        WriteError::NotCommitted(copy)
                    }
                });
                let _ = request.reply.send(Err(error));
            }
        }
    }
}

/// A connection of the writer's own, with the pool's options: made on the
/// writer's runtime, whose thread then serves its socket.
async fn connect(pool: &Pool, limit: Duration) -> Result<Conn, WriteError> {
    use sqlx::Connection;
    let taken = tokio::time::timeout(limit, async {
        Ok::<_, sqlx::Error>(match pool {
            Pool::Postgres(pool) => {
                Conn::Postgres(sqlx::PgConnection::connect_with(&pool.connect_options()).await?)
            }
            Pool::Sqlite(pool) => {
                Conn::Sqlite(sqlx::SqliteConnection::connect_with(&pool.connect_options()).await?)
            }
        })
    })
    .await;
    match taken {
        Ok(Ok(conn)) => Ok(conn),
        Ok(Err(error)) => Err(WriteError::NotCommitted(error)),
        Err(_) => Err(WriteError::NotCommitted(timed_out(limit))),
    }
}

/// The batch's statements on either driver: lock the games (each must be
/// playing), insert every step, finish the games that ended.
macro_rules! write_batch {
    ($conn:ident, $begin:expr, $playing:path, $held:path, $insert:path, $appends:expr, $commit_sent:ident) => {{
        let now = Utc::now();
        sqlx::Executor::execute(&mut *$conn, $begin).await?;
        let playing = $playing(&mut *$conn, $appends).await?;
        if playing != $appends.len() {
            return Err(sqlx::Error::RowNotFound);
        }
        // Every fenced append's lease, checked and held (`FOR SHARE`) by
        // one statement for the whole batch. The rows are locked in one
        // order, the rooms' codes (the sort comes before the locks), as the
        // renewal of a node's leases locks them: two orders could deadlock.
        let mut fences: Vec<(Uuid, &super::Lease)> = $appends
            .iter()
            .filter_map(|append| Some((append.game_id, append.fence.as_ref()?)))
            .collect();
        fences.sort_by(|a, b| (&a.1.room_code, a.0).cmp(&(&b.1.room_code, b.0)));
        fences.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
        if !fences.is_empty() {
            let held = $held(&mut *$conn, &fences).await?;
            if held != fences.len() {
                // One of them moved on: the batch is tried again append
                // by append, and the fenced one fails alone.
                return Err(super::leases::fenced());
            }
        }
        if $appends.iter().any(|append| !append.rows.is_empty()) {
            $insert(&mut *$conn, $appends, now).await?;
        }
        for append in $appends {
            if let Some((how, seats)) = &append.end {
                finish_game!($conn, append.game_id, how, seats, now);
            }
        }
        $commit_sent = true;
        sqlx::Executor::execute(&mut *$conn, "COMMIT").await?;
        Ok::<(), sqlx::Error>(())
    }};
}

/// One transaction for `appends` on the writer's connection (made anew
/// after any failure, which closes it: it may still hold a transaction).
async fn commit(
    pool: &Pool,
    conn: &mut Option<Conn>,
    limit: Duration,
    appends: &[&Append],
) -> Result<(), WriteError> {
    let mut current = match conn.take() {
        Some(current) => current,
        None => connect(pool, limit).await?,
    };
    let mut commit_sent = false;
    // Steps alone go as one statement on PostgreSQL, its own transaction.
    let alone = appends
        .iter()
        .all(|append| append.end.is_none() && append.fence.is_none());
    let mut sent_alone = false;
    let ran = tokio::time::timeout(limit, async {
        match &mut current {
            Conn::Postgres(c) if alone => {
                sent_alone = true;
                if postgres::steps_alone(c, appends).await? == appends.len() {
                    Ok(())
                } else {
                    // Known: the statement inserted nothing.
                    Err(sqlx::Error::RowNotFound)
                }
            }
            // The games' rows are locked until the commit on PostgreSQL;
            // SQLite's write lock is taken at BEGIN IMMEDIATE.
            Conn::Postgres(c) => {
                write_batch!(
                    c,
                    "BEGIN",
                    postgres::playing,
                    postgres::leases_held,
                    postgres::insert,
                    appends,
                    commit_sent
                )
            }
            Conn::Sqlite(c) => write_batch!(
                c,
                "BEGIN IMMEDIATE",
                sqlite::playing,
                sqlite::leases_held,
                sqlite::insert,
                appends,
                commit_sent
            ),
        }
    })
    .await;
    let error = match ran {
        Ok(Ok(())) => {
            *conn = Some(current);
            return Ok(());
        }
        Ok(Err(error)) => error,
        Err(_) => timed_out(limit),
    };
    // A statement that was its own transaction and was answered with an
    // error (or found a game not playing) stored nothing; one that got no
    // answer may have committed.
    let unknown = if sent_alone {
        !matches!(error, sqlx::Error::Database(_) | sqlx::Error::RowNotFound)
    } else {
        commit_sent
    };
    if sent_alone && !unknown {
        // Answered, so no transaction is left open: the connection serves
        // the retries of the batch's appends one by one.
        *conn = Some(current);
    } else {
        // It may still hold a transaction; dropping it closes it.
        drop(current);
    }
    if unknown {
        Err(WriteError::Unknown(error))
    } else {
        Err(WriteError::NotCommitted(error))
    }
}
