//! Projects (sites) as the console sees them, only those the caller may access: project
//! management, the cities, and each project's address tree. Creating and deleting a project
//! are facts on the PROJECT stream (identity grants and revokes it).
//! One door: [`run`] (or [`start`], which returns once the service listens).

pub mod address;
pub mod area;
pub mod city;
pub mod file;
pub mod notice;
pub mod project;
pub mod seed;

use lumiscape_common::config::Config;
use lumiscape_common::local::Peer;
use lumiscape_common::nats::Streams;
use lumiscape_common::outbox::Relay;
use lumiscape_common::service::{Context, serve_grpc, spawn_logged};
use lumiscape_proto::project::v1::address_service_server::AddressServiceServer;
use lumiscape_proto::project::v1::area_service_server::AreaServiceServer;
use lumiscape_proto::project::v1::city_service_server::CityServiceServer;
use lumiscape_proto::project::v1::file_service_server::FileServiceServer;
use lumiscape_proto::project::v1::notice_service_server::NoticeServiceServer;
use lumiscape_proto::project::v1::project_service_server::ProjectServiceServer;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

/// The schema project owns.
pub const SCHEMA: &str = "project";
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");
lumiscape_common::service_tables!(Tables, "project");

pub use lumiscape_common::service::Deps;

/// Starts the gRPC server; returns once it listens.
pub async fn start(
    cfg: &Config,
    deps: Deps,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<anyhow::Result<()>>> {
    let ctx = Context::new(cfg, &deps);
    Streams::ensure(&ctx.js, &ctx.streams.project()).await?;
    let relay = Relay::<Tables>::new("project", deps.pool.clone(), ctx.js.clone(), ctx.outbox.clone());
    spawn_logged("project outbox relay", relay.run(shutdown.clone()));
    let lighting = Peer::new(&deps.local, "lighting", &cfg.grpc.lighting_url)?;
    let peers = project::grpc::Peers {
        lighting: lighting.clone(),
        alarm: Peer::new(&deps.local, "alarm", &cfg.grpc.alarm_url)?,
    };
    let routes = Routes::new(ProjectServiceServer::new(project::grpc::ProjectApi::new(ctx.clone(), peers)))
        .add_service(CityServiceServer::new(city::grpc::CityApi::new(ctx.clone())))
        .add_service(AddressServiceServer::new(address::grpc::AddressApi::new(ctx.clone())))
        .add_service(NoticeServiceServer::new(notice::grpc::NoticeApi::new(ctx.clone())))
        .add_service(AreaServiceServer::new(area::grpc::AreaApi::new(ctx.clone(), lighting)))
        .add_service(FileServiceServer::new(file::grpc::FileApi::new(
            ctx,
            file::storage::open(cfg)?,
            cfg.files.clone(),
        )));
    serve_grpc("project", cfg.grpc.project_listen, routes, &deps.local, shutdown).await
}

/// Runs the project service until `shutdown`.
pub async fn run(cfg: &Config, deps: Deps, shutdown: CancellationToken) -> anyhow::Result<()> {
    start(cfg, deps, shutdown).await?.await?
}
