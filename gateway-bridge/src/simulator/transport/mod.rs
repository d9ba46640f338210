//! The network around the virtual gateways. What the two transports share lives here: a
//! gateway's way out ([`Link`]), its command inbox ([`Commands`]) and the loop that drives it
//! (a tick every interval, a command whenever one comes) until shutdown. [`nats`] and
//! [`mqtt`] differ only in how they connect, publish and subscribe to commands.

pub(super) mod mqtt;
pub(super) mod nats;

use std::time::Duration;

use chrono::Utc;
use futures::StreamExt;
use tokio::sync::mpsc;
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;
use tracing::warn;

use super::SimStats;
use super::gateway::{Outgoing, VirtualGateway};
use crate::protocol::{GatewaySerial, Topics};

/// Where a gateway's messages go.
enum Link {
    Nats(async_nats::Client),
    Mqtt(rumqttc::AsyncClient),
}

impl Link {
    async fn publish(&self, topics: &Topics, serial: &GatewaySerial, outgoing: Outgoing) -> Result<(), String> {
        match self {
            Link::Nats(client) => nats::publish(client, topics, serial, outgoing).await,
            Link::Mqtt(client) => mqtt::publish(client, topics, serial, outgoing),
        }
    }
}

/// Where a gateway's commands come from.
enum Commands {
    Nats(async_nats::Subscriber),
    Mqtt(mpsc::Receiver<Vec<u8>>),
}

impl Commands {
    async fn next(&mut self) -> Option<Vec<u8>> {
        match self {
            Commands::Nats(subscriber) => subscriber.next().await.map(|message| message.payload.to_vec()),
            Commands::Mqtt(receiver) => receiver.recv().await,
        }
    }
}

async fn publish_all(gateway: &mut VirtualGateway, link: &Link, topics: &Topics, outgoing: Vec<Outgoing>) {
    for message in outgoing {
        let channel = message.channel;
        if let Err(err) = link.publish(topics, &gateway.serial, message).await {
            gateway.stats.publish_errors += 1;
            warn!(gateway = %gateway.serial, channel = %channel, error = %err, "simulated message not sent");
        }
    }
}

/// Runs one gateway until shutdown and returns its counters.
async fn drive_gateway(
    mut gateway: VirtualGateway,
    link: Link,
    mut commands: Commands,
    topics: Topics,
    interval: Duration,
    shutdown: CancellationToken,
) -> SimStats {
    let stagger = gateway.stagger(interval);
    tokio::select! {
        _ = shutdown.cancelled() => return gateway.stats,
        _ = tokio::time::sleep(stagger) => {}
    }
    let mut ticker = tokio::time::interval(interval);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut last_tick = tokio::time::Instant::now();
    let mut commands_open = true;
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => break,
            tick = ticker.tick() => {
                let elapsed = tick.saturating_duration_since(last_tick);
                last_tick = tick;
                let outgoing = gateway.tick(Utc::now(), elapsed);
                publish_all(&mut gateway, &link, &topics, outgoing).await;
            }
            command = commands.next(), if commands_open => match command {
                Some(payload) => {
                    if let Some(ack) = gateway.handle_command(&payload, Utc::now()) {
                        publish_all(&mut gateway, &link, &topics, vec![ack]).await;
                    }
                }
                None => {
                    warn!(gateway = %gateway.serial, "simulated gateway lost its command subscription");
                    commands_open = false;
                }
            },
        }
    }
    gateway.stats
}

/// Waits for every gateway of the fleet to stop and sums their counters.
async fn collect_stats(mut tasks: JoinSet<SimStats>) -> SimStats {
    let mut total = SimStats::default();
    while let Some(joined) = tasks.join_next().await {
        match joined {
            Ok(stats) => total.merge(&stats),
            Err(err) => warn!(error = %err, "simulated gateway task failed"),
        }
    }
    total
}
