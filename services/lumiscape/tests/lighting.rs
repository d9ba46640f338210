//! The lighting screens' HTTP contract: gateways and loops, project scoping and permissions,
//! the projections of the bridge's events (telemetry, presence) behind the lists and charts,
//! and real-time and one-key control. Every scenario runs against `--target all` in one
//! process and against every service in a process of its own.

#[macro_use]
mod common;

use std::time::{Duration, Instant};

use async_nats::jetstream;
use common::{
    Call, Cluster, Console, Deployment, Options, eventually, fresh_database, refused, refused_by_rule,
    revoke_from_operator, riverside_fleet,
};
use lumiscape_common::nats::Streams;
use lumiscape_proto::events::v1::{
    GatewayRegistration, GatewayStatusChanged, LoopSample, OneKeyExecuted, TelemetryBatch, TelemetrySample,
};
use prost::Message;
use serde_json::{Value, json};

const EN: &str = "en_US";
const ZH: &str = "zh_CN";
const OFFLINE_EN: &str = "Device offline, cannot operate.";
const OFFLINE_ZH: &str = "设备离线，无法操作。";
const NO_PERMISSION_EN: &str = "No permission, please contact the administrator";

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64
}

fn delete(path: &str) -> Call<'_> {
    Call { method: reqwest::Method::DELETE, ..Call::get(path) }
}

fn gateway_body(name: &str, serial: &str, loops: u32) -> Value {
    json!({ "gatewayName": name, "gatewayNumber": serial, "communicationType": "1", "loopCount": loops })
}

impl Console<'_> {
    async fn en(&self, project: &str, call: Call<'_>) -> (u16, Value) {
        self.send(project, EN, call).await
    }

    async fn add(&self, project: &str, body: Value) -> i64 {
        let (status, reply) = self.en(project, Call::post("/lighting/gateway").json(body)).await;
        assert_eq!((status, reply["code"].as_i64()), (200, Some(200)), "{reply}");
        reply["data"]["gatewayId"].as_i64().expect("gateway id")
    }

    async fn detail(&self, project: &str, id: i64) -> Value {
        let (status, reply) = self.en(project, Call::get(&format!("/lighting/gateway/{id}"))).await;
        assert_eq!(status, 200, "{reply}");
        reply["data"].clone()
    }

    async fn total(&self, project: &str, path: &str) -> i64 {
        let (status, reply) = self.en(project, Call::get(path)).await;
        assert_eq!(status, 200, "{reply}");
        reply["total"].as_i64().expect("a list")
    }
}

/// Publishes an event as the bridge does (stored, deduplicated by `id`).
async fn publish(js: &jetstream::Context, cluster: &Cluster, subject: &str, id: &str, payload: Vec<u8>) {
    let streams = Streams::new(&cluster.prefix);
    Streams::ensure(js, &streams.bridge()).await.unwrap();
    let headers = lumiscape_common::nats::event_headers(id, subject);
    js.publish_with_headers(streams.subject(subject), headers, payload.into()).await.unwrap().await.unwrap();
}

/// Whether a consumer of the bridge's stream has handled everything published so far.
async fn consumer_idle(js: &jetstream::Context, cluster: &Cluster, consumer: &str) -> bool {
    common::consumer_idle(js, &format!("{}_BRIDGE", cluster.prefix), consumer).await
}

/// The registration the bridge reads for `serial`, if any.
async fn registration(js: &jetstream::Context, cluster: &Cluster, serial: &str) -> Option<GatewayRegistration> {
    let kv = js.get_key_value(format!("{}_GATEWAYS", cluster.prefix)).await.ok()?;
    let value = kv.get(format!("gw.{serial}")).await.ok()??;
    GatewayRegistration::decode(value).ok()
}

// --- the registry ----------------------------------------------------------------------

