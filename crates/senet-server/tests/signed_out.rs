//! A revoked token's open sockets close at once (`docs/accounts.md`,
//! `docs/protocol.md` close code 4401): a log-out closes its own token's
//! sockets and no other's, a log-out everywhere closes every one, a
//! password change every one but the token that made it; the quick-pairing
//! socket closes too, its seek out of the pool; on several nodes a token
//! revoked on one node closes its sockets on another, by NATS or, when
//! NATS lost the message, by the other node's recheck of its tokens.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use common::accounts::{PASSWORD, account};
use common::cluster::{Cluster, skip_on_sqlite};
use common::{Client, Remote, spawn_app};
use serde_json::json;

/// Logs in again as `username`: a new session's token.
async fn log_in(app: &Remote, username: &str, password: &str) -> String {
    let body = json!({ "username": username, "password": password }).to_string();
    let r = app.http("POST", "/api/sessions", None, Some(&body)).await;
    assert_eq!(r.status, 201, "{}", r.text);
    r.body["token"].as_str().unwrap().to_owned()
}

/// Asserts the socket closes now with the signed-out code.
async fn assert_signed_out(client: &mut Client) {
    let frame = client.closed().await.expect("a close frame");
    assert_eq!(u16::from(frame.code), 4401, "{frame:?}");
    assert_eq!(frame.reason.as_str(), "signed out");
}

/// Asserts the socket still answers a ping.
async fn assert_open(client: &mut Client) {
    client.send(json!({ "type": "ping" })).await;
    let pong = client.recv_type("pong").await;
    assert_eq!(pong["type"], "pong");
}

#[tokio::test]
async fn a_log_out_closes_the_sockets_of_its_token_and_no_other() {
    let app = spawn_app().await;
    let (_, first) = account(&app, "nebet").await;
    let phone = log_in(&app, "nebet", PASSWORD).await;
    let desk = log_in(&app, "nebet", PASSWORD).await;
    let room = app.room(&first, "cone", false).await;
    let code = room["code"].as_str().unwrap();
    // The same player on three devices, each holding the seat.
    let (mut on_phone, snapshot) = app.connect(code, Some(&phone)).await;
    assert_eq!(snapshot["you"]["side"], "cone", "{snapshot}");
    let (mut on_desk, _) = app.connect(code, Some(&desk)).await;
    let (mut with_first, _) = app.connect(code, Some(&first)).await;
    let (mut watcher, _) = app.connect(code, None).await;

    log_out(&app, &phone, false).await;
    assert_signed_out(&mut on_phone).await;
    assert_open(&mut on_desk).await;
    assert_open(&mut with_first).await;
    assert_open(&mut watcher).await;
    // The revoked token cannot open the socket again.
    let refused = Client::open(&app.ws_url(code, Some(&phone)), None).await;
    assert!(refused.is_err(), "a revoked token reconnected");

    log_out(&app, &desk, true).await;
    assert_signed_out(&mut on_desk).await;
    assert_signed_out(&mut with_first).await;
    assert_open(&mut watcher).await;
    app.stop().await;
}

#[tokio::test]
async fn a_password_change_closes_every_other_tokens_sockets() {
    let app = spawn_app().await;
    let (_, first) = account(&app, "khnum").await;
    let laptop = log_in(&app, "khnum", PASSWORD).await;
    let room = app.room(&first, "spool", false).await;
    let code = room["code"].as_str().unwrap();
    let (mut with_first, _) = app.connect(code, Some(&first)).await;
    let (mut on_laptop, _) = app.connect(code, Some(&laptop)).await;
    // Someone else in the room, signed in: not theirs to lose.
    let (_, other) = account(&app, "hathor").await;
    let (mut opponent, snapshot) = app.connect(code, Some(&other)).await;
    assert_eq!(snapshot["you"]["side"], "cone", "{snapshot}");

    let change = json!({ "current_password": PASSWORD, "new_password": "another long password" });
    let r = app
        .http(
            "POST",
            "/api/accounts/password",
            Some(&laptop),
            Some(&change.to_string()),
        )
        .await;
    assert_eq!(r.status, 204, "{}", r.text);
    assert_signed_out(&mut with_first).await;
    assert_open(&mut on_laptop).await;
    assert_open(&mut opponent).await;
    app.stop().await;
}

