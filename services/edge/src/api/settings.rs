//! Parameters and dictionaries as administrators edit them (spec section 7; RuoYi-Vue's
//! `api/system/config.js` and `api/system/dict/*.js`). The handlers only reshape; every
//! rule and message is identity's. Shapes: docs/api-compatibility.md.

use axum::Extension;
use axum::extract::{Path, State};
use axum::response::Response;
use lumiscape_common::Lang;
use lumiscape_common::i18n::Msg;
use lumiscape_proto::identity::v1 as pb;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::convert::{PageQuery, day_start, flag, id, local_time, path_id, path_ids, text, whole};
use crate::envelope::{
    ApiError, ApiForm, ApiJson, ApiQuery, ApiResult, Table, call, ok_data, ok_table, ok_with, xlsx_download,
};
use crate::request::RequestInfo;
use crate::state::EdgeState;

fn yes_no(on: bool) -> &'static str {
    if on { "Y" } else { "N" }
}

// --- parameters --------------------------------------------------------------------------

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfigFilterQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    config_name: String,
    #[serde(default)]
    config_key: String,
    #[serde(default)]
    config_type: String,
    #[serde(rename = "params[beginTime]")]
    params_begin_time: Option<String>,
    #[serde(rename = "params[endTime]")]
    params_end_time: Option<String>,
}

impl ConfigFilterQuery {
    fn request(self, lang: Lang) -> Result<pb::ListConfigsRequest, ApiError> {
        let (page_num, page_size) = self.page.numbers(lang)?;
        Ok(pb::ListConfigsRequest {
            config_name: self.config_name,
            config_key: self.config_key,
            page_num,
            page_size,
            config_type: self.config_type,
            begin_time_ms: day_start(self.params_begin_time, 0, lang)?,
            end_time_ms: day_start(self.params_end_time, 1, lang)?,
        })
    }
}

fn config_json(c: &pb::ConfigEntry) -> Value {
    json!({
        "configId": c.config_id,
        "configName": c.config_name,
        "configKey": c.config_key,
        "configValue": c.config_value,
        "configType": c.config_type,
        "isPublic": flag(c.is_public),
        "remark": c.remark,
        "createTime": local_time(c.create_time_ms),
    })
}

pub async fn config_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<ConfigFilterQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let request = query.request(lang)?;
    let answer = call(&info, state.clients.config().list_configs(info.ctx.request(request))).await?;
    let rows: Vec<Value> = answer.rows.iter().map(config_json).collect();
    ok_table(lang, rows, answer.total)
}

