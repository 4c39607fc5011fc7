//! The computer's seats in the room: when one is to act, its step is
//! scheduled (see [`crate::rooms::computer_turns`]); when the step comes
//! back it is played through the same checks as a person's message.

use senet_engine::Next;

use super::Room;
use crate::rooms::act::Act;
use crate::rooms::commands::{ComputerAction, ComputerStep};
use crate::rooms::computer_turns::Turn;
use crate::rooms::slot::Status;

impl Room {
    /// When a computer seat is to act and nothing is scheduled for it yet,
    /// schedules its next step: after the configured delay, a throw, or the
    /// option it picks. The step comes back as a command on the room's own
    /// channel.
    pub(super) fn schedule_computer(&mut self) {
        if self.computer.in_flight() || self.slot.status != Status::Playing {
            return;
        }
        let Some(seat) = self.slot.table.to_act() else {
            return;
        };
        let Some(level) = self.slot.computer_at(seat) else {
            return;
        };
        let decision = match self.slot.table.next() {
            Next::Decide { options, .. } => Some((self.slot.table.state().clone(), *options)),
            _ => None,
        };
        let turn = Turn {
            game_id: self.slot.id,
            entries: self.slot.table.len(),
            seat,
            level,
            decision,
        };
        self.computer.schedule(turn, self.settings.computer_delay);
    }

    /// Plays a step the computer scheduled, if the game is still where it
    /// was: the same checks as a person's `throw` or `decide`.
    pub(super) async fn computer_step(&mut self, step: ComputerStep) {
        if !self.computer.take(&step) {
            return;
        }
        if step.game_id != self.slot.id || step.entries != self.slot.table.len() {
            return;
        }
        if self.slot.computer_at(step.seat).is_none() {
            return;
        }
        if self.unsettled {
            // The tick settles the game first; the computer waits for it.
            self.computer.retry_later();
            return;
        }
        if self.check_clock(step.seat).await.is_err() {
            // Out of time: the flag is stored (or tried again by the room).
            return;
        }
        let result = match step.action {
            ComputerAction::Throw => self.advance(Act::Throw(step.seat)).await,
            ComputerAction::Decide(choice) => self.advance(Act::Decide(step.seat, choice)).await,
            ComputerAction::Retry => {
                self.computer.retry_later();
                return;
            }
        };
        if let Err(refusal) = result {
            // A storage failure leaves the game as it was; the next
            // schedule tries again.
            tracing::warn!(?refusal, "the computer's step was refused");
            self.computer.retry_later();
            if let Some(code) = refusal.error_code() {
                crate::metrics::message_rejected(code.as_str());
            }
        }
    }
}
