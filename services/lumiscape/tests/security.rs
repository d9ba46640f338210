//! The HTTP side of the security suite (`scripts/test security`, docs/security.md). The
//! cross-project and permission cases are generated from the edge's route table
//! (`lumiscape_edge::routes::ROUTES`), so a new route is covered the day it is added: its
//! sample request (`sample` below) is the one line a developer writes, and a route without
//! one fails the suite with a message saying so. Every assertion is a check recorded by
//! `common::report` (one route x one case = one check); `scripts/test security` sums them.
//!
//! The generated groups run against `--target all`: the edge's guard and the services'
//! re-checks are the same code in every deployment (the other binaries run both).

mod common;

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use common::report::{self, check};
use common::{Call, Cluster, Deployment, Options, RateLimit, SIGNING_KEY, eventually};
use futures::{StreamExt, TryStreamExt};
use lumiscape_edge::routes::{Access, ROUTES, RouteSpec};
use reqwest::Method;
use serde_json::{Value, json};

const EN: &str = "en_US";
const ZH: &str = "zh_CN";
const NO_PERMISSION_EN: &str = "No permission, please contact the administrator";
const BAD_CREDENTIALS_ZH: &str = "用户不存在/密码错误";
const TOO_MANY_ZH: &str = "请求过于频繁，请稍后再试";
const TOO_MANY_EN: &str = "Too many requests, please try again later";
const AVATAR_INVALID_ZH: &str = "文件格式不正确，请上传PNG或JPG格式的图片";
const AVATAR_INVALID_EN: &str = "Invalid file: please upload a PNG or JPG image";

async fn monolith(options: Options) -> Cluster {
    Cluster::start_with(Deployment::Monolith, options).await
}

// --- what "nothing changed" means --------------------------------------------------------

/// Every table of the services' schemas (rows and a digest of their content) and every
/// stream and bucket of the cluster (messages and last sequence). A refused request must
/// leave all of it as it was: no row written, changed or deleted, no event published.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Snapshot {
    tables: BTreeMap<String, (i64, String)>,
    streams: BTreeMap<String, (u64, u64)>,
}

impl Snapshot {
    async fn take(c: &Cluster, js: &async_nats::jetstream::Context) -> Self {
        let names: Vec<String> = sqlx::query_scalar(
            "SELECT n.nspname || '.' || c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
             WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition \
             AND n.nspname IN ('identity', 'project', 'lighting', 'alarm') ORDER BY 1",
        )
        .fetch_all(&c.pool)
        .await
        .unwrap();
        let mut tables = BTreeMap::new();
        // The operation log records every write that passed the guard, refused ones too: it
        // is the audit of the attempts, written on purpose (its event is left out below).
        // The energy rollups are folded from stored samples every minute whatever the
        // requests do (docs/energy.md): derived state, like the bridges' leases below.
        let rolled =
            ["lighting.energy_cursors", "lighting.energy_hours", "lighting.energy_days", "lighting.energy_months"];
        for name in names.into_iter().filter(|n| n != "identity.oper_log" && !rolled.contains(&n.as_str())) {
            // Names come from the catalogue, not from input. The digest is a sum of the rows'
            // hashes, so no sort: the demo's weeks of telemetry (loop_samples, 87,000 rows) cost
            // 50 ms a snapshot this way and 170 ms sorted, and a walk takes some 900 snapshots.
            let sql = format!("SELECT count(*), coalesce(sum(hashtext(t::text)::bigint), 0)::text FROM {name} AS t");
            let row: (i64, String) = sqlx::query_as(&sql).fetch_one(&c.pool).await.unwrap();
            tables.insert(name, row);
        }
        let mut streams = BTreeMap::new();
        let mut names = js.stream_names();
        let mut ours = Vec::new();
        while let Some(name) = names.next().await {
            let name = name.unwrap();
            // The bridges' member and partition leases are renewed every few seconds
            // whatever the requests do: liveness, not data.
            if name.contains(&c.prefix) && !name.ends_with("_BRIDGE_LEASES") {
                ours.push(name);
            }
        }
        for name in ours {
            let info = js.get_stream(&name).await.unwrap().info().await.unwrap().clone();
            if name.contains("IDENTITY") {
                // Every subject but the operation log's: counted per subject.
                let mut subjects = js
                    .get_stream(&name)
                    .await
                    .unwrap()
                    .info_with_subjects(format!("{}.identity.>", c.prefix))
                    .await
                    .unwrap();
                let mut counted = 0u64;
                while let Some((subject, count)) = subjects.try_next().await.unwrap() {
                    if !subject.ends_with(".identity.operation.recorded") {
                        counted += count as u64;
                    }
                }
                streams.insert(name, (counted, 0));
                continue;
            }
            streams.insert(name, (info.state.messages, info.state.last_sequence));
        }
        Self { tables, streams }
    }

    /// What differs from `other`, for the failure message.
    fn diff(&self, other: &Snapshot) -> String {
        let mut out = Vec::new();
        for (name, before) in &self.tables {
            if other.tables.get(name) != Some(before) {
                out.push(format!("{name}: {before:?} -> {:?}", other.tables.get(name)));
            }
        }
        for (name, before) in &self.streams {
            if other.streams.get(name) != Some(before) {
                out.push(format!("{name}: {before:?} -> {:?}", other.streams.get(name)));
            }
        }
        for name in other.streams.keys().filter(|n| !self.streams.contains_key(*n)) {
            out.push(format!("new stream {name}"));
        }
        out.join("; ")
    }
}

/// The state once background work (relays, consumers) has settled: three equal snapshots
/// in a row.
async fn settled(c: &Cluster, js: &async_nats::jetstream::Context) -> Snapshot {
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut last = Snapshot::take(c, js).await;
    let mut same = 0;
    while same < 2 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let now = Snapshot::take(c, js).await;
        if now == last {
            same += 1;
        } else {
            same = 0;
            last = now;
        }
    }
    last
}

// --- the sample requests, one per route ----------------------------------------------------

/// The records a sample request names: a project's own, or another project's.
#[derive(Debug, Clone)]
struct Ids {
    project: i64,
    gateway: i64,
    serial: String,
    alarm_type: i64,
    alarm: i64,
    /// A leaf of the project's address tree and its parent.
    address: i64,
    address_parent: i64,
    /// An announcement of the project.
    notice: i64,
    /// A file of the project (files).
    file: i64,
    /// An area of the project's plan (0.1 to 0.5 of the picture each way).
    area: i64,
    /// An unassigned work order of the project.
    work_order: i64,
    /// An inspection team, route and plan of the project, and a task that is doing, with
    /// one point.
    team: i64,
    route: i64,
    plan: i64,
    task: i64,
    task_point: i64,
    /// A maintenance company, its contract (this year and next) and an unfinished plan.
    company: i64,
    contract: i64,
    upkeep: i64,
    /// An asset type, an idle asset of it, and an effective scrap of another.
    asset_type: i64,
    asset: i64,
    scrap: i64,
    /// A power scene of the project setting loop 1 of `gateway`, and a disabled lighting task
    /// that runs it there.
    scene: i64,
    lighting_task: i64,
    /// A combined scene of the project: `scene` twice in a sequence.
    combined: i64,
    /// An equipment category without types, and a type of another category.
    category: i64,
    device_type: i64,
    /// A device on loop 1 of `gateway` (of a type of its own), and a group holding it.
    device: i64,
    group: i64,
    /// A timing one-key window of the project, far ahead.
    timing: i64,
    /// A firmware image of the project, and a cancelled campaign of it to `gateway`.
    firmware: i64,
    campaign: i64,
}

#[derive(Debug, Clone)]
enum Body {
    None,
    Json(Value),
    /// A multipart upload in the field `avatarfile`.
    Avatar(Vec<u8>),
    /// A multipart upload in the field `file` (files).
    Upload(Vec<u8>),
    /// A firmware image in the field `file`, with its version and gateway type.
    Firmware(Vec<u8>),
}

/// One request to a route: a request its caller, if allowed, could really make.
#[derive(Debug, Clone)]
struct Sample {
    /// The path below `/prod-api`, with the query.
    path: String,
    body: Body,
    /// The request names a record by id (in the path, the query or the body).
    takes_id: bool,
}

impl Sample {
    fn at(path: impl Into<String>) -> Self {
        Self { path: path.into(), body: Body::None, takes_id: false }
    }

    fn json(mut self, body: Value) -> Self {
        self.body = Body::Json(body);
        self
    }

    fn with_id(mut self) -> Self {
        self.takes_id = true;
        self
    }
}

fn gateway_body(name: &str, serial: &str) -> Value {
    json!({ "gatewayName": name, "gatewayNumber": serial, "communicationType": "1", "loopCount": 2 })
}

fn scene_body(gateway: i64, scene_id: Option<i64>) -> Value {
    json!({
        "sceneId": scene_id, "sceneName": "Probe scene", "sceneType": "1",
        "loops": [{ "gatewayId": gateway, "loopIndex": 1, "switchState": "1", "brightness": 50 }],
    })
}

fn combined_body(scene: i64, scene_id: Option<i64>) -> Value {
    json!({
        "sceneId": scene_id, "sceneName": "Probe combined", "executionMode": "1", "repeatMode": "0",
        "members": [{ "sceneId": scene, "minutes": 15 }, { "sceneId": scene, "minutes": 20 }],
    })
}

fn lighting_task_body(gateway: i64, scene: i64, task_id: Option<i64>) -> Value {
    json!({
        "taskId": task_id, "taskName": "Probe task", "priority": 5, "weekdays": "1,2,3,4,5,6,7",
        "startType": "2", "startOffset": 15, "endType": "0", "endTime": "23:00",
        "sceneIds": [scene], "gatewayIds": [gateway],
    })
}

fn type_body(category: i64, type_id: Option<i64>) -> Value {
    json!({
        "typeId": type_id, "categoryId": category, "typeName": "Probe type", "typeCode": "PROBE-TYPE",
        "typeValue": 3, "statusCheckSeconds": 300, "minimumBurnMinutes": 10,
    })
}

fn device_body(type_id: i64, gateway: i64, device_id: Option<i64>) -> Value {
    json!({
        "deviceId": device_id, "deviceName": "Probe lamp", "deviceCode": "PROBE-LAMP", "typeId": type_id,
        "gatewayId": gateway, "loopIndex": 1, "address": "Probe street",
    })
}

fn project_body(id: i64) -> Value {
    json!({
        "id": id, "projectName": "Probe project", "projectNumber": format!("PROBE-{id}"), "cityCode": "3301",
        "address": "Probe street", "status": "1", "acceptance": "1", "mapMode": "0", "mapLevel": 12,
        "modules": [{ "position": 1, "moduleCode": "gateway" }],
    })
}

fn alarm_type_body() -> Value {
    json!({
        "alarmName": "Probe over-current", "deviceType": "loop", "alarmLevel": "1",
        "contentZh": "回路过流", "contentEn": "Loop over-current",
        "triggerAttribute": "current", "triggerComparison": ">", "triggerValue": "15.000", "triggerDuration": 0,
        "recoveryAttribute": "current", "recoveryComparison": "<=", "recoveryValue": "12.5", "recoveryDuration": 0,
        "autoProcessing": "1", "autoWorkOrder": "1", "status": "0",
    })
}

/// The sample request of a route, naming the records of `ids`; `None` for a route nobody
/// has written one for yet.
/// A system record no project holds and none exists (see `sample`).
const NONE: i64 = 999_999_999;

