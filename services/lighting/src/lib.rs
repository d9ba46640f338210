//! Lighting: gateways and their loops, real-time control of a loop through the
//! gateway-bridge, one-key control of a whole project, and the stored telemetry behind the
//! charts. One door: [`run`] (or [`start`], which returns once the service listens).
//!
//! - [`gateway`]: the registry (schema `lighting`), kept in the GATEWAYS bucket for the bridge.
//! - [`telemetry`]: projections of the bridge's events (samples, latest readings, presence).
//! - [`control`]: commands relayed by the bridge; [`onekey`]: a whole project at once.

pub mod access;
pub mod control;
pub mod gateway;
pub mod onekey;
pub mod outbox;
pub mod paging;
pub mod seed;
pub mod telemetry;

use std::time::Duration;

use lumiscape_common::auth::Authenticator;
use lumiscape_common::config::Config;
use lumiscape_common::nats::Streams;
use lumiscape_proto::lighting::v1::control_service_server::ControlServiceServer;
use lumiscape_proto::lighting::v1::gateway_service_server::GatewayServiceServer;
use lumiscape_proto::lighting::v1::one_key_service_server::OneKeyServiceServer;
use sqlx::PgPool;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::control::bridge::Bridge;
use crate::outbox::OutboxSignal;

/// The schema lighting owns.
pub const SCHEMA: &str = "lighting";
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

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

/// Starts lighting: the registry sync, the projections of the bridge's stream, the
/// telemetry partitions and the gRPC server. Returns once the server listens.
pub async fn start(
    cfg: &Config,
    deps: Deps,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<anyhow::Result<()>>> {
    let js = async_nats::jetstream::new(deps.nats.clone());
    let streams = Streams::new(&cfg.nats.prefix);
    Streams::ensure(&js, &streams.lighting()).await?;
    let registry = gateway::registry::open_bucket(&js, &streams.bucket(gateway::registry::BUCKET)).await?;
    gateway::registry::queue_full_resync(&deps.pool, &registry).await?;
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
    let relay = outbox::relay(deps.pool.clone(), js.clone(), registry, shared.outbox.clone(), shutdown.clone());
    tokio::spawn(relay);
    shared.outbox.wake();
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

    let listener = tokio::net::TcpListener::bind(cfg.grpc.lighting_listen).await?;
    tracing::info!(addr = %listener.local_addr()?, "lighting listening");
    let server = tonic::transport::Server::builder()
        .add_service(GatewayServiceServer::new(gateway::grpc::GatewayApi::new(shared.clone())))
        .add_service(ControlServiceServer::new(control::grpc::ControlApi::new(shared.clone())))
        .add_service(OneKeyServiceServer::new(onekey::grpc::OneKeyApi::new(shared)))
        .serve_with_incoming_shutdown(
            tonic::transport::server::TcpIncoming::from(listener),
            shutdown.cancelled_owned(),
        );
    Ok(tokio::spawn(async move { server.await.map_err(anyhow::Error::from) }))
}

/// Runs lighting until `shutdown`.
pub async fn run(cfg: &Config, deps: Deps, shutdown: CancellationToken) -> anyhow::Result<()> {
    start(cfg, deps, shutdown).await?.await?
}

fn spawn_logged(name: &'static str, task: impl Future<Output = anyhow::Result<()>> + Send + 'static) {
    tokio::spawn(async move {
        if let Err(err) = task.await {
            tracing::error!(task = name, error = %err, "lighting task stopped");
        }
    });
}
