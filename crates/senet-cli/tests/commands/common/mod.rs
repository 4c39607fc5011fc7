//! Runs the `senet` binary for the CLI tests.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::process::{Command, Output};

/// Runs `senet` with these arguments. The standard data directory points
/// nowhere, so endgame tables a user built never change what tests see.
pub fn senet(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_senet"))
        .args(args)
        .env("XDG_DATA_HOME", "/nonexistent/senet-tests")
        .output()
        .expect("the senet binary runs")
}

/// Standard output as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}
