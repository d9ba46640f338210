//! The event spine end to end, against real NATS and PostgreSQL: device messages in, alarms
//! and gateway presence out, through crashes of the bridge and the alarm service, a NATS
//! restart, duplicates and garbage; commands to offline and silent gateways.

mod common;

use std::time::{Duration, Instant};

use async_nats::jetstream;
use chrono::{TimeZone, Utc};
use common::{Call, Cluster, Deployment, NatsServer, Options, consumer_idle, device_idle, eventually, metric};
use lumiscape_gateway_bridge::protocol::{
    Channel, DeviceEvent, EventKind, FirmwareVersion, GatewayReading, GatewaySerial, Heartbeat, LoopIndex, LoopReading,
    MessageId, Telemetry, Topics, Uplink, encode_uplink,
};
use serde_json::{Value, json};

/// Processes that can be killed one at a time.
const PIECES: Deployment = Deployment::Processes(&["identity,project,lighting,edge", "alarm", "bridge"]);
/// The demo's second project: no seeded alarm types, so every alarm here is ours.
const PROJECT: &str = "2";
/// Samples per gateway in the burst, and the gateways.
const SAMPLES: u64 = 500;
const GATEWAYS: u64 = 20;
/// Loop 1 breaches (20 A) in every odd window of this many samples, before sample 475.
const WINDOW: u64 = 25;
const BREACH_END: u64 = 475;

fn options(extra: &[(&str, &str)]) -> Options {
    Options { extra_env: extra.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(), ..Options::default() }
}

struct Site<'a> {
    cluster: &'a Cluster,
    token: String,
    topics: Topics,
}

impl<'a> Site<'a> {
    async fn open(cluster: &'a Cluster) -> Self {
        let token = cluster.api.login("admin", "admin123").await;
        Self { cluster, token, topics: Topics::new(&cluster.prefix).unwrap() }
    }

    async fn call(&self, call: Call<'_>) -> (u16, Value) {
        let call = call.token(&self.token).header("ProjectId", PROJECT).header("Content-Language", "en_US");
        self.cluster.api.send(call).await
    }

    async fn add_gateway(&self, serial: &str, loops: u32) -> i64 {
        let body = json!({
            "gatewayName": format!("Cabinet {serial}"),
            "gatewayNumber": serial,
            "communicationType": "1",
            "loopCount": loops,
        });
        let (status, reply) = self.call(Call::post("/lighting/gateway").json(body)).await;
        assert_eq!((status, reply["code"].as_i64()), (200, Some(200)), "{reply}");
        reply["data"]["gatewayId"].as_i64().expect("gateway id")
    }

    async fn add_over_current_type(&self) {
        let body = json!({
            "alarmName": "Over-current",
            "deviceType": "loop",
            "alarmLevel": "1",
            "contentZh": "回路过流",
            "contentEn": "Loop over-current",
            "triggerAttribute": "current",
            "triggerComparison": ">",
            "triggerValue": "15.0",
            "triggerDuration": 0,
            "recoveryAttribute": "current",
            "recoveryComparison": "<=",
            "recoveryValue": "12.5",
            "recoveryDuration": 0,
            "autoProcessing": "1",
            "autoWorkOrder": "0",
            "status": "0",
        });
        let (status, reply) = self.call(Call::post("/alarm/type").json(body)).await;
        assert_eq!((status, reply["code"].as_i64()), (200, Some(200)), "{reply}");
    }

    /// Waits until the bridge can see `gateways` registered gateways and `rules` rules.
    async fn wait_for_buckets(&self, gateways: usize, rules: usize) {
        let js = self.cluster.jetstream().await;
        let count = |bucket: String| {
            let js = js.clone();
            async move {
                match js.get_key_value(bucket).await {
                    Ok(kv) => kv.status().await.map(|s| s.values() as usize).unwrap_or(0),
                    Err(_) => 0,
                }
            }
        };
        let prefix = &self.cluster.prefix;
        let ready = eventually(20, || async {
            count(format!("{prefix}_GATEWAYS")).await >= gateways
                && count(format!("{prefix}_ALARM_RULES")).await >= rules
        })
        .await;
        assert!(ready, "registry and rules did not reach the buckets");
        // The bridge's mirrors follow the buckets within moments.
        tokio::time::sleep(Duration::from_millis(500)).await;
    }

    async fn total(&self, path: &str) -> i64 {
        let (_, reply) = self.call(Call::get(path)).await;
        reply["total"].as_i64().unwrap_or(-1)
    }
}

