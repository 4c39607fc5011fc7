//! Rated games over real sockets on a real server: the ratings a game's end
//! writes are the ones an independent Glicko-2 (Glickman's paper, two
//! seats) and Weng-Lin (Weng & Lin 2011, Bradley-Terry with full pairing,
//! three seats) written here compute, within 1e-6; only accounts sit in
//! rated rooms, which need a clock and no computer; casual games change
//! no rating. Runs on PostgreSQL, and on SQLite with `TEST_BACKEND=sqlite`.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use chrono::{DateTime, Duration, Utc};
use common::accounts::{account, seed_rating};
use common::v2::Table;
use common::{Remote, spawn_fast_app};
use serde_json::{Value, json};
use uuid::Uuid;

/// Plays `steps` random steps of a game of two, then `seat` resigns; returns
/// once every client is told the game is over (after it is stored).
async fn resign(table: &mut Table, steps: usize, seat: u64) {
    for _ in 0..steps {
        assert!(table.step().await, "the game goes on");
    }
    table
        .client(seat)
        .send(json!({ "v": 2, "type": "resign" }))
        .await;
    let over = table.game_over().await;
    assert_eq!(over["standing"]["how"], "resigned", "{over}");
}

fn rated_room(rule_set: &str) -> Value {
    json!({ "rule_set": rule_set, "public": true, "rated": true,
            "time_control": { "kind": "clock", "seconds": 600 } })
}

/// A player's rating in a pool, from `GET /api/players/{id}`.
async fn rating(app: &Remote, id: &str, pool: &str) -> Value {
    let r = app
        .http("GET", &format!("/api/players/{id}"), None, None)
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|entry| entry["pool"] == pool)
        .cloned()
        .unwrap()
}

/// A player's rating history in a pool.
async fn history(app: &Remote, id: &str, pool: &str) -> Vec<Value> {
    let r = app
        .http(
            "GET",
            &format!("/api/players/{id}/ratings/{pool}"),
            None,
            None,
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["games"].as_array().unwrap().clone()
}

fn f(value: &Value) -> f64 {
    value.as_f64().unwrap()
}

fn close(what: &str, got: f64, want: f64) {
    assert!(
        (got - want).abs() < 1e-6,
        "{what}: server {got}, reference {want}"
    );
}

/// Glicko-2 as Glickman's "Example of the Glicko-2 system" (2013) gives
/// it, one game a rating period, after the idle growth of docs/ratings.md.
mod glicko2_reference {
    const SCALE: f64 = 173.7178;
    const TAU: f64 = 0.75;
    const EPSILON: f64 = 1e-6;

    #[derive(Debug, Clone, Copy)]
    pub struct Player {
        pub rating: f64,
        pub deviation: f64,
        pub volatility: f64,
    }

    fn g(phi: f64) -> f64 {
        1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
    }

    /// `me` after a game against `them` with score `s` (1 win, 0 loss).
    pub fn update(me: Player, them: Player, s: f64) -> Player {
        let (mu, phi, sigma) = (
            (me.rating - 1500.0) / SCALE,
            me.deviation / SCALE,
            me.volatility,
        );
        let (mu_j, phi_j) = ((them.rating - 1500.0) / SCALE, them.deviation / SCALE);
        let g_j = g(phi_j);
        let e = 1.0 / (1.0 + (-g_j * (mu - mu_j)).exp());
        let v = 1.0 / (g_j * g_j * e * (1.0 - e));
        let delta = v * g_j * (s - e);
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
                - (x - a) / (TAU * TAU)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * TAU) < 0.0 {
                k += 1.0;
            }
            a - k * TAU
        };
        let (mut f_a, mut f_b) = (f(big_a), f(big_b));
        while (big_b - big_a).abs() > EPSILON {
            let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = c;
            f_b = f_c;
        }
        let sigma_new = (big_a / 2.0).exp();
        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * g_j * (s - e);
        Player {
            rating: mu_new * SCALE + 1500.0,
            deviation: phi_new * SCALE,
            volatility: sigma_new,
        }
    }

    /// The deviation after `days` without a rated game: √(φ² + σ²·t),
    /// t = days × 0.21436 periods, at most 350.
    pub fn idle(deviation: f64, volatility: f64, days: f64) -> f64 {
        let phi = deviation / SCALE;
        ((phi * phi + volatility * volatility * days * 0.21436).sqrt() * SCALE).min(350.0)
    }
}

