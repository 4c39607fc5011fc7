//! What clients send, in both protocol versions, and the codes of every
//! refusal (`docs/protocol.md`): version 1 decides with `move`, version 2
//! with `decide` and has chat; the rest is shared.

use senet_engine::{Choice, Reason, Square};
use serde::{Deserialize, Serialize};

use super::Version;

/// A message from a client, parsed and checked once, where it arrives
/// (`parse_client_message`, in `parse.rs`): a square is a square and an option is a
/// choice of the rules' vocabulary. Nodes relay it to a room's owner as it
/// is (JSON of this type), so nothing is parsed twice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// Throw (the seat whose throw is next only).
    Throw,
    /// Version 1: move the piece on `from` by the pending throw.
    Move {
        /// The square of the piece to move.
        from: Square,
    },
    /// Version 2: pick one of the options of the decision that is due.
    Decide {
        /// The option, parsed from its text (`9`, `9/4`, `enter 2`,
        /// `roll 1`; see `docs/notation.md`).
        option: Choice,
    },
    /// Give up the game.
    Resign,
    /// After a game: offer to play again with sides swapped.
    OfferRematch,
    /// Accept the opponent's rematch offer.
    AcceptRematch,
    /// Decline the opponent's rematch offer.
    DeclineRematch,
    /// Claim the win because the opponent, to move, stayed away too long.
    ClaimWin,
    /// Heartbeat; answered by `pong`.
    Ping,
    /// Ask for a fresh snapshot (after a gap in event numbers).
    Snapshot,
    /// Version 2: write to a chat channel (`docs/protocol.md`, "Chat").
    Chat {
        /// `players` (seat holders) or `spectators` (everyone else).
        channel: ChatChannel,
        /// The message, as sent (the room checks and trims it).
        text: String,
    },
    /// Version 2: a seat holder chooses whether to read the spectators'
    /// chat too.
    ChatFollow {
        /// `true` to read it, `false` to stop.
        spectators: bool,
    },
    /// Version 2: the room's creator turns chat on or off for the room.
    ChatSetting {
        /// `true` for on.
        on: bool,
    },
}

/// Why a client frame was refused before it reached a room: its code, a
/// message for people, and for `illegal_move` the rules' reason. Told as
/// an `error` frame in the connection's version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientError {
    /// Machine-readable code.
    pub code: ErrorCode,
    /// Human-readable message.
    pub message: String,
    /// For `illegal_move`: the rules' reason.
    pub reason: Option<Reason>,
}

impl ClientError {
    /// A refusal with a code and a message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ClientError {
        ClientError {
            code,
            message: message.into(),
            reason: None,
        }
    }
}

impl TryFrom<Frame> for ClientMessage {
    type Error = ClientError;

    /// Checks a frame's fields: the square of a `move`, the option text of
    /// a `decide`.
    fn try_from(frame: Frame) -> Result<ClientMessage, ClientError> {
        Ok(match frame {
            Frame::Throw => ClientMessage::Throw,
            Frame::Move { from } => ClientMessage::Move {
                from: square(from)?,
            },
            Frame::Decide { option } => ClientMessage::Decide {
                option: option.parse::<Choice>().map_err(|e| {
                    ClientError::new(
                        ErrorCode::BadMessage,
                        format!("`{option}` is not an option's text: {e}"),
                    )
                })?,
            },
            Frame::Resign => ClientMessage::Resign,
            Frame::OfferRematch => ClientMessage::OfferRematch,
            Frame::AcceptRematch => ClientMessage::AcceptRematch,
            Frame::DeclineRematch => ClientMessage::DeclineRematch,
            Frame::ClaimWin => ClientMessage::ClaimWin,
            Frame::Ping => ClientMessage::Ping,
            Frame::Snapshot => ClientMessage::Snapshot,
            Frame::Chat { channel, text } => ClientMessage::Chat { channel, text },
            Frame::ChatFollow { spectators } => ClientMessage::ChatFollow { spectators },
            Frame::ChatSetting { on } => ClientMessage::ChatSetting { on },
        })
    }
}

/// Version 1's `move`: the square of the piece to move. A number that is
/// no square is the rules' refusal `not_a_square`, as version 1 has always
/// answered it.
fn square(from: i64) -> Result<Square, ClientError> {
    u8::try_from(from)
        .ok()
        .and_then(Square::new)
        .ok_or_else(|| ClientError {
            code: ErrorCode::IllegalMove,
            message: format!("`{from}` is not a square: squares are 1 to 30"),
            reason: Some(Reason::NotASquare),
        })
}

