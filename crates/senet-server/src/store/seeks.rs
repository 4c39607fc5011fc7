//! Quick pairing's seeks: players waiting in a pool, shared by every node.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Pool, Store, WriteError};

/// A seek as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SeekRow {
    /// The seek.
    pub id: Uuid,
    /// Who waits.
    pub player_id: Uuid,
    /// Their rating in the pool when they began.
    pub rating: f64,
    /// When they began.
    pub created_at: DateTime<Utc>,
    /// The room they were paired into, once paired.
    pub room_code: Option<String>,
}

/// What a pool is: the room every pair of it is seated in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeekPool {
    /// The rule set's id.
    pub rule_set: String,
    /// The seat count.
    pub seats: i16,
    /// The time control as stored text (`""` for none).
    pub time_control: String,
    /// Rated or casual.
    pub rated: bool,
}

/// How many wait in one pool.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PoolCount {
    /// The rule set's id.
    pub rule_set: String,
    /// The seat count.
    pub seats: i16,
    /// The time control as stored text.
    pub time_control: String,
    /// Rated or casual.
    pub rated: bool,
    /// Players waiting.
    pub waiting: i64,
}

impl Store {
    /// Puts a player in a pool: their earlier seek, if any, is replaced
    /// (one pool at a time), and seeks nobody has seen since `stale` (their
    /// node died) are cleared.
    pub async fn insert_seek(
        &self,
        id: Uuid,
        player_id: Uuid,
        pool: &SeekPool,
        rating: f64,
        stale: DateTime<Utc>,
    ) -> Result<(), WriteError> {
        let now = Utc::now();
        in_transaction!(self, conn => async {
            sqlx::query("DELETE FROM seeks WHERE player_id = $1 OR seen_at < $2")
                .bind(player_id)
                .bind(stale)
                .execute(&mut *conn)
                .await?;
            sqlx::query(
                "INSERT INTO seeks (id, player_id, rule_set, seats, time_control, rated, rating, created_at, seen_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
            )
            .bind(id)
            .bind(player_id)
            .bind(&pool.rule_set)
            .bind(pool.seats)
            .bind(&pool.time_control)
            .bind(pool.rated)
            .bind(rating)
            .bind(now)
            .execute(&mut *conn)
            .await?;
            Ok::<_, sqlx::Error>(())
        }
        .await)
    }

    /// A seek by id; `None` once it is gone (cancelled or replaced).
    pub async fn seek(&self, id: Uuid) -> Result<Option<SeekRow>, sqlx::Error> {
        read!(self, pool => sqlx::query_as(
            "SELECT id, player_id, rating, created_at, room_code FROM seeks WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(pool)
        .await)
    }

    /// Marks a seek as seen now (its seeker is still connected).
    pub async fn touch_seek(&self, id: Uuid) -> Result<(), WriteError> {
        let now = Utc::now();
        in_transaction!(self, conn => sqlx::query("UPDATE seeks SET seen_at = $2 WHERE id = $1")
            .bind(id)
            .bind(now)
            .execute(&mut *conn)
            .await
            .map(|_| ()))
    }

    /// Takes a seek out of its pool (cancelled, disconnected, or read
    /// after its pair was made).
    pub async fn delete_seek(&self, id: Uuid) -> Result<(), WriteError> {
        in_transaction!(self, conn => sqlx::query("DELETE FROM seeks WHERE id = $1")
            .bind(id)
            .execute(&mut *conn)
            .await
            .map(|_| ()))
    }

    /// The unpaired seeks of a pool seen since `fresh`, oldest first (at
    /// most `limit`).
    pub async fn pool_seeks(
        &self,
        pool: &SeekPool,
        fresh: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<SeekRow>, sqlx::Error> {
        read!(self, db => sqlx::query_as(
            "SELECT id, player_id, rating, created_at, room_code FROM seeks
             WHERE rule_set = $1 AND seats = $2 AND time_control = $3 AND rated = $4
               AND room_code IS NULL AND seen_at >= $5
             ORDER BY created_at, id LIMIT $6",
        )
        .bind(&pool.rule_set)
        .bind(pool.seats)
        .bind(&pool.time_control)
        .bind(pool.rated)
        .bind(fresh)
        .bind(limit)
        .fetch_all(db)
        .await)
    }

    /// How many wait in each pool (seen since `fresh`, unpaired).
    pub async fn pool_counts(&self, fresh: DateTime<Utc>) -> Result<Vec<PoolCount>, sqlx::Error> {
        read!(self, db => sqlx::query_as(
            "SELECT rule_set, seats, time_control, rated, count(*) AS waiting FROM seeks
             WHERE room_code IS NULL AND seen_at >= $1
             GROUP BY rule_set, seats, time_control, rated
             ORDER BY rule_set, seats, time_control, rated",
        )
        .bind(fresh)
        .fetch_all(db)
        .await)
    }

    /// A player's rating in a pool, if they have played in it.
    pub async fn rating_in(&self, player_id: Uuid, pool: &str) -> Result<Option<f64>, sqlx::Error> {
        read!(self, db => sqlx::query_scalar(
            "SELECT rating FROM ratings WHERE player_id = $1 AND pool = $2",
        )
        .bind(player_id)
        .bind(pool)
        .fetch_optional(db)
        .await)
    }
}
