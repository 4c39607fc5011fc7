//! Game reviews through the real server: whole games played over
//! WebSockets, their reviews computed in the background and polled from
//! `GET /api/games/{id}/review`, checked against the stored record and the
//! documented thresholds; refused while the game is in play; private to a
//! private game's players; computed after a restart when the server
//! stopped before. PostgreSQL, or SQLite with `TEST_BACKEND=sqlite`.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::time::Duration;

use common::v2::Table;
use common::{Remote, spawn_fast_app, start_fast_on};
use serde_json::{Value, json};

/// Reviews in a debug build take seconds; bounded generously.
const REVIEW_WAIT: Duration = Duration::from_secs(180);

/// Polls the review until it is ready; every answer before is `202`.
async fn ready_review(app: &Remote, game_id: &str, token: Option<&str>) -> Value {
    let deadline = tokio::time::Instant::now() + REVIEW_WAIT;
    let path = format!("/api/games/{game_id}/review");
    loop {
        let response = app.http("GET", &path, token, None).await;
        match response.status {
            200 => {
                assert_eq!(response.body["status"], "ready");
                return response.body;
            }
            202 => assert_eq!(response.body["status"], "pending", "{}", response.text),
            other => panic!("review answered {other}: {}", response.text),
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no review within {REVIEW_WAIT:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn grade_of(points: f64, thresholds: &Value) -> &'static str {
    let t = |k: &str| thresholds[k].as_f64().unwrap();
    if points <= t("best") {
        "best"
    } else if points < t("good") {
        "good"
    } else if points < t("inaccuracy") {
        "inaccuracy"
    } else if points < t("mistake") {
        "mistake"
    } else {
        "blunder"
    }
}

/// Checks a review against the game as `GET /api/games/{id}` shows it: one
/// entry per step in order, of its kind and seat; grades as the thresholds
/// say; each seat's totals the sums of its entries. Returns how many
/// decisions it reviewed.
async fn check_review(app: &Remote, review: &Value, game_id: &str, token: Option<&str>) -> usize {
    let game = app
        .http("GET", &format!("/api/games/{game_id}"), token, None)
        .await;
    assert_eq!(game.status, 200);
    let steps: Vec<&Value> = game.body["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| !s["step"].is_null())
        .collect();
    let entries = review["entries"].as_array().unwrap();
    assert_eq!(entries.len(), steps.len(), "one entry per step");
    assert_eq!(review["game_id"], game_id);
    assert_eq!(review["rule_set"], game.body["rule_set"]);
    assert!(review["nodes"].as_u64().unwrap() > 0);
    let thresholds = &review["thresholds"];
    let seats = review["seat_count"].as_u64().unwrap() as usize;
    let mut luck = vec![0.0; seats];
    // Throws counted per seat: each entry's luck is shown to 0.01, so the
    // sum of the shown values may be off the seat's total by 0.005 each.
    let mut throws = vec![0usize; seats];
    let mut lost = vec![(0.0, 0usize); seats];
    let mut decisions = 0;
    for (entry, step) in entries.iter().zip(&steps) {
        assert_eq!(entry["step_no"], step["step_no"], "{entry}");
        let seat = entry["seat"].as_u64().unwrap() as usize;
        let before = entry["before"].as_f64().unwrap();
        let after = entry["after"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&before) && (0.0..=1.0).contains(&after));
        match entry["kind"].as_str().unwrap() {
            "decision" => {
                decisions += 1;
                assert_eq!(step["step"]["step"], "decide", "{step}");
                assert_eq!(step["seat"].as_u64().unwrap() as usize, seat);
                let points = entry["points_lost"].as_f64().unwrap();
                assert!(points >= 0.0);
                assert!((points - 100.0 * (before - after)).abs() < 0.02, "{entry}");
                if entry["options"].as_u64().unwrap() == 1 {
                    assert!(entry["grade"].is_null(), "a forced move is not graded");
                } else {
                    let grade = entry["grade"].as_str().unwrap();
                    // Points are shown to 0.01: a grade at a threshold
                    // may fall either side of it.
                    let expected = [
                        grade_of(points - 0.006, thresholds),
                        grade_of(points + 0.006, thresholds),
                    ];
                    // The option ranked first is `best` however close.
                    assert!(
                        expected.contains(&grade)
                            || (grade == "best" && entry["best"] == entry["played"]),
                        "{entry}: {grade} for {points} points"
                    );
                    lost[seat].0 += points;
                    lost[seat].1 += 1;
                }
            }
            "chance" => {
                assert_eq!(step["step"]["step"], "chance", "{step}");
                let l = entry["luck"].as_f64().unwrap();
                assert!((l - 100.0 * (after - before)).abs() < 0.02, "{entry}");
                luck[seat] += l;
                throws[seat] += 1;
            }
            other => panic!("kind {other}"),
        }
    }
    let summary = review["seats"].as_array().unwrap();
    assert_eq!(summary.len(), seats);
    for (seat, s) in summary.iter().enumerate() {
        assert_eq!(s["seat"], seat);
        let rounding = 0.005 * (throws[seat] + 1) as f64;
        assert!(
            (s["luck"].as_f64().unwrap() - luck[seat]).abs() <= rounding,
            "{s} against {} (±{rounding})",
            luck[seat]
        );
        assert_eq!(s["graded"].as_u64().unwrap() as usize, lost[seat].1);
        if lost[seat].1 > 0 {
            let mean = lost[seat].0 / lost[seat].1 as f64;
            let accuracy = (100.0 - 10.0 * mean).clamp(0.0, 100.0);
            assert!(
                (s["accuracy"].as_f64().unwrap() - accuracy).abs() < 0.2,
                "{s} against {accuracy}"
            );
        } else {
            assert!(s["accuracy"].is_null());
        }
    }
    decisions
}

#[tokio::test]
async fn finished_games_are_reviewed_for_kendall_and_a_step_model_rule_set() {
    let app = spawn_fast_app().await;
    for rule_set in ["kendall", "simple"] {
        let mut table = Table::invite(&app, rule_set, 2).await;
        let over = table.play_to_end(20_000).await;
        assert_eq!(over["game_id"], table.game_id.as_str());
        let review = ready_review(&app, &table.game_id, None).await;
        assert!(check_review(&app, &review, &table.game_id, None).await > 0);
        // Computed once: asked again, the same review.
        let again = ready_review(&app, &table.game_id, None).await;
        assert_eq!(again["computed_at"], review["computed_at"]);
    }
    app.stop().await;
}

#[tokio::test]
async fn a_modern_game_of_three_is_reviewed_for_every_seat() {
    let app = spawn_fast_app().await;
    let mut table = Table::invite(&app, "modern", 3).await;
    table.play_to_end(20_000).await;
    let review = ready_review(&app, &table.game_id, None).await;
    assert!(check_review(&app, &review, &table.game_id, None).await > 0);
    assert_eq!(review["seats"].as_array().unwrap().len(), 3);
    app.stop().await;
}

#[tokio::test]
async fn no_review_in_play_and_a_private_review_is_its_players_only() {
    let app = spawn_fast_app().await;
    let (_, token) = app.player("Alone").await;
    let (_, stranger) = app.player("Stranger").await;
    let room = app
        .create_room(
            &token,
            json!({ "rule_set": "kendall", "seat": 0, "computers": ["beginner"] }),
        )
        .await;
    assert_eq!(room["status"], "playing", "{room}");
    assert_eq!(room["public"], false);
    let game_id = room["game_id"].as_str().unwrap().to_owned();
    let path = format!("/api/games/{game_id}/review");
    let playing = app.http("GET", &path, Some(&token), None).await;
    assert_eq!(playing.status, 409, "{}", playing.text);
    assert_eq!(playing.body["error"]["code"], "game_in_play");
    assert!(
        !playing.body["error"]["message"]
            .as_str()
            .unwrap()
            .is_empty()
    );
    // A stranger cannot tell the game exists.
    for who in [Some(stranger.as_str()), None] {
        let hidden = app.http("GET", &path, who, None).await;
        assert_eq!(hidden.status, 404, "{}", hidden.text);
        assert_eq!(hidden.body["error"]["code"], "game_not_found");
    }
    let code = room["code"].as_str().unwrap();
    let (mut client, _) = app.connect_v2(code, Some(&token)).await;
    client.send(json!({ "v": 2, "type": "resign" })).await;
    client.recv_type("game_over").await;
    // Resigned before any decision: the throws are reviewed all the same.
    let review = ready_review(&app, &game_id, Some(&token)).await;
    check_review(&app, &review, &game_id, Some(&token)).await;
    for who in [Some(stranger.as_str()), None] {
        let hidden = app.http("GET", &path, who, None).await;
        assert_eq!(hidden.status, 404, "{}", hidden.text);
    }
    // Unknown games and ids that are none.
    let unknown = format!("/api/games/{}/review", uuid::Uuid::new_v4());
    for path in [unknown.as_str(), "/api/games/nope/review"] {
        let missing = app.http("GET", path, None, None).await;
        assert_eq!(missing.status, 404, "{}", missing.text);
        assert_eq!(missing.body["error"]["code"], "game_not_found");
    }
    app.stop().await;
}

#[tokio::test]
async fn a_review_the_server_stopped_before_is_computed_when_asked_after_a_restart() {
    let app = spawn_fast_app().await;
    let mut table = Table::invite(&app, "kendall", 2).await;
    table.play_to_end(20_000).await;
    let game_id = table.game_id.clone();
    // Stopped at once: the review in progress is dropped unfinished.
    let db_url = app.stop().await;
    let app = start_fast_on(&db_url).await;
    let first = app
        .http("GET", &format!("/api/games/{game_id}/review"), None, None)
        .await;
    // Pending unless the review beat the stop.
    assert!([200, 202].contains(&first.status), "{}", first.text);
    let review = ready_review(&app, &game_id, None).await;
    assert!(check_review(&app, &review, &game_id, None).await > 0);
    app.stop().await;
}

#[tokio::test]
async fn a_review_of_an_older_analysis_is_computed_again() {
    let app = spawn_fast_app().await;
    let mut table = Table::invite(&app, "simple", 2).await;
    table.play_to_end(20_000).await;
    let first = ready_review(&app, &table.game_id, None).await;
    // As an older release would have stored it.
    let id = uuid::Uuid::parse_str(&table.game_id).unwrap();
    app.store.put_review(id, 0, 1, "{}").await.unwrap();
    let stale = app
        .http(
            "GET",
            &format!("/api/games/{}/review", table.game_id),
            None,
            None,
        )
        .await;
    assert_eq!(stale.status, 202, "{}", stale.text);
    let again = ready_review(&app, &table.game_id, None).await;
    assert_eq!(again["version"], first["version"]);
    assert_eq!(
        again["entries"], first["entries"],
        "the same analysis, the same review"
    );
    assert_ne!(again["computed_at"], first["computed_at"]);
    let stored = app.store.review(id).await.unwrap().unwrap();
    assert_eq!(
        i64::from(stored.version),
        first["version"].as_i64().unwrap()
    );
    assert_eq!(stored.nodes, 500);
    app.stop().await;
}

#[tokio::test]
async fn a_server_with_reviews_off_reviews_nothing_and_says_so() {
    let db_url = common::create_database().await;
    let app = common::start_tuned(
        &db_url,
        100_000.0,
        Duration::ZERO,
        senet_server::store::DEFAULT_TIMEOUT,
        |settings| settings.review_concurrency = 0,
    )
    .await;
    let mut table = Table::invite(&app, "simple", 2).await;
    table.play_to_end(20_000).await;
    let path = format!("/api/games/{}/review", table.game_id);
    // Asked twice, a moment apart: never pending, never computed.
    for _ in 0..2 {
        let off = app.http("GET", &path, None, None).await;
        assert_eq!(off.status, 503, "{}", off.text);
        assert_eq!(off.body["error"]["code"], "reviews_off");
        assert!(!off.body["error"]["message"].as_str().unwrap().is_empty());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // The same game on a server that reviews: computed when asked.
    app.stop().await;
    let app = start_fast_on(&db_url).await;
    let review = ready_review(&app, &table.game_id, None).await;
    assert!(check_review(&app, &review, &table.game_id, None).await > 0);
    app.stop().await;
}
