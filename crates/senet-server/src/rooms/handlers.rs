//! `POST /api/rooms` and `GET /api/rooms/{code}`.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use senet_engine::kendall_v1::Side;
use senet_engine::{RuleSetId, Seat};
use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;
use uuid::Uuid;

use super::commands::Command;
use super::fair::client_seed;
use super::open::{Opened, RoomPlan, open_room};
use super::registry::{Located, Rooms};
use super::slot::{Holder, SeatSlot};
use crate::clock::TimeControl;
use crate::computer::ComputerLevel;
use crate::config::Settings;
use crate::error::{AppError, parse_json};
use crate::players::AuthPlayer;
use crate::store::Store;
use crate::table::Table;
use crate::ws::protocol::kendall_v1;

/// The creator's choice of seat: a number, `cone`/`spool` (seats 0 and 1,
/// as version 1 names them), or `random`.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(untagged)]
enum SeatChoice {
    Number(u8),
    Named(SeatName),
    #[default]
    #[serde(skip)]
    Unset,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
enum SeatName {
    Cone,
    Spool,
    Random,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateRoom {
    #[serde(default)]
    rule_set: Option<String>,
    /// How many seats (Senet-modern: 2 to 4; the other rule sets seat 2).
    #[serde(default)]
    seats: Option<u8>,
    /// The creator's seat.
    #[serde(default)]
    seat: SeatChoice,
    /// Version 1's name for the creator's seat.
    #[serde(default)]
    side: SeatChoice,
    #[serde(default = "default_public")]
    public: bool,
    /// `{"computer": "<level>"}` seats the computer in every other seat.
    #[serde(default)]
    opponent: Option<Opponent>,
    /// Shorthand for `opponent: {"computer": …}`.
    #[serde(default)]
    computer_level: Option<String>,
    /// The computer's level for each of the other seats it takes, in seat
    /// order after the creator's; the seats left over are open for invites.
    #[serde(default)]
    computers: Option<Vec<Option<String>>>,
    /// The creator's client seed (`docs/fairness.md`).
    #[serde(default)]
    client_seed: Option<String>,
    /// The room's time control (`docs/protocol.md`, "Time controls");
    /// checked by [`TimeControl::from_request`] for clear codes.
    #[serde(default)]
    time_control: Option<serde_json::Value>,
    /// Whether the room's chat is on (the default); the creator can switch
    /// it later with `chat_setting`.
    #[serde(default = "default_chat")]
    chat: bool,
    /// Rated: only accounts, no computer, a clock (`crate::ratings`).
    #[serde(default)]
    rated: bool,
}

fn default_chat() -> bool {
    true
}

/// Who takes the other seat.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Opponent {
    /// The computer at this level.
    computer: String,
}

fn bad(code: &'static str, message: impl Into<String>) -> AppError {
    AppError::BadRequest(code, message.into())
}

fn level(name: &str) -> Result<ComputerLevel, AppError> {
    name.parse::<ComputerLevel>()
        .map_err(|e| bad("unknown_computer_level", e.to_string()))
}

impl CreateRoom {
    /// The computer's level for each other seat in turn order after the
    /// creator's (of `others`); `None` leaves that seat open.
    fn computers(&self, others: usize) -> Result<Vec<Option<ComputerLevel>>, AppError> {
        let every = match (&self.opponent, &self.computer_level) {
            (None, None) => None,
            (Some(opponent), None) => Some(&opponent.computer),
            (None, Some(level)) => Some(level),
            (Some(opponent), Some(level)) if &opponent.computer == level => Some(level),
            (Some(_), Some(_)) => {
                return Err(bad(
                    "bad_opponent",
                    "`opponent.computer` and `computer_level` disagree",
                ));
            }
        };
        match (every, &self.computers) {
            (Some(_), Some(_)) => Err(bad(
                "bad_opponent",
                "give either `computers` or one level for every other seat",
            )),
            (Some(name), None) => Ok(vec![Some(level(name)?); others]),
            (None, Some(list)) if list.len() > others => Err(bad(
                "bad_opponent",
                format!(
                    "{} computers asked for; the table has {others} other seats",
                    list.len()
                ),
            )),
            (None, Some(list)) => list
                .iter()
                .map(|name| name.as_deref().map(level).transpose())
                .collect(),
            (None, None) => Ok(Vec::new()),
        }
    }

