//! A room of protocol version 2 played across the nodes of a [`Cluster`]
//! through whatever the test does to them: members reconnect whenever
//! their socket closes (to their own node, else to any running one), and
//! [`Game::finish_and_check`] checks every member's account against the
//! steps stored.

use std::time::Duration;

use rand::RngExt;
use serde_json::{Value, json};
use tokio::time::Instant;

use super::member::{Member, Told, client_seed};
use super::{Cluster, Frame, NodeState, PATIENCE, try_open};

/// A room being played; see the module's documentation.
pub struct Game<'c> {
    cluster: &'c Cluster,
    /// The room.
    pub code: String,
    /// The game.
    pub game_id: String,
    /// Seats first (seat order), then spectators, then passive members.
    pub members: Vec<Member>,
    /// Reconnect only to a member's own node (else any running node).
    pub sticky: bool,
    /// Actions refused, by error code.
    pub refused: Vec<String>,
    /// Actions that got no answer in time (the socket was then dropped).
    pub unanswered: usize,
    /// Actions sent.
    pub actions: usize,
}

impl<'c> Game<'c> {
    /// Creates a room of `rule_set` on node `on`, connects a spectator on
    /// each of `watchers` and then seat `s` on node `seats[s]`; the last
    /// seat's arrival starts the game.
    pub async fn create(
        cluster: &'c Cluster,
        on: usize,
        rule_set: &str,
        seats: &[usize],
        watchers: &[usize],
    ) -> Game<'c> {
        Game::create_with(cluster, on, rule_set, seats, watchers, json!({})).await
    }

    /// [`Game::create`] with more fields of the room's creation (`extra`):
    /// a `time_control`, or `computers` for the seats after the people's
    /// (`[null, "beginner"]` with two people: seat 2 is the computer's).
    pub async fn create_with(
        cluster: &'c Cluster,
        on: usize,
        rule_set: &str,
        seats: &[usize],
        watchers: &[usize],
        extra: Value,
    ) -> Game<'c> {
        let computers = extra["computers"].as_array().map_or(0, |list| {
            list.iter().filter(|level| !level.is_null()).count()
        });
        let mut body = json!({ "rule_set": rule_set, "seats": seats.len() + computers,
                               "seat": 0, "public": computers == 0,
                               "client_seed": client_seed(0) });
        for (field, value) in extra.as_object().into_iter().flatten() {
            body[field] = value.clone();
        }
        let creator_node = cluster.remote(on);
        let mut members = Vec::new();
        for (seat, &node) in seats.iter().enumerate() {
            let (_, token) = creator_node.player(&format!("Seat {seat}")).await;
            members.push(Member::new(
                format!("seat {seat} on node-{node}"),
                Some((seat as u64, token)),
                node,
            ));
        }
        let room = creator_node
            .create_room(members[0].token.as_deref().unwrap(), body)
            .await;
        for (n, &node) in watchers.iter().enumerate() {
            members.push(Member::new(
                format!("spectator {n} on node-{node}"),
                None,
                node,
            ));
        }
        let mut game = Game {
            cluster,
            code: room["code"].as_str().unwrap().to_owned(),
            game_id: room["game_id"].as_str().unwrap().to_owned(),
            members,
            sticky: false,
            refused: Vec::new(),
            unanswered: 0,
            actions: 0,
        };
        // Spectators first, then the seats in order: the last starts it.
        let order: Vec<usize> = (seats.len()..game.members.len())
            .chain(0..seats.len())
            .collect();
        for i in order {
            game.connect(i).await;
        }
        game
    }

    /// Adds a passive second socket of seat `seat`'s player on `node`
    /// (connected now): it never acts and is not reconnected.
    pub async fn add_passive(&mut self, seat: usize, node: usize) -> usize {
        let token = self.members[seat].token.clone().unwrap_or_default();
        let mut second = Member::new(
            format!("seat {seat}'s second socket on node-{node}"),
            Some((seat as u64, token)),
            node,
        );
        second.passive = true;
        self.members.push(second);
        let i = self.members.len() - 1;
        self.connect(i).await;
        i
    }

    /// The nodes member `i` may connect to now, its own first.
    fn candidates(&self, i: usize) -> Vec<usize> {
        let own = self.members[i].node;
        let n = self.cluster.len();
        (0..n)
            .map(|k| (own + k) % n)
            .filter(|&node| node == own || !self.sticky)
            .filter(|&node| self.cluster.state(node) == NodeState::Up)
            .collect()
    }

    /// Connects member `i` (retrying every node it may use, for up to
    /// [`PATIENCE`]) and reads its first snapshot.
    pub async fn connect(&mut self, i: usize) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            for node in self.candidates(i) {
                let url = self.members[i].url(&self.cluster.remote(node), &self.code);
                match try_open(&url).await {
                    Ok(client) => {
                        let member = &mut self.members[i];
                        member.client = Some(client);
                        if member.until("snapshot", super::super::WAIT).await.is_some() {
                            return;
                        }
                        let why = format!("node-{node}: closed before its snapshot");
                        member.refusals.push(why);
                    }
                    Err(why) => self.members[i].refusals.push(format!("node-{node}: {why}")),
                }
            }
            assert!(
                Instant::now() < deadline,
                "{} could not reconnect: {}",
                self.members[i].name,
                self.diagnosis()
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// Reconnects every active member whose socket closed.
    pub async fn reconnect_all(&mut self) {
        for i in 0..self.members.len() {
            if self.members[i].client.is_none() && !self.members[i].passive {
                self.connect(i).await;
            }
        }
    }

    /// Reads what every member has been sent, until each is quiet for
    /// `quiet` (or closed).
    pub async fn drain_all(&mut self, quiet: Duration) {
        for member in &mut self.members {
            member.drain(quiet).await;
        }
    }

    /// Waits until the sockets of members `who` have closed, reading
    /// what they are sent meanwhile; their close codes.
    pub async fn wait_closed(&mut self, who: &[usize]) -> Vec<Option<u16>> {
        let deadline = Instant::now() + PATIENCE;
        let mut codes = Vec::new();
        for &i in who {
            while self.members[i].client.is_some() {
                let left = deadline.saturating_duration_since(Instant::now());
                assert!(
                    !left.is_zero(),
                    "{}'s socket did not close",
                    self.members[i].name
                );
                self.members[i].frame(left).await;
            }
            codes.push(self.members[i].closes.last().copied().flatten());
        }
        codes
    }

    /// Each member's closes and refused connections, and what the nodes
    /// logged of the room, for a failure message.
    fn diagnosis(&self) -> String {
        let mut text = format!("room {}:\n", self.code);
        for member in &self.members {
            let refusals = &member.refusals[member.refusals.len().saturating_sub(5)..];
            text.push_str(&format!(
                "  {}: closes {:?}, last refusals {refusals:?}\n",
                member.name, member.closes
            ));
        }
        text + &self.cluster.all_log_lines(&self.code)
    }

    /// The first active member of a seat.
    fn seat_member(&self, seat: u64) -> usize {
        self.holder(seat).expect("a member holds the seat")
    }

    /// The first active member of a seat; `None` for the computer's seats.
    fn holder(&self, seat: u64) -> Option<usize> {
        self.members
            .iter()
            .position(|m| m.seat == Some(seat) && !m.passive)
    }

    /// What to do next from a snapshot: `Some((seat, action))`, or `None`
    /// when nothing is to be sent now (a draw or the start is pending).
    fn action(snapshot: &Value) -> Option<(u64, Value)> {
        let next = &snapshot["next"];
        match next["kind"].as_str()? {
            "throw" => Some((
                next["thrower"].as_u64()?,
                json!({ "v": 2, "type": "throw" }),
            )),
            "decide" => {
                let options = next["options"].as_array()?;
                let pick = rand::rng().random_range(0..options.len());
                let option = options[pick]["option"].clone();
                Some((
                    next["seat"].as_u64()?,
                    json!({ "v": 2, "type": "decide", "option": option }),
                ))
            }
            _ => None,
        }
    }

    /// A fresh snapshot through seat 0's member (reconnecting whoever
    /// needs it first).
    async fn fresh_snapshot(&mut self) -> Value {
        let deadline = Instant::now() + PATIENCE;
        loop {
            assert!(
                Instant::now() < deadline,
                "no snapshot in time: {}",
                self.diagnosis()
            );
            self.reconnect_all().await;
            let lead = self.seat_member(0);
            if let Some(snapshot) = self.members[lead].snapshot().await {
                return snapshot;
            }
        }
    }

    /// The seat to act now and a random action for it, from a fresh
    /// snapshot; `None` when nothing is to be sent now.
    pub async fn next_action(&mut self) -> Option<(u64, Value)> {
        let snapshot = self.fresh_snapshot().await;
        Game::action(&snapshot)
    }

    /// Sends the action of the seat to move without waiting for its
    /// answer (to break something while it may be in flight).
    pub async fn act_without_waiting(&mut self) {
        if let Some((seat, action)) = self.next_action().await
            && let Some(mover) = self.holder(seat)
        {
            self.actions += 1;
            self.members[mover].send(&action).await;
        }
    }

    /// One action by the seat to move, read to its answer; `false` once
    /// the game is over.
    pub async fn step(&mut self) -> bool {
        let snapshot = self.fresh_snapshot().await;
        if snapshot["status"] == "finished" || snapshot["next"]["kind"] == "end" {
            return false;
        }
        let Some((mover, action)) =
            Game::action(&snapshot).and_then(|(seat, action)| Some((self.holder(seat)?, action)))
        else {
            // The server draws by itself, the computer is to act, or the
            // seats are still filling.
            tokio::time::sleep(Duration::from_millis(20)).await;
            return true;
        };
        let known = snapshot["steps"].as_array().map_or(0, Vec::len) as u64;
        self.actions += 1;
        if self.members[mover].send(&action).await {
            let deadline = Instant::now() + super::super::WAIT;
            loop {
                let left = deadline.saturating_duration_since(Instant::now());
                match self.members[mover].frame(left).await {
                    Frame::Json(message) => match message["type"].as_str() {
                        Some("step") if message["step_no"].as_u64() > Some(known) => break,
                        Some("error") => {
                            let code = message["code"].as_str().unwrap_or("").to_owned();
                            self.refused.push(code);
                            break;
                        }
                        _ => {}
                    },
                    Frame::Closed(_) => break,
                    Frame::Quiet => {
                        // Unanswered: start again on a new socket.
                        self.unanswered += 1;
                        self.members[mover].client = None;
                        self.members[mover].closes.push(None);
                        break;
                    }
                }
            }
        }
        for (i, member) in self.members.iter_mut().enumerate() {
            if i != mover {
                member.drain(Duration::from_millis(1)).await;
            }
        }
        true
    }

    /// Plays until the game is over, pausing `pace` between actions.
    pub async fn play_to_end(&mut self, pace: Duration) {
        let deadline = Instant::now() + Duration::from_secs(600);
        while self.step().await {
            assert!(
                Instant::now() < deadline,
                "room {} did not finish in time",
                self.code
            );
            if !pace.is_zero() {
                tokio::time::sleep(pace).await;
            }
        }
    }

    /// Plays `n` actions (fewer if the game ends first).
    pub async fn play(&mut self, n: usize) {
        for _ in 0..n {
            if !self.step().await {
                return;
            }
        }
    }

    /// The most steps any member has been acknowledged so far: up to the
    /// last decision it was told (in an event or a snapshot). Every one of
    /// them must be stored, whatever happens to the nodes.
    pub fn acknowledged(&self) -> usize {
        let of = |member: &Member| {
            member
                .told
                .iter()
                .filter_map(|told| match told {
                    Told::Snapshot(_, decided) => Some(*decided),
                    Told::Step(no, _, false) => Some(*no as usize),
                    Told::Step(_, _, true) => None,
                })
                .max()
                .unwrap_or(0)
        };
        self.members.iter().map(of).max().unwrap_or(0)
    }

    /// After the game is over: every active member reconnected and shown a
    /// final snapshot; then each one's account is checked against the
    /// stored steps. Returns the stored steps' texts.
    pub async fn finish_and_check(&mut self) -> Vec<String> {
        // The last events reach every socket before the final snapshots.
        self.drain_all(Duration::from_millis(200)).await;
        self.reconnect_all().await;
        let deadline = Instant::now() + PATIENCE;
        for i in 0..self.members.len() {
            if !self.members[i].passive {
                while self.members[i].snapshot().await.is_none() {
                    assert!(
                        Instant::now() < deadline,
                        "no final snapshot in time: {}",
                        self.diagnosis()
                    );
                    self.connect(i).await;
                }
            }
        }
        let stored = self.cluster.stored_steps(&self.game_id).await;
        let id = uuid::Uuid::parse_str(&self.game_id).unwrap();
        let game = self.cluster.store.game(id).await.unwrap().unwrap();
        assert_eq!(
            game.status,
            senet_server::store::GameStatus::Finished,
            "room {}: stored as over",
            self.code
        );
        for member in &self.members {
            check_account(member, &stored, &self.code);
        }
        stored
    }
}

