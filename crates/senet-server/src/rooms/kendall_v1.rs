//! Protocol version 1 for `kendall` rooms: the first release's messages,
//! told from the steps the room plays.
//!
//! The room plays the step model; a version 1 client knows throws, moves,
//! forfeits and sides. A `kendall` room keeps the engine's turn-based game
//! beside its table, stepped with the same steps, and tells version 1
//! clients from it exactly what the first release told them. Both games are
//! the engine's Kendall rules (the step model's is tested against the
//! turn-based one), so they agree; if they ever did not, the mirror is
//! dropped and version 1 clients get snapshots of the step model's view.

use senet_engine::{
    EndHow, Game, Phase, Roll, RuleSetId, Rules, Seat, Side, Square, Standing, Step, Sticks,
};
use uuid::Uuid;

use super::slot::Status;
use crate::ws::protocol::{
    BorneOff, GameResult, How, MoveView, PhaseView, ServerMessage, ThrowView,
};

/// The turn-based Kendall game beside a `kendall` room's table.
#[derive(Clone)]
pub struct KendallMirror {
    game: Game<&'static dyn Rules>,
    last_throw: Option<ThrowView>,
}

/// The side a seat plays in Kendall (seat 0 is Cone: no opening deals
/// colours).
pub fn side_of(seat: Seat) -> Side {
    if seat.number() == 0 {
        Side::Cone
    } else {
        Side::Spool
    }
}

/// A finished game's result as version 1 tells it, when it has one.
pub fn result_of(standing: &Standing) -> Option<GameResult> {
    let how = match standing.how {
        EndHow::BorneOff => How::BorneOff,
        EndHow::Resigned => How::Resigned,
        EndHow::Abandoned => How::Abandoned,
        EndHow::Time => How::Time,
        _ => return None,
    };
    Some(GameResult {
        winner: side_of(standing.winner()?),
        how,
    })
}

impl KendallMirror {
    /// The mirror of a new game, when the rule set is `kendall`.
    pub fn new(rule_set: RuleSetId) -> Option<KendallMirror> {
        let rules = rule_set
            .rules()
            .filter(|_| rule_set == RuleSetId::Kendall)?;
        Some(KendallMirror {
            game: Game::new(rules),
            last_throw: None,
        })
    }

    /// Takes a step the table took, returning what version 1 tells of it;
    /// `Err` when the turn-based game refuses it (the mirror is then to be
    /// dropped).
    pub fn step(&mut self, step: &Step) -> Result<Vec<ServerMessage>, String> {
        match *step {
            Step::Chance {
                roll: Roll::Sticks { sticks },
            } => self.throw(sticks),
            Step::Decide {
                choice: senet_engine::Choice::Move { from },
                ..
            } => self.play(from),
            other => Err(format!("`{other}` is not a Kendall step")),
        }
    }

    fn throw(&mut self, sticks: Sticks) -> Result<Vec<ServerMessage>, String> {
        let side = self.game.position().to_move();
        let thrown = self.game.throw(sticks).map_err(|e| e.to_string())?;
        self.last_throw = Some(ThrowView {
            side,
            sticks: sticks.lights(),
            value: thrown.throw.value(),
        });
        let mut told = vec![ServerMessage::Thrown {
            side,
            sticks: sticks.lights(),
            value: thrown.throw.value(),
            extra_throw: self.game.rules().extra_throw(thrown.throw),
            forfeited: thrown.forfeited(),
            moves: thrown.moves.iter().map(MoveView::from).collect(),
        }];
        if thrown.forfeited() {
            told.push(ServerMessage::Forfeited {
                side,
                throw: thrown.throw.value(),
                turn_no: self.game.record().len(),
                to_move: self.game.position().to_move(),
            });
        }
        Ok(told)
    }

    fn play(&mut self, from: Square) -> Result<Vec<ServerMessage>, String> {
        let side = self.game.position().to_move();
        let played = self.game.play(from).map_err(|e| e.to_string())?;
        Ok(vec![ServerMessage::Moved {
            side,
            throw: played.throw.value(),
            turn_no: self.game.record().len(),
            mv: MoveView::from(played.mv),
            position: self.game.rules().position_text(&played.position),
            board: board_of(&played.position),
            to_move: played.position.to_move(),
        }])
    }

    /// The game.
    pub fn game(&self) -> &Game<&'static dyn Rules> {
        &self.game
    }

    /// The last throw.
    pub fn last_throw(&self) -> Option<ThrowView> {
        self.last_throw
    }

    /// The version 1 phase for a room in `status`.
    pub fn phase_view(&self, status: &Status) -> PhaseView {
        match status {
            Status::Waiting => PhaseView::Waiting,
            Status::Finished(standing) => match result_of(standing) {
                Some(result) => PhaseView::Finished { result },
                None => PhaseView::Waiting,
            },
            Status::Playing => match self.game.phase() {
                Phase::ToThrow => PhaseView::ToThrow,
                Phase::ToMove { throw, moves } => PhaseView::ToMove {
                    throw: throw.value(),
                    moves: moves.iter().map(MoveView::from).collect(),
                },
                Phase::Over { winner } => PhaseView::Finished {
                    result: GameResult {
                        winner,
                        how: How::BorneOff,
                    },
                },
            },
        }
    }

    /// Squares 1..=30 and who stands on each.
    pub fn board(&self) -> Vec<Option<Side>> {
        board_of(&self.game.position())
    }

    /// Pieces borne off.
    pub fn borne_off(&self) -> BorneOff {
        let position = self.game.position();
        let per_side = self.game.rules().pieces_per_side();
        BorneOff {
            cone: per_side.saturating_sub(position.on_board(Side::Cone)),
            spool: per_side.saturating_sub(position.on_board(Side::Spool)),
        }
    }

    /// The position text.
    pub fn position_text(&self) -> String {
        self.game.rules().position_text(&self.game.position())
    }
}

/// The game-over message of version 1, when the standing has a result it
/// can tell.
pub fn game_over(game_id: Uuid, standing: &Standing) -> Option<ServerMessage> {
    result_of(standing).map(|result| ServerMessage::GameOver { game_id, result })
}

/// Squares 1..=30 of a position and who stands on each.
fn board_of(position: &senet_engine::Position) -> Vec<Option<Side>> {
    Square::all()
        .map(|square| position.piece_at(square))
        .collect()
}
