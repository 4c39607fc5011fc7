//! The tests' WebSocket client: open a room's socket (with any headers),
//! send JSON, read messages with bounded waits, close.

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::WAIT;

/// A WebSocket client of a room.
pub struct Client {
    pub(super) ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    /// Opens a WebSocket, optionally with an Origin header.
    pub async fn open(url: &str, origin: Option<&str>) -> Result<Client, tungstenite::Error> {
        let headers: Vec<(&str, &str)> = origin.map(|o| ("Origin", o)).into_iter().collect();
        Client::open_with(url, &headers).await
    }

    /// Opens a WebSocket with these extra request headers.
    pub async fn open_with(
        url: &str,
        headers: &[(&str, &str)],
    ) -> Result<Client, tungstenite::Error> {
        let mut request = url.into_client_request()?;
        for (name, value) in headers {
            let name = tungstenite::http::HeaderName::from_bytes(name.as_bytes()).unwrap();
            request.headers_mut().insert(name, value.parse().unwrap());
        }
        let (ws, _) = timeout(WAIT, tokio_tungstenite::connect_async(request))
            .await
            .expect("connect in time")?;
        Ok(Client { ws })
    }

    /// Opens a WebSocket the way a client on a slow path would: a small
    /// receive buffer (the kernel doubles it) and an Internet-sized
    /// segment size instead of loopback's 64 KiB. The server's send buffer
    /// grows with the segment size, so on loopback a client that stops
    /// reading would otherwise hold megabytes before the server notices.
    pub async fn open_slow(url: &str) -> Client {
        let request = url.into_client_request().unwrap();
        let addr: SocketAddr = request.uri().authority().unwrap().as_str().parse().unwrap();
        let socket = socket2::Socket::new(
            socket2::Domain::IPV4,
            socket2::Type::STREAM,
            Some(socket2::Protocol::TCP),
        )
        .unwrap();
        socket.set_recv_buffer_size(4096).unwrap();
        socket.set_tcp_mss(1400).unwrap();
        socket.set_nonblocking(true).unwrap();
        let socket = tokio::net::TcpSocket::from_std_stream(socket.into());
        let stream = timeout(WAIT, socket.connect(addr))
            .await
            .expect("connect in time")
            .unwrap();
        let (ws, _) = timeout(
            WAIT,
            tokio_tungstenite::client_async(request, MaybeTlsStream::Plain(stream)),
        )
        .await
        .expect("upgrade in time")
        .unwrap();
        Client { ws }
    }

    /// The underlying stream, to read frames exactly as they come.
    pub fn stream(&mut self) -> &mut WebSocketStream<MaybeTlsStream<TcpStream>> {
        &mut self.ws
    }

    pub async fn send(&mut self, value: Value) {
        self.ws
            .send(Message::Text(value.to_string().into()))
            .await
            .unwrap();
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    /// Sends without failing when the socket is already closed.
    pub async fn try_send_text(&mut self, text: &str) -> bool {
        self.ws.send(Message::Text(text.into())).await.is_ok()
    }

    /// The next JSON message, skipping control frames.
    pub async fn recv(&mut self) -> Value {
        loop {
            let message = timeout(WAIT, self.ws.next())
                .await
                .expect("a message in time")
                .expect("socket open")
                .expect("no socket error");
            match message {
                Message::Text(text) => return serde_json::from_str(text.as_str()).unwrap(),
                Message::Close(frame) => panic!("socket closed: {frame:?}"),
                _ => {}
            }
        }
    }

    /// The next JSON message, or `None` once the socket is closed.
    pub async fn try_recv(&mut self) -> Option<Value> {
        loop {
            match self.ws.next().await? {
                Ok(Message::Text(text)) => return serde_json::from_str(text.as_str()).ok(),
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => {}
            }
        }
    }

    /// The next event (a message with a `seq`), skipping pongs and errors,
    /// and the spectator count: it is told whenever a watcher comes or goes,
    /// in between the game's events, which is not what the tests reading
    /// events here follow (`tests/presence.rs` reads it).
    pub async fn event(&mut self) -> Value {
        loop {
            let message = self.recv().await;
            if message.get("seq").is_some()
                && message["type"] != "snapshot"
                && message["type"] != "spectators"
            {
                return message;
            }
        }
    }

    /// Reads until a message of this type arrives.
    pub async fn recv_type(&mut self, kind: &str) -> Value {
        loop {
            let message = self.recv().await;
            if message["type"] == kind {
                return message;
            }
        }
    }

    /// Asks for a snapshot and returns it.
    pub async fn snapshot(&mut self) -> Value {
        self.send(json!({ "v": 1, "type": "snapshot" })).await;
        self.recv_type("snapshot").await
    }

    /// Reads until the socket closes; returns the close frame.
    pub async fn closed(&mut self) -> Option<CloseFrame> {
        loop {
            match timeout(WAIT, self.ws.next()).await.expect("close in time") {
                Some(Ok(Message::Close(frame))) => return frame,
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return None,
            }
        }
    }

    pub async fn close(mut self) {
        self.ws.close(None).await.ok();
        // Drain until the server acknowledges.
        let _ = timeout(Duration::from_secs(2), async {
            while let Some(Ok(_)) = self.ws.next().await {}
        })
        .await;
    }
}
