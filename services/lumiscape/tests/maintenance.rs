//! The maintenance service's work orders through the edge, against real PostgreSQL and NATS:
//! every action of the state machine and its refusals in both languages, the process
//! information, permissions and project scoping, and the loop with alarms (an auto work
//! order opened once per alarm, flaps joined, a confirmation setting the alarm processed).
//! Every scenario runs against `--target all` and against every service in a process of its
//! own.

#[macro_use]
mod common;

use async_nats::{HeaderMap, HeaderValue};
use common::{Call, Cluster, Console, Deployment, Options, consumer_idle, eventually, refused, refused_by_rule};
use lumiscape_common::nats::{Streams, open_bucket};
use lumiscape_proto::alarm_terms::Attribute;
use lumiscape_proto::events::v1::{AlarmTransition, GatewayRegistration};
use prost::Message;
use serde_json::{Value, json};

const EN: &str = "en_US";
const ZH: &str = "zh_CN";
/// The demo's second project: nothing of ours is seeded there.
const PROJECT: &str = "2";
const NO_PERMISSION_EN: &str = "No permission, please contact the administrator";

fn reported() -> Value {
    json!({ "orderType": "2", "questionType": "1", "urgency": "3", "address": "East bank", "description": "Lamp 12 is out" })
}

async fn open_order(console: &Console<'_>, body: Value) -> i64 {
    let (status, answer) = console.send(PROJECT, EN, Call::post("/operation/workOrder").json(body)).await;
    assert_eq!((status, answer["code"].as_i64()), (200, Some(200)), "{answer}");
    answer["workOrderId"].as_i64().expect("the new order's id")
}

async fn order(console: &Console<'_>, id: i64) -> Value {
    let (_, answer) = console.send(PROJECT, EN, Call::get(&format!("/operation/workOrder/{id}"))).await;
    assert_eq!(answer["code"], 200, "{answer}");
    answer["data"].clone()
}

async fn act(console: &Console<'_>, lang: &str, action: &str, body: Value) -> (u16, Value) {
    console.send(PROJECT, lang, Call::put(&format!("/operation/workOrder/{action}")).json(body)).await
}

