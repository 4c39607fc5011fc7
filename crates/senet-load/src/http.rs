//! Just enough HTTP/1.1 to create players and rooms: one `POST` with a
//! JSON body a connection (`Connection: close`), the answer read to its end.

use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::timeout;

/// Where the server is, from `--url http://host:port`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// `host:port`, to connect to and to send as `Host`.
    pub authority: String,
}

impl Target {
    /// Parses `http://host[:port][/]`. TLS is not spoken.
    pub fn parse(url: &str) -> Result<Target, String> {
        let rest = url
            .strip_prefix("http://")
            .ok_or_else(|| format!("--url must start with http:// (got `{url}`)"))?;
        let authority = rest.trim_end_matches('/');
        if authority.is_empty() || authority.contains('/') {
            return Err(format!(
                "--url must be http://host:port without a path (got `{url}`)"
            ));
        }
        let authority = if authority
            .rsplit_once(':')
            .is_some_and(|(_, port)| !port.is_empty() && port.chars().all(|c| c.is_ascii_digit()))
        {
            authority.to_owned()
        } else {
            format!("{authority}:80")
        };
        Ok(Target { authority })
    }

    /// The WebSocket URL of a room, version 2, as this player.
    #[must_use]
    pub fn room_ws_url(&self, code: &str, token: &str) -> String {
        format!("ws://{}/ws/rooms/{code}?v=2&token={token}", self.authority)
    }

    /// `POST path` with a JSON body and an optional bearer token: the status
    /// and the JSON answer (`Value::Null` when the body is not JSON).
    pub async fn post_json(
        &self,
        path: &str,
        token: Option<&str>,
        body: &Value,
        limit: Duration,
    ) -> Result<(u16, Value), String> {
        timeout(limit, self.post_json_unbounded(path, token, body))
            .await
            .map_err(|_| format!("POST {path}: no answer within {limit:?}"))?
    }

    async fn post_json_unbounded(
        &self,
        path: &str,
        token: Option<&str>,
        body: &Value,
    ) -> Result<(u16, Value), String> {
        let body = body.to_string();
        let auth = token.map_or_else(String::new, |token| {
            format!("Authorization: Bearer {token}\r\n")
        });
        let request = format!(
            "POST {path} HTTP/1.1\r\nHost: {host}\r\n{auth}Content-Type: application/json\r\nContent-Length: {len}\r\nConnection: close\r\n\r\n{body}",
            host = self.authority,
            len = body.len(),
        );
        let mut stream = TcpStream::connect(&self.authority)
            .await
            .map_err(|e| format!("connect {}: {e}", self.authority))?;
        stream
            .write_all(request.as_bytes())
            .await
            .map_err(|e| format!("POST {path}: {e}"))?;
        let mut answer = Vec::new();
        stream
            .read_to_end(&mut answer)
            .await
            .map_err(|e| format!("POST {path}: {e}"))?;
        parse_response(&answer).ok_or_else(|| format!("POST {path}: not an HTTP answer"))
    }
}

/// The status and JSON body of a whole HTTP/1.1 answer.
#[must_use]
pub fn parse_response(answer: &[u8]) -> Option<(u16, Value)> {
    let split = answer.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = std::str::from_utf8(&answer[..split]).ok()?;
    let mut body = &answer[split + 4..];
    let mut lines = head.split("\r\n");
    let status = lines.next()?.split_whitespace().nth(1)?.parse().ok()?;
    let mut chunked = false;
    for line in lines {
        if let Some((name, value)) = line.split_once(':') {
            let name = name.trim().to_ascii_lowercase();
            let value = value.trim();
            if name == "transfer-encoding" && value.eq_ignore_ascii_case("chunked") {
                chunked = true;
            } else if name == "content-length" {
                let len: usize = value.parse().ok()?;
                body = body.get(..len)?;
            }
        }
    }
    let decoded;
    if chunked {
        decoded = dechunk(body)?;
        body = &decoded;
    }
    Some((status, serde_json::from_slice(body).unwrap_or(Value::Null)))
}

fn dechunk(mut body: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let line_end = body.windows(2).position(|w| w == b"\r\n")?;
        let size_text = std::str::from_utf8(&body[..line_end]).ok()?;
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        body = &body[line_end + 2..];
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(body.get(..size)?);
        body = body.get(size + 2..)?;
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn urls() {
        let target = Target::parse("http://127.0.0.1:8080/").unwrap();
        assert_eq!(target.authority, "127.0.0.1:8080");
        assert_eq!(
            Target::parse("http://localhost").unwrap().authority,
            "localhost:80"
        );
        assert!(Target::parse("https://example.org").is_err());
        assert!(Target::parse("http://host:1/api").is_err());
        assert_eq!(
            target.room_ws_url("abc", "t.k"),
            "ws://127.0.0.1:8080/ws/rooms/abc?v=2&token=t.k"
        );
    }

    #[test]
    fn answers() {
        let plain = b"HTTP/1.1 201 Created\r\ncontent-length: 8\r\n\r\n{\"a\":1}\n";
        assert_eq!(
            parse_response(plain),
            Some((201, serde_json::json!({"a":1})))
        );
        let chunked =
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{\"a\"\r\n3\r\n:2}\r\n0\r\n\r\n";
        assert_eq!(
            parse_response(chunked),
            Some((200, serde_json::json!({"a":2})))
        );
        assert_eq!(parse_response(b"nonsense"), None);
    }
}
