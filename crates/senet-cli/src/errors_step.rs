//! `senet errors --rules ID [--seats K] --level L …`: the win chance a
//! level gives away per decision in any rule set and seat count, where no
//! endgame tables exist: against an oracle, the expert with
//! `--oracle-factor` times the measured budget (the deepest search the
//! machine affords in reasonable time).
//!
//! Games of the level against itself on the step model, the same player a
//! room's computer seat is. Every `--oracle-every`-th decision with two or
//! more options is judged: `(score(best) − score(chosen)) / 2` with the
//! oracle's scores `≈ 2·P(win) − 1` of the deciding seat (max-n's for
//! three and four seats), in points of win chance.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_ai::{Budget, Level, StepPlayer, play_games};
use senet_engine::{AnyRules, Event, Next, RuleSet, Step};

use crate::errors::{Losses, oracle_loss};

/// A random game never needs this many steps; the cap only guards the tool.
const MAX_STEPS: u64 = 1_000_000;

/// What `senet errors --rules` was asked for.
pub struct Request {
    /// The rule set.
    pub rules: AnyRules,
    /// Its table size.
    pub seats: u8,
    /// The level measured (every seat).
    pub level: Level,
    /// Games to play.
    pub games: u64,
    /// The seed of game `i`'s generator is `seed + i`.
    pub seed: u64,
    /// Threads to play on.
    pub threads: u64,
    /// Judge every k-th decision (with two options or more); at least 1.
    pub oracle_every: u64,
    /// The oracle's budget, in multiples of the measured expert's.
    pub oracle_factor: u64,
    /// The measured expert's node budget (the default in the product).
    pub nodes: u64,
}

/// Plays the games and returns the figures, one line each.
pub fn run(request: &Request) -> String {
    // Node budgets only, so that a seed gives the same games on any machine.
    let measured = StepPlayer::new(request.level).with_budget(Budget::nodes(request.nodes));
    let oracle = StepPlayer::new(Level::Expert).with_budget(Budget::nodes(
        request.nodes.saturating_mul(request.oracle_factor.max(1)),
    ));
    let per_game = play_games(request.games, request.threads, |i| {
        let mut rng = SmallRng::seed_from_u64(request.seed.wrapping_add(i));
        play_and_judge(request, &measured, &oracle, &mut rng)
    });
    let mut all = Losses::default();
    for game in per_game {
        all.points.extend(game.points);
    }
    format!(
        "rules={} seats={} level={} nodes={} games={} seed={}\n{}\n",
        request.rules.id(),
        request.seats,
        request.level,
        request.nodes,
        request.games,
        request.seed,
        all.summary(&format!(
            "vs expert x{} (1 decision in {})",
            request.oracle_factor,
            request.oracle_every.max(1)
        )),
    )
}

fn play_and_judge(
    request: &Request,
    measured: &StepPlayer,
    oracle: &StepPlayer,
    rng: &mut SmallRng,
) -> Losses {
    let rules = request.rules;
    let mut losses = Losses::default();
    let Ok(mut state) = rules.start(request.seats) else {
        return losses;
    };
    let mut events: Vec<Event> = Vec::new();
    let mut decisions = 0u64;
    for _ in 0..MAX_STEPS {
        let step = match rules.next(&state) {
            Next::End(_) => break,
            Next::Chance(kind) => Step::Chance {
                roll: kind.draw(rng),
            },
            Next::Decide { seat, options } => {
                let Some(chosen) = measured.choose(&state, rng) else {
                    break;
                };
                if options.len() >= 2 {
                    decisions += 1;
                    if decisions % request.oracle_every.max(1) == 0 {
                        let ranked = oracle.rank(&state, rng).options;
                        if let Some(points) = oracle_loss(&ranked, &chosen) {
                            losses.points.push(points);
                        }
                    }
                }
                Step::Decide {
                    seat,
                    choice: chosen,
                }
            }
        };
        events.clear();
        if rules.apply(&mut state, step, &mut events).is_err() {
            break;
        }
    }
    losses
}
