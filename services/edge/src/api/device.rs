//! Devices and device groups (issue 12). The handlers only translate: every rule and every
//! message is the lighting service's.

use axum::Extension;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, Path, State};
use axum::response::Response;
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::Transport;
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::device_service_client::DeviceServiceClient;
use serde::Deserialize;
use serde_json::{Value, json};

use chrono_tz::Tz;
use lumiscape_proto::lighting::v1::task_service_client::TaskServiceClient;

use crate::api::lighting::tally_json;
use crate::api::schedule::{segment_json, site_time};
use crate::convert::{
    PageQuery, decimal, edited_id, flag, id, ids, local_time, number, optional_whole, path_id, path_ids, text,
};
use crate::envelope::{
    ApiError, ApiForm, ApiJson, ApiQuery, ApiResult, Table, call, import_answer, ok_data, ok_table, ok_with,
    uploaded_file, xlsx_download,
};
use crate::request::RequestInfo;
use crate::state::EdgeState;

fn devices(state: &EdgeState) -> DeviceServiceClient<Transport> {
    DeviceServiceClient::new(state.clients.lighting_channel())
}

// --- devices ----------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeviceListQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    device_name: String,
    #[serde(default)]
    device_code: String,
    type_id: Option<String>,
    gateway_id: Option<String>,
    group_id: Option<String>,
    #[serde(default)]
    status: String,
}

impl DeviceListQuery {
    fn request(self, info: &RequestInfo) -> Result<pb::ListDevicesRequest, ApiError> {
        let lang = info.lang();
        let (page_num, page_size) = self.page.numbers(lang)?;
        let filter_id =
            |text: Option<&str>, invalid: Msg| number::<i64>(text, invalid, lang).map(Option::unwrap_or_default);
        Ok(pb::ListDevicesRequest {
            page_num,
            page_size,
            device_name: self.device_name,
            device_code: self.device_code,
            type_id: filter_id(self.type_id.as_deref(), Msg::TypeNotFound)?,
            gateway_id: filter_id(self.gateway_id.as_deref(), Msg::GatewayIdInvalid)?,
            group_id: filter_id(self.group_id.as_deref(), Msg::GroupNotFound)?,
            status: self.status,
        })
    }
}

fn device_json(d: &pb::Device) -> Value {
    json!({
        "deviceId": d.device_id,
        "deviceName": d.device_name,
        "deviceCode": d.device_code,
        "typeId": d.type_id,
        "typeName": d.type_name,
        "categoryId": d.category_id,
        "categoryName": d.category_name,
        "gatewayId": d.gateway_id,
        "gatewayName": d.gateway_name,
        "gatewayNumber": d.gateway_number,
        "loopIndex": d.loop_index,
        "loopName": d.loop_name,
        "address": d.address,
        "longitude": d.longitude,
        "latitude": d.latitude,
        "status": d.status,
        "online": flag(d.online),
        "switchState": d.switch_on.map(flag),
        "groupNames": d.group_names,
        "remark": d.remark,
        "createBy": d.create_by,
        "createTime": local_time(d.create_time_ms),
        "updateTime": local_time(d.update_time_ms),
    })
}

pub async fn device_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<DeviceListQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let request = query.request(&info)?;
    let answer = call(&info, devices(&state).list_devices(info.ctx.request(request))).await?;
    ok_table(lang, answer.rows.iter().map(device_json).collect(), answer.total)
}

