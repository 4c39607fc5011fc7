//! Rebuilds the server when a migration changes: `sqlx::migrate!` embeds
//! the migrations at compile time, and on stable Rust cargo cannot see that
//! the macro read them (sqlx documents this build script for it).

fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
