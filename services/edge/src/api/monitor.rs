//! Monitoring: the login log, the operation log, scheduled jobs and their log (RuoYi-Vue's
//! `api/monitor/logininfor.js`, `operlog.js`, `job.js` and `jobLog.js`). The handlers only
//! reshape; every rule and message is identity's. Shapes: docs/api-compatibility.md.

use axum::Extension;
use axum::extract::{Path, State};
use axum::response::Response;
use lumiscape_common::Lang;
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::Transport;
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::job_service_client::JobServiceClient;
use lumiscape_proto::identity::v1::login_log_service_client::LoginLogServiceClient;
use lumiscape_proto::identity::v1::oper_log_service_client::OperLogServiceClient;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::convert::{PageQuery, day_start, id, local_time, number, path_id, path_ids, text};
use crate::envelope::{
    ApiError, ApiForm, ApiJson, ApiQuery, ApiResult, Table, call, ok_data, ok_table, ok_with, xlsx_download,
};
use crate::request::RequestInfo;
use crate::state::EdgeState;

fn login_logs(state: &EdgeState) -> LoginLogServiceClient<Transport> {
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
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let request = query.request(lang)?;
    let answer = call(&info, login_logs(&state).list_login_logs(info.ctx.request(request))).await?;
    let rows: Vec<Value> = answer.rows.iter().map(login_log_json).collect();
    ok_table(lang, rows, answer.total)
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

fn oper_logs(state: &EdgeState) -> OperLogServiceClient<Transport> {
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
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let request = query.request(lang)?;
    let answer = call(&info, oper_logs(&state).list_oper_logs(info.ctx.request(request))).await?;
    let rows: Vec<Value> = answer.rows.iter().map(oper_log_json).collect();
    ok_table(lang, rows, answer.total)
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

// --- scheduled jobs and their log -------------------------------------------------------------

fn jobs(state: &EdgeState) -> JobServiceClient<Transport> {
    JobServiceClient::new(state.clients.identity_channel())
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JobQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    job_name: String,
    #[serde(default)]
    job_group: String,
    #[serde(default)]
    status: String,
}

impl JobQuery {
    fn request(self, lang: Lang) -> Result<pb::ListJobsRequest, ApiError> {
        let (page_num, page_size) = self.page.numbers(lang)?;
        Ok(pb::ListJobsRequest {
            page_num,
            page_size,
            job_name: self.job_name,
            job_group: self.job_group,
            status: self.status,
        })
    }
}

fn job_json(j: &pb::Job) -> Value {
    json!({
        "jobId": j.job_id,
        "jobName": j.job_name,
        "jobGroup": j.job_group,
        "invokeTarget": j.invoke_target,
        "cronExpression": j.cron_expression,
        "misfirePolicy": j.misfire_policy,
        "concurrent": j.concurrent,
        "failureStrategy": j.failure_strategy,
        "status": j.status,
        "remark": j.remark,
        "nextValidTime": local_time(j.next_valid_time_ms),
        "createTime": local_time(j.create_time_ms),
    })
}

pub async fn job_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<JobQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let request = query.request(lang)?;
    let answer = call(&info, jobs(&state).list_jobs(info.ctx.request(request))).await?;
    let rows: Vec<Value> = answer.rows.iter().map(job_json).collect();
    ok_table(lang, rows, answer.total)
}

pub async fn job_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(job_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::SettingIdRequest { id: path_id(&job_id, Msg::JobIdInvalid, lang)? };
    let found = call(&info, jobs(&state).get_job(info.ctx.request(request))).await?;
    ok_data(lang, job_json(&found))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JobBody {
    #[serde(default)]
    job_id: Value,
    #[serde(default)]
    job_name: Value,
    #[serde(default)]
    job_group: Value,
    #[serde(default)]
    invoke_target: Value,
    #[serde(default)]
    cron_expression: Value,
    #[serde(default)]
    misfire_policy: Value,
    #[serde(default)]
    concurrent: Value,
    #[serde(default)]
    failure_strategy: Value,
    #[serde(default)]
    status: Value,
    #[serde(default)]
    remark: Value,
}

impl JobBody {
    fn input(&self) -> pb::JobInput {
        pb::JobInput {
            job_id: id(&self.job_id),
            job_name: text(&self.job_name),
            job_group: text(&self.job_group),
            invoke_target: text(&self.invoke_target),
            cron_expression: text(&self.cron_expression),
            misfire_policy: text(&self.misfire_policy),
            concurrent: text(&self.concurrent),
            failure_strategy: text(&self.failure_strategy),
            status: text(&self.status),
            remark: text(&self.remark),
        }
    }
}

pub async fn job_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<JobBody>,
) -> ApiResult {
    call(&info, jobs(&state).add_job(info.ctx.request(body.input()))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn job_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<JobBody>,
) -> ApiResult {
    call(&info, jobs(&state).edit_job(info.ctx.request(body.input()))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn job_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::RemoveSettingsRequest { ids: path_ids(&ids, Msg::JobIdInvalid, lang)? };
    call(&info, jobs(&state).remove_jobs(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JobStatusBody {
    #[serde(default)]
    job_id: Value,
    #[serde(default)]
    status: Value,
}

pub async fn job_change_status(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<JobStatusBody>,
) -> ApiResult {
    let request = pb::ChangeJobStatusRequest { job_id: id(&body.job_id), status: text(&body.status) };
    call(&info, jobs(&state).change_job_status(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({}))
}

/// RuoYi's `runJob(jobId, jobGroup)`: the group is not needed to find the job.
pub async fn job_run(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<JobStatusBody>,
) -> ApiResult {
    call(&info, jobs(&state).run_job(info.ctx.request(pb::SettingIdRequest { id: id(&body.job_id) }))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn job_export(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiForm(filter): ApiForm<JobQuery>,
) -> Result<Response, ApiError> {
    let request = filter.request(info.lang())?;
    let file = call(&info, jobs(&state).export_jobs(info.ctx.request(request))).await?;
    Ok(xlsx_download(file.file_name, file.content))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NextTimesQuery {
    #[serde(default)]
    cron_expression: String,
}

pub async fn job_next_times(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<NextTimesQuery>,
) -> ApiResult {
    let request = pb::NextFireTimesRequest { cron_expression: query.cron_expression };
    let answer = call(&info, jobs(&state).next_fire_times(info.ctx.request(request))).await?;
    let times: Vec<Value> = answer.times_ms.iter().map(|ms| json!(local_time(*ms))).collect();
    ok_data(info.lang(), Value::Array(times))
}

pub async fn job_handlers(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let answer = call(&info, jobs(&state).list_handlers(info.ctx.request(pb::ClearCacheRequest {}))).await?;
    let handlers: Vec<Value> = answer.handlers.iter().map(|h| json!({ "key": h.key, "label": h.label })).collect();
    ok_data(info.lang(), Value::Array(handlers))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JobLogQuery {
    #[serde(flatten)]
    page: PageQuery,
    job_id: Option<String>,
    #[serde(default)]
    job_name: String,
    #[serde(default)]
    job_group: String,
    #[serde(default)]
    status: String,
    #[serde(rename = "params[beginTime]")]
    params_begin_time: Option<String>,
    #[serde(rename = "params[endTime]")]
    params_end_time: Option<String>,
}

impl JobLogQuery {
    fn request(self, lang: Lang) -> Result<pb::ListJobLogsRequest, ApiError> {
        let (page_num, page_size) = self.page.numbers(lang)?;
        Ok(pb::ListJobLogsRequest {
            page_num,
            page_size,
            job_id: number::<i64>(self.job_id.as_deref(), Msg::JobIdInvalid, lang)?.unwrap_or(0),
            job_name: self.job_name,
            job_group: self.job_group,
            status: self.status,
            begin_time_ms: day_start(self.params_begin_time, 0, lang)?,
            end_time_ms: day_start(self.params_end_time, 1, lang)?,
        })
    }
}

fn job_log_json(l: &pb::JobLog) -> Value {
    json!({
        "jobLogId": l.job_log_id,
        "jobId": l.job_id,
        "jobName": l.job_name,
        "jobGroup": l.job_group,
        "invokeTarget": l.invoke_target,
        "fireTime": local_time(l.fire_time_ms),
        "jobMessage": l.job_message,
        "status": l.status,
        "exceptionInfo": l.exception_info,
        "startTime": local_time(l.start_time_ms),
        "stopTime": local_time(l.stop_time_ms),
        // How long the run took, in milliseconds (ours; absent while it runs).
        "costTime": (l.stop_time_ms > 0).then(|| (l.stop_time_ms - l.start_time_ms).max(0)),
        "createTime": local_time(l.start_time_ms),
    })
}

pub async fn job_log_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<JobLogQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let request = query.request(lang)?;
    let answer = call(&info, jobs(&state).list_job_logs(info.ctx.request(request))).await?;
    let rows: Vec<Value> = answer.rows.iter().map(job_log_json).collect();
    ok_table(lang, rows, answer.total)
}

pub async fn job_log_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(id_text): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::SettingIdRequest { id: path_id(&id_text, Msg::LogIdInvalid, lang)? };
    let found = call(&info, jobs(&state).get_job_log(info.ctx.request(request))).await?;
    ok_data(lang, job_log_json(&found))
}

pub async fn job_log_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::RemoveSettingsRequest { ids: path_ids(&ids, Msg::LogIdInvalid, lang)? };
    call(&info, jobs(&state).remove_job_logs(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

pub async fn job_log_clean(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    call(&info, jobs(&state).clean_job_logs(info.ctx.request(pb::ClearCacheRequest {}))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn job_log_export(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiForm(filter): ApiForm<JobLogQuery>,
) -> Result<Response, ApiError> {
    let request = filter.request(info.lang())?;
    let file = call(&info, jobs(&state).export_job_logs(info.ctx.request(request))).await?;
    Ok(xlsx_download(file.file_name, file.content))
}
