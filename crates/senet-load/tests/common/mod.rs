//! The real server, started as a library in the test's process on port 0,
//! with the settings a load run needs.
#![allow(dead_code)]

use std::time::Duration;

use clap::Parser;
use senet_load::Options;
use senet_server::config::ClusterSettings;
use senet_server::{Server, Settings, ShutdownHandle, Store};
use tokio::task::JoinHandle;

/// A server running on its own task.
pub struct Running {
    /// Its base URL (`http://127.0.0.1:port`).
    pub url: String,
    /// Its store, to read back what it committed.
    pub store: Store,
    shutdown: ShutdownHandle,
    join: JoinHandle<std::io::Result<()>>,
}

fn load_settings() -> Settings {
    Settings {
        public_url: "http://127.0.0.1".to_owned(),
        reconnect_timeout: Duration::from_secs(120),
        idle_room_timeout: Duration::from_secs(60),
        // What a load run needs: the per-socket limits out of the way.
        rate_per_sec: 1_000_000.0,
        rate_burst: 1_000_000.0,
        computer_delay: Duration::ZERO,
        computer_budget: Default::default(),
        heartbeat: Duration::from_secs(5),
        review_nodes: 500,
        review_concurrency: 1,
        // A load sets up more guests from 127.0.0.1 than one address may make.
        auth_limits: false,
        trust_forwarded_for: false,
        read_wait_metrics: true,
    }
}

impl Running {
    /// Starts a server on `store`: alone, or as a node of a site.
    pub async fn start(store: Store, cluster: Option<ClusterSettings>) -> Running {
        let server = Server::build_node(
            load_settings(),
            store.clone(),
            "127.0.0.1:0".parse().unwrap(),
            cluster,
        )
        .await
        .expect("start the server (a node needs NATS on 127.0.0.1:4222)");
        let url = format!("http://{}", server.local_addr().unwrap());
        let shutdown = server.shutdown_handle();
        let join = tokio::spawn(server.run());
        Running {
            url,
            store,
            shutdown,
            join,
        }
    }

    /// Shuts the server down, waits for it and closes its store.
    pub async fn stop(self) {
        self.shutdown.shutdown();
        tokio::time::timeout(Duration::from_secs(15), self.join)
            .await
            .expect("the server stops")
            .unwrap()
            .unwrap();
        self.store.close().await;
    }
}

/// A short run (half a second of warm-up, two measured) of `rooms` rooms
/// against `urls`, measuring this process as the server.
pub fn options(urls: &str, rooms: &str, seed: &str, extra: &[&str]) -> Options {
    let pid = std::process::id().to_string();
    let mut args = vec![
        "senet-load",
        "--url",
        urls,
        "--rooms",
        rooms,
        "--warmup",
        "0.5",
        "--duration",
        "2",
        "--server-pid",
        &pid,
        "--seed",
        seed,
    ];
    args.extend_from_slice(extra);
    Options::try_parse_from(args).unwrap()
}
