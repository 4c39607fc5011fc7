//! A game under any rule set: the rules' state, what comes next, and
//! the record — every step, and every seat that left a game of three or
//! four seats — with what each entry did. No I/O: the room stores what a
//! command added before it keeps it.

use std::fmt;
use std::str::FromStr;

use senet_engine::{
    AnyRules, AnyState, Event, Next, RuleSet, RuleSetId, Seat, Standing, Step, ThrowValue,
};

/// How a seat left a game of three or four seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LeftHow {
    /// It resigned.
    Resigned,
    /// It stayed away past the timeout and another seat claimed it.
    Abandoned,
    /// Its clock ran out (a room with a time control).
    Time,
}

impl LeftHow {
    /// How a game of two seats ends when one of them leaves this way.
    #[must_use]
    pub const fn end_how(self) -> senet_engine::EndHow {
        match self {
            LeftHow::Resigned => senet_engine::EndHow::Resigned,
            LeftHow::Abandoned => senet_engine::EndHow::Abandoned,
            LeftHow::Time => senet_engine::EndHow::Time,
        }
    }
}

/// One entry of a room's record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// A step the rules took.
    Step(Step),
    /// A seat left a game of three or four seats; the others play on.
    Left {
        /// The seat.
        seat: Seat,
        /// How.
        how: LeftHow,
    },
}

impl Entry {
    /// The seat the entry is by: the deciding or leaving seat, `None` for
    /// a chance.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Entry::Step(Step::Decide { seat, .. }) | Entry::Left { seat, .. } => Some(seat),
            Entry::Step(Step::Chance { .. }) => None,
        }
    }
}

impl fmt::Display for Entry {
    /// The step-record text, or `<seat>:resign` / `<seat>:abandon` /
    /// `<seat>:time`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entry::Step(step) => write!(f, "{step}"),
            Entry::Left {
                seat,
                how: LeftHow::Resigned,
            } => write!(f, "{seat}:resign"),
            Entry::Left {
                seat,
                how: LeftHow::Abandoned,
            } => write!(f, "{seat}:abandon"),
            Entry::Left {
                seat,
                how: LeftHow::Time,
            } => write!(f, "{seat}:time"),
        }
    }
}

impl FromStr for Entry {
    type Err = String;

    fn from_str(text: &str) -> Result<Entry, String> {
        let left = |suffix: &str, how: LeftHow| {
            text.strip_suffix(suffix)
                .and_then(|seat| seat.parse::<u8>().ok())
                .and_then(Seat::new)
                .map(|seat| Entry::Left { seat, how })
        };
        if let Some(entry) = left(":resign", LeftHow::Resigned) {
            return Ok(entry);
        }
        if let Some(entry) = left(":abandon", LeftHow::Abandoned) {
            return Ok(entry);
        }
        if let Some(entry) = left(":time", LeftHow::Time) {
            return Ok(entry);
        }
        text.parse::<Step>()
            .map(Entry::Step)
            .map_err(|e| format!("`{text}`: {e}"))
    }
}

/// An entry of the record with what it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// The entry.
    pub entry: Entry,
    /// What it did.
    pub events: Vec<Event>,
    /// For a chance step, the seat whose chance it was (the engine's
    /// [`RuleSet::chance_seat`] before it); `None` for the lot and for
    /// every other entry.
    pub by: Option<Seat>,
    /// For a turn's throw (a chance a seat throws, not one the rules draw
    /// inside a turn), what it is worth ([`RuleSet::throw_value`]).
    pub throw: Option<ThrowValue>,
}

/// Why the table refused an entry. Its state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// The engine's refusal, typed, so the room maps each kind to its own
    /// wire code (and the rules' reason to `illegal_move`'s `reason`).
    pub cause: Cause,
    /// The reason in words.
    pub message: String,
}

/// The engine's refusal of an entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cause {
    /// The rules refused a step.
    Step(senet_engine::StepError),
    /// The rules refused to take a seat out.
    Left(senet_engine::EliminateError),
}

