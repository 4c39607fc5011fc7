//! Playing: throws, moves, resignation, abandonment and the end of a game,
//! each checked by the engine and stored before it is broadcast.

use std::time::Duration;

use senet_engine::{Choice, GameError, Phase, PlayError, Roll, Side, Square, Sticks};

use super::actor::{ConnId, Room};
use super::settle::{Refusal, refuse};
use super::slot::{Fingerprint, Status, board_of};
use crate::store::{NewStep, StoredEnd, WriteError};
use crate::ws::protocol::{ErrorCode, GameResult, How, MoveView, ServerMessage, ThrowView};

/// The refusal for an action the engine found illegal, with the engine's
/// own reason code.
fn engine_refusal(error: &GameError) -> Refusal {
    match error {
        GameError::MustMoveFirst => refuse(ErrorCode::MustMoveFirst, error.to_string()),
        GameError::MustThrowFirst => refuse(ErrorCode::MustThrowFirst, error.to_string()),
        GameError::Illegal(PlayError::GameOver) => refuse(ErrorCode::GameOver, error.to_string()),
        GameError::Illegal(_) | GameError::BadThrow(_) => ServerMessage::Error {
            code: ErrorCode::IllegalMove,
            message: error.to_string(),
            reason: Some(error.code()),
        },
    }
}

impl Room {
    pub(super) fn player_side(&self, conn: ConnId) -> Result<Side, Refusal> {
        self.seat_of(conn).ok_or_else(|| {
            refuse(
                ErrorCode::NotAPlayer,
                "you hold no seat in this game (spectators cannot act)",
            )
        })
    }

    pub(super) fn require_playing(&self) -> Result<(), Refusal> {
        match self.slot.status {
            Status::Playing => Ok(()),
            Status::Waiting => Err(refuse(
                ErrorCode::GameNotStarted,
                "the game waits for an opponent",
            )),
            Status::Finished(_) => Err(refuse(ErrorCode::GameOver, "the game is over")),
        }
    }

    pub(super) fn require_turn(&self, side: Side) -> Result<(), Refusal> {
        if self.slot.game.position().to_move() == side {
            Ok(())
        } else {
            Err(refuse(ErrorCode::NotYourTurn, "it is your opponent's turn"))
        }
    }

    pub(super) async fn throw(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let side = self.player_side(conn)?;
        self.throw_as(side).await
    }

    /// A throw by the seat holder of `side` (a person or the computer).
    pub(super) async fn throw_as(&mut self, side: Side) -> Result<(), Refusal> {
        self.require_playing()?;
        self.require_turn(side)?;
        if matches!(self.slot.game.phase(), Phase::ToMove { .. }) {
            return Err(engine_refusal(&GameError::MustMoveFirst));
        }
        // The OS-seeded CSPRNG; ThreadRng is not Send, so it lives only here.
        let sticks = {
            let mut rng = rand::rng();
            Sticks::throw(&mut rng)
        };
        let mut next = self.slot.game.clone();
        let thrown = next.throw(sticks).map_err(|e| engine_refusal(&e))?;
        // The throw is one chance step; a forfeit is that step alone.
        let step = NewStep {
            seat: None,
            text: Roll::Sticks { sticks }.to_string(),
        };
        let expected = self.expect_steps(1, None);
        let written = self.append_step(step, None).await;
        self.stored(written, &expected).await?;
        let turn_no = next.record().len();
        let to_move = next.position().to_move();
        self.slot.game = next;
        self.slot.last_throw = Some(ThrowView {
            side,
            sticks: sticks.lights(),
            value: thrown.throw.value(),
        });
        self.broadcast(&ServerMessage::Thrown {
            side,
            sticks: sticks.lights(),
            value: thrown.throw.value(),
            extra_throw: self.slot.game.rules().extra_throw(thrown.throw),
            forfeited: thrown.forfeited(),
            moves: thrown.moves.iter().map(MoveView::from).collect(),
        });
        if thrown.forfeited() {
            self.broadcast(&ServerMessage::Forfeited {
                side,
                throw: thrown.throw.value(),
                turn_no,
                to_move,
            });
        }
        Ok(())
    }

    pub(super) async fn play(&mut self, conn: ConnId, from: i64) -> Result<(), Refusal> {
        let side = self.player_side(conn)?;
        self.play_as(side, from).await
    }

