//! Parsing a client's text frame. The frames a game is made of — `throw`,
//! `decide`, `ping` — are read in one pass into a flat struct. The general
//! parse ([`super::client::parse_general`]) reads a
//! frame into a `serde_json::Value` first, to name what is wrong with a bad
//! one, then into an internally tagged enum, which serde buffers again:
//! 340–380 ns a frame against 100–130 ns here (`docs/benchmarks.md`). Only a frame that is
//! certainly well formed is taken here; anything else (a missing or odd
//! `v`, another type, a field of the wrong type, a duplicate key, an
//! option that is no option's text) goes the general way, which accepts or
//! refuses it exactly as before.

use std::borrow::Cow;

use senet_engine::Choice;
use serde::Deserialize;

use super::Version;
use super::client::{ClientError, ClientMessage, parse_general};

/// Parses a client text frame of a connection speaking `version`, telling
/// apart each way it can be wrong.
pub fn parse_client_message(text: &str, version: Version) -> Result<ClientMessage, ClientError> {
    match parse_hot(text, version) {
        Some(message) => Ok(message),
        None => parse_general(text, version),
    }
}

/// The fields of a hot frame; serde skips the rest, as the general parse
/// does.
#[derive(Deserialize)]
struct Hot<'a> {
    /// Required here: a frame without it goes the general way.
    v: u64,
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
    #[serde(borrow)]
    option: Option<Cow<'a, str>>,
}

/// The message `text` carries if it is a well-formed hot frame of
/// `version`; `None` sends it to the general parse.
fn parse_hot(text: &str, version: Version) -> Option<ClientMessage> {
    let hot: Hot<'_> = serde_json::from_str(text).ok()?;
    if hot.v != u64::from(version.number()) {
        return None;
    }
    match (hot.kind.as_ref(), version) {
        ("throw", _) => Some(ClientMessage::Throw),
        ("ping", _) => Some(ClientMessage::Ping),
        ("decide", Version::V2) => {
            let option = hot.option?.parse::<Choice>().ok()?;
            Some(ClientMessage::Decide { option })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// Whatever the fast path takes, the general parse reads the same way;
    /// what it leaves, the general parse still decides.
    #[test]
    fn the_fast_path_agrees_with_the_general_parse() {
        let frames = [
            r#"{"v":2,"type":"throw"}"#,
            r#"{"type":"throw","v":2}"#,
            r#"{"v":2,"type":"ping"}"#,
            r#"{"v":2,"type":"decide","option":"9"}"#,
            r#"{"v":2,"type":"decide","option":"9/4"}"#,
            r#"{"v":2,"type":"decide","option":"enter 2"}"#,
            r#"{"v":2,"type":"decide","option":"roll 1"}"#,
            r#"{"v":2,"type":"decide","option":"\u0039"}"#,
            r#"{"v":2,"type":"decide","option":"zz"}"#,
            r#"{"v":2,"type":"decide"}"#,
            r#"{"v":2,"type":"decide","option":9}"#,
            r#"{"v":2,"type":"decide","option":null}"#,
            r#"{"v":2,"type":"throw","extra":[1,{"a":2}]}"#,
            r#"{"v":2,"type":"throw","type":"resign"}"#,
            r#"{"v":1,"type":"throw"}"#,
            r#"{"v":null,"type":"throw"}"#,
            r#"{"v":2.0,"type":"throw"}"#,
            r#"{"type":"throw"}"#,
            r#"{"v":2,"type":"move","from":3}"#,
            r#"{"v":2,"type":"resign"}"#,
            r#"{"v":2,"type":"Throw"}"#,
            r#"{"v":2,"type":"throw"} "#,
            r#"{"v":2,"type":"throw"}x"#,
            r#"[1,2]"#,
            r#""throw""#,
            "",
        ];
        for version in [Version::V1, Version::V2] {
            for text in frames {
                // What the fast path leaves, the general way answers.
                if let Some(message) = parse_hot(text, version) {
                    let general = parse_general(text, version);
                    assert_eq!(general.ok(), Some(message), "{text} at {version:?}");
                }
            }
        }
        // The frames a game is made of take the fast path.
        for text in [
            r#"{"v":2,"type":"throw"}"#,
            r#"{"v":2,"type":"decide","option":"9/4"}"#,
            r#"{"v":2,"type":"ping"}"#,
        ] {
            assert!(parse_hot(text, Version::V2).is_some(), "{text}");
        }
        assert!(parse_hot(r#"{"v":1,"type":"throw"}"#, Version::V1).is_some());
        // And only well-formed ones.
        for text in [
            r#"{"v":2,"type":"throw","type":"resign"}"#,
            r#"{"v":null,"type":"throw"}"#,
            r#"{"v":2,"type":"decide","option":"zz"}"#,
            r#"{"v":1,"type":"decide","option":"9"}"#,
        ] {
            let version = if text.contains(r#""v":1"#) {
                Version::V1
            } else {
                Version::V2
            };
            assert!(parse_hot(text, version).is_none(), "{text}");
        }
    }
}
