//! The evaluation of any rule set's state, read from the engine's view:
//! where each seat's pieces stand, what it has borne off, holds in reserve
//! or lost, its score and whether it is out. The features are the same for
//! every rule set; each rule set has its own weights ([`Weights::of`]).

use senet_engine::{AnyRules, RuleSet, RuleSetId, Seat, Square, View};

use crate::eval::{LOSS, WIN};
use crate::step::learned::Learned;

/// Squares of the board, 1 to 30.
const SQUARES: usize = 30;

/// The weights of the step-model evaluation, in units of one square of
/// progress of one piece.
///
/// Each seat gets a strength: the sum over its pieces of what each is worth
/// where it is, plus its score and whether it throws next. The value of a
/// state for a seat compares strengths: `tanh((own − best other) / scale)`
/// for two seats and the paranoid search, a softmax of the strengths for
/// max-n (see [`crate::MultiSearch`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weights {
    /// Per square a piece has come from the start (square `n` counts `n`).
    pub race: f64,
    /// What a piece in the rule set's exit row is worth on top of `race`:
    /// the squares where it waits for the throw that takes it off (the
    /// stick games' 26–30, Jequier's row 3, the Gates of Aaru).
    pub exit: f64,
    /// What a piece on square `n` is worth on top of `race` (index `n − 1`),
    /// as [`Weights::with_rules`] lays `exit` on the rule set's board.
    pub squares: [f64; SQUARES],
    /// A borne-off piece, in squares (31 is "one past the board").
    pub off: f64,
    /// Every piece still in the game (on the board, in reserve or borne
    /// off): what losing a piece for good costs.
    pub piece: f64,
    /// A piece in reserve, on top of `piece` (reserve pieces have no
    /// progress).
    pub reserve: f64,
    /// How a piece's dots (Senet-modern) scale its `race`, `squares` and
    /// `off` worth: the factor is `1 + dots × (value − 3)`.
    pub dots: f64,
    /// Per point of the seat's score (Senet-modern: dots borne off).
    pub score: f64,
    /// Per piece with a friendly piece on a neighbouring square, where the
    /// rules say that guards it.
    pub paired: f64,
    /// For being the seat on turn.
    pub tempo: f64,
    /// The raw difference that maps to a value of tanh(1) ≈ 0.76.
    pub scale: f64,
    /// A learned evaluation that replaces every hand weight above but
    /// `scale` (2 for a learned one, whose strengths are logits); `None`
    /// for the hand weights.
    pub learned: Option<&'static Learned>,
}

/// No extra worth on any square: the tuning constants' table before
/// [`Weights::with_rules`] lays the rule set's exit row onto it.
const NO_SQUARES: [f64; SQUARES] = [0.0; SQUARES];

impl Weights {
    /// The stick race games (Kendall through the step model, Kendall-7,
    /// simple, Jequier): the Kendall weights that carry over (race,
    /// borne-off bonus, pairs, the exit row, tempo, scale).
    pub const STICKS: Weights = Weights {
        race: 1.0,
        exit: 2.4,
        squares: NO_SQUARES,
        off: 31.0 + 2.4,
        piece: 0.0,
        reserve: 0.0,
        dots: 0.0,
        score: 0.0,
        paired: 0.46,
        tempo: 4.2,
        scale: 118.0,
        learned: None,
    };

    /// Path of Peril: pawns are lives (captures, the Vulture and the Eye
    /// remove them for good), and a pawn on the Gates (its exit row) wins
    /// on any later 6 of its seat.
    pub const PERIL: Weights = Weights {
        race: 1.0,
        exit: 40.0,
        squares: NO_SQUARES,
        off: 0.0,
        piece: 25.0,
        reserve: -2.0,
        dots: 0.0,
        score: 0.0,
        paired: 0.0,
        tempo: 3.0,
        scale: 60.0,
        learned: None,
    };

    /// Senet-modern: the dots borne off decide, so a piece is worth more
    /// the more dots it carries, and every dot borne off counts.
    pub const MODERN: Weights = Weights {
        race: 1.0,
        exit: 0.0,
        squares: NO_SQUARES,
        off: 31.0,
        piece: 0.0,
        reserve: 0.0,
        dots: 0.15,
        score: 4.0,
        paired: 0.0,
        tempo: 3.0,
        scale: 60.0,
        learned: None,
    };

    /// The weights of a rule set: its family's tuning with the rules' own
    /// facts laid on ([`Weights::with_rules`]).
    #[must_use]
    pub fn of(id: RuleSetId) -> Weights {
        let tuning = match id {
            RuleSetId::Kendall | RuleSetId::Kendall7 | RuleSetId::Simple | RuleSetId::Jequier => {
                Weights::STICKS
            }
            RuleSetId::Peril => Weights::PERIL,
            RuleSetId::Modern => Weights::MODERN,
        };
        tuning.with_rules(AnyRules::of(id))
    }

