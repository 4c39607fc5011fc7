//! Bulk loading of finished games with their seats and steps: imports,
//! tests and the history benchmark (`scripts/bench-history`).

use chrono::{DateTime, Utc};
use senet_engine::{EndHow, RuleSetId};
use uuid::Uuid;

use super::{GameStatus, NewStep, Pool, Store};

/// A finished game to store in bulk (imports, tests and benchmarks).
#[derive(Debug, Clone)]
pub struct ImportGame {
    /// Game id.
    pub id: Uuid,
    /// A new room's code (the game is its game 1).
    pub room_code: String,
    /// The rule set.
    pub rule_set: RuleSetId,
    /// The players by seat, seat 0 first (each must exist or be in the
    /// same import); the first is the room's creator. Its length is the
    /// seat count.
    pub players: Vec<Uuid>,
    /// How it ended.
    pub how: EndHow,
    /// Seats from first place to last.
    pub places: Vec<u8>,
    /// Scores by seat number; empty where the rule set does not score.
    pub scores: Vec<i32>,
    /// When it started.
    pub started_at: DateTime<Utc>,
    /// When it ended.
    pub finished_at: DateTime<Utc>,
    /// Its steps, in order (stored with `started_at` as their time).
    pub steps: Vec<NewStep>,
}

impl ImportGame {
    /// The place of a seat, 1 = first.
    fn place_of(&self, seat: usize) -> Option<i16> {
        self.places
            .iter()
            .position(|&s| usize::from(s) == seat)
            .and_then(|i| i16::try_from(i + 1).ok())
    }
}

/// Rows per multi-row `INSERT` (under both databases' parameter limits).
const CHUNK: usize = 1000;

/// A bad import, refused before anything is written.
fn invalid(message: String) -> sqlx::Error {
    sqlx::Error::InvalidArgument(message)
}

impl Store {
    /// Stores players and finished games with their seats and steps in one
    /// transaction, with multi-row inserts. A bulk load for benchmarks and
    /// imports: it may run for minutes, so the per-call time limit of live
    /// play does not apply, and nobody is told of it before it returns.
    /// The games' rooms are public: imported games are there to be listed.
    pub async fn import_games(
        &self,
        players: &[(Uuid, String)],
        games: &[ImportGame],
    ) -> Result<(), sqlx::Error> {
        for game in games {
            if !(1..=4).contains(&game.players.len()) {
                return Err(invalid(format!("game {}: 1 to 4 seats", game.id)));
            }
            if game
                .steps
                .iter()
                .any(|s| s.seat.is_some_and(|seat| seat > 3))
            {
                return Err(invalid(format!("game {}: seats are 0 to 3", game.id)));
            }
        }
        let now = Utc::now();
        let no_hash: &[u8] = &[];
        let seats: Vec<_> = games
            .iter()
            .flat_map(|g| {
                g.players.iter().enumerate().map(move |(seat, player)| {
                    (
                        g.id,
                        i16::try_from(seat).unwrap_or(i16::MAX),
                        *player,
                        g.place_of(seat),
                        g.scores.get(seat).copied(),
                        g.finished_at,
                    )
                })
            })
            .collect();
        let steps: Vec<_> = games
            .iter()
            .flat_map(|g| {
                g.steps.iter().enumerate().map(move |(i, step)| {
                    (
                        g.id,
                        i32::try_from(i + 1).unwrap_or(i32::MAX),
                        step.seat.map(i16::from),
                        step.text.as_str(),
                        g.started_at,
                    )
                })
            })
            .collect();
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            for chunk in players.chunks(CHUNK) {
                let mut q = sqlx::QueryBuilder::new(
                    "INSERT INTO players (id, display_name, token_hash, created_at) ",
                );
                q.push_values(chunk, |mut b, (id, name)| {
                    b.push_bind(*id).push_bind(name.clone()).push_bind(no_hash).push_bind(now);
                });
                q.build().execute(&mut *tx).await?;
            }
            for chunk in games.chunks(CHUNK) {
                let mut q = sqlx::QueryBuilder::new(
                    "INSERT INTO rooms (code, rule_set, public, creator_id, created_at) ",
                );
                q.push_values(chunk, |mut b, g| {
                    b.push_bind(g.room_code.clone())
                        .push_bind(g.rule_set.as_str())
                        .push_bind(true)
                        .push_bind(g.players[0])
                        .push_bind(g.started_at);
                });
                q.build().execute(&mut *tx).await?;
                let mut q = sqlx::QueryBuilder::new(
                    "INSERT INTO games (id, room_code, game_no, rule_set, seat_count, \
                     status, end_how, created_at, started_at, finished_at) ",
                );
                q.push_values(chunk, |mut b, g| {
                    b.push_bind(g.id)
                        .push_bind(g.room_code.clone())
                        .push_bind(1_i32)
                        .push_bind(g.rule_set.as_str())
                        .push_bind(i16::try_from(g.players.len()).unwrap_or(4))
                        .push_bind(GameStatus::Finished.as_str())
                        .push_bind(g.how.as_str())
                        .push_bind(g.started_at)
                        .push_bind(g.started_at)
                        .push_bind(g.finished_at);
                });
                q.build().execute(&mut *tx).await?;
            }
            for chunk in seats.chunks(CHUNK) {
                let mut q = sqlx::QueryBuilder::new(
                    "INSERT INTO game_seats (game_id, seat, player_id, place, score, finished_at) ",
                );
                q.push_values(chunk, |mut b, (id, seat, player, place, score, at)| {
                    b.push_bind(*id)
                        .push_bind(*seat)
                        .push_bind(*player)
                        .push_bind(*place)
                        .push_bind(*score)
                        .push_bind(*at);
                });
                q.build().execute(&mut *tx).await?;
            }
            for chunk in steps.chunks(CHUNK) {
                let mut q = sqlx::QueryBuilder::new(
                    "INSERT INTO steps (game_id, step_no, seat, step, played_at) ",
                );
                q.push_values(chunk, |mut b, (id, step_no, seat, text, at)| {
                    b.push_bind(*id)
                        .push_bind(*step_no)
                        .push_bind(*seat)
                        .push_bind(text.to_string())
                        .push_bind(*at);
                });
                q.build().execute(&mut *tx).await?;
            }
            tx.commit().await
        })
    }
}
