//! Jobs and the job log over gRPC: each method authorizes, calls its inner function and
//! maps the error once.

use chrono::{DateTime, Utc};
use lumiscape_common::access::authorize_global;
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::monitor::{job, job_log};
use lumiscape_common::{Error, Lang, StatusExt};
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::job_service_server::JobService;
use tonic::{Request, Response, Status};

use super::handlers::{self, Handler};
use super::model::{self, JobDraft, RawJob};
use super::scheduler;
use super::store::{self, JobLogRow, JobRow};
use crate::Shared;
use crate::dept::model::parse_status;
use crate::sysconfig::grpc::{check_ids, local_time};
use crate::user::workbook::write_sheet;

const MAX_EXPORT_ROWS: i64 = 100_000;

pub struct JobApi {
    shared: Shared,
}

impl JobApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

type Reply<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl JobService for JobApi {
    async fn list_jobs(&self, request: Request<pb::ListJobsRequest>) -> Reply<pb::ListJobsResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[job::LIST]).await?;
        self.list(request.get_ref()).await.reply(access.lang())
    }

    async fn get_job(&self, request: Request<pb::SettingIdRequest>) -> Reply<pb::Job> {
        let access = authorize_global(&self.shared.auth, &request, &[job::QUERY]).await?;
        self.get(request.get_ref().id).await.reply(access.lang())
    }

    async fn add_job(&self, request: Request<pb::JobInput>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[job::ADD]).await?;
        self.add(request.get_ref()).await.reply(access.lang())
    }

    async fn edit_job(&self, request: Request<pb::JobInput>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[job::EDIT]).await?;
        self.edit(request.get_ref()).await.reply(access.lang())
    }

    async fn remove_jobs(&self, request: Request<pb::RemoveSettingsRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[job::REMOVE]).await?;
        self.remove(&request.get_ref().ids).await.reply(access.lang())
    }

    async fn change_job_status(&self, request: Request<pb::ChangeJobStatusRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[job::EDIT]).await?;
        self.set_status(request.get_ref()).await.reply(access.lang())
    }

    async fn run_job(&self, request: Request<pb::SettingIdRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[job::EDIT]).await?;
        self.run_now(request.get_ref().id).await.reply(access.lang())
    }

    async fn export_jobs(&self, request: Request<pb::ListJobsRequest>) -> Reply<pb::FileResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[job::EXPORT]).await?;
        self.export(access.lang(), request.get_ref()).await.reply(access.lang())
    }

    async fn next_fire_times(&self, request: Request<pb::NextFireTimesRequest>) -> Reply<pb::NextFireTimesResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[job::QUERY, job::ADD, job::EDIT]).await?;
        let answer = model::parse_cron(&request.get_ref().cron_expression).map(|cron| pb::NextFireTimesResponse {
            times_ms: model::next_times(&cron, Utc::now(), 5).iter().map(DateTime::timestamp_millis).collect(),
        });
        answer.map_err(Error::bad_request).reply(access.lang())
    }

    async fn list_handlers(&self, request: Request<pb::ClearCacheRequest>) -> Reply<pb::ListHandlersResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[job::QUERY, job::ADD, job::EDIT]).await?;
        let lang = access.lang();
        let handlers =
            handlers::ALL.iter().map(|h| pb::JobHandler { key: h.key().into(), label: h.label(lang).into() });
        Ok::<_, Error>(pb::ListHandlersResponse { handlers: handlers.collect() }).reply(lang)
    }

    async fn list_job_logs(&self, request: Request<pb::ListJobLogsRequest>) -> Reply<pb::ListJobLogsResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[job_log::LIST, job::LIST]).await?;
        self.list_logs(request.get_ref()).await.reply(access.lang())
    }

    async fn get_job_log(&self, request: Request<pb::SettingIdRequest>) -> Reply<pb::JobLog> {
        let access = authorize_global(&self.shared.auth, &request, &[job_log::QUERY, job::QUERY]).await?;
        self.get_log(request.get_ref().id).await.reply(access.lang())
    }

    async fn remove_job_logs(&self, request: Request<pb::RemoveSettingsRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[job_log::REMOVE]).await?;
        self.remove_logs(&request.get_ref().ids).await.reply(access.lang())
    }

    async fn clean_job_logs(&self, request: Request<pb::ClearCacheRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[job_log::REMOVE]).await?;
        let cleaned = store::clean_logs(&self.shared.pool).await.map_err(Error::from);
        cleaned.map(|_| pb::SavedResponse {}).reply(access.lang())
    }

    async fn export_job_logs(&self, request: Request<pb::ListJobLogsRequest>) -> Reply<pb::FileResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[job_log::EXPORT]).await?;
        self.export_logs(access.lang(), request.get_ref()).await.reply(access.lang())
    }
}

