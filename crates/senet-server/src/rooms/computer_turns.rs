//! The computer's seat: the room schedules the computer's throw or move
//! after its delay, searches on a blocking thread, and plays the result
//! through the same checks as a person's message.

use std::time::Duration;

use senet_engine::Phase;
use uuid::Uuid;

use super::actor::{Command, Room};
use super::slot::Status;

/// A step of the computer, as the room scheduled it.
#[derive(Debug, Clone, Copy)]
pub struct ComputerStep {
    ticket: u64,
    game_id: Uuid,
    turns: usize,
    action: ComputerAction,
}

#[derive(Debug, Clone, Copy)]
enum ComputerAction {
    Throw,
    Move {
        from: u8,
    },
    /// The search failed: schedule again after a pause.
    Retry,
}

impl Room {
    /// When the computer is to act and nothing is scheduled for it yet,
    /// schedules its next step: after the configured delay, a throw; or,
    /// once thrown, the move `senet-ai` picks (on a blocking thread). The
    /// step comes back as [`Command::Computer`] on the room's own channel.
    pub(super) fn schedule_computer(&mut self) {
        if self.computer_ticket.is_some() || self.slot.status != Status::Playing {
            return;
        }
        let position = self.slot.game.position();
        let side = position.to_move();
        let Some(level) = self.slot.computer_at(side) else {
            return;
        };
        let Some(me) = self.me.clone() else {
            return;
        };
        let ticket = self.next_ticket;
        self.next_ticket += 1;
        self.computer_ticket = Some(ticket);
        let game_id = self.slot.id;
        let turns = self.slot.game.record().len();
        let to_move = match self.slot.game.phase() {
            Phase::ToMove { throw, .. } => Some(throw),
            _ => None,
        };
        let mut delay = self.settings.computer_delay;
        if std::mem::take(&mut self.computer_retry) {
            delay = delay.max(Duration::from_secs(1));
        }
        tokio::spawn(async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            let action = match to_move {
                None => ComputerAction::Throw,
                Some(throw) => {
                    let chosen = tokio::task::spawn_blocking(move || {
                        crate::computer::choose_square(&position, throw, level)
                    })
                    .await;
                    match chosen {
                        Ok(Some(from)) => ComputerAction::Move { from },
                        Ok(None) => {
                            tracing::error!(
                                "the computer found no move after a throw that has one"
                            );
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
                        turns,
                        action,
                    }))
                    .await;
            }
        });
    }

    /// Plays a step the computer scheduled, if the game is still where it
    /// was: the same checks as a person's `throw` or `move`.
    pub(super) async fn computer_step(&mut self, step: ComputerStep) {
        if self.computer_ticket != Some(step.ticket) {
            return;
        }
        self.computer_ticket = None;
        if step.game_id != self.slot.id || step.turns != self.slot.game.record().len() {
            return;
        }
        let side = self.slot.game.position().to_move();
        if self.slot.computer_at(side).is_none() {
            return;
        }
        if self.unsettled {
            // The tick settles the game first; the computer waits for it.
            self.computer_retry = true;
            return;
        }
        let result = match step.action {
            ComputerAction::Throw => self.throw_as(side).await,
            ComputerAction::Move { from } => self.play_as(side, i64::from(from)).await,
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
