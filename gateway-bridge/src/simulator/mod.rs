//! A fleet of virtual strong-current lighting gateways speaking the device protocol over NATS
//! or MQTT (through NATS's MQTT listener), for development, demos and tests.
//!
//! The gateway itself (`gateway`) is pure: a tick or a command in, payloads out, so its
//! behaviour, faults included, is unit-tested without a server. The network around it
//! (`transport`) is thin: connecting, publishing and subscribing to commands, over NATS or
//! MQTT. `config` says what to simulate and checks it before anything connects.

mod config;
mod gateway;
mod transport;

use chrono::Utc;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tokio_util::sync::CancellationToken;
use tracing::info;

use crate::protocol::{GatewaySerial, ProtocolError, Topics};
use gateway::VirtualGateway;
use lumiscape_common::nats_auth::GatewayCredential;

pub use config::{
    DEFAULT_FIRMWARE, DEFAULT_REBOOT, Faults, FirmwareFaults, MAX_GATEWAYS, MIN_INTERVAL, SimulatorConfig, Transport,
};
pub use gateway::SimStats;

/// Why the simulator could not start.
#[derive(Debug, thiserror::Error)]
pub enum SimulatorError {
    #[error("invalid simulator config: {0}")]
    InvalidConfig(String),
    #[error("mqtt address {0:?} is not host:port")]
    MqttAddress(String),
    #[error("gateway {serial} did not connect and subscribe over mqtt at {address} within {seconds} s")]
    MqttConnect { serial: GatewaySerial, address: String, seconds: u64 },
    #[error("no credential for gateway {serial}: {reason} (write them with `lumiscape gateway-credentials`)")]
    Credential { serial: GatewaySerial, reason: String },
    #[error(transparent)]
    Protocol(#[from] ProtocolError),
}

/// Each gateway's credential from `<dir>/<serial>.creds`, or none for all without a directory.
fn load_credentials(
    cfg: &SimulatorConfig,
    fleet: &[VirtualGateway],
) -> Result<Vec<Option<GatewayCredential>>, SimulatorError> {
    let Some(dir) = &cfg.credentials_dir else { return Ok(vec![None; fleet.len()]) };
    fleet
        .iter()
        .map(|gateway| {
            let refuse = |reason: String| SimulatorError::Credential { serial: gateway.serial.clone(), reason };
            let path = dir.join(format!("{}.creds", gateway.serial));
            let text = std::fs::read_to_string(&path).map_err(|err| refuse(format!("{}: {err}", path.display())))?;
            GatewayCredential::parse(&text).map(Some).map_err(|err| refuse(format!("{}: {err}", path.display())))
        })
        .collect()
}

/// The fleet's gateways, each with its own random source drawn from the seed, so one seed
/// replays the whole fleet.
fn build_fleet(cfg: &SimulatorConfig) -> Result<Vec<VirtualGateway>, SimulatorError> {
    let seed = cfg.seed.unwrap_or_else(rand::random);
    let first_seq = u64::try_from(Utc::now().timestamp_millis()).unwrap_or(0);
    let mut fleet = Vec::with_capacity(cfg.gateways);
    for number in 1..=cfg.gateways {
        let rng = StdRng::seed_from_u64(seed.wrapping_add(number as u64));
        fleet.push(VirtualGateway::new(cfg.serial(number)?, cfg, rng, first_seq)?);
    }
    Ok(fleet)
}

/// Runs a fleet of virtual gateways until `shutdown` is cancelled and returns what it did.
///
/// `server` is a NATS URL (`nats://127.0.0.1:4222`) for [`Transport::Nats`], or the address of
/// NATS's MQTT listener (`127.0.0.1:1883`, `mqtt://` or `tcp://` allowed) for
/// [`Transport::Mqtt`]. Fails when the config is invalid or the server cannot be reached
/// within 10 s; later disconnections are retried.
pub async fn run(cfg: SimulatorConfig, server: &str, shutdown: CancellationToken) -> anyhow::Result<SimStats> {
    cfg.validate()?;
    let topics = Topics::new(&cfg.subject_prefix)?;
    let fleet = build_fleet(&cfg)?;
    let credentials = load_credentials(&cfg, &fleet)?;
    let fleet: Vec<_> = fleet.into_iter().zip(credentials).collect();
    info!(
        gateways = cfg.gateways,
        loops = cfg.loops,
        interval_ms = cfg.interval.as_millis() as u64,
        transport = %cfg.transport,
        prefix = %cfg.subject_prefix,
        "simulator starting"
    );
    let stats = match cfg.transport {
        Transport::Nats => transport::nats::run(fleet, &topics, server, cfg.interval, &shutdown).await?,
        Transport::Mqtt => transport::mqtt::run(fleet, &topics, server, cfg.interval, &shutdown).await?,
    };
    info!(
        heartbeats = stats.heartbeats,
        telemetry = stats.telemetry,
        events = stats.events,
        acks = stats.acks,
        malformed = stats.malformed,
        duplicates = stats.duplicates,
        out_of_order = stats.out_of_order,
        offline_periods = stats.offline_periods,
        firmware_chunks = stats.firmware_chunks,
        firmware_upgrades = stats.firmware_upgrades,
        params_set = stats.params_set,
        publish_errors = stats.publish_errors,
        "simulator stopped"
    );
    Ok(stats)
}
