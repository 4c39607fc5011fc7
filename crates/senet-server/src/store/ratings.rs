//! Ratings as stored: the update a rated game's end makes, inside the
//! transaction that ends it, and the reads of profiles and leaderboards.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Pool, Store};
use crate::ratings::{Pool as RatingPool, Rating};

/// A stored rating row: `(rating, deviation, volatility, games, rated_at)`.
pub(crate) type RatingColumns = (f64, f64, Option<f64>, i32, DateTime<Utc>);

/// A stored rating row with its pool's name first.
type PoolRatingColumns = (String, f64, f64, Option<f64>, i32, DateTime<Utc>);

/// A rating row as the pure update takes it.
pub(crate) fn rating_of(columns: RatingColumns) -> Rating {
    let (rating, deviation, volatility, games, rated_at) = columns;
    Rating {
        rating,
        deviation,
        volatility,
        games,
        rated_at: Some(rated_at),
    }
}

/// Rates a game that this transaction has just finished, if its room is
/// rated: reads each seat's rating in the game's pool, computes the
/// update ([`crate::ratings::rate`]), writes the new ratings and a history
/// row per seat. In the game's ending transaction, so a crash applies it
/// with the end or not at all, and `rating_history`'s key refuses a second.
macro_rules! rate_game {
    ($conn:ident, $game_id:expr, $now:expr) => {{
        let rated: Option<(bool, String, i16)> = sqlx::query_as(
            "SELECT r.rated, g.rule_set, g.seat_count FROM games g JOIN rooms r ON r.code = g.room_code
             WHERE g.id = $1",
        )
        .bind($game_id)
        .fetch_optional(&mut *$conn)
        .await?;
        if let Some((true, rule_set, seat_count)) = rated {
            let seats: Vec<(Option<uuid::Uuid>, Option<i16>)> = sqlx::query_as(
                "SELECT player_id, place FROM game_seats WHERE game_id = $1 ORDER BY place",
            )
            .bind($game_id)
            .fetch_all(&mut *$conn)
            .await?;
            let placed: Vec<uuid::Uuid> = seats.iter().filter_map(|(player, place)| place.and(*player)).collect();
            match rule_set.parse::<senet_engine::RuleSetId>() {
                Ok(rule_set) if placed.len() == seats.len() && placed.len() >= 2 => {
                    let pool = $crate::ratings::Pool::of(rule_set, usize::try_from(seat_count).unwrap_or(0));
                    let pool_name = pool.to_string();
                    let mut before = Vec::with_capacity(placed.len());
                    for player in &placed {
                        let row: Option<$crate::store::ratings::RatingColumns> = sqlx::query_as(
                            "SELECT rating, deviation, volatility, games, rated_at FROM ratings
                             WHERE player_id = $1 AND pool = $2",
                        )
                        .bind(*player)
                        .bind(&pool_name)
                        .fetch_optional(&mut *$conn)
                        .await?;
                        before.push(row.map_or_else(
                            || $crate::ratings::Rating::start(pool.method()),
                            $crate::store::ratings::rating_of,
                        ));
                    }
                    let after = $crate::ratings::rate(&before, $now);
                    for ((player, old), new) in placed.iter().zip(&before).zip(&after) {
                        sqlx::query(
                            "INSERT INTO ratings (player_id, pool, rating, deviation, volatility, games, rated_at)
                             VALUES ($1, $2, $3, $4, $5, $6, $7)
                             ON CONFLICT (player_id, pool) DO UPDATE SET rating = excluded.rating,
                               deviation = excluded.deviation, volatility = excluded.volatility,
                               games = excluded.games, rated_at = excluded.rated_at",
                        )
                        .bind(*player)
                        .bind(&pool_name)
                        .bind(new.rating)
                        .bind(new.deviation)
                        .bind(new.volatility)
                        .bind(new.games)
                        .bind($now)
                        .execute(&mut *$conn)
                        .await?;
                        sqlx::query(
                            "INSERT INTO rating_history (game_id, player_id, pool, rating_before, deviation_before,
                               rating, deviation, volatility, rated_at)
                             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                        )
                        .bind($game_id)
                        .bind(*player)
                        .bind(&pool_name)
                        .bind(old.rating)
                        .bind(old.deviation)
                        .bind(new.rating)
                        .bind(new.deviation)
                        .bind(new.volatility)
                        .bind($now)
                        .execute(&mut *$conn)
                        .await?;
                    }
                }
                _ => tracing::warn!(game_id = %$game_id, %rule_set, "a rated game without a place for every seat is not rated"),
            }
        }
    }};
}