/// Weng-Lin, Algorithm 1 of "A Bayesian Approximation Method for Online
/// Ranking" (2011): Bradley-Terry, full pairing, every seat a team of one,
/// γ = σ_i / c_iq, κ = 1e-4; β = 175 on Glicko's scale.
fn weng_lin_reference(by_place: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let beta: f64 = 175.0;
    by_place
        .iter()
        .enumerate()
        .map(|(i, &(mu_i, sigma_i))| {
            let (mut omega, mut delta) = (0.0, 0.0);
            for (q, &(mu_q, sigma_q)) in by_place.iter().enumerate() {
                if q == i {
                    continue;
                }
                let c = (sigma_i * sigma_i + sigma_q * sigma_q + 2.0 * beta * beta).sqrt();
                let p_iq = 1.0 / (1.0 + ((mu_q - mu_i) / c).exp());
                let s = if i < q { 1.0 } else { 0.0 };
                omega += sigma_i * sigma_i / c * (s - p_iq);
                let gamma = sigma_i / c;
                delta += gamma * sigma_i * sigma_i / (c * c) * p_iq * (1.0 - p_iq);
            }
            (mu_i + omega, sigma_i * (1.0 - delta).max(1e-4).sqrt())
        })
        .collect()
}

#[tokio::test]
async fn a_rated_game_updates_both_ratings_as_glicko2_says() {
    let app = spawn_fast_app().await;
    let (ahmose, ahmose_token) = account(&app, "Ahmose").await;
    let (tiye, tiye_token) = account(&app, "Tiye").await;
    // Ahmose has played before, twenty days ago; Tiye never has.
    let seeded_at = Utc::now() - Duration::days(20);
    seed_rating(
        &app.db_url,
        &ahmose,
        "kendall",
        (1700.0, 80.0, 0.059, 30),
        seeded_at,
    )
    .await;
    let mut table =
        Table::invite_players(&app, vec![ahmose_token, tiye_token], rated_room("kendall")).await;
    // Ahmose resigns: Tiye wins.
    resign(&mut table, 3, 0).await;
    let a = rating(&app, &ahmose, "kendall").await;
    let t = rating(&app, &tiye, "kendall").await;
    assert_eq!(a["games"], 31, "{a}");
    assert_eq!(t["games"], 1, "{t}");
    assert_eq!(a["method"], "glicko2");
    let played_at: DateTime<Utc> =
        serde_json::from_value(history(&app, &ahmose, "kendall").await[0]["rated_at"].clone())
            .unwrap();
    let idle_days = (played_at - seeded_at).num_milliseconds() as f64 / 86_400_000.0;
    use glicko2_reference::{Player, idle, update};
    let before_a = Player {
        rating: 1700.0,
        deviation: idle(80.0, 0.059, idle_days),
        volatility: 0.059,
    };
    let before_t = Player {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };
    assert!(before_a.deviation > 80.0, "twenty idle days widen it");
    let want_a = update(before_a, before_t, 0.0);
    let want_t = update(before_t, before_a, 1.0);
    close("Ahmose's rating", f(&a["rating"]), want_a.rating);
    close("Ahmose's deviation", f(&a["deviation"]), want_a.deviation);
    close(
        "Ahmose's volatility",
        f(&a["volatility"]),
        want_a.volatility,
    );
    close("Tiye's rating", f(&t["rating"]), want_t.rating);
    close("Tiye's deviation", f(&t["deviation"]), want_t.deviation);
    close("Tiye's volatility", f(&t["volatility"]), want_t.volatility);
    assert!(f(&t["rating"]) > 1500.0 && f(&a["rating"]) < 1700.0);
    assert_eq!(t["provisional"], true, "{t}");
    assert_eq!(a["provisional"], false, "{a}");
    // The history row says what it was before.
    let row = &history(&app, &tiye, "kendall").await[0];
    assert_eq!(row["game_id"], table.game_id.as_str());
    close("Tiye's rating before", f(&row["rating_before"]), 1500.0);
    close("Tiye's rating after", f(&row["rating"]), want_t.rating);
    // The games list shows each seat's rating before and after, rounded.
    let r = app
        .http("GET", &format!("/api/games?player={tiye}"), None, None)
        .await;
    let seats = r.body["games"][0]["seats"].as_array().unwrap().clone();
    let tiye_seat = seats
        .iter()
        .find(|s| s["player_id"] == tiye.as_str())
        .unwrap();
    assert_eq!(tiye_seat["rating"]["before"], 1500, "{tiye_seat}");
    assert_eq!(
        tiye_seat["rating"]["after"],
        want_t.rating.round() as i64,
        "{tiye_seat}"
    );
    let ahmose_seat = seats
        .iter()
        .find(|s| s["player_id"] == ahmose.as_str())
        .unwrap();
    assert_eq!(ahmose_seat["rating"]["before"], 1700, "{ahmose_seat}");
    // Other pools are untouched.
    assert_eq!(rating(&app, &tiye, "peril").await["games"], 0);
    app.stop().await;
}

