//! Lighting: gateways and loops, real-time and one-key control, the gateway charts. The
//! handlers only translate: every rule and every message is the lighting service's.

use axum::Extension;
use axum::extract::{Path, State};
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::Transport;
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::control_service_client::ControlServiceClient;
use lumiscape_proto::lighting::v1::gateway_service_client::GatewayServiceClient;
use lumiscape_proto::lighting::v1::one_key_service_client::OneKeyServiceClient;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::convert::{PageQuery, flag, id, ids, local_time, optional_whole, path_id, path_ids, text};
use crate::envelope::{ApiJson, ApiQuery, ApiResult, Table, call, ok_data, ok_table, ok_with};
use crate::request::RequestInfo;
use crate::state::EdgeState;

fn gateways(state: &EdgeState) -> GatewayServiceClient<Transport> {
    GatewayServiceClient::new(state.clients.lighting_channel())
}

fn control(state: &EdgeState) -> ControlServiceClient<Transport> {
    ControlServiceClient::new(state.clients.lighting_channel())
}

fn one_key(state: &EdgeState) -> OneKeyServiceClient<Transport> {
    OneKeyServiceClient::new(state.clients.lighting_channel())
}

// --- gateways ------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GatewayListQuery {
    #[serde(flatten)]
    page: PageQuery,
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
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let request = pb::ListGatewaysRequest {
        page_num,
        page_size,
        gateway_name: query.gateway_name,
        gateway_number: query.gateway_number,
        online_status: query.online_status,
    };
    let answer = call(&info, gateways(&state).list_gateways(info.ctx.request(request))).await?;
    let rows: Vec<Value> = answer.rows.iter().map(gateway_json).collect();
    ok_table(lang, rows, answer.total)
}

