//! A client of a room in a cluster test: its socket, which it loses and
//! gets back, and everything it was told over all of them.

use std::time::Duration;

use serde_json::{Value, json};
use tokio::time::Instant;

use super::{Frame, next_frame, try_send};
use crate::common::{Client, Remote};

/// One thing a member was told.
#[derive(Debug, Clone)]
pub enum Told {
    /// A snapshot with the record's step texts, and how many of them are
    /// surely stored: up to its last decision (a chance step after it may
    /// be shown before it is stored).
    Snapshot(Vec<String>, usize),
    /// A step event: its number, its text, and whether it was a chance
    /// step (no seat decided it). A chance step is shown before it is
    /// stored, with the decision after it (one commit per decision), so a
    /// node's death can take it back; it is then drawn again the same
    /// (`docs/fairness.md`).
    Step(u64, String, bool),
}

/// A client of a room: a seat's player or a spectator, on a node.
pub struct Member {
    /// For messages.
    pub name: String,
    /// The seat, `None` for a spectator.
    pub seat: Option<u64>,
    pub(super) token: Option<String>,
    /// The node it (re)connects to first.
    pub node: usize,
    /// Never acts and is not reconnected (a second socket of a player).
    pub passive: bool,
    /// The open socket, if any.
    pub client: Option<Client>,
    /// Everything it was told, in order, over every socket it had.
    pub told: Vec<Told>,
    /// The close code of each socket that closed (`None`: no close frame).
    pub closes: Vec<Option<u16>>,
    /// Refusals of each connection attempt, for failure messages.
    pub refusals: Vec<String>,
}

/// The seat's client seed (`docs/fairness.md`).
pub(super) fn client_seed(seat: u64) -> String {
    format!("seat-{seat}-seed")
}

impl Member {
    /// A member that has not connected yet: a seat holder with its seat and
    /// token, or a spectator.
    pub fn new(name: String, seat: Option<(u64, String)>, node: usize) -> Member {
        let (seat, token) = match seat {
            Some((seat, token)) => (Some(seat), Some(token)),
            None => (None, None),
        };
        Member {
            name,
            seat,
            token,
            node,
            passive: false,
            client: None,
            told: Vec::new(),
            closes: Vec::new(),
            refusals: Vec::new(),
        }
    }

    pub(super) fn url(&self, remote: &Remote, code: &str) -> String {
        let mut url = remote.ws_url_v2(code, self.token.as_deref());
        if let Some(seat) = self.seat {
            url.push_str(&format!("&client_seed={}", client_seed(seat)));
        }
        url
    }

    /// Records what a message tells.
    fn absorb(&mut self, message: &Value) {
        match message["type"].as_str() {
            Some("snapshot") => {
                let steps = message["steps"].as_array().cloned().unwrap_or_default();
                let texts = steps
                    .iter()
                    .map(|s| s["text"].as_str().unwrap_or("").to_owned())
                    .collect();
                let decided = steps
                    .iter()
                    .rposition(|s| !s["seat"].is_null())
                    .map_or(0, |last| last + 1);
                self.told.push(Told::Snapshot(texts, decided));
            }
            Some("step") => self.told.push(Told::Step(
                message["step_no"].as_u64().unwrap_or(0),
                message["text"].as_str().unwrap_or("").to_owned(),
                message["seat"].is_null(),
            )),
            _ => {}
        }
    }

    /// The next frame, absorbed; a close drops the socket.
    pub async fn frame(&mut self, wait: Duration) -> Frame {
        let Some(client) = self.client.as_mut() else {
            return Frame::Closed(None);
        };
        let frame = next_frame(client, wait).await;
        match &frame {
            Frame::Json(message) => self.absorb(message),
            Frame::Closed(code) => {
                self.closes.push(*code);
                self.client = None;
            }
            Frame::Quiet => {}
        }
        frame
    }

    /// Reads until a message of `kind` (absorbing everything); `None` if
    /// the socket closed or nothing came in time.
    pub async fn until(&mut self, kind: &str, wait: Duration) -> Option<Value> {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.frame(left).await {
                Frame::Json(message) if message["type"] == kind => return Some(message),
                Frame::Json(_) => {}
                Frame::Closed(_) | Frame::Quiet => return None,
            }
        }
    }

    /// Sends a message; on a dead socket drops it and says `false`.
    pub async fn send(&mut self, message: &Value) -> bool {
        let Some(client) = self.client.as_mut() else {
            return false;
        };
        if try_send(client, message).await {
            return true;
        }
        self.closes.push(None);
        self.client = None;
        false
    }

    /// Reads what has come, until quiet for `quiet` or closed.
    pub async fn drain(&mut self, quiet: Duration) {
        while let Frame::Json(_) = self.frame(quiet).await {}
    }

    /// A fresh snapshot, or `None` if the socket is gone.
    pub async fn snapshot(&mut self) -> Option<Value> {
        if !self.send(&json!({ "v": 2, "type": "snapshot" })).await {
            return None;
        }
        self.until("snapshot", super::super::WAIT).await
    }
}
