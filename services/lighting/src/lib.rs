//! Lighting: gateways and their loops, real-time control of a loop through the
//! gateway-bridge, one-key control of a whole project, and the stored telemetry behind the
//! charts. One door: [`run`] (or [`start`], which returns once the service listens).
//!
//! - [`gateway`]: the registry (schema `lighting`), kept in the GATEWAYS bucket for the bridge.
//! - [`telemetry`]: projections of the bridge's events (samples, latest readings, presence).
//! - [`control`]: commands relayed by the bridge; [`onekey`]: a whole project at once.
//! - [`location`]: where the gateways stand on the map, as markers or clusters.
//! - [`catalog`]: equipment categories and types (the device registry's catalogue).
//! - [`device`]: the devices on the gateways' loops, their workbooks, and groups.
//! - [`schedule`]: the scheduler's rules (sun times, priorities, overrides, minimum burn).

pub mod catalog;
pub mod communication;
pub mod control;
pub mod device;
pub mod energy;
pub mod firmware;
pub mod gateway;
pub mod ids;
pub mod location;
pub mod onekey;
pub mod partitions;
pub mod schedule;
pub mod search;
pub mod seed;
pub mod telemetry;

use std::sync::Arc;
use std::time::Duration;

use lumiscape_common::config::Config;
use lumiscape_common::nats::Streams;
use lumiscape_common::nats_auth::Authority;
use lumiscape_common::outbox::Relay;
use lumiscape_common::projection::Projection;
use lumiscape_common::service::{Context, serve_grpc, spawn_logged};
use lumiscape_proto::lighting::v1::control_service_server::ControlServiceServer;
use lumiscape_proto::lighting::v1::device_catalog_service_server::DeviceCatalogServiceServer;
use lumiscape_proto::lighting::v1::device_location_service_server::DeviceLocationServiceServer;
use lumiscape_proto::lighting::v1::device_service_server::DeviceServiceServer;
use lumiscape_proto::lighting::v1::energy_service_server::EnergyServiceServer;
use lumiscape_proto::lighting::v1::firmware_service_server::FirmwareServiceServer;
use lumiscape_proto::lighting::v1::gateway_service_server::GatewayServiceServer;
use lumiscape_proto::lighting::v1::one_key_service_server::OneKeyServiceServer;
use lumiscape_proto::lighting::v1::scene_service_server::SceneServiceServer;
use lumiscape_proto::lighting::v1::task_service_server::TaskServiceServer;
use lumiscape_proto::lighting::v1::timing_service_server::TimingServiceServer;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

use crate::control::bridge::Bridge;

/// The schema lighting owns.
pub const SCHEMA: &str = "lighting";
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");
lumiscape_common::service_tables!(Tables, "lighting");

pub use lumiscape_common::service::Deps;

/// State shared by lighting's gRPC services: the common context and the bridge's command
/// relay.
#[derive(Clone)]
pub struct Shared {
    pub ctx: Context,
    pub bridge: Bridge,
    /// Issues gateway credentials; [`gateway::credentials::Sync`] pushes their revocations.
    pub authority: Arc<Authority>,
    pub credentials: gateway::credentials::Sync,
    /// The deployment's subject prefix, which a gateway's credential names.
    pub nats_prefix: String,
    /// The bridge's relay for the plan's own commands (no user behind them).
    pub relay: control::relay::Relay,
    /// The plan executor's settings.
    pub plan: lumiscape_common::config::LightingConfig,
    /// How long raw telemetry is held (what an energy rebuild can still read).
    pub retention: telemetry::model::Retention,
    /// How long the energy rollups' hours are kept (what hourly statistics can still show).
    pub energy_hours: energy::partitions::HourRetention,
}

impl std::ops::Deref for Shared {
    type Target = Context;

    fn deref(&self) -> &Context {
        &self.ctx
    }
}

