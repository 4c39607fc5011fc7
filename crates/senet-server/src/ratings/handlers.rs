//! `GET /api/players/{id}` (a player with a rating in every pool) and
//! `GET /api/players/{id}/ratings/{pool}` (the pool's rating history).

use axum::extract::{FromRef, Path, State};
use axum::routing::get;
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use serde::Serialize;
use uuid::Uuid;

use super::{Method, Pool, Rating};
use crate::error::AppError;
use crate::store::Store;

/// The most rated games a history answer holds (the latest).
pub const HISTORY_LIMIT: i64 = 500;

/// One pool's rating, as the API shows it.
#[derive(Serialize)]
struct PoolView {
    /// `kendall`, …, `modern-3`.
    pool: String,
    rule_set: senet_engine::RuleSetId,
    seats: u8,
    /// `glicko2` or `weng-lin`.
    method: &'static str,
    rating: f64,
    deviation: f64,
    /// Glicko-2 only.
    volatility: Option<f64>,
    games: i32,
    /// Deviation above 110: shown with "?", off the leaderboards.
    provisional: bool,
    rated_at: Option<DateTime<Utc>>,
}

impl PoolView {
    fn of(pool: Pool, rating: &Rating) -> PoolView {
        PoolView {
            pool: pool.to_string(),
            rule_set: pool.rule_set,
            seats: pool.seats,
            method: match pool.method() {
                Method::Glicko2 => "glicko2",
                Method::WengLin => "weng-lin",
            },
            rating: rating.rating,
            deviation: rating.deviation,
            volatility: rating.volatility,
            games: rating.games,
            provisional: rating.provisional(),
            rated_at: rating.rated_at,
        }
    }
}

#[derive(Serialize)]
struct PlayerView {
    player_id: Uuid,
    display_name: String,
    /// `null` for an anonymous player.
    username: Option<String>,
    /// Every pool, in the rule sets' order; a pool with no rated game shows
    /// the starting rating with `games: 0`.
    ratings: Vec<PoolView>,
}

#[derive(Serialize)]
struct HistoryPoint {
    game_id: Uuid,
    rating_before: f64,
    deviation_before: f64,
    rating: f64,
    deviation: f64,
    volatility: Option<f64>,
    rated_at: DateTime<Utc>,
}

#[derive(Serialize)]
struct HistoryView {
    player_id: Uuid,
    pool: String,
    /// Oldest first; the latest [`HISTORY_LIMIT`] games.
    games: Vec<HistoryPoint>,
}

/// The ratings routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Store: FromRef<S>,
{
    Router::new()
        .route("/api/players/{id}", get(player))
        .route("/api/players/{id}/ratings/{pool}", get(history))
        .route("/api/leaderboard/{pool}", get(leaderboard))
}

fn player_not_found() -> AppError {
    AppError::NotFound("player_not_found", "there is no such player".to_owned())
}

/// A player named by id, or by an account's username (no username looks
/// like an id: those are 32 or 36 characters, usernames at most 20).
async fn player_id(store: &Store, text: &str) -> Result<Uuid, AppError> {
    if let Ok(id) = Uuid::try_parse(text) {
        return Ok(id);
    }
    let key = crate::players::username::UsernameKey::of(text);
    match store.account_by_key(&key.0).await? {
        Some(account) => Ok(account.player_id),
        None => Err(player_not_found()),
    }
}

fn pool_named(name: &str) -> Result<Pool, AppError> {
    Pool::parse(name).ok_or_else(|| {
        AppError::NotFound(
            "unknown_pool",
            "no such rating pool: a rule set's id, or modern-2, modern-3, modern-4".to_owned(),
        )
    })
}

/// Places on a leaderboard.
pub const LEADERBOARD_SIZE: i64 = 100;
/// Days since the last rated game within which a player is listed.
pub const ACTIVE_DAYS: i64 = 30;

#[derive(Serialize)]
struct Leader {
    rank: usize,
    player_id: Uuid,
    username: String,
    display_name: String,
    rating: f64,
    deviation: f64,
    games: i32,
    rated_at: DateTime<Utc>,
}

#[derive(Serialize)]
struct Leaderboard {
    pool: String,
    /// Best first: accounts with a non-provisional rating who played a
    /// rated game in the pool in the last [`ACTIVE_DAYS`] days.
    leaders: Vec<Leader>,
}

/// `GET /api/leaderboard/{pool}`: the top [`LEADERBOARD_SIZE`].
async fn leaderboard(
    State(store): State<Store>,
    Path(pool): Path<String>,
) -> Result<Json<Leaderboard>, AppError> {
    let pool = pool_named(&pool)?;
    let since = Utc::now() - chrono::Duration::days(ACTIVE_DAYS);
    let rows = store
        .leaderboard(pool, super::PROVISIONAL_ABOVE, since, LEADERBOARD_SIZE)
        .await?;
    Ok(Json(Leaderboard {
        pool: pool.to_string(),
        leaders: rows
            .into_iter()
            .enumerate()
            .map(|(index, row)| Leader {
                rank: index + 1,
                player_id: row.player_id,
                username: row.username,
                display_name: row.display_name,
                rating: row.rating,
                deviation: row.deviation,
                games: row.games,
                rated_at: row.rated_at,
            })
            .collect(),
    }))
}

async fn player(
    State(store): State<Store>,
    Path(id): Path<String>,
) -> Result<Json<PlayerView>, AppError> {
    let id = player_id(&store, &id).await?;
    let Some(row) = store.player(id).await? else {
        return Err(player_not_found());
    };
    if crate::computer::level_of(id).is_some() {
        return Err(player_not_found());
    }
    let username = store.account_of(id).await?.map(|account| account.username);
    let stored = store.ratings_of(id).await?;
    let ratings = Pool::all()
        .into_iter()
        .map(|pool| {
            let rating = stored
                .iter()
                .find(|found| found.pool == pool)
                .map_or_else(|| Rating::start(pool.method()), |found| found.rating);
            PoolView::of(pool, &rating)
        })
        .collect();
    Ok(Json(PlayerView {
        player_id: id,
        display_name: row.display_name,
        username,
        ratings,
    }))
}

async fn history(
    State(store): State<Store>,
    Path((id, pool)): Path<(String, String)>,
) -> Result<Json<HistoryView>, AppError> {
    let id = player_id(&store, &id).await?;
    let pool = pool_named(&pool)?;
    if store.player(id).await?.is_none() {
        return Err(player_not_found());
    }
    let games = store
        .rating_history(id, pool, HISTORY_LIMIT)
        .await?
        .into_iter()
        .map(|point| HistoryPoint {
            game_id: point.game_id,
            rating_before: point.rating_before,
            deviation_before: point.deviation_before,
            rating: point.rating,
            deviation: point.deviation,
            volatility: point.volatility,
            rated_at: point.rated_at,
        })
        .collect();
    Ok(Json(HistoryView {
        player_id: id,
        pool: pool.to_string(),
        games,
    }))
}