/// The first fire time of an enabled job.
fn first_fire(draft_status: &str, cron_expression: &str) -> Option<DateTime<Utc>> {
    if draft_status != "0" {
        return None;
    }
    model::parse_cron(cron_expression).ok().and_then(|cron| model::next_times(&cron, Utc::now(), 1).first().copied())
}

fn check_id(id: i64) -> Result<i64, Msg> {
    if id > 0 { Ok(id) } else { Err(Msg::JobIdInvalid) }
}

fn optional_status(status: &str) -> Result<&'static str, Error> {
    Ok(match status.trim() {
        "" => "",
        other => parse_status(other)?,
    })
}

impl JobApi {
    async fn list(&self, req: &pb::ListJobsRequest) -> Result<pb::ListJobsResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let status = optional_status(&req.status)?;
        let (rows, total) =
            store::list(&self.shared.pool, req.job_name.trim(), req.job_group.trim(), status, page.limit, page.offset)
                .await?;
        Ok(pb::ListJobsResponse { rows: rows.iter().map(job_pb).collect(), total })
    }

    async fn get(&self, job_id: i64) -> Result<pb::Job, Error> {
        let job_id = check_id(job_id)?;
        let row = store::find(&self.shared.pool, job_id).await?.ok_or_else(|| Error::not_found(Msg::JobNotFound))?;
        Ok(job_pb(&row))
    }

    async fn add(&self, input: &pb::JobInput) -> Result<pb::SavedResponse, Error> {
        let draft = JobDraft::parse(&raw_job(input))?;
        store::insert(&self.shared.pool, &draft, first_fire(&draft.status, &draft.cron_expression)).await?;
        Ok(pb::SavedResponse {})
    }

    async fn edit(&self, input: &pb::JobInput) -> Result<pb::SavedResponse, Error> {
        let job_id = check_id(input.job_id)?;
        let draft = JobDraft::parse(&raw_job(input))?;
        let next = first_fire(&draft.status, &draft.cron_expression);
        let job = store::find(&self.shared.pool, job_id).await?.ok_or_else(|| Error::not_found(Msg::JobNotFound))?;
        if job.status == "0" {
            return Err(Error::refused(Msg::JobOnSchedule));
        }
        if !store::update(&self.shared.pool, job_id, &draft, next).await? {
            return Err(Error::not_found(Msg::JobNotFound));
        }
        Ok(pb::SavedResponse {})
    }

    async fn remove(&self, ids: &[i64]) -> Result<pb::SavedResponse, Error> {
        let ids = check_ids(ids).map_err(|_| Error::bad_request(Msg::JobIdInvalid))?;
        match store::delete(&self.shared.pool, &ids).await? {
            store::Deleted::All => Ok(pb::SavedResponse {}),
            store::Deleted::Missing => Err(Error::not_found(Msg::JobNotFound)),
            store::Deleted::OnSchedule => Err(Error::refused(Msg::JobOnSchedule)),
        }
    }

    async fn set_status(&self, req: &pb::ChangeJobStatusRequest) -> Result<pb::SavedResponse, Error> {
        let job_id = check_id(req.job_id)?;
        if req.status.trim().is_empty() {
            return Err(Error::bad_request(Msg::StatusInvalid));
        }
        let status = parse_status(&req.status)?;
        let job = store::find(&self.shared.pool, job_id).await?.ok_or_else(|| Error::not_found(Msg::JobNotFound))?;
        store::set_status(&self.shared.pool, job_id, status, first_fire(status, &job.cron_expression)).await?;
        Ok(pb::SavedResponse {})
    }

    /// Runs the job once now (logged with the current time as its fire time).
    async fn run_now(&self, job_id: i64) -> Result<pb::SavedResponse, Error> {
        let job_id = check_id(job_id)?;
        let job = store::find(&self.shared.pool, job_id).await?.ok_or_else(|| Error::not_found(Msg::JobNotFound))?;
        let handler = Handler::from_key(&job.invoke_target).ok_or_else(|| Error::bad_request(Msg::JobTargetInvalid))?;
        let mut conn = self.shared.pool.acquire().await?;
        let Some(log_id) = store::open_log(&mut conn, &job, Utc::now()).await? else {
            return Ok(pb::SavedResponse {});
        };
        drop(conn);
        scheduler::execute(&self.shared, &job, handler, log_id).await;
        Ok(pb::SavedResponse {})
    }

    async fn export(&self, lang: Lang, req: &pb::ListJobsRequest) -> Result<pb::FileResponse, Error> {
        let status = optional_status(&req.status)?;
        let (rows, _) =
            store::list(&self.shared.pool, req.job_name.trim(), req.job_group.trim(), status, MAX_EXPORT_ROWS, 0)
                .await?;
        let content = self
            .shared
            .blocking
            .run(move || {
                let en = lang == Lang::En;
                let headers: &[&str] = if en {
                    &["Job id", "Name", "Group", "Handler", "Cron", "Status", "Next fire time"]
                } else {
                    &["任务序号", "任务名称", "任务组名", "调用目标", "执行表达式", "任务状态", "下次执行时间"]
                };
                let cells: Vec<Vec<String>> = rows
                    .iter()
                    .map(|r| {
                        vec![
                            r.job_id.to_string(),
                            r.job_name.clone(),
                            r.job_group.clone(),
                            r.invoke_target.clone(),
                            r.cron_expression.clone(),
                            (if r.status == "0" {
                                if en { "Normal" } else { "正常" }
                            } else if en {
                                "Paused"
                            } else {
                                "暂停"
                            })
                            .to_owned(),
                            r.next_fire_at.map(local_time).unwrap_or_default(),
                        ]
                    })
                    .collect();
                write_sheet(if en { "Jobs" } else { "定时任务" }, headers, &cells)
            })
            .await?
            .map_err(Error::internal)?;
        Ok(pb::FileResponse { file_name: format!("job_{}.xlsx", Utc::now().timestamp_millis()), content })
    }

    async fn list_logs(&self, req: &pb::ListJobLogsRequest) -> Result<pb::ListJobLogsResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = self.logs(req, page.limit, page.offset).await?;
        Ok(pb::ListJobLogsResponse { rows: rows.iter().map(log_pb).collect(), total })
    }

    async fn logs(
        &self,
        req: &pb::ListJobLogsRequest,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<JobLogRow>, i64), Error> {
        let status = match req.status.trim() {
            "" => "",
            "0" => "0",
            "1" => "1",
            _ => return Err(Error::bad_request(Msg::StatusInvalid)),
        };
        let time = |ms: i64| if ms > 0 { DateTime::from_timestamp_millis(ms) } else { None };
        Ok(store::list_logs(
            &self.shared.pool,
            (req.job_id > 0).then_some(req.job_id),
            req.job_name.trim(),
            req.job_group.trim(),
            status,
            time(req.begin_time_ms),
            time(req.end_time_ms),
            limit,
            offset,
        )
        .await?)
    }

    async fn get_log(&self, id: i64) -> Result<pb::JobLog, Error> {
        if id <= 0 {
            return Err(Error::bad_request(Msg::LogIdInvalid));
        }
        let row = store::find_log(&self.shared.pool, id).await?.ok_or_else(|| Error::not_found(Msg::NotFound))?;
        Ok(log_pb(&row))
    }

    async fn remove_logs(&self, ids: &[i64]) -> Result<pb::SavedResponse, Error> {
        let ids = check_ids(ids).map_err(|_| Error::bad_request(Msg::LogIdInvalid))?;
        if !store::delete_logs(&self.shared.pool, &ids).await? {
            return Err(Error::not_found(Msg::NotFound));
        }
        Ok(pb::SavedResponse {})
    }

    async fn export_logs(&self, lang: Lang, req: &pb::ListJobLogsRequest) -> Result<pb::FileResponse, Error> {
        let (rows, _) = self.logs(req, MAX_EXPORT_ROWS, 0).await?;
        let content = self
            .shared
            .blocking
            .run(move || {
                let en = lang == Lang::En;
                let headers: &[&str] = if en {
                    &[
                        "Log id",
                        "Job",
                        "Group",
                        "Handler",
                        "Fire time",
                        "Message",
                        "Status",
                        "Error",
                        "Started",
                        "Stopped",
                    ]
                } else {
                    &[
                        "日志序号",
                        "任务名称",
                        "任务组名",
                        "调用目标",
                        "触发时间",
                        "日志信息",
                        "执行状态",
                        "异常信息",
                        "开始时间",
                        "结束时间",
                    ]
                };
                let cells: Vec<Vec<String>> = rows
                    .iter()
                    .map(|r| {
                        vec![
                            r.job_log_id.to_string(),
                            r.job_name.clone(),
                            r.job_group.clone(),
                            r.invoke_target.clone(),
                            local_time(r.fire_time),
                            r.job_message.clone(),
                            r.status.clone().unwrap_or_default(),
                            r.exception_info.clone(),
                            local_time(r.start_time),
                            r.stop_time.map(local_time).unwrap_or_default(),
                        ]
                    })
                    .collect();
                write_sheet(if en { "Job log" } else { "调度日志" }, headers, &cells)
            })
            .await?
            .map_err(Error::internal)?;
        Ok(pb::FileResponse { file_name: format!("job_log_{}.xlsx", Utc::now().timestamp_millis()), content })
    }
}

