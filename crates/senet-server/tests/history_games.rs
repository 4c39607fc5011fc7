//! Match history: a game turn by turn and its downloads, games in
//! progress listed for watching, and the list query's use of its indexes —
//! on seeded games (PostgreSQL, or SQLite with `TEST_BACKEND=sqlite`).
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::collections::HashSet;

use chrono::Duration;
use common::seeded::{at, get_ok, ids, seed};
use common::{TestApp, same_event, spawn_app, started_room};
use senet_engine::Kendall;
use senet_engine::kendall_v1::{GameText, Rules};
use senet_server::store::{HistoryQuery, ImportGame};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use uuid::Uuid;

/// A raw GET returning status, headers (lower-cased names) and body.
async fn raw_get(app: &TestApp, path: &str) -> (u16, Vec<(String, String)>, String) {
    let mut stream = TcpStream::connect(app.addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let text = String::from_utf8(raw).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let status = head[9..12].parse().unwrap();
    let headers = head
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_lowercase(), v.trim().to_owned()))
        .collect();
    (status, headers, body.to_owned())
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

#[tokio::test]
async fn a_game_turn_by_turn_and_its_downloads() {
    let app = spawn_app().await;
    let s = seed(&app).await;
    let id = s.borne_off;
    let game = get_ok(&app, &format!("/api/games/{id}")).await;
    assert_eq!(game["status"], "finished");
    assert_eq!(game["result"]["how"], "borne_off");
    assert_eq!(game["start_position"], "cscscscscs.................... c");
    let turns = game["turns"].as_array().unwrap();
    assert_eq!(game["turn_count"].as_u64().unwrap() as usize, turns.len());
    assert!(game["duration_secs"].as_f64().unwrap() > 0.0);
    let mut kinds = HashSet::new();
    for (i, t) in turns.iter().enumerate() {
        assert_eq!(t["turn_no"].as_u64().unwrap() as usize, i + 1);
        assert_eq!(t["sticks"].as_array().unwrap().len(), 4);
        assert!(t["position"].as_str().unwrap().len() == 32);
        for e in t["events"].as_array().unwrap() {
            kinds.insert(e.as_str().unwrap().to_owned());
        }
        if t["from"].is_null() {
            assert!(t["move"].is_null());
            assert_eq!(t["events"], serde_json::json!(["forfeit"]));
        } else {
            assert_eq!(t["move"]["from"], t["from"]);
            assert!(t["move"]["direction"].is_string());
        }
    }
    // A whole random game has captures, forfeits and bear-offs.
    for kind in ["capture", "bear_off", "forfeit"] {
        assert!(kinds.contains(kind), "{kind} in {kinds:?}");
    }
    let last = turns.last().unwrap();
    let winner = game["result"]["winner"].as_str().unwrap();
    assert_eq!(last["borne_off"][winner], 5);

    // The text record: a header, then the turns; the engine replays it.
    let (status, headers, body) = raw_get(&app, &format!("/api/games/{id}/record.txt")).await;
    assert_eq!(status, 200);
    assert_eq!(
        header(&headers, "content-disposition"),
        Some(format!("attachment; filename=\"senet-{id}.txt\"").as_str())
    );
    assert!(
        header(&headers, "content-type")
            .unwrap()
            .starts_with("text/plain")
    );
    let parsed = GameText::parse(&body).expect(&body);
    assert_eq!(parsed.tag("RuleSet"), Some("kendall"));
    assert_eq!(
        parsed.tag("Result"),
        Some(format!("{winner} borne_off").as_str())
    );
    assert_eq!(parsed.tag("Turns"), Some(turns.len().to_string().as_str()));
    assert_eq!(parsed.tag("Date").unwrap().len(), 10);
    assert!(parsed.tag("Cone").is_some() && parsed.tag("Spool").is_some());
    assert_eq!(parsed.record.to_string(), game["record"].as_str().unwrap());
    let replayed = parsed.replay().unwrap();
    assert_eq!(
        Kendall.position_text(&replayed.position()),
        last["position"].as_str().unwrap()
    );
    assert!(body.contains("1. c "));

    // The JSON download is the game.
    let (status, headers, body) = raw_get(&app, &format!("/api/games/{id}/record.json")).await;
    assert_eq!(status, 200);
    assert_eq!(
        header(&headers, "content-disposition"),
        Some(format!("attachment; filename=\"senet-{id}.json\"").as_str())
    );
    let json: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json, game);

    // A resigned game exports its result too.
    let resigned = get_ok(&app, "/api/games?result=resigned&limit=1").await;
    let rid = resigned["games"][0]["game_id"].as_str().unwrap().to_owned();
    let (_, _, text) = raw_get(&app, &format!("/api/games/{rid}/record.txt")).await;
    let parsed = GameText::parse(&text).unwrap();
    assert!(parsed.tag("Result").unwrap().ends_with(" resigned"));
    parsed.replay().unwrap();
    app.stop().await;
}

