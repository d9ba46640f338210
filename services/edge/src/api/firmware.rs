//! Gateway versions and upgrades (`/lighting/version/*`, `/lighting/upgrade/*`,
//! docs/firmware.md): the project's firmware library and staged upgrade campaigns. The
//! handlers only reshape; every rule and message is lighting's.

use axum::Extension;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, Path, State};
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::Transport;
use lumiscape_common::{ErrorCode, Lang};
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::firmware_service_client::FirmwareServiceClient;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::convert::{PageQuery, flag, id, ids, local_time, path_id, path_ids, whole};
use crate::envelope::{ApiError, ApiJson, ApiQuery, ApiResult, Table, call, ok_data, ok_table, ok_with, uploaded_form};
use crate::request::RequestInfo;
use crate::state::EdgeState;

/// The multipart field carrying the image.
const IMAGE_FIELD: &str = "file";

fn firmware(state: &EdgeState) -> FirmwareServiceClient<Transport> {
    FirmwareServiceClient::new(state.clients.lighting_channel())
}

fn firmware_json(f: &pb::Firmware) -> Value {
    json!({
        "firmwareId": f.firmware_id,
        "version": f.version,
        "gatewayType": f.gateway_type,
        "fileName": f.file_name,
        "size": f.size,
        "sha256": f.sha256,
        "notes": f.notes,
        "createBy": f.create_by,
        "createTime": local_time(f.create_time_ms),
    })
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FirmwareListQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    version: String,
    #[serde(default)]
    gateway_type: String,
}

/// `GET /lighting/version/list`: the firmware library, newest first.
pub async fn version_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<FirmwareListQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let request =
        pb::ListFirmwareRequest { page_num, page_size, version: query.version, gateway_type: query.gateway_type };
    let answer = call(&info, firmware(&state).list_firmware(info.ctx.request(request))).await?;
    ok_table(lang, answer.rows.iter().map(firmware_json).collect(), answer.total)
}