scenario!(work_orders_go_through_the_spec_actions_and_record_each_step);
async fn work_orders_go_through_the_spec_actions_and_record_each_step(c: &Cluster) {
    let admin = Console::admin(c).await;
    let id = open_order(&admin, reported()).await;
    let opened = order(&admin, id).await;
    assert_eq!((opened["status"].as_str(), opened["initiatorName"].as_str()), (Some("0"), Some("admin")), "{opened}");
    assert!(opened["orderNumber"].as_str().is_some_and(|n| n.starts_with("WO") && n.len() >= 16), "{opened}");
    assert!(opened["dueTime"].is_string() && opened["handlerId"].is_null(), "{opened}");

    // The whole way: dispatch, complete, return for rework, complete again, confirm.
    let who = json!({ "workOrderId": id, "handlerId": 1, "handlerName": "admin" });
    refused(act(&admin, EN, "dispatch", json!({ "workOrderId": id })).await, 400, "Please choose a handler");
    refused(act(&admin, ZH, "dispatch", json!({ "workOrderId": id })).await, 400, "请选择处理人");
    assert_eq!(act(&admin, EN, "dispatch", who.clone()).await.1["status"], "1");
    refused_by_rule(act(&admin, EN, "dispatch", who.clone()).await, "Only an unassigned work order can be dispatched");
    refused_by_rule(
        act(&admin, EN, "confirm", json!({ "workOrderId": id, "score": "5" })).await,
        "Only a work order pending confirmation can be confirmed",
    );
    refused(
        act(&admin, EN, "complete", json!({ "workOrderId": id })).await,
        400,
        "Please write a note of at most 500 characters",
    );
    let done = json!({ "workOrderId": id, "note": "Lamp replaced" });
    assert_eq!(act(&admin, EN, "complete", done.clone()).await.1["status"], "2");
    assert_eq!(act(&admin, EN, "return", json!({ "workOrderId": id, "note": "Still dark" })).await.1["status"], "1");
    assert_eq!(act(&admin, EN, "complete", done).await.1["status"], "2");
    refused(
        act(&admin, EN, "confirm", json!({ "workOrderId": id, "score": "6" })).await,
        400,
        "The score must be 1 to 5",
    );
    let confirm = json!({ "workOrderId": id, "score": 5, "evaluation": "Fast and clean" });
    assert_eq!(act(&admin, EN, "confirm", confirm).await.1["status"], "3");
    refused_by_rule(
        act(&admin, EN, "close", json!({ "workOrderId": id, "closeReason": "late" })).await,
        "The work order is completed or closed and takes no more actions",
    );
    refused_by_rule(
        act(&admin, ZH, "close", json!({ "workOrderId": id, "closeReason": "late" })).await,
        "工单已完成或已关闭，不能再操作",
    );

    let finished = order(&admin, id).await;
    assert_eq!((finished["score"].as_i64(), finished["evaluation"].as_str()), (Some(5), Some("Fast and clean")));
    let steps: Vec<(String, String, String)> = finished["processInfo"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let field = |name: &str| s[name].as_str().unwrap_or_default().to_owned();
            (field("action"), field("fromStatus"), field("toStatus"))
        })
        .collect();
    let expected = [
        ("created", "", "0"),
        ("dispatch", "0", "1"),
        ("complete", "1", "2"),
        ("return", "2", "1"),
        ("complete", "1", "2"),
        ("confirm", "2", "3"),
    ];
    let expected: Vec<(String, String, String)> =
        expected.iter().map(|(a, f, t)| ((*a).to_owned(), (*f).to_owned(), (*t).to_owned())).collect();
    assert_eq!(steps, expected, "{finished}");
    assert!(finished["processInfo"][5]["actorName"] == "admin" && finished["processInfo"][5]["time"].is_string());

    // Closing with a reason, from unassigned; the list and its counts per status.
    let mut urgent = reported();
    urgent["urgency"] = json!("1");
    let other = open_order(&admin, urgent).await;
    refused(
        act(&admin, EN, "close", json!({ "workOrderId": other })).await,
        400,
        "Close reason is required and at most 200 characters",
    );
    assert_eq!(
        act(&admin, EN, "close", json!({ "workOrderId": other, "closeReason": "Duplicate" })).await.1["status"],
        "4"
    );
    let (_, counts) = admin.send(PROJECT, EN, Call::get("/operation/workOrder/counts")).await;
    assert_eq!(
        (counts["data"]["completed"].as_i64(), counts["data"]["closed"].as_i64()),
        (Some(1), Some(1)),
        "{counts}"
    );
    // The kept counts are the orders' own.
    let counted: Vec<(String, i64)> = sqlx::query_as(
        "SELECT status::text, count(*) FROM maintenance.work_orders WHERE project_id = 2 GROUP BY status ORDER BY status",
    )
    .fetch_all(&c.pool)
    .await
    .unwrap();
    let kept: Vec<(String, i64)> = sqlx::query_as(
        "SELECT status::text, orders FROM maintenance.work_order_counts WHERE project_id = 2 AND orders > 0 ORDER BY status",
    )
    .fetch_all(&c.pool)
    .await
    .unwrap();
    assert_eq!(kept, counted);
    let (_, list) = admin.send(PROJECT, EN, Call::get("/operation/workOrder/list?status=4&pageSize=5")).await;
    assert_eq!((list["total"].as_i64(), list["rows"][0]["workOrderId"].as_i64()), (Some(1), Some(other)), "{list}");
    let (_, mine) = admin.send(PROJECT, EN, Call::get("/operation/workOrder/list?mine=1")).await;
    assert_eq!(mine["total"], 1, "only the order dispatched to admin: {mine}");
}

