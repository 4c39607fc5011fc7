//! `senet-load`: loads a running Senet Online server through its real
//! WebSocket protocol and prints one JSON line (see the library's docs).

use std::process::ExitCode;

use clap::Parser;
use senet_load::Options;

/// mimalloc, as the server: the tool allocates a few small buffers for
/// every frame, and with glibc's malloc a reused buffer was often a page
/// given back and faulted in again (`docs/benchmarks.md`, "The load
/// tool's own cost").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> ExitCode {
    let options = Options::parse();
    match senet_load::run(&options).await {
        Ok(report) => {
            println!("{}", report.to_json_line());
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("senet-load: {message}");
            ExitCode::FAILURE
        }
    }
}
