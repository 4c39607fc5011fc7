//! A game in progress: position, turn steps and record, kept consistent.

use core::fmt;

use crate::kendall_v1::Rules;
use crate::kendall_v1::moves::{Move, MoveList, PlayError};
use crate::kendall_v1::position::Position;
use crate::kendall_v1::record::{Action, Record, Turn};
use crate::kendall_v1::side::Side;
use crate::kendall_v1::throw::{Throw, ThrowError};
use crate::square::Square;
use crate::sticks::Sticks;

/// Where a game stands between actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The side to move must throw the sticks.
    ToThrow,
    /// The side to move has thrown and must choose one of `moves`.
    ToMove {
        /// The throw to move by.
        throw: Throw,
        /// The legal moves; never empty.
        moves: MoveList,
    },
    /// The game is over.
    Over {
        /// The side that bore off all its pieces.
        winner: Side,
    },
}

/// Why a game refused an action. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    /// A throw was asked for, but the side to move must first move.
    MustMoveFirst,
    /// A move was asked for, but the side to move has not thrown yet.
    MustThrowFirst,
    /// The throw is not one the rule set can give.
    BadThrow(ThrowError),
    /// The rules forbid the move, or the forfeit.
    Illegal(PlayError),
}

impl GameError {
    /// A stable machine-readable code.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            GameError::MustMoveFirst => "must_move_first",
            GameError::MustThrowFirst => "must_throw_first",
            GameError::BadThrow(_) => "bad_throw",
            GameError::Illegal(error) => error.code(),
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::MustMoveFirst => {
                f.write_str("the sticks are thrown; a piece must move first")
            }
            GameError::MustThrowFirst => f.write_str("the sticks must be thrown first"),
            GameError::BadThrow(error) => write!(f, "{error}"),
            GameError::Illegal(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for GameError {}

impl From<PlayError> for GameError {
    fn from(error: PlayError) -> GameError {
        GameError::Illegal(error)
    }
}

/// What a throw led to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Thrown {
    /// The side that threw.
    pub side: Side,
    /// The throw.
    pub throw: Throw,
    /// The legal moves; empty when the turn was forfeited.
    pub moves: MoveList,
}

impl Thrown {
    /// True when no move was legal, so the turn was forfeited and passed.
    #[must_use]
    pub const fn forfeited(&self) -> bool {
        self.moves.is_empty()
    }
}

/// What a move led to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// The side that moved.
    pub side: Side,
    /// The throw it moved by.
    pub throw: Throw,
    /// The move, with its effect.
    pub mv: Move,
    /// The position after the move.
    pub position: Position,
    /// The winner, when the move ended the game.
    pub winner: Option<Side>,
}

/// A game under one rule set: its position, phase and record.
#[derive(Debug, Clone)]
pub struct Game<R: Rules> {
    rules: R,
    position: Position,
    phase: Phase,
    record: Record,
}

impl<R: Rules> Game<R> {
    /// A new game at the rule set's start position.
    pub fn new(rules: R) -> Game<R> {
        let position = rules.start();
        Game {
            rules,
            position,
            phase: Phase::ToThrow,
            record: Record::new(),
        }
    }

    /// The rule set.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> Position {
        self.position
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The turns so far.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<Side> {
        match self.phase {
            Phase::Over { winner } => Some(winner),
            _ => None,
        }
    }

    /// Throws the sticks for the side to move. When no move is legal the
    /// forfeit is recorded and the turn passes at once.
    pub fn throw(&mut self, sticks: Sticks) -> Result<Thrown, GameError> {
        let throw = self.rules.score(sticks);
        self.begin_turn(throw)
    }

    fn begin_turn(&mut self, throw: Throw) -> Result<Thrown, GameError> {
        match self.phase {
            Phase::ToThrow => {}
            Phase::ToMove { .. } => return Err(GameError::MustMoveFirst),
            Phase::Over { .. } => return Err(PlayError::GameOver.into()),
        }
        let side = self.position.to_move();
        let moves = self.rules.legal_moves(&self.position, throw);
        if moves.is_empty() {
            self.position = self.rules.pass(&self.position);
            self.record.push(Turn::new(throw, Action::Forfeit));
        } else {
            self.phase = Phase::ToMove { throw, moves };
        }
        Ok(Thrown { side, throw, moves })
    }

    /// Moves the piece on `from` by the pending throw.
    pub fn play(&mut self, from: Square) -> Result<Played, GameError> {
        let (throw, moves) = match self.phase {
            Phase::ToMove { throw, moves } => (throw, moves),
            Phase::ToThrow => return Err(GameError::MustThrowFirst),
            Phase::Over { .. } => return Err(PlayError::GameOver.into()),
        };
        let side = self.position.to_move();
        let mv = moves
            .find(from)
            .ok_or_else(|| self.rules.explain_illegal(&self.position, throw, from))?;
        self.position = self.rules.apply(&self.position, throw, mv);
        self.record.push(Turn::new(throw, Action::Move(from)));
        let winner = self.rules.winner(&self.position);
        self.phase = match winner {
            Some(winner) => Phase::Over { winner },
            None => Phase::ToThrow,
        };
        Ok(Played {
            side,
            throw,
            mv,
            position: self.position,
            winner,
        })
    }

    /// Applies one recorded turn, checking it: the throw must be one the rule
    /// set can give, a forfeit must have no legal move and a move must be
    /// legal. Returns the move with its effect, or `None` for a forfeit. On
    /// error the game is unchanged.
    pub fn apply_turn(&mut self, turn: Turn) -> Result<Option<Move>, GameError> {
        let throw = self.rules.throw(turn.throw).map_err(GameError::BadThrow)?;
        if !matches!(self.phase, Phase::ToThrow) {
            return Err(match self.phase {
                Phase::Over { .. } => PlayError::GameOver.into(),
                _ => GameError::MustMoveFirst,
            });
        }
        let moves = self.rules.legal_moves(&self.position, throw);
        match turn.action {
            Action::Forfeit if !moves.is_empty() => Err(PlayError::MustMove.into()),
            Action::Move(_) if moves.is_empty() => Err(PlayError::NoLegalMove.into()),
            Action::Forfeit => self.begin_turn(throw).map(|_| None),
            Action::Move(from) => {
                if moves.find(from).is_none() {
                    return Err(self
                        .rules
                        .explain_illegal(&self.position, throw, from)
                        .into());
                }
                self.begin_turn(throw)?;
                self.play(from).map(|played| Some(played.mv))
            }
        }
    }
}
