//! Match history for every rule set: complete games played through the
//! invite flow (protocol version 2 clients, random legal options), then
//! read back — the list and its filters, each game step by step with what
//! every step did, the downloads (the step record replays through the
//! `senet` command's own function to the standing the players were told)
//! and each player's totals by rule set.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::collections::BTreeSet;

use chrono::{Duration, TimeZone, Utc};
use common::v2::Table;
use common::{TestApp, spawn_fast_app};
use senet_server::store::ImportGame;
use serde_json::{Value, json};
use uuid::Uuid;

const RULE_SETS: [&str; 6] = [
    "kendall",
    "kendall-7",
    "jequier",
    "simple",
    "peril",
    "modern",
];

/// A game as its players saw it.
struct Played {
    rule_set: &'static str,
    seats: usize,
    game_id: String,
    /// Every step event told, in order.
    steps: Vec<Value>,
    /// The standing `game_over` told.
    standing: Value,
}

/// Plays a game of `rule_set` at `seats` to the end through the invite
/// flow; with `resign`, seat 1 resigns after a dozen actions.
async fn play(app: &TestApp, rule_set: &'static str, seats: u8, resign: bool) -> Played {
    let mut table = Table::invite(app, rule_set, seats).await;
    if resign {
        for _ in 0..12 {
            assert!(table.step().await, "the game goes on");
        }
        table
            .client(1)
            .send(json!({ "v": 2, "type": "resign" }))
            .await;
        if seats > 2 {
            let told = table.read_batch().await;
            assert_eq!(told[0]["left"], "resigned", "{}", told[0]);
        }
    }
    let over = if resign && seats == 2 {
        table.game_over().await
    } else {
        table.play_to_end(20_000).await
    };
    Played {
        rule_set,
        seats: usize::from(seats),
        game_id: table.game_id.clone(),
        steps: table.steps.clone(),
        standing: over["standing"].clone(),
    }
}

async fn get(app: &TestApp, path: &str) -> Value {
    let response = app.http("GET", path, None, None).await;
    assert_eq!(response.status, 200, "{path}: {}", response.text);
    response.body
}

async fn get_text(app: &TestApp, path: &str) -> String {
    let response = app.http("GET", path, None, None).await;
    assert_eq!(response.status, 200, "{path}: {}", response.text);
    assert!(
        response
            .header("content-type")
            .unwrap()
            .starts_with("text/plain")
    );
    response.text
}

