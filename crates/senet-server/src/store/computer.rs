//! Storage for the computer's players: which level a stored player is.
//! (Its player row is created with its first room, in `Store::create_room`.)

use uuid::Uuid;

use super::{Pool, Store};

impl Store {
    /// The computer level stored for a player, `None` for people (and
    /// unknown ids).
    pub async fn computer_level(&self, player: Uuid) -> Result<Option<String>, sqlx::Error> {
        let level: Option<Option<String>> = read!(self, pool => sqlx::query_scalar(
            "SELECT computer_level FROM players WHERE id = $1",
        )
        .bind(player)
        .fetch_optional(pool)
        .await)?;
        Ok(level.flatten())
    }
}
