//! Organization and users (RuoYi-Vue's `/system/dept` and `/system/user`): the handlers
//! only reshape; every rule and message is identity's. Shapes: docs/api-compatibility.md.

use axum::Extension;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, Path, State};
use axum::response::Response;
use lumiscape_common::i18n::Msg;
use lumiscape_common::{ErrorCode, Lang};
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::user_admin_service_client::UserAdminServiceClient;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::convert::{PageQuery, day_start, flag, id, ids, local_time, number, path_id, path_ids, text, whole};
use crate::envelope::{
    ApiError, ApiForm, ApiJson, ApiQuery, ApiResult, Table, call, import_answer, ok_data, ok_table, ok_with,
    uploaded_file, xlsx_download,
};
use crate::request::RequestInfo;
use crate::state::EdgeState;

/// The multipart field carrying an imported workbook (RuoYi's).
const IMPORT_FIELD: &str = "file";

// --- organization ----------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeptListQuery {
    #[serde(default)]
    dept_name: String,
    #[serde(default)]
    status: String,
}

fn dept_json(dept: &pb::Dept) -> Value {
    json!({
        "deptId": dept.dept_id,
        "parentId": dept.parent_id,
        "ancestors": dept.ancestors,
        "deptName": dept.dept_name,
        "deptCode": dept.dept_code,
        "deptType": dept.dept_type,
        "orderNum": dept.order_num,
        "leader": dept.leader,
        "phone": dept.phone,
        "email": dept.email,
        "status": dept.status,
        "createTime": local_time(dept.create_time_ms),
    })
}

pub async fn dept_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<DeptListQuery>,
) -> ApiResult {
    let request = pb::ListDeptsRequest { dept_name: query.dept_name, status: query.status };
    let answer = call(&info, state.clients.organization().list_depts(info.ctx.request(request))).await?;
    ok_data(info.lang(), answer.depts.iter().map(dept_json).collect())
}

