//! The inspection screen (spec: "inspection": team, route, plan, task, device, result):
//! teams, routes, plans and tasks, each a list with its form, and dealing with a task. The
//! maintenance service checks every field; the edge only reshapes (`crate::convert`). The
//! contract is `docs/inspection-api.md`.

use axum::Extension;
use axum::extract::{Path, State};
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::Transport;
use lumiscape_proto::maintenance::v1 as pb;
use lumiscape_proto::maintenance::v1::inspection_service_client::InspectionServiceClient;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::maintenance::{record_id, record_ids};
use crate::convert::{PageQuery, edited_id, id, ids, local_time, path_id, switched, text};
use crate::envelope::{ApiError, ApiJson, ApiQuery, ApiResult, Table, call, ok_data, ok_table, ok_with};
use crate::request::RequestInfo;
use crate::state::EdgeState;

fn inspection(state: &EdgeState) -> InspectionServiceClient<Transport> {
    InspectionServiceClient::new(state.clients.maintenance_channel())
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InspectionListQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    keyword: String,
    #[serde(default)]
    status: String,
    /// Tasks: one plan's.
    #[serde(default)]
    plan_id: Option<String>,
    /// Tasks: "1", only the caller's teams'.
    #[serde(default)]
    mine: String,
}

impl InspectionListQuery {
    fn request(self, info: &RequestInfo) -> Result<pb::ListInspectionRequest, ApiError> {
        let lang = info.lang();
        let (page_num, page_size) = self.page.numbers(lang)?;
        let plan_id = match self.plan_id.as_deref().map(str::trim) {
            None | Some("") => 0,
            Some(text) => path_id(text, Msg::InspectionIdInvalid, lang)?,
        };
        Ok(pb::ListInspectionRequest {
            page_num,
            page_size,
            keyword: self.keyword,
            status: self.status,
            plan_id,
            mine: self.mine.trim() == "1",
        })
    }
}

// ---- teams ----

pub async fn team_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<InspectionListQuery>,
) -> ApiResult<Table<Value>> {
    let request = query.request(&info)?;
    let answer = call(&info, inspection(&state).list_teams(info.ctx.request(request))).await?;
    ok_table(info.lang(), answer.rows.iter().map(team_json).collect(), answer.total)
}

pub async fn team_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(team_id): Path<String>,
) -> ApiResult {
    let request = record_id(&team_id, Msg::InspectionIdInvalid, &info)?;
    let team = call(&info, inspection(&state).get_team(info.ctx.request(request))).await?;
    ok_data(info.lang(), team_json(&team))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct TeamBody {
    team_id: Value,
    team_name: Value,
    member_ids: Value,
    remark: Value,
}

pub async fn team_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<TeamBody>,
) -> ApiResult {
    save_team(state, info, body, 0).await
}

pub async fn team_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<TeamBody>,
) -> ApiResult {
    let team_id = edited_id(&body.team_id);
    save_team(state, info, body, team_id).await
}

async fn save_team(state: EdgeState, info: RequestInfo, body: TeamBody, team_id: i64) -> ApiResult {
    let request = pb::TeamInput {
        team_id,
        team_name: text(&body.team_name),
        member_ids: ids(&body.member_ids),
        remark: text(&body.remark),
    };
    let saved = call(&info, inspection(&state).save_team(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "teamId": saved.id }))
}

pub async fn team_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(team_ids): Path<String>,
) -> ApiResult {
    let request = record_ids(&team_ids, Msg::InspectionIdInvalid, &info)?;
    let deleted = call(&info, inspection(&state).delete_teams(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "deleted": deleted.deleted }))
}

// ---- routes ----

pub async fn route_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<InspectionListQuery>,
) -> ApiResult<Table<Value>> {
    let request = query.request(&info)?;
    let answer = call(&info, inspection(&state).list_routes(info.ctx.request(request))).await?;
    ok_table(info.lang(), answer.rows.iter().map(route_json).collect(), answer.total)
}

pub async fn route_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(route_id): Path<String>,
) -> ApiResult {
    let request = record_id(&route_id, Msg::InspectionIdInvalid, &info)?;
    let route = call(&info, inspection(&state).get_route(info.ctx.request(request))).await?;
    ok_data(info.lang(), route_json(&route))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct RouteBody {
    route_id: Value,
    route_name: Value,
    points: Value,
    remark: Value,
}

pub async fn route_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<RouteBody>,
) -> ApiResult {
    save_route(state, info, body, 0).await
}

pub async fn route_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<RouteBody>,
) -> ApiResult {
    let route_id = edited_id(&body.route_id);
    save_route(state, info, body, route_id).await
}