#[tokio::test]
async fn a_log_out_closes_the_quick_pairing_socket_and_its_seek() {
    let app = spawn_app().await;
    let (_, first) = account(&app, "sobek").await;
    let url = format!("ws://{}/ws/seek?token={first}", app.addr);
    let mut seeker = Client::open(&url, None).await.unwrap();
    seeker
        .send(json!({ "type": "seek", "rule_set": "kendall", "seats": 2 }))
        .await;
    assert_eq!(seeker.recv().await["type"], "seeking");
    assert_eq!(app.waiting_in_pools().await, 1);

    log_out(&app, &first, false).await;
    assert_signed_out(&mut seeker).await;
    // Nobody is left waiting in the pool.
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let waiting = app.waiting_in_pools().await;
        if waiting == 0 {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "{waiting} waiting");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    app.stop().await;
}

/// A player signed up on node one and logged in again there (a second
/// token, "the phone"), a socket open on node two with each token:
/// (first token, phone's token, the phone's socket, the first's socket).
async fn two_sockets_on_node_two(
    cluster: &Cluster,
    name: &str,
) -> (String, String, Client, Client) {
    let (one, two) = (cluster.remote(0), cluster.remote(1));
    let (_, first) = account(&one, name).await;
    let phone = log_in(&one, name, PASSWORD).await;
    let room = one.room(&first, "cone", false).await;
    let code = room["code"].as_str().unwrap();
    let (phone_on_two, _) = two.connect(code, Some(&phone)).await;
    let (first_on_two, _) = two.connect(code, Some(&first)).await;
    (first, phone, phone_on_two, first_on_two)
}

/// `DELETE /api/sessions` with `token`, on `app`.
async fn log_out(app: &Remote, token: &str, everywhere: bool) {
    let path = if everywhere {
        "/api/sessions?everywhere=true"
    } else {
        "/api/sessions"
    };
    let r = app.http("DELETE", path, Some(token), None).await;
    assert_eq!(r.status, 204, "{}", r.text);
}

#[tokio::test]
async fn a_token_revoked_on_one_node_closes_its_socket_on_another() {
    if skip_on_sqlite("a_token_revoked_on_one_node_closes_its_socket_on_another") {
        return;
    }
    let cluster = Cluster::start(2, 3000).await;
    let (first, phone, mut phone_on_two, mut first_on_two) =
        two_sockets_on_node_two(&cluster, "seshat").await;
    log_out(&cluster.remote(0), &phone, false).await;
    assert_signed_out(&mut phone_on_two).await;
    assert_open(&mut first_on_two).await;
    log_out(&cluster.remote(0), &first, true).await;
    assert_signed_out(&mut first_on_two).await;
}

#[tokio::test]
async fn a_revocation_lost_between_the_nodes_closes_its_socket_on_recheck() {
    if skip_on_sqlite("a_revocation_lost_between_the_nodes_closes_its_socket_on_recheck") {
        return;
    }
    let cluster = Cluster::start_with_args(2, 3000, &["--revocation-recheck-ms", "300"]).await;
    let (_, phone, mut phone_on_two, mut first_on_two) =
        two_sockets_on_node_two(&cluster, "nebet").await;
    // NATS is down: node one's revocation never reaches node two.
    cluster.cut_nats(true);
    log_out(&cluster.remote(0), &phone, false).await;
    assert_signed_out(&mut phone_on_two).await;
    assert_open(&mut first_on_two).await;
    assert!(
        !cluster.log_lines(1, "closed on recheck").is_empty(),
        "node two closed it by reading the tokens again"
    );
    cluster.cut_nats(false);
}
