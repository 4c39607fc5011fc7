//! Room chat on the run's database (PostgreSQL, or SQLite with
//! `TEST_BACKEND=sqlite`), through real WebSocket clients of a real
//! server: who reads and who writes each channel, the limits with their
//! codes (and that a refused message is neither stored nor told), the
//! creator's switch, hostile text kept byte for byte, and the chat kept
//! across a restart and in the game's history, private games private.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::time::Duration;

use common::pgproxy::PgProxy;
use common::{
    Client, Remote, TestApp, create_postgres_database, err_code, spawn_app, start_custom, start_on,
};
use serde_json::{Value, json};
use uuid::Uuid;

/// A started two-seat room: its code and game, the seats' ids, tokens and
/// clients (seat 0 created it).
struct Room {
    code: String,
    game_id: Uuid,
    ids: [String; 2],
    tokens: [String; 2],
    seats: [Client; 2],
    /// The creator's chat history, sent after its first snapshot.
    history: Value,
}

/// Creates a room with these extra fields and seats two players.
async fn room(app: &Remote, extra: Value) -> Room {
    let (id_a, token_a) = app.player("Ann").await;
    let (id_b, token_b) = app.player("Bob").await;
    let mut body = json!({ "rule_set": "modern", "seat": 0 });
    for (key, value) in extra.as_object().unwrap() {
        body[key] = value.clone();
    }
    let created = app.create_room(&token_a, body).await;
    let code = created["code"].as_str().unwrap().to_owned();
    let game_id = created["game_id"].as_str().unwrap().parse().unwrap();
    let (mut a, _) = app.connect_v2(&code, Some(&token_a)).await;
    let (b, snapshot) = app.connect_v2(&code, Some(&token_b)).await;
    assert_eq!(snapshot["you"]["seat"], 1, "{snapshot}");
    let history = a.recv_type("chat_history").await;
    a.recv_type("game_started").await;
    Room {
        code,
        game_id,
        ids: [id_a, id_b],
        tokens: [token_a, token_b],
        seats: [a, b],
        history,
    }
}

/// A spectator with a name (a token of a player who holds no seat); its
/// chat history has been read.
async fn spectator(app: &Remote, code: &str, name: &str) -> (Client, Value) {
    let (_, token) = app.player(name).await;
    let (mut client, snapshot) = app.connect_v2(code, Some(&token)).await;
    assert_eq!(snapshot["you"]["role"], "spectator", "{snapshot}");
    let history = client.recv_type("chat_history").await;
    (client, history)
}

fn say(channel: &str, text: &str) -> Value {
    json!({ "type": "chat", "channel": channel, "text": text })
}

/// The next chat message's text (skipping everything else).
async fn next_chat(client: &mut Client) -> Value {
    client.recv_type("chat").await
}

/// The next error or chat frame, skipping events.
async fn answer(client: &mut Client) -> Value {
    loop {
        let message = client.recv().await;
        if message["type"] == "error" || message["type"] == "chat" {
            return message;
        }
    }
}

