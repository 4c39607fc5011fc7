//! Storage for games against the computer: the rooms whose first game
//! starts at once, and the computer's player rows.

use uuid::Uuid;

use super::{Pool, Store};
use crate::computer::ComputerLevel;

/// A room to store with its first game (see [`Store::create_room`]).
#[derive(Debug, Clone, Copy)]
pub struct NewRoom<'a> {
    /// The room's code.
    pub code: &'a str,
    /// The rule set's stable name.
    pub rule_set: &'a str,
    /// Listed in the lobby.
    pub public: bool,
    /// The player who created it.
    pub creator: Uuid,
    /// Its first game.
    pub game_id: Uuid,
    /// Who plays the Cone, if seated.
    pub cone: Option<Uuid>,
    /// Who plays the Spool, if seated.
    pub spool: Option<Uuid>,
    /// The computer's level when it takes the other seat; the game then
    /// starts at once.
    pub computer: Option<ComputerLevel>,
}

impl Store {
    /// The computer level stored for a player, `None` for people (and
    /// unknown ids).
    pub async fn computer_level(&self, player: Uuid) -> Result<Option<String>, sqlx::Error> {
        let level: Option<Option<String>> = on_pool!(self, pool => sqlx::query_scalar(
            "SELECT computer_level FROM players WHERE id = $1",
        )
        .bind(player)
        .fetch_optional(pool)
        .await)?;
        Ok(level.flatten())
    }
}
