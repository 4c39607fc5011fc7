//! Value iteration, one pair of twin layers at a time.
//!
//! The value of a position is the chance that the side about to throw wins
//! with best play by both sides:
//!
//! `V(p) = Σ_t P(t) · Q(p, t)`, where `Q(p, t)` is, when the throw `t` has
//! no legal move, the value after the forfeit (`1 − V` of the position with
//! the other side to throw), and otherwise the best over the legal moves of
//! the value after the move: 1 when it bore off the last piece, `V(after)`
//! when the same side throws again, `1 − V(after)` when the turn passes.
//!
//! Every throw, chance, move and its consequence comes from the engine
//! ([`Rules::throw_chances`], [`Rules::legal_moves`], [`Rules::apply`],
//! [`Rules::pass`], [`Rules::winner`]); nothing here knows a rule. Only the
//! colour symmetry is used: the rules treat both sides alike, so a position
//! is stored once, as "own" (the side to throw) against "theirs".
//!
//! Pieces never come back once borne off and captures swap pieces, so a
//! layer `(a, b)` depends only on itself, its twin `(b, a)` and the layers
//! `(a − 1, b)`, `(b, a − 1)`. Twins are solved together by Gauss–Seidel
//! sweeps (each new value used at once), from the highest index down (pieces
//! furthest on first, as their successors mostly are), in `f64`, until no
//! value changes by more than the tolerance in a sweep.

use std::time::{Duration, Instant};

use senet_engine::Kendall;
use senet_engine::kendall_v1::{Position, PositionError, Rules, Setup, Side, Throw};

use crate::equations::Equations;
use crate::index::Layer;

/// Most sweeps a pair of layers may take before the solver gives up.
pub const MAX_SWEEPS: u32 = 10_000;

/// The solved layers so far, `f64` values by index.
#[derive(Debug, Clone, Default)]
pub struct Store {
    max: u8,
    layers: Vec<Option<Vec<f64>>>,
}

impl Store {
    /// An empty store for layers of 1 to `max` pieces a side (`max` ≤ 5).
    #[must_use]
    pub fn new(max: u8) -> Store {
        let max = max.clamp(1, 5);
        Store {
            max,
            layers: vec![None; usize::from(max) * usize::from(max)],
        }
    }

    /// The largest number of pieces a side the store is for.
    #[must_use]
    pub const fn max(&self) -> u8 {
        self.max
    }

    pub(crate) fn slot(&self, layer: Layer) -> Option<usize> {
        let in_range = |n: u8| (1..=self.max).contains(&n);
        (in_range(layer.own) && in_range(layer.theirs)).then(|| {
            usize::from(layer.own - 1) * usize::from(self.max) + usize::from(layer.theirs - 1)
        })
    }

    /// The values of a solved layer.
    #[must_use]
    pub fn get(&self, layer: Layer) -> Option<&[f64]> {
        self.slot(layer)
            .and_then(|s| self.layers.get(s))
            .and_then(|l| l.as_deref())
    }

    /// Stores a layer's values (for example read back from a file). Refused
    /// when the layer is out of range or the length is not the layer's.
    pub fn insert(&mut self, layer: Layer, values: Vec<f64>) -> Result<(), SolveError> {
        if values.len() as u64 != layer.len() {
            return Err(SolveError::WrongLength { layer });
        }
        let slot = self.slot(layer).ok_or(SolveError::OutOfRange { layer })?;
        if let Some(entry) = self.layers.get_mut(slot) {
            *entry = Some(values);
        }
        Ok(())
    }
}

/// Why a layer could not be solved.
#[derive(Debug, Clone, PartialEq)]
pub enum SolveError {
    /// A layer this one depends on has not been solved.
    MissingLayer {
        /// The layer asked for.
        layer: Layer,
        /// The layer it needs.
        needs: Layer,
    },
    /// The layer is outside the store's range.
    OutOfRange {
        /// The layer.
        layer: Layer,
    },
    /// Values of the wrong length were given for a layer.
    WrongLength {
        /// The layer.
        layer: Layer,
    },
    /// The pair has too many positions for the 31-bit references of its
    /// equations.
    TooLarge {
        /// The layer.
        layer: Layer,
    },
    /// The sweeps did not converge within [`MAX_SWEEPS`].
    NotConverged {
        /// The layer.
        layer: Layer,
        /// The largest change in the last sweep.
        change: f64,
    },
}

