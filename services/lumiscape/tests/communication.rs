//! The communication records (issue 13): every message between the simulated fleet and the
//! platform, in and out, refused ones with their reason, searched one month at a time (spec
//! section 5), scoped to the project, and kept in monthly partitions that are dropped whole.
//! Every scenario runs against `--target all` in one process and against every service in a
//! process of its own.

#[macro_use]
mod common;

use chrono::{Datelike, Local, Utc};
use common::{Call, Cluster, Console, eventually, refused, riverside_fleet};
use lumiscape_gateway_bridge::protocol::{
    Channel, FirmwareVersion, GatewayReading, GatewaySerial, LoopIndex, LoopReading, MessageId, Telemetry, Topics,
    Uplink, encode_uplink,
};
use serde_json::{Value, json};

const EN: &str = "en_US";
const ZH: &str = "zh_CN";

async fn rows(console: &Console<'_>, project: &str, query: &str) -> (Vec<Value>, i64) {
    let (status, page) = console.send(project, EN, Call::get(&format!("/device/communication/list?{query}"))).await;
    assert_eq!((status, page["code"].as_i64()), (200, Some(200)), "{page}");
    (page["rows"].as_array().cloned().unwrap_or_default(), page["total"].as_i64().unwrap_or(-1))
}

/// A well-formed sample of `serial` with sequence number `seq`.
fn sample(serial: &GatewaySerial, seq: u64) -> Vec<u8> {
    let reading = LoopReading {
        index: LoopIndex::new(1).unwrap(),
        on: true,
        voltage_v: 220.0,
        current_a: 4.0,
        active_power_w: 836.0,
        energy_kwh: 10.0,
    };
    let telemetry = Telemetry {
        id: MessageId::new(serial.clone(), seq),
        device_time: Utc::now(),
        gateway: GatewayReading {
            signal_dbm: -70,
            temperature_c: 30.0,
            firmware: FirmwareVersion::new("2.4.1").unwrap(),
        },
        loops: vec![reading],
    };
    encode_uplink(&Uplink::Telemetry(telemetry)).unwrap()
}