fn texts(history: &Value) -> Vec<String> {
    history["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_owned())
        .collect()
}

async fn stored_texts(app: &TestApp, game_id: Uuid) -> Vec<(String, String)> {
    app.store
        .game_chat(game_id)
        .await
        .unwrap()
        .into_iter()
        .map(|row| (row.channel, row.body))
        .collect()
}

#[tokio::test]
async fn players_and_spectators_each_have_their_channel() {
    let app = spawn_app().await;
    let Room {
        code,
        game_id,
        ids,
        seats: [mut a, mut b],
        history,
        ..
    } = room(&app, json!({})).await;
    assert_eq!(history["on"], true, "{history}");
    assert_eq!(history["channels"], json!(["players"]), "{history}");
    let (mut s1, history) = spectator(&app, &code, "Sue").await;
    assert_eq!(
        history["channels"],
        json!(["players", "spectators"]),
        "{history}"
    );
    let (mut s2, _) = spectator(&app, &code, "Sam").await;
    // Without a token: reads, cannot write.
    let (mut anon, _) = app.connect_v2(&code, None).await;
    anon.recv_type("chat_history").await;

    // A player's message reaches everyone, spectators included.
    a.send(say("players", "Good luck")).await;
    for client in [&mut a, &mut b, &mut s1, &mut s2, &mut anon] {
        let chat = next_chat(client).await;
        assert_eq!(chat["channel"], "players", "{chat}");
        assert_eq!(chat["text"], "Good luck", "{chat}");
        assert_eq!(chat["display_name"], "Ann", "{chat}");
        assert_eq!(chat["player_id"], ids[0].as_str(), "{chat}");
        assert_eq!(chat["no"], 1, "{chat}");
        assert!(
            chat.get("seq").is_none(),
            "chat is not a numbered event: {chat}"
        );
    }

    // A spectator's reaches the spectators only.
    s1.send(say("spectators", "go Ann")).await;
    for client in [&mut s1, &mut s2, &mut anon] {
        assert_eq!(next_chat(client).await["text"], "go Ann");
    }
    b.send(say("players", "Thanks")).await;
    for client in [&mut a, &mut b] {
        // Had the spectators' message come, it would come first.
        assert_eq!(next_chat(client).await["text"], "Thanks");
    }

    // Nobody writes to the other channel; nobody writes without a name.
    // (The spectators still have "Thanks" to read: the refusal is the
    // next error.)
    s1.send(say("players", "psst")).await;
    assert_eq!(err_code(&s1.recv_type("error").await), "chat_not_allowed");
    a.send(say("spectators", "hello watchers")).await;
    assert_eq!(err_code(&answer(&mut a).await), "chat_not_allowed");
    anon.send(say("spectators", "who am I")).await;
    assert_eq!(err_code(&anon.recv_type("error").await), "chat_not_allowed");

    // A player who follows the spectators' chat gets its history, then
    // its messages; the other player still does not.
    a.send(json!({ "type": "chat_follow", "spectators": true }))
        .await;
    let history = a.recv_type("chat_history").await;
    assert_eq!(
        history["channels"],
        json!(["players", "spectators"]),
        "{history}"
    );
    assert_eq!(texts(&history), ["Good luck", "go Ann", "Thanks"]);
    s2.send(say("spectators", "nice move")).await;
    assert_eq!(next_chat(&mut a).await["text"], "nice move");
    a.send(say("players", "marker")).await;
    assert_eq!(next_chat(&mut b).await["text"], "marker");
    // And stops when it asks to.
    a.send(json!({ "type": "chat_follow", "spectators": false }))
        .await;
    let history = a.recv_type("chat_history").await;
    assert_eq!(history["channels"], json!(["players"]), "{history}");
    s2.send(say("spectators", "unseen")).await;
    b.send(say("players", "marker 2")).await;
    assert_eq!(next_chat(&mut a).await["text"], "marker 2");

    let stored = stored_texts(&app, game_id).await;
    let expected: Vec<(String, String)> = [
        ("players", "Good luck"),
        ("spectators", "go Ann"),
        ("players", "Thanks"),
        ("spectators", "nice move"),
        ("players", "marker"),
        ("spectators", "unseen"),
        ("players", "marker 2"),
    ]
    .iter()
    .map(|(c, t)| ((*c).to_owned(), (*t).to_owned()))
    .collect();
    assert_eq!(stored, expected);
    app.stop().await;
}

#[tokio::test]
async fn version_1_does_not_carry_chat() {
    let app = spawn_app().await;
    let (_, token) = app.player("Old client").await;
    let created = app.room(&token, "cone", true).await;
    let code = created["code"].as_str().unwrap();
    let (mut client, _) = app.connect(code, Some(&token)).await;
    client.send(say("players", "hello")).await;
    assert_eq!(err_code(&answer(&mut client).await), "unknown_type");
    app.stop().await;
}

#[tokio::test]
async fn limits_refuse_with_codes_and_store_nothing() {
    let app = spawn_app().await;
    let Room {
        game_id,
        seats: [mut a, mut b],
        ..
    } = room(&app, json!({})).await;
    let wide = "𓂀".repeat(280);
    // Sent back to back: the first five use the burst of five, the sixth
    // is over the rate.
    let sent = [
        say("players", "   "),
        say("players", &"x".repeat(281)),
        say("players", "two\nlines"),
        say("players", &format!("  {wide}  ")),
        say("players", "fine"),
        say("players", "one too many"),
    ];
    for message in &sent {
        a.send(message.clone()).await;
    }
    let mut codes = Vec::new();
    let mut told = Vec::new();
    for _ in 0..sent.len() {
        let reply = answer(&mut a).await;
        if reply["type"] == "chat" {
            told.push(reply["text"].as_str().unwrap().to_owned());
        } else {
            assert!(reply["message"].as_str().is_some_and(|m| !m.is_empty()));
            codes.push(err_code(&reply).to_owned());
        }
    }
    codes.sort();
    assert_eq!(
        codes,
        [
            "chat_bad_text",
            "chat_empty",
            "chat_rate_limited",
            "chat_too_long"
        ]
    );
    // 280 characters of four bytes each are within the limit, trimmed.
    assert_eq!(told, [wide.as_str(), "fine"]);
    assert_eq!(next_chat(&mut b).await["text"], wide.as_str());
    assert_eq!(next_chat(&mut b).await["text"], "fine");
    let stored = stored_texts(&app, game_id).await;
    assert_eq!(
        stored,
        [
            ("players".to_owned(), wide.clone()),
            ("players".to_owned(), "fine".to_owned())
        ]
    );
    // A bad channel is a bad message, not a chat.
    b.send(say("everyone", "hi")).await;
    assert_eq!(err_code(&answer(&mut b).await), "bad_message");
    // `chat_follow`, answered with a history each time, shares the budget.
    for _ in 0..6 {
        b.send(json!({ "type": "chat_follow", "spectators": true }))
            .await;
    }
    let mut histories = 0;
    loop {
        let reply = b.recv().await;
        match reply["type"].as_str() {
            Some("chat_history") => histories += 1,
            Some("error") => {
                assert_eq!(err_code(&reply), "chat_rate_limited");
                break;
            }
            _ => {}
        }
    }
    // The refusal may overtake histories still queued in the room.
    while histories < 5 {
        b.recv_type("chat_history").await;
        histories += 1;
    }
    app.stop().await;
}

#[tokio::test]
async fn hostile_text_is_stored_and_told_byte_for_byte() {
    let app = spawn_app().await;
    let Room {
        code,
        game_id,
        seats: [mut a, mut b],
        ..
    } = room(&app, json!({})).await;
    let (mut watcher, _) = spectator(&app, &code, "Eve O'Neil").await;
    let hostile = r#"<script>alert("x")</script><img src=x onerror="alert(1)"> &amp; &lt; 'é' \u0041 ${x} {{x}}"#;
    a.send(say("players", hostile)).await;
    for client in [&mut a, &mut b, &mut watcher] {
        assert_eq!(next_chat(client).await["text"], hostile);
    }
    watcher.send(say("spectators", "<i>hi</i>")).await;
    let chat = next_chat(&mut watcher).await;
    assert_eq!(chat["display_name"], "Eve O'Neil", "{chat}");
    assert_eq!(chat["text"], "<i>hi</i>", "{chat}");
    assert_eq!(
        stored_texts(&app, game_id).await,
        [
            ("players".to_owned(), hostile.to_owned()),
            ("spectators".to_owned(), "<i>hi</i>".to_owned())
        ]
    );
    let history = app
        .http("GET", &format!("/api/games/{game_id}/chat"), None, None)
        .await;
    assert_eq!(history.status, 200, "{:?}", history.body);
    assert_eq!(texts(&history.body), [hostile, "<i>hi</i>"]);
    app.stop().await;
}

#[tokio::test]
async fn the_creator_turns_chat_off_and_on_and_it_is_kept() {
    let app = spawn_app().await;
    let Room {
        code,
        game_id,
        tokens,
        seats: [mut a, mut b],
        ..
    } = room(&app, json!({ "chat": false })).await;
    let history = b.recv_type("chat_history").await;
    assert_eq!(history["on"], false, "{history}");
    let (mut watcher, history) = spectator(&app, &code, "Sue").await;
    assert_eq!(history["on"], false, "{history}");
    a.send(say("players", "hello")).await;
    assert_eq!(err_code(&answer(&mut a).await), "chat_off");
    watcher.send(say("spectators", "hello")).await;
    assert_eq!(err_code(&answer(&mut watcher).await), "chat_off");
    // Only the creator switches it.
    b.send(json!({ "type": "chat_setting", "on": true })).await;
    assert_eq!(err_code(&answer(&mut b).await), "chat_not_allowed");
    watcher
        .send(json!({ "type": "chat_setting", "on": true }))
        .await;
    assert_eq!(err_code(&answer(&mut watcher).await), "chat_not_allowed");
    assert!(stored_texts(&app, game_id).await.is_empty());

    a.send(json!({ "type": "chat_setting", "on": true })).await;
    for client in [&mut a, &mut b, &mut watcher] {
        let told = client.recv_type("chat_setting").await;
        assert_eq!(told["on"], true, "{told}");
    }
    b.send(say("players", "now we talk")).await;
    assert_eq!(next_chat(&mut a).await["text"], "now we talk");
    a.send(json!({ "type": "chat_setting", "on": false })).await;
    b.recv_type("chat_setting").await;

    // The switch is stored with the room: off after a restart.
    drop((a, b, watcher));
    let db_url = app.stop().await;
    let app = start_on(&db_url).await;
    let (mut b, _) = app.connect_v2(&code, Some(&tokens[1])).await;
    let history = b.recv_type("chat_history").await;
    assert_eq!(history["on"], false, "{history}");
    assert_eq!(texts(&history), ["now we talk"]);
    b.send(say("players", "still off")).await;
    assert_eq!(err_code(&answer(&mut b).await), "chat_off");
    app.stop().await;
}

#[tokio::test]
async fn chat_outlives_a_restart_and_joins_the_game_history() {
    let app = spawn_app().await;
    let Room {
        code,
        game_id,
        ids,
        tokens,
        seats: [mut a, mut b],
        ..
    } = room(&app, json!({ "public": false })).await;
    let (mut watcher, _) = spectator(&app, &code, "Sue").await;
    a.send(say("players", "Good luck")).await;
    next_chat(&mut b).await;
    watcher.send(say("spectators", "who wins?")).await;
    next_chat(&mut watcher).await;
    b.send(json!({ "type": "resign" })).await;
    a.recv_type("game_over").await;
    // Chat goes on after the game.
    a.send(say("players", "Well played")).await;
    next_chat(&mut b).await;

    drop((a, b, watcher));
    let db_url = app.stop().await;
    let app = start_on(&db_url).await;

    // A player back in the room gets the players' chat, in order.
    let (mut b, _) = app.connect_v2(&code, Some(&tokens[1])).await;
    let history = b.recv_type("chat_history").await;
    assert_eq!(texts(&history), ["Good luck", "Well played"]);
    assert_eq!(history["messages"][0]["player_id"], ids[0].as_str());
    // A spectator gets both channels.
    let (_, history) = spectator(&app, &code, "Sam").await;
    assert_eq!(texts(&history), ["Good luck", "who wins?", "Well played"]);

    // The game's history: both channels, to its players only (a private
    // room's game is unknown to anyone else).
    let path = format!("/api/games/{game_id}/chat");
    let mine = app.http("GET", &path, Some(&tokens[0]), None).await;
    assert_eq!(mine.status, 200, "{:?}", mine.body);
    assert_eq!(mine.body["game_id"], game_id.to_string());
    assert_eq!(texts(&mine.body), ["Good luck", "who wins?", "Well played"]);
    let channels: Vec<&str> = mine.body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["channel"].as_str().unwrap())
        .collect();
    assert_eq!(channels, ["players", "spectators", "players"]);
    let anonymous = app.http("GET", &path, None, None).await;
    assert_eq!(anonymous.status, 404, "{:?}", anonymous.body);
    assert_eq!(anonymous.body["error"]["code"], "game_not_found");
    let (_, stranger) = app.player("Stranger").await;
    let theirs = app.http("GET", &path, Some(&stranger), None).await;
    assert_eq!(theirs.status, 404, "{:?}", theirs.body);
    let unknown = app
        .http(
            "GET",
            &format!("/api/games/{}/chat", Uuid::new_v4()),
            None,
            None,
        )
        .await;
    assert_eq!(unknown.status, 404);
    app.stop().await;
}

