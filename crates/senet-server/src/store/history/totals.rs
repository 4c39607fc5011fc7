//! A player's totals: finished games and wins, overall and by rule set,
//! with the places they took.

use senet_engine::RuleSetId;
use uuid::Uuid;

use super::super::names;
use super::super::{Pool, Store};
use super::filters::visible_to;

/// A player's finished games and wins, overall and by rule set.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Totals {
    /// Finished games played.
    pub games: i64,
    /// Of those, won (finished first).
    pub wins: i64,
    /// The same by rule set (those with a game only), in the order of the
    /// rule sets' names.
    pub by_rule_set: Vec<RuleSetTotals>,
}

/// A player's finished games of one rule set.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleSetTotals {
    /// The rule set.
    pub rule_set: RuleSetId,
    /// Finished games played.
    pub games: i64,
    /// Of those, won (finished first).
    pub wins: i64,
    /// How many games they finished in each place: index 0 first place,
    /// 1 second, … up to the last place they took. Where they held several
    /// seats of a game, their best place counts.
    pub places: Vec<i64>,
}

/// One row of the totals query: a rule set, a place (`None` for a
/// finished game whose seat has no place) and how many games.
#[derive(sqlx::FromRow)]
struct PlaceCount {
    rule_set: String,
    place: Option<i16>,
    games: i64,
}

impl Store {
    /// A player's finished games, wins and places, overall and by rule
    /// set: all of them when `with_private` (the player asks about
    /// themselves), else only public rooms' games, so the figures agree
    /// with the list the asker can see.
    pub async fn player_totals(
        &self,
        player: Uuid,
        with_private: bool,
    ) -> Result<Totals, sqlx::Error> {
        let visible = if with_private {
            String::new()
        } else {
            format!(" AND {}", visible_to(None))
        };
        // The player's seats along `game_seats_player_finished`, one row a
        // game with their best place, then counted by rule set and place.
        let sql = format!(
            "SELECT g.rule_set, b.place, COUNT(*) AS games
             FROM (SELECT s.game_id, MIN(s.place) AS place
                   FROM game_seats s
                   WHERE s.player_id = $1 AND s.finished_at IS NOT NULL
                   GROUP BY s.game_id) b
             JOIN games g ON g.id = b.game_id
             WHERE g.status = 'finished'{visible}
             GROUP BY g.rule_set, b.place
             ORDER BY g.rule_set, b.place"
        );
        let rows: Vec<PlaceCount> = read!(self, pool => sqlx::query_as(&sql)
            .bind(player)
            .fetch_all(pool)
            .await)?;
        totals_of(player, rows)
    }
}

/// Folds the counts by rule set and place into totals.
/// A stored rule set this server does not know fails the whole read
/// ([`super::super::names`]): totals without it would be wrong.
fn totals_of(player: Uuid, rows: Vec<PlaceCount>) -> Result<Totals, sqlx::Error> {
    let mut totals = Totals::default();
    for row in rows {
        let rule_set = names::parse(format!("a game of player {player}"), &row.rule_set)?;
        if totals.by_rule_set.last().map(|t| t.rule_set) != Some(rule_set) {
            totals.by_rule_set.push(RuleSetTotals {
                rule_set,
                ..RuleSetTotals::default()
            });
        }
        let Some(of_rule_set) = totals.by_rule_set.last_mut() else {
            continue;
        };
        of_rule_set.games += row.games;
        totals.games += row.games;
        // Places run from 1; anything else counts as a game only.
        if let Some(index) = row
            .place
            .and_then(|p| usize::try_from(p).ok())
            .and_then(|p| p.checked_sub(1))
            .filter(|i| *i < usize::from(senet_engine::MAX_SEATS))
        {
            if of_rule_set.places.len() <= index {
                of_rule_set.places.resize(index + 1, 0);
            }
            of_rule_set.places[index] += row.games;
            if index == 0 {
                of_rule_set.wins += row.games;
                totals.wins += row.games;
            }
        }
    }
    Ok(totals)
}
