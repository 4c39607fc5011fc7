//! The room's chat (`docs/protocol.md`, "Chat"): two channels, the seat
//! holders' (everyone in the room reads it) and the spectators' (seat
//! holders read it only when they ask to). Each message is checked, stored
//! with the current game, and only then told to the connections that read
//! its channel. The creator may turn chat off and on for the room.
//!
//! Chat frames carry no event number: each goes to part of the room only,
//! so numbering them would show the others gaps that are not missed
//! events.

use chrono::{SubsecRound, Utc};

use super::Room;
use crate::rooms::act::{Refusal, refuse};
use crate::rooms::chat::{CHAT_RECENT, ChatState, check_text, line_of};
use crate::rooms::commands::ConnId;
use crate::store::NewChat;
use crate::ws::protocol::v2::{ChatChannel, ChatLine, Message};
use crate::ws::protocol::{ErrorCode, Version};

fn not_allowed(message: &str) -> Refusal {
    refuse(ErrorCode::ChatNotAllowed, message)
}

impl Room {
    /// Loads the chat's switch and recent messages unless loaded already.
    async fn load_chat(&mut self) -> Result<(), Refusal> {
        if self.chat.is_loaded() {
            return Ok(());
        }
        let unreadable = |error: sqlx::Error| {
            tracing::warn!(%error, "cannot read the room's chat");
            refuse(
                ErrorCode::StorageError,
                "the chat could not be read; try again",
            )
        };
        let off = self.store.chat_off(&self.code).await.map_err(unreadable)?;
        let limit = i64::try_from(CHAT_RECENT).unwrap_or(i64::MAX);
        let mut recent = Vec::new();
        for channel in [ChatChannel::Players, ChatChannel::Spectators] {
            let rows = self
                .store
                .recent_chat(&self.code, channel.as_str(), limit)
                .await
                .map_err(unreadable)?;
            recent.push(rows.into_iter().filter_map(line_of).collect());
        }
        let spectators = recent.pop().unwrap_or_default();
        let players = recent.pop().unwrap_or_default();
        self.chat = ChatState::loaded(off != Some(true), players, spectators);
        Ok(())
    }

    /// Whether a connection reads a channel: everyone reads the players';
    /// the spectators' is read by spectators and by seat holders who
    /// follow it.
    fn reads(&self, conn: ConnId, channel: ChatChannel) -> bool {
        match channel {
            ChatChannel::Players => true,
            ChatChannel::Spectators => {
                self.seat_of(conn).is_none()
                    || self
                        .audience
                        .get(conn)
                        .is_some_and(|c| c.follows_spectators)
            }
        }
    }

    /// Sends a version 2 connection the recent chat it reads and whether
    /// chat is on. A store that cannot be read leaves it without history
    /// (it has its snapshot; the next `chat_follow` or reconnect tries
    /// again).
    pub(super) async fn send_chat_history(&mut self, conn: ConnId) {
        if self
            .audience
            .get(conn)
            .is_none_or(|c| c.version != Version::V2)
        {
            return;
        }
        if self.load_chat().await.is_err() {
            return;
        }
        let channels: Vec<ChatChannel> = [ChatChannel::Players, ChatChannel::Spectators]
            .into_iter()
            .filter(|channel| self.reads(conn, *channel))
            .collect();
        let mut messages: Vec<ChatLine> = channels
            .iter()
            .flat_map(|channel| self.chat.recent(*channel).iter().cloned())
            .collect();
        messages.sort_by_key(|line| line.at);
        let player = self.audience.get(conn).and_then(|c| c.player);
        let creator = player.is_some() && self.listing.origin().map(|o| o.creator) == player;
        let history = Message::ChatHistory {
            on: self.chat.is_on(),
            creator,
            channels,
            messages,
        };
        self.send_v2_unnumbered(&[conn], &history);
    }

    /// Sends an unnumbered version 2 frame to these connections, dropping
    /// any whose queue is full.
    fn send_v2_unnumbered(&mut self, to: &[ConnId], message: &Message) {
        let slow = self.audience.send_each(to, &message.to_json(None));
        self.drop_slow(slow);
    }

