//! Time controls: what a room's creator chose (none, a game clock, a move
//! timer) and each seat's remaining time. The server is the only clock: a
//! monotonic [`Instant`] says since when the seat to act has been thinking;
//! what is stored with the steps is each seat's remaining time as of its
//! last committed action, so a restarted server resumes from there and the
//! time it was down is charged to nobody (`docs/protocol.md`, "Time
//! controls").

use std::time::{Duration, Instant};

use senet_engine::Seat;
use serde::Serialize;
use serde_json::Value;

/// The bounds of a game clock's time per seat, in seconds (low enough for
/// tests with a few-second clock, high enough for a long game).
pub const CLOCK_SECONDS: (u32, u32) = (5, 3600);
/// The bounds of a game clock's increment, in seconds.
pub const INCREMENT_SECONDS: (u32, u32) = (0, 60);
/// The bounds of a move timer's time per decision, in seconds.
pub const MOVE_SECONDS: (u32, u32) = (5, 120);

/// A room's time control, chosen when it is created and kept by every game
/// of the room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimeControl {
    /// No clock (the default).
    #[default]
    None,
    /// A game clock: `seconds` per seat for the whole game, `increment`
    /// seconds added after each of the seat's committed actions.
    Clock {
        /// Time per seat.
        seconds: u32,
        /// Added after each committed action of the seat.
        increment: u32,
    },
    /// A move timer: `seconds` for each decision, and a reserve `bank`
    /// (seconds, equal to `seconds` when the game starts) that pays for a
    /// decision that takes longer; a decision made within its `seconds`
    /// puts what it did not use back in the bank, up to its first size.
    Move {
        /// Time per decision.
        seconds: u32,
        /// The bank's size at the start, and its cap.
        bank: u32,
    },
}

fn within(name: &str, value: u32, (low, high): (u32, u32)) -> Result<u32, String> {
    if (low..=high).contains(&value) {
        Ok(value)
    } else {
        Err(format!(
            "`{name}` must be {low} to {high} seconds, not {value}"
        ))
    }
}

fn seconds_field(
    object: &serde_json::Map<String, Value>,
    name: &str,
) -> Result<Option<u32>, String> {
    match object.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => value
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| format!("`{name}` must be a whole number of seconds")),
    }
}

impl TimeControl {
    /// A move timer of `seconds` a decision with its bank.
    fn move_timer(seconds: u32) -> TimeControl {
        TimeControl::Move {
            seconds,
            bank: seconds,
        }
    }

    /// The time control a `POST /api/rooms` asks for (`null` or absent:
    /// none); the error says what is wrong, for `bad_time_control`.
    pub fn from_request(value: Option<&Value>) -> Result<TimeControl, String> {
        let object = match value {
            None | Some(Value::Null) => return Ok(TimeControl::None),
            Some(Value::Object(object)) => object,
            Some(_) => return Err("`time_control` must be an object with a `kind`".to_owned()),
        };
        let kind = object.get("kind").and_then(Value::as_str).unwrap_or("");
        let allowed: &[&str] = match kind {
            "none" => &["kind"],
            "clock" => &["kind", "seconds", "increment"],
            "move" => &["kind", "seconds"],
            _ => {
                return Err(format!(
                    "`time_control.kind` must be `none`, `clock` or `move`, not `{kind}`"
                ));
            }
        };
        if let Some(extra) = object.keys().find(|key| !allowed.contains(&key.as_str())) {
            return Err(format!(
                "`time_control` of kind `{kind}` has no field `{extra}`"
            ));
        }
        let seconds = seconds_field(object, "seconds")?;
        match kind {
            "clock" => {
                let seconds = seconds.ok_or("a game clock needs `seconds` (per seat)")?;
                let increment = seconds_field(object, "increment")?.unwrap_or(0);
                Ok(TimeControl::Clock {
                    seconds: within("seconds", seconds, CLOCK_SECONDS)?,
                    increment: within("increment", increment, INCREMENT_SECONDS)?,
                })
            }
            "move" => {
                let seconds = seconds.ok_or("a move timer needs `seconds` (per decision)")?;
                Ok(TimeControl::move_timer(within(
                    "seconds",
                    seconds,
                    MOVE_SECONDS,
                )?))
            }
            _ => Ok(TimeControl::None),
        }
    }

