//! Command-line and environment configuration.

mod origin;

use std::net::SocketAddr;
use std::time::Duration;

use clap::Parser;

use crate::store::{SqliteSync, StoreOptions};

/// The server's configuration, from flags or the environment.
#[derive(Debug, Clone, Parser)]
#[command(name = "senet-server", version, about = "Senet Online game server")]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "SENET_BIND", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,

    /// Database URL: `postgres://…` for PostgreSQL or `sqlite:…`. When it is
    /// not set, the server keeps its data in the SQLite file `--db-path`.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<String>,

    /// The SQLite database file used when no `DATABASE_URL` is given.
    #[arg(long, env = "SENET_DB_PATH", default_value = "senet.db")]
    pub db_path: std::path::PathBuf,

    /// SQLite only: how each commit is synced to disk. `full` (the
    /// default) keeps every committed turn through a power loss; `normal`
    /// is faster but a power loss may undo the last commits.
    #[arg(
        long,
        env = "SENET_SQLITE_SYNCHRONOUS",
        value_enum,
        default_value_t = SqliteSync::Full
    )]
    pub sqlite_synchronous: SqliteSync,

    /// Public base URL of the server: invite links are built from it and
    /// WebSocket `Origin` headers must match it (any loopback spelling of
    /// it when it is a loopback URL). Without it, `http://127.0.0.1:<port>`
    /// with `--bind`'s port (or `--bind`'s address, when that is neither
    /// loopback nor every address).
    #[arg(long, env = "SENET_PUBLIC_URL")]
    pub public_url: Option<String>,

    /// Milliseconds any one database call may take before it is given up:
    /// the action fails with `storage_error`, and a commit whose answer did
    /// not come is resolved by reading the game back.
    #[arg(long, env = "SENET_DB_TIMEOUT_MS", default_value_t = 5000)]
    pub db_timeout_ms: u64,

    /// Seconds the player to move may stay disconnected before the opponent
    /// may claim the win.
    #[arg(long, env = "SENET_RECONNECT_TIMEOUT_SECS", default_value_t = 120)]
    pub reconnect_timeout_secs: u64,

    /// Seconds between the server's WebSocket pings. A socket from which
    /// nothing (not even the pong browsers send by themselves) has come for
    /// two of these is closed, so a player whose network vanished is shown
    /// away within two to three of them, not when TCP gives up.
    #[arg(long, env = "SENET_HEARTBEAT_SECS", default_value_t = 5)]
    pub heartbeat_secs: u64,

    /// Seconds a finished room with nobody connected stays in memory.
    #[arg(long, env = "SENET_IDLE_ROOM_SECS", default_value_t = 300)]
    pub idle_room_secs: u64,

    /// Sustained client messages per second before a socket is closed (1008).
    #[arg(long, env = "SENET_RATE_PER_SEC", default_value_t = 20.0)]
    pub rate_per_sec: f64,

    /// Client messages allowed in a burst above the sustained rate.
    #[arg(long, env = "SENET_RATE_BURST", default_value_t = 40.0)]
    pub rate_burst: f64,

    /// Milliseconds the computer waits before each throw and each move, so
    /// its play can be followed (0 in tests).
    #[arg(long, env = "SENET_COMPUTER_DELAY_MS", default_value_t = 700)]
    pub computer_delay_ms: u64,

    /// Milliseconds the expert computer may think at most per decision
    /// (its 200,000-node budget usually ends it first); 0 for no limit but
    /// the nodes, which makes its choices the same on every machine (tests
    /// compare them with `senet best`).
    #[arg(long, env = "SENET_COMPUTER_TIME_MS", default_value_t = 150)]
    pub computer_time_ms: u64,

    /// Kendall endgame tables for the expert computer: a file written by
    /// `senet tablebase build`, or `none` to play without. Without the
    /// flag, the largest `kendall-N.tb` in `$XDG_DATA_HOME/senet` (else
    /// `~/.local/share/senet`) if there is one. Loaded in the background:
    /// the server serves at once, and the expert uses the tables when
    /// `GET /healthz` says `"tablebase": "ready"`.
    #[arg(long, env = "SENET_TABLEBASE")]
    pub tablebase: Option<String>,

    /// The node budget of every search of a game review (each decision,
    /// and each possible outcome of each draw); smaller than live play's
    /// 200,000 because a review searches every step of a game.
    #[arg(long, env = "SENET_REVIEW_NODES", default_value_t = crate::review::DEFAULT_REVIEW_NODES)]
    pub review_nodes: u64,

    /// How many game reviews may be computed at the same time, each on a
    /// thread of the lowest scheduling class (it runs only when live play
    /// leaves a core idle); 0 turns reviews off.
    #[arg(long, env = "SENET_REVIEW_CONCURRENCY", default_value_t = 1)]
    pub review_concurrency: usize,

    /// This node's name among several (letters, digits, `-` and `_`; at
    /// most 64). Without it: the host name and a random suffix.
    #[arg(long, env = "SENET_NODE_ID")]
    pub node_id: Option<String>,

    /// NATS server URL (`nats://host:4222`): run as one node of several on
    /// one PostgreSQL database (`docs/multi-node.md`). Without it the
    /// server runs alone, as it always has.
    #[arg(long, env = "SENET_NATS_URL")]
    pub nats_url: Option<String>,

    /// Milliseconds a node's hold on a room (its lease) lasts unless
    /// renewed (every third of it). A dead node's rooms move to the others
    /// within about one and a half of these.
    #[arg(long, env = "SENET_LEASE_MS", default_value_t = 5000)]
    pub lease_ms: u64,

    /// Milliseconds between two reads of the tokens of a node's open
    /// sockets (one of several): a revoked token's socket closes by then
    /// even if the revocation's message between the nodes was lost.
    #[arg(long, env = "SENET_REVOCATION_RECHECK_MS", default_value_t = 60_000)]
    pub revocation_recheck_ms: u64,

    /// Limit sign-ups and logins per client address and per username
    /// (`docs/accounts.md`); `false` only for load tests that sign up
    /// thousands of accounts from one address.
    #[arg(long, env = "SENET_AUTH_LIMITS", default_value_t = true, action = clap::ArgAction::Set)]
    pub auth_limits: bool,

    /// Take the client's address from the last entry of `X-Forwarded-For`
    /// (set it only behind a reverse proxy that appends it): otherwise every
    /// client would share the proxy's address in the per-address limits.
    #[arg(long, env = "SENET_TRUST_FORWARDED_FOR", default_value_t = false, action = clap::ArgAction::Set)]
    pub trust_forwarded_for: bool,

    /// Time how long each client frame waits in its socket before the
    /// server reads it (`senet_read_wait_seconds`; Linux's receive
    /// timestamps on every socket). Off by default: each read then costs a
    /// little more; on to find where a slow server's time goes.
    #[arg(long, env = "SENET_READ_WAIT_METRICS", default_value_t = false, action = clap::ArgAction::Set)]
    pub read_wait_metrics: bool,

    /// Log filter, `RUST_LOG` style (e.g. `info,senet_server=debug`).
    #[arg(long = "log", env = "RUST_LOG", default_value = "info")]
    pub log: String,

    /// Log output: `text` for people, `json` (one object a line) for log
    /// collectors.
    #[arg(long, env = "SENET_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
}

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    Text,
    /// One JSON object a line.
    Json,
}

