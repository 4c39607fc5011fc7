//! Runs the `senet` binary for the CLI tests.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::process::{Command, Output};

/// Runs `senet` with these arguments.
pub fn senet(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_senet"))
        .args(args)
        .output()
        .expect("the senet binary runs")
}

/// Standard output as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}
