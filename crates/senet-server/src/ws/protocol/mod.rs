//! The versioned JSON protocol spoken over the WebSocket (see
//! `docs/protocol.md`). A client picks its version when it connects
//! (`/ws/rooms/{code}?v=2`; without `v`, version 1). Version 1 is the
//! Kendall protocol of the first release and is kept unchanged for
//! `kendall` rooms; version 2 carries every rule set: seats as numbers, the
//! rule set described as data, one event a step.

pub mod client;
pub mod close;
pub mod kendall_v1;
pub mod parse;
pub mod steps;
pub mod v1;
pub mod v2;

pub use v1::*;

/// A protocol version a connection speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Version {
    /// The Kendall protocol of the first release (`kendall` rooms only).
    V1,
    /// Every rule set.
    V2,
}

impl Version {
    /// The number in each frame's `"v"`.
    #[must_use]
    pub const fn number(self) -> u8 {
        match self {
            Version::V1 => 1,
            Version::V2 => 2,
        }
    }

    /// The version named by the `v` query parameter of the WebSocket URL.
    pub fn from_query(v: Option<&str>) -> Result<Version, String> {
        match v {
            None | Some("1") => Ok(Version::V1),
            Some("2") => Ok(Version::V2),
            Some(other) => Err(format!(
                "protocol version `{other}` is not spoken here; use v=1 or v=2"
            )),
        }
    }
}

/// Every frame: the version, the event number (events only), the message.
#[derive(serde::Serialize)]
struct Envelope<'a, T: serde::Serialize> {
    v: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    seq: Option<u64>,
    #[serde(flatten)]
    body: &'a T,
}

/// The JSON text of a frame.
fn frame<T: serde::Serialize>(version: Version, seq: Option<u64>, body: &T) -> String {
    let envelope = Envelope {
        v: version.number(),
        seq,
        body,
    };
    serde_json::to_string(&envelope).unwrap_or_else(|error| {
        tracing::error!(%error, "cannot serialize a server message");
        format!(
            r#"{{"v":{},"type":"error","code":"internal","message":"internal error"}}"#,
            version.number()
        )
    })
}
