//! A room's clocks at work: which seat's clock runs, what a committed
//! action charges, and the flag — the server ending a seat's game when its
//! clock runs out (`docs/protocol.md`, "Time controls").

use std::time::{Duration, Instant};

use senet_engine::{EndHow, Seat};

use super::Room;
use crate::clock::ClockInfo;
use crate::rooms::act::{Act, Refusal, refuse};
use crate::rooms::slot::Status;
use crate::table::{Entry, LeftHow};
use crate::ws::protocol::ErrorCode;
use crate::ws::protocol::v2::Message;

impl Room {
    /// The seat whose clock should run now: the seat to act while the game
    /// is on. The server's own draws wait for nobody, so while one is due
    /// no clock runs.
    pub(super) fn clock_seat(&self) -> Option<Seat> {
        if self.slot.status != Status::Playing
            || !self.slot.clocks.is_on()
            || self.slot.table.draws_by_itself()
        {
            return None;
        }
        self.slot
            .table
            .to_act()
            .filter(|seat| self.slot.seat_in(*seat))
    }

    /// Starts or stops the clocks to match the game: after every command,
    /// draw and write.
    pub(super) fn sync_clock(&mut self) {
        let seat = self.clock_seat();
        self.slot.clocks.run(seat, Instant::now());
    }

    /// The clocks as a frame tells them now.
    pub(super) fn clock_info(&self) -> Option<ClockInfo> {
        self.slot.clocks.info(self.clock_seat(), Instant::now())
    }

    /// When the room must look at its clocks next: the running clock's
    /// deadline (not before a failed flag may be tried again).
    pub(super) fn clock_deadline(&self) -> Option<Instant> {
        if self.unsettled {
            // The tick settles the game first.
            return None;
        }
        let deadline = self.slot.clocks.deadline()?;
        Some(match self.flag_retry {
            Some(retry) => deadline.max(retry),
            None => deadline,
        })
    }

    /// The clocks a write of `act` stores: the acting seat charged when
    /// its clock ran, a seat out of time at zero, the others as they were;
    /// and whether the running clock restarts from them.
    pub(super) fn clocks_after(&self, act: Act, now: Instant) -> (Vec<u64>, bool) {
        let clocks = &self.slot.clocks;
        match act {
            Act::Throw(seat) | Act::Decide(seat, _) if clocks.running() == Some(seat) => {
                (clocks.charged(seat, now), true)
            }
            Act::Leave(seat, how) => {
                let remaining = if how == LeftHow::Time {
                    clocks.flagged(seat)
                } else {
                    clocks.remaining().to_vec()
                };
                (remaining, clocks.running() == Some(seat))
            }
            _ => (clocks.remaining().to_vec(), false),
        }
    }

    /// Whether `seat` has lost, or is out, on time.
    fn out_of_time(&self, seat: Seat) -> bool {
        if let Status::Finished(standing) = &self.slot.status {
            if standing.how == EndHow::Time && standing.places.last() == Some(&seat) {
                return true;
            }
        }
        self.slot.table.record().iter().any(|played| {
            played.entry
                == Entry::Left {
                    seat,
                    how: LeftHow::Time,
                }
        })
    }

    /// Before a seat's throw or decision: refused (`out_of_time`) when its
    /// clock has run out — flagged now if the room has not yet, so a
    /// decision racing the flag never wins.
    pub(super) async fn check_clock(&mut self, seat: Seat) -> Result<(), Refusal> {
        let refusal = || refuse(ErrorCode::OutOfTime, "your clock ran out");
        if self.out_of_time(seat) {
            return Err(refusal());
        }
        if self.slot.status == Status::Playing
            && self.slot.clocks.running() == Some(seat)
            && self.slot.clocks.left_ms(seat, Instant::now()) == Some(0)
        {
            self.flag(seat).await?;
            return Err(refusal());
        }
        Ok(())
    }

    /// The running clock's deadline came: flags its seat when its time is
    /// indeed out (a write failure is tried again a second later).
    pub(super) async fn flag_due(&mut self) {
        let Some(seat) = self.slot.clocks.running() else {
            return;
        };
        if self.slot.clocks.left_ms(seat, Instant::now()) != Some(0) {
            return;
        }
        if let Err(refusal) = self.flag(seat).await {
            tracing::warn!(?refusal, "the flag could not be stored; trying again");
            self.flag_retry = Some(Instant::now() + Duration::from_secs(1));
        }
    }

    /// `seat`'s clock ran out: at a table of two it loses on time, at a
    /// table of three or four it is out and the others play on. Stored
    /// like any other step before anyone is told; then everyone hears
    /// `out_of_time`.
    async fn flag(&mut self, seat: Seat) -> Result<(), Refusal> {
        tracing::info!(seat = seat.number(), "a seat's clock ran out");
        if self.slot.table.seats() >= 3 {
            self.advance(Act::Leave(seat, LeftHow::Time)).await?;
        } else {
            let standing = self.standing_without(seat, EndHow::Time);
            self.finish(standing).await?;
            self.slot
                .clocks
                .commit(self.slot.clocks.flagged(seat), true);
        }
        self.flag_retry = None;
        self.sync_clock();
        let clocks = self.clock_info();
        self.tell(None, &Message::OutOfTime { seat, clocks });
        Ok(())
    }
}
