//! Protocol version 2 from the client's side: rooms of any rule set filled
//! through the invite flow, and a table of real WebSocket clients that
//! plays random legal options, checking every client is told the same.

use rand::RngExt;
use serde_json::{Value, json};

use super::{Client, Remote};

impl Remote {
    /// The version 2 WebSocket URL of a room.
    pub fn ws_url_v2(&self, code: &str, token: Option<&str>) -> String {
        match token {
            Some(token) => format!("ws://{}/ws/rooms/{code}?v=2&token={token}", self.addr),
            None => format!("ws://{}/ws/rooms/{code}?v=2", self.addr),
        }
    }

    /// Opens a version 2 WebSocket and reads its first snapshot.
    pub async fn connect_v2(&self, code: &str, token: Option<&str>) -> (Client, Value) {
        let mut client = Client::open(&self.ws_url_v2(code, token), None)
            .await
            .expect("upgrade");
        let snapshot = client.recv_type("snapshot").await;
        assert_eq!(snapshot["v"], 2, "{snapshot}");
        (client, snapshot)
    }

    /// Creates a room from a request body; returns the response body.
    pub async fn create_room(&self, token: &str, body: Value) -> Value {
        let response = self
            .http("POST", "/api/rooms", Some(token), Some(&body.to_string()))
            .await;
        assert_eq!(response.status, 201, "{:?}", response.body);
        response.body
    }
}

/// A table of version 2 clients: one per seat (`None` for the computer's
/// seats), and spectators.
pub struct Table {
    /// The room.
    pub code: String,
    /// Player tokens by seat (`None` for the computer's).
    pub tokens: Vec<Option<String>>,
    /// Clients by seat.
    pub seats: Vec<Option<Client>>,
    /// Spectators.
    pub watchers: Vec<Client>,
    /// What comes next, as last told.
    pub next: Value,
    /// Every step event told, in order (as the first seated client saw it).
    pub steps: Vec<Value>,
    /// The last event number every client has seen.
    pub seq: u64,
    /// The game's id.
    pub game_id: String,
}

/// The client seed the test gives seat `seat` (`docs/fairness.md`).
pub fn client_seed(seat: usize) -> String {
    format!("seat-{seat}-seed")
}

/// The last event number a message carries.
fn seq_of(message: &Value) -> u64 {
    message["seq"].as_u64().unwrap_or(0)
}

impl Table {
    /// Creates a room of `rule_set` with `seats` seats, seat 0 for its
    /// creator, and fills every other seat by the invite link with a
    /// person; a spectator watches. Returns once the game has started and
    /// any draw the rules make by themselves is told.
    pub async fn invite(app: &Remote, rule_set: &str, seats: u8) -> Table {
        let mut tokens = Vec::new();
        for seat in 0..seats {
            let (_, token) = app.player(&format!("Seat {seat}")).await;
            tokens.push(token);
        }
        Table::invite_players(app, tokens, json!({ "rule_set": rule_set, "public": true })).await
    }

    /// A room made of `room` (rule set, seats, computers…) that its
    /// creator plays at seat 0 against the computer's seats; returns once
    /// the game has started and any draw the rules make by themselves is
    /// told. The first snapshot comes with it.
    pub async fn against_computers(app: &Remote, token: String, mut room: Value) -> (Table, Value) {
        room["seat"] = json!(0);
        let created = app.create_room(&token, room).await;
        assert_eq!(created["status"], "playing", "{created}");
        assert_eq!(created["public"], false);
        let code = created["code"].as_str().unwrap().to_owned();
        let (client, snapshot) = app.connect_v2(&code, Some(&token)).await;
        let seats = snapshot["seats"].as_array().map_or(0, Vec::len);
        let mut table = Table {
            code,
            tokens: (0..seats)
                .map(|seat| (seat == 0).then(|| token.clone()))
                .collect(),
            seats: std::iter::once(Some(client))
                .chain((1..seats).map(|_| None))
                .collect(),
            watchers: Vec::new(),
            next: snapshot["next"].clone(),
            steps: snapshot["steps"].as_array().cloned().unwrap(),
            seq: snapshot["seq"].as_u64().unwrap(),
            game_id: created["game_id"].as_str().unwrap().to_owned(),
        };
        if table.next["kind"] == "draw" {
            table.read_batch().await;
        }
        (table, snapshot)
    }