/// A chat channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChatChannel {
    /// The seat holders' chat: they write, everyone in the room reads.
    Players,
    /// The spectators' chat: spectators write and read; a seat holder
    /// reads it only after `chat_follow`.
    Spectators,
}

impl ChatChannel {
    /// The stored and wire name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            ChatChannel::Players => "players",
            ChatChannel::Spectators => "spectators",
        }
    }

    /// The channel with this stored name.
    #[must_use]
    pub fn parse(text: &str) -> Option<ChatChannel> {
        match text {
            "players" => Some(ChatChannel::Players),
            "spectators" => Some(ChatChannel::Spectators),
            _ => None,
        }
    }
}

/// A client frame as JSON has it, before its fields are checked.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Frame {
    /// Throw (the seat whose throw is next only).
    Throw,
    /// Version 1: move the piece on `from` by the pending throw.
    Move {
        /// The square of the piece to move, 1..=30.
        from: i64,
    },
    /// Version 2: pick one of the options of the decision that is due, by
    /// its text (`9`, `9/4`, `enter 2`, `roll 1`; see `docs/notation.md`).
    Decide {
        /// The option's text, as the snapshot and step events list it.
        option: String,
    },
    /// Give up the game.
    Resign,
    /// After a game: offer to play again with sides swapped.
    OfferRematch,
    /// Accept the opponent's rematch offer.
    AcceptRematch,
    /// Decline the opponent's rematch offer.
    DeclineRematch,
    /// Claim the win because the opponent, to move, stayed away too long.
    ClaimWin,
    /// Heartbeat; answered by `pong`.
    Ping,
    /// Ask for a fresh snapshot (after a gap in event numbers).
    Snapshot,
    /// Version 2: write to a chat channel (`docs/protocol.md`, "Chat").
    Chat {
        /// `players` (seat holders) or `spectators` (everyone else).
        channel: ChatChannel,
        /// The message: at most 280 characters once trimmed.
        text: String,
    },
    /// Version 2: a seat holder chooses whether to read the spectators'
    /// chat too.
    ChatFollow {
        /// `true` to read it, `false` to stop.
        spectators: bool,
    },
    /// Version 2: the room's creator turns chat on or off for the room.
    ChatSetting {
        /// `true` for on.
        on: bool,
    },
}

/// What a version 1 client may send.
const V1_TYPES: [&str; 9] = [
    "throw",
    "move",
    "resign",
    "offer_rematch",
    "accept_rematch",
    "decline_rematch",
    "claim_win",
    "ping",
    "snapshot",
];

/// What a version 2 client may send: version 1's with `decide` for
/// `move`, and chat.
const V2_TYPES: [&str; 12] = [
    "throw",
    "decide",
    "resign",
    "offer_rematch",
    "accept_rematch",
    "decline_rematch",
    "claim_win",
    "ping",
    "snapshot",
    "chat",
    "chat_follow",
    "chat_setting",
];

/// Every `type` a client of `version` may send: the same in both but for
/// the way to decide (`move`, `decide`) and chat, which only version 2
/// carries.
#[must_use]
pub const fn client_types(version: Version) -> &'static [&'static str] {
    match version {
        Version::V1 => &V1_TYPES,
        Version::V2 => &V2_TYPES,
    }
}

