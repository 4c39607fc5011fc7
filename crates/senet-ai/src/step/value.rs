//! Every seat's chance of winning from any state of the step model — a
//! chance to be drawn, a decision, or the end — searched by the expert
//! within the player's budget. What a game review asks where no decision
//! is ranked: before a throw, or when another seat decides next.

use senet_engine::{
    AnyState, Jequier, Kendall, Kendall7, Modern, Next, Peril, RuleSet, Seat, Simple,
};

use crate::eval::{LOSS, WIN};
use crate::step::tree::Tree;
use crate::step::{MAX_DEPTH, StepPlayer, Weights};

impl StepPlayer {
    /// Each seat's chance of winning from `state`, by seat number, as the
    /// expert search estimates it within this player's budget (iterative
    /// deepening in turns; the last complete iteration counts). Two seats:
    /// `(v + 1) / 2` of the two-seat search's value `v` for seat 0, and its
    /// complement. Three or four: the max-n search's chances (the paranoid
    /// search gives no chances for the other seats, so max-n is used
    /// whatever [`StepPlayer::multi`] says). A finished game: 1 for the
    /// winner, 0 for the others. The chances of two seats sum to 1; of
    /// more, about 1 (static estimates at the horizon).
    #[must_use]
    pub fn win_chances(&self, state: &AnyState) -> Vec<f64> {
        match state {
            AnyState::Kendall(s) => self.chances_in(Kendall, s),
            AnyState::Kendall7(s) => self.chances_in(Kendall7, s),
            AnyState::Jequier(s) => self.chances_in(Jequier, s),
            AnyState::Simple(s) => self.chances_in(Simple, s),
            AnyState::Peril(s) => self.chances_in(Peril, s),
            AnyState::Modern(s) => self.chances_in(Modern, s),
        }
    }

    fn chances_in<R: RuleSet>(&self, rules: R, state: &R::State) -> Vec<f64> {
        let seats = usize::from(rules.seats(state));
        let mover = match rules.next(state) {
            Next::End(standing) => {
                let mut chances = vec![0.0; seats];
                if let Some(slot) = standing.winner().and_then(|w| chances.get_mut(w.index())) {
                    *slot = 1.0;
                }
                return chances;
            }
            Next::Decide { seat, .. } => seat,
            Next::Chance(_) => rules
                .chance_seat(state)
                .or(rules.view(state).to_move)
                .unwrap_or(Seat::FIRST),
        };
        let weights = self
            .weights
            .unwrap_or_else(|| Weights::for_table(rules.id(), rules.seats(state)));
        let mut tree = Tree::new(rules, weights, Seat::FIRST, &self.budget);
        let mut found: Option<Vec<f64>> = None;
        for depth in 1..=MAX_DEPTH {
            tree.horizon = false;
            tree.bounded = depth > 1;
            let chances = if seats > 2 {
                tree.chances(state, depth, mover)
                    .into_iter()
                    .take(seats)
                    .collect::<Vec<f64>>()
            } else {
                let v = tree.value(state, depth, mover, LOSS, WIN).clamp(LOSS, WIN);
                let first = (v + 1.0) / 2.0;
                vec![first, 1.0 - first]
            };
            if tree.aborted {
                break;
            }
            found = Some(chances);
            if !tree.horizon {
                break;
            }
        }
        // The first iteration always completes (it is not bounded).
        found.unwrap_or_else(|| vec![1.0 / seats.max(1) as f64; seats])
    }
}
