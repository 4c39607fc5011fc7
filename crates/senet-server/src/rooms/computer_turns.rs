//! The computer's seats: the room schedules the computer's throw or
//! decision after its delay, picks on a computer thread (low priority:
//! `crate::workers`), and gets the result back as a command on its own
//! channel, to play through the same checks as a person's message.

use std::time::Duration;

use senet_engine::{AnyState, Options, Seat};
use tokio::sync::mpsc;
use uuid::Uuid;

use super::commands::{Command, ComputerAction, ComputerStep};
use crate::computer::ComputerLevel;
use crate::tablebase::Endgames;

/// The computer's turns in a room: the step in flight, and what it thinks
/// with.
#[derive(Default)]
pub(super) struct ComputerTurns {
    /// The room's own channel (weak, so the room still stops when every
    /// handle is gone).
    me: Option<mpsc::WeakSender<Command>>,
    /// The computer step in flight, if any.
    in_flight: Option<u64>,
    next_ticket: u64,
    /// The computer's last step was refused (e.g. storage failed): wait a
    /// little before trying again.
    retry: bool,
    /// The expert's endgame tables (shared; empty until loaded).
    endgames: Endgames,
    /// The work allowed per decision.
    budget: senet_ai::Budget,
}

/// Where a computer seat is to act: which game, after how many entries,
/// which seat at which level, and the decision's state and options (none
/// when it is to throw).
pub(super) struct Turn {
    /// The game.
    pub(super) game_id: Uuid,
    /// Its number of entries now.
    pub(super) entries: usize,
    /// The seat to act.
    pub(super) seat: Seat,
    /// The computer's level there.
    pub(super) level: ComputerLevel,
    /// The decision, when it is one.
    pub(super) decision: Option<(AnyState, Options)>,
}

impl ComputerTurns {
    /// Gives the computer the room's own channel, the endgame tables and
    /// its budget per decision.
    pub(super) fn new(
        me: mpsc::WeakSender<Command>,
        endgames: Endgames,
        budget: senet_ai::Budget,
    ) -> ComputerTurns {
        ComputerTurns {
            me: Some(me),
            endgames,
            budget,
            ..ComputerTurns::default()
        }
    }

    /// Whether a step is scheduled and not yet played.
    pub(super) fn in_flight(&self) -> bool {
        self.in_flight.is_some()
    }

    /// Forgets the step in flight (the game changed under it).
    pub(super) fn cancel(&mut self) {
        self.in_flight = None;
    }

    /// The next schedule waits a little first.
    pub(super) fn retry_later(&mut self) {
        self.retry = true;
    }

    /// Whether `step` is the one in flight; it is no longer in flight
    /// after this.
    pub(super) fn take(&mut self, step: &ComputerStep) -> bool {
        if self.in_flight != Some(step.ticket) {
            return false;
        }
        self.in_flight = None;
        true
    }

    /// Schedules the computer's step at `turn`: after `delay` (longer
    /// after a refusal), a throw, or the option it picks on a computer
    /// thread. The step comes back as [`Command::Computer`].
    pub(super) fn schedule(&mut self, turn: Turn, delay: Duration) {
        let Some(me) = self.me.clone() else {
            return;
        };
        let ticket = self.next_ticket;
        self.next_ticket += 1;
        self.in_flight = Some(ticket);
        // Read now: whatever is ready when the computer thinks is used.
        let endgames = self.endgames.tables();
        let budget = self.budget;
        let mut delay = delay;
        if std::mem::take(&mut self.retry) {
            delay = delay.max(Duration::from_secs(1));
        }
        let Turn {
            game_id,
            entries,
            seat,
            level,
            decision,
        } = turn;
        tokio::spawn(async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            let action = match decision {
                None => ComputerAction::Throw,
                Some((state, options)) => {
                    match crate::computer::think(state, options, level, budget, endgames).await {
                        Some(choice) => ComputerAction::Decide(choice),
                        None => {
                            tracing::error!("the computer gave no option at a decision");
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
}