/// A route's points as sent: a list of `{pointType, refId}`; anything else is one point the
/// service refuses.
fn points(value: &Value) -> Vec<pb::RoutePoint> {
    let point = |item: &Value| pb::RoutePoint {
        point_type: text(&item["pointType"]),
        ref_id: id(&item["refId"]),
        point_name: String::new(),
    };
    match value {
        Value::Null => Vec::new(),
        Value::Array(items) => items.iter().map(point).collect(),
        other => vec![point(other)],
    }
}

async fn save_route(state: EdgeState, info: RequestInfo, body: RouteBody, route_id: i64) -> ApiResult {
    let request = pb::RouteInput {
        route_id,
        route_name: text(&body.route_name),
        points: points(&body.points),
        remark: text(&body.remark),
    };
    let saved = call(&info, inspection(&state).save_route(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "routeId": saved.id }))
}

pub async fn route_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(route_ids): Path<String>,
) -> ApiResult {
    let request = record_ids(&route_ids, Msg::InspectionIdInvalid, &info)?;
    let deleted = call(&info, inspection(&state).delete_routes(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "deleted": deleted.deleted }))
}

// ---- plans ----

pub async fn plan_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<InspectionListQuery>,
) -> ApiResult<Table<Value>> {
    let request = query.request(&info)?;
    let answer = call(&info, inspection(&state).list_plans(info.ctx.request(request))).await?;
    ok_table(info.lang(), answer.rows.iter().map(plan_json).collect(), answer.total)
}

pub async fn plan_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(plan_id): Path<String>,
) -> ApiResult {
    let request = record_id(&plan_id, Msg::InspectionIdInvalid, &info)?;
    let plan = call(&info, inspection(&state).get_plan(info.ctx.request(request))).await?;
    ok_data(info.lang(), plan_json(&plan))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PlanBody {
    plan_id: Value,
    plan_name: Value,
    route_id: Value,
    team_id: Value,
    period: Value,
    start_date: Value,
    end_date: Value,
    status: Value,
    remark: Value,
}

pub async fn plan_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<PlanBody>,
) -> ApiResult {
    save_plan(state, info, body, 0).await
}

pub async fn plan_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<PlanBody>,
) -> ApiResult {
    let plan_id = edited_id(&body.plan_id);
    save_plan(state, info, body, plan_id).await
}

async fn save_plan(state: EdgeState, info: RequestInfo, body: PlanBody, plan_id: i64) -> ApiResult {
    let request = pb::PlanInput {
        plan_id,
        plan_name: text(&body.plan_name),
        route_id: id(&body.route_id),
        team_id: id(&body.team_id),
        period: text(&body.period),
        start_date: text(&body.start_date),
        end_date: text(&body.end_date),
        status: text(&body.status),
        remark: text(&body.remark),
    };
    let saved = call(&info, inspection(&state).save_plan(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "planId": saved.id }))
}

pub async fn plan_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(plan_ids): Path<String>,
) -> ApiResult {
    let request = record_ids(&plan_ids, Msg::InspectionIdInvalid, &info)?;
    let deleted = call(&info, inspection(&state).delete_plans(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "deleted": deleted.deleted }))
}

// ---- tasks ----

pub async fn task_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<InspectionListQuery>,
) -> ApiResult<Table<Value>> {
    let request = query.request(&info)?;
    let answer = call(&info, inspection(&state).list_tasks(info.ctx.request(request))).await?;
    ok_table(info.lang(), answer.rows.iter().map(task_json).collect(), answer.total)
}

pub async fn task_counts(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let c = call(&info, inspection(&state).count_tasks(info.ctx.request(pb::CountTasksRequest {}))).await?;
    ok_data(
        info.lang(),
        json!({ "undoing": c.undoing, "doing": c.doing, "finished": c.finished, "expired": c.expired }),
    )
}

