//! A player's rating as a list shows it beside their name (the lobby's
//! rooms): rounded, and marked while it is provisional ("1500?").

use serde::{Deserialize, Serialize};

use super::Rating;

/// A rating as shown beside a name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownRating {
    /// The rating, rounded.
    pub rating: i32,
    /// Whether it is still provisional (shown with "?").
    pub provisional: bool,
}

impl ShownRating {
    /// The rating as shown.
    #[must_use]
    pub fn of(rating: &Rating) -> ShownRating {
        ShownRating {
            // Ratings stay within a few thousand points of 1500: the cast
            // cannot saturate.
            #[allow(clippy::cast_possible_truncation)]
            rating: rating.rating.round() as i32,
            provisional: rating.provisional(),
        }
    }
}