fn sample(method: &Method, path: &str, ids: &Ids) -> Option<Sample> {
    let (g, t, a) = (ids.gateway, ids.alarm_type, ids.alarm);
    let s = match (method.as_str(), path) {
        ("POST", "/logout") => Sample::at(path),
        ("POST", "/auth/refresh") => Sample::at(path),
        ("GET", "/getInfo") => Sample::at(path),
        ("GET", "/system/user/profile") => Sample::at(path),
        ("PUT", "/system/user/profile") => {
            Sample::at(path).json(json!({ "nickName": "Probe", "phonenumber": "", "email": "", "sex": "0" }))
        }
        ("PUT", "/system/user/profile/updatePwd") => {
            Sample::at(path).json(json!({ "oldPassword": "admin123", "newPassword": "NewPass1!" }))
        }
        ("POST", "/system/user/profile/avatar") => Sample { body: Body::Avatar(tiny_png()), ..Sample::at(path) },
        ("GET", "/system/menu/getRouters") => Sample::at("/system/menu/getRouters?whereUse=0"),
        ("GET", "/getRouters") => Sample::at("/getRouters"),
        ("GET", "/system/config/list") => Sample::at(path),
        ("GET", "/system/dict/data/type/{type}") => Sample::at("/system/dict/data/type/sys_user_sex"),
        ("GET", "/project/project/dropList") => Sample::at(path),
        ("GET", "/project/city/list") => Sample::at(format!("{path}?cityName=%E5%B7%9E&provinceCode=44")),
        ("GET", "/project/project/userProjectList") => Sample::at(path),
        ("GET", "/project/project/detail") => Sample::at(format!("{path}?id={}&type=1", ids.project)).with_id(),
        ("GET", "/project/project/list") => Sample::at(format!("{path}?projectName=&status=1&pageNum=1&pageSize=10")),
        ("GET", "/project/project/query") => Sample::at(format!("{path}?projectName=")),
        ("GET", "/project/project/getInfoById/{id}") => {
            Sample::at(format!("/project/project/getInfoById/{}", ids.project)).with_id()
        }
        ("POST", "/project/project") => Sample::at(path).json(project_body(0)),
        ("PUT", "/project/project") => Sample::at(path).json(project_body(ids.project)).with_id(),
        ("DELETE", "/project/project/{id}") => Sample::at(format!("/project/project/{}", ids.project)).with_id(),
        ("PUT", "/project/project/enable/{id}") => {
            Sample::at(format!("/project/project/enable/{}", ids.project)).json(json!({ "enabled": "1" })).with_id()
        }
        ("POST", "/project/project/add/media") => Sample::at(path)
            .json(json!({ "id": ids.project, "type": "plan", "path": "/demo/plan-probe.png" }))
            .with_id(),
        ("GET", "/project/project/getHomeProjectConfig/{id}") => {
            Sample::at(format!("/project/project/getHomeProjectConfig/{}", ids.project)).with_id()
        }
        ("GET", "/project/project/getProjectInfoForDateScope") => {
            Sample::at(format!("{path}?projectId={}", ids.project)).with_id()
        }
        ("GET", "/project/project/getProjectMainPageInfo") => Sample::at(format!("{path}?projectId={}", ids.project)).with_id(),
        ("GET", "/project/project/device/statistics") => Sample::at(path),
        ("GET", "/project/project/getScreenAllProjectInfo") => Sample::at(path),
        ("GET", "/project/project/initIndex") => Sample::at(format!("{path}?projectName=")),
        ("GET", "/project/project/getIndexProjectInfo/{id}") => {
            Sample::at(format!("/project/project/getIndexProjectInfo/{}", ids.project)).with_id()
        }
        ("GET", "/project/project/getMonitorType/{id}") => {
            Sample::at(format!("/project/project/getMonitorType/{}", ids.project)).with_id()
        }
        ("GET", "/project/location/{id}") => Sample::at(format!("/project/location/{}", ids.project)).with_id(),
        ("GET", "/device/device/locationDevice/list") => {
            Sample::at(format!("{path}?deviceType=gateway&minLng=-180&minLat=-90&maxLng=180&maxLat=90&zoom=3"))
        }
        ("POST", "/device/device/location") => Sample::at(path)
            .json(json!({ "deviceType": "gateway", "deviceId": g, "longitude": 120.21, "latitude": 30.21 }))
            .with_id(),
        ("GET", "/project/address/list") => Sample::at(format!("{path}?addressName=&parentId={}", ids.address_parent)),
        ("GET", "/project/address/getProjectAddressTree") => Sample::at(path),
        ("GET", "/project/address/getAddressTree") => Sample::at(format!("{path}?projectId={}", ids.project)).with_id(),
        ("GET", "/project/address/checkChildrenAddress/{addressId}") => {
            Sample::at(format!("/project/address/checkChildrenAddress/{}", ids.address)).with_id()
        }
        ("GET", "/project/address/getAddress/{addressId}") => {
            Sample::at(format!("/project/address/getAddress/{}", ids.address)).with_id()
        }
        ("GET", "/project/address/{addressId}") => Sample::at(format!("/project/address/{}", ids.address)).with_id(),
        ("POST", "/project/address") => Sample::at(path).json(json!({ "parentId": 0, "addressName": "Probe" })),
        ("PUT", "/project/address") => Sample::at(path)
            .json(json!({ "addressId": ids.address, "parentId": ids.address_parent, "addressName": "Probe renamed" }))
            .with_id(),
        ("DELETE", "/project/address/{addressId}") => {
            Sample::at(format!("/project/address/{}", ids.address)).with_id()
        }
        ("GET", "/project/area/list") => Sample::at(format!("{path}?areaName=&pageNum=1")),
        ("GET", "/project/area/{areaId}") => Sample::at(format!("/project/area/{}", ids.area)).with_id(),
        ("POST", "/project/area") => Sample::at(path).json(json!({ "areaName": "Probe", "points": [[0.6, 0.6], [0.9, 0.6], [0.9, 0.9]] })),
        ("PUT", "/project/area") => Sample::at(path)
            .json(json!({ "areaId": ids.area, "areaName": "Probe renamed", "points": [[0.1, 0.1], [0.5, 0.1], [0.5, 0.5], [0.1, 0.5]] }))
            .with_id(),
        ("DELETE", "/project/area/{areaId}") => Sample::at(format!("/project/area/{}", ids.area)).with_id(),
        ("POST", "/project/area/device") => Sample::at(path)
            .json(json!({ "areaId": ids.area, "deviceType": "gateway", "deviceId": ids.gateway, "x": 0.3, "y": 0.3 }))
            .with_id(),
        ("DELETE", "/project/area/device/{deviceType}/{deviceId}") => {
            Sample::at(format!("/project/area/device/gateway/{}", ids.gateway)).with_id()
        }
        ("GET", "/system/notice/list") => Sample::at(format!("{path}?noticeTitle=&pageNum=1")),
        ("GET", "/system/notice/{noticeId}") => Sample::at(format!("/system/notice/{}", ids.notice)).with_id(),
        ("POST", "/system/notice") => Sample::at(path).json(json!({ "noticeTitle": "Probe", "noticeContent": "Probe" })),
        ("PUT", "/system/notice") => Sample::at(path)
            .json(json!({ "noticeId": ids.notice, "noticeTitle": "Probe renamed", "noticeContent": "x" }))
            .with_id(),
        ("DELETE", "/system/notice/{noticeId}") => Sample::at(format!("/system/notice/{}", ids.notice)).with_id(),
        ("PUT", "/system/notice/publish/{noticeId}") => {
            Sample::at(format!("/system/notice/publish/{}", ids.notice)).with_id()
        }
        // ---- files ----
        ("POST", "/system/common/upload/{type}") => {
            Sample { body: Body::Upload(tiny_png()), ..Sample::at("/system/common/upload/1") }
        }
        ("GET", "/project/file/list") => Sample::at(format!("{path}?fileName=probe&fileType=1&auditStatus=0")),
        ("GET", "/project/file/{fileId}") => Sample::at(format!("/project/file/{}", ids.file)).with_id(),
        ("PUT", "/project/file") => {
            Sample::at(path).json(json!({ "fileId": ids.file, "fileName": "Probe renamed" })).with_id()
        }
        ("PUT", "/project/file/audit") => {
            Sample::at(path).json(json!({ "fileId": ids.file, "auditStatus": "2", "auditReason": "Probe" })).with_id()
        }
        ("DELETE", "/project/file/{fileId}") => Sample::at(format!("/project/file/{}", ids.file)).with_id(),
        // ---- end files ----
        ("GET", "/lighting/gateway/list") => Sample::at(path),
        ("GET", "/lighting/gateway/{gatewayId}") => Sample::at(format!("/lighting/gateway/{g}")).with_id(),
        ("POST", "/lighting/gateway") => Sample::at(path).json(gateway_body("Probe", "T-PROBE-1")),
        ("PUT", "/lighting/gateway") => {
            let mut body = gateway_body("Taken over", &ids.serial);
            body["gatewayId"] = json!(g);
            Sample::at(path).json(body).with_id()
        }
        ("DELETE", "/lighting/gateway/{gatewayId}") => Sample::at(format!("/lighting/gateway/{g}")).with_id(),
        ("GET", "/lighting/gateway/{gatewayId}/power") => {
            Sample::at(format!("/lighting/gateway/{g}/power?loopIndex=1&hours=24")).with_id()
        }
        ("POST", "/lighting/gateway/{gatewayId}/credential") => {
            Sample::at(format!("/lighting/gateway/{g}/credential")).with_id()
        }
        ("POST", "/lighting/gateway/params") => {
            Sample::at(path).json(json!({ "gatewayIds": [g], "heartbeatInterval": 30 })).with_id()
        }
        ("GET", "/lighting/gateway/{gatewayId}/onlineHistory") => {
            Sample::at(format!("/lighting/gateway/{g}/onlineHistory")).with_id()
        }
        ("POST", "/lighting/control/loop") => {
            Sample::at(path).json(json!({ "gatewayId": g, "loopIndex": 1, "on": true })).with_id()
        }
        ("POST", "/lighting/control/read") => Sample::at(path).json(json!({ "gatewayId": g })).with_id(),
        ("POST", "/lighting/oneKey/control") => Sample::at(path).json(json!({ "on": true })),
        ("GET", "/lighting/oneKey/record/list") => Sample::at(path),
        ("GET", "/lighting/scene/list") => Sample::at(path),
        ("GET", "/lighting/scene/{sceneId}") => Sample::at(format!("/lighting/scene/{}", ids.scene)).with_id(),
        ("POST", "/lighting/scene") => Sample::at(path).json(scene_body(g, None)).with_id(),
        ("PUT", "/lighting/scene") => Sample::at(path).json(scene_body(g, Some(ids.scene))).with_id(),
        ("DELETE", "/lighting/scene/{sceneId}") => Sample::at(format!("/lighting/scene/{}", ids.scene)).with_id(),
        ("GET", "/lighting/combinedScene/list") => Sample::at(path),
        ("GET", "/lighting/combinedScene/{sceneId}") => {
            Sample::at(format!("/lighting/combinedScene/{}", ids.combined)).with_id()
        }
        ("POST", "/lighting/combinedScene") => Sample::at(path).json(combined_body(ids.scene, None)).with_id(),
        ("PUT", "/lighting/combinedScene") => {
            Sample::at(path).json(combined_body(ids.scene, Some(ids.combined))).with_id()
        }
        ("DELETE", "/lighting/combinedScene/{sceneId}") => {
            Sample::at(format!("/lighting/combinedScene/{}", ids.combined)).with_id()
        }
        ("GET", "/lighting/task/list") => Sample::at(path),
        ("GET", "/lighting/task/{taskId}") => Sample::at(format!("/lighting/task/{}", ids.lighting_task)).with_id(),
        ("POST", "/lighting/task") => Sample::at(path).json(lighting_task_body(g, ids.scene, None)).with_id(),
        ("PUT", "/lighting/task") => {
            Sample::at(path).json(lighting_task_body(g, ids.scene, Some(ids.lighting_task))).with_id()
        }
        ("PUT", "/lighting/task/changeStatus") => {
            Sample::at(path).json(json!({ "taskId": ids.lighting_task, "enabled": "1" })).with_id()
        }
        ("DELETE", "/lighting/task/{taskId}") => Sample::at(format!("/lighting/task/{}", ids.lighting_task)).with_id(),
        ("POST", "/lighting/task/issue") => Sample::at(path).json(json!({ "taskIds": [ids.lighting_task] })).with_id(),
        ("GET", "/lighting/task/gatewaySchedules") => Sample::at(path),
        ("GET", "/lighting/site") => Sample::at(path),
        ("PUT", "/lighting/site") => {
            Sample::at(path).json(json!({ "latitude": 30.2, "longitude": 120.2, "timeZone": "Asia/Shanghai" }))
        }
        ("GET", "/lighting/plan/tonight") => Sample::at(path),
        ("GET", "/lighting/energy/stats") => {
            Sample::at(format!("{path}?granularity=day&beginTime=2026-01-01&endTime=2026-01-02&gatewayId={g}")).with_id()
        }
        ("GET", "/lighting/energy/ranking") => Sample::at(format!("{path}?beginTime=2026-01-01&endTime=2026-01-02")),
        ("POST", "/lighting/energy/export") => Sample::at(path),
        ("GET", "/lighting/energy/setting" | "/lighting/energy/summary") => Sample::at(path),
        ("PUT", "/lighting/energy/setting") => Sample::at(path).json(json!({
            "peakPrice": 1, "flatPrice": 0.6, "valleyPrice": 0.3, "hourBands": "F".repeat(24), "baseline": "fullNight",
        })),
        ("POST", "/lighting/energy/rebuild") => {
            let yesterday = (chrono::Utc::now() - chrono::TimeDelta::days(2)).format("%Y-%m-%d").to_string();
            Sample::at(path).json(json!({ "beginTime": yesterday, "endTime": yesterday }))
        }
        ("GET", "/lighting/version/list") => Sample::at(format!("{path}?version=&gatewayType=")),
        ("GET", "/lighting/version/{firmwareId}") => Sample::at(format!("/lighting/version/{}", ids.firmware)).with_id(),
        ("POST", "/lighting/version") => Sample { body: Body::Firmware(vec![0x7f, 0, 1, 2, 3]), ..Sample::at(path) },
        ("PUT", "/lighting/version") => Sample::at(path).json(json!({ "firmwareId": ids.firmware, "notes": "Probe" })).with_id(),
        ("DELETE", "/lighting/version/{firmwareId}") => {
            Sample::at(format!("/lighting/version/{}", ids.firmware)).with_id()
        }
        ("GET", "/lighting/upgrade/gateways" | "/lighting/upgrade/list") => Sample::at(path),
        ("GET", "/lighting/upgrade/{campaignId}/targets") => {
            Sample::at(format!("/lighting/upgrade/{}/targets", ids.campaign)).with_id()
        }
        ("POST", "/lighting/upgrade") => Sample::at(path)
            .json(json!({ "firmwareId": ids.firmware, "scope": "list", "gatewayIds": [g], "concurrency": 1 }))
            .with_id(),
        ("PUT", "/lighting/upgrade/{campaignId}/pause") => {
            Sample::at(format!("/lighting/upgrade/{}/pause", ids.campaign)).with_id()
        }
        ("PUT", "/lighting/upgrade/{campaignId}/resume") => {
            Sample::at(format!("/lighting/upgrade/{}/resume", ids.campaign)).with_id()
        }
        ("PUT", "/lighting/upgrade/{campaignId}/cancel") => {
            Sample::at(format!("/lighting/upgrade/{}/cancel", ids.campaign)).with_id()
        }
        ("GET", "/device/category/list") => Sample::at(path),
        ("GET", "/device/category/{categoryId}") => Sample::at(format!("/device/category/{}", ids.category)).with_id(),
        ("POST", "/device/category") => {
            Sample::at(path).json(json!({ "categoryName": "Probe", "categoryCode": "PROBE-CAT", "remark": "" }))
        }
        ("PUT", "/device/category") => Sample::at(path)
            .json(json!({ "categoryId": ids.category, "categoryName": "Probe 2", "categoryCode": "PROBE-CAT-2" }))
            .with_id(),
        ("DELETE", "/device/category/{categoryId}") => {
            Sample::at(format!("/device/category/{}", ids.category)).with_id()
        }
        ("GET", "/device/type/list") => Sample::at(path),
        ("GET", "/device/type/{typeId}") => Sample::at(format!("/device/type/{}", ids.device_type)).with_id(),
        ("POST", "/device/type") => Sample::at(path).json(type_body(ids.category, None)).with_id(),
        ("PUT", "/device/type") => Sample::at(path).json(type_body(ids.category, Some(ids.device_type))).with_id(),
        ("DELETE", "/device/type/{typeId}") => Sample::at(format!("/device/type/{}", ids.device_type)).with_id(),
        ("GET", "/landscape/timingOneKey/list") => Sample::at(path),
        ("POST", "/landscape/timingOneKey") => Sample::at(path).json(json!({
            "switchState": "0", "startTime": "2099-12-24 20:00", "endTime": "2099-12-24 21:00",
        })),
        ("DELETE", "/landscape/timingOneKey/{timingId}") => {
            Sample::at(format!("/landscape/timingOneKey/{}", ids.timing)).with_id()
        }
        ("GET", "/device/device/list" | "/device/group/list") => Sample::at(path),
        ("GET", "/device/command/list") => Sample::at(format!("{path}?gatewayId={g}&loopIndex=1")),
        ("GET", "/device/communication/list") => Sample::at(format!("{path}?gatewayId={g}")),
        ("GET", "/device/device/{deviceId}") => Sample::at(format!("/device/device/{}", ids.device)).with_id(),
        ("POST", "/device/device") => Sample::at(path).json(device_body(ids.device_type, g, None)).with_id(),
        ("PUT", "/device/device") => Sample::at(path).json(device_body(ids.device_type, g, Some(ids.device))).with_id(),
        ("DELETE", "/device/device/{deviceId}") => Sample::at(format!("/device/device/{}", ids.device)).with_id(),
        ("POST", "/device/device/export" | "/device/device/importTemplate" | "/device/device/importData") => {
            Sample::at(path)
        }
        ("GET", "/device/group/{groupId}") => Sample::at(format!("/device/group/{}", ids.group)).with_id(),
        ("POST", "/device/group") => {
            Sample::at(path).json(json!({ "groupName": "Probe group", "deviceIds": [ids.device] })).with_id()
        }
        ("PUT", "/device/group") => Sample::at(path)
            .json(json!({ "groupId": ids.group, "groupName": "Probe group 2", "deviceIds": [ids.device] }))
            .with_id(),
        ("DELETE", "/device/group/{groupId}") => Sample::at(format!("/device/group/{}", ids.group)).with_id(),
        ("GET", "/device/chart/loop") => Sample::at(format!("{path}?gatewayId={g}&loopIndex=1")).with_id(),
        ("POST", "/device/group/control") => {
            Sample::at(path).json(json!({ "groupId": ids.group, "switchState": "0" })).with_id()
        }
        ("GET", "/alarm/type/list") => Sample::at(path),
        ("GET", "/alarm/type/{alarmTypeId}") => Sample::at(format!("/alarm/type/{t}")).with_id(),
        ("POST", "/alarm/type") => Sample::at(path).json(alarm_type_body()),
        ("PUT", "/alarm/type") => {
            let mut body = alarm_type_body();
            body["alarmTypeId"] = json!(t);
            Sample::at(path).json(body).with_id()
        }
        ("DELETE", "/alarm/type/{alarmTypeId}") => Sample::at(format!("/alarm/type/{t}")).with_id(),
        ("GET", "/alarm/realtime/list") => Sample::at(path),
        ("GET", "/alarm/history/list") => Sample::at(path),
        ("GET", "/alarm/alarm/openCount") => Sample::at(path),
        ("GET", "/alarm/alarm/{alarmId}") => Sample::at(format!("/alarm/alarm/{a}")).with_id(),
        ("PUT", "/alarm/alarm/close") => {
            Sample::at(path).json(json!({ "alarmId": a, "closeReason": "probe" })).with_id()
        }
        ("PUT", "/alarm/alarm/process") => Sample::at(path).json(json!({ "alarmId": a })).with_id(),
        ("GET", "/operation/workOrder/list") => Sample::at(path),
        ("GET", "/operation/workOrder/counts") => Sample::at(path),
        ("GET", "/operation/workOrder/{workOrderId}") => {
            Sample::at(format!("/operation/workOrder/{}", ids.work_order)).with_id()
        }
        ("POST", "/operation/workOrder") => Sample::at(path).json(json!({
            "orderType": "2", "questionType": "1", "urgency": "3", "description": "Probe"
        })),
        ("PUT", "/operation/workOrder/dispatch" | "/operation/workOrder/assign") => {
            Sample::at(path).json(json!({ "workOrderId": ids.work_order, "handlerId": 1, "handlerName": "admin" })).with_id()
        }
        ("PUT", "/operation/workOrder/return" | "/operation/workOrder/complete") => {
            Sample::at(path).json(json!({ "workOrderId": ids.work_order, "note": "probe" })).with_id()
        }
        ("PUT", "/operation/workOrder/confirm") => {
            Sample::at(path).json(json!({ "workOrderId": ids.work_order, "score": "5" })).with_id()
        }
        ("PUT", "/operation/workOrder/close") => {
            Sample::at(path).json(json!({ "workOrderId": ids.work_order, "closeReason": "probe" })).with_id()
        }
        ("GET", "/operation/inspection/team/list" | "/operation/inspection/route/list" | "/operation/inspection/plan/list") => {
            Sample::at(path)
        }
        ("GET", "/operation/inspection/task/list" | "/operation/inspection/task/counts") => Sample::at(path),
        ("GET", "/operation/inspection/team/{teamId}") => {
            Sample::at(format!("/operation/inspection/team/{}", ids.team)).with_id()
        }
        ("DELETE", "/operation/inspection/team/{teamId}") => {
            Sample::at(format!("/operation/inspection/team/{}", ids.team)).with_id()
        }
        ("POST", "/operation/inspection/team") => {
            Sample::at(path).json(json!({ "teamName": "Probe crew", "memberIds": [1] }))
        }
        ("PUT", "/operation/inspection/team") => Sample::at(path)
            .json(json!({ "teamId": ids.team, "teamName": "Probe crew", "memberIds": [1] }))
            .with_id(),
        ("GET", "/operation/inspection/route/{routeId}") => {
            Sample::at(format!("/operation/inspection/route/{}", ids.route)).with_id()
        }
        ("DELETE", "/operation/inspection/route/{routeId}") => {
            Sample::at(format!("/operation/inspection/route/{}", ids.route)).with_id()
        }
        ("POST", "/operation/inspection/route") => Sample::at(path)
            .json(json!({ "routeName": "Probe route", "points": [{ "pointType": "1", "refId": g }] }))
            .with_id(),
        ("PUT", "/operation/inspection/route") => Sample::at(path)
            .json(json!({ "routeId": ids.route, "routeName": "Probe route", "points": [{ "pointType": "1", "refId": g }] }))
            .with_id(),
        ("GET", "/operation/inspection/plan/{planId}") => {
            Sample::at(format!("/operation/inspection/plan/{}", ids.plan)).with_id()
        }
        ("DELETE", "/operation/inspection/plan/{planId}") => {
            Sample::at(format!("/operation/inspection/plan/{}", ids.plan)).with_id()
        }
        ("POST" | "PUT", "/operation/inspection/plan") => {
            let (start, end) = (chrono::Local::now().date_naive() + chrono::Days::new(30), chrono::Local::now().date_naive() + chrono::Days::new(60));
            Sample::at(path)
                .json(json!({
                    "planId": ids.plan, "planName": "Probe plan", "routeId": ids.route, "teamId": ids.team, "period": "1",
                    "startDate": start.format("%Y-%m-%d").to_string(), "endDate": end.format("%Y-%m-%d").to_string(),
                    "status": "1",
                }))
                .with_id()
        }
        ("GET", "/operation/inspection/task/{taskId}") => {
            Sample::at(format!("/operation/inspection/task/{}", ids.task)).with_id()
        }
        ("DELETE", "/operation/inspection/task/{taskId}") => {
            Sample::at(format!("/operation/inspection/task/{}", ids.task)).with_id()
        }
        ("POST", "/operation/inspection/task") => Sample::at(path)
            .json(json!({
                "taskName": "Probe task", "routeId": ids.route, "teamId": ids.team,
                "startTime": "2030-01-01 08:00:00", "endTime": "2030-01-01 18:00:00",
            }))
            .with_id(),
        ("GET", "/operation/maintenance/company/list" | "/operation/maintenance/contract/list") => Sample::at(path),
        ("GET", "/operation/maintenance/plan/list" | "/operation/maintenance/plan/counts") => Sample::at(path),
        ("GET" | "DELETE", "/operation/maintenance/company/{companyId}") => {
            Sample::at(format!("/operation/maintenance/company/{}", ids.company)).with_id()
        }
        ("POST", "/operation/maintenance/company") => {
            Sample::at(path).json(json!({ "companyName": "Probe company", "phone": "13800138000" }))
        }
        ("PUT", "/operation/maintenance/company") => Sample::at(path)
            .json(json!({ "companyId": ids.company, "companyName": "Probe company", "phone": "13800138000" }))
            .with_id(),
        ("GET" | "DELETE", "/operation/maintenance/contract/{contractId}") => {
            Sample::at(format!("/operation/maintenance/contract/{}", ids.contract)).with_id()
        }
        ("POST" | "PUT", "/operation/maintenance/contract") => {
            let today = chrono::Local::now().date_naive();
            Sample::at(path)
                .json(json!({
                    "contractId": ids.contract, "contractNumber": "PROBE-1", "contractName": "Probe", "companyId": ids.company,
                    "startDate": today.format("%Y-%m-%d").to_string(),
                    "endDate": (today + chrono::Days::new(30)).format("%Y-%m-%d").to_string(),
                }))
                .with_id()
        }
        ("GET" | "DELETE", "/operation/maintenance/plan/{planId}") => {
            Sample::at(format!("/operation/maintenance/plan/{}", ids.upkeep)).with_id()
        }
        ("POST" | "PUT", "/operation/maintenance/plan") => Sample::at(path)
            .json(json!({
                "planId": ids.upkeep, "planName": "Probe plan", "contractId": ids.contract,
                "planDate": (chrono::Local::now().date_naive() + chrono::Days::new(5)).format("%Y-%m-%d").to_string(),
            }))
            .with_id(),
        ("PUT", "/operation/maintenance/plan/finish") => {
            Sample::at(path).json(json!({ "planId": ids.upkeep, "result": "probe" })).with_id()
        }
        ("GET", "/operation/asset/type/list" | "/operation/asset/list" | "/operation/asset/record/list") => Sample::at(path),
        ("GET" | "DELETE", "/operation/asset/type/{typeId}") => {
            Sample::at(format!("/operation/asset/type/{}", ids.asset_type)).with_id()
        }
        ("POST", "/operation/asset/type") => {
            Sample::at(path).json(json!({ "typeCode": "PROBE", "nameZh": "探针", "nameEn": "Probe" }))
        }
        ("PUT", "/operation/asset/type") => Sample::at(path)
            .json(json!({ "typeId": ids.asset_type, "typeCode": "PROBE", "nameZh": "探针", "nameEn": "Probe" }))
            .with_id(),
        ("GET" | "DELETE", "/operation/asset/{assetId}") => {
            Sample::at(format!("/operation/asset/{}", ids.asset)).with_id()
        }
        ("POST" | "PUT", "/operation/asset") => Sample::at(path)
            .json(json!({
                "assetId": ids.asset, "assetCode": "PROBE-1", "assetName": "Probe", "typeId": ids.asset_type,
                "initialValue": "100", "residualRate": "0", "startDate": "2026-01-01", "limitMonths": 12,
            }))
            .with_id(),
        ("GET", "/operation/asset/record/{recordId}") => {
            Sample::at(format!("/operation/asset/record/{}", ids.scrap)).with_id()
        }
        ("POST", "/operation/asset/record/receive" | "/operation/asset/record/repair" | "/operation/asset/record/scrap") => {
            Sample::at(path).json(json!({ "assetIds": [ids.asset], "person": "probe" })).with_id()
        }
        ("POST", "/operation/asset/record/return") => Sample::at(path).json(json!({ "recordId": ids.scrap })).with_id(),
        ("PUT", "/operation/asset/record/cancelScrap/{recordId}") => {
            Sample::at(format!("/operation/asset/record/cancelScrap/{}", ids.scrap)).with_id()
        }
        ("POST", "/operation/asset/export" | "/operation/asset/importTemplate" | "/operation/asset/importData") => {
            Sample::at(path)
        }
        ("PUT", "/operation/inspection/task/deal") => Sample::at(path)
            .json(json!({
                "taskId": ids.task, "description": "probe",
                "results": [{ "pointId": ids.task_point, "result": "2", "workOrder": true }],
            }))
            .with_id(),
        ("GET", "/live/stream") => Sample::at(path),
        // System administration: records are global, so a record named by id is one no
        // project holds (and none exists): the cross-project id case is a 404.
        ("GET", "/system/dept/list") => Sample::at(path),
        ("GET", "/system/dept/list/exclude/{deptId}") => Sample::at(format!("/system/dept/list/exclude/{NONE}")).with_id(),
        ("GET", "/system/dept/treeselect") => Sample::at(path),
        ("GET", "/system/dept/{deptId}") => Sample::at(format!("/system/dept/{NONE}")).with_id(),
        ("POST", "/system/dept") => Sample::at(path).json(json!({ "parentId": 100, "deptName": "Probe", "deptCode": "PROBE" })),
        ("PUT", "/system/dept") => {
            Sample::at(path).json(json!({ "deptId": NONE, "parentId": 100, "deptName": "Probe" })).with_id()
        }
        ("DELETE", "/system/dept/{deptId}") => Sample::at(format!("/system/dept/{NONE}")).with_id(),
        ("GET", "/system/user/deptTree") => Sample::at(path),
        ("GET", "/system/user/list") => Sample::at(path),
        ("GET", "/system/user/") => Sample::at(path),
        ("GET", "/system/user/{userId}") => Sample::at(format!("/system/user/{NONE}")).with_id(),
        ("POST", "/system/user") => Sample::at(path).json(json!({
            "userName": "probe", "nickName": "Probe", "password": "Probe!pass1", "roleIds": [], "allProjects": "0", "projectIds": [1]
        })),
        ("PUT", "/system/user") => Sample::at(path).json(json!({ "userId": NONE, "nickName": "Probe" })).with_id(),
        ("DELETE", "/system/user/{userId}") => Sample::at(format!("/system/user/{NONE}")).with_id(),
        ("PUT", "/system/user/resetPwd") => Sample::at(path).json(json!({ "userId": NONE, "password": "Probe!pass1" })).with_id(),
        ("PUT", "/system/user/changeStatus") => Sample::at(path).json(json!({ "userId": NONE, "status": "1" })).with_id(),
        ("POST", "/system/user/export") => Sample::at(path),
        ("POST", "/system/user/importTemplate") => Sample::at(path),
        ("POST", "/system/user/importData") => Sample::at(path),
        ("GET", "/system/role/list") => Sample::at(path),
        ("GET", "/system/role/optionselect") => Sample::at(path),
        ("GET", "/system/role/deptTree/{roleId}") => Sample::at(format!("/system/role/deptTree/{NONE}")).with_id(),
        ("GET", "/system/role/{roleId}") => Sample::at(format!("/system/role/{NONE}")).with_id(),
        ("POST", "/system/role") => Sample::at(path).json(json!({ "roleName": "Probe", "roleKey": "probe", "menuIds": [] })),
        ("PUT", "/system/role") => {
            Sample::at(path).json(json!({ "roleId": NONE, "roleName": "Probe", "roleKey": "probe", "menuIds": [] })).with_id()
        }
        ("PUT", "/system/role/dataScope") => Sample::at(path).json(json!({ "roleId": NONE, "dataScope": "1" })).with_id(),
        ("PUT", "/system/role/changeStatus") => Sample::at(path).json(json!({ "roleId": NONE, "status": "1" })).with_id(),
        ("DELETE", "/system/role/{roleId}") => Sample::at(format!("/system/role/{NONE}")).with_id(),
        ("POST", "/system/role/export") => Sample::at(path),
        ("GET", "/system/menu/list") => Sample::at(path),
        ("GET", "/system/menu/treeselect") => Sample::at(path),
        ("GET", "/system/menu/roleMenuTreeselect/{roleId}") => {
            Sample::at(format!("/system/menu/roleMenuTreeselect/{NONE}")).with_id()
        }
        ("GET", "/system/menu/{menuId}") => Sample::at(format!("/system/menu/{NONE}")).with_id(),
        ("POST", "/system/menu") => Sample::at(path).json(json!({ "parentId": 1, "menuName": "Probe", "menuType": "M", "path": "probe" })),
        ("PUT", "/system/menu") => {
            Sample::at(path).json(json!({ "menuId": NONE, "parentId": 1, "menuName": "Probe", "menuType": "M", "path": "probe" })).with_id()
        }
        ("DELETE", "/system/menu/{menuId}") => Sample::at(format!("/system/menu/{NONE}")).with_id(),
        ("DELETE", "/system/config/refreshCache") => Sample::at(path),
        ("DELETE", "/system/config/clearCache") => Sample::at(path),
        ("GET", "/system/config/{configId}") => Sample::at(format!("/system/config/{NONE}")).with_id(),
        ("POST", "/system/config") => Sample::at(path).json(json!({ "configName": "Probe", "configKey": "probe.key", "configValue": "1" })),
        ("PUT", "/system/config") => {
            Sample::at(path).json(json!({ "configId": NONE, "configName": "Probe", "configKey": "probe.key" })).with_id()
        }
        ("DELETE", "/system/config/{configId}") => Sample::at(format!("/system/config/{NONE}")).with_id(),
        ("POST", "/system/config/export") => Sample::at(path),
        ("GET", "/system/dict/type/list") => Sample::at(path),
        ("GET", "/system/dict/type/optionselect") => Sample::at(path),
        ("DELETE", "/system/dict/type/refreshCache") => Sample::at(path),
        ("DELETE", "/system/dict/type/clearCache") => Sample::at(path),
        ("GET", "/system/dict/type/{dictId}") => Sample::at(format!("/system/dict/type/{NONE}")).with_id(),
        ("POST", "/system/dict/type") => Sample::at(path).json(json!({ "dictName": "Probe", "dictType": "probe_type" })),
        ("PUT", "/system/dict/type") => {
            Sample::at(path).json(json!({ "dictId": NONE, "dictName": "Probe", "dictType": "probe_type" })).with_id()
        }
        ("DELETE", "/system/dict/type/{dictId}") => Sample::at(format!("/system/dict/type/{NONE}")).with_id(),
        ("POST", "/system/dict/type/export") => Sample::at(path),
        ("GET", "/system/dict/data/list") => Sample::at(format!("{path}?dictType=sys_user_sex")),
        ("GET", "/system/dict/data/{dictCode}") => Sample::at(format!("/system/dict/data/{NONE}")).with_id(),
        ("POST", "/system/dict/data") => {
            Sample::at(path).json(json!({ "dictType": "sys_user_sex", "dictLabel": "Probe", "dictValue": "9" }))
        }
        ("PUT", "/system/dict/data") => Sample::at(path)
            .json(json!({ "dictCode": NONE, "dictType": "sys_user_sex", "dictLabel": "Probe", "dictValue": "9" }))
            .with_id(),
        ("DELETE", "/system/dict/data/{dictCode}") => Sample::at(format!("/system/dict/data/{NONE}")).with_id(),
        ("POST", "/system/dict/data/export") => Sample::at(path),
        ("GET", "/monitor/logininfor/list") => Sample::at(path),
        ("DELETE", "/monitor/logininfor/clean") => Sample::at(path),
        ("DELETE", "/monitor/logininfor/{infoId}") => Sample::at(format!("/monitor/logininfor/{NONE}")).with_id(),
        ("GET", "/monitor/logininfor/unlock/{userName}") => Sample::at("/monitor/logininfor/unlock/probe-nobody"),
        ("POST", "/monitor/logininfor/export") => Sample::at(path),
        ("GET", "/monitor/operlog/list") => Sample::at(path),
        ("DELETE", "/monitor/operlog/clean") => Sample::at(path),
        ("GET", "/monitor/operlog/{operId}") => Sample::at(format!("/monitor/operlog/{NONE}")).with_id(),
        ("DELETE", "/monitor/operlog/{operId}") => Sample::at(format!("/monitor/operlog/{NONE}")).with_id(),
        ("POST", "/monitor/operlog/export") => Sample::at(path),
        ("GET", "/monitor/job/list") => Sample::at(path),
        ("GET", "/monitor/job/nextTimes") => Sample::at(format!("{path}?cronExpression=0%200%203%20*%20*%20%3F")),
        ("GET", "/monitor/job/handlers") => Sample::at(path),
        ("GET", "/monitor/job/{jobId}") => Sample::at(format!("/monitor/job/{NONE}")).with_id(),
        ("POST", "/monitor/job") => Sample::at(path)
            .json(json!({ "jobName": "Probe", "invokeTarget": "heartbeat", "cronExpression": "0 0 3 * * ?" })),
        ("PUT", "/monitor/job") => Sample::at(path)
            .json(json!({ "jobId": NONE, "jobName": "Probe", "invokeTarget": "heartbeat", "cronExpression": "0 0 3 * * ?" }))
            .with_id(),
        ("PUT", "/monitor/job/changeStatus") => Sample::at(path).json(json!({ "jobId": NONE, "status": "0" })).with_id(),
        ("PUT", "/monitor/job/run") => Sample::at(path).json(json!({ "jobId": NONE })).with_id(),
        ("DELETE", "/monitor/job/{jobId}") => Sample::at(format!("/monitor/job/{NONE}")).with_id(),
        ("POST", "/monitor/job/export") => Sample::at(path),
        ("GET", "/monitor/jobLog/list") => Sample::at(path),
        ("DELETE", "/monitor/jobLog/clean") => Sample::at(path),
        ("GET", "/monitor/jobLog/{jobLogId}") => Sample::at(format!("/monitor/jobLog/{NONE}")).with_id(),
        ("DELETE", "/monitor/jobLog/{jobLogId}") => Sample::at(format!("/monitor/jobLog/{NONE}")).with_id(),
        ("POST", "/monitor/jobLog/export") => Sample::at(path),
        ("GET", "/system/role/authUser/allocatedList") => Sample::at(format!("{path}?roleId=2")),
        ("GET", "/system/role/authUser/unallocatedList") => Sample::at(format!("{path}?roleId=2")),
        ("PUT", "/system/role/authUser/cancel") => Sample::at(path).json(json!({ "userId": NONE, "roleId": 2 })).with_id(),
        ("PUT", "/system/role/authUser/cancelAll") => Sample::at(format!("{path}?roleId=2&userIds={NONE}")).with_id(),
        ("PUT", "/system/role/authUser/selectAll") => Sample::at(format!("{path}?roleId=2&userIds={NONE}")).with_id(),
        ("GET", "/system/backup/list") => Sample::at(path),
        ("POST", "/system/backup") => Sample::at(path),
        ("GET", "/system/backup/download/{backupId}") => Sample::at(format!("/system/backup/download/{NONE}")).with_id(),
        ("DELETE", "/system/backup/{backupId}") => Sample::at(format!("/system/backup/{NONE}")).with_id(),
        ("POST", "/system/backup/import") => Sample::at(path),
        ("PUT", "/system/backup/restore/{backupId}") => Sample::at(format!("/system/backup/restore/{NONE}")).with_id(),
        ("POST", "/system/advice") => Sample::at(path).json(json!({ "title": "Probe", "content": "Probe" })),
        ("GET", "/system/advice/my") => Sample::at(path),
        ("GET", "/system/advice/list") => Sample::at(path),
        ("PUT", "/system/advice/reply") => Sample::at(path).json(json!({ "adviceId": NONE, "reply": "Probe" })).with_id(),
        ("GET", "/system/advice/{adviceId}") => Sample::at(format!("/system/advice/{NONE}")).with_id(),
        ("DELETE", "/system/advice/{adviceId}") => Sample::at(format!("/system/advice/{NONE}")).with_id(),
        _ => return None,
    };
    Some(s)
}

