//! Games between computer players, and the statistics of their results.

use rand::Rng;
use senet_engine::kendall_v1::{Rules, Side};
use senet_engine::{Kendall, Sticks};

use crate::Player;

/// How a game between two players ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    /// The winner, or `None` when the turn limit came first.
    pub winner: Option<Side>,
    /// Throws made, forfeits included.
    pub turns: u32,
}

/// Plays a game from the start: `cone` throws first. Throws come from `rng`,
/// which the players also draw from. Stops after `max_turns` throws.
pub fn play_game<R: Rng + ?Sized>(
    rules: &Kendall,
    cone: &Player,
    spool: &Player,
    rng: &mut R,
    max_turns: u32,
) -> GameResult {
    let mut position = rules.start();
    for turns in 0..max_turns {
        if let Some(winner) = rules.winner(&position) {
            return GameResult {
                winner: Some(winner),
                turns,
            };
        }
        let throw = rules.score(Sticks::throw(rng));
        let player = match position.to_move() {
            Side::Cone => cone,
            Side::Spool => spool,
        };
        position = match player.choose(rules, &position, throw, rng) {
            Some(mv) => rules.apply(&position, throw, mv),
            None => rules.pass(&position),
        };
    }
    GameResult {
        winner: rules.winner(&position),
        turns: max_turns,
    }
}

/// Runs `play(i)` for every game number `i` in `0..games`, game `i` on
/// thread `i mod threads` (at least one thread), and returns the results in
/// game order. Each game should seed its own generator from `i`, so that the
/// results do not depend on the number of threads.
///
/// A panic in a game is resumed on the caller's thread.
pub fn play_games<T, F>(games: u64, threads: u64, play: F) -> Vec<T>
where
    T: Send,
    F: Fn(u64) -> T + Sync,
{
    let threads = threads.max(1);
    let play = &play;
    let per_thread: Vec<Vec<T>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|first| {
                scope.spawn(move || (first..games).step_by(threads as usize).map(play).collect())
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    // Interleave back into game order.
    let mut iters: Vec<_> = per_thread.into_iter().map(Vec::into_iter).collect();
    let mut results = Vec::with_capacity(games as usize);
    for i in 0..games {
        if let Some(next) = iters
            .get_mut((i % threads) as usize)
            .and_then(Iterator::next)
        {
            results.push(next);
        }
    }
    results
}

/// The Wilson score interval for `wins` successes in `games` trials at 95%
/// confidence, as (low, high). `(0, 1)` when there are no games.
#[must_use]
pub fn wilson_interval(wins: u64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let n = games as f64;
    let p = wins as f64 / n;
    let z2 = z * z;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = z / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_games_returns_every_game_in_order_whatever_the_threads() {
        for threads in [1, 2, 3, 8] {
            assert_eq!(
                play_games(10, threads, |i| i * i),
                (0..10).map(|i| i * i).collect::<Vec<_>>()
            );
        }
        assert!(play_games(0, 4, |i| i).is_empty());
    }

    #[test]
    fn wilson_matches_a_known_value() {
        // 60 of 100: 0.5020..0.6906.
        let (lo, hi) = wilson_interval(60, 100);
        assert!((lo - 0.5020).abs() < 1e-3, "{lo}");
        assert!((hi - 0.6906).abs() < 1e-3, "{hi}");
        assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
    }
}