    /// A move by the seat holder of `side` (a person or the computer).
    pub(super) async fn play_as(&mut self, side: Side, from: i64) -> Result<(), Refusal> {
        self.require_playing()?;
        self.require_turn(side)?;
        if matches!(self.slot.game.phase(), Phase::ToThrow) {
            return Err(engine_refusal(&GameError::MustThrowFirst));
        }
        let square = u8::try_from(from)
            .ok()
            .and_then(Square::new)
            .ok_or_else(|| ServerMessage::Error {
                code: ErrorCode::IllegalMove,
                message: format!("`{from}` is not a square: squares are 1 to 30"),
                reason: Some("not_a_square"),
            })?;
        let mut next = self.slot.game.clone();
        let played = next.play(square).map_err(|e| engine_refusal(&e))?;
        let step = NewStep {
            seat: Some(seat_number(side)),
            text: format!("{}:{}", seat_number(side), Choice::Move { from: square }),
        };
        let result = played.winner.map(|winner| GameResult {
            winner,
            how: How::BorneOff,
        });
        let expected = self.expect_steps(1, result);
        let written = self.append_step(step, result).await;
        self.stored(written, &expected).await?;
        let position = next.rules().position_text(&played.position);
        let turn_no = next.record().len();
        self.slot.game = next;
        self.broadcast(&ServerMessage::Moved {
            side,
            throw: played.throw.value(),
            turn_no,
            mv: MoveView::from(played.mv),
            position,
            board: board_of(&played.position),
            to_move: played.position.to_move(),
        });
        if let Some(winner) = played.winner {
            self.end(GameResult {
                winner,
                how: How::BorneOff,
            });
        }
        Ok(())
    }

    pub(super) fn end(&mut self, result: GameResult) {
        tracing::info!(
            winner = result.winner.name(),
            how = result.how.as_str(),
            "game over"
        );
        self.slot.status = Status::Finished(result);
        crate::metrics::game_finished(result.how.as_str());
        self.rematch_offer = None;
        self.broadcast(&ServerMessage::GameOver {
            game_id: self.slot.id,
            result,
        });
    }

    pub(super) async fn finish(&mut self, result: GameResult) -> Result<(), Refusal> {
        let places = places(result);
        let end = StoredEnd {
            how: result.how.as_str(),
            places: &places,
            scores: &[],
            colours: &[],
        };
        let expected = self.expect_steps(0, Some(result));
        let written = self.store.end_game(self.slot.id, &end).await;
        self.stored(written, &expected).await?;
        self.end(result);
        Ok(())
    }

    /// Stores one step after those of the game, with the end when the step
    /// ends it.
    async fn append_step(
        &self,
        step: NewStep,
        result: Option<GameResult>,
    ) -> Result<(), WriteError> {
        let step_no = i32::try_from(self.slot.step_count() + 1).unwrap_or(i32::MAX);
        let places = result.map(places);
        let end = places.as_ref().map(|places| StoredEnd {
            how: How::BorneOff.as_str(),
            places,
            scores: &[],
            colours: &[],
        });
        self.store
            .append_steps(self.slot.id, step_no, &[step], end.as_ref())
            .await
    }

    /// The game as the store holds it once `added` more steps and the
    /// result, if any, are stored.
    fn expect_steps(&self, added: usize, result: Option<GameResult>) -> Fingerprint {
        let now = self.slot.fingerprint();
        Fingerprint {
            steps: now.steps + added,
            status: result.map_or(now.status, Status::Finished),
            ..now
        }
    }

    pub(super) async fn resign(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let side = self.player_side(conn)?;
        self.require_playing()?;
        self.finish(GameResult {
            winner: side.opponent(),
            how: How::Resigned,
        })
        .await
    }

    pub(super) async fn claim_win(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let side = self.player_side(conn)?;
        self.require_playing()?;
        let opponent = side.opponent();
        if self.slot.game.position().to_move() != opponent {
            return Err(refuse(
                ErrorCode::NotAbandoned,
                "it is your turn; only the player to move can abandon the game",
            ));
        }
        if self.connected(opponent) {
            return Err(refuse(
                ErrorCode::NotAbandoned,
                "your opponent is connected",
            ));
        }
        let away = self.away_since[opponent.index()].map_or(Duration::ZERO, |t| t.elapsed());
        let timeout = self.settings.reconnect_timeout;
        if away < timeout {
            let left = (timeout - away).as_secs_f64().ceil();
            return Err(refuse(
                ErrorCode::NotAbandoned,
                format!("your opponent may still reconnect for {left} s"),
            ));
        }
        self.finish(GameResult {
            winner: side,
            how: How::Abandoned,
        })
        .await
    }
}

/// A side's seat: the Cone is seat 0, the Spool seat 1.
fn seat_number(side: Side) -> u8 {
    match side {
        Side::Cone => 0,
        Side::Spool => 1,
    }
}

/// The seats from first place to last.
fn places(result: GameResult) -> [u8; 2] {
    [
        seat_number(result.winner),
        seat_number(result.winner.opponent()),
    ]
}
