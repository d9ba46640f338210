//! The security suite's device checks (`scripts/test security`, group "devices"): over NATS
//! and over its MQTT listener, a gateway's credential reaches its own subjects and nothing
//! else, a client without one cannot connect, and a credential stops working when its gateway
//! is deleted or a new one is issued. The server is the shared test NATS with the accounts of
//! `lumiscape nats-auth`; the credentials are issued by lighting through the HTTP API.

mod common;

use std::time::Duration;

use common::report::check;
use common::{Call, Cluster, Deployment, Options, eventually};
use futures::StreamExt;
use serde_json::{Value, json};
use tokio::sync::mpsc;

const GROUP: &str = "devices";
/// How long a message that must not arrive is waited for.
const QUIET: Duration = Duration::from_millis(700);

fn mqtt_addr() -> (String, u16) {
    let addr = std::env::var("LUMISCAPE_TEST_MQTT_ADDR").expect("LUMISCAPE_TEST_MQTT_ADDR (scripts/test sets it)");
    let (host, port) = addr.rsplit_once(':').expect("host:port");
    (host.to_owned(), port.parse().expect("a port"))
}

/// Registers a gateway in project 1 and returns (id, credential).
async fn register(cluster: &Cluster, token: &str, serial: &str) -> (i64, Value) {
    let body = json!({ "gatewayName": serial, "gatewayNumber": serial, "communicationType": "1", "loopCount": 2 });
    let (status, reply) =
        cluster.api.send(Call::post("/lighting/gateway").token(token).header("ProjectId", "1").json(body)).await;
    assert_eq!((status, reply["code"].as_i64()), (200, Some(200)), "{reply}");
    let id = reply["data"]["gatewayId"].as_i64().expect("gatewayId");
    (id, reply["data"]["credential"].clone())
}

/// A gateway's NATS connection, with the server's errors (permission violations) collected.
async fn connect_gateway(
    url: &str,
    creds: &str,
) -> Result<(async_nats::Client, mpsc::UnboundedReceiver<String>), String> {
    let (errors, received) = mpsc::unbounded_channel();
    let options = async_nats::ConnectOptions::with_credentials(creds)
        .map_err(|err| err.to_string())?
        .max_reconnects(Some(1))
        .event_callback(move |event| {
            let errors = errors.clone();
            async move {
                let _ = errors.send(event.to_string());
            }
        });
    options.connect(url).await.map(|client| (client, received)).map_err(|err| err.to_string())
}

/// Whether a message arrives on `subscriber` within [`QUIET`].
async fn arrives(subscriber: &mut async_nats::Subscriber) -> bool {
    tokio::time::timeout(QUIET, subscriber.next()).await.ok().flatten().is_some()
}

/// Whether a message `gateway` publishes on `subject` reaches `subscriber`: sent again every
/// 200 ms for 5 s, since a subscription's interest crosses from one account to the other
/// a moment after it is made.
async fn reaches(gateway: &async_nats::Client, subject: &str, subscriber: &mut async_nats::Subscriber) -> bool {
    for _ in 0..25 {
        gateway.publish(subject.to_owned(), "{}".into()).await.unwrap();
        gateway.flush().await.unwrap();
        if tokio::time::timeout(Duration::from_millis(200), subscriber.next()).await.ok().flatten().is_some() {
            // What else was sent meanwhile is taken off, so later checks see only their own.
            while tokio::time::timeout(Duration::from_millis(300), subscriber.next()).await.ok().flatten().is_some() {}
            return true;
        }
    }
    false
}

/// Whether the server reported a permissions violation naming `subject`.
async fn violation(errors: &mut mpsc::UnboundedReceiver<String>, subject: &str) -> bool {
    let deadline = tokio::time::Instant::now() + QUIET;
    while let Ok(Some(event)) = tokio::time::timeout_at(deadline, errors.recv()).await {
        if event.contains("Permissions Violation") && event.contains(subject) {
            return true;
        }
    }
    false
}

