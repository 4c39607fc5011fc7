//! Games between step-model players, for self-play and measurements.

use std::time::Instant;

use rand::Rng;
use senet_engine::{AnyRules, Event, Next, RuleSet, Seat, Standing, Step};

use crate::step::StepPlayer;

/// How a game between step-model players went.
#[derive(Debug, Clone, PartialEq)]
pub struct StepGameResult {
    /// The final standing, or `None` when the step limit came first (or a
    /// player had no answer, which the tests hold never happens).
    pub standing: Option<Standing>,
    /// Steps taken (chance draws and decisions).
    pub steps: u64,
    /// Every decision with two or more options, in order: the seat, and
    /// the time its player took.
    pub decisions: Vec<Decision>,
}

/// One decision of a self-play game, timed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Decision {
    /// The seat that decided.
    pub seat: Seat,
    /// How many options it had.
    pub options: usize,
    /// Wall-clock time its player took, in seconds.
    pub wall: f64,
    /// The time its player took by the caller's clock, in seconds (the
    /// wall clock for [`play_step_game`]; the thread's CPU time in
    /// `senet selfplay`, which a loaded machine does not inflate).
    pub clock: f64,
}

/// Plays a game of `rules` at a table of `seats` from the start, seat `i`
/// played by `players[i]`. Chance is drawn from `dice` and the players'
/// random choices from `choices`, so the same dice fall whoever plays.
/// Stops after `max_steps` steps. `None` when the rules cannot seat the
/// table or a player is missing.
pub fn play_step_game<G: Rng + ?Sized>(
    rules: AnyRules,
    seats: u8,
    players: &[StepPlayer],
    dice: &mut G,
    choices: &mut G,
    max_steps: u64,
) -> Option<StepGameResult> {
    let began = Instant::now();
    play_step_game_clocked(rules, seats, players, dice, choices, max_steps, || {
        began.elapsed().as_secs_f64()
    })
}

/// [`play_step_game`], each decision also timed by `clock` (seconds from
/// any origin, such as the thread's CPU time): [`Decision::clock`].
pub fn play_step_game_clocked<G: Rng + ?Sized, C: FnMut() -> f64>(
    rules: AnyRules,
    seats: u8,
    players: &[StepPlayer],
    dice: &mut G,
    choices: &mut G,
    max_steps: u64,
    mut clock: C,
) -> Option<StepGameResult> {
    let mut state = rules.start(seats).ok()?;
    if players.len() < usize::from(seats) {
        return None;
    }
    let mut events: Vec<Event> = Vec::with_capacity(16);
    let mut decisions = Vec::new();
    let mut steps = 0;
    let standing = loop {
        if steps >= max_steps {
            break None;
        }
        let step = match rules.next(&state) {
            Next::End(standing) => break Some(standing),
            Next::Chance(kind) => Step::Chance {
                roll: kind.draw(dice),
            },
            Next::Decide { seat, options } => {
                let player = players.get(seat.index())?;
                let began = Instant::now();
                let clock_began = clock();
                let choice = player.choose(&state, choices);
                if options.len() >= 2 {
                    decisions.push(Decision {
                        seat,
                        options: options.len(),
                        wall: began.elapsed().as_secs_f64(),
                        clock: clock() - clock_began,
                    });
                }
                let Some(choice) = choice else { break None };
                Step::Decide { seat, choice }
            }
        };
        events.clear();
        if rules.apply(&mut state, step, &mut events).is_err() {
            break None;
        }
        steps += 1;
    };
    Some(StepGameResult {
        standing,
        steps,
        decisions,
    })
}
