//! Max-n over the step model for three or four seats (Luckhardt and Irani
//! 1986), with chance nodes (expectations of the value vectors): every seat
//! picks the option best for itself, by its own estimated chance of
//! winning. No pruning: with chance nodes and a vector of values, only
//! shallow pruning applies, and it cuts little.

use senet_engine::{Next, RuleSet, Seat, Standing};

use crate::step::tree::{Tree, Turn, turn};

/// Each seat's chance of winning, by seat number.
pub(crate) type Chances = [f64; 4];

/// A finished game: the winner's chance is 1.
fn terminal(standing: &Standing) -> Chances {
    let mut v = [0.0; 4];
    if let Some(slot) = standing.winner().and_then(|w| v.get_mut(w.index())) {
        *slot = 1.0;
    }
    v
}

impl<R: RuleSet> Tree<R> {
    /// The static chances of a state.
    pub(crate) fn static_chances(&self, state: &R::State) -> Chances {
        self.strengths(state).chances(self.weights.scale)
    }

    /// Every seat's chance of winning from `state`, searched `depth` more
    /// turns with the turn of `mover` under way. Zeros once the budget is
    /// spent (the caller drops the iteration).
    pub(crate) fn chances(&mut self, state: &R::State, depth: u32, mover: Seat) -> Chances {
        if self.out_of_budget() {
            return [0.0; 4];
        }
        self.nodes += 1;
        match self.rules.next(state) {
            Next::End(standing) => terminal(&standing),
            Next::Chance(kind) => {
                let (depth, mover) = match turn(depth, mover, self.rules.thrower(state)) {
                    Turn::Horizon => {
                        self.horizon = true;
                        return self.static_chances(state);
                    }
                    Turn::Go { depth, mover } => (depth, mover),
                };
                let mut sum = [0.0; 4];
                for (child, p) in self.chance_children(state, kind) {
                    let v = self.chances(&child, depth, mover);
                    if self.aborted {
                        return [0.0; 4];
                    }
                    for (s, x) in sum.iter_mut().zip(v) {
                        *s += p * x;
                    }
                }
                sum
            }
            Next::Decide { seat, options } => {
                let depth = match turn(depth, mover, (seat != mover).then_some(seat)) {
                    Turn::Horizon => {
                        self.horizon = true;
                        return self.static_chances(state);
                    }
                    Turn::Go { depth, .. } => depth,
                };
                let me = seat.index();
                let mut best: Option<Chances> = None;
                for (_, child) in self.option_children(state, seat, &options) {
                    let v = self.chances(&child, depth, seat);
                    if self.aborted {
                        return [0.0; 4];
                    }
                    if best.is_none_or(|b| v[me & 3] > b[me & 3]) {
                        best = Some(v);
                    }
                }
                best.unwrap_or([0.0; 4])
            }
        }
    }
}
