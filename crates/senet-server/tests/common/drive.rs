//! Plays a two-player game through whatever faults a test injects, logging
//! every message each player receives, then checks what they were told
//! against what the database holds: every acknowledged turn stored, no turn
//! told twice, no shown throw thrown again.

use std::time::Duration;

use serde_json::{Value, json};
use tokio::time::{Instant, timeout};

use super::{Client, Remote, WAIT};

/// The two seated players of a room and everything they were sent.
pub struct Table {
    /// Cone first, then Spool.
    pub clients: [Client; 2],
    /// Every message each client received, in order.
    pub logs: [Vec<Value>; 2],
    /// Actions refused, by error code.
    pub refused: Vec<String>,
}

/// What one [`Table::step`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// The action was accepted: the event's type (`thrown`, `moved`, …).
    Done(String),
    /// The action was refused with this error code.
    Refused(String),
    /// The game is over.
    Over,
}

fn side_index(side: &Value) -> usize {
    usize::from(side != "cone")
}

impl Table {
    /// A table of two connected players, Cone first.
    pub fn new(cone: Client, spool: Client) -> Table {
        Table {
            clients: [cone, spool],
            logs: [Vec::new(), Vec::new()],
            refused: Vec::new(),
        }
    }

    /// The next message for a client, logged.
    async fn recv(&mut self, who: usize) -> Value {
        let message = self.clients[who].recv().await;
        self.logs[who].push(message.clone());
        message
    }

    /// Logs whatever a client has been sent, until it has been quiet for
    /// `quiet` or its socket closed.
    pub async fn drain(&mut self, who: usize, quiet: Duration) {
        while let Ok(Some(message)) = timeout(quiet, self.clients[who].try_recv()).await {
            self.logs[who].push(message);
        }
    }

    /// Sends the action of the player to move without waiting for its
    /// answer (to kill the server while it may be in flight).
    pub async fn act_without_waiting(&mut self) {
        let snapshot = self.snapshot().await;
        let mover = side_index(&snapshot["to_move"]);
        if let Some(action) = action_for(&snapshot) {
            self.clients[mover].send(action).await;
        }
    }

    /// Logs what the old sockets still hold, then plays on through new
    /// ones (after a restart): their first snapshots are logged too.
    pub async fn reconnect(&mut self, server: &Remote, code: &str, tokens: [&str; 2]) {
        for who in 0..2 {
            self.drain(who, Duration::from_millis(200)).await;
        }
        for (who, token) in tokens.into_iter().enumerate() {
            let (client, snapshot) = server.connect(code, Some(token)).await;
            self.clients[who] = client;
            self.logs[who].push(snapshot);
        }
    }

    /// A fresh snapshot, as Cone sees it.
    pub async fn snapshot(&mut self) -> Value {
        self.clients[0]
            .send(json!({ "v": 1, "type": "snapshot" }))
            .await;
        loop {
            let message = self.recv(0).await;
            if message["type"] == "snapshot" {
                return message;
            }
        }
    }

    /// One action by the player to move: a throw, or a random legal move.
    pub async fn step(&mut self) -> Step {
        let snapshot = self.snapshot().await;
        let mover = side_index(&snapshot["to_move"]);
        let Some(action) = action_for(&snapshot) else {
            return Step::Over;
        };
        self.clients[mover].send(action).await;
        // Events the snapshot already counts are old news still on their
        // way to the mover (a relayed client's come later than the
        // snapshot its partner asked for), not the answer.
        let known = snapshot["seq"].as_u64().unwrap_or(0);
        loop {
            let message = self.recv(mover).await;
            if message["seq"].as_u64().is_some_and(|seq| seq <= known) {
                continue;
            }
            match message["type"].as_str() {
                Some("error") => {
                    let code = message["code"].as_str().unwrap_or("").to_owned();
                    self.refused.push(code.clone());
                    return Step::Refused(code);
                }
                Some(kind @ ("thrown" | "moved" | "snapshot" | "game_over")) => {
                    let kind = kind.to_owned();
                    self.drain(1 - mover, Duration::from_millis(1)).await;
                    return Step::Done(kind);
                }
                _ => {}
            }
        }
    }

