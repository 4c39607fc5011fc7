//! Independent reference implementations of five Senet rule sets, written from
//! the specifications in `shared/spec/` (and the game model in
//! `shared/design/game-model.md`) without looking at the engine's code. They
//! exist only to be compared with the engine by differential tests.
//!
//! Each rule set is one module with a `Game` type implementing [`RefGame`]:
//!
//! | module | rule set id | spec |
//! |---|---|---|
//! | [`kendall7`] | `kendall-7` | rules-kendall7.md on top of rules-kendall.md |
//! | [`simple`] | `simple` | rules-simple.md |
//! | [`jequier`] | `jequier` | rules-jequier.md |
//! | [`peril`] | `peril` | rules-peril.md |
//! | [`modern`] | `modern` | rules-modern.md |
//!
//! The code favours clarity over speed: boards are arrays indexed by square
//! number (index 0 unused), legal options are recomputed from scratch whenever
//! they are asked for, and every rule is written where the spec states it.
//!
//! Conventions shared by all modules:
//! - A decision is offered whenever the rules let a seat choose, even when only
//!   one option exists (a forced move is still the seat's step); when no option
//!   exists the rules act at once (a pass, a lost turn, a player out) and say so
//!   in the events of the step that led there.
//! - Events are short strings, `<kind> <arguments>`, documented in each module.

pub mod jequier;
pub mod kendall7;
pub mod modern;
pub mod peril;
pub mod simple;

/// A probability as an exact fraction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Prob {
    /// Numerator.
    pub num: u32,
    /// Denominator (never 0).
    pub den: u32,
}

impl Prob {
    /// The fraction `num / den`.
    pub const fn new(num: u32, den: u32) -> Prob {
        Prob { num, den }
    }

    /// Whether two fractions have the same value (1/2 equals 2/4).
    pub fn same_value(self, other: Prob) -> bool {
        u64::from(self.num) * u64::from(other.den) == u64::from(other.num) * u64::from(self.den)
    }
}

/// Whether the fractions add up to exactly 1 (the running sum is kept as an
/// exact fraction, reduced after every term).
pub fn sums_to_one(probs: impl IntoIterator<Item = Prob>) -> bool {
    let mut num: u128 = 0;
    let mut den: u128 = 1;
    for p in probs {
        if p.den == 0 {
            return false;
        }
        num = num * u128::from(p.den) + u128::from(p.num) * den;
        den *= u128::from(p.den);
        let g = gcd(num, den);
        num /= g;
        den /= g;
    }
    num == den
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a.max(1) } else { gcd(b, a % b) }
}

/// What comes next in a game.
#[derive(Clone, PartialEq, Debug)]
pub enum Next<C, D> {
    /// The server draws: every possible outcome with its exact probability
    /// (summing to 1), in a fixed documented order.
    Chance(Vec<(C, Prob)>),
    /// Seat `seat` (0-based) must pick one of `options` (every legal option,
    /// none missing, no duplicates, in a documented deterministic order).
    Decide {
        /// The seat to decide.
        seat: usize,
        /// Every legal option.
        options: Vec<D>,
    },
    /// The game is over.
    End(Standing),
}

/// The final standing: seats from first place to last, with scores where the
/// rule set scores, and how it ended (a short snake_case word).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Standing {
    /// Seats from first place to last.
    pub places: Vec<usize>,
    /// Scores by seat; empty where the rule set does not score.
    pub scores: Vec<i32>,
    /// How the game ended, e.g. `borne_off`, `gates`, `three_borne_off`.
    pub how: String,
}

/// One rule set's reference game.
pub trait RefGame: Clone {
    /// A chance outcome, e.g. a stick throw value, a die value, a pair of dice.
    type Chance: Clone + PartialEq + std::fmt::Debug;
    /// A decision option, e.g. move from square S, summon, choose a die.
    type Option: Clone + PartialEq + std::fmt::Debug;
    /// What comes next.
    fn next(&self) -> Next<Self::Chance, Self::Option>;
    /// Applies one chance outcome; Err when the step is not what `next`
    /// allows. Returns the events it caused.
    fn apply_chance(&mut self, outcome: &Self::Chance) -> Result<Vec<String>, String>;
    /// Applies one decision; Err when the step is not what `next` allows.
    /// Returns the events it caused.
    fn apply_decision(&mut self, option: &Self::Option) -> Result<Vec<String>, String>;
}

/// Where every piece of a game is, for the conservation invariants of the
/// self-tests (and of later differential tests).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Census {
    /// Pieces on the board.
    pub on_board: usize,
    /// Pieces waiting in a reserve (Path of Peril).
    pub in_reserve: usize,
    /// Pieces borne off.
    pub borne_off: usize,
    /// Pieces removed from the game for good.
    pub removed: usize,
    /// How many pieces the game started with.
    pub total: usize,
    /// The squares that hold a piece, ascending.
    pub occupied: Vec<usize>,
    /// True when no effect is under way, so no piece may rest on a square
    /// that sends pieces away (Path of Peril resolves its River and Trial by
    /// chance steps, during which the pawn still stands on 27 or 28).
    pub settled: bool,
}

/// A small seeded PRNG (splitmix64) for random games in tests.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator from a seed.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0); the tiny modulo bias does not matter here.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0)");
        (self.next_u64() % n as u64) as usize
    }
}

/// Draws one outcome with its exact probability (the denominators are
/// brought to a common one, so 4/16 is drawn exactly 4 times in 16).
pub fn sample<C: Clone>(outcomes: &[(C, Prob)], rng: &mut SplitMix64) -> C {
    assert!(!outcomes.is_empty(), "sample from no outcomes");
    let common: u64 = outcomes
        .iter()
        .fold(1u64, |acc, (_, p)| lcm(acc, u64::from(p.den)));
    let mut r = rng.next_u64() % common;
    for (outcome, p) in outcomes {
        let weight = u64::from(p.num) * (common / u64::from(p.den));
        if r < weight {
            return outcome.clone();
        }
        r -= weight;
    }
    outcomes[outcomes.len() - 1].0.clone()
}

fn lcm(a: u64, b: u64) -> u64 {
    let g = gcd(u128::from(a), u128::from(b)) as u64;
    a / g * b
}
