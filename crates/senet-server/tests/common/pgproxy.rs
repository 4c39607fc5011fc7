//! A TCP proxy between the server and PostgreSQL that injects real network
//! faults: it can stall every connection, refuse new ones, reset the open
//! ones, and let one `COMMIT` through to the database while dropping its
//! reply (the commit happens; the server never hears of it).
//!
//! It reads the client's side of the PostgreSQL wire protocol message by
//! message (the untyped start-up messages, then typed ones) so it can see a
//! commit go by (an explicit `COMMIT`, or the end of a writing statement
//! that is a transaction of its own: `commit_points.rs`); the database's side is copied as bytes. The server must
//! connect with `sslmode=disable` so the messages are readable.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, watch};
use tokio::task::JoinHandle;

use super::commit_points::CommitPoints;

/// What the proxy does to the next `COMMIT` it sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommitFault {
    /// Nothing.
    None,
    /// Forward it, then drop the reply and cut that connection.
    DropReply,
    /// Forward it, then stall every connection until `resume`.
    StallAfter,
}

struct Shared {
    upstream: SocketAddr,
    /// Bytes are copied both ways unread (no `COMMIT` faults).
    plain: bool,
    stalled: watch::Sender<bool>,
    refusing: AtomicBool,
    commit_fault: std::sync::Mutex<CommitFault>,
    commits_seen: AtomicUsize,
    replies_dropped: AtomicUsize,
    /// Bumped to cut every open connection at once.
    resets: watch::Sender<u64>,
}

/// A running proxy; stops when dropped.
pub struct PgProxy {
    addr: SocketAddr,
    shared: Arc<Shared>,
    accept: JoinHandle<()>,
}

impl Drop for PgProxy {
    fn drop(&mut self) {
        self.accept.abort();
        self.shared.resets.send_modify(|n| *n += 1);
    }
}

impl PgProxy {
    /// Listens on a free loopback port and forwards to `upstream`.
    pub async fn start(upstream: SocketAddr) -> PgProxy {
        PgProxy::start_with(upstream, false).await
    }

    /// A proxy that copies bytes both ways without reading them, for a
    /// service other than PostgreSQL.
    pub async fn start_plain(upstream: SocketAddr) -> PgProxy {
        PgProxy::start_with(upstream, true).await
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    async fn start_with(upstream: SocketAddr, plain: bool) -> PgProxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let shared = Arc::new(Shared {
            upstream,
            plain,
            stalled: watch::channel(false).0,
            refusing: AtomicBool::new(false),
            commit_fault: std::sync::Mutex::new(CommitFault::None),
            commits_seen: AtomicUsize::new(0),
            replies_dropped: AtomicUsize::new(0),
            resets: watch::channel(0).0,
        });
        let accept_shared = shared.clone();
        let accept = tokio::spawn(async move {
            loop {
                let Ok((client, _)) = listener.accept().await else {
                    return;
                };
                if accept_shared.refusing.load(Ordering::SeqCst) {
                    reset_on_close(&client);
                    drop(client);
                    continue;
                }
                tokio::spawn(relay(client, accept_shared.clone()));
            }
        });
        PgProxy {
            addr,
            shared,
            accept,
        }
    }

    /// The database URL through this proxy, for a URL of the real server.
    pub fn url_for(&self, db_url: &str) -> String {
        let after_at = db_url.rfind('@').map_or(0, |i| i + 1);
        let slash = db_url[after_at..]
            .find('/')
            .map_or(db_url.len(), |i| after_at + i);
        let separator = if db_url.contains('?') { '&' } else { '?' };
        format!(
            "{}{}{}{separator}sslmode=disable",
            &db_url[..after_at],
            self.addr,
            &db_url[slash..]
        )
    }

    /// Holds every byte in both directions until [`PgProxy::resume`].
    pub fn stall(&self) {
        self.shared.stalled.send_replace(true);
    }

    /// Lets bytes flow again.
    pub fn resume(&self) {
        self.shared.stalled.send_replace(false);
    }

    /// Closes new connections at once (with a reset) while `on`.
    pub fn refuse(&self, on: bool) {
        self.shared.refusing.store(on, Ordering::SeqCst);
    }

    /// Cuts every open connection with a TCP reset.
    pub fn reset_all(&self) {
        self.shared.resets.send_modify(|n| *n += 1);
    }

    /// Arms a fault for the next `COMMIT` that goes through.
    pub fn on_next_commit(&self, fault: CommitFault) {
        *self.shared.commit_fault.lock().unwrap() = fault;
    }

    /// Whether the armed commit fault has fired.
    pub fn commit_fault_pending(&self) -> bool {
        *self.shared.commit_fault.lock().unwrap() != CommitFault::None
    }

    /// `COMMIT`s seen so far.
    pub fn commits_seen(&self) -> usize {
        self.shared.commits_seen.load(Ordering::SeqCst)
    }

    /// Replies to `COMMIT` dropped so far.
    pub fn replies_dropped(&self) -> usize {
        self.shared.replies_dropped.load(Ordering::SeqCst)
    }
}

