//! `senet-server`: the Senet Online game server.

use std::io::IsTerminal;

use clap::Parser;
use senet_server::config::LogFormat;
use senet_server::{Config, Server, Store};
use tracing_subscriber::EnvFilter;

/// Every second scheduler tick takes a task from the runtime's global
/// queue, where tasks woken from another thread land: above all the rooms
/// whose steps the database writer's thread has just committed, and the
/// computer's moves. Tokio's default takes one from there per ~200 µs of
/// polls (up to 127 polls) while the local queue (the sockets) has work,
/// so under load a batch's hundred rooms waited up to 60 ms to tell their
/// players what the database had long since committed. With 1 they would
/// always go first, which in a saturated closed loop starved the sockets
/// for seconds; 2 gives each side at least half of the ticks
/// (`docs/benchmarks.md`, "The runtime's global queue").
const GLOBAL_QUEUE_INTERVAL: u32 = 2;

/// mimalloc instead of the system's malloc: the event loop allocates and
/// frees a few small buffers for every frame (its JSON, the WebSocket's
/// framing), and glibc's malloc and free were about 8 % of a loaded
/// server's samples (`docs/benchmarks.md`, "The allocator and the stop signal").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .global_queue_interval(GLOBAL_QUEUE_INTERVAL)
        .build();
    match runtime {
        Ok(runtime) => runtime.block_on(serve()),
        Err(error) => {
            eprintln!("senet-server: the runtime could not start: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn serve() -> std::process::ExitCode {
    let config = Config::parse();
    let filter = EnvFilter::try_new(&config.log).unwrap_or_else(|_| EnvFilter::new("info"));
    match config.log_format {
        LogFormat::Text => tracing_subscriber::fmt()
            .with_env_filter(filter)
            .with_ansi(std::io::stdout().is_terminal())
            .init(),
        LogFormat::Json => tracing_subscriber::fmt()
            .json()
            .with_env_filter(filter)
            .init(),
    }
    match run(config).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(%error, "server failed");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run(config: Config) -> Result<(), senet_server::app::StartError> {
    let options = config.store_options();
    let store = match &config.database_url {
        Some(url) => Store::connect_with(url, options).await?,
        None => Store::open_sqlite_file(&config.db_path, options).await?,
    };
    let cluster = config.cluster()?;
    let server = Server::build_node(config.settings(), store, config.bind, cluster).await?;
    // After start-up, so a slow read of the tables delays nothing.
    server.load_tablebase(config.tablebase_source());
    let handle = server.shutdown_handle();
    tokio::spawn(async move {
        wait_for_signal().await;
        tracing::info!("shutdown signal received");
        handle.shutdown();
    });
    server.run().await?;
    Ok(())
}

async fn wait_for_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
