//! Validation: every bad message gets its own code and changes nothing;
//! tokens, origins, frame sizes and rates are enforced.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use common::{Client, err_code, spawn_app, started_room};
use serde_json::{Value, json};

/// The parts of a snapshot that describe the game.
fn game_state(snapshot: &Value) -> Value {
    json!({
        "position": snapshot["position"],
        "phase": snapshot["phase"],
        "record": snapshot["record"],
        "to_move": snapshot["to_move"],
        "last_throw": snapshot["last_throw"],
        "seq": snapshot["seq"],
    })
}

#[tokio::test]
async fn bad_messages_get_their_codes_and_leave_the_game_unchanged() {
    let app = spawn_app().await;
    let (mut cone, mut spool, _code, _, _) = started_room(&app).await;
    let before = game_state(&cone.snapshot().await);

    cone.send_text("{not json").await;
    assert_eq!(err_code(&cone.recv().await), "bad_json");
    cone.send_text("[1,2]").await;
    assert_eq!(err_code(&cone.recv().await), "bad_json");
    cone.send(json!({ "v": 1, "type": "teleport" })).await;
    assert_eq!(err_code(&cone.recv().await), "unknown_type");
    cone.send(json!({ "v": 1 })).await;
    assert_eq!(err_code(&cone.recv().await), "unknown_type");
    cone.send(json!({ "v": 1, "type": "move", "from": "nine" }))
        .await;
    assert_eq!(err_code(&cone.recv().await), "bad_message");
    cone.send(json!({ "v": 9, "type": "throw" })).await;
    assert_eq!(err_code(&cone.recv().await), "unsupported_version");
    let big = format!(r#"{{"v":1,"type":"ping","pad":"{}"}}"#, "x".repeat(5000));
    cone.send_text(&big).await;
    assert_eq!(err_code(&cone.recv().await), "frame_too_large");
    // Out of turn: the Spool may not throw while the Cone is to move.
    spool.send(json!({ "v": 1, "type": "throw" })).await;
    assert_eq!(err_code(&spool.recv().await), "not_your_turn");
    // Phase: moving before throwing.
    cone.send(json!({ "v": 1, "type": "move", "from": 9 }))
        .await;
    assert_eq!(err_code(&cone.recv().await), "must_throw_first");
    // Rematch messages need a finished game; claims need an absent opponent.
    cone.send(json!({ "v": 1, "type": "offer_rematch" })).await;
    assert_eq!(err_code(&cone.recv().await), "game_not_over");
    spool.send(json!({ "v": 1, "type": "claim_win" })).await;
    assert_eq!(err_code(&spool.recv().await), "not_abandoned");
    // Still connected and unchanged; heartbeats work.
    cone.send(json!({ "v": 1, "type": "ping" })).await;
    assert_eq!(cone.recv().await["type"], "pong");
    assert_eq!(game_state(&cone.snapshot().await), before);
    assert_eq!(game_state(&spool.snapshot().await), before);

    // Throw until a throw leaves a move to make (a forfeit passes the turn).
    let mut mover = 0;
    let thrown = loop {
        let (me, other) = if mover == 0 {
            (&mut cone, &mut spool)
        } else {
            (&mut spool, &mut cone)
        };
        me.send(json!({ "v": 1, "type": "throw" })).await;
        let thrown = me.event().await;
        other.event().await;
        if !thrown["forfeited"].as_bool().unwrap() {
            break thrown;
        }
        me.event().await;
        other.event().await;
        mover = 1 - mover;
    };
    let (me, other) = if mover == 0 {
        (&mut cone, &mut spool)
    } else {
        (&mut spool, &mut cone)
    };
    let before = game_state(&me.snapshot().await);
    me.send(json!({ "v": 1, "type": "throw" })).await;
    assert_eq!(err_code(&me.recv().await), "must_move_first");
    // No piece of the mover's on this square: illegal, with the engine's reason.
    let moves = thrown["moves"].as_array().unwrap();
    let board = before_board(me).await;
    let mine = thrown["side"].as_str().unwrap();
    let empty = (1..=30)
        .find(|sq| board[sq - 1].as_str() != Some(mine))
        .unwrap();
    me.send(json!({ "v": 1, "type": "move", "from": empty }))
        .await;
    let error = me.recv().await;
    assert_eq!(err_code(&error), "illegal_move");
    assert_eq!(error["reason"], "no_piece_of_yours");
    me.send(json!({ "v": 1, "type": "move", "from": 31 })).await;
    let error = me.recv().await;
    assert_eq!(err_code(&error), "illegal_move");
    assert_eq!(error["reason"], "not_a_square");
    // A piece of the mover's with no legal move, if there is one.
    if let Some(stuck) = (1..=30u64).find(|sq| {
        board[(*sq - 1) as usize].as_str() == Some(mine) && !moves.iter().any(|m| m["from"] == *sq)
    }) {
        me.send(json!({ "v": 1, "type": "move", "from": stuck }))
            .await;
        let error = me.recv().await;
        assert_eq!(err_code(&error), "illegal_move");
        assert!(error["reason"].is_string());
    }
    other
        .send(json!({ "v": 1, "type": "move", "from": moves[0]["from"] }))
        .await;
    assert_eq!(err_code(&other.recv().await), "not_your_turn");
    assert_eq!(game_state(&me.snapshot().await), before);
    assert_eq!(before["phase"]["kind"], "to_move");
    // Nothing was stored for the refused actions. The throw waiting for its
    // move is not stored either: it is derived from committed seeds, and
    // is stored with its move (one commit per decision).
    let game_id = me.snapshot().await["game_id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let (turns, pending) = common::kendall_turns(&app.store, game_id).await.unwrap();
    assert_eq!(
        turns.len(),
        before["record"]
            .as_str()
            .unwrap()
            .split_whitespace()
            .count()
    );
    assert!(thrown["sticks"].is_array());
    assert_eq!(pending, None, "the waiting throw is not stored");
    // A throw, and a move for every turn not forfeited: nothing else.
    let moves = turns.iter().filter(|t| t.from_square.is_some()).count();
    let steps = app.store.step_count().await.unwrap();
    assert_eq!(steps as usize, turns.len() + moves);
    app.stop().await;
}

async fn before_board(client: &mut Client) -> Vec<Value> {
    client.snapshot().await["board"].as_array().unwrap().clone()
}

#[tokio::test]
async fn spectators_and_wrong_tokens_cannot_act() {
    let app = spawn_app().await;
    let (_cone, _spool, code, _, _) = started_room(&app).await;
    // No token: a spectator.
    let (mut anonymous, snapshot) = app.connect(&code, None).await;
    assert_eq!(snapshot["you"]["role"], "spectator");
    for kind in ["throw", "resign", "claim_win", "offer_rematch"] {
        anonymous.send(json!({ "v": 1, "type": kind })).await;
        assert_eq!(err_code(&anonymous.recv().await), "not_a_player", "{kind}");
    }
    anonymous
        .send(json!({ "v": 1, "type": "move", "from": 1 }))
        .await;
    assert_eq!(err_code(&anonymous.recv().await), "not_a_player");
    // A wrong token is refused at the upgrade.
    for token in ["nonsense", "00000000000000000000000000000000.AAAA"] {
        let error = Client::open(&app.ws_url(&code, Some(token)), None)
            .await
            .err()
            .unwrap();
        match error {
            tokio_tungstenite::tungstenite::Error::Http(response) => {
                assert_eq!(response.status(), 401)
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    // HTTP: no token, wrong token, bad names, unknown rooms.
    assert_eq!(
        app.http("POST", "/api/rooms", None, Some("{}"))
            .await
            .status,
        401
    );
    let wrong = app
        .http("POST", "/api/rooms", Some("x.y"), Some("{}"))
        .await;
    assert_eq!(wrong.status, 401);
    assert_eq!(wrong.body["error"]["code"], "invalid_token");
    let bad_name = app
        .http(
            "POST",
            "/api/players",
            None,
            Some(r#"{"display_name":"<b>x</b>"}"#),
        )
        .await;
    assert_eq!(bad_name.status, 400);
    assert_eq!(bad_name.body["error"]["code"], "invalid_display_name");
    let missing = app.http("GET", "/api/rooms/nope", None, None).await;
    assert_eq!(missing.status, 404);
    assert_eq!(missing.body["error"]["code"], "room_not_found");
    let (_, token) = app.player("Dora").await;
    let bad_rules = app
        .http(
            "POST",
            "/api/rooms",
            Some(&token),
            Some(r#"{"rule_set":"bell"}"#),
        )
        .await;
    assert_eq!(bad_rules.body["error"]["code"], "unknown_rule_set");
    let health = app.http("GET", "/healthz", None, None).await;
    assert_eq!(health.status, 200);
    app.stop().await;
}

#[tokio::test]
async fn flooding_closes_the_socket_with_policy_violation() {
    let app = spawn_app().await;
    let (_cone, _spool, code, _, _) = started_room(&app).await;
    let (mut flooder, _) = app.connect(&code, None).await;
    for _ in 0..300 {
        if !flooder.try_send_text(r#"{"v":1,"type":"ping"}"#).await {
            break;
        }
    }
    let frame = flooder.closed().await.expect("a close frame");
    assert_eq!(u16::from(frame.code), 1008);
    app.stop().await;
}

#[tokio::test]
async fn a_heartbeat_is_never_rate_limited() {
    // A message rate far below one ping a second: the pings of a client's
    // heartbeat do not count against it.
    let db_url = common::create_database().await;
    let app = common::start_tuned(
        &db_url,
        0.1,
        std::time::Duration::ZERO,
        senet_server::store::DEFAULT_TIMEOUT,
        |settings| settings.rate_burst = 1.0,
    )
    .await;
    let (_, token) = app.player("Pinger").await;
    let code = app.room(&token, "cone", true).await["code"]
        .as_str()
        .unwrap()
        .to_owned();
    let (mut client, _) = app.connect(&code, Some(&token)).await;
    for _ in 0..4 {
        client.send(json!({ "v": 1, "type": "ping" })).await;
        client.recv_type("pong").await;
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    }
    // The one message the rate allows is still there.
    client.send(json!({ "v": 1, "type": "snapshot" })).await;
    client.recv_type("snapshot").await;
    client.close().await;
    app.stop().await;
}

#[tokio::test]
async fn foreign_origin_is_rejected_and_own_origin_accepted() {
    let app = spawn_app().await;
    let (_, token) = app.player("Origin Tester").await;
    let room = app.room(&token, "random", false).await;
    let code = room["code"].as_str().unwrap();
    let url = app.ws_url(code, Some(&token));
    match Client::open(&url, Some("http://evil.example")).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 403);
        }
        Err(other) => panic!("unexpected {other:?}"),
        Ok(_) => panic!("a foreign origin was accepted"),
    }
    let mut ok = Client::open(&url, Some(common::PUBLIC_URL))
        .await
        .expect("own origin");
    assert_eq!(ok.recv().await["type"], "snapshot");
    // The public URL is a loopback one: its other spellings are the same
    // server (a newcomer opens http://localhost:8080/ as often as not)…
    for same in ["http://localhost", "http://[::1]"] {
        let mut client = Client::open(&url, Some(same))
            .await
            .unwrap_or_else(|e| panic!("{same} refused: {e:?}"));
        assert_eq!(client.recv().await["type"], "snapshot");
    }
    // … but not another port or scheme.
    for other in ["http://localhost:81", "https://127.0.0.1"] {
        match Client::open(&url, Some(other)).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                assert_eq!(response.status(), 403, "{other}");
            }
            Err(error) => panic!("{other}: unexpected {error:?}"),
            Ok(_) => panic!("{other} was accepted"),
        }
    }
    // A private room is not in the lobby.
    let lobby = app.http("GET", "/api/lobby", None, None).await;
    assert!(
        !lobby.body["rooms"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["code"] == code)
    );
    app.stop().await;
}

#[tokio::test]
async fn oversized_frames_beyond_the_hard_limit_close_the_socket() {
    let app = spawn_app().await;
    let (_, token) = app.player("Big Sender").await;
    let room = app.room(&token, "cone", true).await;
    let (mut client, _) = app
        .connect(room["code"].as_str().unwrap(), Some(&token))
        .await;
    let _ = client.try_send_text(&"x".repeat(64 * 1024)).await;
    // The server refuses the message and closes the connection.
    let _ = client.closed().await;
    app.stop().await;
}
