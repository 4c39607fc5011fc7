//! Setting a room up through the HTTP API: two players, the room, both
//! sockets, up to the game's start; or one player against the computer.

use futures_util::StreamExt;
use senet_stamped::Stamped;
use serde_json::json;
use tokio::net::TcpStream;
use tokio::time::{Instant, timeout};
use tokio_tungstenite::client_async_with_config;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::error::UrlError;
use tokio_tungstenite::tungstenite::handshake::client::Response;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

use crate::http::Target;

use super::wire::*;
use super::{SETUP_WAIT, Ws};

/// A room whose game has started, its players connected: two people, or
/// one against the computer.
pub struct Room {
    pub(super) index: u64,
    pub(super) code: String,
    /// One socket per person seated (one or two).
    pub(super) sides: Vec<Side>,
}

impl Room {
    /// The room's code.
    #[must_use]
    pub fn code(&self) -> &str {
        &self.code
    }
}

/// Why a room could not be set up: an error code for the report, and the
/// details for a person.
#[derive(Debug)]
pub struct SetupError {
    /// `setup_http`, `setup_ws` or `setup_protocol`.
    pub code: &'static str,
    /// What happened.
    pub detail: String,
}

fn setup_error(code: &'static str) -> impl Fn(String) -> SetupError {
    move |detail| SetupError { code, detail }
}

async fn create_player(target: &Target, name: String) -> Result<String, SetupError> {
    let (status, body) = target
        .post_json(
            "/api/players",
            None,
            &json!({ "display_name": name }),
            SETUP_WAIT,
        )
        .await
        .map_err(setup_error("setup_http"))?;
    match body.get("token").and_then(|token| token.as_str()) {
        Some(token) if status == 201 || status == 200 => Ok(token.to_owned()),
        _ => Err(SetupError {
            code: "setup_http",
            detail: format!(
                "POST /api/players: {status} {body}{}",
                if status == 429 {
                    " (start the server with --auth-limits false)"
                } else {
                    ""
                }
            ),
        }),
    }
}

/// Bytes a socket reads at a time. tungstenite zeroes its whole read
/// buffer before every read, and at its default (128 KiB) that `memset`
/// was a third of the tool's CPU at 1,000 rooms, enough to make the tool
/// the bottleneck; the server's frames are a few KiB (the server reads
/// with 4 KiB, `READ_BUFFER`), and a longer one is read in several parts.
const READ_BUFFER: usize = 8 * 1024;

async fn connect(url: &str) -> Result<Side, SetupError> {
    let config = WebSocketConfig::default().read_buffer_size(READ_BUFFER);
    let (ws, _) = timeout(SETUP_WAIT, open(url, config))
        .await
        .map_err(|_| SetupError {
            code: "setup_ws",
            detail: "WebSocket connect timed out".to_owned(),
        })?
        .map_err(|e| SetupError {
            code: "setup_ws",
            detail: format!("WebSocket connect: {e}"),
        })?;
    Ok(Side::new(ws))
}

/// Opens a WebSocket over a [`Stamped`] TCP stream, Nagle off as the
/// server has it: each frame goes out at once.
async fn open(url: &str, config: WebSocketConfig) -> Result<(Ws, Response), WsError> {
    let request = url.into_client_request()?;
    let authority = request
        .uri()
        .authority()
        .map(|authority| authority.as_str().to_owned())
        .ok_or(WsError::Url(UrlError::NoHostName))?;
    let tcp = TcpStream::connect(authority).await?;
    tcp.set_nodelay(true)?;
    let (stamped, refused) = Stamped::new(tcp);
    if let Some(error) = refused {
        // Its replies are then timed as they are read.
        eprintln!("senet-load: no receive timestamps on a socket: {error}");
    }
    client_async_with_config(request, stamped, Some(config)).await
}

