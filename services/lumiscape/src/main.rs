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
    /// Run services: `all`, or any of edge, identity, project, lighting, alarm, maintenance, bridge.
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
    /// Make the NATS operator, accounts and keys (once) and the files the server and the
    /// services need from them (docs/security.md, "Devices").
    NatsAuth {
        #[arg(long)]
        dir: PathBuf,
    },
    /// Write `<serial>.creds` for the registered gateways whose serial starts with a prefix:
    /// a credential already there and live is kept, any other is issued anew.
    GatewayCredentials {
        #[arg(long)]
        serial_prefix: String,
        #[arg(long)]
        out: PathBuf,
    },
    /// Run a fleet of virtual gateways speaking the device protocol (docs/device-protocol.md).
    Simulate(SimulateArgs),
}

#[derive(clap::Args)]
struct SimulateArgs {
    /// Number of gateways.
    #[arg(long, default_value_t = 10)]
    gateways: usize,
    /// Loops per gateway (1 to 64).
    #[arg(long, default_value_t = 8)]
    loops: usize,
    /// Seconds between telemetry messages of one gateway (fractions allowed).
    #[arg(long, default_value_t = 5.0)]
    interval: f64,
    /// `nats` (publish directly) or `mqtt` (through NATS's MQTT listener).
    #[arg(long, default_value = "nats")]
    transport: lumiscape_gateway_bridge::simulator::Transport,
    /// The NATS URL, or `host:port` of the MQTT listener; defaults to the configured NATS URL.
    #[arg(long)]
    server: Option<String>,
    /// A directory of `<serial>.creds` files (`lumiscape gateway-credentials`): each gateway
    /// connects with its own credential. Without it the fleet connects anonymously.
    #[arg(long)]
    credentials: Option<PathBuf>,
    /// First part of the serial numbers (`SIM-` gives SIM-00001, ...).
    #[arg(long, default_value = "SIM-")]
    serial_prefix: String,
    /// Stop after this many seconds (runs until Ctrl-C when absent).
    #[arg(long)]
    duration: Option<f64>,
    /// Probability per sample of an over-current reading.
    #[arg(long, default_value_t = 0.0)]
    fault_over_current: f64,
    /// Probability per sample of an under-voltage reading.
    #[arg(long, default_value_t = 0.0)]
    fault_under_voltage: f64,
    /// Probability per interval of a gateway going offline for a while.
    #[arg(long, default_value_t = 0.0)]
    fault_offline: f64,
    /// Probability per message of a malformed payload.
    #[arg(long, default_value_t = 0.0)]
    fault_malformed: f64,
    /// Probability per message of sending it twice (same message id).
    #[arg(long, default_value_t = 0.0)]
    fault_duplicate: f64,
    /// Probability per message of holding it back and sending it after a newer one.
    #[arg(long, default_value_t = 0.0)]
    fault_out_of_order: f64,
    /// Probability per interval of a device event (power loss, door open, contactor fault).
    #[arg(long, default_value_t = 0.0)]
    fault_events: f64,
    /// The firmware version every gateway runs at the start.
    #[arg(long, default_value = lumiscape_gateway_bridge::simulator::DEFAULT_FIRMWARE)]
    firmware: String,
    /// Milliseconds a gateway is silent restarting into committed firmware.
    #[arg(long, default_value_t = 3000)]
    reboot_ms: u64,
    /// Probability per firmware chunk of losing it (no answer).
    #[arg(long, default_value_t = 0.0)]
    fault_lost_chunk: f64,
    /// Probability per firmware transfer of a bad flash write (the commit's checksum fails).
    #[arg(long, default_value_t = 0.0)]
    fault_corrupt: f64,
    /// Probability per firmware commit of coming back with the old version.
    #[arg(long, default_value_t = 0.0)]
    fault_old_after_reboot: f64,
    /// Probability per firmware chunk of dropping out for a while after answering it.
    #[arg(long, default_value_t = 0.0)]
    fault_drop_out: f64,
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
    let telemetry = lumiscape_common::observability::init(&cfg.log, &service_name(&cli.command))?;
    let outcome = run(cli, cfg).await;
    telemetry.shutdown().await;
    outcome
}

/// What the process calls itself in its traces when `OTEL_SERVICE_NAME` does not say.
fn service_name(command: &Command) -> String {
    match command {
        Command::Run { targets, .. } => {
            let names: Vec<&str> = targets.iter().map(|t| t.as_str()).collect();
            format!("lumiscape-{}", names.join("+"))
        }
        _ => "lumiscape".to_owned(),
    }
}

async fn run(cli: Cli, cfg: Config) -> anyhow::Result<()> {
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
        Command::Simulate(args) => simulate(&cfg, args).await,
        Command::NatsAuth { dir } => lumiscape::nats_auth(&dir),
        Command::GatewayCredentials { serial_prefix, out } => {
            lumiscape::gateway_credentials(&cfg, &serial_prefix, &out).await
        }
        Command::Openapi => {
            println!("{}", serde_json::to_string_pretty(&lumiscape_edge::routes::openapi(&cfg.http.base_path))?);
            Ok(())
        }
    }
}

async fn simulate(cfg: &Config, args: SimulateArgs) -> anyhow::Result<()> {
    use lumiscape_gateway_bridge::simulator::{self, Faults, FirmwareFaults, SimulatorConfig};
    anyhow::ensure!(
        args.interval.is_finite() && args.interval > 0.0,
        "--interval must be a positive number of seconds"
    );
    let sim = SimulatorConfig {
        gateways: args.gateways,
        loops: args.loops,
        interval: std::time::Duration::from_secs_f64(args.interval),
        serial_prefix: args.serial_prefix,
        transport: args.transport,
        faults: Faults {
            over_current: args.fault_over_current,
            under_voltage: args.fault_under_voltage,
            offline: args.fault_offline,
            malformed: args.fault_malformed,
            duplicate: args.fault_duplicate,
            out_of_order: args.fault_out_of_order,
            events: args.fault_events,
            stuck_loops: Vec::new(),
        },
        subject_prefix: cfg.nats.prefix.clone(),
        credentials_dir: args.credentials,
        seed: None,
        firmware: args.firmware,
        reboot: std::time::Duration::from_millis(args.reboot_ms),
        firmware_faults: FirmwareFaults {
            lost_chunk: args.fault_lost_chunk,
            corrupt: args.fault_corrupt,
            old_after_reboot: args.fault_old_after_reboot,
            drop_out: args.fault_drop_out,
        },
    };
    sim.validate()?;
    let server = args.server.unwrap_or_else(|| cfg.nats.url.clone());
    let shutdown = CancellationToken::new();
    let stop = shutdown.clone();
    let duration = args.duration.filter(|d| d.is_finite() && *d > 0.0).map(std::time::Duration::from_secs_f64);
    tokio::spawn(async move {
        match duration {
            Some(duration) => {
                tokio::select! {
                    _ = wait_for_signal() => {}
                    _ = tokio::time::sleep(duration) => {}
                }
            }
            None => wait_for_signal().await,
        }
        stop.cancel();
    });
    tracing::info!(gateways = sim.gateways, loops = sim.loops, transport = ?sim.transport, %server, "simulating");
    let stats = simulator::run(sim, &server, shutdown).await?;
    println!("{stats:?}");
    Ok(())
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
