//! Accounts and ratings as the tests set them up: a player signed up with
//! the tests' password, a rating stored as if earlier rated games had made
//! it.
#![allow(dead_code)]

use chrono::{DateTime, Utc};
use serde_json::json;
use sqlx::Connection;

use super::Remote;

/// The password every test account has.
pub const PASSWORD: &str = "correct horse battery";

/// A new player, signed up under `name` (also its display name): (id, token).
pub async fn account(app: &Remote, name: &str) -> (String, String) {
    let (id, token) = app.player(name).await;
    let r = app
        .http(
            "POST",
            "/api/accounts",
            Some(&token),
            Some(&json!({ "username": name, "password": PASSWORD }).to_string()),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text);
    (id, token)
}

/// Stores a player's rating in a pool — (rating, deviation, volatility,
/// games) — last rated at `at`, straight in the database.
pub async fn seed_rating(
    db_url: &str,
    player: &str,
    pool: &str,
    (rating, deviation, volatility, games): (f64, f64, f64, i32),
    at: DateTime<Utc>,
) {
    let sql =
        "INSERT INTO ratings (player_id, pool, rating, deviation, volatility, games, rated_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7)";
    let player = uuid::Uuid::parse_str(player).unwrap();
    macro_rules! run {
        ($conn:expr) => {{
            let mut conn = $conn;
            sqlx::query(sql)
                .bind(player)
                .bind(pool)
                .bind(rating)
                .bind(deviation)
                .bind(volatility)
                .bind(games)
                .bind(at)
                .execute(&mut conn)
                .await
                .unwrap();
        }};
    }
    if db_url.starts_with("sqlite:") {
        run!(sqlx::SqliteConnection::connect(db_url).await.unwrap());
    } else {
        run!(sqlx::PgConnection::connect(db_url).await.unwrap());
    }
}
