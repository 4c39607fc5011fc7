//! The computer as a seat holder: one stored player per level, and the
//! option it picks (through `senet-ai`) at each of its decisions, under
//! every rule set.
//!
//! Each level is a row of `players` with a fixed id, the display name
//! `Computer (<level>)`, no usable token (an empty hash never matches) and
//! `computer_level` set to the level's name. Games against the computer are
//! ordinary games where a seat (`game_seats.player_id`) is that row, so
//! history queries need no special case: join `players` and read
//! `computer_level` (NULL for people). Display names of people cannot
//! contain parentheses, so nobody can pass for the computer.
//!
//! The computer never touches a room's state: the room actor asks it for an
//! option and then plays that option through the same checks as a person's
//! `decide` message.

use std::sync::{Arc, OnceLock};

use senet_ai::{Budget, Endgame, Level, Player};
use senet_engine::{AnyState, Choice, Kendall, Options};
use uuid::Uuid;

use senet_tablebase::Tables;

use crate::workers::{Priority, Workers};

pub use senet_ai::Level as ComputerLevel;

/// The fixed player id of a level's computer player.
#[must_use]
pub const fn player_id(level: Level) -> Uuid {
    // "5e4e7" for Senet, then a version-4-looking id ending in the level.
    let n: u128 = match level {
        Level::Beginner => 1,
        Level::Intermediate => 2,
        Level::Expert => 3,
    };
    Uuid::from_u128(0x5e4e_7c00_0000_4000_8000_0000_0000_0000 | n)
}

/// The level whose computer player this is, if it is one.
#[must_use]
pub fn level_of(player: Uuid) -> Option<Level> {
    Level::ALL
        .into_iter()
        .find(|&level| player_id(level) == player)
}

/// The display name of a level's computer player: `Computer (expert)`.
#[must_use]
pub fn display_name(level: Level) -> String {
    format!("Computer ({level})")
}

/// The threads the computer thinks on, one per core, at a low priority
/// (see [`crate::workers`]): shared by every room of the process, as
/// tokio's blocking pool was, and started at the first decision.
static THINKERS: OnceLock<Workers> = OnceLock::new();

/// [`choose_option`] on a computer thread, so that no number of computer
/// seats thinking at once can hold the event loop's core; `None` also when
/// the thread is lost (a panic in the search: the caller tries again).
pub async fn think(
    state: AnyState,
    options: Options,
    level: Level,
    budget: Budget,
    endgame: Option<Arc<Tables>>,
) -> Option<Choice> {
    let workers = THINKERS.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        Workers::start("senet-computer", cores, Priority::Low)
    });
    let (reply, answer) = tokio::sync::oneshot::channel();
    let job = Box::new(move || {
        let tables = endgame.as_deref().map(|t| t as &dyn Endgame);
        let _ = reply.send(choose_option(&state, &options, level, &budget, tables));
    });
    if !workers.run(job) {
        tracing::error!("no computer thread is left to think");
        return None;
    }
    answer.await.ok().flatten()
}

