//! The NATS transport: one connection for the whole fleet, core publish, and one subscription
//! per gateway on its `cmd` subject, all in place before the first message goes out.

use std::time::Duration;

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
async fn connect_nats(url: &str) -> anyhow::Result<async_nats::Client> {
    let deadline = tokio::time::Instant::now() + NATS_CONNECT_WAIT;
    loop {
        let options = async_nats::ConnectOptions::new()
            .name("lumiscape-simulator")
            .max_reconnects(None)
            .connection_timeout(Duration::from_secs(5));
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
    fleet: Vec<VirtualGateway>,
    topics: &Topics,
    url: &str,
    interval: Duration,
    shutdown: &CancellationToken,
) -> anyhow::Result<SimStats> {
    let client = connect_nats(url).await?;
    let mut wired = Vec::with_capacity(fleet.len());
    for gateway in fleet {
        let subscriber = client.subscribe(topics.subject(&gateway.serial, Channel::Command)).await?;
        wired.push((gateway, subscriber));
    }
    // Every command subscription is in place before the first message goes out.
    client.flush().await?;
    let mut tasks = JoinSet::new();
    for (gateway, subscriber) in wired {
        tasks.spawn(drive_gateway(
            gateway,
            Link::Nats(client.clone()),
            Commands::Nats(subscriber),
            topics.clone(),
            interval,
            shutdown.clone(),
        ));
    }
    let stats = collect_stats(tasks).await;
    if let Err(err) = client.flush().await {
        warn!(error = %err, "nats flush at simulator stop failed");
    }
    Ok(stats)
}
