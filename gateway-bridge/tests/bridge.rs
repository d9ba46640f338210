//! The bridge service alone against a real NATS server (`LUMISCAPE_TEST_NATS_URL`): the
//! registry and rule buckets are written here as lighting and alarm would write them, device
//! messages are published as gateways would send them, and what the bridge stored on its
//! stream is read back. Each test has a prefix of its own.

mod support;

use std::time::{Duration, Instant};

use async_nats::jetstream::{self, consumer};
use chrono::{TimeZone, Utc};
use futures::StreamExt;
use lumiscape_common::auth::{Authenticator, Claims, TokenSigner};
use lumiscape_common::config::Config;
use lumiscape_common::nats::open_bucket;
use lumiscape_common::session::{SessionRegistry, SessionState};
use lumiscape_gateway_bridge::bridge;
use lumiscape_gateway_bridge::protocol::{
    Channel, FirmwareVersion, GatewayReading, GatewaySerial, Heartbeat, LoopIndex, LoopReading, MessageId, Telemetry,
    Topics, Uplink, encode_uplink,
};
use lumiscape_proto::alarm_terms::{Attribute, Comparison};
use lumiscape_proto::bridge::v1 as pb;
use lumiscape_proto::events::v1::{
    AlarmCondition, AlarmRule, AlarmTransition, GatewayRegistration, GatewayStatusChanged,
};
use prost::Message;
use tokio_util::sync::CancellationToken;

const KEY: &str = "bridge-test-signing-key-0123456789abcdefghij";