#[tokio::test]
async fn games_in_progress_are_listed_for_watching() {
    let app = spawn_app().await;
    let s = seed(&app).await;
    let (_cone, _spool, code, _, _) = started_room(&app).await;
    let live = get_ok(&app, "/api/games/live").await;
    let games = live["games"].as_array().unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["room_code"], code.as_str());
    assert_eq!(games[0]["status"], "playing");
    assert!(games[0]["result"].is_null());
    assert_eq!(
        get_ok(&app, "/api/games?status=playing").await["games"],
        live["games"]
    );
    // Not among the finished games.
    let finished = get_ok(&app, "/api/games?limit=100").await;
    assert_eq!(ids(&finished), s.newest_first);
    // The live game can be read turn by turn as well.
    let id = games[0]["game_id"].as_str().unwrap();
    let game = get_ok(&app, &format!("/api/games/{id}")).await;
    assert_eq!(game["status"], "playing");
    app.stop().await;
}

#[tokio::test]
async fn the_list_query_uses_its_indexes() {
    let app = spawn_app().await;
    // Enough games for the planner to prefer an index over a sort.
    let players: Vec<(Uuid, String)> = (0..50)
        .map(|i| (Uuid::new_v4(), format!("Player {i}")))
        .collect();
    let games: Vec<ImportGame> = (0..3000_i64)
        .map(|i| {
            let id = Uuid::new_v4();
            ImportGame {
                id,
                room_code: format!("ix{i:06}"),
                rule_set: senet_engine::RuleSetId::Kendall,
                players: vec![
                    players[(i % 50) as usize].0,
                    players[((i + 1) % 50) as usize].0,
                ],
                how: senet_engine::EndHow::Resigned,
                places: vec![0, 1],
                scores: Vec::new(),
                started_at: at(i),
                finished_at: at(i) + Duration::seconds(40),
                steps: Vec::new(),
            }
        })
        .collect();
    app.store.import_games(&players, &games).await.unwrap();
    let plan = |q: HistoryQuery| {
        let store = app.store.clone();
        async move { store.explain_history(&q).await.unwrap() }
    };
    // ANALYZE so the planner knows the table's size.
    analyze(&app).await;
    let plain = plan(HistoryQuery {
        limit: 21,
        ..HistoryQuery::default()
    })
    .await;
    assert!(plain.contains("games_finished_order"), "{plain}");
    assert_no_full_scan(&plain);
    let paged = plan(HistoryQuery {
        limit: 21,
        after: Some((at(1000), Uuid::new_v4())),
        ..HistoryQuery::default()
    })
    .await;
    assert!(paged.contains("games_finished_order"), "{paged}");
    assert_no_full_scan(&paged);
    let player = plan(HistoryQuery {
        limit: 21,
        player: Some(players[3].0),
        ..HistoryQuery::default()
    })
    .await;
    // One range of the player's seats, newest first, each game by its key.
    assert!(player.contains("game_seats_player_finished"), "{player}");
    assert_no_full_scan(&player);
    // A player's own private games are listed to them too: the room is
    // looked up by its key, never read whole.
    let viewer = plan(HistoryQuery {
        limit: 21,
        viewer: Some(players[3].0),
        ..HistoryQuery::default()
    })
    .await;
    assert!(viewer.contains("games_finished_order"), "{viewer}");
    assert_no_full_scan(&viewer);
    // One rule set: its own index range, newest first.
    let by_rule_set = plan(HistoryQuery {
        limit: 21,
        rule_set: Some(senet_engine::RuleSetId::Peril),
        ..HistoryQuery::default()
    })
    .await;
    assert!(
        by_rule_set.contains("games_rule_set_finished"),
        "{by_rule_set}"
    );
    assert_no_full_scan(&by_rule_set);
    let named = plan(HistoryQuery {
        limit: 21,
        name: Some("layer 7".to_owned()),
        ..HistoryQuery::default()
    })
    .await;
    assert_no_full_scan(&named);
    app.stop().await;
}

