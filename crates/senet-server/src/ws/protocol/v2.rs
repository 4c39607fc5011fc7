//! Protocol version 2: every rule set. Seats are numbers; a snapshot
//! carries the rule set described as data, the view, what comes next with
//! its options, every step so far with its events, and the standing once
//! over; each step is one event. The client messages and errors are the
//! ones of version 1 with `decide` in place of `move`, plus chat (see
//! [`super::v1::ClientMessage`]).

use chrono::{DateTime, Utc};
use senet_engine::{
    ChanceKind, Choice, Description, Event, RuleSetId, Seat, Square, Standing, Step, ThrowValue,
    View,
};
use serde::Serialize;
use uuid::Uuid;

use super::Version;
use super::v1::RoomView;
use crate::clock::{ClockInfo, TimeControl};

/// A seat holder as version 2 shows it.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerInfo {
    /// Player id.
    pub player_id: Uuid,
    /// Display name.
    pub display_name: String,
    /// The computer's level, when the seat is the computer's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computer: Option<&'static str>,
}

/// One seat of the table.
#[derive(Debug, Clone, Serialize)]
pub struct SeatInfo {
    /// The seat number, from 0 in turn order.
    pub seat: Seat,
    /// Who holds it; `null` while it is open.
    pub player: Option<PlayerInfo>,
    /// Whether its holder is connected (the computer always is).
    pub connected: bool,
    /// `true` once the seat has left the game (resigned or abandoned in a
    /// game of three or four seats, or out by the rules).
    pub out: bool,
    /// While its person has no connection: for how many milliseconds, as
    /// of this frame.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub away_ms: Option<u64>,
    /// While its person has no connection during a game: in how many
    /// milliseconds (as of this frame) `claim_win` may be made against it
    /// when it must act; `0` once it may.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim_in_ms: Option<u64>,
}

/// The viewer's role.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum You {
    /// A seat holder.
    Seat {
        /// The seat.
        seat: Seat,
    },
    /// A spectator (or a player of no seat).
    Spectator,
}

/// One option of the decision that is due.
#[derive(Debug, Clone, Serialize)]
pub struct OptionInfo {
    /// The option's text: what `decide` sends back.
    pub option: String,
    /// The option as data.
    pub choice: Choice,
    /// What choosing it would do, piece by piece (the events of the step
    /// played on a copy of the state), so a client can preview it. The
    /// draws the rules make by themselves after it are not in it.
    pub events: Vec<Event>,
}

/// A piece of the deciding seat that has no option, and why: what the
/// rules would answer if the seat chose it.
#[derive(Debug, Clone, Serialize)]
pub struct BlockedInfo {
    /// The piece's square (as in the options' `from`).
    pub from: Square,
    /// The rules' reason (its stable code on the wire: `blockade`,
    /// `own_pawn`, `safe`, …).
    pub code: senet_engine::Reason,
    /// The reason in the rules' words.
    pub message: String,
}

/// What comes next.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum NextInfo {
    /// The game waits for its seats to fill.
    Waiting,
    /// A throw: the seat `thrower` sends `throw`. (Draws the rules make by
    /// themselves are made by the server at once and never wait.)
    Throw {
        /// Whose throw it is.
        thrower: Seat,
        /// What is thrown.
        chance: ChanceKind,
    },
    /// The server draws this now, by itself (a lot, a trial's roll); the
    /// step follows at once.
    Draw {
        /// What is drawn.
        chance: ChanceKind,
    },
    /// A seat decides among these options.
    Decide {
        /// Who decides.
        seat: Seat,
        /// Every legal option.
        options: Vec<OptionInfo>,
        /// The deciding seat's pieces on the board that have no option,
        /// each with the rules' reason, lowest square first; empty when
        /// every piece can move or the decision moves no piece.
        blocked: Vec<BlockedInfo>,
    },
    /// The game is over.
    End {
        /// The final standing.
        standing: Standing,
    },
}

pub use crate::table::LeftHow;

/// One entry of the game's record with what it did.
#[derive(Debug, Clone, Serialize)]
pub struct StepInfo {
    /// 1, 2, … within the game.
    pub step_no: usize,
    /// The entry in the step-record notation (`LDLL`, `0:9`, `2:resign`).
    pub text: String,
    /// The deciding seat; `null` for a chance step.
    pub seat: Option<Seat>,
    /// For a chance step, the seat whose chance it was: the seat that
    /// threw, or the seat on turn for a draw the rules made inside its
    /// turn; absent for a draw that is nobody's (the lot for who opens)
    /// and for decisions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<Seat>,
    /// For a turn's throw, what it is worth in squares, as the rules count
    /// it; absent for a draw the rules make and for decisions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub throw: Option<ThrowValue>,
    /// The step as data; `null` when a seat left the game.
    pub step: Option<Step>,
    /// How the seat left, when it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left: Option<LeftHow>,
    /// What it did, piece by piece.
    pub events: Vec<Event>,
}

