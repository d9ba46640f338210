//! The fleet simulator against a real NATS server, watched as the platform would watch it:
//! a NATS subscriber on the device subjects that decodes everything with `protocol`.
//!
//! NATS transport: the server at `LUMISCAPE_TEST_NATS_URL`. MQTT transport: a private
//! nats-server with JetStream and an MQTT listener, started from the binary at
//! `LUMISCAPE_TEST_NATS_SERVER` (that part is skipped, saying so, when the variable is unset).
//! Each test uses a subject prefix of its own, so tests run in parallel on one server.

mod support;

use std::collections::{BTreeMap, HashSet};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use futures::StreamExt;
use lumiscape_gateway_bridge::protocol::{
    Ack, AckResult, COMMAND_TIMEOUT, Channel, Command, CommandRequest, CorrelationId, GatewaySerial, LoopIndex,
    ProtocolError, Telemetry, Topics, Uplink, encode_command,
};
use lumiscape_gateway_bridge::simulator::{self, Faults, SimStats, SimulatorConfig, Transport};
use support::PrivateNats;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

fn nats_url() -> String {
    std::env::var("LUMISCAPE_TEST_NATS_URL").unwrap_or_else(|_| "nats://127.0.0.1:4222".into())
}

fn unique_prefix(name: &str) -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
    format!("gbtest-{name}-{}-{nanos}", std::process::id())
}

fn fleet_config(transport: Transport, prefix: &str, faults: Faults) -> SimulatorConfig {
    SimulatorConfig {
        gateways: 3,
        loops: 4,
        interval: Duration::from_millis(100),
        serial_prefix: "GW-".into(),
        transport,
        faults,
        subject_prefix: prefix.into(),
        credentials_dir: Some(support::fleet_credentials(prefix, "GW-", 3)),
        seed: Some(42),
        ..SimulatorConfig::default()
    }
}

/// One message as the platform received it.
struct Received {
    channel: Channel,
    payload: Vec<u8>,
    decoded: Result<Uplink, ProtocolError>,
}

/// The platform's side: a NATS connection subscribed to every device subject of a prefix.
struct Platform {
    client: async_nats::Client,
    topics: Topics,
    uplinks: async_nats::Subscriber,
}

impl Platform {
    async fn connect(url: &str, prefix: &str) -> Self {
        let client = support::services_client(url).await;
        let topics = Topics::new(prefix).unwrap();
        let uplinks = client.subscribe(topics.all_wildcard()).await.unwrap();
        client.flush().await.unwrap();
        Self { client, topics, uplinks }
    }

    /// The next uplink message (our own commands are skipped), or `None` after `wait`.
    async fn next(&mut self, wait: Duration) -> Option<Received> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let message = tokio::time::timeout_at(deadline, self.uplinks.next()).await.ok()??;
            let (_, channel) = self.topics.parse_subject(&message.subject).expect("a device subject");
            if channel == Channel::Command {
                continue;
            }
            let decoded = self.topics.decode_uplink(&message.subject, &message.payload);
            return Some(Received { channel, payload: message.payload.to_vec(), decoded });
        }
    }

    /// Waits up to `wait` for a well-formed message `pick` accepts.
    async fn wait_for<T>(&mut self, what: &str, wait: Duration, mut pick: impl FnMut(&Uplink) -> Option<T>) -> T {
        let deadline = Instant::now() + wait;
        while let Some(remaining) = deadline.checked_duration_since(Instant::now()) {
            let Some(received) = self.next(remaining).await else { break };
            let uplink =
                received.decoded.unwrap_or_else(|err| panic!("undecodable {} message: {err}", received.channel));
            if let Some(found) = pick(&uplink) {
                return found;
            }
        }
        panic!("no {what} within {wait:?}");
    }

    async fn command(&self, serial: &GatewaySerial, correlation_id: &str, command: Command) {
        let request = CommandRequest {
            correlation_id: CorrelationId::new(correlation_id).unwrap(),
            issued_at: Utc::now(),
            command,
        };
        let subject = self.topics.subject(serial, Channel::Command);
        self.client.publish(subject, encode_command(&request).unwrap().into()).await.unwrap();
        self.client.flush().await.unwrap();
    }

    /// Sends a command and waits, as the platform does, [`COMMAND_TIMEOUT`] for its answer.
    async fn request(&mut self, serial: &GatewaySerial, correlation_id: &str, command: Command) -> Ack {
        self.command(serial, correlation_id, command).await;
        self.wait_for(&format!("ack of {correlation_id}"), COMMAND_TIMEOUT, |uplink| match uplink {
            Uplink::Ack(ack) if ack.correlation_id.as_str() == correlation_id => Some(ack.clone()),
            _ => None,
        })
        .await
    }

    async fn next_telemetry_of(&mut self, serial: &GatewaySerial) -> Telemetry {
        self.wait_for(&format!("telemetry of {serial}"), Duration::from_secs(5), |uplink| match uplink {
            Uplink::Telemetry(telemetry) if &telemetry.id.serial == serial => Some(telemetry.clone()),
            _ => None,
        })
        .await
    }
}

