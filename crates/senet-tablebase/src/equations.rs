//! A pair of layers' equations, worked out once before the sweeps.
//!
//! Generating moves is most of a backup's cost, and the moves of a position
//! never change between sweeps, so each position's successors are recorded
//! once: for each throw, the best value among successors outside the pair
//! (finished games and solved smaller layers, which are constants) and a
//! list of references to successors inside the pair. A sweep is then only
//! loads, maxima and sums.
//!
//! Memory: 5 starts (u32), 5 constants (f64), about 2 references (u32) a
//! throw, and the value (f64): about 110 bytes a position.

use crate::index::Layer;
use crate::solve::{Backup, SolveError, Store, boards_of, pair_offsets, position_of};

/// A reference's top bit: the successor's value counts as `1 − v` (the
/// turn passed to the other side).
const FLIP: u32 = 1 << 31;

pub(crate) struct Equations {
    /// Throw chances, in the order of the per-throw entries.
    chances: Vec<f64>,
    /// Start of each (position, throw)'s references; one more at the end.
    starts: Vec<u32>,
    /// Best constant successor value for each (position, throw), or −∞.
    fixed: Vec<f64>,
    /// References: position in the pair (layer offsets added), FLIP bit.
    refs: Vec<u32>,
    /// The pair's layers with their offsets in the pair's value vector.
    layers: Vec<(Layer, u64)>,
}

impl Equations {
    pub(crate) fn build(store: &Store, layers: &[Layer]) -> Result<Equations, SolveError> {
        let backup = Backup::new();
        let (offsets, total) = pair_offsets(layers);
        let first = layers.first().copied().unwrap_or(Layer::new(1, 1));
        if total >= u64::from(FLIP) {
            return Err(SolveError::TooLarge { layer: first });
        }
        let throws = backup.chances().len();
        let positions = total as usize;
        let mut starts = Vec::with_capacity(positions * throws + 1);
        let mut fixed = Vec::with_capacity(positions * throws);
        let mut refs: Vec<u32> = Vec::with_capacity(positions * throws * 2);
        for &(layer, _) in &offsets {
            for i in 0..layer.len() {
                let (own, theirs) = layer.boards(i);
                let position =
                    position_of(own, theirs).map_err(|_| SolveError::OutOfRange { layer })?;
                let mover = position.to_move();
                for &(throw, _) in backup.chances() {
                    starts.push(refs.len() as u32);
                    let mut best = f64::NEG_INFINITY;
                    let mut missing = false;
                    backup.for_each_after(&position, throw, &mut |after| {
                        if let Some(winner) = backup.winner(after) {
                            best = best.max(if winner == mover { 1.0 } else { 0.0 });
                            return;
                        }
                        let (o, t) = boards_of(after);
                        let next = Layer::new(o.count_ones() as u8, t.count_ones() as u8);
                        let index = next.index(o, t);
                        let flip = after.to_move() != mover;
                        if let Some(&(_, offset)) = offsets.iter().find(|(l, _)| *l == next) {
                            refs.push((offset + index) as u32 | if flip { FLIP } else { 0 });
                        } else {
                            match store.get(next).and_then(|v| v.get(index as usize)) {
                                Some(&v) => best = best.max(if flip { 1.0 - v } else { v }),
                                None => missing = true,
                            }
                        }
                    });
                    if missing || refs.len() >= u32::MAX as usize {
                        return Err(SolveError::TooLarge { layer });
                    }
                    fixed.push(best);
                }
            }
        }
        starts.push(refs.len() as u32);
        Ok(Equations {
            chances: backup.chances().iter().map(|&(_, p)| p).collect(),
            starts,
            fixed,
            refs,
            layers: offsets,
        })
    }

    /// One Gauss–Seidel sweep over `values` (the pair's values, layer after
    /// layer), each layer from its highest index down; the largest change.
    pub(crate) fn sweep(&self, values: &mut [f64]) -> f64 {
        let throws = self.chances.len();
        let mut change = 0.0f64;
        for &(layer, offset) in &self.layers {
            for i in (offset..offset + layer.len()).rev() {
                let i = i as usize;
                let mut v = 0.0;
                for (k, &p) in self.chances.iter().enumerate() {
                    let e = i * throws + k;
                    let (Some(&from), Some(&to), Some(&fixed)) = (
                        self.starts.get(e),
                        self.starts.get(e + 1),
                        self.fixed.get(e),
                    ) else {
                        return f64::NAN;
                    };
                    let mut best = fixed;
                    for &r in self.refs.get(from as usize..to as usize).unwrap_or(&[]) {
                        let x = values
                            .get((r & !FLIP) as usize)
                            .copied()
                            .unwrap_or(f64::NAN);
                        best = best.max(if r & FLIP != 0 { 1.0 - x } else { x });
                    }
                    v += p * best;
                }
                if let Some(slot) = values.get_mut(i) {
                    change = change.max((v - *slot).abs());
                    *slot = v;
                }
            }
        }
        change
    }
}
