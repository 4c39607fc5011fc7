//! Operations endpoints: liveness, readiness and Prometheus metrics.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use axum::extract::{FromRef, State};
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use metrics_exporter_prometheus::PrometheusHandle;
use serde_json::{Value, json};

use crate::error::AppError;
use crate::store::Store;
use crate::tablebase::Endgames;

/// Set once migrations have run and unfinished rooms are resumed.
#[derive(Debug, Clone, Default)]
pub struct Readiness(Arc<AtomicBool>);

impl Readiness {
    /// Marks the server ready.
    pub fn set_ready(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether the server is ready.
    #[must_use]
    pub fn is_ready(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// The Prometheus exporter's handle, if the recorder could be installed.
#[derive(Clone)]
pub struct Metrics(pub Option<PrometheusHandle>);

/// `/healthz`, `/readyz` and `/metrics`, for any application state that
/// holds what their handlers take.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Store: FromRef<S>,
    Endgames: FromRef<S>,
    crate::rooms::Rooms: FromRef<S>,
    Readiness: FromRef<S>,
    Metrics: FromRef<S>,
{
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
}

/// Liveness: the database answers. Also says how far the expert's
/// endgame tables are (`off`, `loading`, `ready`, `failed`), and how many
/// pieces a side they cover once ready: they load after start-up, and the
/// server is healthy whatever they do.
async fn healthz(
    State(store): State<Store>,
    State(endgames): State<Endgames>,
    State(rooms): State<crate::rooms::Rooms>,
) -> Result<Json<Value>, AppError> {
    store
        .ping()
        .await
        .map_err(|e| AppError::Unavailable(format!("database: {e}")))?;
    let mut body = json!({
        "status": "ok",
        "database": "ok",
        "tablebase": endgames.state().as_str(),
        // Which node answered (one of several), else null.
        "node": rooms.cluster().map(crate::cluster::Cluster::node_id),
    });
    if let Some(pieces) = endgames.pieces() {
        body["tablebase_pieces"] = json!(pieces);
    }
    Ok(Json(body))
}

/// Readiness: migrations done and unfinished rooms resumed.
async fn readyz(State(readiness): State<Readiness>) -> Result<Json<Value>, AppError> {
    if readiness.is_ready() {
        Ok(Json(
            json!({ "status": "ready", "migrations": "done", "rooms": "resumed" }),
        ))
    } else {
        Err(AppError::Unavailable("starting up".to_owned()))
    }
}

/// The Prometheus text format.
async fn metrics(State(Metrics(handle)): State<Metrics>) -> Response {
    match handle {
        Some(handle) => (
            [(CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")],
            handle.render(),
        )
            .into_response(),
        None => AppError::Unavailable("metrics are not enabled".to_owned()).into_response(),
    }
}