fn raw_job(input: &pb::JobInput) -> RawJob<'_> {
    RawJob {
        job_name: &input.job_name,
        job_group: &input.job_group,
        invoke_target: &input.invoke_target,
        cron_expression: &input.cron_expression,
        misfire_policy: &input.misfire_policy,
        concurrent: &input.concurrent,
        failure_strategy: &input.failure_strategy,
        status: &input.status,
        remark: &input.remark,
    }
}

fn job_pb(r: &JobRow) -> pb::Job {
    pb::Job {
        job_id: r.job_id,
        job_name: r.job_name.clone(),
        job_group: r.job_group.clone(),
        invoke_target: r.invoke_target.clone(),
        cron_expression: r.cron_expression.clone(),
        misfire_policy: r.misfire_policy.clone(),
        concurrent: r.concurrent.clone(),
        failure_strategy: r.failure_strategy.clone(),
        status: r.status.clone(),
        remark: r.remark.clone(),
        next_valid_time_ms: r.next_fire_at.map_or(0, |t| t.timestamp_millis()),
        create_time_ms: r.created_at.timestamp_millis(),
    }
}

fn log_pb(r: &JobLogRow) -> pb::JobLog {
    pb::JobLog {
        job_log_id: r.job_log_id,
        job_id: r.job_id,
        job_name: r.job_name.clone(),
        job_group: r.job_group.clone(),
        invoke_target: r.invoke_target.clone(),
        fire_time_ms: r.fire_time.timestamp_millis(),
        job_message: r.job_message.clone(),
        status: r.status.clone().unwrap_or_default(),
        exception_info: r.exception_info.clone(),
        start_time_ms: r.start_time.timestamp_millis(),
        stop_time_ms: r.stop_time.map_or(0, |t| t.timestamp_millis()),
    }
}
