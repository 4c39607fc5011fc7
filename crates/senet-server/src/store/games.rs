//! Writing games: a room with its first game, a rematch, a seat taken,
//! steps appended, a game ended. Each call is one transaction
//! ([`in_transaction!`]); a conditional write whose condition no longer
//! holds (a seat already taken, a game no longer playing) is refused with
//! `RowNotFound` and commits nothing.

use std::time::Instant;

use chrono::Utc;
use uuid::Uuid;

use super::leases::FirstLease;
use super::names::GameStatus;
use super::new_rows::{NewGame, NewRoom, NewStep, StoredEnd, invalid};
use super::{Backend, Store, WriteError, one_row};

impl Store {
    /// Stores a new room with its first game and the game's seats, in one
    /// transaction. The game is playing at once when every seat is filled
    /// (against the computer), else waiting. A computer level's player row
    /// is created the first time one of its seats is stored.
    pub async fn create_room(&self, room: &NewRoom<'_>) -> Result<(), WriteError> {
        self.create_room_timed(room, None).await
    }

    /// [`Store::create_room`] with the room's time control as stored text
    /// (`clock:300+2`, `move:30`; `None` for none).
    pub async fn create_room_timed(
        &self,
        room: &NewRoom<'_>,
        time_control: Option<&str>,
    ) -> Result<(), WriteError> {
        self.create_room_with(room, time_control, false).await
    }

    /// [`Store::create_room_timed`] with the room's chat switch: `chat_off`
    /// stores a room whose creator turned chat off from the start.
    pub async fn create_room_with(
        &self,
        room: &NewRoom<'_>,
        time_control: Option<&str>,
        chat_off: bool,
    ) -> Result<(), WriteError> {
        self.create_room_claiming(room, time_control, chat_off, &[], None)
            .await
    }

