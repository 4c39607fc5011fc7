//! Storage for games against the computer: its player rows and rooms whose
//! first game starts at once.

use chrono::Utc;
use uuid::Uuid;

use super::{Pool, Store};
use crate::computer::{self, ComputerLevel};

impl Store {
    /// Stores a private room whose first game is already playing between
    /// `creator` and the computer of `level` (the other seat). Creates the
    /// level's computer player the first time. One transaction.
    #[allow(clippy::too_many_arguments)]
    pub async fn create_computer_room(
        &self,
        code: &str,
        rule_set: &str,
        creator: Uuid,
        game_id: Uuid,
        cone: Uuid,
        spool: Uuid,
        level: ComputerLevel,
    ) -> Result<(), sqlx::Error> {
        let now = Utc::now();
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            sqlx::query(
                "INSERT INTO players (id, display_name, token_hash, created_at, computer_level)
                 VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (id) DO NOTHING",
            )
            .bind(computer::player_id(level))
            .bind(computer::display_name(level))
            .bind(Vec::<u8>::new())
            .bind(now)
            .bind(level.as_str())
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO rooms (code, rule_set, public, creator_id, created_at)
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(code)
            .bind(rule_set)
            .bind(false)
            .bind(creator)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO games (id, room_code, game_no, rule_set, cone_player, spool_player, status, created_at, started_at)
                 VALUES ($1, $2, 1, $3, $4, $5, 'playing', $6, $6)",
            )
            .bind(game_id)
            .bind(code)
            .bind(rule_set)
            .bind(cone)
            .bind(spool)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await
        })
    }

    /// The computer level stored for a player, `None` for people (and
    /// unknown ids).
    pub async fn computer_level(&self, player: Uuid) -> Result<Option<String>, sqlx::Error> {
        let level: Option<Option<String>> = on_pool!(self, pool => sqlx::query_scalar(
            "SELECT computer_level FROM players WHERE id = $1",
        )
        .bind(player)
        .fetch_optional(pool)
        .await)?;
        Ok(level.flatten())
    }
}
