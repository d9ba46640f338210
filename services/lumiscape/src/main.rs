//! `lumiscape`: run any set of services, migrate, seed, print the OpenAPI document.

use std::path::PathBuf;

use clap::{Parser, Subcommand};
use lumiscape::Target;
use lumiscape_common::config::Config;
use tokio_util::sync::CancellationToken;

/// glibc's allocator serialises the workers on its arena locks under load; mimalloc keeps
/// per-thread heaps.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "lumiscape", version, about = "Smart landscape lighting cloud platform")]
struct Cli {
    /// A TOML config file (layered over the defaults, under the environment and flags).
    #[arg(long, global = true, env = "LUMISCAPE_CONFIG")]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run services: `all`, or any of edge, identity, project (repeatable).
    Run {
        #[arg(long = "target", env = "LUMISCAPE_TARGETS", value_delimiter = ',', default_value = "all")]
        targets: Vec<Target>,
        /// Where the HTTP API listens, e.g. 127.0.0.1:8080.
        #[arg(long)]
        listen: Option<String>,
        #[arg(long)]
        database_url: Option<String>,
        #[arg(long)]
        nats_url: Option<String>,
    },
    /// Apply every service's database migrations.
    Migrate,
    /// Seed the system data (menus, dictionaries, config keys, admin account).
    Seed {
        /// Also the demo projects and accounts (admin / admin123): demo installations only.
        #[arg(long)]
        demo: bool,
    },
    /// Print the edge API's OpenAPI document.
    Openapi,
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    // The program runs as a task on the workers; the main thread only waits for it, so it
    // never competes with them for the I/O driver.
    runtime.block_on(async { tokio::spawn(async_main(cli)).await? })
}

async fn async_main(cli: Cli) -> anyhow::Result<()> {
    let mut overrides = serde_json::Map::new();
    if let Command::Run { listen, database_url, nats_url, .. } = &cli.command {
        if let Some(listen) = listen {
            overrides.insert("http".into(), serde_json::json!({ "listen": listen }));
        }
        if let Some(url) = database_url {
            overrides.insert("database".into(), serde_json::json!({ "url": url }));
        }
        if let Some(url) = nats_url {
            overrides.insert("nats".into(), serde_json::json!({ "url": url }));
        }
    }
    let cfg = Config::load(cli.config.as_deref(), serde_json::Value::Object(overrides))?;
    lumiscape_common::observability::init_logging(&cfg.log);
    match cli.command {
        Command::Run { targets, .. } => {
            let shutdown = CancellationToken::new();
            let running = lumiscape::start(&cfg, &targets, shutdown.clone()).await?;
            let signal = shutdown.clone();
            tokio::spawn(async move {
                wait_for_signal().await;
                tracing::info!("shutting down");
                signal.cancel();
            });
            running.wait().await
        }
        Command::Migrate => lumiscape::migrate(&cfg).await,
        Command::Seed { demo } => lumiscape::seed(&cfg, demo).await,
        Command::Openapi => {
            println!("{}", serde_json::to_string_pretty(&lumiscape_edge::routes::openapi(&cfg.http.base_path))?);
            Ok(())
        }
    }
}

async fn wait_for_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(term) => term,
            Err(_) => {
                let _ = ctrl_c.await;
                return;
            }
        };
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}