impl core::fmt::Display for SolveError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SolveError::MissingLayer { layer, needs } => write!(
                f,
                "layer {}v{} needs layer {}v{}, which is not solved",
                layer.own, layer.theirs, needs.own, needs.theirs
            ),
            SolveError::OutOfRange { layer } => {
                write!(f, "layer {}v{} is out of range", layer.own, layer.theirs)
            }
            SolveError::WrongLength { layer } => write!(
                f,
                "wrong number of values for layer {}v{}",
                layer.own, layer.theirs
            ),
            SolveError::TooLarge { layer } => write!(
                f,
                "layer {}v{} and its twin have too many positions for one pass",
                layer.own, layer.theirs
            ),
            SolveError::NotConverged { layer, change } => write!(
                f,
                "layer {}v{} did not converge in {MAX_SWEEPS} sweeps (last change {change:e})",
                layer.own, layer.theirs
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// How the solve of a pair of twin layers went.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairReport {
    /// The layer solved (its twin too, when different).
    pub layer: Layer,
    /// Whether the successors were recorded before the sweeps.
    pub recorded: bool,
    /// Positions in the pair.
    pub positions: u64,
    /// Sweeps made.
    pub sweeps: u32,
    /// Largest change in the last sweep.
    pub change: f64,
    /// Wall-clock time spent working out the pair's equations (moves).
    pub setup: Duration,
    /// Wall-clock time taken in all.
    pub elapsed: Duration,
}

/// A position from raw boards, the side to throw as Cone (the rules treat
/// both colours alike, so the colour is immaterial), checked: `Err` only
/// for boards no layer holds (a bit off the board, a shared square, more
/// pieces than a position has).
pub fn position_of(own: u32, theirs: u32) -> Result<Position, PositionError> {
    Position::try_from(Setup {
        cone: own,
        spool: theirs,
        to_move: Side::Cone,
    })
}

/// The boards (own, theirs) of a position, own being the side to throw.
#[must_use]
pub fn boards_of(position: &Position) -> (u32, u32) {
    let side = position.to_move();
    (position.bitboard(side), position.bitboard(side.opponent()))
}

/// The Bellman backup: the value of a position by one look ahead over the
/// throws and moves, given `value(own, theirs)` for the positions after.
pub struct Backup {
    rules: Kendall,
    chances: Vec<(Throw, f64)>,
}

impl Default for Backup {
    fn default() -> Backup {
        Backup::new()
    }
}

impl Backup {
    /// The backup for Kendall's rules, with the engine's throw chances.
    #[must_use]
    pub fn new() -> Backup {
        let rules = Kendall;
        Backup {
            chances: rules.throw_chances(),
            rules,
        }
    }

    /// The throws and their chances.
    #[must_use]
    pub fn chances(&self) -> &[(Throw, f64)] {
        &self.chances
    }

    /// The value for `mover` of `after`, a position reached by its move or
    /// forfeit: 1 or 0 when the game is over, else the value of the side to
    /// throw there, turned round when that is the other side.
    pub fn after_value(
        &self,
        mover: Side,
        after: &Position,
        value: &mut impl FnMut(u32, u32) -> f64,
    ) -> f64 {
        if let Some(winner) = self.rules.winner(after) {
            return if winner == mover { 1.0 } else { 0.0 };
        }
        let (own, theirs) = boards_of(after);
        let v = value(own, theirs);
        if after.to_move() == mover { v } else { 1.0 - v }
    }

