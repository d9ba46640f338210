//! The work-order screen (spec: "work orders"): the list with its per-status counts, an
//! order's detail with its process information, opening an order, and the spec's actions.
//! The maintenance service checks every field; the edge only reshapes (`crate::convert`).

use axum::Extension;
use axum::extract::{Path, State};
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::Transport;
use lumiscape_proto::maintenance::v1 as pb;
use lumiscape_proto::maintenance::v1::work_order_service_client::WorkOrderServiceClient;
use serde::Deserialize;
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
) -> ApiResult<Table<Value>> {
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
    let rows: Vec<Value> = answer.rows.iter().map(order_json).collect();
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
    let mut data = detail.order.as_ref().map_or_else(|| json!({}), order_json);
    data["attachments"] = json!(detail.attachments);
    data["evaluation"] = json!(detail.evaluation);
    data["score"] = if detail.score > 0 { json!(detail.score) } else { Value::Null };
    data["closeReason"] = json!(detail.close_reason);
    data["alarmIds"] = json!(detail.alarm_ids);
    data["processInfo"] = detail
        .steps
        .iter()
        .map(|s| {
            json!({
                "action": s.action,
                "fromStatus": s.from_status,
                "toStatus": s.to_status,
                "actorId": s.actor_id,
                "actorName": s.actor_name,
                "note": s.note,
                "time": local_time(s.time_ms),
            })
        })
        .collect();
    ok_data(lang, data)
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

fn order_json(o: &pb::WorkOrder) -> Value {
    json!({
        "workOrderId": o.work_order_id,
        "orderNumber": o.order_number,
        "orderType": o.order_type,
        "questionType": o.question_type,
        "status": o.status,
        "urgency": o.urgency,
        "expectedTime": local_time(o.expected_time_ms),
        "dueTime": local_time(o.due_time_ms),
        "overdue": o.overdue,
        "initiatorId": o.initiator_id,
        "initiatorName": o.initiator_name,
        "handlerId": if o.handler_id > 0 { json!(o.handler_id) } else { Value::Null },
        "handlerName": o.handler_name,
        "address": o.address,
        "description": o.description,
        "alarmId": if o.alarm_id > 0 { json!(o.alarm_id) } else { Value::Null },
        "createTime": local_time(o.create_time_ms),
        "updateTime": local_time(o.update_time_ms),
    })
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