fn serial(n: u64) -> GatewaySerial {
    GatewaySerial::new(format!("SPN-{n:03}")).unwrap()
}

fn telemetry(serial: &GatewaySerial, seq: u64, at_s: i64, currents: &[f64]) -> Vec<u8> {
    let loops = currents
        .iter()
        .enumerate()
        .map(|(i, current)| LoopReading {
            index: LoopIndex::new(i as u64 + 1).unwrap(),
            on: true,
            voltage_v: 220.0,
            current_a: *current,
            active_power_w: 220.0 * current * 0.95,
            energy_kwh: 100.0 + seq as f64 / 100.0,
        })
        .collect();
    let uplink = Uplink::Telemetry(Telemetry {
        id: MessageId::new(serial.clone(), seq),
        device_time: Utc.timestamp_opt(at_s, 0).unwrap(),
        gateway: GatewayReading {
            signal_dbm: -70,
            temperature_c: 30.0,
            firmware: FirmwareVersion::new("2.4.1").unwrap(),
        },
        loops,
    });
    encode_uplink(&uplink).unwrap()
}

fn heartbeat(serial: &GatewaySerial, seq: u64) -> Vec<u8> {
    encode_uplink(&Uplink::Heartbeat(Heartbeat {
        id: MessageId::new(serial.clone(), seq),
        device_time: Utc::now(),
        uptime: Duration::from_secs(seq),
        firmware: FirmwareVersion::new("2.4.1").unwrap(),
    }))
    .unwrap()
}

/// The burst's current on loop 1 of sample `i`.
fn burst_current(i: u64) -> f64 {
    if (i / WINDOW) % 2 == 1 && i < BREACH_END { 20.0 } else { 10.0 }
}

/// Alarms the burst must raise (and recover): one per breach window per gateway.
fn burst_alarms() -> i64 {
    ((0..SAMPLES).filter(|i| i % WINDOW == 0 && burst_current(*i) > 15.0).count() as u64 * GATEWAYS) as i64
}

/// The burst's messages in sending order: gateways interleaved, each in its own order.
fn burst(topics: &Topics) -> Vec<(String, Vec<u8>)> {
    let start = Utc::now().timestamp() - 2 * SAMPLES as i64;
    let mut messages = Vec::new();
    for i in 0..SAMPLES {
        for g in 1..=GATEWAYS {
            let serial = serial(g);
            let subject = topics.subject(&serial, lumiscape_gateway_bridge::protocol::Channel::Telemetry);
            messages.push((subject, telemetry(&serial, i + 1, start + i as i64, &[burst_current(i), 10.0])));
        }
    }
    messages
}