scenario!(bad_input_foreign_orders_and_missing_permissions_change_nothing);
async fn bad_input_foreign_orders_and_missing_permissions_change_nothing(c: &Cluster) {
    let admin = Console::admin(c).await;
    let count = || async {
        sqlx::query_scalar::<_, i64>("SELECT count(*) FROM maintenance.work_orders").fetch_one(&c.pool).await.unwrap()
    };
    let before = count().await;
    let post = |body: Value| admin.send(PROJECT, EN, Call::post("/operation/workOrder").json(body));
    let with = |key: &str, value: Value| {
        let mut body = reported();
        body[key] = value;
        body
    };
    refused(
        post(with("orderType", json!("9"))).await,
        400,
        "Work order type must be 1 (alarm), 2 (reported) or 3 (inspection)",
    );
    refused(post(with("urgency", json!(""))).await, 400, "Urgency must be 1 (urgent), 2 (high), 3 (normal) or 4 (low)");
    refused(post(with("questionType", json!("x"))).await, 400, "Please choose a question type");
    refused(
        post(with("description", json!("  "))).await,
        400,
        "Problem description is required and at most 1000 characters",
    );
    refused(
        post(with("expectedTime", json!("2020-01-01 08:00:00"))).await,
        400,
        "Expected completion time must be written as yyyy-MM-dd HH:mm:ss and not be in the past",
    );
    refused(post(with("orderType", json!("1"))).await, 400, "An alarm work order needs its alarm");
    refused(post(with("alarmId", json!("abc"))).await, 400, "Invalid alarm id");
    let (_, zh) = admin.send(PROJECT, ZH, Call::post("/operation/workOrder").json(with("urgency", json!("0")))).await;
    assert_eq!(zh["msg"], "紧急程度只能是1（特急）、2（紧急）、3（一般）或4（较低）", "{zh}");
    refused(admin.send(PROJECT, EN, Call::get("/operation/workOrder/abc")).await, 400, "Invalid work order id");
    refused(
        admin.send(PROJECT, EN, Call::get("/operation/workOrder/list?status=7")).await,
        400,
        "Work order status must be 0 (unassigned), 1 (in progress), 2 (pending confirmation), 3 (completed) or 4 (closed)",
    );
    refused(admin.send("", EN, Call::get("/operation/workOrder/list")).await, 400, "Please select a project first");
    let long = "x".repeat(65);
    let (status, answer) =
        admin.send(PROJECT, EN, Call::get(&format!("/operation/workOrder/list?keyword={long}"))).await;
    assert_eq!((status, answer["code"].as_i64()), (400, Some(400)), "a keyword over 64 characters: {answer}");
    let who = json!({ "workOrderId": "abc", "handlerId": 1 });
    refused(act(&admin, EN, "dispatch", who).await, 400, "Invalid work order id");
    refused(act(&admin, EN, "complete", json!({ "note": "done" })).await, 400, "Invalid work order id");
    assert_eq!(count().await, before, "nothing was written");

    // Another project's order is absent: not shown, not changed.
    let (_, made) = admin.send("1", EN, Call::post("/operation/workOrder").json(reported())).await;
    let foreign = made["workOrderId"].as_i64().unwrap();
    refused(
        admin.send(PROJECT, EN, Call::get(&format!("/operation/workOrder/{foreign}"))).await,
        404,
        "The work order does not exist",
    );
    let who = json!({ "workOrderId": foreign, "handlerId": 1, "handlerName": "admin" });
    refused(act(&admin, EN, "dispatch", who).await, 404, "The work order does not exist");
    let status: String =
        sqlx::query_scalar("SELECT status::text FROM maintenance.work_orders WHERE work_order_id = $1")
            .bind(foreign)
            .fetch_one(&c.pool)
            .await
            .unwrap();
    assert_eq!(status, "0");

    // A handler is an enabled user of the project: not a user without it, not a made-up id.
    // The name recorded is the account's, whatever the console sent.
    let mine = open_order(&admin, reported()).await;
    let guest: i64 = sqlx::query_scalar("SELECT user_id FROM identity.users WHERE user_name = 'guest'")
        .fetch_one(&c.pool)
        .await
        .unwrap();
    for handler in [guest, 987_654] {
        refused(
            act(&admin, EN, "dispatch", json!({ "workOrderId": mine, "handlerId": handler })).await,
            404,
            "The handler must be an enabled user of this project",
        );
    }
    refused(
        act(&admin, ZH, "dispatch", json!({ "workOrderId": mine, "handlerId": guest })).await,
        404,
        "处理人须为本项目的启用用户",
    );
    assert_eq!(order(&admin, mine).await["status"], "0", "still unassigned");
    let who = json!({ "workOrderId": mine, "handlerId": 1, "handlerName": "Somebody Else" });
    assert_eq!(act(&admin, EN, "dispatch", who).await.1["status"], "1");
    assert_eq!(order(&admin, mine).await["handlerName"], "admin");

    // The demo operator's role has no work-order screen.
    let operator = Console::sign_in(c, "operator", "operator123").await;
    refused(operator.send(PROJECT, EN, Call::get("/operation/workOrder/list")).await, 403, NO_PERMISSION_EN);
    refused(
        operator.send(PROJECT, EN, Call::post("/operation/workOrder").json(reported())).await,
        403,
        NO_PERMISSION_EN,
    );
}