    /// Calls `f` with the position after each legal move with `throw`, or
    /// after the forfeit when there is none.
    pub fn for_each_after(&self, position: &Position, throw: Throw, f: &mut impl FnMut(&Position)) {
        let moves = self.rules.legal_moves(position, throw);
        if moves.is_empty() {
            f(&self.rules.pass(position));
        }
        for mv in moves.iter() {
            f(&self.rules.apply(position, throw, mv));
        }
    }

    /// The winner of a position, if the game is over.
    #[must_use]
    pub fn winner(&self, position: &Position) -> Option<Side> {
        self.rules.winner(position)
    }

    /// `Q(p, t)`: the value of throwing `throw` in `position`, for the side
    /// to throw.
    pub fn throw_value(
        &self,
        position: &Position,
        throw: Throw,
        value: &mut impl FnMut(u32, u32) -> f64,
    ) -> f64 {
        let mover = position.to_move();
        let moves = self.rules.legal_moves(position, throw);
        if moves.is_empty() {
            return self.after_value(mover, &self.rules.pass(position), value);
        }
        moves
            .iter()
            .map(|mv| self.after_value(mover, &self.rules.apply(position, throw, mv), value))
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// `V(p)` by one backup.
    pub fn value(&self, position: &Position, value: &mut impl FnMut(u32, u32) -> f64) -> f64 {
        self.chances
            .iter()
            .map(|&(throw, p)| p * self.throw_value(position, throw, value))
            .sum()
    }
}

/// The layers a layer needs solved before it (its twin aside).
fn needs(layer: Layer) -> Vec<Layer> {
    if layer.own > 1 {
        vec![
            Layer::new(layer.own - 1, layer.theirs),
            Layer::new(layer.theirs, layer.own - 1),
        ]
    } else {
        Vec::new()
    }
}

/// The pair being solved: one layer, or a layer and its twin.
struct Work {
    layers: Vec<Layer>,
    values: Vec<Vec<f64>>,
}

/// Solves `layer` and its twin to `tolerance` (largest change in a sweep),
/// stores both, and reports each sweep to `progress` (layer, sweep, change).
pub fn solve_pair(
    store: &mut Store,
    layer: Layer,
    tolerance: f64,
    progress: &mut dyn FnMut(Layer, u32, f64),
) -> Result<PairReport, SolveError> {
    solve_pair_within(store, layer, tolerance, u64::MAX, progress)
}

/// [`solve_pair`], recording the pair's successors only when it has at
/// most `record_limit` positions (about 120 bytes each) and fits 31-bit
/// references; otherwise every sweep generates the moves again (the same
/// values in the same order, about ten times the CPU, no extra memory).
pub fn solve_pair_within(
    store: &mut Store,
    layer: Layer,
    tolerance: f64,
    record_limit: u64,
    progress: &mut dyn FnMut(Layer, u32, f64),
) -> Result<PairReport, SolveError> {
    let start = Instant::now();
    let mut layers = vec![layer];
    if layer.swapped() != layer {
        layers.push(layer.swapped());
    }
    for &l in &layers {
        store.slot(l).ok_or(SolveError::OutOfRange { layer: l })?;
        for needed in needs(l) {
            if store.get(needed).is_none() {
                return Err(SolveError::MissingLayer {
                    layer: l,
                    needs: needed,
                });
            }
        }
    }
    let mut work = Work {
        values: layers.iter().map(|l| vec![0.5; l.len() as usize]).collect(),
        layers,
    };
    let size: u64 = work.layers.iter().map(|l| l.len()).sum();
    let equations = if size <= record_limit && size < 1 << 31 {
        Some(Equations::build(store, &work.layers)?)
    } else {
        None
    };
    let setup = start.elapsed();
    let mut values: Vec<f64> = work.values.concat();
    let mut sweeps = 0;
    let change = loop {
        sweeps += 1;
        let change = match &equations {
            Some(equations) => equations.sweep(&mut values),
            None => direct_sweep(store, &work.layers, &mut values),
        };
        progress(layer, sweeps, change);
        // NaN stops too; the verification catches it.
        if change.is_nan() || change <= tolerance {
            break change;
        }
        if sweeps >= MAX_SWEEPS {
            return Err(SolveError::NotConverged { layer, change });
        }
    };
    let mut rest = values.as_slice();
    for (k, l) in work.layers.iter().enumerate() {
        let (mine, others) = rest.split_at((l.len() as usize).min(rest.len()));
        if let Some(slot) = work.values.get_mut(k) {
            *slot = mine.to_vec();
        }
        rest = others;
    }
    let positions = work.layers.iter().map(|l| l.len()).sum();
    for (l, values) in work.layers.into_iter().zip(work.values) {
        store.insert(l, values)?;
    }
    Ok(PairReport {
        layer,
        recorded: equations.is_some(),
        positions,
        sweeps,
        change,
        setup,
        elapsed: start.elapsed(),
    })
}

/// Each layer of a pair with its offset in the pair's value vector (the
/// layers one after another, in order), and the pair's size.
pub(crate) fn pair_offsets(layers: &[Layer]) -> (Vec<(Layer, u64)>, u64) {
    let mut offsets = Vec::with_capacity(layers.len());
    let mut total = 0u64;
    for &l in layers {
        offsets.push((l, total));
        total += l.len();
    }
    (offsets, total)
}

/// One Gauss–Seidel sweep generating every position's moves again, in the
/// same order as [`Equations::sweep`]; the largest change.
fn direct_sweep(store: &Store, layers: &[Layer], values: &mut [f64]) -> f64 {
    let backup = Backup::new();
    let (offsets, _) = pair_offsets(layers);
    let mut change = 0.0f64;
    for &(layer, offset) in &offsets {
        for i in (0..layer.len()).rev() {
            let (own, theirs) = layer.boards(i);
            let v = {
                let pair: &[f64] = values;
                let mut value = |o: u32, t: u32| {
                    let l = Layer::new(o.count_ones() as u8, t.count_ones() as u8);
                    let index = l.index(o, t);
                    let found = match offsets.iter().find(|(x, _)| *x == l) {
                        Some(&(_, off)) => pair.get((off + index) as usize),
                        None => store.get(l).and_then(|v| v.get(index as usize)),
                    };
                    // `needs` was checked, so nothing is missing; NaN would
                    // fail the verification.
                    found.copied().unwrap_or(f64::NAN)
                };
                // A layer's boards are positions; NaN would fail the
                // verification.
                match position_of(own, theirs) {
                    Ok(position) => backup.value(&position, &mut value),
                    Err(_) => f64::NAN,
                }
            };
            if let Some(slot) = values.get_mut((offset + i) as usize) {
                change = change.max((v - *slot).abs());
                *slot = v;
            }
        }
    }
    change
}

/// The largest difference, over every position of `layer`, between its
/// stored value and one backup from the stored values: how far the table is
/// from satisfying its own equation. NaN or a missing layer gives infinity.
#[must_use]
pub fn residual(values: &dyn Fn(Layer, u64) -> Option<f64>, layer: Layer) -> f64 {
    let backup = Backup::new();
    let mut worst = 0.0f64;
    let mut missing = false;
    for i in 0..layer.len() {
        let (own, theirs) = layer.boards(i);
        let stored = values(layer, i).unwrap_or(f64::NAN);
        // `f64::max` would pass over a NaN, so a missing value is flagged.
        let mut value = |own: u32, theirs: u32| {
            let l = Layer::new(own.count_ones() as u8, theirs.count_ones() as u8);
            values(l, l.index(own, theirs)).unwrap_or_else(|| {
                missing = true;
                f64::NAN
            })
        };
        let Ok(position) = position_of(own, theirs) else {
            return f64::INFINITY;
        };
        let v = backup.value(&position, &mut value);
        let gap = (v - stored).abs();
        if missing || gap.is_nan() || !(0.0..=1.0).contains(&stored) {
            return f64::INFINITY;
        }
        worst = worst.max(gap);
    }
    worst
}
