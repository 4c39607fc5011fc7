//! Playing: throws, moves, resignation, abandonment and the end of a game,
//! each checked by the engine and stored before it is broadcast.

use std::time::Duration;

use senet_engine::{GameError, Phase, PlayError, Side, Square, Sticks};

use super::actor::{ConnId, Room};
use super::settle::{Refusal, refuse};
use super::slot::{Fingerprint, Status, board_of, sticks_bits};
use crate::store::{Finish, NewTurn};
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
        let bits = sticks_bits(sticks);
        if thrown.forfeited() {
            let turn = NewTurn {
                game_id: self.slot.id,
                turn_no: i32::try_from(next.record().len()).unwrap_or(i32::MAX),
                side: side.name(),
                throw: i16::from(thrown.throw.value()),
                sticks: bits,
                from_square: None,
                position: next.rules().position_text(&next.position()),
            };
            let expected = Fingerprint {
                turns: next.record().len(),
                pending: None,
                ..self.slot.fingerprint()
            };
            let written = self.store.insert_turn(&turn, None).await;
            self.stored(written, &expected).await?;
        } else {
            let expected = Fingerprint {
                pending: Some(bits),
                ..self.slot.fingerprint()
            };
            let written = self.store.set_pending_throw(self.slot.id, bits).await;
            self.stored(written, &expected).await?;
        }
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
        let turn = NewTurn {
            game_id: self.slot.id,
            turn_no: i32::try_from(next.record().len()).unwrap_or(i32::MAX),
            side: side.name(),
            throw: i16::from(played.throw.value()),
            sticks: self
                .slot
                .last_throw
                .map_or(0, |t| sticks_bits(Sticks::from_lights(t.sticks))),
            from_square: Some(i16::from(square.number())),
            position: next.rules().position_text(&played.position),
        };
        let finish = played.winner.map(|winner| Finish {
            winner: winner.name(),
            how: How::BorneOff.as_str(),
        });
        let expected = Fingerprint {
            turns: next.record().len(),
            pending: None,
            status: played.winner.map_or(self.slot.status, |winner| {
                Status::Finished(GameResult {
                    winner,
                    how: How::BorneOff,
                })
            }),
            ..self.slot.fingerprint()
        };
        let written = self.store.insert_turn(&turn, finish).await;
        self.stored(written, &expected).await?;
        let turn_no = next.record().len();
        self.slot.game = next;
        self.broadcast(&ServerMessage::Moved {
            side,
            throw: played.throw.value(),
            turn_no,
            mv: MoveView::from(played.mv),
            position: turn.position.clone(),
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
        let expected = Fingerprint {
            status: Status::Finished(result),
            pending: None,
            ..self.slot.fingerprint()
        };
        let written = self
            .store
            .finish_game(
                self.slot.id,
                Finish {
                    winner: result.winner.name(),
                    how: result.how.as_str(),
                },
            )
            .await;
        self.stored(written, &expected).await?;
        self.end(result);
        Ok(())
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
