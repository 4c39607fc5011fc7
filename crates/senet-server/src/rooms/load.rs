//! Rebuilding a room from the store by replaying its stored steps through
//! the engine.

use senet_engine::{RuleSetId, Seat, Standing};

use super::fair::Fairness;
use super::lobby::{Origin, creator_rating};
use super::slot::{GameSlot, Holder, SeatSlot, Status};
use crate::ratings::Pool;
use crate::store::{GameRow, GameStatus, Store};
use crate::table::{Entry, Table};
use crate::ws::protocol::v2::SeriesEntry;

/// A room as stored.
pub struct StoredRoom {
    /// Code.
    pub code: String,
    /// Listed in the lobby.
    pub public: bool,
    /// Whether its games are rated.
    pub rated: bool,
    /// Rule set.
    pub rule_set: RuleSetId,
    /// Its latest game.
    pub slot: GameSlot,
    /// Its series score (Jequier rooms).
    pub series: Vec<SeriesEntry>,
    /// Who created it, when.
    pub origin: Origin,
}

/// Loads a room and its latest game. `Ok(None)` when there is no such room.
pub async fn load_room(store: &Store, code: &str) -> Result<Option<StoredRoom>, String> {
    let db = |e: sqlx::Error| format!("database: {e}");
    let Some(room) = store.room(code).await.map_err(db)? else {
        return Ok(None);
    };
    let Some(row) = store.latest_game(code).await.map_err(db)? else {
        return Err(format!("room {code} has no game"));
    };
    let rule_set = room.rule_set;
    let control = crate::clock::TimeControl::from_stored(room.time_control.as_deref())
        .map_err(|e| format!("room {code}: {e}"))?;
    let slot = rebuild_game(store, rule_set, row, control).await?;
    let series = if rule_set.series().is_some() {
        store
            .room_series(code)
            .await
            .map_err(db)?
            .into_iter()
            .map(|(player_id, points)| SeriesEntry { player_id, points })
            .collect()
    } else {
        Vec::new()
    };
    // Only a listed room shows it: a public one with a seat open (a game
    // in play never opens a seat again).
    let creator_rating = if room.public && slot.status == Status::Waiting {
        creator_rating(
            store,
            room.creator_id,
            Pool::of(rule_set, usize::from(slot.table.seats())),
        )
        .await
    } else {
        None
    };
    Ok(Some(StoredRoom {
        code: room.code,
        public: room.public,
        rated: room.rated,
        rule_set,
        slot,
        series,
        origin: Origin {
            creator: room.creator_id,
            created_at: room.created_at,
            creator_rating,
        },
    }))
}

async fn rebuild_game(
    store: &Store,
    rule_set: RuleSetId,
    row: GameRow,
    control: crate::clock::TimeControl,
) -> Result<GameSlot, String> {
    let game = row.id;
    let rows = store
        .steps(game)
        .await
        .map_err(|e| format!("database: {e}"))?;
    let mut entries = Vec::with_capacity(rows.len());
    for (index, step) in rows.iter().enumerate() {
        if usize::try_from(step.step_no).ok() != Some(index + 1) {
            return Err(format!("game {game}: step {} is missing", index + 1));
        }
        entries.push(
            step.step
                .parse::<Entry>()
                .map_err(|e| format!("game {game}: step {}: {e}", step.step_no))?,
        );
    }
    let seats = u8::try_from(row.seat_count).map_err(|e| format!("game {game}: seats: {e}"))?;
    // The clocks resume from the last figures stored: nothing runs while
    // the server is down.
    let last_clock = rows.iter().rev().find_map(|step| step.clock.as_deref());
    let clocks = crate::clock::Clocks::resumed(control, seats, last_clock)
        .map_err(|e| format!("game {game}: {e}"))?;
    let table = Table::replay(rule_set, seats, &entries)
        .map_err(|e| format!("game {game}: stored record does not replay: {e}"))?;
    let v1_turns = match super::slot::v1_turns(rule_set) {
        Some(_) => Some(
            senet_engine::kendall_v1::KendallTurns::of(table.steps())
                .map_err(|e| format!("game {game}: version 1 turns: {e}"))?,
        ),
        None => None,
    };
    let mut seat_slots = vec![SeatSlot::default(); usize::from(seats)];
    for seat in &row.seats {
        let slot = usize::try_from(seat.seat)
            .ok()
            .and_then(|index| seat_slots.get_mut(index))
            .ok_or_else(|| format!("game {game}: bad seat {}", seat.seat))?;
        let holder = seat
            .player_id
            .map(|id| Holder::new(id, seat.display_name.clone().unwrap_or_default()));
        *slot = SeatSlot::held(holder, true);
        slot.client_seed = seat.client_seed.clone().unwrap_or_default();
    }
    let fairness = match store
        .fairness(game)
        .await
        .map_err(|e| format!("database: {e}"))?
    {
        Some((seed, commitment)) => {
            Some(Fairness::stored(&seed, &commitment).map_err(|e| format!("game {game}: {e}"))?)
        }
        None => None,
    };
    let status = match row.status {
        GameStatus::Waiting => Status::Waiting,
        GameStatus::Playing => Status::Playing,
        GameStatus::Finished => Status::Finished(stored_standing(&row, &table)?),
    };
    Ok(GameSlot {
        id: game,
        no: row.game_no,
        table,
        seats: seat_slots,
        status,
        v1_turns,
        fairness,
        unstored: 0,
        clocks,
    })
}

/// A finished game's standing: the rules' own when they ended it, else the
/// stored places (a resignation or an abandonment).
fn stored_standing(row: &GameRow, table: &Table) -> Result<Standing, String> {
    let how = row
        .end_how
        .ok_or_else(|| format!("game {}: finished without how", row.id))?;
    if let Some(standing) = table.standing() {
        if standing.how == how {
            return Ok(standing.clone());
        }
    }
    let mut placed: Vec<(i16, Seat)> = row
        .seats
        .iter()
        .filter_map(|seat| {
            let number = u8::try_from(seat.seat).ok().and_then(Seat::new)?;
            Some((seat.place?, number))
        })
        .collect();
    placed.sort();
    let mut scores: Vec<(i16, i32)> = row
        .seats
        .iter()
        .filter_map(|seat| Some((seat.seat, seat.score?)))
        .collect();
    scores.sort();
    Ok(Standing {
        places: placed.into_iter().map(|(_, seat)| seat).collect(),
        scores: scores.into_iter().map(|(_, score)| score).collect(),
        how,
    })
}