/// The sample of a route, or a failure telling the next developer what to add.
fn sample_of(route: &RouteSpec, ids: &Ids) -> Sample {
    let Some(s) = sample(&route.method, route.path, ids) else {
        panic!(
            "{} {} has no sample request in services/lumiscape/tests/security.rs `sample()`: add one line \
             there (a request that would succeed for a caller allowed to make it; `.with_id()` when it names \
             a record), so the security suite covers the new route",
            route.method, route.path
        );
    };
    let path_names_an_id = route.path.split('/').any(|seg| seg.starts_with('{') && seg.ends_with("Id}"));
    assert!(
        !path_names_an_id || s.takes_id,
        "{} {}: its path names a record, so its sample in security.rs must be marked `.with_id()`",
        route.method,
        route.path
    );
    s
}

fn tiny_png() -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD
        .decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")
        .unwrap()
}

/// Sends a sample as `token` in `project` ("" for none) and `lang`; answers the status and
/// the JSON body (`Value::Null` when the body is not JSON). Bounded in time: a route that
/// should refuse and streams instead (`/live/stream`) shows up as status 0.
async fn send(c: &Cluster, token: &str, project: &str, lang: &str, method: &Method, s: &Sample) -> (u16, Value) {
    let mut request = c
        .api
        .client
        .request(method.clone(), c.api.url(&s.path))
        .bearer_auth(token)
        .header("Content-Language", lang)
        .timeout(Duration::from_secs(10));
    if !project.is_empty() {
        request = request.header("ProjectId", project);
    }
    request = match &s.body {
        Body::None => request,
        Body::Json(body) => request.json(body),
        Body::Avatar(bytes) => {
            let part = reqwest::multipart::Part::bytes(bytes.clone()).file_name("avatar.png").mime_str("image/png");
            request.multipart(reqwest::multipart::Form::new().part("avatarfile", part.unwrap()))
        }
        Body::Upload(bytes) => {
            let part = reqwest::multipart::Part::bytes(bytes.clone()).file_name("probe.png").mime_str("image/png");
            request.multipart(reqwest::multipart::Form::new().part("file", part.unwrap()))
        }
        Body::Firmware(bytes) => {
            let part = reqwest::multipart::Part::bytes(bytes.clone()).file_name("probe.bin");
            let form =
                reqwest::multipart::Form::new().part("file", part).text("version", "9.9.9").text("gatewayType", "T");
            request.multipart(form)
        }
    };
    let Ok(response) = request.send().await else { return (0, Value::Null) };
    let status = response.status().as_u16();
    let body = tokio::time::timeout(Duration::from_secs(10), response.text()).await;
    let body = body.ok().and_then(Result::ok).and_then(|text| serde_json::from_str(&text).ok()).unwrap_or(Value::Null);
    (status, body)
}