pub async fn gateway_detail(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(gateway_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::GetGatewayRequest { gateway_id: path_id(&gateway_id, Msg::GatewayIdInvalid, lang)? };
    let detail = call(&info, gateways(&state).get_gateway(info.ctx.request(request))).await?;
    let mut data = detail.gateway.as_ref().map(gateway_json).unwrap_or_else(|| json!({}));
    data["loops"] = detail.loops.iter().map(loop_json).collect();
    ok_data(lang, data)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GatewayBody {
    #[serde(default)]
    gateway_id: Value,
    gateway_name: Option<String>,
    gateway_number: Option<String>,
    #[serde(default)]
    communication_type: Value,
    #[serde(default)]
    loop_count: Value,
    loops: Option<Vec<LoopBody>>,
    remark: Option<String>,
    gateway_type: Option<String>,
    brand: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoopBody {
    #[serde(default)]
    loop_index: Value,
    loop_name: Option<String>,
}

impl GatewayBody {
    /// The gateway as entered; the service checks every field.
    fn input(self) -> pb::GatewayInput {
        let loops = self
            .loops
            .unwrap_or_default()
            .into_iter()
            .map(|l| pb::LoopName { loop_index: id(&l.loop_index), loop_name: l.loop_name.unwrap_or_default() });
        pb::GatewayInput {
            gateway_name: self.gateway_name.unwrap_or_default(),
            gateway_number: self.gateway_number.unwrap_or_default(),
            communication_type: text(&self.communication_type),
            loop_count: id(&self.loop_count),
            loops: loops.collect(),
            remark: self.remark.unwrap_or_default(),
            gateway_type: self.gateway_type.unwrap_or_default(),
            brand: self.brand.unwrap_or_default(),
        }
    }
}

pub async fn gateway_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<GatewayBody>,
) -> ApiResult {
    let lang = info.lang();
    let answer = call(&info, gateways(&state).create_gateway(info.ctx.request(body.input()))).await?;
    ok_data(
        lang,
        json!({ "gatewayId": answer.gateway_id, "credential": answer.credential.as_ref().map(credential_json) }),
    )
}

/// A gateway's NATS credential, handed out once: `creds` is the file a NATS client reads;
/// over MQTT the `jwt` is the password (any user name).
fn credential_json(credential: &pb::GatewayCredential) -> Value {
    json!({ "publicKey": credential.public_key, "jwt": credential.jwt, "creds": credential.creds })
}

pub async fn gateway_credential(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(gateway_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let gateway_id = path_id(&gateway_id, Msg::GatewayIdInvalid, lang)?;
    let request = pb::IssueCredentialRequest { gateway_id };
    let answer = call(&info, gateways(&state).issue_credential(info.ctx.request(request))).await?;
    ok_data(lang, credential_json(&answer))
}

pub async fn gateway_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<GatewayBody>,
) -> ApiResult {
    let lang = info.lang();
    let gateway_id = id(&body.gateway_id);
    let request = pb::UpdateGatewayRequest { gateway_id, gateway: Some(body.input()) };
    call(&info, gateways(&state).update_gateway(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

pub async fn gateway_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(gateway_ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let ids = path_ids(&gateway_ids, Msg::GatewayIdInvalid, lang)?;
    let request = pb::DeleteGatewaysRequest { gateway_ids: ids };
    call(&info, gateways(&state).delete_gateways(info.ctx.request(request))).await?;
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
    let gateway_id = path_id(&gateway_id, Msg::GatewayIdInvalid, lang)?;
    let request = pb::GetPowerRequest { gateway_id, loop_index: query.loop_index, hours: query.hours };
    let answer = call(&info, gateways(&state).get_power(info.ctx.request(request))).await?;
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

pub async fn gateway_online_history(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(gateway_id): Path<String>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let gateway_id = path_id(&gateway_id, Msg::GatewayIdInvalid, lang)?;
    let (page_num, page_size) = query.numbers(lang)?;
    let request = pb::ListOnlineHistoryRequest { gateway_id, page_num, page_size };
    let answer = call(&info, gateways(&state).list_online_history(info.ctx.request(request))).await?;
    let rows: Vec<Value> = answer
        .rows
        .iter()
        .map(|r| json!({ "onlineStatus": flag(r.online), "reason": r.reason, "time": local_time(r.time_ms) }))
        .collect();
    ok_table(lang, rows, answer.total)
}

// --- real-time control -----------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoopControlBody {
    #[serde(default)]
    gateway_id: Value,
    #[serde(default)]
    loop_index: Value,
    on: Option<bool>,
    #[serde(default)]
    hold_minutes: Value,
    /// Switching on: 1 to 100; absent or empty for full.
    #[serde(default)]
    brightness: Value,
}

pub async fn control_loop(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<LoopControlBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::SetLoopRequest {
        gateway_id: id(&body.gateway_id),
        loop_index: id(&body.loop_index),
        on: body.on,
        hold_minutes: optional_whole(&body.hold_minutes),
        brightness: optional_whole(&body.brightness),
    };
    let result = call(&info, control(&state).set_loop(info.ctx.request(request))).await?;
    ok_data(lang, command_json(&result))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReadBody {
    #[serde(default)]
    gateway_id: Value,
}

pub async fn control_read(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<ReadBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::ReadStateRequest { gateway_id: id(&body.gateway_id) };
    let result = call(&info, control(&state).read_state(info.ctx.request(request))).await?;
    ok_data(lang, command_json(&result))
}

// --- batch parameter setting ---------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ParamsBody {
    #[serde(default)]
    gateway_ids: Value,
    #[serde(default)]
    heartbeat_interval: Value,
    #[serde(default)]
    telemetry_interval: Value,
}

pub async fn gateway_params(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<ParamsBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::SetGatewayParamsRequest {
        gateway_ids: ids(&body.gateway_ids),
        heartbeat_s: optional_whole(&body.heartbeat_interval),
        telemetry_s: optional_whole(&body.telemetry_interval),
    };
    let answer = call(&info, gateways(&state).set_params(info.ctx.request(request))).await?;
    ok_data(lang, tally_json(answer.total, answer.succeeded, answer.failed, &answer.results))
}

// --- one-key control -------------------------------------------------------------------

#[derive(Debug, Deserialize)]
pub struct OneKeyBody {
    on: Option<bool>,
}

/// A command's outcome per gateway, as one-key control and issuing answer it.
pub fn gateway_outcomes(results: &[pb::GatewayOutcome]) -> Vec<Value> {
    results
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
        .collect()
}

/// The counts and the outcome per gateway of a command sent to many gateways (group control,
/// batch parameter setting).
pub fn tally_json(total: u32, succeeded: u32, failed: u32, results: &[pb::GatewayOutcome]) -> Value {
    json!({ "total": total, "succeeded": succeeded, "failed": failed, "results": gateway_outcomes(results) })
}

pub async fn one_key_control(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<OneKeyBody>,
) -> ApiResult {
    let lang = info.lang();
    let answer =
        call(&info, one_key(&state).execute(info.ctx.request(pb::ExecuteOneKeyRequest { on: body.on }))).await?;
    let results = gateway_outcomes(&answer.results);
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
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let (page_num, page_size) = query.numbers(lang)?;
    let request = pb::ListOneKeyRecordsRequest { page_num, page_size };
    let answer = call(&info, one_key(&state).list_records(info.ctx.request(request))).await?;
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
    ok_table(lang, rows, answer.total)
}

// --- shapes ------------------------------------------------------------------------------

fn gateway_json(g: &pb::Gateway) -> Value {
    json!({
        "gatewayId": g.gateway_id,
        "gatewayName": g.gateway_name,
        "gatewayNumber": g.gateway_number,
        "communicationType": g.communication_type,
        "gatewayType": g.gateway_type,
        "brand": g.brand,
        "loopCount": g.loop_count,
        "onlineStatus": flag(g.online),
        "signal": g.signal_dbm,
        "temperature": g.temperature_c,
        "firmwareVersion": g.firmware_version,
        "lastSeenTime": local_time(g.last_seen_ms),
        "remark": g.remark,
        "createTime": local_time(g.create_time_ms),
        "heartbeatInterval": g.heartbeat_s,
        "telemetryInterval": g.telemetry_s,
        "paramsTime": local_time(g.params_time_ms),
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