/// The option the computer picks at a decision of any rule set, through
/// `senet-ai` at the level with `budget` (by default 200,000 nodes and
/// 150 ms at most, `--computer-time-ms`): Kendall keeps its own search over positions, every other rule
/// set is searched on the step model (max-n for 3-4 seats). A Kendall
/// expert with `endgame` tables (see [`crate::tablebase`]) plays them: exact values where every move
/// is covered, exact leaves in its search elsewhere. Blocking (the expert
/// searches): call it through [`think`], or from `spawn_blocking`. The
/// beginner's random choices come from the thread's OS-seeded generator.
/// `None` only when `options` is empty.
#[must_use]
pub fn choose_option(
    state: &AnyState,
    options: &Options,
    level: Level,
    budget: &Budget,
    endgame: Option<&dyn Endgame>,
) -> Option<Choice> {
    let mut rng = rand::rng();
    let chosen = match (endgame, state) {
        (Some(tables), AnyState::Kendall(kendall)) if level == Level::Expert => {
            kendall.pending.and_then(|throw| {
                Player::new(level)
                    .with_budget(*budget)
                    .choose_with(&Kendall, &kendall.position, throw, Some(tables), &mut rng)
                    .map(|mv| Choice::Move { from: mv.from })
            })
        }
        _ => None,
    };
    let chosen = chosen.filter(|c| options.contains(c)).or_else(|| {
        let rules = senet_ai::rules_of(state);
        senet_ai::choose_option(rules, state, level, budget, &mut rng)
    });
    match chosen {
        Some(choice) if options.contains(&choice) => Some(choice),
        // The options the room holds are the rules' own, so the AI's pick
        // is always among them; should they ever differ, play a legal one.
        _ => {
            let all = options.as_slice();
            let pick =
                usize::try_from(rand::random::<u64>() % all.len().max(1) as u64).unwrap_or(0);
            all.get(pick).copied()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_has_its_own_player() {
        for level in Level::ALL {
            assert_eq!(level_of(player_id(level)), Some(level));
            assert!(
                crate::players::name::validate_display_name(&display_name(level)).is_err(),
                "people cannot take the computer's name"
            );
        }
        assert_eq!(level_of(Uuid::nil()), None);
        assert_eq!(display_name(Level::Expert), "Computer (expert)");
    }

    #[test]
    fn every_rule_set_gets_a_legal_option_at_every_level() {
        use senet_engine::{AnyRules, Next, RuleSet, RuleSetId};
        let mut rng = rand::rng();
        for id in RuleSetId::ALL {
            let rules = AnyRules::of(id);
            let (_, most) = rules.seat_range();
            let Ok(mut state) = rules.start(most) else {
                panic!("{id:?} seats {most}");
            };
            let mut events = Vec::new();
            // Play random steps to the first decision of the game.
            let options = loop {
                match rules.next(&state) {
                    Next::Decide { options, .. } => break options,
                    Next::End(_) => panic!("{id:?} ended before a decision"),
                    Next::Chance(_) => {
                        let step = senet_engine::random_step(rules, &state, &mut rng);
                        let applied = step.map(|step| rules.apply(&mut state, step, &mut events));
                        assert!(matches!(applied, Some(Ok(()))), "{id:?}");
                    }
                }
            };
            for level in Level::ALL {
                let chosen = choose_option(&state, &options, level, &Budget::default(), None);
                assert!(
                    chosen.is_some_and(|c| options.contains(&c)),
                    "{id:?} {level}"
                );
            }
        }
    }

    /// Says the position after one chosen move is won for its mover and
    /// every other position lost for it: an expert that consults the
    /// tables must play that move.
    struct Rigged {
        mover: senet_engine::kendall_v1::Side,
        target: senet_engine::kendall_v1::Position,
    }

    impl Endgame for Rigged {
        fn win_chance(&self, position: &senet_engine::kendall_v1::Position) -> Option<f64> {
            // The chance of the side about to throw in `position`.
            let mover_wins = *position == self.target;
            let to_throw_is_mover = position.to_move() == self.mover;
            Some(if mover_wins == to_throw_is_mover {
                1.0
            } else {
                0.0
            })
        }
    }

    #[test]
    fn the_kendall_expert_plays_the_tables_it_is_lent() {
        use senet_engine::kendall_v1::Rules;
        use senet_engine::{AnyRules, Next, RuleSet, RuleSetId};
        let mut rng = rand::rng();
        let rules = AnyRules::of(RuleSetId::Kendall);
        let mut tried = 0;
        loop {
            tried += 1;
            assert!(tried < 1000, "no decision with several moves found");
            let Ok(mut state) = rules.start(2) else {
                panic!("Kendall seats 2");
            };
            let mut events = Vec::new();
            let options = loop {
                match rules.next(&state) {
                    Next::Decide { options, .. } => break options,
                    Next::End(_) => panic!("ended before a decision"),
                    Next::Chance(_) => {
                        let step = senet_engine::random_step(rules, &state, &mut rng);
                        let applied = step.map(|step| rules.apply(&mut state, step, &mut events));
                        assert!(matches!(applied, Some(Ok(()))));
                    }
                }
            };
            let AnyState::Kendall(kendall) = state else {
                panic!("a Kendall state");
            };
            let (Some(throw), true) = (kendall.pending, options.as_slice().len() >= 2) else {
                continue;
            };
            // Rigged for the first move, then for the last: only an expert
            // that follows the tables plays both.
            let moves = Rules::legal_moves(&Kendall, &kendall.position, throw);
            let (Some(first), Some(last)) = (moves.iter().next(), moves.iter().last()) else {
                continue;
            };
            let mut rigged = Rigged {
                mover: kendall.position.to_move(),
                target: kendall.position,
            };
            for target in [first, last] {
                rigged.target = Rules::apply(&Kendall, &kendall.position, throw, target);
                let chosen = choose_option(
                    &state,
                    &options,
                    Level::Expert,
                    &Budget::default(),
                    Some(&rigged),
                );
                assert_eq!(chosen, Some(Choice::Move { from: target.from }));
            }
            // The other levels ignore tables; every choice stays legal.
            for level in [Level::Beginner, Level::Intermediate] {
                let chosen =
                    choose_option(&state, &options, level, &Budget::default(), Some(&rigged));
                assert!(chosen.is_some_and(|c| options.contains(&c)));
            }
            break;
        }
    }
}
