//! Accounts over real HTTP on a real server: an anonymous player signs up
//! and keeps its id and seat; logins from other devices get tokens of the
//! usual format and a session cookie; logout, logout everywhere and a
//! password change revoke exactly the tokens they should; wrong usernames
//! and wrong passwords get one answer; sign-ups and logins are rate
//! limited. Runs on PostgreSQL, and on SQLite with `TEST_BACKEND=sqlite`.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use common::accounts::PASSWORD;
use common::{Remote, Response, my_side, spawn_app};
use serde_json::{Value, json};

fn body(username: &str, password: &str) -> String {
    json!({ "username": username, "password": password }).to_string()
}

async fn sign_up(app: &Remote, token: &str, username: &str, password: &str) -> Response {
    app.http(
        "POST",
        "/api/accounts",
        Some(token),
        Some(&body(username, password)),
    )
    .await
}

async fn log_in(app: &Remote, username: &str, password: &str) -> Response {
    app.http(
        "POST",
        "/api/sessions",
        None,
        Some(&body(username, password)),
    )
    .await
}

/// Logs in and returns the new token.
async fn token_of(app: &Remote, username: &str, password: &str) -> String {
    let r = log_in(app, username, password).await;
    assert_eq!(r.status, 201, "{}", r.text);
    r.body["token"].as_str().unwrap().to_owned()
}

async fn me(app: &Remote, token: &str) -> Response {
    app.http("GET", "/api/me", Some(token), None).await
}

fn assert_error(r: &Response, status: u16, code: &str) {
    assert_eq!(r.status, status, "{}", r.text);
    assert_eq!(r.body["error"]["code"], code, "{}", r.text);
}

/// The `Set-Cookie` header's value, which every login and sign-up sends.
fn set_cookie(r: &Response) -> &str {
    r.header("set-cookie").expect("a Set-Cookie header")
}

