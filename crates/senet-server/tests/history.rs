//! Match history: the list with its filters and pagination, totals, and
//! bad parameters — on seeded games (PostgreSQL, or SQLite with
//! `TEST_BACKEND=sqlite`). A game turn by turn, its downloads and games in
//! progress are in `history_games.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use common::seeded::{all_pages, get_err, get_ok, ids, seed};
use common::{execute_raw, spawn_app};
use serde_json::Value;
use uuid::Uuid;

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

/// Every path under a game answers an id that is no game's — unknown, not
/// a UUID, not even text — with the same `404 game_not_found`.
#[tokio::test]
async fn every_game_path_answers_a_malformed_id_with_game_not_found() {
    let app = spawn_app().await;
    let unknown = Uuid::new_v4().to_string();
    let longer = format!("{unknown}0");
    for id in [
        unknown.as_str(),
        "not-a-game",
        "123",
        "%20",
        "%FF%FE",
        longer.as_str(),
    ] {
        for tail in ["", "/record.txt", "/record.json", "/chat", "/review"] {
            get_err(
                &app,
                &format!("/api/games/{id}{tail}"),
                404,
                "game_not_found",
            )
            .await;
        }
    }
    app.stop().await;
}

/// A stored name this server does not know (a row changed by hand, or
/// written by a newer release) is a clear internal error wherever it is
/// read — never a panic, never read as something else — and the other
/// games are served as before. (`games.status` has a `CHECK`: the
/// database itself refuses an unknown status.)
#[tokio::test]
async fn an_unknown_stored_name_is_an_internal_error_not_a_guess() {
    let app = spawn_app().await;
    let s = seed(&app).await;
    // The newest is the odd player's; the third Nefertari's.
    let (bad_how, bad_rule_set, fine) = (s.newest_first[0], s.newest_first[2], s.newest_first[3]);
    let bad_room = get_ok(&app, &format!("/api/games/{bad_rule_set}")).await["room_code"]
        .as_str()
        .unwrap()
        .to_owned();
    let set = |column: &str| format!("UPDATE games SET {column} = $1 WHERE id = $2");
    execute_raw(&app.db_url, &set("end_how"), "checkmate", bad_how).await;
    execute_raw(&app.db_url, &set("rule_set"), "kendall-9", bad_rule_set).await;
    let room =
        "UPDATE rooms SET rule_set = $1 WHERE code = (SELECT room_code FROM games WHERE id = $2)";
    execute_raw(&app.db_url, room, "kendall-9", bad_rule_set).await;

    for game in [bad_how, bad_rule_set] {
        for tail in ["", "/record.txt", "/record.json", "/review"] {
            get_err(&app, &format!("/api/games/{game}{tail}"), 500, "internal").await;
        }
    }
    get_err(&app, "/api/games", 500, "internal").await;
    let totals = |player: Uuid| format!("/api/players/{player}/totals");
    get_err(&app, &totals(s.nefertari), 500, "internal").await;
    // The error names the column and what it holds.
    let error = app.store.game(bad_how).await.unwrap_err().to_string();
    assert!(
        error.contains("end_how") && error.contains("checkmate"),
        "{error}"
    );
    let error = app.store.game(bad_rule_set).await.unwrap_err().to_string();
    assert!(
        error.contains("rule_set") && error.contains("kendall-9"),
        "{error}"
    );
    let error = app.store.room(&bad_room).await.unwrap_err().to_string();
    assert!(
        error.contains("rule_set") && error.contains("kendall-9"),
        "{error}"
    );
    // The server goes on: another game, the totals that read no bad name.
    get_ok(&app, &format!("/api/games/{fine}")).await;
    get_ok(&app, &totals(s.odd)).await;
    app.stop().await;
}
