//! How a service starts: what it is given ([`Deps`]), what its methods share
//! ([`Context`]), its gRPC routes served until shutdown, and its background tasks
//! (consumers, relays, sweepers) spawned so that a task that ends in error says so in the
//! log instead of vanishing. Every service's `start` is these calls and its wiring.

use std::future::Future;
use std::net::SocketAddr;

use sqlx::PgPool;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

use crate::auth::Authenticator;
use crate::blocking::Blocking;
use crate::config::Config;
use crate::local::LocalServices;
use crate::nats::Streams;
use crate::outbox::OutboxSignal;

/// What a service with a database needs from the process that runs it.
pub struct Deps {
    pub pool: PgPool,
    pub nats: async_nats::Client,
    pub auth: Authenticator,
    /// The gRPC services of this process, which `serve_grpc` adds this service's to.
    pub local: LocalServices,
}

/// What a service's methods and tasks share: the pool, the token verifier, JetStream and
/// the deployment's streams, and the wake-up of the service's relay. A service that needs
/// more keeps this inside its own state and dereferences to it.
#[derive(Clone)]
pub struct Context {
    pub pool: PgPool,
    pub auth: Authenticator,
    pub js: async_nats::jetstream::Context,
    pub streams: Streams,
    /// Wakes the service's relay (events and projections) after a commit.
    pub outbox: OutboxSignal,
    /// Where CPU-heavy work (hashing, image decoding) runs, a bounded number at once.
    pub blocking: Blocking,
}

impl Context {
    pub fn new(cfg: &Config, deps: &Deps) -> Self {
        Self {
            pool: deps.pool.clone(),
            auth: deps.auth.clone(),
            js: async_nats::jetstream::new(deps.nats.clone()),
            streams: Streams::new(&cfg.nats.prefix),
            outbox: OutboxSignal::default(),
            blocking: Blocking::default(),
        }
    }
}

/// Binds `listen` and serves `routes` until `shutdown`, and registers them in `local` for
/// the clients of this process. Returns once the port is bound, so a caller that starts
/// several services knows each listens; the handle ends with the server.
pub async fn serve_grpc(
    name: &'static str,
    listen: SocketAddr,
    routes: Routes,
    local: &LocalServices,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<anyhow::Result<()>>> {
    local.register(name, routes.clone());
    let listener = tokio::net::TcpListener::bind(listen).await?;
    tracing::info!(service = name, addr = %listener.local_addr()?, "listening");
    let server = tonic::transport::Server::builder()
        .layer(tower::layer::layer_fn(crate::trace::Served))
        .add_routes(routes.prepare())
        .serve_with_incoming_shutdown(
            // Without TCP_NODELAY a reply's trailers, written after its data, wait for the
            // peer's delayed acknowledgement of the data: 40 ms on Linux, for about every
            // other call (Nagle's algorithm). tonic sets it only on addresses it binds itself.
            tonic::transport::server::TcpIncoming::from(listener).with_nodelay(Some(true)),
            shutdown.cancelled_owned(),
        );
    Ok(tokio::spawn(async move { server.await.map_err(anyhow::Error::from) }))
}

/// Runs a background task of a service; a task that fails is logged with its name.
pub fn spawn_logged(name: &'static str, task: impl Future<Output = anyhow::Result<()>> + Send + 'static) {
    tokio::spawn(async move {
        if let Err(err) = task.await {
            tracing::error!(task = name, error = %err, "background task stopped");
        }
    });
}
