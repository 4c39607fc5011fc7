//! A raw WebSocket client: the upgrade written by hand, frames built and
//! read byte by byte, to send what no WebSocket library would.

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::timeout;

use super::{TestApp, WAIT};

/// A WebSocket spoken byte by byte over TCP, to send frames no library
/// would.
pub struct Raw {
    stream: TcpStream,
}

/// The masking key of the raw client's frames.
pub const MASK: [u8; 4] = [0x1f, 0x2e, 0x3d, 0x4c];

/// A frame: `first` is FIN, RSV1–3 and the opcode; masked unless `mask` is
/// `None`.
pub fn frame(first: u8, payload: &[u8], mask: Option<[u8; 4]>) -> Vec<u8> {
    let mut out = vec![first];
    let masked = if mask.is_some() { 0x80 } else { 0 };
    match payload.len() {
        n if n < 126 => out.push(masked | n as u8),
        n if n <= 0xffff => {
            out.push(masked | 126);
            out.extend((n as u16).to_be_bytes());
        }
        n => {
            out.push(masked | 127);
            out.extend((n as u64).to_be_bytes());
        }
    }
    match mask {
        Some(key) => {
            out.extend(key);
            out.extend(payload.iter().zip(key.iter().cycle()).map(|(b, k)| b ^ k));
        }
        None => out.extend(payload),
    }
    out
}

impl Raw {
    /// Upgrades a new TCP connection to the room's WebSocket by hand.
    pub async fn open(app: &TestApp, code: &str) -> Raw {
        let mut stream = TcpStream::connect(app.addr).await.unwrap();
        let request = format!(
            "GET /ws/rooms/{code} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n\
             Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
             Sec-WebSocket-Version: 13\r\n\r\n"
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        // Byte by byte, so no frame after the headers is read with them.
        let mut head = Vec::new();
        while !head.ends_with(b"\r\n\r\n") {
            let byte = timeout(WAIT, stream.read_u8()).await.unwrap().unwrap();
            head.push(byte);
        }
        let head = String::from_utf8(head).unwrap();
        assert!(head.starts_with("HTTP/1.1 101"), "{head}");
        assert!(head.contains("s3pPLMBiTxaQ9kYGzzhZRbK+xOo="), "{head}");
        Raw { stream }
    }

    pub async fn send(&mut self, bytes: &[u8]) {
        // The server may close before it has read everything.
        let _ = self.stream.write_all(bytes).await;
    }

    /// The next frame from the server: (first byte, payload), or `None` when
    /// the connection ended.
    pub async fn frame(&mut self) -> Option<(u8, Vec<u8>)> {
        let read = async {
            let mut head = [0; 2];
            self.stream.read_exact(&mut head).await?;
            assert_eq!(head[1] & 0x80, 0, "server frames are not masked");
            let len = match head[1] & 0x7f {
                126 => u64::from(self.stream.read_u16().await?),
                127 => self.stream.read_u64().await?,
                n => u64::from(n),
            };
            let mut payload = vec![0; usize::try_from(len).unwrap()];
            self.stream.read_exact(&mut payload).await?;
            Ok::<_, std::io::Error>((head[0], payload))
        };
        timeout(WAIT, read).await.expect("a frame in time").ok()
    }

    /// Skips text frames up to the server's close frame: its code and
    /// reason (`None` for an empty close frame). Panics if the connection
    /// ends without one.
    pub async fn close_frame(&mut self) -> Option<(u16, String)> {
        loop {
            let (first, payload) = self.frame().await.expect("a close frame");
            match first {
                0x81 => {}
                0x88 if payload.is_empty() => return None,
                0x88 => {
                    let code = u16::from_be_bytes([payload[0], payload[1]]);
                    let reason = String::from_utf8(payload[2..].to_vec()).unwrap();
                    return Some((code, reason));
                }
                other => panic!("unexpected frame {other:#x}"),
            }
        }
    }

    /// Whether the server closes the TCP connection within `WAIT`.
    pub async fn ends(&mut self) -> bool {
        let mut rest = Vec::new();
        match timeout(WAIT, self.stream.read_to_end(&mut rest)).await {
            Ok(Ok(_)) => rest.is_empty(),
            Ok(Err(_)) => true,
            Err(_) => false,
        }
    }
}
