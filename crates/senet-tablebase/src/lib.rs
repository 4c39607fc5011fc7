//! Exact endgame tables for Kendall's Senet.
//!
//! For every position with 1 to `N` pieces a side on the board, the chance
//! that the side about to throw wins with best play by both sides, solved by
//! value iteration layer by layer ([`solve`]), indexed combinatorially
//! ([`index`]), stored compactly ([`file`]) and probed ([`Tables`]).
//!
//! The rules are the engine's: every throw, chance and move comes from
//! `senet-engine`. The engine has no I/O; the tables' files live here.

#![forbid(unsafe_code)]

mod equations;
pub mod file;
pub mod index;
pub mod solve;
mod tables;

pub use index::{Layer, layers};
pub use solve::{Backup, PairReport, SolveError, Store, residual, solve_pair, solve_pair_within};
pub use tables::{MoveValue, ProbeError, Tables};
