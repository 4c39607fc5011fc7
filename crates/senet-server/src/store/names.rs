//! The names the store keeps in text columns — a game's status, its rule
//! set, how it ended — as types. Each is written from its type and read
//! back into it once, where the row is read: a stored name this server
//! does not know fails the read (logged, an internal error to the caller);
//! it is never guessed.

use std::fmt;

use senet_engine::{EndHow, RuleSetId};

/// Where a game stands, as stored in `games.status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// A seat is open.
    Waiting,
    /// Every seat is taken and the game is on.
    Playing,
    /// Over: `end_how` and the seats' places say how.
    Finished,
}

impl GameStatus {
    /// The stored name: `waiting`, `playing` or `finished`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            GameStatus::Waiting => "waiting",
            GameStatus::Playing => "playing",
            GameStatus::Finished => "finished",
        }
    }

    /// The status with this stored name.
    #[must_use]
    pub fn parse(text: &str) -> Option<GameStatus> {
        [
            GameStatus::Waiting,
            GameStatus::Playing,
            GameStatus::Finished,
        ]
        .into_iter()
        .find(|status| status.as_str() == text)
    }
}

/// A type the store keeps as its stable name in a text column.
pub(super) trait StoredName: Sized {
    /// The column it is read from, to name in errors.
    const COLUMN: &'static str;

    /// The value with this stored name, if there is one.
    fn from_stored(text: &str) -> Option<Self>;
}

impl StoredName for GameStatus {
    const COLUMN: &'static str = "status";

    fn from_stored(text: &str) -> Option<Self> {
        GameStatus::parse(text)
    }
}

impl StoredName for RuleSetId {
    const COLUMN: &'static str = "rule_set";

    fn from_stored(text: &str) -> Option<Self> {
        text.parse().ok()
    }
}

impl StoredName for EndHow {
    const COLUMN: &'static str = "end_how";

    fn from_stored(text: &str) -> Option<Self> {
        EndHow::parse(text)
    }
}

/// A stored name this server does not know (a row written by hand, or by
/// a newer release): the row is refused rather than read as something else.
#[derive(Debug)]
pub struct UnknownName {
    /// The row, as people find it (`game 0f…`, `room ab12cd`).
    pub row: String,
    /// The column.
    pub column: &'static str,
    /// What it holds.
    pub value: String,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: `{}` holds `{}`, which this server does not know",
            self.row, self.column, self.value
        )
    }
}

impl std::error::Error for UnknownName {}

/// Reads one column's stored name for `row`; an unknown one is logged and
/// fails as sqlx's own column-decoding error, so every caller treats it as
/// the database fault it is.
pub(super) fn parse<T: StoredName>(row: impl fmt::Display, text: &str) -> Result<T, sqlx::Error> {
    T::from_stored(text).ok_or_else(|| {
        let unknown = UnknownName {
            row: row.to_string(),
            column: T::COLUMN,
            value: text.to_owned(),
        };
        tracing::error!(%unknown, "unreadable stored row");
        sqlx::Error::ColumnDecode {
            index: T::COLUMN.to_owned(),
            source: Box::new(unknown),
        }
    })
}

/// [`parse`] for a column that may be `NULL`.
pub(super) fn parse_optional<T: StoredName>(
    row: impl fmt::Display,
    text: Option<&str>,
) -> Result<Option<T>, sqlx::Error> {
    text.map(|text| parse(row, text)).transpose()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    #[test]
    fn every_status_reads_back_and_unknown_names_fail() {
        for status in [
            GameStatus::Waiting,
            GameStatus::Playing,
            GameStatus::Finished,
        ] {
            assert_eq!(
                parse::<GameStatus>("game x", status.as_str()).unwrap(),
                status
            );
        }
        for how in EndHow::ALL {
            assert_eq!(parse::<EndHow>("game x", how.as_str()).unwrap(), how);
        }
        let error = parse::<RuleSetId>("game x", "Kendall").unwrap_err();
        let text = error.to_string();
        assert!(text.contains("rule_set"), "{text}");
        assert!(matches!(error, sqlx::Error::ColumnDecode { .. }));
        assert!(parse::<GameStatus>("game x", "over").is_err());
        assert_eq!(parse_optional::<EndHow>("game x", None).unwrap(), None);
    }
}