    /// Steps until the game is over; a refused action is retried after a
    /// pause. Every wait is bounded.
    pub async fn play_to_end(&mut self) {
        let deadline = Instant::now() + WAIT * 12;
        loop {
            assert!(Instant::now() < deadline, "the game did not end in time");
            match self.step().await {
                Step::Over => break,
                Step::Done(_) => {}
                Step::Refused(code) => {
                    assert_eq!(code, "storage_error", "only storage may refuse");
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            }
        }
        for who in 0..2 {
            self.drain(who, Duration::from_millis(300)).await;
        }
    }

    /// Checks what both players were told against the stored turns
    /// `(turn_no, throw, from_square)` of the game `game_id`, and the
    /// record the final snapshot shows.
    pub async fn check_told_against(&mut self, stored: &[(i32, i16, Option<i16>)]) {
        let record = self.snapshot().await["record"]
            .as_str()
            .unwrap_or("")
            .to_owned();
        assert_eq!(
            record,
            record_of(stored),
            "the record shown is the one stored"
        );
        for (n, (turn_no, _, _)) in stored.iter().enumerate() {
            assert_eq!(
                usize::try_from(*turn_no).unwrap(),
                n + 1,
                "turns stored in order"
            );
        }
        for log in &self.logs {
            check_log(log, stored);
        }
    }
}

/// What the player to move does in a snapshot's position: throw, or a
/// random legal move; `None` once the game is over.
fn action_for(snapshot: &Value) -> Option<Value> {
    let phase = &snapshot["phase"];
    match phase["kind"].as_str() {
        Some("finished") => None,
        Some("to_throw") => Some(json!({ "v": 1, "type": "throw" })),
        Some("to_move") => {
            let moves = phase["moves"].as_array().expect("moves listed");
            let pick = {
                use rand::RngExt;
                rand::rng().random_range(0..moves.len())
            };
            Some(json!({ "v": 1, "type": "move", "from": moves[pick]["from"] }))
        }
        other => panic!("unexpected phase {other:?}: {snapshot}"),
    }
}

/// Stored turns in the record notation snapshots show (`3:9 1:14 5:-`).
pub fn record_of(stored: &[(i32, i16, Option<i16>)]) -> String {
    stored
        .iter()
        .map(|(_, throw, from)| match from {
            Some(from) => format!("{throw}:{from}"),
            None => format!("{throw}:-"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// One client's log against the stored turns.
fn check_log(log: &[Value], stored: &[(i32, i16, Option<i16>)]) {
    let mut last_seq = 0;
    let mut told = 0usize;
    for message in log {
        let kind = message["type"].as_str().unwrap_or("");
        if let Some(seq) = message["seq"].as_u64() {
            if kind != "snapshot" {
                assert!(seq > last_seq, "event numbers only grow: {message}");
            }
            last_seq = seq;
        }
        match kind {
            "snapshot" => {
                let shown = message["turns"].as_array().map_or(0, Vec::len);
                assert!(shown >= told, "a snapshot never takes back a turn told");
                told = shown;
            }
            "thrown" => {
                // The throw belongs to the next turn, which must be stored
                // with this very value.
                let (_, throw, _) = stored
                    .get(told)
                    .unwrap_or_else(|| panic!("a shown throw has no stored turn: {message}"));
                assert_eq!(
                    message["value"].as_i64(),
                    Some(i64::from(*throw)),
                    "a shown throw is never thrown again"
                );
            }
            "moved" | "forfeited" => {
                let turn_no = message["turn_no"].as_u64().unwrap();
                assert_eq!(
                    usize::try_from(turn_no).unwrap(),
                    told + 1,
                    "each turn told once, in order: {message}"
                );
                let (_, throw, from) = stored[told];
                assert_eq!(
                    message["throw"].as_i64(),
                    Some(i64::from(throw)),
                    "{message}"
                );
                let told_from = message["move"]["from"].as_i64();
                assert_eq!(told_from, from.map(i64::from), "{message}");
                told += 1;
            }
            _ => {}
        }
    }
    assert_eq!(told, stored.len(), "every stored turn was told");
}

/// The stored turns of a game: `(turn_no, throw, from_square)`.
pub async fn stored_turns(
    store: &senet_server::Store,
    game_id: &str,
) -> Vec<(i32, i16, Option<i16>)> {
    let id = uuid::Uuid::parse_str(game_id).unwrap();
    timeout(WAIT, super::kendall_turns(store, id))
        .await
        .expect("read turns in time")
        .expect("read turns")
        .0
        .into_iter()
        .map(|turn| (turn.turn_no, turn.throw, turn.from_square))
        .collect()
}