/// Publishes the bridge's alarm transitions, as the alarm scenarios do, for gateways of the
/// demo's second project registered in lighting's GATEWAYS bucket.
struct Bridge {
    js: async_nats::jetstream::Context,
    streams: Streams,
}

impl Bridge {
    async fn new(c: &Cluster, serials: &[String]) -> Self {
        let js = c.jetstream().await;
        let streams = Streams::new(&c.prefix);
        Streams::ensure(&js, &streams.bridge()).await.unwrap();
        let gateways = open_bucket(&js, &streams.bucket("GATEWAYS"), "").await.unwrap();
        for (index, serial) in serials.iter().enumerate() {
            let registration = GatewayRegistration {
                gateway_id: 1 + index as i64,
                project_id: 2,
                serial: serial.clone(),
                name: String::new(),
                loop_count: 4,
            };
            gateways.put(format!("gw.{serial}"), registration.encode_to_vec().into()).await.unwrap();
        }
        Self { js, streams }
    }

    async fn publish(&self, transition: &AlarmTransition) {
        let kind = if transition.raised { "raised" } else { "recovered" };
        let subject = self.streams.subject(&format!("bridge.alarm.{kind}"));
        let mut headers = HeaderMap::new();
        headers.insert("Nats-Msg-Id", HeaderValue::from(transition.transition_id.as_str()));
        let payload = transition.encode_to_vec();
        self.js.publish_with_headers(subject, headers, payload.into()).await.unwrap().await.unwrap();
    }
}

/// A raise (`raised`) or the recovery of the raise before it, on a loop of gateway
/// `(gateway_id, serial)` as `Bridge::new` registered it.
fn transition_on(
    (gateway_id, serial): (i64, &str),
    alarm_type_id: i64,
    loop_index: u32,
    seq: i64,
    raised: bool,
) -> AlarmTransition {
    let now = chrono::Utc::now().timestamp_millis();
    let raise_id = format!("{alarm_type_id}.{serial}.{loop_index}.r.{}", if raised { seq } else { seq - 1 });
    AlarmTransition {
        transition_id: if raised { raise_id.clone() } else { format!("{alarm_type_id}.{serial}.{loop_index}.c.{seq}") },
        raise_transition_id: if raised { String::new() } else { raise_id },
        alarm_type_id,
        project_id: 2,
        serial: serial.to_owned(),
        gateway_id,
        gateway_name: format!("Cabinet {serial}"),
        loop_index,
        raised,
        at_ms: now - 60_000 + seq,
        value: if raised { 16.0 } else { 1.0 },
        attribute: Attribute::Current.into(),
        sample_time_ms: now - 60_000 + seq,
    }
}

fn transition(alarm_type_id: i64, loop_index: u32, seq: i64, raised: bool) -> AlarmTransition {
    transition_on((1, "WO-1"), alarm_type_id, loop_index, seq, raised)
}

/// An alarm type of the second project with "auto work order" on: over 15 A on a loop.
async fn auto_work_order_type(c: &Cluster) -> i64 {
    sqlx::query_scalar(
        "INSERT INTO alarm.alarm_types (project_id, alarm_name, device_type, alarm_level, content_zh, content_en, \
         trigger_attribute, trigger_comparison, trigger_value, trigger_value_text, trigger_seconds, auto_work_order) \
         VALUES (2, 'Over-current', 'loop', '1', '过流', 'Over-current', 'current', '>', 15, '15', 0, TRUE) \
         RETURNING alarm_type_id",
    )
    .fetch_one(&c.pool)
    .await
    .unwrap()
}

async fn orders_of_alarms(c: &Cluster) -> Vec<(i64, i64)> {
    sqlx::query_as(
        "SELECT alarm_id, work_order_id FROM maintenance.work_order_alarms WHERE project_id = 2 ORDER BY alarm_id",
    )
    .fetch_all(&c.pool)
    .await
    .unwrap()
}

