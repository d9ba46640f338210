//! Lighting: gateways and their loops, real-time control of a loop through the
//! gateway-bridge, one-key control of a whole project, and the stored telemetry behind the
//! charts. One door: [`run`] (or [`start`], which returns once the service listens).

use lumiscape_common::auth::Authenticator;
use lumiscape_common::config::Config;
use sqlx::PgPool;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

/// The schema lighting owns.
pub const SCHEMA: &str = "lighting";
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// What lighting needs from the process that runs it.
pub struct Deps {
    pub pool: PgPool,
    pub nats: async_nats::Client,
    pub auth: Authenticator,
}

/// Starts lighting; returns once its gRPC server listens.
pub async fn start(
    cfg: &Config,
    deps: Deps,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<anyhow::Result<()>>> {
    let _ = (deps.pool, deps.nats, deps.auth);
    let listener = tokio::net::TcpListener::bind(cfg.grpc.lighting_listen).await?;
    tracing::info!(addr = %listener.local_addr()?, "lighting listening");
    let server = tonic::transport::Server::builder()
        .add_service(lumiscape_proto::lighting::v1::gateway_service_server::GatewayServiceServer::new(Placeholder))
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

struct Placeholder;

#[tonic::async_trait]
impl lumiscape_proto::lighting::v1::gateway_service_server::GatewayService for Placeholder {
    async fn ping(
        &self,
        _: tonic::Request<lumiscape_proto::lighting::v1::PingRequest>,
    ) -> Result<tonic::Response<lumiscape_proto::lighting::v1::PingResponse>, tonic::Status> {
        Ok(tonic::Response::new(lumiscape_proto::lighting::v1::PingResponse {}))
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
