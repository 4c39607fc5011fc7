//! The macros every query goes through: one query body compiled for both
//! drivers, a time limit on every read, and every write as one explicit
//! transaction whose outcome [`super::write`] decides.

/// Runs the same query code on whichever pool the store holds; the body is
/// compiled once per driver, so a query that one of them cannot run does not
/// build.
macro_rules! on_pool {
    ($store:expr, $pool:ident => $body:expr) => {
        match &$store.pool {
            Pool::Postgres($pool) => $body,
            Pool::Sqlite($pool) => $body,
        }
    };
}

/// A read on whichever pool the store holds, bounded by the store's time
/// limit; the body is a `Result<_, sqlx::Error>`.
macro_rules! read {
    ($store:expr, $pool:ident => $body:expr) => {
        $crate::store::write::bounded($store.timeout, async { on_pool!($store, $pool => $body) }).await
    };
}

/// A write as one explicit transaction on a connection of its own, bounded
/// by the store's time limit; `$conn` is the connection in the body, which
/// yields a `Result<_, sqlx::Error>`. The outcome is decided by
/// [`write::settle`]: committed, not committed, or unknown.
macro_rules! in_transaction {
    ($store:expr, $conn:ident => $body:expr) => {
        match &$store.pool {
            $crate::store::Pool::Postgres(pool) => in_transaction!(@run $store, pool, "BEGIN", $conn => $body),
            // IMMEDIATE takes the write lock at once, so a transaction never
            // fails half-way to upgrade a read lock.
            $crate::store::Pool::Sqlite(pool) => in_transaction!(@run $store, pool, "BEGIN IMMEDIATE", $conn => $body),
        }
    };
    (@run $store:expr, $pool:ident, $begin:expr, $conn:ident => $body:expr) => {{
        let limit = $store.timeout;
        let mut pooled = $crate::store::write::acquire($pool, limit).await?;
        let mut commit_sent = false;
        let ran = tokio::time::timeout(limit, async {
            let $conn = &mut *pooled;
            sqlx::Executor::execute(&mut *$conn, $begin).await?;
            let value = $body?;
            commit_sent = true;
            sqlx::Executor::execute(&mut *$conn, "COMMIT").await?;
            Ok::<_, sqlx::Error>(value)
        })
        .await;
        $crate::store::write::settle(ran, commit_sent, limit, pooled)
    }};
}
