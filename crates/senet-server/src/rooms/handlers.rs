//! `POST /api/rooms`, `GET /api/rooms/{code}` and `GET /api/lobby`.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use senet_engine::{Game, RuleSetId, Side};
use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;
use uuid::Uuid;

use super::actor::{Command, RoomInfo};
use super::registry::Rooms;
use super::slot::{GameSlot, Seat, Status};
use crate::computer::ComputerLevel;
use crate::config::Settings;
use crate::error::{AppError, parse_json};
use crate::players::AuthPlayer;
use crate::random::room_code;
use crate::store::{NewGame, NewRoom, Store};

/// The creator's choice of side.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
enum SideChoice {
    Cone,
    Spool,
    #[default]
    Random,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateRoom {
    #[serde(default)]
    rule_set: Option<String>,
    #[serde(default)]
    side: SideChoice,
    #[serde(default = "default_public")]
    public: bool,
    /// `{"computer": "<level>"}` seats the computer in the other seat.
    #[serde(default)]
    opponent: Option<Opponent>,
    /// Shorthand for `opponent: {"computer": …}`.
    #[serde(default)]
    computer_level: Option<String>,
}

/// Who takes the other seat.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Opponent {
    /// The computer at this level.
    computer: String,
}

impl CreateRoom {
    /// The computer level asked for, if any.
    fn computer(&self) -> Result<Option<ComputerLevel>, AppError> {
        let name = match (&self.opponent, &self.computer_level) {
            (None, None) => return Ok(None),
            (Some(opponent), None) => &opponent.computer,
            (None, Some(level)) => level,
            (Some(opponent), Some(level)) if &opponent.computer == level => level,
            (Some(_), Some(_)) => {
                return Err(AppError::BadRequest(
                    "bad_opponent",
                    "`opponent.computer` and `computer_level` disagree".to_owned(),
                ));
            }
        };
        name.parse::<ComputerLevel>()
            .map(Some)
            .map_err(|e| AppError::BadRequest("unknown_computer_level", e.to_string()))
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
    /// The link to send the opponent.
    pub invite_url: String,
    /// Where to open the WebSocket.
    pub ws_url: String,
    /// Rule set.
    pub rule_set: RuleSetId,
    /// Listed in the lobby.
    pub public: bool,
    /// The creator's seat.
    pub side: Side,
    /// The first game.
    pub game_id: Uuid,
    /// The computer's level when it holds the other seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computer: Option<&'static str>,
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
        CreateRoom {
            rule_set: None,
            side: SideChoice::Random,
            public: true,
            opponent: None,
            computer_level: None,
        }
    } else {
        parse_json(&body)?
    };
    let computer = request.computer()?;
    // A room against the computer is never listed in the lobby.
    let public = request.public && computer.is_none();
    let rule_set = match request.rule_set.as_deref() {
        None => RuleSetId::default(),
        Some(name) => name
            .parse::<RuleSetId>()
            .map_err(|e| AppError::BadRequest("unknown_rule_set", e.to_string()))?,
    };
    // Rooms play the rule sets the rooms are built for; the others are
    // the engine's until rooms learn the step model.
    let rules = rule_set
        .rules()
        .filter(|_| rule_set == RuleSetId::Kendall)
        .ok_or_else(|| {
            AppError::BadRequest(
                "unknown_rule_set",
                format!("`{rule_set}` cannot be played online yet; try `kendall`"),
            )
        })?;
    let side = match request.side {
        SideChoice::Cone => Side::Cone,
        SideChoice::Spool => Side::Spool,
        SideChoice::Random => {
            if rand::random::<bool>() {
                Side::Cone
            } else {
                Side::Spool
            }
        }
    };
    let code = room_code().map_err(AppError::internal)?;
    let game_id = Uuid::new_v4();
    let mut seats = [None, None];
    seats[side.index()] = Some(Seat::new(player.id, player.display_name.clone()));
    let opponent = computer.map(Seat::computer);
    let opponent_id = opponent.as_ref().map(|seat| seat.player_id);
    // Seat 0 is the Cone, seat 1 the Spool.
    let players = match side {
        Side::Cone => [Some(player.id), opponent_id],
        Side::Spool => [opponent_id, Some(player.id)],
    };
    store
        .create_room(&NewRoom {
            code: &code,
            rule_set: rule_set.as_str(),
            public,
            creator: player.id,
            game: NewGame {
                id: game_id,
                room_code: &code,
                game_no: 1,
                rule_set: rule_set.as_str(),
                players: &players,
            },
        })
        .await?;
    let status = if let Some(opponent) = opponent {
        seats[side.opponent().index()] = Some(opponent);
        crate::metrics::game_started();
        Status::Playing
    } else {
        Status::Waiting
    };
    let slot = GameSlot {
        id: game_id,
        no: 1,
        game: Game::new(rules),
        seats,
        status,
        last_throw: None,
    };
    rooms.start(code.clone(), public, rule_set, slot, false);
    tracing::info!(room = %code, %game_id, creator = %player.id, computer = computer.map(ComputerLevel::as_str), "room created");
    Ok((
        StatusCode::CREATED,
        Json(RoomCreated {
            invite_url: settings.invite_url(&code),
            ws_url: settings.ws_url(&code),
            code,
            rule_set,
            public,
            side,
            game_id,
            computer: computer.map(ComputerLevel::as_str),
        }),
    ))
}

/// Asks a live room for its facts.
pub async fn room_info(rooms: &Rooms, code: &str) -> Result<RoomInfo, AppError> {
    let not_found = || AppError::NotFound("room_not_found", format!("no room `{code}`"));
    if code.len() > 64 {
        return Err(not_found());
    }
    let handle = rooms
        .get_or_load(code)
        .await
        .map_err(AppError::Internal)?
        .ok_or_else(not_found)?;
    let (reply, answer) = oneshot::channel();
    handle
        .tx
        .send(Command::Info { reply })
        .await
        .map_err(|_| AppError::Unavailable("room actor gone".to_owned()))?;
    answer
        .await
        .map_err(|_| AppError::Unavailable("room actor gone".to_owned()))
}

/// `GET /api/rooms/{code}` (also the invite link `/r/{code}`).
pub async fn get_room(
    State(rooms): State<Rooms>,
    Path(code): Path<String>,
) -> Result<Json<RoomInfo>, AppError> {
    room_info(&rooms, &code).await.map(Json)
}

/// A lobby entry.
#[derive(Debug, Serialize)]
pub struct LobbyEntry {
    /// Room code.
    pub code: String,
    /// Rule set.
    pub rule_set: String,
    /// Who waits.
    pub creator: String,
    /// The seat a joiner gets.
    pub open_side: String,
    /// Invite link.
    pub invite_url: String,
    /// When the room was created.
    pub created_at: DateTime<Utc>,
}

/// `GET /api/lobby`: public rooms waiting for an opponent.
pub async fn lobby(
    State(store): State<Store>,
    State(settings): State<Arc<Settings>>,
) -> Result<Json<serde_json::Value>, AppError> {
    let rows = store.lobby().await?;
    let rooms: Vec<LobbyEntry> = rows
        .into_iter()
        .map(|row| LobbyEntry {
            invite_url: settings.invite_url(&row.code),
            code: row.code,
            rule_set: row.rule_set,
            creator: row.creator_name,
            // Seat 0 is the Cone, seat 1 the Spool.
            open_side: match row.open_seat {
                Some(0) => "cone".to_owned(),
                _ => "spool".to_owned(),
            },
            created_at: row.created_at,
        })
        .collect();
    Ok(Json(serde_json::json!({ "rooms": rooms })))
}
