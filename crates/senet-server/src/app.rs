//! Application state, the router, and the server with graceful shutdown.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, FromRef};
use axum::routing::{get, post};
use axum::serve::Listener;
use axum::{Router, middleware};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower_http::compression::predicate::{DefaultPredicate, Predicate};
use tower_http::compression::{CompressionLayer, CompressionLevel};

use crate::cluster::Cluster;
use crate::config::{ClusterSettings, Settings};
use crate::error::{API_BODY_LIMIT, api_errors_as_json};
use crate::listener::{Accepting, Peer, accepting};
use crate::ops::{Metrics, Readiness};
use crate::rooms::Rooms;
use crate::store::Store;
use crate::tablebase::{Endgames, TablebaseSource};

/// Everything a handler may need.
#[derive(Clone, FromRef)]
pub struct AppState {
    /// The database.
    pub store: Store,
    /// Live rooms.
    pub rooms: Rooms,
    /// Runtime settings.
    pub settings: Arc<Settings>,
    /// Flips to `true` on shutdown.
    pub shutdown: watch::Receiver<bool>,
    /// Next WebSocket connection id.
    pub conn_ids: Arc<AtomicU64>,
    /// Whether start-up (migrations, resumed rooms) is done.
    pub readiness: Readiness,
    /// The Prometheus exporter.
    pub metrics: Metrics,
    /// The expert's endgame tables, once loaded.
    pub endgames: Endgames,
    /// Finished games' reviews.
    pub reviews: crate::review::Reviews,
    /// Password hashing and login limits.
    pub accounts: crate::accounts::Accounts,
    /// The sockets opened with each token, closed when it is revoked.
    pub signed_in: crate::players::SignedIn,
}

/// The HTTP routes. Under `/api` every error is the JSON shape of
/// [`AppError`](crate::error::AppError), whatever produced it, and request
/// bodies are limited to [`API_BODY_LIMIT`].
pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .route("/api/rooms", post(crate::rooms::create_room))
        .route("/api/rooms/{code}", get(crate::rooms::get_room))
        .merge(crate::lobby::router())
        .merge(crate::accounts::router())
        .merge(crate::ratings::router())
        .route("/api/rule-sets", get(crate::web::rule_sets))
        .route("/api/origin", get(crate::ws::origin_check))
        .merge(crate::history::router())
        .layer(DefaultBodyLimit::max(API_BODY_LIMIT));
    Router::new()
        .merge(api)
        .route("/ws/rooms/{code}", get(crate::ws::ws_handler))
        .merge(crate::pairing::router())
        .merge(crate::ops::router())
        .merge(crate::web::router())
        .fallback(crate::web::not_found)
        .with_state(state)
        // After the routes, so it also sees the fallback's 404 and the
        // routes' 405s.
        .layer(middleware::from_fn(api_errors_as_json))
        // Outermost, so it compresses the final bodies.
        .layer(compression())
}

/// Whether a response may be compressed: tower-http's default (bodies of
/// 32 bytes or more, not images other than SVG, not event streams), and
/// never a protocol switch. A WebSocket upgrade has no body to compress,
/// but its frames must reach the client untouched.
#[derive(Clone)]
pub struct Compressible(DefaultPredicate);

impl Predicate for Compressible {
    fn should_compress<B: axum::body::HttpBody>(&self, response: &axum::http::Response<B>) -> bool {
        response.status() != axum::http::StatusCode::SWITCHING_PROTOCOLS
            && response
                .headers()
                .get(axum::http::header::UPGRADE)
                .is_none()
            && self.0.should_compress(response)
    }
}

/// gzip and brotli by the request's `Accept-Encoding` (brotli preferred
/// when both are accepted equally), both at level 6. Why 6: tower-http's
/// default brotli level, 4, made the client larger than gzip does (52.1 KB
/// against 51.2 KB), while from 5 on brotli models context and gives
/// 48.0 KB at 6 for about the same time; 11 would give 43.9 KB at 25 times
/// the time, on every request of the JSON API too. gzip's default is 6.
fn compression() -> CompressionLayer<Compressible> {
    CompressionLayer::new()
        .quality(CompressionLevel::Precise(6))
        .compress_when(Compressible(DefaultPredicate::new()))
}

/// The background work of one node of several: lease renewals, taking
/// over rooms nobody runs, answering other nodes, and the shared lobby.
fn start_node_tasks(
    cluster: &Cluster,
    rooms: &Rooms,
    conn_ids: &Arc<AtomicU64>,
    shutdown: &watch::Receiver<bool>,
) {
    tokio::spawn(cluster.ownership().clone().run_renewals(shutdown.clone()));
    tokio::spawn(crate::cluster::takeover::run(
        rooms.clone(),
        shutdown.clone(),
    ));
    tokio::spawn(crate::cluster::lobby_sync::run(
        rooms.clone(),
        shutdown.clone(),
    ));
    let (rooms, conn_ids, shutdown) = (rooms.clone(), conn_ids.clone(), shutdown.clone());
    tokio::spawn(async move {
        if let Err(error) = crate::cluster::owner::serve(rooms, conn_ids, shutdown).await {
            tracing::error!(%error, "this node no longer answers the other nodes");
        }
    });
}

/// Triggers a graceful shutdown.
#[derive(Debug, Clone)]
pub struct ShutdownHandle(Arc<watch::Sender<bool>>);

