//! The `senet` binary, run as a user would run it: one test binary for
//! every command's tests, each module a former `tests/<name>.rs` (so a
//! test keeps its name with the module as its prefix, `cli::...`), with
//! the one runner in `common` shared by all.

mod common;

mod ai;
mod cli;
mod errors;
mod steps;
mod tablebase;
