//! Alarms: alarm types with their trigger and recovery conditions, and the alarms the
//! gateway-bridge raises from telemetry, through their lifecycle to history. One door:
//! [`run`] (or [`start`], which returns once the service listens).
//!
//! - `alarm_type`: the types, validated per the spec, and the rule book: the `ALARM_RULES`
//!   bucket the bridge evaluates, kept equal to the enabled types.
//! - `alarm`: the consumer of the bridge's transitions (raise, recovery), the screens'
//!   queries and commands, and an `AlarmChanged` event for every change, through the
//!   transactional `outbox`.

pub mod access;
pub mod alarm;
pub mod alarm_type;
pub mod outbox;
pub mod paging;
pub mod seed;

use lumiscape_common::auth::Authenticator;
use lumiscape_common::config::Config;
use lumiscape_common::nats::Streams;
use lumiscape_proto::alarm::v1::alarm_service_server::AlarmServiceServer;
use lumiscape_proto::alarm::v1::alarm_type_service_server::AlarmTypeServiceServer;
use sqlx::PgPool;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::alarm::lifecycle::Lifecycle;
use crate::alarm_type::rules::RuleBook;
use crate::outbox::OutboxSignal;

/// The schema alarm owns.
pub const SCHEMA: &str = "alarm";
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// What alarm needs from the process that runs it.
pub struct Deps {
    pub pool: PgPool,
    pub nats: async_nats::Client,
    pub auth: Authenticator,
}

/// State shared by alarm's gRPC services.
#[derive(Clone)]
pub struct Shared {
    pub pool: PgPool,
    pub auth: Authenticator,
    pub streams: Streams,
    pub outbox: OutboxSignal,
    pub rules: RuleBook,
}

/// Starts alarm: the ALARM stream, the rule book and its resync, the outbox relay, the
/// transition consumer and the gRPC server. Returns once the server listens; the handle
/// ends when `shutdown` is cancelled.
pub async fn start(
    cfg: &Config,
    deps: Deps,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<anyhow::Result<()>>> {
    let js = async_nats::jetstream::new(deps.nats.clone());
    let streams = Streams::new(&cfg.nats.prefix);
    Streams::ensure(&js, &streams.alarm()).await?;
    let rules = RuleBook::open(&js, &streams, deps.pool.clone()).await?;
    let shared = Shared {
        pool: deps.pool.clone(),
        auth: deps.auth,
        streams: streams.clone(),
        outbox: OutboxSignal::default(),
        rules: rules.clone(),
    };

    tokio::spawn(rules.run(shutdown.clone()));
    tokio::spawn(outbox::relay(deps.pool.clone(), js.clone(), shared.outbox.clone(), shutdown.clone()));
    tokio::spawn(alarm::store::purge_stale_early_recoveries(deps.pool.clone(), shutdown.clone()));
    let lifecycle = Lifecycle { pool: deps.pool, streams, outbox: shared.outbox.clone() };
    let consumer = lifecycle.run(js, cfg.bridge.max_deliver, shutdown.clone());
    tokio::spawn(async move {
        if let Err(err) = consumer.await {
            tracing::error!(error = %err, "alarm transition consumer stopped");
        }
    });

    let listener = tokio::net::TcpListener::bind(cfg.grpc.alarm_listen).await?;
    tracing::info!(addr = %listener.local_addr()?, "alarm listening");
    let server = tonic::transport::Server::builder()
        .add_service(AlarmTypeServiceServer::new(alarm_type::grpc::AlarmTypeApi::new(shared.clone())))
        .add_service(AlarmServiceServer::new(alarm::grpc::AlarmApi::new(shared)))
        .serve_with_incoming_shutdown(
            tonic::transport::server::TcpIncoming::from(listener),
            shutdown.cancelled_owned(),
        );
    Ok(tokio::spawn(async move { server.await.map_err(anyhow::Error::from) }))
}

/// Runs alarm until `shutdown`.
pub async fn run(cfg: &Config, deps: Deps, shutdown: CancellationToken) -> anyhow::Result<()> {
    start(cfg, deps, shutdown).await?.await?
}