impl Config {
    /// How to open the store.
    #[must_use]
    pub fn store_options(&self) -> StoreOptions {
        StoreOptions {
            sqlite_synchronous: self.sqlite_synchronous,
            // Zero would give up on every call at once.
            timeout: Duration::from_millis(self.db_timeout_ms.max(1)),
        }
    }

    /// This node's settings among several, when a NATS URL is given:
    /// `Err` with a message when they are not usable.
    pub fn cluster(&self) -> Result<Option<ClusterSettings>, String> {
        let Some(nats_url) = &self.nats_url else {
            return Ok(None);
        };
        if !self
            .database_url
            .as_deref()
            .is_some_and(|url| url.starts_with("postgres"))
        {
            return Err(
                "several nodes (`--nats-url`) need PostgreSQL: set DATABASE_URL to a postgres:// URL"
                    .to_owned(),
            );
        }
        let node_id = match &self.node_id {
            Some(id) => id.clone(),
            None => default_node_id(),
        };
        if node_id.is_empty()
            || node_id.len() > 64
            || !node_id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(format!(
                "`{node_id}` is not a node id: use 1 to 64 letters, digits, `-` or `_`"
            ));
        }
        Ok(Some(ClusterSettings {
            node_id,
            nats_url: nats_url.clone(),
            // Below 300 ms renewals would hardly outpace expiry.
            lease: Duration::from_millis(self.lease_ms.max(300)),
            // Each read is a query a connected player.
            revocation_recheck: Duration::from_millis(self.revocation_recheck_ms.max(100)),
        }))
    }

    /// Where the expert's endgame tables come from.
    #[must_use]
    pub fn tablebase_source(&self) -> crate::tablebase::TablebaseSource {
        crate::tablebase::TablebaseSource::from_flag(self.tablebase.as_deref())
    }

    /// The public base URL without a trailing slash: `--public-url`, or
    /// the address the server listens on.
    #[must_use]
    pub fn public_url(&self) -> String {
        match &self.public_url {
            Some(url) => url.trim_end_matches('/').to_owned(),
            None => {
                let ip = self.bind.ip();
                let host = if ip.is_unspecified() || ip.is_loopback() {
                    "127.0.0.1".to_owned()
                } else {
                    std::net::SocketAddr::new(ip, 0)
                        .to_string()
                        .trim_end_matches(":0")
                        .to_owned()
                };
                format!("http://{host}:{}", self.bind.port())
            }
        }
    }

    /// The runtime settings this configuration describes.
    #[must_use]
    pub fn settings(&self) -> Settings {
        Settings {
            public_url: self.public_url(),
            reconnect_timeout: Duration::from_secs(self.reconnect_timeout_secs),
            idle_room_timeout: Duration::from_secs(self.idle_room_secs),
            rate_per_sec: self.rate_per_sec,
            rate_burst: self.rate_burst,
            computer_delay: Duration::from_millis(self.computer_delay_ms),
            computer_budget: computer_budget(self.computer_time_ms),
            // Zero would ping without pause.
            heartbeat: Duration::from_secs(self.heartbeat_secs.max(1)),
            review_nodes: self.review_nodes.max(1),
            review_concurrency: self.review_concurrency,
            auth_limits: self.auth_limits,
            trust_forwarded_for: self.trust_forwarded_for,
            read_wait_metrics: self.read_wait_metrics,
        }
    }
}

