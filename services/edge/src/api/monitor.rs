//! Monitoring: the login log and the operation log (RuoYi-Vue's
//! `api/monitor/logininfor.js` and `operlog.js`). The handlers only
//! reshape; every rule and message is identity's. Shapes: docs/api-compatibility.md.

use axum::Extension;
use axum::extract::{Path, State};
use axum::response::Response;
use lumiscape_common::Lang;
use lumiscape_common::i18n::Msg;
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::login_log_service_client::LoginLogServiceClient;
use lumiscape_proto::identity::v1::oper_log_service_client::OperLogServiceClient;
use serde::Deserialize;
use serde_json::{Value, json};
use tonic::transport::Channel;

use crate::convert::{PageQuery, day_start, local_time, path_id, path_ids};
use crate::envelope::{ApiError, ApiForm, ApiQuery, ApiResult, call, ok_data, ok_with, xlsx_download};
use crate::request::RequestInfo;
use crate::state::EdgeState;

fn login_logs(state: &EdgeState) -> LoginLogServiceClient<Channel> {
    LoginLogServiceClient::new(state.clients.identity_channel())
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoginLogQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    ipaddr: String,
    #[serde(default)]
    user_name: String,
    #[serde(default)]
    status: String,
    #[serde(rename = "params[beginTime]")]
    params_begin_time: Option<String>,
    #[serde(rename = "params[endTime]")]
    params_end_time: Option<String>,
}

impl LoginLogQuery {
    fn request(self, lang: Lang) -> Result<pb::ListLoginLogsRequest, ApiError> {
        let (page_num, page_size) = self.page.numbers(lang)?;
        Ok(pb::ListLoginLogsRequest {
            page_num,
            page_size,
            ipaddr: self.ipaddr,
            user_name: self.user_name,
            status: self.status,
            begin_time_ms: day_start(self.params_begin_time, 0, lang)?,
            end_time_ms: day_start(self.params_end_time, 1, lang)?,
        })
    }
}

fn login_log_json(l: &pb::LoginLog) -> Value {
    json!({
        "infoId": l.info_id,
        "userName": l.user_name,
        "ipaddr": l.ipaddr,
        // RuoYi resolves a location from the address; a private deployment has no service
        // for that, so it is empty, as RuoYi's own is with address lookup off.
        "loginLocation": "",
        "browser": l.browser,
        "os": l.os,
        "userAgent": l.user_agent,
        "status": l.status,
        "msg": l.msg,
        "loginTime": local_time(l.login_time_ms),
    })
}

pub async fn login_log_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<LoginLogQuery>,
) -> ApiResult {
    let lang = info.lang();
    let request = query.request(lang)?;
    let answer = call(&info, login_logs(&state).list_login_logs(info.ctx.request(request))).await?;
    let rows: Vec<Value> = answer.rows.iter().map(login_log_json).collect();
    ok_with(lang, json!({ "rows": rows, "total": answer.total }))
}

pub async fn login_log_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::RemoveSettingsRequest { ids: path_ids(&ids, Msg::LogIdInvalid, lang)? };
    call(&info, login_logs(&state).remove_login_logs(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

pub async fn login_log_clean(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    call(&info, login_logs(&state).clean_login_logs(info.ctx.request(pb::ClearCacheRequest {}))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn login_log_unlock(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(user_name): Path<String>,
) -> ApiResult {
    call(&info, login_logs(&state).unlock_user(info.ctx.request(pb::UnlockUserRequest { user_name }))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn login_log_export(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiForm(filter): ApiForm<LoginLogQuery>,
) -> Result<Response, ApiError> {
    let request = filter.request(info.lang())?;
    let file = call(&info, login_logs(&state).export_login_logs(info.ctx.request(request))).await?;
    Ok(xlsx_download(file.file_name, file.content))
}

// --- the operation log ---------------------------------------------------------------------

fn oper_logs(state: &EdgeState) -> OperLogServiceClient<Channel> {
    OperLogServiceClient::new(state.clients.identity_channel())
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OperLogQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    title: String,
    #[serde(default)]
    oper_name: String,
    #[serde(default)]
    business_type: String,
    #[serde(default)]
    status: String,
    #[serde(default)]
    oper_ip: String,
    #[serde(rename = "params[beginTime]")]
    params_begin_time: Option<String>,
    #[serde(rename = "params[endTime]")]
    params_end_time: Option<String>,
}

impl OperLogQuery {
    fn request(self, lang: Lang) -> Result<pb::ListOperLogsRequest, ApiError> {
        let (page_num, page_size) = self.page.numbers(lang)?;
        Ok(pb::ListOperLogsRequest {
            page_num,
            page_size,
            title: self.title,
            oper_name: self.oper_name,
            business_type: self.business_type,
            status: self.status,
            oper_ip: self.oper_ip,
            begin_time_ms: day_start(self.params_begin_time, 0, lang)?,
            end_time_ms: day_start(self.params_end_time, 1, lang)?,
        })
    }
}

fn oper_log_json(l: &pb::OperLog) -> Value {
    json!({
        "operId": l.oper_id,
        "title": l.title,
        "businessType": l.business_type,
        "method": l.method,
        "requestMethod": l.request_method,
        // RuoYi's operator type: 1 a console user.
        "operatorType": 1,
        "operName": l.oper_name,
        "deptName": "",
        "operUrl": l.oper_url,
        "operIp": l.oper_ip,
        "operLocation": "",
        "operParam": l.oper_param,
        "jsonResult": l.json_result,
        "status": l.status,
        "errorMsg": l.error_msg,
        "operTime": local_time(l.oper_time_ms),
        "costTime": l.cost_time_ms,
    })
}

pub async fn oper_log_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<OperLogQuery>,
) -> ApiResult {
    let lang = info.lang();
    let request = query.request(lang)?;
    let answer = call(&info, oper_logs(&state).list_oper_logs(info.ctx.request(request))).await?;
    let rows: Vec<Value> = answer.rows.iter().map(oper_log_json).collect();
    ok_with(lang, json!({ "rows": rows, "total": answer.total }))
}

pub async fn oper_log_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(oper_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::SettingIdRequest { id: path_id(&oper_id, Msg::LogIdInvalid, lang)? };
    let found = call(&info, oper_logs(&state).get_oper_log(info.ctx.request(request))).await?;
    ok_data(lang, oper_log_json(&found))
}

pub async fn oper_log_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::RemoveSettingsRequest { ids: path_ids(&ids, Msg::LogIdInvalid, lang)? };
    call(&info, oper_logs(&state).remove_oper_logs(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

pub async fn oper_log_clean(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    call(&info, oper_logs(&state).clean_oper_logs(info.ctx.request(pb::ClearCacheRequest {}))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn oper_log_export(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiForm(filter): ApiForm<OperLogQuery>,
) -> Result<Response, ApiError> {
    let request = filter.request(info.lang())?;
    let file = call(&info, oper_logs(&state).export_oper_logs(info.ctx.request(request))).await?;
    Ok(xlsx_download(file.file_name, file.content))
}