#[tokio::test]
async fn three_seats_are_rated_by_weng_lin() {
    let app = spawn_fast_app().await;
    let mut ids = Vec::new();
    let mut tokens = Vec::new();
    for name in ["Khufu", "Khafre", "Menkaure"] {
        let (id, token) = account(&app, name).await;
        ids.push(id);
        tokens.push(token);
    }
    seed_rating(
        &app.db_url,
        &ids[1],
        "modern-3",
        (1620.0, 140.0, 0.0, 9),
        Utc::now(),
    )
    .await;
    let mut table = Table::invite_players(&app, tokens, rated_room("modern")).await;
    // Seat 0 resigns, then seat 1: seat 2 wins, seat 1 is second.
    table.play_then_resign(2, 0).await;
    table.play_then_resign(0, 1).await;
    let by_place = [(1500.0, 350.0), (1620.0, 140.0), (1500.0, 350.0)];
    let want = weng_lin_reference(&by_place);
    for (place, seat) in [2usize, 1, 0].into_iter().enumerate() {
        let got = rating(&app, &ids[seat], "modern-3").await;
        assert_eq!(got["method"], "weng-lin", "{got}");
        assert_eq!(got["volatility"], Value::Null);
        close(
            &format!("seat {seat}'s μ"),
            f(&got["rating"]),
            want[place].0,
        );
        close(
            &format!("seat {seat}'s σ"),
            f(&got["deviation"]),
            want[place].1,
        );
    }
    assert_eq!(rating(&app, &ids[1], "modern-3").await["games"], 10);
    assert_eq!(rating(&app, &ids[0], "modern-2").await["games"], 0);
    app.stop().await;
}

