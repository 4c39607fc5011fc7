//! The combinatorial index of a layer.
//!
//! A layer holds every position with `a` pieces of the side to throw ("own")
//! and `b` pieces of the other side ("theirs") on the board. A piece may rest
//! on 29 squares: 1 to 30 except the House of Water (27), which the engine's
//! `validate` refuses. Number those 29 squares 0..29 ("rest numbers":
//! squares 1–26 are 0–25, squares 28–30 are 26–28).
//!
//! - The own pieces are an `a`-subset of the 29 rest numbers, ranked in
//!   colexicographic order: `r_own = Σ C(c_i, i + 1)` over its members
//!   `c_0 < c_1 < …`, so `0 ≤ r_own < C(29, a)`.
//! - The other side's pieces are a `b`-subset of the `29 − a` rest numbers
//!   the own pieces leave free, each renumbered by removing the own ones
//!   below it, ranked the same way: `0 ≤ r_theirs < C(29 − a, b)`.
//! - `index = r_own · C(29 − a, b) + r_theirs`, so a layer has
//!   `C(29, a) · C(29 − a, b)` positions and every index is one position.
//!
//! Colex order puts positions with pieces further on at higher indices,
//! which the solver uses to sweep roughly from the end of the race back.

/// Squares a piece may rest on.
pub const REST_SQUARES: u32 = 29;

/// `BINOMIAL[n][k]` is C(n, k) for n, k ≤ 29.
const BINOMIAL: [[u64; 30]; 30] = {
    let mut table = [[0u64; 30]; 30];
    let mut n = 0;
    while n < 30 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
};

/// C(n, k), 0 when k > n (both at most 29).
#[must_use]
pub const fn binomial(n: u32, k: u32) -> u64 {
    if n >= 30 || k >= 30 {
        return 0;
    }
    BINOMIAL[n as usize][k as usize]
}

/// The rest numbers of a bitboard (bit `n` = square `n`) as a 29-bit mask;
/// a piece on the House of Water (not a legal position) is dropped.
#[must_use]
pub const fn compress(board: u32) -> u32 {
    ((board >> 1) & 0x03ff_ffff) | ((board >> 2) & (0b111 << 26))
}

/// The bitboard of a 29-bit mask of rest numbers (the inverse of [`compress`]).
#[must_use]
pub const fn expand(mask: u32) -> u32 {
    ((mask & 0x03ff_ffff) << 1) | ((mask & (0b111 << 26)) << 2)
}

/// The colex rank of a set of numbers given as a mask.
fn rank(mut mask: u32) -> u64 {
    let mut r = 0;
    let mut i = 1;
    while mask != 0 {
        let c = mask.trailing_zeros();
        r += binomial(c, i);
        i += 1;
        mask &= mask - 1;
    }
    r
}

/// The `k`-subset of colex rank `r` as a mask (r < C(29, k) is assumed).
fn unrank(mut r: u64, k: u32) -> u32 {
    let mut mask = 0;
    let mut c = REST_SQUARES;
    for i in (1..=k).rev() {
        // The largest c with C(c, i) ≤ r.
        c -= 1;
        while binomial(c, i) > r {
            c -= 1;
        }
        r -= binomial(c, i);
        mask |= 1 << c;
    }
    mask
}

/// Removes the bits of `taken` from `mask`, closing the gaps (a software
/// `pext` by the complement of `taken`).
fn squeeze(mask: u32, taken: u32) -> u32 {
    let mut out = 0;
    let mut rest = mask;
    while rest != 0 {
        let c = rest.trailing_zeros();
        out |= 1 << (c - (taken & ((1 << c) - 1)).count_ones());
        rest &= rest - 1;
    }
    out
}

/// Puts the bits of `mask` back among the free places of `taken` (the
/// inverse of [`squeeze`]).
fn spread(mask: u32, taken: u32) -> u32 {
    let mut out = 0;
    let mut free = !taken & ((1 << REST_SQUARES) - 1);
    let mut i = 0;
    while free != 0 {
        let c = free.trailing_zeros();
        if mask & (1 << i) != 0 {
            out |= 1 << c;
        }
        free &= free - 1;
        i += 1;
    }
    out
}

/// The shape of one layer: how many pieces each side has on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Layer {
    /// Pieces of the side about to throw.
    pub own: u8,
    /// Pieces of the other side.
    pub theirs: u8,
}

impl Layer {
    /// The layer with these counts.
    #[must_use]
    pub const fn new(own: u8, theirs: u8) -> Layer {
        Layer { own, theirs }
    }

    /// The same counts seen from the other side.
    #[must_use]
    pub const fn swapped(self) -> Layer {
        Layer::new(self.theirs, self.own)
    }

    /// How many positions the layer holds.
    #[must_use]
    pub const fn len(self) -> u64 {
        binomial(REST_SQUARES, self.own as u32)
            * binomial(REST_SQUARES - self.own as u32, self.theirs as u32)
    }

    /// True when the layer holds no position (never for counts 1..=5).
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The index of the boards (own, theirs) in this layer; the boards must
    /// hold `own` and `theirs` pieces, off the House of Water, not overlapping.
    #[must_use]
    pub fn index(self, own: u32, theirs: u32) -> u64 {
        let own_c = compress(own);
        let theirs_c = squeeze(compress(theirs), own_c);
        rank(own_c) * binomial(REST_SQUARES - u32::from(self.own), u32::from(self.theirs))
            + rank(theirs_c)
    }

    /// The boards (own, theirs) of an index below [`Layer::len`].
    #[must_use]
    pub fn boards(self, index: u64) -> (u32, u32) {
        let per_own = binomial(REST_SQUARES - u32::from(self.own), u32::from(self.theirs));
        let own_c = unrank(index / per_own, u32::from(self.own));
        let theirs_c = spread(unrank(index % per_own, u32::from(self.theirs)), own_c);
        (expand(own_c), expand(theirs_c))
    }
}

/// Every layer with 1 to `max` pieces a side, in an order the solver can
/// take them: fewer pieces on the board first, and a layer next to its
/// swapped twin (they depend on each other).
#[must_use]
pub fn layers(max: u8) -> Vec<Layer> {
    let mut out = Vec::new();
    for total in 2..=2 * max {
        for own in 1..=max {
            let theirs = total.wrapping_sub(own);
            if (1..=max).contains(&theirs) {
                out.push(Layer::new(own, theirs));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_and_boards_are_inverse_on_every_small_layer() {
        for layer in [
            Layer::new(1, 1),
            Layer::new(2, 1),
            Layer::new(1, 2),
            Layer::new(2, 2),
        ] {
            for i in 0..layer.len() {
                let (own, theirs) = layer.boards(i);
                assert_eq!(own.count_ones(), u32::from(layer.own));
                assert_eq!(theirs.count_ones(), u32::from(layer.theirs));
                assert_eq!(own & theirs, 0);
                assert_eq!((own | theirs) & ((1 << 27) | 1 | (1 << 31)), 0);
                assert_eq!(layer.index(own, theirs), i);
            }
        }
    }

    #[test]
    fn sizes_are_the_binomials() {
        assert_eq!(Layer::new(1, 1).len(), 29 * 28);
        assert_eq!(Layer::new(3, 3).len(), 3654 * 2600);
        let total: u64 = layers(3).iter().map(|l| l.len()).sum();
        assert_eq!(total, 12_230_750);
    }
}
