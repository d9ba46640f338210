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

    async fn ingest_idle(&self) -> bool {
        let Ok(stream) = self.js.get_stream(format!("{}_DEVICE", self.cfg.nats.prefix)).await else { return false };
        let Ok(mut consumer) = stream.get_consumer::<consumer::pull::Config>("bridge-ingest").await else {
            return false;
        };
        consumer.info().await.map(|i| i.num_pending == 0 && i.num_ack_pending == 0).unwrap_or(false)
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
            command: Some(pb::send_command_request::Command::SetLoop(pb::SetLoop { index: 1, on: false })),
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
    bad.get_mut().command = Some(pb::send_command_request::Command::SetLoop(pb::SetLoop { index: 0, on: true }));
    assert_eq!(client.send_command(bad).await.unwrap_err().code(), tonic::Code::InvalidArgument);
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
