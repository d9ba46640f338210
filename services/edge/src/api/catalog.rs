//! Equipment categories and types. The handlers only translate: every rule and every
//! message is the lighting service's.

use axum::Extension;
use axum::extract::{Path, State};
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::Transport;
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::device_catalog_service_client::DeviceCatalogServiceClient;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::convert::{PageQuery, edited_id, id, local_time, number, path_id, path_ids, whole};
use crate::envelope::{ApiJson, ApiQuery, ApiResult, Table, call, ok_data, ok_table, ok_with};
use crate::request::RequestInfo;
use crate::state::EdgeState;

fn catalog(state: &EdgeState) -> DeviceCatalogServiceClient<Transport> {
    DeviceCatalogServiceClient::new(state.clients.lighting_channel())
}

// --- categories -------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoryListQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    category_name: String,
    #[serde(default)]
    category_code: String,
}

fn category_json(c: &pb::Category) -> Value {
    json!({
        "categoryId": c.category_id,
        "categoryName": c.category_name,
        "categoryCode": c.category_code,
        "remark": c.remark,
        "typeCount": c.type_count,
        "createBy": c.create_by,
        "createTime": local_time(c.create_time_ms),
        "updateTime": local_time(c.update_time_ms),
    })
}

pub async fn category_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<CategoryListQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let request = pb::ListCategoriesRequest {
        page_num,
        page_size,
        category_name: query.category_name,
        category_code: query.category_code,
    };
    let answer = call(&info, catalog(&state).list_categories(info.ctx.request(request))).await?;
    ok_table(lang, answer.rows.iter().map(category_json).collect(), answer.total)
}

pub async fn category_detail(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(category_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::GetCategoryRequest { category_id: path_id(&category_id, Msg::CategoryNotFound, lang)? };
    let answer = call(&info, catalog(&state).get_category(info.ctx.request(request))).await?;
    ok_data(lang, category_json(&answer))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoryBody {
    #[serde(default)]
    category_id: Value,
    category_name: Option<String>,
    category_code: Option<String>,
    remark: Option<String>,
}

impl CategoryBody {
    fn input(self) -> pb::CategoryInput {
        pb::CategoryInput {
            category_name: self.category_name.unwrap_or_default(),
            category_code: self.category_code.unwrap_or_default(),
            remark: self.remark.unwrap_or_default(),
        }
    }
}

pub async fn category_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<CategoryBody>,
) -> ApiResult {
    let lang = info.lang();
    let answer = call(&info, catalog(&state).create_category(info.ctx.request(body.input()))).await?;
    ok_data(lang, json!(answer.category_id))
}

pub async fn category_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<CategoryBody>,
) -> ApiResult {
    let lang = info.lang();
    let category_id = edited_id(&body.category_id);
    let request = pb::UpdateCategoryRequest { category_id, category: Some(body.input()) };
    call(&info, catalog(&state).update_category(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

pub async fn category_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::DeleteCategoriesRequest { category_ids: path_ids(&ids, Msg::CategoryNotFound, lang)? };
    call(&info, catalog(&state).delete_categories(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

// --- types ------------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TypeListQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    type_name: String,
    category_id: Option<String>,
}

fn type_json(t: &pb::DeviceType) -> Value {
    json!({
        "typeId": t.type_id,
        "categoryId": t.category_id,
        "categoryName": t.category_name,
        "typeName": t.type_name,
        "typeCode": t.type_code,
        "typeValue": t.type_value,
        "statusCheckSeconds": t.status_check_seconds,
        "minimumBurnMinutes": t.minimum_burn_minutes,
        "remark": t.remark,
        "createBy": t.create_by,
        "createTime": local_time(t.create_time_ms),
        "updateTime": local_time(t.update_time_ms),
    })
}

pub async fn type_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<TypeListQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let category_id = number::<i64>(query.category_id.as_deref(), Msg::CategoryNotFound, lang)?.unwrap_or(0);
    let request = pb::ListTypesRequest { page_num, page_size, type_name: query.type_name, category_id };
    let answer = call(&info, catalog(&state).list_types(info.ctx.request(request))).await?;
    ok_table(lang, answer.rows.iter().map(type_json).collect(), answer.total)
}

pub async fn type_detail(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(type_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::GetTypeRequest { type_id: path_id(&type_id, Msg::TypeNotFound, lang)? };
    let answer = call(&info, catalog(&state).get_type(info.ctx.request(request))).await?;
    ok_data(lang, type_json(&answer))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TypeBody {
    #[serde(default)]
    type_id: Value,
    #[serde(default)]
    category_id: Value,
    type_name: Option<String>,
    type_code: Option<String>,
    #[serde(default)]
    type_value: Value,
    #[serde(default)]
    status_check_seconds: Value,
    #[serde(default)]
    minimum_burn_minutes: Value,
    remark: Option<String>,
}

impl TypeBody {
    fn input(self) -> pb::TypeInput {
        // An absent type value is refused as one out of range, not read as the top priority.
        let type_value = if self.type_value.is_null() { -1 } else { whole(&self.type_value) };
        pb::TypeInput {
            category_id: id(&self.category_id),
            type_name: self.type_name.unwrap_or_default(),
            type_code: self.type_code.unwrap_or_default(),
            type_value,
            status_check_seconds: whole(&self.status_check_seconds),
            minimum_burn_minutes: whole(&self.minimum_burn_minutes),
            remark: self.remark.unwrap_or_default(),
        }
    }
}

pub async fn type_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<TypeBody>,
) -> ApiResult {
    let lang = info.lang();
    let answer = call(&info, catalog(&state).create_type(info.ctx.request(body.input()))).await?;
    ok_data(lang, json!(answer.type_id))
}

pub async fn type_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<TypeBody>,
) -> ApiResult {
    let lang = info.lang();
    let type_id = edited_id(&body.type_id);
    let request = pb::UpdateTypeRequest { type_id, device_type: Some(body.input()) };
    call(&info, catalog(&state).update_type(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

pub async fn type_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::DeleteTypesRequest { type_ids: path_ids(&ids, Msg::TypeNotFound, lang)? };
    call(&info, catalog(&state).delete_types(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}
