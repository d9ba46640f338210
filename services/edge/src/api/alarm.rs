//! The alarm screens (contract "Alarms"): alarm types, the real-time and history lists, an
//! alarm's detail, closing and processing, the open count. The alarm service checks every
//! field; the edge only reshapes, and passes through values of the wrong JSON type as text
//! so that the service refuses them with a message naming the field.

use axum::Extension;
use axum::extract::{Path, State};
use lumiscape_common::i18n::Msg;
use lumiscape_common::{ErrorCode, Lang};
use lumiscape_proto::alarm::v1 as pb;
use lumiscape_proto::alarm::v1::alarm_service_client::AlarmServiceClient;
use lumiscape_proto::alarm::v1::alarm_type_service_client::AlarmTypeServiceClient;
use serde::Deserialize;
use serde_json::{Value, json};
use tonic::transport::Channel;

use crate::EdgeState;
use crate::envelope::{ApiError, ApiJson, ApiQuery, ApiResult, ok_data, ok_with};
use crate::guard::RequestInfo;

fn types(state: &EdgeState) -> AlarmTypeServiceClient<Channel> {
    AlarmTypeServiceClient::new(state.clients.alarm_channel())
}

fn alarms(state: &EdgeState) -> AlarmServiceClient<Channel> {
    AlarmServiceClient::new(state.clients.alarm_channel())
}

fn bad(msg: Msg, lang: Lang) -> ApiError {
    ApiError::new(ErrorCode::BadRequest, &msg, lang)
}

/// A query parameter that must be a number if given; empty means absent.
fn number<T: std::str::FromStr>(text: Option<&str>, invalid: Msg, lang: Lang) -> Result<Option<T>, ApiError> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(text) => text.parse().map(Some).map_err(|_| bad(invalid, lang)),
    }
}

/// A body value as text: strings as they are, numbers as written, absent as empty; any
/// other JSON goes through as written and fails the service's check.
fn text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// A body value that must be a whole number (seconds): absent is 0, anything unreadable -1
/// (which the service refuses as out of range).
fn whole(value: &Value) -> i64 {
    match value {
        Value::Null => 0,
        Value::Number(number) => number.as_i64().unwrap_or(-1),
        Value::String(text) if text.trim().is_empty() => 0,
        Value::String(text) => text.trim().parse().unwrap_or(-1),
        _ => -1,
    }
}

/// An id in a body: absent or unreadable is 0, which the service refuses.
fn id(value: &Value) -> i64 {
    match value {
        Value::Number(number) => number.as_i64().unwrap_or(0),
        Value::String(text) => text.trim().parse().unwrap_or(0),
        _ => 0,
    }
}

/// Unix milliseconds as `YYYY-MM-DD HH:mm:ss` in the server's time zone; `None` for 0.
fn local_time(ms: i64) -> Option<String> {
    (ms > 0).then(|| {
        chrono::DateTime::from_timestamp_millis(ms)
            .map(|t| t.with_timezone(&chrono::Local).format("%Y-%m-%d %H:%M:%S").to_string())
    })?
}

fn flag(on: bool) -> &'static str {
    if on { "1" } else { "0" }
}

// --- alarm types ------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TypeListQuery {
    page_num: Option<String>,
    page_size: Option<String>,
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
) -> ApiResult {
    let lang = info.lang();
    let request = pb::ListAlarmTypesRequest {
        page_num: number(query.page_num.as_deref(), Msg::BadRequest, lang)?,
        page_size: number(query.page_size.as_deref(), Msg::BadRequest, lang)?,
        alarm_name: query.alarm_name,
        device_type: query.device_type,
        alarm_level: query.alarm_level,
    };
    let reply = types(&state).list_alarm_types(info.ctx.request(request)).await;
    let answer = reply.map_err(|s| ApiError::from_status(s, lang))?.into_inner();
    let rows: Vec<Value> = answer.rows.into_iter().map(type_json).collect();
    ok_with(lang, json!({ "rows": rows, "total": answer.total }))
}

pub async fn type_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(alarm_type_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let alarm_type_id = number(Some(&alarm_type_id), Msg::AlarmTypeIdInvalid, lang)?.unwrap_or(0);
    let reply = types(&state).get_alarm_type(info.ctx.request(pb::GetAlarmTypeRequest { alarm_type_id })).await;
    let found = reply.map_err(|s| ApiError::from_status(s, lang))?.into_inner();
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
    let reply = types(&state).create_alarm_type(info.ctx.request(body.into_input())).await;
    let created = reply.map_err(|s| ApiError::from_status(s, lang))?.into_inner();
    ok_data(lang, json!({ "alarmTypeId": created.alarm_type_id }))
}

pub async fn type_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<TypeBody>,
) -> ApiResult {
    let lang = info.lang();
    let reply = types(&state).update_alarm_type(info.ctx.request(body.into_input())).await;
    reply.map_err(|s| ApiError::from_status(s, lang))?;
    ok_with(lang, json!({}))
}

/// `DELETE /alarm/type/{ids}`, ids comma-separated.
pub async fn type_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let alarm_type_ids = ids
        .split(',')
        .map(|part| part.trim().parse::<i64>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| bad(Msg::AlarmTypeIdInvalid, lang))?;
    let reply =
        types(&state).delete_alarm_types(info.ctx.request(pb::DeleteAlarmTypesRequest { alarm_type_ids })).await;
    reply.map_err(|s| ApiError::from_status(s, lang))?;
    ok_with(lang, json!({}))
}