    /// The best evaluation of a game of `id` at a table of `seats`, the
    /// expert's and the reviews': the weights learned for that game where
    /// there are some ([`Weights::learned`]), else the rule set's hand
    /// weights ([`Weights::of`]).
    #[must_use]
    pub fn for_table(id: RuleSetId, seats: u8) -> Weights {
        match crate::step::learned::table(id, seats) {
            Some(learned) => Weights::learned(learned),
            None => Weights::of(id),
        }
    }

    /// The evaluation `level` plays a game of `id` at a table of `seats`
    /// with: [`Weights::for_table`], except where a learned evaluation is
    /// the expert's alone (Path of Peril: greedy play on it came within a
    /// few points of the expert, so the intermediate keeps the hand weights
    /// and the ladder its steps; `docs/ai.md`).
    #[must_use]
    pub fn for_level(id: RuleSetId, seats: u8, level: crate::Level) -> Weights {
        if level != crate::Level::Expert && crate::step::learned::expert_only(id, seats) {
            return Weights::of(id);
        }
        Weights::for_table(id, seats)
    }

    /// A learned evaluation: strengths are logits, so the scale is 2
    /// (`tanh(d / 2) = 2σ(d) − 1`, and the chances are a plain softmax).
    #[must_use]
    pub fn learned(learned: &'static Learned) -> Weights {
        Weights {
            scale: 2.0,
            learned: Some(learned),
            ..Weights::MODERN
        }
    }

    /// These tuning numbers on a rule set's board, from what the rules
    /// themselves say rather than a copy of them: `exit` on every square of
    /// its exit row ([`RuleSet::exit_row`]) and nothing elsewhere, and no
    /// worth for a pair where a neighbour guards nothing
    /// ([`RuleSet::guarded_by_neighbour`]).
    #[must_use]
    pub fn with_rules(mut self, rules: AnyRules) -> Weights {
        let exit_row = rules.exit_row();
        for (square, worth) in Square::all().zip(&mut self.squares) {
            *worth = if exit_row.contains(square) {
                self.exit
            } else {
                0.0
            };
        }
        if !rules.guarded_by_neighbour() {
            self.paired = 0.0;
        }
        self
    }

    /// The factor a piece's dots put on its progress.
    fn factor(&self, value: Option<u8>) -> f64 {
        match value {
            Some(v) => 1.0 + self.dots * (f64::from(v) - 3.0),
            None => 1.0,
        }
    }

    /// Each seat's raw strength (index = seat number), and which seats are
    /// out of the game.
    #[must_use]
    pub fn strengths(&self, view: &View) -> Strengths {
        let mut strength = [0.0; 4];
        let mut out = [false; 4];
        if let Some(learned) = self.learned {
            for (o, seat) in out.iter_mut().zip(&view.seats) {
                *o = seat.out;
            }
            return Strengths {
                seats: view.seats.len().min(4),
                strength: learned.strengths(view),
                out,
            };
        }
        let owner = owners(view);
        for (i, occupant) in view.squares.iter().enumerate().take(SQUARES) {
            let Some(occupant) = occupant else { continue };
            let seat = owner[i + 1];
            if seat >= 4 {
                continue;
            }
            let square = (i + 1) as f64;
            let mut worth =
                self.piece + self.factor(occupant.value) * (self.race * square + self.squares[i]);
            if owner[i] == seat || owner[i + 2] == seat {
                worth += self.paired;
            }
            strength[seat] += worth;
        }
        for (seat, seat_view) in view.seats.iter().enumerate() {
            let Some(s) = strength.get_mut(seat) else {
                continue;
            };
            for piece in &seat_view.off {
                *s += self.piece + self.factor(piece.value) * self.off;
            }
            *s += (self.piece + self.reserve) * seat_view.reserve.len() as f64;
            if let Some(score) = seat_view.score {
                *s += self.score * f64::from(score);
            }
            if view.to_move.map(Seat::index) == Some(seat) {
                *s += self.tempo;
            }
            if let Some(o) = out.get_mut(seat) {
                *o = seat_view.out;
            }
        }
        Strengths {
            seats: view.seats.len().min(4),
            strength,
            out,
        }
    }
}

