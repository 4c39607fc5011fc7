//! Expectiminimax over the throws, with Star1 pruning at chance nodes and
//! alpha-beta at decision nodes, deepened iteratively within a budget.
//!
//! A position is before a throw, so every position in the tree is a chance
//! node: the five throws with their probabilities. Under each throw the side
//! to move chooses a move (a decision node); the move leads to the next
//! chance node, where the same side throws again after a 1, 4 or 5. Values
//! are always for the root side, so a decision node maximises when the root
//! side moves and minimises otherwise, whoever moved before it.

use std::time::Instant;

use senet_engine::Kendall;
use senet_engine::kendall_v1::{Effect, Move, Position, Rules, Side, Throw};

use crate::endgame::Endgame;
use crate::eval::{Evaluation, LOSS, WIN};
use crate::level::Budget;

/// Deepest iteration tried; endgames are usually solved well before.
const MAX_DEPTH: u32 = 64;

/// Nodes between two looks at the clock (about 0.15 ms of search).
const CLOCK_CHECK_EVERY: u64 = 1024;

/// How far the expert search got.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchStats {
    /// Depth of the last completed iteration, in throws (1 = the moves'
    /// resulting positions evaluated statically).
    pub depth: u32,
    /// Nodes searched, the unfinished last iteration included.
    pub nodes: u64,
    /// True when the last iteration reached no evaluation at its horizon:
    /// every line ended in a finished game, so the values are exact.
    pub solved: bool,
}

