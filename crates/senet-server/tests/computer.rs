//! Games against the computer: a real server, a real WebSocket client, a
//! fresh database (PostgreSQL, or SQLite with `TEST_BACKEND=sqlite`).
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::time::Duration;

use common::{Client, TestApp, WAIT, create_database, err_code, lights, start_with_delay, wait};
use rand::RngExt;
use senet_engine::kendall_v1::{Game, Record, Rules, Side};
use senet_engine::{Kendall, Square, Sticks};
use senet_server::Store;
use serde_json::{Value, json};

/// Creates a room against the computer; returns the response body.
async fn computer_room(app: &TestApp, token: &str, body: Value) -> Value {
    let response = app
        .http("POST", "/api/rooms", Some(token), Some(&body.to_string()))
        .await;
    assert_eq!(response.status, 201, "{:?}", response.body);
    response.body
}

/// What a game against the computer looked like from the person's seat.
struct Played {
    game_id: String,
    winner: Side,
    computer_moves: usize,
    computer_throws: usize,
}

/// Plays the person's side to the end with random legal moves, checking
/// every event against a local copy of the game: the computer's throws and
/// moves must arrive as ordinary `thrown` / `forfeited` / `moved` events,
/// each one legal. `local` is the game as the snapshot showed it.
async fn play_to_end(
    client: &mut Client,
    me: Side,
    mut local: Game<Kendall>,
    game_id: String,
) -> Played {
    let mut computer_moves = 0;
    let mut computer_throws = 0;
    let mut last_seq: Option<u64> = None;
    // Each step: act if it is my turn, then read one event.
    let mut asked = false;
    loop {
        if local.winner().is_none() && local.position().to_move() == me && !asked {
            match local.phase() {
                senet_engine::kendall_v1::Phase::ToThrow => {
                    client.send(json!({ "v": 1, "type": "throw" })).await;
                }
                senet_engine::kendall_v1::Phase::ToMove { moves, .. } => {
                    let all: Vec<_> = moves.iter().collect();
                    let pick = all[rand::rng().random_range(0..all.len())];
                    client
                        .send(json!({ "v": 1, "type": "move", "from": pick.from.number() }))
                        .await;
                }
                senet_engine::kendall_v1::Phase::Over { .. } => unreachable!(),
            }
            asked = true;
        }
        let event = client.event().await;
        let seq = event["seq"].as_u64().unwrap();
        if let Some(last) = last_seq {
            assert_eq!(seq, last + 1, "events are numbered without gaps");
        }
        last_seq = Some(seq);
        let side = event["side"].as_str().map(ToOwned::to_owned);
        match event["type"].as_str().unwrap() {
            "thrown" => {
                let mover = local.position().to_move();
                assert_eq!(side.as_deref(), Some(mover.name()), "{event}");
                let thrown = local.throw(Sticks::from_lights(lights(&event))).unwrap();
                assert_eq!(event["value"], thrown.throw.value());
                let offered: Vec<i64> = event["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m["from"].as_i64().unwrap())
                    .collect();
                let legal: Vec<i64> = thrown
                    .moves
                    .iter()
                    .map(|m| i64::from(m.from.number()))
                    .collect();
                assert_eq!(offered, legal, "the server offers the engine's moves");
                assert_eq!(event["forfeited"], thrown.forfeited());
                if mover != me {
                    computer_throws += 1;
                }
                if mover == me {
                    asked = false;
                }
            }
            "forfeited" => {
                assert_eq!(event["to_move"], local.position().to_move().name());
            }
            "moved" => {
                let mover = local.position().to_move();
                assert_eq!(side.as_deref(), Some(mover.name()), "{event}");
                let from = u8::try_from(event["move"]["from"].as_i64().unwrap()).unwrap();
                // Legal for the engine, or this panics.
                let played = local
                    .play(Square::new(from).unwrap())
                    .expect("every move in a `moved` event is legal");
                assert_eq!(
                    event["position"],
                    Kendall.position_text(&played.position),
                    "the server's position matches the local replay"
                );
                if mover == me {
                    asked = false;
                } else {
                    computer_moves += 1;
                }
            }
            "game_over" => {
                let winner = local.winner().expect("the local game is over too");
                assert_eq!(event["result"]["winner"], winner.name());
                assert_eq!(event["result"]["how"], "borne_off");
                return Played {
                    game_id,
                    winner,
                    computer_moves,
                    computer_throws,
                };
            }
            other => panic!("unexpected event {other}: {event}"),
        }
    }
}

/// The local game a snapshot describes, replayed from its record (and its
/// pending throw, if the side to move has thrown).
fn game_of(snapshot: &Value) -> Game<Kendall> {
    let record: Record = snapshot["record"].as_str().unwrap().parse().unwrap();
    let mut game = record.replay(Kendall).unwrap();
    if snapshot["phase"]["kind"] == "to_move" {
        let last = &snapshot["last_throw"];
        game.throw(Sticks::from_lights(lights(last))).unwrap();
    }
    assert_eq!(
        Kendall.position_text(&game.position()),
        snapshot["position"].as_str().unwrap()
    );
    game
}

/// A person plays a whole game against the computer at `level`.
async fn full_game(level: &str, side: &str) {
    let db_url = create_database().await;
    let app = start_with_delay(&db_url, 100_000.0, Duration::ZERO).await;
    let (player_id, token) = app.player("Hatshepsut").await;
    let room = computer_room(
        &app,
        &token,
        json!({ "side": side, "opponent": { "computer": level } }),
    )
    .await;
    assert_eq!(room["computer"], level);
    assert_eq!(
        room["public"], false,
        "rooms against the computer are private"
    );
    let me = if room["side"] == "cone" {
        Side::Cone
    } else {
        Side::Spool
    };
    let code = room["code"].as_str().unwrap().to_owned();
    let game_id = room["game_id"].as_str().unwrap().to_owned();

    // Not in the lobby; the game is on at once.
    let lobby = app.http("GET", "/api/lobby", None, None).await;
    assert!(lobby.body["rooms"].as_array().unwrap().is_empty());
    let info = app
        .http("GET", &format!("/api/rooms/{code}"), None, None)
        .await;
    assert_eq!(info.body["status"], "playing", "{}", info.body);
    assert_eq!(info.body["open_side"], Value::Null);

    let (mut client, snapshot) = app.connect(&code, Some(&token)).await;
    assert_eq!(snapshot["you"]["side"], me.name());
    let players = snapshot["players"].as_array().unwrap();
    assert_eq!(players.len(), 2);
    let computer = players
        .iter()
        .find(|p| p["side"] == me.opponent().name())
        .unwrap();
    assert_eq!(computer["computer"], level);
    assert_eq!(computer["connected"], true);
    assert_eq!(computer["display_name"], format!("Computer ({level})"));
    let human = players.iter().find(|p| p["side"] == me.name()).unwrap();
    assert_eq!(human["player_id"], player_id.as_str());
    assert!(human.get("computer").is_none(), "{human}");

    let local = game_of(&snapshot);
    let played = play_to_end(&mut client, me, local, game_id.clone()).await;
    assert!(played.computer_throws > 0 && played.computer_moves > 0);

    // Stored like any other game, with the level named; private, so
    // shown to its player only.
    let path = format!("/api/games/{game_id}");
    let hidden = app.http("GET", &path, None, None).await;
    assert_eq!(hidden.status, 404, "{}", hidden.text);
    let stored = app.http("GET", &path, Some(&token), None).await;
    assert_eq!(stored.status, 200);
    assert_eq!(stored.body["status"], "finished");
    assert_eq!(stored.body["result"]["winner"], played.winner.name());
    let computer_seat = &stored.body[me.opponent().name()];
    assert_eq!(computer_seat["display_name"], format!("Computer ({level})"));
    assert_eq!(computer_seat["computer"], level);
    assert!(stored.body[me.name()].get("computer").is_none());
    let computer_id = uuid::Uuid::parse_str(computer_seat["player_id"].as_str().unwrap()).unwrap();
    assert_eq!(
        app.store
            .computer_level(computer_id)
            .await
            .unwrap()
            .as_deref(),
        Some(level)
    );
    let person = uuid::Uuid::parse_str(&player_id).unwrap();
    assert_eq!(app.store.computer_level(person).await.unwrap(), None);
    let record: Record = stored.body["record"].as_str().unwrap().parse().unwrap();
    let replayed = record.replay(Kendall).unwrap();
    assert_eq!(
        replayed.winner(),
        Some(played.winner),
        "the record replays to the winner"
    );
    assert_eq!(played.game_id, game_id);
    client.close().await;
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_game_against_the_beginner() {
    full_game("beginner", "cone").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_game_against_the_intermediate() {
    full_game("intermediate", "spool").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_game_against_the_expert() {
    full_game("expert", "random").await;
}

#[tokio::test]
async fn bad_computer_requests_are_refused() {
    let db_url = create_database().await;
    let app = start_with_delay(&db_url, 20.0, Duration::ZERO).await;
    let (_, token) = app.player("Tiye").await;
    for (body, code) in [
        (
            json!({ "opponent": { "computer": "grandmaster" } }),
            "unknown_computer_level",
        ),
        (
            json!({ "computer_level": "Expert" }),
            "unknown_computer_level",
        ),
        (json!({ "opponent": { "human": true } }), "bad_json"),
        (
            json!({ "opponent": { "computer": "expert" }, "computer_level": "beginner" }),
            "bad_opponent",
        ),
    ] {
        let response = app
            .http("POST", "/api/rooms", Some(&token), Some(&body.to_string()))
            .await;
        assert_eq!(response.status, 400, "{body}: {:?}", response.body);
        assert_eq!(response.body["error"]["code"], code, "{body}");
    }
    // The short form works.
    let room = computer_room(&app, &token, json!({ "computer_level": "beginner" })).await;
    assert_eq!(room["computer"], "beginner");
    app.stop().await;
}

/// With a long delay the computer (the Cone) has not thrown yet: claim_win
/// is refused as it is always connected; resigning ends the game and a
/// rematch offer is accepted at once, with the sides swapped.
#[tokio::test]
async fn no_claim_win_and_rematch_is_accepted() {
    let db_url = create_database().await;
    let app = start_with_delay(&db_url, 20.0, Duration::from_secs(30)).await;
    let (_, token) = app.player("Ramesses").await;
    let room = computer_room(
        &app,
        &token,
        json!({ "side": "spool", "opponent": { "computer": "expert" } }),
    )
    .await;
    let code = room["code"].as_str().unwrap();
    let (mut client, snapshot) = app.connect(code, Some(&token)).await;
    assert_eq!(snapshot["to_move"], "cone");
    assert_eq!(snapshot["phase"]["kind"], "to_throw");
    client.send(json!({ "v": 1, "type": "claim_win" })).await;
    let refused = client.recv_type("error").await;
    assert_eq!(err_code(&refused), "not_abandoned");
    client.send(json!({ "v": 1, "type": "throw" })).await;
    assert_eq!(err_code(&client.recv_type("error").await), "not_your_turn");

    client.send(json!({ "v": 1, "type": "resign" })).await;
    let over = client.event().await;
    assert_eq!(over["type"], "game_over");
    assert_eq!(over["result"]["winner"], "cone");
    client
        .send(json!({ "v": 1, "type": "offer_rematch" }))
        .await;
    assert_eq!(client.event().await["type"], "rematch_offered");
    let started = client.event().await;
    assert_eq!(started["type"], "game_started", "{started}");
    assert_eq!(started["game_no"], 2);
    let snapshot = client.recv_type("snapshot").await;
    assert_eq!(snapshot["you"]["side"], "cone", "sides are swapped");
    let computer = &snapshot["players"].as_array().unwrap()[1];
    assert_eq!(computer["side"], "spool");
    assert_eq!(computer["computer"], "expert");
    // Game 2 is stored between the same two players.
    let game = app
        .store
        .game(uuid::Uuid::parse_str(snapshot["game_id"].as_str().unwrap()).unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(game.status.as_str(), "playing");
    // Seat 1 is the Spool.
    let spool = game.seat(1).unwrap();
    assert_eq!(spool.display_name.as_deref(), Some("Computer (expert)"));
    assert_eq!(spool.computer_level.as_deref(), Some("expert"));
    client.close().await;
    app.stop().await;
}

/// The server stops while the computer is to throw; after the restart the
/// resumed room lets the computer take its turn without any prompt, and the
/// game goes on to the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restart_mid_game_the_computer_continues() {
    let db_url = create_database().await;
    // First life: the computer waits far longer than the test.
    let app = start_with_delay(&db_url, 100_000.0, Duration::from_secs(60)).await;
    let (_, token) = app.player("Thutmose").await;
    let room = computer_room(
        &app,
        &token,
        json!({ "side": "spool", "opponent": { "computer": "intermediate" } }),
    )
    .await;
    let code = room["code"].as_str().unwrap().to_owned();
    let game_id = room["game_id"].as_str().unwrap().to_owned();
    let (client, snapshot) = app.connect(&code, Some(&token)).await;
    assert_eq!(snapshot["to_move"], "cone");
    assert_eq!(snapshot["record"], "");
    client.close().await;
    let db_url = app.stop().await;

    // Second life: no delay; nobody is connected when the room resumes.
    let app = start_with_delay(&db_url, 100_000.0, Duration::ZERO).await;
    let id = uuid::Uuid::parse_str(&game_id).unwrap();
    let turns = wait::until(
        WAIT,
        "the resumed computer to play without being asked",
        async || {
            let (turns, _) = common::kendall_turns(&app.store, id).await.unwrap();
            (!turns.is_empty()).then_some(turns)
        },
    )
    .await;
    assert_eq!(turns[0].side, "cone");

    let (mut client, snapshot) = app.connect(&code, Some(&token)).await;
    assert_eq!(snapshot["game_id"], game_id.as_str());
    let computer = &snapshot["players"].as_array().unwrap()[0];
    assert_eq!(computer["computer"], "intermediate");
    assert_eq!(computer["connected"], true);
    let local = game_of(&snapshot);
    let played = play_to_end(&mut client, Side::Spool, local, game_id.clone()).await;
    let (status, winner, how) = common::stored_result(&app, &game_id).await;
    assert_eq!(status, "finished");
    assert_eq!(winner.as_deref(), Some(played.winner.name()));
    assert_eq!(how.as_deref(), Some("borne_off"));
    client.close().await;
    app.stop().await;
}

/// The server stops after the computer has thrown but before it moves (the
/// throw is stored as pending); after the restart the computer moves by that
/// very throw.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restart_between_the_computers_throw_and_move() {
    let db_url = create_database().await;
    // First life: the throw after 1 s, the move 1 s after that.
    let app = start_with_delay(&db_url, 100_000.0, Duration::from_secs(1)).await;
    let (_, token) = app.player("Merneith").await;
    let room = computer_room(
        &app,
        &token,
        json!({ "side": "spool", "opponent": { "computer": "expert" } }),
    )
    .await;
    let code = room["code"].as_str().unwrap().to_owned();
    let game_id = room["game_id"].as_str().unwrap().to_owned();
    let (mut client, _) = app.connect(&code, Some(&token)).await;
    let thrown = client.event().await;
    assert_eq!(thrown["type"], "thrown", "{thrown}");
    assert_eq!(thrown["side"], "cone");
    assert_eq!(thrown["forfeited"], false, "the start always has a move");
    client.close().await;
    let db_url = app.stop().await;
    let id = uuid::Uuid::parse_str(&game_id).unwrap();
    let stored = Store::connect(&db_url).await.unwrap();
    let (_, pending) = common::kendall_turns(&stored, id).await.unwrap();
    stored.close().await;
    let Some(bits) = pending else {
        // The move slipped in before the stop (the delay is a lower
        // bound); the other restart test covers the rest.
        eprintln!("the computer moved before the stop; pending-throw resume not exercised");
        return;
    };
    assert_eq!(stored_turns(&db_url, id).await, 0);

    let app = start_with_delay(&db_url, 100_000.0, Duration::ZERO).await;
    let turns = wait::until(
        WAIT,
        "the resumed computer to move by its stored throw",
        async || {
            let (turns, _) = common::kendall_turns(&app.store, id).await.unwrap();
            (!turns.is_empty()).then_some(turns)
        },
    )
    .await;
    assert_eq!(turns[0].side, "cone");
    assert_eq!(turns[0].sticks, bits, "it moved by the throw it had made");
    let legal: Vec<i64> = thrown["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["from"].as_i64().unwrap())
        .collect();
    assert!(legal.contains(&i64::from(turns[0].from_square.unwrap())));
    app.stop().await;
}

async fn stored_turns(db_url: &str, game: uuid::Uuid) -> usize {
    let store = Store::connect(db_url).await.unwrap();
    let n = common::kendall_turns(&store, game).await.unwrap().0.len();
    store.close().await;
    n
}
