//! The static evaluation of a position.

use std::sync::LazyLock;

use senet_engine::Kendall;
use senet_engine::kendall_v1::{MAX_THROW, Position, Side};

/// Chance of each throw value under the standard rules, index = value: the
/// engine's, worked out once.
static CHANCE_BY_VALUE: LazyLock<[f64; MAX_THROW as usize + 1]> =
    LazyLock::new(Kendall::throw_chance_table);

/// Squares 26..=30: pieces there wait for exact throws (an evaluation
/// feature, not a rule).
const WAITING: u32 = 0b1_1111 << 26;
/// Squares 1..=30.
const BOARD: u32 = ((1u32 << 30) - 1) << 1;

/// Lowest value an evaluation can have: a certain loss.
pub const LOSS: f64 = -1.0;
/// Highest value an evaluation can have: a certain win.
pub const WIN: f64 = 1.0;

/// Weights of the evaluation, all in units of one square of the race.
///
/// The raw score of a position for a side is the weighted sum of the
/// differences (own minus opponent) of the features below; the value is
/// `tanh(raw / scale)`, so it lies strictly between [`LOSS`] and [`WIN`] and
/// reads as roughly `2·P(win) − 1`. Finished games are exactly ±1. Keeping the
/// value in a known range is what lets the search prune chance nodes (Star1).
///
/// See `docs/ai.md` for how the weights were tuned by self-play.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Evaluation {
    /// Per square of distance left to bear off (31 − square for every piece
    /// on the board; borne-off pieces count 0). The unit of the others.
    pub race: f64,
    /// Per protected piece: one with a friendly neighbour, or on 28 or 29.
    pub protected: f64,
    /// Per piece in a blockade (three or more in a row).
    pub blockade: f64,
    /// Per piece waiting on 26–30 for an exact throw.
    pub waiting: f64,
    /// Per piece borne off, beyond what it saved in `race`.
    pub borne_off: f64,
    /// Per square of expected loss to an immediate capture: for the side that
    /// does not throw next, the sum over throws `d` of `P(d) · d` when the
    /// opponent can capture one of its pieces with `d`.
    pub exposure: f64,
    /// For being the side that throws next.
    pub tempo: f64,
    /// Raw score that maps to a value of tanh(1) ≈ 0.76.
    pub scale: f64,
}

impl Evaluation {
    /// The weights found by self-play tuning (see `docs/ai.md`).
    pub const TUNED: Evaluation = Evaluation {
        race: 1.0,
        protected: 0.46,
        blockade: 0.25,
        waiting: 2.4,
        borne_off: 2.4,
        exposure: 1.37,
        tempo: 4.2,
        scale: 118.0,
    };

    /// The raw score of `position` for `side`: positive is good for `side`.
    /// Finished games score ±1e6.
    #[must_use]
    pub fn raw(&self, position: &Position, side: Side) -> f64 {
        let own = board(position, side);
        let theirs = board(position, side.opponent());
        if own == 0 {
            return 1e6;
        }
        if theirs == 0 {
            return -1e6;
        }
        let mut raw = self.race * (f64::from(pips(theirs)) - f64::from(pips(own)));
        raw += self.protected
            * (f64::from(protected(own).count_ones()) - f64::from(protected(theirs).count_ones()));
        raw += self.blockade
            * (f64::from(blockades(own).count_ones()) - f64::from(blockades(theirs).count_ones()));
        raw += self.waiting
            * (f64::from((own & WAITING).count_ones())
                - f64::from((theirs & WAITING).count_ones()));
        raw += self.borne_off * (f64::from(theirs.count_ones()) - f64::from(own.count_ones()));
        if position.to_move() == side {
            raw += self.tempo + self.exposure * exposure(theirs, own);
        } else {
            raw -= self.tempo + self.exposure * exposure(own, theirs);
        }
        raw
    }

    /// The value of `position` for `side`, in `[LOSS, WIN]`: exactly ±1 when
    /// the game is over, strictly inside otherwise.
    #[must_use]
    pub fn value(&self, position: &Position, side: Side) -> f64 {
        if position.on_board(side) == 0 {
            return WIN;
        }
        if position.on_board(side.opponent()) == 0 {
            return LOSS;
        }
        // Clamp so that rounding never reaches a finished game's value.
        crate::squash::tanh(self.raw(position, side) / self.scale).clamp(-0.999_999, 0.999_999)
    }
}

impl Default for Evaluation {
    fn default() -> Evaluation {
        Evaluation::TUNED
    }
}

/// The bitboard of a side: bit `n` for square `n`.
pub(crate) fn board(position: &Position, side: Side) -> u32 {
    position.bitboard(side)
}

/// Distance left to bear off every piece of `board`.
fn pips(board: u32) -> u32 {
    let mut rest = board & BOARD;
    let mut total = 0;
    while rest != 0 {
        total += 31 - rest.trailing_zeros();
        rest &= rest - 1;
    }
    total
}

