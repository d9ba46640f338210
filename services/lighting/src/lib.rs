//! Lighting: gateways and their loops, real-time control of a loop through the
//! gateway-bridge, one-key control of a whole project, and the stored telemetry behind the
//! charts. One door: [`run`] (or [`start`], which returns once the service listens).
//!
//! - [`gateway`]: the registry (schema `lighting`), kept in the GATEWAYS bucket for the bridge.
//! - [`telemetry`]: projections of the bridge's events (samples, latest readings, presence).
//! - [`control`]: commands relayed by the bridge; [`onekey`]: a whole project at once.

pub mod control;
pub mod gateway;
pub mod onekey;
pub mod seed;
pub mod telemetry;

use std::time::Duration;

use lumiscape_common::auth::Authenticator;
use lumiscape_common::config::Config;
use lumiscape_common::nats::Streams;
use lumiscape_common::outbox::{OutboxSignal, Relay};
use lumiscape_common::projection::Projection;
use lumiscape_common::service::{serve_grpc, spawn_logged};
use lumiscape_proto::lighting::v1::control_service_server::ControlServiceServer;
use lumiscape_proto::lighting::v1::gateway_service_server::GatewayServiceServer;
use lumiscape_proto::lighting::v1::one_key_service_server::OneKeyServiceServer;
use sqlx::PgPool;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

use crate::control::bridge::Bridge;

/// The schema lighting owns.
pub const SCHEMA: &str = "lighting";
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");
lumiscape_common::service_tables!(Tables, "lighting");

/// What lighting needs from the process that runs it.
pub struct Deps {
    pub pool: PgPool,
    pub nats: async_nats::Client,
    pub auth: Authenticator,
}

/// State shared by lighting's gRPC services.
#[derive(Clone)]
pub struct Shared {
    pub pool: PgPool,
    pub auth: Authenticator,
    pub streams: Streams,
    pub bridge: Bridge,
    /// Wakes the relay of the outboxes after a write.
    pub outbox: OutboxSignal,
}

/// Starts lighting: the registry's projection, the projections of the bridge's stream, the
/// telemetry partitions, the outbox relay and the gRPC server. Returns once the server
/// listens.
pub async fn start(
    cfg: &Config,
    deps: Deps,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<anyhow::Result<()>>> {
    let js = async_nats::jetstream::new(deps.nats.clone());
    let streams = Streams::new(&cfg.nats.prefix);
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

    let shared = Shared {
        pool: deps.pool.clone(),
        auth: deps.auth,
        streams: streams.clone(),
        bridge: Bridge::new(&cfg.grpc.bridge_url, Duration::from_millis(cfg.bridge.command_timeout_ms))?,
        outbox: OutboxSignal::default(),
    };
    let relay = Relay::<Tables>::new("lighting", deps.pool.clone(), js.clone(), shared.outbox.clone());
    spawn_logged("lighting outbox relay", relay.with_projection(registry).run(shutdown.clone()));
    spawn_logged("partitions", partitions.clone().run(deps.pool.clone(), shutdown.clone()));
    let projections = telemetry::events::Projections {
        pool: deps.pool.clone(),
        js,
        streams,
        partitions,
        max_deliver: cfg.bridge.max_deliver,
    };
    spawn_logged("telemetry consumer", projections.clone().run_telemetry(shutdown.clone()));
    spawn_logged("presence consumer", projections.run_presence(shutdown.clone()));

    let routes = Routes::new(GatewayServiceServer::new(gateway::grpc::GatewayApi::new(shared.clone())))
        .add_service(ControlServiceServer::new(control::grpc::ControlApi::new(shared.clone())))
        .add_service(OneKeyServiceServer::new(onekey::grpc::OneKeyApi::new(shared)));
    serve_grpc("lighting", cfg.grpc.lighting_listen, routes, shutdown).await
}

/// Runs lighting until `shutdown`.
pub async fn run(cfg: &Config, deps: Deps, shutdown: CancellationToken) -> anyhow::Result<()> {
    start(cfg, deps, shutdown).await?.await?
}