/// The computer's budget per decision: the default nodes, and at most
/// `time_ms` milliseconds unless it is 0.
fn computer_budget(time_ms: u64) -> senet_ai::Budget {
    match time_ms {
        0 => senet_ai::Budget::nodes(senet_ai::Budget::DEFAULT_NODES),
        ms => {
            senet_ai::Budget::with_time(senet_ai::Budget::DEFAULT_NODES, Duration::from_millis(ms))
        }
    }
}

/// A node's settings among several (`--nats-url`).
#[derive(Debug, Clone)]
pub struct ClusterSettings {
    /// This node's id (safe in a NATS subject).
    pub node_id: String,
    /// Where NATS is.
    pub nats_url: String,
    /// How long a lease lasts unless renewed.
    pub lease: Duration,
    /// How often the tokens of this node's open sockets are read again.
    pub revocation_recheck: Duration,
}

/// The host name (from `/etc/hostname`, else `node`) and 32 random bits,
/// keeping only the characters a node id allows.
fn default_node_id() -> String {
    let host = std::fs::read_to_string("/etc/hostname").unwrap_or_default();
    let host: String = host
        .trim()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .take(40)
        .collect();
    let host = if host.is_empty() {
        "node".to_owned()
    } else {
        host
    };
    format!("{host}-{:08x}", rand::random::<u32>())
}

/// Runtime settings shared by every part of the server.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Public base URL without a trailing slash.
    pub public_url: String,
    /// How long the player to move may be away before the opponent may claim the win.
    pub reconnect_timeout: Duration,
    /// How long an idle finished room is kept in memory.
    pub idle_room_timeout: Duration,
    /// Sustained client messages per second allowed per socket.
    pub rate_per_sec: f64,
    /// Burst of client messages allowed per socket.
    pub rate_burst: f64,
    /// How long the computer waits before each throw and each move.
    pub computer_delay: Duration,
    /// The work the computer may do per decision (the expert's search).
    pub computer_budget: senet_ai::Budget,
    /// How often each WebSocket is pinged; one silent for two of these is
    /// closed.
    pub heartbeat: Duration,
    /// The node budget of every search of a game review.
    pub review_nodes: u64,
    /// How many reviews may be computed at the same time; 0: none.
    pub review_concurrency: usize,
    /// Whether sign-ups and logins are rate limited.
    pub auth_limits: bool,
    /// Whether the client's address is the last of `X-Forwarded-For`.
    pub trust_forwarded_for: bool,
    /// Whether sockets keep their receive times (`senet_read_wait_seconds`).
    pub read_wait_metrics: bool,
}