/// PostgreSQL through a proxy that refuses and cuts connections: a message
/// the database cannot store is refused with `storage_error` and told to
/// nobody; once the database is back, chat goes on.
#[tokio::test]
async fn a_message_that_cannot_be_stored_is_told_to_nobody() {
    let db_url = create_postgres_database().await;
    let direct = senet_server::Store::connect(&db_url).await.unwrap();
    direct.migrate().await.unwrap();
    let proxy = PgProxy::start("127.0.0.1:5432".parse().unwrap()).await;
    let app = start_custom(
        &proxy.url_for(&db_url),
        20.0,
        Duration::ZERO,
        Duration::from_millis(1000),
    )
    .await;
    let Room {
        game_id,
        seats: [mut a, mut b],
        ..
    } = room(&app, json!({})).await;
    b.recv_type("chat_history").await;
    proxy.refuse(true);
    proxy.reset_all();
    a.send(say("players", "lost words")).await;
    assert_eq!(err_code(&answer(&mut a).await), "storage_error");
    proxy.refuse(false);
    a.send(say("players", "after")).await;
    // Had the refused message been told, it would come first.
    assert_eq!(next_chat(&mut b).await["text"], "after");
    let stored: Vec<String> = direct
        .game_chat(game_id)
        .await
        .unwrap()
        .into_iter()
        .map(|row| row.body)
        .collect();
    assert_eq!(stored, ["after"]);
    app.stop().await;
}