pub(crate) struct Searcher<'a> {
    rules: &'a Kendall,
    eval: &'a Evaluation,
    root: Side,
    /// Throws, most likely first, with their chances.
    chances: Vec<(Throw, f64)>,
    nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
    /// Node count at which to look at the clock next.
    next_clock_check: u64,
    aborted: bool,
    horizon: bool,
    /// Exact values for the positions the tables cover, if lent.
    endgame: Option<&'a dyn Endgame>,
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(
        rules: &'a Kendall,
        eval: &'a Evaluation,
        root: Side,
        budget: &Budget,
    ) -> Self {
        let mut chances = rules.throw_chances();
        chances.sort_by(|a, b| b.1.total_cmp(&a.1));
        Searcher {
            rules,
            eval,
            root,
            chances,
            nodes: 0,
            limit: budget.nodes,
            deadline: budget.time.map(|t| Instant::now() + t),
            next_clock_check: CLOCK_CHECK_EVERY,
            aborted: false,
            horizon: false,
            endgame: None,
        }
    }

    /// The same searcher with endgame tables to consult.
    pub(crate) fn with_endgame(mut self, endgame: Option<&'a dyn Endgame>) -> Self {
        self.endgame = endgame;
        self
    }

    /// The exact value of a covered position for the root side, on the
    /// search's scale (`2·P(win) − 1`).
    fn exact(&self, position: &Position) -> Option<f64> {
        let p = self.endgame?.win_chance(position)?;
        let p = if position.to_move() == self.root {
            p
        } else {
            1.0 - p
        };
        Some(LOSS + (WIN - LOSS) * p)
    }

    /// The moves ranked by exact value, when the tables cover the position
    /// after every move (or the move ends the game).
    fn rank_exact(&self, moves: &[(Move, Position)]) -> Option<Vec<(Move, f64)>> {
        self.endgame?;
        let mut ranked = moves
            .iter()
            .map(|(mv, after)| {
                let value = match self.rules.winner(after) {
                    Some(side) if side == self.root => WIN,
                    Some(_) => LOSS,
                    None => self.exact(after)?,
                };
                Some((*mv, value))
            })
            .collect::<Option<Vec<_>>>()?;
        sort_best_first(&mut ranked);
        Some(ranked)
    }

    /// Ranks the root moves by iterative deepening. Each root move gets an
    /// exact value (full window) at the deepest completed depth.
    pub(crate) fn rank(
        &mut self,
        position: &Position,
        throw: Throw,
    ) -> (Vec<(Move, f64)>, SearchStats) {
        let moves: Vec<(Move, Position)> = self
            .rules
            .legal_moves(position, throw)
            .iter()
            .map(|mv| (mv, self.rules.apply(position, throw, mv)))
            .collect();
        if let Some(ranked) = self.rank_exact(&moves) {
            let stats = SearchStats {
                depth: 1,
                nodes: moves.len() as u64,
                solved: true,
            };
            return (ranked, stats);
        }
        let mut ranked: Vec<(Move, f64)> = Vec::new();
        let mut stats = SearchStats::default();
        for depth in 1..=MAX_DEPTH {
            self.horizon = false;
            // Search the previous best first (the order only matters for speed).
            let order: Vec<(Move, Position)> = if ranked.is_empty() {
                moves.clone()
            } else {
                ranked
                    .iter()
                    .filter_map(|(mv, _)| moves.iter().find(|(m, _)| m == mv).copied())
                    .collect()
            };
            let mut this: Vec<(Move, f64)> = Vec::with_capacity(order.len());
            for (mv, after) in &order {
                let value = self.chance(after, depth - 1, LOSS, WIN);
                if self.aborted {
                    break;
                }
                this.push((*mv, value));
            }
            // Depth 1 always completes: it is at most eight evaluations.
            if self.aborted && depth > 1 {
                break;
            }
            sort_best_first(&mut this);
            ranked = this;
            stats.depth = depth;
            stats.solved = !self.horizon;
            if stats.solved || moves.len() <= 1 {
                break;
            }
        }
        stats.nodes = self.nodes;
        (ranked, stats)
    }

    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.limit {
            self.aborted = true;
        } else if self.nodes >= self.next_clock_check {
            self.next_clock_check = self.nodes + CLOCK_CHECK_EVERY;
            if let Some(deadline) = self.deadline {
                if Instant::now() >= deadline {
                    self.aborted = true;
                }
            }
        }
        self.aborted
    }

    /// The value of a position before a throw, searched `depth` throws deep,
    /// within the window (`alpha`, `beta`); fail-soft.
    fn chance(&mut self, position: &Position, depth: u32, alpha: f64, beta: f64) -> f64 {
        if position.on_board(self.root) == 0 {
            return WIN;
        }
        if position.on_board(self.root.opponent()) == 0 {
            return LOSS;
        }
        self.nodes += 1;
        if let Some(value) = self.exact(position) {
            // An exact leaf: no horizon here, whatever the depth.
            return value;
        }
        if depth == 0 {
            self.horizon = true;
            return self.eval.value(position, self.root);
        }
        if self.aborted || self.out_of_budget() {
            return 0.0;
        }
        // Star1: the children not yet searched lie in [LOSS, WIN], which
        // bounds the expectation; cut off as soon as it leaves the window.
        let mut sum = 0.0;
        let mut remaining = 1.0;
        for i in 0..self.chances.len() {
            let (throw, p) = self.chances[i];
            remaining -= p;
            let lo = (alpha - sum - remaining * WIN) / p;
            let hi = (beta - sum - remaining * LOSS) / p;
            if lo >= WIN {
                return sum + p * WIN + remaining * WIN;
            }
            if hi <= LOSS {
                return sum + p * LOSS + remaining * LOSS;
            }
            let value = self.decide(position, throw, depth, lo.max(LOSS), hi.min(WIN));
            if self.aborted {
                return 0.0;
            }
            sum += p * value;
            if value <= lo {
                return sum + remaining * WIN;
            }
            if value >= hi {
                return sum + remaining * LOSS;
            }
        }
        sum
    }

    /// The value of choosing a move on `throw`, for the root side.
    fn decide(
        &mut self,
        position: &Position,
        throw: Throw,
        depth: u32,
        alpha: f64,
        beta: f64,
    ) -> f64 {
        let moves = self.rules.legal_moves(position, throw);
        if moves.is_empty() {
            return self.chance(&self.rules.pass(position), depth - 1, alpha, beta);
        }
        let maximising = position.to_move() == self.root;
        let mut children: [Option<(f64, Position)>; senet_engine::kendall_v1::MAX_MOVES] =
            [None; senet_engine::kendall_v1::MAX_MOVES];
        let mut count = 0;
        for mv in moves.iter() {
            let after = self.rules.apply(position, throw, mv);
            // Order: a cheap guess for the leaves, the static value deeper.
            let key = if depth >= 2 {
                self.eval.value(&after, self.root)
            } else {
                move_hint(mv)
            };
            let key = if maximising { -key } else { key };
            if let Some(slot) = children.get_mut(count) {
                *slot = Some((key, after));
                count += 1;
            }
        }
        let children = &mut children[..count];
        children.sort_by(|a, b| match (a, b) {
            (Some(a), Some(b)) => a.0.total_cmp(&b.0),
            _ => core::cmp::Ordering::Equal,
        });
        let (mut alpha, mut beta) = (alpha, beta);
        let mut best = if maximising { LOSS - 1.0 } else { WIN + 1.0 };
        for (_, after) in children.iter().flatten() {
            let value = self.chance(after, depth - 1, alpha, beta);
            if self.aborted {
                return 0.0;
            }
            if maximising {
                if value > best {
                    best = value;
                }
                if best >= beta {
                    break;
                }
                alpha = alpha.max(best);
            } else {
                if value < best {
                    best = value;
                }
                if best <= alpha {
                    break;
                }
                beta = beta.min(best);
            }
        }
        best
    }
}