/// The features of the evaluation for `side`, own minus opponent, in the
/// order race, protected, blockade, waiting, borne_off, exposure, tempo:
/// the raw score is their dot product with the weights. For fitting and
/// inspecting the weights.
#[must_use]
pub fn features(position: &Position, side: Side) -> [f64; 7] {
    let own = board(position, side);
    let theirs = board(position, side.opponent());
    let mut f = [0.0; 7];
    f[0] = f64::from(pips(theirs)) - f64::from(pips(own));
    f[1] = f64::from(protected(own).count_ones()) - f64::from(protected(theirs).count_ones());
    f[2] = f64::from(blockades(own).count_ones()) - f64::from(blockades(theirs).count_ones());
    f[3] = f64::from((own & WAITING).count_ones()) - f64::from((theirs & WAITING).count_ones());
    f[4] = f64::from(theirs.count_ones()) - f64::from(own.count_ones());
    let (sign, e) = if position.to_move() == side {
        (1.0, exposure(theirs, own))
    } else {
        (-1.0, exposure(own, theirs))
    };
    f[5] = sign * e;
    f[6] = sign;
    f
}

/// Pieces that cannot be captured, as the rules say.
fn protected(board: u32) -> u32 {
    Kendall::protected_pieces(board)
}

/// Pieces in a blockade, as the rules say.
fn blockades(board: u32) -> u32 {
    Kendall::blockade_squares(board)
}

/// Expected squares `victim` loses to a capture by `attacker`, who throws
/// next: over each throw `d`, `P(d) · d` if some capture with `d` is legal.
fn exposure(victim: u32, attacker: u32) -> f64 {
    let targets = victim & !protected(victim) & BOARD;
    if targets == 0 {
        return 0.0;
    }
    let walls = blockades(victim);
    let mut walled = 0;
    let mut total = 0.0;
    for d in 1..=5u32 {
        if d >= 2 {
            // A piece on `s` cannot pass a wall on s+1..s+d-1.
            walled |= walls >> (d - 1);
        }
        // No piece may jump the House of Happiness.
        let free = attacker & !walled & !Kendall::jumping_happiness(d as u8);
        if (free << d) & targets != 0 {
            total += CHANCE_BY_VALUE[d as usize] * f64::from(d);
        }
    }
    total
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use senet_engine::Kendall;
    use senet_engine::kendall_v1::Rules;

    #[test]
    fn throw_chances_are_the_rules() {
        assert_eq!(CHANCE_BY_VALUE.iter().sum::<f64>(), 1.0);
        for (throw, p) in Kendall.throw_chances() {
            assert_eq!(CHANCE_BY_VALUE[usize::from(throw.value())], p);
        }
    }

    #[test]
    fn exposure_follows_the_capture_rules() {
        // Spool on 10 alone, Cone on 8: a 2 captures.
        let p = Kendall
            .parse_position(".......c.s.................... c")
            .unwrap();
        let e = exposure(board(&p, Side::Spool), board(&p, Side::Cone));
        assert!((e - 2.0 * 6.0 / 16.0).abs() < 1e-12);
        // Protected pair: nothing.
        let p = Kendall
            .parse_position(".......c.ss................... c")
            .unwrap();
        assert_eq!(exposure(board(&p, Side::Spool), board(&p, Side::Cone)), 0.0);
        // Cone on 24 cannot pass 26 to hit 28 or 27; 28 is safe anyway; 30 from 25 needs 5 past 26.
        let p = Kendall
            .parse_position("........................c....s c")
            .unwrap();
        assert_eq!(exposure(board(&p, Side::Spool), board(&p, Side::Cone)), 0.0);
        // From 26, a 4 hits 30.
        let p = Kendall
            .parse_position(".........................c...s c")
            .unwrap();
        let e = exposure(board(&p, Side::Spool), board(&p, Side::Cone));
        assert!((e - 4.0 / 16.0).abs() < 1e-12);
    }

    #[test]
    fn the_raw_score_is_the_weighted_sum_of_the_features() {
        let e = Evaluation::TUNED;
        let p = Kendall
            .parse_position("..c.s.cs..scc.s...s......c.... s")
            .unwrap();
        let w = [
            e.race,
            e.protected,
            e.blockade,
            e.waiting,
            e.borne_off,
            e.exposure,
            e.tempo,
        ];
        for side in Side::ALL {
            let f = features(&p, side);
            let dot: f64 = f.iter().zip(w).map(|(a, b)| a * b).sum();
            assert!((dot - e.raw(&p, side)).abs() < 1e-9);
        }
    }

    #[test]
    fn values_are_symmetric_and_bounded() {
        let e = Evaluation::TUNED;
        let p = Kendall
            .parse_position("..c.s.cs..scc.s...s......c.... s")
            .unwrap();
        let a = e.value(&p, Side::Cone);
        let b = e.value(&p, Side::Spool);
        assert!((a + b).abs() < 1e-12);
        assert!(a > LOSS && a < WIN);
        let won = Kendall
            .parse_position("..s........................... c")
            .unwrap();
        assert_eq!(e.value(&won, Side::Cone), WIN);
        assert_eq!(e.value(&won, Side::Spool), LOSS);
    }
}
