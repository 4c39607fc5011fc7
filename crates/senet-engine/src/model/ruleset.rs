//! The state machine every rule set is: `state + step → state + events`,
//! and what comes next.

use core::fmt;

use crate::model::chance::{ChanceKind, Roll};
use crate::model::choice::{Choice, Options};
use crate::model::description::{SeriesScoring, SquareSpan};
use crate::model::eliminate::EliminateError;
use crate::model::event::Event;
use crate::model::reason::Reason;
use crate::model::seat::Seat;
use crate::model::standing::Standing;
use crate::model::throw_value::{StickCount, ThrowValue};
use crate::model::view::View;
use crate::rules::RuleSetId;
use crate::square::Square;

/// What comes next in a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    /// The server draws an outcome of this kind (see
    /// [`ChanceKind::outcomes`] for each outcome's exact probability).
    Chance(ChanceKind),
    /// A seat picks one of these options (never empty).
    Decide {
        /// Who decides.
        seat: Seat,
        /// Every legal option.
        options: Options,
    },
    /// The game is over.
    End(Standing),
}

/// One step of a game: a drawn outcome or a seat's pick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", tag = "step"))]
pub enum Step {
    /// A chance outcome.
    Chance {
        /// The outcome.
        roll: Roll,
    },
    /// A seat's decision.
    Decide {
        /// The seat that decided.
        seat: Seat,
        /// The option it picked.
        choice: Choice,
    },
}

/// Why the rules refused a step. The state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepError {
    /// The game is over.
    GameOver,
    /// The rules draw next (of this kind); no seat decides now.
    ChanceNext(ChanceKind),
    /// A seat decides next; no chance is drawn now.
    DecisionNext(Seat),
    /// The outcome is not of the kind the rules draw now.
    WrongChance(ChanceKind),
    /// Another seat decides now.
    NotYourDecision(Seat),
    /// The choice is not among the options; `reason` is the rules' reason
    /// (its stable code: `blockade`, `own_piece`, …) and `detail` says it
    /// for people.
    NotAnOption {
        /// The rules' reason.
        reason: Reason,
        /// The reason in words.
        detail: String,
    },
}

impl StepError {
    /// The rules' reason, when the step is a choice that is not an option.
    #[must_use]
    pub fn reason(&self) -> Option<Reason> {
        match self {
            StepError::NotAnOption { reason, .. } => Some(*reason),
            _ => None,
        }
    }

    /// A stable machine-readable code.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            StepError::GameOver => "game_over",
            StepError::ChanceNext(_) => "chance_next",
            StepError::DecisionNext(_) => "decision_next",
            StepError::WrongChance(_) => "wrong_chance",
            StepError::NotYourDecision(_) => "not_your_decision",
            StepError::NotAnOption { reason, .. } => reason.code(),
        }
    }
}

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepError::GameOver => f.write_str("the game is over"),
            StepError::ChanceNext(kind) => {
                write!(f, "the rules draw next ({kind:?}); nobody decides now")
            }
            StepError::DecisionNext(seat) => {
                write!(f, "seat {seat} decides next; nothing is drawn now")
            }
            StepError::WrongChance(kind) => write!(f, "the rules draw {kind:?} now"),
            StepError::NotYourDecision(seat) => write!(f, "seat {seat} decides now"),
            StepError::NotAnOption { detail, .. } => f.write_str(detail),
        }
    }
}

impl std::error::Error for StepError {}

/// A table the rules cannot seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatsError {
    /// The seats asked for.
    pub given: u8,
    /// The fewest the rule set seats.
    pub min: u8,
    /// The most.
    pub max: u8,
}

impl fmt::Display for SeatsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.min == self.max {
            write!(
                f,
                "{} seats asked for; this rule set seats exactly {}",
                self.given, self.min
            )
        } else {
            write!(
                f,
                "{} seats asked for; this rule set seats {} to {}",
                self.given, self.min, self.max
            )
        }
    }
}

impl std::error::Error for SeatsError {}

