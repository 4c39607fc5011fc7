//! What nodes tell each other over NATS, as JSON.

use serde::{Deserialize, Serialize};

use crate::players::Identity;
use crate::rooms::LobbyEntry;
use crate::ws::protocol::ClientMessage;

/// A relaying node asks a room's owner to open a tunnel for one client.
#[derive(Debug, Serialize, Deserialize)]
pub struct Open {
    /// The room.
    pub code: String,
    /// The tunnel's id (random; names its subjects).
    pub tunnel: String,
    /// Who, as the relaying node authenticated the token.
    pub player: Option<Identity>,
    /// The protocol version, as the `v` query parameter gives it.
    pub version: u8,
    /// The player's client seed for a seat it takes.
    pub client_seed: String,
}

/// The owner's answer to [`Open`].
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OpenReply {
    /// The tunnel is open: its frames follow, numbered from 1.
    Open,
    /// This node does not run the room (any more).
    NotHere,
}

/// What travels from the client's node to the owner.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Up {
    /// A client message, parsed and checked by the relaying node.
    Act {
        /// The message.
        msg: ClientMessage,
    },
    /// Frames went missing: send a fresh snapshot.
    Snapshot,
    /// Both ends are alive.
    KeepAlive,
    /// The client left.
    Close,
}

/// The owner's answer to an [`Up`] request.
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum UpReply {
    /// Handed to the room.
    Ok,
    /// The tunnel is closed at the owner's end.
    Gone,
}

/// A frame from the owner to the client's node, numbered from 1 on each
/// tunnel so a lost one shows as a gap.
#[derive(Debug, Serialize, Deserialize)]
pub struct Down {
    /// Its number.
    pub seq: u64,
    /// What it carries.
    pub frame: DownFrame,
}

/// What a [`Down`] carries.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DownFrame {
    /// A text frame for the client.
    Text {
        /// The text.
        text: String,
    },
    /// Close the client's socket with this code and reason.
    Close {
        /// The close code.
        code: u16,
        /// Its reason.
        reason: String,
    },
}

/// A request for a room's facts (`GET /api/rooms/{code}` on another node).
#[derive(Debug, Serialize, Deserialize)]
pub struct InfoRequest {
    /// The room.
    pub code: String,
}

/// The answer to an [`InfoRequest`]: the room's facts as JSON, or `None`
/// when the node does not run it.
#[derive(Debug, Serialize, Deserialize)]
pub struct InfoReply {
    /// The facts.
    pub info: Option<serde_json::Value>,
}

/// A node's lobby: its listed rooms, how many times one of its public
/// games started or ended, and its rooms whose game nobody is at, sent on
/// every change and as a heartbeat.
#[derive(Debug, Serialize, Deserialize)]
pub struct LobbyUpdate {
    /// The node.
    pub node: String,
    /// Its listed rooms.
    pub entries: Vec<LobbyEntry>,
    /// Its count of public games started or ended.
    pub games: u64,
    /// The codes of its rooms whose game nobody is at (every person seated
    /// gone past the reconnect limit). Missing from a node of an earlier
    /// release, which knows of none.
    #[serde(default)]
    pub deserted: Vec<String>,
}