/// A guess at how good a move is before searching it, for move ordering:
/// bear-offs and captures first, the House of Water last.
fn move_hint(mv: Move) -> f64 {
    match mv.effect {
        Effect::BearOff => 0.3,
        Effect::Capture => 0.2,
        Effect::None => 0.0,
        Effect::Water { .. } => -0.3,
    }
}

/// Sorts best first; equal scores keep their order.
pub(crate) fn sort_best_first(moves: &mut [(Move, f64)]) {
    moves.sort_by(|a, b| b.1.total_cmp(&a.1));
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// Plain expectiminimax, no pruning: the reference for Star1.
    fn plain(s: &Searcher<'_>, position: &Position, depth: u32) -> f64 {
        if position.on_board(s.root) == 0 {
            return WIN;
        }
        if position.on_board(s.root.opponent()) == 0 {
            return LOSS;
        }
        if depth == 0 {
            return s.eval.value(position, s.root);
        }
        let mut sum = 0.0;
        for &(throw, p) in &s.chances {
            let moves = s.rules.legal_moves(position, throw);
            let value = if moves.is_empty() {
                plain(s, &s.rules.pass(position), depth - 1)
            } else {
                let values = moves
                    .iter()
                    .map(|mv| plain(s, &s.rules.apply(position, throw, mv), depth - 1));
                if position.to_move() == s.root {
                    values.fold(f64::MIN, f64::max)
                } else {
                    values.fold(f64::MAX, f64::min)
                }
            };
            sum += p * value;
        }
        sum
    }

    #[test]
    fn star1_gives_the_same_values_as_plain_expectiminimax() {
        let rules = Kendall;
        let eval = Evaluation::TUNED;
        for text in [
            "cscscscscs.................... c",
            "..c.s.cs..scc.s...s......c.... s",
            "............s.c..s.sc.c..s.c.s c",
            ".........................s.scc s",
        ] {
            let position = rules.parse_position(text).unwrap();
            for value in 1..=5 {
                let throw = rules.throw(value).unwrap();
                let mut s =
                    Searcher::new(&rules, &eval, position.to_move(), &Budget::nodes(u64::MAX));
                for mv in rules.legal_moves(&position, throw).iter() {
                    let after = rules.apply(&position, throw, mv);
                    for depth in 0..3 {
                        let pruned = s.chance(&after, depth, LOSS, WIN);
                        let reference = plain(&s, &after, depth);
                        assert!(
                            (pruned - reference).abs() < 1e-9,
                            "{text} {value} {depth}: {pruned} vs {reference}"
                        );
                    }
                }
            }
        }
    }
}
