//! Match history: the list with its filters and pagination, games in
//! progress, totals, a game turn by turn, and the downloads — on seeded
//! games (PostgreSQL, or SQLite with `TEST_BACKEND=sqlite`).
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::collections::HashSet;

use chrono::{DateTime, Duration, TimeZone, Utc};
use common::{TestApp, spawn_app, started_room};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::{Action, Game, GameText, Kendall, Phase, Roll, Rules, Sticks};
use senet_server::store::{HistoryQuery, ImportGame, NewStep};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use uuid::Uuid;

/// The steps of a random game, as stored: a throw (a chance step, the
/// sticks as `LDLL`) and the move after it (a decision `<seat>:<square>`),
/// or the throw alone for a forfeit; to the end, or `max` turns. Returns the
/// steps and the winner's seat.
pub fn random_steps(seed: u64, max: usize) -> (Vec<NewStep>, Option<u8>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(Kendall);
    let mut steps = Vec::new();
    while game.winner().is_none() && game.record().len() < max {
        let seat = game.position().to_move().index() as u8;
        let sticks = Sticks::throw(&mut rng);
        game.throw(sticks).unwrap();
        steps.push(NewStep {
            seat: None,
            text: Roll::Sticks { sticks }.to_string(),
        });
        if let Phase::ToMove { moves, .. } = game.phase() {
            let pick = (rand::Rng::next_u32(&mut rng) as usize) % moves.len();
            let from = moves.get(pick).unwrap().from;
            game.play(from).unwrap();
            steps.push(NewStep {
                seat: Some(seat),
                text: format!("{seat}:{}", from.number()),
            });
        }
        let last = game.record().turns().last().unwrap();
        assert_eq!(
            matches!(last.action, Action::Forfeit),
            steps.last().unwrap().seat.is_none()
        );
    }
    (steps, game.winner().map(|w| w.index() as u8))
}

fn at(minutes: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 1, 12, 0, 0).unwrap() + Duration::minutes(minutes)
}

struct Seeded {
    nefertari: Uuid,
    akhenaten: Uuid,
    odd: Uuid,
    /// Game ids, newest first.
    newest_first: Vec<Uuid>,
    /// A game that was played to the end.
    borne_off: Uuid,
}

/// 25 finished games between Nefertari and Akhenaten (the Cone wins the
/// even ones, by bearing off or resignation in turn), and 2 of `Nef_100%`
/// against Akhenaten, the last two finished at the same instant.
async fn seed(app: &TestApp) -> Seeded {
    let nefertari = Uuid::new_v4();
    let akhenaten = Uuid::new_v4();
    let odd = Uuid::new_v4();
    let players = vec![
        (nefertari, "Nefertari".to_owned()),
        (akhenaten, "Akhenaten".to_owned()),
        (odd, "Nef_100%".to_owned()),
    ];
    let mut games = Vec::new();
    let mut borne_off = None;
    for i in 0..27_i64 {
        let (cone, spool) = if i >= 25 {
            (odd, akhenaten)
        } else if i % 3 == 0 {
            (akhenaten, nefertari)
        } else {
            (nefertari, akhenaten)
        };
        let full = i % 4 == 0;
        let (steps, winner) = random_steps(i as u64, if full { usize::MAX } else { 12 });
        let (winner, how) = match winner {
            Some(w) => (w, "borne_off"),
            None => (
                if i % 2 == 0 { 0 } else { 1 },
                if i % 5 == 0 { "abandoned" } else { "resigned" },
            ),
        };
        let id = Uuid::new_v4();
        if full && borne_off.is_none() {
            borne_off = Some(id);
        }
        let finished = at(if i == 26 { 25 * 10 } else { i * 10 });
        games.push(ImportGame {
            id,
            room_code: format!("seed{i:04}{}", &id.simple().to_string()[..8]),
            rule_set: "kendall".to_owned(),
            players: vec![cone, spool],
            how: how.to_owned(),
            places: vec![winner, 1 - winner],
            scores: Vec::new(),
            started_at: finished - Duration::seconds(300 + i),
            finished_at: finished,
            steps,
        });
    }
    app.store.import_games(&players, &games).await.unwrap();
    let mut order: Vec<(DateTime<Utc>, Uuid)> =
        games.iter().map(|g| (g.finished_at, g.id)).collect();
    order.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    Seeded {
        nefertari,
        akhenaten,
        odd,
        newest_first: order.into_iter().map(|(_, id)| id).collect(),
        borne_off: borne_off.unwrap(),
    }
}

