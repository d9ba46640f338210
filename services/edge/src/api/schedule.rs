//! Power scenes, tasks, the project's site and the night's plan (docs/scheduler.md). The
//! handlers only translate: every rule and every message is the lighting service's.

use axum::Extension;
use axum::extract::{Path, State};
use chrono_tz::Tz;
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::Transport;
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::scene_service_client::SceneServiceClient;
use lumiscape_proto::lighting::v1::task_service_client::TaskServiceClient;
use lumiscape_proto::lighting::v1::timing_service_client::TimingServiceClient;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::convert::{PageQuery, decimal, edited_id, flag, id, ids, local_time, path_id, path_ids, text, texts, whole};
use crate::envelope::{ApiJson, ApiQuery, ApiResult, Table, call, ok_data, ok_table, ok_with};
use crate::request::RequestInfo;
use crate::state::EdgeState;

fn scenes(state: &EdgeState) -> SceneServiceClient<Transport> {
    SceneServiceClient::new(state.clients.lighting_channel())
}

fn tasks(state: &EdgeState) -> TaskServiceClient<Transport> {
    TaskServiceClient::new(state.clients.lighting_channel())
}

/// A brightness in a body: absent or empty is none (full); anything unreadable is -1, which
/// the service refuses as a scene parameter that is not numeric.
fn brightness(value: &Value) -> Option<i64> {
    match value {
        Value::Null => None,
        Value::String(text) if text.trim().is_empty() => None,
        other => Some(whole(other)),
    }
}

// --- scenes -----------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SceneListQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    scene_name: String,
    #[serde(default)]
    scene_type: String,
}

fn scene_json(scene: &pb::Scene) -> Value {
    json!({
        "sceneId": scene.scene_id,
        "sceneName": scene.scene_name,
        "sceneType": scene.scene_type,
        "remark": scene.remark,
        "loopCount": scene.loop_count,
        "createBy": scene.create_by,
        "createTime": local_time(scene.create_time_ms),
        "updateTime": local_time(scene.update_time_ms),
    })
}

fn scene_loop_json(l: &pb::SceneLoop) -> Value {
    json!({
        "gatewayId": l.gateway_id,
        "gatewayName": l.gateway_name,
        "gatewayNumber": l.gateway_number,
        "loopIndex": l.loop_index,
        "loopName": l.loop_name,
        "switchState": flag(l.on),
        "brightness": l.brightness,
    })
}

pub async fn scene_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<SceneListQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let request =
        pb::ListScenesRequest { page_num, page_size, scene_name: query.scene_name, scene_type: query.scene_type };
    let answer = call(&info, scenes(&state).list_scenes(info.ctx.request(request))).await?;
    ok_table(lang, answer.rows.iter().map(scene_json).collect(), answer.total)
}

