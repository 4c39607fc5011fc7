//! Protocol version 1 (see `docs/protocol.md`): the Kendall protocol of
//! the first release, sides named `cone` and `spool`, one throw and one
//! move a turn. Every frame is a JSON object with `"v": 1` and a `"type"`.
//! The client messages and the errors are shared with version 2.

use senet_engine::kendall_v1::{Destination, Direction, Effect, Move, Side, Turn};
use senet_engine::{RuleSetId, Square};
use serde::Serialize;
use uuid::Uuid;

/// The protocol version spoken by this server.
pub const PROTOCOL_VERSION: u8 = 1;

use super::Version;
pub use super::client::{ClientError, ClientMessage, ErrorCode, client_types};
pub use super::parse::parse_client_message;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum How {
    /// The winner bore off all pieces.
    BorneOff,
    /// The loser resigned.
    Resigned,
    /// The loser stayed away on their turn and the winner claimed the game.
    Abandoned,
    /// The loser's clock ran out (a room with a time control).
    Time,
}

/// A game result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GameResult {
    /// The winning side.
    pub winner: Side,
    /// How the game ended.
    pub how: How,
}

/// Where a move goes: a square number or `"off"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ToView {
    /// A square.
    Square(Square),
    /// Borne off: `"off"`.
    Off(&'static str),
}

/// A move as sent to clients.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// The square the piece leaves.
    pub from: Square,
    /// Where it goes (before the House of Water sends it on).
    pub to: ToView,
    /// `forward` or `backward`.
    pub direction: Direction,
    /// `{"kind":"none"|"capture"|"bear_off"}` or `{"kind":"water","rebirth":15}`.
    pub effect: Effect,
    /// Where the piece finally rests; `null` when borne off.
    pub lands_on: Option<Square>,
}

impl From<Move> for MoveView {
    fn from(mv: Move) -> MoveView {
        MoveView {
            from: mv.from,
            to: match mv.to {
                Destination::Square(square) => ToView::Square(square),
                Destination::Off => ToView::Off("off"),
            },
            direction: mv.direction,
            effect: mv.effect,
            lands_on: mv.lands_on(),
        }
    }
}

/// A seat holder as sent to clients.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerView {
    /// The seat.
    pub side: Side,
    /// Player id.
    pub player_id: Uuid,
    /// Display name.
    pub display_name: String,
    /// Whether the player has a live connection (always true for the
    /// computer).
    pub connected: bool,
    /// `beginner`, `intermediate` or `expert` when the seat is the
    /// computer's; absent for people.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computer: Option<&'static str>,
    /// While its person has no connection: for how many milliseconds, as
    /// of this frame.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub away_ms: Option<u64>,
    /// While its person has no connection during a game: in how many
    /// milliseconds (as of this frame) `claim_win` may be made against it
    /// when it must act; `0` once it may.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim_in_ms: Option<u64>,
}

/// The receiver's role.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum YouView {
    /// Holds a seat.
    Seat {
        /// The seat.
        side: Side,
    },
    /// Watches.
    Spectator,
}

/// The phase of the game.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PhaseView {
    /// A seat is open.
    Waiting,
    /// The side to move must throw.
    ToThrow,
    /// The side to move has thrown and must pick one of `moves`.
    ToMove {
        /// The throw value.
        throw: u8,
        /// The legal moves.
        moves: Vec<MoveView>,
    },
    /// The game is over.
    Finished {
        /// Who won and how.
        result: GameResult,
    },
}

/// A throw of the sticks.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct ThrowView {
    /// Who threw.
    pub side: Side,
    /// The four sticks, `true` = light side up.
    pub sticks: [bool; 4],
    /// The throw value.
    pub value: u8,
}

/// Room facts in a snapshot.
#[derive(Debug, Clone, Serialize)]
pub struct RoomView {
    /// Room code.
    pub code: String,
    /// Invite link.
    pub invite_url: String,
    /// Listed in the lobby.
    pub public: bool,
    /// Whether its games are rated (only accounts sit).
    pub rated: bool,
}