fn ids(body: &Value) -> Vec<Uuid> {
    body["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| Uuid::parse_str(g["game_id"].as_str().unwrap()).unwrap())
        .collect()
}

async fn get_ok(app: &TestApp, path: &str) -> Value {
    let r = app.http("GET", path, None, None).await;
    assert_eq!(r.status, 200, "{path}: {}", r.text);
    r.body
}

async fn get_err(app: &TestApp, path: &str, status: u16, code: &str) {
    let r = app.http("GET", path, None, None).await;
    assert_eq!(r.status, status, "{path}: {}", r.text);
    assert_eq!(r.body["error"]["code"], code, "{path}: {}", r.text);
    assert!(r.body["error"]["message"].is_string());
}

/// Every page of a listing, following the cursors.
async fn all_pages(app: &TestApp, base: &str) -> (Vec<Uuid>, usize) {
    let mut seen = Vec::new();
    let mut pages = 0;
    let mut path = base.to_owned();
    loop {
        let body = get_ok(app, &path).await;
        pages += 1;
        seen.extend(ids(&body));
        match body["next_cursor"].as_str() {
            Some(cursor) => path = format!("{base}&cursor={cursor}"),
            None => return (seen, pages),
        }
        assert!(pages < 100);
    }
}

#[tokio::test]
async fn list_pages_newest_first_with_exact_boundaries() {
    let app = spawn_app().await;
    let s = seed(&app).await;
    let total = s.newest_first.len();
    assert_eq!(total, 27);

    let first = get_ok(&app, "/api/games").await;
    assert_eq!(ids(&first), s.newest_first[..20].to_vec());
    let row = &first["games"][0];
    assert_eq!(row["status"], "finished");
    assert!(row["cone"]["display_name"].is_string());
    assert!(row["spool"]["player_id"].is_string());
    assert!(row["result"]["winner"].is_string());
    assert!(row["result"]["how"].is_string());
    assert!(row["turns"].as_i64().unwrap() > 0);
    assert!(row["started_at"].is_string() && row["finished_at"].is_string());
    assert!(row["duration_secs"].as_f64().unwrap() >= 300.0);
    let cursor = first["next_cursor"].as_str().unwrap();
    let second = get_ok(&app, &format!("/api/games?cursor={cursor}")).await;
    assert_eq!(ids(&second), s.newest_first[20..].to_vec());
    assert!(second["next_cursor"].is_null());

    // Exactly one page: no cursor to an empty page.
    let exact = get_ok(&app, &format!("/api/games?limit={total}")).await;
    assert_eq!(ids(&exact).len(), total);
    assert!(exact["next_cursor"].is_null());
    // One short of it: a last page of one.
    let short = get_ok(&app, &format!("/api/games?limit={}", total - 1)).await;
    let cursor = short["next_cursor"].as_str().unwrap();
    let last = get_ok(&app, &format!("/api/games?limit=26&cursor={cursor}")).await;
    assert_eq!(ids(&last), vec![s.newest_first[total - 1]]);
    assert!(last["next_cursor"].is_null());

    // Pages of 1 and of 4 walk every game once, in order, ties included
    // (two games end at the same instant).
    for size in [1, 4, 9] {
        let (seen, pages) = all_pages(&app, &format!("/api/games?limit={size}")).await;
        assert_eq!(seen, s.newest_first, "pages of {size}");
        assert_eq!(pages, total.div_ceil(size));
    }

    // Nothing matches: an empty page, no cursor.
    let none = get_ok(&app, "/api/games?name=nobody").await;
    assert_eq!(ids(&none), Vec::<Uuid>::new());
    assert!(none["next_cursor"].is_null());
    app.stop().await;
}

#[tokio::test]
async fn list_filters() {
    let app = spawn_app().await;
    let s = seed(&app).await;
    let count = |body: &Value| body["games"].as_array().unwrap().len();

    // By player: every game has them seated.
    let path = format!("/api/games?limit=100&player={}", s.odd);
    let body = get_ok(&app, &path).await;
    assert_eq!(count(&body), 2);
    let path = format!("/api/games?limit=100&player={}", s.nefertari);
    let body = get_ok(&app, &path).await;
    assert_eq!(count(&body), 25);
    for g in body["games"].as_array().unwrap() {
        let seated = [
            g["cone"]["player_id"].as_str(),
            g["spool"]["player_id"].as_str(),
        ];
        assert!(seated.contains(&Some(s.nefertari.to_string().as_str())));
    }
    // Unknown player: nothing.
    let body = get_ok(&app, &format!("/api/games?player={}", Uuid::new_v4())).await;
    assert_eq!(count(&body), 0);

    // By name, any case, as a substring; `_` and `%` are literal.
    assert_eq!(
        count(&get_ok(&app, "/api/games?limit=100&name=nEfEr").await),
        25
    );
    assert_eq!(
        count(&get_ok(&app, "/api/games?limit=100&name=nEf").await),
        27
    );
    assert_eq!(
        count(&get_ok(&app, "/api/games?limit=100&name=AKHEN").await),
        27
    );
    assert_eq!(
        count(&get_ok(&app, "/api/games?limit=100&name=ef_1").await),
        2
    );
    assert_eq!(
        count(&get_ok(&app, "/api/games?limit=100&name=100%25").await),
        2
    );
    assert_eq!(count(&get_ok(&app, "/api/games?limit=100&name=_").await), 2);
    assert_eq!(
        count(&get_ok(&app, "/api/games?limit=100&name=%25").await),
        2
    );
    assert_eq!(
        count(&get_ok(&app, "/api/games?limit=100&name=N%25i").await),
        0
    );

    // By result: the winner, the way it ended, both.
    let all = get_ok(&app, "/api/games?limit=100").await;
    let rows = all["games"].as_array().unwrap();
    let expect = |winner: Option<&str>, how: Option<&str>| {
        rows.iter()
            .filter(|g| winner.is_none_or(|w| g["result"]["winner"] == w))
            .filter(|g| how.is_none_or(|h| g["result"]["how"] == h))
            .count()
    };
    for (query, winner, how) in [
        ("cone", Some("cone"), None),
        ("spool", Some("spool"), None),
        ("borne_off", None, Some("borne_off")),
        ("resigned", None, Some("resigned")),
        ("abandoned", None, Some("abandoned")),
        ("spool,resigned", Some("spool"), Some("resigned")),
        ("borne_off,cone", Some("cone"), Some("borne_off")),
    ] {
        let body = get_ok(&app, &format!("/api/games?limit=100&result={query}")).await;
        let n = expect(winner, how);
        assert!(n > 0, "{query} is seeded");
        assert_eq!(count(&body), n, "result={query}");
    }
    // won/lost for a player, and their totals agree.
    let won = get_ok(
        &app,
        &format!("/api/games?limit=100&player={}&result=won", s.nefertari),
    )
    .await;
    let lost = get_ok(
        &app,
        &format!("/api/games?limit=100&player={}&result=lost", s.nefertari),
    )
    .await;
    let totals = get_ok(&app, &format!("/api/players/{}/totals", s.nefertari)).await;
    assert_eq!(totals["display_name"], "Nefertari");
    assert_eq!(totals["games"], 25);
    assert_eq!(totals["wins"].as_u64().unwrap() as usize, count(&won));
    assert_eq!(totals["losses"].as_u64().unwrap() as usize, count(&lost));
    assert_eq!(count(&won) + count(&lost), 25);
    let akh = get_ok(&app, &format!("/api/players/{}/totals", s.akhenaten)).await;
    assert_eq!(akh["games"], 27);
    assert_eq!(
        akh["wins"].as_u64().unwrap() as usize,
        27 - akh["losses"].as_u64().unwrap() as usize
    );

    // Filters combine with paging.
    let base = format!("/api/games?limit=3&player={}&result=won", s.nefertari);
    let (seen, _) = all_pages(&app, &base).await;
    assert_eq!(seen, ids(&won));
    app.stop().await;
}

#[tokio::test]
async fn bad_parameters_are_400_and_unknown_ids_404() {
    let app = spawn_app().await;
    let s = seed(&app).await;
    for (path, code) in [
        ("/api/games?cursor=bogus", "bad_cursor"),
        ("/api/games?cursor=", "bad_cursor"),
        ("/api/games?cursor=djE6MTIzOm5vdC1hLXV1aWQ", "bad_cursor"),
        ("/api/games?limit=0", "bad_limit"),
        ("/api/games?limit=101", "bad_limit"),
        ("/api/games?limit=ten", "bad_limit"),
        ("/api/games?limit=-5", "bad_limit"),
        ("/api/games?player=42", "bad_player"),
        ("/api/games?name=", "bad_name"),
        ("/api/games?result=draw", "bad_result"),
        ("/api/games?result=cone,spool", "bad_result"),
        ("/api/games?result=resigned,abandoned", "bad_result"),
        ("/api/games?result=won", "bad_result"),
        ("/api/games?status=waiting", "bad_status"),
        ("/api/games?status=playing&name=x", "bad_parameter"),
        ("/api/games?sort=oldest", "unknown_parameter"),
        ("/api/games?limit=2&limit=3", "bad_parameter"),
        ("/api/games/live?player=x", "unknown_parameter"),
        ("/api/games/live?limit=1000", "bad_limit"),
    ] {
        get_err(&app, path, 400, code).await;
    }
    let unknown = Uuid::new_v4();
    get_err(
        &app,
        &format!("/api/games/{unknown}"),
        404,
        "game_not_found",
    )
    .await;
    get_err(&app, "/api/games/not-a-game", 404, "game_not_found").await;
    get_err(
        &app,
        &format!("/api/games/{unknown}/record.txt"),
        404,
        "game_not_found",
    )
    .await;
    get_err(
        &app,
        &format!("/api/games/{unknown}/record.json"),
        404,
        "game_not_found",
    )
    .await;
    get_err(
        &app,
        &format!("/api/players/{unknown}/totals"),
        404,
        "player_not_found",
    )
    .await;
    get_err(&app, "/api/players/nobody/totals", 404, "player_not_found").await;
    // A player with no finished game has zero totals.
    let (fresh, _) = app.player("Newcomer").await;
    let totals = get_ok(&app, &format!("/api/players/{fresh}/totals")).await;
    assert_eq!(
        (
            totals["games"].as_i64(),
            totals["wins"].as_i64(),
            totals["losses"].as_i64()
        ),
        (Some(0), Some(0), Some(0))
    );
    assert!(!s.newest_first.is_empty());
    app.stop().await;
}

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
                rule_set: "kendall".to_owned(),
                players: vec![
                    players[(i % 50) as usize].0,
                    players[((i + 1) % 50) as usize].0,
                ],
                how: "resigned".to_owned(),
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
        rule_set: Some("peril".to_owned()),
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
