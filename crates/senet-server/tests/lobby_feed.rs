//! The live lobby, `GET /api/lobby/feed`, against the real server with a
//! raw HTTP client reading the event stream: the first event is the lobby
//! as it is, a room that opens appears in a later event, one whose creator
//! leaves disappears, a private room never shows, and an open feed does not
//! hold up a graceful shutdown. Runs on PostgreSQL, or on SQLite with
//! `TEST_BACKEND=sqlite`.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use common::{Remote, WAIT, spawn_app};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::timeout;

/// An open feed and what has been read of it but not yet parsed.
struct Feed {
    stream: TcpStream,
    buffer: String,
}

impl Feed {
    /// Opens the feed. HTTP/1.0, so the body comes unchunked and ends when
    /// the server closes the connection; accepting compression, which the
    /// server must not apply (a compressor would hold events back).
    async fn open(app: &Remote) -> Feed {
        let mut stream = TcpStream::connect(app.addr).await.unwrap();
        stream
            .write_all(b"GET /api/lobby/feed HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nAccept-Encoding: gzip, br\r\n\r\n")
            .await
            .unwrap();
        let mut feed = Feed {
            stream,
            buffer: String::new(),
        };
        let head = feed.block("\r\n\r\n").await.expect("a response head");
        assert!(
            head.starts_with("HTTP/1.0 200") || head.starts_with("HTTP/1.1 200"),
            "{head}"
        );
        let head = head.to_ascii_lowercase();
        assert!(head.contains("content-type: text/event-stream"), "{head}");
        assert!(
            !head.contains("content-encoding"),
            "events are never compressed: {head}"
        );
        feed
    }

    /// The text up to the next `separator`; `None` when the stream ended.
    async fn block(&mut self, separator: &str) -> Option<String> {
        loop {
            if let Some(at) = self.buffer.find(separator) {
                let block = self.buffer[..at].to_owned();
                self.buffer.drain(..at + separator.len());
                return Some(block);
            }
            let mut chunk = [0u8; 4096];
            let n = timeout(WAIT, self.stream.read(&mut chunk))
                .await
                .expect("the feed says something in time")
                .unwrap();
            if n == 0 {
                return None;
            }
            self.buffer
                .push_str(std::str::from_utf8(&chunk[..n]).expect("UTF-8 events"));
        }
    }

    /// The next `lobby` event's data (keep-alive comments skipped);
    /// `None` when the stream ended.
    async fn next_event(&mut self) -> Option<Value> {
        loop {
            let block = self.block("\n\n").await?;
            let mut kind = None;
            let mut data = String::new();
            for line in block.lines() {
                if let Some(value) = line.strip_prefix("event:") {
                    kind = Some(value.trim().to_owned());
                } else if let Some(value) = line.strip_prefix("data:") {
                    data.push_str(value.trim_start());
                }
            }
            if data.is_empty() {
                continue;
            }
            assert_eq!(kind.as_deref(), Some("lobby"), "{block}");
            return Some(serde_json::from_str(&data).unwrap());
        }
    }

    /// The room codes of the next `lobby` event; `None` when the stream
    /// ended.
    async fn next(&mut self) -> Option<Vec<String>> {
        let lobby = self.next_event().await?;
        Some(
            lobby["rooms"]
                .as_array()
                .unwrap()
                .iter()
                .map(|room| room["code"].as_str().unwrap().to_owned())
                .collect(),
        )
    }

    /// Reads events until one satisfies `wanted`; checks on the way that
    /// the game `never` is in none of their games being played.
    async fn until_event(&mut self, never: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        loop {
            let lobby = self.next_event().await.expect("the feed is open");
            assert!(
                games_of(&lobby).iter().all(|game| game != never),
                "{never} was listed: {lobby}"
            );
            if wanted(&lobby) {
                return lobby;
            }
        }
    }

    /// Reads events until one satisfies `wanted`, and checks on the way
    /// that `never` is in none of them.
    async fn until(&mut self, never: &str, wanted: impl Fn(&[String]) -> bool) -> Vec<String> {
        loop {
            let codes = self.next().await.expect("the feed is open");
            assert!(
                !codes.iter().any(|c| c == never),
                "{never} was listed: {codes:?}"
            );
            if wanted(&codes) {
                return codes;
            }
        }
    }
}

/// The game ids of a `lobby` event's games being played.
fn games_of(lobby: &Value) -> Vec<String> {
    lobby["games"]
        .as_array()
        .expect("a list of games")
        .iter()
        .map(|game| game["game_id"].as_str().unwrap().to_owned())
        .collect()
}

/// The entry of the room `code` in a `lobby` event's rooms.
fn room_of<'a>(lobby: &'a Value, code: &str) -> Option<&'a Value> {
    lobby["rooms"]
        .as_array()?
        .iter()
        .find(|room| room["code"] == code)
}

/// The entry of the game `id` in a `lobby` event's games being played.
fn game_of<'a>(lobby: &'a Value, id: &str) -> Option<&'a Value> {
    lobby["games"]
        .as_array()?
        .iter()
        .find(|game| game["game_id"] == id)
}