/// Everything a client needs to draw the room.
#[derive(Debug, Clone, Serialize)]
pub struct Snapshot {
    /// The room.
    pub room: RoomView,
    /// The rule set's id.
    pub rule_set: RuleSetId,
    /// The rule set as data: seats and colours, pieces, special squares,
    /// chance.
    pub description: Description,
    /// The current game.
    pub game_id: Uuid,
    /// Its number in the room.
    pub game_no: i32,
    /// `waiting`, `playing` or `finished`.
    pub status: &'static str,
    /// Every seat.
    pub seats: Vec<SeatInfo>,
    /// The viewer.
    pub you: You,
    /// Every square, reserves, borne off, removed, scores.
    pub view: View,
    /// The position in the rule set's own notation.
    pub position: String,
    /// What comes next.
    pub next: NextInfo,
    /// Every step so far with its events.
    pub steps: Vec<StepInfo>,
    /// The standing once over.
    pub standing: Option<Standing>,
    /// Seats that have asked for a rematch since the game ended.
    pub rematch: Vec<Seat>,
    /// The commitment and seeds every chance outcome is derived from;
    /// `null` for games of earlier releases.
    pub fairness: Option<FairnessInfo>,
    /// The series score of the room (Jequier): games won by each player.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub series: Vec<SeriesEntry>,
    /// How many people watch (connections without a seat; a player with a
    /// token counts once however many tabs it has open).
    pub spectators: usize,
    /// How long, in milliseconds, the seat to act may be away before
    /// `claim_win` may be made against it.
    pub reconnect_timeout_ms: u64,
    /// The room's time control (`{"kind": "none"}` without one).
    pub time_control: TimeControl,
    /// Each seat's clock as of this frame; absent without a time control.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clocks: Option<ClockInfo>,
}

/// What makes the game's chance checkable (`docs/fairness.md`).
#[derive(Debug, Clone, Serialize)]
pub struct FairnessInfo {
    /// SHA-256 of the server seed, hex: fixed before the first chance step.
    pub commitment: String,
    /// Each seat's client seed, by seat (`""` for none).
    pub client_seeds: Vec<String>,
    /// The server seed, hex: `null` until the game is over, then revealed.
    pub server_seed: Option<String>,
}

/// A player's games won in a room's series.
#[derive(Debug, Clone, Serialize)]
pub struct SeriesEntry {
    /// The player.
    pub player_id: Uuid,
    /// Points won so far (see `shared/spec/rules-jequier.md`).
    pub points: i64,
}

/// A version 2 server frame.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Message {
    /// Everything, on connect and on request.
    Snapshot(Box<Snapshot>),
    /// One step and what it did, with what comes next after it.
    Step {
        /// The step.
        #[serde(flatten)]
        step: StepInfo,
        /// The view after it.
        view: View,
        /// The position after it.
        position: String,
        /// What comes next.
        next: NextInfo,
        /// The clocks after it, as of this frame (rooms with a time
        /// control).
        #[serde(skip_serializing_if = "Option::is_none")]
        clocks: Option<ClockInfo>,
    },
    /// A seat's clock ran out; its `game_over` (two seats) or its
    /// `<seat>:time` step (three or four) came just before.
    OutOfTime {
        /// The seat.
        seat: Seat,
        /// The clocks as of this frame.
        #[serde(skip_serializing_if = "Option::is_none")]
        clocks: Option<ClockInfo>,
    },
    /// A seat was taken.
    PlayerJoined {
        /// The seat.
        seat: Seat,
        /// Who.
        player: PlayerInfo,
    },
    /// Every seat is filled; the game begins.
    GameStarted {
        /// The game.
        game_id: Uuid,
        /// Its number in the room.
        game_no: i32,
        /// The seats.
        seats: Vec<SeatInfo>,
        /// The clocks at the start (rooms with a time control).
        #[serde(skip_serializing_if = "Option::is_none")]
        clocks: Option<ClockInfo>,
    },
    /// The game is over.
    GameOver {
        /// The game.
        game_id: Uuid,
        /// The final standing.
        standing: Standing,
    },
    /// A seat holder lost its last connection.
    Disconnected {
        /// The seat.
        seat: Seat,
        /// During a game: in how many milliseconds `claim_win` may be made
        /// against the seat when it must act.
        #[serde(skip_serializing_if = "Option::is_none")]
        claim_in_ms: Option<u64>,
    },
    /// A seat holder is back.
    Reconnected {
        /// The seat.
        seat: Seat,
    },
    /// A seat asks for a rematch (every seat holder must).
    RematchOffered {
        /// The seat.
        by: Seat,
    },
    /// A seat declined; the offers are withdrawn.
    RematchDeclined {
        /// The seat.
        by: Seat,
    },
    /// The number of spectators changed.
    Spectators {
        /// How many watch now.
        count: usize,
    },
    /// A chat message, stored; sent (without an event number) only to the
    /// connections that read its channel.
    Chat(ChatLine),
    /// The recent chat of every channel the connection reads (at most 100
    /// a channel, oldest first) and whether chat is on: after the first
    /// snapshot, and again after `chat_follow`. Unnumbered.
    ChatHistory {
        /// Whether the room's chat is on.
        on: bool,
        /// Whether this connection's player created the room (and so may
        /// send `chat_setting`).
        creator: bool,
        /// The channels the connection reads.
        channels: Vec<ChatChannel>,
        /// Their recent messages, oldest first.
        messages: Vec<ChatLine>,
    },
    /// The room's creator turned chat on or off.
    ChatSetting {
        /// Whether chat is on now.
        on: bool,
    },
}

pub use super::client::ChatChannel;

/// One chat message as told and as the history returns it.
#[derive(Debug, Clone, Serialize)]
pub struct ChatLine {
    /// The game it was written during.
    pub game_id: Uuid,
    /// Its number within that game, from 1 over both channels.
    pub no: i32,
    /// Its channel.
    pub channel: ChatChannel,
    /// The author.
    pub player_id: Uuid,
    /// The author's display name when they wrote it.
    pub display_name: String,
    /// The text, exactly as stored: clients show it as text, never HTML.
    pub text: String,
    /// When it was written.
    pub at: DateTime<Utc>,
}

impl Message {
    /// The JSON text with its version and event number.
    #[must_use]
    pub fn to_json(&self, seq: Option<u64>) -> String {
        super::frame(Version::V2, seq, self)
    }
}