/// What a healthy gateway reports: 220 V ±3 %, LED loop currents, power = V·I·pf.
fn assert_realistic(telemetry: &Telemetry) {
    assert!((-95..=-60).contains(&telemetry.gateway.signal_dbm), "signal {}", telemetry.gateway.signal_dbm);
    assert!(
        (-20.0..=60.0).contains(&telemetry.gateway.temperature_c),
        "temperature {}",
        telemetry.gateway.temperature_c
    );
    assert!(!telemetry.gateway.firmware.as_str().is_empty());
    assert_eq!(telemetry.loops.len(), 4);
    for reading in &telemetry.loops {
        assert!((213.0..=227.0).contains(&reading.voltage_v), "voltage {}", reading.voltage_v);
        if reading.on {
            assert!((1.4..=12.3).contains(&reading.current_a), "current {}", reading.current_a);
        } else {
            assert_eq!(reading.current_a, 0.0);
        }
        let apparent_va = reading.voltage_v * reading.current_a;
        assert!(reading.active_power_w <= apparent_va + 0.1, "power {} over V·I {apparent_va}", reading.active_power_w);
        assert!(reading.active_power_w >= apparent_va * 0.9 - 0.1, "power factor too low");
        assert!(reading.energy_kwh > 0.0);
    }
}

fn start_fleet(cfg: SimulatorConfig, server: String) -> (CancellationToken, JoinHandle<anyhow::Result<SimStats>>) {
    let shutdown = CancellationToken::new();
    let stop = shutdown.clone();
    let handle = tokio::spawn(async move { simulator::run(cfg, &server, stop).await });
    (shutdown, handle)
}

async fn stop_fleet(shutdown: CancellationToken, handle: JoinHandle<anyhow::Result<SimStats>>) -> SimStats {
    shutdown.cancel();
    tokio::time::timeout(Duration::from_secs(10), handle)
        .await
        .expect("simulator stops promptly")
        .expect("simulator task")
        .expect("simulator ran")
}

