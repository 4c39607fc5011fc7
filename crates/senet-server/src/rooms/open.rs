//! Opening a room: storing it with its first game (and, for a pair made
//! by quick pairing, claiming the seeks it pairs, in the same
//! transaction), then starting its actor on this node.

use chrono::Utc;
use senet_engine::RuleSetId;
use uuid::Uuid;

use super::fair::Fairness;
use super::load::StoredRoom;
use super::lobby::{Origin, creator_rating};
use super::registry::Rooms;
use super::slot::{GameSlot, SeatSlot, Status};
use crate::clock::{Clocks, TimeControl};
use crate::error::AppError;
use crate::random::room_code;
use crate::ratings::Pool;
use crate::store::{NewGame, NewRoom, Store};
use crate::table::Table;

/// A room about to be opened: its table and who holds each seat.
pub(crate) struct RoomPlan {
    /// The rule set.
    pub rule_set: RuleSetId,
    /// The table, its seat count set.
    pub table: Table,
    /// One slot a seat, in seat order.
    pub slots: Vec<SeatSlot>,
    /// Whether the room's games are public.
    pub public: bool,
    /// Whether they are rated.
    pub rated: bool,
    /// The room's time control.
    pub time_control: TimeControl,
    /// Whether its chat is on.
    pub chat: bool,
    /// Who created it (for a pair: the player whose seek made it).
    pub creator: Uuid,
}

/// A room opened and running.
pub(crate) struct Opened {
    /// Its code.
    pub code: String,
    /// Its first game.
    pub game_id: Uuid,
    /// `waiting` or `playing`.
    pub status: &'static str,
}

/// Stores the room (claiming `seeks` in the same transaction) and starts
/// it. `Ok(None)` when a seek was no longer free: nothing was stored.
pub(crate) async fn open_room(
    rooms: &Rooms,
    store: &Store,
    plan: RoomPlan,
    seeks: &[Uuid],
) -> Result<Option<Opened>, AppError> {
    let RoomPlan {
        rule_set,
        table,
        slots,
        public,
        rated,
        time_control,
        chat,
        creator,
    } = plan;
    let players: Vec<Option<Uuid>> = slots.iter().map(SeatSlot::player_id).collect();
    let full = players.iter().all(Option::is_some);
    let code = room_code().map_err(AppError::internal)?;
    let game_id = Uuid::new_v4();
    let fairness = Fairness::new().map_err(AppError::internal)?;
    let seeds: Vec<&str> = slots.iter().map(|slot| slot.client_seed.as_str()).collect();
    let stored_control = time_control.stored();
    let room = NewRoom {
        code: &code,
        rule_set,
        public,
        creator,
        rated,
        game: NewGame {
            id: game_id,
            room_code: &code,
            game_no: 1,
            rule_set,
            players: &players,
            client_seeds: &seeds,
            fairness: Some((fairness.seed(), fairness.commitment())),
        },
    };
    // On a node of several the room is stored with its lease, so no other
    // node sees it without an owner and takes it over first.
    let ownership = rooms.cluster().map(|cluster| cluster.ownership());
    let first_lease = ownership.map(|ownership| ownership.first_lease());
    match store
        .create_room_claiming(
            &room,
            stored_control.as_deref(),
            !chat,
            seeks,
            first_lease.as_ref(),
        )
        .await
    {
        Ok(()) => {}
        Err(error) if error.is_unknown() => {
            // Whether the room was stored (with its lease, in the same
            // transaction) is in the database: read it back.
            if store.room(&code).await?.is_none() {
                return Err(error.into());
            }
        }
        Err(error) if !seeks.is_empty() && matches!(error.cause(), sqlx::Error::RowNotFound) => {
            return Ok(None);
        }
        Err(error) => return Err(error.into()),
    }
    let status = if full {
        crate::metrics::game_started();
        Status::Playing
    } else {
        Status::Waiting
    };
    let status_name = status.as_str();
    let seat_count = table.seats();
    let slot = GameSlot {
        id: game_id,
        no: 1,
        table,
        seats: slots,
        status,
        v1_turns: super::slot::v1_turns(rule_set),
        fairness: Some(fairness),
        unstored: 0,
        clocks: Clocks::new(time_control, seat_count),
    };
    // Only a listed room shows it: a public one with a seat open (a
    // paired room starts full and is never listed).
    let creator_rating = if public && !full {
        creator_rating(store, creator, Pool::of(rule_set, usize::from(seat_count))).await
    } else {
        None
    };
    let held = ownership
        .zip(first_lease)
        .map(|(ownership, lease)| ownership.hold(lease.held(&code)));
    rooms.start(
        StoredRoom {
            code: code.clone(),
            public,
            rated,
            rule_set,
            slot,
            series: Vec::new(),
            origin: Origin {
                creator,
                created_at: Utc::now(),
                creator_rating,
            },
        },
        held,
    );
    Ok(Some(Opened {
        code,
        game_id,
        status: status_name,
    }))
}