fn nats_url() -> String {
    std::env::var("LUMISCAPE_TEST_NATS_URL").unwrap_or_else(|_| "nats://127.0.0.1:4222".into())
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

struct Rig {
    cfg: Config,
    nats: async_nats::Client,
    js: jetstream::Context,
    topics: Topics,
    auth: Authenticator,
    running: Option<(CancellationToken, tokio::task::JoinHandle<anyhow::Result<()>>)>,
}

impl Rig {
    async fn new(name: &str) -> Self {
        Self::on(name, &nats_url()).await
    }

    async fn on(name: &str, url: &str) -> Self {
        let _ = tracing_subscriber::fmt().with_env_filter(tracing_subscriber::EnvFilter::from_default_env()).try_init();
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
        let prefix = format!("br{name}{}x{nanos}", std::process::id());
        let mut cfg = Config { demo: true, ..Config::default() };
        cfg.nats.url = url.to_owned();
        cfg.nats.prefix = prefix.clone();
        cfg.nats.credentials_file = Some(support::nats_auth_dir().join("services.creds"));
        cfg.grpc.bridge_listen = ([127, 0, 0, 1], free_port()).into();
        cfg.bridge.offline_after_seconds = 2;
        cfg.bridge.command_timeout_ms = 1000;
        let nats = support::services_client(url).await;
        let js = jetstream::new(nats.clone());
        let sessions = SessionRegistry::open(
            &js,
            &format!("{prefix}_SESSIONS"),
            Duration::from_secs(3600),
            CancellationToken::new(),
        )
        .await
        .unwrap();
        let auth = Authenticator::new(TokenSigner::new(KEY), sessions);
        Self { topics: Topics::new(&prefix).unwrap(), cfg, nats, js, auth, running: None }
    }

    async fn register(&self, serial: &str, gateway_id: i64, project_id: i64) {
        let kv = open_bucket(&self.js, &format!("{}_GATEWAYS", self.cfg.nats.prefix), "").await.unwrap();
        let registration = GatewayRegistration {
            gateway_id,
            project_id,
            serial: serial.into(),
            name: format!("Cabinet {serial}"),
            loop_count: 2,
        };
        kv.put(format!("gw.{serial}"), registration.encode_to_vec().into()).await.unwrap();
    }

    async fn add_rule(&self, alarm_type_id: i64, project_id: i64) {
        let kv = open_bucket(&self.js, &format!("{}_ALARM_RULES", self.cfg.nats.prefix), "").await.unwrap();
        let condition = |comparison: Comparison, threshold: f64| AlarmCondition {
            attribute: Attribute::Current.into(),
            comparison: comparison.into(),
            threshold,
            hold_seconds: 0,
        };
        let rule = AlarmRule {
            alarm_type_id,
            project_id,
            device_type: "loop".into(),
            trigger: Some(condition(Comparison::Greater, 15.0)),
            recovery: Some(condition(Comparison::LessOrEqual, 12.5)),
            alarm_name: "over-current".into(),
        };
        kv.put(format!("rule.{alarm_type_id}"), rule.encode_to_vec().into()).await.unwrap();
    }

    async fn start(&mut self) {
        let shutdown = CancellationToken::new();
        let deps = bridge::Deps { nats: self.nats.clone(), auth: self.auth.clone(), local: Default::default() };
        let handle = bridge::start(&self.cfg, deps, shutdown.clone()).await.unwrap();
        self.running = Some((shutdown, handle));
    }

    async fn stop(&mut self) {
        if let Some((shutdown, handle)) = self.running.take() {
            shutdown.cancel();
            handle.await.unwrap().unwrap();
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    async fn send(&self, serial: &GatewaySerial, channel: Channel, payload: Vec<u8>) {
        let ack = self.js.publish(self.topics.subject(serial, channel), payload.into()).await.unwrap();
        ack.await.unwrap();
    }

    /// Every message the bridge stored under `bridge.{suffix}`, in order.
    async fn stored(&self, suffix: &str) -> Vec<async_nats::jetstream::Message> {
        let stream = self.js.get_stream(format!("{}_BRIDGE", self.cfg.nats.prefix)).await.unwrap();
        let consumer = stream
            .create_consumer(consumer::pull::Config {
                filter_subject: format!("{}.bridge.{suffix}", self.cfg.nats.prefix),
                ack_policy: consumer::AckPolicy::None,
                ..Default::default()
            })
            .await
            .unwrap();
        let mut batch =
            consumer.fetch().max_messages(10_000).expires(Duration::from_millis(300)).messages().await.unwrap();
        let mut messages = Vec::new();
        while let Some(Ok(message)) = batch.next().await {
            messages.push(message);
        }
        messages
    }

    async fn transitions(&self) -> Vec<AlarmTransition> {
        self.stored("alarm.*").await.into_iter().map(|m| AlarmTransition::decode(m.payload.clone()).unwrap()).collect()
    }

    async fn wait_for<F: Fn(&[AlarmTransition]) -> bool>(&self, check: F) -> Vec<AlarmTransition> {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let transitions = self.transitions().await;
            if check(&transitions) || Instant::now() > deadline {
                return transitions;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Every consumer of the device stream (one per partition) has handled all it holds.
    async fn ingest_idle(&self) -> bool {
        let Ok(stream) = self.js.get_stream(format!("{}_DEVICE", self.cfg.nats.prefix)).await else { return false };
        let Ok(names) = stream.consumer_names().collect::<Vec<_>>().await.into_iter().collect::<Result<Vec<_>, _>>()
        else {
            return false;
        };
        for name in names {
            let Ok(mut consumer) = stream.get_consumer::<consumer::pull::Config>(&name).await else { return false };
            if !consumer.info().await.is_ok_and(|i| i.num_pending == 0 && i.num_ack_pending == 0) {
                return false;
            }
        }
        true
    }

    /// A second bridge of the same deployment (same prefix and settings, its own gRPC port).
    async fn beside(&self) -> Self {
        let mut cfg = self.cfg.clone();
        cfg.grpc.bridge_listen = ([127, 0, 0, 1], free_port()).into();
        Self {
            cfg,
            nats: self.nats.clone(),
            js: self.js.clone(),
            topics: self.topics.clone(),
            auth: self.auth.clone(),
            running: None,
        }
    }

    /// Who holds each partition lease: consumer name to member id.
    async fn leases(&self) -> std::collections::BTreeMap<String, String> {
        let mut held = std::collections::BTreeMap::new();
        let Ok(kv) = self.js.get_key_value(format!("{}_BRIDGE_LEASES", self.cfg.nats.prefix)).await else {
            return held;
        };
        let keys: Vec<String> = kv.keys().await.unwrap().filter_map(|k| async { k.ok() }).collect().await;
        for key in keys {
            if let (Some(name), Ok(Some(value))) = (key.strip_prefix("lease."), kv.get(&key).await) {
                held.insert(name.to_owned(), String::from_utf8_lossy(&value).into_owned());
            }
        }
        held
    }

    /// Waits until the partition leases are spread as `check` wants (member counts).
    async fn wait_for_leases<F: Fn(&[usize]) -> bool>(&self, check: F) -> std::collections::BTreeMap<String, String> {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let leases = self.leases().await;
            let mut counts: std::collections::BTreeMap<&String, usize> = std::collections::BTreeMap::new();
            for member in leases.values() {
                *counts.entry(member).or_default() += 1;
            }
            let mut counts: Vec<usize> = counts.into_values().collect();
            counts.sort_unstable();
            if check(&counts) || Instant::now() > deadline {
                return leases;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    async fn token(&self, project_id: i64) -> String {
        let state = SessionState {
            uid: 1,
            user_name: "admin".into(),
            expires_at_ms: Utc::now().timestamp_millis() + 3_600_000,
            permissions: vec!["*:*:*".into()],
            all_projects: false,
            project_ids: vec![project_id],
        };
        self.auth.sessions().put("s1", &state).await.unwrap();
        let now = Utc::now().timestamp();
        self.auth.signer().sign(&Claims { sid: "s1".into(), uid: 1, iat: now, exp: now + 3600 }).unwrap()
    }

    async fn client(&self) -> pb::bridge_service_client::BridgeServiceClient<tonic::transport::Channel> {
        let url = format!("http://{}", self.cfg.grpc.bridge_listen);
        pb::bridge_service_client::BridgeServiceClient::connect(url).await.unwrap()
    }
}

fn telemetry(serial: &GatewaySerial, seq: u64, at_s: i64, current: f64) -> Vec<u8> {
    let loops = (1..=2)
        .map(|i| LoopReading {
            index: LoopIndex::new(i).unwrap(),
            on: true,
            voltage_v: 220.0,
            current_a: if i == 1 { current } else { 5.0 },
            active_power_w: 1000.0,
            energy_kwh: seq as f64,
        })
        .collect();
    encode_uplink(&Uplink::Telemetry(Telemetry {
        id: MessageId::new(serial.clone(), seq),
        device_time: Utc.timestamp_opt(at_s, 0).unwrap(),
        gateway: GatewayReading {
            signal_dbm: -70,
            temperature_c: 25.0,
            firmware: FirmwareVersion::new("1.0").unwrap(),
        },
        loops,
    }))
    .unwrap()
}

fn heartbeat(serial: &GatewaySerial, seq: u64) -> Vec<u8> {
    encode_uplink(&Uplink::Heartbeat(Heartbeat {
        id: MessageId::new(serial.clone(), seq),
        device_time: Utc::now(),
        uptime: Duration::from_secs(1),
        firmware: FirmwareVersion::new("1.0").unwrap(),
    }))
    .unwrap()
}

#[tokio::test]
async fn breaches_raise_once_recover_once_and_garbage_is_skipped() {
    let mut rig = Rig::new("a").await;
    rig.register("GW-1", 11, 1).await;
    rig.add_rule(7, 1).await;
    rig.start().await;
    let gw = GatewaySerial::new("GW-1").unwrap();
    let t0 = Utc::now().timestamp() - 60;
    rig.send(&gw, Channel::Telemetry, telemetry(&gw, 1, t0, 10.0)).await;
    rig.send(&gw, Channel::Telemetry, telemetry(&gw, 2, t0 + 1, 20.0)).await;
    rig.send(&gw, Channel::Telemetry, telemetry(&gw, 2, t0 + 1, 20.0)).await; // resent
    rig.send(&gw, Channel::Telemetry, b"{not json".to_vec()).await;
    rig.send(&gw, Channel::Telemetry, br#"{"v":2}"#.to_vec()).await;
    rig.send(&gw, Channel::Telemetry, telemetry(&gw, 3, t0 + 2, 21.0)).await;
    rig.send(&gw, Channel::Telemetry, telemetry(&gw, 4, t0 + 3, 9.0)).await;
    let transitions = rig.wait_for(|t| t.len() >= 2).await;
    assert_eq!(transitions.len(), 2, "{transitions:?}");
    assert!(transitions[0].raised && transitions[0].transition_id == "7.GW-1.1.r.2");
    assert_eq!((transitions[0].project_id, transitions[0].gateway_id, transitions[0].loop_index), (1, 11, 1));
    assert!(!transitions[1].raised);
    assert_eq!(transitions[1].raise_transition_id, transitions[0].transition_id);
    // An unregistered gateway's telemetry goes nowhere.
    let stranger = GatewaySerial::new("GW-X").unwrap();
    rig.send(&stranger, Channel::Telemetry, telemetry(&stranger, 1, t0, 30.0)).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(rig.transitions().await.len(), 2);
    let batches = rig.stored("telemetry").await;
    let samples: usize = batches
        .iter()
        .map(|m| lumiscape_proto::events::v1::TelemetryBatch::decode(m.payload.clone()).unwrap().samples.len())
        .sum();
    assert_eq!(samples, 4, "four good samples of the registered gateway, the resend dropped");
    assert!(rig.ingest_idle().await, "nothing left pending");
    rig.stop().await;
}

#[tokio::test]
async fn condition_state_survives_a_restart() {
    let mut rig = Rig::new("b").await;
    rig.register("GW-2", 12, 1).await;
    rig.add_rule(8, 1).await;
    rig.start().await;
    let gw = GatewaySerial::new("GW-2").unwrap();
    let t0 = Utc::now().timestamp() - 60;
    rig.send(&gw, Channel::Telemetry, telemetry(&gw, 1, t0, 30.0)).await;
    rig.wait_for(|t| t.len() == 1).await;
    rig.stop().await;
    rig.start().await;
    // Replayed and still-breaching samples after the restart raise nothing new.
    rig.send(&gw, Channel::Telemetry, telemetry(&gw, 1, t0, 30.0)).await;
    rig.send(&gw, Channel::Telemetry, telemetry(&gw, 2, t0 + 1, 31.0)).await;
    rig.send(&gw, Channel::Telemetry, telemetry(&gw, 3, t0 + 2, 1.0)).await;
    let transitions = rig.wait_for(|t| t.len() >= 2).await;
    assert_eq!(transitions.len(), 2, "{transitions:?}");
    assert_eq!(transitions[1].raise_transition_id, "8.GW-2.1.r.1");
    rig.stop().await;
}

#[tokio::test]
async fn presence_is_raised_once_and_cleared_once() {
    let mut rig = Rig::new("c").await;
    rig.register("GW-3", 13, 1).await;
    rig.start().await;
    let gw = GatewaySerial::new("GW-3").unwrap();
    for seq in 1..=3 {
        rig.send(&gw, Channel::Heartbeat, heartbeat(&gw, seq)).await;
    }
    tokio::time::sleep(Duration::from_secs(4)).await;
    let statuses: Vec<bool> = rig
        .stored("gateway.status")
        .await
        .into_iter()
        .map(|m| GatewayStatusChanged::decode(m.payload.clone()).unwrap().online)
        .collect();
    assert_eq!(statuses, vec![true, false], "online once, offline once after 2 s of silence");
    rig.stop().await;
    rig.start().await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(rig.stored("gateway.status").await.len(), 2, "a restart repeats nothing");
    rig.send(&gw, Channel::Heartbeat, heartbeat(&gw, 4)).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(rig.stored("gateway.status").await.len(), 3, "back online");
    rig.stop().await;
}

#[tokio::test]
async fn commands_are_acknowledged_refused_offline_and_time_out() {
    let mut rig = Rig::new("d").await;
    for (serial, id) in [("SIM-00001", 21), ("GW-MUTE", 22), ("GW-GONE", 23)] {
        rig.register(serial, id, 1).await;
    }
    rig.register("GW-OTHER", 24, 2).await;
    rig.start().await;
    let token = rig.token(1).await;
    let mut client = rig.client().await;
    let request = |serial: &str, token: &str| {
        let mut request = tonic::Request::new(pb::SendCommandRequest {
            serial: serial.into(),
            command: Some(pb::send_command_request::Command::SetLoop(pb::SetLoop {
                index: 1,
                on: false,
                level: 0,
                until_ms: 0,
            })),
            timeout_ms: 0,
        });
        request.metadata_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
        request.metadata_mut().insert("project-id", "1".parse().unwrap());
        request.metadata_mut().insert("content-language", "en_US".parse().unwrap());
        request
    };

    // A live simulated gateway obeys and acknowledges.
    let stop = CancellationToken::new();
    let fleet = lumiscape_gateway_bridge::SimulatorConfig {
        gateways: 1,
        loops: 2,
        interval: Duration::from_millis(200),
        subject_prefix: rig.cfg.nats.prefix.clone(),
        credentials_dir: Some(support::fleet_credentials(&rig.cfg.nats.prefix, "SIM-", 1)),
        seed: Some(1),
        ..Default::default()
    };
    let (url, sim_stop) = (nats_url(), stop.clone());
    let sim = tokio::spawn(async move { lumiscape_gateway_bridge::simulator::run(fleet, &url, sim_stop).await });
    tokio::time::sleep(Duration::from_millis(800)).await;
    let answer = client.send_command(request("SIM-00001", &token)).await.unwrap().into_inner();
    assert!(answer.ok, "{answer:?}");
    stop.cancel();
    sim.await.unwrap().unwrap();

    // Never heard of: offline, at once.
    let started = Instant::now();
    let refused = client.send_command(request("GW-GONE", &token)).await.unwrap_err();
    assert_eq!(refused.code(), tonic::Code::FailedPrecondition);
    assert_eq!(refused.message(), "Device offline, cannot operate.");
    assert!(started.elapsed() < Duration::from_millis(500));

    // Alive but silent on commands: a timeout after the configured wait.
    let mute = GatewaySerial::new("GW-MUTE").unwrap();
    rig.send(&mute, Channel::Heartbeat, heartbeat(&mute, 1)).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let started = Instant::now();
    let timed_out = client.send_command(request("GW-MUTE", &token)).await.unwrap_err();
    assert_eq!(timed_out.code(), tonic::Code::DeadlineExceeded);
    assert!(timed_out.message().contains("did not answer"), "{}", timed_out.message());
    assert!(started.elapsed() >= Duration::from_millis(950));

    // Another project's gateway, a bad loop, no token.
    let denied = client.send_command(request("GW-OTHER", &token)).await.unwrap_err();
    assert_eq!(denied.code(), tonic::Code::PermissionDenied);
    let mut bad = request("SIM-00001", &token);
    bad.get_mut().command =
        Some(pb::send_command_request::Command::SetLoop(pb::SetLoop { index: 0, on: true, level: 0, until_ms: 0 }));
    assert_eq!(client.send_command(bad).await.unwrap_err().code(), tonic::Code::InvalidArgument);
    // A brightness over 100, or one for switching off, is not a command either.
    for (on, level) in [(true, 101), (false, 30)] {
        let mut bad = request("SIM-00001", &token);
        bad.get_mut().command =
            Some(pb::send_command_request::Command::SetLoop(pb::SetLoop { index: 1, on, level, until_ms: 0 }));
        assert_eq!(client.send_command(bad).await.unwrap_err().code(), tonic::Code::InvalidArgument);
    }
    let mut anonymous = request("SIM-00001", &token);
    anonymous.metadata_mut().remove("authorization");
    assert_eq!(client.send_command(anonymous).await.unwrap_err().code(), tonic::Code::Unauthenticated);
    rig.stop().await;
}

#[tokio::test]
async fn a_gateway_on_mqtt_reports_and_obeys_through_the_bridge() {
    let Some(server) = support::PrivateNats::from_env("the mqtt bridge test") else { return };
    let url = format!("nats://127.0.0.1:{}", server.port);
    let mut rig = Rig::on("m", &url).await;
    rig.register("SIM-00001", 31, 1).await;
    rig.start().await;
    let fleet = lumiscape_gateway_bridge::SimulatorConfig {
        gateways: 1,
        loops: 2,
        interval: Duration::from_millis(200),
        transport: lumiscape_gateway_bridge::Transport::Mqtt,
        subject_prefix: rig.cfg.nats.prefix.clone(),
        credentials_dir: Some(support::fleet_credentials(&rig.cfg.nats.prefix, "SIM-", 1)),
        seed: Some(3),
        ..Default::default()
    };
    let stop = CancellationToken::new();
    let (mqtt, sim_stop) = (format!("127.0.0.1:{}", server.mqtt_port), stop.clone());
    let sim = tokio::spawn(async move { lumiscape_gateway_bridge::simulator::run(fleet, &mqtt, sim_stop).await });

    let deadline = Instant::now() + Duration::from_secs(15);
    while rig.stored("telemetry").await.is_empty() || rig.stored("gateway.status").await.is_empty() {
        assert!(Instant::now() < deadline, "no telemetry from the mqtt gateway: {}", server.log());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let token = rig.token(1).await;
    let mut request = tonic::Request::new(pb::SendCommandRequest {
        serial: "SIM-00001".into(),
        command: Some(pb::send_command_request::Command::ReadState(pb::ReadState {})),
        timeout_ms: 0,
    });
    request.metadata_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
    request.metadata_mut().insert("project-id", "1".parse().unwrap());
    let answer = rig.client().await.send_command(request).await.unwrap().into_inner();
    assert!(answer.ok && answer.loops.len() == 2, "{answer:?}");
    stop.cancel();
    sim.await.unwrap().unwrap();
    rig.stop().await;
}

/// The device stream stores each message under its gateway's partition, as NATS's
/// `partition()` computes it, and the bridge's own hash (which picks the condition states and
/// presence a partition's new holder loads) agrees with the server's for every serial.
#[tokio::test]
async fn the_partition_of_a_serial_is_the_servers() {
    let rig = Rig::new("h").await;
    let (source, destination) = rig.topics.partition_transform(7);
    let name = format!("{}_HASH", rig.cfg.nats.prefix);
    let stream = rig
        .js
        .create_stream(jetstream::stream::Config {
            name: name.clone(),
            subjects: vec![source],
            subject_transform: Some(jetstream::stream::SubjectTransform {
                source: rig.topics.all_wildcard(),
                destination,
            }),
            ..Default::default()
        })
        .await
        .unwrap();
    for n in 0..200 {
        let serial = GatewaySerial::new(format!("GW-{n:05}")).unwrap();
        let ack = rig.js.publish(rig.topics.subject(&serial, Channel::Heartbeat), "{}".into()).await.unwrap();
        let seq = ack.await.unwrap().sequence;
        let stored = stream.get_raw_message(seq).await.unwrap();
        let expected =
            rig.topics.partition_filter(7, lumiscape_gateway_bridge::protocol::partition_of(serial.as_str(), 7));
        assert_eq!(
            format!("{}.heartbeat", expected.trim_end_matches(".>").to_owned() + "." + serial.as_str()),
            stored.subject.as_str()
        );
        assert_eq!(rig.topics.parse_subject(&stored.subject).unwrap(), (serial, Channel::Heartbeat));
    }
    rig.js.delete_stream(&name).await.unwrap();
}

/// Two bridges share four partitions two and two; every breach of eight gateways is raised
/// once. One bridge stops: the other takes its partitions over, with their condition states,
/// and every recovery comes once, closing the alarm the first bridge raised.
#[tokio::test]
async fn two_bridges_share_the_gateways_and_one_takes_over_when_the_other_stops() {
    let mut first = Rig::new("p").await;
    first.cfg.bridge.partitions = 4;
    first.cfg.bridge.lease_seconds = 3;
    let serials: Vec<GatewaySerial> = (1..=8).map(|n| GatewaySerial::new(format!("GW-{n}")).unwrap()).collect();
    for (n, serial) in serials.iter().enumerate() {
        first.register(serial.as_str(), 100 + n as i64, 1).await;
    }
    first.add_rule(9, 1).await;
    first.start().await;
    let mut second = first.beside().await;
    second.start().await;
    let leases = first.wait_for_leases(|counts| counts == [2, 2]).await;
    assert_eq!(leases.len(), 4, "{leases:?}");
    let members: std::collections::BTreeSet<&String> = leases.values().collect();
    assert_eq!(members.len(), 2, "both bridges hold partitions: {leases:?}");

    let t0 = Utc::now().timestamp() - 120;
    for serial in &serials {
        first.send(serial, Channel::Telemetry, telemetry(serial, 1, t0, 10.0)).await;
        first.send(serial, Channel::Telemetry, telemetry(serial, 2, t0 + 1, 20.0)).await;
    }
    let raised = first.wait_for(|t| t.len() >= 8).await;
    assert_eq!(raised.len(), 8, "{raised:?}");
    assert!(raised.iter().all(|t| t.raised));

    second.stop().await;
    let leases = first.wait_for_leases(|counts| counts == [4]).await;
    assert_eq!(leases.len(), 4, "the first bridge holds every partition: {leases:?}");
    for serial in &serials {
        // Still breaching (nothing new), then recovered.
        first.send(serial, Channel::Telemetry, telemetry(serial, 3, t0 + 2, 21.0)).await;
        first.send(serial, Channel::Telemetry, telemetry(serial, 4, t0 + 3, 5.0)).await;
    }
    let transitions = first.wait_for(|t| t.len() >= 16).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let transitions = if transitions.len() == 16 { first.transitions().await } else { transitions };
    assert_eq!(transitions.len(), 16, "{transitions:?}");
    for serial in &serials {
        let mine: Vec<&AlarmTransition> = transitions.iter().filter(|t| t.serial == serial.as_str()).collect();
        assert_eq!(mine.len(), 2, "{serial}: {mine:?}");
        assert!(mine[0].raised && !mine[1].raised);
        assert_eq!(mine[1].raise_transition_id, mine[0].transition_id, "the recovery closes the raised alarm");
    }
    assert!(first.ingest_idle().await);
    first.stop().await;
}

/// A deployment from before partitions: its device stream is untransformed and its single
/// consumer `bridge-ingest` holds a breach. A bridge with partitions decides that backlog
/// first, deletes the old consumer, and goes on by partition: the recovery closes the alarm.
#[tokio::test]
async fn a_stream_from_before_partitions_is_emptied_then_partitioned() {
    let mut rig = Rig::new("l").await;
    rig.cfg.bridge.partitions = 2;
    rig.register("GW-OLD", 41, 1).await;
    rig.add_rule(5, 1).await;
    let topics = &rig.topics;
    let device = format!("{}_DEVICE", rig.cfg.nats.prefix);
    let stream = rig
        .js
        .create_stream(jetstream::stream::Config {
            name: device.clone(),
            subjects: [Channel::Telemetry, Channel::Heartbeat, Channel::Event]
                .into_iter()
                .map(|c| topics.channel_wildcard(c))
                .collect(),
            retention: jetstream::stream::RetentionPolicy::Interest,
            ..Default::default()
        })
        .await
        .unwrap();
    stream
        .create_consumer(consumer::pull::Config {
            durable_name: Some("bridge-ingest".into()),
            ack_policy: consumer::AckPolicy::All,
            ..Default::default()
        })
        .await
        .unwrap();
    let gw = GatewaySerial::new("GW-OLD").unwrap();
    let t0 = Utc::now().timestamp() - 60;
    rig.send(&gw, Channel::Telemetry, telemetry(&gw, 1, t0, 25.0)).await;
    rig.send(&gw, Channel::Telemetry, telemetry(&gw, 2, t0 + 1, 26.0)).await;
    rig.start().await;
    let raised = rig.wait_for(|t| !t.is_empty()).await;
    assert_eq!(raised.len(), 1, "{raised:?}");
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let names: Vec<String> = stream.consumer_names().filter_map(|n| async { n.ok() }).collect().await;
        if !names.contains(&"bridge-ingest".to_owned()) {
            assert_eq!(names.len(), 2, "the partitions' consumers: {names:?}");
            break;
        }
        assert!(Instant::now() < deadline, "the old consumer is still there: {names:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    rig.send(&gw, Channel::Telemetry, telemetry(&gw, 3, t0 + 2, 3.0)).await;
    let transitions = rig.wait_for(|t| t.len() >= 2).await;
    assert_eq!(transitions.len(), 2, "{transitions:?}");
    assert_eq!(transitions[1].raise_transition_id, raised[0].transition_id);
    assert!(rig.ingest_idle().await);
    rig.stop().await;
}
