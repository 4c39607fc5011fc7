//! Solved tables in memory, stored compactly, and their probes.

use senet_ai::Endgame;
use senet_engine::Kendall;
use senet_engine::kendall_v1::{Move, Position, Rules, Throw};

use crate::index::{Layer, layers};
use crate::solve::{Backup, Store, boards_of};

/// One layer's values in fixed point: `value = q / (2^bits − 1)`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Values {
    /// 16 bits a value: within 7.7·10⁻⁶ of the exact value.
    Narrow(Vec<u16>),
    /// 32 bits a value: within 1.2·10⁻¹⁰ of the exact value.
    Wide(Vec<u32>),
}

impl Values {
    pub(crate) fn len(&self) -> usize {
        match self {
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
        }
    }

    fn get(&self, index: u64) -> Option<f64> {
        let index = usize::try_from(index).ok()?;
        match self {
            Values::Narrow(v) => v.get(index).map(|&q| f64::from(q) / f64::from(u16::MAX)),
            Values::Wide(v) => v.get(index).map(|&q| f64::from(q) / f64::from(u32::MAX)),
        }
    }
}

/// Endgame tables: the exact win chance of the side about to throw for
/// every Kendall position with 1 to [`Tables::max_pieces`] pieces a side on
/// the board.
#[derive(Debug, Clone, PartialEq)]
pub struct Tables {
    pub(crate) max: u8,
    pub(crate) bits: u8,
    /// The stopping tolerance of the solve (largest change in a sweep).
    pub(crate) tolerance: f64,
    /// The largest equation gap the build measured on its `f64` values.
    pub(crate) residual: f64,
    /// In [`layers`] order.
    pub(crate) layers: Vec<(Layer, Values)>,
}

/// Why a probe has no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProbeError {
    /// The game is already over.
    GameOver,
    /// The position (or one reached by a move) has more pieces on the board
    /// than the tables hold.
    NotCovered {
        /// The tables' pieces a side.
        max: u8,
    },
}

impl core::fmt::Display for ProbeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ProbeError::GameOver => f.write_str("the game is already over"),
            ProbeError::NotCovered { max } => write!(
                f,
                "the tables cover positions with at most {max} pieces a side on the board"
            ),
        }
    }
}

impl std::error::Error for ProbeError {}

/// A legal move (or the forfeit) with the win chance it leaves its mover.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveValue {
    /// The move; `None` when no move is legal and the turn is forfeited.
    pub mv: Option<Move>,
    /// The position after it.
    pub after: Position,
    /// The mover's exact chance of winning after it.
    pub win_chance: f64,
}

impl Tables {
    /// Packs solved `f64` layers into `bits`-bit fixed point (16 or 32).
    /// `None` when a layer is missing or `bits` is neither.
    #[must_use]
    pub fn from_store(store: &Store, bits: u8, tolerance: f64, residual: f64) -> Option<Tables> {
        let max = store.max();
        let mut out = Vec::new();
        for layer in layers(max) {
            let values = store.get(layer)?;
            let clamp = |v: f64| v.clamp(0.0, 1.0);
            let packed = match bits {
                16 => Values::Narrow(
                    values
                        .iter()
                        .map(|&v| (clamp(v) * f64::from(u16::MAX)).round() as u16)
                        .collect(),
                ),
                32 => Values::Wide(
                    values
                        .iter()
                        .map(|&v| (clamp(v) * f64::from(u32::MAX)).round() as u32)
                        .collect(),
                ),
                _ => return None,
            };
            out.push((layer, packed));
        }
        Some(Tables {
            max,
            bits,
            tolerance,
            residual,
            layers: out,
        })
    }

    /// The most pieces a side the tables cover.
    #[must_use]
    pub const fn max_pieces(&self) -> u8 {
        self.max
    }

    /// Bits a stored value (16 or 32).
    #[must_use]
    pub const fn bits(&self) -> u8 {
        self.bits
    }

