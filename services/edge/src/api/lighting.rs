//! Lighting: gateways and loops, real-time and one-key control, the gateway charts. The
//! handlers only translate: every rule and every message is the lighting service's.

use axum::Extension;
use axum::extract::{Path, State};
use lumiscape_common::ErrorCode;
use lumiscape_common::i18n::Msg;
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::control_service_client::ControlServiceClient;
use lumiscape_proto::lighting::v1::gateway_service_client::GatewayServiceClient;
use lumiscape_proto::lighting::v1::one_key_service_client::OneKeyServiceClient;
use serde::Deserialize;
use serde_json::{Value, json};
use tonic::transport::Channel;

use crate::EdgeState;
use crate::envelope::{ApiError, ApiJson, ApiQuery, ApiResult, ok_data, ok_with};
use crate::guard::RequestInfo;

fn gateways(state: &EdgeState) -> GatewayServiceClient<Channel> {
    GatewayServiceClient::new(state.clients.lighting_channel())
}

fn control(state: &EdgeState) -> ControlServiceClient<Channel> {
    ControlServiceClient::new(state.clients.lighting_channel())
}

fn one_key(state: &EdgeState) -> OneKeyServiceClient<Channel> {
    OneKeyServiceClient::new(state.clients.lighting_channel())
}

// --- gateways ------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GatewayListQuery {
    page_num: Option<i32>,
    page_size: Option<i32>,
    #[serde(default)]
    gateway_name: String,
    #[serde(default)]
    gateway_number: String,
    #[serde(default)]
    online_status: String,
}

pub async fn gateway_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<GatewayListQuery>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::ListGatewaysRequest {
        page_num: query.page_num,
        page_size: query.page_size,
        gateway_name: query.gateway_name,
        gateway_number: query.gateway_number,
        online_status: query.online_status,
    };
    let reply = gateways(&state).list_gateways(info.ctx.request(request)).await;
    let answer = reply.map_err(|s| ApiError::from_status(s, lang))?.into_inner();
    let rows: Vec<Value> = answer.rows.iter().map(gateway_json).collect();
    ok_with(lang, json!({ "rows": rows, "total": answer.total }))
}

