//! Complete games through the invite flow, spectators, and the stored record.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use common::{Client, TestApp, err_code, play_turn, spawn_fast_app, stored_result};
use senet_engine::kendall_v1::{Record, Rules, Side};
use senet_engine::{AnyRules, AnyState, Kendall, Next, RuleSetId, Step, StepGame};
use serde_json::{Value, json};

/// Plays the current game of the room to its end with random legal moves.
/// `clients[0]` is the Cone, `clients[1]` the Spool; the rest watch.
/// Returns (last moved event, game_over event, number of events).
async fn play_to_end(clients: &mut [&mut Client], first_seq: u64) -> (Value, Value, u64) {
    let mut to_move = "cone".to_owned();
    let mut seq = first_seq;
    for _ in 0..5000 {
        let mover = if to_move == "cone" { 0 } else { 1 };
        let events = play_turn(clients, mover).await;
        for event in &events {
            seq += 1;
            assert_eq!(
                event["seq"].as_u64().unwrap(),
                seq,
                "no gap in event numbers"
            );
        }
        let last = events.last().unwrap();
        to_move = last["to_move"].as_str().unwrap().to_owned();
        if last["type"] == "moved" {
            let last_moved = last.clone();
            let mover_side = last["side"].as_str().unwrap();
            let left = last["board"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|s| s.as_str() == Some(mover_side))
                .count();
            if left == 0 {
                let over = common::same_event(clients).await;
                seq += 1;
                assert_eq!(over["seq"].as_u64().unwrap(), seq);
                assert_eq!(over["type"], "game_over");
                assert_eq!(over["result"]["winner"], mover_side);
                assert_eq!(over["result"]["how"], "borne_off");
                return (last_moved, over, seq);
            }
        }
    }
    panic!("the game did not end");
}

async fn check_stored_game(app: &TestApp, game_id: &str, last_moved: &Value, winner: &str) {
    let id = uuid::Uuid::parse_str(game_id).unwrap();
    let steps = app.store.steps(id).await.unwrap();
    assert!(!steps.is_empty());
    for (index, step) in steps.iter().enumerate() {
        assert_eq!(step.step_no as usize, index + 1, "step numbers have no gap");
    }
    // The steps replay through the step model to the position played…
    let parsed: Vec<Step> = steps.iter().map(|s| s.step.parse().unwrap()).collect();
    let stepped = StepGame::replay(AnyRules::of(RuleSetId::Kendall), 2, &parsed)
        .expect("the stored steps replay");
    let AnyState::Kendall(state) = stepped.state() else {
        panic!("a Kendall game");
    };
    assert_eq!(
        Rules::position_text(&Kendall, &state.position),
        last_moved["position"].as_str().unwrap()
    );
    let Next::End(standing) = stepped.next() else {
        panic!("the replayed game is over");
    };
    // …and as turns through the turn record.
    let (turns, pending) = common::kendall_turns(&app.store, id).await.unwrap();
    assert_eq!(pending, None);
    let text = turns
        .iter()
        .map(|t| match t.from_square {
            Some(from) => format!("{}:{from}", t.throw),
            None => format!("{}:-", t.throw),
        })
        .collect::<Vec<_>>()
        .join(" ");
    let record: Record = text.parse().unwrap();
    let game = record.replay(Kendall).expect("the stored record replays");
    assert_eq!(
        Rules::position_text(&Kendall, &game.position()),
        last_moved["position"].as_str().unwrap(),
        "replayed final position is the one played"
    );
    assert_eq!(
        standing.winner().map(|seat| seat.index()),
        game.winner().map(Side::index)
    );
    let expected = if winner == "cone" {
        Side::Cone
    } else {
        Side::Spool
    };
    assert_eq!(game.winner(), Some(expected));
    let (status, stored_winner, how): (String, Option<String>, Option<String>) =
        stored_result(app, game_id).await;
    assert_eq!(status, "finished");
    assert_eq!(stored_winner.as_deref(), Some(winner));
    assert_eq!(how.as_deref(), Some("borne_off"));
    // The HTTP view of the stored game has the same record.
    let response = app
        .http("GET", &format!("/api/games/{game_id}"), None, None)
        .await;
    assert_eq!(response.status, 200);
    assert_eq!(response.body["record"], text);
    assert_eq!(
        response.body["turns"].as_array().unwrap().len(),
        turns.len()
    );
    assert_eq!(response.body["result"]["winner"], winner);
}

