//! The asset screen (spec: "assets"): asset types with their attributes, assets with their
//! net value, and receive, return, repair and scrap records (a scrap cancellable). The
//! maintenance service checks every field; the edge only reshapes (`crate::convert`).

use axum::Extension;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, Path, State};
use axum::response::Response;
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::Transport;
use lumiscape_proto::maintenance::v1 as pb;
use lumiscape_proto::maintenance::v1::asset_service_client::AssetServiceClient;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::maintenance::{record_id, record_ids};
use crate::convert::{PageQuery, decimal, edited_id, id, ids, local_time, path_id, switched, text, whole};
use crate::envelope::{
    ApiError, ApiForm, ApiJson, ApiQuery, ApiResult, Table, call, import_answer, ok_data, ok_table, ok_with,
    uploaded_file, xlsx_download,
};
use crate::request::RequestInfo;
use crate::state::EdgeState;

fn assets(state: &EdgeState) -> AssetServiceClient<Transport> {
    AssetServiceClient::new(state.clients.maintenance_channel())
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AssetListQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    keyword: String,
    #[serde(default)]
    type_id: Option<String>,
    /// Assets: the status.
    #[serde(default)]
    status: String,
    /// Records: the record type.
    #[serde(default)]
    record_type: String,
}

impl AssetListQuery {
    fn request(self, info: &RequestInfo) -> Result<pb::ListAssetsRequest, ApiError> {
        let lang = info.lang();
        let (page_num, page_size) = self.page.numbers(lang)?;
        let type_id = match self.type_id.as_deref().map(str::trim) {
            None | Some("") => 0,
            Some(text) => path_id(text, Msg::AssetIdInvalid, lang)?,
        };
        let status = if self.record_type.trim().is_empty() { self.status } else { self.record_type };
        Ok(pb::ListAssetsRequest { page_num, page_size, keyword: self.keyword, type_id, status })
    }
}

/// A list in a body: its items, or the one value; absent is empty.
fn items(value: &Value) -> Vec<&Value> {
    match value {
        Value::Null => Vec::new(),
        Value::Array(items) => items.iter().collect(),
        other => vec![other],
    }
}

// ---- types ----

pub async fn type_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<AssetListQuery>,
) -> ApiResult<Table<Value>> {
    let request = query.request(&info)?;
    let answer = call(&info, assets(&state).list_asset_types(info.ctx.request(request))).await?;
    ok_table(info.lang(), answer.rows.iter().map(type_json).collect(), answer.total)
}

pub async fn type_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(type_id): Path<String>,
) -> ApiResult {
    let request = record_id(&type_id, Msg::AssetIdInvalid, &info)?;
    let found = call(&info, assets(&state).get_asset_type(info.ctx.request(request))).await?;
    ok_data(info.lang(), type_json(&found))
}

pub async fn type_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<Value>,
) -> ApiResult {
    save_type(state, info, &body, 0).await
}

pub async fn type_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<Value>,
) -> ApiResult {
    let type_id = edited_id(&body["typeId"]);
    save_type(state, info, &body, type_id).await
}

async fn save_type(state: EdgeState, info: RequestInfo, body: &Value, type_id: i64) -> ApiResult {
    let attribute = |a: &Value| pb::AssetAttribute {
        attr_code: text(&a["attrCode"]),
        name_zh: text(&a["nameZh"]),
        name_en: text(&a["nameEn"]),
        value_type: text(&a["valueType"]),
        default_value: text(&a["defaultValue"]),
        multiple: switched(&a["multiple"]),
        required: switched(&a["required"]),
        verify: switched(&a["verify"]),
        min: decimal(&a["min"]),
        max: decimal(&a["max"]),
        options: items(&a["options"])
            .into_iter()
            .map(|o| pb::AssetOption {
                value: text(&o["value"]),
                label_zh: text(&o["labelZh"]),
                label_en: text(&o["labelEn"]),
                is_default: switched(&o["isDefault"]),
            })
            .collect(),
    };
    let request = pb::AssetType {
        type_id,
        type_code: text(&body["typeCode"]),
        name_zh: text(&body["nameZh"]),
        name_en: text(&body["nameEn"]),
        remark: text(&body["remark"]),
        attributes: items(&body["attributes"]).into_iter().map(attribute).collect(),
        asset_count: 0,
        create_time_ms: 0,
    };
    let saved = call(&info, assets(&state).save_asset_type(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "typeId": saved.id }))
}

