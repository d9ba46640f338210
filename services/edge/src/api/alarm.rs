//! The alarm screens (contract "Alarms"): alarm types, the real-time and history lists, an
//! alarm's detail, closing and processing, the open count. The alarm service checks every
//! field; the edge only reshapes (`crate::convert`).

use axum::Extension;
use axum::extract::{Path, State};
use lumiscape_common::Lang;
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::Transport;
use lumiscape_proto::alarm::v1 as pb;
use lumiscape_proto::alarm::v1::alarm_service_client::AlarmServiceClient;
use lumiscape_proto::alarm::v1::alarm_type_service_client::AlarmTypeServiceClient;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::convert::{PageQuery, flag, id, local_time, number, path_id, path_ids, text, whole};
use crate::envelope::{ApiJson, ApiQuery, ApiResult, Table, call, ok_data, ok_table, ok_with};
use crate::request::RequestInfo;
use crate::state::EdgeState;

fn types(state: &EdgeState) -> AlarmTypeServiceClient<Transport> {
    AlarmTypeServiceClient::new(state.clients.alarm_channel())
}

fn alarms(state: &EdgeState) -> AlarmServiceClient<Transport> {
    AlarmServiceClient::new(state.clients.alarm_channel())
}

// --- alarm types ------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TypeListQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    alarm_name: String,
    #[serde(default)]
    device_type: String,
    #[serde(default)]
    alarm_level: String,
}

pub async fn type_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<TypeListQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let request = pb::ListAlarmTypesRequest {
        page_num,
        page_size,
        alarm_name: query.alarm_name,
        device_type: query.device_type,
        alarm_level: query.alarm_level,
    };
    let answer = call(&info, types(&state).list_alarm_types(info.ctx.request(request))).await?;
    let rows: Vec<Value> = answer.rows.into_iter().map(type_json).collect();
    ok_table(lang, rows, answer.total)
}

pub async fn type_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(alarm_type_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let alarm_type_id = path_id(&alarm_type_id, Msg::AlarmTypeIdInvalid, lang)?;
    let found =
        call(&info, types(&state).get_alarm_type(info.ctx.request(pb::GetAlarmTypeRequest { alarm_type_id }))).await?;
    ok_data(lang, type_json(found))
}

/// The body of `POST` and `PUT /alarm/type`.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct TypeBody {
    alarm_type_id: Value,
    alarm_name: Value,
    device_type: Value,
    alarm_level: Value,
    content_zh: Value,
    content_en: Value,
    trigger_attribute: Value,
    trigger_comparison: Value,
    trigger_value: Value,
    trigger_duration: Value,
    recovery_attribute: Value,
    recovery_comparison: Value,
    recovery_value: Value,
    recovery_duration: Value,
    auto_processing: Value,
    auto_work_order: Value,
    status: Value,
}

impl TypeBody {
    fn into_input(self) -> pb::AlarmTypeInput {
        pb::AlarmTypeInput {
            alarm_type_id: id(&self.alarm_type_id),
            alarm_name: text(&self.alarm_name),
            device_type: text(&self.device_type),
            alarm_level: text(&self.alarm_level),
            content_zh: text(&self.content_zh),
            content_en: text(&self.content_en),
            trigger_attribute: text(&self.trigger_attribute),
            trigger_comparison: text(&self.trigger_comparison),
            trigger_value: text(&self.trigger_value),
            trigger_duration: whole(&self.trigger_duration),
            recovery_attribute: text(&self.recovery_attribute),
            recovery_comparison: text(&self.recovery_comparison),
            recovery_value: text(&self.recovery_value),
            recovery_duration: whole(&self.recovery_duration),
            auto_processing: text(&self.auto_processing),
            auto_work_order: text(&self.auto_work_order),
            status: text(&self.status),
        }
    }
}

pub async fn type_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<TypeBody>,
) -> ApiResult {
    let lang = info.lang();
    let created = call(&info, types(&state).create_alarm_type(info.ctx.request(body.into_input()))).await?;
    ok_data(lang, json!({ "alarmTypeId": created.alarm_type_id }))
}

pub async fn type_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<TypeBody>,
) -> ApiResult {
    let lang = info.lang();
    call(&info, types(&state).update_alarm_type(info.ctx.request(body.into_input()))).await?;
    ok_with(lang, json!({}))
}

/// `DELETE /alarm/type/{ids}`, ids comma-separated.
pub async fn type_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let alarm_type_ids = path_ids(&ids, Msg::AlarmTypeIdInvalid, lang)?;
    call(&info, types(&state).delete_alarm_types(info.ctx.request(pb::DeleteAlarmTypesRequest { alarm_type_ids })))
        .await?;
    ok_with(lang, json!({}))
}