/// One rule set as a deterministic state machine.
///
/// A rule set owns its state type. Given a state, [`RuleSet::next`] says
/// what comes next; [`RuleSet::apply`] takes one step, checks it against
/// exactly that, and reports what it did as events. Steps that are
/// forced (a pass when no option exists, an opening move the rules make)
/// happen inside the step that caused them, so every decision offered has
/// at least one option.
pub trait RuleSet: Copy + fmt::Debug + Send + Sync + 'static {
    /// Everything a position needs, and nothing a record would not rebuild.
    type State: Clone + fmt::Debug + PartialEq + Eq + core::hash::Hash + Send + Sync;

    /// The rule set's id.
    fn id(self) -> RuleSetId;

    /// The fewest and the most seats it plays with.
    fn seat_range(self) -> (u8, u8);

    /// The chance a turn begins with (the openings' lot for who begins
    /// aside): the kind its description names.
    fn chance(self) -> ChanceKind;

    /// The end of the track where a piece waits for the throw that takes
    /// it off the board: from the House of Happiness on (Kendall, whose
    /// pieces must stop there), the exit row every piece must reach before
    /// any bears off (Jequier), the Gates of Aaru (Path of Peril).
    fn exit_row(self) -> SquareSpan;

    /// Whether a piece with a friendly piece on a neighbouring square
    /// cannot be captured (the stick rule sets); false by default.
    fn guarded_by_neighbour(self) -> bool {
        false
    }

    /// How a room scores a series of games under these rules, if it does
    /// (Jequier); by default each game stands alone.
    fn series(self) -> Option<SeriesScoring> {
        None
    }

    /// How the sticks count, for the rule sets that throw sticks; `None`
    /// by default.
    fn sticks(self) -> Option<StickCount> {
        None
    }

    /// What `roll` is worth as a turn's throw: the squares it moves, from
    /// the counted sticks or the dice ([`ThrowValue::of`]).
    fn throw_value(self, roll: Roll) -> Option<ThrowValue> {
        ThrowValue::of(roll, self.sticks())
    }

    /// The state a game with this many seats starts from.
    fn start(self, seats: u8) -> Result<Self::State, SeatsError>;

    /// How many seats the game in this state has.
    fn seats(self, state: &Self::State) -> u8;

    /// What comes next.
    fn next(self, state: &Self::State) -> Next;

    /// Takes one step, adding what it did to `events`. On error the state
    /// is unchanged (events may have been added and are to be dropped).
    fn apply(
        self,
        state: &mut Self::State,
        step: Step,
        events: &mut Vec<Event>,
    ) -> Result<(), StepError>;

    /// The position text of a state (the rule set's own notation).
    fn position_text(self, state: &Self::State) -> String;

    /// Whose own throw the next step is: `Some(seat)` when what comes next
    /// is a chance that the seat throws itself, so the server waits for it
    /// to ask (the stick rule sets' throw of the seat on turn, the opening
    /// throws of Kendall-7 and Jequier included; Path of Peril's turn roll;
    /// Senet-modern's dice at the start of a turn when no choice of dice
    /// was offered). `None` when a decision or the end comes next, or a
    /// draw the rules make by themselves, which the server makes at once:
    /// the lot for who opens, Path of Peril's rolls for the Vulture, the
    /// River and the Trial, and Senet-modern's dice right after the seat
    /// chose to roll one or two (that choice was its throw).
    fn thrower(self, state: &Self::State) -> Option<Seat>;

    /// The state as a client draws it: every square, each seat's reserve,
    /// borne-off and removed pieces, scores, who is out, who is on turn.
    fn view(self, state: &Self::State) -> View;

    /// Why the deciding seat's piece on `square` has no option in the
    /// decision the state waits for: the refusal [`RuleSet::apply`] would
    /// give for moving it (the rules' own reason code and words, e.g.
    /// `blockade`, `own_pawn`, `safe`), or `None` when the piece has an
    /// option, or when the decision is not one of moving pieces on the
    /// board (Path of Peril's Ankh and Vulture, Senet-modern's choice of
    /// dice) or no decision waits. A square without a piece of the deciding
    /// seat gets the rules' refusal for that too (`no_pawn_of_yours`, …).
    ///
    /// It asks `apply` on a copy of the state ([`RuleSet::refusal`]), so the
    /// reason is the one the seat would get for choosing it: no rule is
    /// written twice.
    fn blocked(self, state: &Self::State, square: Square) -> Option<StepError>;

    /// Why `choice` would be refused if the seat that decides now picked
    /// it: `None` when it is one of the options. When no decision waits,
    /// the refusal says so ([`StepError::ChanceNext`],
    /// [`StepError::GameOver`]). Played on a copy: the state is unchanged.
    fn refusal(self, state: &Self::State, choice: Choice) -> Option<StepError> {
        let seat = match self.next(state) {
            Next::Decide { seat, .. } => seat,
            // Any seat: `apply` refuses a decision when none is due.
            Next::Chance(_) | Next::End(_) => Seat::FIRST,
        };
        let mut scratch = state.clone();
        self.apply(&mut scratch, Step::Decide { seat, choice }, &mut Vec::new())
            .err()
    }

    /// Every piece of the deciding seat on the board that has no option in
    /// the decision the state waits for, lowest square first, each with the
    /// rules' reason ([`RuleSet::blocked`]). Empty when no decision waits or
    /// every piece can move.
    fn blocked_pieces(self, state: &Self::State) -> Vec<(Square, StepError)> {
        let Next::Decide { seat, .. } = self.next(state) else {
            return Vec::new();
        };
        let view = self.view(state);
        Square::all()
            .zip(&view.squares)
            .filter(|(_, occupant)| occupant.is_some_and(|piece| piece.seat == Some(seat)))
            .filter_map(|(square, _)| Some((square, self.blocked(state, square)?)))
            .collect()
    }

    /// The seat a chance drawn now is for: the seat throwing
    /// ([`RuleSet::thrower`]), or the seat on turn for a draw the rules
    /// make inside its turn (Path of Peril's Vulture, River and Trial rolls,
    /// Senet-modern's dice after it chose one or two). `None` for a draw
    /// that is nobody's (the lot for who opens), and when no chance is next.
    fn chance_seat(self, state: &Self::State) -> Option<Seat> {
        match self.next(state) {
            Next::Chance(ChanceKind::Lot { .. }) | Next::Decide { .. } | Next::End(_) => None,
            Next::Chance(_) => self.thrower(state).or_else(|| self.view(state).to_move),
        }
    }

    /// Takes `seat` out of the game because it resigned or abandoned, a
    /// decision made outside the rules, adding what that did to `events`.
    ///
    /// Only a game of three or four seats plays on without a seat (Senet-
    /// modern); by default the rules refuse with
    /// [`EliminateError::TwoSeats`], and the game ends outside them
    /// (`Standing::two_seats(other, EndHow::Resigned)`). Also refused: a
    /// game that is over, a seat not at the table, a seat already out. On
    /// error the state is unchanged and nothing is added to `events`.
    fn eliminate(
        self,
        state: &mut Self::State,
        seat: Seat,
        events: &mut Vec<Event>,
    ) -> Result<(), EliminateError> {
        let _ = events;
        if matches!(self.next(state), Next::End(_)) {
            Err(EliminateError::GameOver)
        } else if seat.number() >= self.seats(state) {
            Err(EliminateError::NotAtTable(seat))
        } else {
            Err(EliminateError::TwoSeats)
        }
    }
}

