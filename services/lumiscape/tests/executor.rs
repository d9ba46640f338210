//! The plan executor (issue 12, docs/scheduler.md "The plan executor"): a schedule issued to
//! gateways that are away waits in the queue and goes when they are back; a loop switched
//! behind the platform's back is put back to its plan; an operator's switch is not; every
//! command is in the searchable command log. Against real Postgres and NATS, with the
//! simulated fleet executing what it is given; the executor runs every second here.

#[macro_use]
mod common;

use std::collections::BTreeMap;

use chrono::{TimeDelta, Utc};
use common::{Call, Cluster, Console, Options, eventually, nats_client, refused, riverside_fleet};
use lumiscape_gateway_bridge::protocol::{Command, CommandRequest, CorrelationId, GatewaySerial, LoopIndex, Topics};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

const EN: &str = "en_US";

fn fast_executor() -> Options {
    Options {
        extra_env: vec![
            ("LUMISCAPE_LIGHTING__EXECUTOR_INTERVAL_SECONDS".into(), "1".into()),
            ("LUMISCAPE_LIGHTING__MISMATCH_AFTER_SECONDS".into(), "3".into()),
            ("LUMISCAPE_BRIDGE__OFFLINE_AFTER_SECONDS".into(), "3".into()),
        ],
        ..Options::default()
    }
}

async fn en(console: &Console<'_>, call: Call<'_>) -> (u16, Value) {
    console.send("1", EN, call).await
}

fn ok(answer: &(u16, Value)) {
    assert_eq!((answer.0, answer.1["code"].as_i64()), (200, Some(200)), "{}", answer.1);
}

async fn online_count(console: &Console<'_>) -> Value {
    let (_, list) = en(console, Call::get("/lighting/gateway/list?onlineStatus=1")).await;
    list["total"].clone()
}