/// Makes closing the socket send a TCP reset, as a cut cable would look to
/// the server (`SO_LINGER` 0).
fn reset_on_close(stream: &TcpStream) {
    let _ = socket2::SockRef::from(stream).set_linger(Some(Duration::ZERO));
}

/// Waits while the proxy is stalled.
async fn flowing(stalled: &mut watch::Receiver<bool>) {
    let _ = stalled.wait_for(|stalled| !*stalled).await;
}

async fn relay(client: TcpStream, shared: Arc<Shared>) {
    let Ok(server) = TcpStream::connect(shared.upstream).await else {
        return;
    };
    let _ = client.set_nodelay(true);
    let _ = server.set_nodelay(true);
    reset_on_close(&client);
    let (client_read, client_write) = client.into_split();
    let (server_read, server_write) = server.into_split();
    // Set once a COMMIT's reply must not reach the client.
    let doomed = Arc::new(AtomicBool::new(false));
    // Told once that reply has come from the database and been dropped.
    let swallowed = Arc::new(Notify::new());
    let mut resets = shared.resets.subscribe();
    resets.mark_unchanged();
    let up = async {
        if shared.plain {
            server_to_client(
                client_read,
                server_write,
                shared.clone(),
                doomed.clone(),
                swallowed.clone(),
            )
            .await;
        } else {
            client_to_server(
                client_read,
                server_write,
                shared.clone(),
                doomed.clone(),
                swallowed.clone(),
            )
            .await;
        }
    };
    let down = server_to_client(
        server_read,
        client_write,
        shared.clone(),
        doomed.clone(),
        swallowed.clone(),
    );
    tokio::select! {
        _ = up => {}
        _ = down => {}
        _ = resets.changed() => {}
    }
    // Dropping both halves closes both sockets; the client's with a reset.
}

/// Reads one message of the client's side of the protocol: untyped
/// (start-up) messages until the start-up message itself, then typed ones.
async fn read_message(read: &mut OwnedReadHalf, typed: bool) -> Option<Vec<u8>> {
    let mut message = Vec::new();
    if typed {
        let mut kind = [0u8; 1];
        read.read_exact(&mut kind).await.ok()?;
        message.push(kind[0]);
    }
    let mut len = [0u8; 4];
    read.read_exact(&mut len).await.ok()?;
    message.extend_from_slice(&len);
    let body_len = usize::try_from(u32::from_be_bytes(len))
        .ok()?
        .checked_sub(4)?;
    let start = message.len();
    message.resize(start + body_len, 0);
    read.read_exact(&mut message[start..]).await.ok()?;
    Some(message)
}

const SSL_REQUEST: u32 = 80_877_103;
const GSSENC_REQUEST: u32 = 80_877_104;

async fn client_to_server(
    mut read: OwnedReadHalf,
    mut write: OwnedWriteHalf,
    shared: Arc<Shared>,
    doomed: Arc<AtomicBool>,
    swallowed: Arc<Notify>,
) {
    let mut stalled = shared.stalled.subscribe();
    let mut typed = false;
    let mut commits = CommitPoints::default();
    while let Some(message) = read_message(&mut read, typed).await {
        if !typed {
            let code = message
                .get(4..8)
                .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]));
            typed = !matches!(code, Some(SSL_REQUEST | GSSENC_REQUEST));
        }
        flowing(&mut stalled).await;
        let fault = if typed && commits.is_commit(&message) {
            shared.commits_seen.fetch_add(1, Ordering::SeqCst);
            std::mem::replace(&mut *shared.commit_fault.lock().unwrap(), CommitFault::None)
        } else {
            CommitFault::None
        };
        if fault == CommitFault::DropReply {
            doomed.store(true, Ordering::SeqCst);
        }
        if write.write_all(&message).await.is_err() {
            return;
        }
        match fault {
            CommitFault::None => {}
            CommitFault::DropReply => {
                // Cut the connection once the database has run the COMMIT:
                // its reply has come back and been dropped. (Bounded: a
                // reply that never comes is not counted as dropped.)
                if tokio::time::timeout(super::WAIT, swallowed.notified())
                    .await
                    .is_ok()
                {
                    shared.replies_dropped.fetch_add(1, Ordering::SeqCst);
                }
                return;
            }
            CommitFault::StallAfter => {
                shared.stalled.send_replace(true);
            }
        }
    }
}

/// Copies bytes as they come (the database's side; both sides of a plain
/// proxy).
async fn server_to_client(
    mut read: OwnedReadHalf,
    mut write: OwnedWriteHalf,
    shared: Arc<Shared>,
    doomed: Arc<AtomicBool>,
    swallowed: Arc<Notify>,
) {
    let mut stalled = shared.stalled.subscribe();
    let mut buffer = vec![0u8; 16 * 1024];
    loop {
        let Ok(n) = read.read(&mut buffer).await else {
            return;
        };
        if n == 0 {
            return;
        }
        flowing(&mut stalled).await;
        if doomed.load(Ordering::SeqCst) {
            // The reply to the COMMIT (and anything after it) is lost; that
            // it came means the database ran the COMMIT.
            swallowed.notify_one();
            std::future::pending::<()>().await;
        }
        if write.write_all(&buffer[..n]).await.is_err() {
            return;
        }
    }
}