/// Reads a socket until a snapshot shows its seat, and, when `playing`,
/// a game under way.
async fn wait_for_snapshot(side: &mut Side, playing: bool) -> Result<(), SetupError> {
    let deadline = Instant::now() + SETUP_WAIT;
    loop {
        let message = timeout(
            deadline.saturating_duration_since(Instant::now()),
            side.ws.next(),
        )
        .await
        .map_err(|_| SetupError {
            code: "setup_protocol",
            detail: "no snapshot in time".to_owned(),
        })?;
        let text = match message {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Close(frame))) => {
                return Err(SetupError {
                    code: "setup_ws",
                    detail: match frame {
                        Some(frame) => format!(
                            "closed during set-up: {} {}",
                            u16::from(frame.code),
                            frame.reason
                        ),
                        None => "closed during set-up".to_owned(),
                    },
                });
            }
            Some(Ok(_)) => continue,
            Some(Err(e)) => {
                return Err(SetupError {
                    code: "setup_ws",
                    detail: e.to_string(),
                });
            }
            None => {
                return Err(SetupError {
                    code: "setup_ws",
                    detail: "closed during set-up".to_owned(),
                });
            }
        };
        let Ok(frame) = serde_json::from_str::<Frame>(text.as_str()) else {
            return Err(SetupError {
                code: "setup_protocol",
                detail: format!("unreadable frame: {}", text.as_str()),
            });
        };
        if frame.kind == "error" {
            return Err(SetupError {
                code: "setup_protocol",
                detail: format!("error frame: {}", text.as_str()),
            });
        }
        if frame.kind != "snapshot" {
            continue;
        }
        side.seat = frame.you.and_then(|you| you.seat);
        side.next = frame.next.map(Next::from).unwrap_or_default();
        let started = !matches!(side.next, Next::Waiting | Next::Unknown);
        if side.seat.is_none() {
            return Err(SetupError {
                code: "setup_protocol",
                detail: "the snapshot gives no seat".to_owned(),
            });
        }
        if started || !playing {
            return Ok(());
        }
    }
}

/// How many times a socket is opened before its set-up fails: a room that
/// moves to another node while a node is loaded closes its sockets with
/// 1012, and a client reconnects.
const JOIN_ATTEMPTS: usize = 3;

/// Opens a socket and reads up to its seat's snapshot (and, when
/// `playing`, the game's start), reconnecting after a close.
async fn join(url: &str, playing: bool) -> Result<Side, SetupError> {
    let mut last = None;
    for attempt in 0..JOIN_ATTEMPTS {
        if attempt > 0 {
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        }
        let mut side = match connect(url).await {
            Ok(side) => side,
            Err(error) => {
                last = Some(error);
                continue;
            }
        };
        match wait_for_snapshot(&mut side, playing).await {
            Ok(()) => return Ok(side),
            Err(error) if error.code == "setup_ws" => last = Some(error),
            Err(error) => return Err(error),
        }
    }
    Err(last.unwrap_or(SetupError {
        code: "setup_ws",
        detail: "no attempt made".to_owned(),
    }))
}

/// Says on stderr why a socket is opened again (the report counts only
/// set-ups that fail for good).
fn note_reconnect(error: &SetupError) {
    eprintln!(
        "senet-load: reconnecting a socket during set-up: {}",
        error.detail
    );
}

/// Creates two players and a room of `rule_set` for them on `home` (the
/// first in seat 0, the second joining over the socket), connects each
/// player's socket to its node in `sockets` (`home` itself, or a node that
/// relays to it), and waits until both sockets are told the game started.
pub async fn set_up(
    home: &Target,
    sockets: [&Target; 2],
    rule_set: &str,
    index: u64,
) -> Result<Room, SetupError> {
    let first = create_player(home, format!("load {index} a")).await?;
    let second = create_player(home, format!("load {index} b")).await?;
    let body = json!({ "rule_set": rule_set, "seats": 2, "seat": 0, "public": false });
    let code = create_room(home, &first, &body).await?;
    let a_url = sockets[0].room_ws_url(&code, &first);
    let mut a = join(&a_url, false).await?;
    let b = join(&sockets[1].room_ws_url(&code, &second), true).await?;
    if let Err(error) = wait_for_snapshot(&mut a, true).await {
        // The room may have moved (1012) between the two joins: reconnect,
        // as a player's client does.
        note_reconnect(&error);
        a = join(&a_url, true).await?;
    }
    Ok(Room {
        index,
        code,
        sides: vec![a, b],
    })
}

/// Creates a player and a room of `rule_set` where the computer at `level`
/// takes the other seat (the game starts at once), and connects the
/// player's socket to `socket`.
pub async fn set_up_against_computer(
    home: &Target,
    socket: &Target,
    rule_set: &str,
    level: &str,
    index: u64,
) -> Result<Room, SetupError> {
    let player = create_player(home, format!("load {index} c")).await?;
    let body = json!({ "rule_set": rule_set, "seats": 2, "seat": 0, "computer_level": level });
    let code = create_room(home, &player, &body).await?;
    let side = join(&socket.room_ws_url(&code, &player), true).await?;
    Ok(Room {
        index,
        code,
        sides: vec![side],
    })
}

/// `POST /api/rooms` as `token`: the new room's code.
async fn create_room(
    home: &Target,
    token: &str,
    body: &serde_json::Value,
) -> Result<String, SetupError> {
    let (status, room) = home
        .post_json("/api/rooms", Some(token), body, SETUP_WAIT)
        .await
        .map_err(setup_error("setup_http"))?;
    match room.get("code").and_then(|code| code.as_str()) {
        Some(code) => Ok(code.to_owned()),
        None => Err(SetupError {
            code: "setup_http",
            detail: format!("POST /api/rooms: {status} {room}"),
        }),
    }
}