pub async fn type_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(type_ids): Path<String>,
) -> ApiResult {
    let request = record_ids(&type_ids, Msg::AssetIdInvalid, &info)?;
    let deleted = call(&info, assets(&state).delete_asset_types(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "deleted": deleted.deleted }))
}

// ---- assets ----

pub async fn asset_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<AssetListQuery>,
) -> ApiResult<Table<Value>> {
    let request = query.request(&info)?;
    let answer = call(&info, assets(&state).list_assets(info.ctx.request(request))).await?;
    ok_table(info.lang(), answer.rows.iter().map(asset_json).collect(), answer.total)
}

pub async fn asset_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(asset_id): Path<String>,
) -> ApiResult {
    let request = record_id(&asset_id, Msg::AssetIdInvalid, &info)?;
    let found = call(&info, assets(&state).get_asset(info.ctx.request(request))).await?;
    ok_data(info.lang(), asset_json(&found))
}

pub async fn asset_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<Value>,
) -> ApiResult {
    save_asset(state, info, &body, 0).await
}

pub async fn asset_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<Value>,
) -> ApiResult {
    let asset_id = edited_id(&body["assetId"]);
    save_asset(state, info, &body, asset_id).await
}

async fn save_asset(state: EdgeState, info: RequestInfo, body: &Value, asset_id: i64) -> ApiResult {
    let request = pb::Asset {
        asset_id,
        asset_code: text(&body["assetCode"]),
        asset_name: text(&body["assetName"]),
        type_id: id(&body["typeId"]),
        expire_date: text(&body["expireDate"]),
        model: text(&body["model"]),
        brand: text(&body["brand"]),
        address: text(&body["address"]),
        supplier: text(&body["supplier"]),
        initial_value: text(&body["initialValue"]),
        residual_rate: text(&body["residualRate"]),
        start_date: text(&body["startDate"]),
        // Absent is 0 and unreadable -1: both refused as out of range.
        limit_months: whole(&body["limitMonths"]),
        image: text(&body["image"]),
        attachment: text(&body["attachment"]),
        attributes: items(&body["attributes"])
            .into_iter()
            .map(|a| pb::AssetValue { attr_code: text(&a["attrCode"]), value: text(&a["value"]) })
            .collect(),
        ..Default::default()
    };
    let saved = call(&info, assets(&state).save_asset(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "assetId": saved.id }))
}

pub async fn asset_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(asset_ids): Path<String>,
) -> ApiResult {
    let request = record_ids(&asset_ids, Msg::AssetIdInvalid, &info)?;
    let deleted = call(&info, assets(&state).delete_assets(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "deleted": deleted.deleted }))
}

// ---- records ----

pub async fn record_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<AssetListQuery>,
) -> ApiResult<Table<Value>> {
    let request = query.request(&info)?;
    let answer = call(&info, assets(&state).list_asset_records(info.ctx.request(request))).await?;
    ok_table(info.lang(), answer.rows.iter().map(record_json).collect(), answer.total)
}

pub async fn record_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(path): Path<String>,
) -> ApiResult {
    let request = record_id(&path, Msg::AssetIdInvalid, &info)?;
    let found = call(&info, assets(&state).get_asset_record(info.ctx.request(request))).await?;
    ok_data(info.lang(), record_json(&found))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct RecordBody {
    asset_ids: Value,
    record_id: Value,
    person: Value,
    record_date: Value,
    remark: Value,
}

async fn add_record(state: EdgeState, info: RequestInfo, body: RecordBody, record_type: &str) -> ApiResult {
    let request = pb::AssetRecordInput {
        record_type: record_type.to_owned(),
        asset_ids: ids(&body.asset_ids),
        source_id: id(&body.record_id),
        person: text(&body.person),
        record_date: text(&body.record_date),
        remark: text(&body.remark),
    };
    let saved = call(&info, assets(&state).add_asset_record(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "recordId": saved.id }))
}