    /// [`Table::invite`] for these players' tokens (seat 0's creates the
    /// room) and a room made of `room` (rule set, time control, rated…)
    /// with the seat count, seat 0 and seat 0's client seed added.
    pub async fn invite_players(app: &Remote, tokens: Vec<String>, mut room: Value) -> Table {
        let seats = tokens.len();
        let tokens: Vec<Option<String>> = tokens.into_iter().map(Some).collect();
        let creator = tokens[0].clone().unwrap();
        let rule_set = room["rule_set"].as_str().unwrap().to_owned();
        room["seats"] = json!(seats);
        room["seat"] = json!(0);
        room["client_seed"] = json!(client_seed(0));
        let room = app.create_room(&creator, room).await;
        assert_eq!(room["seats"], seats, "{room}");
        assert_eq!(room["status"], "waiting", "{room}");
        let code = room["code"].as_str().unwrap().to_owned();
        let game_id = room["game_id"].as_str().unwrap().to_owned();
        let (watcher, snapshot) = app.connect_v2(&code, None).await;
        assert_eq!(snapshot["you"]["role"], "spectator");
        assert_eq!(snapshot["status"], "waiting");
        assert_eq!(snapshot["description"]["id"], rule_set);
        let mut clients: Vec<Option<Client>> = Vec::new();
        for (seat, token) in tokens.iter().enumerate() {
            if seat + 1 == tokens.len() {
                // The last seat starts the game: its first snapshot comes
                // after `game_started`, read below with everyone's.
                let url = format!(
                    "{}&client_seed={}",
                    app.ws_url_v2(&code, token.as_deref()),
                    client_seed(seat)
                );
                clients.push(Some(Client::open(&url, None).await.expect("upgrade")));
                continue;
            }
            let url = format!(
                "{}&client_seed={}",
                app.ws_url_v2(&code, token.as_deref()),
                client_seed(seat)
            );
            let mut client = Client::open(&url, None).await.expect("upgrade");
            let snapshot = client.recv_type("snapshot").await;
            assert_eq!(snapshot["you"]["seat"], seat, "{snapshot}");
            clients.push(Some(client));
        }
        Table::started(code, game_id, tokens, clients, watcher).await
    }

    /// The table of clients that are all in the room, once its game has
    /// started.
    pub async fn started(
        code: String,
        game_id: String,
        tokens: Vec<Option<String>>,
        seats: Vec<Option<Client>>,
        watcher: Client,
    ) -> Table {
        let mut table = Table {
            code,
            tokens,
            seats,
            watchers: vec![watcher],
            next: Value::Null,
            steps: Vec::new(),
            seq: 0,
            game_id,
        };
        table.wait_started().await;
        table
    }

    /// Every connected client.
    fn clients(&mut self) -> impl Iterator<Item = &mut Client> {
        self.seats
            .iter_mut()
            .flatten()
            .chain(self.watchers.iter_mut())
    }

    /// Reads on every client up to the game's start snapshot (and the
    /// draws that follow at once), checking all are told the same.
    pub async fn wait_started(&mut self) {
        let mut snapshots = Vec::new();
        for client in self.clients() {
            client.recv_type("game_started").await;
            snapshots.push(client.recv_type("snapshot").await);
        }
        let first = snapshots[0].clone();
        for snapshot in &snapshots {
            assert_eq!(snapshot["seq"], first["seq"]);
            assert_eq!(snapshot["next"], first["next"]);
            assert_eq!(snapshot["status"], "playing", "{snapshot}");
        }
        self.seq = seq_of(&first);
        self.next = first["next"].clone();
        self.steps = first["steps"].as_array().cloned().unwrap_or_default();
        if self.next["kind"] == "draw" {
            self.read_batch().await;
        }
    }

    /// Takes a fresh snapshot on every client (after a reconnection).
    pub async fn resync(&mut self) {
        let mut snapshots = Vec::new();
        for client in self.clients() {
            snapshots.push(client.snapshot_v2().await);
        }
        let first = snapshots[0].clone();
        for snapshot in &snapshots {
            assert_eq!(snapshot["next"], first["next"]);
            assert_eq!(snapshot["steps"], first["steps"]);
        }
        self.seq = seq_of(&first);
        self.next = first["next"].clone();
        self.steps = first["steps"].as_array().cloned().unwrap_or_default();
    }

