//! The alarm service through the edge (contract "Alarms"), against real PostgreSQL and NATS:
//! alarm types and every validation message in both languages, permissions and project
//! scoping, the rule bucket the bridge reads, and the alarm lifecycle driven by
//! `AlarmTransition`s published straight onto the bridge's subjects. Every scenario runs
//! against `--target all` and against every service in a process of its own.

#[macro_use]
mod common;

use std::time::Duration;

use async_nats::jetstream;
use async_nats::{HeaderMap, HeaderValue};
use common::{Call, Cluster, eventually};
use futures::StreamExt;
use lumiscape_common::nats::{Streams, open_bucket};
use lumiscape_proto::alarm_terms::{AlarmLevel, Attribute, Comparison};
use lumiscape_proto::events::v1::{AlarmChanged, AlarmRule, AlarmTransition, GatewayRegistration};
use prost::Message;
use serde_json::{Value, json};

/// The demo's second project: no seeded alarm types, so every type and alarm here is ours.
const PROJECT: &str = "2";

#[derive(Clone, Copy)]
enum Lang {
    Zh,
    En,
}

impl Lang {
    fn header(self) -> &'static str {
        match self {
            Lang::Zh => "zh_CN",
            Lang::En => "en_US",
        }
    }
}

/// A signed-in console on one project.
struct Console<'a> {
    cluster: &'a Cluster,
    token: String,
    project: &'a str,
}

impl<'a> Console<'a> {
    async fn open(cluster: &'a Cluster, user: &str, password: &str, project: &'a str) -> Self {
        let token = cluster.api.login(user, password).await;
        Self { cluster, token, project }
    }

    async fn call_in(&self, lang: Lang, call: Call<'_>) -> (u16, Value) {
        let call = call.token(&self.token).header("ProjectId", self.project).header("Content-Language", lang.header());
        self.cluster.api.send(call).await
    }

    async fn call(&self, call: Call<'_>) -> (u16, Value) {
        self.call_in(Lang::En, call).await
    }

    /// A call that must succeed; its body.
    async fn ok(&self, call: Call<'_>) -> Value {
        let (status, body) = self.call(call).await;
        assert_eq!((status, body["code"].as_i64()), (200, Some(200)), "{body}");
        body
    }

    async fn add_type(&self, body: Value) -> i64 {
        let reply = self.ok(Call::post("/alarm/type").json(body)).await;
        reply["data"]["alarmTypeId"].as_i64().expect("alarm type id")
    }

    async fn total(&self, path: &str) -> i64 {
        let (_, reply) = self.call(Call::get(path)).await;
        reply["total"].as_i64().unwrap_or(-1)
    }

    async fn rows(&self, path: &str) -> Vec<Value> {
        let reply = self.ok(Call::get(path)).await;
        reply["rows"].as_array().cloned().unwrap_or_default()
    }

    async fn alarm(&self, alarm_id: i64) -> Value {
        self.ok(Call::get(&format!("/alarm/alarm/{alarm_id}"))).await["data"].clone()
    }
}

fn over_current() -> Value {
    json!({
        "alarmName": "Over-current",
        "deviceType": "loop",
        "alarmLevel": "1",
        "contentZh": "回路过流",
        "contentEn": "Loop over-current",
        "triggerAttribute": "current",
        "triggerComparison": ">",
        "triggerValue": "15.000",
        "triggerDuration": 0,
        "recoveryAttribute": "current",
        "recoveryComparison": "<=",
        "recoveryValue": "12.5",
        "recoveryDuration": 0,
        "autoProcessing": "1",
        "autoWorkOrder": "1",
        "status": "0",
    })
}

fn delete(path: &str) -> Call<'_> {
    Call { method: reqwest::Method::DELETE, ..Call::get(path) }
}

fn with(mut body: Value, changes: Value) -> Value {
    for (key, value) in changes.as_object().unwrap() {
        body[key] = value.clone();
    }
    body
}

// --- alarm types ---------------------------------------------------------------------------

