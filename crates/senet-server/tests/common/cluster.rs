//! Several real `senet-server` nodes on one fresh PostgreSQL database and
//! the machine's NATS (`docs/multi-node.md`), each node reaching NATS
//! through a TCP proxy of its own so a test can cut it. Nodes can be killed
//! (`kill -9`), stopped gracefully (`SIGTERM`) and started again with the
//! same id, or frozen (`SIGSTOP`) and thawed. The owner of a room is read
//! from `room_leases`.
//!
//! [`game::Game`] plays a room of protocol version 2 through all of that: its
//! members (seats and spectators, each on a node) reconnect whenever their
//! socket closes, and at the end every step any member was told is checked
//! against the steps stored.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use senet_server::Store;
use serde_json::Value;
use tokio::time::{Instant, timeout};
use tokio_tungstenite::tungstenite::Message;

use super::pgproxy::PgProxy;
use super::real::{RealServer, db_command, server_command_timed};
use super::{Client, Remote, create_postgres_database};

/// The NATS server the nodes use (behind their proxies).
pub const NATS: &str = "127.0.0.1:4222";

/// How long a test waits for anything the cluster does by itself (a
/// takeover, a reconnection, a node's start): generous, as the machine is
/// shared and slow at times.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// Whether this test must be skipped: several nodes need PostgreSQL and
/// NATS, so under `TEST_BACKEND=sqlite` the test returns early, saying so.
pub fn skip_on_sqlite(test: &str) -> bool {
    let sqlite = std::env::var("TEST_BACKEND").is_ok_and(|backend| backend == "sqlite");
    if sqlite {
        eprintln!("{test}: skipped under TEST_BACKEND=sqlite (several nodes need PostgreSQL)");
    }
    sqlite
}

/// What a node is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeState {
    /// Running.
    Up,
    /// Frozen by `SIGSTOP`.
    Frozen,
    /// Not running.
    Down,
}

struct Node {
    id: String,
    /// Between the node and NATS.
    proxy: PgProxy,
    /// How the node reaches the database, and its time limit there.
    db_url: String,
    db_timeout_ms: u64,
    server: Option<RealServer>,
    addr: SocketAddr,
    state: NodeState,
    /// The logs of every run of this node, oldest first.
    logs: Vec<Arc<Mutex<Vec<String>>>>,
}

/// A running cluster; its nodes are killed when it is dropped.
pub struct Cluster {
    /// The database every node uses.
    pub db_url: String,
    /// The database, read directly by the test.
    pub store: Store,
    /// Lease length given to every node.
    pub lease: Duration,
    /// Between one node and the database, when asked for
    /// ([`Cluster::start_with_db_proxy`]).
    pub db_proxy: Option<PgProxy>,
    nodes: Mutex<Vec<Node>>,
    /// Flags every node gets besides the usual ones.
    args: Vec<String>,
}

impl Cluster {
    /// Starts `n` nodes (`t<random>-node-0` …) with leases of `lease_ms` on a fresh
    /// database, migrated first so the nodes do not race to do it.
    pub async fn start(n: usize, lease_ms: u64) -> Cluster {
        Cluster::start_nodes(n, lease_ms, None, &[]).await
    }

    /// [`Cluster::start`] with these flags added to every node's command
    /// (a short reconnect timeout, say).
    pub async fn start_with_args(n: usize, lease_ms: u64, args: &[&str]) -> Cluster {
        Cluster::start_nodes(n, lease_ms, None, args).await
    }

    /// [`Cluster::start`] with node `proxied` reaching the database through
    /// [`Cluster::db_proxy`] and a database time limit longer than any
    /// stall a test makes there (so a held write is not given up).
    pub async fn start_with_db_proxy(n: usize, lease_ms: u64, proxied: usize) -> Cluster {
        Cluster::start_nodes(n, lease_ms, Some(proxied), &[]).await
    }