/// An MQTT client; returns its client, whether the server accepted the connection, and the
/// events after it (sub-acks, publishes).
async fn mqtt(
    client_id: &str,
    password: Option<&str>,
) -> (rumqttc::AsyncClient, bool, mpsc::UnboundedReceiver<rumqttc::Packet>) {
    let (host, port) = mqtt_addr();
    let mut options = rumqttc::MqttOptions::new(client_id, host, port);
    options.set_keep_alive(Duration::from_secs(5));
    if let Some(password) = password {
        options.set_credentials(client_id, password);
    }
    let (client, mut eventloop) = rumqttc::AsyncClient::new(options, 16);
    let (packets, received) = mpsc::unbounded_channel();
    let accepted = match tokio::time::timeout(Duration::from_secs(5), eventloop.poll()).await {
        Ok(Ok(rumqttc::Event::Incoming(rumqttc::Packet::ConnAck(ack)))) => {
            ack.code == rumqttc::ConnectReturnCode::Success
        }
        _ => false,
    };
    if accepted {
        tokio::spawn(async move {
            while let Ok(event) = eventloop.poll().await {
                if let rumqttc::Event::Incoming(packet) = event {
                    let _ = packets.send(packet);
                }
            }
        });
    }
    (client, accepted, received)
}

async fn next_packet(
    packets: &mut mpsc::UnboundedReceiver<rumqttc::Packet>,
    want: impl Fn(&rumqttc::Packet) -> bool,
) -> Option<rumqttc::Packet> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(3);
    while let Ok(Some(packet)) = tokio::time::timeout_at(deadline, packets.recv()).await {
        if want(&packet) {
            return Some(packet);
        }
    }
    None
}

