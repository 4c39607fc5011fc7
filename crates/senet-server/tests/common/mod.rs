//! Shared test harness: a fresh PostgreSQL database per test, the real
//! server on port 0, a tiny HTTP client and a WebSocket client.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, missing_docs)]

pub mod raw;

use std::net::SocketAddr;
use std::time::Duration;

use senet_server::{Server, Settings, ShutdownHandle, Store};
use serde_json::{Value, json};
use sqlx::{Connection, PgConnection};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::task::JoinHandle;
use tokio::time::timeout;

pub mod accounts;
pub mod client;
pub mod cluster;
pub mod commit_points;
pub mod drive;
pub mod feed;
pub mod pgproxy;
pub mod real;
pub mod seeded;
pub mod stored;
pub mod v2;
pub mod wait;

// Re-exported where the tests have always found them.
#[allow(unused_imports)]
pub use client::Client;
#[allow(unused_imports)]
pub use stored::{StoredTurn, kendall_turns, stored_result};

/// Every wait in the tests is bounded by this.
pub const WAIT: Duration = Duration::from_secs(10);

/// The public URL the test servers are configured with.
pub const PUBLIC_URL: &str = "http://127.0.0.1";

/// Reconnect timeout used by the test servers.
pub const RECONNECT_TIMEOUT: Duration = Duration::from_millis(800);

/// A running server as its clients reach it: by address only. Both the
/// in-process [`TestApp`] and the real binary ([`real::RealServer`]) are one.
pub struct Remote {
    pub addr: SocketAddr,
}

pub struct TestApp {
    pub remote: Remote,
    pub store: Store,
    pub db_url: String,
    shutdown: ShutdownHandle,
    join: JoinHandle<std::io::Result<()>>,
}

fn admin_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

/// Whether the suite runs on SQLite (`TEST_BACKEND=sqlite`) instead of
/// PostgreSQL, the default.
fn on_sqlite() -> bool {
    std::env::var("TEST_BACKEND").is_ok_and(|backend| backend == "sqlite")
}

/// Creates a fresh database and returns its URL: a new PostgreSQL database,
/// or a new SQLite file under the system's temporary folder.
pub async fn create_database() -> String {
    if on_sqlite() {
        let name = format!("senet_test_{}", uuid::Uuid::new_v4().simple());
        let path = std::env::temp_dir().join(format!("{name}.db"));
        return format!("sqlite://{}", path.display());
    }
    create_postgres_database().await
}

/// Runs one statement straight on a test database, past the server's
/// store, with a text bound as `$1` and a game id as `$2`: to store what
/// the server never would (a name it does not know).
pub async fn execute_raw(db_url: &str, sql: &str, text: &str, game_id: uuid::Uuid) {
    if db_url.starts_with("sqlite:") {
        let mut conn = sqlx::SqliteConnection::connect(db_url).await.unwrap();
        let query = sqlx::query(sql).bind(text).bind(game_id);
        query.execute(&mut conn).await.unwrap();
    } else {
        let mut conn = PgConnection::connect(db_url).await.unwrap();
        let query = sqlx::query(sql).bind(text).bind(game_id);
        query.execute(&mut conn).await.unwrap();
    }
}

/// Creates a fresh PostgreSQL database, whatever the backend of the run.
pub async fn create_postgres_database() -> String {
    let name = format!("senet_test_{}", uuid::Uuid::new_v4().simple());
    let admin = admin_url();
    let mut conn = PgConnection::connect(&admin)
        .await
        .expect("connect to PostgreSQL (is it running on 127.0.0.1:5432?)");
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .expect("create test database");
    conn.close().await.ok();
    match admin.rfind('/') {
        Some(slash) => format!("{}/{name}", &admin[..slash]),
        None => panic!("bad TEST_DATABASE_URL"),
    }
}

/// A fresh database and a server on it.
pub async fn spawn_app() -> TestApp {
    let db_url = create_database().await;
    start_on(&db_url).await
}

/// A fresh database and a server without a practical message-rate limit,
/// for tests that play whole games as fast as they can.
pub async fn spawn_fast_app() -> TestApp {
    let db_url = create_database().await;
    start_with(&db_url, 100_000.0).await
}

/// Starts a server on an existing database (migrations, resume).
pub async fn start_on(db_url: &str) -> TestApp {
    start_with(db_url, 20.0).await
}

/// Starts a server on an existing database without a practical
/// message-rate limit (a restart under a test that plays fast).
pub async fn start_fast_on(db_url: &str) -> TestApp {
    start_with(db_url, 100_000.0).await
}

async fn start_with(db_url: &str, rate_per_sec: f64) -> TestApp {
    start_with_delay(db_url, rate_per_sec, Duration::ZERO).await
}

/// Starts a server on an existing database whose computer players wait
/// `computer_delay` before each throw and each move.
pub async fn start_with_delay(
    db_url: &str,
    rate_per_sec: f64,
    computer_delay: Duration,
) -> TestApp {
    start_custom(
        db_url,
        rate_per_sec,
        computer_delay,
        senet_server::store::DEFAULT_TIMEOUT,
    )
    .await
}

