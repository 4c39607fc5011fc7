//! The one error type of the HTTP API, rendered as
//! `{"error":{"code":..,"message":..}}`.

use axum::Json;
use axum::http::StatusCode;
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

/// Parses a JSON request body, mapping failures to `bad_json`.
pub fn parse_json<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, AppError> {
    serde_json::from_slice(body).map_err(|e| AppError::BadRequest("bad_json", e.to_string()))
}
