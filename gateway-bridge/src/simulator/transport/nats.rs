//! The NATS transport: core publish, and one subscription per gateway on its `cmd` subject,
//! all in place before the first message goes out. With credentials each gateway has its own
//! connection, as in the field; without, the fleet shares one (a server without
//! authentication).

use std::time::Duration;

use futures::{StreamExt, TryStreamExt};
use lumiscape_common::nats_auth::GatewayCredential;
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;
use tracing::warn;

use super::{Commands, Link, collect_stats, drive_gateway};
use crate::protocol::{Channel, GatewaySerial, Topics};
use crate::simulator::SimStats;
use crate::simulator::gateway::{Outgoing, VirtualGateway};

const NATS_CONNECT_WAIT: Duration = Duration::from_secs(10);
const PUBLISH_TIMEOUT: Duration = Duration::from_secs(2);

/// Publishes on the gateway's subject of the message's channel, waiting at most
/// [`PUBLISH_TIMEOUT`] for the client to take it.
pub(super) async fn publish(
    client: &async_nats::Client,
    topics: &Topics,
    serial: &GatewaySerial,
    outgoing: Outgoing,
) -> Result<(), String> {
    let subject = topics.subject(serial, outgoing.channel);
    match tokio::time::timeout(PUBLISH_TIMEOUT, client.publish(subject, outgoing.payload.into())).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(err)) => Err(err.to_string()),
        Err(_) => Err("publish timed out".into()),
    }
}

/// Connects, retrying for [`NATS_CONNECT_WAIT`]; later disconnections are retried forever by
/// the client itself.
async fn connect_nats(url: &str, credential: Option<&GatewayCredential>) -> anyhow::Result<async_nats::Client> {
    let deadline = tokio::time::Instant::now() + NATS_CONNECT_WAIT;
    loop {
        let options = match credential {
            Some(credential) => async_nats::ConnectOptions::with_credentials(&credential.creds())?,
            None => async_nats::ConnectOptions::new(),
        };
        let options =
            options.name("lumiscape-simulator").max_reconnects(None).connection_timeout(Duration::from_secs(5));
        match options.connect(url).await {
            Ok(client) => return Ok(client),
            Err(err) if tokio::time::Instant::now() < deadline => {
                warn!(error = %err, "nats not ready; retrying");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Err(err) => return Err(anyhow::anyhow!("cannot reach nats at {url}: {err}")),
        }
    }
}

/// Runs the fleet over NATS until `shutdown` is cancelled.
pub(in crate::simulator) async fn run(
    fleet: Vec<(VirtualGateway, Option<GatewayCredential>)>,
    topics: &Topics,
    url: &str,
    interval: Duration,
    shutdown: &CancellationToken,
) -> anyhow::Result<SimStats> {
    let shared = if fleet.iter().any(|(_, credential)| credential.is_none()) {
        Some(connect_nats(url, None).await?)
    } else {
        None
    };
    // Own connections are opened a few dozen at a time.
    let wired: Vec<_> = futures::stream::iter(fleet)
        .map(|(gateway, credential)| {
            let shared = shared.clone();
            let subject = topics.subject(&gateway.serial, Channel::Command);
            async move {
                let client = match (shared, &credential) {
                    (Some(client), None) => client,
                    _ => connect_nats(url, credential.as_ref()).await?,
                };
                let subscriber = client.subscribe(subject).await?;
                // The command subscription is in place before the first message goes out.
                client.flush().await?;
                anyhow::Ok((gateway, client, subscriber))
            }
        })
        .buffer_unordered(32)
        .try_collect()
        .await?;
    let clients: Vec<_> = wired.iter().map(|(_, client, _)| client.clone()).collect();
    let mut tasks = JoinSet::new();
    for (gateway, client, subscriber) in wired {
        tasks.spawn(drive_gateway(
            gateway,
            Link::Nats(client),
            Commands::Nats(subscriber),
            topics.clone(),
            interval,
            shutdown.clone(),
        ));
    }
    let stats = collect_stats(tasks).await;
    for client in clients {
        if let Err(err) = client.flush().await {
            warn!(error = %err, "nats flush at simulator stop failed");
        }
    }
    Ok(stats)
}