/// Starts a server on an existing database with every knob the tests turn:
/// the message rate, the computer's delay and the database time limit.
pub async fn start_custom(
    db_url: &str,
    rate_per_sec: f64,
    computer_delay: Duration,
    db_timeout: Duration,
) -> TestApp {
    start_tuned(db_url, rate_per_sec, computer_delay, db_timeout, |_| {}).await
}

/// [`start_custom`] with any other setting changed by `tune`.
pub async fn start_tuned(
    db_url: &str,
    rate_per_sec: f64,
    computer_delay: Duration,
    db_timeout: Duration,
    tune: impl FnOnce(&mut Settings),
) -> TestApp {
    let options = senet_server::store::StoreOptions {
        timeout: db_timeout,
        ..Default::default()
    };
    let store = Store::connect_with(db_url, options)
        .await
        .expect("connect test database");
    let mut settings = Settings {
        public_url: PUBLIC_URL.to_owned(),
        reconnect_timeout: RECONNECT_TIMEOUT,
        idle_room_timeout: Duration::from_secs(60),
        rate_per_sec,
        rate_burst: 40.0_f64.max(rate_per_sec),
        computer_delay,
        computer_budget: senet_ai::Budget::default(),
        // Longer than any test leaves a client unread, unless a test
        // shortens it.
        heartbeat: Duration::from_secs(30),
        // Small: every finished game of every test is reviewed.
        review_nodes: 500,
        review_concurrency: 1,
        auth_limits: true,
        trust_forwarded_for: false,
        // On in the tests, so they cover the stamped reads; the binary's
        // default (off) is what the browser tests run.
        read_wait_metrics: true,
    };
    tune(&mut settings);
    let server = Server::build(settings, store.clone(), "127.0.0.1:0".parse().unwrap())
        .await
        .expect("build server");
    let addr = server.local_addr().unwrap();
    let shutdown = server.shutdown_handle();
    let join = tokio::spawn(server.run());
    TestApp {
        remote: Remote { addr },
        store,
        db_url: db_url.to_owned(),
        shutdown,
        join,
    }
}

pub struct Response {
    pub status: u16,
    pub body: Value,
    /// The raw body, for non-JSON answers such as `/metrics`.
    pub text: String,
    /// The response headers, names in lower case.
    pub headers: Vec<(String, String)>,
}

impl Response {
    /// A response header's value, by its lower-case name.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

impl TestApp {
    /// Shuts the server down and waits for it.
    pub async fn stop(self) -> String {
        self.shutdown.shutdown();
        timeout(WAIT, self.join)
            .await
            .expect("server stops in time")
            .expect("server task")
            .expect("server result");
        self.store.close().await;
        self.db_url
    }
}

impl std::ops::Deref for TestApp {
    type Target = Remote;

    fn deref(&self) -> &Remote {
        &self.remote
    }
}

impl Remote {
    /// A minimal HTTP/1.1 request.
    pub async fn http(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&str>,
    ) -> Response {
        let auth = token.map(|token| format!("Bearer {token}"));
        let headers: Vec<(&str, &str)> = auth
            .as_deref()
            .map(|auth| ("Authorization", auth))
            .into_iter()
            .collect();
        self.request(method, path, &headers, body.unwrap_or("").as_bytes())
            .await
    }

    /// A minimal HTTP/1.1 request with these extra headers; a POST or a
    /// non-empty body is sent as JSON with its length.
    pub async fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> Response {
        let mut stream = TcpStream::connect(self.addr).await.unwrap();
        let mut request =
            format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        if !body.is_empty() || method == "POST" {
            request.push_str(&format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n",
                body.len()
            ));
        }
        request.push_str("\r\n");
        let mut raw_request = request.into_bytes();
        raw_request.extend_from_slice(body);
        // Read while writing: a server may answer (e.g. 413) before it has
        // read a large body, and must not be left blocked on it.
        let (mut reader, mut writer) = stream.split();
        let write = async {
            // The server may close before reading everything; its answer counts.
            let _ = writer.write_all(&raw_request).await;
        };
        let mut raw = Vec::new();
        let read = async {
            timeout(WAIT, reader.read_to_end(&mut raw))
                .await
                .expect("HTTP response in time")
                .unwrap();
        };
        tokio::join!(write, read);
        let text = String::from_utf8(raw).unwrap();
        let status: u16 = text[9..12].parse().unwrap();
        let (head, body_text) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let headers = header_lines(head);
        let body = serde_json::from_str(body_text).unwrap_or(Value::Null);
        Response {
            status,
            body,
            text: body_text.to_owned(),
            headers,
        }
    }