/// The seats' numbers from first place to last, as a standing names them.
fn places(standing: &Value) -> Vec<u64> {
    standing["places"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .collect()
}

/// The game step by step: every step as the players were told it, the
/// seats, the standing, the final position and view.
async fn check_detail(app: &TestApp, game: &Played) -> Value {
    let what = format!("{} at {}", game.rule_set, game.seats);
    let detail = get(app, &format!("/api/games/{}", game.game_id)).await;
    assert_eq!(detail["rule_set"], game.rule_set, "{what}");
    assert_eq!(detail["status"], "finished", "{what}");
    assert_eq!(detail["seat_count"], game.seats, "{what}");
    assert_eq!(
        detail["standing"], game.standing,
        "{what}: the standing told"
    );
    assert_eq!(detail["description"]["id"], game.rule_set, "{what}");
    let steps = detail["steps"].as_array().unwrap();
    assert_eq!(steps.len(), game.steps.len(), "{what}: every step told");
    assert_eq!(detail["step_count"], steps.len(), "{what}");
    for (mine, told) in steps.iter().zip(&game.steps) {
        for key in ["step_no", "text", "seat", "step", "events"] {
            assert_eq!(mine[key], told[key], "{what}: `{key}` of {told}");
        }
        assert_eq!(mine.get("left"), told.get("left"), "{what}: {told}");
        if let Some(position) = told.get("position") {
            assert_eq!(&mine["position"], position, "{what}: {told}");
        }
        assert!(mine["played_at"].is_string(), "{what}: {mine}");
    }
    let last = game.steps.last().unwrap();
    assert_eq!(detail["position"], last["position"], "{what}");
    assert_eq!(detail["view"], last["view"], "{what}");
    assert!(detail["start_position"].is_string(), "{what}");
    // Every seat: its player, name, colour where dealt, place and score.
    let seats = detail["seats"].as_array().unwrap();
    assert_eq!(seats.len(), game.seats, "{what}");
    for (n, seat) in seats.iter().enumerate() {
        assert_eq!(seat["seat"], n, "{what}");
        assert_eq!(seat["display_name"], format!("Seat {n}"), "{what}");
        assert!(seat["player_id"].is_string(), "{what}");
        assert!(seat["computer"].is_null(), "{what}");
        let place = places(&game.standing)
            .iter()
            .position(|s| *s == n as u64)
            .unwrap();
        assert_eq!(seat["place"], place + 1, "{what}");
        let score = &game.standing["scores"][n];
        assert_eq!(&seat["score"], score, "{what}: scores by seat");
    }
    // Kendall keeps its turns; the others have none.
    let turns = detail["turns"].as_array().unwrap();
    assert_eq!(turns.is_empty(), game.rule_set != "kendall", "{what}");
    if game.rule_set == "kendall" {
        assert_eq!(detail["turn_count"], turns.len());
        assert_eq!(detail["start_position"], "cscscscscs.................... c");
    }
    detail
}

/// `record.json` is the game; `record.txt` replays through `senet replay`
/// to the standing told.
async fn check_downloads(app: &TestApp, game: &Played, detail: &Value) {
    let what = format!("{} at {}", game.rule_set, game.seats);
    let path = format!("/api/games/{}", game.game_id);
    let json: Value =
        serde_json::from_str(&get_text_any(app, &format!("{path}/record.json")).await).unwrap();
    assert_eq!(&json, detail, "{what}");
    let text = get_text(app, &format!("{path}/record.txt")).await;
    let replayed = senet_cli::replay_text(&text).unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
    let how = game.standing["how"].as_str().unwrap();
    let order = places(&game.standing);
    if game.rule_set == "kendall" {
        // The turn notation, as every Kendall game has downloaded.
        assert!(text.contains("\n1. c "), "{text}");
        let winner = ["cone", "spool"][order[0] as usize];
        assert!(
            replayed.contains(&format!("result: {winner} {how}\n")),
            "{replayed}"
        );
        return;
    }
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("[RuleSet \"{}\"]", game.rule_set));
    assert_eq!(lines[1], format!("[Seats \"{}\"]", game.seats));
    for n in 0..game.seats {
        assert!(
            text.contains(&format!("[Seat{n} \"Seat {n}\"]\n")),
            "{text}"
        );
    }
    let order: Vec<String> = order.iter().map(ToString::to_string).collect();
    let result = format!("places {} {how}", order.join(","));
    assert!(text.contains(&format!("[Result \"{result}\"]\n")), "{text}");
    // One entry a line, in the order told (a two-seat resignation adds the
    // leaving line the room did not store as a step).
    let entries: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.starts_with('['))
        .collect();
    let told: Vec<&str> = game
        .steps
        .iter()
        .map(|s| s["text"].as_str().unwrap())
        .collect();
    assert_eq!(&entries[..told.len()], &told[..], "{what}");
    assert!(
        replayed.contains(&format!("result: {result}\n")),
        "{what}: {replayed}"
    );
    assert!(
        replayed.contains(&format!(
            "final: {}\n",
            detail["position"].as_str().unwrap()
        )),
        "{what}: {replayed}"
    );
    if let Some(scores) = game.standing["scores"].as_array().filter(|s| !s.is_empty()) {
        let scores: Vec<String> = scores.iter().map(ToString::to_string).collect();
        assert!(
            replayed.contains(&format!("scores: {}\n", scores.join(" "))),
            "{what}: {replayed}"
        );
    }
}

async fn get_text_any(app: &TestApp, path: &str) -> String {
    let response = app.http("GET", path, None, None).await;
    assert_eq!(response.status, 200, "{path}: {}", response.text);
    response.text
}