#[tokio::test]
async fn sign_up_log_in_and_log_out() {
    let app = spawn_app().await;
    let (id, first) = app.player("Nefertari").await;
    let r = sign_up(&app, &first, "Nefertari_1", PASSWORD).await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.body["player_id"], id.as_str());
    assert_eq!(r.body["username"], "Nefertari_1");
    assert_eq!(r.body["display_name"], "Nefertari");
    let cookie = set_cookie(&r);
    assert!(
        cookie.starts_with(&format!("senet_session={first};")),
        "{cookie}"
    );
    for attribute in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age="] {
        assert!(cookie.contains(attribute), "{attribute} in {cookie}");
    }
    assert!(!cookie.contains("Secure"), "http site: {cookie}");
    assert!(!r.text.contains("argon2"), "no hash in the answer");
    let r = me(&app, &first).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["username"], "Nefertari_1");
    assert_error(
        &sign_up(&app, &first, "Another", PASSWORD).await,
        409,
        "already_registered",
    );

    // Another player: the same name in another case or with look-alike
    // characters is taken; bad names and passwords say why.
    let (_, other) = app.player("Akhenaten").await;
    for taken in ["nefertari_1", "NEFERTARI_l", "Ｎefertari_1"] {
        assert_error(
            &sign_up(&app, &other, taken, PASSWORD).await,
            409,
            "username_taken",
        );
    }
    assert_error(
        &sign_up(&app, &other, "ab", PASSWORD).await,
        400,
        "invalid_username",
    );
    assert_error(
        &sign_up(&app, &other, "admin", PASSWORD).await,
        400,
        "invalid_username",
    );
    assert_error(
        &sign_up(&app, &other, "Akhenaten", "short").await,
        400,
        "invalid_password",
    );
    assert_eq!(me(&app, &other).await.body["username"], Value::Null);
    // Signing up needs the player's token in the header.
    let r = app
        .request(
            "POST",
            "/api/accounts",
            &[("Cookie", &format!("senet_session={other}"))],
            body("Akhenaten", PASSWORD).as_bytes(),
        )
        .await;
    assert_error(&r, 401, "missing_token");
    // An anonymous player has no password to come back with.
    assert_error(
        &app.http("DELETE", "/api/sessions", Some(&other), None)
            .await,
        409,
        "no_account",
    );

    // A login from another device, in any case of the username.
    let r = log_in(&app, "NEFERTARI_1", PASSWORD).await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.body["player_id"], id.as_str());
    let second = r.body["token"].as_str().unwrap().to_owned();
    assert_ne!(second, first);
    assert!(second.starts_with(&format!("{}.", id.replace('-', ""))));
    assert!(set_cookie(&r).starts_with(&format!("senet_session={second};")));
    assert_eq!(me(&app, &second).await.body["player_id"], id.as_str());
    // The cookie alone names the player where the API only reads.
    let r = app
        .request(
            "GET",
            "/api/me",
            &[("Cookie", &format!("other=1; senet_session={second}"))],
            b"",
        )
        .await;
    assert_eq!(r.body["username"], "Nefertari_1", "{}", r.text);

    // A wrong password and an unknown username: the same answer.
    let wrong = log_in(&app, "Nefertari_1", "correct horse batterY").await;
    let unknown = log_in(&app, "Nobody_here", PASSWORD).await;
    assert_error(&wrong, 401, "wrong_credentials");
    assert_eq!(wrong.text, unknown.text);
    assert_eq!(wrong.status, unknown.status);

    // Logging out ends that token only, and clears the cookie.
    let r = app
        .http("DELETE", "/api/sessions", Some(&second), None)
        .await;
    assert_eq!(r.status, 204, "{}", r.text);
    assert!(
        set_cookie(&r).contains("senet_session=;"),
        "{r:?}",
        r = r.headers
    );
    assert_error(&me(&app, &second).await, 401, "invalid_token");
    assert_eq!(me(&app, &first).await.status, 200);
    // A stale cookie is a stranger, not an error on every page; logging
    // out with it again is done already.
    let stale = [("Cookie", format!("senet_session={second}"))];
    let stale: Vec<(&str, &str)> = stale.iter().map(|(n, v)| (*n, v.as_str())).collect();
    assert_error(
        &app.request("GET", "/api/me", &stale, b"").await,
        401,
        "missing_token",
    );
    assert_eq!(
        app.request("DELETE", "/api/sessions", &stale, b"")
            .await
            .status,
        204
    );
    app.stop().await;
}

#[tokio::test]
async fn password_change_and_logging_out_everywhere() {
    let app = spawn_app().await;
    let (_, first) = app.player("Ptahhotep").await;
    assert_eq!(
        sign_up(&app, &first, "ptahhotep", PASSWORD).await.status,
        201
    );
    let laptop = token_of(&app, "ptahhotep", PASSWORD).await;
    let phone = token_of(&app, "ptahhotep", PASSWORD).await;

    let change = |current: &str, new: &str| {
        json!({ "current_password": current, "new_password": new }).to_string()
    };
    let r = app
        .http(
            "POST",
            "/api/accounts/password",
            Some(&laptop),
            Some(&change("not it at all", "a new long password")),
        )
        .await;
    assert_error(&r, 401, "wrong_credentials");
    let r = app
        .http(
            "POST",
            "/api/accounts/password",
            Some(&laptop),
            Some(&change(PASSWORD, "short")),
        )
        .await;
    assert_error(&r, 400, "invalid_password");
    // Nothing changed by the refusals.
    for token in [&first, &laptop, &phone] {
        assert_eq!(me(&app, token).await.status, 200);
    }
    let r = app
        .http(
            "POST",
            "/api/accounts/password",
            Some(&laptop),
            Some(&change(PASSWORD, "a new long password")),
        )
        .await;
    assert_eq!(r.status, 204, "{}", r.text);
    // The token that changed it goes on; every other one, the first
    // included, is revoked.
    assert_eq!(me(&app, &laptop).await.status, 200);
    assert_error(&me(&app, &phone).await, 401, "invalid_token");
    assert_error(&me(&app, &first).await, 401, "invalid_token");
    assert_error(
        &log_in(&app, "ptahhotep", PASSWORD).await,
        401,
        "wrong_credentials",
    );
    let desk = token_of(&app, "ptahhotep", "a new long password").await;

    let r = app
        .http("DELETE", "/api/sessions?everywhere=true", Some(&desk), None)
        .await;
    assert_eq!(r.status, 204, "{}", r.text);
    assert_error(&me(&app, &desk).await, 401, "invalid_token");
    assert_error(&me(&app, &laptop).await, 401, "invalid_token");
    // The password still works: logging out is not closing the account.
    token_of(&app, "ptahhotep", "a new long password").await;
    app.stop().await;
}