/// A player's rating in one pool, as read for the API.
#[derive(Debug, Clone)]
pub struct PoolRating {
    /// The pool.
    pub pool: RatingPool,
    /// The rating.
    pub rating: Rating,
}

/// One rated game in a player's history.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RatingPoint {
    /// The game.
    pub game_id: Uuid,
    /// The rating before it.
    pub rating_before: f64,
    /// The deviation before it (before idle growth).
    pub deviation_before: f64,
    /// The rating after it.
    pub rating: f64,
    /// The deviation after it.
    pub deviation: f64,
    /// The volatility after it (Glicko-2).
    pub volatility: Option<f64>,
    /// When the game ended.
    pub rated_at: DateTime<Utc>,
}

/// A leaderboard row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LeaderRow {
    /// The player.
    pub player_id: Uuid,
    /// Their username.
    pub username: String,
    /// Their display name.
    pub display_name: String,
    /// Rating (Glicko-2 rating or Weng-Lin μ).
    pub rating: f64,
    /// Deviation.
    pub deviation: f64,
    /// Rated games in the pool.
    pub games: i32,
    /// When the last ended.
    pub rated_at: DateTime<Utc>,
}

impl Store {
    /// A pool's best `limit` ratings among accounts whose deviation is at
    /// most `max_deviation` and who played a rated game since `since`,
    /// best first. Walks `ratings_pool_rating` from the top.
    pub async fn leaderboard(
        &self,
        pool: RatingPool,
        max_deviation: f64,
        since: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<LeaderRow>, sqlx::Error> {
        read!(self, db => sqlx::query_as(
            "SELECT r.player_id, a.username, p.display_name, r.rating, r.deviation, r.games, r.rated_at
             FROM ratings r
             JOIN accounts a ON a.player_id = r.player_id
             JOIN players p ON p.id = r.player_id
             WHERE r.pool = $1 AND r.deviation <= $2 AND r.rated_at >= $3
             ORDER BY r.rating DESC, r.player_id
             LIMIT $4",
        )
        .bind(pool.to_string())
        .bind(max_deviation)
        .bind(since)
        .bind(limit)
        .fetch_all(db)
        .await)
    }

    /// A player's ratings in every pool they have played rated games in.
    pub async fn ratings_of(&self, player_id: Uuid) -> Result<Vec<PoolRating>, sqlx::Error> {
        let rows: Vec<PoolRatingColumns> = read!(self, pool => sqlx::query_as(
            "SELECT pool, rating, deviation, volatility, games, rated_at FROM ratings WHERE player_id = $1",
        )
        .bind(player_id)
        .fetch_all(pool)
        .await)?;
        Ok(rows
            .into_iter()
            .filter_map(|(name, rating, deviation, volatility, games, rated_at)| {
                let pool = RatingPool::parse(&name)?;
                Some(PoolRating {
                    pool,
                    rating: rating_of((rating, deviation, volatility, games, rated_at)),
                })
            })
            .collect())
    }

    /// A player's rated games in a pool, oldest first (at most `limit`,
    /// the latest ones).
    pub async fn rating_history(
        &self,
        player_id: Uuid,
        pool: RatingPool,
        limit: i64,
    ) -> Result<Vec<RatingPoint>, sqlx::Error> {
        let mut points: Vec<RatingPoint> = read!(self, db => sqlx::query_as(
            "SELECT game_id, rating_before, deviation_before, rating, deviation, volatility, rated_at
             FROM rating_history WHERE player_id = $1 AND pool = $2
             ORDER BY rated_at DESC LIMIT $3",
        )
        .bind(player_id)
        .bind(pool.to_string())
        .bind(limit)
        .fetch_all(db)
        .await)?;
        points.reverse();
        Ok(points)
    }
}