    /// A new identity: (player id, token).
    pub async fn player(&self, name: &str) -> (String, String) {
        let response = self
            .http(
                "POST",
                "/api/players",
                None,
                Some(&json!({ "display_name": name }).to_string()),
            )
            .await;
        assert_eq!(response.status, 201, "{:?}", response.body);
        (
            response.body["player_id"].as_str().unwrap().to_owned(),
            response.body["token"].as_str().unwrap().to_owned(),
        )
    }

    /// Creates a room; returns the response body.
    pub async fn room(&self, token: &str, side: &str, public: bool) -> Value {
        let body = json!({ "rule_set": "kendall", "side": side, "public": public }).to_string();
        let response = self
            .http("POST", "/api/rooms", Some(token), Some(&body))
            .await;
        assert_eq!(response.status, 201, "{:?}", response.body);
        response.body
    }

    /// How many seekers wait in every quick-pairing pool.
    pub async fn waiting_in_pools(&self) -> i64 {
        let r = self.http("GET", "/api/pools", None, None).await;
        assert_eq!(r.status, 200, "{}", r.text);
        r.body
            .as_array()
            .unwrap()
            .iter()
            .map(|pool| pool["waiting"].as_i64().unwrap())
            .sum()
    }

    /// The WebSocket URL of a room.
    pub fn ws_url(&self, code: &str, token: Option<&str>) -> String {
        match token {
            Some(token) => format!("ws://{}/ws/rooms/{code}?token={token}", self.addr),
            None => format!("ws://{}/ws/rooms/{code}", self.addr),
        }
    }

    /// Opens a WebSocket and reads its first snapshot.
    pub async fn connect(&self, code: &str, token: Option<&str>) -> (Client, Value) {
        let mut client = Client::open(&self.ws_url(code, token), None)
            .await
            .expect("upgrade");
        let snapshot = client.recv_type("snapshot").await;
        (client, snapshot)
    }
}

/// The side a snapshot says the receiver sits on.
pub fn my_side(snapshot: &Value) -> String {
    snapshot["you"]["side"].as_str().unwrap_or("").to_owned()
}

/// An error message's code.
pub fn err_code(message: &Value) -> &str {
    assert_eq!(message["type"], "error", "{message}");
    message["code"].as_str().unwrap()
}

/// A started two-player room: (app, cone client, spool client, room code).
pub async fn started_room(app: &Remote) -> (Client, Client, String, String, String) {
    let (_, cone_token) = app.player("Cone Player").await;
    let (_, spool_token) = app.player("Spool Player").await;
    let room = app.room(&cone_token, "cone", true).await;
    let code = room["code"].as_str().unwrap().to_owned();
    let (mut cone, _) = app.connect(&code, Some(&cone_token)).await;
    let (spool, snapshot) = app.connect(&code, Some(&spool_token)).await;
    assert_eq!(snapshot["you"]["side"], "spool");
    assert_eq!(snapshot["phase"]["kind"], "to_throw");
    cone.recv_type("snapshot").await;
    (cone, spool, code, cone_token, spool_token)
}

/// Plays one turn step for whoever is to move, from `to_move`: throws and,
/// unless forfeited, moves a random legal piece. Every client in `all` must
/// receive the same events. Returns the events seen.
pub async fn play_turn(clients: &mut [&mut Client], mover: usize) -> Vec<Value> {
    let mut seen = Vec::new();
    clients[mover]
        .send(json!({ "v": 1, "type": "throw" }))
        .await;
    let thrown = same_event(clients).await;
    assert_eq!(thrown["type"], "thrown", "{thrown}");
    seen.push(thrown.clone());
    if thrown["forfeited"].as_bool().unwrap() {
        let forfeited = same_event(clients).await;
        assert_eq!(forfeited["type"], "forfeited");
        seen.push(forfeited);
        return seen;
    }
    let moves = thrown["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    let pick = {
        use rand::RngExt;
        rand::rng().random_range(0..moves.len())
    };
    let from = moves[pick]["from"].clone();
    clients[mover]
        .send(json!({ "v": 1, "type": "move", "from": from }))
        .await;
    let moved = same_event(clients).await;
    assert_eq!(moved["type"], "moved", "{moved}");
    assert_eq!(moved["move"], moves[pick]);
    seen.push(moved);
    seen
}

/// Reads the next event on every client and checks they are identical.
pub async fn same_event(clients: &mut [&mut Client]) -> Value {
    let first = clients[0].event().await;
    for client in clients.iter_mut().skip(1) {
        let other = client.event().await;
        assert_eq!(first, other, "every client gets the same events");
    }
    first
}

/// The headers of a response head (after its status line), names in
/// lowercase.
pub fn header_lines(head: &str) -> Vec<(String, String)> {
    head.lines()
        .skip(1)
        .filter_map(|line| line.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect()
}

/// The four sticks of a throw event (`"sticks": [bool; 4]`), light side up
/// as `true`.
pub fn lights(event: &Value) -> [bool; 4] {
    let sticks = event["sticks"].as_array().unwrap();
    core::array::from_fn(|i| sticks[i].as_bool().unwrap())
}