    /// Reads one batch of step events on every client: up to a step after
    /// which nobody is drawn for (a throw, a decision or the end is next).
    /// Checks every client gets the same events with consecutive numbers.
    pub async fn read_batch(&mut self) -> Vec<Value> {
        let mut told: Option<Vec<Value>> = None;
        let start = self.seq;
        for client in self.clients() {
            let mut mine = Vec::new();
            let mut seq = start;
            loop {
                let event = client.recv().await;
                assert_ne!(event["type"], "error", "an action was refused: {event}");
                if event.get("seq").is_none() || event["type"] == "snapshot" {
                    continue;
                }
                seq += 1;
                assert_eq!(seq_of(&event), seq, "no gap in event numbers: {event}");
                if event["type"] != "step" {
                    continue;
                }
                let done = event["next"]["kind"] != "draw";
                mine.push(event);
                if done {
                    break;
                }
            }
            match &told {
                None => told = Some(mine),
                Some(first) => assert_eq!(first, &mine, "every client is told the same steps"),
            }
        }
        let told = told.unwrap_or_default();
        if let Some(last) = told.last() {
            self.seq = seq_of(last);
            self.next = last["next"].clone();
        }
        for event in &told {
            assert_eq!(
                event["step_no"].as_u64().unwrap(),
                self.steps.len() as u64 + 1,
                "steps are numbered in order"
            );
            self.steps.push(event.clone());
        }
        told
    }

    /// The client of a seat (a person's).
    pub fn client(&mut self, seat: u64) -> &mut Client {
        self.seats[seat as usize]
            .as_mut()
            .expect("a person holds the seat")
    }

    /// Plays `steps` steps, then `seat` resigns; the room's account of the
    /// leaving (checked to be a resignation) is returned.
    pub async fn play_then_resign(&mut self, steps: usize, seat: u64) -> Vec<Value> {
        for _ in 0..steps {
            assert!(self.step().await, "the game goes on");
        }
        self.client(seat)
            .send(serde_json::json!({ "v": 2, "type": "resign" }))
            .await;
        let told = self.read_batch().await;
        assert_eq!(told[0]["left"], "resigned", "{}", told[0]);
        told
    }

    /// Whose turn to act it is and what they send: a throw, or a random
    /// option of the decision.
    pub fn random_action(&self) -> Option<(u64, Value)> {
        match self.next["kind"].as_str()? {
            "throw" => Some((
                self.next["thrower"].as_u64()?,
                json!({ "v": 2, "type": "throw" }),
            )),
            "decide" => {
                let options = self.next["options"].as_array()?;
                let pick = rand::rng().random_range(0..options.len());
                Some((
                    self.next["seat"].as_u64()?,
                    json!({ "v": 2, "type": "decide", "option": options[pick]["option"] }),
                ))
            }
            _ => None,
        }
    }

    /// Plays one random action; `false` once the game is over.
    pub async fn step(&mut self) -> bool {
        let Some((seat, action)) = self.random_action() else {
            return false;
        };
        if self.seats[seat as usize].is_none() {
            // The computer acts by itself.
            self.read_batch().await;
            return true;
        }
        self.client(seat).send(action).await;
        self.read_batch().await;
        true
    }

    /// Reads the game-over event on every client.
    pub async fn game_over(&mut self) -> Value {
        let mut first: Option<Value> = None;
        for client in self.clients() {
            let over = client.recv_type("game_over").await;
            match &first {
                None => first = Some(over),
                Some(seen) => assert_eq!(seen, &over),
            }
        }
        let over = first.unwrap();
        self.seq = seq_of(&over);
        over
    }

    /// Plays random actions until the game is over (at most `limit`
    /// actions); returns the game-over event.
    pub async fn play_to_end(&mut self, limit: usize) -> Value {
        for _ in 0..limit {
            if !self.step().await {
                assert_eq!(self.next["kind"], "end", "{}", self.next);
                return self.game_over().await;
            }
        }
        panic!("the game did not end in {limit} actions");
    }
}

impl Client {
    /// Asks for a version 2 snapshot and returns it.
    pub async fn snapshot_v2(&mut self) -> Value {
        self.send(json!({ "v": 2, "type": "snapshot" })).await;
        self.recv_type("snapshot").await
    }
}
