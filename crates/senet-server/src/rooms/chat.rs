//! A room's chat as the room keeps it (`docs/protocol.md`, "Chat"): the
//! switch, each channel's recent messages, and what a message's text may
//! be. The room's part that stores and tells messages is
//! `room/chat.rs`.

use std::collections::VecDeque;

use crate::store::ChatRow;
use crate::ws::protocol::ErrorCode;
use crate::ws::protocol::v2::{ChatChannel, ChatLine};

/// The most characters (Unicode scalar values) of a message, once trimmed.
pub const CHAT_MAX_CHARS: usize = 280;

/// How many recent messages of each channel a joining client is sent.
pub const CHAT_RECENT: usize = 100;

/// The chat as the room keeps it: its switch and each channel's recent
/// messages over the room's games, loaded from the store when first needed.
#[derive(Debug, Default)]
pub(super) struct ChatState {
    loaded: bool,
    on: bool,
    players: VecDeque<ChatLine>,
    spectators: VecDeque<ChatLine>,
}

impl ChatState {
    /// The chat as stored: its switch and each channel's recent messages.
    pub(super) fn loaded(on: bool, players: Vec<ChatLine>, spectators: Vec<ChatLine>) -> ChatState {
        ChatState {
            loaded: true,
            on,
            players: players.into(),
            spectators: spectators.into(),
        }
    }

    /// Whether it was loaded from the store yet.
    pub(super) fn is_loaded(&self) -> bool {
        self.loaded
    }

    /// Whether chat is on.
    pub(super) fn is_on(&self) -> bool {
        self.on
    }

    /// Turns chat on or off (once stored).
    pub(super) fn switch(&mut self, on: bool) {
        self.on = on;
    }

    fn recent_mut(&mut self, channel: ChatChannel) -> &mut VecDeque<ChatLine> {
        match channel {
            ChatChannel::Players => &mut self.players,
            ChatChannel::Spectators => &mut self.spectators,
        }
    }

    /// A channel's recent messages, oldest first.
    pub(super) fn recent(&self, channel: ChatChannel) -> &VecDeque<ChatLine> {
        match channel {
            ChatChannel::Players => &self.players,
            ChatChannel::Spectators => &self.spectators,
        }
    }

    /// Keeps a message told, dropping the oldest past [`CHAT_RECENT`].
    pub(super) fn keep(&mut self, line: ChatLine) {
        let recent = self.recent_mut(line.channel);
        recent.push_back(line);
        while recent.len() > CHAT_RECENT {
            recent.pop_front();
        }
    }
}

/// A message's text as it is stored: trimmed, non-empty, at most
/// [`CHAT_MAX_CHARS`] characters, no control characters. Anything else is
/// kept exactly (HTML included): clients show it as text.
pub fn check_text(text: &str) -> Result<&str, (ErrorCode, String)> {
    let text = text.trim();
    if text.is_empty() {
        return Err((ErrorCode::ChatEmpty, "the message is empty".to_owned()));
    }
    let chars = text.chars().count();
    if chars > CHAT_MAX_CHARS {
        return Err((
            ErrorCode::ChatTooLong,
            format!("messages are limited to {CHAT_MAX_CHARS} characters, not {chars}"),
        ));
    }
    if text.chars().any(char::is_control) {
        return Err((
            ErrorCode::ChatBadText,
            "messages are one line of text: no line breaks, tabs or other control characters"
                .to_owned(),
        ));
    }
    Ok(text)
}

/// A stored row as told; `None` for a channel this release does not know.
pub(super) fn line_of(row: ChatRow) -> Option<ChatLine> {
    Some(ChatLine {
        game_id: row.game_id,
        no: row.seq_no,
        channel: ChatChannel::parse(&row.channel)?,
        player_id: row.player_id,
        display_name: row.display_name,
        text: row.body,
        at: row.sent_at,
    })
}

/// The lines of a game's stored chat (for its history).
#[must_use]
pub fn lines_of(rows: Vec<ChatRow>) -> Vec<ChatLine> {
    rows.into_iter().filter_map(line_of).collect()
}

#[cfg(test)]
mod tests {
    use super::{CHAT_MAX_CHARS, check_text};
    use crate::ws::protocol::ErrorCode;

    fn code(text: &str) -> Option<ErrorCode> {
        check_text(text).err().map(|(code, _)| code)
    }

    #[test]
    fn checks_text() {
        assert_eq!(check_text("  Good luck  ").ok(), Some("Good luck"));
        assert_eq!(code("   "), Some(ErrorCode::ChatEmpty));
        assert_eq!(code(""), Some(ErrorCode::ChatEmpty));
        assert_eq!(code("a\nb"), Some(ErrorCode::ChatBadText));
        assert_eq!(code("a\u{7}b"), Some(ErrorCode::ChatBadText));
        // Characters, not bytes: 280 four-byte characters are fine.
        let wide = "𓂀".repeat(CHAT_MAX_CHARS);
        assert_eq!(check_text(&wide).ok(), Some(wide.as_str()));
        assert_eq!(
            code(&"x".repeat(CHAT_MAX_CHARS + 1)),
            Some(ErrorCode::ChatTooLong)
        );
        let html = "<script>alert(1)</script>";
        assert_eq!(check_text(html).ok(), Some(html));
    }
}
