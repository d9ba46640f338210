//! How a service starts: its gRPC routes served until shutdown, and its background tasks
//! (consumers, relays, sweepers) spawned so that a task that ends in error says so in the
//! log instead of vanishing. Every service's `start` is these two calls and its wiring.

use std::future::Future;
use std::net::SocketAddr;

use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

/// Binds `listen` and serves `routes` until `shutdown`. Returns once the port is bound, so
/// a caller that starts several services knows each listens; the handle ends with the
/// server.
pub async fn serve_grpc(
    name: &'static str,
    listen: SocketAddr,
    routes: Routes,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<anyhow::Result<()>>> {
    let listener = tokio::net::TcpListener::bind(listen).await?;
    tracing::info!(service = name, addr = %listener.local_addr()?, "listening");
    let server = tonic::transport::Server::builder().add_routes(routes).serve_with_incoming_shutdown(
        tonic::transport::server::TcpIncoming::from(listener),
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