/// The full state of a room, as one client sees it.
#[derive(Debug, Clone, Serialize)]
pub struct Snapshot {
    /// The room.
    pub room: RoomView,
    /// Rule set.
    pub rule_set: RuleSetId,
    /// The current game.
    pub game_id: Uuid,
    /// 1, then 2, 3… for rematches.
    pub game_no: i32,
    /// Seat holders.
    pub players: Vec<PlayerView>,
    /// The receiver's role.
    pub you: YouView,
    /// Position text.
    pub position: String,
    /// Squares 1..=30 (index 0 = square 1): `"cone"`, `"spool"` or `null`.
    pub board: Vec<Option<Side>>,
    /// Pieces borne off by each side.
    pub borne_off: BorneOff,
    /// The side to throw or move.
    pub to_move: Side,
    /// The phase.
    pub phase: PhaseView,
    /// The last throw, if any.
    pub last_throw: Option<ThrowView>,
    /// The record text, e.g. `3:9 1:14 5:-`.
    pub record: String,
    /// The same record as a list.
    pub turns: Vec<Turn>,
    /// The move of each turn with its effect, as in `turn_played` events
    /// (`null` for a forfeit), so that a client joining mid-game can show
    /// the whole record. Empty only if the record could not be replayed.
    pub moves: Vec<Option<MoveView>>,
    /// A pending rematch offer.
    pub rematch_offered_by: Option<Side>,
    /// How many people watch (connections without a seat; a player with a
    /// token counts once however many tabs it has open).
    pub spectators: usize,
    /// How long, in milliseconds, the player to act may be away before
    /// `claim_win` may be made against them.
    pub reconnect_timeout_ms: u64,
}

/// Pieces borne off, per side.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct BorneOff {
    /// The Cone's.
    pub cone: u8,
    /// The Spool's.
    pub spool: u8,
}

/// A message from the server.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The full state; sent on connect, on request and when a game starts.
    Snapshot(Box<Snapshot>),
    /// The side to move threw.
    Thrown {
        /// Who threw.
        side: Side,
        /// The sticks.
        sticks: [bool; 4],
        /// The throw value.
        value: u8,
        /// Whether a move by this throw gives the same side another throw.
        extra_throw: bool,
        /// True when no move was legal: the turn was forfeited.
        forfeited: bool,
        /// The legal moves (empty when forfeited).
        moves: Vec<MoveView>,
    },
    /// A throw had no legal move; the turn passed.
    Forfeited {
        /// Who forfeited.
        side: Side,
        /// The throw value.
        throw: u8,
        /// The stored turn number.
        turn_no: usize,
        /// Who throws next.
        to_move: Side,
    },
    /// A piece moved.
    Moved {
        /// Who moved.
        side: Side,
        /// The throw value.
        throw: u8,
        /// The stored turn number.
        turn_no: usize,
        /// The move with its effect.
        #[serde(rename = "move")]
        mv: MoveView,
        /// Position text after the move.
        position: String,
        /// Squares after the move.
        board: Vec<Option<Side>>,
        /// Who throws next.
        to_move: Side,
    },
    /// The game ended.
    GameOver {
        /// The game.
        game_id: Uuid,
        /// Who won and how.
        result: GameResult,
    },
    /// A player took the open seat.
    PlayerJoined {
        /// The seat.
        side: Side,
        /// Player id.
        player_id: Uuid,
        /// Display name.
        display_name: String,
    },
    /// A game started (both seats taken, or a rematch); a snapshot follows.
    GameStarted {
        /// The game.
        game_id: Uuid,
        /// Its number in the room.
        game_no: i32,
        /// The seat holders.
        players: Vec<PlayerView>,
    },
    /// A seat holder lost their last connection.
    Disconnected {
        /// The seat.
        side: Side,
        /// During a game: in how many milliseconds `claim_win` may be made
        /// against the seat when it must act.
        #[serde(skip_serializing_if = "Option::is_none")]
        claim_in_ms: Option<u64>,
    },
    /// A seat holder is back.
    Reconnected {
        /// The seat.
        side: Side,
    },
    /// A player offers a rematch.
    RematchOffered {
        /// The offering side.
        by: Side,
    },
    /// A player declined the rematch.
    RematchDeclined {
        /// The declining side.
        by: Side,
    },
    /// The number of spectators changed.
    Spectators {
        /// How many watch now.
        count: usize,
    },
    /// An action was refused; sent only to its sender.
    Error {
        /// Machine-readable code.
        code: ErrorCode,
        /// Human-readable message.
        message: String,
        /// For `illegal_move`: the rules' reason (its code on the wire).
        #[serde(skip_serializing_if = "Option::is_none")]
        reason: Option<senet_engine::Reason>,
    },
    /// Answer to `ping`.
    Pong,
}