pub async fn scene_detail(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(scene_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::GetSceneRequest { scene_id: path_id(&scene_id, Msg::SceneNotFound, lang)? };
    let detail = call(&info, scenes(&state).get_scene(info.ctx.request(request))).await?;
    let mut data = detail.scene.as_ref().map(scene_json).unwrap_or_else(|| json!({}));
    data["loops"] = detail.loops.iter().map(scene_loop_json).collect();
    ok_data(lang, data)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SceneBody {
    #[serde(default)]
    scene_id: Value,
    scene_name: Option<String>,
    #[serde(default)]
    scene_type: Value,
    remark: Option<String>,
    loops: Option<Vec<SceneLoopBody>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SceneLoopBody {
    #[serde(default)]
    gateway_id: Value,
    #[serde(default)]
    loop_index: Value,
    #[serde(default)]
    switch_state: Value,
    #[serde(default)]
    brightness: Value,
}

impl SceneBody {
    fn input(self) -> pb::SceneInput {
        let loops = self.loops.unwrap_or_default().into_iter().map(|l| pb::SceneLoopInput {
            gateway_id: id(&l.gateway_id),
            loop_index: id(&l.loop_index),
            switch_state: text(&l.switch_state),
            brightness: brightness(&l.brightness),
        });
        pb::SceneInput {
            scene_name: self.scene_name.unwrap_or_default(),
            scene_type: text(&self.scene_type),
            remark: self.remark.unwrap_or_default(),
            loops: loops.collect(),
        }
    }
}

pub async fn scene_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<SceneBody>,
) -> ApiResult {
    let lang = info.lang();
    let answer = call(&info, scenes(&state).create_scene(info.ctx.request(body.input()))).await?;
    ok_data(lang, json!(answer.scene_id))
}

pub async fn scene_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<SceneBody>,
) -> ApiResult {
    let lang = info.lang();
    let scene_id = edited_id(&body.scene_id);
    let request = pb::UpdateSceneRequest { scene_id, scene: Some(body.input()) };
    call(&info, scenes(&state).update_scene(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

pub async fn scene_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(scene_ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::DeleteScenesRequest { scene_ids: path_ids(&scene_ids, Msg::SceneNotFound, lang)? };
    call(&info, scenes(&state).delete_scenes(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

// --- combined scenes --------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CombinedListQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    scene_name: String,
}

fn combined_json(scene: &pb::CombinedScene) -> Value {
    json!({
        "sceneId": scene.scene_id,
        "sceneName": scene.scene_name,
        "executionMode": scene.execution_mode,
        "repeatMode": scene.repeat_mode,
        "memberCount": scene.member_count,
        "totalMinutes": scene.total_minutes,
        "memberNames": scene.member_names,
        "remark": scene.remark,
        "createBy": scene.create_by,
        "createTime": local_time(scene.create_time_ms),
        "updateTime": local_time(scene.update_time_ms),
    })
}

pub async fn combined_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<CombinedListQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let request = pb::ListCombinedScenesRequest { page_num, page_size, scene_name: query.scene_name };
    let answer = call(&info, scenes(&state).list_combined_scenes(info.ctx.request(request))).await?;
    ok_table(lang, answer.rows.iter().map(combined_json).collect(), answer.total)
}

pub async fn combined_detail(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(scene_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::GetSceneRequest { scene_id: path_id(&scene_id, Msg::SceneNotFound, lang)? };
    let detail = call(&info, scenes(&state).get_combined_scene(info.ctx.request(request))).await?;
    let mut data = detail.scene.as_ref().map(combined_json).unwrap_or_else(|| json!({}));
    data["members"] = detail
        .members
        .iter()
        .map(|m| json!({ "sceneId": m.scene_id, "sceneName": m.scene_name, "minutes": m.minutes }))
        .collect();
    ok_data(lang, data)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CombinedBody {
    #[serde(default)]
    scene_id: Value,
    scene_name: Option<String>,
    #[serde(default)]
    execution_mode: Value,
    #[serde(default)]
    repeat_mode: Value,
    remark: Option<String>,
    members: Option<Vec<CombinedMemberBody>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CombinedMemberBody {
    #[serde(default)]
    scene_id: Value,
    #[serde(default)]
    minutes: Value,
}

impl CombinedBody {
    fn input(self) -> pb::CombinedSceneInput {
        let members = self.members.unwrap_or_default().into_iter().map(|m| pb::CombinedMember {
            scene_id: id(&m.scene_id),
            scene_name: String::new(),
            minutes: id(&m.minutes),
        });
        pb::CombinedSceneInput {
            scene_name: self.scene_name.unwrap_or_default(),
            execution_mode: text(&self.execution_mode),
            repeat_mode: text(&self.repeat_mode),
            remark: self.remark.unwrap_or_default(),
            members: members.collect(),
        }
    }
}

pub async fn combined_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<CombinedBody>,
) -> ApiResult {
    let lang = info.lang();
    let answer = call(&info, scenes(&state).create_combined_scene(info.ctx.request(body.input()))).await?;
    ok_data(lang, json!(answer.scene_id))
}

pub async fn combined_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<CombinedBody>,
) -> ApiResult {
    let lang = info.lang();
    let scene_id = edited_id(&body.scene_id);
    let request = pb::UpdateCombinedSceneRequest { scene_id, scene: Some(body.input()) };
    call(&info, scenes(&state).update_combined_scene(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

pub async fn combined_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(scene_ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::DeleteScenesRequest { scene_ids: path_ids(&scene_ids, Msg::SceneNotFound, lang)? };
    call(&info, scenes(&state).delete_combined_scenes(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

// --- tasks ------------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskListQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    task_name: String,
    #[serde(default)]
    enabled: String,
}

fn task_json(task: &pb::Task) -> Value {
    let start = task.start.clone().unwrap_or_default();
    let end = task.end.clone().unwrap_or_default();
    let empty_as_null = |text: &str| if text.is_empty() { Value::Null } else { json!(text) };
    json!({
        "taskId": task.task_id,
        "taskName": task.task_name,
        "priority": task.priority,
        "dateFrom": empty_as_null(&task.date_from),
        "dateTo": empty_as_null(&task.date_to),
        "weekdays": task.weekdays.join(","),
        "startType": start.kind,
        "startTime": empty_as_null(&start.clock),
        "startOffset": start.offset_minutes,
        "endType": end.kind,
        "endTime": empty_as_null(&end.clock),
        "endOffset": end.offset_minutes,
        "enabled": flag(task.enabled),
        "issueState": task.issue_state,
        "sceneIds": task.scene_ids,
        "sceneNames": task.scene_names,
        "gatewayIds": task.gateway_ids,
        "gatewayNames": task.gateway_names,
        "remark": task.remark,
        "createBy": task.create_by,
        "createTime": local_time(task.create_time_ms),
        "updateTime": local_time(task.update_time_ms),
    })
}

pub async fn task_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<TaskListQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let request = pb::ListTasksRequest { page_num, page_size, task_name: query.task_name, enabled: query.enabled };
    let answer = call(&info, tasks(&state).list_tasks(info.ctx.request(request))).await?;
    ok_table(lang, answer.rows.iter().map(task_json).collect(), answer.total)
}

pub async fn task_detail(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(task_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::GetTaskRequest { task_id: path_id(&task_id, Msg::TaskNotFound, lang)? };
    let task = call(&info, tasks(&state).get_task(info.ctx.request(request))).await?;
    ok_data(lang, task_json(&task))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskBody {
    #[serde(default)]
    task_id: Value,
    task_name: Option<String>,
    #[serde(default)]
    priority: Value,
    #[serde(default)]
    date_from: Value,
    #[serde(default)]
    date_to: Value,
    #[serde(default)]
    weekdays: Value,
    #[serde(default)]
    start_type: Value,
    #[serde(default)]
    start_time: Value,
    #[serde(default)]
    start_offset: Value,
    #[serde(default)]
    end_type: Value,
    #[serde(default)]
    end_time: Value,
    #[serde(default)]
    end_offset: Value,
    #[serde(default)]
    scene_ids: Value,
    #[serde(default)]
    gateway_ids: Value,
    remark: Option<String>,
}

impl TaskBody {
    fn input(self) -> pb::TaskInput {
        pb::TaskInput {
            task_name: self.task_name.unwrap_or_default(),
            priority: whole(&self.priority),
            date_from: text(&self.date_from),
            date_to: text(&self.date_to),
            weekdays: texts(&self.weekdays),
            start: Some(pb::DayTimeInput {
                kind: text(&self.start_type),
                clock: text(&self.start_time),
                offset_minutes: whole(&self.start_offset),
            }),
            end: Some(pb::DayTimeInput {
                kind: text(&self.end_type),
                clock: text(&self.end_time),
                offset_minutes: whole(&self.end_offset),
            }),
            scene_ids: ids(&self.scene_ids),
            gateway_ids: ids(&self.gateway_ids),
            remark: self.remark.unwrap_or_default(),
        }
    }
}

pub async fn task_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<TaskBody>,
) -> ApiResult {
    let lang = info.lang();
    let answer = call(&info, tasks(&state).create_task(info.ctx.request(body.input()))).await?;
    ok_data(lang, json!(answer.task_id))
}

pub async fn task_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<TaskBody>,
) -> ApiResult {
    let lang = info.lang();
    let task_id = edited_id(&body.task_id);
    let request = pb::UpdateTaskRequest { task_id, task: Some(body.input()) };
    call(&info, tasks(&state).update_task(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskStatusBody {
    #[serde(default)]
    task_id: Value,
    #[serde(default)]
    enabled: Value,
}

pub async fn task_change_status(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<TaskStatusBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::SetTaskEnabledRequest { task_id: edited_id(&body.task_id), enabled: text(&body.enabled) };
    call(&info, tasks(&state).set_task_enabled(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

pub async fn task_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(task_ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::DeleteTasksRequest { task_ids: path_ids(&task_ids, Msg::TaskNotFound, lang)? };
    call(&info, tasks(&state).delete_tasks(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

// --- the site and the night's plan ---------------------------------------------------------

pub async fn site_get(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let lang = info.lang();
    let answer = call(&info, tasks(&state).get_site(info.ctx.request(pb::GetSiteRequest {}))).await?;
    let site =
        answer.site.map(|s| json!({ "latitude": s.latitude, "longitude": s.longitude, "timeZone": s.time_zone }));
    ok_data(lang, site.unwrap_or(Value::Null))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SiteBody {
    #[serde(default)]
    latitude: Value,
    #[serde(default)]
    longitude: Value,
    #[serde(default)]
    time_zone: Value,
}

pub async fn site_set(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<SiteBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::SiteInput {
        latitude: decimal(&body.latitude),
        longitude: decimal(&body.longitude),
        time_zone: text(&body.time_zone),
    };
    call(&info, tasks(&state).set_site(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanQuery {
    #[serde(default)]
    date: String,
    gateway_id: Option<String>,
}

/// Unix milliseconds as `YYYY-MM-DD HH:mm:ss` in the site's time zone (the plan is read by
/// the site's clock, whatever the server's); null for 0.
pub fn site_time(ms: i64, zone: Tz) -> Value {
    chrono::DateTime::from_timestamp_millis(ms)
        .filter(|_| ms > 0)
        .map_or(Value::Null, |t| json!(t.with_timezone(&zone).format("%Y-%m-%d %H:%M:%S").to_string()))
}

pub fn segment_json(s: &pb::PlanSegment, zone: Tz) -> Value {
    let task = |value: Value| if s.cause == "task" { value } else { Value::Null };
    json!({
        "from": site_time(s.from_ms, zone),
        "to": site_time(s.to_ms, zone),
        "fromMs": s.from_ms,
        "toMs": s.to_ms,
        "switchState": flag(s.on),
        "brightness": s.brightness,
        "cause": s.cause,
        "taskId": task(json!(s.task_id)),
        "taskName": task(json!(s.task_name)),
        "sceneId": task(json!(s.scene_id)),
        "sceneName": task(json!(s.scene_name)),
        "priority": task(json!(s.priority)),
        "until": site_time(s.until_ms, zone),
        "timingId": if s.cause == "timing" { json!(s.timing_id) } else { Value::Null },
    })
}

pub async fn plan_tonight(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<PlanQuery>,
) -> ApiResult {
    let lang = info.lang();
    let gateway_id = match query.gateway_id.as_deref().map(str::trim) {
        None | Some("") => 0,
        Some(text) => path_id(text, Msg::GatewayIdInvalid, lang)?,
    };
    let request = pb::GetNightPlanRequest { date: query.date, gateway_id };
    let plan = call(&info, tasks(&state).get_night_plan(info.ctx.request(request))).await?;
    let zone: Tz = plan.time_zone.parse().unwrap_or(Tz::UTC);
    let gateways: Vec<Value> = plan
        .gateways
        .iter()
        .map(|g| {
            let loops: Vec<Value> = g
                .loops
                .iter()
                .map(|l| {
                    let actual = l.actual_on.map(|on| {
                        json!({ "switchState": flag(on), "brightness": Value::Null, "sampleTime": site_time(l.actual_time_ms, zone) })
                    });
                    json!({
                        "loopIndex": l.loop_index,
                        "loopName": l.loop_name,
                        "actual": actual,
                        "segments": l.segments.iter().map(|s| segment_json(s, zone)).collect::<Vec<_>>(),
                    })
                })
                .collect();
            json!({
                "gatewayId": g.gateway_id,
                "gatewayName": g.gateway_name,
                "gatewayNumber": g.gateway_number,
                "online": flag(g.online),
                "loops": loops,
            })
        })
        .collect();
    ok_data(
        lang,
        json!({
            "date": plan.date,
            "from": site_time(plan.from_ms, zone),
            "to": site_time(plan.to_ms, zone),
            "fromMs": plan.from_ms,
            "toMs": plan.to_ms,
            "timeZone": plan.time_zone,
            "sunset": site_time(plan.sunset_ms, zone),
            "sunrise": site_time(plan.sunrise_ms, zone),
            "gateways": gateways,
        }),
    )
}

// --- issuing ---------------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IssueBody {
    #[serde(default)]
    task_ids: Value,
}

pub async fn task_issue(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<IssueBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::IssueTasksRequest { task_ids: ids(&body.task_ids) };
    let answer = call(&info, tasks(&state).issue_tasks(info.ctx.request(request))).await?;
    let results = super::lighting::gateway_outcomes(&answer.results);
    ok_data(
        lang,
        json!({
            "total": answer.total,
            "succeeded": answer.succeeded,
            "failed": answer.failed,
            "queued": answer.queued,
            "results": results,
        }),
    )
}

pub async fn gateway_schedules(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let lang = info.lang();
    let request = pb::ListGatewaySchedulesRequest {};
    let answer = call(&info, tasks(&state).list_gateway_schedules(info.ctx.request(request))).await?;
    let rows: Vec<Value> = answer
        .rows
        .iter()
        .map(|r| {
            json!({
                "gatewayId": r.gateway_id,
                "gatewayName": r.gateway_name,
                "gatewayNumber": r.gateway_number,
                "issueState": r.issue_state,
                "scheduleId": r.schedule_id,
                "validFrom": local_time(r.valid_from_ms),
                "validUntil": local_time(r.valid_until_ms),
                "loopCount": r.loop_count,
                "stepCount": r.step_count,
                "message": r.message,
                "issuedBy": r.issued_by,
                "requestTime": local_time(r.requested_ms),
                "finishTime": local_time(r.finished_ms),
            })
        })
        .collect();
    ok_data(lang, json!(rows))
}

// --- timing one-key control ---------------------------------------------------------------

fn timings(state: &EdgeState) -> TimingServiceClient<Transport> {
    TimingServiceClient::new(state.clients.lighting_channel())
}

/// `GET /landscape/timingOneKey/list`: the latest start first, times in the site's zone.
pub async fn timing_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let (page_num, page_size) = query.numbers(lang)?;
    let request = pb::ListTimingsRequest { page_num, page_size };
    let answer = call(&info, timings(&state).list_timings(info.ctx.request(request))).await?;
    let rows = answer
        .rows
        .iter()
        .map(|t| {
            let zone: Tz = t.time_zone.parse().unwrap_or(Tz::UTC);
            json!({
                "timingId": t.timing_id,
                "switchState": flag(t.on),
                "startTime": site_time(t.start_ms, zone),
                "endTime": site_time(t.end_ms, zone),
                "state": t.state,
                "remark": t.remark,
                "createBy": t.create_by,
                "createTime": local_time(t.create_time_ms),
            })
        })
        .collect();
    ok_table(lang, rows, answer.total)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimingBody {
    #[serde(default)]
    switch_state: Value,
    #[serde(default)]
    start_time: Value,
    #[serde(default)]
    end_time: Value,
    remark: Option<String>,
}

pub async fn timing_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<TimingBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::TimingInput {
        switch_state: text(&body.switch_state),
        start_time: text(&body.start_time),
        end_time: text(&body.end_time),
        remark: body.remark.unwrap_or_default(),
    };
    let answer = call(&info, timings(&state).create_timing(info.ctx.request(request))).await?;
    ok_data(lang, json!(answer.timing_id))
}

pub async fn timing_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::DeleteTimingsRequest { timing_ids: path_ids(&ids, Msg::TimingNotFound, lang)? };
    call(&info, timings(&state).delete_timings(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}
