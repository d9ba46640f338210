//! The bridge service: device traffic in, normalized events out.

use lumiscape_common::auth::Authenticator;
use lumiscape_common::config::Config;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

/// What the bridge needs from the process that runs it: no database, only NATS.
pub struct Deps {
    pub nats: async_nats::Client,
    pub auth: Authenticator,
}

/// Starts the bridge; returns once its gRPC server listens.
pub async fn start(
    cfg: &Config,
    deps: Deps,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<anyhow::Result<()>>> {
    let _ = (cfg, deps);
    Ok(tokio::spawn(async move {
        shutdown.cancelled().await;
        Ok(())
    }))
}