scenario!(an_auto_work_order_alarm_opens_one_order_flaps_join_it_and_confirming_processes_them);
async fn an_auto_work_order_alarm_opens_one_order_flaps_join_it_and_confirming_processes_them(c: &Cluster) {
    let admin = Console::admin(c).await;
    let auto = auto_work_order_type(c).await;
    let bridge = Bridge::new(c, &["WO-1".to_owned()]).await;

    // Raised, recovered and raised again on loop 1: one order for both raises. Loop 2: another.
    bridge.publish(&transition(auto, 1, 1, true)).await;
    // The same raise delivered twice changes nothing.
    bridge.publish(&transition(auto, 1, 1, true)).await;
    assert!(eventually(20, || async { orders_of_alarms(c).await.len() == 1 }).await, "the first alarm's order");
    bridge.publish(&transition(auto, 1, 2, false)).await;
    bridge.publish(&transition(auto, 1, 3, true)).await;
    bridge.publish(&transition(auto, 2, 4, true)).await;
    assert!(eventually(20, || async { orders_of_alarms(c).await.len() == 3 }).await, "{:?}", orders_of_alarms(c).await);
    let joined = orders_of_alarms(c).await;
    assert_eq!(joined[0].1, joined[1].1, "the flap joined its order: {joined:?}");
    assert_ne!(joined[0].1, joined[2].1, "another loop, another order: {joined:?}");
    let id = joined[0].1;
    let opened = order(&admin, id).await;
    assert_eq!((opened["orderType"].as_str(), opened["urgency"].as_str()), (Some("1"), Some("1")), "{opened}");
    assert_eq!(opened["alarmIds"].as_array().map(Vec::len), Some(2), "{opened}");
    assert_eq!(opened["initiatorName"], "system");

    // An alarm with an order cannot get a second one by hand.
    let alarm = joined[0].0;
    let body =
        json!({ "orderType": "1", "questionType": "2", "urgency": "2", "description": "By hand", "alarmId": alarm });
    refused_by_rule(
        admin.send(PROJECT, EN, Call::post("/operation/workOrder").json(body)).await,
        "This alarm already has a work order",
    );

    // Closing the loop-2 order leaves its alarm as it was; confirming the loop-1 order sets
    // both of its alarms processed.
    let other = joined[2].1;
    act(&admin, EN, "close", json!({ "workOrderId": other, "closeReason": "Not ours" })).await;
    let who = json!({ "workOrderId": id, "handlerId": 1, "handlerName": "admin" });
    act(&admin, EN, "dispatch", who).await;
    act(&admin, EN, "complete", json!({ "workOrderId": id, "note": "Breaker replaced" })).await;
    assert_eq!(act(&admin, EN, "confirm", json!({ "workOrderId": id, "score": "4" })).await.1["status"], "3");
    let statuses = || async {
        sqlx::query_as::<_, (i64, String)>(
            "SELECT alarm_id, status::text FROM alarm.alarms WHERE project_id = 2 AND alarm_type_id = $1 ORDER BY alarm_id",
        )
        .bind(auto)
        .fetch_all(&c.pool)
        .await
        .unwrap()
    };
    let processed = eventually(20, || async {
        let now = statuses().await;
        now.iter().filter(|(_, s)| s == "2").count() == 2
    })
    .await;
    let now = statuses().await;
    assert!(processed, "{now:?}");
    let loop_two = now.iter().find(|(a, _)| *a == joined[2].0).unwrap();
    assert_eq!(loop_two.1, "0", "the closed order's alarm keeps its state: {now:?}");
}

/// Every service but maintenance in one process; maintenance alone, to be killed.
const MAINTENANCE_APART: Deployment =
    Deployment::Processes(&["identity,project,lighting,alarm,bridge,edge", "maintenance"]);
/// 50 gateways of 3 breaching loops: 150 alarm keys, each raised once; loop 1 of each
/// gateway then recovers and is raised again (a flap): 200 raises in all.
const BURST_GATEWAYS: usize = 50;
const BURST_LOOPS: u32 = 3;