/// A healthy fleet over `transport`: realistic readings, and commands answered with their
/// correlation id and visible in the next telemetry.
async fn exercise_fleet(transport: Transport, simulator_server: String, platform_url: &str) {
    let prefix = unique_prefix(transport.as_str());
    let mut platform = Platform::connect(platform_url, &prefix).await;
    let cfg = fleet_config(transport, &prefix, Faults::default());
    let (shutdown, handle) = start_fleet(cfg.clone(), simulator_server);

    let mut telemetry: BTreeMap<GatewaySerial, Vec<Telemetry>> = BTreeMap::new();
    let mut heartbeats: BTreeMap<GatewaySerial, usize> = BTreeMap::new();
    let deadline = Instant::now() + Duration::from_secs(15);
    while telemetry.len() < 3 || telemetry.values().any(|samples| samples.len() < 8) || heartbeats.len() < 3 {
        let remaining = deadline.checked_duration_since(Instant::now()).expect("every gateway reports within 15 s");
        let received = platform.next(remaining).await.expect("messages keep coming");
        match received.decoded.expect("a healthy fleet sends only valid messages") {
            Uplink::Telemetry(sample) => {
                assert_realistic(&sample);
                telemetry.entry(sample.id.serial.clone()).or_default().push(sample);
            }
            Uplink::Heartbeat(heartbeat) => *heartbeats.entry(heartbeat.id.serial.clone()).or_default() += 1,
            other => panic!("unexpected {other:?}"),
        }
    }
    let expected: Vec<GatewaySerial> = (1..=3).map(|number| cfg.serial(number).unwrap()).collect();
    assert_eq!(telemetry.keys().cloned().collect::<Vec<_>>(), expected);
    for samples in telemetry.values() {
        for pair in samples.windows(2) {
            assert!(pair[1].id.seq > pair[0].id.seq, "sequence grows");
            assert!(pair[1].device_time >= pair[0].device_time, "time goes forward");
            for (newer, older) in pair[1].loops.iter().zip(&pair[0].loops) {
                assert!(newer.energy_kwh >= older.energy_kwh, "energy only grows");
            }
        }
    }

    let target = cfg.serial(2).unwrap();
    let loop_two = LoopIndex::new(2).unwrap();
    let ack = platform
        .request(&target, &format!("{prefix}-off"), Command::SetLoop { index: loop_two, level: 0, until: None })
        .await;
    assert_eq!(ack.result, AckResult::Ok);
    assert_eq!(ack.serial, target);
    let after = platform.next_telemetry_of(&target).await;
    assert!(!after.loops[1].on, "loop 2 is off in the next telemetry");
    assert_eq!(after.loops[1].current_a, 0.0);
    assert!(after.loops[0].on && after.loops[2].on && after.loops[3].on);
    assert_realistic(&after);

    let state = platform.request(&target, &format!("{prefix}-read"), Command::ReadState).await;
    assert_eq!(state.result, AckResult::Ok);
    assert_eq!(state.loops.len(), 4);
    assert!(!state.loops[1].on && state.loops[0].on);

    let missing = LoopIndex::new(9).unwrap();
    let refused = platform
        .request(&target, &format!("{prefix}-bad"), Command::SetLoop { index: missing, level: 100, until: None })
        .await;
    assert!(matches!(&refused.result, AckResult::Error(text) if text.contains("loop 9")), "{:?}", refused.result);

    let set_to = DateTime::from_timestamp_millis(1_893_456_000_000).unwrap();
    let clock = platform.request(&target, &format!("{prefix}-time"), Command::SetTime { time: set_to }).await;
    assert_eq!(clock.result, AckResult::Ok);
    assert!((clock.device_time - set_to).num_milliseconds().abs() < 1_000);
    let later = platform.next_telemetry_of(&target).await;
    assert!((later.device_time - set_to).num_seconds().abs() < 5, "device time follows set_time");

    let stats = stop_fleet(shutdown, handle).await;
    // One heartbeat per gateway at start, then one every 30 s: a short run sends three.
    assert!(stats.telemetry >= 24 && stats.heartbeats == 3, "{stats:?}");
    assert_eq!(stats.commands_received, 4);
    assert_eq!(stats.acks, 4);
    assert_eq!(stats.publish_errors, 0);
    assert_eq!((stats.malformed, stats.duplicates, stats.out_of_order, stats.offline_periods), (0, 0, 0, 0));
}

#[tokio::test]
async fn fleet_over_nats_reports_and_obeys() {
    exercise_fleet(Transport::Nats, nats_url(), &nats_url()).await;
}

