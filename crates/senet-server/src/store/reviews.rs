//! Storage for game reviews: one row a game, replaced when a newer version
//! of the analysis computes it again.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Pool, Store, WriteError};

/// A stored review.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ReviewRow {
    /// The analysis's version that computed it.
    pub version: i32,
    /// The node budget of its searches.
    pub nodes: i64,
    /// When it was computed.
    pub computed_at: DateTime<Utc>,
    /// The review as the API serves it (JSON text).
    pub document: String,
}

impl Store {
    /// A game's stored review, if any.
    pub async fn review(&self, game_id: Uuid) -> Result<Option<ReviewRow>, sqlx::Error> {
        read!(self, pool => sqlx::query_as(
            "SELECT version, nodes, computed_at, document FROM game_reviews WHERE game_id = $1",
        )
        .bind(game_id)
        .fetch_optional(pool)
        .await)
    }

    /// Stores a game's review, replacing an older one.
    pub async fn put_review(
        &self,
        game_id: Uuid,
        version: i32,
        nodes: i64,
        document: &str,
    ) -> Result<(), WriteError> {
        let now = Utc::now();
        in_transaction!(self, conn => {
            sqlx::query(
                "INSERT INTO game_reviews (game_id, version, nodes, computed_at, document)
                 VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (game_id) DO UPDATE SET version = excluded.version,
                     nodes = excluded.nodes, computed_at = excluded.computed_at,
                     document = excluded.document",
            )
            .bind(game_id)
            .bind(version)
            .bind(nodes)
            .bind(now)
            .bind(document)
            .execute(&mut *conn)
            .await
            .map(|_| ())
        })
    }
}