pub async fn config_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(config_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::SettingIdRequest { id: path_id(&config_id, Msg::ConfigIdInvalid, lang)? };
    let entry = call(&info, state.clients.config().get_config(info.ctx.request(request))).await?;
    ok_data(lang, config_json(&entry))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfigBody {
    #[serde(default)]
    config_id: Value,
    #[serde(default)]
    config_name: Value,
    #[serde(default)]
    config_key: Value,
    #[serde(default)]
    config_value: Value,
    #[serde(default)]
    config_type: Value,
    #[serde(default)]
    is_public: Value,
    #[serde(default)]
    remark: Value,
}

impl ConfigBody {
    fn input(&self) -> pb::ConfigInput {
        pb::ConfigInput {
            config_id: id(&self.config_id),
            config_name: text(&self.config_name),
            config_key: text(&self.config_key),
            config_value: text(&self.config_value),
            config_type: text(&self.config_type),
            is_public: text(&self.is_public),
            remark: text(&self.remark),
        }
    }
}

pub async fn config_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<ConfigBody>,
) -> ApiResult {
    call(&info, state.clients.config().add_config(info.ctx.request(body.input()))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn config_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<ConfigBody>,
) -> ApiResult {
    call(&info, state.clients.config().edit_config(info.ctx.request(body.input()))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn config_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::RemoveSettingsRequest { ids: path_ids(&ids, Msg::ConfigIdInvalid, lang)? };
    call(&info, state.clients.config().remove_configs(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

pub async fn config_clear_cache(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    call(&info, state.clients.config().clear_config_cache(info.ctx.request(pb::ClearCacheRequest {}))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn config_export(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiForm(filter): ApiForm<ConfigFilterQuery>,
) -> Result<Response, ApiError> {
    let request = filter.request(info.lang())?;
    let file = call(&info, state.clients.config().export_configs(info.ctx.request(request))).await?;
    Ok(xlsx_download(file.file_name, file.content))
}

// --- dictionary types ----------------------------------------------------------------------

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DictTypeFilterQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    dict_name: String,
    #[serde(default)]
    dict_type: String,
    #[serde(default)]
    status: String,
    #[serde(rename = "params[beginTime]")]
    params_begin_time: Option<String>,
    #[serde(rename = "params[endTime]")]
    params_end_time: Option<String>,
}

impl DictTypeFilterQuery {
    fn request(self, lang: Lang) -> Result<pb::ListDictTypesRequest, ApiError> {
        let (page_num, page_size) = self.page.numbers(lang)?;
        Ok(pb::ListDictTypesRequest {
            page_num,
            page_size,
            dict_name: self.dict_name,
            dict_type: self.dict_type,
            status: self.status,
            begin_time_ms: day_start(self.params_begin_time, 0, lang)?,
            end_time_ms: day_start(self.params_end_time, 1, lang)?,
        })
    }
}

fn type_json(t: &pb::DictType) -> Value {
    json!({
        "dictId": t.dict_id,
        "dictName": t.dict_name,
        "dictNameEn": t.dict_name_en,
        "dictType": t.dict_type,
        "status": t.status,
        "builtin": flag(t.builtin),
        "remark": t.remark,
        "createTime": local_time(t.create_time_ms),
    })
}

pub async fn dict_type_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<DictTypeFilterQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let request = query.request(lang)?;
    let answer = call(&info, state.clients.dict().list_dict_types(info.ctx.request(request))).await?;
    let rows: Vec<Value> = answer.rows.iter().map(type_json).collect();
    ok_table(lang, rows, answer.total)
}

/// Every type for a select (RuoYi's optionselect): the largest page.
pub async fn dict_type_options(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let request =
        pb::ListDictTypesRequest { page_size: Some(lumiscape_common::paging::MAX_PAGE_SIZE), ..Default::default() };
    let answer = call(&info, state.clients.dict().list_dict_types(info.ctx.request(request))).await?;
    ok_data(info.lang(), answer.rows.iter().map(type_json).collect())
}

pub async fn dict_type_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(dict_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::SettingIdRequest { id: path_id(&dict_id, Msg::DictIdInvalid, lang)? };
    let found = call(&info, state.clients.dict().get_dict_type(info.ctx.request(request))).await?;
    ok_data(lang, type_json(&found))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DictTypeBody {
    #[serde(default)]
    dict_id: Value,
    #[serde(default)]
    dict_name: Value,
    #[serde(default)]
    dict_name_en: Value,
    #[serde(default)]
    dict_type: Value,
    #[serde(default)]
    status: Value,
    #[serde(default)]
    remark: Value,
}

impl DictTypeBody {
    fn input(&self) -> pb::DictTypeInput {
        pb::DictTypeInput {
            dict_id: id(&self.dict_id),
            dict_name: text(&self.dict_name),
            dict_name_en: text(&self.dict_name_en),
            dict_type: text(&self.dict_type),
            status: text(&self.status),
            remark: text(&self.remark),
        }
    }
}

pub async fn dict_type_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<DictTypeBody>,
) -> ApiResult {
    call(&info, state.clients.dict().add_dict_type(info.ctx.request(body.input()))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn dict_type_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<DictTypeBody>,
) -> ApiResult {
    call(&info, state.clients.dict().edit_dict_type(info.ctx.request(body.input()))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn dict_type_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::RemoveSettingsRequest { ids: path_ids(&ids, Msg::DictIdInvalid, lang)? };
    call(&info, state.clients.dict().remove_dict_types(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

pub async fn dict_clear_cache(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    call(&info, state.clients.dict().clear_dict_cache(info.ctx.request(pb::ClearCacheRequest {}))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn dict_type_export(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiForm(filter): ApiForm<DictTypeFilterQuery>,
) -> Result<Response, ApiError> {
    let request = filter.request(info.lang())?;
    let file = call(&info, state.clients.dict().export_dict_types(info.ctx.request(request))).await?;
    Ok(xlsx_download(file.file_name, file.content))
}

// --- dictionary items ----------------------------------------------------------------------

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DictDataFilterQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    dict_type: String,
    #[serde(default)]
    dict_label: String,
    #[serde(default)]
    status: String,
}

impl DictDataFilterQuery {
    fn request(self, lang: Lang) -> Result<pb::ListDictDataRequest, ApiError> {
        let (page_num, page_size) = self.page.numbers(lang)?;
        Ok(pb::ListDictDataRequest {
            page_num,
            page_size,
            dict_type: self.dict_type,
            dict_label: self.dict_label,
            status: self.status,
        })
    }
}

/// An item as the administration shows it (the lookup by type is `system::dict_by_type`).
fn data_json(d: &pb::DictData) -> Value {
    json!({
        "dictCode": d.dict_code,
        "dictSort": d.dict_sort,
        "dictLabel": d.dict_label,
        "dictLabelEn": d.dict_label_en,
        "dictValue": d.dict_value,
        "dictType": d.dict_type,
        "cssClass": d.css_class,
        "listClass": d.list_class,
        "isDefault": yes_no(d.is_default),
        "status": d.status,
        "builtin": flag(d.builtin),
        "remark": d.remark,
        "createTime": local_time(d.create_time_ms),
    })
}

pub async fn dict_data_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<DictDataFilterQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let request = query.request(lang)?;
    let answer = call(&info, state.clients.dict().list_dict_data(info.ctx.request(request))).await?;
    let rows: Vec<Value> = answer.rows.iter().map(data_json).collect();
    ok_table(lang, rows, answer.total)
}

pub async fn dict_data_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(dict_code): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::SettingIdRequest { id: path_id(&dict_code, Msg::DictIdInvalid, lang)? };
    let found = call(&info, state.clients.dict().get_dict_data(info.ctx.request(request))).await?;
    ok_data(lang, data_json(&found))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DictDataBody {
    #[serde(default)]
    dict_code: Value,
    #[serde(default)]
    dict_sort: Value,
    #[serde(default)]
    dict_label: Value,
    #[serde(default)]
    dict_label_en: Value,
    #[serde(default)]
    dict_value: Value,
    #[serde(default)]
    dict_type: Value,
    #[serde(default)]
    css_class: Value,
    #[serde(default)]
    list_class: Value,
    #[serde(default)]
    is_default: Value,
    #[serde(default)]
    status: Value,
    #[serde(default)]
    remark: Value,
}

impl DictDataBody {
    fn input(&self) -> pb::DictDataInput {
        pb::DictDataInput {
            dict_code: id(&self.dict_code),
            dict_sort: if self.dict_sort.is_null() { 0 } else { whole(&self.dict_sort) },
            dict_label: text(&self.dict_label),
            dict_label_en: text(&self.dict_label_en),
            dict_value: text(&self.dict_value),
            dict_type: text(&self.dict_type),
            css_class: text(&self.css_class),
            list_class: text(&self.list_class),
            is_default: text(&self.is_default),
            status: text(&self.status),
            remark: text(&self.remark),
        }
    }
}

pub async fn dict_data_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<DictDataBody>,
) -> ApiResult {
    call(&info, state.clients.dict().add_dict_data(info.ctx.request(body.input()))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn dict_data_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<DictDataBody>,
) -> ApiResult {
    call(&info, state.clients.dict().edit_dict_data(info.ctx.request(body.input()))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn dict_data_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::RemoveSettingsRequest { ids: path_ids(&ids, Msg::DictIdInvalid, lang)? };
    call(&info, state.clients.dict().remove_dict_data(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

pub async fn dict_data_export(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiForm(filter): ApiForm<DictDataFilterQuery>,
) -> Result<Response, ApiError> {
    let request = filter.request(info.lang())?;
    let file = call(&info, state.clients.dict().export_dict_data(info.ctx.request(request))).await?;
    Ok(xlsx_download(file.file_name, file.content))
}
