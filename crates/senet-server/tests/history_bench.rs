//! The history list with 100,000 stored games: the query plans use the
//! indexes (PostgreSQL `EXPLAIN`) and the latency of each kind of page.
//!
//! Ignored by default (seeding takes a while); run it in release with
//! `./scripts/bench-history` (PostgreSQL, and SQLite with `TEST_BACKEND=sqlite`).
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::time::{Duration, Instant};

use chrono::{TimeZone, Utc};
use common::{TestApp, spawn_app};
use senet_engine::{EndHow, RuleSetId};
use senet_server::store::{HistoryQuery, ImportGame, NewStep};
use uuid::Uuid;

const GAMES: i64 = 100_000;
const PLAYERS: usize = 5_000;
const RUNS: usize = 200;

fn summary(name: &str, mut times: Vec<Duration>) -> String {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    format!(
        "| {name} | {:.2} | {:.2} | {:.2} |",
        ms(times[times.len() / 2]),
        ms(times[times.len() * 95 / 100]),
        ms(times[times.len() - 1]),
    )
}

async fn time_http(app: &TestApp, path: &str) -> Vec<Duration> {
    let mut times = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let began = Instant::now();
        let r = app.http("GET", path, None, None).await;
        times.push(began.elapsed());
        assert_eq!(r.status, 200, "{path}: {}", r.text);
    }
    times
}