/// Publishes device messages through JetStream, so each is known to be stored; retries
/// while the server is away.
async fn publish(js: &jetstream::Context, messages: &[(String, Vec<u8>)]) {
    for chunk in messages.chunks(250) {
        loop {
            let mut acks = Vec::new();
            let mut failed = false;
            for (subject, payload) in chunk {
                match js.publish(subject.clone(), payload.clone().into()).await {
                    Ok(ack) => acks.push(ack),
                    Err(_) => failed = true,
                }
            }
            for ack in acks {
                failed |= ack.await.is_err();
            }
            if !failed {
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

/// Waits until the burst's alarms are all in and all recovered, and the consumers are idle.
async fn expect_burst_outcome(site: &Site<'_>, js: &jetstream::Context) {
    let expected = burst_alarms();
    let settled = eventually(180, || async {
        site.total("/alarm/history/list?pageSize=10").await >= expected
            && site.total("/alarm/realtime/list?pageSize=10").await == 0
    })
    .await;
    let history = site.total("/alarm/history/list?pageSize=10").await;
    let open = site.total("/alarm/realtime/list?pageSize=10").await;
    if !settled {
        dump_transitions(js, &site.cluster.prefix).await;
    }
    assert!(settled, "expected {expected} alarms, all recovered; have {history}, {open} open");
    let prefix = &site.cluster.prefix;
    let idle = eventually(30, || async {
        device_idle(js, prefix).await && consumer_idle(js, &format!("{prefix}_BRIDGE"), "alarm-transitions").await
    })
    .await;
    assert!(idle, "consumers still hold pending messages");
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(site.total("/alarm/history/list?pageSize=10").await, expected, "exactly one alarm per breach");
    let (_, page) = site.call(Call::get("/alarm/history/list?pageSize=100")).await;
    for row in page["rows"].as_array().unwrap() {
        assert_eq!(row["status"], "4", "every recovery closes its alarm: {row}");
        assert!(row["endTime"].is_string(), "end time on recovery: {row}");
    }
}

async fn register_burst_fleet(site: &Site<'_>) {
    for g in 1..=GATEWAYS {
        site.add_gateway(serial(g).as_str(), 2).await;
    }
    site.add_over_current_type().await;
    site.wait_for_buckets(GATEWAYS as usize, 1).await;
}

#[tokio::test]
async fn a_burst_survives_kill_9_of_the_bridge_then_the_alarm_service() {
    let mut cluster = Cluster::start_with(PIECES, Options::default()).await;
    let site = Site::open(&cluster).await;
    register_burst_fleet(&site).await;
    let js = cluster.jetstream().await;
    let messages = burst(&site.topics);
    assert_eq!(messages.len(), 10_000);
    let token = site.token.clone();
    let topics = site.topics.clone();
    drop(site);

    publish(&js, &messages[..3000]).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    cluster.kill("bridge");
    publish(&js, &messages[3000..6000]).await;
    cluster.restart("bridge").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    cluster.kill("alarm");
    publish(&js, &messages[6000..]).await;
    cluster.restart("alarm").await;

    let site = Site { cluster: &cluster, token, topics };
    expect_burst_outcome(&site, &js).await;
}

/// Two bridges share the gateways by partition (four partitions, two each); one is killed
/// with SIGKILL mid-burst and the other takes its partitions over once their leases expire,
/// from the states and positions it left: every breach is raised once and recovered once.
#[tokio::test]
async fn a_burst_survives_kill_9_of_one_of_two_bridges() {
    let options = options(&[("LUMISCAPE_BRIDGE__PARTITIONS", "4"), ("LUMISCAPE_BRIDGE__LEASE_SECONDS", "3")]);
    let mut cluster = Cluster::start_with(PIECES, options).await;
    cluster.add_replica("bridge").await;
    let site = Site::open(&cluster).await;
    register_burst_fleet(&site).await;
    let js = cluster.jetstream().await;
    let messages = burst(&site.topics);
    let token = site.token.clone();
    let topics = site.topics.clone();
    drop(site);

    publish(&js, &messages[..4000]).await;
    // Both bridges have decided part of the burst before one of them dies.
    let both = eventually(30, || async {
        let texts = cluster.metrics_of("bridge").await;
        texts.len() == 2 && texts.iter().all(|t| metric(t, "lumiscape_bridge_messages_total") > 0.0)
    })
    .await;
    assert!(both, "each bridge handles its partitions");
    cluster.kill("bridge");
    publish(&js, &messages[4000..]).await;

    let site = Site { cluster: &cluster, token, topics };
    expect_burst_outcome(&site, &js).await;
}

/// The alarm and lighting services run as two replicas each, sharing their durable consumers
/// (each message to one of them): the burst's alarms are each recorded once, its samples are
/// all stored, and every replica took its part.
#[tokio::test]
async fn two_replicas_of_alarm_and_lighting_share_their_consumers() {
    const REPLICATED: Deployment = Deployment::Processes(&["identity,project,edge", "lighting", "alarm", "bridge"]);
    let mut cluster = Cluster::start_with(REPLICATED, Options::default()).await;
    cluster.add_replica("alarm").await;
    cluster.add_replica("lighting").await;
    let site = Site::open(&cluster).await;
    register_burst_fleet(&site).await;
    let js = cluster.jetstream().await;
    publish(&js, &burst(&site.topics)).await;
    expect_burst_outcome(&site, &js).await;
    let stored = eventually(30, || async {
        cluster
            .metrics_of("lighting")
            .await
            .iter()
            .map(|t| metric(t, "lumiscape_lighting_sample_rows_total"))
            .sum::<f64>()
            >= (SAMPLES * GATEWAYS * 2) as f64
    })
    .await;
    let rows: f64 =
        cluster.metrics_of("lighting").await.iter().map(|t| metric(t, "lumiscape_lighting_sample_rows_total")).sum();
    assert!(
        stored && rows == (SAMPLES * GATEWAYS * 2) as f64,
        "every loop sample stored once across the replicas: {rows}"
    );
    for (targets, series) in [
        ("alarm", r#"lumiscape_consumer_batch_messages_count{consumer="alarm-transitions"}"#),
        ("lighting", "lumiscape_lighting_sample_rows_total"),
    ] {
        let texts = cluster.metrics_of(targets).await;
        assert_eq!(texts.len(), 2, "two {targets} replicas");
        for text in &texts {
            assert!(metric(text, series) > 0.0, "a {targets} replica took no part: {series}");
        }
    }
}

#[tokio::test]
async fn nats_restarted_mid_stream_loses_nothing_acknowledged() {
    let mut nats = NatsServer::start();
    let options = Options { nats_url: Some(nats.url()), ..Options::default() };
    let cluster = Cluster::start_with(PIECES, options).await;
    let site = Site::open(&cluster).await;
    register_burst_fleet(&site).await;
    let js = jetstream::new(common::nats_client(&nats.url()).await);
    let messages = burst(&site.topics);

    publish(&js, &messages[..5000]).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    nats.restart(Duration::from_secs(1));
    // The fleet's connection is the fleet's business: it reconnects as a new client.
    let js = jetstream::new(common::nats_client(&nats.url()).await);
    publish(&js, &messages[5000..]).await;

    expect_burst_outcome(&site, &js).await;
}

#[tokio::test]
async fn a_repeated_message_makes_one_alarm_and_garbage_never_blocks() {
    let mut cluster = Cluster::start_with(PIECES, Options::default()).await;
    let site = Site::open(&cluster).await;
    let serial = serial(901);
    site.add_gateway(serial.as_str(), 1).await;
    site.add_over_current_type().await;
    site.wait_for_buckets(1, 1).await;
    let js = cluster.jetstream().await;
    let subject = site.topics.subject(&serial, lumiscape_gateway_bridge::protocol::Channel::Telemetry);
    let at = Utc::now().timestamp() - 100;
    let breach = telemetry(&serial, 1, at, &[25.0]);
    let garbage: Vec<Vec<u8>> = vec![
        b"not json".to_vec(),
        br#"{"v":99,"sn":"SPN-901"}"#.to_vec(),
        br#"{"v":1}"#.to_vec(),
        vec![0xff; 70 * 1024],
    ];
    let mut messages = vec![(subject.clone(), breach.clone()), (subject.clone(), breach.clone())];
    messages.extend(garbage.iter().map(|g| (subject.clone(), g.clone())));
    messages.push((subject.clone(), breach.clone()));
    publish(&js, &messages).await;
    assert!(eventually(30, || async { site.total("/alarm/realtime/list?pageSize=10").await == 1 }).await);

    // After a restart the bridge has forgotten recent ids; the stored state still knows.
    let token = site.token.clone();
    drop(site);
    cluster.restart("bridge").await;
    let site = Site { cluster: &cluster, token, topics: Topics::new(&cluster.prefix).unwrap() };
    publish(&js, &[(subject.clone(), breach.clone())]).await;
    // A later good sample still flows after the garbage: it recovers the alarm.
    publish(&js, &[(subject.clone(), telemetry(&serial, 2, at + 1, &[5.0]))]).await;
    assert!(eventually(30, || async { site.total("/alarm/realtime/list?pageSize=10").await == 0 }).await);
    assert_eq!(site.total("/alarm/history/list?pageSize=10").await, 1, "one alarm for one breach");
    assert!(eventually(10, || device_idle(&js, &cluster.prefix)).await);
}

fn event(serial: &GatewaySerial, seq: u64, at_s: i64, kind: EventKind, active: bool) -> Vec<u8> {
    let event = DeviceEvent {
        id: MessageId::new(serial.clone(), seq),
        device_time: Utc.timestamp_opt(at_s, 0).unwrap(),
        kind,
        active,
    };
    encode_uplink(&Uplink::Event(event)).unwrap()
}

/// An alarm type on a device event: raised while it is active (after `hold_s`), recovered
/// (and restored) when it ends.
fn event_type(name: &str, device_type: &str, attribute: &str, hold_s: u32) -> Value {
    json!({
        "alarmName": name, "deviceType": device_type, "alarmLevel": "2",
        "contentZh": name, "contentEn": name,
        "triggerAttribute": attribute, "triggerComparison": ">=", "triggerValue": "1", "triggerDuration": hold_s,
        "recoveryAttribute": attribute, "recoveryComparison": "<", "recoveryValue": "1.0", "recoveryDuration": 0,
        "autoProcessing": "1", "autoWorkOrder": "0", "status": "0",
    })
}

#[tokio::test]
async fn device_events_raise_alarms_and_recover_them() {
    let cluster = Cluster::start_with(PIECES, Options::default()).await;
    let site = Site::open(&cluster).await;
    let serial = serial(902);
    site.add_gateway(serial.as_str(), 2).await;
    for body in
        [event_type("Door open", "gateway", "door_open", 0), event_type("Contactor", "loop", "contactor_fault", 60)]
    {
        let (status, reply) = site.call(Call::post("/alarm/type").json(body)).await;
        assert_eq!((status, reply["code"].as_i64()), (200, Some(200)), "{reply}");
    }
    site.wait_for_buckets(1, 2).await;
    let js = cluster.jetstream().await;
    let at = Utc::now().timestamp() - 600;
    let (events, samples) =
        (site.topics.subject(&serial, Channel::Event), site.topics.subject(&serial, Channel::Telemetry));
    let open_alarm = |name: &'static str| {
        let site = &site;
        async move {
            let (_, page) = site.call(Call::get("/alarm/realtime/list?pageSize=10")).await;
            page["rows"].as_array().unwrap().iter().find(|r| r["alarmName"] == name).cloned()
        }
    };

    // The door opens: an alarm at once, which says what happened; it closes: restored.
    publish(&js, &[(events.clone(), event(&serial, 1, at, EventKind::DoorOpen, true))]).await;
    assert!(eventually(30, || async { open_alarm("Door open").await.is_some() }).await, "the door raised nothing");
    let door = open_alarm("Door open").await.unwrap();
    let (_, detail) = site.call(Call::get(&format!("/alarm/alarm/{}", door["alarmId"]))).await;
    assert_eq!(detail["data"]["detail"], "Triggered when the cabinet door opened", "{detail}");
    // Told again (a gateway repeating itself): still one alarm.
    publish(&js, &[(events.clone(), event(&serial, 2, at + 5, EventKind::DoorOpen, true))]).await;
    publish(&js, &[(events.clone(), event(&serial, 3, at + 60, EventKind::DoorOpen, false))]).await;
    assert!(eventually(30, || async { open_alarm("Door open").await.is_none() }).await, "the door never recovered");
    let (_, history) = site.call(Call::get("/alarm/history/list?pageSize=10")).await;
    let rows: Vec<&Value> =
        history["rows"].as_array().unwrap().iter().filter(|r| r["alarmName"] == "Door open").collect();
    assert_eq!(rows.len(), 1, "{history}");
    assert_eq!((rows[0]["status"].as_str(), rows[0]["endTime"].is_string()), (Some("4"), true));

    // A contactor fault must last a minute: the samples after it decide when it has.
    let loop_2 = EventKind::ContactorFault { index: LoopIndex::new(2).unwrap() };
    publish(&js, &[(events.clone(), event(&serial, 4, at + 100, loop_2, true))]).await;
    publish(&js, &[(samples.clone(), telemetry(&serial, 5, at + 130, &[5.0, 5.0]))]).await;
    assert!(eventually(10, || device_idle(&js, &cluster.prefix)).await);
    assert!(open_alarm("Contactor").await.is_none(), "raised before its minute");
    publish(&js, &[(samples.clone(), telemetry(&serial, 6, at + 161, &[5.0, 5.0]))]).await;
    assert!(eventually(30, || async { open_alarm("Contactor").await.is_some() }).await, "a minute on, still nothing");
    let contactor = open_alarm("Contactor").await.unwrap();
    assert_eq!(contactor["loopIndex"].as_i64(), Some(2), "{contactor}");
    // Ended at once: recovered (no duration on the recovery).
    publish(&js, &[(events.clone(), event(&serial, 7, at + 200, loop_2, false))]).await;
    assert!(eventually(30, || async { open_alarm("Contactor").await.is_none() }).await, "the fault never recovered");
    // A fault that ends before its minute raises nothing.
    publish(&js, &[(events.clone(), event(&serial, 8, at + 300, loop_2, true))]).await;
    publish(&js, &[(events.clone(), event(&serial, 9, at + 320, loop_2, false))]).await;
    publish(&js, &[(samples.clone(), telemetry(&serial, 10, at + 400, &[5.0, 5.0]))]).await;
    assert!(eventually(10, || device_idle(&js, &cluster.prefix)).await);
    assert_eq!(site.total("/alarm/history/list?pageSize=10").await, 2, "the short fault raised nothing");
}

#[tokio::test]
async fn commands_fail_fast_offline_and_time_out_without_an_ack() {
    let cluster = Cluster::start_with(
        PIECES,
        options(&[("LUMISCAPE_BRIDGE__OFFLINE_AFTER_SECONDS", "2"), ("LUMISCAPE_BRIDGE__COMMAND_TIMEOUT_MS", "1500")]),
    )
    .await;
    let site = Site::open(&cluster).await;
    let silent = serial(950);
    let mute = serial(951);
    let never_seen = site.add_gateway(silent.as_str(), 2).await;
    let mute_id = site.add_gateway(mute.as_str(), 2).await;
    site.wait_for_buckets(2, 0).await;
    let set_loop =
        |id: i64| Call::post("/lighting/control/loop").json(json!({ "gatewayId": id, "loopIndex": 1, "on": false }));

    // Never heard of: offline at once, in the spec's words.
    let started = Instant::now();
    let (_, reply) = site.call(set_loop(never_seen)).await;
    assert_eq!(reply["msg"], "Device offline, cannot operate.", "{reply}");
    assert!(started.elapsed() < Duration::from_secs(1), "offline must fail fast");

    // A gateway that beats but never acknowledges: a clear timeout.
    let nats = common::nats_client(&cluster.nats_url).await;
    let beat = site.topics.subject(&mute, lumiscape_gateway_bridge::protocol::Channel::Heartbeat);
    // It beats on, as a gateway does: a first beat that reaches the bridge before the
    // bridge's copy of the registry has the new gateway is dropped as unregistered.
    let beats = std::sync::atomic::AtomicU64::new(1);
    let online = eventually(10, || async {
        let seq = beats.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        nats.publish(beat.clone(), heartbeat(&mute, seq).into()).await.unwrap();
        nats.flush().await.unwrap();
        let (_, reply) = site.call(Call::get(&format!("/lighting/gateway/{mute_id}"))).await;
        reply["data"]["onlineStatus"] == "1"
    })
    .await;
    assert!(online, "a heartbeat brings the gateway online");
    let started = Instant::now();
    let (status, reply) = site.call(set_loop(mute_id)).await;
    assert_eq!((status, reply["code"].as_i64()), (504, Some(504)), "{reply}");
    assert!(reply["msg"].as_str().unwrap().contains("did not answer"), "{reply}");
    assert!(started.elapsed() >= Duration::from_millis(1400) && started.elapsed() < Duration::from_secs(5));

    // Silence: offline once, and commands fail fast again.
    let offline = eventually(15, || async {
        let (_, reply) = site.call(Call::get(&format!("/lighting/gateway/{mute_id}"))).await;
        reply["data"]["onlineStatus"] == "0"
    })
    .await;
    assert!(offline, "silence takes the gateway offline");
    let (_, reply) = site.call(set_loop(mute_id)).await;
    assert_eq!(reply["msg"], "Device offline, cannot operate.");
    tokio::time::sleep(Duration::from_secs(3)).await;
    let (_, history) = site.call(Call::get(&format!("/lighting/gateway/{mute_id}/onlineHistory?pageSize=50"))).await;
    let states: Vec<&str> =
        history["rows"].as_array().unwrap().iter().map(|r| r["onlineStatus"].as_str().unwrap()).collect();
    assert_eq!(states, vec!["0", "1"], "raised once, cleared once (newest first): {history}");
}

#[tokio::test]
async fn a_simulated_gateway_obeys_real_time_control() {
    let cluster = Cluster::start_with(PIECES, options(&[("LUMISCAPE_BRIDGE__OFFLINE_AFTER_SECONDS", "5")])).await;
    let site = Site::open(&cluster).await;
    let id = site.add_gateway("SPS-00001", 4).await;
    site.wait_for_buckets(1, 0).await;
    let fleet = lumiscape_gateway_bridge::SimulatorConfig {
        gateways: 1,
        loops: 4,
        interval: Duration::from_millis(500),
        serial_prefix: "SPS-".into(),
        subject_prefix: cluster.prefix.clone(),
        credentials_dir: Some(cluster.gateway_credentials("SPS-")),
        seed: Some(7),
        ..Default::default()
    };
    let stop = tokio_util::sync::CancellationToken::new();
    let server = cluster.nats_url.clone();
    let sim_stop = stop.clone();
    let sim = tokio::spawn(async move { lumiscape_gateway_bridge::simulator::run(fleet, &server, sim_stop).await });
    let online = eventually(15, || async {
        let (_, reply) = site.call(Call::get(&format!("/lighting/gateway/{id}"))).await;
        reply["data"]["onlineStatus"] == "1"
    })
    .await;
    assert!(online);
    let (status, reply) = site
        .call(Call::post("/lighting/control/loop").json(json!({ "gatewayId": id, "loopIndex": 2, "on": false })))
        .await;
    assert_eq!((status, reply["code"].as_i64()), (200, Some(200)), "{reply}");
    let (_, reply) = site.call(Call::post("/lighting/control/read").json(json!({ "gatewayId": id }))).await;
    let loops = reply["data"]["loops"].as_array().expect("the gateway's readings").clone();
    let loop2 = loops.iter().find(|l| l["loopIndex"] == 2).expect("loop 2");
    assert_eq!(loop2["on"], false, "the gateway obeyed: {reply}");
    stop.cancel();
    let stats = sim.await.unwrap().unwrap();
    assert!(stats.acks >= 2, "{stats:?}");
}

/// The status code of a call's outcome.
fn code<T>(result: Result<T, tonic::Status>) -> tonic::Code {
    result.map(|_| tonic::Code::Ok).unwrap_or_else(|status| status.code())
}

/// A call with the given token (or none) and project, as the edge would forward it.
fn forwarded<T>(message: T, token: Option<&str>, project: &str) -> tonic::Request<T> {
    let mut request = tonic::Request::new(message);
    if let Some(token) = token {
        request.metadata_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
    }
    request.metadata_mut().insert("project-id", project.parse().unwrap());
    request
}

#[tokio::test]
async fn the_services_check_the_caller_again_past_the_edge() {
    use lumiscape_proto::alarm::v1 as alarm;
    use lumiscape_proto::lighting::v1 as lighting;
    let cluster = Cluster::start_with(Deployment::Monolith, Options::default()).await;
    // The operator may use lighting and alarms, but in the first demo project only.
    let operator = cluster.api.login("operator", "operator123").await;
    let mut gateways =
        lighting::gateway_service_client::GatewayServiceClient::connect(cluster.grpc_url("lighting")).await.unwrap();
    let mut alarms = alarm::alarm_service_client::AlarmServiceClient::connect(cluster.grpc_url("alarm")).await.unwrap();
    let mut types =
        alarm::alarm_type_service_client::AlarmTypeServiceClient::connect(cluster.grpc_url("alarm")).await.unwrap();

    let list_gateways = || lighting::ListGatewaysRequest::default();
    let list_alarms = || alarm::ListAlarmsRequest::default();
    let list_types = || alarm::ListAlarmTypesRequest::default();
    // No token: refused by the service itself.
    assert_eq!(code(gateways.list_gateways(forwarded(list_gateways(), None, "1")).await), tonic::Code::Unauthenticated);
    assert_eq!(code(alarms.list_alarms(forwarded(list_alarms(), None, "1")).await), tonic::Code::Unauthenticated);
    assert_eq!(code(types.list_alarm_types(forwarded(list_types(), None, "1")).await), tonic::Code::Unauthenticated);
    // A forged token: refused.
    let forged = Some("eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4IiwidWlkIjoxfQ.c2lnbmF0dXJl");
    assert_eq!(
        code(gateways.list_gateways(forwarded(list_gateways(), forged, "1")).await),
        tonic::Code::Unauthenticated
    );
    // Another project than the caller's: refused, whatever the edge would have said.
    let token = Some(operator.as_str());
    assert_eq!(
        code(gateways.list_gateways(forwarded(list_gateways(), token, "2")).await),
        tonic::Code::PermissionDenied
    );
    assert_eq!(code(alarms.list_alarms(forwarded(list_alarms(), token, "2")).await), tonic::Code::PermissionDenied);
    assert_eq!(code(types.list_alarm_types(forwarded(list_types(), token, "2")).await), tonic::Code::PermissionDenied);
    // The caller's own project: answered.
    assert_eq!(code(gateways.list_gateways(forwarded(list_gateways(), token, "1")).await), tonic::Code::Ok);
    assert_eq!(code(alarms.list_alarms(forwarded(list_alarms(), token, "1")).await), tonic::Code::Ok);
}

#[tokio::test]
async fn the_live_stream_carries_only_the_callers_project_and_refuses_bad_calls() {
    use lumiscape_proto::events::v1::AlarmChanged;
    use prost::Message;
    let cluster = Cluster::start_with(Deployment::Monolith, Options::default()).await;
    let operator = cluster.api.login("operator", "operator123").await;
    let lang = ("Content-Language", "en_US".to_owned());
    // No token, no project, another project: refused with the envelope.
    let (status, body) = cluster.api.send(Call::get("/live/stream").header(lang.0, lang.1.clone())).await;
    assert_eq!((status, body["code"].as_i64()), (401, Some(401)), "{body}");
    let (status, body) = cluster.api.send(Call::get("/live/stream").token(&operator)).await;
    assert_eq!((status, body["code"].as_i64()), (400, Some(400)), "{body}");
    let (status, body) = cluster.api.send(Call::get("/live/stream").token(&operator).header("ProjectId", "2")).await;
    assert_eq!((status, body["code"].as_i64()), (403, Some(403)), "{body}");

    // The operator's project's alarm arrives; another project's does not.
    let mut stream = cluster
        .api
        .client
        .get(cluster.api.url("/live/stream"))
        .bearer_auth(&operator)
        .header("ProjectId", "1")
        .send()
        .await
        .unwrap();
    assert_eq!(stream.status(), 200);
    let nats = common::nats_client(&cluster.nats_url).await;
    let subject = format!("{}.alarm.raised", cluster.prefix);
    let alarm = |project_id: i64, alarm_id: i64| AlarmChanged {
        alarm_id,
        project_id,
        level: lumiscape_proto::alarm_terms::AlarmLevel::Serious.into(),
        kind: "raised".into(),
        ..Default::default()
    };
    // Give the subscription a moment, then send the foreign one first.
    tokio::time::sleep(Duration::from_millis(300)).await;
    nats.publish(subject.clone(), alarm(2, 901).encode_to_vec().into()).await.unwrap();
    nats.publish(subject, alarm(1, 902).encode_to_vec().into()).await.unwrap();
    nats.flush().await.unwrap();
    let mut received = String::new();
    let deadline = Instant::now() + Duration::from_secs(10);
    while !received.contains("\n\n") && Instant::now() < deadline {
        match tokio::time::timeout(Duration::from_secs(1), stream.chunk()).await {
            Ok(Ok(Some(chunk))) => received.push_str(&String::from_utf8_lossy(&chunk)),
            Ok(_) => break,
            Err(_) => {}
        }
    }
    assert!(received.contains("event: alarm"), "{received}");
    assert!(received.contains("\"alarmId\":902") && received.contains("\"alarmLevel\":\"1\""), "{received}");
    assert!(!received.contains("901"), "another project's alarm leaked: {received}");

    // One session holds at most `http.live_streams_per_session` (8) streams; the one open
    // above counts, so seven more open and the next is refused with 429.
    let open = || {
        cluster.api.client.get(cluster.api.url("/live/stream")).bearer_auth(&operator).header("ProjectId", "1").send()
    };
    let mut held = Vec::new();
    for _ in 0..7 {
        let response = open().await.unwrap();
        assert_eq!(response.status(), 200);
        held.push(response);
    }
    let refused = open().await.unwrap();
    assert_eq!(refused.status(), 429);
    assert!(refused.headers().contains_key("retry-after"));
    // A stream that ends gives its place back, once the server notices (at the latest when
    // its next keep-alive, every 15 s, finds the connection closed).
    drop(held.pop());
    let mut reopened = false;
    for _ in 0..250 {
        if open().await.unwrap().status() == 200 {
            reopened = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(reopened, "a closed stream's place comes back");
    drop(stream);
}

/// Prints every alarm transition on the BRIDGE stream, by gateway and loop, with its stream
/// sequence: when the burst's outcome is wrong, a double raise shows which sample decided it.
async fn dump_transitions(js: &jetstream::Context, prefix: &str) {
    use futures::StreamExt;
    use prost::Message;
    let stream = js.get_stream(format!("{prefix}_BRIDGE")).await.unwrap();
    let consumer = stream
        .create_consumer(jetstream::consumer::pull::Config {
            filter_subject: format!("{prefix}.bridge.alarm.*"),
            ack_policy: jetstream::consumer::AckPolicy::None,
            ..Default::default()
        })
        .await
        .unwrap();
    let mut batch = consumer.fetch().max_messages(10_000).expires(Duration::from_secs(1)).messages().await.unwrap();
    let mut by: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    while let Some(Ok(m)) = batch.next().await {
        let t = lumiscape_proto::events::v1::AlarmTransition::decode(m.payload.clone()).unwrap();
        let seq = m.info().map(|i| i.stream_sequence).unwrap_or(0);
        by.entry(format!("{}.{}", t.serial, t.loop_index)).or_default().push(format!("{}@{}", t.transition_id, seq));
    }
    for (k, v) in by {
        eprintln!("TRANSITIONS {k}: {}", v.join(" "));
    }
}
