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

    /// The room codes of the next `lobby` event (keep-alive comments
    /// skipped); `None` when the stream ended.
    async fn next(&mut self) -> Option<Vec<String>> {
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
            let lobby: Value = serde_json::from_str(&data).unwrap();
            return Some(
                lobby["rooms"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|room| room["code"].as_str().unwrap().to_owned())
                    .collect(),
            );
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