/// Checks a step against what comes next, for rule sets to call first in
/// [`RuleSet::apply`]: the same checks and messages everywhere.
pub fn check_step(next: &Next, step: &Step) -> Result<(), StepError> {
    match (next, step) {
        (Next::End(_), _) => Err(StepError::GameOver),
        (Next::Chance(kind), Step::Chance { roll }) => {
            let seats = match kind {
                ChanceKind::Lot { seats } => *seats,
                _ => 0,
            };
            if roll.kind(seats) == *kind && lot_in_range(roll, seats) {
                Ok(())
            } else {
                Err(StepError::WrongChance(*kind))
            }
        }
        (Next::Chance(kind), Step::Decide { .. }) => Err(StepError::ChanceNext(*kind)),
        (Next::Decide { seat, .. }, Step::Chance { .. }) => Err(StepError::DecisionNext(*seat)),
        (Next::Decide { seat, options }, Step::Decide { seat: by, choice }) => {
            if by != seat {
                Err(StepError::NotYourDecision(*seat))
            } else if options.contains(choice) {
                Ok(())
            } else {
                Err(StepError::NotAnOption {
                    reason: Reason::NotAnOption,
                    detail: format!("`{choice}` is not one of the options"),
                })
            }
        }
    }
}

fn lot_in_range(roll: &Roll, seats: u8) -> bool {
    match roll {
        Roll::Lot { seat } => seat.number() < seats,
        _ => true,
    }
}