#[tokio::test]
async fn a_gateway_reaches_its_own_subjects_and_nothing_else() {
    let cluster = Cluster::start_with(Deployment::Monolith, Options::default()).await;
    let token = cluster.api.login("admin", "admin123").await;
    let p = cluster.prefix.clone();
    let (_, a) = register(&cluster, &token, "SEC-A").await;
    let (_, _b) = register(&cluster, &token, "SEC-B").await;
    let services = common::nats_client(&cluster.nats_url).await;

    // No credential, no connection, over either protocol.
    let anonymous = async_nats::connect(&cluster.nats_url).await;
    check(GROUP, "nats: a client without a credential cannot connect", anonymous.is_err());
    let (_, accepted, _) = mqtt("SEC-anonymous", None).await;
    check(GROUP, "mqtt: a client without a credential cannot connect", !accepted);
    let (_, accepted, _) = mqtt("SEC-forged", Some("not-a-jwt")).await;
    check(GROUP, "mqtt: a client with a forged password cannot connect", !accepted);
    let forged = nats_forged_credential();
    check(
        GROUP,
        "nats: a credential signed by another authority cannot connect",
        connect_gateway(&cluster.nats_url, &forged).await.is_err(),
    );

    let creds = a["creds"].as_str().expect("the credential's creds file");
    let (gateway, mut errors) =
        connect_gateway(&cluster.nats_url, creds).await.expect("gateway A connects with its credential");

    // Its own telemetry arrives (the control), another gateway's subject does not.
    let mut own = services.subscribe(format!("{p}.dev.SEC-A.telemetry")).await.unwrap();
    let mut other = services.subscribe(format!("{p}.dev.SEC-B.telemetry")).await.unwrap();
    services.flush().await.unwrap();
    gateway.publish(format!("{p}.dev.SEC-B.telemetry"), "{}".into()).await.unwrap();
    gateway.flush().await.unwrap();
    let own_subject = format!("{p}.dev.SEC-A.telemetry");
    check(
        GROUP,
        "nats: a gateway's own telemetry reaches the platform",
        reaches(&gateway, &own_subject, &mut own).await,
    );
    check(GROUP, "nats: a gateway cannot publish as another serial", !arrives(&mut other).await);
    check(
        GROUP,
        "nats: publishing as another serial is reported as a violation",
        violation(&mut errors, "SEC-B.telemetry").await,
    );

    // Commands: its own arrive, another gateway's cannot be read.
    let mut own_cmd = gateway.subscribe(format!("{p}.dev.SEC-A.cmd")).await.unwrap();
    let other_cmd = gateway.subscribe(format!("{p}.dev.SEC-B.cmd")).await;
    gateway.flush().await.unwrap();
    check(
        GROUP,
        "nats: subscribing to another gateway's commands is a violation",
        violation(&mut errors, "SEC-B.cmd").await,
    );
    services.publish(format!("{p}.dev.SEC-B.cmd"), "switch".into()).await.unwrap();
    services.flush().await.unwrap();
    let own_cmd_subject = format!("{p}.dev.SEC-A.cmd");
    check(GROUP, "nats: a gateway receives its own commands", reaches(&services, &own_cmd_subject, &mut own_cmd).await);
    if let Ok(mut other_cmd) = other_cmd {
        check(GROUP, "nats: a gateway cannot read another gateway's commands", !arrives(&mut other_cmd).await);
    }

    // No stream, bucket or service subject, whatever the gateway tries.
    let js = async_nats::jetstream::new(gateway.clone());
    let info = tokio::time::timeout(Duration::from_secs(2), js.query_account()).await;
    check(GROUP, "nats: a gateway cannot reach the JetStream API", !matches!(info, Ok(Ok(_))));
    let sessions_bucket = format!("$KV.{p}_SESSIONS.forged");
    let mut session_watch = services.subscribe(format!("$KV.{p}_SESSIONS.>")).await.unwrap();
    services.flush().await.unwrap();
    gateway.publish(sessions_bucket.clone(), "{\"perms\":[\"*:*:*\"]}".into()).await.unwrap();
    gateway.flush().await.unwrap();
    check(GROUP, "nats: a gateway cannot write a session into the bucket", !arrives(&mut session_watch).await);
    let mut raised = services.subscribe(format!("{p}.alarm.raised")).await.unwrap();
    let mut any_service = services.subscribe(format!("{p}.>")).await.unwrap();
    services.flush().await.unwrap();
    let alarm_messages = stream_messages(&cluster, "ALARM").await;
    for subject in [format!("{p}.alarm.raised"), format!("{p}.lighting.gateway.changed"), "alarm.raised".into()] {
        gateway.publish(subject, "forged".into()).await.unwrap();
    }
    gateway.flush().await.unwrap();
    check(GROUP, "nats: a gateway cannot publish alarm.raised", !arrives(&mut raised).await);
    check(GROUP, "nats: a gateway cannot publish any service subject", !arrives(&mut any_service).await);
    check(GROUP, "nats: the alarm stream is unchanged", stream_messages(&cluster, "ALARM").await == alarm_messages);
    let snoop = gateway.subscribe(format!("{p}.>")).await;
    gateway.flush().await.unwrap();
    check(
        GROUP,
        "nats: a gateway cannot subscribe to the platform's subjects",
        violation(&mut errors, &format!("{p}.>")).await || snoop.is_err(),
    );

    // The same over MQTT, the JWT as password.
    let jwt = a["jwt"].as_str().expect("the credential's jwt");
    let (client, accepted, mut packets) = mqtt(&format!("{p}-SEC-A"), Some(jwt)).await;
    check(GROUP, "mqtt: a gateway connects with its credential", accepted);
    client.subscribe(format!("{p}/dev/SEC-B/cmd"), rumqttc::QoS::AtLeastOnce).await.unwrap();
    let refused = next_packet(&mut packets, |p| matches!(p, rumqttc::Packet::SubAck(_))).await;
    check(
        GROUP,
        "mqtt: subscribing to another gateway's commands is refused",
        matches!(refused, Some(rumqttc::Packet::SubAck(ack)) if ack.return_codes.iter().all(|c| matches!(c, rumqttc::SubscribeReasonCode::Failure))),
    );
    client.subscribe(format!("{p}/dev/SEC-A/cmd"), rumqttc::QoS::AtLeastOnce).await.unwrap();
    let granted = next_packet(&mut packets, |p| matches!(p, rumqttc::Packet::SubAck(_))).await;
    check(
        GROUP,
        "mqtt: a gateway may subscribe to its own commands",
        matches!(granted, Some(rumqttc::Packet::SubAck(ack)) if ack.return_codes.iter().all(|c| !matches!(c, rumqttc::SubscribeReasonCode::Failure))),
    );
    for topic in [format!("{p}/dev/SEC-B/telemetry"), format!("{p}/alarm/raised"), format!("$KV/{p}_SESSIONS/forged")] {
        client.publish(topic, rumqttc::QoS::AtLeastOnce, false, "forged").await.unwrap();
    }
    client.publish(format!("{p}/dev/SEC-A/telemetry"), rumqttc::QoS::AtLeastOnce, false, "{}").await.unwrap();
    let own_over_mqtt = tokio::time::timeout(Duration::from_secs(5), own.next()).await.ok().flatten().is_some();
    check(GROUP, "mqtt: a gateway's own telemetry reaches the platform", own_over_mqtt);
    check(GROUP, "mqtt: a gateway cannot publish as another serial", !arrives(&mut other).await);
    check(GROUP, "mqtt: a gateway cannot publish alarm.raised", !arrives(&mut raised).await);
    check(GROUP, "mqtt: a gateway cannot write a session into the bucket", !arrives(&mut session_watch).await);
    let mut command = None;
    for _ in 0..5 {
        services.publish(format!("{p}.dev.SEC-A.cmd"), "switch".into()).await.unwrap();
        services.flush().await.unwrap();
        command = next_packet(&mut packets, |p| matches!(p, rumqttc::Packet::Publish(_))).await;
        if command.is_some() {
            break;
        }
    }
    check(
        GROUP,
        "mqtt: a gateway receives its own commands",
        matches!(command, Some(rumqttc::Packet::Publish(p)) if p.topic.ends_with("SEC-A/cmd")),
    );
}

