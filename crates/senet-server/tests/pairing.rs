//! Quick pairing over real sockets on a real server: seekers of one pool
//! are seated together in a new room (two, and four for Senet-modern);
//! a seeker who leaves or seeks again elsewhere is out of the pool; rated
//! pools pair by a rating range that widens with waiting; two hundred
//! seekers at once are all paired, each exactly once; two nodes on one
//! database pair each other's seekers. PostgreSQL, and SQLite with
//! `TEST_BACKEND=sqlite` (but the two nodes).
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::collections::HashMap;
use std::time::Duration;

use chrono::Utc;
use common::accounts::{account, seed_rating};
use common::cluster::{Cluster, skip_on_sqlite};
use common::{Client, Remote, spawn_fast_app};
use serde_json::{Value, json};
use tokio::time::{Instant, timeout};

fn seek_url(app: &Remote, token: &str) -> String {
    format!("ws://{}/ws/seek?token={token}", app.addr)
}

/// Opens a seek socket and joins `pool` (the seek message's fields).
async fn seek(app: &Remote, token: &str, pool: &Value) -> Client {
    let mut client = Client::open(&seek_url(app, token), None).await.unwrap();
    let mut message = pool.clone();
    message["type"] = json!("seek");
    client.send(message).await;
    let seeking = client.recv().await;
    assert_eq!(seeking["type"], "seeking", "{seeking}");
    client
}

/// The room code a seeker is told it was paired into.
async fn paired(client: &mut Client) -> String {
    let told = client.recv().await;
    assert_eq!(told["type"], "paired", "{told}");
    told["code"].as_str().unwrap().to_owned()
}

fn casual(rule_set: &str, seats: u8) -> Value {
    json!({ "rule_set": rule_set, "seats": seats })
}

#[tokio::test]
async fn two_seekers_of_a_pool_are_seated_together() {
    let app = spawn_fast_app().await;
    let (a_id, a) = app.player("Ahmose").await;
    let (b_id, b) = app.player("Tiye").await;
    let mut first = seek(&app, &a, &casual("kendall", 2)).await;
    assert_eq!(app.waiting_in_pools().await, 1);
    let r = app.http("GET", "/api/pools", None, None).await;
    assert_eq!(r.body[0]["rule_set"], "kendall", "{}", r.text);
    assert_eq!(r.body[0]["time_control"]["kind"], "none", "{}", r.text);
    // Another pool's seeker is not a match.
    let (_, c) = app.player("Other pool").await;
    let mut other = seek(&app, &c, &casual("peril", 2)).await;
    let mut second = seek(&app, &b, &casual("kendall", 2)).await;
    let code = paired(&mut second).await;
    assert_eq!(paired(&mut first).await, code);
    assert_eq!(app.waiting_in_pools().await, 1, "the peril seeker waits on");
    // Both hold a seat of a game under way.
    for (id, token) in [(&a_id, &a), (&b_id, &b)] {
        let (_, snapshot) = app.connect_v2(&code, Some(token)).await;
        assert_eq!(snapshot["status"], "playing", "{snapshot}");
        let seat = snapshot["you"]["seat"].as_u64().unwrap() as usize;
        assert_eq!(
            snapshot["seats"][seat]["player"]["player_id"],
            id.as_str(),
            "{snapshot}"
        );
        assert_eq!(snapshot["room"]["rated"], false);
    }
    other.send(json!({ "type": "cancel" })).await;
    assert_eq!(other.recv().await["reason"], "cancelled");
    assert_eq!(app.waiting_in_pools().await, 0);
    app.stop().await;
}

#[tokio::test]
async fn four_seekers_make_a_game_of_four() {
    let app = spawn_fast_app().await;
    let mut seekers = Vec::new();
    for n in 0..4 {
        let (_, token) = app.player(&format!("Seeker {n}")).await;
        seekers.push((
            token.clone(),
            seek(&app, &token, &casual("modern", 4)).await,
        ));
    }
    let mut codes = Vec::new();
    for (_, client) in &mut seekers {
        codes.push(paired(client).await);
    }
    assert!(codes.iter().all(|code| *code == codes[0]), "{codes:?}");
    let (_, snapshot) = app.connect_v2(&codes[0], Some(&seekers[0].0)).await;
    assert_eq!(snapshot["status"], "playing", "{snapshot}");
    assert_eq!(snapshot["seats"].as_array().unwrap().len(), 4);
    app.stop().await;
}