impl ServerMessage {
    /// An error message.
    #[must_use]
    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerMessage {
        ServerMessage::Error {
            code,
            message: message.into(),
            reason: None,
        }
    }

    /// The error code, when this message is an error.
    #[must_use]
    pub fn error_code(&self) -> Option<ErrorCode> {
        match self {
            ServerMessage::Error { code, .. } => Some(*code),
            _ => None,
        }
    }

    /// The JSON text of the message with its version and event number.
    #[must_use]
    pub fn to_json(&self, seq: Option<u64>) -> String {
        self.to_json_as(Version::V1, seq)
    }

    /// The JSON text under another version's envelope: for the replies
    /// both versions share (errors, `pong`).
    #[must_use]
    pub fn to_json_as(&self, version: Version, seq: Option<u64>) -> String {
        super::frame(version, seq, self)
    }
}

impl From<ClientError> for ServerMessage {
    fn from(error: ClientError) -> ServerMessage {
        ServerMessage::Error {
            code: error.code,
            message: error.message,
            reason: error.reason,
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn parses_messages() {
        assert_eq!(
            parse_client_message(r#"{"v":1,"type":"move","from":9}"#, Version::V1).unwrap(),
            ClientMessage::Move {
                from: senet_engine::Square::new(9).unwrap()
            }
        );
        assert_eq!(
            parse_client_message(r#"{"type":"throw"}"#, Version::V1).unwrap(),
            ClientMessage::Throw
        );
        let code = |text: &str| match parse_client_message(text, Version::V1) {
            Err(error) => error.code,
            other => panic!("{other:?}"),
        };
        assert_eq!(code("{"), ErrorCode::BadJson);
        assert_eq!(code("[1]"), ErrorCode::BadJson);
        assert_eq!(code(r#"{"type":"fly"}"#), ErrorCode::UnknownType);
        assert_eq!(code(r#"{"type":"move"}"#), ErrorCode::BadMessage);
        assert_eq!(code(r#"{"type":"move","from":31}"#), ErrorCode::IllegalMove);
        let v2 = |text: &str| parse_client_message(text, Version::V2);
        assert_eq!(
            v2(r#"{"type":"decide","option":"9"}"#).unwrap(),
            ClientMessage::Decide {
                option: "9".parse().unwrap()
            }
        );
        assert_eq!(
            v2(r#"{"type":"decide","option":"fly"}"#).unwrap_err().code,
            ErrorCode::BadMessage
        );
        assert_eq!(
            code(r#"{"v":2,"type":"throw"}"#),
            ErrorCode::UnsupportedVersion
        );
    }

    #[test]
    fn envelope_has_version_and_seq() {
        let text = ServerMessage::Disconnected {
            side: Side::Cone,
            claim_in_ms: None,
        }
        .to_json(Some(7));
        assert_eq!(
            text,
            r#"{"v":1,"seq":7,"type":"disconnected","side":"cone"}"#
        );
    }
}