fn type_json(t: pb::AlarmType) -> Value {
    json!({
        "alarmTypeId": t.alarm_type_id,
        "alarmName": t.alarm_name,
        "deviceType": t.device_type,
        "alarmLevel": t.alarm_level().code(),
        "contentZh": t.content_zh,
        "contentEn": t.content_en,
        "triggerAttribute": t.trigger_attribute().word(),
        "triggerComparison": t.trigger_comparison().sign(),
        "triggerValue": t.trigger_value,
        "triggerDuration": t.trigger_duration,
        "recoveryAttribute": t.recovery_attribute().word(),
        "recoveryComparison": t.recovery_comparison().sign(),
        "recoveryValue": t.recovery_value,
        "recoveryDuration": t.recovery_duration,
        "autoProcessing": flag(t.auto_processing),
        "autoWorkOrder": flag(t.auto_work_order),
        // "0" enabled, "1" disabled.
        "status": flag(!t.enabled),
        "createTime": local_time(t.create_time_ms),
    })
}

// --- alarms -------------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AlarmListQuery {
    #[serde(flatten)]
    page: PageQuery,
    alarm_type_id: Option<String>,
    #[serde(default)]
    alarm_level: String,
    #[serde(default)]
    status: String,
    #[serde(default)]
    device_name: String,
    #[serde(default)]
    begin_time: String,
    #[serde(default)]
    end_time: String,
}

pub async fn realtime_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<AlarmListQuery>,
) -> ApiResult<Table<Value>> {
    list(state, info, query, true).await
}

pub async fn history_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<AlarmListQuery>,
) -> ApiResult<Table<Value>> {
    list(state, info, query, false).await
}

async fn list(state: EdgeState, info: RequestInfo, query: AlarmListQuery, open_only: bool) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let request = pb::ListAlarmsRequest {
        open_only,
        page_num,
        page_size,
        alarm_type_id: number(query.alarm_type_id.as_deref(), Msg::AlarmTypeIdInvalid, lang)?.unwrap_or(0),
        alarm_level: query.alarm_level,
        status: query.status,
        device_name: query.device_name,
        begin_time: query.begin_time,
        end_time: query.end_time,
    };
    let answer = call(&info, alarms(&state).list_alarms(info.ctx.request(request))).await?;
    let rows: Vec<Value> = answer.rows.iter().map(|a| alarm_json(a, lang)).collect();
    ok_table(lang, rows, answer.total)
}

pub async fn alarm_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(alarm_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let alarm_id = path_id(&alarm_id, Msg::AlarmIdInvalid, lang)?;
    let alarm = call(&info, alarms(&state).get_alarm(info.ctx.request(pb::GetAlarmRequest { alarm_id }))).await?;
    let mut data = alarm_json(&alarm, lang);
    data["detail"] = json!(alarm.detail);
    data["contentZh"] = json!(alarm.content_zh);
    data["contentEn"] = json!(alarm.content_en);
    ok_data(lang, data)
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct AlarmBody {
    alarm_id: Value,
    close_reason: Value,
}

pub async fn alarm_close(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<AlarmBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::CloseAlarmRequest { alarm_id: id(&body.alarm_id), close_reason: text(&body.close_reason) };
    call(&info, alarms(&state).close_alarm(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

pub async fn alarm_process(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<AlarmBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::ProcessAlarmRequest { alarm_id: id(&body.alarm_id) };
    call(&info, alarms(&state).process_alarm(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

pub async fn open_count(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let lang = info.lang();
    let answer = call(&info, alarms(&state).count_open_alarms(info.ctx.request(pb::CountOpenAlarmsRequest {}))).await?;
    ok_data(
        lang,
        json!({ "count": answer.count, "serious": answer.serious, "main": answer.main, "secondary": answer.secondary }),
    )
}

/// An alarm row; its content in the request's language.
pub(crate) fn alarm_json(a: &pb::Alarm, lang: Lang) -> Value {
    let content = if lang == Lang::En { &a.content_en } else { &a.content_zh };
    json!({
        "alarmId": a.alarm_id,
        "alarmTypeId": a.alarm_type_id,
        "alarmName": a.alarm_name,
        "alarmLevel": a.alarm_level().code(),
        "status": a.status,
        "deviceName": a.device_name,
        "gatewayNumber": a.gateway_number,
        "loopIndex": a.loop_index,
        "content": content,
        "value": a.value,
        "alarmTime": local_time(a.alarm_time_ms),
        "endTime": local_time(a.end_time_ms),
        "closeReason": a.close_reason,
        "recovered": a.recovered,
    })
}
