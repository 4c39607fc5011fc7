//! Rematches: an offer, its answer, and the next game with the seats
//! swapped.

use senet_engine::Side;
use uuid::Uuid;

use super::actor::{ConnId, Room};
use super::settle::{Refusal, refuse};
use super::slot::{Fingerprint, GameSlot, Status};
use crate::store::NewGame;
use crate::ws::protocol::{ErrorCode, ServerMessage};

impl Room {
    pub(super) fn require_finished(&self) -> Result<(), Refusal> {
        match self.slot.status {
            Status::Finished(_) => Ok(()),
            _ => Err(refuse(
                ErrorCode::GameNotOver,
                "a rematch can only be arranged after the game is over",
            )),
        }
    }

    pub(super) async fn offer_rematch(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let side = self.player_side(conn)?;
        self.require_finished()?;
        match self.rematch_offer {
            Some(by) if by == side.opponent() => self.start_rematch().await,
            // Offered again to the computer (the first start failed to store).
            Some(_) if self.slot.computer_at(side.opponent()).is_some() => {
                self.start_rematch().await
            }
            Some(_) => Ok(()),
            None => {
                self.rematch_offer = Some(side);
                self.broadcast(&ServerMessage::RematchOffered { by: side });
                if self.slot.computer_at(side.opponent()).is_some() {
                    // The computer always accepts.
                    return self.start_rematch().await;
                }
                Ok(())
            }
        }
    }

    pub(super) async fn accept_rematch(&mut self, conn: ConnId) -> Result<(), Refusal> {
        self.side_answering_rematch(conn)?;
        self.start_rematch().await
    }

    pub(super) fn decline_rematch(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let side = self.side_answering_rematch(conn)?;
        self.rematch_offer = None;
        self.broadcast(&ServerMessage::RematchDeclined { by: side });
        Ok(())
    }

    /// The side of a player answering a rematch offer, when there is one
    /// from their opponent to answer.
    pub(super) fn side_answering_rematch(&self, conn: ConnId) -> Result<Side, Refusal> {
        let side = self.player_side(conn)?;
        self.require_finished()?;
        if self.rematch_offer != Some(side.opponent()) {
            return Err(refuse(
                ErrorCode::NoRematchOffer,
                "your opponent has not offered a rematch",
            ));
        }
        Ok(side)
    }

    pub(super) async fn start_rematch(&mut self) -> Result<(), Refusal> {
        let [Some(old_cone), Some(old_spool)] = self.slot.seats.clone() else {
            return Err(refuse(ErrorCode::GameNotStarted, "a seat is empty"));
        };
        let id = Uuid::new_v4();
        let no = self.slot.no + 1;
        let expected = Fingerprint {
            id,
            status: Status::Playing,
            seats: [Some(old_spool.player_id), Some(old_cone.player_id)],
            steps: 0,
        };
        let written = self
            .store
            .create_game(&NewGame {
                id,
                room_code: &self.code,
                game_no: no,
                rule_set: self.rule_set.as_str(),
                players: &[Some(old_spool.player_id), Some(old_cone.player_id)],
            })
            .await;
        self.stored(written, &expected).await?;
        self.slot = GameSlot {
            id,
            no,
            game: senet_engine::Game::new(*self.slot.game.rules()),
            seats: [Some(old_spool), Some(old_cone)],
            status: Status::Playing,
            last_throw: None,
        };
        self.away_since.swap(0, 1);
        self.seen.swap(0, 1);
        self.rematch_offer = None;
        self.enter_game_span();
        tracing::info!(parent: &self.game_span, game_no = no, "rematch started");
        crate::metrics::game_started();
        self.announce_game_started();
        Ok(())
    }
}