#[tokio::test]
async fn a_credential_stops_working_when_its_gateway_goes_or_a_new_one_is_issued() {
    let cluster = Cluster::start_with(Deployment::Monolith, Options::default()).await;
    let token = cluster.api.login("admin", "admin123").await;
    let (a_id, a) = register(&cluster, &token, "REV-A").await;
    let (b_id, b_first) = register(&cluster, &token, "REV-B").await;
    let (a_client, _) = connect_gateway(&cluster.nats_url, a["creds"].as_str().unwrap()).await.expect("A connects");
    let (b_client, _) =
        connect_gateway(&cluster.nats_url, b_first["creds"].as_str().unwrap()).await.expect("B connects");

    // A new credential for B: the first one is closed and refused, the new one works.
    let (status, reply) = cluster
        .api
        .send(Call::post(&format!("/lighting/gateway/{b_id}/credential")).token(&token).header("ProjectId", "1"))
        .await;
    assert_eq!((status, reply["code"].as_i64()), (200, Some(200)), "{reply}");
    let b_second = reply["data"]["creds"].as_str().expect("a new creds file").to_owned();
    let closed =
        eventually(15, || async { b_client.connection_state() != async_nats::connection::State::Connected }).await;
    check(GROUP, "revocation: a replaced credential's connection is closed", closed);
    check(
        GROUP,
        "revocation: a replaced credential is refused",
        connect_gateway(&cluster.nats_url, b_first["creds"].as_str().unwrap()).await.is_err(),
    );
    check(GROUP, "revocation: the new credential works", connect_gateway(&cluster.nats_url, &b_second).await.is_ok());
    let (_, accepted, _) = mqtt(&format!("{}-REV-B", cluster.prefix), b_first["jwt"].as_str()).await;
    check(GROUP, "revocation: a replaced credential is refused over mqtt", !accepted);

    // Deleting A revokes its credential.
    let (status, reply) = cluster
        .api
        .send(
            Call { method: reqwest::Method::DELETE, ..Call::get(&format!("/lighting/gateway/{a_id}")) }
                .token(&token)
                .header("ProjectId", "1"),
        )
        .await;
    assert_eq!((status, reply["code"].as_i64()), (200, Some(200)), "{reply}");
    let closed =
        eventually(15, || async { a_client.connection_state() != async_nats::connection::State::Connected }).await;
    check(GROUP, "revocation: a deleted gateway's connection is closed", closed);
    check(
        GROUP,
        "revocation: a deleted gateway's credential is refused",
        connect_gateway(&cluster.nats_url, a["creds"].as_str().unwrap()).await.is_err(),
    );

    // Another project's gateway cannot be given a credential from this one.
    let (status, reply) = cluster
        .api
        .send(Call::post(&format!("/lighting/gateway/{b_id}/credential")).token(&token).header("ProjectId", "2"))
        .await;
    check(
        GROUP,
        "revocation: a credential is issued only within the caller's project",
        [403, 404].contains(&status) || reply["code"] == 403 || reply["code"] == 404,
    );
}

/// A credential shaped right but issued by an authority the server does not trust.
fn nats_forged_credential() -> String {
    let dir = std::env::temp_dir().join(format!("lumiscape-forged-{}", uuid::Uuid::new_v4().simple()));
    lumiscape_common::nats_auth::init(&dir).unwrap();
    let authority = lumiscape_common::nats_auth::Authority::load(&dir.join("authority.json")).unwrap();
    let credential = authority.issue_gateway("", "SEC-A").unwrap().creds();
    let _ = std::fs::remove_dir_all(&dir);
    credential
}

/// Messages in one of the cluster's streams.
async fn stream_messages(cluster: &Cluster, name: &str) -> u64 {
    let js = cluster.jetstream().await;
    match js.get_stream(format!("{}_{name}", cluster.prefix)).await {
        Ok(mut stream) => stream.info().await.map(|info| info.state.messages).unwrap_or(0),
        Err(_) => 0,
    }
}