/// A refusal in the envelope: the status is one of `statuses`, the envelope's code is the
/// status, and there is a message.
fn refused_with(answer: &(u16, Value), statuses: &[u16]) -> bool {
    let (status, body) = answer;
    statuses.contains(status)
        && body["code"].as_u64() == Some(u64::from(*status))
        && body["msg"].as_str().is_some_and(|m| !m.is_empty())
}

// --- the world the generated cases run in ---------------------------------------------------

/// Adds a user of project 1 only with the role `role_key` (password admin123); returns its id.
async fn add_user(c: &Cluster, user_name: &str, role_key: &str) -> i64 {
    let user: i64 = sqlx::query_scalar(
        "INSERT INTO identity.users (user_name, nick_name, password_hash, all_projects) \
         SELECT $1, $1, password_hash, false FROM identity.users WHERE user_name = 'admin' RETURNING user_id",
    )
    .bind(user_name)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO identity.user_roles (user_id, role_id) SELECT $1, role_id FROM identity.roles WHERE role_key = $2",
    )
    .bind(user)
    .bind(role_key)
    .execute(&c.pool)
    .await
    .unwrap();
    sqlx::query("INSERT INTO identity.user_projects (user_id, project_id) VALUES ($1, 1)")
        .bind(user)
        .execute(&c.pool)
        .await
        .unwrap();
    user
}

