//! An evaluation learned from self-play: each seat's strength is a sum of
//! weights over features read from the engine's view, in logit units, so
//! that a seat's chance of winning is the softmax of the strengths (a
//! conditional logit). The weights are fitted to the winners of self-play
//! games by `examples/fit_step.rs` and committed as data
//! (`learned/*.rs`); the features are here, shared by the fit and the
//! search, so the two cannot drift apart.

use senet_engine::{RuleSetId, Seat, View};

use crate::step::eval::owners;

/// Squares of the board, 1 to 30.
const SQUARES: usize = 30;
/// Value classes: Senet-modern's dots 1–5; pieces with no value are class 0.
const CLASSES: usize = 5;

/// Where each group of features starts in the weight vector.
const BOARD: usize = 0;
const OFF: usize = BOARD + CLASSES * SQUARES;
const RESERVE: usize = OFF + CLASSES;
const OFF_COUNT: usize = RESERVE + 1;
const LEAD: usize = OFF_COUNT + 3;
const LEAD_LATE: usize = LEAD + 1;
const TEMPO: usize = LEAD_LATE + 1;
const PAIRED: usize = TEMPO + 1;
const SUN: usize = PAIRED + 1;

/// How many weights a [`Learned`] evaluation has.
pub const LEARNED_FEATURES: usize = SUN + 1;

/// A learned evaluation: one weight per feature (see [`learned_features`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Learned {
    /// The weights, in logit units, indexed as [`learned_features`] reports.
    pub weights: [f64; LEARNED_FEATURES],
}

impl Learned {
    /// The strength of `seat` in `view`: the sum of its features' weights.
    #[must_use]
    pub fn strength(&self, view: &View, seat: Seat) -> f64 {
        let mut sum = 0.0;
        learned_features(view, seat, |index, x| {
            if let Some(w) = self.weights.get(index) {
                sum += w * x;
            }
        });
        sum
    }

    /// Every seat's strength in `view` (index = seat number, at most four),
    /// in one pass over the board: what the search calls at every leaf.
    /// Equal to [`Learned::strength`] of each seat.
    #[must_use]
    pub fn strengths(&self, view: &View) -> [f64; 4] {
        let w = &self.weights;
        let mut strength = [0.0; 4];
        let owner = owners(view);
        for (i, occupant) in view.squares.iter().enumerate().take(SQUARES) {
            let seat = owner[i + 1];
            let (Some(occupant), Some(s)) = (occupant, strength.get_mut(seat)) else {
                continue;
            };
            *s += w[BOARD + class(occupant.value) * SQUARES + i];
            if owner[i] == seat || owner[i + 2] == seat {
                *s += w[PAIRED];
            }
        }
        let on_sun = owner[1];
        let seats = view.seats.len().min(4);
        // The best and second-best scores of the seats still in: a seat's
        // lead is over the best of the others.
        let mut best = (i32::MIN, usize::MAX);
        let mut second = i32::MIN;
        for (j, seat) in view.seats.iter().enumerate().take(seats) {
            if let (Some(score), false) = (seat.score, seat.out) {
                if score > best.0 {
                    second = best.0;
                    best = (score, j);
                } else if score > second {
                    second = score;
                }
            }
        }
        let late = view.seats.iter().any(|s| s.off.len() >= 2);
        for (j, (seat, s)) in view.seats.iter().zip(&mut strength).enumerate() {
            if on_sun < 4 && on_sun != j {
                *s += w[SUN];
            }
            for piece in &seat.off {
                *s += w[OFF + class(piece.value)];
            }
            if !seat.off.is_empty() {
                *s += w[OFF_COUNT + seat.off.len().min(3) - 1];
            }
            *s += w[RESERVE] * seat.reserve.len() as f64;
            if let Some(score) = seat.score {
                let other = if best.1 == j { second } else { best.0 };
                if other > i32::MIN {
                    let lead = f64::from(score - other);
                    *s += w[LEAD] * lead;
                    if late {
                        *s += w[LEAD_LATE] * lead;
                    }
                }
            }
            if view.to_move.map(Seat::index) == Some(j) {
                *s += w[TEMPO];
            }
        }
        strength
    }