scenario!(gateways_are_registered_edited_and_deleted);
async fn gateways_are_registered_edited_and_deleted(c: &Cluster) {
    let console = Console::admin(c).await;
    let js = c.jetstream().await;
    let seeded = console.total("1", "/lighting/gateway/list").await;
    assert_eq!(seeded, 5, "the demo's riverside cabinets");

    let mut body = gateway_body("North gate cabinet", "T-CRUD-1", 4);
    body["loops"] = json!([{ "loopIndex": 1, "loopName": "Path lights" }, { "loopIndex": 3, "loopName": "Trees" }]);
    body["remark"] = json!("by the north gate");
    body["communicationType"] = json!("3");
    let id = console.add("1", body).await;

    let detail = console.detail("1", id).await;
    assert_eq!(detail["gatewayName"], "North gate cabinet");
    assert_eq!(detail["gatewayNumber"], "T-CRUD-1");
    assert_eq!(detail["communicationType"], "3");
    assert_eq!(detail["loopCount"], 4);
    assert_eq!(detail["onlineStatus"], "0");
    assert_eq!(detail["signal"], Value::Null);
    assert_eq!(detail["firmwareVersion"], "");
    assert_eq!(detail["lastSeenTime"], Value::Null);
    assert_eq!(detail["remark"], "by the north gate");
    assert_eq!(detail["createTime"].as_str().unwrap().len(), "2026-01-01 00:00:00".len());
    let loops = detail["loops"].as_array().unwrap();
    let names: Vec<&str> = loops.iter().map(|l| l["loopName"].as_str().unwrap()).collect();
    assert_eq!(names, ["Path lights", "", "Trees", ""]);
    assert_eq!(loops[0]["loopIndex"], 1);
    assert_eq!(loops[0]["on"], Value::Null, "never read");
    assert_eq!(loops[0]["updateTime"], Value::Null);
    let registered = eventually(10, || async { registration(&js, c, "T-CRUD-1").await.is_some() }).await;
    assert!(registered, "the bridge learns the serial from the GATEWAYS bucket");
    let entry = registration(&js, c, "T-CRUD-1").await.unwrap();
    assert_eq!((entry.gateway_id, entry.project_id, entry.loop_count), (id, 1, 4));

    // Filters: contains-matches and the online flag.
    assert_eq!(console.total("1", "/lighting/gateway/list?gatewayNumber=CRUD").await, 1);
    assert_eq!(console.total("1", "/lighting/gateway/list?gatewayName=gate%20cab").await, 1);
    assert_eq!(console.total("1", "/lighting/gateway/list?gatewayName=滨江").await, 5);
    assert_eq!(console.total("1", "/lighting/gateway/list?onlineStatus=1").await, 0);
    assert_eq!(console.total("1", "/lighting/gateway/list?onlineStatus=0").await, 6);
    let (_, page) = console.en("1", Call::get("/lighting/gateway/list?pageNum=2&pageSize=4")).await;
    assert_eq!((page["total"].as_i64(), page["rows"].as_array().unwrap().len()), (Some(6), 2));

    // Edit: fewer loops, a new name for loop 2, a new serial; the bucket follows.
    let mut edit = gateway_body("North gate cabinet (new)", "T-CRUD-1B", 2);
    edit["gatewayId"] = json!(id);
    edit["loops"] = json!([{ "loopIndex": 2, "loopName": "Fountain" }]);
    let (status, reply) = console.en("1", Call::put("/lighting/gateway").json(edit)).await;
    assert_eq!(status, 200, "{reply}");
    let detail = console.detail("1", id).await;
    assert_eq!(detail["gatewayNumber"], "T-CRUD-1B");
    let names: Vec<&str> =
        detail["loops"].as_array().unwrap().iter().map(|l| l["loopName"].as_str().unwrap()).collect();
    assert_eq!(names, ["Path lights", "Fountain"], "kept, renamed; loops 3 and 4 gone");
    let moved = eventually(10, || async {
        registration(&js, c, "T-CRUD-1").await.is_none()
            && registration(&js, c, "T-CRUD-1B").await.is_some_and(|r| r.loop_count == 2)
    })
    .await;
    assert!(moved, "the old serial leaves the bucket, the new one arrives");

    // Delete: all or none, then gone everywhere; the serial is free again.
    let (_, foreign) = console.en("2", Call::get("/lighting/gateway/list")).await;
    let foreign_id = foreign["rows"][0]["gatewayId"].as_i64().unwrap();
    refused(
        console.en("1", delete(&format!("/lighting/gateway/{id},{foreign_id}"))).await,
        404,
        "Gateway does not exist",
    );
    assert_eq!(console.detail("1", id).await["gatewayId"], id, "nothing deleted");
    let (status, _) = console.en("1", delete(&format!("/lighting/gateway/{id}"))).await;
    assert_eq!(status, 200);
    refused(console.en("1", Call::get(&format!("/lighting/gateway/{id}"))).await, 404, "Gateway does not exist");
    refused(console.en("1", delete(&format!("/lighting/gateway/{id}"))).await, 404, "Gateway does not exist");
    assert_eq!(console.total("1", "/lighting/gateway/list").await, 5);
    assert!(eventually(10, || async { registration(&js, c, "T-CRUD-1B").await.is_none() }).await);
    let again = console.add("1", gateway_body("Reborn", "T-CRUD-1B", 1)).await;
    assert_ne!(again, id);
}

#[tokio::test]
async fn the_registry_is_resynced_when_lighting_starts() {
    let pieces = Deployment::Processes(&["identity,project,alarm,bridge,edge", "lighting"]);
    let mut c = Cluster::start_with(pieces, Options::default()).await;
    let js = c.jetstream().await;
    assert!(eventually(10, || async { registration(&js, &c, "SIM-00006").await.is_some() }).await, "seeded gateways");
    c.kill("lighting");
    let kv = js.get_key_value(format!("{}_GATEWAYS", c.prefix)).await.unwrap();
    let stale =
        GatewayRegistration { gateway_id: 424_242, project_id: 1, serial: "T-STALE".into(), ..Default::default() };
    kv.put("gw.T-STALE", stale.encode_to_vec().into()).await.unwrap();
    kv.delete("gw.SIM-00001").await.unwrap();
    c.restart("lighting").await;
    let healed = eventually(10, || async {
        registration(&js, &c, "T-STALE").await.is_none() && registration(&js, &c, "SIM-00001").await.is_some()
    })
    .await;
    assert!(healed, "keys of no live gateway are deleted, every live gateway is put back");
    let entry = registration(&js, &c, "SIM-00001").await.unwrap();
    assert_eq!((entry.project_id, entry.name.as_str(), entry.loop_count), (1, "滨江配电柜1", 4));
}