async fn add_role(c: &Cluster, role_key: &str) -> i64 {
    sqlx::query_scalar(
        "INSERT INTO identity.roles (role_name, role_key, role_sort) VALUES ($1, $1, 9) RETURNING role_id",
    )
    .bind(role_key)
    .fetch_one(&c.pool)
    .await
    .unwrap()
}

/// The records of `project`: its first gateway, an alarm type and an open alarm (both
/// written here when the project has none).
async fn records_of(c: &Cluster, project: i64) -> Ids {
    let (gateway, serial): (i64, String) = sqlx::query_as(
        "SELECT gateway_id, serial FROM lighting.gateways WHERE project_id = $1 ORDER BY gateway_id LIMIT 1",
    )
    .bind(project)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let alarm_type: i64 = sqlx::query_scalar(
        "INSERT INTO alarm.alarm_types (project_id, alarm_name, device_type, alarm_level, content_zh, content_en, \
         trigger_attribute, trigger_comparison, trigger_value, trigger_value_text, trigger_seconds) \
         VALUES ($1, 'Probe', 'loop', '1', '探针', 'Probe', 'current', '>', 15, '15', 0) RETURNING alarm_type_id",
    )
    .bind(project)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let alarm: i64 = sqlx::query_scalar(
        "INSERT INTO alarm.alarms (project_id, alarm_type_id, raise_transition_id, alarm_name, alarm_level, \
         content_zh, content_en, trigger_attribute, trigger_comparison, trigger_value_text, auto_processing, \
         auto_work_order, gateway_id, serial, loop_index, device_name, value, alarm_time, sample_time) \
         VALUES ($1, $2, $3, 'Probe', '1', '探针', 'Probe', 'current', '>', '15', false, false, $4, $5, 1, \
         'loop 1', 16.5, now(), now()) RETURNING alarm_id",
    )
    .bind(project)
    .bind(alarm_type)
    .bind(format!("probe-{}", uuid::Uuid::new_v4()))
    .bind(gateway)
    .bind(&serial)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let (address, address_parent): (i64, i64) = sqlx::query_as(
        "SELECT a.address_id, a.parent_id FROM project.addresses a WHERE a.project_id = $1 \
         AND NOT EXISTS (SELECT 1 FROM project.addresses c WHERE c.parent_id = a.address_id) \
         ORDER BY a.address_id LIMIT 1",
    )
    .bind(project)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let notice: i64 =
        sqlx::query_scalar("SELECT notice_id FROM project.notices WHERE project_id = $1 ORDER BY notice_id LIMIT 1")
            .bind(project)
            .fetch_one(&c.pool)
            .await
            .unwrap();
    // ---- files ----
    let file: i64 = sqlx::query_scalar(
        "INSERT INTO project.files (project_id, file_name, path, file_type, extension, content_type, size_bytes) \
         VALUES ($1, 'probe.png', $2, '1', 'png', 'image/png', 70) RETURNING file_id",
    )
    .bind(project)
    .bind(format!("/upload/probe/{}.png", uuid::Uuid::new_v4()))
    .fetch_one(&c.pool)
    .await
    .unwrap();
    // ---- end files ----
    let area: i64 = sqlx::query_scalar(
        "INSERT INTO project.plan_areas (project_id, area_name, area_type, points, colour) \
         VALUES ($1, $2, '1', '{0.1,0.1,0.5,0.1,0.5,0.5,0.1,0.5}', '#409EFF') RETURNING area_id",
    )
    .bind(project)
    .bind(format!("probe-{}", &uuid::Uuid::new_v4().to_string()[..8]))
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let work_order: i64 = sqlx::query_scalar(
        "INSERT INTO maintenance.work_orders (work_order_id, project_id, order_number, order_type, question_type, \
         urgency, due_at, initiator_id, initiator_name, description) \
         SELECT n, $1, 'WO-PROBE-' || n, '2', '1', '3', now() + interval '1 day', 1, 'admin', 'Probe' \
         FROM nextval('maintenance.work_order_ids') AS n RETURNING work_order_id",
    )
    .bind(project)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let team: i64 = sqlx::query_scalar(
        "WITH t AS (INSERT INTO maintenance.inspection_teams (project_id, team_name, created_by) \
         VALUES ($1, $2, 'admin') RETURNING team_id), \
         m AS (INSERT INTO maintenance.inspection_team_members (team_id, user_id, user_name, seq) \
         SELECT team_id, 1, 'admin', 1 FROM t) SELECT team_id FROM t",
    )
    .bind(project)
    .bind(format!("probe-{}", &uuid::Uuid::new_v4().to_string()[..8]))
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let route: i64 = sqlx::query_scalar(
        "WITH r AS (INSERT INTO maintenance.inspection_routes (project_id, route_name, created_by) \
         VALUES ($1, $2, 'admin') RETURNING route_id), \
         p AS (INSERT INTO maintenance.inspection_route_points (route_id, seq, point_type, ref_id, point_name) \
         SELECT route_id, 1, '1', $3, 'probe' FROM r) SELECT route_id FROM r",
    )
    .bind(project)
    .bind(format!("probe-{}", &uuid::Uuid::new_v4().to_string()[..8]))
    .bind(gateway)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let plan: i64 = sqlx::query_scalar(
        "INSERT INTO maintenance.inspection_plans (project_id, plan_name, route_id, team_id, period, start_date, \
         end_date, status, created_by) VALUES ($1, $2, $3, $4, '1', current_date + 30, current_date + 60, '1', 'admin') \
         RETURNING plan_id",
    )
    .bind(project)
    .bind(format!("probe-{}", &uuid::Uuid::new_v4().to_string()[..8]))
    .bind(route)
    .bind(team)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let (task, task_point): (i64, i64) = sqlx::query_as(
        "WITH t AS (INSERT INTO maintenance.inspection_tasks (project_id, task_name, route_id, route_name, team_id, \
         team_name, start_time, end_time, status) \
         VALUES ($1, 'probe', $2, 'probe', $3, 'probe', now() - interval '1 hour', now() + interval '1 day', '1') \
         RETURNING task_id), \
         p AS (INSERT INTO maintenance.inspection_task_points (task_id, seq, point_type, ref_id, point_name) \
         SELECT task_id, 1, '1', 1, 'probe' FROM t RETURNING point_id) SELECT t.task_id, p.point_id FROM t, p",
    )
    .bind(project)
    .bind(route)
    .bind(team)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let company: i64 = sqlx::query_scalar(
        "INSERT INTO maintenance.maintenance_companies (project_id, company_name, created_by) VALUES ($1, $2, 'admin') \
         RETURNING company_id",
    )
    .bind(project)
    .bind(format!("probe-{}", &uuid::Uuid::new_v4().to_string()[..8]))
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let contract: i64 = sqlx::query_scalar(
        "INSERT INTO maintenance.maintenance_contracts (project_id, contract_number, contract_name, company_id, start_date, \
         end_date, created_by) VALUES ($1, $2, 'probe', $3, current_date, current_date + 365, 'admin') RETURNING contract_id",
    )
    .bind(project)
    .bind(format!("P-{}", &uuid::Uuid::new_v4().to_string()[..8]))
    .bind(company)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let upkeep: i64 = sqlx::query_scalar(
        "INSERT INTO maintenance.maintenance_plans (project_id, plan_name, contract_id, plan_date, created_by) \
         VALUES ($1, 'probe', $2, current_date + 10, 'admin') RETURNING plan_id",
    )
    .bind(project)
    .bind(contract)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let asset_type: i64 = sqlx::query_scalar(
        "INSERT INTO maintenance.asset_types (project_id, type_code, type_name_zh, type_name_en, created_by) \
         VALUES ($1, $2, '探针', 'Probe', 'admin') RETURNING type_id",
    )
    .bind(project)
    .bind(format!("P-{}", &uuid::Uuid::new_v4().to_string()[..8]))
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let new_asset = |code: String| {
        sqlx::query_scalar::<_, i64>(
            "INSERT INTO maintenance.assets (project_id, asset_code, asset_name, type_id, initial_value_cents, \
             residual_rate_bp, start_date, limit_months, created_by) \
             VALUES ($1, $2, 'probe', $3, 100, 0, current_date, 12, 'admin') RETURNING asset_id",
        )
        .bind(project)
        .bind(code)
        .bind(asset_type)
        .fetch_one(&c.pool)
    };
    let asset = new_asset(format!("P-{}", &uuid::Uuid::new_v4().to_string()[..8])).await.unwrap();
    let scrapped = new_asset(format!("P-{}", &uuid::Uuid::new_v4().to_string()[..8])).await.unwrap();
    let scrap: i64 = sqlx::query_scalar(
        "WITH r AS (INSERT INTO maintenance.asset_records (project_id, record_type, record_date, created_by) \
         VALUES ($1, '4', current_date, 'admin') RETURNING record_id), \
         i AS (INSERT INTO maintenance.asset_record_items (record_id, asset_id, prev_status) SELECT record_id, $2, '0' FROM r), \
         a AS (UPDATE maintenance.assets SET status = '3' WHERE asset_id = $2) SELECT record_id FROM r",
    )
    .bind(project)
    .bind(scrapped)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let scene: i64 = sqlx::query_scalar(
        "WITH s AS (INSERT INTO lighting.scenes (project_id, scene_name, scene_type) \
         VALUES ($1, 'Probe ' || left(gen_random_uuid()::text, 8), '1') RETURNING scene_id), \
         l AS (INSERT INTO lighting.scene_loops (scene_id, gateway_id, loop_index, is_on, brightness) \
         SELECT scene_id, $2, 1, TRUE, 80 FROM s) SELECT scene_id FROM s",
    )
    .bind(project)
    .bind(gateway)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let combined: i64 = sqlx::query_scalar(
        "WITH s AS (INSERT INTO lighting.scenes (project_id, scene_name, scene_type, execution_mode, repeat_mode) \
         VALUES ($1, 'Probe combined ' || left(gen_random_uuid()::text, 8), '2', '1', '1') RETURNING scene_id), \
         m AS (INSERT INTO lighting.scene_members (scene_id, position, member_id, minutes) \
         SELECT scene_id, p, $2, 15 FROM s, generate_series(1, 2) AS p) SELECT scene_id FROM s",
    )
    .bind(project)
    .bind(scene)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let lighting_task: i64 = sqlx::query_scalar(
        "WITH t AS (INSERT INTO lighting.tasks (project_id, task_name, priority, weekdays, start_kind, start_offset, \
         end_kind, end_clock) VALUES ($1, 'Probe', 5, 127, '2', 15, '0', '23:00') RETURNING task_id), \
         s AS (INSERT INTO lighting.task_scenes (task_id, position, scene_id) SELECT task_id, 1, $2 FROM t), \
         g AS (INSERT INTO lighting.task_gateways (task_id, gateway_id) SELECT task_id, $3 FROM t) \
         SELECT task_id FROM t",
    )
    .bind(project)
    .bind(scene)
    .bind(gateway)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let category_of = |code: String| {
        sqlx::query_scalar::<_, i64>(
            "INSERT INTO lighting.device_categories (project_id, category_name, category_code) \
             VALUES ($1, 'Probe', $2) RETURNING category_id",
        )
        .bind(project)
        .bind(code)
        .fetch_one(&c.pool)
    };
    let category = category_of(format!("P-{}", &uuid::Uuid::new_v4().to_string()[..8])).await.unwrap();
    let other_category = category_of(format!("P-{}", &uuid::Uuid::new_v4().to_string()[..8])).await.unwrap();
    let device_type: i64 = sqlx::query_scalar(
        "INSERT INTO lighting.device_types (project_id, category_id, type_name, type_code, type_value, \
         status_check_seconds) VALUES ($1, $2, 'Probe', $3, 1, 300) RETURNING type_id",
    )
    .bind(project)
    .bind(other_category)
    .bind(format!("P-{}", &uuid::Uuid::new_v4().to_string()[..8]))
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let lamp_type: i64 = sqlx::query_scalar(
        "INSERT INTO lighting.device_types (project_id, category_id, type_name, type_code, type_value, \
         status_check_seconds) VALUES ($1, $2, 'Probe lamp', $3, 1, 300) RETURNING type_id",
    )
    .bind(project)
    .bind(other_category)
    .bind(format!("P-{}", &uuid::Uuid::new_v4().to_string()[..8]))
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let device: i64 = sqlx::query_scalar(
        "INSERT INTO lighting.devices (project_id, device_name, device_code, type_id, gateway_id, loop_index, address) \
         VALUES ($1, 'Probe', $2, $3, $4, 1, 'Probe street') RETURNING device_id",
    )
    .bind(project)
    .bind(format!("P-{}", &uuid::Uuid::new_v4().to_string()[..8]))
    .bind(lamp_type)
    .bind(gateway)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let group: i64 = sqlx::query_scalar(
        "WITH g AS (INSERT INTO lighting.device_groups (project_id, group_name) \
         VALUES ($1, 'Probe ' || left(gen_random_uuid()::text, 8)) RETURNING group_id), \
         m AS (INSERT INTO lighting.device_group_members (group_id, device_id) SELECT group_id, $2 FROM g) \
         SELECT group_id FROM g",
    )
    .bind(project)
    .bind(device)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let timing: i64 = sqlx::query_scalar(
        "INSERT INTO lighting.timing_onekeys (project_id, is_on, starts_at, ends_at) \
         VALUES ($1, FALSE, '2099-12-24 20:00+08', '2099-12-24 22:00+08') RETURNING timing_id",
    )
    .bind(project)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let firmware: i64 = sqlx::query_scalar(
        "INSERT INTO lighting.firmware (project_id, version, gateway_type, file_name, size, sha256, image) \
         VALUES ($1, 'probe-' || left(gen_random_uuid()::text, 8), 'T', 'probe.bin', 4, repeat('0', 64), \
         '\\x7f000102'::bytea) RETURNING firmware_id",
    )
    .bind(project)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    let campaign: i64 = sqlx::query_scalar(
        "WITH c AS (INSERT INTO lighting.upgrade_campaigns (project_id, firmware_id, version, gateway_type, \
         concurrency, failure_threshold, state) VALUES ($1, $2, 'probe', 'T', 1, 20, 'cancelled') \
         RETURNING campaign_id), t AS (INSERT INTO lighting.upgrade_targets (campaign_id, gateway_id, project_id, \
         chunk_count) SELECT campaign_id, $3, $1, 1 FROM c) SELECT campaign_id FROM c",
    )
    .bind(project)
    .bind(firmware)
    .bind(gateway)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    Ids {
        firmware,
        campaign,
        category,
        device_type,
        device,
        group,
        timing,
        scene,
        lighting_task,
        combined,
        asset_type,
        asset,
        scrap,
        company,
        contract,
        upkeep,
        project,
        gateway,
        serial,
        alarm_type,
        alarm,
        address,
        address_parent,
        notice,
        file,
        area,
        work_order,
        team,
        route,
        plan,
        task,
        task_point,
    }
}

