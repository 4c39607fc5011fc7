//! Rows read from the database.

use chrono::{DateTime, Utc};
use senet_engine::{EndHow, RuleSetId};
use uuid::Uuid;

use super::names::{self, GameStatus};

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
#[derive(Debug, Clone)]
pub struct RoomRow {
    /// Room code.
    pub code: String,
    /// The rule set.
    pub rule_set: RuleSetId,
    /// Listed in the lobby.
    pub public: bool,
    /// Who created it.
    pub creator_id: Uuid,
    /// When.
    pub created_at: DateTime<Utc>,
    /// Its time control as stored text (`clock:300+2`, `move:30`); `None`
    /// for none.
    pub time_control: Option<String>,
    /// Whether its games are rated.
    pub rated: bool,
}

/// A room's columns as stored, before its rule set is read.
#[derive(Debug, Clone, sqlx::FromRow)]
pub(super) struct RoomColumns {
    pub code: String,
    pub rule_set: String,
    pub public: bool,
    pub creator_id: Uuid,
    pub created_at: DateTime<Utc>,
    #[sqlx(default)]
    pub time_control: Option<String>,
    #[sqlx(default)]
    pub rated: bool,
}

impl RoomColumns {
    /// The room, its rule set read (an unknown one fails: [`super::names`]).
    pub(super) fn typed(self) -> Result<RoomRow, sqlx::Error> {
        Ok(RoomRow {
            rule_set: names::parse(format!("room {}", self.code), &self.rule_set)?,
            code: self.code,
            public: self.public,
            creator_id: self.creator_id,
            created_at: self.created_at,
            time_control: self.time_control,
            rated: self.rated,
        })
    }
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
    /// The holder's rating before and after the game, rounded, for a rated
    /// game in the history's lists; `None` otherwise.
    pub rating: Option<(i32, i32)>,
}

/// A game with its seats: the one type for a row of `games`, wherever it
/// is read (a room loading, the history's lists and detail).
#[derive(Debug, Clone)]
pub struct GameRow {
    /// Game id.
    pub id: Uuid,
    /// Room code.
    pub room_code: String,
    /// 1 for the first game of the room, then 2, 3… for rematches.
    pub game_no: i32,
    /// The rule set.
    pub rule_set: RuleSetId,
    /// How many seats the game has.
    pub seat_count: i16,
    /// Where it stands.
    pub status: GameStatus,
    /// How the game ended, once finished.
    pub end_how: Option<EndHow>,
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

/// The columns of `games g` every read of a game selects, in
/// [`GameColumns`]' order.
macro_rules! game_columns {
    () => {
        "g.id, g.room_code, g.game_no, g.rule_set, g.seat_count, g.status, g.end_how,
        g.created_at, g.started_at, g.finished_at"
    };
}
pub(super) use game_columns;

/// A game's columns as stored, before their names are read into types
/// ([`GameColumns::typed`]).
#[derive(Debug, Clone, sqlx::FromRow)]
pub(super) struct GameColumns {
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
}

impl GameColumns {
    /// The game with these seats, its stored names read; a name this
    /// server does not know fails (see [`super::names`]).
    pub(super) fn typed(self, seats: Vec<SeatRow>) -> Result<GameRow, sqlx::Error> {
        let row = format!("game {}", self.id);
        Ok(GameRow {
            rule_set: names::parse(&row, &self.rule_set)?,
            status: names::parse(&row, &self.status)?,
            end_how: names::parse_optional(&row, self.end_how.as_deref())?,
            id: self.id,
            room_code: self.room_code,
            game_no: self.game_no,
            seat_count: self.seat_count,
            created_at: self.created_at,
            started_at: self.started_at,
            finished_at: self.finished_at,
            seats,
        })
    }
}

/// A game joined with one of its seats (or none), as one statement reads
/// them: [`GameRow`]s are folded from these.
#[derive(Debug, Clone, sqlx::FromRow)]
pub(super) struct GameSeatRow {
    #[sqlx(flatten)]
    pub game: GameColumns,
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
    /// Only the history's lists select these: the seat's rating before and
    /// after a rated game, rounded.
    #[sqlx(default)]
    pub rating_before: Option<i32>,
    #[sqlx(default)]
    pub rating_after: Option<i32>,
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
            rating: self.rating_before.zip(self.rating_after),
        })
    }
}

/// Folds joined rows (ordered by game, then seat) into games with seats.
pub(super) fn fold_games(rows: Vec<GameSeatRow>) -> Result<Vec<GameRow>, sqlx::Error> {
    let mut games: Vec<(GameColumns, Vec<SeatRow>)> = Vec::new();
    for row in rows {
        let seat = row.seat.into_seat();
        match games.last_mut() {
            Some((game, seats)) if game.id == row.game.id => seats.extend(seat),
            _ => games.push((row.game, seat.into_iter().collect())),
        }
    }
    games
        .into_iter()
        .map(|(game, seats)| game.typed(seats))
        .collect()
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
#[derive(Debug, Clone)]
pub struct LobbyRow {
    /// Room code.
    pub code: String,
    /// The rule set.
    pub rule_set: RuleSetId,
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

/// A lobby entry's columns as stored, before its rule set is read.
#[derive(Debug, Clone, sqlx::FromRow)]
pub(super) struct LobbyColumns {
    pub code: String,
    pub rule_set: String,
    pub creator_name: String,
    pub seat_count: i16,
    pub open_seats: i64,
    pub open_seat: Option<i16>,
    pub created_at: DateTime<Utc>,
}

impl LobbyColumns {
    /// The entry, its rule set read (an unknown one fails: [`super::names`]).
    pub(super) fn typed(self) -> Result<LobbyRow, sqlx::Error> {
        Ok(LobbyRow {
            rule_set: names::parse(format!("room {}", self.code), &self.rule_set)?,
            code: self.code,
            creator_name: self.creator_name,
            seat_count: self.seat_count,
            open_seats: self.open_seats,
            open_seat: self.open_seat,
            created_at: self.created_at,
        })
    }
}
