//! `senet-load`: loads a running Senet Online server through its real
//! WebSocket protocol and prints one JSON line (see the library's docs).

use std::process::ExitCode;

use clap::Parser;
use senet_load::Options;

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
