//! The one error type of the HTTP API, rendered as
//! `{"error":{"code":..,"message":..}}`.

use axum::Json;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::http::header::{ALLOW, CONTENT_TYPE};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// An HTTP API error. Internal errors are logged, never sent.
#[derive(Debug)]
pub enum AppError {
    /// The request is invalid: 400 with a machine-readable code.
    BadRequest(&'static str, String),
    /// No or a wrong player token: 401.
    Unauthorized(&'static str, String),
    /// Forbidden, e.g. a foreign Origin: 403.
    Forbidden(&'static str, String),
    /// Not found: 404.
    NotFound(&'static str, String),
    /// The request conflicts with the state: 409.
    Conflict(&'static str, String),
    /// Any other status with its code and message: the framework's own
    /// refusals (405 `method_not_allowed`, 413 `body_too_large`…).
    Http(StatusCode, &'static str, String),
    /// Too many attempts (sign-ups, logins): 429 `rate_limited` with a
    /// `Retry-After` header of this many seconds.
    RateLimited(u64),
    /// A dependency (the database) is down: 503.
    Unavailable(String),
    /// Anything else: 500, details only in the log.
    Internal(String),
}

impl AppError {
    /// An internal error from anything displayable.
    pub fn internal(error: impl std::fmt::Display) -> AppError {
        AppError::Internal(error.to_string())
    }
}

impl From<sqlx::Error> for AppError {
    fn from(error: sqlx::Error) -> AppError {
        AppError::Internal(format!("database: {error}"))
    }
}

impl From<crate::store::WriteError> for AppError {
    fn from(error: crate::store::WriteError) -> AppError {
        // Nothing was acknowledged to anyone yet, so an unknown outcome
        // needs no resolving here: the request simply failed.
        AppError::Unavailable(format!("database write: {error}"))
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (status, code, message) = match self {
            AppError::BadRequest(code, message) => (StatusCode::BAD_REQUEST, code, message),
            AppError::Unauthorized(code, message) => (StatusCode::UNAUTHORIZED, code, message),
            AppError::Forbidden(code, message) => (StatusCode::FORBIDDEN, code, message),
            AppError::NotFound(code, message) => (StatusCode::NOT_FOUND, code, message),
            AppError::Conflict(code, message) => (StatusCode::CONFLICT, code, message),
            AppError::Http(status, code, message) => (status, code, message),
            AppError::RateLimited(seconds) => {
                let body = json!({ "error": {
                    "code": "rate_limited",
                    "message": format!("too many attempts; try again in {seconds} s"),
                } });
                return (
                    StatusCode::TOO_MANY_REQUESTS,
                    [(axum::http::header::RETRY_AFTER, seconds.to_string())],
                    Json(body),
                )
                    .into_response();
            }
            AppError::Unavailable(detail) => {
                tracing::warn!(%detail, "service unavailable");
                (
                    StatusCode::SERVICE_UNAVAILABLE,
                    "unavailable",
                    "the service is temporarily unavailable".to_owned(),
                )
            }
            AppError::Internal(detail) => {
                tracing::error!(%detail, "internal error");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal",
                    "an internal error occurred".to_owned(),
                )
            }
        };
        (
            status,
            Json(json!({ "error": { "code": code, "message": message } })),
        )
            .into_response()
    }
}

/// The largest request body the API reads, in bytes; a larger one is
/// `413 body_too_large`. Request bodies are a few fields (a name, room
/// options), so this is far above need and far below axum's 2 MB default.
pub const API_BODY_LIMIT: usize = 64 * 1024;

impl AppError {
    /// The error for a status the framework answered with on its own, with
    /// no body of the API's shape.
    #[must_use]
    pub fn from_status(status: StatusCode) -> AppError {
        match status {
            StatusCode::NOT_FOUND => AppError::NotFound(
                "not_found",
                "there is no API endpoint at this path (see docs/protocol.md)".to_owned(),
            ),
            StatusCode::METHOD_NOT_ALLOWED => AppError::Http(
                status,
                "method_not_allowed",
                "this endpoint does not take this method; the Allow header lists those it takes"
                    .to_owned(),
            ),
            StatusCode::PAYLOAD_TOO_LARGE => AppError::Http(
                status,
                "body_too_large",
                format!(
                    "the request body is larger than {} KiB",
                    API_BODY_LIMIT / 1024
                ),
            ),
            StatusCode::BAD_REQUEST => {
                AppError::BadRequest("bad_request", "the request is malformed".to_owned())
            }
            status if status.is_server_error() => {
                AppError::Internal(format!("the framework answered {status}"))
            }
            status => AppError::Http(
                status,
                "bad_request",
                format!(
                    "the request was refused: {}",
                    status.canonical_reason().unwrap_or("unknown reason")
                ),
            ),
        }
    }
}

/// Whether a path belongs to the JSON API.
#[must_use]
pub fn is_api_path(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/")
}

/// Middleware: under `/api`, an error response that is not already the
/// API's JSON (axum's own 404 for an unknown path, 405 for a wrong method,
/// 413 for a body over [`API_BODY_LIMIT`], 400 for a path segment that does
/// not decode) is replaced by `{"error":{"code":..,"message":..}}` with the
/// same status; a 405 keeps its `Allow` header. Other paths (the web
/// client's pages) are left as they are.
pub async fn api_errors_as_json(request: Request, next: Next) -> Response {
    let api = is_api_path(request.uri().path());
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !api || is_json || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let allow = response.headers().get(ALLOW).cloned();
    let mut replaced = AppError::from_status(status).into_response();
    if let Some(allow) = allow {
        replaced.headers_mut().insert(ALLOW, allow);
    }
    replaced
}

/// Parses a JSON request body, mapping failures to `bad_json`.
pub fn parse_json<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, AppError> {
    serde_json::from_slice(body).map_err(|e| AppError::BadRequest("bad_json", e.to_string()))
}
