//! What the table tests share.
#![allow(dead_code)]

use senet_ai::Endgame;
use senet_engine::kendall_v1::Position;
use senet_tablebase::{Layer, Store};

/// Solved layers, straight from the solver's store, lent to the AI as
/// exact values (no file, no packing in between).
pub struct Solved<'a>(pub &'a Store);

impl Endgame for Solved<'_> {
    fn win_chance(&self, position: &Position) -> Option<f64> {
        let side = position.to_move();
        let (own, theirs) = (position.bitboard(side), position.bitboard(side.opponent()));
        let layer = Layer::new(own.count_ones() as u8, theirs.count_ones() as u8);
        self.0
            .get(layer)?
            .get(layer.index(own, theirs) as usize)
            .copied()
    }
}
