//! The computer as a seat holder: one stored player per level, and the
//! move it picks (through `senet-ai`) once it has thrown.
//!
//! Each level is a row of `players` with a fixed id, the display name
//! `Computer (<level>)`, no usable token (an empty hash never matches) and
//! `computer_level` set to the level's name. Games against the computer are
//! ordinary games where a seat (`game_seats.player_id`) is that row, so
//! history queries need no special case: join `players` and read
//! `computer_level` (NULL for people). Display names of people cannot
//! contain parentheses, so nobody can pass for the computer.
//!
//! The computer never touches a room's state: the room actor asks it for a
//! square and then plays that square through the same checks as a person's
//! `move` message.

use senet_ai::{Budget, Level};
use senet_engine::{AnyState, Choice, Kendall, Options, Position, Throw};
use uuid::Uuid;

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

/// The square of the piece the computer moves with `throw` in `position`
/// (standard rules), or `None` when it has no legal move. Blocking: the
/// expert searches for up to its budget (about 25 ms in a release build),
/// so call it from `spawn_blocking`. The beginner's random choices come
/// from the thread's OS-seeded generator.
#[must_use]
pub fn choose_square(position: &Position, throw: Throw, level: Level) -> Option<u8> {
    let mut rng = rand::rng();
    senet_ai::choose_move(
        &Kendall,
        position,
        throw,
        level,
        &Budget::default(),
        &mut rng,
    )
    .map(|mv| mv.from.number())
}

/// The option the computer picks at a decision of any rule set. Kendall
/// (with the state's pending throw) goes to `senet-ai` at the level; the
/// other rule sets, for now, play the beginner's uniformly random option at
/// every level. Blocking (the expert searches): call it from
/// `spawn_blocking`.
#[must_use]
pub fn choose_option(state: &AnyState, options: &Options, level: Level) -> Option<Choice> {
    if let AnyState::Kendall(stick) = state {
        if let Some(throw) = stick.pending {
            if let Some(from) = choose_square(&stick.position, throw, level) {
                let choice = Choice::Move {
                    from: senet_engine::Square::new(from)?,
                };
                if options.contains(&choice) {
                    return Some(choice);
                }
            }
        }
    }
    let all = options.as_slice();
    if all.is_empty() {
        return None;
    }
    let pick = usize::try_from(rand::random::<u64>() % all.len() as u64).unwrap_or(0);
    all.get(pick).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_has_its_own_player() {
        for level in Level::ALL {
            assert_eq!(level_of(player_id(level)), Some(level));
            assert!(
                crate::players::validate_display_name(&display_name(level)).is_err(),
                "people cannot take the computer's name"
            );
        }
        assert_eq!(level_of(Uuid::nil()), None);
        assert_eq!(display_name(Level::Expert), "Computer (expert)");
    }
}
