//! Rows read from the database.

use chrono::{DateTime, Utc};
use uuid::Uuid;

/// A player.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PlayerRow {
    /// Player id.
    pub id: Uuid,
    /// Display name.
    pub display_name: String,
    /// SHA-256 of the token secret.
    pub token_hash: Vec<u8>,
}

/// A room.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RoomRow {
    /// Room code.
    pub code: String,
    /// Rule set name.
    pub rule_set: String,
    /// Listed in the lobby.
    pub public: bool,
}

/// A game with its seat holders' names.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct GameRow {
    /// Game id.
    pub id: Uuid,
    /// Room code.
    pub room_code: String,
    /// 1 for the first game of the room, then 2, 3… for rematches.
    pub game_no: i32,
    /// Rule set name.
    pub rule_set: String,
    /// The Cone's player.
    pub cone_player: Option<Uuid>,
    /// The Spool's player.
    pub spool_player: Option<Uuid>,
    /// The Cone's display name.
    pub cone_name: Option<String>,
    /// The Spool's display name.
    pub spool_name: Option<String>,
    /// `waiting`, `playing` or `finished`.
    pub status: String,
    /// The winner's side.
    pub winner: Option<String>,
    /// How the game ended.
    pub result_how: Option<String>,
    /// Stick bits of a throw not yet moved by.
    pub pending_sticks: Option<i16>,
    /// When the room's game was created.
    pub created_at: DateTime<Utc>,
    /// When the game ended.
    pub finished_at: Option<DateTime<Utc>>,
}

/// A stored turn.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TurnRow {
    /// 1-based turn number.
    pub turn_no: i32,
    /// `cone` or `spool`.
    pub side: String,
    /// Throw value.
    pub throw: i16,
    /// Stick bits.
    pub sticks: i16,
    /// The moved piece's square, `None` for a forfeit.
    pub from_square: Option<i16>,
    /// Position text after the turn.
    pub position: String,
    /// When the turn was stored.
    pub played_at: DateTime<Utc>,
}

/// A lobby entry.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LobbyRow {
    /// Room code.
    pub code: String,
    /// Rule set name.
    pub rule_set: String,
    /// The creator's display name.
    pub creator_name: String,
    /// The seat still open.
    pub open_side: String,
    /// When the room was created.
    pub created_at: DateTime<Utc>,
}