    /// The stored text (`clock:300+2`, `move:30`); `None` for none.
    pub fn stored(self) -> Option<String> {
        match self {
            TimeControl::None => None,
            TimeControl::Clock { seconds, increment } => {
                Some(format!("clock:{seconds}+{increment}"))
            }
            TimeControl::Move { seconds, .. } => Some(format!("move:{seconds}")),
        }
    }

    /// The time control of stored text (`None`: none).
    pub fn from_stored(text: Option<&str>) -> Result<TimeControl, String> {
        let Some(text) = text else {
            return Ok(TimeControl::None);
        };
        let bad = || format!("bad stored time control `{text}`");
        if let Some(rest) = text.strip_prefix("clock:") {
            let (seconds, increment) = rest.split_once('+').ok_or_else(bad)?;
            return Ok(TimeControl::Clock {
                seconds: seconds.parse().map_err(|_| bad())?,
                increment: increment.parse().map_err(|_| bad())?,
            });
        }
        if let Some(seconds) = text.strip_prefix("move:") {
            return Ok(TimeControl::move_timer(seconds.parse().map_err(|_| bad())?));
        }
        Err(bad())
    }

    /// Each seat's remaining time when a game starts, in milliseconds (a
    /// move timer's: its bank).
    fn initial_ms(self) -> u64 {
        match self {
            TimeControl::None => 0,
            TimeControl::Clock { seconds, .. } => u64::from(seconds) * 1000,
            TimeControl::Move { bank, .. } => u64::from(bank) * 1000,
        }
    }
}

/// The clocks as a frame tells them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClockInfo {
    /// The seat whose clock runs now; `null` while none does (the game
    /// waits, is over, or the server draws by itself).
    pub running: Option<Seat>,
    /// Each seat's time left, in milliseconds as of this frame, seat 0
    /// first: a game clock's time; a move timer's time for the decision
    /// (the running seat's, or the next one's) plus its bank.
    pub ms: Vec<u64>,
    /// A move timer's bank of each seat, in milliseconds as of the seat's
    /// last decision.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bank_ms: Option<Vec<u64>>,
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// Each seat's clock in a room's game.
#[derive(Debug, Clone)]
pub struct Clocks {
    /// The room's time control.
    pub control: TimeControl,
    /// Each seat's remaining milliseconds as of its last committed action
    /// (a move timer's: the bank).
    remaining: Vec<u64>,
    /// The seat whose clock runs, and since when.
    running: Option<(Seat, Instant)>,
}

impl Clocks {
    /// Full clocks for a new game at a table of `seats`.
    pub fn new(control: TimeControl, seats: u8) -> Clocks {
        Clocks {
            control,
            remaining: vec![control.initial_ms(); usize::from(seats)],
            running: None,
        }
    }

    /// The clocks of a stored game: the last stored figures (`None`: the
    /// game has none yet, so they are full). Nothing runs until the room
    /// starts the seat's clock: the time the server was down is nobody's.
    pub fn resumed(
        control: TimeControl,
        seats: u8,
        stored: Option<&str>,
    ) -> Result<Clocks, String> {
        let mut clocks = Clocks::new(control, seats);
        if let Some(text) = stored.filter(|_| control != TimeControl::None) {
            let figures: Result<Vec<u64>, _> = text.split(',').map(str::parse::<u64>).collect();
            match figures {
                Ok(figures) if figures.len() == clocks.remaining.len() => {
                    clocks.remaining = figures
                }
                _ => return Err(format!("bad stored clocks `{text}`")),
            }
        }
        Ok(clocks)
    }

    /// Whether the room has a time control.
    pub fn is_on(&self) -> bool {
        self.control != TimeControl::None
    }