async fn read_loops(console: &Console<'_>, gateway_id: i64) -> BTreeMap<i64, bool> {
    let read = en(console, Call::post("/lighting/control/read").json(json!({ "gatewayId": gateway_id }))).await;
    ok(&read);
    read.1["data"]["loops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["loopIndex"].as_i64().unwrap(), l["on"].as_bool().unwrap()))
        .collect()
}

async fn commands(console: &Console<'_>, query: &str) -> Vec<Value> {
    let (status, log) = en(console, Call::get(&format!("/device/command/list?pageSize=100&{query}"))).await;
    assert_eq!((status, log["code"].as_i64()), (200, Some(200)), "{log}");
    log["rows"].as_array().unwrap().clone()
}

/// The riverside fleet; with `stuck`, loop 1 of SIM-00002 has a stuck contactor.
fn start_fleet(c: &Cluster, stuck: bool) -> (CancellationToken, tokio::task::JoinHandle<()>) {
    let stop = CancellationToken::new();
    let mut fleet = riverside_fleet(c);
    if stuck {
        fleet.faults.stuck_loops = vec![("SIM-00002".into(), 1)];
    }
    let (server, sim_stop) = (c.nats_url.clone(), stop.clone());
    let handle = tokio::spawn(async move {
        lumiscape_gateway_bridge::simulator::run(fleet, &server, sim_stop).await.expect("the simulator runs");
    });
    (stop, handle)
}

scenario!(the_plan_is_queued_for_gateways_away_and_loops_are_held_to_it, fast_executor());
async fn the_plan_is_queued_for_gateways_away_and_loops_are_held_to_it(c: &Cluster) {
    let console = Console::admin(c).await;
    let (stop, fleet) = start_fleet(c, false);
    assert!(eventually(30, || async { online_count(&console).await == 5 }).await, "the fleet comes online");
    let (_, list) = en(&console, Call::get("/lighting/gateway/list?pageSize=50")).await;
    let gateways: Vec<(i64, String)> = list["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g["gatewayId"].as_i64().unwrap(), g["gatewayNumber"].as_str().unwrap().to_owned()))
        .collect();
    // Everything on for the next two hours (rule 0), whatever the time of day.
    let site_now = Utc::now() + TimeDelta::hours(8);
    let format = |t: chrono::DateTime<Utc>| t.format("%Y-%m-%d %H:%M:%S").to_string();
    let window = json!({ "switchState": "1", "startTime": format(site_now), "endTime": format(site_now + TimeDelta::hours(2)), "remark": "executor" });
    ok(&en(&console, Call::post("/landscape/timingOneKey").json(window)).await);

    // The fleet goes away; the evening task is issued all the same.
    stop.cancel();
    fleet.await.unwrap();
    assert!(eventually(30, || async { online_count(&console).await == 0 }).await, "the fleet is away");
    let (_, tasks) = en(&console, Call::get("/lighting/task/list")).await;
    let evening = tasks["rows"].as_array().unwrap().iter().find(|t| t["taskName"] == "傍晚亮灯").unwrap().clone();
    let evening_id = evening["taskId"].as_i64().unwrap();
    let issued = en(&console, Call::post("/lighting/task/issue").json(json!({ "taskIds": [evening_id] }))).await;
    ok(&issued);
    let data = &issued.1["data"];
    assert_eq!(
        (data["total"].as_i64(), data["succeeded"].as_i64(), data["failed"].as_i64(), data["queued"].as_i64()),
        (Some(5), Some(0), Some(0), Some(5)),
        "{data}"
    );
    let queued = "Gateway offline: the schedule is queued and sent as soon as it is back (for 24 h)";
    for result in data["results"].as_array().unwrap() {
        assert_eq!((result["result"].as_str(), result["message"].as_str()), (Some("queued"), Some(queued)));
    }
    let (_, task) = en(&console, Call::get(&format!("/lighting/task/{evening_id}"))).await;
    assert_eq!(task["data"]["issueState"], "1", "being issued while its gateways are away: {task}");
    let (_, schedules) = en(&console, Call::get("/lighting/task/gatewaySchedules")).await;
    for row in schedules["data"].as_array().unwrap() {
        assert_eq!((row["issueState"].as_str(), row["message"].as_str()), (Some("1"), Some(queued)), "{row}");
    }
    let pending = commands(&console, "source=issue&result=pending").await;
    assert_eq!(pending.len(), 5, "{pending:?}");
    assert!(pending.iter().all(|r| r["state"] == "queued" && r["action"] == "schedule" && r["requestedBy"] == "admin"));

    // Back: each gateway gets its schedule, the issue succeeds, and the loops follow it.
    let (stop, fleet) = start_fleet(c, true);
    let delivered = eventually(60, || async {
        let (_, schedules) = en(&console, Call::get("/lighting/task/gatewaySchedules")).await;
        schedules["data"].as_array().unwrap().iter().all(|r| r["issueState"] == "3")
    })
    .await;
    assert!(delivered, "the queued schedules are sent once the gateways are back");
    let (_, task) = en(&console, Call::get(&format!("/lighting/task/{evening_id}"))).await;
    assert_eq!(task["data"]["issueState"], "3", "{task}");
    let sent = commands(&console, "source=issue&action=schedule").await;
    assert_eq!(sent.len(), 5);
    for row in &sent {
        assert_eq!((row["state"].as_str(), row["result"].as_str()), (Some("done"), Some("ok")), "{row}");
        assert!(row["attempts"].as_i64().unwrap() >= 1 && row["finishedAt"].is_string(), "{row}");
    }
    let (first, serial) = gateways[0].clone();
    assert!(
        eventually(20, || async { read_loops(&console, first).await.values().all(|on| *on) }).await,
        "under the window every loop is on"
    );

    // Loop 2 switched off behind the platform's back (at the cabinet): put back once.
    let nats = nats_client(&c.nats_url).await;
    let topics = Topics::new(&c.prefix).unwrap();
    let serial = GatewaySerial::new(serial).unwrap();
    let rogue = CommandRequest {
        correlation_id: CorrelationId::new("rogue-1").unwrap(),
        issued_at: Utc::now(),
        command: Command::SetLoop { index: LoopIndex::new(2).unwrap(), level: 0, until: None },
    };
    let payload = lumiscape_gateway_bridge::protocol::encode_command(&rogue).unwrap();
    nats.publish(topics.subject(&serial, lumiscape_gateway_bridge::protocol::Channel::Command), payload.into())
        .await
        .unwrap();
    nats.flush().await.unwrap();
    let recommanded = eventually(40, || async {
        let rows = commands(&console, &format!("gatewayId={first}&source=recommand")).await;
        rows.iter().any(|r| r["result"] == "ok" && r["loops"] == json!([2]) && r["action"] == "on")
    })
    .await;
    assert!(recommanded, "the loop is commanded back to its plan");
    let back = commands(&console, &format!("gatewayId={first}&source=recommand")).await;
    assert_eq!(back[0]["requestedBy"], "plan");
    assert!(read_loops(&console, first).await[&2], "loop 2 is on again");

    // An operator's switch is the operator's: held, not put back.
    let off = json!({ "gatewayId": first, "loopIndex": 3, "on": false, "holdMinutes": 30 });
    ok(&en(&console, Call::post("/lighting/control/loop").json(off)).await);
    tokio::time::sleep(std::time::Duration::from_secs(8)).await;
    assert!(!read_loops(&console, first).await[&3], "the operator's off holds");
    assert!(
        commands(&console, &format!("gatewayId={first}&source=recommand&loopIndex=3")).await.is_empty(),
        "nothing put loop 3 back"
    );

    // "Who switched loop 3 off?" — the log answers, and searches by user, loop and day.
    // The log's days are the server's, as its times are shown (not the site's: at 16:42 UTC
    // the site's day is already tomorrow).
    let held = commands(&console, &format!("gatewayId={first}&loopIndex=3&action=off")).await;
    let today = held[0]["requestedAt"].as_str().unwrap()[..10].to_owned();
    let who = commands(
        &console,
        &format!(
            "gatewayId={first}&loopIndex=3&action=off&requestedBy=adm&params[beginTime]={today}&params[endTime]={today}"
        ),
    )
    .await;
    assert_eq!(who.len(), 1, "{who:?}");
    assert_eq!(
        (who[0]["requestedBy"].as_str(), who[0]["source"].as_str(), who[0]["result"].as_str()),
        (Some("admin"), Some("control"), Some("ok"))
    );
    assert!(who[0]["holdUntil"].is_string(), "{}", who[0]);
    // bad filters are refused, in the caller's language, and other projects see nothing
    refused(
        en(&console, Call::get("/device/command/list?action=toggle")).await,
        400,
        "The search conditions are not valid",
    );
    let (_, zh) = console.send("1", "zh_CN", Call::get("/device/command/list?result=maybe")).await;
    assert_eq!(zh["msg"], "查询条件无效");
    refused(en(&console, Call::get("/device/command/list?loopIndex=x")).await, 400, "Loop index must be 1 to 64");
    let (_, other) = console.send("2", EN, Call::get("/device/command/list")).await;
    assert_eq!(other["total"], 0, "{other}");

    // A stuck contactor: the plan says off, loop 1 of SIM-00002 stays on. It is commanded
    // off once; still on, it raises the project's "loop state mismatch" alarm, which recovers
    // once the loop is no longer held to that plan.
    let mismatch_type = json!({
        "alarmName": "Loop off plan", "deviceType": "loop", "alarmLevel": "2",
        "contentZh": "回路与计划不符", "contentEn": "Loop off its plan",
        "triggerAttribute": "loop_mismatch", "triggerComparison": ">=", "triggerValue": "0.05",
        "triggerDuration": 0, "recoveryAttribute": "", "recoveryComparison": "", "recoveryValue": "",
        "recoveryDuration": 0, "autoProcessing": "0", "autoWorkOrder": "0", "status": "0",
    });
    ok(&en(&console, Call::post("/alarm/type").json(mismatch_type)).await);
    let (_, timings) = en(&console, Call::get("/landscape/timingOneKey/list")).await;
    let on_window = timings["rows"][0]["timingId"].as_i64().unwrap();
    ok(&en(
        &console,
        Call { method: reqwest::Method::DELETE, ..Call::get(&format!("/landscape/timingOneKey/{on_window}")) },
    )
    .await);
    let site_now = Utc::now() + TimeDelta::hours(8);
    let dark = json!({ "switchState": "0", "startTime": format(site_now), "endTime": format(site_now + TimeDelta::hours(2)), "remark": "dark" });
    ok(&en(&console, Call::post("/landscape/timingOneKey").json(dark)).await);
    let reissued = en(&console, Call::post("/lighting/task/issue").json(json!({ "taskIds": [evening_id] }))).await;
    assert_eq!(reissued.1["data"]["succeeded"], 5, "{}", reissued.1);
    let (second, _) = gateways[1].clone();
    let raised = eventually(60, || async {
        let (_, open) = en(&console, Call::get("/alarm/realtime/list?pageSize=50")).await;
        open["rows"].as_array().unwrap().iter().any(|a| a["alarmName"] == "Loop off plan")
    })
    .await;
    assert!(raised, "the stuck loop raises the mismatch alarm");
    let (_, open) = en(&console, Call::get("/alarm/realtime/list?pageSize=50")).await;
    let alarm = open["rows"].as_array().unwrap().iter().find(|a| a["alarmName"] == "Loop off plan").unwrap().clone();
    assert_eq!((alarm["gatewayNumber"].as_str(), alarm["loopIndex"].as_i64()), (Some("SIM-00002"), Some(1)), "{alarm}");
    assert_eq!(alarm["content"], "Loop off its plan");
    let tried = commands(&console, &format!("gatewayId={second}&source=recommand&loopIndex=1")).await;
    assert_eq!(tried.len(), 1, "commanded back once, not again and again: {tried:?}");
    assert_eq!((tried[0]["action"].as_str(), tried[0]["result"].as_str()), (Some("off"), Some("ok")));
    assert!(read_loops(&console, second).await[&1], "the stuck loop is still on");
    // Every other loop follows the dark plan and raised nothing.
    assert_eq!(open["rows"].as_array().unwrap().iter().filter(|a| a["alarmName"] == "Loop off plan").count(), 1);

    // The window deleted, the plan changed and is no longer issued: the alarm recovers.
    let (_, timings) = en(&console, Call::get("/landscape/timingOneKey/list")).await;
    let dark_window = timings["rows"][0]["timingId"].as_i64().unwrap();
    ok(&en(
        &console,
        Call { method: reqwest::Method::DELETE, ..Call::get(&format!("/landscape/timingOneKey/{dark_window}")) },
    )
    .await);
    let recovered = eventually(30, || async {
        let (_, history) = en(&console, Call::get("/alarm/history/list?pageSize=50")).await;
        history["rows"].as_array().unwrap().iter().any(|a| a["alarmName"] == "Loop off plan" && a["recovered"] == true)
    })
    .await;
    assert!(recovered, "the mismatch alarm recovers");

    stop.cancel();
    fleet.await.unwrap();
}