    /// The creator's seat at a table of `seats`.
    fn creator_seat(&self, seats: u8) -> Result<Seat, AppError> {
        let choice = match (self.seat, self.side) {
            (SeatChoice::Unset, side) => side,
            (seat, SeatChoice::Unset) => seat,
            _ => return Err(bad("bad_seat", "give `seat` or `side`, not both")),
        };
        let number = match choice {
            SeatChoice::Number(number) => number,
            SeatChoice::Named(SeatName::Cone) => 0,
            SeatChoice::Named(SeatName::Spool) => 1,
            SeatChoice::Named(SeatName::Random) | SeatChoice::Unset => {
                u8::try_from(rand::random::<u32>() % u32::from(seats)).unwrap_or(0)
            }
        };
        Seat::new(number)
            .filter(|seat| seat.number() < seats)
            .ok_or_else(|| {
                bad(
                    "bad_seat",
                    format!("seat {number} is not at a table of {seats}"),
                )
            })
    }
}

fn default_public() -> bool {
    true
}

/// A new room.
#[derive(Debug, Serialize)]
pub struct RoomCreated {
    /// Room code.
    pub code: String,
    /// The link to send the other players.
    pub invite_url: String,
    /// Where to open the WebSocket.
    pub ws_url: String,
    /// Rule set.
    pub rule_set: RuleSetId,
    /// Listed in the lobby.
    pub public: bool,
    /// Whether its games are rated.
    pub rated: bool,
    /// How many seats the table has.
    pub seats: u8,
    /// The creator's seat.
    pub seat: Seat,
    /// The creator's side (`kendall` rooms, as version 1 names it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
    /// The first game.
    pub game_id: Uuid,
    /// The computer's level when it holds every other seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computer: Option<&'static str>,
    /// `waiting` (a seat is open) or `playing`.
    pub status: &'static str,
    /// The room's time control.
    pub time_control: TimeControl,
    /// Whether the room's chat is on.
    pub chat: bool,
}

/// A rated room is between accounts (a rating must follow a person from
/// device to device), never against the computer (its strength is not a
/// person's), and with a clock (else a losing player could stall forever).
fn rated_room_allowed(
    player: &crate::players::Identity,
    computers: &[Option<ComputerLevel>],
    time_control: TimeControl,
) -> Result<(), AppError> {
    if !player.account {
        return Err(bad(
            "rated_needs_account",
            "only players with an account can play rated games: sign up first",
        ));
    }
    if computers.iter().any(Option::is_some) {
        return Err(bad(
            "rated_needs_people",
            "games against the computer are never rated",
        ));
    }
    if time_control == TimeControl::None {
        return Err(bad(
            "rated_needs_clock",
            "a rated game needs a time control",
        ));
    }
    Ok(())
}

/// `POST /api/rooms` (authenticated).
pub async fn create_room(
    State(rooms): State<Rooms>,
    State(store): State<Store>,
    State(settings): State<Arc<Settings>>,
    AuthPlayer(player): AuthPlayer,
    body: Bytes,
) -> Result<(StatusCode, Json<RoomCreated>), AppError> {
    let request: CreateRoom = if body.iter().all(u8::is_ascii_whitespace) {
        parse_json(b"{}")?
    } else {
        parse_json(&body)?
    };
    let rule_set = match request.rule_set.as_deref() {
        None => RuleSetId::default(),
        Some(name) => name
            .parse::<RuleSetId>()
            .map_err(|e| bad("unknown_rule_set", e.to_string()))?,
    };
    let (min, max) = rule_set.seat_range();
    let seats = request.seats.unwrap_or(min);
    if seats < min || seats > max {
        let range = if min == max {
            format!("exactly {min}")
        } else {
            format!("{min} to {max}")
        };
        return Err(bad(
            "bad_seats",
            format!("`{rule_set}` seats {range} players, not {seats}"),
        ));
    }
    let time_control = TimeControl::from_request(request.time_control.as_ref())
        .map_err(|message| bad("bad_time_control", message))?;
    let mine = request.creator_seat(seats)?;
    let computers = request.computers(usize::from(seats) - 1)?;
    if request.rated {
        rated_room_allowed(&player, &computers, time_control)?;
    }
    let table = Table::new(rule_set, seats).map_err(|e| bad("bad_seats", e))?;
    let mut slots = vec![SeatSlot::default(); usize::from(seats)];
    if let Some(slot) = slots.get_mut(mine.index()) {
        *slot = SeatSlot::held(
            Some(Holder::new(player.id, player.display_name.clone())),
            false,
        );
        slot.client_seed = client_seed(request.client_seed.as_deref())
            .map_err(|message| bad("bad_client_seed", message))?;
    }
    // The computers take the other seats in turn order after the creator's.
    let others = (1..seats).map(|k| Seat::new((mine.number() + k) % seats));
    for (seat, level) in others.flatten().zip(computers.iter()) {
        let Some(level) = level else { continue };
        if let Some(slot) = slots.get_mut(seat.index()) {
            *slot = SeatSlot::held(Some(Holder::computer(*level)), false);
        }
    }
    let full = slots.iter().all(|slot| slot.player_id().is_some());
    // Only a room with a seat to fill is listed in the lobby.
    let public = request.public && !full;
    let plan = RoomPlan {
        rule_set,
        table,
        slots,
        public,
        rated: request.rated,
        time_control,
        chat: request.chat,
        creator: player.id,
    };
    let Some(Opened {
        code,
        game_id,
        status: status_name,
    }) = open_room(&rooms, &store, plan, &[]).await?
    else {
        return Err(AppError::internal("a room without seeks was not stored"));
    };
    let every_other = match computers.first() {
        Some(Some(first))
            if computers.len() == usize::from(seats) - 1
                && computers.iter().all(|level| *level == Some(*first)) =>
        {
            Some(first.as_str())
        }
        _ => None,
    };
    let computer_count = computers.iter().flatten().count();
    tracing::info!(room = %code, %game_id, creator = %player.id, %rule_set, seats, computers = computer_count, "room created");
    Ok((
        StatusCode::CREATED,
        Json(RoomCreated {
            invite_url: settings.invite_url(&code),
            ws_url: settings.ws_url(&code),
            code,
            rule_set,
            public,
            rated: request.rated,
            seats,
            seat: mine,
            side: (rule_set == RuleSetId::Kendall).then(|| kendall_v1::side_of(mine)),
            game_id,
            computer: every_other,
            status: status_name,
            time_control,
            chat: request.chat,
        }),
    ))
}

/// Asks a live room for its facts: the room itself when it runs here,
/// else its node over NATS.
pub async fn room_info(rooms: &Rooms, code: &str) -> Result<serde_json::Value, AppError> {
    let not_found = || AppError::NotFound("room_not_found", format!("no room `{code}`"));
    if code.len() > 64 {
        return Err(not_found());
    }
    let handle = match rooms.locate(code).await.map_err(AppError::Internal)? {
        None => return Err(not_found()),
        Some(Located::Here(handle)) => handle,
        Some(Located::Elsewhere { owner, .. }) => {
            let cluster = rooms
                .cluster()
                .ok_or_else(|| AppError::Internal("a room elsewhere without a cluster".into()))?;
            return crate::cluster::owner::ask_info(cluster, &owner, code)
                .await
                .map_err(AppError::Unavailable);
        }
    };
    let (reply, answer) = oneshot::channel();
    handle
        .tx
        .send(Command::Info { reply })
        .await
        .map_err(|_| AppError::Unavailable("room actor gone".to_owned()))?;
    let info = answer
        .await
        .map_err(|_| AppError::Unavailable("room actor gone".to_owned()))?;
    serde_json::to_value(info).map_err(AppError::internal)
}

/// `GET /api/rooms/{code}` (also the invite link `/r/{code}`).
pub async fn get_room(
    State(rooms): State<Rooms>,
    Path(code): Path<String>,
) -> Result<Json<serde_json::Value>, AppError> {
    room_info(&rooms, &code).await.map(Json)
}