scenario!(alarm_types_are_created_read_edited_and_deleted);
async fn alarm_types_are_created_read_edited_and_deleted(c: &Cluster) {
    let admin = Console::open(c, "admin", "admin123", PROJECT).await;
    let id = admin.add_type(over_current()).await;

    let found = admin.ok(Call::get(&format!("/alarm/type/{id}"))).await["data"].clone();
    assert_eq!(found["alarmName"], "Over-current");
    assert_eq!(found["deviceType"], "loop");
    assert_eq!(found["alarmLevel"], "1");
    assert_eq!(found["triggerValue"], "15.000", "kept as entered");
    assert_eq!(found["recoveryValue"], "12.5");
    assert_eq!((found["triggerDuration"].as_i64(), found["recoveryDuration"].as_i64()), (Some(0), Some(0)));
    assert_eq!((found["autoProcessing"].as_str(), found["autoWorkOrder"].as_str()), (Some("1"), Some("1")));
    assert_eq!(found["status"], "0");
    assert_eq!(found["createTime"].as_str().map(str::len), Some(19), "YYYY-MM-DD HH:mm:ss");

    let gateway = with(
        over_current(),
        json!({
            "alarmName": "Weak signal", "deviceType": "gateway", "alarmLevel": "3", "triggerAttribute": "signal",
            "triggerComparison": "<", "triggerValue": "-95", "triggerDuration": 60, "recoveryAttribute": "",
            "recoveryComparison": "", "recoveryValue": "", "autoProcessing": "0", "autoWorkOrder": "0",
        }),
    );
    let weak = admin.add_type(gateway).await;
    assert_eq!(admin.total("/alarm/type/list").await, 2);
    assert_eq!(admin.total("/alarm/type/list?alarmName=over").await, 1, "name contains, any case");
    assert_eq!(admin.total("/alarm/type/list?deviceType=gateway").await, 1);
    assert_eq!(admin.total("/alarm/type/list?alarmLevel=3").await, 1);
    assert_eq!(admin.total("/alarm/type/list?alarmLevel=2").await, 0);
    let page = admin.rows("/alarm/type/list?pageNum=1&pageSize=1").await;
    assert_eq!(page.len(), 1);
    assert_eq!(page[0]["alarmTypeId"], weak, "newest first");
    assert_eq!(page[0]["recoveryValue"], "");

    let edit = with(over_current(), json!({ "alarmTypeId": id, "triggerValue": "16.5", "status": "1" }));
    admin.ok(Call::put("/alarm/type").json(edit)).await;
    let edited = admin.ok(Call::get(&format!("/alarm/type/{id}"))).await["data"].clone();
    assert_eq!((edited["triggerValue"].as_str(), edited["status"].as_str()), (Some("16.5"), Some("1")));

    // Deleting is all or none.
    let (status, _) = admin.call(delete(&format!("/alarm/type/{id},999999"))).await;
    assert_eq!(status, 404);
    assert_eq!(admin.total("/alarm/type/list").await, 2, "nothing deleted");
    admin.ok(delete(&format!("/alarm/type/{id},{weak}"))).await;
    assert_eq!(admin.total("/alarm/type/list").await, 0);
    let (status, body) = admin.call(Call::get(&format!("/alarm/type/{id}"))).await;
    assert_eq!((status, body["msg"].as_str()), (404, Some("Alarm type does not exist")));

    // The demo project has its three seeded types.
    let demo = Console::open(c, "admin", "admin123", "1").await;
    let names: Vec<String> =
        demo.rows("/alarm/type/list").await.iter().map(|r| r["alarmName"].as_str().unwrap().to_owned()).collect();
    for name in ["回路过流", "供电欠压", "配电柜过温"] {
        assert!(names.iter().any(|n| n == name), "{name} missing from {names:?}");
    }
}

/// Each bad field, and the message it gets in Chinese and in English.
fn validation_cases() -> Vec<(Value, &'static str, &'static str)> {
    let long_name = "n".repeat(51);
    let long_content = "字".repeat(201);
    let recovery_value =
        ("恢复值须为正数，保留1到3位小数", "Recovery value must be a positive number with 1 to 3 decimals");
    let mut cases = vec![
        (
            json!({ "alarmName": "" }),
            "告警名称不能为空，且不超过50个字符",
            "Alarm name is required and at most 50 characters",
        ),
        (
            json!({ "alarmName": long_name }),
            "告警名称不能为空，且不超过50个字符",
            "Alarm name is required and at most 50 characters",
        ),
        (
            json!({ "deviceType": "pole" }),
            "设备类型只能是网关（gateway）或回路（loop）",
            "Device type must be gateway or loop",
        ),
        (
            json!({ "alarmLevel": "4" }),
            "告警级别只能是1（严重）、2（主要）或3（次要）",
            "Alarm level must be 1 (serious), 2 (main) or 3 (secondary)",
        ),
        (
            json!({ "contentZh": " " }),
            "告警内容（中文）不能为空，且不超过200个字符",
            "Alarm content (Chinese) is required and at most 200 characters",
        ),
        (
            json!({ "contentEn": long_content }),
            "告警内容（英文）不能为空，且不超过200个字符",
            "Alarm content (English) is required and at most 200 characters",
        ),
        (
            json!({ "triggerAttribute": "temperature" }),
            "触发属性与设备类型不符：回路可选电压、电流、有功功率，网关可选温度、信号强度",
            "Trigger attribute does not fit the device type: a loop has voltage, current or active_power; a gateway has temperature or signal",
        ),
        (
            json!({ "triggerComparison": "==" }),
            "触发条件的比较符只能是 >、>=、< 或 <=",
            "Trigger comparison must be >, >=, < or <=",
        ),
        (
            json!({ "triggerValue": "15.0001" }),
            "触发值须为数字，最多3位小数；仅信号强度和温度可为负数",
            "Trigger value must be a number with at most 3 decimals; only signal and temperature may be negative",
        ),
        (
            json!({ "triggerValue": "-15" }),
            "触发值须为数字，最多3位小数；仅信号强度和温度可为负数",
            "Trigger value must be a number with at most 3 decimals; only signal and temperature may be negative",
        ),
        (
            json!({ "triggerDuration": 86401 }),
            "触发持续时间须在0到86400秒之间",
            "Trigger duration must be 0 to 86400 seconds",
        ),
        (
            json!({ "triggerDuration": "soon" }),
            "触发持续时间须在0到86400秒之间",
            "Trigger duration must be 0 to 86400 seconds",
        ),
        (
            json!({ "recoveryAttribute": "signal" }),
            "恢复属性与设备类型不符：回路可选电压、电流、有功功率，网关可选温度、信号强度",
            "Recovery attribute does not fit the device type: a loop has voltage, current or active_power; a gateway has temperature or signal",
        ),
        (
            json!({ "recoveryComparison": "!=" }),
            "恢复条件的比较符只能是 >、>=、< 或 <=",
            "Recovery comparison must be >, >=, < or <=",
        ),
        (
            json!({ "recoveryDuration": -1 }),
            "恢复持续时间须在0到86400秒之间",
            "Recovery duration must be 0 to 86400 seconds",
        ),
        (
            json!({ "recoveryAttribute": "", "recoveryComparison": "", "recoveryValue": "" }),
            "开启自动处理时，恢复条件（属性、比较符、恢复值）必填",
            "The recovery condition (attribute, comparison and value) is required when auto processing is on",
        ),
        (
            json!({ "autoProcessing": "0", "recoveryComparison": "" }),
            "恢复条件须同时填写属性、比较符和恢复值",
            "A recovery condition needs all of its attribute, comparison and value",
        ),
        (
            json!({ "autoProcessing": "2" }),
            "自动处理只能是0（否）或1（是）",
            "Auto processing must be 0 (off) or 1 (on)",
        ),
        (
            json!({ "autoWorkOrder": "yes" }),
            "自动派单只能是0（否）或1（是）",
            "Auto work order must be 0 (off) or 1 (on)",
        ),
        (json!({ "status": "2" }), "状态只能是0（启用）或1（停用）", "Status must be 0 (enabled) or 1 (disabled)"),
    ];
    // The spec's rule (section 5): a positive recovery value with 1 to 3 decimals.
    for bad in ["12", "12.1234", "-1.5", "0.000", "1e3", "abc"] {
        cases.push((json!({ "recoveryValue": bad }), recovery_value.0, recovery_value.1));
    }
    cases
}

