//! The bridge service: the only code between gateways and the platform.
//!
//! - [`ingest`]: device messages (kept in the DEVICE stream until handled) are validated
//!   and normalized into protobuf events on the BRIDGE stream: telemetry batches, gateway
//!   presence changes, device events and alarm transitions.
//! - [`presence`]: online/offline from silence, decided once and published once.
//! - [`rules`]: alarm conditions of the alarm service's rules, with per-device state kept in
//!   the bridge's state bucket so a restart continues where it stopped.
//! - [`commands`]: the gRPC command relay with acknowledgements and timeouts.
//!
//! The bridge has no database: what it must remember lives in JetStream.

pub mod buckets;
pub mod commands;
pub mod comms;
pub mod ingest;
pub mod partitions;
pub mod presence;
pub mod rules;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use async_nats::jetstream::{self, kv};
use lumiscape_common::auth::Authenticator;
use lumiscape_common::config::Config;
use lumiscape_common::nats::{Streams, open_bucket};
use lumiscape_common::service::{serve_grpc, spawn_logged};
use lumiscape_proto::bridge::v1::bridge_service_server::BridgeServiceServer;
use lumiscape_proto::events::v1::GatewayRegistration;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

use crate::protocol::{LoopReading, ProtocolError, Topics};
use buckets::Mirror;
use presence::{Presence, StatusChange};
use rules::Rule;

/// What the bridge needs from the process that runs it: no database, only NATS.
pub struct Deps {
    pub nats: async_nats::Client,
    pub auth: Authenticator,
    /// The gRPC services of this process (`lumiscape_common::local`).
    pub local: lumiscape_common::local::LocalServices,
}

/// State shared by the bridge's tasks.
pub struct Shared {
    pub nats: async_nats::Client,
    pub js: jetstream::Context,
    pub auth: Authenticator,
    pub topics: Topics,
    pub streams: Streams,
    /// The gateway registry (lighting's), by `gw.{serial}`.
    pub gateways: Mirror<Arc<GatewayRegistration>>,
    /// The alarm rules (alarm's), by `rule.{id}`.
    pub rules: Mirror<Arc<Rule>>,
    /// The bridge's own state: conditions (`c.…`) and presence (`p.…`), of every bridge's
    /// gateways.
    pub state: kv::Store,
    pub presence: Presence,
    pub waiting: commands::Waiting,
    /// Records commands and acknowledgements (`comms`).
    pub comms: comms::Recorder,
    pub command_timeout: Duration,
    pub fetch_batch: usize,
    pub max_deliver: i64,
}

impl Shared {
    /// The rules in force, by project.
    pub fn rules_by_project(&self) -> HashMap<i64, Vec<Arc<Rule>>> {
        let mut by_project: HashMap<i64, Vec<Arc<Rule>>> = HashMap::new();
        for rule in self.rules.values() {
            by_project.entry(rule.project_id).or_default().push(rule);
        }
        by_project
    }

    /// Counts and logs a refused device message; it never stops the others.
    pub fn reject(&self, subject: &str, err: &ProtocolError) {
        let reason = match err {
            ProtocolError::TooLarge { .. } => "too_large",
            ProtocolError::Syntax(_) | ProtocolError::NotAnObject => "syntax",
            ProtocolError::MissingVersion | ProtocolError::UnsupportedVersion(_) => "version",
            ProtocolError::Schema { .. } => "schema",
            ProtocolError::OutOfRange { .. } | ProtocolError::Invalid { .. } => "value",
            ProtocolError::SerialMismatch { .. } | ProtocolError::Subject { .. } | ProtocolError::NotUplink { .. } => {
                "subject"
            }
        };
        metrics::counter!("lumiscape_bridge_rejected_total", "reason" => reason).increment(1);
        tracing::info!(%subject, error = %err, "device message rejected");
    }
}

/// Keeps a presence change in the state bucket (after its event is published).
pub async fn store_presence(shared: &Shared, change: &StatusChange) -> anyhow::Result<()> {
    shared.state.put(presence::key(&change.serial), change.stored().into()).await?;
    Ok(())
}

impl Shared {
    /// Whether a gateway is online: as this bridge sees it when its partition is here, as
    /// the bridge that has it stored it otherwise.
    pub async fn is_online(&self, serial: &str) -> bool {
        if let Some((online, _)) = self.presence.status(serial) {
            return online;
        }
        match self.state.get(presence::key(serial)).await {
            Ok(Some(stored)) => stored.starts_with(b"1:"),
            _ => false,
        }
    }
}