pub async fn device_detail(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(device_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::GetDeviceRequest { device_id: path_id(&device_id, Msg::DeviceNotFound, lang)? };
    let answer = call(&info, devices(&state).get_device(info.ctx.request(request))).await?;
    ok_data(lang, device_json(&answer))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeviceBody {
    #[serde(default)]
    device_id: Value,
    device_name: Option<String>,
    device_code: Option<String>,
    #[serde(default)]
    type_id: Value,
    #[serde(default)]
    gateway_id: Value,
    #[serde(default)]
    loop_index: Value,
    address: Option<String>,
    #[serde(default)]
    longitude: Value,
    #[serde(default)]
    latitude: Value,
    #[serde(default)]
    status: Value,
    remark: Option<String>,
}

impl DeviceBody {
    fn input(self) -> pb::DeviceInput {
        pb::DeviceInput {
            device_name: self.device_name.unwrap_or_default(),
            device_code: self.device_code.unwrap_or_default(),
            type_id: id(&self.type_id),
            gateway_id: id(&self.gateway_id),
            loop_index: id(&self.loop_index),
            address: self.address.unwrap_or_default(),
            longitude: decimal(&self.longitude),
            latitude: decimal(&self.latitude),
            status: text(&self.status),
            remark: self.remark.unwrap_or_default(),
        }
    }
}

pub async fn device_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<DeviceBody>,
) -> ApiResult {
    let lang = info.lang();
    let answer = call(&info, devices(&state).create_device(info.ctx.request(body.input()))).await?;
    ok_data(lang, json!(answer.device_id))
}

pub async fn device_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<DeviceBody>,
) -> ApiResult {
    let lang = info.lang();
    let device_id = edited_id(&body.device_id);
    let request = pb::UpdateDeviceRequest { device_id, device: Some(body.input()) };
    call(&info, devices(&state).update_device(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

pub async fn device_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::DeleteDevicesRequest { device_ids: path_ids(&ids, Msg::DeviceNotFound, lang)? };
    call(&info, devices(&state).delete_devices(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

/// `POST /device/device/export`: the filtered devices as xlsx (form body, as RuoYi's exports).
pub async fn device_export(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiForm(query): ApiForm<DeviceListQuery>,
) -> Result<Response, ApiError> {
    let request = query.request(&info)?;
    let file = call(&info, devices(&state).export_devices(info.ctx.request(request))).await?;
    Ok(xlsx_download(file.file_name, file.content))
}

pub async fn device_import_template(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
) -> Result<Response, ApiError> {
    let request = pb::DeviceImportTemplateRequest {};
    let file = call(&info, devices(&state).device_import_template(info.ctx.request(request))).await?;
    Ok(xlsx_download(file.file_name, file.content))
}

/// `POST /device/device/importData`: the devices of an xls or xlsx file (multipart `file`),
/// all or none; the refusal lists every bad row, as the asset import's does.
pub async fn device_import(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, ApiError> {
    let lang = info.lang();
    let (file_name, content) =
        uploaded_file(multipart, "file", state.body_limit, &Msg::ImportFileMissing, lang).await?;
    let request = pb::ImportDevicesRequest { file_name, content: content.to_vec() };
    let answer = call(&info, devices(&state).import_devices(info.ctx.request(request))).await?;
    let failures: Vec<Value> =
        answer.failures.iter().map(|f| json!({ "row": f.row, "deviceCode": f.device_code, "msg": f.msg })).collect();
    Ok(import_answer(lang, answer.created, None, failures))
}

// --- groups -----------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GroupListQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    group_name: String,
}

fn group_json(g: &pb::DeviceGroup) -> Value {
    json!({
        "groupId": g.group_id,
        "groupName": g.group_name,
        "remark": g.remark,
        "deviceCount": g.device_count,
        "createBy": g.create_by,
        "createTime": local_time(g.create_time_ms),
        "updateTime": local_time(g.update_time_ms),
    })
}

pub async fn group_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<GroupListQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let request = pb::ListGroupsRequest { page_num, page_size, group_name: query.group_name };
    let answer = call(&info, devices(&state).list_groups(info.ctx.request(request))).await?;
    ok_table(lang, answer.rows.iter().map(group_json).collect(), answer.total)
}

pub async fn group_detail(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(group_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::GetGroupRequest { group_id: path_id(&group_id, Msg::GroupNotFound, lang)? };
    let answer = call(&info, devices(&state).get_group(info.ctx.request(request))).await?;
    let mut group = answer.group.as_ref().map(group_json).unwrap_or_else(|| json!({}));
    group["deviceIds"] = json!(answer.devices.iter().map(|d| d.device_id).collect::<Vec<_>>());
    group["devices"] = Value::Array(answer.devices.iter().map(device_json).collect());
    ok_data(lang, group)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GroupBody {
    #[serde(default)]
    group_id: Value,
    group_name: Option<String>,
    remark: Option<String>,
    #[serde(default)]
    device_ids: Value,
}

impl GroupBody {
    fn input(self) -> pb::GroupInput {
        pb::GroupInput {
            group_name: self.group_name.unwrap_or_default(),
            remark: self.remark.unwrap_or_default(),
            device_ids: ids(&self.device_ids),
        }
    }
}

pub async fn group_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<GroupBody>,
) -> ApiResult {
    let lang = info.lang();
    let answer = call(&info, devices(&state).create_group(info.ctx.request(body.input()))).await?;
    ok_data(lang, json!(answer.group_id))
}

pub async fn group_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<GroupBody>,
) -> ApiResult {
    let lang = info.lang();
    let group_id = edited_id(&body.group_id);
    let request = pb::UpdateGroupRequest { group_id, group: Some(body.input()) };
    call(&info, devices(&state).update_group(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

pub async fn group_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::DeleteGroupsRequest { group_ids: path_ids(&ids, Msg::GroupNotFound, lang)? };
    call(&info, devices(&state).delete_groups(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GroupControlBody {
    #[serde(default)]
    group_id: Value,
    #[serde(default)]
    switch_state: Value,
    #[serde(default)]
    hold_minutes: Value,
    /// Switching on: 1 to 100; absent or empty for full.
    #[serde(default)]
    brightness: Value,
}

pub async fn group_control(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<GroupControlBody>,
) -> ApiResult {
    let lang = info.lang();
    // '1' on, '0' off; anything else (or nothing) is refused as a missing switch state.
    let on = match text(&body.switch_state).trim() {
        "1" => Some(true),
        "0" => Some(false),
        _ => None,
    };
    let request = pb::ControlGroupRequest {
        group_id: edited_id(&body.group_id),
        on,
        hold_minutes: optional_whole(&body.hold_minutes),
        brightness: optional_whole(&body.brightness),
    };
    let answer = call(&info, devices(&state).control_group(info.ctx.request(request))).await?;
    ok_data(lang, tally_json(answer.total, answer.succeeded, answer.failed, &answer.results))
}

// --- lighting charts --------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChartQuery {
    gateway_id: Option<String>,
    loop_index: Option<String>,
    #[serde(default)]
    date: String,
}

/// `GET /device/chart/loop`: one loop's night, planned against actual, every time in the
/// site's zone (as the plan's).
pub async fn loop_chart(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<ChartQuery>,
) -> ApiResult {
    let lang = info.lang();
    let gateway_id = number::<i64>(query.gateway_id.as_deref(), Msg::GatewayIdInvalid, lang)?.unwrap_or(0);
    let loop_index = number::<i64>(query.loop_index.as_deref(), Msg::LoopIndexInvalid { max: 64 }, lang)?.unwrap_or(0);
    let request = pb::GetLoopChartRequest { gateway_id, loop_index, date: query.date };
    let chart =
        call(&info, TaskServiceClient::new(state.clients.lighting_channel()).get_loop_chart(info.ctx.request(request)))
            .await?;
    let plan = chart.plan.unwrap_or_default();
    let zone: Tz = plan.time_zone.parse().unwrap_or(Tz::UTC);
    let gateway = plan.gateways.first().cloned().unwrap_or_default();
    let planned = gateway.loops.first().cloned().unwrap_or_default();
    let actual: Vec<Value> = chart
        .actual
        .iter()
        .map(|a| {
            json!({
                "from": site_time(a.from_ms, zone),
                "to": site_time(a.to_ms, zone),
                "fromMs": a.from_ms,
                "toMs": a.to_ms,
                "switchState": flag(a.on),
            })
        })
        .collect();
    let power: Vec<Value> = chart
        .power
        .iter()
        .map(|p| json!({ "time": site_time(p.time_ms, zone), "timeMs": p.time_ms, "activePowerW": p.active_power_w }))
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
            "gatewayId": gateway.gateway_id,
            "gatewayName": gateway.gateway_name,
            "gatewayNumber": gateway.gateway_number,
            "loopIndex": planned.loop_index,
            "loopName": planned.loop_name,
            "planned": planned.segments.iter().map(|s| segment_json(s, zone)).collect::<Vec<_>>(),
            "actual": actual,
            "power": power,
        }),
    )
}

// --- the command log --------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CommandLogQuery {
    #[serde(flatten)]
    page: PageQuery,
    gateway_id: Option<String>,
    loop_index: Option<String>,
    #[serde(default)]
    action: String,
    #[serde(default)]
    source: String,
    #[serde(default)]
    requested_by: String,
    #[serde(default)]
    result: String,
    #[serde(rename = "params[beginTime]")]
    params_begin_time: Option<String>,
    #[serde(rename = "params[endTime]")]
    params_end_time: Option<String>,
}

impl CommandLogQuery {
    fn request(self, info: &RequestInfo) -> Result<pb::ListCommandsRequest, ApiError> {
        let lang = info.lang();
        let (page_num, page_size) = self.page.numbers(lang)?;
        let gateway_id = number::<i64>(self.gateway_id.as_deref(), Msg::GatewayIdInvalid, lang)?.unwrap_or(0);
        let loop_index =
            number::<i64>(self.loop_index.as_deref(), Msg::LoopIndexInvalid { max: 64 }, lang)?.unwrap_or(0);
        Ok(pb::ListCommandsRequest {
            page_num,
            page_size,
            gateway_id,
            loop_index,
            action: self.action,
            source: self.source,
            requested_by: self.requested_by,
            result: self.result,
            begin_time_ms: crate::convert::day_start(self.params_begin_time, 0, lang)?,
            end_time_ms: crate::convert::day_start(self.params_end_time, 1, lang)?,
        })
    }
}

fn command_json(c: &pb::CommandEntry) -> Value {
    json!({
        "commandId": c.command_id,
        "gatewayId": c.gateway_id,
        "gatewayName": c.gateway_name,
        "gatewayNumber": c.gateway_number,
        "action": c.action,
        "brightness": (c.level > 0).then_some(c.level),
        "loops": c.loops,
        "holdUntil": local_time(c.hold_until_ms),
        "scheduleId": Some(c.schedule_id.as_str()).filter(|s| !s.is_empty()),
        "heartbeatInterval": c.heartbeat_s,
        "telemetryInterval": c.telemetry_s,
        "source": c.source,
        "requestedBy": c.requested_by,
        "requestedAt": local_time(c.requested_ms),
        "state": c.state,
        "result": Some(c.result.as_str()).filter(|r| !r.is_empty()),
        "message": c.message,
        "attempts": c.attempts,
        "expiresAt": local_time(c.expires_ms),
        "finishedAt": local_time(c.finished_ms),
    })
}

/// `GET /device/command/list`: the command log, newest first.
pub async fn command_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<CommandLogQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let request = query.request(&info)?;
    let client = lumiscape_proto::lighting::v1::control_service_client::ControlServiceClient::new(
        state.clients.lighting_channel(),
    );
    let answer = call(&info, { client }.list_commands(info.ctx.request(request))).await?;
    ok_table(lang, answer.rows.iter().map(command_json).collect(), answer.total)
}

// --- the communication records ----------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CommunicationQuery {
    #[serde(flatten)]
    page: PageQuery,
    gateway_id: Option<String>,
    #[serde(default)]
    direction: String,
    #[serde(default)]
    channel: String,
    #[serde(default)]
    outcome: String,
    #[serde(rename = "params[beginTime]")]
    params_begin_time: Option<String>,
    #[serde(rename = "params[endTime]")]
    params_end_time: Option<String>,
}

impl CommunicationQuery {
    fn request(self, info: &RequestInfo) -> Result<pb::ListCommunicationsRequest, ApiError> {
        let lang = info.lang();
        let (page_num, page_size) = self.page.numbers(lang)?;
        let gateway_id = number::<i64>(self.gateway_id.as_deref(), Msg::GatewayIdInvalid, lang)?.unwrap_or(0);
        Ok(pb::ListCommunicationsRequest {
            page_num,
            page_size,
            gateway_id,
            direction: self.direction,
            channel: self.channel,
            outcome: self.outcome,
            begin_time_ms: crate::convert::day_start(self.params_begin_time, 0, lang)?,
            end_time_ms: crate::convert::day_start(self.params_end_time, 1, lang)?,
        })
    }
}

/// A payload as text: the message itself when it is UTF-8 (every well-formed one is JSON),
/// else its bytes in hex, two digits each, space-separated.
fn payload_text(payload: &[u8]) -> String {
    match std::str::from_utf8(payload) {
        Ok(text) => text.to_owned(),
        Err(_) => payload.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" "),
    }
}

fn communication_json(c: &pb::CommunicationEntry) -> Value {
    let truncated = usize::try_from(c.size).unwrap_or(0) > c.payload.len();
    json!({
        "recordId": c.record_id,
        "gatewayId": c.gateway_id,
        "gatewayName": c.gateway_name,
        "gatewayNumber": c.gateway_number,
        "direction": c.direction,
        "channel": c.channel,
        "outcome": c.outcome,
        "reason": c.reason,
        "messageSeq": (c.message_seq > 0).then_some(c.message_seq),
        "correlationId": Some(c.correlation_id.as_str()).filter(|s| !s.is_empty()),
        "deviceTime": local_time(c.device_time_ms),
        "recordTime": local_time(c.recorded_ms),
        "size": c.size,
        "payload": payload_text(&c.payload),
        "truncated": truncated,
    })
}

/// `GET /device/communication/list`: the communication records of one month, newest first.
pub async fn communication_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<CommunicationQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let request = query.request(&info)?;
    let client = lumiscape_proto::lighting::v1::control_service_client::ControlServiceClient::new(
        state.clients.lighting_channel(),
    );
    let answer = call(&info, { client }.list_communications(info.ctx.request(request))).await?;
    ok_table(lang, answer.rows.iter().map(communication_json).collect(), answer.total)
}
