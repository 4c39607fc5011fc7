//! The written forms every rule set shares: the game-record notation, the
//! text of steps, step records with seats leaving, and the serde forms
//! (feature `serde`).
//!
//! One test binary instead of one per file; every module is a former
//! `tests/<name>.rs`, so a test keeps its name with the module as its
//! prefix (`notation::...`). Proptest keeps its regressions next to the
//! binary's folder, in `tests/proptest-regressions/<module>.txt`.

mod notation;
mod serde_forms;
mod step_record_leaving;
mod step_text;
