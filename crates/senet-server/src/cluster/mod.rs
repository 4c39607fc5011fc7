//! Several nodes, one site (`docs/multi-node.md`): with a NATS URL, each
//! live room runs on the one node that holds its lease in PostgreSQL, and a
//! client connected to another node is relayed to it over NATS.
//!
//! Without a NATS URL none of this exists and the server runs alone.
//!
//! - [`ownership`]: the leases this node holds, renewed in one statement a
//!   round; a room whose lease was taken over is told to stop at once.
//! - [`takeover`]: rooms whose owner died are taken over by a poll.
//! - [`owner`]: the owner's end of a relayed connection (a tunnel), and
//!   room facts asked by other nodes.
//! - [`tunnel`]: the relaying node's end of a tunnel.
//! - [`lobby_sync`]: every node lists every node's waiting rooms.
//! - [`revocations`]: a token revoked on one node closes its sockets on
//!   every node.
//! - [`wire`]: what goes over NATS.

pub mod lobby_sync;
pub mod owner;
pub mod ownership;
pub mod revocations;
pub mod takeover;
pub mod tunnel;
pub mod wire;

use std::sync::Arc;
use std::time::Duration;

use crate::config::ClusterSettings;
use crate::store::Store;

pub use ownership::{Held, Ownership};

/// How long a node waits for another node's answer over NATS before it
/// takes the other node (or NATS) to be unreachable.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(3);

/// This node among several: its id, its NATS connection, its leases.
#[derive(Clone)]
pub struct Cluster {
    inner: Arc<Inner>,
}

struct Inner {
    node_id: String,
    nats: async_nats::Client,
    lease: Duration,
    revocation_recheck: Duration,
    ownership: Ownership,
}

impl std::fmt::Debug for Cluster {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cluster")
            .field("node_id", &self.inner.node_id)
            .finish_non_exhaustive()
    }
}

impl Cluster {
    /// Connects to NATS. The first connection is retried in the background
    /// rather than failing start-up: a node started while NATS restarts
    /// runs its own rooms meanwhile and relays once NATS is back.
    pub async fn connect(settings: &ClusterSettings, store: Store) -> Result<Cluster, String> {
        let nats = async_nats::ConnectOptions::new()
            .name(&settings.node_id)
            .retry_on_initial_connect()
            .connect(settings.nats_url.as_str())
            .await
            .map_err(|e| format!("NATS at {}: {e}", settings.nats_url))?;
        tracing::info!(node_id = %settings.node_id, nats = %settings.nats_url, lease_ms = settings.lease.as_millis(), "cluster node started");
        Ok(Cluster {
            inner: Arc::new(Inner {
                node_id: settings.node_id.clone(),
                nats,
                lease: settings.lease,
                revocation_recheck: settings.revocation_recheck,
                ownership: Ownership::new(store, settings.node_id.clone(), settings.lease),
            }),
        })
    }

    /// This node's id.
    #[must_use]
    pub fn node_id(&self) -> &str {
        &self.inner.node_id
    }

    /// The NATS connection.
    #[must_use]
    pub fn nats(&self) -> &async_nats::Client {
        &self.inner.nats
    }

    /// How long a lease lasts unless renewed.
    #[must_use]
    pub fn lease(&self) -> Duration {
        self.inner.lease
    }

    /// How often the tokens of this node's open sockets are read again.
    #[must_use]
    pub fn revocation_recheck(&self) -> Duration {
        self.inner.revocation_recheck
    }

    /// The leases this node holds.
    #[must_use]
    pub fn ownership(&self) -> &Ownership {
        &self.inner.ownership
    }

    /// How often a relayed connection proves both ends are alive: a third
    /// of a lease, between 250 ms and 2 s.
    #[must_use]
    pub fn keepalive(&self) -> Duration {
        (self.inner.lease / 3).clamp(Duration::from_millis(250), Duration::from_secs(2))
    }
}

/// Resolves once the server shuts down (or is gone).
pub async fn stopping(shutdown: &mut tokio::sync::watch::Receiver<bool>) {
    let _ = shutdown.wait_for(|stop| *stop).await;
}

/// The subject on which `node` answers requests to open tunnels.
#[must_use]
pub fn open_subject(node: &str) -> String {
    format!("senet.node.{node}.open")
}

/// The subject on which `node` answers requests for room facts.
#[must_use]
pub fn info_subject(node: &str) -> String {
    format!("senet.node.{node}.info")
}

/// The subject a tunnel's frames for the client go on.
#[must_use]
pub fn down_subject(tunnel: &str) -> String {
    format!("senet.tunnel.{tunnel}.down")
}

/// The subject a tunnel's client messages go on.
#[must_use]
pub fn up_subject(tunnel: &str) -> String {
    format!("senet.tunnel.{tunnel}.up")
}
