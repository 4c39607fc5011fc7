//! `GET /api/origin?origin=…`: whether a page at that origin may open the
//! server's WebSockets, and the origin the server expects. A browser does
//! not show a page why its WebSocket upgrade failed (a refused Origin is a
//! 403 it never sees), so the page asks, and tells its reader where to
//! open the site instead.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::http::header::ORIGIN;
use serde::{Deserialize, Serialize};

use crate::config::Settings;
use crate::error::AppError;

/// Refuses a WebSocket upgrade from a page of another origin than the
/// public URL's (`403 bad_origin`); one without `Origin` (not a browser)
/// passes.
pub fn check_origin(settings: &Settings, headers: &HeaderMap) -> Result<(), AppError> {
    let Some(origin) = headers.get(ORIGIN) else {
        return Ok(());
    };
    let given = origin.to_str().unwrap_or("(not text)");
    if settings.origin_allowed(given) {
        return Ok(());
    }
    let expected = settings.public_origin();
    // An operator whose page is opened at another address than
    // `--public-url` sees why nothing connects.
    tracing::warn!(
        origin = given,
        expected,
        "a WebSocket from another origin than the public URL's was refused (set --public-url to the address the site is opened at)"
    );
    Err(AppError::Forbidden(
        "bad_origin",
        format!("WebSocket connections are only accepted from {expected}"),
    ))
}

/// The question: a page's origin (`location.origin`).
#[derive(Debug, Deserialize)]
pub struct OriginQuery {
    /// The origin, at most a URL's length.
    #[serde(default)]
    origin: String,
}

/// The answer.
#[derive(Debug, Serialize)]
pub struct OriginAnswer {
    /// Whether a WebSocket from that origin is accepted.
    allowed: bool,
    /// The origin of the server's public URL.
    expected: String,
}

/// `GET /api/origin`.
pub async fn origin_check(
    State(settings): State<Arc<Settings>>,
    Query(query): Query<OriginQuery>,
) -> Json<OriginAnswer> {
    Json(OriginAnswer {
        allowed: query.origin.len() <= 2048 && settings.origin_allowed(&query.origin),
        expected: settings.public_origin().to_owned(),
    })
}