/// Declares [`ErrorCode`], its wire code and [`ErrorCode::ALL`] from one
/// list, so a code added to the enum is in `ALL` (and so in the check that
/// `docs/protocol.md` documents every code) by construction.
macro_rules! error_codes {
    ($( $(#[$doc:meta])* $variant:ident => $code:literal, )+) => {
        /// Why a client message was refused; each has its own wire code.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum ErrorCode {
            $( $(#[$doc])* $variant, )+
        }

        impl ErrorCode {
            /// Every code, in declaration order.
            pub const ALL: &'static [ErrorCode] = &[ $( ErrorCode::$variant, )+ ];

            /// The wire code.
            #[must_use]
            pub fn as_str(self) -> &'static str {
                match self {
                    $( ErrorCode::$variant => $code, )+
                }
            }
        }
    };
}

error_codes! {
    /// The frame is not JSON (or not a JSON object).
    BadJson => "bad_json",
    /// The `type` is missing or unknown.
    UnknownType => "unknown_type",
    /// The type is known but its fields are wrong.
    BadMessage => "bad_message",
    /// `v` is not a version this server speaks.
    UnsupportedVersion => "unsupported_version",
    /// Binary frames are not part of the protocol.
    BinaryNotSupported => "binary_not_supported",
    /// The frame is larger than 4 KiB.
    FrameTooLarge => "frame_too_large",
    /// The sender holds no seat in this game (spectator, or no token).
    NotAPlayer => "not_a_player",
    /// It is the other side's turn.
    NotYourTurn => "not_your_turn",
    /// The game is waiting for an opponent.
    GameNotStarted => "game_not_started",
    /// The game is over.
    GameOver => "game_over",
    /// A move was sent before throwing.
    MustThrowFirst => "must_throw_first",
    /// A throw was sent while a move is due.
    MustMoveFirst => "must_move_first",
    /// The engine refused the move; `reason` holds its code.
    IllegalMove => "illegal_move",
    /// Rematch messages are only for finished games.
    GameNotOver => "game_not_over",
    /// There is no rematch offer from the opponent to answer.
    NoRematchOffer => "no_rematch_offer",
    /// The win cannot be claimed: the opponent is not (long enough) away.
    NotAbandoned => "not_abandoned",
    /// Storing the action failed; nothing changed. Try again.
    StorageError => "storage_error",
    /// Another server runs the game now; nothing changed. The connection
    /// closes (1012) and the client reconnects.
    RoomMoved => "room_moved",
    /// The sender's clock ran out: the seat lost on time (a game of two),
    /// or its throw or decision came as its clock ran out.
    OutOfTime => "out_of_time",
    /// The sender's seat is out of this game of three or four seats (it
    /// resigned, was abandoned or ran out of time) while the others play
    /// on: every game action it sends is refused with this one code until
    /// the game is over. Chat stays open to it.
    OutOfGame => "out_of_game",
    /// A chat message with nothing but white space.
    ChatEmpty => "chat_empty",
    /// A chat message longer than 280 characters.
    ChatTooLong => "chat_too_long",
    /// A chat message with a control character (a line break, a tab, …).
    ChatBadText => "chat_bad_text",
    /// More chat messages than the connection may send for now.
    ChatRateLimited => "chat_rate_limited",
    /// The room's creator turned chat off.
    ChatOff => "chat_off",
    /// The sender may not do this in chat: write to the other channel,
    /// write without a player token, or switch a room's chat that is not
    /// theirs.
    ChatNotAllowed => "chat_not_allowed",
    /// The room is rated and the connecting player has no account: they
    /// watch instead of taking the open seat.
    RatedNeedsAccount => "rated_needs_account",
}

/// On the wire an error code is its text.
impl Serialize for ErrorCode {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// Parses a client text frame of a connection speaking `version`, telling
/// apart each way it can be wrong: as a JSON value first, so that a bad
/// frame's error can say what is wrong with it. The frames a game is made
/// of take a faster way first (`parse_client_message`, in `parse.rs`).
pub(super) fn parse_general(text: &str, version: Version) -> Result<ClientMessage, ClientError> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| ClientError::new(ErrorCode::BadJson, format!("not valid JSON: {e}")))?;
    let Some(object) = value.as_object() else {
        return Err(ClientError::new(
            ErrorCode::BadJson,
            "a message must be a JSON object",
        ));
    };
    if let Some(v) = object.get("v") {
        if v.as_u64() != Some(u64::from(version.number())) {
            return Err(ClientError::new(
                ErrorCode::UnsupportedVersion,
                format!(
                    "this connection speaks protocol version {} (chosen by `?v=` when connecting)",
                    version.number()
                ),
            ));
        }
    }
    let types = client_types(version);
    let kind = object
        .get("type")
        .and_then(|t| t.as_str())
        .unwrap_or("")
        .to_owned();
    if !types.contains(&kind.as_str()) {
        return Err(ClientError::new(
            ErrorCode::UnknownType,
            format!("unknown message type `{kind}`; known: {}", types.join(", ")),
        ));
    }
    let frame: Frame = serde_json::from_value(value).map_err(|e| {
        ClientError::new(ErrorCode::BadMessage, format!("bad `{kind}` message: {e}"))
    })?;
    ClientMessage::try_from(frame)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::ErrorCode;

    #[test]
    fn every_code_is_distinct_and_goes_out_as_its_text() {
        let mut seen = std::collections::BTreeSet::new();
        for code in ErrorCode::ALL {
            assert!(seen.insert(code.as_str()), "{code:?} twice");
            assert_eq!(
                serde_json::to_value(code).unwrap(),
                serde_json::json!(code.as_str())
            );
        }
    }
}
