//! The MQTT transport, through NATS's MQTT listener: one client per gateway as in the field,
//! QoS 1, clean sessions, and the command topic subscribed again after every reconnection.
//! The fleet starts only when every gateway's first subscription is acknowledged, so no
//! command sent at the start is lost; a gateway that cannot connect in time fails the run.

use std::time::Duration;

use rumqttc::{AsyncClient, Event, EventLoop, MqttOptions, Packet, QoS};
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;
use tracing::{debug, warn};

use super::{Commands, Link, collect_stats, drive_gateway};
use lumiscape_common::nats_auth::GatewayCredential;

use crate::protocol::{Channel, GatewaySerial, MAX_PAYLOAD_BYTES, Topics};
use crate::simulator::gateway::{Outgoing, VirtualGateway};
use crate::simulator::{SimStats, SimulatorError};

const MQTT_CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
const MQTT_KEEP_ALIVE: Duration = Duration::from_secs(30);
const MQTT_RETRY_DELAY: Duration = Duration::from_millis(500);

/// Queues the message on the gateway's topic of its channel. Never blocks: when the
/// connection is down and the queue is full the message is dropped, as a real gateway's
/// would be.
pub(super) fn publish(
    client: &AsyncClient,
    topics: &Topics,
    serial: &GatewaySerial,
    outgoing: Outgoing,
) -> Result<(), String> {
    client
        .try_publish(topics.mqtt_topic(serial, outgoing.channel), QoS::AtLeastOnce, false, outgoing.payload)
        .map_err(|err| err.to_string())
}

