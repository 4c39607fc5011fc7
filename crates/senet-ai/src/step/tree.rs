//! What every search over the step model shares: the budget, the children
//! of a chance node (outcomes that lead to the same state merged, most
//! likely first) and of a decision, and where turns begin.

use std::time::Instant;

use senet_engine::{ChanceKind, Choice, Event, Options, Roll, RuleSet, Seat, Step};

use crate::level::Budget;
use crate::step::eval::{Strengths, Weights};

/// Nodes between two looks at the clock.
const CLOCK_CHECK_EVERY: u64 = 256;

/// Where a node stands in the search's count of turns.
pub(crate) enum Turn {
    /// A turn begins here and no depth is left: evaluate statically.
    Horizon,
    /// Search on, with this depth left and this seat's turn under way.
    Go {
        /// Turns left to search.
        depth: u32,
        /// The seat whose turn this is.
        mover: Seat,
    },
}

/// A turn begins at a chance the seat on turn throws itself
/// ([`RuleSet::thrower`]) and at a decision of a seat other than the one
/// whose turn was under way (Senet-modern's choice of dice). Draws the
/// rules make by themselves (Path of Peril's Vulture, River and Trial,
/// Senet-modern's dice after the choice) and a seat's further decisions
/// belong to the turn under way. Depth counts the turns that begin below
/// the root; the turn under way is always searched to its end, so a search
/// of depth `d` from a decision covers the rest of this turn and the next
/// `d` turns whole: depth 0 is the greedy intermediate, depth 1 adds the
/// next seat's throw and reply.
pub(crate) fn turn(depth: u32, mover: Seat, begins: Option<Seat>) -> Turn {
    match begins {
        Some(_) if depth == 0 => Turn::Horizon,
        Some(seat) => Turn::Go {
            depth: depth - 1,
            mover: seat,
        },
        None => Turn::Go { depth, mover },
    }
}

/// The state of one search: the rules, the weights, whose decision it is
/// at the root, and the budget.
pub(crate) struct Tree<R: RuleSet> {
    pub(crate) rules: R,
    pub(crate) weights: Weights,
    pub(crate) root: Seat,
    pub(crate) nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
    next_clock_check: u64,
    /// The budget ran out: the values of this iteration are void.
    pub(crate) aborted: bool,
    /// A leaf was evaluated statically in this iteration.
    pub(crate) horizon: bool,
    /// Whether the budget may stop the search (not in the first
    /// iteration, which always completes).
    pub(crate) bounded: bool,
    outcomes: Vec<(ChanceKind, Vec<(Roll, f64)>)>,
    events: Vec<Event>,
}

impl<R: RuleSet> Tree<R> {
    pub(crate) fn new(rules: R, weights: Weights, root: Seat, budget: &Budget) -> Tree<R> {
        Tree {
            rules,
            weights,
            root,
            nodes: 0,
            limit: budget.nodes,
            deadline: budget.time.map(|t| Instant::now() + t),
            next_clock_check: CLOCK_CHECK_EVERY,
            aborted: false,
            horizon: false,
            bounded: false,
            outcomes: Vec::new(),
            events: Vec::with_capacity(16),
        }
    }

    /// True (and from then on) once the budget is spent, when it may stop
    /// the search.
    pub(crate) fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if !self.bounded {
            return false;
        }
        if self.nodes >= self.limit {
            self.aborted = true;
        } else if self.nodes >= self.next_clock_check {
            self.next_clock_check = self.nodes + CLOCK_CHECK_EVERY;
            if self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
            {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// The seats' strengths in a state.
    pub(crate) fn strengths(&self, state: &R::State) -> Strengths {
        self.weights.strengths(&self.rules.view(state))
    }

    /// The distinct states a chance leads to, with their probabilities,
    /// most likely first: outcomes that leave the same state (the sticks'
    /// 16 falls give 5 throws; two dice give 21 throws) are one child.
    pub(crate) fn chance_children(
        &mut self,
        state: &R::State,
        kind: ChanceKind,
    ) -> Vec<(R::State, f64)> {
        let index = match self.outcomes.iter().position(|(k, _)| *k == kind) {
            Some(index) => index,
            None => {
                let list = kind
                    .outcomes()
                    .into_iter()
                    .map(|(roll, p)| (roll, p.value()))
                    .collect();
                self.outcomes.push((kind, list));
                self.outcomes.len() - 1
            }
        };
        let mut children: Vec<(R::State, f64)> = Vec::with_capacity(8);
        let mut total = 0.0;
        if let Some((_, outcomes)) = self.outcomes.get(index) {
            for &(roll, p) in outcomes {
                let mut after = state.clone();
                self.events.clear();
                if self
                    .rules
                    .apply(&mut after, Step::Chance { roll }, &mut self.events)
                    .is_err()
                {
                    continue;
                }
                total += p;
                match children.iter_mut().find(|(s, _)| *s == after) {
                    Some(child) => child.1 += p,
                    None => children.push((after, p)),
                }
            }
        }
        if total > 0.0 && (total - 1.0).abs() > 1e-12 {
            for child in &mut children {
                child.1 /= total;
            }
        }
        children.sort_by(|a, b| b.1.total_cmp(&a.1));
        children
    }

    /// Each option of a decision with the state it leads to.
    pub(crate) fn option_children(
        &mut self,
        state: &R::State,
        seat: Seat,
        options: &Options,
    ) -> Vec<(Choice, R::State)> {
        let mut children = Vec::with_capacity(options.len());
        for &choice in options {
            let mut after = state.clone();
            self.events.clear();
            if self
                .rules
                .apply(&mut after, Step::Decide { seat, choice }, &mut self.events)
                .is_ok()
            {
                children.push((choice, after));
            }
        }
        children
    }
}
