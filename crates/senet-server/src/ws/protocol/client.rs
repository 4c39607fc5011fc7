//! What clients send, in both protocol versions, and the codes of every
//! refusal (`docs/protocol.md`): version 1 decides with `move`, version 2
//! with `decide` and has chat; the rest is shared.

use serde::{Deserialize, Serialize};

use super::Version;

/// A message from a client.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
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
        channel: super::v2::ChatChannel,
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

/// Why a client message was refused; each has its own wire code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The frame is not JSON (or not a JSON object).
    BadJson,
    /// The `type` is missing or unknown.
    UnknownType,
    /// The type is known but its fields are wrong.
    BadMessage,
    /// `v` is not a version this server speaks.
    UnsupportedVersion,
    /// Binary frames are not part of the protocol.
    BinaryNotSupported,
    /// The frame is larger than 4 KiB.
    FrameTooLarge,
    /// The sender holds no seat in this game (spectator, or no token).
    NotAPlayer,
    /// It is the other side's turn.
    NotYourTurn,
    /// The game is waiting for an opponent.
    GameNotStarted,
    /// The game is over.
    GameOver,
    /// A move was sent before throwing.
    MustThrowFirst,
    /// A throw was sent while a move is due.
    MustMoveFirst,
    /// The engine refused the move; `reason` holds its code.
    IllegalMove,
    /// Rematch messages are only for finished games.
    GameNotOver,
    /// There is no rematch offer from the opponent to answer.
    NoRematchOffer,
    /// The win cannot be claimed: the opponent is not (long enough) away.
    NotAbandoned,
    /// Storing the action failed; nothing changed. Try again.
    StorageError,
    /// Another server runs the game now; nothing changed. The connection
    /// closes (1012) and the client reconnects.
    RoomMoved,
    /// The sender's clock ran out: the seat lost (or is out) on time.
    OutOfTime,
    /// A chat message with nothing but white space.
    ChatEmpty,
    /// A chat message longer than 280 characters.
    ChatTooLong,
    /// A chat message with a control character (a line break, a tab, …).
    ChatBadText,
    /// More chat messages than the connection may send for now.
    ChatRateLimited,
    /// The room's creator turned chat off.
    ChatOff,
    /// The sender may not do this in chat: write to the other channel,
    /// write without a player token, or switch a room's chat that is not
    /// theirs.
    ChatNotAllowed,
}

impl ErrorCode {
    /// The wire code.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadJson => "bad_json",
            ErrorCode::UnknownType => "unknown_type",
            ErrorCode::BadMessage => "bad_message",
            ErrorCode::UnsupportedVersion => "unsupported_version",
            ErrorCode::BinaryNotSupported => "binary_not_supported",
            ErrorCode::FrameTooLarge => "frame_too_large",
            ErrorCode::NotAPlayer => "not_a_player",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::GameNotStarted => "game_not_started",
            ErrorCode::GameOver => "game_over",
            ErrorCode::MustThrowFirst => "must_throw_first",
            ErrorCode::MustMoveFirst => "must_move_first",
            ErrorCode::IllegalMove => "illegal_move",
            ErrorCode::GameNotOver => "game_not_over",
            ErrorCode::NoRematchOffer => "no_rematch_offer",
            ErrorCode::NotAbandoned => "not_abandoned",
            ErrorCode::StorageError => "storage_error",
            ErrorCode::RoomMoved => "room_moved",
            ErrorCode::OutOfTime => "out_of_time",
            ErrorCode::ChatEmpty => "chat_empty",
            ErrorCode::ChatTooLong => "chat_too_long",
            ErrorCode::ChatBadText => "chat_bad_text",
            ErrorCode::ChatRateLimited => "chat_rate_limited",
            ErrorCode::ChatOff => "chat_off",
            ErrorCode::ChatNotAllowed => "chat_not_allowed",
        }
    }
}