scenario!(every_bad_field_is_refused_in_both_languages);
async fn every_bad_field_is_refused_in_both_languages(c: &Cluster) {
    let admin = Console::open(c, "admin", "admin123", PROJECT).await;
    for (changes, zh, en) in validation_cases() {
        let body = with(over_current(), changes.clone());
        for (lang, expected) in [(Lang::Zh, zh), (Lang::En, en)] {
            let (status, reply) = admin.call_in(lang, Call::post("/alarm/type").json(body.clone())).await;
            assert_eq!((status, reply["code"].as_i64()), (400, Some(400)), "{changes}: {reply}");
            assert_eq!(reply["msg"], expected, "{changes}");
        }
    }
    assert_eq!(admin.total("/alarm/type/list").await, 0, "no bad type was stored");

    // The spec's good recovery values pass; an edit is checked the same way.
    for good in ["0.5", "12.125"] {
        admin.add_type(with(over_current(), json!({ "recoveryValue": good }))).await;
    }
    let id = admin.add_type(over_current()).await;
    let bad_edit = with(over_current(), json!({ "alarmTypeId": id, "recoveryValue": "12" }));
    let (status, reply) = admin.call_in(Lang::Zh, Call::put("/alarm/type").json(bad_edit)).await;
    assert_eq!((status, reply["msg"].as_str()), (400, Some("恢复值须为正数，保留1到3位小数")));
    let kept = admin.ok(Call::get(&format!("/alarm/type/{id}"))).await;
    assert_eq!(kept["data"]["recoveryValue"], "12.5", "a refused edit changes nothing");

    // Ids and the project header.
    let (status, reply) = admin.call(Call::put("/alarm/type").json(over_current())).await;
    assert_eq!((status, reply["msg"].as_str()), (400, Some("Invalid alarm type id")));
    let (status, _) = admin.call(Call::get("/alarm/type/abc")).await;
    assert_eq!(status, 400);
    let (status, _) = admin.call(delete("/alarm/type/1,x")).await;
    assert_eq!(status, 400);
    let (status, _) = admin.call(Call::get("/alarm/type/list?pageNum=abc")).await;
    assert_eq!(status, 400);
    let (status, reply) = admin.call(Call::get("/alarm/type/list?deviceType=pole")).await;
    assert_eq!((status, reply["msg"].as_str()), (400, Some("Device type must be gateway or loop")));
    let (status, _) = admin.call(Call::post("/alarm/type").raw(b"{not json".to_vec())).await;
    assert_eq!(status, 400);
    let no_project =
        c.api.send(Call::get("/alarm/type/list").token(&admin.token).header("Content-Language", "en_US")).await;
    assert_eq!((no_project.0, no_project.1["msg"].as_str()), (400, Some("Please select a project first")));
}

