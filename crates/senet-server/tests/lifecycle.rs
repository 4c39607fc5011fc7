//! Reconnection, restart and resume, resignation, abandonment and rematch.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use common::{Client, err_code, play_turn, spawn_app, start_on, started_room, stored_result};
use serde_json::{Value, json};

fn game_state(snapshot: &Value) -> Value {
    json!({
        "game_id": snapshot["game_id"],
        "position": snapshot["position"],
        "board": snapshot["board"],
        "phase": snapshot["phase"],
        "record": snapshot["record"],
        "turns": snapshot["turns"],
        "to_move": snapshot["to_move"],
        "last_throw": snapshot["last_throw"],
    })
}

/// Plays `steps` turn steps; returns the side to move after them.
async fn play_steps(cone: &mut Client, spool: &mut Client, steps: usize) -> String {
    let mut to_move = "cone".to_owned();
    for _ in 0..steps {
        let mover = if to_move == "cone" { 0 } else { 1 };
        let events = play_turn(&mut [cone, spool], mover).await;
        to_move = events.last().unwrap()["to_move"]
            .as_str()
            .unwrap()
            .to_owned();
    }
    to_move
}

#[tokio::test]
async fn reconnecting_restores_seat_and_state() {
    let app = spawn_app().await;
    let (mut cone, spool, code, _, spool_token) = started_room(&app).await;
    let mut spool = spool;
    play_steps(&mut cone, &mut spool, 4).await;
    let before = game_state(&cone.snapshot().await);
    spool.close().await;
    let event = cone.event().await;
    assert_eq!(event["type"], "disconnected");
    assert_eq!(event["side"], "spool");
    // The countdown to a claim starts at the whole reconnect timeout.
    let timeout_ms = u64::try_from(common::RECONNECT_TIMEOUT.as_millis()).unwrap();
    assert_eq!(event["claim_in_ms"], timeout_ms);
    let snapshot = cone.snapshot().await;
    let spool_view = snapshot["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["side"] == "spool")
        .unwrap()
        .clone();
    assert_eq!(spool_view["connected"], false);
    let (away, claim_in) = (&spool_view["away_ms"], &spool_view["claim_in_ms"]);
    assert_eq!(
        away.as_u64().unwrap() + claim_in.as_u64().unwrap(),
        timeout_ms,
        "{spool_view}"
    );

    let (mut spool, snapshot) = app.connect(&code, Some(&spool_token)).await;
    assert_eq!(snapshot["you"], json!({ "role": "seat", "side": "spool" }));
    assert_eq!(game_state(&snapshot), before);
    let event = cone.event().await;
    assert_eq!(event["type"], "reconnected");
    assert_eq!(event["side"], "spool");
    // The seat acts again: whoever is to move can continue.
    let to_move = snapshot["to_move"].as_str().unwrap();
    let (mover, other) = if to_move == "cone" {
        (&mut cone, &mut spool)
    } else {
        (&mut spool, &mut cone)
    };
    if snapshot["phase"]["kind"] == "to_throw" {
        mover.send(json!({ "v": 1, "type": "throw" })).await;
        assert_eq!(mover.event().await["type"], "thrown");
        assert_eq!(other.event().await["type"], "thrown");
    }
    app.stop().await;
}

#[tokio::test]
async fn a_joiner_hears_player_joined_then_game_started_then_the_snapshot() {
    let app = spawn_app().await;
    let (owner_id, owner) = app.player("Nefertari").await;
    let (joiner_id, joiner) = app.player("Akhenaten").await;
    let room = app.room(&owner, "cone", true).await;
    let code = room["code"].as_str().unwrap();
    let (mut first, waiting) = app.connect(code, Some(&owner)).await;
    assert_eq!(
        (&waiting["seq"], &waiting["phase"]["kind"]),
        (&json!(0), &json!("waiting"))
    );

    // The joiner's very first frames, in the order the server sends them.
    let mut second = Client::open(&app.ws_url(code, Some(&joiner)), None)
        .await
        .unwrap();
    let joined = second.recv().await;
    assert_eq!(
        (
            &joined["type"],
            &joined["seq"],
            &joined["side"],
            &joined["player_id"]
        ),
        (
            &json!("player_joined"),
            &json!(1),
            &json!("spool"),
            &json!(joiner_id)
        ),
        "{joined}"
    );
    let started = second.recv().await;
    assert_eq!(
        (&started["type"], &started["seq"]),
        (&json!("game_started"), &json!(2)),
        "{started}"
    );
    let snapshot = second.recv().await;
    assert_eq!(
        (&snapshot["type"], &snapshot["seq"]),
        (&json!("snapshot"), &json!(2)),
        "{snapshot}"
    );
    assert_eq!(snapshot["you"], json!({ "role": "seat", "side": "spool" }));
    assert_eq!(snapshot["phase"]["kind"], "to_throw");
    // The creator hears the same events, then a fresh snapshot.
    for (kind, seq) in [("player_joined", 1), ("game_started", 2), ("snapshot", 2)] {
        let message = first.recv().await;
        assert_eq!(
            (&message["type"], &message["seq"]),
            (&json!(kind), &json!(seq)),
            "{message}"
        );
    }
    assert_eq!(started["players"][0]["player_id"], owner_id.as_str());

    // A returning player hears `reconnected` first, then the snapshot.
    second.close().await;
    assert_eq!(first.recv().await["type"], "disconnected");
    let mut again = Client::open(&app.ws_url(code, Some(&joiner)), None)
        .await
        .unwrap();
    assert_eq!(again.recv().await["type"], "reconnected");
    assert_eq!(again.recv().await["type"], "snapshot");
    app.stop().await;
}

#[tokio::test]
async fn a_snapshot_carries_every_turns_move_as_the_players_saw_it() {
    let app = spawn_app().await;
    let (mut cone, mut spool, code, _, _) = started_room(&app).await;
    // What the live events said of each turn: the move, or null for a forfeit.
    let mut seen = Vec::new();
    let mut to_move = "cone".to_owned();
    for _ in 0..12 {
        let mover = if to_move == "cone" { 0 } else { 1 };
        let events = play_turn(&mut [&mut cone, &mut spool], mover).await;
        let last = events.last().unwrap();
        seen.push(if last["type"] == "moved" {
            last["move"].clone()
        } else {
            Value::Null
        });
        to_move = last["to_move"].as_str().unwrap().to_owned();
    }
    // A spectator arriving now gets the whole record with its moves.
    let (_watcher, snapshot) = app.connect(&code, None).await;
    assert_eq!(snapshot["moves"], Value::Array(seen));
    assert_eq!(
        snapshot["moves"].as_array().unwrap().len(),
        snapshot["turns"].as_array().unwrap().len()
    );
    app.stop().await;
}

#[tokio::test]
async fn server_restart_resumes_games_with_no_turn_lost() {
    let app = spawn_app().await;
    let (mut cone, mut spool, code, cone_token, spool_token) = started_room(&app).await;
    let mut to_move = play_steps(&mut cone, &mut spool, 6).await;
    // Leave a throw pending: throw until one has a move, and do not move.
    loop {
        let (mover, other) = if to_move == "cone" {
            (&mut cone, &mut spool)
        } else {
            (&mut spool, &mut cone)
        };
        mover.send(json!({ "v": 1, "type": "throw" })).await;
        let thrown = mover.event().await;
        other.event().await;
        if !thrown["forfeited"].as_bool().unwrap() {
            break;
        }
        let forfeited = mover.event().await;
        other.event().await;
        to_move = forfeited["to_move"].as_str().unwrap().to_owned();
    }
    let before = game_state(&cone.snapshot().await);
    assert_eq!(before["phase"]["kind"], "to_move");

    let db_url = {
        let stopping = tokio::spawn(app.stop());
        for client in [&mut cone, &mut spool] {
            let frame = client.closed().await.expect("close frame on shutdown");
            assert_eq!(u16::from(frame.code), 1001);
        }
        stopping.await.unwrap()
    };

    let app = start_on(&db_url).await;
    let (mut cone, snapshot) = app.connect(&code, Some(&cone_token)).await;
    assert_eq!(
        game_state(&snapshot),
        before,
        "the resumed game is the one left"
    );
    assert_eq!(snapshot["you"]["side"], "cone");
    let (mut spool, snapshot) = app.connect(&code, Some(&spool_token)).await;
    assert_eq!(game_state(&snapshot), before);
    let game_id = before["game_id"].as_str().unwrap().parse().unwrap();
    let (stored, pending) = common::kendall_turns(&app.store, game_id).await.unwrap();
    assert_eq!(stored.len(), before["turns"].as_array().unwrap().len());
    assert!(pending.is_some(), "the pending throw is stored");

    // Move by the pending throw, then play on.
    let from = before["phase"]["moves"][0]["from"].clone();
    let (mover, other) = if to_move == "cone" {
        (&mut cone, &mut spool)
    } else {
        (&mut spool, &mut cone)
    };
    mover
        .send(json!({ "v": 1, "type": "move", "from": from }))
        .await;
    let moved = loop {
        let event = mover.event().await;
        if event["type"] == "moved" {
            break event;
        }
    };
    loop {
        if other.event().await["type"] == "moved" {
            break;
        }
    }
    assert_eq!(
        moved["turn_no"].as_u64().unwrap() as usize,
        before["turns"].as_array().unwrap().len() + 1
    );
    let (stored, pending) = common::kendall_turns(&app.store, game_id).await.unwrap();
    assert_eq!(stored.len(), before["turns"].as_array().unwrap().len() + 1);
    assert_eq!(pending, None);
    app.stop().await;
}

#[tokio::test]
async fn resignation_ends_the_game_and_rematch_swaps_sides() {
    let app = spawn_app().await;
    let (mut cone, mut spool, _code, _, _) = started_room(&app).await;
    let snapshot = cone.snapshot().await;
    let game_id = snapshot["game_id"].as_str().unwrap().to_owned();
    spool.send(json!({ "v": 1, "type": "resign" })).await;
    for client in [&mut cone, &mut spool] {
        let over = client.event().await;
        assert_eq!(over["type"], "game_over");
        assert_eq!(
            over["result"],
            json!({ "winner": "cone", "how": "resigned" })
        );
    }
    let (status, winner, how): (String, Option<String>, Option<String>) =
        stored_result(&app, &game_id).await;
    assert_eq!(
        (status.as_str(), winner.as_deref(), how.as_deref()),
        ("finished", Some("cone"), Some("resigned"))
    );
    // Nothing more can be played.
    cone.send(json!({ "v": 1, "type": "throw" })).await;
    assert_eq!(err_code(&cone.recv().await), "game_over");

    // An offer can be declined…
    spool
        .send(json!({ "v": 1, "type": "accept_rematch" }))
        .await;
    assert_eq!(err_code(&spool.recv().await), "no_rematch_offer");
    cone.send(json!({ "v": 1, "type": "offer_rematch" })).await;
    for client in [&mut cone, &mut spool] {
        let offered = client.event().await;
        assert_eq!(offered["type"], "rematch_offered");
        assert_eq!(offered["by"], "cone");
    }
    spool
        .send(json!({ "v": 1, "type": "decline_rematch" }))
        .await;
    for client in [&mut cone, &mut spool] {
        let declined = client.event().await;
        assert_eq!(declined["type"], "rematch_declined");
        assert_eq!(declined["by"], "spool");
    }
    // …and accepted: a new game, sides swapped.
    spool.send(json!({ "v": 1, "type": "offer_rematch" })).await;
    cone.event().await;
    spool.event().await;
    cone.send(json!({ "v": 1, "type": "accept_rematch" })).await;
    for client in [&mut cone, &mut spool] {
        assert_eq!(client.event().await["type"], "game_started");
    }
    let first_creator = cone.recv_type("snapshot").await;
    let first_joiner = spool.recv_type("snapshot").await;
    assert_eq!(first_creator["you"]["side"], "spool");
    assert_eq!(first_joiner["you"]["side"], "cone");
    assert_eq!(first_creator["game_no"], 2);
    assert_eq!(first_creator["phase"]["kind"], "to_throw");
    assert_ne!(first_creator["game_id"].as_str().unwrap(), game_id);
    // The former Spool now throws first.
    cone.send(json!({ "v": 1, "type": "throw" })).await;
    assert_eq!(err_code(&cone.recv().await), "not_your_turn");
    spool.send(json!({ "v": 1, "type": "throw" })).await;
    assert_eq!(spool.event().await["type"], "thrown");
    let games: i64 = app.store.game_count().await.unwrap();
    assert_eq!(games, 2);
    app.stop().await;
}

#[tokio::test]
async fn abandonment_can_be_claimed_after_the_reconnect_timeout() {
    let app = spawn_app().await;
    let (cone, mut spool, _code, _, _) = started_room(&app).await;
    let game_id = spool.snapshot().await["game_id"]
        .as_str()
        .unwrap()
        .to_owned();
    // The Cone is to move and leaves.
    cone.close().await;
    let gone = spool.event().await;
    assert_eq!(gone["type"], "disconnected");
    assert_eq!(gone["side"], "cone");
    spool.send(json!({ "v": 1, "type": "claim_win" })).await;
    assert_eq!(err_code(&spool.recv().await), "not_abandoned");
    // Staying away past the reconnect timeout is what is tested, so this
    // is time that must pass, not a wait for something to happen.
    tokio::time::sleep(common::RECONNECT_TIMEOUT + std::time::Duration::from_millis(200)).await;
    spool.send(json!({ "v": 1, "type": "claim_win" })).await;
    let over = spool.event().await;
    assert_eq!(over["type"], "game_over");
    assert_eq!(
        over["result"],
        json!({ "winner": "spool", "how": "abandoned" })
    );
    let (_, _, how) = stored_result(&app, &game_id).await;
    assert_eq!(how.as_deref(), Some("abandoned"));
    app.stop().await;
}