fn route_name(route: &RouteSpec) -> String {
    format!("{} {}", route.method, route.path)
}

// --- cross-project -----------------------------------------------------------------------

/// A user of project A (1) holding every permission (`*:*:*`) reaches nothing of project B
/// (2): not with B's `ProjectId` header on any route that takes one (every route but the
/// public ones), and not with B's ids under A's header on any route that names a record.
#[tokio::test]
async fn cross_project() {
    let c = monolith(Options::default()).await;
    let js = c.jetstream().await;
    add_user(&c, "alice", "admin").await;
    let (a, b) = (records_of(&c, 1).await, records_of(&c, 2).await);
    let alice = c.api.login("alice", "admin123").await;
    let (_, info) = c.api.send(Call::get("/getInfo").token(&alice)).await;
    assert_eq!(info["permissions"], json!(["*:*:*"]), "alice may do everything, in project 1 only");
    let mut before = settled(&c, &js).await;
    let (mut header_cases, mut id_cases) = (0, 0);
    for route in ROUTES.iter().filter(|r| r.access != Access::Public) {
        let foreign = sample_of(route, &b);
        let answer = send(&c, &alice, &b.project.to_string(), ZH, &route.method, &foreign).await;
        let after = Snapshot::take(&c, &js).await;
        let held = refused_with(&answer, &[403]) && after == before;
        if !held {
            eprintln!("{}: {answer:?}; changed: {}", route_name(route), before.diff(&after));
        }
        check("cross-project", &format!("{}: project B's header refused, nothing changed", route_name(route)), held);
        header_cases += 1;
        if !foreign.takes_id {
            continue;
        }
        let answer = send(&c, &alice, &a.project.to_string(), EN, &route.method, &foreign).await;
        let after = Snapshot::take(&c, &js).await;
        let held = refused_with(&answer, &[403, 404]) && after == before;
        if !held {
            eprintln!("{}: {answer:?}; changed: {}", route_name(route), before.diff(&after));
        }
        check(
            "cross-project",
            &format!("{}: project B's ids under A's header refused, nothing changed", route_name(route)),
            held,
        );
        id_cases += 1;
        // Deleting several at once is all or none: one of B's ids among A's deletes nothing.
        if route.method == Method::DELETE {
            let own = sample_of(route, &a);
            let mixed = Sample { path: format!("{},{}", own.path, foreign.path.rsplit('/').next().unwrap()), ..own };
            let answer = send(&c, &alice, &a.project.to_string(), EN, &route.method, &mixed).await;
            let after = Snapshot::take(&c, &js).await;
            // A route that deletes one record at a time (an organization node, a menu) refuses
            // a list as bad input.
            let held = refused_with(&answer, &[400, 403, 404]) && after == before;
            if !held {
                eprintln!("{} ({}): {answer:?}; changed: {}", route_name(route), mixed.path, before.diff(&after));
            }
            check(
                "cross-project",
                &format!("{}: A's id with B's refused whole, nothing changed", route_name(route)),
                held,
            );
        }
        before = after;
    }
    assert!(header_cases >= 30 && id_cases >= 12, "the route table shrank? {header_cases} and {id_cases} cases");
    // Nothing arrived late either (a relay or a consumer acting on a refused request).
    tokio::time::sleep(Duration::from_secs(1)).await;
    let end = settled(&c, &js).await;
    check("cross-project", "after every case: nothing changed, however late", end == before);
}

// --- permissions --------------------------------------------------------------------------