impl ShutdownHandle {
    /// Stops accepting, lets rooms finish their current write, and closes
    /// every socket with 1001.
    pub fn shutdown(&self) {
        let _ = self.0.send(true);
    }
}

/// How long a graceful shutdown waits for rooms to store what they must and
/// sockets to close.
const SHUTDOWN_LIMIT: Duration = Duration::from_secs(5);

/// A bound server, ready to run.
pub struct Server {
    listener: Accepting,
    state: AppState,
    shutdown: ShutdownHandle,
}

/// Why the server could not start.
pub type StartError = Box<dyn std::error::Error + Send + Sync>;

impl Server {
    /// Runs migrations, resumes unfinished rooms and binds the listener.
    pub async fn build(
        settings: Settings,
        store: Store,
        bind: SocketAddr,
    ) -> Result<Server, StartError> {
        Server::build_node(settings, store, bind, None).await
    }

    /// [`Server::build`] as one node of several when `cluster` is given
    /// (`docs/multi-node.md`): rooms are run under leases, relayed over
    /// NATS, and taken over from nodes that die.
    pub async fn build_node(
        settings: Settings,
        store: Store,
        bind: SocketAddr,
        cluster: Option<ClusterSettings>,
    ) -> Result<Server, StartError> {
        // Bind first, so the first thing the log says is where to play;
        // connections wait in the backlog until start-up is done.
        let listener = TcpListener::bind(bind).await?;
        let addr = listener.local_addr()?;
        tracing::info!(
            database = store.describe(),
            "Senet Online at http://{addr} (invite links use {})",
            settings.public_url
        );
        let metrics = Metrics(crate::metrics::install());
        let readiness = Readiness::default();
        store.migrate().await?;
        let (tx, rx) = watch::channel(false);
        let settings = Arc::new(settings);
        let cluster = match cluster {
            Some(cluster) => Some(Cluster::connect(&cluster, store.clone()).await?),
            None => None,
        };
        let rooms =
            Rooms::new(store.clone(), settings.clone(), rx.clone()).with_cluster(cluster.clone());
        let conn_ids = Arc::new(AtomicU64::new(1));
        let signed_in = crate::players::SignedIn::default();
        let resumed = rooms.resume_all().await?;
        tracing::info!(resumed, "unfinished rooms resumed");
        if let Some(cluster) = &cluster {
            start_node_tasks(cluster, &rooms, &conn_ids, &rx);
            if let Some(outbox) = signed_in.outbox() {
                tokio::spawn(crate::cluster::revocations::run(
                    cluster.clone(),
                    store.clone(),
                    signed_in.clone(),
                    outbox,
                    rx.clone(),
                ));
            }
        }
        readiness.set_ready();
        Ok(Server {
            listener: accepting(listener, settings.read_wait_metrics),
            state: AppState {
                store,
                endgames: rooms.endgames().clone(),
                reviews: rooms.reviews().clone(),
                rooms,
                accounts: crate::accounts::Accounts::new(&settings),
                signed_in,
                settings,
                shutdown: rx,
                conn_ids,
                readiness,
                metrics,
            },
            shutdown: ShutdownHandle(Arc::new(tx)),
        })
    }

    /// The bound address.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        Listener::local_addr(&self.listener).map(|peer| peer.addr)
    }

    /// Starts loading the expert's endgame tables in the background (see
    /// [`Endgames::load`]); the server serves meanwhile.
    pub fn load_tablebase(&self, source: TablebaseSource) {
        self.state.endgames.load(source);
    }

    /// The expert's endgame tables and how far their loading is.
    pub fn endgames(&self) -> &Endgames {
        &self.state.endgames
    }

    /// A handle that stops the server.
    pub fn shutdown_handle(&self) -> ShutdownHandle {
        self.shutdown.clone()
    }

    /// Serves until shut down, then waits (up to 5 s) for sockets to close
    /// and rooms to stop. Each socket's close is bounded by itself (about a
    /// second), so a client that stopped reading does not hold this up.
    pub async fn run(self) -> std::io::Result<()> {
        let Server {
            listener,
            state,
            shutdown,
        } = self;
        let mut signal = state.shutdown.clone();
        let rooms = state.rooms.clone();
        let app = router(state);
        tracing::info!(addr = ?Listener::local_addr(&listener).ok().map(|peer| peer.addr), "listening");
        // The peer's address reaches handlers that limit by it (logins),
        // its socket's receive times the WebSocket handler.
        let app = app.into_make_service_with_connect_info::<Peer>();
        let served = axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                let _ = signal.wait_for(|stop| *stop).await;
            })
            .await;
        // In case serve ended on its own, make sure everything else stops.
        shutdown.shutdown();
        // Every room and every socket is a task of the tracker: once it is
        // closed, `wait` ends when the last of them does.
        let tasks = rooms.tasks();
        tasks.close();
        if tokio::time::timeout(SHUTDOWN_LIMIT, tasks.wait())
            .await
            .is_err()
        {
            tracing::warn!(
                left = tasks.len(),
                "rooms or sockets still running at the shutdown limit"
            );
        }
        if let Some(cluster) = rooms.cluster() {
            // The rooms' last frames to other nodes' clients (their close,
            // 1012) go out before the process ends.
            let _ = tokio::time::timeout(Duration::from_secs(1), cluster.nats().flush()).await;
        }
        tracing::info!("server stopped");
        served
    }
}
