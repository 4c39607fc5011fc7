//! The evaluation of any rule set's state, read from the engine's view:
//! where each seat's pieces stand, what it has borne off, holds in reserve
//! or lost, its score and whether it is out. The features are the same for
//! every rule set; each rule set has its own weights ([`Weights::of`]).

use senet_engine::{RuleSetId, Seat, View};

use crate::eval::{LOSS, WIN};

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
    /// What a piece on square `n` is worth on top of `race` (index `n − 1`):
    /// the per-rule-set terms, such as the squares that wait for an exact
    /// throw, or the Gates of Aaru.
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
    /// Per piece with a friendly piece on a neighbouring square.
    pub paired: f64,
    /// For being the seat on turn.
    pub tempo: f64,
    /// The raw difference that maps to a value of tanh(1) ≈ 0.76.
    pub scale: f64,
}

/// A square table with `value` on squares `from..=to` and 0 elsewhere.
const fn table(ranges: &[(usize, usize, f64)]) -> [f64; SQUARES] {
    let mut squares = [0.0; SQUARES];
    let mut r = 0;
    while r < ranges.len() {
        let (from, to, value) = ranges[r];
        let mut n = from;
        while n <= to && n >= 1 && n <= SQUARES {
            squares[n - 1] = value;
            n += 1;
        }
        r += 1;
    }
    squares
}

impl Weights {
    /// The stick race games (Kendall through the step model, Kendall-7,
    /// simple): the Kendall weights that carry over (race, borne-off bonus,
    /// pairs, the exact-throw squares 26–30, tempo, scale).
    pub const STICKS: Weights = Weights {
        race: 1.0,
        squares: table(&[(26, 30, 2.4)]),
        off: 31.0 + 2.4,
        piece: 0.0,
        reserve: 0.0,
        dots: 0.0,
        score: 0.0,
        paired: 0.46,
        tempo: 4.2,
        scale: 118.0,
    };

    /// Jequier: as the stick games, but bearing off needs every piece in
    /// the exit row (21–30), so getting there counts.
    pub const JEQUIER: Weights = Weights {
        squares: table(&[(21, 30, 2.4)]),
        ..Weights::STICKS
    };

    /// Path of Peril: pawns are lives (captures, the Vulture and the Eye
    /// remove them for good), and a pawn on the Gates (30) wins on any
    /// later 6 of its seat.
    pub const PERIL: Weights = Weights {
        race: 1.0,
        squares: table(&[(30, 30, 40.0)]),
        off: 0.0,
        piece: 25.0,
        reserve: -2.0,
        dots: 0.0,
        score: 0.0,
        paired: 0.0,
        tempo: 3.0,
        scale: 60.0,
    };

    /// Senet-modern: the dots borne off decide, so a piece is worth more
    /// the more dots it carries, and every dot borne off counts.
    pub const MODERN: Weights = Weights {
        race: 1.0,
        squares: table(&[]),
        off: 31.0,
        piece: 0.0,
        reserve: 0.0,
        dots: 0.15,
        score: 4.0,
        paired: 0.0,
        tempo: 3.0,
        scale: 60.0,
    };

    /// The weights of a rule set.
    #[must_use]
    pub const fn of(id: RuleSetId) -> Weights {
        match id {
            RuleSetId::Kendall | RuleSetId::Kendall7 | RuleSetId::Simple => Weights::STICKS,
            RuleSetId::Jequier => Weights::JEQUIER,
            RuleSetId::Peril => Weights::PERIL,
            RuleSetId::Modern => Weights::MODERN,
        }
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
        // The owner of each square (4 for none), with an empty square
        // either side so that neighbours need no bounds checks.
        let mut owner = [4usize; SQUARES + 2];
        for (slot, occupant) in owner[1..].iter_mut().zip(&view.squares) {
            if let Some(seat) = occupant.and_then(|o| o.seat) {
                *slot = seat.index().min(3);
            }
        }
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
        inside(((self.strength[me] - best) / scale).tanh())
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
    use senet_engine::{AnyRules, RuleSet};

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