scenario!(permissions_and_projects_bound_every_call);
async fn permissions_and_projects_bound_every_call(c: &Cluster) {
    let admin = Console::open(c, "admin", "admin123", PROJECT).await;
    let foreign = admin.add_type(over_current()).await;

    // The operator works in project 1 only.
    let operator = Console::open(c, "operator", "operator123", "1").await;
    assert_eq!(operator.total("/alarm/type/list").await, 5, "the demo types");
    let (status, _) = operator.call(Call::get(&format!("/alarm/type/{foreign}"))).await;
    assert_eq!(status, 404, "another project's type does not exist here");
    let edit = with(over_current(), json!({ "alarmTypeId": foreign, "alarmName": "Hijacked" }));
    let (status, _) = operator.call(Call::put("/alarm/type").json(edit)).await;
    assert_eq!(status, 404);
    let (status, _) = operator.call(delete(&format!("/alarm/type/{foreign}"))).await;
    assert_eq!(status, 404);
    let kept = admin.ok(Call::get(&format!("/alarm/type/{foreign}"))).await;
    assert_eq!(kept["data"]["alarmName"], "Over-current");
    let in_foreign_project = Console { cluster: c, token: operator.token.clone(), project: PROJECT };
    let (status, body) = in_foreign_project.call_in(Lang::Zh, Call::get("/alarm/type/list")).await;
    assert_eq!((status, body["msg"].as_str()), (403, Some("无权访问该项目")));

    // A viewer may read real-time alarms and nothing else of the alarm screens.
    add_viewer(c).await;
    let viewer = Console::open(c, "viewer", "operator123", "1").await;
    assert_eq!(viewer.total("/alarm/realtime/list").await, 0);
    for call in [
        Call::get("/alarm/type/list"),
        Call::post("/alarm/type").json(over_current()),
        Call::get("/alarm/history/list"),
        Call::put("/alarm/alarm/close").json(json!({ "alarmId": 1, "closeReason": "x" })),
        Call::put("/alarm/alarm/process").json(json!({ "alarmId": 1 })),
    ] {
        let (status, body) = viewer.call_in(Lang::En, call).await;
        assert_eq!((status, body["msg"].as_str()), (403, Some("No permission, please contact the administrator")));
    }
    assert_eq!(admin.total("/alarm/type/list").await, 1);
}

/// A user `viewer` (password operator123) with only the real-time alarm list and query, in
/// project 1.
async fn add_viewer(c: &Cluster) {
    let role: i64 = sqlx::query_scalar(
        "INSERT INTO identity.roles (role_name, role_key, role_sort) VALUES ('viewer', 'viewer', 9) RETURNING role_id",
    )
    .fetch_one(&c.pool)
    .await
    .unwrap();
    sqlx::query("INSERT INTO identity.role_menus (role_id, menu_id) SELECT $1, menu_id FROM identity.menus WHERE menu_id IN (7, 701, 7011)")
        .bind(role)
        .execute(&c.pool)
        .await
        .unwrap();
    let user: i64 = sqlx::query_scalar(
        "INSERT INTO identity.users (user_name, nick_name, password_hash) \
         SELECT 'viewer', 'viewer', password_hash FROM identity.users WHERE user_name = 'operator' RETURNING user_id",
    )
    .fetch_one(&c.pool)
    .await
    .unwrap();
    for sql in [
        "INSERT INTO identity.user_roles (user_id, role_id) VALUES ($1, $2)",
        "INSERT INTO identity.user_projects (user_id, project_id) VALUES ($1, 1) ON CONFLICT DO NOTHING",
    ] {
        sqlx::query(sql).bind(user).bind(role).execute(&c.pool).await.unwrap();
    }
}

// --- the rule bucket ---------------------------------------------------------------------------

async fn rule(kv: &jetstream::kv::Store, alarm_type_id: i64) -> Option<AlarmRule> {
    let value = kv.get(format!("rule.{alarm_type_id}")).await.unwrap()?;
    Some(AlarmRule::decode(value).expect("a rule"))
}