scenario!(bad_input_is_refused_in_the_callers_language_and_changes_nothing);
async fn bad_input_is_refused_in_the_callers_language_and_changes_nothing(c: &Cluster) {
    let console = Console::admin(c).await;
    let add = |body: Value, lang: &'static str| {
        let console = &console;
        async move { console.send("1", lang, Call::post("/lighting/gateway").json(body)).await }
    };
    let good = || gateway_body("Cabinet", "T-BAD-1", 4);
    let with = |key: &str, value: Value| {
        let mut body = good();
        body[key] = value;
        body
    };
    let cases: Vec<(Value, &str, &str)> = vec![
        (
            with("gatewayName", json!("  ")),
            "Gateway name is required and at most 50 characters",
            "网关名称不能为空，且不超过50个字符",
        ),
        (
            with("gatewayName", json!("灯".repeat(51))),
            "Gateway name is required and at most 50 characters",
            "网关名称不能为空，且不超过50个字符",
        ),
        (
            with("gatewayNumber", json!("GW 1")),
            "Gateway number is required: 1 to 32 letters, digits, '_' or '-'",
            "网关编号不能为空，且只能是1到32位字母、数字、下划线或中划线",
        ),
        (
            with("gatewayNumber", json!("A".repeat(33))),
            "Gateway number is required: 1 to 32 letters, digits, '_' or '-'",
            "网关编号不能为空，且只能是1到32位字母、数字、下划线或中划线",
        ),
        (
            with("communicationType", json!("5")),
            "Communication type must be 1 (4G), 2 (Ethernet), 3 (NB-IoT) or 4 (LoRa)",
            "通讯方式不正确，应为 1（4G）、2（以太网）、3（NB-IoT）或 4（LoRa）",
        ),
        (with("loopCount", json!(0)), "Loop count must be 1 to 64", "回路数量必须在1到64之间"),
        (with("loopCount", json!(65)), "Loop count must be 1 to 64", "回路数量必须在1到64之间"),
        (
            with("loops", json!([{ "loopIndex": 5, "loopName": "x" }])),
            "Loop index must be 1 to 4",
            "回路序号必须在1到4之间",
        ),
        (
            with("loops", json!([{ "loopIndex": 2, "loopName": "a" }, { "loopIndex": 2, "loopName": "b" }])),
            "Loop 2 is given twice",
            "回路 2 重复",
        ),
        (
            with("loops", json!([{ "loopIndex": 1, "loopName": "x".repeat(31) }])),
            "Loop name may be at most 30 characters",
            "回路名称不能超过30个字符",
        ),
        (
            with("gatewayType", json!("T".repeat(51))),
            "The gateway type must be at most 50 characters",
            "网关类型不超过50个字符",
        ),
        (
            with("brand", json!("品".repeat(51))),
            "The gateway brand must be at most 50 characters",
            "网关品牌不超过50个字符",
        ),
        (with("remark", json!("备".repeat(201))), "Remark may be at most 200 characters", "备注不能超过200个字符"),
        (
            with("gatewayNumber", json!("SIM-00006")),
            "Gateway number SIM-00006 already exists",
            "网关编号 SIM-00006 已存在",
        ),
    ];
    for (body, en, zh) in cases {
        refused(add(body.clone(), EN).await, 400, en);
        refused(add(body, ZH).await, 400, zh);
    }
    let (status, body) = console
        .cluster
        .api
        .send(
            Call::post("/lighting/gateway")
                .token(&console.token)
                .header("ProjectId", "1")
                .raw(b"{\"gatewayName\":".to_vec()),
        )
        .await;
    assert_eq!((status, body["code"].as_i64()), (400, Some(400)), "malformed JSON: {body}");
    refused(
        console.send("", EN, Call::post("/lighting/gateway").json(good())).await,
        400,
        "Please select a project first",
    );
    refused(console.send("", ZH, Call::get("/lighting/gateway/list")).await, 400, "请先选择项目");
    assert_eq!(console.total("1", "/lighting/gateway/list").await, 5, "bad input changed nothing");
    let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM lighting.gateways WHERE serial LIKE 'T-BAD%'")
        .fetch_one(&c.pool)
        .await
        .unwrap();
    assert_eq!(rows, 0);

    // Edits are checked the same way, and a serial taken by another gateway is refused.
    let id = console.add("1", good()).await;
    let mut edit = gateway_body("Cabinet", "SIM-00001", 4);
    edit["gatewayId"] = json!(id);
    refused(
        console.en("1", Call::put("/lighting/gateway").json(edit.clone())).await,
        400,
        "Gateway number SIM-00001 already exists",
    );
    edit["gatewayId"] = json!(0);
    refused(console.en("1", Call::put("/lighting/gateway").json(edit.clone())).await, 400, "Invalid gateway id");
    assert_eq!(console.detail("1", id).await["gatewayNumber"], "T-BAD-1");

    // Lists and paths. Paging out of range is brought into range (the one paging rule);
    // what is not a number is refused.
    let (_, clamped) = console.en("1", Call::get("/lighting/gateway/list?pageNum=0&pageSize=100000")).await;
    assert_eq!((clamped["code"].as_u64(), clamped["rows"].as_array().map(Vec::len)), (Some(200), Some(6)), "{clamped}");
    let (_, empty) = console.en("1", Call::get("/lighting/gateway/list?pageNum=99&pageSize=-3")).await;
    assert_eq!((empty["total"].as_i64(), empty["rows"].as_array().map(Vec::len)), (Some(6), Some(0)), "{empty}");
    refused(
        console.en("1", Call::get("/lighting/gateway/list?pageSize=abc")).await,
        400,
        "pageNum and pageSize must be whole numbers",
    );
    refused(
        console.send("1", ZH, Call::get("/lighting/gateway/list?pageNum=1.5")).await,
        400,
        "分页参数 pageNum、pageSize 须为整数",
    );
    refused(
        console.en("1", Call::get("/lighting/gateway/list?onlineStatus=2")).await,
        400,
        "Online status must be 0 (offline) or 1 (online)",
    );
    refused(console.en("1", Call::get("/lighting/gateway/abc")).await, 400, "Invalid gateway id");
    refused(console.send("1", ZH, Call::get("/lighting/gateway/0")).await, 400, "网关ID不正确");
    refused(console.en("1", Call::get("/lighting/gateway/999999")).await, 404, "Gateway does not exist");
    refused(console.en("1", delete("/lighting/gateway/1,x")).await, 400, "Invalid gateway id");
    let many: Vec<String> = (1..=101).map(|i| i.to_string()).collect();
    refused(
        console.en("1", delete(&format!("/lighting/gateway/{}", many.join(",")))).await,
        400,
        "At most 100 records at a time",
    );
    refused(
        console.en("1", Call::get(&format!("/lighting/gateway/{id}/power?hours=169"))).await,
        400,
        "Hours must be 1 to 168",
    );
    refused(
        console.en("1", Call::get(&format!("/lighting/gateway/{id}/power?loopIndex=5"))).await,
        400,
        "Loop index must be 1 to 4",
    );
}

