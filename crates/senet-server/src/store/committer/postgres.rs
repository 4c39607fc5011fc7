//! The writer's statements on PostgreSQL: one text each whatever the
//! batch's size (arrays unnested), so the connection prepares each once.

use chrono::Utc;
use uuid::Uuid;

use super::Append;

/// How many of the batch's games are playing; on PostgreSQL their rows are
/// locked until the commit. One statement text whatever the batch's size,
/// so the connection prepares it once: a text per size missed the
/// driver's statement cache, and each miss cost a round trip to prepare
/// and PostgreSQL a parse and a plan.
pub(super) async fn playing(
    conn: &mut sqlx::PgConnection,
    appends: &[&Append],
) -> Result<usize, sqlx::Error> {
    let ids: Vec<Uuid> = appends.iter().map(|append| append.game_id).collect();
    let rows =
        sqlx::query("SELECT id FROM games WHERE status = 'playing' AND id = ANY($1) FOR UPDATE")
            .bind(ids)
            .fetch_all(conn)
            .await?;
    Ok(rows.len())
}

/// How many of `fences` (game, lease) still hold, their lease rows held
/// (`FOR SHARE`) in the rooms' order until the commit. One statement text
/// whatever their number (arrays unnested; see [`playing`]).
pub(super) async fn leases_held(
    conn: &mut sqlx::PgConnection,
    fences: &[(Uuid, &crate::store::Lease)],
) -> Result<usize, sqlx::Error> {
    let games: Vec<Uuid> = fences.iter().map(|(game, _)| *game).collect();
    let nodes: Vec<&str> = fences.iter().map(|(_, l)| l.node_id.as_str()).collect();
    let epochs: Vec<i64> = fences.iter().map(|(_, l)| l.epoch).collect();
    let rooms: Vec<&str> = fences.iter().map(|(_, l)| l.room_code.as_str()).collect();
    let rows = sqlx::query(
        "SELECT l.room_code FROM room_leases l JOIN games g ON g.room_code = l.room_code
         JOIN UNNEST($1::uuid[], $2::text[], $3::int8[], $4::text[]) AS f (g, n, e, r)
           ON g.id = f.g AND l.node_id = f.n AND l.epoch = f.e AND l.room_code = f.r
         ORDER BY l.room_code FOR SHARE OF l",
    )
    .bind(games)
    .bind(nodes)
    .bind(epochs)
    .bind(rooms)
    .fetch_all(conn)
    .await?;
    Ok(rows.len())
}

/// Inserts every step of the batch with one statement of one text (arrays
/// unnested; see [`playing`]).
pub(super) async fn insert(
    conn: &mut sqlx::PgConnection,
    appends: &[&Append],
    now: chrono::DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    let rows = Rows::of(appends);
    sqlx::query(
        "INSERT INTO steps (game_id, step_no, seat, step, played_at, clock)
         SELECT g, n, s, t, $5, c
         FROM UNNEST($1::uuid[], $2::int4[], $3::int2[], $4::text[], $6::text[]) AS u (g, n, s, t, c)",
    )
    .bind(rows.game_ids)
    .bind(rows.step_nos)
    .bind(rows.seats)
    .bind(rows.texts)
    .bind(now)
    .bind(rows.clocks)
    .execute(conn)
    .await?;
    Ok(())
}

/// A batch of steps alone (no game ends, no fences) as one statement,
/// which PostgreSQL runs as a transaction of its own: the games are locked
/// and checked, and the steps inserted only if every game is playing. One
/// round trip instead of four (`BEGIN`, the lock, the insert, `COMMIT`):
/// under load each round trip waited for the writer's thread and a
/// PostgreSQL backend to be scheduled again, and the writer, busy most of
/// the time, held every room of the next batch behind it (issue 30).
///
/// Returns how many of the games were playing; when that is not all of
/// them, nothing was inserted.
pub(super) async fn steps_alone(
    conn: &mut sqlx::PgConnection,
    appends: &[&Append],
) -> Result<usize, sqlx::Error> {
    let ids: Vec<Uuid> = appends.iter().map(|append| append.game_id).collect();
    let rows = Rows::of(appends);
    let (playing,): (i64,) = sqlx::query_as(
        "WITH playing AS (
             SELECT id FROM games WHERE status = 'playing' AND id = ANY($1) FOR UPDATE
         ), inserted AS (
             INSERT INTO steps (game_id, step_no, seat, step, played_at, clock)
             SELECT g, n, s, t, $6, c
             FROM UNNEST($2::uuid[], $3::int4[], $4::int2[], $5::text[], $7::text[]) AS u (g, n, s, t, c)
             WHERE (SELECT count(*) FROM playing) = cardinality($1::uuid[])
             RETURNING 1
         )
         SELECT count(*) FROM playing",
    )
    .bind(ids)
    .bind(rows.game_ids)
    .bind(rows.step_nos)
    .bind(rows.seats)
    .bind(rows.texts)
    .bind(Utc::now())
    .bind(rows.clocks)
    .fetch_one(conn)
    .await?;
    Ok(usize::try_from(playing).unwrap_or(0))
}

/// The batch's step rows as one array a column, for `UNNEST`.
struct Rows<'a> {
    game_ids: Vec<Uuid>,
    step_nos: Vec<i32>,
    seats: Vec<Option<i16>>,
    texts: Vec<&'a str>,
    clocks: Vec<Option<&'a str>>,
}

impl<'a> Rows<'a> {
    fn of(appends: &[&'a Append]) -> Rows<'a> {
        let count = appends.iter().map(|append| append.rows.len()).sum();
        let mut rows = Rows {
            game_ids: Vec::with_capacity(count),
            step_nos: Vec::with_capacity(count),
            seats: Vec::with_capacity(count),
            texts: Vec::with_capacity(count),
            clocks: Vec::with_capacity(count),
        };
        for append in appends {
            for (step_no, seat, text, clock) in &append.rows {
                rows.game_ids.push(append.game_id);
                rows.step_nos.push(*step_no);
                rows.seats.push(*seat);
                rows.texts.push(text.as_str());
                rows.clocks.push(clock.as_deref());
            }
        }
        rows
    }
}