/// The owner of each square by seat number (4 for none: no piece, a piece
/// not dealt to a seat yet, or a seat past the fourth), index `n` for
/// square `n`, with an empty square either side so that neighbours need no
/// bounds checks. Both evaluations read the board through it.
pub(crate) fn owners(view: &View) -> [usize; SQUARES + 2] {
    let mut owner = [4usize; SQUARES + 2];
    for (slot, occupant) in owner[1..].iter_mut().zip(&view.squares) {
        if let Some(seat) = occupant.and_then(|o| o.seat) {
            *slot = seat.index().min(4);
        }
    }
    owner
}

/// Each seat's raw strength in a state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Strengths {
    /// How many seats the game has.
    pub seats: usize,
    /// Raw strength by seat number.
    pub strength: [f64; 4],
    /// Whether each seat is out of the game.
    pub out: [bool; 4],
}

/// Keeps a static value strictly inside (LOSS, WIN): only finished games
/// are worth exactly ±1.
fn inside(value: f64) -> f64 {
    value.clamp(-0.999_999, 0.999_999)
}

impl Strengths {
    /// The value for `seat` against its strongest opponent still in, in
    /// `(LOSS, WIN)`: two seats, and the paranoid search.
    #[must_use]
    pub fn versus_best(&self, seat: Seat, scale: f64) -> f64 {
        let me = seat.index();
        if self.out.get(me).copied().unwrap_or(true) {
            return inside(LOSS);
        }
        let best = (0..self.seats)
            .filter(|&j| j != me && !self.out[j])
            .map(|j| self.strength[j])
            .fold(f64::NEG_INFINITY, f64::max);
        if best == f64::NEG_INFINITY {
            return inside(WIN);
        }
        inside(crate::squash::tanh((self.strength[me] - best) / scale))
    }

    /// Each seat's chance of winning, estimated as a softmax of the
    /// strengths (0 for a seat that is out); consistent with
    /// [`Strengths::versus_best`] for two seats: `2p − 1 = tanh(d / scale)`.
    #[must_use]
    pub fn chances(&self, scale: f64) -> [f64; 4] {
        let mut p = [0.0; 4];
        let top = (0..self.seats)
            .filter(|&j| !self.out[j])
            .map(|j| self.strength[j])
            .fold(f64::NEG_INFINITY, f64::max);
        if top == f64::NEG_INFINITY {
            return p;
        }
        let mut total = 0.0;
        for ((x, &strength), &out) in p
            .iter_mut()
            .zip(&self.strength)
            .zip(&self.out)
            .take(self.seats)
        {
            if !out {
                *x = (2.0 * (strength - top) / scale).exp();
                total += *x;
            }
        }
        if total > 0.0 {
            for x in &mut p {
                *x /= total;
            }
        }
        p
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn the_start_is_even_but_for_the_tempo() {
        for id in RuleSetId::ALL {
            let rules = AnyRules::of(id);
            let state = rules.start(2).unwrap();
            let w = Weights::of(id);
            let s = w.strengths(&rules.view(&state));
            assert_eq!(s.seats, 2);
            let v = s.versus_best(Seat::FIRST, w.scale);
            assert!(v > LOSS && v < WIN, "{id:?}");
            let p = s.chances(w.scale);
            assert!((p[0] + p[1] - 1.0).abs() < 1e-12, "{id:?}");
            assert!(((2.0 * p[0] - 1.0) - v).abs() < 1e-9, "{id:?} {p:?} {v}");
        }
    }

    #[test]
    fn the_square_tables_are_the_rules_exit_rows() {
        // The tables these weights were tuned with, when they were copied
        // by hand: the rules' exit rows now give the same.
        let table = |from: usize, value: f64| -> [f64; SQUARES] {
            core::array::from_fn(|i| if i + 1 >= from { value } else { 0.0 })
        };
        for (id, squares, paired) in [
            (RuleSetId::Kendall, table(26, 2.4), 0.46),
            (RuleSetId::Kendall7, table(26, 2.4), 0.46),
            (RuleSetId::Simple, table(26, 2.4), 0.46),
            (RuleSetId::Jequier, table(21, 2.4), 0.46),
            (RuleSetId::Peril, table(30, 40.0), 0.0),
            (RuleSetId::Modern, [0.0; SQUARES], 0.0),
        ] {
            let w = Weights::of(id);
            assert_eq!(w.squares, squares, "{id}");
            assert_eq!(w.paired, paired, "{id}");
        }
    }

    #[test]
    fn four_seats_share_their_chances() {
        let rules = AnyRules::of(RuleSetId::Modern);
        let state = rules.start(4).unwrap();
        let w = Weights::of(RuleSetId::Modern);
        let s = w.strengths(&rules.view(&state));
        let p = s.chances(w.scale);
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(p.iter().all(|&x| x > 0.1), "{p:?}");
    }
}
