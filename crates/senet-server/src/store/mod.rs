//! PostgreSQL storage: players, rooms, games and turns.
//!
//! Every write that a client will be told about is committed here first.

mod rows;

use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;
use uuid::Uuid;

pub use rows::{GameRow, LobbyRow, PlayerRow, RoomRow, TurnRow};

/// The migrations for PostgreSQL, embedded in the binary.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../../migrations/postgres");

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

/// The database handle.
#[derive(Debug, Clone)]
pub struct Store {
    pool: PgPool,
}

impl Store {
    /// Connects to the database.
    pub async fn connect(url: &str) -> Result<Store, sqlx::Error> {
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .acquire_timeout(std::time::Duration::from_secs(5))
            .connect(url)
            .await?;
        Ok(Store { pool })
    }

    /// Wraps an existing pool.
    #[must_use]
    pub fn from_pool(pool: PgPool) -> Store {
        Store { pool }
    }

    /// The pool.
    #[must_use]
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// Runs the migrations.
    pub async fn migrate(&self) -> Result<(), sqlx::migrate::MigrateError> {
        MIGRATOR.run(&self.pool).await
    }

    /// Checks that the database answers.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1")
            .execute(&self.pool)
            .await
            .map(|_| ())
    }

    /// Stores a new player.
    pub async fn create_player(
        &self,
        id: Uuid,
        display_name: &str,
        token_hash: &[u8],
    ) -> Result<(), sqlx::Error> {
        sqlx::query("INSERT INTO players (id, display_name, token_hash) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(display_name)
            .bind(token_hash)
            .execute(&self.pool)
            .await
            .map(|_| ())
    }

    /// A player by id.
    pub async fn player(&self, id: Uuid) -> Result<Option<PlayerRow>, sqlx::Error> {
        sqlx::query_as("SELECT id, display_name, token_hash FROM players WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
    }

    /// Stores a new room with its first game, waiting for an opponent.
    #[allow(clippy::too_many_arguments)]
    pub async fn create_room(
        &self,
        code: &str,
        rule_set: &str,
        public: bool,
        creator: Uuid,
        game_id: Uuid,
        cone: Option<Uuid>,
        spool: Option<Uuid>,
    ) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO rooms (code, rule_set, public, creator_id) VALUES ($1, $2, $3, $4)",
        )
        .bind(code)
        .bind(rule_set)
        .bind(public)
        .bind(creator)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO games (id, room_code, game_no, rule_set, cone_player, spool_player, status)
             VALUES ($1, $2, 1, $3, $4, $5, 'waiting')",
        )
        .bind(game_id)
        .bind(code)
        .bind(rule_set)
        .bind(cone)
        .bind(spool)
        .execute(&mut *tx)
        .await?;
        tx.commit().await
    }

    /// Seats a player in the open seat of a waiting game and starts it.
    pub async fn seat_and_start(
        &self,
        game_id: Uuid,
        side: &str,
        player: Uuid,
    ) -> Result<(), sqlx::Error> {
        let column = if side == "cone" {
            "cone_player"
        } else {
            "spool_player"
        };
        let sql = format!(
            "UPDATE games SET {column} = $2, status = 'playing', started_at = now()
             WHERE id = $1 AND status = 'waiting' AND {column} IS NULL"
        );
        let done = sqlx::query(&sql)
            .bind(game_id)
            .bind(player)
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 1 {
            Ok(())
        } else {
            Err(sqlx::Error::RowNotFound)
        }
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
    ) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO games (id, room_code, game_no, rule_set, cone_player, spool_player, status, started_at)
             VALUES ($1, $2, $3, $4, $5, $6, 'playing', now())",
        )
        .bind(game_id)
        .bind(room)
        .bind(game_no)
        .bind(rule_set)
        .bind(cone)
        .bind(spool)
        .execute(&self.pool)
        .await
        .map(|_| ())
    }

    /// Stores a throw that the side to move must now move by.
    pub async fn set_pending_throw(&self, game_id: Uuid, sticks: i16) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE games SET pending_sticks = $2 WHERE id = $1 AND status = 'playing'")
            .bind(game_id)
            .bind(sticks)
            .execute(&self.pool)
            .await
            .map(|_| ())
    }

    /// Stores a completed turn (clearing any pending throw) and, when the
    /// turn ended the game, the result: one transaction.
    pub async fn insert_turn(
        &self,
        turn: &NewTurn,
        finish: Option<Finish>,
    ) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO turns (game_id, turn_no, side, throw, sticks, from_square, position)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(turn.game_id)
        .bind(turn.turn_no)
        .bind(turn.side)
        .bind(turn.throw)
        .bind(turn.sticks)
        .bind(turn.from_square)
        .bind(&turn.position)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE games SET pending_sticks = NULL WHERE id = $1")
            .bind(turn.game_id)
            .execute(&mut *tx)
            .await?;
        if let Some(finish) = finish {
            finish_in(&mut tx, turn.game_id, finish).await?;
        }
        tx.commit().await
    }

    /// Ends a game without a turn (resignation or abandonment).
    pub async fn finish_game(&self, game_id: Uuid, finish: Finish) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        finish_in(&mut tx, game_id, finish).await?;
        tx.commit().await
    }

    /// A room by code.
    pub async fn room(&self, code: &str) -> Result<Option<RoomRow>, sqlx::Error> {
        sqlx::query_as("SELECT code, rule_set, public FROM rooms WHERE code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await
    }

    /// The latest game of a room.
    pub async fn latest_game(&self, code: &str) -> Result<Option<GameRow>, sqlx::Error> {
        sqlx::query_as(&format!(
            "{GAME_SELECT} WHERE g.room_code = $1 ORDER BY g.game_no DESC LIMIT 1"
        ))
        .bind(code)
        .fetch_optional(&self.pool)
        .await
    }

    /// A game by id.
    pub async fn game(&self, id: Uuid) -> Result<Option<GameRow>, sqlx::Error> {
        sqlx::query_as(&format!("{GAME_SELECT} WHERE g.id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await
    }

    /// The turns of a game, in order.
    pub async fn turns(&self, game_id: Uuid) -> Result<Vec<TurnRow>, sqlx::Error> {
        sqlx::query_as(
            "SELECT turn_no, side, throw, sticks, from_square, position, played_at
             FROM turns WHERE game_id = $1 ORDER BY turn_no",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await
    }

    /// The codes of rooms whose latest game is unfinished.
    pub async fn unfinished_rooms(&self) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT DISTINCT room_code FROM games WHERE status <> 'finished'")
            .fetch_all(&self.pool)
            .await
    }

    /// Public rooms waiting for an opponent, newest first.
    pub async fn lobby(&self) -> Result<Vec<LobbyRow>, sqlx::Error> {
        sqlx::query_as(
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
        .fetch_all(&self.pool)
        .await
    }
}

const GAME_SELECT: &str =
    "SELECT g.id, g.room_code, g.game_no, g.rule_set, g.cone_player, g.spool_player,
        pc.display_name AS cone_name, ps.display_name AS spool_name,
        g.status, g.winner, g.result_how, g.pending_sticks, g.created_at, g.finished_at
     FROM games g
     LEFT JOIN players pc ON pc.id = g.cone_player
     LEFT JOIN players ps ON ps.id = g.spool_player";

async fn finish_in(
    tx: &mut sqlx::Transaction<'_, sqlx::Postgres>,
    game_id: Uuid,
    finish: Finish,
) -> Result<(), sqlx::Error> {
    let done = sqlx::query(
        "UPDATE games SET status = 'finished', winner = $2, result_how = $3,
                pending_sticks = NULL, finished_at = now()
         WHERE id = $1 AND status = 'playing'",
    )
    .bind(game_id)
    .bind(finish.winner)
    .bind(finish.how)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() == 1 {
        Ok(())
    } else {
        Err(sqlx::Error::RowNotFound)
    }
}
