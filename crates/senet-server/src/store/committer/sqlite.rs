//! The writer's statements on SQLite.

use chrono::Utc;
use sqlx::{QueryBuilder, Sqlite};
use uuid::Uuid;

use super::Append;

/// How many of the batch's games are playing (SQLite: the database is
/// locked whole from `BEGIN IMMEDIATE`). In-process, so a statement text
/// per size costs no round trip.
pub(super) async fn playing(
    conn: &mut sqlx::SqliteConnection,
    appends: &[&Append],
) -> Result<usize, sqlx::Error> {
    let mut check =
        QueryBuilder::<Sqlite>::new("SELECT id FROM games WHERE status = 'playing' AND id IN (");
    let mut ids = check.separated(", ");
    for append in appends {
        ids.push_bind(append.game_id);
    }
    check.push(")");
    Ok(check.build().fetch_all(conn).await?.len())
}

/// How many of `fences` still hold: none can, as leases (several nodes)
/// need PostgreSQL, so a fenced write on SQLite fails as fenced.
pub(super) async fn leases_held(
    _conn: &mut sqlx::SqliteConnection,
    _fences: &[(Uuid, &crate::store::Lease)],
) -> Result<usize, sqlx::Error> {
    Ok(0)
}

/// Inserts every step of the batch with one multi-row statement.
pub(super) async fn insert(
    conn: &mut sqlx::SqliteConnection,
    appends: &[&Append],
    now: chrono::DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    let rows = appends.iter().flat_map(|append| {
        append
            .rows
            .iter()
            .map(move |(step_no, seat, text, clock)| (append.game_id, *step_no, *seat, text, clock))
    });
    let mut insert = QueryBuilder::<Sqlite>::new(
        "INSERT INTO steps (game_id, step_no, seat, step, played_at, clock) ",
    );
    insert.push_values(rows, |mut row, (game_id, step_no, seat, text, clock)| {
        row.push_bind(game_id)
            .push_bind(step_no)
            .push_bind(seat)
            .push_bind(text.as_str())
            .push_bind(now)
            .push_bind(clock.as_deref());
    });
    insert.build().execute(conn).await?;
    Ok(())
}
