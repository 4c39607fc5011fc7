//! Exact values from endgame tables, lent to the expert.

use senet_engine::kendall_v1::Position;

/// Exact win chances for the positions an endgame table covers.
///
/// The AI does no I/O: a caller loads tables (the `senet-tablebase` crate
/// does) and lends them to [`crate::Player::rank_with`]. With them the
/// expert plays the best move by exact value whenever every move leads to a
/// covered position (or ends the game), and its search stops at covered
/// positions with their exact values instead of an evaluation.
pub trait Endgame: Send + Sync {
    /// The chance that the side about to throw in `position` wins with best
    /// play by both sides, or `None` when the tables do not cover it.
    fn win_chance(&self, position: &Position) -> Option<f64>;
}
