//! The computer's seats: the room schedules the computer's throw or
//! decision after its delay, picks on a blocking thread, and plays the
//! result through the same checks as a person's message.

use std::time::Duration;

use senet_engine::{Choice, Next, Seat};
use uuid::Uuid;

use super::actor::{Command, Room};
use super::play::Act;
use super::slot::Status;

/// A step of the computer, as the room scheduled it.
#[derive(Debug, Clone, Copy)]
pub struct ComputerStep {
    ticket: u64,
    game_id: Uuid,
    entries: usize,
    seat: Seat,
    action: ComputerAction,
}

#[derive(Debug, Clone, Copy)]
enum ComputerAction {
    Throw,
    Decide(Choice),
    /// The pick failed: schedule again after a pause.
    Retry,
}

impl Room {
    /// When a computer seat is to act and nothing is scheduled for it yet,
    /// schedules its next step: after the configured delay, a throw, or the
    /// option it picks (on a blocking thread). The step comes back as
    /// [`Command::Computer`] on the room's own channel.
    pub(super) fn schedule_computer(&mut self) {
        if self.computer_ticket.is_some() || self.slot.status != Status::Playing {
            return;
        }
        let Some(seat) = self.slot.table.to_act() else {
            return;
        };
        let Some(level) = self.slot.computer_at(seat) else {
            return;
        };
        let Some(me) = self.me.clone() else {
            return;
        };
        let ticket = self.next_ticket;
        self.next_ticket += 1;
        self.computer_ticket = Some(ticket);
        let game_id = self.slot.id;
        let entries = self.slot.table.len();
        let decision = match self.slot.table.next() {
            Next::Decide { options, .. } => Some((self.slot.table.state().clone(), *options)),
            _ => None,
        };
        // Read now: whatever is ready when the computer thinks is used.
        let endgames = self.endgames.tables();
        let mut delay = self.settings.computer_delay;
        if std::mem::take(&mut self.computer_retry) {
            delay = delay.max(Duration::from_secs(1));
        }
        tokio::spawn(async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            let action = match decision {
                None => ComputerAction::Throw,
                Some((state, options)) => {
                    let chosen = tokio::task::spawn_blocking(move || {
                        crate::computer::choose_option(
                            &state,
                            &options,
                            level,
                            endgames.as_deref().map(|t| t as &dyn senet_ai::Endgame),
                        )
                    })
                    .await;
                    match chosen {
                        Ok(Some(choice)) => ComputerAction::Decide(choice),
                        Ok(None) => {
                            tracing::error!("the computer found no option at a decision");
                            ComputerAction::Retry
                        }
                        Err(error) => {
                            tracing::error!(%error, "the computer's search failed");
                            ComputerAction::Retry
                        }
                    }
                }
            };
            if let Some(tx) = me.upgrade() {
                let _ = tx
                    .send(Command::Computer(ComputerStep {
                        ticket,
                        game_id,
                        entries,
                        seat,
                        action,
                    }))
                    .await;
            }
        });
    }

    /// Plays a step the computer scheduled, if the game is still where it
    /// was: the same checks as a person's `throw` or `decide`.
    pub(super) async fn computer_step(&mut self, step: ComputerStep) {
        if self.computer_ticket != Some(step.ticket) {
            return;
        }
        self.computer_ticket = None;
        if step.game_id != self.slot.id || step.entries != self.slot.table.len() {
            return;
        }
        if self.slot.computer_at(step.seat).is_none() {
            return;
        }
        if self.unsettled {
            // The tick settles the game first; the computer waits for it.
            self.computer_retry = true;
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
                self.computer_retry = true;
                return;
            }
        };
        if let Err(refusal) = result {
            // A storage failure leaves the game as it was; the next
            // schedule tries again.
            tracing::warn!(?refusal, "the computer's step was refused");
            self.computer_retry = true;
            if let Some(code) = refusal.error_code() {
                crate::metrics::message_rejected(code.as_str());
            }
        }
    }
}