impl Refused {
    /// The engine's stable code for the refusal (for logs).
    #[must_use]
    pub fn code(&self) -> &'static str {
        match &self.cause {
            Cause::Step(error) => error.code(),
            Cause::Left(error) => error.code(),
        }
    }
}

/// The game a room plays.
#[derive(Debug, Clone)]
pub struct Table {
    rules: AnyRules,
    seats: u8,
    state: AnyState,
    next: Next,
    /// The entries from `base` on (all of them, but in a fork).
    record: Vec<Played>,
    /// How many entries came before `record` (0, but in a fork).
    base: usize,
}

impl Table {
    /// A new game of `rule_set` at a table of `seats`.
    pub fn new(rule_set: RuleSetId, seats: u8) -> Result<Table, String> {
        let rules = AnyRules::of(rule_set);
        let state = rules.start(seats).map_err(|e| e.to_string())?;
        let next = rules.next(&state);
        Ok(Table {
            rules,
            seats,
            state,
            next,
            record: Vec::new(),
            base: 0,
        })
    }

    /// A table at the same point with none of the record before it: what a
    /// command plays on, so trying steps costs nothing in the length of the
    /// game. [`Table::absorb`] keeps what it played.
    pub fn fork(&self) -> Table {
        Table {
            rules: self.rules,
            seats: self.seats,
            state: self.state.clone(),
            next: self.next.clone(),
            record: Vec::new(),
            base: self.len(),
        }
    }

    /// Takes what a fork of this table played; `false` (and nothing
    /// changes) when the fork was not taken from this table as it is now.
    pub fn absorb(&mut self, fork: Table) -> bool {
        if fork.base != self.len() || fork.rules != self.rules {
            return false;
        }
        self.state = fork.state;
        self.next = fork.next;
        self.record.extend(fork.record);
        true
    }

    /// How many entries the game's record has.
    pub fn len(&self) -> usize {
        self.base + self.record.len()
    }

    /// Whether nothing has been played yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Replays a stored record; the first entry the rules refuse is an
    /// error naming it.
    pub fn replay(rule_set: RuleSetId, seats: u8, entries: &[Entry]) -> Result<Table, String> {
        let mut table = Table::new(rule_set, seats)?;
        for (index, entry) in entries.iter().enumerate() {
            table
                .play(*entry)
                .map_err(|refused| format!("entry {} `{entry}`: {}", index + 1, refused.message))?;
        }
        Ok(table)
    }

    /// How many seats.
    pub fn seats(&self) -> u8 {
        self.seats
    }

    /// The rules' state.
    pub fn state(&self) -> &AnyState {
        &self.state
    }

    /// What comes next.
    pub fn next(&self) -> &Next {
        &self.next
    }

    /// The steps of the record with their events (a seat leaving is no
    /// step), as [`senet_engine::kendall_v1::KendallTurns::of`] reads them.
    pub fn steps(&self) -> impl Iterator<Item = (&Step, &[Event])> {
        self.record()
            .iter()
            .filter_map(|played| match &played.entry {
                Entry::Step(step) => Some((step, played.events.as_slice())),
                Entry::Left { .. } => None,
            })
    }

    /// The record so far (a fork: the entries it played).
    pub fn record(&self) -> &[Played] {
        &self.record
    }

    /// The seat whose own throw comes next, if one does.
    pub fn thrower(&self) -> Option<Seat> {
        self.rules.thrower(&self.state)
    }

    /// Whether the next step is a draw the rules make by themselves (the
    /// server draws it at once, nobody asks for it).
    pub fn draws_by_itself(&self) -> bool {
        matches!(self.next, Next::Chance(_)) && self.thrower().is_none()
    }

    /// The seat that must act now: the thrower, or the deciding seat.
    pub fn to_act(&self) -> Option<Seat> {
        match &self.next {
            Next::Decide { seat, .. } => Some(*seat),
            Next::Chance(_) => self.thrower(),
            Next::End(_) => None,
        }
    }