/// `GET /lighting/version/{firmwareId}`.
pub async fn version_detail(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(firmware_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::FirmwareIdRequest { firmware_id: path_id(&firmware_id, Msg::FirmwareIdInvalid, lang)? };
    let answer = call(&info, firmware(&state).get_firmware(info.ctx.request(request))).await?;
    ok_data(lang, firmware_json(&answer))
}

/// `POST /lighting/version`: multipart `file` (the .bin), `version`, `gatewayType`, `notes`.
pub async fn version_upload(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult {
    let lang = info.lang();
    let form = uploaded_form(multipart, IMAGE_FIELD, state.body_limit, &Msg::UploadFileMissing, lang)
        .await
        .map_err(|err| too_large_as_firmware(err, lang))?;
    let field = |name: &str| form.fields.get(name).cloned().unwrap_or_default();
    let request = pb::UploadFirmwareRequest {
        file_name: form.file_name.clone(),
        image: form.content.to_vec(),
        version: field("version"),
        gateway_type: field("gatewayType"),
        notes: field("notes"),
    };
    let answer = call(&info, firmware(&state).upload_firmware(info.ctx.request(request))).await?;
    ok_data(lang, json!({ "firmwareId": answer.firmware_id, "sha256": answer.sha256 }))
}

/// A body over the edge's limit is an image over 500 KB: the firmware's own message.
fn too_large_as_firmware(err: ApiError, lang: Lang) -> ApiError {
    if err.status == 413 { ApiError::new(ErrorCode::BadRequest, &Msg::FirmwareTooLarge, lang) } else { err }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FirmwareEditBody {
    #[serde(default)]
    firmware_id: Value,
    notes: Option<String>,
}

/// `PUT /lighting/version`: the notes (nothing else of an image changes).
pub async fn version_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<FirmwareEditBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::EditFirmwareRequest { firmware_id: id(&body.firmware_id), notes: body.notes.unwrap_or_default() };
    let answer = call(&info, firmware(&state).edit_firmware(info.ctx.request(request))).await?;
    ok_data(lang, firmware_json(&answer))
}

/// `DELETE /lighting/version/{ids}`: all or none.
pub async fn version_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(firmware_ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::RemoveFirmwareRequest { firmware_ids: path_ids(&firmware_ids, Msg::FirmwareIdInvalid, lang)? };
    call(&info, firmware(&state).remove_firmware(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UpgradeGatewaysQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    gateway_name: String,
    #[serde(default)]
    gateway_type: String,
    #[serde(default)]
    upgrade_state: String,
}

/// `GET /lighting/upgrade/gateways`: the gateways with their version and latest upgrade.
pub async fn upgrade_gateways(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<UpgradeGatewaysQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let request = pb::ListUpgradeGatewaysRequest {
        page_num,
        page_size,
        gateway_name: query.gateway_name,
        gateway_type: query.gateway_type,
        upgrade_state: query.upgrade_state,
    };
    let answer = call(&info, firmware(&state).list_upgrade_gateways(info.ctx.request(request))).await?;
    let rows = answer
        .rows
        .iter()
        .map(|g| {
            json!({
                "gatewayId": g.gateway_id,
                "gatewayName": g.gateway_name,
                "gatewayNumber": g.gateway_number,
                "gatewayType": g.gateway_type,
                "brand": g.brand,
                "version": g.version,
                "online": flag(g.online),
                "upgradeState": g.upgrade_state,
                "targetVersion": Some(g.target_version.as_str()).filter(|v| !v.is_empty()),
                "progress": g.progress,
                "upgradeTime": local_time(g.upgrade_time_ms),
            })
        })
        .collect();
    ok_table(lang, rows, answer.total)
}

fn campaign_json(c: &pb::Campaign) -> Value {
    json!({
        "campaignId": c.campaign_id,
        "firmwareId": Some(c.firmware_id).filter(|id| *id > 0),
        "version": c.version,
        "gatewayType": c.gateway_type,
        "state": c.state,
        "concurrency": c.concurrency,
        "failureThreshold": c.failure_threshold,
        "total": c.total,
        "notUpgraded": c.not_upgraded,
        "upgrading": c.upgrading,
        "success": c.success,
        "failed": c.failed,
        "progress": c.progress,
        "stopReason": Some(c.stop_reason.as_str()).filter(|r| !r.is_empty()),
        "createBy": c.create_by,
        "createTime": local_time(c.create_time_ms),
        "finishTime": local_time(c.finish_time_ms),
    })
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CampaignListQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    state: String,
}

/// `GET /lighting/upgrade/list`: the campaigns, newest first, with their counts.
pub async fn campaign_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<CampaignListQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let request = pb::ListCampaignsRequest { page_num, page_size, state: query.state };
    let answer = call(&info, firmware(&state).list_campaigns(info.ctx.request(request))).await?;
    ok_table(lang, answer.rows.iter().map(campaign_json).collect(), answer.total)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TargetListQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    upgrade_state: String,
}

/// `GET /lighting/upgrade/{campaignId}/targets`: a campaign's gateways and their progress.
pub async fn campaign_targets(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(campaign_id): Path<String>,
    ApiQuery(query): ApiQuery<TargetListQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let request = pb::ListCampaignTargetsRequest {
        campaign_id: path_id(&campaign_id, Msg::CampaignIdInvalid, lang)?,
        page_num,
        page_size,
        upgrade_state: query.upgrade_state,
    };
    let answer = call(&info, firmware(&state).list_campaign_targets(info.ctx.request(request))).await?;
    let rows = answer
        .rows
        .iter()
        .map(|t| {
            json!({
                "gatewayId": t.gateway_id,
                "gatewayName": t.gateway_name,
                "gatewayNumber": t.gateway_number,
                "fromVersion": t.from_version,
                "upgradeState": t.upgrade_state,
                "progress": t.progress,
                "chunksSent": t.chunks_sent,
                "chunkCount": t.chunk_count,
                "phase": t.phase,
                "attempts": t.attempts,
                "error": Some(t.error.as_str()).filter(|e| !e.is_empty()),
                "startTime": local_time(t.start_time_ms),
                "finishTime": local_time(t.finish_time_ms),
            })
        })
        .collect();
    ok_table(lang, rows, answer.total)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CampaignBody {
    #[serde(default)]
    firmware_id: Value,
    #[serde(default)]
    scope: String,
    #[serde(default)]
    group_id: Value,
    #[serde(default)]
    gateway_ids: Value,
    #[serde(default)]
    concurrency: Value,
    #[serde(default)]
    failure_threshold: Value,
}

/// `POST /lighting/upgrade`: a campaign of one image to the project's, a group's or chosen
/// gateways.
pub async fn campaign_start(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<CampaignBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::StartCampaignRequest {
        firmware_id: id(&body.firmware_id),
        scope: body.scope,
        group_id: id(&body.group_id),
        gateway_ids: ids(&body.gateway_ids),
        concurrency: whole(&body.concurrency),
        failure_threshold: whole(&body.failure_threshold),
    };
    let answer = call(&info, firmware(&state).start_campaign(info.ctx.request(request))).await?;
    ok_data(lang, json!({ "campaignId": answer.campaign_id, "total": answer.total }))
}

async fn control(state: &EdgeState, info: &RequestInfo, campaign_id: &str, action: &str) -> ApiResult {
    let lang = info.lang();
    let request = pb::ControlCampaignRequest {
        campaign_id: path_id(campaign_id, Msg::CampaignIdInvalid, lang)?,
        action: action.to_owned(),
    };
    let answer = call(info, firmware(state).control_campaign(info.ctx.request(request))).await?;
    ok_data(lang, campaign_json(&answer))
}

/// `PUT /lighting/upgrade/{campaignId}/pause`: no new chunk starts; gateways resume later.
pub async fn campaign_pause(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(campaign_id): Path<String>,
) -> ApiResult {
    control(&state, &info, &campaign_id, "pause").await
}

/// `PUT /lighting/upgrade/{campaignId}/resume`: a paused or stopped campaign goes on.
pub async fn campaign_resume(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(campaign_id): Path<String>,
) -> ApiResult {
    control(&state, &info, &campaign_id, "resume").await
}

/// `PUT /lighting/upgrade/{campaignId}/cancel`: the campaign ends; gateways not committed
/// stay not upgraded.
pub async fn campaign_cancel(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(campaign_id): Path<String>,
) -> ApiResult {
    control(&state, &info, &campaign_id, "cancel").await
}