/// Marks silent gateways offline, once a second.
async fn sweep_presence(shared: Arc<Shared>, shutdown: CancellationToken) -> anyhow::Result<()> {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            _ = tick.tick() => {}
        }
        let now_ms = chrono::Utc::now().timestamp_millis();
        for change in shared.presence.sweep(now_ms) {
            let Some(gateway) = shared.gateways.get(&buckets::gateway_key(&change.serial)) else { continue };
            let subject = shared.streams.subject("bridge.gateway.status");
            let headers = lumiscape_common::nats::event_headers(&change.message_id(), &subject);
            let payload = ingest::status_event(&gateway, &change);
            loop {
                let published = async {
                    shared
                        .js
                        .publish_with_headers(subject.clone(), headers.clone(), payload.clone().into())
                        .await?
                        .await?;
                    store_presence(&shared, &change).await
                };
                match published.await {
                    Ok(()) => break,
                    Err(err) => {
                        tracing::warn!(serial = %change.serial, error = %err, "offline event not published yet; retrying");
                        tokio::select! {
                            _ = shutdown.cancelled() => return Ok(()),
                            _ = tokio::time::sleep(Duration::from_millis(500)) => {}
                        }
                    }
                }
            }
        }
    }
}

/// Starts the bridge: streams and buckets, the ingest loop, the presence sweeper, the
/// acknowledgement router and the gRPC command relay. Returns once the relay listens.
pub async fn start(
    cfg: &Config,
    deps: Deps,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<anyhow::Result<()>>> {
    let js = jetstream::new(deps.nats.clone());
    let streams = Streams::new(&cfg.nats.prefix);
    Streams::ensure(&js, &streams.bridge()).await?;
    let state =
        open_bucket(&js, &streams.bucket("BRIDGE_STATE"), "gateway-bridge condition and presence state").await?;
    // Each partition restores its gateways' presence when this bridge takes it.
    let presence = Presence::new(Duration::from_secs(cfg.bridge.offline_after_seconds));
    let gateways = Mirror::start(
        js.clone(),
        streams.bucket(lumiscape_common::nats::gateway_registry::BUCKET),
        buckets::decode_gateway,
        shutdown.clone(),
    );
    let rules = Mirror::start(js.clone(), streams.bucket("ALARM_RULES"), buckets::decode_rule, shutdown.clone());
    tokio::time::timeout(Duration::from_secs(30), async {
        gateways.ready().await;
        rules.ready().await;
    })
    .await
    .map_err(|_| anyhow::anyhow!("the gateway registry and alarm rules could not be read"))?;
    let (recorder, records) = comms::Recorder::new();
    let shared = Arc::new(Shared {
        nats: deps.nats,
        js,
        auth: deps.auth,
        topics: Topics::new(&cfg.nats.prefix)?,
        streams,
        gateways,
        rules,
        state,
        presence,
        waiting: commands::Waiting::default(),
        comms: recorder,
        command_timeout: Duration::from_millis(cfg.bridge.command_timeout_ms),
        fetch_batch: cfg.bridge.fetch_batch,
        max_deliver: cfg.bridge.max_deliver,
    });
    // The device stream and its partitions' consumers exist before this returns, so nothing
    // a gateway sends from now on is lost, whichever bridge gets to it.
    partitions::ensure_layout(&shared, cfg.bridge.partitions).await?;
    let coordinator =
        partitions::Coordinator::open(shared.clone(), Duration::from_secs(cfg.bridge.lease_seconds)).await?;
    spawn_logged("bridge partitions", coordinator.run(shutdown.clone()));
    spawn_logged("bridge presence", sweep_presence(shared.clone(), shutdown.clone()));
    spawn_logged("bridge acks", route_acks_forever(shared.clone(), shutdown.clone()));
    spawn_logged("bridge relay", commands::serve_relay(shared.clone(), shutdown.clone()));
    spawn_logged("bridge communication records", comms::run(shared.clone(), records, shutdown.clone()));

    let routes = Routes::new(BridgeServiceServer::new(commands::BridgeApi::new(shared)));
    serve_grpc("gateway-bridge", cfg.grpc.bridge_listen, routes, &deps.local, shutdown).await
}

/// Runs the bridge until `shutdown`.
pub async fn run(cfg: &Config, deps: Deps, shutdown: CancellationToken) -> anyhow::Result<()> {
    start(cfg, deps, shutdown).await?.await?
}

async fn route_acks_forever(shared: Arc<Shared>, shutdown: CancellationToken) -> anyhow::Result<()> {
    loop {
        if let Err(err) = commands::route_acks(shared.clone(), shutdown.clone()).await {
            tracing::warn!(error = %err, "acknowledgement listener stopped; restarting");
        }
        tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            _ = tokio::time::sleep(Duration::from_millis(500)) => {}
        }
    }
}

/// Fills a protobuf loop message from one loop's readings. The command answer's `LoopState`
/// (the bridge's gRPC API) and the event spine's `LoopSample` are messages of separate
/// packages with the same six fields; one mapping fills both, so a reading is never copied
/// into one of them differently.
macro_rules! loop_message_from_reading {
    ($($message:ty),+) => {$(
        impl From<&LoopReading> for $message {
            fn from(reading: &LoopReading) -> Self {
                Self {
                    index: u32::from(reading.index.get()),
                    on: reading.on,
                    voltage_v: reading.voltage_v,
                    current_a: reading.current_a,
                    active_power_w: reading.active_power_w,
                    energy_kwh: reading.energy_kwh,
                }
            }
        }
    )+};
}

loop_message_from_reading!(lumiscape_proto::bridge::v1::LoopState, lumiscape_proto::events::v1::LoopSample);
