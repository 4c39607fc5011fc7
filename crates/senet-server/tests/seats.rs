//! Tables of three and four seats: abandonment of the seat that must act,
//! rematches that need every seat and rotate them, the lobby's open seats,
//! and the Jequier series score.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use common::v2::Table;
use common::{RECONNECT_TIMEOUT, spawn_fast_app, start_fast_on};
use serde_json::{Value, json};

/// The seat that must act now.
fn to_act(next: &Value) -> u64 {
    next["thrower"]
        .as_u64()
        .or(next["seat"].as_u64())
        .expect("someone must act")
}

#[tokio::test]
async fn the_seat_that_must_act_can_be_claimed_abandoned_and_the_others_play_on() {
    let app = spawn_fast_app().await;
    let mut table = Table::invite(&app, "modern", 3).await;
    for _ in 0..4 {
        assert!(table.step().await);
    }
    let away = to_act(&table.next);
    let claimant = (away + 1) % 3;
    // The seat that must act goes away.
    table.seats[away as usize].take().unwrap().close().await;
    for (seat, client) in table.seats.iter_mut().enumerate() {
        if let Some(client) = client {
            let gone = client.recv_type("disconnected").await;
            assert_eq!(gone["seat"], away, "seat {seat}");
        }
    }
    for watcher in &mut table.watchers {
        watcher.recv_type("disconnected").await;
    }
    table.seq += 1;
    // Too early: refused, nothing changes.
    table
        .client(claimant)
        .send(json!({ "v": 2, "type": "claim_win" }))
        .await;
    let refused = table.client(claimant).recv_type("error").await;
    assert_eq!(refused["code"], "not_abandoned", "{refused}");
    // Staying away past the reconnect timeout is what is tested, so this
    // is time that must pass, not a wait for something to happen.
    tokio::time::sleep(RECONNECT_TIMEOUT + std::time::Duration::from_millis(200)).await;
    table
        .client(claimant)
        .send(json!({ "v": 2, "type": "claim_win" }))
        .await;
    let told = table.read_batch().await;
    assert_eq!(told[0]["text"], format!("{away}:abandon"));
    assert_eq!(told[0]["left"], "abandoned");
    assert!(table.next["kind"] == "throw" || table.next["kind"] == "decide");
    assert_ne!(to_act(&table.next), away, "the absent seat no longer acts");
    // The two left play to the end; the absent seat is never first.
    let over = table.play_to_end(20_000).await;
    assert_ne!(over["standing"]["places"][0], away);
    app.stop().await;
}