#[tokio::test]
async fn only_accounts_sit_in_rated_rooms_and_casual_games_change_nothing() {
    let app = spawn_fast_app().await;
    let (ahmose, ahmose_token) = account(&app, "Ahmose").await;
    let (_, anonymous) = app.player("Passer-by").await;
    let create = |token: &str, body: Value| {
        let token = token.to_owned();
        let app = &app;
        async move {
            app.http("POST", "/api/rooms", Some(&token), Some(&body.to_string()))
                .await
        }
    };
    let r = create(&anonymous, rated_room("kendall")).await;
    assert_eq!(r.body["error"]["code"], "rated_needs_account", "{}", r.text);
    let r = create(
        &ahmose_token,
        json!({ "rule_set": "kendall", "rated": true, "computer_level": "beginner",
                "time_control": { "kind": "clock", "seconds": 600 } }),
    )
    .await;
    assert_eq!(r.body["error"]["code"], "rated_needs_people", "{}", r.text);
    let r = create(
        &ahmose_token,
        json!({ "rule_set": "kendall", "rated": true }),
    )
    .await;
    assert_eq!(r.body["error"]["code"], "rated_needs_clock", "{}", r.text);

    // An anonymous player who opens a rated room's invite watches.
    let r = create(&ahmose_token, rated_room("kendall")).await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.body["rated"], true);
    let code = r.body["code"].as_str().unwrap();
    let (mut client, first) = {
        let mut client = common::Client::open(&app.ws_url_v2(code, Some(&anonymous)), None)
            .await
            .unwrap();
        let first = client.recv().await;
        (client, first)
    };
    assert_eq!(first["type"], "error", "{first}");
    assert_eq!(first["code"], "rated_needs_account", "{first}");
    let snapshot = client.recv_type("snapshot").await;
    assert_eq!(snapshot["you"]["role"], "spectator", "{snapshot}");
    assert_eq!(snapshot["room"]["rated"], true, "{snapshot}");
    assert_eq!(snapshot["status"], "waiting");

    // A casual game between the same accounts is not rated.
    let (_, tiye_token) = account(&app, "Tiye").await;
    let mut table = Table::invite_players(
        &app,
        vec![ahmose_token, tiye_token],
        json!({ "rule_set": "kendall", "public": true }),
    )
    .await;
    resign(&mut table, 2, 1).await;
    assert_eq!(rating(&app, &ahmose, "kendall").await["games"], 0);
    let r = app
        .http("GET", &format!("/api/games?player={ahmose}"), None, None)
        .await;
    assert_eq!(
        r.body["games"][0]["seats"][0]["rating"],
        Value::Null,
        "{}",
        r.text
    );
    assert!(history(&app, &ahmose, "kendall").await.is_empty());
    // Unknown players and pools.
    let r = app
        .http(
            "GET",
            &format!("/api/players/{}", Uuid::new_v4()),
            None,
            None,
        )
        .await;
    assert_eq!(r.body["error"]["code"], "player_not_found", "{}", r.text);
    let r = app
        .http(
            "GET",
            &format!("/api/players/{ahmose}/ratings/modern"),
            None,
            None,
        )
        .await;
    assert_eq!(r.body["error"]["code"], "unknown_pool", "{}", r.text);
    app.stop().await;
}

#[tokio::test]
async fn the_leaderboard_lists_active_established_accounts_best_first() {
    let app = spawn_fast_app().await;
    let now = Utc::now();
    let mut ids = Vec::new();
    // (name, rating, deviation, days since the last rated game)
    let seeds = [
        ("Amenhotep", 1800.0, 60.0, 1),
        ("Bakenranef", 1900.0, 120.0, 1),
        ("Cleopatra", 1700.0, 50.0, 40),
        ("Djoser", 1600.0, 80.0, 29),
    ];
    for (name, r, rd, days) in seeds {
        let (id, _) = account(&app, name).await;
        seed_rating(
            &app.db_url,
            &id,
            "peril",
            (r, rd, 0.06, 25),
            now - Duration::days(days),
        )
        .await;
        ids.push(id);
    }
    // An anonymous player's rating (none can be earned; stored by hand)
    // is never listed: leaderboards are of accounts.
    let (anonymous, _) = app.player("Passer-by").await;
    seed_rating(
        &app.db_url,
        &anonymous,
        "peril",
        (2500.0, 40.0, 0.06, 99),
        now,
    )
    .await;
    let r = app.http("GET", "/api/leaderboard/peril", None, None).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let leaders = r.body["leaders"].as_array().unwrap();
    let names: Vec<&str> = leaders
        .iter()
        .map(|l| l["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Amenhotep", "Djoser"], "{}", r.text);
    assert_eq!(leaders[0]["rank"], 1);
    assert_eq!(leaders[1]["rank"], 2);
    assert_eq!(leaders[0]["player_id"], ids[0].as_str());
    // Other pools are empty; unknown ones are refused.
    let r = app
        .http("GET", "/api/leaderboard/kendall", None, None)
        .await;
    assert!(r.body["leaders"].as_array().unwrap().is_empty());
    let r = app.http("GET", "/api/leaderboard/chess", None, None).await;
    assert_eq!(r.body["error"]["code"], "unknown_pool", "{}", r.text);
    // A profile by username, in any case.
    let r = app.http("GET", "/api/players/djoser", None, None).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["player_id"], ids[3].as_str());
    assert_eq!(r.body["username"], "Djoser");
    let peril = r.body["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["pool"] == "peril")
        .unwrap();
    assert_eq!(peril["rating"], 1600.0);
    assert_eq!(peril["provisional"], false);
    let r = app
        .http("GET", "/api/players/nobody_at_all", None, None)
        .await;
    assert_eq!(r.body["error"]["code"], "player_not_found", "{}", r.text);
    app.stop().await;
}