/// `host:port`, optionally with an `mqtt://` or `tcp://` scheme.
fn parse_mqtt_address(address: &str) -> Result<(String, u16), SimulatorError> {
    let bare = address.strip_prefix("mqtt://").or_else(|| address.strip_prefix("tcp://")).unwrap_or(address);
    let bare = bare.trim_end_matches('/');
    let Some((host, port)) = bare.rsplit_once(':') else {
        return Err(SimulatorError::MqttAddress(address.to_owned()));
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    match port.parse::<u16>() {
        Ok(port) if !host.is_empty() && port != 0 => Ok((host.to_owned(), port)),
        _ => Err(SimulatorError::MqttAddress(address.to_owned())),
    }
}

/// A gateway's MQTT client id is its serial; a deployment with a prefix puts it in front, so
/// fleets of several deployments on one server never take each other's sessions.
fn mqtt_client_id(topics: &Topics, serial: &GatewaySerial) -> String {
    if topics.prefix().is_empty() { serial.to_string() } else { format!("{}-{serial}", topics.prefix()) }
}

/// Drives one gateway's MQTT connection: (re)subscribes to the command topic after every
/// connection, forwards commands, and says when the first subscription is acknowledged.
async fn drive_mqtt(
    mut eventloop: EventLoop,
    client: AsyncClient,
    serial: GatewaySerial,
    command_topic: String,
    commands: mpsc::Sender<Vec<u8>>,
    ready: oneshot::Sender<()>,
    stop: CancellationToken,
) {
    let mut ready = Some(ready);
    loop {
        let event = tokio::select! {
            _ = stop.cancelled() => break,
            event = eventloop.poll() => event,
        };
        match event {
            Ok(Event::Incoming(Packet::ConnAck(_))) => {
                debug!(gateway = %serial, "simulated gateway connected over mqtt");
                // Clean sessions: a command older than the connection is never carried out late.
                if let Err(err) = client.try_subscribe(command_topic.clone(), QoS::AtLeastOnce) {
                    warn!(gateway = %serial, error = %err, "mqtt subscribe not queued");
                }
            }
            Ok(Event::Incoming(Packet::SubAck(_))) => {
                if let Some(ready) = ready.take() {
                    let _ = ready.send(());
                }
            }
            Ok(Event::Incoming(Packet::Publish(publish))) if publish.topic == command_topic => {
                if commands.try_send(publish.payload.to_vec()).is_err() {
                    warn!(gateway = %serial, "simulated gateway busy; command dropped");
                }
            }
            Ok(_) => {}
            Err(err) => {
                warn!(gateway = %serial, error = %err, "mqtt connection failed; retrying");
                tokio::select! {
                    _ = stop.cancelled() => break,
                    _ = tokio::time::sleep(MQTT_RETRY_DELAY) => {}
                }
            }
        }
    }
    // Say goodbye so the server drops the session now rather than after the keep-alive.
    if client.try_disconnect().is_ok() {
        let _ = tokio::time::timeout(Duration::from_millis(500), async {
            loop {
                match eventloop.poll().await {
                    Ok(Event::Outgoing(rumqttc::Outgoing::Disconnect)) | Err(_) => break,
                    Ok(_) => {}
                }
            }
        })
        .await;
    }
}

/// Runs the fleet over MQTT until `shutdown` is cancelled.
pub(in crate::simulator) async fn run(
    fleet: Vec<(VirtualGateway, Option<GatewayCredential>)>,
    topics: &Topics,
    address: &str,
    interval: Duration,
    shutdown: &CancellationToken,
) -> anyhow::Result<SimStats> {
    let (host, port) = parse_mqtt_address(address)?;
    let stop = shutdown.child_token();
    let mut drivers = JoinSet::new();
    let mut pending = Vec::with_capacity(fleet.len());
    for (gateway, credential) in fleet {
        let mut options = MqttOptions::new(mqtt_client_id(topics, &gateway.serial), host.clone(), port);
        if let Some(credential) = credential {
            // NATS's MQTT listener takes a bearer user JWT as the password.
            options.set_credentials(gateway.serial.as_str(), credential.jwt);
        }
        options.set_keep_alive(MQTT_KEEP_ALIVE);
        options.set_clean_session(true);
        options.set_max_packet_size(MAX_PAYLOAD_BYTES + 1024, MAX_PAYLOAD_BYTES + 1024);
        let (client, eventloop) = AsyncClient::new(options, 256);
        let (command_sender, command_receiver) = mpsc::channel(64);
        let (ready_sender, ready_receiver) = oneshot::channel();
        drivers.spawn(drive_mqtt(
            eventloop,
            client.clone(),
            gateway.serial.clone(),
            topics.mqtt_topic(&gateway.serial, Channel::Command),
            command_sender,
            ready_sender,
            stop.clone(),
        ));
        pending.push((gateway, client, command_receiver, ready_receiver));
    }
    let deadline = tokio::time::Instant::now() + MQTT_CONNECT_TIMEOUT;
    let mut tasks = JoinSet::new();
    for (gateway, client, command_receiver, ready_receiver) in pending {
        let connected = tokio::select! {
            _ = shutdown.cancelled() => false,
            ready = tokio::time::timeout_at(deadline, ready_receiver) => matches!(ready, Ok(Ok(()))),
        };
        if !connected && !shutdown.is_cancelled() {
            stop.cancel();
            tasks.abort_all();
            drivers.join_all().await;
            return Err(SimulatorError::MqttConnect {
                serial: gateway.serial,
                address: address.to_owned(),
                seconds: MQTT_CONNECT_TIMEOUT.as_secs(),
            }
            .into());
        }
        tasks.spawn(drive_gateway(
            gateway,
            Link::Mqtt(client),
            Commands::Mqtt(command_receiver),
            topics.clone(),
            interval,
            shutdown.clone(),
        ));
    }
    let stats = collect_stats(tasks).await;
    stop.cancel();
    drivers.join_all().await;
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mqtt_addresses_are_parsed() {
        assert_eq!(parse_mqtt_address("127.0.0.1:1883").unwrap(), ("127.0.0.1".into(), 1883));
        assert_eq!(parse_mqtt_address("mqtt://broker:1884").unwrap(), ("broker".into(), 1884));
        assert_eq!(parse_mqtt_address("tcp://[::1]:1883/").unwrap(), ("::1".into(), 1883));
        for bad in ["broker", ":1883", "broker:x", "broker:0"] {
            assert!(parse_mqtt_address(bad).is_err(), "{bad}");
        }
    }
}