/// For every route that needs a permission, a signed-in user of the project without it is
/// refused with 403 and nothing changes: a user with no permission at all, and a user with
/// every permission but that one.
#[tokio::test]
async fn permissions() {
    let c = monolith(Options::default()).await;
    let js = c.jetstream().await;
    add_role(&c, "empty").await;
    add_user(&c, "nobody", "empty").await;
    let all_but = add_role(&c, "allbut").await;
    add_user(&c, "allbut", "allbut").await;
    let ids = records_of(&c, 1).await;
    let nobody = c.api.login("nobody", "admin123").await;
    let gated: Vec<(&RouteSpec, &str)> = ROUTES
        .iter()
        .filter_map(|r| match r.access {
            Access::Permission(p) => Some((r, p)),
            _ => None,
        })
        .collect();
    // A session of `allbut` for each permission, holding every other one.
    let mut all_but_one = BTreeMap::new();
    for (_, permission) in &gated {
        if all_but_one.contains_key(permission) {
            continue;
        }
        sqlx::query("DELETE FROM identity.role_menus WHERE role_id = $1").bind(all_but).execute(&c.pool).await.unwrap();
        sqlx::query(
            "INSERT INTO identity.role_menus (role_id, menu_id) SELECT $1, menu_id FROM identity.menus \
             WHERE perms <> '' AND perms <> $2",
        )
        .bind(all_but)
        .bind(permission)
        .execute(&c.pool)
        .await
        .unwrap();
        let token = c.api.login("allbut", "admin123").await;
        let (_, info) = c.api.send(Call::get("/getInfo").token(&token)).await;
        let held: Vec<String> =
            info["permissions"].as_array().unwrap().iter().map(|p| p.as_str().unwrap().to_owned()).collect();
        assert!(held.len() > 10 && !held.iter().any(|h| h == permission), "{permission}: {held:?}");
        all_but_one.insert(*permission, token);
    }
    let before = settled(&c, &js).await;
    for (route, permission) in &gated {
        let s = sample_of(route, &ids);
        for (who, token) in [("no permission", &nobody), ("every permission but this one", &all_but_one[permission])] {
            let answer = send(&c, token, "1", EN, &route.method, &s).await;
            let after = Snapshot::take(&c, &js).await;
            let held = refused_with(&answer, &[403]) && answer.1["msg"] == NO_PERMISSION_EN && after == before;
            if !held {
                eprintln!("{} as {who}: {answer:?}; changed: {}", route_name(route), before.diff(&after));
            }
            check(
                "permissions",
                &format!("{} without {permission} ({who}): 403, nothing changed", route_name(route)),
                held,
            );
        }
    }
    assert!(gated.len() >= 20, "the route table shrank? {} routes need a permission", gated.len());
    tokio::time::sleep(Duration::from_secs(1)).await;
    let end = settled(&c, &js).await;
    check("permissions", "after every case: nothing changed, however late", end == before);
}

// --- brute force --------------------------------------------------------------------------

/// Fifty wrong passwords at once, with the lock set at fifty (`auth.max_failed_attempts`):
/// every one is counted, none lost to a race between them, and the fiftieth locks the
/// account. (At the default five the attempts already past the lock check when it is set
/// still count, so the count is anywhere from 5 to 50: exact only where the limit is.)
#[tokio::test]
async fn fifty_parallel_wrong_passwords_lock_the_account_exactly() {
    let c = monolith(Options { max_failed_attempts: 50, ..Options::default() }).await;
    let attempts = (0..50).map(|_| c.api.login_attempt("operator", "wrong"));
    let answers = futures::future::join_all(attempts).await;
    let all_refused = answers.iter().all(|(status, body)| *status == 400 && body["msg"] == BAD_CREDENTIALS_ZH);
    check("brute-force", "50 parallel wrong passwords: all 50 refused with the same message", all_refused);
    let (failed, locked): (i32, bool) =
        sqlx::query_as("SELECT failed_attempts, locked_until > now() FROM identity.users WHERE user_name = 'operator'")
            .fetch_one(&c.pool)
            .await
            .unwrap();
    check("brute-force", "50 parallel wrong passwords: the failure count is exactly 50, none lost", failed == 50);
    check("brute-force", "50 parallel wrong passwords: the account is locked at the limit", locked);
    let kinds = || async {
        sqlx::query_as::<_, (String, i64)>(
            "SELECT msg, count(*) FROM identity.login_log WHERE user_name = 'operator' AND status = '1' \
             GROUP BY msg ORDER BY msg",
        )
        .fetch_all(&c.pool)
        .await
        .unwrap()
    };
    let logged = eventually(15, || async { kinds().await.iter().map(|(_, n)| n).sum::<i64>() == 50 }).await;
    let kinds = kinds().await;
    eprintln!("login log of the 50: {kinds:?}");
    check(
        "brute-force",
        "50 parallel wrong passwords: all 50 in the login log, the 50th as the lock",
        logged
            && kinds
                == [("user.password.not.match".to_owned(), 49), ("user.password.retry.limit.exceed".to_owned(), 1)],
    );
    let sessions = || async {
        sqlx::query_scalar::<_, i64>(
            "SELECT count(*) FROM identity.sessions s JOIN identity.users u USING (user_id) \
             WHERE u.user_name = 'operator'",
        )
        .fetch_one(&c.pool)
        .await
        .unwrap()
    };
    let (status, locked_answer) = c.api.login_attempt("operator", "operator123").await;
    let (_, unknown) = c.api.login_attempt("nobody-at-all", "operator123").await;
    check(
        "brute-force",
        "a locked account's right password is refused, with an unknown user's answer",
        status == 400 && locked_answer == unknown,
    );
    check("brute-force", "a locked account's right password opens no session", sessions().await == 0);
}

/// Sends `/login` from `address` at `rate` a second for `window`; returns how many were
/// sent and the index of the first 429, if any. Each request names a new user and no
/// password, so only the address's bucket is drawn from and no password is hashed.
async fn login_at_rate(c: &Cluster, address: IpAddr, rate: u32, window: Duration) -> (u32, Option<u32>) {
    let client = reqwest::Client::builder().no_proxy().local_address(address).build().unwrap();
    let url = c.api.url("/login");
    let total = (window.as_secs_f64() * f64::from(rate)) as u32;
    let first_refused = Arc::new(AtomicU64::new(u64::MAX));
    let mut tasks = Vec::new();
    let start = tokio::time::Instant::now();
    for i in 0..total {
        tokio::time::sleep_until(start + Duration::from_secs_f64(f64::from(i) / f64::from(rate))).await;
        let (client, url, first_refused) = (client.clone(), url.clone(), first_refused.clone());
        tasks.push(tokio::spawn(async move {
            let body = json!({ "username": format!("probe-{}", uuid::Uuid::new_v4().simple()), "password": "" });
            let response = client.post(&url).json(&body).send().await.unwrap();
            if response.status() == 429 {
                first_refused.fetch_min(u64::from(i), Ordering::SeqCst);
            } else {
                assert_eq!(response.status(), 400, "an empty password is refused before any hashing");
            }
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
    let first = first_refused.load(Ordering::SeqCst);
    (total, (first != u64::MAX).then_some(first as u32))
}

/// With the default limits (30 sign-ins a minute per address: a bucket of 30 that refills
/// one every 2 s), `/login` answers 429 in the envelope, in both languages, with
/// Retry-After; the figure is the lowest of 1, 2, 5, 10 and 20 requests a second at which
/// a 10 s burst from one address meets a 429, each rate from a fresh address.
#[tokio::test]
async fn the_per_address_limit_answers_429() {
    let defaults = RateLimit { login_per_ip: 30, login_per_account: 10, captcha_per_ip: 60 };
    let c = monolith(Options { rate_limit: defaults, ..Options::default() }).await;
    let window = Duration::from_secs(10);
    let (burst, refill_per_s) = (30.0, 30.0 / 60.0);
    let rates = [1u32, 2, 5, 10, 20];
    let runs = rates.iter().enumerate().map(|(i, &rate)| {
        let address: IpAddr = format!("127.0.0.{}", 11 + i).parse().unwrap();
        login_at_rate(&c, address, rate, window)
    });
    let results = futures::future::join_all(runs).await;
    let mut figure = None;
    for (&rate, (sent, first_429)) in rates.iter().zip(&results) {
        // GCRA: within the window the bucket gives its burst plus what refills meanwhile.
        let expected_refusal = f64::from(rate) * window.as_secs_f64() > burst + refill_per_s * window.as_secs_f64();
        let held = match first_429 {
            None => !expected_refusal,
            Some(index) => expected_refusal && f64::from(*index) >= burst,
        };
        eprintln!("security: /login at {rate} req/s for 10 s: {sent} sent, first 429 at request {first_429:?}");
        check(
            "brute-force",
            &format!("/login at {rate} req/s from one address for 10 s: 429 exactly as the 30/min bucket allows"),
            held,
        );
        if first_429.is_some() && figure.is_none() {
            figure = Some(rate);
        }
    }
    let figure = figure.expect("some rate met a 429");
    report::figure(&format!("/login answers 429 from {figure} req/s per address"));
    eprintln!("(default 30/min: a burst of 30, then 0.5 req/s sustained; each rate for 10 s from a fresh address)");

    // From the exhausted address (the fastest run): the refusal in both languages. The bucket
    // refills one sign-in every 2 s, so by now a token may be back (a loaded machine takes a
    // while to finish the runs): an attempt it lets through is spent and the next is refused.
    let exhausted: IpAddr = format!("127.0.0.{}", 11 + rates.len() - 1).parse().unwrap();
    let client = reqwest::Client::builder().no_proxy().local_address(exhausted).build().unwrap();
    let attempt = |lang: &'static str| {
        client
            .post(c.api.url("/login"))
            .header("Content-Language", lang)
            .json(&json!({ "username": "admin", "password": "admin123" }))
            .send()
    };
    for (lang, msg) in [(ZH, TOO_MANY_ZH), (EN, TOO_MANY_EN)] {
        let mut held = false;
        for _ in 0..3 {
            let response = attempt(lang).await.unwrap();
            if response.status().as_u16() != 429 {
                continue;
            }
            let retry_after: Option<u64> =
                response.headers().get("retry-after").and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok());
            let body: Value = response.json().await.unwrap_or(Value::Null);
            held = retry_after.is_some_and(|s| (1..=60).contains(&s)) && body == json!({ "code": 429, "msg": msg });
            break;
        }
        check(
            "brute-force",
            &format!("the per-address limit answers 429 in the envelope in {lang}, with Retry-After"),
            held,
        );
    }
    // Right after a refused /login, the other sign-in route is refused too: one bucket.
    let mut shared = false;
    for _ in 0..3 {
        let drained = attempt(ZH).await.unwrap().status() == 429;
        let other = client.get(c.api.url("/loginByOtherSystem?token=x")).send().await.unwrap().status();
        if drained && other == 429 {
            shared = true;
            break;
        }
    }
    check("brute-force", "/loginByOtherSystem draws from the same exhausted bucket: 429", shared);
    let elsewhere = c.api.login_attempt("admin", "admin123").await;
    check("brute-force", "another address keeps its own bucket: the right password signs in", elsewhere.0 == 200);
}

// --- uploads --------------------------------------------------------------------------------

/// The `lumiscape` processes of a cluster, found by the database only they are given.
fn cluster_processes(c: &Cluster) -> Vec<(u32, Vec<(String, String)>)> {
    let wanted = format!("LUMISCAPE_DATABASE_URL={}", c.database_url);
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else { continue };
        let Ok(environ) = std::fs::read(format!("/proc/{pid}/environ")) else { continue };
        let vars: Vec<String> = environ.split(|b| *b == 0).map(|v| String::from_utf8_lossy(v).into_owned()).collect();
        if vars.contains(&wanted) {
            let pairs =
                vars.iter().filter_map(|v| v.split_once('=')).map(|(k, v)| (k.to_owned(), v.to_owned())).collect();
            found.push((pid, pairs));
        }
    }
    found
}

/// A field of `/proc/<pid>/status` in MiB (`VmRSS`, `VmHWM`).
fn memory_mib(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb / 1024)
}

fn files_in(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir)
        .map_or(0, |entries| entries.flatten().map(|e| if e.path().is_dir() { files_in(&e.path()) } else { 1 }).sum())
}

/// A PNG chunk: length, type, data, CRC.
fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = flate2::Crc::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.sum().to_be_bytes());
    out
}

/// A zlib stream of `mib` MiB of zero bytes, built by repeating one compressed MiB (a
/// sync-flushed deflate block chain ends on a byte boundary, so copies of it concatenate).
fn zlib_zeros(mib: usize) -> Vec<u8> {
    let mut one = Vec::with_capacity(4096);
    let mut deflate = flate2::Compress::new(flate2::Compression::best(), false);
    deflate.compress_vec(&vec![0u8; 1 << 20], &mut one, flate2::FlushCompress::Sync).unwrap();
    let mut out = vec![0x78, 0xda];
    for _ in 0..mib {
        out.extend_from_slice(&one);
    }
    out.extend_from_slice(&[0x03, 0x00]); // the last block: fixed Huffman, empty
    let total = (mib as u64) << 20;
    let adler = ((total % 65521) << 16) | 1; // zeros: a stays 1, b grows by 1 a byte
    out.extend_from_slice(&(adler as u32).to_be_bytes());
    out
}

/// A PNG of `width` x `height` 8-bit grey pixels, all zero: its IDAT inflates to
/// `height` x (`width` + 1) bytes (a filter byte a row), which must be whole MiB.
fn png_of_zeros(width: u32, height: u32) -> Vec<u8> {
    let raw = u64::from(height) * (u64::from(width) + 1);
    assert_eq!(raw % (1 << 20), 0, "a whole number of MiB");
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 0, 0, 0, 0]);
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    out.extend(chunk(b"IHDR", &ihdr));
    out.extend(chunk(b"IDAT", &zlib_zeros((raw >> 20) as usize)));
    out.extend(chunk(b"IEND", &[]));
    out
}