/// The ids a list page holds.
fn ids(page: &Value) -> BTreeSet<String> {
    page["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game_id"].as_str().unwrap().to_owned())
        .collect()
}

/// The list, its filters by rule set, by a player in any seat and by
/// result, and every player's totals.
async fn check_list(app: &TestApp, games: &[Played], details: &[Value]) {
    let all = get(app, "/api/games?limit=100").await;
    let every: BTreeSet<String> = games.iter().map(|g| g.game_id.clone()).collect();
    assert_eq!(ids(&all), every);
    for (game, detail) in games.iter().zip(details) {
        let row = all["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["game_id"] == game.game_id.as_str())
            .unwrap();
        assert_eq!(row["rule_set"], game.rule_set);
        assert_eq!(row["seat_count"], game.seats);
        assert_eq!(row["seats"], detail["seats"], "places and scores listed");
        assert_eq!(row["step_count"], game.steps.len());
        assert_eq!(row["result"]["how"], game.standing["how"]);
    }
    for rule_set in RULE_SETS {
        let page = get(app, &format!("/api/games?limit=100&rule_set={rule_set}")).await;
        let expected: BTreeSet<String> = games
            .iter()
            .filter(|g| g.rule_set == rule_set)
            .map(|g| g.game_id.clone())
            .collect();
        assert_eq!(ids(&page), expected, "rule_set={rule_set}");
    }
    for (game, detail) in games.iter().zip(details) {
        for seat in detail["seats"].as_array().unwrap() {
            let player = seat["player_id"].as_str().unwrap();
            let mine = get(app, &format!("/api/games?player={player}")).await;
            assert_eq!(ids(&mine), BTreeSet::from([game.game_id.clone()]));
            let other = if game.rule_set == "peril" {
                "modern"
            } else {
                "peril"
            };
            let none = get(app, &format!("/api/games?player={player}&rule_set={other}")).await;
            assert!(ids(&none).is_empty());
            let won = seat["place"] == 1;
            let result = if won { "won" } else { "lost" };
            let filtered = get(app, &format!("/api/games?player={player}&result={result}")).await;
            assert_eq!(ids(&filtered), ids(&mine), "{result}");
            let totals = get(app, &format!("/api/players/{player}/totals")).await;
            let place = seat["place"].as_u64().unwrap() as usize;
            let mut counts = vec![0; place];
            counts[place - 1] = 1;
            assert_eq!(
                totals["by_rule_set"],
                json!([{ "rule_set": game.rule_set, "games": 1, "wins": u8::from(won),
                         "losses": u8::from(!won), "places": counts }]),
                "{totals}"
            );
        }
        // The winning seat and the way it ended, whatever the seat.
        let winner = places(&game.standing)[0];
        let how = game.standing["how"].as_str().unwrap();
        let page = get(
            app,
            &format!("/api/games?limit=100&result=seat{winner},{how}"),
        )
        .await;
        assert!(ids(&page).contains(&game.game_id), "seat{winner},{how}");
        for row in page["games"].as_array().unwrap() {
            assert_eq!(row["result"]["how"], how);
            let first = row["seats"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["place"] == 1)
                .unwrap();
            assert_eq!(first["seat"], winner);
        }
    }
}

#[tokio::test]
async fn every_rule_set_is_in_the_history_step_by_step_and_downloads() {
    let app = spawn_fast_app().await;
    let mut games = Vec::new();
    for rule_set in RULE_SETS {
        games.push(play(&app, rule_set, 2, false).await);
    }
    games.push(play(&app, "modern", 4, false).await);
    // A seat of three resigns mid-game; the others play on.
    games.push(play(&app, "modern", 3, true).await);
    let resigned = games.last().unwrap();
    assert!(
        resigned.steps.iter().any(|s| s["text"] == "1:resign"),
        "the leaving is a step of the record"
    );
    let mut details = Vec::new();
    for game in &games {
        let detail = check_detail(&app, game).await;
        check_downloads(&app, game, &detail).await;
        details.push(detail);
    }
    let text = get_text(&app, &format!("/api/games/{}/record.txt", resigned.game_id)).await;
    assert!(text.contains("\n1:resign\n"), "{text}");
    check_list(&app, &games, &details).await;
    app.stop().await;
}

#[tokio::test]
async fn a_game_of_two_that_a_seat_left_downloads_with_its_leaving_line() {
    let app = spawn_fast_app().await;
    for rule_set in ["peril", "jequier"] {
        let game = play(&app, rule_set, 2, true).await;
        assert_eq!(game.standing["how"], "resigned");
        let detail = check_detail(&app, &game).await;
        check_downloads(&app, &game, &detail).await;
        let text = get_text(&app, &format!("/api/games/{}/record.txt", game.game_id)).await;
        assert!(text.ends_with("\n1:resign\n"), "{text}");
    }
    app.stop().await;
}

/// Totals add up over rule sets, with the places of games of three and four.
#[tokio::test]
async fn totals_by_rule_set_count_games_wins_and_places() {
    let app = spawn_fast_app().await;
    let me = Uuid::new_v4();
    let others: Vec<Uuid> = (0..3).map(|_| Uuid::new_v4()).collect();
    let mut players = vec![(me, "Merneith".to_owned())];
    players.extend(others.iter().map(|id| (*id, format!("Other {id}"))));
    let at = Utc.with_ymd_and_hms(2026, 12, 1, 10, 0, 0).unwrap();
    // (rule set, my seat, seats, places first to last)
    let plays: [(&str, usize, usize, &[u8]); 6] = [
        ("kendall", 0, 2, &[0, 1]),
        ("kendall", 1, 2, &[0, 1]),
        ("peril", 1, 2, &[1, 0]),
        ("modern", 2, 4, &[0, 1, 2, 3]),
        ("modern", 0, 3, &[1, 0, 2]),
        ("modern", 3, 4, &[3, 2, 1, 0]),
    ];
    let games: Vec<ImportGame> = plays
        .iter()
        .enumerate()
        .map(|(i, (rule_set, mine, seats, places))| {
            let mut seat_players: Vec<Uuid> = others.iter().copied().take(seats - 1).collect();
            seat_players.insert(*mine, me);
            let started = at + Duration::minutes(i as i64 * 10);
            ImportGame {
                id: Uuid::new_v4(),
                room_code: format!("totals{i}"),
                rule_set: rule_set.parse().unwrap(),
                players: seat_players,
                how: senet_engine::EndHow::BorneOff,
                places: places.to_vec(),
                scores: Vec::new(),
                started_at: started,
                finished_at: started + Duration::minutes(5),
                steps: Vec::new(),
            }
        })
        .collect();
    app.store.import_games(&players, &games).await.unwrap();
    let totals = get(&app, &format!("/api/players/{me}/totals")).await;
    assert_eq!(totals["display_name"], "Merneith");
    assert_eq!(
        (&totals["games"], &totals["wins"], &totals["losses"]),
        (&json!(6), &json!(3), &json!(3))
    );
    assert_eq!(
        totals["by_rule_set"],
        json!([
            { "rule_set": "kendall", "games": 2, "wins": 1, "losses": 1, "places": [1, 1] },
            { "rule_set": "modern", "games": 3, "wins": 1, "losses": 2, "places": [1, 1, 1] },
            { "rule_set": "peril", "games": 1, "wins": 1, "losses": 0, "places": [1] },
        ])
    );
    let stored = app.store.player_totals(me, true).await.unwrap();
    assert_eq!((stored.games, stored.wins), (6, 3));
    // A player with no game has no rule set.
    let fresh = get(&app, &format!("/api/players/{}/totals", others[2])).await;
    assert_eq!(fresh["games"], 2);
    let (nobody, _) = app.player("Nobody").await;
    let none = get(&app, &format!("/api/players/{nobody}/totals")).await;
    assert_eq!(none["by_rule_set"], json!([]));
    assert_eq!(none["games"], 0);
    app.stop().await;
}