#[tokio::test]
async fn a_seeker_who_leaves_or_seeks_elsewhere_is_out_of_the_pool() {
    let app = spawn_fast_app().await;
    let (_, a) = app.player("Leaver").await;
    let (_, b) = app.player("Stayer").await;
    let leaver = seek(&app, &a, &casual("jequier", 2)).await;
    leaver.close().await;
    let mut stayer = seek(&app, &b, &casual("jequier", 2)).await;
    // Longer than a pairing try: nobody to pair with.
    assert!(
        timeout(Duration::from_millis(1500), stayer.recv())
            .await
            .is_err(),
        "no pair with a seeker who left"
    );
    assert_eq!(app.waiting_in_pools().await, 1);
    // One pool at a time: seeking again replaces the first seek.
    let (_, c) = app.player("Switcher").await;
    let mut first = seek(&app, &c, &casual("simple", 2)).await;
    let _second = seek(&app, &c, &casual("peril", 2)).await;
    let told = first.recv().await;
    assert_eq!(told["type"], "cancelled", "{told}");
    assert_eq!(told["reason"], "replaced", "{told}");
    assert_eq!(app.waiting_in_pools().await, 2);
    // Bad seeks are refused with a reason, and the socket stays usable.
    let mut client = Client::open(&seek_url(&app, &c), None).await.unwrap();
    for (message, code) in [
        (
            json!({ "type": "seek", "rule_set": "chess" }),
            "unknown_rule_set",
        ),
        (
            json!({ "type": "seek", "rule_set": "kendall", "seats": 4 }),
            "bad_seats",
        ),
        (
            json!({ "type": "seek", "rated": true,
                 "time_control": { "kind": "clock", "seconds": 300 } }),
            "rated_needs_account",
        ),
        (json!({ "type": "dance" }), "bad_message"),
    ] {
        client.send(message).await;
        let error = client.recv().await;
        assert_eq!(error["code"], code, "{error}");
    }
    // No token, no seek.
    assert!(
        Client::open(&format!("ws://{}/ws/seek", app.addr), None)
            .await
            .is_err()
    );
    app.stop().await;
}

/// An account (id, token) with an established rating in a pool.
async fn rated_account(
    app: &common::TestApp,
    name: &str,
    pool: &str,
    rating: f64,
) -> (String, String) {
    let (id, token) = account(app, name).await;
    seed_rating(&app.db_url, &id, pool, (rating, 60.0, 0.06, 40), Utc::now()).await;
    (id, token)
}

#[tokio::test]
async fn rated_pools_pair_by_a_range_that_widens_with_waiting() {
    let app = spawn_fast_app().await;
    let (_, low) = rated_account(&app, "Lowrated", "kendall", 1500.0).await;
    let (_, high) = rated_account(&app, "Highrated", "kendall", 1750.0).await;
    let pool = json!({ "rule_set": "kendall", "rated": true,
                       "time_control": { "kind": "clock", "seconds": 300, "increment": 2 } });
    let began = Instant::now();
    let mut first = seek(&app, &low, &pool).await;
    let mut second = seek(&app, &high, &pool).await;
    // 250 apart: the range is 100 at once and 50 wider each second, so no
    // pair before three seconds of waiting.
    let code = paired(&mut first).await;
    assert!(
        began.elapsed() >= Duration::from_millis(2900),
        "paired after {:?}, before the range reached 250",
        began.elapsed()
    );
    assert_eq!(paired(&mut second).await, code);
    let (_, snapshot) = app.connect_v2(&code, Some(&low)).await;
    assert_eq!(snapshot["room"]["rated"], true, "{snapshot}");
    app.stop().await;
}

#[tokio::test]
async fn two_hundred_seekers_at_once_are_each_paired_exactly_once() {
    // Two hundred guests from one address: more than its limit allows.
    let app = common::start_tuned(
        &common::create_database().await,
        100_000.0,
        Duration::ZERO,
        senet_server::store::DEFAULT_TIMEOUT,
        |settings| settings.auth_limits = false,
    )
    .await;
    let mut tokens = Vec::new();
    for n in 0..200 {
        let (id, token) = app.player(&format!("Crowd {n}")).await;
        tokens.push((id, token));
    }
    let app = &app;
    let seekers = tokens.iter().map(|(id, token)| async move {
        let mut client = seek(app, token, &casual("kendall", 2)).await;
        let code = paired(&mut client).await;
        (id.clone(), code)
    });
    let results = timeout(
        Duration::from_secs(60),
        futures_util::future::join_all(seekers),
    )
    .await
    .expect("everyone paired within a minute");
    let mut rooms: HashMap<String, Vec<String>> = HashMap::new();
    for (id, code) in results {
        rooms.entry(code).or_default().push(id);
    }
    assert_eq!(rooms.len(), 100, "a hundred rooms of two");
    for (code, players) in &rooms {
        assert_eq!(players.len(), 2, "room {code}: {players:?}");
        // The room's own seats agree.
        let r = app
            .http("GET", &format!("/api/rooms/{code}"), None, None)
            .await;
        let seated: Vec<&str> = r.body["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|seat| seat["player"]["player_id"].as_str().unwrap())
            .collect();
        let mut expected: Vec<&str> = players.iter().map(String::as_str).collect();
        let mut seated_sorted = seated.clone();
        expected.sort_unstable();
        seated_sorted.sort_unstable();
        assert_eq!(seated_sorted, expected, "room {code}");
    }
    assert_eq!(app.waiting_in_pools().await, 0);
}

#[tokio::test]
async fn seekers_on_two_nodes_are_paired_with_each_other() {
    if skip_on_sqlite("seekers_on_two_nodes_are_paired_with_each_other") {
        return;
    }
    let cluster = Cluster::start(2, 3000).await;
    let (one, two) = (cluster.remote(0), cluster.remote(1));
    let (_, a) = one.player("On one").await;
    let (_, b) = two.player("On two").await;
    let mut first = seek(&one, &a, &casual("peril", 2)).await;
    let mut second = seek(&two, &b, &casual("peril", 2)).await;
    let code = paired(&mut second).await;
    assert_eq!(paired(&mut first).await, code);
    // Either node seats either player.
    let (_, snapshot) = one.connect_v2(&code, Some(&b)).await;
    assert_eq!(snapshot["status"], "playing", "{snapshot}");
    let (_, snapshot) = two.connect_v2(&code, Some(&a)).await;
    assert_eq!(snapshot["you"]["role"], "seat", "{snapshot}");
}
