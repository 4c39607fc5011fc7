//! Storage: players, rooms, games and turns, on PostgreSQL or SQLite.
//!
//! Every write that a client will be told about is committed here first.
//! Both back ends run the same SQL (sqlx accepts `$1` placeholders on both);
//! each query is written once and type-checked against both drivers by
//! [`on_pool!`]. Schema differences live in `migrations/postgres` and
//! `migrations/sqlite`. Times are bound from Rust, never `now()`, so both
//! databases store the same instants.

#[macro_use]
mod dispatch;
mod rows;
mod write;

use std::time::{Duration, Instant};

use chrono::Utc;
use sqlx::{PgPool, SqlitePool};
use uuid::Uuid;

pub use rows::{GameRow, LobbyRow, PlayerRow, RoomRow, TurnRow};
pub use write::WriteError;

/// How long a database call may take by default before it is given up.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// The migrations for PostgreSQL, embedded in the binary.
pub static POSTGRES_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../../migrations/postgres");

/// The migrations for SQLite, embedded in the binary.
pub static SQLITE_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../../migrations/sqlite");

/// A turn about to be stored.
#[derive(Debug, Clone)]
pub struct NewTurn {
    /// The game.
    pub game_id: Uuid,
    /// 1-based turn number.
    pub turn_no: i32,
    /// `cone` or `spool`.
    pub side: &'static str,
    /// The throw value.
    pub throw: i16,
    /// Stick bits.
    pub sticks: i16,
    /// The moved piece's square, `None` for a forfeit.
    pub from_square: Option<i16>,
    /// Position text after the turn.
    pub position: String,
}

/// How a game ended, as stored.
#[derive(Debug, Clone, Copy)]
pub struct Finish {
    /// `cone` or `spool`.
    pub winner: &'static str,
    /// `borne_off`, `resigned` or `abandoned`.
    pub how: &'static str,
}

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
pub use history::{HistoryQuery, HistoryRow, ImportGame, Totals, WinnerFilter, contains_pattern};
pub use open::{NotWritable, SqliteSync, StoreOptions, UnsupportedDatabase};

/// The database handle.
#[derive(Debug, Clone)]
pub struct Store {
    pool: Pool,
    /// The longest any database call may take.
    timeout: Duration,
}

/// A room to store with its first game (see [`Store::create_room`]).
#[derive(Debug, Clone, Copy)]
pub struct NewRoom<'a> {
    /// The room's code.
    pub code: &'a str,
    /// The rule set's stable name.
    pub rule_set: &'a str,
    /// Listed in the lobby.
    pub public: bool,
    /// The player who created it.
    pub creator: Uuid,
    /// Its first game.
    pub game_id: Uuid,
    /// Who plays the Cone, if seated.
    pub cone: Option<Uuid>,
    /// Who plays the Spool, if seated.
    pub spool: Option<Uuid>,
    /// The computer's level when it takes the other seat; the game then
    /// starts at once.
    pub computer: Option<crate::computer::ComputerLevel>,
}