#[tokio::test]
async fn fault_injection_shows_in_what_the_platform_receives() {
    let prefix = unique_prefix("faults");
    let mut platform = Platform::connect(&nats_url(), &prefix).await;
    let faults = Faults {
        over_current: 0.2,
        under_voltage: 0.2,
        offline: 0.0,
        malformed: 0.25,
        duplicate: 0.25,
        out_of_order: 0.25,
        events: 0.2,
        stuck_loops: Vec::new(),
    };
    let (shutdown, handle) = start_fleet(fleet_config(Transport::Nats, &prefix, faults), nats_url());

    let mut received = Vec::new();
    let until = Instant::now() + Duration::from_millis(2500);
    while let Some(remaining) = until.checked_duration_since(Instant::now()) {
        let Some(message) = platform.next(remaining).await else { break };
        received.push(message);
    }
    let stats = stop_fleet(shutdown, handle).await;
    while let Some(message) = platform.next(Duration::from_millis(300)).await {
        received.push(message);
    }

    let mut malformed = 0;
    let mut seen_ids = HashSet::new();
    let mut duplicates = 0;
    let mut highest_seq: BTreeMap<GatewaySerial, u64> = BTreeMap::new();
    let mut out_of_order = 0;
    let mut under_voltage = 0;
    let mut events = 0;
    for message in &received {
        let uplink = match &message.decoded {
            Ok(uplink) => uplink,
            Err(err) => {
                assert_eq!(message.channel, Channel::Telemetry, "only telemetry is garbled");
                assert!(!err.to_string().is_empty());
                malformed += 1;
                continue;
            }
        };
        match uplink {
            Uplink::Telemetry(telemetry) => {
                if !seen_ids.insert(telemetry.id.clone()) {
                    duplicates += 1;
                }
                let highest = highest_seq.entry(telemetry.id.serial.clone()).or_default();
                if telemetry.id.seq < *highest {
                    out_of_order += 1;
                }
                *highest = telemetry.id.seq.max(*highest);
                under_voltage += telemetry.loops.iter().filter(|reading| reading.voltage_v < 200.0).count();
            }
            Uplink::Event(_) => events += 1,
            Uplink::Heartbeat(_) | Uplink::Ack(_) => {}
        }
        assert!(!message.payload.is_empty());
    }
    assert!(malformed > 0 && malformed <= stats.malformed, "{malformed} malformed received, {stats:?}");
    assert!(duplicates > 0 && duplicates <= stats.duplicates, "{duplicates} duplicates received, {stats:?}");
    assert!(out_of_order > 0, "no out-of-order telemetry received, {stats:?}");
    assert!(under_voltage > 0, "no under-voltage reading received");
    assert!(events > 0 && stats.over_current_samples > 0, "{stats:?}");
    assert_eq!(stats.publish_errors, 0);
}

#[tokio::test]
async fn an_offline_gateway_sends_nothing_and_ignores_commands() {
    let prefix = unique_prefix("offline");
    let mut platform = Platform::connect(&nats_url(), &prefix).await;
    let faults = Faults { offline: 1.0, ..Faults::default() };
    let cfg = SimulatorConfig { gateways: 2, ..fleet_config(Transport::Nats, &prefix, faults) };
    let (shutdown, handle) = start_fleet(cfg.clone(), nats_url());
    tokio::time::sleep(Duration::from_millis(500)).await;
    platform.command(&cfg.serial(1).unwrap(), "while-away", Command::ReadState).await;
    let heard = platform.next(Duration::from_millis(1000)).await;
    assert!(heard.is_none(), "an offline fleet is silent");
    let stats = stop_fleet(shutdown, handle).await;
    assert_eq!((stats.heartbeats, stats.telemetry, stats.acks), (0, 0, 0));
    assert_eq!((stats.commands_received, stats.commands_ignored_offline), (1, 1));
    assert!(stats.offline_periods >= 2);
}

// --- MQTT, through a private nats-server's MQTT listener ----------------------------------------

#[tokio::test]
async fn fleet_over_mqtt_reports_and_obeys() {
    let Some(server) = PrivateNats::from_env("the mqtt transport test") else { return };
    let platform_url = format!("nats://127.0.0.1:{}", server.port);
    exercise_fleet(Transport::Mqtt, format!("127.0.0.1:{}", server.mqtt_port), &platform_url).await;
}