#[tokio::test]
async fn an_account_keeps_its_seat_on_every_device() {
    let app = spawn_app().await;
    let (id, first) = app.player("Hatshepsut").await;
    let room = app.room(&first, "cone", false).await;
    let code = room["code"].as_str().unwrap();
    assert_eq!(
        sign_up(&app, &first, "Hatshepsut", PASSWORD).await.status,
        201
    );
    let phone = token_of(&app, "hatshepsut", PASSWORD).await;
    let (_client, snapshot) = app.connect(code, Some(&phone)).await;
    assert_eq!(my_side(&snapshot), "cone", "{snapshot}");
    assert_eq!(me(&app, &phone).await.body["player_id"], id.as_str());
    // A revoked token opens no socket.
    let r = app
        .http("DELETE", "/api/sessions", Some(&phone), None)
        .await;
    assert_eq!(r.status, 204);
    let refused = common::Client::open(&app.ws_url(code, Some(&phone)), None).await;
    assert!(
        refused.is_err(),
        "the upgrade is refused (401 invalid_token)"
    );
    app.stop().await;
}

#[tokio::test]
async fn logins_and_sign_ups_are_rate_limited() {
    let app = spawn_app().await;
    let (_, token) = app.player("Imhotep").await;
    assert_eq!(sign_up(&app, &token, "imhotep", PASSWORD).await.status, 201);
    // Ten tries at one username, then it waits, even with the password.
    for _ in 0..9 {
        assert_error(
            &log_in(&app, "imhotep", "wrong password").await,
            401,
            "wrong_credentials",
        );
    }
    let r = log_in(&app, "IMHOTEP", "wrong password").await;
    assert_error(&r, 401, "wrong_credentials");
    let r = log_in(&app, "imhotep", PASSWORD).await;
    assert_error(&r, 429, "rate_limited");
    let wait: u64 = r.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=30).contains(&wait), "Retry-After {wait}");
    // Another username from the same address is not held up.
    assert_error(
        &log_in(&app, "someone_else", PASSWORD).await,
        401,
        "wrong_credentials",
    );

    // Five sign-ups from one address (the first above), then it waits.
    for n in 0..4 {
        let (_, token) = app.player("Scribe").await;
        let r = sign_up(&app, &token, &format!("scribe_{n}"), PASSWORD).await;
        assert_eq!(r.status, 201, "{}", r.text);
    }
    let (_, token) = app.player("Scribe").await;
    let r = sign_up(&app, &token, "scribe_x", PASSWORD).await;
    assert_error(&r, 429, "rate_limited");
    assert!(r.header("retry-after").is_some());
    assert_eq!(me(&app, &token).await.body["username"], Value::Null);
    app.stop().await;
}

#[tokio::test]
async fn new_guests_are_rate_limited_per_address() {
    let app = spawn_app().await;
    // A class behind one address starts together: thirty at once.
    for n in 0..30 {
        app.player(&format!("Pupil {n}")).await;
    }
    let body = json!({ "display_name": "Pupil 30" }).to_string();
    let r = app.http("POST", "/api/players", None, Some(&body)).await;
    assert_error(&r, 429, "rate_limited");
    let wait: u64 = r.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=6).contains(&wait), "Retry-After {wait}");
    // A name that is refused anyway says why, not to wait.
    let bad = json!({ "display_name": "" }).to_string();
    let r = app.http("POST", "/api/players", None, Some(&bad)).await;
    assert_error(&r, 400, "invalid_display_name");
    app.stop().await;
}
