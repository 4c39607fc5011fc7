//! The HTTP API's edges: every `/api` error is the documented JSON shape
//! whatever produced it (unknown path, wrong method, body too large); the
//! `Authorization` scheme is read in any case, over HTTP and at the
//! WebSocket upgrade; display names are normalised and look-alike letters
//! from other scripts are refused.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use common::{Client, Response, spawn_app};
use serde_json::json;

/// The response is the API's JSON error with this status and code.
fn assert_api_error(r: &Response, status: u16, code: &str) {
    assert_eq!(r.status, status, "{}", r.text);
    assert!(
        r.header("content-type")
            .is_some_and(|t| t.starts_with("application/json")),
        "{:?}",
        r.headers
    );
    assert_eq!(r.body["error"]["code"], code, "{}", r.text);
    assert!(
        r.body["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()),
        "{}",
        r.text
    );
}

#[tokio::test]
async fn every_api_error_is_json() {
    let app = spawn_app().await;
    // Unknown paths under /api, however deep.
    for path in [
        "/api",
        "/api/",
        "/api/nope",
        "/api/games/x/y/z",
        "/api/players/x/y/z",
    ] {
        let r = app.http("GET", path, None, None).await;
        assert_api_error(&r, 404, "not_found");
    }
    // A known path with a method it does not take keeps its Allow header.
    let r = app.http("DELETE", "/api/lobby", None, None).await;
    assert_api_error(&r, 405, "method_not_allowed");
    assert!(
        r.header("allow").is_some_and(|a| a.contains("GET")),
        "{:?}",
        r.headers
    );
    let r = app.http("GET", "/api/players", None, None).await;
    assert_api_error(&r, 405, "method_not_allowed");
    // A body over the API's limit (64 KiB), far below axum's 2 MB default.
    let name = "a".repeat(70 * 1024);
    let big = json!({ "display_name": name }).to_string();
    let r = app
        .request("POST", "/api/players", &[], big.as_bytes())
        .await;
    assert_api_error(&r, 413, "body_too_large");
    let r = app
        .request("POST", "/api/players", &[], &vec![b' '; 3 * 1024 * 1024])
        .await;
    assert_api_error(&r, 413, "body_too_large");
    // Just under the limit the body is read (and the name refused).
    let r = app
        .http(
            "POST",
            "/api/players",
            None,
            Some(&json!({ "display_name": "a".repeat(60 * 1024) }).to_string()),
        )
        .await;
    assert_api_error(&r, 400, "invalid_display_name");
    // A path segment that is not UTF-8 (the framework's own 400) — except
    // where it names a game: that is no game's id, as any other.
    let r = app.http("GET", "/api/rooms/%FF%FE", None, None).await;
    assert_api_error(&r, 400, "bad_request");
    let r = app.http("GET", "/api/games/%FF%FE", None, None).await;
    assert_api_error(&r, 404, "game_not_found");

    // The web client's pages keep their plain answers.
    let r = app.http("GET", "/no-such-page", None, None).await;
    assert_eq!(r.status, 404);
    assert!(r.body.get("error").is_none(), "{}", r.text);
    let r = app.http("POST", "/styles.css", None, None).await;
    assert_eq!(r.status, 405);
    assert!(r.body.get("error").is_none(), "{}", r.text);
    app.stop().await;
}

#[tokio::test]
async fn the_authorization_scheme_is_case_insensitive() {
    let app = spawn_app().await;
    let (_, owner) = app.player("Nefertari").await;
    let (joiner_id, joiner) = app.player("Akhenaten").await;
    let body = r#"{"side":"cone"}"#;
    let mut code = String::new();
    for scheme in ["Bearer", "bearer", "BEARER", "bEaReR"] {
        let auth = format!("{scheme} {owner}");
        let r = app
            .request(
                "POST",
                "/api/rooms",
                &[("Authorization", &auth)],
                body.as_bytes(),
            )
            .await;
        assert_eq!(r.status, 201, "{scheme}: {}", r.text);
        code = r.body["code"].as_str().unwrap().to_owned();
    }
    // Another scheme is no bearer token.
    let auth = format!("Basic {owner}");
    let r = app
        .request(
            "POST",
            "/api/rooms",
            &[("Authorization", &auth)],
            body.as_bytes(),
        )
        .await;
    assert_eq!(
        (r.status, &r.body["error"]["code"]),
        (401, &json!("missing_token"))
    );

    // The WebSocket upgrade reads the header the same way: the joiner
    // takes the open seat.
    let (_owner_socket, _) = app.connect(&code, Some(&owner)).await;
    let auth = format!("bearer {joiner}");
    let mut joined = Client::open_with(&app.ws_url(&code, None), &[("Authorization", &auth)])
        .await
        .unwrap();
    let snapshot = joined.recv_type("snapshot").await;
    assert_eq!(snapshot["you"], json!({ "role": "seat", "side": "spool" }));
    assert_eq!(snapshot["players"][1]["player_id"], joiner_id.as_str());
    app.stop().await;
}

#[tokio::test]
async fn display_names_are_normalised_and_in_one_script() {
    let app = spawn_app().await;
    let create = |name: &str| {
        let body = json!({ "display_name": name }).to_string();
        let app = &app;
        async move { app.http("POST", "/api/players", None, Some(&body)).await }
    };
    // "Nefertarі" with U+0456 CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I.
    for refused in ["Nefertar\u{0456}", "Ra Ра", "Nefer\u{200B}tari", "\u{3164}"] {
        let r = create(refused).await;
        assert_api_error(&r, 400, "invalid_display_name");
    }
    let r = create("Nefertar\u{0456}").await;
    assert!(
        r.body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("script"),
        "{}",
        r.text
    );
    for accepted in ["Нефертари", "Νεφερτάρη", "Ptah-hotep 2", "ネフェルタリ"]
    {
        let r = create(accepted).await;
        assert_eq!(r.status, 201, "{accepted}: {}", r.text);
        assert_eq!(r.body["display_name"], accepted);
    }
    // Fullwidth letters are stored as their NFKC form, and so shown.
    let r = create("Ｎｅｆｅｒｔａｒｉ ２").await;
    assert_eq!(
        (r.status, &r.body["display_name"]),
        (201, &json!("Nefertari 2"))
    );
    let id = r.body["player_id"].as_str().unwrap();
    let totals = app
        .http("GET", &format!("/api/players/{id}/totals"), None, None)
        .await;
    assert_eq!(totals.body["display_name"], "Nefertari 2");
    app.stop().await;
}