/// No plan line reads the whole games or rooms table: `Seq Scan on games`
/// (PostgreSQL) or `SCAN g` without an index (SQLite). (With a few
/// thousand games PostgreSQL may hash the seats of a page's games from a
/// scan of `game_seats`; with 100,000 it looks them up by key — see
/// tests/history_bench.rs, which asserts no scan of `game_seats` there.)
pub fn assert_no_full_scan(plan: &str) {
    for line in plan.lines() {
        let line = line.trim().trim_start_matches(['|', '`', '-', ' ']);
        assert!(!line.contains("Seq Scan on games"), "{plan}");
        assert!(!line.contains("Seq Scan on rooms"), "{plan}");
        assert!(
            !(line.starts_with("SCAN ")
                && [
                    "SCAN g", "SCAN r", "SCAN ps", "SCAN s", "SCAN w", "SCAN v", "SCAN d"
                ]
                .contains(&line)),
            "{plan}"
        );
    }
}

/// Gathers planner statistics (PostgreSQL only; SQLite plans without them).
pub async fn analyze(app: &TestApp) {
    use sqlx::Connection;
    if app.store.describe() != "postgresql" {
        return;
    }
    let mut conn = sqlx::PgConnection::connect(&app.db_url).await.unwrap();
    sqlx::query("ANALYZE").execute(&mut conn).await.unwrap();
    conn.close().await.ok();
}

/// Throws for whoever is to move until a throw waits for its move (a throw
/// with none forfeits and passes the turn); returns the client that must
/// move and how many throws were made.
async fn throw_until_a_move_waits(
    clients: &mut [&mut common::client::Client; 2],
) -> (usize, usize) {
    let mut mover = 0;
    let mut throws = 0;
    loop {
        clients[mover]
            .send(json!({ "v": 1, "type": "throw" }))
            .await;
        let thrown = same_event(clients).await;
        assert_eq!(thrown["type"], "thrown", "{thrown}");
        throws += 1;
        if !thrown["forfeited"].as_bool().unwrap() {
            return (mover, throws);
        }
        let forfeited = same_event(clients).await;
        mover = usize::from(forfeited["to_move"] == "spool");
    }
}

#[tokio::test]
async fn a_throw_the_game_ended_on_stays_in_the_record() {
    let app = spawn_app().await;
    let (mut cone, mut spool, code, _, _) = started_room(&app).await;
    let (mover, throws) = throw_until_a_move_waits(&mut [&mut cone, &mut spool]).await;
    let (resigner, winner) = if mover == 0 {
        (&mut cone, "spool")
    } else {
        (&mut spool, "cone")
    };
    resigner.send(json!({ "v": 1, "type": "resign" })).await;
    let over = resigner.recv_type("game_over").await;
    let id = over["game_id"].as_str().unwrap().to_owned();
    assert_eq!(over["result"]["winner"], winner);

    let (status, _, body) = raw_get(&app, &format!("/api/games/{id}/record.txt")).await;
    assert_eq!(status, 200, "{body} {code}");
    let parsed = GameText::parse(&body).expect(&body);
    let unplayed = parsed.unplayed.expect(&body);
    assert_eq!(parsed.record.len() + 1, throws, "{body}");
    assert_eq!(parsed.tag("Turns"), Some(throws.to_string().as_str()));
    let game = get_ok(&app, &format!("/api/games/{id}")).await;
    let last_throw = game["steps"].as_array().unwrap().last().unwrap().clone();
    assert!(
        last_throw["seat"].is_null(),
        "the last step is the throw: {last_throw}"
    );
    assert!(body.contains(&format!(" {}:?", unplayed.throw)), "{body}");
    // `senet replay` gives the stored result; `senet verify` checks every
    // throw, the unplayed one too.
    let replayed = senet_cli::replay_text(&body).unwrap();
    assert!(
        replayed.contains(&format!("result: {winner} resigned")),
        "{replayed}"
    );
    assert!(
        replayed.contains(&format!("unplayed throw: {}", unplayed.throw)),
        "{replayed}"
    );
    let verified = senet_cli::verify::verify_text(&body).unwrap();
    assert!(
        verified.contains(&format!(": {throws} chance steps ")),
        "{verified}"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_game_resigned_before_its_first_throw_replays_to_its_result() {
    let app = spawn_app().await;
    let (mut cone, _spool, _, _, _) = started_room(&app).await;
    cone.send(json!({ "v": 1, "type": "resign" })).await;
    let over = cone.recv_type("game_over").await;
    let id = over["game_id"].as_str().unwrap().to_owned();
    let (_, _, body) = raw_get(&app, &format!("/api/games/{id}/record.txt")).await;
    let replayed = senet_cli::replay_text(&body).unwrap();
    assert!(replayed.contains("result: spool resigned"), "{replayed}");
    assert!(replayed.contains("turns: 0"), "{replayed}");
    app.stop().await;
}
