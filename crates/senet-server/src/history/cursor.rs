//! The opaque page cursor: the `(finished_at, id)` of the last row of a
//! page, as URL-safe base64 of `v1:<nanoseconds since 1970>:<uuid>`.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::error::AppError;

/// The cursor after a row.
#[must_use]
pub fn encode_cursor(finished_at: DateTime<Utc>, id: Uuid) -> String {
    let nanos = finished_at.timestamp_nanos_opt().unwrap_or(i64::MAX);
    URL_SAFE_NO_PAD.encode(format!("v1:{nanos}:{}", id.simple()))
}

/// The row a cursor points after; a cursor this server did not make is a
/// `400 bad_cursor`.
pub fn decode_cursor(cursor: &str) -> Result<(DateTime<Utc>, Uuid), AppError> {
    let bad = || {
        AppError::BadRequest(
            "bad_cursor",
            "`cursor` is not a cursor from this API".to_owned(),
        )
    };
    if cursor.len() > 128 {
        return Err(bad());
    }
    let bytes = URL_SAFE_NO_PAD.decode(cursor).map_err(|_| bad())?;
    let text = String::from_utf8(bytes).map_err(|_| bad())?;
    let mut parts = text.splitn(3, ':');
    if parts.next() != Some("v1") {
        return Err(bad());
    }
    let nanos: i64 = parts.next().and_then(|n| n.parse().ok()).ok_or_else(bad)?;
    let id = parts
        .next()
        .and_then(|u| Uuid::try_parse(u).ok())
        .ok_or_else(bad)?;
    Ok((DateTime::from_timestamp_nanos(nanos), id))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn round_trip_and_garbage() {
        let at = DateTime::parse_from_rfc3339("2026-11-30T07:40:01.123456789Z")
            .unwrap()
            .with_timezone(&Utc);
        let id = Uuid::new_v4();
        assert_eq!(decode_cursor(&encode_cursor(at, id)).unwrap(), (at, id));
        for junk in [
            "",
            "abc",
            "!!!",
            &URL_SAFE_NO_PAD.encode("v2:1:x"),
            &"A".repeat(200),
        ] {
            assert!(decode_cursor(junk).is_err(), "{junk}");
        }
    }
}