// --- permissions and projects --------------------------------------------------------------

scenario!(permissions_and_projects_bound_every_call);
async fn permissions_and_projects_bound_every_call(c: &Cluster) {
    let revoked = [
        "pc:lighting:gateway:add",
        "pc:lighting:gateway:remove",
        "pc:lighting:control:edit",
        "pc:lighting:oneKey:edit",
    ];
    revoke_from_operator(c, &revoked).await;
    let operator = Console::sign_in(c, "operator", "operator123").await;
    let admin = Console::admin(c).await;
    assert_eq!(operator.total("1", "/lighting/gateway/list").await, 5, "listing is still allowed");
    refused(
        operator.en("1", Call::post("/lighting/gateway").json(gateway_body("X", "T-PERM-1", 1))).await,
        403,
        NO_PERMISSION_EN,
    );
    let (_, list) = operator.en("1", Call::get("/lighting/gateway/list")).await;
    let own = list["rows"][0]["gatewayId"].as_i64().unwrap();
    refused(operator.en("1", delete(&format!("/lighting/gateway/{own}"))).await, 403, NO_PERMISSION_EN);
    let switch = json!({ "gatewayId": own, "loopIndex": 1, "on": true });
    refused(operator.en("1", Call::post("/lighting/control/loop").json(switch)).await, 403, NO_PERMISSION_EN);
    let one_key = Call::post("/lighting/oneKey/control").json(json!({ "on": true }));
    refused(operator.send("1", ZH, one_key).await, 403, "没有权限，请联系管理员授权");

    // The operator works in project 1 only.
    refused(operator.en("2", Call::get("/lighting/gateway/list")).await, 403, "You may not access this project");

    // A gateway of project 2 does not exist from project 1, whatever the call.
    assert_eq!(admin.total("2", "/lighting/gateway/list").await, 3, "the skyline project's three cabinets");
    let (_, skyline) = admin.en("2", Call::get("/lighting/gateway/list?gatewayNumber=SIM-00006")).await;
    assert_eq!(skyline["total"], 1);
    assert_eq!(skyline["rows"][0]["gatewayNumber"], "SIM-00006");
    let foreign = skyline["rows"][0]["gatewayId"].as_i64().unwrap();
    assert_eq!(admin.total("1", "/lighting/gateway/list?gatewayNumber=SIM-00006").await, 0);
    let not_found = "Gateway does not exist";
    refused(admin.en("1", Call::get(&format!("/lighting/gateway/{foreign}"))).await, 404, not_found);
    refused(admin.en("1", Call::get(&format!("/lighting/gateway/{foreign}/power"))).await, 404, not_found);
    refused(admin.en("1", Call::get(&format!("/lighting/gateway/{foreign}/onlineHistory"))).await, 404, not_found);
    refused(admin.en("1", delete(&format!("/lighting/gateway/{foreign}"))).await, 404, not_found);
    let mut edit = gateway_body("Taken over", "SIM-00006", 4);
    edit["gatewayId"] = json!(foreign);
    refused(admin.en("1", Call::put("/lighting/gateway").json(edit)).await, 404, not_found);
    let switch = json!({ "gatewayId": foreign, "loopIndex": 1, "on": true });
    refused(admin.en("1", Call::post("/lighting/control/loop").json(switch)).await, 404, not_found);
    refused(
        admin.en("1", Call::post("/lighting/control/read").json(json!({ "gatewayId": foreign }))).await,
        404,
        not_found,
    );
    assert_eq!(admin.detail("2", foreign).await["gatewayName"], "天际线配电柜1");
}