#[tokio::test]
#[ignore = "seeds 100,000 games; run with ./scripts/bench-history"]
async fn list_query_with_100k_games() {
    let app = spawn_app().await;
    let players: Vec<(Uuid, String)> = (0..PLAYERS)
        .map(|i| (Uuid::new_v4(), format!("Player {i:05}")))
        .collect();
    let base = Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap();
    let seeded = Instant::now();
    for batch in 0..10 {
        let games: Vec<ImportGame> = (batch * GAMES / 10..(batch + 1) * GAMES / 10)
            .map(|i| {
                let p = i as usize;
                let started = base + chrono::Duration::seconds(i * 60);
                ImportGame {
                    id: Uuid::new_v4(),
                    room_code: format!("bench{i:07}"),
                    rule_set: RuleSetId::Kendall,
                    players: vec![players[p % PLAYERS].0, players[(p * 7 + 1) % PLAYERS].0],
                    how: [EndHow::BorneOff, EndHow::Resigned, EndHow::Abandoned][p % 3],
                    places: if i % 2 == 0 { vec![0, 1] } else { vec![1, 0] },
                    scores: Vec::new(),
                    started_at: started,
                    finished_at: started + chrono::Duration::seconds(45),
                    steps: [
                        (None, "LLLD"),
                        (Some(0), "0:9"),
                        (None, "LLDD"),
                        (Some(1), "1:10"),
                    ]
                    .into_iter()
                    .map(|(seat, text)| NewStep {
                        seat,
                        text: text.to_owned(),
                    })
                    .collect(),
                }
            })
            .collect();
        let who = if batch == 0 { &players[..] } else { &[][..] };
        app.store.import_games(who, &games).await.unwrap();
    }
    let seed_time = seeded.elapsed();
    println!(
        "seeded {GAMES} games, {} steps, {PLAYERS} players in {:.1} s ({})",
        GAMES * 4,
        seed_time.as_secs_f64(),
        app.store.describe()
    );
    assert_eq!(app.store.game_count().await.unwrap(), GAMES);

    // The plans: EXPLAIN on PostgreSQL (after ANALYZE), EXPLAIN QUERY PLAN on SQLite.
    if app.store.describe() == "postgresql" {
        use sqlx::Connection;
        let mut conn = sqlx::PgConnection::connect(&app.db_url).await.unwrap();
        sqlx::query("ANALYZE").execute(&mut conn).await.unwrap();
        conn.close().await.ok();
    }
    {
        let cursor_at = base + chrono::Duration::seconds(GAMES * 30);
        for (name, q, index) in [
            (
                "newest",
                HistoryQuery {
                    limit: 21,
                    ..HistoryQuery::default()
                },
                "games_finished_order",
            ),
            (
                "page deep in the list",
                HistoryQuery {
                    limit: 21,
                    after: Some((cursor_at, Uuid::max())),
                    ..HistoryQuery::default()
                },
                "games_finished_order",
            ),
            (
                "name substring",
                HistoryQuery {
                    limit: 21,
                    name: Some("player 04999".to_owned()),
                    ..HistoryQuery::default()
                },
                // The matching players first, then their games along
                // their seats (not a walk of every game).
                "game_seats_player_finished",
            ),
            (
                "name substring, common",
                HistoryQuery {
                    limit: 21,
                    name: Some("player 0".to_owned()),
                    ..HistoryQuery::default()
                },
                // So many players match that the walk newest first finds a
                // page within a few rows.
                "games_finished_order",
            ),
            (
                "one player",
                HistoryQuery {
                    limit: 21,
                    player: Some(players[17].0),
                    ..HistoryQuery::default()
                },
                "game_seats_player_finished",
            ),
            (
                "one rule set",
                HistoryQuery {
                    limit: 21,
                    rule_set: Some(RuleSetId::Modern),
                    ..HistoryQuery::default()
                },
                "games_rule_set_finished",
            ),
        ] {
            let plan = app.store.explain_history(&q).await.unwrap();
            println!("plan, {name}:\n{plan}\n");
            assert!(plan.contains(index), "{name}: {plan}");
            for line in plan.lines() {
                let line = line.trim().trim_start_matches(['|', '`', '-', ' ']);
                assert!(!line.contains("Seq Scan on games"), "{name}: {plan}");
                assert!(!line.contains("Seq Scan on game_seats"), "{name}: {plan}");
                assert!(
                    !["SCAN g", "SCAN ps", "SCAN s", "SCAN w", "SCAN d"].contains(&line),
                    "{name}: {plan}"
                );
            }
        }
    }

    // Latency through HTTP (one new connection a request, as curl would).
    let first = app.http("GET", "/api/games?limit=20", None, None).await;
    let deep_cursor = {
        let mut cursor = first.body["next_cursor"].as_str().unwrap().to_owned();
        for _ in 0..50 {
            let page = app
                .http(
                    "GET",
                    &format!("/api/games?limit=100&cursor={cursor}"),
                    None,
                    None,
                )
                .await;
            cursor = page.body["next_cursor"].as_str().unwrap().to_owned();
        }
        cursor
    };
    let player = players[17].0;
    let some_game = first.body["games"][0]["game_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut rows = vec![
        "| page (HTTP, 20 rows) | median ms | p95 ms | max ms |".to_owned(),
        "|---|---|---|---|".to_owned(),
    ];
    for (name, path) in [
        ("newest", "/api/games".to_owned()),
        (
            "after 5,020 rows (cursor)",
            format!("/api/games?cursor={deep_cursor}"),
        ),
        ("one player", format!("/api/games?player={player}")),
        (
            "one player, lost",
            format!("/api/games?player={player}&result=lost"),
        ),
        (
            "winner + how",
            "/api/games?result=spool,resigned".to_owned(),
        ),
        (
            "name substring, common",
            "/api/games?name=player%200".to_owned(),
        ),
        (
            "name substring, rare",
            "/api/games?name=player%2004999".to_owned(),
        ),
        (
            "rule set, every game (`kendall`)",
            "/api/games?rule_set=kendall".to_owned(),
        ),
        (
            "rule set, no game (`modern`)",
            "/api/games?rule_set=modern".to_owned(),
        ),
        ("player totals", format!("/api/players/{player}/totals")),
        ("one game step by step", format!("/api/games/{some_game}")),
        (
            "its record.txt",
            format!("/api/games/{some_game}/record.txt"),
        ),
    ] {
        rows.push(summary(name, time_http(&app, &path).await));
    }
    println!("{}", rows.join("\n"));
    app.stop().await;
}