    /// `chat`: checks who writes where, the switch and the text; stores
    /// the message; then tells it to every connection that reads the
    /// channel. A refusal stores and tells nothing.
    pub(super) async fn chat(
        &mut self,
        conn: ConnId,
        channel: ChatChannel,
        text: &str,
    ) -> Result<(), Refusal> {
        let seated = self.seat_of(conn).is_some();
        match (channel, seated) {
            (ChatChannel::Players, false) => {
                return Err(not_allowed(
                    "only the seated players write to the players' chat; spectators write to `spectators`",
                ));
            }
            (ChatChannel::Spectators, true) => {
                return Err(not_allowed(
                    "players may read the spectators' chat but not write to it",
                ));
            }
            _ => {}
        }
        let Some((player_id, name)) = self
            .audience
            .get(conn)
            .and_then(|c| Some((c.player?, c.name.clone()?)))
        else {
            return Err(not_allowed(
                "chat needs a player: connect with a player token",
            ));
        };
        self.load_chat().await?;
        if !self.chat.is_on() {
            return Err(refuse(
                ErrorCode::ChatOff,
                "the room's creator turned chat off",
            ));
        }
        let text = check_text(text).map_err(|(code, message)| refuse(code, message))?;
        // Microseconds, as both databases keep them, so that reading the
        // message back finds it by its time.
        let at = Utc::now().trunc_subsecs(6);
        let game_id = self.slot.id;
        let new = NewChat {
            game_id,
            channel: channel.as_str(),
            player_id,
            display_name: &name,
            body: text,
            sent_at: at,
        };
        let no = self.store_chat(&new).await?;
        let line = ChatLine {
            game_id,
            no,
            channel,
            player_id,
            display_name: name,
            text: text.to_owned(),
            at,
        };
        self.chat.keep(line.clone());
        let readers: Vec<ConnId> = self
            .audience
            .iter()
            .filter(|(_, c)| c.version == Version::V2)
            .map(|(id, _)| id)
            .filter(|id| self.reads(*id, channel))
            .collect();
        self.send_v2_unnumbered(&readers, &Message::Chat(line));
        Ok(())
    }

    /// Stores a message; an outcome the database left unknown is read
    /// back, never guessed.
    async fn store_chat(&mut self, new: &NewChat<'_>) -> Result<i32, Refusal> {
        let not_stored = || {
            refuse(
                ErrorCode::StorageError,
                "the message could not be stored; nothing was sent, try again",
            )
        };
        match self.store.insert_chat(new, self.fence()).await {
            Ok(no) => Ok(no),
            Err(error) if error.is_fenced() => Err(self.moved_away()),
            Err(error) if error.is_unknown() => {
                tracing::warn!(%error, "a chat message's commit is unknown; reading it back");
                match self.store.find_chat(new).await {
                    Ok(Some(no)) => Ok(no),
                    Ok(None) => Err(not_stored()),
                    Err(error) => {
                        tracing::warn!(%error, "a chat message could not be read back");
                        Err(refuse(
                            ErrorCode::StorageError,
                            "the database did not say whether the message was stored; \
                             if it was, it shows after a reload",
                        ))
                    }
                }
            }
            Err(error) => {
                tracing::warn!(%error, "a chat message could not be stored");
                Err(not_stored())
            }
        }
    }

    /// `chat_follow`: a seat holder starts or stops reading the
    /// spectators' chat; answered with the chat it reads now. Spectators
    /// read it anyway.
    pub(super) async fn chat_follow(&mut self, conn: ConnId, follow: bool) -> Result<(), Refusal> {
        // Loaded first: a refusal leaves the connection as it was.
        self.load_chat().await?;
        if let Some(c) = self.audience.get_mut(conn) {
            c.follows_spectators = follow;
        }
        self.send_chat_history(conn).await;
        Ok(())
    }

    /// `chat_setting`: the room's creator turns chat on or off; stored,
    /// then told to everyone.
    pub(super) async fn chat_setting(&mut self, conn: ConnId, on: bool) -> Result<(), Refusal> {
        let creator = self.listing.origin().map(|origin| origin.creator);
        let sender = self.audience.get(conn).and_then(|c| c.player);
        if creator.is_none() || creator != sender {
            return Err(not_allowed(
                "only the room's creator turns its chat on or off",
            ));
        }
        self.load_chat().await?;
        match self.store.set_chat_off(&self.code, !on, self.fence()).await {
            Ok(()) => {}
            Err(error) if error.is_fenced() => return Err(self.moved_away()),
            Err(error) => {
                tracing::warn!(%error, "the chat switch could not be stored");
                return Err(refuse(
                    ErrorCode::StorageError,
                    "the setting could not be stored; nothing changed, try again",
                ));
            }
        }
        self.chat.switch(on);
        tracing::info!(on, "chat switched");
        self.tell(None, &Message::ChatSetting { on });
        Ok(())
    }
}