macro_rules! record {
    ($(#[$doc:meta])* $name:ident = $code:literal) => {
        $(#[$doc])*
        pub async fn $name(
            State(state): State<EdgeState>,
            Extension(info): Extension<RequestInfo>,
            ApiJson(body): ApiJson<RecordBody>,
        ) -> ApiResult {
            add_record(state, info, body, $code).await
        }
    };
}

record!(
    /// `POST /operation/asset/record/receive`: idle assets received (in use).
    receive = "1"
);
record!(
    /// `POST /operation/asset/record/return`: the assets of one receive or repair record back.
    return_assets = "2"
);
record!(
    /// `POST /operation/asset/record/repair`: assets sent to repair.
    repair = "3"
);
record!(
    /// `POST /operation/asset/record/scrap`: assets scrapped.
    scrap = "4"
);

/// `PUT /operation/asset/record/cancelScrap/{recordId}`.
pub async fn cancel_scrap(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(path): Path<String>,
) -> ApiResult {
    let request = record_id(&path, Msg::AssetIdInvalid, &info)?;
    let done = call(&info, assets(&state).cancel_scrap(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "recordId": done.id }))
}

// ---- workbooks ----

/// `POST /operation/asset/export`: the filtered assets as xlsx (form body, as RuoYi's exports).
pub async fn export(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiForm(query): ApiForm<AssetListQuery>,
) -> Result<Response, ApiError> {
    let request = query.request(&info)?;
    let file = call(&info, assets(&state).export_assets(info.ctx.request(request))).await?;
    Ok(xlsx_download(file.file_name, file.content))
}

pub async fn import_template(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
) -> Result<Response, ApiError> {
    let request = pb::AssetImportTemplateRequest {};
    let file = call(&info, assets(&state).asset_import_template(info.ctx.request(request))).await?;
    Ok(xlsx_download(file.file_name, file.content))
}

/// `POST /operation/asset/importData`: the assets of an xls or xlsx file (multipart `file`),
/// all or none; RuoYi's refusal lists every bad row.
pub async fn import(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, ApiError> {
    let lang = info.lang();
    let (file_name, content) =
        uploaded_file(multipart, "file", state.body_limit, &Msg::ImportFileMissing, lang).await?;
    let request = pb::ImportAssetsRequest { file_name, content: content.to_vec() };
    let answer = call(&info, assets(&state).import_assets(info.ctx.request(request))).await?;
    let failures: Vec<Value> =
        answer.failures.iter().map(|f| json!({ "row": f.row, "assetCode": f.asset_code, "msg": f.msg })).collect();
    Ok(import_answer(lang, answer.created, None, failures))
}

// ---- shapes ----

fn type_json(t: &pb::AssetType) -> Value {
    json!({
        "typeId": t.type_id,
        "typeCode": t.type_code,
        "nameZh": t.name_zh,
        "nameEn": t.name_en,
        "remark": t.remark,
        "attributes": t.attributes.iter().map(|a| json!({
            "attrCode": a.attr_code,
            "nameZh": a.name_zh,
            "nameEn": a.name_en,
            "valueType": a.value_type,
            "defaultValue": a.default_value,
            "multiple": a.multiple,
            "required": a.required,
            "verify": a.verify,
            "min": a.min,
            "max": a.max,
            "options": a.options.iter().map(|o| json!({
                "value": o.value, "labelZh": o.label_zh, "labelEn": o.label_en, "isDefault": o.is_default,
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "assetCount": t.asset_count,
        "createTime": local_time(t.create_time_ms),
    })
}

fn asset_json(a: &pb::Asset) -> Value {
    json!({
        "assetId": a.asset_id,
        "assetCode": a.asset_code,
        "assetName": a.asset_name,
        "typeId": a.type_id,
        "typeNameZh": a.type_name_zh,
        "typeNameEn": a.type_name_en,
        "status": a.status,
        "expireDate": if a.expire_date.is_empty() { Value::Null } else { json!(a.expire_date) },
        "model": a.model,
        "brand": a.brand,
        "address": a.address,
        "supplier": a.supplier,
        "initialValue": a.initial_value,
        "residualRate": a.residual_rate,
        "netValue": a.net_value,
        "startDate": a.start_date,
        "limitMonths": a.limit_months,
        "image": a.image,
        "attachment": a.attachment,
        "attributes": a.attributes.iter().map(|v| json!({ "attrCode": v.attr_code, "value": v.value })).collect::<Vec<_>>(),
        "createTime": local_time(a.create_time_ms),
    })
}

fn record_json(r: &pb::AssetRecord) -> Value {
    json!({
        "recordId": r.record_id,
        "recordType": r.record_type,
        "person": r.person,
        "recordDate": r.record_date,
        "remark": r.remark,
        "status": r.status,
        "sourceId": if r.source_id > 0 { json!(r.source_id) } else { Value::Null },
        "items": r.items.iter().map(|i| json!({
            "assetId": i.asset_id, "assetCode": i.asset_code, "assetName": i.asset_name, "prevStatus": i.prev_status,
        })).collect::<Vec<_>>(),
        "createdBy": r.created_by,
        "createTime": local_time(r.create_time_ms),
    })
}
