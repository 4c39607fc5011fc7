//! Expectiminimax over the step model for two seats, and the paranoid
//! search for three or four (the seat at the root against all the others,
//! who are taken to play against it): Star1 pruning at chance nodes with
//! the exact probabilities of the outcomes, alpha-beta at decisions, and
//! iterative deepening in turns within a budget. Values are for the seat at
//! the root, in `[LOSS, WIN]`.

use senet_engine::{Next, RuleSet, Seat, Standing};

use crate::eval::{LOSS, WIN};
use crate::step::tree::{Tree, Turn, turn};

/// The value of a finished game for `root`: a win or a loss.
pub(crate) fn terminal(standing: &Standing, root: Seat) -> f64 {
    if standing.winner() == Some(root) {
        WIN
    } else {
        LOSS
    }
}

impl<R: RuleSet> Tree<R> {
    /// The static value of a state for the root seat.
    pub(crate) fn static_value(&self, state: &R::State) -> f64 {
        self.strengths(state)
            .versus_best(self.root, self.weights.scale)
    }

    /// The value of `state` for the root seat, searched `depth` more turns
    /// with the turn of `mover` under way, within (`alpha`, `beta`);
    /// fail-soft. Returns 0 once the budget is spent (the caller drops the
    /// iteration). The budget is checked before each node, so a bounded
    /// search never counts more nodes than the budget allows.
    pub(crate) fn value(
        &mut self,
        state: &R::State,
        depth: u32,
        mover: Seat,
        alpha: f64,
        beta: f64,
    ) -> f64 {
        if self.out_of_budget() {
            return 0.0;
        }
        self.nodes += 1;
        match self.rules.next(state) {
            Next::End(standing) => terminal(&standing, self.root),
            Next::Chance(kind) => {
                let (depth, mover) = match turn(depth, mover, self.rules.thrower(state)) {
                    Turn::Horizon => {
                        self.horizon = true;
                        return self.static_value(state);
                    }
                    Turn::Go { depth, mover } => (depth, mover),
                };
                let children = self.chance_children(state, kind);
                self.star1(&children, depth, mover, alpha, beta)
            }
            Next::Decide { seat, options } => {
                let begins = (seat != mover).then_some(seat);
                let depth = match turn(depth, mover, begins) {
                    Turn::Horizon => {
                        self.horizon = true;
                        return self.static_value(state);
                    }
                    Turn::Go { depth, .. } => depth,
                };
                let mut children = self.option_children(state, seat, &options);
                if let [(_, only)] = children.as_slice() {
                    return self.value(only, depth, seat, alpha, beta);
                }
                let maximising = seat == self.root;
                if depth >= 2 {
                    // Best first by the static value: more cut-offs.
                    let mut keyed: Vec<(f64, R::State)> = children
                        .drain(..)
                        .map(|(_, child)| {
                            let v = self.static_value(&child);
                            (if maximising { -v } else { v }, child)
                        })
                        .collect();
                    keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
                    let ordered: Vec<R::State> = keyed.into_iter().map(|(_, c)| c).collect();
                    self.alpha_beta(&ordered, depth, seat, maximising, alpha, beta)
                } else {
                    let plain: Vec<R::State> = children.into_iter().map(|(_, c)| c).collect();
                    self.alpha_beta(&plain, depth, seat, maximising, alpha, beta)
                }
            }
        }
    }

    /// A decision: the best child for the seat deciding (the root seat
    /// maximises, every other seat minimises).
    fn alpha_beta(
        &mut self,
        children: &[R::State],
        depth: u32,
        seat: Seat,
        maximising: bool,
        mut alpha: f64,
        mut beta: f64,
    ) -> f64 {
        let mut best = if maximising { LOSS - 1.0 } else { WIN + 1.0 };
        for child in children {
            let value = self.value(child, depth, seat, alpha, beta);
            if self.aborted {
                return 0.0;
            }
            if maximising {
                best = best.max(value);
                if best >= beta {
                    break;
                }
                alpha = alpha.max(best);
            } else {
                best = best.min(value);
                if best <= alpha {
                    break;
                }
                beta = beta.min(best);
            }
        }
        best
    }

    /// A chance: the expectation over the children, most likely first,
    /// cut off as soon as it cannot re-enter (`alpha`, `beta`) whatever the
    /// unsearched children are worth (Star1, Ballard 1983).
    fn star1(
        &mut self,
        children: &[(R::State, f64)],
        depth: u32,
        mover: Seat,
        alpha: f64,
        beta: f64,
    ) -> f64 {
        let mut sum = 0.0;
        let mut remaining = 1.0;
        for (child, p) in children {
            let p = *p;
            remaining -= p;
            if p <= 0.0 {
                continue;
            }
            let lo = (alpha - sum - remaining * WIN) / p;
            let hi = (beta - sum - remaining * LOSS) / p;
            if lo >= WIN {
                return sum + p * WIN + remaining * WIN;
            }
            if hi <= LOSS {
                return sum + p * LOSS + remaining * LOSS;
            }
            let value = self.value(child, depth, mover, lo.max(LOSS), hi.min(WIN));
            if self.aborted {
                return 0.0;
            }
            sum += p * value;
            if value <= lo {
                return sum + remaining.max(0.0) * WIN;
            }
            if value >= hi {
                return sum + remaining.max(0.0) * LOSS;
            }
        }
        sum
    }

    /// Plain expectiminimax, no pruning and no budget: the reference the
    /// tests hold the pruned search to.
    #[cfg(test)]
    pub(crate) fn plain(&mut self, state: &R::State, depth: u32, mover: Seat) -> f64 {
        match self.rules.next(state) {
            Next::End(standing) => terminal(&standing, self.root),
            Next::Chance(kind) => match turn(depth, mover, self.rules.thrower(state)) {
                Turn::Horizon => self.static_value(state),
                Turn::Go { depth, mover } => {
                    let children = self.chance_children(state, kind);
                    children
                        .iter()
                        .map(|(child, p)| p * self.plain(child, depth, mover))
                        .sum()
                }
            },
            Next::Decide { seat, options } => {
                match turn(depth, mover, (seat != mover).then_some(seat)) {
                    Turn::Horizon => self.static_value(state),
                    Turn::Go { depth, .. } => {
                        let children = self.option_children(state, seat, &options);
                        let values = children
                            .iter()
                            .map(|(_, child)| self.plain(child, depth, seat))
                            .collect::<Vec<_>>();
                        if seat == self.root {
                            values.into_iter().fold(f64::MIN, f64::max)
                        } else {
                            values.into_iter().fold(f64::MAX, f64::min)
                        }
                    }
                }
            }
        }
    }
}