#[tokio::test]
async fn a_rematch_needs_every_seat_and_rotates_the_seats() {
    let app = spawn_fast_app().await;
    let mut table = Table::invite(&app, "modern", 3).await;
    let before: Vec<Value> = {
        let (_, snapshot) = app.connect_v2(&table.code, None).await;
        snapshot["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|seat| seat["player"]["player_id"].clone())
            .collect()
    };
    table.play_to_end(20_000).await;
    // Seat 0 asks; one more is not enough.
    table
        .client(0)
        .send(json!({ "v": 2, "type": "offer_rematch" }))
        .await;
    let offered = table.client(1).recv_type("rematch_offered").await;
    assert_eq!(offered["by"], 0);
    table
        .client(1)
        .send(json!({ "v": 2, "type": "accept_rematch" }))
        .await;
    let offered = table.client(2).recv_type("rematch_offered").await;
    assert_eq!(offered["by"], 0);
    let offered = table.client(2).recv_type("rematch_offered").await;
    assert_eq!(offered["by"], 1, "two of three asked: no game yet");
    table
        .client(2)
        .send(json!({ "v": 2, "type": "accept_rematch" }))
        .await;
    let started = table.client(2).recv_type("game_started").await;
    assert_eq!(started["game_no"], 2);
    let seats = started["seats"].as_array().unwrap();
    // The holder of seat i now holds seat i + 1; the last holds seat 0.
    for (seat, holder) in before.iter().enumerate() {
        assert_eq!(&seats[(seat + 1) % 3]["player"]["player_id"], holder);
    }
    app.stop().await;
}

#[tokio::test]
async fn the_lobby_lists_rule_sets_and_open_seats() {
    let app = spawn_fast_app().await;
    let (_, token) = app.player("Host").await;
    let room = app
        .create_room(
            &token,
            json!({ "rule_set": "modern", "seats": 4, "seat": 2, "computers": ["beginner"] }),
        )
        .await;
    assert_eq!(room["status"], "waiting");
    assert_eq!(room["seat"], 2);
    let code = room["code"].as_str().unwrap();
    // Listed while the host is there.
    let (_host, _) = app.connect_v2(code, Some(&token)).await;
    let lobby = app.http("GET", "/api/lobby", None, None).await;
    let entry = lobby.body["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["code"] == code)
        .cloned()
        .expect("a public room with open seats is listed");
    assert_eq!(entry["rule_set"], "modern");
    assert_eq!(entry["seats"], 4);
    // Seat 2 is the host's and seat 3 the computer's (the seat after it).
    assert_eq!(entry["open_seats"], 2);
    assert_eq!(entry["open_seat"], 0);
    assert!(
        entry.get("open_side").is_none(),
        "sides are Kendall's: {entry}"
    );
    let info = app
        .http("GET", &format!("/api/rooms/{code}"), None, None)
        .await;
    assert_eq!(info.body["open_seats"], json!([0, 1]));
    assert_eq!(info.body["seats"][3]["player"]["computer"], "beginner");
    app.stop().await;
}

#[tokio::test]
async fn a_jequier_room_keeps_the_series_score() {
    let app = spawn_fast_app().await;
    let mut table = Table::invite(&app, "jequier", 2).await;
    let over = table.play_to_end(40_000).await;
    let scores = over["standing"]["scores"].as_array().unwrap().clone();
    assert_eq!(scores.len(), 2, "{over}");
    let winner = over["standing"]["places"][0].as_u64().unwrap() as usize;
    assert!(
        scores[winner].as_i64().unwrap() >= 5,
        "the winner scores 5 and more"
    );
    let (_, snapshot) = app.connect_v2(&table.code, None).await;
    let series = snapshot["series"].as_array().unwrap().clone();
    let winner_id = &snapshot["seats"][winner]["player"]["player_id"];
    let points = series
        .iter()
        .find(|entry| &entry["player_id"] == winner_id)
        .unwrap()["points"]
        .clone();
    assert_eq!(points, scores[winner]);
    // After a restart the room reads its series back from the store.
    let db_url = app.stop().await;
    let app = start_fast_on(&db_url).await;
    let info = app
        .http("GET", &format!("/api/rooms/{}", table.code), None, None)
        .await;
    assert_eq!(info.body["series"], snapshot["series"]);
    app.stop().await;
}

#[tokio::test]
async fn computers_may_take_any_other_seats_and_leave_the_rest_open() {
    let app = spawn_fast_app().await;
    let (_, token) = app.player("Host").await;
    let room = app
        .create_room(
            &token,
            json!({ "rule_set": "modern", "seats": 4, "seat": 0, "computers": [null, "expert", null] }),
        )
        .await;
    assert_eq!(room["status"], "waiting");
    let code = room["code"].as_str().unwrap();
    let info = app
        .http("GET", &format!("/api/rooms/{code}"), None, None)
        .await;
    assert_eq!(info.body["open_seats"], json!([1, 3]));
    assert_eq!(info.body["seats"][2]["player"]["computer"], "expert");
    // A level that is neither a level nor null is refused as before.
    let body = json!({ "rule_set": "modern", "seats": 3, "computers": [null, "genius"] });
    let bad = app
        .http("POST", "/api/rooms", Some(&token), Some(&body.to_string()))
        .await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.body["error"]["code"], "unknown_computer_level");
    app.stop().await;
}

#[tokio::test]
async fn every_option_carries_the_preview_of_its_events_and_the_rule_sets_are_listed() {
    let app = spawn_fast_app().await;
    let mut table = Table::invite(&app, "kendall", 2).await;
    let mut seen = 0;
    for _ in 0..60 {
        if table.next["kind"] == "decide" {
            for option in table.next["options"].as_array().unwrap() {
                let events = option["events"].as_array().expect("a preview");
                let from = option["choice"]["from"].as_u64().unwrap();
                // The moving piece leaves its square first.
                assert_eq!(events[0]["from"]["square"], from, "{option}");
                seen += 1;
            }
        }
        if !table.step().await {
            break;
        }
    }
    assert!(seen > 0, "some decisions were seen");
    let list = app.http("GET", "/api/rule-sets", None, None).await;
    assert_eq!(list.status, 200);
    let ids: Vec<&str> = list.body["rule_sets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "kendall",
            "kendall-7",
            "jequier",
            "simple",
            "peril",
            "modern"
        ]
    );
    assert!(list.body["rule_sets"][4]["special_squares"][1]["effect"].is_string());
    let rules = app.http("GET", "/rules.md", None, None).await;
    assert_eq!(rules.status, 200);
    app.stop().await;
}
