//! Rows read from the database.

use chrono::{DateTime, Utc};
use uuid::Uuid;

/// A player.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PlayerRow {
    /// Player id.
    pub id: Uuid,
    /// Display name.
    pub display_name: String,
    /// SHA-256 of the token secret.
    pub token_hash: Vec<u8>,
}

/// A room.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RoomRow {
    /// Room code.
    pub code: String,
    /// Rule set name.
    pub rule_set: String,
    /// Listed in the lobby.
    pub public: bool,
    /// Who created it.
    pub creator_id: Uuid,
    /// When.
    pub created_at: DateTime<Utc>,
    /// Its time control as stored text (`clock:300+2`, `move:30`); `None`
    /// for none.
    #[sqlx(default)]
    pub time_control: Option<String>,
}

/// One seat of a game, with its holder's name and computer level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRow {
    /// Seat number, 0 first in turn order.
    pub seat: i16,
    /// Who holds it; `None` while it is open.
    pub player_id: Option<Uuid>,
    /// The holder's display name.
    pub display_name: Option<String>,
    /// The holder's computer level (`beginner`, …); `None` for people.
    pub computer_level: Option<String>,
    /// The colour index the rules dealt this seat, where they deal colours.
    pub colour: Option<i16>,
    /// The seat's place once the game is over, 1 = first.
    pub place: Option<i16>,
    /// The seat's score, where the rule set scores.
    pub score: Option<i32>,
    /// The holder's client seed (`docs/fairness.md`); `None` where the
    /// query did not read it, or for games of earlier releases.
    pub client_seed: Option<String>,
}

/// A game with its seats.
#[derive(Debug, Clone)]
pub struct GameRow {
    /// Game id.
    pub id: Uuid,
    /// Room code.
    pub room_code: String,
    /// 1 for the first game of the room, then 2, 3… for rematches.
    pub game_no: i32,
    /// Rule set name.
    pub rule_set: String,
    /// How many seats the game has.
    pub seat_count: i16,
    /// `waiting`, `playing` or `finished` (see [`super::GameStatus`]).
    pub status: String,
    /// How the game ended (the engine's `EndHow::as_str` names), once finished.
    pub end_how: Option<String>,
    /// When the game was created.
    pub created_at: DateTime<Utc>,
    /// When every seat was taken.
    pub started_at: Option<DateTime<Utc>>,
    /// When the game ended.
    pub finished_at: Option<DateTime<Utc>>,
    /// Its seats, seat 0 first.
    pub seats: Vec<SeatRow>,
}

impl GameRow {
    /// The seat in first place, once the game is over.
    #[must_use]
    pub fn winner_seat(&self) -> Option<i16> {
        self.seats
            .iter()
            .find(|s| s.place == Some(1))
            .map(|s| s.seat)
    }

    /// The seat with this number.
    #[must_use]
    pub fn seat(&self, seat: i16) -> Option<&SeatRow> {
        self.seats.iter().find(|s| s.seat == seat)
    }
}

/// A game joined with one of its seats (or none), as one statement reads
/// them: [`GameRow`]s are folded from these.
#[derive(Debug, Clone, sqlx::FromRow)]
pub(super) struct GameSeatRow {
    pub id: Uuid,
    pub room_code: String,
    pub game_no: i32,
    pub rule_set: String,
    pub seat_count: i16,
    pub status: String,
    pub end_how: Option<String>,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    #[sqlx(flatten)]
    pub seat: SeatJoin,
}

/// The seat columns of a joined row; all `None` when a game has no seat row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub(super) struct SeatJoin {
    pub seat: Option<i16>,
    pub player_id: Option<Uuid>,
    pub display_name: Option<String>,
    pub computer_level: Option<String>,
    pub colour: Option<i16>,
    pub place: Option<i16>,
    pub score: Option<i32>,
    /// Only the queries that read a game to play it select it.
    #[sqlx(default)]
    pub client_seed: Option<String>,
}

impl SeatJoin {
    /// The seat, when the row has one.
    pub(super) fn into_seat(self) -> Option<SeatRow> {
        Some(SeatRow {
            seat: self.seat?,
            player_id: self.player_id,
            display_name: self.display_name,
            computer_level: self.computer_level,
            colour: self.colour,
            place: self.place,
            score: self.score,
            client_seed: self.client_seed,
        })
    }
}

/// Folds joined rows (ordered by game, then seat) into games with seats.
pub(super) fn fold_games(rows: Vec<GameSeatRow>) -> Vec<GameRow> {
    let mut games: Vec<GameRow> = Vec::new();
    for row in rows {
        let seat = row.seat.into_seat();
        match games.last_mut() {
            Some(game) if game.id == row.id => game.seats.extend(seat),
            _ => games.push(GameRow {
                id: row.id,
                room_code: row.room_code,
                game_no: row.game_no,
                rule_set: row.rule_set,
                seat_count: row.seat_count,
                status: row.status,
                end_how: row.end_how,
                created_at: row.created_at,
                started_at: row.started_at,
                finished_at: row.finished_at,
                seats: seat.into_iter().collect(),
            }),
        }
    }
    games
}

/// A stored step.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StepRow {
    /// Its number in the game, from 1.
    pub step_no: i32,
    /// The deciding seat; `None` for a chance step.
    pub seat: Option<i16>,
    /// The step's text as the room wrote it (`LDLL`, `0:9`, …).
    pub step: String,
    /// When it was stored.
    pub played_at: DateTime<Utc>,
    /// Each seat's remaining milliseconds after it (`298000,300000`), on
    /// the last step of each write in a room with a time control; `None`
    /// otherwise, or where the query did not read it.
    #[sqlx(default)]
    pub clock: Option<String>,
}

/// A lobby entry: a public room whose latest game waits for players.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LobbyRow {
    /// Room code.
    pub code: String,
    /// Rule set name.
    pub rule_set: String,
    /// The creator's display name.
    pub creator_name: String,
    /// How many seats the waiting game has.
    pub seat_count: i16,
    /// How many of them are open.
    pub open_seats: i64,
    /// The lowest open seat number.
    pub open_seat: Option<i16>,
    /// When the room was created.
    pub created_at: DateTime<Utc>,
}
