//! `senet-server`: the Senet Online game server.

use std::io::IsTerminal;

use clap::Parser;
use senet_server::config::LogFormat;
use senet_server::{Config, Server, Store};
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> std::process::ExitCode {
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
