//! Difficulty levels and search budgets.

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

/// How strongly the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// A random legal move, drawn with a preference for sensible ones
    /// (captures and bear-offs more often, the House of Water rarely).
    Beginner,
    /// Greedy: the move whose resulting position evaluates best, one ply deep.
    Intermediate,
    /// Expectiminimax over the throws with Star1 pruning and iterative
    /// deepening, within a [`Budget`].
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Beginner, Level::Intermediate, Level::Expert];

    /// The stable text name: `beginner`, `intermediate` or `expert`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Intermediate => "intermediate",
            Level::Expert => "expert",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A level name that is not one of `beginner`, `intermediate`, `expert`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level `{}`; known: beginner, intermediate, expert",
            self.0
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|level| level.as_str() == text)
            .ok_or_else(|| UnknownLevel(text.to_owned()))
    }
}

/// How much work the expert search may do for one move.
///
/// The node limit makes the search deterministic: the same position, throw
/// and budget give the same answer on any machine. The optional time limit
/// is a safety net on slow or loaded machines; when it is what stops the
/// search, the answer depends on timing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Most search nodes (chance nodes and evaluated leaves) per move.
    pub nodes: u64,
    /// Wall-clock limit per move, if any.
    pub time: Option<Duration>,
}

impl Budget {
    /// Nodes per move in the default budget: about 30 ms a move on average
    /// and under 50 ms at worst on the reference machine (see `docs/ai.md`).
    pub const DEFAULT_NODES: u64 = 200_000;

    /// Time limit in the default budget, well inside the 200 ms a move the
    /// product allows.
    pub const DEFAULT_TIME: Duration = Duration::from_millis(150);

    /// A deterministic budget: at most `nodes` nodes, no time limit.
    #[must_use]
    pub const fn nodes(nodes: u64) -> Budget {
        Budget { nodes, time: None }
    }

    /// A budget of `nodes` nodes that also stops after `time`.
    #[must_use]
    pub const fn with_time(nodes: u64, time: Duration) -> Budget {
        Budget {
            nodes,
            time: Some(time),
        }
    }
}

impl Default for Budget {
    /// [`Budget::DEFAULT_NODES`] nodes with a [`Budget::DEFAULT_TIME`] safety net.
    fn default() -> Budget {
        Budget::with_time(Budget::DEFAULT_NODES, Budget::DEFAULT_TIME)
    }
}