/// The loop of issue 15 under a crash: maintenance is killed with SIGKILL while it works
/// through a burst of 200 raises and started again after the rest were published. Every alarm
/// stands in exactly one work order, and each flap joined its loop's order: 150 orders.
#[tokio::test]
async fn a_burst_of_200_alarms_survives_kill_9_of_maintenance() {
    let mut cluster = Cluster::start_with(MAINTENANCE_APART, Options::default()).await;
    let auto = auto_work_order_type(&cluster).await;
    let serials: Vec<String> = (0..BURST_GATEWAYS).map(|g| format!("WK-{g:02}")).collect();
    let bridge = Bridge::new(&cluster, &serials).await;
    let mut raises = Vec::new();
    // `Bridge::new` gives the gateways ids from 1, in order.
    let gateways: Vec<(i64, &str)> = serials.iter().enumerate().map(|(i, s)| (1 + i as i64, s.as_str())).collect();
    for gateway in &gateways {
        for loop_index in 1..=BURST_LOOPS {
            raises.push(transition_on(*gateway, auto, loop_index, 1, true));
        }
    }
    let mut flaps = Vec::new();
    for gateway in &gateways {
        flaps.push(transition_on(*gateway, auto, 1, 2, false));
        flaps.push(transition_on(*gateway, auto, 1, 3, true));
    }
    let placed = |pool: sqlx::PgPool| async move {
        sqlx::query_scalar::<_, i64>("SELECT count(*) FROM maintenance.work_order_alarms WHERE project_id = 2")
            .fetch_one(&pool)
            .await
            .unwrap()
    };

    let (first, rest) = raises.split_at(raises.len() / 2);
    for t in first {
        bridge.publish(t).await;
    }
    // Killed as soon as it has opened its first orders, with the rest of the half waiting.
    let started = std::time::Instant::now();
    while placed(cluster.pool.clone()).await == 0 && started.elapsed() < std::time::Duration::from_secs(30) {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    cluster.kill("maintenance");
    let at_kill = placed(cluster.pool.clone()).await;
    for t in rest.iter().chain(&flaps) {
        bridge.publish(t).await;
    }
    cluster.restart("maintenance").await;

    let all = eventually(90, || async { placed(cluster.pool.clone()).await == 200 }).await;
    let per_order: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT work_order_id, count(*) FROM maintenance.work_order_alarms WHERE project_id = 2 \
         GROUP BY work_order_id ORDER BY work_order_id",
    )
    .fetch_all(&cluster.pool)
    .await
    .unwrap();
    assert!(all, "{} of 200 alarms placed ({at_kill} at the kill)", placed(cluster.pool.clone()).await);
    assert_eq!(per_order.len(), BURST_GATEWAYS * BURST_LOOPS as usize, "one order per alarm key");
    assert_eq!(per_order.iter().filter(|(_, n)| *n == 2).count(), BURST_GATEWAYS, "each flap joined its order");
    assert!(per_order.iter().all(|(_, n)| *n <= 2), "{per_order:?}");
    // Every order was opened once: one "created" step each, one flap step per flap.
    let steps: Vec<(String, i64)> = sqlx::query_as(
        "SELECT action::text, count(*) FROM maintenance.work_order_steps s JOIN maintenance.work_orders o USING (work_order_id) \
         WHERE o.project_id = 2 GROUP BY action ORDER BY action",
    )
    .fetch_all(&cluster.pool)
    .await
    .unwrap();
    assert_eq!(steps, vec![("created".to_owned(), 150), ("flap".to_owned(), 50)]);
    let js = cluster.jetstream().await;
    let stream = Streams::new(&cluster.prefix).alarm().name;
    assert!(
        eventually(20, || consumer_idle(&js, &stream, "maintenance-auto-work-orders")).await,
        "the consumer handled every raise"
    );
}

