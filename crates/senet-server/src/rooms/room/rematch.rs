//! Rematches: every seated person asks for one (the computer always
//! agrees), and the next game starts with the seats rotated: the holder of
//! seat `i` takes seat `i + 1`, the last takes seat 0.

use senet_engine::Seat;
use uuid::Uuid;

use super::Room;
use crate::rooms::act::{Refusal, refuse};
use crate::rooms::commands::ConnId;
use crate::rooms::fair::Fairness;
use crate::rooms::slot::{Fingerprint, GameSlot, SeatSlot, Status};
use crate::store::NewGame;
use crate::table::Table;
use crate::ws::protocol::kendall_v1::side_of;
use crate::ws::protocol::v2::Message;
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

    /// Whether another seat than `seat` has asked for a rematch.
    fn offered_by_other(&self, seat: Seat) -> bool {
        self.slot
            .seats
            .iter()
            .enumerate()
            .any(|(index, slot)| index != seat.index() && slot.rematch)
    }

    pub(super) async fn offer_rematch(&mut self, conn: ConnId) -> Result<(), Refusal> {
        // An out seat hears `out_of_game` while the others play on, as for
        // every other game action.
        let seat = self.in_game_seat(conn)?;
        self.require_finished()?;
        let already = self.slot.seat(seat).is_some_and(|slot| slot.rematch);
        if !already {
            if let Some(slot) = self.slot.seat_mut(seat) {
                slot.rematch = true;
            }
            // Version 1 tells the first offer; an acceptance starts the game.
            let first = !self.offered_by_other(seat);
            let v1 = first.then_some(ServerMessage::RematchOffered { by: side_of(seat) });
            self.tell(v1, &Message::RematchOffered { by: seat });
        }
        self.start_rematch_when_agreed().await
    }

    pub(super) async fn accept_rematch(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let seat = self.seat_answering_rematch(conn)?;
        if let Some(slot) = self.slot.seat_mut(seat) {
            slot.rematch = true;
        }
        if !self.everyone_agrees() {
            self.tell(None, &Message::RematchOffered { by: seat });
        }
        self.start_rematch_when_agreed().await
    }

    pub(super) fn decline_rematch(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let seat = self.seat_answering_rematch(conn)?;
        for slot in &mut self.slot.seats {
            slot.rematch = false;
        }
        self.tell(
            Some(ServerMessage::RematchDeclined { by: side_of(seat) }),
            &Message::RematchDeclined { by: seat },
        );
        Ok(())
    }

    /// The seat of a player answering a rematch offer, when another seat
    /// has made one.
    fn seat_answering_rematch(&self, conn: ConnId) -> Result<Seat, Refusal> {
        let seat = self.in_game_seat(conn)?;
        self.require_finished()?;
        if !self.offered_by_other(seat) {
            return Err(refuse(
                ErrorCode::NoRematchOffer,
                "nobody else has offered a rematch",
            ));
        }
        Ok(seat)
    }

    /// Whether every person seated asked for a rematch (the computer always
    /// agrees).
    fn everyone_agrees(&self) -> bool {
        self.slot
            .seats
            .iter()
            .all(|slot| slot.rematch || slot.computer().is_some())
    }

    async fn start_rematch_when_agreed(&mut self) -> Result<(), Refusal> {
        if self.everyone_agrees() {
            self.start_rematch().await
        } else {
            Ok(())
        }
    }

    async fn start_rematch(&mut self) -> Result<(), Refusal> {
        let mut seats: Vec<SeatSlot> = self.slot.seats.clone();
        if seats.iter().any(|slot| slot.holder.is_none()) {
            return Err(refuse(ErrorCode::GameNotStarted, "a seat is empty"));
        }
        seats.rotate_right(1);
        for slot in &mut seats {
            slot.rematch = false;
        }
        let players: Vec<Option<Uuid>> = seats.iter().map(SeatSlot::player_id).collect();
        let id = Uuid::new_v4();
        let no = self.slot.no + 1;
        let table = Table::new(self.rule_set, self.slot.table.seats())
            .map_err(|e| refuse(ErrorCode::GameNotStarted, e))?;
        let fairness = Fairness::new().map_err(|error| {
            tracing::error!(%error, "the OS gave no random seed");
            refuse(
                ErrorCode::StorageError,
                "no new game could be set up; try again",
            )
        })?;
        let seeds: Vec<&str> = seats.iter().map(|slot| slot.client_seed.as_str()).collect();
        let expected = Fingerprint {
            id,
            status: Status::Playing,
            seats: players.clone(),
            entries: 0,
        };
        let written = self
            .store
            .create_game_fenced(
                &NewGame {
                    id,
                    room_code: &self.code,
                    game_no: no,
                    rule_set: self.rule_set.as_str(),
                    players: &players,
                    client_seeds: &seeds,
                    fairness: Some((fairness.seed(), fairness.commitment())),
                },
                self.fence(),
            )
            .await;
        self.stored(written, &expected).await?;
        self.slot = GameSlot {
            id,
            no,
            table,
            seats,
            status: Status::Playing,
            v1_turns: crate::rooms::slot::v1_turns(self.rule_set),
            fairness: Some(fairness),
            unstored: 0,
            clocks: crate::clock::Clocks::new(self.slot.clocks.control, self.slot.table.seats()),
        };
        self.enter_game_span();
        tracing::info!(parent: &self.game_span, game_no = no, "rematch started");
        crate::metrics::game_started();
        self.announce_game_started();
        Ok(())
    }
}
