//! Computer opponents for Senet.
//!
//! Three [`Level`]s over the standard rules ([`Kendall`]):
//!
//! - **beginner** plays a random legal move, drawn with a preference for
//!   sensible ones (captures and bear-offs more often, the House of Water
//!   rarely);
//! - **intermediate** plays greedily: the move whose resulting position has
//!   the best static [`Evaluation`];
//! - **expert** searches: expectiminimax over the throws with their real
//!   chances and the extra throws after 1, 4 and 5, Star1 pruning at chance
//!   nodes, alpha-beta at decision nodes, and iterative deepening within a
//!   [`Budget`] of nodes (deterministic) and, optionally, time.
//!
//! No I/O and no async: a position and a throw in, ranked moves out.
//!
//! ```
//! use rand::SeedableRng;
//! use rand::rngs::SmallRng;
//! use senet_ai::{Budget, Level, choose_move};
//! use senet_engine::Kendall;
//! use senet_engine::kendall_v1::Rules;
//!
//! let rules = Kendall;
//! let start = rules.start();
//! let throw = rules.throw(3).unwrap();
//! let mut rng = SmallRng::seed_from_u64(7);
//! let mv = choose_move(&rules, &start, throw, Level::Expert, &Budget::nodes(20_000), &mut rng);
//! assert!(mv.is_some());
//! ```

#![forbid(unsafe_code)]

mod endgame;
mod eval;
mod level;
pub mod review;
mod search;
mod selfplay;
mod squash;
mod step;

use rand::{Rng, RngExt};
use senet_engine::Kendall;
use senet_engine::kendall_v1::{Effect, Move, Position, Rules, Throw};

pub use endgame::Endgame;
pub use eval::{Evaluation, LOSS, WIN, features};
pub use level::{Budget, Level, UnknownLevel};
pub use search::SearchStats;
pub use selfplay::{GameResult, play_game, play_games, wilson_interval};
pub use step::{
    Decision, ExpertMethod, LEARNED_FEATURES, Learned, MultiSearch, OptionRanking, StepGameResult,
    StepPlayer, Strengths, Weights, choose_option, learned_features, play_step_game,
    play_step_game_clocked, rank_options, rules_of,
};

/// The moves of a position and throw, best first, with how the expert search
/// went.
#[derive(Debug, Clone, PartialEq)]
pub struct Ranking {
    /// Every legal move once, best first, with its score. Empty when the turn
    /// is forfeited.
    ///
    /// Scores are for the side to move. For the intermediate and expert
    /// levels they are values in `[-1, 1]`, roughly `2·P(win) − 1`, with ±1 a
    /// certain win or loss. For the beginner they are the random sampling
    /// keys in `(0, 1)` that ordered the moves.
    pub moves: Vec<(Move, f64)>,
    /// How far the search went (expert only; depth 1 for intermediate,
    /// zeros for the beginner).
    pub stats: SearchStats,
}

/// A computer player: a level, a budget and the evaluation weights.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Player {
    /// How strongly it plays.
    pub level: Level,
    /// The work allowed per move (expert only).
    pub budget: Budget,
    /// The evaluation used by the intermediate and expert levels.
    pub evaluation: Evaluation,
}

impl Player {
    /// A player of this level with the default budget and the tuned weights.
    #[must_use]
    pub fn new(level: Level) -> Player {
        Player {
            level,
            budget: Budget::default(),
            evaluation: Evaluation::TUNED,
        }
    }

    /// The same player with another budget.
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Player {
        self.budget = budget;
        self
    }

    /// Ranks every legal move, best first. `rng` is only drawn from by the
    /// beginner.
    pub fn rank<R: Rng + ?Sized>(
        &self,
        rules: &Kendall,
        position: &Position,
        throw: Throw,
        rng: &mut R,
    ) -> Ranking {
        self.rank_with(rules, position, throw, None, rng)
    }