fn type_json(t: pb::AlarmType) -> Value {
    json!({
        "alarmTypeId": t.alarm_type_id,
        "alarmName": t.alarm_name,
        "deviceType": t.device_type,
        "alarmLevel": t.alarm_level,
        "contentZh": t.content_zh,
        "contentEn": t.content_en,
        "triggerAttribute": t.trigger_attribute,
        "triggerComparison": t.trigger_comparison,
        "triggerValue": t.trigger_value,
        "triggerDuration": t.trigger_duration,
        "recoveryAttribute": t.recovery_attribute,
        "recoveryComparison": t.recovery_comparison,
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
    page_num: Option<String>,
    page_size: Option<String>,
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
) -> ApiResult {
    list(state, info, query, true).await
}

pub async fn history_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<AlarmListQuery>,
) -> ApiResult {
    list(state, info, query, false).await
}

async fn list(state: EdgeState, info: RequestInfo, query: AlarmListQuery, open_only: bool) -> ApiResult {
    let lang = info.lang();
    let request = pb::ListAlarmsRequest {
        open_only,
        page_num: number(query.page_num.as_deref(), Msg::BadRequest, lang)?,
        page_size: number(query.page_size.as_deref(), Msg::BadRequest, lang)?,
        alarm_type_id: number(query.alarm_type_id.as_deref(), Msg::AlarmTypeIdInvalid, lang)?.unwrap_or(0),
        alarm_level: query.alarm_level,
        status: query.status,
        device_name: query.device_name,
        begin_time: query.begin_time,
        end_time: query.end_time,
    };
    let reply = alarms(&state).list_alarms(info.ctx.request(request)).await;
    let answer = reply.map_err(|s| ApiError::from_status(s, lang))?.into_inner();
    let rows: Vec<Value> = answer.rows.iter().map(|a| alarm_json(a, lang)).collect();
    ok_with(lang, json!({ "rows": rows, "total": answer.total }))
}

pub async fn alarm_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(alarm_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let alarm_id = number(Some(&alarm_id), Msg::AlarmIdInvalid, lang)?.unwrap_or(0);
    let reply = alarms(&state).get_alarm(info.ctx.request(pb::GetAlarmRequest { alarm_id })).await;
    let alarm = reply.map_err(|s| ApiError::from_status(s, lang))?.into_inner();
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
    let reply = alarms(&state).close_alarm(info.ctx.request(request)).await;
    reply.map_err(|s| ApiError::from_status(s, lang))?;
    ok_with(lang, json!({}))
}

pub async fn alarm_process(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<AlarmBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::ProcessAlarmRequest { alarm_id: id(&body.alarm_id) };
    let reply = alarms(&state).process_alarm(info.ctx.request(request)).await;
    reply.map_err(|s| ApiError::from_status(s, lang))?;
    ok_with(lang, json!({}))
}

pub async fn open_count(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let lang = info.lang();
    let reply = alarms(&state).count_open_alarms(info.ctx.request(pb::CountOpenAlarmsRequest {})).await;
    let answer = reply.map_err(|s| ApiError::from_status(s, lang))?.into_inner();
    ok_data(lang, json!({ "count": answer.count }))
}

/// An alarm row; its content in the request's language.
fn alarm_json(a: &pb::Alarm, lang: Lang) -> Value {
    let content = if lang == Lang::En { &a.content_en } else { &a.content_zh };
    json!({
        "alarmId": a.alarm_id,
        "alarmTypeId": a.alarm_type_id,
        "alarmName": a.alarm_name,
        "alarmLevel": a.alarm_level,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn body_values_pass_through_as_text() {
        assert_eq!(text(&json!("15.0")), "15.0");
        assert_eq!(text(&json!(15.5)), "15.5");
        assert_eq!(text(&json!(1)), "1");
        assert_eq!(text(&Value::Null), "");
        assert_eq!(text(&json!(true)), "true");
    }

    #[test]
    fn durations_and_ids_are_whole_numbers() {
        assert_eq!(whole(&json!(60)), 60);
        assert_eq!(whole(&json!("60")), 60);
        assert_eq!(whole(&Value::Null), 0);
        assert_eq!(whole(&json!(1.5)), -1);
        assert_eq!(whole(&json!("soon")), -1);
        assert_eq!(id(&json!(7)), 7);
        assert_eq!(id(&json!("7")), 7);
        assert_eq!(id(&json!([7])), 0);
    }

    #[test]
    fn query_numbers_are_optional_but_must_be_numbers() {
        assert_eq!(number::<i32>(None, Msg::BadRequest, Lang::En).unwrap(), None);
        assert_eq!(number::<i32>(Some(" "), Msg::BadRequest, Lang::En).unwrap(), None);
        assert_eq!(number::<i32>(Some("3"), Msg::BadRequest, Lang::En).unwrap(), Some(3));
        assert_eq!(number::<i32>(Some("abc"), Msg::BadRequest, Lang::En).unwrap_err().code, 400);
    }

    #[test]
    fn times_are_local_and_zero_is_none() {
        assert_eq!(local_time(0), None);
        assert_eq!(local_time(1_700_000_000_000).map(|t| t.len()), Some(19));
    }
}