scenario!(messages_are_recorded_and_searched_one_month_at_a_time);
async fn messages_are_recorded_and_searched_one_month_at_a_time(c: &Cluster) {
    let console = Console::admin(c).await;
    let stop = tokio_util::sync::CancellationToken::new();
    let (fleet, server, sim_stop) = (riverside_fleet(c), c.nats_url.clone(), stop.clone());
    let simulator =
        tokio::spawn(async move { lumiscape_gateway_bridge::simulator::run(fleet, &server, sim_stop).await });

    // What the fleet sends is recorded as it arrived: up, accepted, the message itself.
    let telemetry = eventually(30, || async { rows(&console, "1", "channel=telemetry").await.1 > 0 }).await;
    assert!(telemetry, "no telemetry recorded");
    let (found, _) = rows(&console, "1", "channel=telemetry&pageSize=5").await;
    let first = &found[0];
    assert_eq!((first["direction"].as_str(), first["outcome"].as_str()), (Some("up"), Some("accepted")), "{first}");
    assert!(first["gatewayNumber"].as_str().unwrap().starts_with("SIM-"), "{first}");
    let payload: Value = serde_json::from_str(first["payload"].as_str().unwrap()).unwrap();
    assert!(payload["loops"].is_array() && payload["sn"] == first["gatewayNumber"], "{payload}");
    assert_eq!(first["size"].as_u64(), Some(first["payload"].as_str().unwrap().len() as u64));
    assert_eq!((first["truncated"].as_bool(), first["recordTime"].as_str().map(str::len)), (Some(false), Some(19)));
    assert!(first["messageSeq"].as_u64().is_some() && first["deviceTime"].is_string(), "{first}");
    assert!(eventually(30, || async { rows(&console, "1", "channel=heartbeat").await.1 > 0 }).await, "no heartbeat");

    // A command and its acknowledgement, one correlation id.
    let online = eventually(30, || async {
        let (_, list) = console.send("1", EN, Call::get("/lighting/gateway/list?onlineStatus=1")).await;
        list["total"].as_i64() == Some(5)
    })
    .await;
    assert!(online, "the fleet comes online through the bridge");
    let (_, cabinets) = console.send("1", EN, Call::get("/lighting/gateway/list?gatewayNumber=SIM-00001")).await;
    let gateway = cabinets["rows"][0]["gatewayId"].as_i64().unwrap();
    let switch = json!({ "gatewayId": gateway, "loopIndex": 2, "on": false });
    let (status, answer) = console.send("1", EN, Call::post("/lighting/control/loop").json(switch)).await;
    assert_eq!((status, answer["code"].as_i64()), (200, Some(200)), "{answer}");
    let correlation = answer["data"]["correlationId"].as_str().unwrap().to_owned();
    let both = eventually(30, || async {
        let (command, _) = rows(&console, "1", &format!("gatewayId={gateway}&channel=command")).await;
        let (ack, _) = rows(&console, "1", &format!("gatewayId={gateway}&channel=ack")).await;
        let has = |list: &[Value]| list.iter().any(|r| r["correlationId"] == correlation.as_str());
        has(&command) && has(&ack)
    })
    .await;
    assert!(both, "the command and its acknowledgement were not both recorded");
    let (command, _) = rows(&console, "1", &format!("gatewayId={gateway}&channel=command&direction=down")).await;
    let command = command.iter().find(|r| r["correlationId"] == correlation.as_str()).unwrap();
    assert_eq!(command["outcome"], "sent");
    assert!(command["payload"].as_str().unwrap().contains("\"loop_set\""), "{command}");

    // A refused payload of a registered gateway, with the protocol's reason; a repeated
    // message id, as a duplicate.
    let js = c.jetstream().await;
    let topics = Topics::new(&c.prefix).unwrap();
    let serial = GatewaySerial::new("SIM-00003").unwrap();
    let subject = topics.subject(&serial, Channel::Telemetry);
    js.publish(subject.clone(), b"{\"v\":1,\"id\":\"SIM-00003-1".to_vec().into()).await.unwrap().await.unwrap();
    let repeated = sample(&serial, 9_000_000);
    for _ in 0..2 {
        js.publish(subject.clone(), repeated.clone().into()).await.unwrap().await.unwrap();
    }
    let refused_seen = eventually(30, || async { rows(&console, "1", "outcome=refused").await.1 > 0 }).await;
    assert!(refused_seen, "the refused payload was not recorded");
    let (bad, _) = rows(&console, "1", "outcome=refused").await;
    assert_eq!((bad[0]["gatewayNumber"].as_str(), bad[0]["channel"].as_str()), (Some("SIM-00003"), Some("telemetry")));
    assert!(bad[0]["reason"].as_str().unwrap().contains("not valid json"), "{}", bad[0]);
    assert!(eventually(30, || async { rows(&console, "1", "outcome=duplicate").await.1 == 1 }).await, "no duplicate");
    stop.cancel();
    simulator.await.unwrap().unwrap();

    // Another project's gateways are not in this one's records.
    assert_eq!(rows(&console, "2", &format!("gatewayId={gateway}")).await.1, 0);
    assert_eq!(rows(&console, "2", "").await.1, 0);

    // One month at a time, as the spec says; words and days it does not know are refused.
    let today = Local::now().date_naive();
    let this_month = format!("params[beginTime]={}&params[endTime]={today}", today.with_day(1).unwrap());
    assert!(rows(&console, "1", &this_month).await.1 > 0);
    let last_month = today.with_day(1).unwrap().pred_opt().unwrap();
    let across = format!("/device/communication/list?params[beginTime]={last_month}&params[endTime]={today}");
    for (lang, msg) in [(EN, "Communication records cannot be queried across months"), (ZH, "通信记录不支持跨月查询")]
    {
        let (status, reply) = console.send("1", lang, Call::get(&across)).await;
        assert_eq!((status, reply["msg"].as_str()), (400, Some(msg)), "{reply}");
    }
    let invalid = "The search conditions are not valid";
    for query in [
        "channel=cmd",
        "direction=sideways",
        "outcome=ok",
        &format!("params[beginTime]={today}&params[endTime]={last_month}"),
    ] {
        refused(console.send("1", EN, Call::get(&format!("/device/communication/list?{query}"))).await, 400, invalid);
    }
    let (status, _) = console.send("1", EN, Call::get("/device/communication/list?gatewayId=abc")).await;
    assert_eq!(status, 400);

    // Months past the retention (3 by default) are dropped whole; this one stays.
    sqlx::query("SELECT lighting.ensure_communication_partition('2020-01-15')").execute(&c.pool).await.unwrap();
    let kept = today.with_day(1).unwrap().checked_sub_months(chrono::Months::new(3)).unwrap();
    let dropped: i32 = sqlx::query_scalar("SELECT lighting.drop_communication_partitions_before($1)")
        .bind(kept)
        .fetch_one(&c.pool)
        .await
        .unwrap();
    assert_eq!(dropped, 1);
    let left: Vec<String> = sqlx::query_scalar(
        "SELECT c.relname::text FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid \
         WHERE i.inhparent = 'lighting.communication_records'::regclass ORDER BY 1",
    )
    .fetch_all(&c.pool)
    .await
    .unwrap();
    assert!(!left.iter().any(|p| p.ends_with("202001")), "{left:?}");
    assert!(left.contains(&format!("communication_records_{}", Utc::now().format("%Y%m"))), "{left:?}");
    assert!(rows(&console, "1", "").await.1 > 0, "this month's records are still there");
}
