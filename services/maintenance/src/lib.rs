//! Maintenance: work orders that close the loop with alarms, inspection, maintenance
//! contracts and plans, and assets. One door: [`run`] (or [`start`], which returns
//! once the service listens).
//!
//! - `work_order`: the orders, their state machine and process information; the auto work
//!   order, consuming the alarm service's raises; a `WorkOrderChanged` event for every
//!   change, through the transactional outbox; the SLA sweep, which says once on the live
//!   stream when an open order passes its due time. A confirmed order's alarms are set processed
//!   by the alarm service, which consumes the confirmation.
//! - `inspection`: teams, routes, plans, tasks and results; the job that makes each plan's
//!   tasks once across replicas and moves them by the clock; an abnormal result's work order.
//! - `contract`: maintenance companies, their contracts (near their end flagged) and plans.
//! - `asset`: asset types with attributes, assets (net value by depreciation), their records.

pub mod asset;
pub mod contract;
pub mod inspection;
pub mod rules;
pub mod seed;
pub mod work_order;

use lumiscape_common::config::Config;
use lumiscape_common::local::Peer;
use lumiscape_common::nats::Streams;
use lumiscape_common::outbox::Relay;
use lumiscape_common::service::{Context, serve_grpc, spawn_logged};
use lumiscape_proto::maintenance::v1::asset_service_server::AssetServiceServer;
use lumiscape_proto::maintenance::v1::contract_service_server::ContractServiceServer;
use lumiscape_proto::maintenance::v1::inspection_service_server::InspectionServiceServer;
use lumiscape_proto::maintenance::v1::work_order_service_server::WorkOrderServiceServer;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

/// The schema maintenance owns.
pub const SCHEMA: &str = "maintenance";
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");
lumiscape_common::service_tables!(Tables, "maintenance");

pub use lumiscape_common::service::Deps;

/// State shared by maintenance's gRPC services: the common context.
pub type Shared = Context;

/// A delete of several records is all or none: when fewer of them were `found` in the
/// caller's project than distinct ids were named, one is not the project's (or is gone), and
/// the caller's transaction is dropped with `missing`, a 404.
pub(crate) fn all_or_none(
    found: u64,
    ids: &[i64],
    missing: lumiscape_common::i18n::Msg,
) -> Result<(), lumiscape_common::Error> {
    let named = ids.iter().collect::<std::collections::HashSet<_>>().len() as u64;
    if found == named { Ok(()) } else { Err(lumiscape_common::Error::not_found(missing)) }
}

/// Starts maintenance: the MAINTENANCE stream, the outbox relay, the auto work order
/// consumer, the SLA sweep, the inspection job and the gRPC server. Returns once the server listens.
pub async fn start(
    cfg: &Config,
    deps: Deps,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<anyhow::Result<()>>> {
    let shared = Context::new(cfg, &deps);
    Streams::ensure(&shared.js, &shared.streams.maintenance()).await?;
    // The alarms' stream is the alarm service's; it is ensured here too, so the consumer
    // can be made whichever service starts first.
    Streams::ensure(&shared.js, &shared.streams.alarm()).await?;
    let relay = Relay::<Tables>::new("maintenance", deps.pool.clone(), shared.js.clone(), shared.outbox.clone());
    spawn_logged("maintenance outbox relay", relay.run(shutdown.clone()));
    spawn_logged("auto work orders", work_order::alarms::run(shared.clone(), shutdown.clone()));
    spawn_logged("work order SLA sweep", work_order::sla::run(shared.clone(), shutdown.clone()));
    spawn_logged("inspection job", inspection::job::run(shared.clone(), shutdown.clone()));
    let alarm = Peer::new(&deps.local, "alarm", &cfg.grpc.alarm_url)?;
    let identity = Peer::new(&deps.local, "identity", &cfg.grpc.identity_url)?;
    let lighting = Peer::new(&deps.local, "lighting", &cfg.grpc.lighting_url)?;
    let project = Peer::new(&deps.local, "project", &cfg.grpc.project_url)?;
    let inspection = inspection::grpc::InspectionApi::new(shared.clone(), identity.clone(), lighting, project);
    let contracts = contract::grpc::ContractApi::new(shared.clone());
    let assets = asset::grpc::AssetApi::new(shared.clone());
    let routes = Routes::new(WorkOrderServiceServer::new(work_order::grpc::WorkOrderApi::new(shared, alarm, identity)))
        .add_service(InspectionServiceServer::new(inspection))
        .add_service(ContractServiceServer::new(contracts))
        .add_service(AssetServiceServer::new(assets));
    serve_grpc("maintenance", cfg.grpc.maintenance_listen, routes, &deps.local, shutdown).await
}

/// Runs maintenance until `shutdown`.
pub async fn run(cfg: &Config, deps: Deps, shutdown: CancellationToken) -> anyhow::Result<()> {
    start(cfg, deps, shutdown).await?.await?
}