pub async fn dept_list_excluding(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(dept_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::DeptIdRequest { dept_id: path_id(&dept_id, Msg::DeptIdInvalid, lang)? };
    let answer = call(&info, state.clients.organization().list_depts_excluding(info.ctx.request(request))).await?;
    ok_data(lang, answer.depts.iter().map(dept_json).collect())
}

pub async fn dept_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(dept_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::DeptIdRequest { dept_id: path_id(&dept_id, Msg::DeptIdInvalid, lang)? };
    let dept = call(&info, state.clients.organization().get_dept(info.ctx.request(request))).await?;
    ok_data(lang, dept_json(&dept))
}

/// A node of a drawn tree (organization, menus): RuoYi's `{id, label, children?}`.
pub fn node_json(node: &pb::DeptNode) -> Value {
    let mut value = json!({ "id": node.id, "label": node.label });
    if !node.children.is_empty() {
        value["children"] = node.children.iter().map(node_json).collect();
    }
    value
}

pub async fn dept_tree(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let answer = call(&info, state.clients.organization().dept_tree(info.ctx.request(pb::DeptTreeRequest {}))).await?;
    ok_data(info.lang(), answer.nodes.iter().map(node_json).collect())
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeptBody {
    #[serde(default)]
    dept_id: Value,
    #[serde(default)]
    parent_id: Value,
    #[serde(default)]
    dept_name: Value,
    #[serde(default)]
    dept_code: Value,
    #[serde(default)]
    dept_type: Value,
    #[serde(default)]
    order_num: Value,
    #[serde(default)]
    leader: Value,
    #[serde(default)]
    phone: Value,
    #[serde(default)]
    email: Value,
    #[serde(default)]
    status: Value,
}

impl DeptBody {
    fn input(&self) -> pb::DeptInput {
        pb::DeptInput {
            dept_id: id(&self.dept_id),
            // Absent is the root; an unreadable number is -1, which the service refuses.
            parent_id: if self.parent_id.is_null() { 0 } else { whole(&self.parent_id) },
            dept_name: text(&self.dept_name),
            dept_code: text(&self.dept_code),
            dept_type: text(&self.dept_type),
            order_num: if self.order_num.is_null() { 0 } else { whole(&self.order_num) },
            leader: text(&self.leader),
            phone: text(&self.phone),
            email: text(&self.email),
            status: text(&self.status),
        }
    }
}

pub async fn dept_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<DeptBody>,
) -> ApiResult {
    call(&info, state.clients.organization().add_dept(info.ctx.request(body.input()))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn dept_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<DeptBody>,
) -> ApiResult {
    let lang = info.lang();
    let input = body.input();
    if input.dept_id <= 0 {
        return Err(ApiError::new(ErrorCode::BadRequest, &Msg::DeptIdInvalid, lang));
    }
    call(&info, state.clients.organization().edit_dept(info.ctx.request(input))).await?;
    ok_with(lang, json!({}))
}

pub async fn dept_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(dept_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::DeptIdRequest { dept_id: path_id(&dept_id, Msg::DeptIdInvalid, lang)? };
    call(&info, state.clients.organization().remove_dept(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

// --- users -------------------------------------------------------------------------------

/// The list's filters, from a query string or a form body (the export).
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserFilterQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    user_name: String,
    #[serde(default)]
    phonenumber: String,
    #[serde(default)]
    status: String,
    dept_id: Option<String>,
    #[serde(rename = "params[beginTime]")]
    params_begin_time: Option<String>,
    #[serde(rename = "params[endTime]")]
    params_end_time: Option<String>,
    begin_time: Option<String>,
    end_time: Option<String>,
}

impl UserFilterQuery {
    fn request(self, lang: Lang) -> Result<pb::ListUsersRequest, ApiError> {
        let (page_num, page_size) = self.page.numbers(lang)?;
        let dept_id = number::<i64>(self.dept_id.as_deref(), Msg::DeptIdInvalid, lang)?.unwrap_or(0);
        let begin = day_start(self.params_begin_time.or(self.begin_time), 0, lang)?;
        // The end day is included: the range ends at the next midnight.
        let end = day_start(self.params_end_time.or(self.end_time), 1, lang)?;
        Ok(pb::ListUsersRequest {
            page_num,
            page_size,
            user_name: self.user_name,
            phonenumber: self.phonenumber,
            status: self.status,
            dept_id,
            begin_time_ms: begin,
            end_time_ms: end,
        })
    }
}

/// A user as RuoYi's console reads it (`SysUser`), moved out of the service's row.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UserJson {
    user_id: i64,
    dept_id: Option<i64>,
    user_name: String,
    nick_name: String,
    email: String,
    phonenumber: String,
    sex: String,
    avatar: String,
    status: String,
    login_ip: String,
    login_date: Option<String>,
    create_time: Option<String>,
    remark: String,
    dept: Option<DeptRef>,
    all_projects: &'static str,
}

/// The user's organization inside [`UserJson`].
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeptRef {
    dept_id: i64,
    dept_name: String,
    leader: String,
}

impl From<pb::UserRow> for UserJson {
    fn from(user: pb::UserRow) -> Self {
        let in_dept = user.dept_id > 0;
        Self {
            user_id: user.user_id,
            dept_id: in_dept.then_some(user.dept_id),
            user_name: user.user_name,
            nick_name: user.nick_name,
            email: user.email,
            phonenumber: user.phonenumber,
            sex: user.sex,
            avatar: user.avatar,
            status: user.status,
            login_ip: user.login_ip,
            login_date: local_time(user.login_date_ms),
            create_time: local_time(user.create_time_ms),
            remark: user.remark,
            dept: in_dept.then_some(DeptRef {
                dept_id: user.dept_id,
                dept_name: user.dept_name,
                leader: user.dept_leader,
            }),
            all_projects: flag(user.all_projects),
        }
    }
}

fn role_json(role: &pb::RoleOption) -> Value {
    json!({ "roleId": role.role_id, "roleName": role.role_name, "roleKey": role.role_key, "status": role.status })
}

pub async fn user_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<UserFilterQuery>,
) -> ApiResult<Table<UserJson>> {
    let lang = info.lang();
    let request = query.request(lang)?;
    let answer = call(&info, state.clients.users().list_users(info.ctx.request(request))).await?;
    ok_table(lang, answer.rows.into_iter().map(UserJson::from).collect(), answer.total)
}

pub async fn user_form_options(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let request = pb::UserFormOptionsRequest {};
    let answer = call(&info, state.clients.users().user_form_options(info.ctx.request(request))).await?;
    let roles: Vec<Value> = answer.roles.iter().map(role_json).collect();
    ok_with(info.lang(), json!({ "roles": roles, "posts": [] }))
}

pub async fn user_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(user_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::UserIdRequest { user_id: path_id(&user_id, Msg::UserIdInvalid, lang)? };
    let mut detail = call(&info, state.clients.users().get_user(info.ctx.request(request))).await?;
    let mut data = detail.user.take().map(|user| json!(UserJson::from(user))).unwrap_or_else(|| json!({}));
    let qualifications: Vec<Value> =
        detail.qualifications.iter().map(|q| json!({ "code": q.code, "name": q.name })).collect();
    data["qualifications"] = qualifications.into();
    data["projectIds"] = json!(detail.project_ids);
    data["roleIds"] = json!(detail.role_ids);
    let roles: Vec<Value> = detail.roles.iter().map(role_json).collect();
    ok_with(
        lang,
        json!({
            "data": data,
            "roleIds": detail.role_ids,
            "roles": roles,
            "projectIds": detail.project_ids,
            "postIds": [],
            "posts": [],
        }),
    )
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserBody {
    #[serde(default)]
    user_id: Value,
    #[serde(default)]
    dept_id: Value,
    #[serde(default)]
    user_name: Value,
    #[serde(default)]
    nick_name: Value,
    #[serde(default)]
    password: Value,
    #[serde(default)]
    phonenumber: Value,
    #[serde(default)]
    email: Value,
    #[serde(default)]
    sex: Value,
    #[serde(default)]
    status: Value,
    #[serde(default)]
    remark: Value,
    #[serde(default)]
    role_ids: Value,
    #[serde(default)]
    all_projects: Value,
    #[serde(default)]
    project_ids: Value,
    #[serde(default)]
    qualifications: Value,
}

impl UserBody {
    fn input(&self) -> pb::UserInput {
        let qualifications = match &self.qualifications {
            Value::Array(items) => {
                items.iter().map(|q| pb::Qualification { code: text(&q["code"]), name: text(&q["name"]) }).collect()
            }
            Value::Null => Vec::new(),
            // Not a list: one empty qualification, which the service refuses.
            _ => vec![pb::Qualification::default()],
        };
        let dept_id = if self.dept_id.is_null() { 0 } else { whole(&self.dept_id) };
        pb::UserInput {
            user_id: id(&self.user_id),
            dept_id,
            user_name: text(&self.user_name),
            nick_name: text(&self.nick_name),
            password: text(&self.password),
            phonenumber: text(&self.phonenumber),
            email: text(&self.email),
            sex: text(&self.sex),
            status: text(&self.status),
            remark: text(&self.remark),
            role_ids: ids(&self.role_ids),
            all_projects: text(&self.all_projects),
            project_ids: ids(&self.project_ids),
            qualifications,
        }
    }
}

pub async fn user_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<UserBody>,
) -> ApiResult {
    call(&info, state.clients.users().add_user(info.ctx.request(body.input()))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn user_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<UserBody>,
) -> ApiResult {
    let lang = info.lang();
    let input = body.input();
    if input.user_id <= 0 {
        return Err(ApiError::new(ErrorCode::BadRequest, &Msg::UserIdInvalid, lang));
    }
    call(&info, state.clients.users().edit_user(info.ctx.request(input))).await?;
    ok_with(lang, json!({}))
}

pub async fn user_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(user_ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::RemoveUsersRequest { user_ids: path_ids(&user_ids, Msg::UserIdInvalid, lang)? };
    call(&info, state.clients.users().remove_users(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResetPasswordBody {
    #[serde(default)]
    user_id: Value,
    #[serde(default)]
    password: Value,
}

pub async fn user_reset_password(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<ResetPasswordBody>,
) -> ApiResult {
    let request = pb::ResetPasswordRequest { user_id: id(&body.user_id), password: text(&body.password) };
    call(&info, state.clients.users().reset_password(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({}))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StatusBody {
    #[serde(default)]
    user_id: Value,
    #[serde(default)]
    status: Value,
}

pub async fn user_change_status(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<StatusBody>,
) -> ApiResult {
    let request = pb::ChangeStatusRequest { user_id: id(&body.user_id), status: text(&body.status) };
    call(&info, state.clients.users().change_status(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn user_export(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiForm(filter): ApiForm<UserFilterQuery>,
) -> Result<Response, ApiError> {
    let request = filter.request(info.lang())?;
    let file = call(&info, state.clients.users().export_users(info.ctx.request(request))).await?;
    Ok(xlsx_download(file.file_name, file.content))
}

pub async fn user_import_template(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
) -> Result<Response, ApiError> {
    let file =
        call(&info, state.clients.users().import_template(info.ctx.request(pb::ImportTemplateRequest {}))).await?;
    Ok(xlsx_download(file.file_name, file.content))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportQuery {
    update_support: Option<String>,
}

pub async fn user_import(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<ImportQuery>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, ApiError> {
    let lang = info.lang();
    let (file_name, content) =
        uploaded_file(multipart, IMPORT_FIELD, state.body_limit, &Msg::ImportFileMissing, lang).await?;
    let update_support = matches!(query.update_support.as_deref().map(str::trim), Some("true" | "1"));
    let request = pb::ImportUsersRequest { file_name, content: content.to_vec(), update_support };
    // A large import hashes a password per row: it may outlast the ordinary call timeout.
    let mut users = UserAdminServiceClient::new(state.clients.identity_slow_channel());
    let answer = call(&info, users.import_users(info.ctx.request(request))).await?;
    let failures: Vec<Value> =
        answer.failures.iter().map(|f| json!({ "row": f.row, "userName": f.user_name, "msg": f.msg })).collect();
    Ok(import_answer(lang, answer.created, Some(answer.updated), failures))
}