// --- the projections ----------------------------------------------------------------------

fn sample(gateway_id: i64, serial: &str, seq: u64, at_ms: i64, loops: &[(u32, bool, f64)]) -> TelemetrySample {
    TelemetrySample {
        serial: serial.into(),
        gateway_id,
        project_id: 1,
        seq,
        device_time_ms: at_ms,
        signal_dbm: -67,
        temperature_c: 28.5,
        firmware: "3.1.0".into(),
        loops: loops
            .iter()
            .map(|&(index, on, power)| LoopSample {
                index,
                on,
                voltage_v: 220.0,
                current_a: power / 220.0,
                active_power_w: power,
                energy_kwh: 10.0 + f64::from(index),
            })
            .collect(),
        received_at_ms: at_ms + 30,
    }
}

fn status(gateway_id: i64, serial: &str, online: bool, at_ms: i64, reason: &str) -> Vec<u8> {
    GatewayStatusChanged { serial: serial.into(), gateway_id, project_id: 1, online, at_ms, reason: reason.into() }
        .encode_to_vec()
}

async fn stored_samples(c: &Cluster, gateway_id: i64) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM lighting.loop_samples WHERE gateway_id = $1")
        .bind(gateway_id)
        .fetch_one(&c.pool)
        .await
        .unwrap()
}

