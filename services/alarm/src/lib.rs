//! Alarms: alarm types with their trigger and recovery conditions, and the alarms the
//! gateway-bridge raises from telemetry, through their lifecycle to history. One door:
//! [`run`] (or [`start`], which returns once the service listens).
//!
//! - `alarm_type`: the types, validated per the spec, and the rule book: the `ALARM_RULES`
//!   key-value projection the bridge evaluates, kept equal to the enabled types.
//! - `alarm`: the consumer of the bridge's transitions (raise, recovery), the screens'
//!   queries and commands, and an `AlarmChanged` event for every change, through the
//!   transactional outbox (`lumiscape_common::outbox`).

pub mod alarm;
pub mod alarm_type;
pub mod seed;

use lumiscape_common::config::Config;
use lumiscape_common::nats::{Streams, open_bucket};
use lumiscape_common::outbox::Relay;
use lumiscape_common::projection::Projection;
use lumiscape_common::service::{Context, serve_grpc, spawn_logged};
use lumiscape_proto::alarm::v1::alarm_service_server::AlarmServiceServer;
use lumiscape_proto::alarm::v1::alarm_type_service_server::AlarmTypeServiceServer;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

use crate::alarm::lifecycle::Lifecycle;
use crate::alarm_type::rules::{self, RuleBook};

/// The schema alarm owns.
pub const SCHEMA: &str = "alarm";
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");
lumiscape_common::service_tables!(Tables, "alarm");

pub use lumiscape_common::service::Deps;

/// State shared by alarm's gRPC services: the common context, nothing more.
pub type Shared = Context;

/// Starts alarm: the ALARM stream, the rule book's projection, the outbox relay, the
/// transition consumer and the gRPC server. Returns once the server listens; the handle
/// ends when `shutdown` is cancelled.
pub async fn start(
    cfg: &Config,
    deps: Deps,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<anyhow::Result<()>>> {
    let shared = Context::new(cfg, &deps);
    let (js, streams) = (shared.js.clone(), shared.streams.clone());
    Streams::ensure(&js, &streams.alarm()).await?;
    // Maintenance's stream, whose confirmations set alarms processed; ensured here too, so the
    // consumer can be made whichever service starts first.
    Streams::ensure(&js, &streams.maintenance()).await?;
    let rule_book = Projection::open(&js, &streams, rules::BUCKET, "the enabled alarm types, by id", RuleBook).await?;
    rule_book.queue_all::<Tables>(&deps.pool).await?;

    let relay = Relay::<Tables>::new("alarm", deps.pool.clone(), js.clone(), shared.outbox.clone());
    spawn_logged("alarm outbox relay", relay.with_projection(rule_book).run(shutdown.clone()));
    spawn_logged("early recovery purge", alarm::lifecycle::purge_stale_recoveries(deps.pool.clone(), shutdown.clone()));
    let gateways = open_bucket(
        &js,
        &streams.bucket(lumiscape_common::nats::gateway_registry::BUCKET),
        "lighting's gateway registry, by serial",
    )
    .await?;
    spawn_logged("work order confirmations", alarm::work_orders::run(shared.clone(), shutdown.clone()));
    let lifecycle = Lifecycle { ctx: shared.clone(), gateways };
    spawn_logged("alarm transition consumer", lifecycle.run(js, cfg.bridge.max_deliver, shutdown.clone()));

    let routes = Routes::new(AlarmTypeServiceServer::new(alarm_type::grpc::AlarmTypeApi::new(shared.clone())))
        .add_service(AlarmServiceServer::new(alarm::grpc::AlarmApi::new(shared)));
    serve_grpc("alarm", cfg.grpc.alarm_listen, routes, &deps.local, shutdown).await
}

/// Runs alarm until `shutdown`.
pub async fn run(cfg: &Config, deps: Deps, shutdown: CancellationToken) -> anyhow::Result<()> {
    start(cfg, deps, shutdown).await?.await?
}