/// One member's account against the stored steps: every step told is
/// stored with that number and text (nothing acknowledged lost, nothing
/// told that was not committed, a chance step taken back drawn again the
/// same), each told once and in order on a socket, no snapshot takes back
/// a decision told (nor the chance steps before it), and an active member
/// ends knowing every stored step.
pub fn check_account(member: &Member, stored: &[String], code: &str) {
    let name = format!("room {code}, {}", member.name);
    // Steps told, and those of them acknowledged: up to the last decision.
    let (mut known, mut acknowledged) = (0usize, 0usize);
    for told in &member.told {
        match told {
            Told::Snapshot(texts, decided) => {
                assert!(
                    texts.len() <= stored.len() && texts[..] == stored[..texts.len()],
                    "{name}: a snapshot shows only stored steps\n told: {texts:?}\n stored: {stored:?}"
                );
                assert!(
                    texts.len() >= acknowledged,
                    "{name}: a snapshot took back a decision told ({} < {acknowledged})\n told: {:?}\n stored: {stored:?}",
                    texts.len(),
                    member.told
                );
                known = texts.len();
                acknowledged = *decided;
            }
            Told::Step(no, text, chance) => {
                let no = *no as usize;
                assert_eq!(
                    stored.get(no.wrapping_sub(1)),
                    Some(text),
                    "{name}: step {no} told as {text} is stored so"
                );
                assert_eq!(no, known + 1, "{name}: each step told once, in order");
                known = no;
                if !chance {
                    acknowledged = no;
                }
            }
        }
    }
    if !member.passive {
        assert_eq!(known, stored.len(), "{name}: knows every stored step");
    }
}