/// The type's rule once it satisfies `wanted`: an edit reaches the bucket through the
/// relay, moments after it is committed. Panics with `what` when it does not within 10 s.
async fn rule_once(
    kv: &jetstream::kv::Store,
    alarm_type_id: i64,
    what: &str,
    wanted: impl Fn(&Option<AlarmRule>) -> bool,
) -> Option<AlarmRule> {
    for _ in 0..100 {
        let current = rule(kv, alarm_type_id).await;
        if wanted(&current) {
            return current;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{what}: {:?}", rule(kv, alarm_type_id).await);
}

scenario!(the_rule_bucket_follows_the_types);
async fn the_rule_bucket_follows_the_types(c: &Cluster) {
    let js = c.jetstream().await;
    let bucket = Streams::new(&c.prefix).bucket("ALARM_RULES");
    let kv = js.get_key_value(&bucket).await.expect("the alarm service opened the bucket");
    // The start resync put the demo types' rules.
    assert!(eventually(20, || async { kv.keys().await.unwrap().count().await >= 3 }).await, "demo rules missing");

    let admin = Console::open(c, "admin", "admin123", PROJECT).await;
    let id = admin.add_type(with(over_current(), json!({ "triggerDuration": 30, "recoveryDuration": 5 }))).await;
    let created = rule_once(&kv, id, "a rule for the new type", Option::is_some).await.unwrap();
    assert_eq!(
        (created.project_id, created.device_type.as_str(), created.alarm_name.as_str()),
        (2, "loop", "Over-current")
    );
    let trigger = created.trigger.unwrap();
    assert_eq!((trigger.attribute(), trigger.comparison()), (Attribute::Current, Comparison::Greater));
    assert_eq!((trigger.threshold, trigger.hold_seconds), (15.0, 30));
    let recovery = created.recovery.unwrap();
    assert_eq!((recovery.comparison(), recovery.threshold, recovery.hold_seconds), (Comparison::LessOrEqual, 12.5, 5));

    let edit = |changes: Value| with(over_current(), with(json!({ "alarmTypeId": id }), changes));
    admin.ok(Call::put("/alarm/type").json(edit(json!({ "triggerValue": "16.25" })))).await;
    let edited =
        |r: &Option<AlarmRule>| r.as_ref().and_then(|r| r.trigger.as_ref()).is_some_and(|t| t.threshold == 16.25);
    rule_once(&kv, id, "the edited threshold", edited).await;

    let no_recovery =
        json!({ "autoProcessing": "0", "recoveryAttribute": "", "recoveryComparison": "", "recoveryValue": "" });
    admin.ok(Call::put("/alarm/type").json(edit(no_recovery))).await;
    let without = |r: &Option<AlarmRule>| r.as_ref().is_some_and(|r| r.recovery.is_none());
    rule_once(&kv, id, "no recovery condition, none in the rule", without).await;

    admin.ok(Call::put("/alarm/type").json(edit(json!({ "status": "1" })))).await;
    rule_once(&kv, id, "a disabled type has no rule", Option::is_none).await;
    admin.ok(Call::put("/alarm/type").json(edit(json!({ "status": "0" })))).await;
    rule_once(&kv, id, "enabled again", Option::is_some).await;

    admin.ok(delete(&format!("/alarm/type/{id}"))).await;
    rule_once(&kv, id, "a deleted type has no rule", Option::is_none).await;
}

// --- the lifecycle -------------------------------------------------------------------------------

/// Publishes transitions onto the bridge's subjects as the bridge does, registering each
/// transition's gateway in its project first, as lighting does before any gateway speaks.
struct Bridge {
    js: jetstream::Context,
    streams: Streams,
    gateways: jetstream::kv::Store,
}

impl Bridge {
    async fn open(c: &Cluster) -> Self {
        let js = c.jetstream().await;
        let streams = Streams::new(&c.prefix);
        Streams::ensure(&js, &streams.bridge()).await.unwrap();
        let gateways = open_bucket(&js, &streams.bucket("GATEWAYS"), "").await.unwrap();
        Self { js, streams, gateways }
    }

    /// Registers a gateway (serial, id) in a project in lighting's GATEWAYS bucket.
    async fn register(&self, serial: &str, gateway_id: i64, project_id: i64) {
        let registration = GatewayRegistration {
            gateway_id,
            project_id,
            serial: serial.to_owned(),
            name: String::new(),
            loop_count: 4,
        };
        self.gateways.put(format!("gw.{serial}"), registration.encode_to_vec().into()).await.unwrap();
    }

    async fn publish_raw(&self, kind: &str, message_id: &str, payload: Vec<u8>) {
        let subject = self.streams.subject(&format!("bridge.alarm.{kind}"));
        let mut headers = HeaderMap::new();
        headers.insert("Nats-Msg-Id", HeaderValue::from(message_id));
        self.js.publish_with_headers(subject, headers, payload.into()).await.unwrap().await.unwrap();
    }

    async fn publish(&self, transition: &AlarmTransition) {
        self.publish_as(transition, &transition.transition_id).await;
    }

    async fn publish_as(&self, transition: &AlarmTransition, message_id: &str) {
        self.register(&transition.serial, transition.gateway_id, transition.project_id).await;
        let kind = if transition.raised { "raised" } else { "recovered" };
        self.publish_raw(kind, message_id, transition.encode_to_vec()).await;
    }

    async fn consumer_idle(&self) -> bool {
        common::consumer_idle(&self.js, &self.streams.bridge().name, "alarm-transitions").await
    }
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

fn raise(alarm_type_id: i64, device: &str, loop_index: u32, seq: u64, value: f64) -> AlarmTransition {
    AlarmTransition {
        transition_id: format!("{alarm_type_id}.{device}.{loop_index}.r.{seq}"),
        raise_transition_id: String::new(),
        alarm_type_id,
        project_id: 2,
        serial: device.to_owned(),
        gateway_id: 1,
        gateway_name: format!("Cabinet {device}"),
        loop_index,
        raised: true,
        at_ms: now_ms() - 60_000 + seq as i64,
        value,
        attribute: Attribute::Current.into(),
        sample_time_ms: now_ms() - 60_000,
    }
}

fn recovery(of: &AlarmTransition, seq: u64, value: f64) -> AlarmTransition {
    AlarmTransition {
        transition_id: of.transition_id.replace(".r.", ".c.") + &format!("-{seq}"),
        raise_transition_id: of.transition_id.clone(),
        raised: false,
        at_ms: of.at_ms + 30_000,
        value,
        ..of.clone()
    }
}

/// The alarm a raise made, once it is in.
async fn alarm_of(console: &Console<'_>, device_name: &str) -> Value {
    let path = format!("/alarm/history/list?deviceName={}", device_name.replace(' ', "%20").replace('/', "%2F"));
    let found = eventually(20, || async { console.total(&path).await == 1 }).await;
    assert!(found, "no alarm for {device_name}");
    console.rows(&path).await.remove(0)
}

scenario!(alarms_follow_the_bridge_transitions);
async fn alarms_follow_the_bridge_transitions(c: &Cluster) {
    let bridge = Bridge::open(c).await;
    let admin = Console::open(c, "admin", "admin123", PROJECT).await;
    let type_id = admin.add_type(over_current()).await;

    // One raise, published twice with its id and once more under another message id.
    let first = raise(type_id, "GW-1", 1, 10, 20.0);
    bridge.publish(&first).await;
    bridge.publish(&first).await;
    bridge.publish_as(&first, "another-message-id").await;
    let alarm = alarm_of(&admin, "Cabinet GW-1 #1").await;
    let alarm_id = alarm["alarmId"].as_i64().unwrap();
    assert_eq!(alarm["status"], "0");
    assert_eq!((alarm["alarmName"].as_str(), alarm["alarmLevel"].as_str()), (Some("Over-current"), Some("1")));
    assert_eq!((alarm["gatewayNumber"].as_str(), alarm["loopIndex"].as_i64()), (Some("GW-1"), Some(1)));
    assert_eq!((alarm["value"].as_f64(), alarm["content"].as_str()), (Some(20.0), Some("Loop over-current")));
    assert_eq!((alarm["endTime"].clone(), alarm["recovered"].clone()), (Value::Null, json!(false)));
    assert_eq!(alarm["alarmTime"].as_str().map(str::len), Some(19));
    assert!(eventually(10, || bridge.consumer_idle()).await);
    assert_eq!(admin.total("/alarm/history/list").await, 1, "one alarm for one raise, however often it came");
    assert_eq!(admin.ok(Call::get("/alarm/alarm/openCount")).await["data"]["count"], 1);

    // The detail, in both languages; editing the type later changes no history.
    let detail = admin.alarm(alarm_id).await;
    assert_eq!(detail["detail"], "Triggered when Current > 15.000 A; the reading was 20 A");
    assert_eq!(
        (detail["contentZh"].as_str(), detail["contentEn"].as_str()),
        (Some("回路过流"), Some("Loop over-current"))
    );
    let (_, zh) = admin.call_in(Lang::Zh, Call::get(&format!("/alarm/alarm/{alarm_id}"))).await;
    assert_eq!(zh["data"]["detail"], "触发条件：电流 > 15.000 A；实测值：20 A");
    assert_eq!(zh["data"]["content"], "回路过流");
    let renamed =
        with(over_current(), json!({ "alarmTypeId": type_id, "alarmName": "Renamed", "contentEn": "New text" }));
    admin.ok(Call::put("/alarm/type").json(renamed)).await;
    let kept = admin.alarm(alarm_id).await;
    assert_eq!(
        (kept["alarmName"].as_str(), kept["contentEn"].as_str()),
        (Some("Over-current"), Some("Loop over-current"))
    );

    // Recovery (twice): end time, recovered, restored (the type has auto processing).
    let end = recovery(&first, 11, 10.0);
    bridge.publish(&end).await;
    bridge.publish_as(&end, "another-recovery-id").await;
    assert!(eventually(20, || async { admin.alarm(alarm_id).await["status"] == "4" }).await, "not restored");
    let restored = admin.alarm(alarm_id).await;
    assert_eq!(restored["recovered"], true);
    assert_eq!(restored["endTime"].as_str().map(str::len), Some(19));
    assert_eq!(admin.total("/alarm/realtime/list").await, 0);
    assert_eq!(admin.ok(Call::get("/alarm/alarm/openCount")).await["data"]["count"], 0);

    process_close_and_late_recovery(&admin, &bridge, type_id).await;
    recovery_before_its_raise(&admin, &bridge, type_id).await;
    poison_and_deleted_types(&admin, &bridge).await;
    filters_and_scoping(c, &admin).await;
    events_reach_the_alarm_stream(c, alarm_id).await;
    waiting_transitions_are_recorded_in_order(&admin, &bridge, type_id).await;
}

/// Transitions published back to back (the consumer records what waits in one transaction):
/// a raise and its recovery, garbage between, another raise; each lands as if alone.
async fn waiting_transitions_are_recorded_in_order(admin: &Console<'_>, bridge: &Bridge, type_id: i64) {
    let sixth = raise(type_id, "GW-6", 1, 60, 25.0);
    let seventh = raise(type_id, "GW-7", 3, 70, 26.0);
    bridge.publish(&sixth).await;
    bridge.publish(&recovery(&sixth, 61, 8.0)).await;
    bridge.publish_raw("raised", "garbage-3", b"\x00\x01".to_vec()).await;
    bridge.publish(&seventh).await;
    let recovered = alarm_of(admin, "Cabinet GW-6 #1").await["alarmId"].as_i64().unwrap();
    assert!(eventually(20, || async { admin.alarm(recovered).await["recovered"] == true }).await);
    assert_eq!(admin.alarm(recovered).await["status"], "4", "raised, then restored");
    let open = alarm_of(admin, "Cabinet GW-7 #3").await;
    assert_eq!((open["status"].as_str(), open["recovered"].as_bool()), (Some("0"), Some(false)));
    assert!(eventually(20, || bridge.consumer_idle()).await, "the garbage is terminated, nothing held");
}

async fn process_close_and_late_recovery(admin: &Console<'_>, bridge: &Bridge, type_id: i64) {
    let second = raise(type_id, "GW-2", 0, 20, 18.5);
    bridge.publish(&second).await;
    let alarm_id = alarm_of(admin, "Cabinet GW-2").await["alarmId"].as_i64().unwrap();

    admin.ok(Call::put("/alarm/alarm/process").json(json!({ "alarmId": alarm_id }))).await;
    assert_eq!(admin.alarm(alarm_id).await["status"], "1");
    let (status, body) = admin.call(Call::put("/alarm/alarm/process").json(json!({ "alarmId": alarm_id }))).await;
    assert_eq!(
        (status, body["msg"].as_str()),
        (400, Some("Only alarms not processed yet can be taken into processing"))
    );
    assert_eq!(admin.total("/alarm/realtime/list?status=1").await, 1, "processing is still open");

    let close =
        |reason: Value| Call::put("/alarm/alarm/close").json(json!({ "alarmId": alarm_id, "closeReason": reason }));
    for bad in [json!(""), json!("   "), json!("x".repeat(201))] {
        let (status, body) = admin.call_in(Lang::Zh, close(bad)).await;
        assert_eq!((status, body["msg"].as_str()), (400, Some("关闭原因不能为空，且不超过200个字符")));
    }
    admin.ok(close(json!("Checked on site: a loose terminal, tightened"))).await;
    let closed = admin.alarm(alarm_id).await;
    assert_eq!(
        (closed["status"].as_str(), closed["closeReason"].as_str()),
        (Some("3"), Some("Checked on site: a loose terminal, tightened"))
    );
    let (status, body) = admin.call(close(json!("again"))).await;
    assert_eq!(
        (status, body["msg"].as_str()),
        (400, Some("Only open alarms (not processed or processing) can be changed"))
    );
    let (status, _) =
        admin.call(Call::put("/alarm/alarm/close").json(json!({ "alarmId": 999_999, "closeReason": "x" }))).await;
    assert_eq!(status, 404);

    // A recovery of a closed alarm: still closed, with its end time.
    bridge.publish(&recovery(&second, 21, 9.0)).await;
    assert!(eventually(20, || async { admin.alarm(alarm_id).await["recovered"] == true }).await);
    let ended = admin.alarm(alarm_id).await;
    assert_eq!(ended["status"], "3");
    assert!(ended["endTime"].is_string());
}

async fn recovery_before_its_raise(admin: &Console<'_>, bridge: &Bridge, type_id: i64) {
    let third = raise(type_id, "GW-3", 2, 30, 16.0);
    bridge.publish(&recovery(&third, 31, 11.0)).await;
    bridge.publish(&third).await;
    let alarm = alarm_of(admin, "Cabinet GW-3 #2").await;
    assert_eq!((alarm["status"].as_str(), alarm["recovered"].as_bool()), (Some("4"), Some(true)));
    assert!(alarm["endTime"].is_string());
}

async fn poison_and_deleted_types(admin: &Console<'_>, bridge: &Bridge) {
    // A type deleted before its raise is handled: the raise is skipped.
    let gone = admin.add_type(with(over_current(), json!({ "alarmName": "Short-lived" }))).await;
    admin.ok(delete(&format!("/alarm/type/{gone}"))).await;
    bridge.publish(&raise(gone, "GW-4", 1, 40, 30.0)).await;
    // A raise naming a gateway of another project (forged, or corrupt) raises nothing.
    let foreign = admin.add_type(with(over_current(), json!({ "alarmName": "Foreign" }))).await;
    bridge.register("GW-9", 9, 1).await;
    let forged = raise(foreign, "GW-9", 1, 90, 40.0);
    bridge.publish_raw("raised", "forged-1", AlarmTransition { gateway_id: 9, ..forged }.encode_to_vec()).await;
    // Garbage is terminated and the next good message still flows.
    bridge.publish_raw("raised", "garbage-1", b"\xff\xfe not a protobuf".to_vec()).await;
    bridge.publish_raw("recovered", "garbage-2", Vec::new()).await;
    let kept = admin.add_type(with(over_current(), json!({ "alarmName": "After garbage" }))).await;
    bridge.publish(&raise(kept, "GW-5", 1, 50, 21.0)).await;
    let alarm = alarm_of(admin, "Cabinet GW-5 #1").await;
    assert_eq!(alarm["alarmName"], "After garbage");
    assert_eq!(admin.total("/alarm/history/list?deviceName=GW-4").await, 0, "no alarm of a deleted type");
    assert_eq!(admin.total("/alarm/history/list?deviceName=GW-9").await, 0, "no alarm of another project's gateway");
    assert!(eventually(20, || bridge.consumer_idle()).await, "the consumer still holds messages");
}

async fn filters_and_scoping(c: &Cluster, admin: &Console<'_>) {
    assert_eq!(admin.total("/alarm/history/list").await, 4);
    assert_eq!(admin.total("/alarm/realtime/list").await, 1, "only GW-5's alarm is open");
    assert_eq!(admin.total("/alarm/history/list?status=3").await, 1);
    assert_eq!(admin.total("/alarm/history/list?status=4").await, 2);
    assert_eq!(admin.total("/alarm/history/list?deviceName=%23").await, 3, "the loops (#N)");
    assert_eq!(admin.total("/alarm/history/list?alarmLevel=1").await, 4);
    assert_eq!(admin.total("/alarm/history/list?alarmLevel=2").await, 0);
    assert_eq!(admin.total("/alarm/history/list?beginTime=2999-01-01%2000:00:00").await, 0);
    assert_eq!(admin.total("/alarm/history/list?endTime=2999-01-01").await, 4);
    let page = admin.rows("/alarm/history/list?pageNum=2&pageSize=3").await;
    assert_eq!(page.len(), 1);
    let newest = admin.rows("/alarm/history/list?pageSize=1").await;
    assert_eq!(newest[0]["deviceName"], "Cabinet GW-5 #1", "newest first");
    let type_id = newest[0]["alarmTypeId"].as_i64().unwrap();
    assert_eq!(admin.total(&format!("/alarm/history/list?alarmTypeId={type_id}")).await, 1);
    for (path, msg) in [
        (
            "/alarm/history/list?status=7",
            "Alarm status must be 0 (not processed), 1 (processing), 2 (processed), 3 (closed) or 4 (restored)",
        ),
        ("/alarm/history/list?beginTime=yesterday", "Times must be written as yyyy-MM-dd HH:mm:ss"),
        ("/alarm/realtime/list?alarmTypeId=x", "Invalid alarm type id"),
    ] {
        let (status, body) = admin.call(Call::get(path)).await;
        assert_eq!((status, body["msg"].as_str()), (400, Some(msg)), "{path}");
    }
    let (status, _) = admin.call(Call::get("/alarm/alarm/abc")).await;
    assert_eq!(status, 400);

    // Project 1 sees none of project 2's alarms.
    let operator = Console::open(c, "operator", "operator123", "1").await;
    assert_eq!(operator.total("/alarm/history/list").await, 0);
    let alarm_id = newest[0]["alarmId"].as_i64().unwrap();
    let (status, _) = operator.call(Call::get(&format!("/alarm/alarm/{alarm_id}"))).await;
    assert_eq!(status, 404);
    let close = json!({ "alarmId": alarm_id, "closeReason": "not mine" });
    let (status, _) = operator.call(Call::put("/alarm/alarm/close").json(close)).await;
    assert_eq!(status, 404);
    assert_eq!(operator.ok(Call::get("/alarm/alarm/openCount")).await["data"]["count"], 0);
    assert_eq!(admin.alarm(alarm_id).await["status"], "0");
}

/// Every message of a stream: subject, `Nats-Msg-Id` and the decoded event.
async fn alarm_events(js: &jetstream::Context, name: &str) -> Vec<(String, String, AlarmChanged)> {
    let Ok(mut stream) = js.get_stream(name).await else { return Vec::new() };
    let Ok(info) = stream.info().await else { return Vec::new() };
    let mut events = Vec::new();
    for sequence in info.state.first_sequence..=info.state.last_sequence {
        let Ok(message) = stream.get_raw_message(sequence).await else { continue };
        let id = message.headers.get("Nats-Msg-Id").map(|v| v.as_str().to_owned()).unwrap_or_default();
        let event = AlarmChanged::decode(message.payload.clone()).expect("an AlarmChanged");
        events.push((message.subject.to_string(), id, event));
    }
    events
}

/// The ALARM stream holds an `AlarmChanged` for every change, with `{alarm_id}:{kind}` ids:
/// 4 raises, 3 recoveries, 1 processing and 1 close.
async fn events_reach_the_alarm_stream(c: &Cluster, first_alarm: i64) {
    const EXPECTED: usize = 9;
    let js = c.jetstream().await;
    let name = Streams::new(&c.prefix).alarm().name;
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    let mut seen = alarm_events(&js, &name).await;
    while seen.len() < EXPECTED && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(200)).await;
        seen = alarm_events(&js, &name).await;
    }
    let ids: Vec<&str> = seen.iter().map(|(_, id, _)| id.as_str()).collect();
    assert_eq!(seen.len(), EXPECTED, "one event per change, none twice: {ids:?}");
    let prefix = &c.prefix;
    let event_of = |kind: &str| {
        let wanted = format!("{first_alarm}:{kind}");
        seen.iter().find(|(_, id, _)| *id == wanted).unwrap_or_else(|| panic!("{wanted} missing from {ids:?}"))
    };
    for kind in ["raised", "recovered"] {
        let (subject, _, event) = event_of(kind);
        assert_eq!(*subject, format!("{prefix}.alarm.{kind}"));
        assert_eq!((event.alarm_id, event.project_id, event.kind.as_str()), (first_alarm, 2, kind));
        assert_eq!((event.level(), event.alarm_name.as_str()), (AlarmLevel::Serious, "Over-current"));
        assert_eq!(
            (event.device_name.as_str(), event.serial.as_str(), event.loop_index),
            ("Cabinet GW-1 #1", "GW-1", 1)
        );
        assert!(event.auto_work_order);
    }
    let recovered = &event_of("recovered").2;
    assert_eq!(recovered.status, "4");
    assert!(recovered.end_at_ms > recovered.raised_at_ms);
    for kind in ["closed", "processing"] {
        let subject = format!("{prefix}.alarm.{kind}");
        assert_eq!(seen.iter().filter(|(s, _, _)| *s == subject).count(), 1, "{kind}");
    }
}
