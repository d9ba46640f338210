//! The login log over gRPC: each method authorizes, calls its inner function and maps the
//! error once.

use lumiscape_common::access::authorize_global;
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::monitor::logininfor;
use lumiscape_common::{Error, Lang, StatusExt};
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::login_log_service_server::LoginLogService;
use tonic::{Request, Response, Status};

use super::store::{self, LoginLogFilter, LoginLogRow};
use crate::Shared;
use crate::sysconfig::grpc::{check_ids, local_time};
use crate::user::model::check_user_name;
use crate::user::workbook::write_sheet;

/// The most entries one export writes.
const MAX_EXPORT_ROWS: i64 = 100_000;

pub struct LoginLogApi {
    shared: Shared,
}

impl LoginLogApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

type Reply<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl LoginLogService for LoginLogApi {
    async fn list_login_logs(&self, request: Request<pb::ListLoginLogsRequest>) -> Reply<pb::ListLoginLogsResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[logininfor::LIST]).await?;
        self.list(access.lang(), request.get_ref()).await.reply(access.lang())
    }

    async fn remove_login_logs(&self, request: Request<pb::RemoveSettingsRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[logininfor::REMOVE]).await?;
        self.remove(&request.get_ref().ids).await.reply(access.lang())
    }

    async fn clean_login_logs(&self, request: Request<pb::ClearCacheRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[logininfor::REMOVE]).await?;
        let cleaned = store::clean(&self.shared.pool).await.map_err(Error::from);
        tracing::info!(by = access.user_name(), "login log cleaned");
        cleaned.map(|_| pb::SavedResponse {}).reply(access.lang())
    }

    async fn unlock_user(&self, request: Request<pb::UnlockUserRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[logininfor::UNLOCK]).await?;
        self.unlock(&request.get_ref().user_name).await.reply(access.lang())
    }

    async fn export_login_logs(&self, request: Request<pb::ListLoginLogsRequest>) -> Reply<pb::FileResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[logininfor::EXPORT]).await?;
        self.export(access.lang(), request.get_ref()).await.reply(access.lang())
    }
}

impl LoginLogApi {
    async fn list(&self, lang: Lang, req: &pb::ListLoginLogsRequest) -> Result<pb::ListLoginLogsResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list(&self.shared.pool, &filter_of(req)?, page.limit, page.offset).await?;
        Ok(pb::ListLoginLogsResponse { rows: rows.iter().map(|r| log_pb(r, lang)).collect(), total })
    }

    async fn remove(&self, ids: &[i64]) -> Result<pb::SavedResponse, Error> {
        let ids = check_ids(ids).map_err(|_| Error::bad_request(Msg::LogIdInvalid))?;
        if !store::delete(&self.shared.pool, &ids).await? {
            return Err(Error::not_found(Msg::NotFound));
        }
        Ok(pb::SavedResponse {})
    }

    async fn unlock(&self, user_name: &str) -> Result<pb::SavedResponse, Error> {
        let user_name = check_user_name(user_name)?;
        if !store::unlock(&self.shared.pool, &user_name).await? {
            return Err(Error::not_found(Msg::UserNotFound));
        }
        Ok(pb::SavedResponse {})
    }

    async fn export(&self, lang: Lang, req: &pb::ListLoginLogsRequest) -> Result<pb::FileResponse, Error> {
        let (rows, _) = store::list(&self.shared.pool, &filter_of(req)?, MAX_EXPORT_ROWS, 0).await?;
        let content = self
            .shared
            .blocking
            .run(move || {
                let en = lang == Lang::En;
                let headers: &[&str] = if en {
                    &["Log id", "Account", "Address", "Browser", "OS", "Status", "Message", "Time"]
                } else {
                    &["访问编号", "用户账号", "登录地址", "浏览器", "操作系统", "登录状态", "提示消息", "访问时间"]
                };
                let cells: Vec<Vec<String>> = rows
                    .iter()
                    .map(|r| {
                        let entry = log_pb(r, lang);
                        let status = match (r.status.as_str(), en) {
                            ("0", true) => "Success",
                            (_, true) => "Failure",
                            ("0", false) => "成功",
                            (_, false) => "失败",
                        };
                        vec![
                            r.info_id.to_string(),
                            r.user_name.clone(),
                            r.ipaddr.clone(),
                            entry.browser,
                            entry.os,
                            status.to_owned(),
                            entry.msg,
                            local_time(r.login_time),
                        ]
                    })
                    .collect();
                write_sheet(if en { "Login log" } else { "登录日志" }, headers, &cells)
            })
            .await?
            .map_err(Error::internal)?;
        Ok(pb::FileResponse {
            file_name: format!("logininfor_{}.xlsx", chrono::Utc::now().timestamp_millis()),
            content,
        })
    }
}

fn filter_of(req: &pb::ListLoginLogsRequest) -> Result<LoginLogFilter, Error> {
    let status = match req.status.trim() {
        "" => "",
        "0" => "0",
        "1" => "1",
        _ => return Err(Error::bad_request(Msg::StatusInvalid)),
    };
    let time = |ms: i64| if ms > 0 { chrono::DateTime::from_timestamp_millis(ms) } else { None };
    Ok(LoginLogFilter {
        ipaddr: req.ipaddr.trim().to_owned(),
        user_name: req.user_name.trim().to_owned(),
        status: status.to_owned(),
        from: time(req.begin_time_ms),
        before: time(req.end_time_ms),
    })
}

/// An entry with its message in `lang` and the browser and OS read from the user agent.
fn log_pb(r: &LoginLogRow, lang: Lang) -> pb::LoginLog {
    let agent = woothee::parser::Parser::new().parse(&r.user_agent);
    let (browser, os) = match agent {
        Some(found) if found.name != "UNKNOWN" => {
            let version = if found.version.is_empty() || found.version == "UNKNOWN" {
                String::new()
            } else {
                format!(" {}", found.version)
            };
            (format!("{}{version}", found.name), found.os.to_string())
        }
        _ => (String::new(), String::new()),
    };
    let msg = Msg::from_login_key(&r.msg).map_or_else(|| r.msg.clone(), |m| m.text(lang));
    pb::LoginLog {
        info_id: r.info_id,
        user_name: r.user_name.clone(),
        ipaddr: r.ipaddr.clone(),
        user_agent: r.user_agent.clone(),
        browser,
        os,
        status: r.status.clone(),
        msg,
        login_time_ms: r.login_time.timestamp_millis(),
    }
}
