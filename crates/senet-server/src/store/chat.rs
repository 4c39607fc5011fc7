//! Chat: each message stored with its game before anyone is told of it,
//! a room's recent messages for those who join, a game's messages for its
//! history, and the room's chat switch.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::games::needs_postgres_for;
use super::leases::room_fence;
use super::{Lease, Pool, Store, WriteError, one_row};

/// A chat message about to be stored.
#[derive(Debug, Clone, Copy)]
pub struct NewChat<'a> {
    /// The game it is written during (the room's current game).
    pub game_id: Uuid,
    /// `players` or `spectators`.
    pub channel: &'a str,
    /// The author.
    pub player_id: Uuid,
    /// The author's display name as of now.
    pub display_name: &'a str,
    /// The text, already checked.
    pub body: &'a str,
    /// When it was written.
    pub sent_at: DateTime<Utc>,
}

/// A stored chat message.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ChatRow {
    /// Its game.
    pub game_id: Uuid,
    /// Its number within the game, from 1 over both channels.
    pub seq_no: i32,
    /// `players` or `spectators`.
    pub channel: String,
    /// The author.
    pub player_id: Uuid,
    /// The author's display name when they wrote it.
    pub display_name: String,
    /// The text.
    pub body: String,
    /// When it was written.
    pub sent_at: DateTime<Utc>,
}

const CHAT_COLUMNS: &str =
    "c.game_id, c.seq_no, c.channel, c.player_id, c.display_name, c.body, c.sent_at";

impl Store {
    /// Stores a chat message as the next of its game, in one transaction;
    /// returns its number. The number is taken inside the transaction, so
    /// a write whose outcome is unknown never leaves a number half-used.
    /// With a `fence` (several nodes) it is refused once the room's lease
    /// has moved on, like every other write of a room.
    pub async fn insert_chat(
        &self,
        chat: &NewChat<'_>,
        fence: Option<&Lease>,
    ) -> Result<i32, WriteError> {
        needs_postgres_for(self, fence.is_some())?;
        in_transaction!(self, conn => {
            room_fence!(conn, fence);
            sqlx::query_scalar::<_, i32>(
                "INSERT INTO chat_messages
                     (game_id, seq_no, channel, player_id, display_name, body, sent_at)
                 SELECT $1, COALESCE(MAX(seq_no), 0) + 1, $2, $3, $4, $5, $6
                 FROM chat_messages WHERE game_id = $1
                 RETURNING seq_no",
            )
            .bind(chat.game_id)
            .bind(chat.channel)
            .bind(chat.player_id)
            .bind(chat.display_name)
            .bind(chat.body)
            .bind(chat.sent_at)
            .fetch_one(&mut *conn)
            .await
        })
    }

    /// The number of a stored message, found by its game, author, time and
    /// text: how a write whose outcome is unknown is resolved (the author
    /// cannot send two messages at the same microsecond, so the match is
    /// that message or none).
    pub async fn find_chat(&self, chat: &NewChat<'_>) -> Result<Option<i32>, sqlx::Error> {
        read!(self, pool => sqlx::query_scalar(
            "SELECT seq_no FROM chat_messages
             WHERE game_id = $1 AND player_id = $2 AND sent_at = $3 AND body = $4",
        )
        .bind(chat.game_id)
        .bind(chat.player_id)
        .bind(chat.sent_at)
        .bind(chat.body)
        .fetch_optional(pool)
        .await)
    }

    /// The latest `limit` messages of a room's channel over all its games,
    /// oldest first.
    pub async fn recent_chat(
        &self,
        room: &str,
        channel: &str,
        limit: i64,
    ) -> Result<Vec<ChatRow>, sqlx::Error> {
        let sql = format!(
            "SELECT {CHAT_COLUMNS} FROM chat_messages c
             JOIN games g ON g.id = c.game_id
             WHERE g.room_code = $1 AND c.channel = $2
             ORDER BY g.game_no DESC, c.seq_no DESC
             LIMIT $3"
        );
        let mut rows: Vec<ChatRow> = read!(self, pool => sqlx::query_as(&sql)
            .bind(room)
            .bind(channel)
            .bind(limit)
            .fetch_all(pool)
            .await)?;
        rows.reverse();
        Ok(rows)
    }

    /// Every chat message of a game, both channels, in order.
    pub async fn game_chat(&self, game_id: Uuid) -> Result<Vec<ChatRow>, sqlx::Error> {
        let sql = format!(
            "SELECT {CHAT_COLUMNS} FROM chat_messages c WHERE c.game_id = $1 ORDER BY c.seq_no"
        );
        read!(self, pool => sqlx::query_as(&sql).bind(game_id).fetch_all(pool).await)
    }

    /// Whether the room's chat is off; `None` when there is no such room.
    pub async fn chat_off(&self, room: &str) -> Result<Option<bool>, sqlx::Error> {
        read!(self, pool => sqlx::query_scalar("SELECT chat_off FROM rooms WHERE code = $1")
            .bind(room)
            .fetch_optional(pool)
            .await)
    }

    /// Turns the room's chat off or on (fenced like [`Store::insert_chat`]).
    pub async fn set_chat_off(
        &self,
        room: &str,
        off: bool,
        fence: Option<&Lease>,
    ) -> Result<(), WriteError> {
        needs_postgres_for(self, fence.is_some())?;
        in_transaction!(self, conn => {
            room_fence!(conn, fence);
            let done = sqlx::query("UPDATE rooms SET chat_off = $2 WHERE code = $1")
                .bind(room)
                .bind(off)
                .execute(&mut *conn)
                .await?;
            one_row(done.rows_affected())
        })
    }
}
