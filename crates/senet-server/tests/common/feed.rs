//! A client of the live lobby, `GET /api/lobby/feed`: a raw HTTP/1.0
//! request whose event stream is read as it comes.

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::timeout;

use super::{Remote, WAIT};

/// An open feed and what has been read of it but not yet parsed.
pub struct Feed {
    stream: TcpStream,
    buffer: String,
}

impl Feed {
    /// Opens the feed. HTTP/1.0, so the body comes unchunked and ends when
    /// the server closes the connection; accepting compression, which the
    /// server must not apply (a compressor would hold events back).
    pub async fn open(app: &Remote) -> Feed {
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
    pub async fn block(&mut self, separator: &str) -> Option<String> {
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
    pub async fn next_event(&mut self) -> Option<Value> {
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
    pub async fn next(&mut self) -> Option<Vec<String>> {
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
    pub async fn until_event(&mut self, never: &str, wanted: impl Fn(&Value) -> bool) -> Value {
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
    pub async fn until(&mut self, never: &str, wanted: impl Fn(&[String]) -> bool) -> Vec<String> {
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
pub fn games_of(lobby: &Value) -> Vec<String> {
    lobby["games"]
        .as_array()
        .expect("a list of games")
        .iter()
        .map(|game| game["game_id"].as_str().unwrap().to_owned())
        .collect()
}

/// The entry of the room `code` in a `lobby` event's rooms.
pub fn room_of<'a>(lobby: &'a Value, code: &str) -> Option<&'a Value> {
    lobby["rooms"]
        .as_array()?
        .iter()
        .find(|room| room["code"] == code)
}

/// The entry of the game `id` in a `lobby` event's games being played.
pub fn game_of<'a>(lobby: &'a Value, id: &str) -> Option<&'a Value> {
    lobby["games"]
        .as_array()?
        .iter()
        .find(|game| game["game_id"] == id)
}