    async fn start_nodes(
        n: usize,
        lease_ms: u64,
        proxied: Option<usize>,
        args: &[&str],
    ) -> Cluster {
        let db_url = create_postgres_database().await;
        let store = Store::connect(&db_url).await.expect("connect");
        store.migrate().await.expect("migrate");
        let db_proxy = match proxied {
            Some(_) => Some(PgProxy::start("127.0.0.1:5432".parse().unwrap()).await),
            None => None,
        };
        // Node ids name NATS subjects, and every test's cluster shares the
        // machine's NATS: unique ids keep clusters of tests run at once
        // apart.
        let site = format!("{:08x}", rand::random::<u32>());
        let mut nodes = Vec::new();
        for i in 0..n {
            let proxy = PgProxy::start_plain(NATS.parse().unwrap()).await;
            let (node_db_url, db_timeout_ms) = match &db_proxy {
                Some(db_proxy) if proxied == Some(i) => (db_proxy.url_for(&db_url), 30_000),
                _ => (db_url.clone(), 2000),
            };
            nodes.push(Node {
                id: format!("t{site}-node-{i}"),
                proxy,
                db_url: node_db_url,
                db_timeout_ms,
                server: None,
                addr: "127.0.0.1:1".parse().unwrap(),
                state: NodeState::Down,
                logs: Vec::new(),
            });
        }
        let cluster = Cluster {
            db_url,
            store,
            lease: Duration::from_millis(lease_ms),
            db_proxy,
            nodes: Mutex::new(nodes),
            args: args.iter().map(|arg| (*arg).to_owned()).collect(),
        };
        for i in 0..n {
            cluster.launch(i).await;
        }
        cluster
    }

    /// How many nodes the cluster has (running or not).
    pub fn len(&self) -> usize {
        self.nodes.lock().unwrap().len()
    }