    /// [`Store::create_room_with`] that also claims these seeks for the
    /// room (quick pairing): each must still be unpaired, else nothing is
    /// stored (`RowNotFound`, not committed) and no pair is made twice.
    /// With `first_lease` (a node of several, PostgreSQL only) the room's
    /// lease is stored in the same transaction.
    pub async fn create_room_claiming(
        &self,
        room: &NewRoom<'_>,
        time_control: Option<&str>,
        chat_off: bool,
        seeks: &[Uuid],
        first_lease: Option<&FirstLease<'_>>,
    ) -> Result<(), WriteError> {
        needs_postgres_for(self, first_lease.is_some())?;
        let seat_count = room.game.seat_count()?;
        let now = Utc::now();
        in_transaction!(self, conn => {
            if let Some(level) = crate::computer::level_of(room.creator) {
                insert_computer!(conn, level, now);
            }
            sqlx::query(
                "INSERT INTO rooms (code, rule_set, public, creator_id, created_at, time_control, chat_off, rated)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(room.code)
            .bind(room.rule_set.as_str())
            .bind(room.public)
            .bind(room.creator)
            .bind(now)
            .bind(time_control)
            .bind(chat_off)
            .bind(room.rated)
            .execute(&mut *conn)
            .await?;
            insert_game!(conn, &room.game, room.code, seat_count, now);
            for seek in seeks {
                one_row(
                    sqlx::query("UPDATE seeks SET room_code = $1 WHERE id = $2 AND room_code IS NULL")
                        .bind(room.code)
                        .bind(*seek)
                        .execute(&mut *conn)
                        .await?
                        .rows_affected(),
                )?;
            }
            if let Some(lease) = first_lease {
                sqlx::query(super::leases::FIRST_LEASE)
                    .bind(room.code)
                    .bind(lease.node_id)
                    .bind(super::leases::millis(lease.ttl))
                    .execute(&mut *conn)
                    .await?;
            }
            Ok::<(), sqlx::Error>(())
        })
    }

    /// Stores a new game in an existing room (a rematch) with its seats, in
    /// one transaction; playing at once when every seat is filled.
    pub async fn create_game(&self, game: &NewGame<'_>) -> Result<(), WriteError> {
        self.create_game_fenced(game, None).await
    }

    /// [`Store::create_game`] fenced by the room's lease (several nodes).
    pub async fn create_game_fenced(
        &self,
        game: &NewGame<'_>,
        fence: Option<&super::Lease>,
    ) -> Result<(), WriteError> {
        needs_postgres_for(self, fence.is_some())?;
        let seat_count = game.seat_count()?;
        let now = Utc::now();
        in_transaction!(self, conn => {
            super::leases::room_fence!(conn, fence);
            insert_game!(conn, game, game.room_code, seat_count, now);
            Ok::<(), sqlx::Error>(())
        })
    }

    /// Seats `player` in open seat `seat` of a waiting game and, with
    /// `start`, starts it (status playing, `started_at` now), in one
    /// transaction. Refused (`RowNotFound`, not committed) when the game is
    /// not waiting, the seat is not open, or `start` is asked while another
    /// seat is still open.
    pub async fn take_seat(
        &self,
        game_id: Uuid,
        seat: u8,
        player: Uuid,
        client_seed: &str,
        start: bool,
    ) -> Result<(), WriteError> {
        let taken = SeatTaken {
            game_id,
            seat,
            player,
            client_seed,
            start,
        };
        self.take_seat_fenced(&taken, None).await
    }

    /// [`Store::take_seat`] fenced by the room's lease (several nodes).
    pub async fn take_seat_fenced(
        &self,
        taken: &SeatTaken<'_>,
        fence: Option<&super::Lease>,
    ) -> Result<(), WriteError> {
        needs_postgres_for(self, fence.is_some())?;
        let SeatTaken {
            game_id,
            seat,
            player,
            client_seed,
            start,
        } = *taken;
        let now = Utc::now();
        in_transaction!(self, conn => {
            super::leases::room_fence!(conn, fence);
            if let Some(level) = crate::computer::level_of(player) {
                insert_computer!(conn, level, now);
            }
            one_row(
                sqlx::query(
                    "UPDATE game_seats SET player_id = $3, client_seed = $4
                     WHERE game_id = $1 AND seat = $2 AND player_id IS NULL
                       AND EXISTS (SELECT 1 FROM games g WHERE g.id = $1 AND g.status = 'waiting')",
                )
                .bind(game_id)
                .bind(i16::from(seat))
                .bind(player)
                .bind(client_seed)
                .execute(&mut *conn)
                .await?
                .rows_affected(),
            )?;
            if start {
                one_row(
                    sqlx::query(
                        "UPDATE games SET status = $3, started_at = $2
                         WHERE id = $1 AND status = 'waiting'
                           AND NOT EXISTS (SELECT 1 FROM game_seats s
                                           WHERE s.game_id = $1 AND s.player_id IS NULL)",
                    )
                    .bind(game_id)
                    .bind(now)
                    .bind(GameStatus::Playing.as_str())
                    .execute(&mut *conn)
                    .await?
                    .rows_affected(),
                )?;
            }
            Ok::<(), sqlx::Error>(())
        })
    }

    /// Stores steps numbered `first_step_no`, `first_step_no + 1`, … of a
    /// game that is playing and, with `end`, finishes it (status, `end_how`,
    /// `finished_at`, the seats' places, scores and colours): one
    /// transaction. Refused (`RowNotFound`, not committed) when the game is
    /// not playing; a step number already stored is refused by the key.
    pub async fn append_steps(
        &self,
        game_id: Uuid,
        first_step_no: i32,
        steps: &[NewStep],
        end: Option<&StoredEnd<'_>>,
    ) -> Result<(), WriteError> {
        self.append_timed(game_id, first_step_no, steps, end, None)
            .await
    }

    /// [`Store::append_steps`] with the seats' clocks after the last step
    /// (`steps.clock`, the text of `crate::clock`), in the same transaction.
    pub async fn append_timed(
        &self,
        game_id: Uuid,
        first_step_no: i32,
        steps: &[NewStep],
        end: Option<&StoredEnd<'_>>,
        clock: Option<&str>,
    ) -> Result<(), WriteError> {
        self.append_fenced(game_id, first_step_no, steps, end, clock, None)
            .await
    }

    /// [`Store::append_timed`] fenced by a room lease (several nodes): it
    /// commits only while `fence` is still the room's lease, else it stores
    /// nothing and fails with [`WriteError::is_fenced`]. Fences need
    /// PostgreSQL.
    pub async fn append_fenced(
        &self,
        game_id: Uuid,
        first_step_no: i32,
        steps: &[NewStep],
        end: Option<&StoredEnd<'_>>,
        clock: Option<&str>,
        fence: Option<&super::Lease>,
    ) -> Result<(), WriteError> {
        needs_postgres_for(self, fence.is_some())?;
        let seats = end.map(StoredEnd::seat_rows).transpose()?;
        let rows = numbered(first_step_no, steps, clock)?;
        if let Some(committer) = &self.committer {
            let append = super::committer::Append {
                game_id,
                rows: rows
                    .iter()
                    .map(|(step_no, seat, text, clock)| {
                        (
                            *step_no,
                            *seat,
                            (*text).to_owned(),
                            clock.map(str::to_owned),
                        )
                    })
                    .collect(),
                end: end.zip(seats).map(|(end, seats)| (end.how, seats)),
                fence: fence.cloned(),
            };
            return committer.append(append, self.timeout).await;
        }
        // The game must be playing, and stay so until this commits: the
        // row is locked on PostgreSQL; SQLite's write lock is taken at BEGIN.
        let playing = match self.backend() {
            Backend::Postgres => {
                "SELECT 1 FROM games WHERE id = $1 AND status = 'playing' FOR UPDATE"
            }
            Backend::Sqlite => "SELECT 1 FROM games WHERE id = $1 AND status = 'playing'",
        };
        let now = Utc::now();
        let began = Instant::now();
        in_transaction!(self, conn => {
            if let Some(fence) = fence {
                sqlx::query(super::leases::FENCE_CHECK)
                    .bind(game_id)
                    .bind(&fence.node_id)
                    .bind(fence.epoch)
                    .bind(&fence.room_code)
                    .fetch_optional(&mut *conn)
                    .await?
                    .ok_or_else(super::leases::fenced)?;
            }
            match (end, &seats) {
                (Some(end), Some(seats)) => finish_game!(conn, game_id, end.how, seats, now),
                _ => {
                    sqlx::query(playing)
                        .bind(game_id)
                        .fetch_optional(&mut *conn)
                        .await?
                        .ok_or(sqlx::Error::RowNotFound)?;
                }
            }
            for (step_no, seat, text, clock) in &rows {
                sqlx::query(
                    "INSERT INTO steps (game_id, step_no, seat, step, played_at, clock)
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(game_id)
                .bind(*step_no)
                .bind(*seat)
                .bind(*text)
                .bind(now)
                .bind(*clock)
                .execute(&mut *conn)
                .await?;
            }
            Ok::<(), sqlx::Error>(())
        })?;
        crate::metrics::db_commit(began.elapsed());
        crate::metrics::steps_committed(steps.len());
        Ok(())
    }

    /// Ends a game without a step (a resignation, an abandonment): one
    /// transaction. A game that is not playing is refused (`RowNotFound`,
    /// not committed), so a game is never finished twice.
    pub async fn end_game(&self, game_id: Uuid, end: &StoredEnd<'_>) -> Result<(), WriteError> {
        let seats = end.seat_rows()?;
        let now = Utc::now();
        let began = Instant::now();
        in_transaction!(self, conn => {
            finish_game!(conn, game_id, end.how, &seats, now);
            Ok::<(), sqlx::Error>(())
        })?;
        crate::metrics::db_commit(began.elapsed());
        Ok(())
    }
}

/// A seat taken in a waiting game ([`Store::take_seat_fenced`]).
#[derive(Debug, Clone, Copy)]
pub struct SeatTaken<'a> {
    /// The game.
    pub game_id: Uuid,
    /// The open seat.
    pub seat: u8,
    /// Who takes it.
    pub player: Uuid,
    /// Their client seed.
    pub client_seed: &'a str,
    /// Whether the game starts with it (every seat filled).
    pub start: bool,
}

/// Fences need PostgreSQL: a fenced write on SQLite is refused, not run
/// unfenced.
pub(super) fn needs_postgres_for(store: &Store, leased: bool) -> Result<(), WriteError> {
    if leased && store.backend() != Backend::Postgres {
        return Err(WriteError::NotCommitted(sqlx::Error::Configuration(
            "room leases (several nodes) need PostgreSQL".into(),
        )));
    }
    Ok(())
}

/// A step's row: (step number, seat, text, clocks).
type StepRowValues<'a> = (i32, Option<i16>, &'a str, Option<&'a str>);

/// The steps with their numbers and seats, checked: numbers from 1 that fit
/// an `INTEGER`, seats 0 to 3; `clock` goes on the last.
fn numbered<'a>(
    first: i32,
    steps: &'a [NewStep],
    clock: Option<&'a str>,
) -> Result<Vec<StepRowValues<'a>>, WriteError> {
    let last = steps.len().saturating_sub(1);
    if first < 1 {
        return Err(invalid(format!("step numbers start at 1, not {first}")));
    }
    steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let step_no = i32::try_from(i)
                .ok()
                .and_then(|i| first.checked_add(i))
                .ok_or_else(|| invalid("too many steps".to_owned()))?;
            let seat = match step.seat {
                Some(seat @ 0..=3) => Some(i16::from(seat)),
                Some(seat) => return Err(invalid(format!("no seat {seat}: seats are 0 to 3"))),
                None => None,
            };
            Ok((
                step_no,
                seat,
                step.text.as_str(),
                clock.filter(|_| i == last),
            ))
        })
        .collect()
}