    /// A name for each weight, for printing a fit: `board[v3,s12]`,
    /// `off[v5]`, `lead`, …
    #[must_use]
    pub fn names() -> Vec<String> {
        let mut names = Vec::with_capacity(LEARNED_FEATURES);
        for class in 0..CLASSES {
            for square in 1..=SQUARES {
                names.push(format!("board[v{},s{square}]", class + 1));
            }
        }
        for class in 0..CLASSES {
            names.push(format!("off[v{}]", class + 1));
        }
        names.push("reserve".into());
        for count in 1..=3 {
            names.push(format!("off_count[{count}]"));
        }
        for name in ["lead", "lead_late", "tempo", "paired", "sun_blocked"] {
            names.push(name.into());
        }
        names
    }
}

/// The value class of a piece: its dots less one, or 0 for a piece with
/// none.
fn class(value: Option<u8>) -> usize {
    value.map_or(0, |v| usize::from(v.clamp(1, 5)) - 1)
}

/// Calls `feature(index, x)` for every feature of `seat` in `view` that
/// applies (a lead of zero is reported as 0):
///
/// - each of its pieces on the board, by value class and square;
/// - each piece borne off, by value class, and one of "1, 2, 3 or more
///   borne off";
/// - each piece in reserve;
/// - its lead in score over the best other seat still in (where the rules
///   score), and that lead again once any seat has borne off two pieces
///   or more (Senet-modern ends at three, so a lead then is close to a win);
/// - being the seat on turn;
/// - each piece with a friendly piece on a neighbouring square;
/// - another seat's piece on the first square, where a piece sent back
///   would be taken out of the game (`sun_blocked`, read by the fit for
///   whatever it is worth in the rule set).
pub fn learned_features<F: FnMut(usize, f64)>(view: &View, seat: Seat, mut feature: F) {
    let me = seat.index();
    let owner = |i: usize| -> Option<usize> {
        view.squares
            .get(i)
            .copied()
            .flatten()
            .and_then(|o| o.seat)
            .map(Seat::index)
    };
    for (i, occupant) in view.squares.iter().enumerate().take(SQUARES) {
        let Some(occupant) = occupant else { continue };
        if occupant.seat.map(Seat::index) != Some(me) {
            continue;
        }
        feature(BOARD + class(occupant.value) * SQUARES + i, 1.0);
        let left = i.checked_sub(1).and_then(owner);
        if left == Some(me) || owner(i + 1) == Some(me) {
            feature(PAIRED, 1.0);
        }
    }
    if owner(0).is_some_and(|o| o != me) {
        feature(SUN, 1.0);
    }
    let Some(mine) = view.seats.get(me) else {
        return;
    };
    for piece in &mine.off {
        feature(OFF + class(piece.value), 1.0);
    }
    match mine.off.len() {
        0 => {}
        n => feature(OFF_COUNT + n.min(3) - 1, 1.0),
    }
    if !mine.reserve.is_empty() {
        feature(RESERVE, mine.reserve.len() as f64);
    }
    if let Some(score) = mine.score {
        let best_other = view
            .seats
            .iter()
            .enumerate()
            .filter(|(j, s)| *j != me && !s.out)
            .filter_map(|(_, s)| s.score)
            .max();
        if let Some(best) = best_other {
            let lead = f64::from(score - best);
            feature(LEAD, lead);
            if view.seats.iter().any(|s| s.off.len() >= 2) {
                feature(LEAD_LATE, lead);
            }
        }
    }
    if view.to_move == Some(seat) {
        feature(TEMPO, 1.0);
    }
}

mod modern_2;
mod modern_3;
mod modern_4;
mod peril_2;

/// Whether the learned evaluation of a game of `id` at a table of `seats`
/// is the expert's alone. In Path of Peril the expert on it beat the
/// expert on the hand weights 63.8 % of 600 games, but greedy play on it
/// beat the hand-weight intermediate 72.1 %, and the expert beat that
/// stronger intermediate only 52.9 % of 240 games at the default budget:
/// an intermediate as strong as that would leave no step to the expert.
#[must_use]
pub(crate) fn expert_only(id: RuleSetId, seats: u8) -> bool {
    matches!((id, seats), (RuleSetId::Peril, 2))
}

/// The learned evaluation of a game of `id` at a table of `seats`, where
/// one has been fitted and measured stronger than the hand weights
/// (`docs/ai.md`).
#[must_use]
pub(crate) fn table(id: RuleSetId, seats: u8) -> Option<&'static Learned> {
    match (id, seats) {
        (RuleSetId::Modern, 2) => Some(&modern_2::LEARNED),
        (RuleSetId::Modern, 3) => Some(&modern_3::LEARNED),
        (RuleSetId::Modern, 4) => Some(&modern_4::LEARNED),
        (RuleSetId::Peril, 2) => Some(&peril_2::LEARNED),
        _ => None,
    }
}
