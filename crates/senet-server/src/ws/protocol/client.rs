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
}

/// On the wire an error code is its text.
impl Serialize for ErrorCode {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
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