pub async fn gateway_detail(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(gateway_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::GetGatewayRequest { gateway_id: parse_id(&gateway_id, &info)? };
    let reply = gateways(&state).get_gateway(info.ctx.request(request)).await;
    let detail = reply.map_err(|s| ApiError::from_status(s, lang))?.into_inner();
    let mut data = detail.gateway.as_ref().map(gateway_json).unwrap_or_else(|| json!({}));
    data["loops"] = detail.loops.iter().map(loop_json).collect();
    ok_data(lang, data)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GatewayBody {
    gateway_id: Option<Value>,
    gateway_name: Option<String>,
    gateway_number: Option<String>,
    communication_type: Option<Value>,
    loop_count: Option<Value>,
    loops: Option<Vec<LoopBody>>,
    remark: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoopBody {
    loop_index: Option<Value>,
    loop_name: Option<String>,
}

impl GatewayBody {
    /// The gateway as entered; the service checks every field.
    fn input(self) -> pb::GatewayInput {
        let loops = self.loops.unwrap_or_default().into_iter().map(|l| pb::LoopName {
            loop_index: int_of(l.loop_index.as_ref()),
            loop_name: l.loop_name.unwrap_or_default(),
        });
        pb::GatewayInput {
            gateway_name: self.gateway_name.unwrap_or_default(),
            gateway_number: self.gateway_number.unwrap_or_default(),
            communication_type: text_of(self.communication_type.as_ref()),
            loop_count: int_of(self.loop_count.as_ref()),
            loops: loops.collect(),
            remark: self.remark.unwrap_or_default(),
        }
    }
}

pub async fn gateway_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<GatewayBody>,
) -> ApiResult {
    let lang = info.lang();
    let reply = gateways(&state).create_gateway(info.ctx.request(body.input())).await;
    let answer = reply.map_err(|s| ApiError::from_status(s, lang))?.into_inner();
    ok_data(lang, json!({ "gatewayId": answer.gateway_id }))
}

pub async fn gateway_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<GatewayBody>,
) -> ApiResult {
    let lang = info.lang();
    let gateway_id = int_of(body.gateway_id.as_ref());
    let request = pb::UpdateGatewayRequest { gateway_id, gateway: Some(body.input()) };
    let reply = gateways(&state).update_gateway(info.ctx.request(request)).await;
    reply.map_err(|s| ApiError::from_status(s, lang))?;
    ok_with(lang, json!({}))
}

pub async fn gateway_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(gateway_ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let ids = gateway_ids.split(',').map(|id| parse_id(id, &info)).collect::<Result<Vec<i64>, ApiError>>()?;
    let request = pb::DeleteGatewaysRequest { gateway_ids: ids };
    let reply = gateways(&state).delete_gateways(info.ctx.request(request)).await;
    reply.map_err(|s| ApiError::from_status(s, lang))?;
    ok_with(lang, json!({}))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PowerQuery {
    loop_index: Option<i64>,
    hours: Option<i64>,
}

pub async fn gateway_power(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(gateway_id): Path<String>,
    ApiQuery(query): ApiQuery<PowerQuery>,
) -> ApiResult {
    let lang = info.lang();
    let gateway_id = parse_id(&gateway_id, &info)?;
    let request = pb::GetPowerRequest { gateway_id, loop_index: query.loop_index, hours: query.hours };
    let reply = gateways(&state).get_power(info.ctx.request(request)).await;
    let answer = reply.map_err(|s| ApiError::from_status(s, lang))?.into_inner();
    let points: Vec<Value> = answer
        .points
        .iter()
        .map(|p| {
            json!({
                "time": local_time(p.time_ms),
                "activePower": p.active_power_w,
                "voltage": p.voltage_v,
                "current": p.current_a,
            })
        })
        .collect();
    ok_data(lang, json!({ "loopIndex": answer.loop_index, "points": points }))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageQuery {
    page_num: Option<i32>,
    page_size: Option<i32>,
}

pub async fn gateway_online_history(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(gateway_id): Path<String>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult {
    let lang = info.lang();
    let gateway_id = parse_id(&gateway_id, &info)?;
    let request = pb::ListOnlineHistoryRequest { gateway_id, page_num: query.page_num, page_size: query.page_size };
    let reply = gateways(&state).list_online_history(info.ctx.request(request)).await;
    let answer = reply.map_err(|s| ApiError::from_status(s, lang))?.into_inner();
    let rows: Vec<Value> = answer
        .rows
        .iter()
        .map(|r| json!({ "onlineStatus": flag(r.online), "reason": r.reason, "time": local_time(r.time_ms) }))
        .collect();
    ok_with(lang, json!({ "rows": rows, "total": answer.total }))
}

// --- real-time control -----------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoopControlBody {
    gateway_id: Option<Value>,
    loop_index: Option<Value>,
    on: Option<bool>,
}

pub async fn control_loop(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<LoopControlBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::SetLoopRequest {
        gateway_id: int_of(body.gateway_id.as_ref()),
        loop_index: int_of(body.loop_index.as_ref()),
        on: body.on,
    };
    let reply = control(&state).set_loop(info.ctx.request(request)).await;
    let result = reply.map_err(|s| ApiError::from_status(s, lang))?.into_inner();
    ok_data(lang, command_json(&result))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReadBody {
    gateway_id: Option<Value>,
}

pub async fn control_read(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<ReadBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::ReadStateRequest { gateway_id: int_of(body.gateway_id.as_ref()) };
    let reply = control(&state).read_state(info.ctx.request(request)).await;
    let result = reply.map_err(|s| ApiError::from_status(s, lang))?.into_inner();
    ok_data(lang, command_json(&result))
}

// --- one-key control -------------------------------------------------------------------

#[derive(Debug, Deserialize)]
pub struct OneKeyBody {
    on: Option<bool>,
}

pub async fn one_key_control(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<OneKeyBody>,
) -> ApiResult {
    let lang = info.lang();
    let reply = one_key(&state).execute(info.ctx.request(pb::ExecuteOneKeyRequest { on: body.on })).await;
    let answer = reply.map_err(|s| ApiError::from_status(s, lang))?.into_inner();
    let results: Vec<Value> = answer
        .results
        .iter()
        .map(|r| {
            json!({
                "gatewayId": r.gateway_id,
                "gatewayName": r.gateway_name,
                "gatewayNumber": r.gateway_number,
                "result": r.result,
                "message": r.message,
            })
        })
        .collect();
    ok_data(
        lang,
        json!({
            "recordId": answer.record_id,
            "total": answer.total,
            "succeeded": answer.succeeded,
            "failed": answer.failed,
            "results": results,
        }),
    )
}

pub async fn one_key_records(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::ListOneKeyRecordsRequest { page_num: query.page_num, page_size: query.page_size };
    let reply = one_key(&state).list_records(info.ctx.request(request)).await;
    let answer = reply.map_err(|s| ApiError::from_status(s, lang))?.into_inner();
    let rows: Vec<Value> = answer
        .rows
        .iter()
        .map(|r| {
            json!({
                "recordId": r.record_id,
                "action": r.action,
                "userName": r.user_name,
                "total": r.total,
                "succeeded": r.succeeded,
                "failed": r.failed,
                "createTime": local_time(r.create_time_ms),
            })
        })
        .collect();
    ok_with(lang, json!({ "rows": rows, "total": answer.total }))
}

// --- shapes ------------------------------------------------------------------------------

fn gateway_json(g: &pb::Gateway) -> Value {
    json!({
        "gatewayId": g.gateway_id,
        "gatewayName": g.gateway_name,
        "gatewayNumber": g.gateway_number,
        "communicationType": g.communication_type,
        "loopCount": g.loop_count,
        "onlineStatus": flag(g.online),
        "signal": g.signal_dbm,
        "temperature": g.temperature_c,
        "firmwareVersion": g.firmware_version,
        "lastSeenTime": local_time(g.last_seen_ms),
        "remark": g.remark,
        "createTime": local_time(g.create_time_ms),
    })
}

fn loop_json(l: &pb::LoopReading) -> Value {
    json!({
        "loopIndex": l.loop_index,
        "loopName": l.loop_name,
        "on": l.on,
        "voltage": l.voltage_v,
        "current": l.current_a,
        "activePower": l.active_power_w,
        "energy": l.energy_kwh,
        "updateTime": local_time(l.update_time_ms),
    })
}

fn command_json(result: &pb::CommandResult) -> Value {
    let loops: Vec<Value> = result.loops.iter().map(loop_json).collect();
    json!({ "correlationId": result.correlation_id, "elapsedMs": result.elapsed_ms, "loops": loops })
}

fn flag(online: bool) -> &'static str {
    if online { "1" } else { "0" }
}

/// Unix milliseconds as the console's `YYYY-MM-DD HH:mm:ss` in the server's time zone.
fn local_time(ms: i64) -> Option<String> {
    (ms > 0).then(|| {
        chrono::DateTime::from_timestamp_millis(ms)
            .map(|t| t.with_timezone(&chrono::Local).format("%Y-%m-%d %H:%M:%S").to_string())
    })?
}

/// An id in a path; anything but a positive number is a bad request.
fn parse_id(text: &str, info: &RequestInfo) -> Result<i64, ApiError> {
    text.trim()
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::new(ErrorCode::BadRequest, &Msg::GatewayIdInvalid, info.lang()))
}

/// A number sent as a number or a numeric string; 0 (refused by the service) otherwise.
fn int_of(value: Option<&Value>) -> i64 {
    match value {
        Some(Value::Number(n)) => n.as_i64().unwrap_or(0),
        Some(Value::String(s)) => s.trim().parse().unwrap_or(0),
        _ => 0,
    }
}

/// A code sent as a string or a number.
fn text_of(value: Option<&Value>) -> String {
    match value {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_from_numbers_and_numeric_strings() {
        assert_eq!(int_of(Some(&json!(12))), 12);
        assert_eq!(int_of(Some(&json!(" 7 "))), 7);
        assert_eq!(int_of(Some(&json!(1.5))), 0);
        assert_eq!(int_of(Some(&json!("x"))), 0);
        assert_eq!(int_of(None), 0);
        assert_eq!(text_of(Some(&json!(2))), "2");
        assert_eq!(text_of(Some(&json!("3"))), "3");
        assert_eq!(text_of(Some(&json!(null))), "");
    }

    #[test]
    fn a_body_becomes_the_input_the_service_checks() {
        let body: GatewayBody = serde_json::from_value(json!({
            "gatewayName": "Cabinet", "gatewayNumber": "GW-1", "communicationType": "2", "loopCount": 2,
            "loops": [{ "loopIndex": 1, "loopName": "North" }], "remark": null
        }))
        .unwrap();
        let input = body.input();
        assert_eq!(input.communication_type, "2");
        assert_eq!(input.loop_count, 2);
        assert_eq!(input.loops, vec![pb::LoopName { loop_index: 1, loop_name: "North".into() }]);
        assert_eq!(input.remark, "");
    }

    #[test]
    fn times_are_local_and_absent_when_unknown() {
        assert_eq!(local_time(0), None);
        assert_eq!(local_time(1_700_000_000_000).unwrap().len(), "2023-11-14 22:13:20".len());
    }
}