    /// [`Player::rank`] with endgame tables lent to the expert (the other
    /// levels ignore them): when every move leads to a position the tables
    /// cover, or ends the game, the moves are ranked by their exact values
    /// (scores `2·P(win) − 1`, `stats.solved` set); otherwise the search
    /// uses exact values wherever it reaches a covered position.
    pub fn rank_with<R: Rng + ?Sized>(
        &self,
        rules: &Kendall,
        position: &Position,
        throw: Throw,
        endgame: Option<&dyn Endgame>,
        rng: &mut R,
    ) -> Ranking {
        if rules.winner(position).is_some() {
            return Ranking {
                moves: Vec::new(),
                stats: SearchStats::default(),
            };
        }
        match self.level {
            Level::Beginner => Ranking {
                moves: beginner(rules, position, throw, rng),
                stats: SearchStats::default(),
            },
            Level::Intermediate => {
                let side = position.to_move();
                let mut moves: Vec<(Move, f64)> = rules
                    .legal_moves(position, throw)
                    .iter()
                    .map(|mv| {
                        let after = rules.apply(position, throw, mv);
                        (mv, self.evaluation.value(&after, side))
                    })
                    .collect();
                search::sort_best_first(&mut moves);
                let nodes = moves.len() as u64;
                Ranking {
                    moves,
                    stats: SearchStats {
                        depth: 1,
                        nodes,
                        solved: false,
                    },
                }
            }
            Level::Expert => {
                let mut searcher = search::Searcher::new(
                    rules,
                    &self.evaluation,
                    position.to_move(),
                    &self.budget,
                )
                .with_endgame(endgame);
                let (moves, stats) = searcher.rank(position, throw);
                Ranking { moves, stats }
            }
        }
    }

    /// The move this player makes, or `None` when the turn is forfeited (no
    /// legal move) or the game is over.
    pub fn choose<R: Rng + ?Sized>(
        &self,
        rules: &Kendall,
        position: &Position,
        throw: Throw,
        rng: &mut R,
    ) -> Option<Move> {
        self.choose_with(rules, position, throw, None, rng)
    }

    /// [`Player::choose`] with endgame tables lent to the expert (see
    /// [`Player::rank_with`]).
    pub fn choose_with<R: Rng + ?Sized>(
        &self,
        rules: &Kendall,
        position: &Position,
        throw: Throw,
        endgame: Option<&dyn Endgame>,
        rng: &mut R,
    ) -> Option<Move> {
        if rules.winner(position).is_some() {
            return None;
        }
        let moves = rules.legal_moves(position, throw);
        if moves.len() <= 1 {
            // Nothing to think about.
            return moves.get(0);
        }
        self.rank_with(rules, position, throw, endgame, rng)
            .moves
            .first()
            .map(|&(mv, _)| mv)
    }
}

/// Every legal move of `position` with `throw`, best first, with its score
/// (see [`Ranking::moves`]), for `level` with the tuned weights.
pub fn rank_moves<R: Rng + ?Sized>(
    rules: &Kendall,
    position: &Position,
    throw: Throw,
    level: Level,
    budget: &Budget,
    rng: &mut R,
) -> Vec<(Move, f64)> {
    Player::new(level)
        .with_budget(*budget)
        .rank(rules, position, throw, rng)
        .moves
}

/// The move `level` plays in `position` with `throw`, or `None` when no move
/// is legal (the turn is forfeited) or the game is over.
///
/// This is what a seat of the computer calls each time it has thrown.
pub fn choose_move<R: Rng + ?Sized>(
    rules: &Kendall,
    position: &Position,
    throw: Throw,
    level: Level,
    budget: &Budget,
    rng: &mut R,
) -> Option<Move> {
    Player::new(level)
        .with_budget(*budget)
        .choose(rules, position, throw, rng)
}

/// How much the beginner likes a move: the weight of its random draw.
fn beginner_weight(mv: Move) -> f64 {
    match mv.effect {
        Effect::BearOff => 4.0,
        Effect::Capture => 3.0,
        Effect::None => 1.0,
        Effect::Water { .. } => 0.1,
    }
}

/// The beginner's ranking: a weighted random order of the legal moves
/// (Efraimidis–Spirakis: key `u^(1/w)`, highest first).
fn beginner<R: Rng + ?Sized>(
    rules: &Kendall,
    position: &Position,
    throw: Throw,
    rng: &mut R,
) -> Vec<(Move, f64)> {
    let mut moves: Vec<(Move, f64)> = rules
        .legal_moves(position, throw)
        .iter()
        .map(|mv| {
            let u: f64 = rng.random::<f64>();
            // u is in [0, 1); keep the key strictly positive.
            (mv, u.max(f64::MIN_POSITIVE).powf(1.0 / beginner_weight(mv)))
        })
        .collect();
    search::sort_best_first(&mut moves);
    moves
}
