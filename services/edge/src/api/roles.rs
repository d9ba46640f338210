//! Roles (RuoYi-Vue's `/system/role` and the menu trees of its form): the handlers only
//! reshape; every rule and message is identity's. Shapes: docs/api-compatibility.md.

use axum::Extension;
use axum::extract::{Path, State};
use axum::response::Response;
use lumiscape_common::Lang;
use lumiscape_common::i18n::Msg;
use lumiscape_proto::identity::v1 as pb;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::users::UserJson;
use crate::api::users::node_json;
use crate::convert::{PageQuery, day_start, id, ids, local_time, path_id, path_ids, text, whole};
use crate::envelope::{
    ApiError, ApiForm, ApiJson, ApiQuery, ApiResult, Table, call, ok_data, ok_table, ok_with, xlsx_download,
};
use crate::request::RequestInfo;
use crate::state::EdgeState;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleFilterQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    role_name: String,
    #[serde(default)]
    role_key: String,
    #[serde(default)]
    status: String,
    #[serde(rename = "params[beginTime]")]
    params_begin_time: Option<String>,
    #[serde(rename = "params[endTime]")]
    params_end_time: Option<String>,
}

impl RoleFilterQuery {
    fn request(self, lang: Lang) -> Result<pb::ListRolesRequest, ApiError> {
        let (page_num, page_size) = self.page.numbers(lang)?;
        Ok(pb::ListRolesRequest {
            page_num,
            page_size,
            role_name: self.role_name,
            role_key: self.role_key,
            status: self.status,
            begin_time_ms: day_start(self.params_begin_time, 0, lang)?,
            end_time_ms: day_start(self.params_end_time, 1, lang)?,
        })
    }
}

fn role_json(role: &pb::Role) -> Value {
    json!({
        "roleId": role.role_id,
        "roleName": role.role_name,
        "roleKey": role.role_key,
        "roleSort": role.role_sort,
        "dataScope": role.data_scope,
        "menuCheckStrictly": role.menu_check_strictly,
        "deptCheckStrictly": role.dept_check_strictly,
        "status": role.status,
        "remark": role.remark,
        "createTime": local_time(role.create_time_ms),
        "admin": role.role_key == "admin",
        "flag": false,
    })
}

pub async fn role_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<RoleFilterQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let request = query.request(lang)?;
    let answer = call(&info, state.clients.roles().list_roles(info.ctx.request(request))).await?;
    let rows: Vec<Value> = answer.rows.iter().map(role_json).collect();
    ok_table(lang, rows, answer.total)
}

/// Every role for a select (RuoYi's optionselect): the largest page.
pub async fn role_options(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let request =
        pb::ListRolesRequest { page_size: Some(lumiscape_common::paging::MAX_PAGE_SIZE), ..Default::default() };
    let answer = call(&info, state.clients.roles().list_roles(info.ctx.request(request))).await?;
    ok_data(info.lang(), answer.rows.iter().map(role_json).collect())
}