    /// The largest change in the last sweep when the tables were solved.
    #[must_use]
    pub const fn tolerance(&self) -> f64 {
        self.tolerance
    }

    /// The largest equation gap measured when the tables were built.
    #[must_use]
    pub const fn build_residual(&self) -> f64 {
        self.residual
    }

    /// Positions stored.
    #[must_use]
    pub fn positions(&self) -> u64 {
        self.layers.iter().map(|(l, _)| l.len()).sum()
    }

    /// The stored value at `index` of `layer`.
    #[must_use]
    pub fn value_at(&self, layer: Layer, index: u64) -> Option<f64> {
        self.layers
            .iter()
            .find(|(l, _)| *l == layer)
            .and_then(|(_, v)| v.get(index))
    }

    /// The value of the side to throw with boards `own` and `theirs`.
    fn value_of_boards(&self, own: u32, theirs: u32) -> Option<f64> {
        let layer = Layer::new(own.count_ones() as u8, theirs.count_ones() as u8);
        self.value_at(layer, layer.index(own, theirs))
    }

    /// True when the position is in the tables: both sides have 1 to
    /// [`Tables::max_pieces`] pieces on the board, none on the House of Water.
    #[must_use]
    pub fn covers(&self, position: &Position) -> bool {
        let (own, theirs) = boards_of(position);
        let fits = |b: u32| (1..=u32::from(self.max)).contains(&b.count_ones());
        fits(own) && fits(theirs) && (own | theirs) & (1 << 27) == 0
    }

    /// The exact chance that the side about to throw wins.
    pub fn probe(&self, position: &Position) -> Result<f64, ProbeError> {
        if Kendall.winner(position).is_some() {
            return Err(ProbeError::GameOver);
        }
        if !self.covers(position) {
            return Err(ProbeError::NotCovered { max: self.max });
        }
        let (own, theirs) = boards_of(position);
        self.value_of_boards(own, theirs)
            .ok_or(ProbeError::NotCovered { max: self.max })
    }

    /// Every legal move with `throw` and the mover's exact win chance after
    /// it, best first (equal values keep the engine's order); a single
    /// forfeit entry when no move is legal.
    pub fn probe_throw(
        &self,
        position: &Position,
        throw: Throw,
    ) -> Result<Vec<MoveValue>, ProbeError> {
        self.probe(position)?;
        let rules = Kendall;
        let backup = Backup::new();
        let mover = position.to_move();
        let mut missing = false;
        let mut value = |own: u32, theirs: u32| {
            self.value_of_boards(own, theirs).unwrap_or_else(|| {
                missing = true;
                f64::NAN
            })
        };
        let moves = rules.legal_moves(position, throw);
        let mut out: Vec<MoveValue> = if moves.is_empty() {
            let after = rules.pass(position);
            let win_chance = backup.after_value(mover, &after, &mut value);
            vec![MoveValue {
                mv: None,
                after,
                win_chance,
            }]
        } else {
            moves
                .iter()
                .map(|mv| {
                    let after = rules.apply(position, throw, mv);
                    let win_chance = backup.after_value(mover, &after, &mut value);
                    MoveValue {
                        mv: Some(mv),
                        after,
                        win_chance,
                    }
                })
                .collect()
        };
        if missing {
            return Err(ProbeError::NotCovered { max: self.max });
        }
        out.sort_by(|a, b| b.win_chance.total_cmp(&a.win_chance));
        Ok(out)
    }

    /// The largest gap between a stored value of `layer` and one backup
    /// from the stored values (the equation check on the packed tables).
    #[must_use]
    pub fn residual(&self, layer: Layer) -> f64 {
        crate::solve::residual(&|l, i| self.value_at(l, i), layer)
    }
}

impl Endgame for Tables {
    fn win_chance(&self, position: &Position) -> Option<f64> {
        self.probe(position).ok()
    }
}