impl Store {
    /// Wraps an existing PostgreSQL pool.
    #[must_use]
    pub fn from_postgres(pool: PgPool) -> Store {
        Store {
            pool: Pool::Postgres(pool),
            timeout: DEFAULT_TIMEOUT,
        }
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

    /// Stores a new room with its first game, in one transaction. The game
    /// waits for an opponent, or, when the computer takes the other seat,
    /// starts at once (the level's computer player is created the first
    /// time it is needed).
    pub async fn create_room(&self, room: &NewRoom<'_>) -> Result<(), WriteError> {
        let now = Utc::now();
        let (status, started_at) = match room.computer {
            Some(_) => ("playing", Some(now)),
            None => ("waiting", None),
        };
        in_transaction!(self, conn => {
            if let Some(level) = room.computer {
                sqlx::query(
                    "INSERT INTO players (id, display_name, token_hash, created_at, computer_level)
                     VALUES ($1, $2, $3, $4, $5)
                     ON CONFLICT (id) DO NOTHING",
                )
                .bind(crate::computer::player_id(level))
                .bind(crate::computer::display_name(level))
                .bind(Vec::<u8>::new())
                .bind(now)
                .bind(level.as_str())
                .execute(&mut *conn)
                .await?;
            }
            sqlx::query(
                "INSERT INTO rooms (code, rule_set, public, creator_id, created_at)
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(room.code)
            .bind(room.rule_set)
            .bind(room.public)
            .bind(room.creator)
            .bind(now)
            .execute(&mut *conn)
            .await?;
            sqlx::query(
                "INSERT INTO games (id, room_code, game_no, rule_set, cone_player, spool_player, status, created_at, started_at)
                 VALUES ($1, $2, 1, $3, $4, $5, $6, $7, $8)",
            )
            .bind(room.game_id)
            .bind(room.code)
            .bind(room.rule_set)
            .bind(room.cone)
            .bind(room.spool)
            .bind(status)
            .bind(now)
            .bind(started_at)
            .execute(&mut *conn)
            .await
            .map(|_| ())
        })
    }

    /// Seats a player in the open seat of a waiting game and starts it.
    /// A seat that is no longer open is refused (`RowNotFound`, not
    /// committed).
    pub async fn seat_and_start(
        &self,
        game_id: Uuid,
        side: &str,
        player: Uuid,
    ) -> Result<(), WriteError> {
        // The column name comes from this fixed choice, never from input.
        let column = if side == "cone" {
            "cone_player"
        } else {
            "spool_player"
        };
        let sql = format!(
            "UPDATE games SET {column} = $2, status = 'playing', started_at = $3
             WHERE id = $1 AND status = 'waiting' AND {column} IS NULL"
        );
        in_transaction!(self, conn => {
            let affected = sqlx::query(&sql)
                .bind(game_id)
                .bind(player)
                .bind(Utc::now())
                .execute(&mut *conn)
                .await?
                .rows_affected();
            one_row(affected)
        })
    }

    /// Starts a new game in a room (a rematch), already playing.
    pub async fn create_game(
        &self,
        room: &str,
        game_no: i32,
        game_id: Uuid,
        rule_set: &str,
        cone: Uuid,
        spool: Uuid,
    ) -> Result<(), WriteError> {
        let now = Utc::now();
        in_transaction!(self, conn => sqlx::query(
            "INSERT INTO games (id, room_code, game_no, rule_set, cone_player, spool_player, status, created_at, started_at)
             VALUES ($1, $2, $3, $4, $5, $6, 'playing', $7, $7)",
        )
        .bind(game_id)
        .bind(room)
        .bind(game_no)
        .bind(rule_set)
        .bind(cone)
        .bind(spool)
        .bind(now)
        .execute(&mut *conn)
        .await
        .map(|_| ()))
    }

    /// Stores a throw that the side to move must now move by.
    pub async fn set_pending_throw(&self, game_id: Uuid, sticks: i16) -> Result<(), WriteError> {
        in_transaction!(self, conn => {
            let affected = sqlx::query(
                "UPDATE games SET pending_sticks = $2 WHERE id = $1 AND status = 'playing'",
            )
            .bind(game_id)
            .bind(sticks)
            .execute(&mut *conn)
            .await?
            .rows_affected();
            one_row(affected)
        })
    }

    /// Stores a completed turn (clearing any pending throw) and, when the
    /// turn ended the game, the result: one transaction.
    pub async fn insert_turn(
        &self,
        turn: &NewTurn,
        finish: Option<Finish>,
    ) -> Result<(), WriteError> {
        let now = Utc::now();
        let began = Instant::now();
        in_transaction!(self, conn => {
            sqlx::query(
                "INSERT INTO turns (game_id, turn_no, side, throw, sticks, from_square, position, played_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(turn.game_id)
            .bind(turn.turn_no)
            .bind(turn.side)
            .bind(turn.throw)
            .bind(turn.sticks)
            .bind(turn.from_square)
            .bind(&turn.position)
            .bind(now)
            .execute(&mut *conn)
            .await?;
            sqlx::query("UPDATE games SET pending_sticks = NULL WHERE id = $1")
                .bind(turn.game_id)
                .execute(&mut *conn)
                .await?;
            match finish {
                Some(finish) => one_row(
                    sqlx::query(FINISH_SQL)
                        .bind(turn.game_id)
                        .bind(finish.winner)
                        .bind(finish.how)
                        .bind(now)
                        .execute(&mut *conn)
                        .await?
                        .rows_affected(),
                ),
                None => Ok(()),
            }
        })?;
        crate::metrics::db_commit(began.elapsed());
        crate::metrics::turn_committed();
        Ok(())
    }

    /// Ends a game without a turn (resignation or abandonment). A game that
    /// is not playing is refused (`RowNotFound`, not committed), so a game
    /// is never finished twice.
    pub async fn finish_game(&self, game_id: Uuid, finish: Finish) -> Result<(), WriteError> {
        let began = Instant::now();
        in_transaction!(self, conn => {
            let affected = sqlx::query(FINISH_SQL)
                .bind(game_id)
                .bind(finish.winner)
                .bind(finish.how)
                .bind(Utc::now())
                .execute(&mut *conn)
                .await?
                .rows_affected();
            one_row(affected)
        })?;
        crate::metrics::db_commit(began.elapsed());
        Ok(())
    }

    /// A room by code.
    pub async fn room(&self, code: &str) -> Result<Option<RoomRow>, sqlx::Error> {
        read!(self, pool => sqlx::query_as(
            "SELECT code, rule_set, public FROM rooms WHERE code = $1",
        )
        .bind(code)
        .fetch_optional(pool)
        .await)
    }

    /// The latest game of a room.
    pub async fn latest_game(&self, code: &str) -> Result<Option<GameRow>, sqlx::Error> {
        let sql = format!("{GAME_SELECT} WHERE g.room_code = $1 ORDER BY g.game_no DESC LIMIT 1");
        read!(self, pool => sqlx::query_as(&sql).bind(code).fetch_optional(pool).await)
    }

    /// A game by id.
    pub async fn game(&self, id: Uuid) -> Result<Option<GameRow>, sqlx::Error> {
        let sql = format!("{GAME_SELECT} WHERE g.id = $1");
        read!(self, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
    }

    /// The turns of a game, in order.
    pub async fn turns(&self, game_id: Uuid) -> Result<Vec<TurnRow>, sqlx::Error> {
        read!(self, pool => sqlx::query_as(
            "SELECT turn_no, side, throw, sticks, from_square, position, played_at
             FROM turns WHERE game_id = $1 ORDER BY turn_no",
        )
        .bind(game_id)
        .fetch_all(pool)
        .await)
    }

    /// How many turns are stored, over all games.
    pub async fn turn_count(&self) -> Result<i64, sqlx::Error> {
        read!(self, pool => sqlx::query_scalar("SELECT count(*) FROM turns")
            .fetch_one(pool)
            .await)
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

    /// Public rooms waiting for an opponent, newest first.
    pub async fn lobby(&self) -> Result<Vec<LobbyRow>, sqlx::Error> {
        read!(self, pool => sqlx::query_as(
            "SELECT r.code, r.rule_set, p.display_name AS creator_name,
                    CASE WHEN g.cone_player IS NULL THEN 'cone' ELSE 'spool' END AS open_side,
                    r.created_at
             FROM rooms r
             JOIN games g ON g.room_code = r.code AND g.status = 'waiting'
             JOIN players p ON p.id = r.creator_id
             WHERE r.public
             ORDER BY r.created_at DESC
             LIMIT 100",
        )
        .fetch_all(pool)
        .await)
    }
}

const GAME_SELECT: &str =
    "SELECT g.id, g.room_code, g.game_no, g.rule_set, g.cone_player, g.spool_player,
        pc.display_name AS cone_name, ps.display_name AS spool_name,
        g.status, g.winner, g.result_how, g.pending_sticks, g.created_at, g.finished_at
     FROM games g
     LEFT JOIN players pc ON pc.id = g.cone_player
     LEFT JOIN players ps ON ps.id = g.spool_player";

/// Ends a game that is still playing: $1 game, $2 winner, $3 how, $4 time.
const FINISH_SQL: &str = "UPDATE games SET status = 'finished', winner = $2, result_how = $3,
        pending_sticks = NULL, finished_at = $4
     WHERE id = $1 AND status = 'playing'";

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