pub async fn role_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(role_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::RoleIdRequest { role_id: path_id(&role_id, Msg::RoleIdInvalid, lang)? };
    let role = call(&info, state.clients.roles().get_role(info.ctx.request(request))).await?;
    ok_data(lang, role_json(&role))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleBody {
    #[serde(default)]
    role_id: Value,
    #[serde(default)]
    role_name: Value,
    #[serde(default)]
    role_key: Value,
    #[serde(default)]
    role_sort: Value,
    #[serde(default)]
    status: Value,
    #[serde(default)]
    menu_ids: Value,
    #[serde(default)]
    menu_check_strictly: Value,
    #[serde(default)]
    dept_check_strictly: Value,
    #[serde(default)]
    remark: Value,
}

impl RoleBody {
    fn input(&self) -> pb::RoleInput {
        pb::RoleInput {
            role_id: id(&self.role_id),
            role_name: text(&self.role_name),
            role_key: text(&self.role_key),
            role_sort: if self.role_sort.is_null() { 0 } else { whole(&self.role_sort) },
            status: text(&self.status),
            menu_ids: ids(&self.menu_ids),
            menu_check_strictly: text(&self.menu_check_strictly),
            dept_check_strictly: text(&self.dept_check_strictly),
            remark: text(&self.remark),
        }
    }
}

pub async fn role_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<RoleBody>,
) -> ApiResult {
    call(&info, state.clients.roles().add_role(info.ctx.request(body.input()))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn role_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<RoleBody>,
) -> ApiResult {
    call(&info, state.clients.roles().edit_role(info.ctx.request(body.input()))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn role_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(role_ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::RemoveRolesRequest { role_ids: path_ids(&role_ids, Msg::RoleIdInvalid, lang)? };
    call(&info, state.clients.roles().remove_roles(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleStatusBody {
    #[serde(default)]
    role_id: Value,
    #[serde(default)]
    status: Value,
}

pub async fn role_change_status(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<RoleStatusBody>,
) -> ApiResult {
    let request = pb::ChangeRoleStatusRequest { role_id: id(&body.role_id), status: text(&body.status) };
    call(&info, state.clients.roles().change_role_status(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({}))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DataScopeBody {
    #[serde(default)]
    role_id: Value,
    #[serde(default)]
    data_scope: Value,
    #[serde(default)]
    dept_ids: Value,
    #[serde(default)]
    dept_check_strictly: Value,
}

pub async fn role_data_scope(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<DataScopeBody>,
) -> ApiResult {
    let request = pb::DataScopeInput {
        role_id: id(&body.role_id),
        data_scope: text(&body.data_scope),
        dept_ids: ids(&body.dept_ids),
        dept_check_strictly: text(&body.dept_check_strictly),
    };
    call(&info, state.clients.roles().set_data_scope(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({}))
}

/// Every menu as a tree, for a new role's form.
pub async fn menu_tree(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let request = pb::RoleIdRequest { role_id: 0 };
    let answer = call(&info, state.clients.roles().role_menu_tree(info.ctx.request(request))).await?;
    ok_data(info.lang(), answer.nodes.iter().map(node_json).collect())
}

/// Every menu as a tree and the role's checked ones: `{checkedKeys, menus}`.
pub async fn role_menu_tree(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(role_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::RoleIdRequest { role_id: path_id(&role_id, Msg::RoleIdInvalid, lang)? };
    let answer = call(&info, state.clients.roles().role_menu_tree(info.ctx.request(request))).await?;
    let menus: Vec<Value> = answer.nodes.iter().map(node_json).collect();
    ok_with(lang, json!({ "checkedKeys": answer.checked_keys, "menus": menus }))
}

/// Every organization node as a tree and the role's custom-scope ones: `{checkedKeys, depts}`.
pub async fn role_dept_tree(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(role_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::RoleIdRequest { role_id: path_id(&role_id, Msg::RoleIdInvalid, lang)? };
    let answer = call(&info, state.clients.roles().role_dept_tree(info.ctx.request(request))).await?;
    let depts: Vec<Value> = answer.nodes.iter().map(node_json).collect();
    ok_with(lang, json!({ "checkedKeys": answer.checked_keys, "depts": depts }))
}

pub async fn role_export(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiForm(filter): ApiForm<RoleFilterQuery>,
) -> Result<Response, ApiError> {
    let request = filter.request(info.lang())?;
    let file = call(&info, state.clients.roles().export_roles(info.ctx.request(request))).await?;
    Ok(xlsx_download(file.file_name, file.content))
}

// ---- the role's user assignment (RuoYi's /system/role/authUser) ----

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleUsersQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    role_id: String,
    #[serde(default)]
    user_name: String,
    #[serde(default)]
    phonenumber: String,
}

async fn role_users(
    state: &EdgeState,
    info: &RequestInfo,
    query: RoleUsersQuery,
    allocated: bool,
) -> ApiResult<Table<UserJson>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let request = pb::ListRoleUsersRequest {
        page_num,
        page_size,
        role_id: query.role_id.trim().parse().unwrap_or(0),
        allocated,
        user_name: query.user_name,
        phonenumber: query.phonenumber,
    };
    let answer = call(info, state.clients.users().list_role_users(info.ctx.request(request))).await?;
    ok_table(lang, answer.rows.into_iter().map(UserJson::from).collect(), answer.total)
}

pub async fn role_allocated_users(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<RoleUsersQuery>,
) -> ApiResult<Table<UserJson>> {
    role_users(&state, &info, query, true).await
}

pub async fn role_unallocated_users(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<RoleUsersQuery>,
) -> ApiResult<Table<UserJson>> {
    role_users(&state, &info, query, false).await
}

/// RuoYi's `cancelAll` and `selectAll` send `roleId` and `userIds` ("1,2") as query
/// parameters.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleUsersParams {
    #[serde(default)]
    role_id: String,
    #[serde(default)]
    user_ids: String,
}

impl RoleUsersParams {
    fn input(&self) -> pb::RoleUsersInput {
        let user_ids = if self.user_ids.trim().is_empty() {
            Vec::new()
        } else {
            self.user_ids.split(',').map(|part| part.trim().parse().unwrap_or(0)).collect()
        };
        pb::RoleUsersInput { role_id: self.role_id.trim().parse().unwrap_or(0), user_ids }
    }
}

pub async fn role_grant_users(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(params): ApiQuery<RoleUsersParams>,
) -> ApiResult {
    call(&info, state.clients.users().grant_role_users(info.ctx.request(params.input()))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn role_cancel_users(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(params): ApiQuery<RoleUsersParams>,
) -> ApiResult {
    call(&info, state.clients.users().cancel_role_users(info.ctx.request(params.input()))).await?;
    ok_with(info.lang(), json!({}))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CancelBody {
    #[serde(default)]
    user_id: Value,
    #[serde(default)]
    role_id: Value,
}

/// Cancels the role of one user (RuoYi's `cancel`, a JSON body `{userId, roleId}`).
pub async fn role_cancel_user(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<CancelBody>,
) -> ApiResult {
    let request = pb::RoleUsersInput { role_id: id(&body.role_id), user_ids: vec![id(&body.user_id)] };
    call(&info, state.clients.users().cancel_role_users(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({}))
}
