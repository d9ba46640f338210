//! Alarms: alarm types with their trigger and recovery conditions, and the alarms the
//! gateway-bridge raises from telemetry, through their lifecycle to history. One door: [`run`] (or [`start`], which returns once the service listens).

use lumiscape_common::auth::Authenticator;
use lumiscape_common::config::Config;
use sqlx::PgPool;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

/// The schema alarm owns.
pub const SCHEMA: &str = "alarm";
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// What alarm needs from the process that runs it.
pub struct Deps {
    pub pool: PgPool,
    pub nats: async_nats::Client,
    pub auth: Authenticator,
}

/// Starts alarm; returns once its gRPC server listens.
pub async fn start(
    cfg: &Config,
    deps: Deps,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<anyhow::Result<()>>> {
    let _ = (deps.pool, deps.nats, deps.auth);
    let listener = tokio::net::TcpListener::bind(cfg.grpc.alarm_listen).await?;
    tracing::info!(addr = %listener.local_addr()?, "alarm listening");
    let server = tonic::transport::Server::builder()
        .add_service(lumiscape_proto::alarm::v1::alarm_type_service_server::AlarmTypeServiceServer::new(Placeholder))
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

struct Placeholder;

#[tonic::async_trait]
impl lumiscape_proto::alarm::v1::alarm_type_service_server::AlarmTypeService for Placeholder {
    async fn ping(
        &self,
        _: tonic::Request<lumiscape_proto::alarm::v1::PingRequest>,
    ) -> Result<tonic::Response<lumiscape_proto::alarm::v1::PingResponse>, tonic::Status> {
        Ok(tonic::Response::new(lumiscape_proto::alarm::v1::PingResponse {}))
    }
}

pub mod seed {
    //! The demo data of this service (filled in with the service).

    /// Adds the demo data; running it again changes nothing.
    pub async fn seed_demo(pool: &sqlx::PgPool) -> anyhow::Result<()> {
        let _ = pool;
        Ok(())
    }
}
