//! Rating pools: which games' results share a rating.

use std::fmt;

use senet_engine::RuleSetId;

/// A rating pool: a rule set, and Senet-modern by its seat count (a
/// four-player game is another game than a duel).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pool {
    /// The rule set.
    pub rule_set: RuleSetId,
    /// Its seat count: 2, or for Senet-modern 2 to 4.
    pub seats: u8,
}

/// How a pool's ratings are updated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Glicko-2, two seats.
    Glicko2,
    /// Weng-Lin, three or four seats.
    WengLin,
}

impl Pool {
    /// Every pool, in the order pages list them.
    #[must_use]
    pub fn all() -> Vec<Pool> {
        let mut pools = Vec::new();
        for rule_set in RuleSetId::ALL {
            if rule_set == RuleSetId::Modern {
                pools.extend((2..=4).map(|seats| Pool { rule_set, seats }));
            } else {
                pools.push(Pool { rule_set, seats: 2 });
            }
        }
        pools
    }

    /// The pool a game of this rule set and seat count is rated in.
    #[must_use]
    pub fn of(rule_set: RuleSetId, seats: usize) -> Pool {
        Pool {
            rule_set,
            seats: u8::try_from(seats).unwrap_or(u8::MAX),
        }
    }

    /// How its ratings are updated.
    #[must_use]
    pub fn method(&self) -> Method {
        if self.seats > 2 {
            Method::WengLin
        } else {
            Method::Glicko2
        }
    }

    /// The pool with this name, if it is one.
    #[must_use]
    pub fn parse(name: &str) -> Option<Pool> {
        Pool::all()
            .into_iter()
            .find(|pool| pool.to_string() == name)
    }
}

/// Its stored name: the rule set's id (`kendall`, `peril`…), and
/// `modern-2`, `modern-3`, `modern-4`.
impl fmt::Display for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.rule_set == RuleSetId::Modern {
            write!(f, "{}-{}", self.rule_set, self.seats)
        } else {
            write!(f, "{}", self.rule_set)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        let names: Vec<String> = Pool::all().iter().map(ToString::to_string).collect();
        assert_eq!(
            names,
            [
                "kendall",
                "kendall-7",
                "jequier",
                "simple",
                "peril",
                "modern-2",
                "modern-3",
                "modern-4"
            ]
        );
        for pool in Pool::all() {
            assert_eq!(Pool::parse(&pool.to_string()), Some(pool));
        }
        assert_eq!(Pool::parse("modern"), None);
    }
}