    /// The stored text of `remaining` (`298000,300000`).
    pub fn text(remaining: &[u64]) -> String {
        remaining
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The remaining figures as they are.
    pub fn remaining(&self) -> &[u64] {
        &self.remaining
    }

    /// The seat whose clock runs.
    pub fn running(&self) -> Option<Seat> {
        self.running.map(|(seat, _)| seat)
    }

    /// What `seat` has at the start of a decision.
    fn budget(&self, seat: Seat) -> u64 {
        let remaining = self.remaining.get(seat.index()).copied().unwrap_or(0);
        match self.control {
            TimeControl::Move { seconds, .. } => u64::from(seconds) * 1000 + remaining,
            _ => remaining,
        }
    }

    /// How long `seat` has been thinking at `now` (0 unless its clock runs).
    fn elapsed(&self, seat: Seat, now: Instant) -> u64 {
        match self.running {
            Some((running, since)) if running == seat => {
                millis(now.saturating_duration_since(since))
            }
            _ => 0,
        }
    }

    /// The time `seat` has left at `now`; `None` without a time control.
    pub fn left_ms(&self, seat: Seat, now: Instant) -> Option<u64> {
        self.is_on()
            .then(|| self.budget(seat).saturating_sub(self.elapsed(seat, now)))
    }

    /// Runs `seat`'s clock from `now` unless it already runs; `None` stops
    /// every clock. Stopping charges nothing: only a committed action does.
    pub fn run(&mut self, seat: Option<Seat>, now: Instant) {
        if !self.is_on() {
            self.running = None;
            return;
        }
        match seat {
            Some(seat) if self.running() == Some(seat) => {}
            Some(seat) => self.running = Some((seat, now)),
            None => self.running = None,
        }
    }

    /// When the running clock runs out.
    pub fn deadline(&self) -> Option<Instant> {
        let (seat, since) = self.running?;
        since.checked_add(Duration::from_millis(self.budget(seat)))
    }

    /// The remaining figures after `seat` commits an action at `now`: its
    /// time used is taken off (a move timer: beyond the decision's seconds,
    /// from the bank; within them, what is left goes back to the bank, up
    /// to its cap), then the increment is added.
    pub fn charged(&self, seat: Seat, now: Instant) -> Vec<u64> {
        let mut remaining = self.remaining.clone();
        let used = self.elapsed(seat, now);
        if let Some(figure) = remaining.get_mut(seat.index()) {
            *figure = match self.control {
                TimeControl::None => *figure,
                TimeControl::Clock { increment, .. } => {
                    figure.saturating_sub(used) + u64::from(increment) * 1000
                }
                TimeControl::Move { seconds, bank } => {
                    let per_move = u64::from(seconds) * 1000;
                    if used <= per_move {
                        (*figure + (per_move - used)).min(u64::from(bank) * 1000)
                    } else {
                        figure.saturating_sub(used - per_move)
                    }
                }
            };
        }
        remaining
    }

    /// The remaining figures with `seat`'s clock run out.
    pub fn flagged(&self, seat: Seat) -> Vec<u64> {
        let mut remaining = self.remaining.clone();
        if let Some(figure) = remaining.get_mut(seat.index()) {
            *figure = 0;
        }
        remaining
    }

    /// Keeps the figures a write stored; the running clock restarts from
    /// them (at the room's next look) when `restart` is set, i.e. the
    /// running seat was the one charged.
    pub fn commit(&mut self, remaining: Vec<u64>, restart: bool) {
        if remaining.len() == self.remaining.len() {
            self.remaining = remaining;
        }
        if restart {
            self.running = None;
        }
    }

    /// The clocks as a frame tells them at `now`, with `running` the seat
    /// whose clock runs (or is about to); `None` without a time control.
    pub fn info(&self, running: Option<Seat>, now: Instant) -> Option<ClockInfo> {
        if !self.is_on() {
            return None;
        }
        let ms = Seat::all(u8::try_from(self.remaining.len()).unwrap_or(4))
            .map(|seat| {
                let elapsed = if Some(seat) == running {
                    self.elapsed(seat, now)
                } else {
                    0
                };
                self.budget(seat).saturating_sub(elapsed)
            })
            .collect();
        Some(ClockInfo {
            running,
            ms,
            bank_ms: matches!(self.control, TimeControl::Move { .. })
                .then(|| self.remaining.clone()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(n: u8) -> Seat {
        Seat::new(n).unwrap_or_else(|| unreachable!())
    }

    #[test]
    fn requests_are_checked() {
        let parse = |text: &str| {
            TimeControl::from_request(serde_json::from_str::<Value>(text).ok().as_ref())
        };
        assert_eq!(parse("null"), Ok(TimeControl::None));
        assert_eq!(parse(r#"{"kind":"none"}"#), Ok(TimeControl::None));
        assert_eq!(
            parse(r#"{"kind":"clock","seconds":300,"increment":2}"#),
            Ok(TimeControl::Clock {
                seconds: 300,
                increment: 2
            })
        );
        assert_eq!(
            parse(r#"{"kind":"move","seconds":30}"#),
            Ok(TimeControl::Move {
                seconds: 30,
                bank: 30
            })
        );
        for bad in [
            r#"{"kind":"clock","seconds":4}"#,
            r#"{"kind":"clock","seconds":3601}"#,
            r#"{"kind":"clock","seconds":60,"increment":61}"#,
            r#"{"kind":"clock"}"#,
            r#"{"kind":"clock","seconds":-5}"#,
            r#"{"kind":"clock","seconds":"60"}"#,
            r#"{"kind":"move","seconds":121}"#,
            r#"{"kind":"move","seconds":30,"increment":2}"#,
            r#"{"kind":"blitz"}"#,
            r#""5+3""#,
        ] {
            assert!(parse(bad).is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn stored_text_round_trips() {
        for control in [
            TimeControl::None,
            TimeControl::Clock {
                seconds: 300,
                increment: 2,
            },
            TimeControl::move_timer(30),
        ] {
            assert_eq!(
                TimeControl::from_stored(control.stored().as_deref()),
                Ok(control)
            );
        }
        assert!(TimeControl::from_stored(Some("clock:x+1")).is_err());
        assert!(Clocks::resumed(TimeControl::move_timer(30), 2, Some("1,2,3")).is_err());
    }

    #[test]
    fn a_game_clock_charges_the_time_used_and_adds_the_increment() {
        let mut clocks = Clocks::new(
            TimeControl::Clock {
                seconds: 10,
                increment: 3,
            },
            2,
        );
        let start = Instant::now();
        clocks.run(Some(seat(0)), start);
        let now = start + Duration::from_millis(4_000);
        assert_eq!(clocks.left_ms(seat(0), now), Some(6_000));
        assert_eq!(clocks.left_ms(seat(1), now), Some(10_000));
        assert_eq!(clocks.charged(seat(0), now), vec![9_000, 10_000]);
        assert_eq!(clocks.deadline(), Some(start + Duration::from_secs(10)));
    }

    #[test]
    fn a_move_timer_draws_on_its_bank_and_tops_it_up() {
        let mut clocks = Clocks::new(TimeControl::move_timer(10), 2);
        let start = Instant::now();
        clocks.run(Some(seat(0)), start);
        let slow = clocks.charged(seat(0), start + Duration::from_millis(14_000));
        assert_eq!(slow, vec![6_000, 10_000]);
        clocks.commit(slow, true);
        clocks.run(Some(seat(0)), start);
        assert_eq!(clocks.left_ms(seat(0), start), Some(16_000));
        let quick = clocks.charged(seat(0), start + Duration::from_millis(7_000));
        assert_eq!(quick, vec![9_000, 10_000]);
        let quicker = clocks.charged(seat(0), start + Duration::from_millis(1_000));
        assert_eq!(quicker, vec![10_000, 10_000], "capped at the first size");
    }
}
