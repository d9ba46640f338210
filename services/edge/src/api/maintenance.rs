//! The work-order screen (spec: "work orders"): the list with its per-status counts, an
//! order's detail with its process information, opening an order, and the spec's actions.
//! The maintenance service checks every field; the edge only reshapes (`crate::convert`).

use axum::Extension;
use axum::extract::{Path, State};
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::Transport;
use lumiscape_proto::maintenance::v1 as pb;
use lumiscape_proto::maintenance::v1::work_order_service_client::WorkOrderServiceClient;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::convert::{PageQuery, id, local_time, path_id, path_ids, text, texts, whole};
use crate::envelope::{ApiError, ApiJson, ApiQuery, ApiResult, Table, call, ok_data, ok_table, ok_with};
use crate::request::RequestInfo;
use crate::state::EdgeState;

fn orders(state: &EdgeState) -> WorkOrderServiceClient<Transport> {
    WorkOrderServiceClient::new(state.clients.maintenance_channel())
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkOrderListQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    status: String,
    #[serde(default)]
    order_type: String,
    #[serde(default)]
    urgency: String,
    #[serde(default)]
    keyword: String,
    /// "1": only the caller's own orders, as handler.
    #[serde(default)]
    mine: String,
}

pub async fn list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<WorkOrderListQuery>,
) -> ApiResult<Table<WorkOrderJson>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let request = pb::ListWorkOrdersRequest {
        page_num,
        page_size,
        status: query.status,
        order_type: query.order_type,
        urgency: query.urgency,
        keyword: query.keyword,
        mine: query.mine.trim() == "1",
    };
    let answer = call(&info, orders(&state).list_work_orders(info.ctx.request(request))).await?;
    let rows: Vec<WorkOrderJson> = answer.rows.into_iter().map(WorkOrderJson::from).collect();
    ok_table(lang, rows, answer.total)
}

pub async fn counts(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let lang = info.lang();
    let c = call(&info, orders(&state).count_work_orders(info.ctx.request(pb::CountWorkOrdersRequest {}))).await?;
    ok_data(
        lang,
        json!({
            "unassigned": c.unassigned,
            "inProgress": c.in_progress,
            "pendingConfirmation": c.pending_confirmation,
            "completed": c.completed,
            "closed": c.closed,
            "overdue": c.overdue,
        }),
    )
}