scenario!(an_overdue_order_is_flagged_put_first_for_its_handler_and_said_once_on_the_live_stream);
async fn an_overdue_order_is_flagged_put_first_for_its_handler_and_said_once_on_the_live_stream(c: &Cluster) {
    let admin = Console::admin(c).await;
    let (late, on_time) = (open_order(&admin, reported()).await, open_order(&admin, reported()).await);
    for id in [late, on_time] {
        let who = json!({ "workOrderId": id, "handlerId": 1, "handlerName": "admin" });
        assert_eq!(act(&admin, EN, "dispatch", who).await.1["status"], "1");
    }
    let mut stream = c
        .api
        .client
        .get(c.api.url("/live/stream"))
        .bearer_auth(&admin.token)
        .header("ProjectId", PROJECT)
        .send()
        .await
        .unwrap();
    assert_eq!(stream.status(), 200);
    // Its urgency's time has run out.
    sqlx::query("UPDATE maintenance.work_orders SET due_at = now() - interval '1 minute' WHERE work_order_id = $1")
        .bind(late)
        .execute(&c.pool)
        .await
        .unwrap();

    let mut received = String::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(40);
    while !received.contains("event: workOrder") && std::time::Instant::now() < deadline {
        if let Ok(Ok(Some(chunk))) = tokio::time::timeout(std::time::Duration::from_secs(1), stream.chunk()).await {
            received.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
    assert!(received.contains("event: workOrder"), "{received}");
    assert!(
        received.contains(&format!("\"workOrderId\":{late}")) && received.contains("\"kind\":\"overdue\""),
        "{received}"
    );
    assert!(received.contains("\"handlerId\":1"), "{received}");
    let notified: Option<chrono::DateTime<chrono::Utc>> =
        sqlx::query_scalar("SELECT overdue_notified_at FROM maintenance.work_orders WHERE work_order_id = $1")
            .bind(late)
            .fetch_one(&c.pool)
            .await
            .unwrap();
    assert!(notified.is_some(), "the sweep marked it, so it is said once");
    let overdue_events: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM maintenance.outbox WHERE event_type = 'maintenance.workorder.overdue'",
    )
    .fetch_one(&c.pool)
    .await
    .unwrap();
    // The relay may already have sent and removed it: never more than one.
    assert!(overdue_events <= 1, "{overdue_events}");

    // Flagged in the list, counted, and first in its handler's own list although older.
    let (_, mine) = admin.send(PROJECT, EN, Call::get("/operation/workOrder/list?mine=1")).await;
    assert_eq!(mine["rows"][0]["workOrderId"].as_i64(), Some(late), "{mine}");
    assert_eq!((mine["rows"][0]["overdue"].as_bool(), mine["rows"][1]["overdue"].as_bool()), (Some(true), Some(false)));
    let (_, all) = admin.send(PROJECT, EN, Call::get("/operation/workOrder/list")).await;
    assert_eq!(all["rows"][0]["workOrderId"].as_i64(), Some(on_time), "newest first for everyone else: {all}");
    let (_, counts) = admin.send(PROJECT, EN, Call::get("/operation/workOrder/counts")).await;
    assert_eq!(counts["data"]["overdue"], 1, "{counts}");
}

scenario!(a_crowd_on_the_work_order_list_still_sees_each_write_at_once);
/// The list's pages are shared by the callers who ask for the same page at once
/// (`lumiscape_common::coalesce`); a caller still never gets a page read before it asked. A
/// crowd keeps the first page's reads shared while a writer opens an order, and then dispatches
/// it, and reads the page straight after each.
async fn a_crowd_on_the_work_order_list_still_sees_each_write_at_once(c: &Cluster) {
    const FIRST_PAGE: &str = "/operation/workOrder/list?pageNum=1&pageSize=10";
    let admin = Console::admin(c).await;
    let done = std::sync::atomic::AtomicBool::new(false);
    let crowd = futures::future::join_all((0..16).map(|_| async {
        let mut reads = 0;
        while !done.load(std::sync::atomic::Ordering::SeqCst) {
            let (_, page) = admin.send(PROJECT, EN, Call::get(FIRST_PAGE)).await;
            assert_eq!(page["code"], 200, "{page}");
            reads += 1;
        }
        reads
    }));
    let writer = async {
        for round in 1..=6 {
            let (_, before) = admin.send(PROJECT, EN, Call::get(FIRST_PAGE)).await;
            let total = before["total"].as_i64().expect("the total");
            let id = open_order(&admin, reported()).await;
            let (_, page) = admin.send(PROJECT, EN, Call::get(FIRST_PAGE)).await;
            assert_eq!(page["total"].as_i64(), Some(total + 1), "round {round}: {page}");
            assert_eq!(
                (page["rows"][0]["workOrderId"].as_i64(), page["rows"][0]["status"].as_str()),
                (Some(id), Some("0"))
            );
            let who = json!({ "workOrderId": id, "handlerId": 1, "handlerName": "admin" });
            assert_eq!(act(&admin, EN, "dispatch", who).await.1["status"], "1");
            let (_, page) = admin.send(PROJECT, EN, Call::get(FIRST_PAGE)).await;
            let top = &page["rows"][0];
            assert_eq!(
                (top["workOrderId"].as_i64(), top["status"].as_str()),
                (Some(id), Some("1")),
                "round {round}: {page}"
            );
            assert_eq!(top["handlerId"].as_i64(), Some(1), "round {round}: {page}");
        }
        done.store(true, std::sync::atomic::Ordering::SeqCst);
    };
    let (reads, ()) = tokio::join!(crowd, writer);
    assert!(reads.iter().all(|&n| n > 0), "every reader of the crowd was answered: {reads:?}");
}