    /// Starts node `i` (again, with the same id) and waits until it serves.
    pub async fn launch(&self, i: usize) {
        let (id, nats, db_url, db_timeout_ms) = {
            let nodes = self.nodes.lock().unwrap();
            let node = &nodes[i];
            assert_eq!(node.state, NodeState::Down, "node {i} runs already");
            let nats = node.proxy.addr();
            (
                node.id.clone(),
                nats,
                node.db_url.clone(),
                node.db_timeout_ms,
            )
        };
        let mut command = db_command(server_command_timed(db_timeout_ms), &db_url);
        command
            .args(["--node-id", &id])
            .args(["--nats-url", &format!("nats://{nats}")])
            .args(["--lease-ms", &self.lease.as_millis().to_string()])
            .args(&self.args);
        // Off the runtime: the start reads the node's first line, and a
        // proxy this runtime runs may have to answer before there is one.
        let server = tokio::task::spawn_blocking(move || RealServer::start(command))
            .await
            .expect("the node starts");
        let log = server.log.clone();
        let addr = server.addr;
        {
            let mut nodes = self.nodes.lock().unwrap();
            let node = &mut nodes[i];
            node.logs.push(log.clone());
            node.addr = addr;
            node.server = Some(server);
            node.state = NodeState::Up;
        }
        let deadline = Instant::now() + PATIENCE;
        while !log
            .lock()
            .unwrap()
            .iter()
            .any(|line| line.contains("listening"))
        {
            assert!(Instant::now() < deadline, "node {id} did not start");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Node `i`'s id.
    pub fn node_id(&self, i: usize) -> String {
        self.nodes.lock().unwrap()[i].id.clone()
    }

    /// The index of the node with this id.
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.nodes.lock().unwrap().iter().position(|n| n.id == id)
    }

    /// What node `i` is doing.
    pub fn state(&self, i: usize) -> NodeState {
        self.nodes.lock().unwrap()[i].state
    }

    /// Node `i` as clients reach it (its current address, even if down).
    pub fn remote(&self, i: usize) -> Remote {
        Remote {
            addr: self.nodes.lock().unwrap()[i].addr,
        }
    }

    fn with_server<T>(&self, i: usize, f: impl FnOnce(&mut RealServer) -> T) -> T {
        let mut nodes = self.nodes.lock().unwrap();
        f(nodes[i].server.as_mut().expect("the node runs"))
    }

    /// `kill -9` of node `i`.
    pub fn kill9(&self, i: usize) {
        let server = {
            let mut nodes = self.nodes.lock().unwrap();
            nodes[i].state = NodeState::Down;
            nodes[i].server.take().expect("the node runs")
        };
        server.kill9();
    }

    /// `SIGTERM` to node `i`, then waits for it to exit (by itself).
    pub async fn stop(&self, i: usize) {
        let mut server = {
            let mut nodes = self.nodes.lock().unwrap();
            nodes[i].state = NodeState::Down;
            nodes[i].server.take().expect("the node runs")
        };
        server.terminate();
        let status = server.wait(PATIENCE).await;
        assert!(
            status.is_some(),
            "node {i} did not exit after SIGTERM: {:?}",
            server.log_lines("")
        );
    }

    /// `SIGSTOP` to node `i`: it holds its sockets and does nothing.
    pub fn freeze(&self, i: usize) {
        self.with_server(i, |server| server.signal("STOP"));
        self.nodes.lock().unwrap()[i].state = NodeState::Frozen;
    }

    /// `SIGCONT` to a frozen node `i`.
    pub fn thaw(&self, i: usize) {
        self.with_server(i, |server| server.signal("CONT"));
        self.nodes.lock().unwrap()[i].state = NodeState::Up;
    }

    /// Cuts every node off NATS (new connections refused, open ones
    /// reset), or lets them reach it again.
    pub fn cut_nats(&self, cut: bool) {
        for node in self.nodes.lock().unwrap().iter() {
            node.proxy.refuse(cut);
            if cut {
                node.proxy.reset_all();
            }
        }
    }

    /// The log lines of every run of node `i` containing `needle`.
    pub fn log_lines(&self, i: usize, needle: &str) -> Vec<String> {
        self.nodes.lock().unwrap()[i]
            .logs
            .iter()
            .flat_map(|log| log.lock().unwrap().clone())
            .filter(|line| line.contains(needle))
            .collect()
    }

    /// Every node's log lines containing `needle`, each marked with its
    /// node, for failure messages.
    pub fn all_log_lines(&self, needle: &str) -> String {
        let n = self.len();
        (0..n)
            .flat_map(|i| {
                let id = self.node_id(i);
                self.log_lines(i, needle)
                    .into_iter()
                    .map(move |line| format!("[{id}] {line}"))
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The node holding a live lease on room `code`, and its epoch.
    pub async fn owner(&self, code: &str) -> Option<(usize, i64)> {
        let state = self.store.lease_of(code).await.expect("read lease")?;
        if !state.live {
            return None;
        }
        Some((self.index_of(&state.lease.node_id)?, state.lease.epoch))
    }

    /// Waits (up to [`PATIENCE`]) until a node other than `not` holds a
    /// live lease on `code`; that node, its epoch, and how long it took.
    pub async fn wait_owner_other_than(&self, code: &str, not: usize) -> (usize, i64, Duration) {
        let start = Instant::now();
        loop {
            if let Some((owner, epoch)) = self.owner(code).await
                && owner != not
            {
                return (owner, epoch, start.elapsed());
            }
            assert!(
                start.elapsed() < PATIENCE,
                "room {code} was not taken over from node-{not}:\n{}",
                self.all_log_lines(code)
            );
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// The stored steps of a game, as their texts.
    pub async fn stored_steps(&self, game_id: &str) -> Vec<String> {
        let id = uuid::Uuid::parse_str(game_id).unwrap();
        let rows = timeout(super::WAIT, self.store.steps(id))
            .await
            .expect("read steps in time")
            .expect("read steps");
        for (n, row) in rows.iter().enumerate() {
            assert_eq!(row.step_no as usize, n + 1, "steps stored in order");
        }
        rows.into_iter().map(|row| row.step).collect()
    }
}

impl Drop for Cluster {
    /// On a failure, what went wrong as the nodes saw it.
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("the nodes' warnings and errors:");
            eprintln!("{}", self.all_log_lines(" WARN "));
            eprintln!("{}", self.all_log_lines(" ERROR "));
        }
    }
}

/// What came from a socket.
#[derive(Debug)]
pub enum Frame {
    /// A JSON message.
    Json(Value),
    /// The socket closed, with this close code if a close frame came.
    Closed(Option<u16>),
    /// Nothing within the wait.
    Quiet,
}

/// The next frame within `wait`, close included (unlike `Client::recv`).
pub async fn next_frame(client: &mut Client, wait: Duration) -> Frame {
    loop {
        match timeout(wait, client.ws.next()).await {
            Err(_) => return Frame::Quiet,
            Ok(None | Some(Err(_))) => return Frame::Closed(None),
            Ok(Some(Ok(Message::Close(frame)))) => {
                return Frame::Closed(frame.map(|f| u16::from(f.code)));
            }
            Ok(Some(Ok(Message::Text(text)))) => {
                if let Ok(value) = serde_json::from_str(text.as_str()) {
                    return Frame::Json(value);
                }
            }
            Ok(Some(Ok(_))) => {}
        }
    }
}

/// Sends a message; `false` when the socket is already gone.
pub async fn try_send(client: &mut Client, value: &Value) -> bool {
    let text = value.to_string();
    timeout(super::WAIT, client.ws.send(Message::Text(text.into())))
        .await
        .is_ok_and(|sent| sent.is_ok())
}

/// Opens a WebSocket, or says why not (a refused upgrade such as 503, a
/// refused connection, no answer in time): never panics.
pub async fn try_open(url: &str) -> Result<Client, String> {
    match timeout(Duration::from_secs(5), Client::open(url, None)).await {
        Ok(Ok(client)) => Ok(client),
        Ok(Err(tokio_tungstenite::tungstenite::Error::Http(response))) => {
            Err(format!("HTTP {}", response.status()))
        }
        Ok(Err(error)) => Err(error.to_string()),
        Err(_) => Err("no answer in time".to_owned()),
    }
}

pub mod game;
pub mod member;