impl Settings {
    /// The invite link for a room.
    #[must_use]
    pub fn invite_url(&self, code: &str) -> String {
        format!("{}/r/{code}", self.public_url)
    }

    /// The WebSocket URL for a room.
    #[must_use]
    pub fn ws_url(&self, code: &str) -> String {
        let base = if let Some(rest) = self.public_url.strip_prefix("https://") {
            format!("wss://{rest}")
        } else if let Some(rest) = self.public_url.strip_prefix("http://") {
            format!("ws://{rest}")
        } else {
            self.public_url.clone()
        };
        format!("{base}/ws/rooms/{code}")
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn sqlite_commits_are_synced_in_full_unless_opted_out() {
        let default = Config::try_parse_from(["senet-server"]).unwrap();
        assert_eq!(default.store_options().sqlite_synchronous, SqliteSync::Full);
        let normal =
            Config::try_parse_from(["senet-server", "--sqlite-synchronous", "normal"]).unwrap();
        assert_eq!(
            normal.store_options().sqlite_synchronous,
            SqliteSync::Normal
        );
        assert!(Config::try_parse_from(["senet-server", "--sqlite-synchronous", "off"]).is_err());
        let quick = Config::try_parse_from(["senet-server", "--db-timeout-ms", "250"]).unwrap();
        assert_eq!(quick.store_options().timeout, Duration::from_millis(250));
        assert_eq!(
            default.store_options().timeout,
            crate::store::DEFAULT_TIMEOUT
        );
    }

    #[test]
    fn several_nodes_need_postgres_and_a_safe_node_id() {
        let alone = Config::try_parse_from(["senet-server"]).unwrap();
        assert!(alone.cluster().unwrap().is_none(), "alone by default");
        let on_sqlite =
            Config::try_parse_from(["senet-server", "--nats-url", "nats://127.0.0.1:4222"])
                .unwrap();
        assert!(on_sqlite.cluster().unwrap_err().contains("PostgreSQL"));
        let node = |id: &str| {
            Config::try_parse_from([
                "senet-server",
                "--nats-url",
                "nats://127.0.0.1:4222",
                "--database-url",
                "postgres://127.0.0.1/senet",
                "--node-id",
                id,
                "--lease-ms",
                "100",
            ])
            .unwrap()
            .cluster()
        };
        let cluster = node("node-1").unwrap().unwrap();
        assert_eq!(cluster.node_id, "node-1");
        assert_eq!(cluster.lease, Duration::from_millis(300), "at least 300 ms");
        assert!(node("a.b").is_err(), "a dot would split a NATS subject");
        assert!(node("").is_err());
        let generated = Config::try_parse_from([
            "senet-server",
            "--nats-url",
            "nats://x",
            "--database-url",
            "postgres://x",
        ])
        .unwrap()
        .cluster()
        .unwrap()
        .unwrap();
        assert!(generated.node_id.len() > 8, "{}", generated.node_id);
    }

    #[test]
    fn reviews_have_their_own_budget_and_run_one_at_a_time_unless_told_or_off() {
        let default = Config::try_parse_from(["senet-server"]).unwrap().settings();
        assert_eq!(default.review_nodes, crate::review::DEFAULT_REVIEW_NODES);
        assert_eq!(default.review_concurrency, 1);
        let tuned = Config::try_parse_from([
            "senet-server",
            "--review-nodes",
            "500",
            "--review-concurrency",
            "0",
        ])
        .unwrap()
        .settings();
        assert_eq!(tuned.review_nodes, 500);
        // Zero turns reviews off.
        assert_eq!(tuned.review_concurrency, 0);
        assert!(Config::try_parse_from(["senet-server", "--review-nodes", "many"]).is_err());
    }
}