#[tokio::test]
async fn two_clients_play_complete_games_via_invite_and_records_replay() {
    let app = spawn_fast_app().await;
    let (_, alice) = app.player("Alice").await;
    let (_, bob) = app.player("Bob").await;
    let (_, carol) = app.player("Carol").await;

    let room = app.room(&alice, "cone", true).await;
    let code = room["code"].as_str().unwrap().to_owned();
    assert_eq!(room["side"], "cone");
    assert!(code.len() >= 12, "room codes carry at least 72 random bits");
    assert_eq!(
        room["invite_url"],
        format!("{}/r/{code}", common::PUBLIC_URL)
    );

    let (mut a, snapshot) = app.connect(&code, Some(&alice)).await;
    // The lobby lists the public room waiting for an opponent, now that
    // its creator is there.
    let lobby = app.http("GET", "/api/lobby", None, None).await;
    assert_eq!(lobby.status, 200);
    assert!(
        lobby.body["rooms"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["code"] == code.as_str() && r["open_side"] == "spool")
    );

    assert_eq!(snapshot["phase"]["kind"], "waiting");
    assert_eq!(snapshot["you"], json!({ "role": "seat", "side": "cone" }));
    assert_eq!(snapshot["rule_set"], "kendall");
    assert_eq!(snapshot["board"].as_array().unwrap().len(), 30);

    // An anonymous spectator watches from before the game starts.
    let (mut watcher, snapshot) = app.connect(&code, None).await;
    assert_eq!(snapshot["you"]["role"], "spectator");
    let base_seq = snapshot["seq"].as_u64().unwrap();

    // Bob opens the invite link (the room info) and connects: he takes the seat.
    let info = app.http("GET", &format!("/r/{code}"), None, None).await;
    assert_eq!(info.status, 200);
    assert_eq!(info.body["open_side"], "spool");
    let (mut b, snapshot) = app.connect(&code, Some(&bob)).await;
    assert_eq!(snapshot["you"], json!({ "role": "seat", "side": "spool" }));
    assert_eq!(snapshot["phase"]["kind"], "to_throw");
    assert_eq!(snapshot["to_move"], "cone");
    let players = snapshot["players"].as_array().unwrap();
    assert_eq!(players.len(), 2);
    assert!(players.iter().all(|p| p["connected"] == true));
    let game_id = snapshot["game_id"].as_str().unwrap().to_owned();
    let seq = snapshot["seq"].as_u64().unwrap();

    // Alice and the watcher saw player_joined and game_started, then a snapshot.
    for client in [&mut a, &mut watcher] {
        let joined = client.event().await;
        assert_eq!(joined["type"], "player_joined");
        assert_eq!(joined["display_name"], "Bob");
        assert_eq!(joined["seq"].as_u64().unwrap(), base_seq + 1);
        let started = client.event().await;
        assert_eq!(started["type"], "game_started");
        assert_eq!(started["seq"].as_u64().unwrap(), seq);
        client.recv_type("snapshot").await;
    }
    let lobby = app.http("GET", "/api/lobby", None, None).await;
    assert!(
        !lobby.body["rooms"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["code"] == code.as_str())
    );

    // A third identity cannot take a seat: it watches and cannot act.
    let (mut third, snapshot) = app.connect(&code, Some(&carol)).await;
    assert_eq!(snapshot["you"]["role"], "spectator");
    third.send(json!({ "v": 1, "type": "throw" })).await;
    assert_eq!(err_code(&third.recv().await), "not_a_player");
    third.close().await;
    // Her coming and going were told to everyone as spectator counts.
    for client in [&mut a, &mut b, &mut watcher] {
        let came = client.recv_type("spectators").await;
        let went = client.recv_type("spectators").await;
        assert_eq!(
            (came["count"].as_u64(), went["count"].as_u64()),
            (Some(2), Some(1))
        );
        assert_eq!(went["seq"].as_u64(), Some(seq + 2));
    }
    let seq = seq + 2;

    // Game 1, to the end; the spectator sees every event.
    let (last_moved, over, seq) = play_to_end(&mut [&mut a, &mut b, &mut watcher], seq).await;
    let winner = over["result"]["winner"].as_str().unwrap().to_owned();
    check_stored_game(&app, &game_id, &last_moved, &winner).await;
    let final_snapshot = watcher.snapshot().await;
    assert_eq!(final_snapshot["phase"]["kind"], "finished");
    assert_eq!(final_snapshot["phase"]["result"]["winner"], winner.as_str());
    assert_eq!(final_snapshot["seq"].as_u64().unwrap(), seq);

    // Game 2 by rematch: sides swap, so Bob is now the Cone.
    a.send(json!({ "v": 1, "type": "offer_rematch" })).await;
    for client in [&mut a, &mut b, &mut watcher] {
        assert_eq!(client.event().await["type"], "rematch_offered");
    }
    b.send(json!({ "v": 1, "type": "accept_rematch" })).await;
    for client in [&mut a, &mut b, &mut watcher] {
        assert_eq!(client.event().await["type"], "game_started");
    }
    let snap_b = b.recv_type("snapshot").await;
    let snap_a = a.recv_type("snapshot").await;
    let snap_w = watcher.recv_type("snapshot").await;
    assert_eq!(snap_b["you"]["side"], "cone");
    assert_eq!(snap_a["you"]["side"], "spool");
    assert_eq!(snap_b["game_no"], 2);
    let game2 = snap_b["game_id"].as_str().unwrap().to_owned();
    assert_ne!(game2, game_id);
    let seq = snap_w["seq"].as_u64().unwrap();
    let (last_moved, over, _) = play_to_end(&mut [&mut b, &mut a, &mut watcher], seq).await;
    let winner = over["result"]["winner"].as_str().unwrap().to_owned();
    check_stored_game(&app, &game2, &last_moved, &winner).await;

    a.close().await;
    b.close().await;
    watcher.close().await;
    app.stop().await;
}