/// Starts lighting: the registry's projection, the projections of the bridge's stream, the
/// telemetry partitions, the outbox relay and the gRPC server. Returns once the server
/// listens.
pub async fn start(
    cfg: &Config,
    deps: Deps,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<anyhow::Result<()>>> {
    let ctx = Context::new(cfg, &deps);
    let (js, streams) = (ctx.js.clone(), ctx.streams.clone());
    Streams::ensure(&js, &streams.lighting()).await?;
    let registry = Projection::open(
        &js,
        &streams,
        gateway::registry::BUCKET,
        "lighting's gateway registry, by serial",
        gateway::registry::Registry,
    )
    .await?;
    registry.queue_all::<Tables>(&deps.pool).await?;
    let retention = telemetry::model::Retention::days(cfg.telemetry.retention_days);
    let partitions = telemetry::partitions::Partitions::new(retention);
    partitions.maintain(&deps.pool).await?;
    let comm_partitions = partitions::Partitions::new(communication::model::Retention::months(
        cfg.telemetry.communication_retention_months,
    ));
    comm_partitions.maintain(&deps.pool).await?;
    let energy_hours = energy::partitions::HourRetention::months(cfg.telemetry.energy_hour_months());
    let hour_partitions = energy::partitions::HourPartitions::new(energy_hours);
    hour_partitions.maintain(&deps.pool).await?;

    let bridge = Bridge::new(&cfg.grpc.bridge_url, Duration::from_millis(cfg.bridge.command_timeout_ms))?;
    let authority = Arc::new(load_authority(cfg)?);
    let credentials = gateway::credentials::Sync::new(deps.pool.clone(), deps.nats.clone(), authority.clone());
    spawn_logged("gateway credential revocations", credentials.clone().run(shutdown.clone()));
    let relay = control::relay::Relay::new(deps.nats.clone(), &ctx.streams, bridge.command_timeout());
    let shared = Shared {
        ctx,
        bridge,
        authority,
        credentials,
        nats_prefix: cfg.nats.prefix.clone(),
        relay,
        plan: cfg.lighting.clone(),
        retention,
        energy_hours,
    };
    let relay = Relay::<Tables>::new("lighting", deps.pool.clone(), js.clone(), shared.outbox.clone());
    spawn_logged("lighting outbox relay", relay.with_projection(registry).run(shutdown.clone()));
    spawn_logged("partitions", partitions.clone().run(deps.pool.clone(), shutdown.clone()));
    spawn_logged("communication partitions", comm_partitions.clone().run(deps.pool.clone(), shutdown.clone()));
    spawn_logged("energy hour partitions", hour_partitions.run(deps.pool.clone(), shutdown.clone()));
    let records = communication::events::Recorder {
        pool: deps.pool.clone(),
        js: js.clone(),
        streams: streams.clone(),
        partitions: comm_partitions,
        max_deliver: cfg.bridge.max_deliver,
    };
    spawn_logged("communication consumer", records.run(shutdown.clone()));
    let projections = telemetry::events::Projections {
        pool: deps.pool.clone(),
        js,
        streams,
        partitions,
        max_deliver: cfg.bridge.max_deliver,
    };
    spawn_logged("telemetry consumer", projections.clone().run_telemetry(shutdown.clone()));
    spawn_logged("presence consumer", projections.run_presence(shutdown.clone()));
    spawn_logged("plan executor", schedule::executor::run(shared.clone(), shutdown.clone()));
    let roll_every = Duration::from_secs(u64::from(cfg.telemetry.energy_roll_seconds));
    spawn_logged("energy roller", energy::roll::run(deps.pool.clone(), roll_every, shutdown.clone()));
    spawn_logged("upgrade campaigns", firmware::campaign::run(shared.clone(), shutdown.clone()));

    let routes = Routes::new(GatewayServiceServer::new(gateway::grpc::GatewayApi::new(shared.clone())))
        .add_service(ControlServiceServer::new(control::grpc::ControlApi::new(shared.clone())))
        .add_service(DeviceLocationServiceServer::new(location::grpc::LocationApi::new(shared.clone())))
        .add_service(OneKeyServiceServer::new(onekey::grpc::OneKeyApi::new(shared.clone())))
        .add_service(SceneServiceServer::new(schedule::grpc::SceneApi::new(shared.clone())))
        .add_service(TaskServiceServer::new(schedule::grpc::TaskApi::new(shared.clone())))
        .add_service(TimingServiceServer::new(schedule::grpc::TimingApi::new(shared.clone())))
        .add_service(DeviceCatalogServiceServer::new(catalog::grpc::CatalogApi::new(shared.clone())))
        .add_service(EnergyServiceServer::new(energy::grpc::EnergyApi::new(shared.clone())))
        .add_service(FirmwareServiceServer::new(firmware::grpc::FirmwareApi::new(shared.clone())))
        .add_service(DeviceServiceServer::new(device::grpc::DeviceApi::new(shared)));
    serve_grpc("lighting", cfg.grpc.lighting_listen, routes, &deps.local, shutdown).await
}

/// The authority that issues gateway credentials (`nats.authority_file`); lighting does not
/// start without one.
pub fn load_authority(cfg: &Config) -> anyhow::Result<Authority> {
    let path = cfg.nats.authority_file.as_deref().ok_or_else(|| {
        anyhow::anyhow!(
            "nats.authority_file is missing: lighting issues the gateways' NATS credentials with it \
             (LUMISCAPE_NATS_AUTHORITY, the authority.json of `lumiscape nats-auth`)"
        )
    })?;
    Authority::load(path)
}

/// Runs lighting until `shutdown`.
pub async fn run(cfg: &Config, deps: Deps, shutdown: CancellationToken) -> anyhow::Result<()> {
    start(cfg, deps, shutdown).await?.await?
}