    /// The standing once the rules have ended the game.
    pub fn standing(&self) -> Option<&Standing> {
        match &self.next {
            Next::End(standing) => Some(standing),
            _ => None,
        }
    }

    /// The view of the state for clients.
    pub fn view(&self) -> senet_engine::View {
        self.rules.view(&self.state)
    }

    /// The deciding seat's pieces that have no option now, each with the
    /// rules' reason; empty unless a decision waits.
    pub fn blocked(&self) -> Vec<(senet_engine::Square, senet_engine::StepError)> {
        self.rules.blocked_pieces(&self.state)
    }

    /// The position text.
    pub fn position_text(&self) -> String {
        self.rules.position_text(&self.state)
    }

    /// What `step` would do, played on a copy of the state: its events,
    /// or nothing when the rules refuse it. The table is unchanged; this
    /// is how a client previews an option before it is chosen.
    pub fn preview(&self, step: senet_engine::Step) -> Vec<senet_engine::Event> {
        let mut events = Vec::new();
        let mut state = self.state.clone();
        match self.rules.apply(&mut state, step, &mut events) {
            Ok(()) => events,
            Err(_) => Vec::new(),
        }
    }

    /// Takes one entry; on refusal nothing changes.
    pub fn play(&mut self, entry: Entry) -> Result<(), Refused> {
        let (by, throw) = match entry {
            Entry::Step(Step::Chance { roll }) => (
                self.rules.chance_seat(&self.state),
                self.rules
                    .thrower(&self.state)
                    .and_then(|_| self.rules.throw_value(roll)),
            ),
            Entry::Step(Step::Decide { .. }) | Entry::Left { .. } => (None, None),
        };
        let mut events = Vec::new();
        let mut state = self.state.clone();
        match entry {
            Entry::Step(step) => {
                self.rules
                    .apply(&mut state, step, &mut events)
                    .map_err(|error| Refused {
                        message: error.to_string(),
                        cause: Cause::Step(error),
                    })?
            }
            Entry::Left { seat, .. } => self
                .rules
                .eliminate(&mut state, seat, &mut events)
                .map_err(|error| Refused {
                    message: error.to_string(),
                    cause: Cause::Left(error),
                })?,
        }
        self.state = state;
        self.next = self.rules.next(&self.state);
        self.record.push(Played {
            entry,
            events,
            by,
            throw,
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use senet_engine::random_step;

    #[test]
    fn a_fork_plays_without_the_record_and_is_absorbed_once() {
        let mut table = Table::new(RuleSetId::Peril, 2).unwrap();
        let mut rng = rand::rng();
        for _ in 0..20 {
            let step = random_step(table.rules, table.state(), &mut rng).unwrap();
            table.play(Entry::Step(step)).unwrap();
        }
        let mut fork = table.fork();
        assert!(fork.record().is_empty());
        assert_eq!(fork.len(), 20);
        let step = random_step(fork.rules, fork.state(), &mut rng).unwrap();
        fork.play(Entry::Step(step)).unwrap();
        let stale = fork.clone();
        assert!(table.absorb(fork));
        assert_eq!(table.len(), 21);
        assert_eq!(table.record().len(), 21);
        // A fork taken before the table moved on no longer fits.
        assert!(!table.absorb(stale));
        assert_eq!(table.len(), 21);
        // The table is the game its record replays to.
        let entries: Vec<Entry> = table.record().iter().map(|p| p.entry).collect();
        let replayed = Table::replay(RuleSetId::Peril, 2, &entries).unwrap();
        assert_eq!(replayed.state(), table.state());
    }

    #[test]
    fn entries_read_back_from_their_text() {
        for text in [
            "LDLL",
            "d3d5",
            "0:9/4",
            "1:enter 2",
            "2:resign",
            "3:abandon",
        ] {
            let entry: Entry = text.parse().unwrap();
            assert_eq!(entry.to_string(), text);
        }
        assert!("4:resign".parse::<Entry>().is_err());
        assert!("x:resign".parse::<Entry>().is_err());
    }
}