#[tokio::test]
async fn the_feed_follows_games_starting_and_ending_with_their_time_controls() {
    let app = spawn_app().await;
    let (_, alice) = app.player("Alice").await;
    let (_, bob) = app.player("Bob").await;
    let (_, carol) = app.player("Carol").await;
    let (_, dave) = app.player("Dave").await;
    let mut feed = Feed::open(&app).await;
    let first = feed.next_event().await.expect("a first event");
    assert_eq!(first["games"], serde_json::json!([]), "{first}");

    // A private room's game is played throughout: never listed.
    let private = app
        .create_room(
            &carol,
            serde_json::json!({ "rule_set": "kendall", "side": "cone", "public": false }),
        )
        .await;
    let hidden = private["game_id"].as_str().unwrap().to_owned();
    let private_code = private["code"].as_str().unwrap();
    let (c, _) = app.connect(private_code, Some(&carol)).await;
    let (d, _) = app.connect(private_code, Some(&dave)).await;

    // A public room with a game clock: the lobby says its time control.
    let room = app
        .create_room(
            &alice,
            serde_json::json!({ "rule_set": "kendall", "side": "cone", "public": true,
                                "time_control": { "kind": "clock", "seconds": 300, "increment": 2 } }),
        )
        .await;
    let code = room["code"].as_str().unwrap().to_owned();
    let game = room["game_id"].as_str().unwrap().to_owned();
    let (a, _) = app.connect(&code, Some(&alice)).await;
    let lobby = feed
        .until_event(&hidden, |lobby| room_of(lobby, &code).is_some())
        .await;
    assert_eq!(
        room_of(&lobby, &code).unwrap()["time_control"],
        serde_json::json!({ "kind": "clock", "seconds": 300, "increment": 2 }),
        "{lobby}"
    );
    assert!(game_of(&lobby, &game).is_none(), "not started: {lobby}");

    // Bob takes the open seat: the room leaves the lobby and its game is
    // listed as being played, with the players and the time control.
    let (mut b, _) = app.connect(&code, Some(&bob)).await;
    let lobby = feed
        .until_event(&hidden, |lobby| game_of(lobby, &game).is_some())
        .await;
    assert!(room_of(&lobby, &code).is_none(), "full: {lobby}");
    let listed = game_of(&lobby, &game).unwrap();
    assert_eq!(listed["room_code"], code.as_str(), "{listed}");
    assert_eq!(listed["cone"]["display_name"], "Alice", "{listed}");
    assert_eq!(listed["spool"]["display_name"], "Bob", "{listed}");
    assert_eq!(listed["time_control"]["kind"], "clock", "{listed}");
    // The same list as `GET /api/games/live`.
    let live = app.http("GET", "/api/games/live", None, None).await.body;
    assert_eq!(live["games"], lobby["games"], "{live}");

    // Bob resigns: the game is no longer listed.
    b.send(serde_json::json!({ "v": 1, "type": "resign" }))
        .await;
    feed.until_event(&hidden, |lobby| game_of(lobby, &game).is_none())
        .await;

    a.close().await;
    b.close().await;
    c.close().await;
    d.close().await;
    app.stop().await;
}

#[tokio::test]
async fn the_feed_follows_the_lobby_and_ends_on_shutdown() {
    let app = spawn_app().await;
    let (_, alice) = app.player("Alice").await;
    let (_, carol) = app.player("Carol").await;
    let (_, dave) = app.player("Dave").await;

    // A room listed before the feed opens.
    let first = app.room(&alice, "spool", true).await["code"]
        .as_str()
        .unwrap()
        .to_owned();
    let (a, _) = app.connect(&first, Some(&alice)).await;
    // A private room, its creator there: never listed.
    let hidden = app.room(&dave, "spool", false).await["code"]
        .as_str()
        .unwrap()
        .to_owned();
    let (d, _) = app.connect(&hidden, Some(&dave)).await;
    // The room lists itself just after it handled the connection: wait
    // for the plain lobby to show it, so the first event must too.
    let deadline = tokio::time::Instant::now() + WAIT;
    while !app
        .http("GET", "/api/lobby", None, None)
        .await
        .text
        .contains(&first)
    {
        assert!(tokio::time::Instant::now() < deadline, "never listed");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }

    let mut feed = Feed::open(&app).await;
    let codes = feed.next().await.expect("a first event");
    assert!(
        codes.contains(&first),
        "the first event is the lobby: {codes:?}"
    );
    assert!(!codes.contains(&hidden), "private rooms never: {codes:?}");

    // A room opens after the feed did: it appears without asking.
    let second = app.room(&carol, "spool", true).await["code"]
        .as_str()
        .unwrap()
        .to_owned();
    let (c, _) = app.connect(&second, Some(&carol)).await;
    let codes = feed.until(&hidden, |codes| codes.contains(&second)).await;
    assert!(codes.contains(&first), "{codes:?}");

    // The first room's creator leaves: it disappears, the other stays.
    a.close().await;
    let codes = feed.until(&hidden, |codes| !codes.contains(&first)).await;
    assert!(codes.contains(&second), "{codes:?}");

    // A graceful shutdown ends the open feed (and does not wait on it).
    c.close().await;
    d.close().await;
    app.stop().await;
    while let Some(codes) = feed.next().await {
        assert!(!codes.contains(&hidden), "{codes:?}");
    }
}