pub async fn get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(work_order_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let work_order_id = path_id(&work_order_id, Msg::WorkOrderIdInvalid, lang)?;
    let detail =
        call(&info, orders(&state).get_work_order(info.ctx.request(pb::GetWorkOrderRequest { work_order_id }))).await?;
    let data = WorkOrderDetailJson {
        order: detail.order.map(WorkOrderJson::from),
        attachments: detail.attachments,
        evaluation: detail.evaluation,
        score: (detail.score > 0).then_some(detail.score),
        close_reason: detail.close_reason,
        alarm_ids: detail.alarm_ids,
        process_info: detail.steps.into_iter().map(StepJson::from).collect(),
    };
    ok_data(lang, json!(data))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct WorkOrderBody {
    order_type: Value,
    question_type: Value,
    urgency: Value,
    expected_time: Value,
    address: Value,
    description: Value,
    attachments: Value,
    alarm_id: Value,
}

pub async fn add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<WorkOrderBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::WorkOrderInput {
        order_type: text(&body.order_type),
        question_type: text(&body.question_type),
        urgency: text(&body.urgency),
        expected_time: text(&body.expected_time),
        address: text(&body.address),
        description: text(&body.description),
        attachments: texts(&body.attachments),
        // Absent or empty is none; anything unreadable is -1, which the service refuses.
        alarm_id: whole(&body.alarm_id),
    };
    let created = call(&info, orders(&state).create_work_order(info.ctx.request(request))).await?;
    ok_with(lang, json!({ "workOrderId": created.work_order_id, "orderNumber": created.order_number }))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ActionBody {
    work_order_id: Value,
    handler_id: Value,
    note: Value,
    evaluation: Value,
    score: Value,
    close_reason: Value,
    attachments: Value,
}

macro_rules! action {
    ($(#[$doc:meta])* $name:ident = $action:literal) => {
        $(#[$doc])*
        pub async fn $name(
            State(state): State<EdgeState>,
            Extension(info): Extension<RequestInfo>,
            ApiJson(body): ApiJson<ActionBody>,
        ) -> ApiResult {
            act(state, info, body, $action).await
        }
    };
}

action!(
    /// `PUT /operation/workOrder/dispatch`: an unassigned order to a handler.
    dispatch = "dispatch"
);
action!(
    /// `PUT /operation/workOrder/assign`: an order in progress to another handler.
    assign = "assign"
);
action!(
    /// `PUT /operation/workOrder/return`: back to unassigned, or back to the handler.
    return_order = "return"
);
action!(
    /// `PUT /operation/workOrder/complete`: the handler's work is done.
    complete = "complete"
);
action!(
    /// `PUT /operation/workOrder/confirm`: the work accepted, with an evaluation and a score.
    confirm = "confirm"
);
action!(
    /// `PUT /operation/workOrder/close`: ended without the work, with a reason.
    close = "close"
);

/// One of the spec's actions on the order the body names.
async fn act(state: EdgeState, info: RequestInfo, body: ActionBody, action: &str) -> ApiResult {
    let lang = info.lang();
    let request = pb::WorkOrderActionRequest {
        work_order_id: id(&body.work_order_id),
        action: action.to_owned(),
        handler_id: id(&body.handler_id),
        note: text(&body.note),
        evaluation: text(&body.evaluation),
        score: text(&body.score),
        close_reason: text(&body.close_reason),
        attachments: texts(&body.attachments),
    };
    let answer = call(&info, orders(&state).act_on_work_order(info.ctx.request(request))).await?;
    ok_with(lang, json!({ "status": answer.status }))
}

/// A work order as the console's list and detail read it, moved out of the service's message
/// (a typed row: a list page of `Value` maps cost a tree insert per field).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkOrderJson {
    work_order_id: i64,
    order_number: String,
    order_type: String,
    question_type: String,
    status: String,
    urgency: String,
    expected_time: Option<String>,
    due_time: Option<String>,
    overdue: bool,
    initiator_id: i64,
    initiator_name: String,
    handler_id: Option<i64>,
    handler_name: String,
    address: String,
    description: String,
    alarm_id: Option<i64>,
    create_time: Option<String>,
    update_time: Option<String>,
}

/// An order's detail: the list's fields and what only the detail page shows.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WorkOrderDetailJson {
    #[serde(flatten)]
    order: Option<WorkOrderJson>,
    attachments: Vec<String>,
    evaluation: String,
    score: Option<i32>,
    close_reason: String,
    alarm_ids: Vec<i64>,
    process_info: Vec<StepJson>,
}

/// One transition in an order's process information.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StepJson {
    action: String,
    from_status: String,
    to_status: String,
    actor_id: i64,
    actor_name: String,
    note: String,
    time: Option<String>,
}

impl From<pb::WorkOrderStep> for StepJson {
    fn from(s: pb::WorkOrderStep) -> Self {
        Self {
            action: s.action,
            from_status: s.from_status,
            to_status: s.to_status,
            actor_id: s.actor_id,
            actor_name: s.actor_name,
            note: s.note,
            time: local_time(s.time_ms),
        }
    }
}

impl From<pb::WorkOrder> for WorkOrderJson {
    fn from(o: pb::WorkOrder) -> Self {
        Self {
            work_order_id: o.work_order_id,
            order_number: o.order_number,
            order_type: o.order_type,
            question_type: o.question_type,
            status: o.status,
            urgency: o.urgency,
            expected_time: local_time(o.expected_time_ms),
            due_time: local_time(o.due_time_ms),
            overdue: o.overdue,
            initiator_id: o.initiator_id,
            initiator_name: o.initiator_name,
            handler_id: (o.handler_id > 0).then_some(o.handler_id),
            handler_name: o.handler_name,
            address: o.address,
            description: o.description,
            alarm_id: (o.alarm_id > 0).then_some(o.alarm_id),
            create_time: local_time(o.create_time_ms),
            update_time: local_time(o.update_time_ms),
        }
    }
}

/// A record of the inspection, contract or asset screens named in a path (`/x/{id}`), as the
/// maintenance service's request; `invalid` is the screen's message for what is not an id.
pub(crate) fn record_id(text: &str, invalid: Msg, info: &RequestInfo) -> Result<pb::RecordIdRequest, ApiError> {
    Ok(pb::RecordIdRequest { id: path_id(text, invalid, info.lang())? })
}

/// Records named in a path, comma-separated (`DELETE /x/1,2,3`); the service deletes all or none.
pub(crate) fn record_ids(text: &str, invalid: Msg, info: &RequestInfo) -> Result<pb::RecordIdsRequest, ApiError> {
    Ok(pb::RecordIdsRequest { ids: path_ids(text, invalid, info.lang())? })
}
