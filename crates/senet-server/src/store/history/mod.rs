//! Match-history queries: finished games newest first (keyset pagination
//! over `(finished_at, id)`), games in progress, per-player totals — for
//! every rule set and any number of seats.
//!
//! Indexes: `games_finished_order` walks every finished game newest first;
//! `game_seats_player_finished` walks one player's finished games newest
//! first (migration `20261201000001_steps_and_seats`; a seat row repeats its
//! game's `finished_at` for it). A player filter matches the player in any
//! seat; a game where they hold several seats is listed once.
//!
//! A name filter runs one of two ways, by how many players match it
//! ([`NAME_GATHER_MAX`]).
//!
//! Filters only ever add fixed SQL fragments; every value is a bound
//! parameter.
//!
//! Privacy: a game of a private room (a room made with `public: false`,
//! and every room against the computer) is listed only to its players.
//! Every list here takes the viewer (the player asking, if any) and adds
//! [`visible_to`]'s condition.
//!
//! One job a file: [`filters`] turns a [`HistoryQuery`] into SQL, [`list`]
//! reads the lists and a game with their seats, [`totals`] counts a
//! player's games by rule set and place.

mod filters;
mod list;
mod totals;

use uuid::Uuid;

use super::GameRow;

pub use filters::{HistoryQuery, WinnerFilter, contains_pattern};
pub use totals::{RuleSetTotals, Totals};

/// A game as the history lists it: the game's row with what the history
/// adds (its steps counted, its room's visibility and time control).
#[derive(Debug, Clone)]
pub struct HistoryRow {
    /// The game, with its seats and their players' names and levels.
    pub game: GameRow,
    /// Steps stored (step numbers run 1..=n, so this is the highest).
    pub step_count: i32,
    /// Of those, chance steps (under the stick rule sets, one a turn).
    pub chance_count: i64,
    /// Whether the game's room is public; a private room's games are shown
    /// to their players only.
    pub public: bool,
    /// The room's time control as stored text (`clock:300+2`, `move:30`);
    /// `None` for none.
    pub time_control: Option<String>,
}

impl HistoryRow {
    /// Whether `viewer` may see this game: anyone when its room is public,
    /// only its players when it is private.
    #[must_use]
    pub fn visible_to(&self, viewer: Option<Uuid>) -> bool {
        self.public
            || viewer.is_some_and(|v| self.game.seats.iter().any(|s| s.player_id == Some(v)))
    }
}
