//! Projects (sites) as the console sees them: only those the caller may access.
//! One door: [`run`] (or [`start`], which returns once the service listens).

pub mod project;
pub mod seed;

use lumiscape_common::auth::Authenticator;
use lumiscape_common::config::Config;
use lumiscape_proto::project::v1::project_service_server::ProjectServiceServer;
use sqlx::PgPool;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

/// The schema project owns.
pub const SCHEMA: &str = "project";
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// What the project service needs from the process that runs it.
pub struct Deps {
    pub pool: PgPool,
    pub auth: Authenticator,
}

/// Starts the gRPC server; returns once it listens.
pub async fn start(
    cfg: &Config,
    deps: Deps,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<anyhow::Result<()>>> {
    let listener = tokio::net::TcpListener::bind(cfg.grpc.project_listen).await?;
    tracing::info!(addr = %listener.local_addr()?, "project listening");
    let api = project::grpc::ProjectApi::new(deps.pool, deps.auth);
    let server =
        tonic::transport::Server::builder().add_service(ProjectServiceServer::new(api)).serve_with_incoming_shutdown(
            tonic::transport::server::TcpIncoming::from(listener),
            shutdown.cancelled_owned(),
        );
    Ok(tokio::spawn(async move { server.await.map_err(anyhow::Error::from) }))
}

/// Runs the project service until `shutdown`.
pub async fn run(cfg: &Config, deps: Deps, shutdown: CancellationToken) -> anyhow::Result<()> {
    start(cfg, deps, shutdown).await?.await?
}