/// A 70-byte PNG whose header claims 50000 x 50000 RGBA (10 GB of pixels).
fn forged_bomb() -> Vec<u8> {
    let mut ihdr = 50_000u32.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&50_000u32.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    out.extend(chunk(b"IHDR", &ihdr));
    out.extend(chunk(b"IDAT", &[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]));
    out.extend(chunk(b"IEND", &[]));
    out
}

/// A minimal ZIP archive (one empty stored file, `a.html`).
fn zip_archive() -> Vec<u8> {
    let name = b"a.html";
    let mut local = vec![0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    local.extend_from_slice(&[0; 12]); // crc, sizes
    local.extend_from_slice(&(name.len() as u16).to_le_bytes());
    local.extend_from_slice(&[0, 0]);
    local.extend_from_slice(name);
    let mut central = vec![0x50, 0x4b, 0x01, 0x02, 20, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    central.extend_from_slice(&[0; 12]);
    central.extend_from_slice(&(name.len() as u16).to_le_bytes());
    central.extend_from_slice(&[0; 12]);
    central.extend_from_slice(&0u32.to_le_bytes()); // local header offset
    central.extend_from_slice(name);
    let mut end = vec![0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0, 1, 0, 1, 0];
    end.extend_from_slice(&(central.len() as u32).to_le_bytes());
    end.extend_from_slice(&(local.len() as u32).to_le_bytes());
    end.extend_from_slice(&[0, 0]);
    [local, central, end].concat()
}

async fn upload(c: &Cluster, token: &str, lang: &str, name: &str, mime: &str, bytes: Vec<u8>) -> (u16, Value) {
    let part = reqwest::multipart::Part::bytes(bytes).file_name(name.to_owned()).mime_str(mime).unwrap();
    let form = reqwest::multipart::Form::new().part("avatarfile", part);
    let response = c
        .api
        .client
        .post(c.api.url("/system/user/profile/avatar"))
        .bearer_auth(token)
        .header("Content-Language", lang)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Uploads `length` bytes of multipart over a raw connection, in chunks with no
/// Content-Length (`chunked`) or with the length declared; answers the status and the JSON
/// body. Raw, because the server answers a body too large and closes before it has all
/// come, which an HTTP client reports as a broken pipe instead of the answer.
async fn raw_upload(c: &Cluster, token: &str, lang: &str, length: usize, chunked: bool) -> (u16, Value) {
    let boundary = "probeboundary";
    let preamble = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"avatarfile\"; filename=\"a.png\"\r\n\
         Content-Type: image/png\r\n\r\n"
    );
    let mut body = preamble.into_bytes();
    body.extend(tiny_png());
    body.resize(length, b'A');
    let headers = [
        ("Authorization", format!("Bearer {token}")),
        ("Content-Language", lang.to_owned()),
        ("Content-Type", format!("multipart/form-data; boundary={boundary}")),
    ];
    common::raw_post(c, "/system/user/profile/avatar", &headers, &body, chunked).await
}

/// The bound on the server's resident memory while it refuses the bombs: the monolith
/// idles at some 60 MB; decoding the bomb would need gigabytes.
const UPLOAD_RSS_BOUND_MB: u64 = 300;

/// Decompression bombs, an oversized file, wrong types and polyglots are refused over
/// HTTP with a clear message in the caller's language, change nothing, and the server's
/// memory stays low while it refuses them.
#[tokio::test]
async fn uploads() {
    let c = monolith(Options::default()).await;
    let js = c.jetstream().await;
    let processes = cluster_processes(&c);
    assert_eq!(processes.len(), 1, "one monolith process");
    let (pid, env) = &processes[0];
    let files_dir = std::path::PathBuf::from(&env.iter().find(|(k, _)| k == "LUMISCAPE_FILES_DIR").unwrap().1);
    let token = c.api.login("operator", "operator123").await;

    // Resident memory sampled every 10 ms while the uploads run.
    let peak_rss = Arc::new(AtomicU64::new(0));
    let sampling = Arc::new(AtomicU64::new(1)); // 1 while sampling
    let sampler = {
        let (peak_rss, sampling, pid) = (peak_rss.clone(), sampling.clone(), *pid);
        tokio::spawn(async move {
            while sampling.load(Ordering::SeqCst) == 1 {
                peak_rss.fetch_max(memory_mib(pid, "VmRSS"), Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
    };
    let idle_rss = memory_mib(*pid, "VmRSS");

    let real_bomb = png_of_zeros(16_383, 16_384); // 16384 rows of 16384 bytes: 256 MiB
    let mut html_polyglot = tiny_png();
    html_polyglot.extend_from_slice(b"<html><script>alert(document.cookie)</script></html>");
    let mut zip_polyglot = tiny_png();
    zip_polyglot.extend(zip_archive());
    let gif = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;".to_vec();
    let cases: Vec<(String, &str, Vec<u8>)> = vec![
        ("a decompression bomb: 70 bytes claiming 50000 x 50000".into(), "image/png", forged_bomb()),
        (
            format!("a decompression bomb: a real PNG of {} KB inflating to 256 MiB of pixels", real_bomb.len() / 1024),
            "image/png",
            real_bomb,
        ),
        ("a wrong type: a GIF named avatar.png".into(), "image/png", gif),
        ("a wrong type: text named avatar.png".into(), "image/png", b"just some text, not an image\n".to_vec()),
        ("a polyglot: a PNG with HTML and script appended".into(), "image/png", html_polyglot),
        ("a polyglot: a PNG with a ZIP archive appended".into(), "image/png", zip_polyglot),
    ];
    let mut before = settled(&c, &js).await;
    let files_before = files_in(&files_dir);
    for (what, mime, bytes) in &cases {
        for (lang, msg) in [(ZH, AVATAR_INVALID_ZH), (EN, AVATAR_INVALID_EN)] {
            let answer = upload(&c, &token, lang, "avatar.png", mime, bytes.clone()).await;
            let after = Snapshot::take(&c, &js).await;
            let held = answer.0 == 400
                && answer.1["code"] == 400
                && answer.1["msg"] == msg
                && after == before
                && files_in(&files_dir) == files_before;
            if !held {
                eprintln!("{what} ({lang}): {answer:?}; changed: {}", before.diff(&after));
            }
            check("uploads", &format!("{what}: refused in {lang}, nothing changed"), held);
        }
    }
    let oversized = {
        let mut bytes = tiny_png();
        bytes.resize(3 << 20, 0);
        bytes
    };
    for (lang, msg) in [(ZH, "请求内容过大，最大 2048 KB"), (EN, "Request body too large, at most 2048 KB")] {
        let answer = raw_upload(&c, &token, lang, oversized.len(), false).await;
        let after = Snapshot::take(&c, &js).await;
        let held = answer.0 == 413 && answer.1["code"] == 413 && answer.1["msg"] == msg && after == before;
        if !held {
            eprintln!("oversized ({lang}): {answer:?}; changed: {}", before.diff(&after));
        }
        check("uploads", &format!("an oversized file (3 MiB, declared): 413 in {lang}, nothing changed"), held);
        let answer = raw_upload(&c, &token, lang, 3 << 20, true).await;
        let after = Snapshot::take(&c, &js).await;
        let held = answer.0 == 413 && answer.1["code"] == 413 && answer.1["msg"] == msg && after == before;
        if !held {
            eprintln!("oversized chunked ({lang}): {answer:?}; changed: {}", before.diff(&after));
        }
        check(
            "uploads",
            &format!("an oversized file (3 MiB, chunked, no length): 413 in {lang}, nothing changed"),
            held,
        );
        before = after;
    }
    sampling.store(0, Ordering::SeqCst);
    sampler.await.unwrap();
    let peak = peak_rss.load(Ordering::SeqCst).max(memory_mib(*pid, "VmHWM"));
    report::figure(&format!("upload bomb peak rss {peak} MB (bound {UPLOAD_RSS_BOUND_MB} MB)"));
    eprintln!("security: resident memory {idle_rss} MB before the uploads, peak {peak} MB (VmHWM, process lifetime)");
    check(
        "uploads",
        &format!("the server's peak resident memory stays under {UPLOAD_RSS_BOUND_MB} MB"),
        peak < UPLOAD_RSS_BOUND_MB,
    );

    // The same account's real avatar still goes through: the refusals were about the files.
    let (status, answer) = upload(&c, &token, ZH, "avatar.png", "image/png", tiny_png()).await;
    check("uploads", "a real PNG is still accepted after the refusals", status == 200 && answer["imgUrl"].is_string());
}

// --- demo guards and start-up refusals ---------------------------------------------------

/// Runs the binary outside demo mode with `args`; returns whether it succeeded and its
/// standard error. It must end by itself within 30 seconds.
async fn run_outside_demo_mode(args: &[&str], env: &[(&str, String)]) -> (bool, String) {
    let mut command = tokio::process::Command::new(common::binary());
    command
        .args(args)
        .env_remove("LUMISCAPE_CONFIG")
        .env("LUMISCAPE_DEMO", "false")
        .env("LUMISCAPE_SIGNING_KEY", SIGNING_KEY)
        .env("RUST_LOG", "warn")
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .stdin(std::process::Stdio::null())
        .kill_on_drop(true);
    let output = tokio::time::timeout(Duration::from_secs(30), command.output())
        .await
        .expect("the binary stops by itself")
        .unwrap();
    (output.status.success(), String::from_utf8_lossy(&output.stderr).into_owned())
}

#[tokio::test]
async fn the_demo_seed_is_refused_outside_demo_mode() {
    let env = [("LUMISCAPE_DATABASE_URL", "postgres://nobody@127.0.0.1:1/none".to_owned())];
    let (ok, stderr) = run_outside_demo_mode(&["seed", "--demo"], &env).await;
    let held = !ok && stderr.contains("refused outside demo mode") && stderr.contains("LUMISCAPE_DEMO=true");
    if !held {
        eprintln!("{stderr}");
    }
    check("demo", "seed --demo is refused outside demo mode, naming LUMISCAPE_DEMO=true", held);
}

#[tokio::test]
async fn the_seeded_admin_password_meets_the_policy() {
    let env = [
        ("LUMISCAPE_DATABASE_URL", "postgres://nobody@127.0.0.1:1/none".to_owned()),
        ("LUMISCAPE_ADMIN_PASSWORD", "weakpassword1".to_owned()),
    ];
    let (ok, stderr) = run_outside_demo_mode(&["seed"], &env).await;
    let held = !ok && stderr.contains("it needs an upper-case letter");
    if !held {
        eprintln!("{stderr}");
    }
    check("demo", "seed refuses an admin password that breaks the password policy", held);
}

#[tokio::test]
async fn start_up_refuses_every_demo_password_outside_demo_mode() {
    let (_, url) = common::fresh_database().await;
    let env = || {
        vec![
            ("LUMISCAPE_DATABASE_URL", url.clone()),
            ("LUMISCAPE_NATS_URL", common::nats_url()),
            ("LUMISCAPE_NATS_CREDENTIALS", common::nats_auth_dir().join("services.creds").display().to_string()),
            ("LUMISCAPE_NATS_PREFIX", format!("t{}", &uuid::Uuid::new_v4().simple().to_string()[..12])),
            ("LUMISCAPE_GRPC__IDENTITY_LISTEN", format!("127.0.0.1:{}", common::free_port())),
            ("LUMISCAPE_HTTP_LISTEN", format!("127.0.0.1:{}", common::free_port())),
        ]
    };
    let (ok, stderr) = run_outside_demo_mode(&["run", "--target", "identity"], &env()).await;
    let held = !ok && stderr.contains("the admin account still has the demo password");
    if !held {
        eprintln!("{stderr}");
    }
    check("demo", "start-up outside demo mode refuses the admin account's demo password", held);
    // The admin's password changed (here: to the operator's hash): the operator's demo
    // password still refuses the start.
    let pool = sqlx::PgPool::connect(&url).await.unwrap();
    sqlx::query(
        "UPDATE identity.users SET password_hash = \
         (SELECT password_hash FROM identity.users WHERE user_name = 'operator') WHERE user_name = 'admin'",
    )
    .execute(&pool)
    .await
    .unwrap();
    let (ok, stderr) = run_outside_demo_mode(&["run", "--target", "identity"], &env()).await;
    let held = !ok && stderr.contains("the operator account still has the demo password");
    if !held {
        eprintln!("{stderr}");
    }
    check("demo", "start-up outside demo mode refuses the operator account's demo password too", held);
    pool.close().await;
}