pub async fn task_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(task_id): Path<String>,
) -> ApiResult {
    let request = record_id(&task_id, Msg::InspectionIdInvalid, &info)?;
    let detail = call(&info, inspection(&state).get_task(info.ctx.request(request))).await?;
    let mut data = detail.task.as_ref().map_or_else(|| json!({}), task_json);
    data["description"] = json!(detail.description);
    data["points"] = detail
        .points
        .iter()
        .map(|p| {
            json!({
                "pointId": p.point_id,
                "seq": p.seq,
                "pointType": p.point_type,
                "refId": p.ref_id,
                "pointName": p.point_name,
                "result": p.result,
                "remark": p.remark,
                "workOrderId": if p.work_order_id > 0 { json!(p.work_order_id) } else { Value::Null },
                "workOrderNumber": p.work_order_number,
            })
        })
        .collect();
    ok_data(info.lang(), data)
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct TaskBody {
    task_name: Value,
    route_id: Value,
    team_id: Value,
    start_time: Value,
    end_time: Value,
}

pub async fn task_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<TaskBody>,
) -> ApiResult {
    let request = pb::TaskInput {
        task_name: text(&body.task_name),
        route_id: id(&body.route_id),
        team_id: id(&body.team_id),
        start_time: text(&body.start_time),
        end_time: text(&body.end_time),
    };
    let saved = call(&info, inspection(&state).add_task(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "taskId": saved.id }))
}

pub async fn task_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(task_ids): Path<String>,
) -> ApiResult {
    let request = record_ids(&task_ids, Msg::InspectionIdInvalid, &info)?;
    let deleted = call(&info, inspection(&state).delete_tasks(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "deleted": deleted.deleted }))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DealBody {
    task_id: Value,
    description: Value,
    results: Value,
}

/// A task's results as sent: a list of `{pointId, result, remark, workOrder, questionType}`;
/// anything else is one result the service refuses.
fn results(value: &Value) -> Vec<pb::PointResult> {
    let result = |item: &Value| pb::PointResult {
        point_id: id(&item["pointId"]),
        result: text(&item["result"]),
        remark: text(&item["remark"]),
        work_order: switched(&item["workOrder"]),
        question_type: text(&item["questionType"]),
    };
    match value {
        Value::Null => Vec::new(),
        Value::Array(items) => items.iter().map(result).collect(),
        other => vec![result(other)],
    }
}

/// `PUT /operation/inspection/task/deal`: the results of a task's points, and its result
/// description; the task is then finished.
pub async fn task_deal(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<DealBody>,
) -> ApiResult {
    let request = pb::DealTaskRequest {
        task_id: id(&body.task_id),
        description: text(&body.description),
        results: results(&body.results),
    };
    let dealt = call(&info, inspection(&state).deal_task(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "status": dealt.status, "workOrders": dealt.work_orders }))
}

// ---- shapes ----

fn team_json(t: &pb::InspectionTeam) -> Value {
    let names: Vec<&str> = t
        .members
        .iter()
        .map(|m| if m.nick_name.is_empty() { m.user_name.as_str() } else { m.nick_name.as_str() })
        .collect();
    json!({
        "teamId": t.team_id,
        "teamName": t.team_name,
        "members": t.members.iter().map(|m| json!({
            "userId": m.user_id,
            "userName": m.user_name,
            "nickName": m.nick_name,
        })).collect::<Vec<_>>(),
        "memberNames": names.join(","),
        "remark": t.remark,
        "createTime": local_time(t.create_time_ms),
    })
}

fn route_json(r: &pb::InspectionRoute) -> Value {
    json!({
        "routeId": r.route_id,
        "routeName": r.route_name,
        "points": r.points.iter().map(|p| json!({
            "pointType": p.point_type,
            "refId": p.ref_id,
            "pointName": p.point_name,
        })).collect::<Vec<_>>(),
        "pointCount": r.points.len(),
        "remark": r.remark,
        "createTime": local_time(r.create_time_ms),
    })
}

fn plan_json(p: &pb::InspectionPlan) -> Value {
    json!({
        "planId": p.plan_id,
        "planName": p.plan_name,
        "routeId": p.route_id,
        "routeName": p.route_name,
        "teamId": p.team_id,
        "teamName": p.team_name,
        "period": p.period,
        "startDate": p.start_date,
        "endDate": p.end_date,
        "status": p.status,
        "remark": p.remark,
        "createTime": local_time(p.create_time_ms),
    })
}

fn task_json(t: &pb::InspectionTask) -> Value {
    json!({
        "taskId": t.task_id,
        "taskName": t.task_name,
        "planId": if t.plan_id > 0 { json!(t.plan_id) } else { Value::Null },
        "planName": t.plan_name,
        "routeId": t.route_id,
        "routeName": t.route_name,
        "teamId": t.team_id,
        "teamName": t.team_name,
        "startTime": local_time(t.start_time_ms),
        "endTime": local_time(t.end_time_ms),
        "status": t.status,
        "pointCount": t.point_count,
        "abnormalCount": t.abnormal_count,
        "handlerName": t.handler_name,
        "finishTime": local_time(t.finish_time_ms),
        "createTime": local_time(t.create_time_ms),
    })
}