scenario!(telemetry_and_presence_reach_the_lists_and_charts);
async fn telemetry_and_presence_reach_the_lists_and_charts(c: &Cluster) {
    let console = Console::admin(c).await;
    let js = c.jetstream().await;
    let serial = "T-TEL-1";
    let id = console.add("1", gateway_body("Telemetry cabinet", serial, 2)).await;
    let gone = console.add("1", gateway_body("Soon gone", "T-TEL-GONE", 1)).await;
    let (status_code, _) = console.en("1", delete(&format!("/lighting/gateway/{gone}"))).await;
    assert_eq!(status_code, 200);

    // Three samples over two minutes; one of a deleted and one of an unknown gateway.
    let minute = (now_ms() / 60_000 - 3) * 60_000;
    let samples = vec![
        sample(id, serial, 1, minute + 1_000, &[(1, true, 100.0), (2, false, 0.0)]),
        sample(id, serial, 2, minute + 11_000, &[(1, true, 200.0), (2, false, 0.0)]),
        sample(id, serial, 3, minute + 61_000, &[(1, true, 300.0), (2, true, 50.0)]),
        sample(gone, "T-TEL-GONE", 1, minute + 1_000, &[(1, true, 1.0)]),
        sample(999_999, "T-GHOST", 1, minute + 1_000, &[(1, true, 1.0)]),
    ];
    let batch = TelemetryBatch { batch_id: "b1".into(), samples }.encode_to_vec();
    publish(&js, c, "bridge.telemetry", "b1", batch.clone()).await;
    let projected = eventually(15, || async {
        let detail = console.detail("1", id).await;
        detail["loops"][0]["activePower"] == 300.0 && detail["loops"][1]["on"] == true
    })
    .await;
    assert!(projected, "the latest readings reach the detail: {}", console.detail("1", id).await);
    let detail = console.detail("1", id).await;
    assert_eq!(detail["signal"], -67);
    assert_eq!(detail["temperature"], 28.5);
    assert_eq!(detail["firmwareVersion"], "3.1.0");
    assert!(detail["lastSeenTime"].is_string());
    assert_eq!(detail["loops"][1]["activePower"], 50.0);
    assert_eq!(detail["loops"][1]["voltage"], 220.0);
    assert_eq!(detail["loops"][1]["energy"], 12.0);
    assert!(detail["loops"][1]["updateTime"].is_string());
    let (_, list) = console.en("1", Call::get("/lighting/gateway/list?gatewayNumber=T-TEL-1")).await;
    assert_eq!(list["rows"][0]["signal"], -67, "{list}");

    // The power chart: one averaged point per minute.
    let (status_code, power) =
        console.en("1", Call::get(&format!("/lighting/gateway/{id}/power?loopIndex=1&hours=1"))).await;
    assert_eq!(status_code, 200, "{power}");
    assert_eq!(power["data"]["loopIndex"], 1);
    let points = power["data"]["points"].as_array().unwrap();
    let watts: Vec<f64> = points.iter().map(|p| p["activePower"].as_f64().unwrap()).collect();
    assert_eq!(watts, [150.0, 300.0], "{power}");
    assert_eq!(points[0]["voltage"], 220.0);
    assert_eq!(points[0]["time"].as_str().unwrap().len(), "2026-01-01 00:00:00".len());
    assert!(points[0]["time"].as_str().unwrap().ends_with(":00"), "a whole minute: {power}");
    let (_, default_loop) = console.en("1", Call::get(&format!("/lighting/gateway/{id}/power"))).await;
    assert_eq!(default_loop["data"]["points"], power["data"]["points"], "loop 1 over 24 hours by default");

    // The same batch again (a redelivery) and a late, older sample change no reading twice.
    publish(&js, c, "bridge.telemetry", "b1-redelivered", batch).await;
    let late = TelemetryBatch {
        batch_id: "b2".into(),
        samples: vec![sample(id, serial, 0, minute + 500, &[(1, false, 999.0)])],
    };
    publish(&js, c, "bridge.telemetry", "b2", late.encode_to_vec()).await;
    // An undecodable batch among them is terminated alone; the others are stored (the
    // consumer stores the batches that wait together).
    publish(&js, c, "bridge.telemetry", "garbage", vec![0xff; 8]).await;
    let third = TelemetryBatch {
        batch_id: "b3".into(),
        samples: vec![sample(id, serial, 4, minute + 62_000, &[(2, true, 75.0)])],
    };
    publish(&js, c, "bridge.telemetry", "b3", third.encode_to_vec()).await;
    assert!(eventually(15, || consumer_idle(&js, c, "lighting-telemetry")).await, "telemetry consumer idle");
    assert_eq!(stored_samples(c, id).await, 3 * 2 + 1 + 1, "one row per loop of each distinct sample");
    assert_eq!(stored_samples(c, gone).await, 0, "a deleted gateway's samples are skipped");
    assert_eq!(stored_samples(c, 999_999).await, 0);
    let detail = console.detail("1", id).await;
    assert_eq!(detail["loops"][0]["activePower"], 300.0, "an older sample does not win");
    assert_eq!(detail["loops"][1]["activePower"], 75.0, "the batch after the garbage is stored");
    let today = chrono::Utc::now().format("loop_samples_%Y%m%d").to_string();
    let partition: Option<String> = sqlx::query_scalar("SELECT relname::text FROM pg_class WHERE relname = $1")
        .bind(&today)
        .fetch_optional(&c.pool)
        .await
        .unwrap();
    assert_eq!(partition.as_deref(), Some(today.as_str()), "today's partition exists");
    let plan: Vec<String> = sqlx::query_scalar(
        "EXPLAIN (COSTS OFF) SELECT count(*) FROM lighting.loop_samples \
         WHERE gateway_id = $1 AND loop_index = 1 AND sample_time >= $2 AND sample_time <= $3",
    )
    .bind(id)
    .bind(chrono::Utc::now() - chrono::TimeDelta::hours(1))
    .bind(chrono::Utc::now())
    .fetch_all(&c.pool)
    .await
    .unwrap();
    let plan = plan.join("\n");
    let later = |days| (chrono::Utc::now() + chrono::TimeDelta::days(days)).format("loop_samples_%Y%m%d").to_string();
    assert!(plan.contains(&today), "{plan}");
    assert!(!plan.contains(&later(1)) && !plan.contains(&later(2)), "a time range reads only its days: {plan}");

    // Presence: newer changes win, older ones only join the history, repeats count once.
    let now = now_ms();
    publish(&js, c, "bridge.gateway.status", "s1", status(id, serial, true, now - 10_000, "heartbeat")).await;
    let online = eventually(15, || async { console.detail("1", id).await["onlineStatus"] == "1" }).await;
    assert!(online, "online after the status event");
    assert_eq!(console.total("1", "/lighting/gateway/list?onlineStatus=1").await, 1);
    publish(&js, c, "bridge.gateway.status", "s0", status(id, serial, false, now - 20_000, "silence")).await;
    publish(&js, c, "bridge.gateway.status", "s2", status(id, serial, false, now - 5_000, "silence")).await;
    publish(&js, c, "bridge.gateway.status", "s2-again", status(id, serial, false, now - 5_000, "silence")).await;
    assert!(eventually(15, || consumer_idle(&js, c, "lighting-presence")).await, "presence consumer idle");
    assert_eq!(console.detail("1", id).await["onlineStatus"], "0");
    let (_, history) = console.en("1", Call::get(&format!("/lighting/gateway/{id}/onlineHistory"))).await;
    assert_eq!(history["total"], 3, "{history}");
    let rows = history["rows"].as_array().unwrap();
    let states: Vec<&str> = rows.iter().map(|r| r["onlineStatus"].as_str().unwrap()).collect();
    let reasons: Vec<&str> = rows.iter().map(|r| r["reason"].as_str().unwrap()).collect();
    assert_eq!(states, ["0", "1", "0"], "newest first");
    assert_eq!(reasons, ["silence", "heartbeat", "silence"]);
    assert!(rows[0]["time"].is_string());
    let (_, page) =
        console.en("1", Call::get(&format!("/lighting/gateway/{id}/onlineHistory?pageNum=2&pageSize=2"))).await;
    assert_eq!(page["rows"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn expired_telemetry_partitions_are_dropped_and_old_samples_skipped() {
    let (_, url) = fresh_database().await;
    let pool = sqlx::PgPool::connect(&url).await.unwrap();
    sqlx::query("SELECT lighting.ensure_sample_partition((now() AT TIME ZONE 'UTC')::date - 40)")
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let mut options = Options::default();
    options.extra_env.push(("LUMISCAPE_TELEMETRY__RETENTION_DAYS".into(), "30".into()));
    let c = Cluster::launch(Deployment::Monolith, options, url).await;
    let partitions = || async {
        let names: Vec<String> = sqlx::query_scalar(
            "SELECT c.relname::text FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid \
             WHERE i.inhparent = 'lighting.loop_samples'::regclass ORDER BY 1",
        )
        .fetch_all(&c.pool)
        .await
        .unwrap();
        names
    };
    let names = partitions().await;
    let day =
        |offset: i64| (chrono::Utc::now() + chrono::TimeDelta::days(offset)).format("loop_samples_%Y%m%d").to_string();
    // Yesterday to the day after tomorrow made ahead, the demo's energy history (its last four
    // weeks) kept, the expired one dropped.
    for offset in -1..=2 {
        assert!(names.contains(&day(offset)), "{} missing: {names:?}", day(offset));
    }
    assert!(!names.contains(&day(-40)), "the expired partition is dropped: {names:?}");
    assert!(names.iter().all(|name| *name >= day(-30)), "nothing older than the retention: {names:?}");

    let console = Console::admin(&c).await;
    let js = c.jetstream().await;
    let id = console.add("1", gateway_body("Old timer", "T-OLD-1", 1)).await;
    let old = now_ms() - 40 * 24 * 3600 * 1000;
    let batch = TelemetryBatch {
        batch_id: "old".into(),
        samples: vec![
            sample(id, "T-OLD-1", 1, old, &[(1, true, 5.0)]),
            sample(id, "T-OLD-1", 2, now_ms(), &[(1, true, 6.0)]),
        ],
    };
    publish(&js, &c, "bridge.telemetry", "old", batch.encode_to_vec()).await;
    assert!(eventually(15, || consumer_idle(&js, &c, "lighting-telemetry")).await);
    assert_eq!(stored_samples(&c, id).await, 1, "the sample beyond retention is skipped");
    assert_eq!(partitions().await, names, "and makes no partition");
}

// --- control -------------------------------------------------------------------------------

scenario!(offline_gateways_are_refused_at_once);
async fn offline_gateways_are_refused_at_once(c: &Cluster) {
    let console = Console::admin(c).await;
    let id = console.add("1", gateway_body("Dark cabinet", "T-OFF-1", 4)).await;
    let switch = json!({ "gatewayId": id, "loopIndex": 1, "on": true });
    for (lang, msg) in [(EN, OFFLINE_EN), (ZH, OFFLINE_ZH)] {
        let started = Instant::now();
        refused_by_rule(console.send("1", lang, Call::post("/lighting/control/loop").json(switch.clone())).await, msg);
        assert!(started.elapsed() < Duration::from_millis(500), "answered at once: {:?}", started.elapsed());
        let read = Call::post("/lighting/control/read").json(json!({ "gatewayId": id }));
        refused_by_rule(console.send("1", lang, read).await, msg);
    }
    let no_state = json!({ "gatewayId": id, "loopIndex": 1 });
    let say = "Say whether to switch on or off (on: true or false)";
    refused(console.en("1", Call::post("/lighting/control/loop").json(no_state)).await, 400, say);
    let beyond = json!({ "gatewayId": id, "loopIndex": 5, "on": true });
    refused(console.en("1", Call::post("/lighting/control/loop").json(beyond)).await, 400, "Loop index must be 1 to 4");
    let nothing = json!({ "loopIndex": 1, "on": true });
    refused(console.en("1", Call::post("/lighting/control/loop").json(nothing)).await, 400, "Invalid gateway id");

    // One-key control of project 2, whose three gateways are offline: reported, not waited for.
    refused(console.en("2", Call::post("/lighting/oneKey/control").json(json!({}))).await, 400, say);
    let started = Instant::now();
    let (code, reply) = console.en("2", Call::post("/lighting/oneKey/control").json(json!({ "on": false }))).await;
    assert_eq!(code, 200, "{reply}");
    assert!(started.elapsed() < Duration::from_secs(1), "offline gateways are not waited for");
    let data = &reply["data"];
    assert_eq!(
        (data["total"].as_i64(), data["succeeded"].as_i64(), data["failed"].as_i64()),
        (Some(3), Some(0), Some(3))
    );
    let results = data["results"].as_array().unwrap();
    let first = results.iter().find(|r| r["gatewayNumber"] == "SIM-00006").expect("SIM-00006 reported");
    assert_eq!(first["gatewayName"], "天际线配电柜1");
    assert!(results.iter().all(|r| r["result"] == "offline" && r["message"] == OFFLINE_EN), "{results:?}");
    let record_id = data["recordId"].as_i64().unwrap();

    let (_, records) = console.en("2", Call::get("/lighting/oneKey/record/list")).await;
    assert_eq!(records["total"], 1, "{records}");
    let row = &records["rows"][0];
    assert_eq!(row["recordId"], record_id);
    assert_eq!(row["action"], "off");
    assert_eq!(row["userName"], "admin");
    assert_eq!((row["total"].as_i64(), row["succeeded"].as_i64(), row["failed"].as_i64()), (Some(3), Some(0), Some(3)));
    assert!(row["createTime"].is_string());
    assert_eq!(console.total("1", "/lighting/oneKey/record/list").await, 0, "records are per project");
    let audit: Value = sqlx::query_scalar("SELECT results FROM lighting.onekey_records WHERE record_id = $1")
        .bind(record_id)
        .fetch_one(&c.pool)
        .await
        .unwrap();
    assert_eq!(audit[0]["result"], "offline");

    // The audit is also a fact on the LIGHTING stream.
    let js = c.jetstream().await;
    let stream = format!("{}_LIGHTING", c.prefix);
    let subject = format!("{}.lighting.onekey.executed", c.prefix);
    let event = async || {
        let stream = js.get_stream(&stream).await.ok()?;
        let message = stream.get_last_raw_message_by_subject(&subject).await.ok()?;
        OneKeyExecuted::decode(message.payload).ok()
    };
    assert!(eventually(10, || async { event().await.is_some() }).await, "OneKeyExecuted published");
    let executed = event().await.unwrap();
    assert_eq!((executed.record_id, executed.project_id, executed.on), (record_id, 2, false));
    assert_eq!((executed.total, executed.succeeded, executed.user_name.as_str()), (3, 0, "admin"));
}

scenario!(a_simulated_fleet_obeys_real_time_and_one_key_control);
async fn a_simulated_fleet_obeys_real_time_and_one_key_control(c: &Cluster) {
    let console = Console::admin(c).await;
    let stop = tokio_util::sync::CancellationToken::new();
    let (fleet, server, sim_stop) = (riverside_fleet(c), c.nats_url.clone(), stop.clone());
    let simulator =
        tokio::spawn(async move { lumiscape_gateway_bridge::simulator::run(fleet, &server, sim_stop).await });
    let online =
        eventually(30, || async { console.total("1", "/lighting/gateway/list?onlineStatus=1").await == 5 }).await;
    assert!(online, "the fleet comes online through the bridge");
    let (_, list) = console.en("1", Call::get("/lighting/gateway/list?gatewayNumber=SIM-00001")).await;
    let id = list["rows"][0]["gatewayId"].as_i64().unwrap();

    let switch = json!({ "gatewayId": id, "loopIndex": 2, "on": false });
    let (code, reply) = console.en("1", Call::post("/lighting/control/loop").json(switch)).await;
    assert_eq!((code, reply["code"].as_i64()), (200, Some(200)), "{reply}");
    assert!(!reply["data"]["correlationId"].as_str().unwrap().is_empty());
    assert!(reply["data"]["elapsedMs"].as_u64().unwrap() < 5000);
    assert!(reply["data"]["loops"].is_array(), "the acknowledgement's readings (the simulator sends none): {reply}");

    // Reading the gateway shows the switched loop, and keeps the readings as the latest state.
    let (code, reply) = console.en("1", Call::post("/lighting/control/read").json(json!({ "gatewayId": id }))).await;
    assert_eq!(code, 200, "{reply}");
    let read = reply["data"]["loops"].as_array().unwrap();
    assert_eq!(read.len(), 4, "{reply}");
    let loop2 = read.iter().find(|l| l["loopIndex"] == 2).expect("loop 2 read");
    assert_eq!((loop2["on"].as_bool(), loop2["loopName"].as_str()), (Some(false), Some("回路2")), "{reply}");
    assert!(loop2["updateTime"].is_string());
    assert_eq!(console.detail("1", id).await["loops"][1]["on"], false, "the read is the latest state");

    let (code, reply) = console.en("1", Call::post("/lighting/oneKey/control").json(json!({ "on": true }))).await;
    assert_eq!(code, 200, "{reply}");
    let data = &reply["data"];
    assert_eq!(
        (data["total"].as_i64(), data["succeeded"].as_i64(), data["failed"].as_i64()),
        (Some(5), Some(5), Some(0))
    );
    assert!(data["results"].as_array().unwrap().iter().all(|r| r["result"] == "ok" && r["message"] == ""), "{reply}");
    let (_, reply) = console.en("1", Call::post("/lighting/control/read").json(json!({ "gatewayId": id }))).await;
    let read = reply["data"]["loops"].as_array().unwrap();
    assert!(read.iter().all(|l| l["on"] == true), "every loop on: {reply}");
    let (_, records) = console.en("1", Call::get("/lighting/oneKey/record/list")).await;
    assert_eq!(records["rows"][0]["action"], "on");
    assert_eq!(records["rows"][0]["succeeded"], 5);

    // The fleet's telemetry reaches the charts.
    let charted = eventually(30, || async {
        let (_, power) = console.en("1", Call::get(&format!("/lighting/gateway/{id}/power?loopIndex=1&hours=1"))).await;
        power["data"]["points"].as_array().is_some_and(|p| !p.is_empty())
    })
    .await;
    assert!(charted, "simulated telemetry is stored");
    stop.cancel();
    let stats = simulator.await.unwrap().unwrap();
    assert!(stats.acks >= 23, "one set, two reads and twenty one-key acknowledgements: {stats:?}");
}
