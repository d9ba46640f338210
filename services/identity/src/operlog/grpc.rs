//! The operation log over gRPC: each method authorizes, calls its inner function and maps
//! the error once.

use lumiscape_common::access::authorize_global;
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::monitor::operlog;
use lumiscape_common::{Error, Lang, StatusExt};
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::oper_log_service_server::OperLogService;
use tonic::{Request, Response, Status};

use super::store::{self, OperLogFilter, OperLogRow};
use crate::Shared;
use crate::sysconfig::grpc::{check_ids, local_time};
use crate::user::workbook::write_sheet;

const MAX_EXPORT_ROWS: i64 = 100_000;

pub struct OperLogApi {
    shared: Shared,
}

impl OperLogApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

type Reply<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl OperLogService for OperLogApi {
    async fn list_oper_logs(&self, request: Request<pb::ListOperLogsRequest>) -> Reply<pb::ListOperLogsResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[operlog::LIST]).await?;
        self.list(request.get_ref()).await.reply(access.lang())
    }

    async fn get_oper_log(&self, request: Request<pb::SettingIdRequest>) -> Reply<pb::OperLog> {
        let access = authorize_global(&self.shared.auth, &request, &[operlog::QUERY]).await?;
        self.get(request.get_ref().id).await.reply(access.lang())
    }

    async fn remove_oper_logs(&self, request: Request<pb::RemoveSettingsRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[operlog::REMOVE]).await?;
        self.remove(&request.get_ref().ids).await.reply(access.lang())
    }

    async fn clean_oper_logs(&self, request: Request<pb::ClearCacheRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[operlog::REMOVE]).await?;
        let cleaned = store::clean(&self.shared.pool).await.map_err(Error::from);
        tracing::info!(by = access.user_name(), "operation log cleaned");
        cleaned.map(|_| pb::SavedResponse {}).reply(access.lang())
    }

    async fn export_oper_logs(&self, request: Request<pb::ListOperLogsRequest>) -> Reply<pb::FileResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[operlog::EXPORT]).await?;
        self.export(access.lang(), request.get_ref()).await.reply(access.lang())
    }
}

impl OperLogApi {
    async fn list(&self, req: &pb::ListOperLogsRequest) -> Result<pb::ListOperLogsResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list(&self.shared.pool, &filter_of(req)?, page.limit, page.offset).await?;
        Ok(pb::ListOperLogsResponse { rows: rows.iter().map(log_pb).collect(), total })
    }

    async fn get(&self, oper_id: i64) -> Result<pb::OperLog, Error> {
        if oper_id <= 0 {
            return Err(Error::bad_request(Msg::LogIdInvalid));
        }
        let row = store::find(&self.shared.pool, oper_id).await?.ok_or_else(|| Error::not_found(Msg::NotFound))?;
        Ok(log_pb(&row))
    }

    async fn remove(&self, ids: &[i64]) -> Result<pb::SavedResponse, Error> {
        let ids = check_ids(ids).map_err(|_| Error::bad_request(Msg::LogIdInvalid))?;
        if !store::delete(&self.shared.pool, &ids).await? {
            return Err(Error::not_found(Msg::NotFound));
        }
        Ok(pb::SavedResponse {})
    }

    async fn export(&self, lang: Lang, req: &pb::ListOperLogsRequest) -> Result<pb::FileResponse, Error> {
        let (rows, _) = store::list(&self.shared.pool, &filter_of(req)?, MAX_EXPORT_ROWS, 0).await?;
        let content = self
            .shared
            .blocking
            .run(move || {
                let en = lang == Lang::En;
                let headers: &[&str] = if en {
                    &[
                        "Log id",
                        "Module",
                        "Type",
                        "Action",
                        "Method",
                        "Operator",
                        "URL",
                        "Address",
                        "Parameters",
                        "Result",
                        "Status",
                        "Error",
                        "Time",
                        "Cost (ms)",
                    ]
                } else {
                    &[
                        "操作序号",
                        "操作模块",
                        "业务类型",
                        "请求方法",
                        "请求方式",
                        "操作人员",
                        "请求地址",
                        "操作地址",
                        "请求参数",
                        "返回参数",
                        "状态",
                        "错误消息",
                        "操作时间",
                        "消耗时间（毫秒）",
                    ]
                };
                let cells: Vec<Vec<String>> = rows
                    .iter()
                    .map(|r| {
                        vec![
                            r.oper_id.to_string(),
                            r.title.clone(),
                            business_type_text(r.business_type, en).to_owned(),
                            r.method.clone(),
                            r.request_method.clone(),
                            r.oper_name.clone(),
                            r.oper_url.clone(),
                            r.oper_ip.clone(),
                            r.oper_param.clone(),
                            r.json_result.clone(),
                            (if r.status == 0 {
                                if en { "Success" } else { "成功" }
                            } else if en {
                                "Failure"
                            } else {
                                "失败"
                            })
                            .to_owned(),
                            r.error_msg.clone(),
                            local_time(r.oper_time),
                            r.cost_time.to_string(),
                        ]
                    })
                    .collect();
                write_sheet(if en { "Operation log" } else { "操作日志" }, headers, &cells)
            })
            .await?
            .map_err(Error::internal)?;
        Ok(pb::FileResponse { file_name: format!("operlog_{}.xlsx", chrono::Utc::now().timestamp_millis()), content })
    }
}

/// RuoYi's business types (the `sys_oper_type` dictionary).
fn business_type_text(code: i32, en: bool) -> &'static str {
    match (code, en) {
        (1, false) => "新增",
        (2, false) => "修改",
        (3, false) => "删除",
        (5, false) => "导出",
        (6, false) => "导入",
        (9, false) => "清空",
        (_, false) => "其他",
        (1, true) => "Add",
        (2, true) => "Edit",
        (3, true) => "Delete",
        (5, true) => "Export",
        (6, true) => "Import",
        (9, true) => "Clean",
        (_, true) => "Other",
    }
}

fn filter_of(req: &pb::ListOperLogsRequest) -> Result<OperLogFilter, Error> {
    let number = |text: &str, invalid: Msg| -> Result<Option<i32>, Error> {
        match text.trim() {
            "" => Ok(None),
            t => t
                .parse::<i32>()
                .ok()
                .filter(|n| (0..=9).contains(n))
                .map(Some)
                .ok_or_else(|| Error::bad_request(invalid)),
        }
    };
    let time = |ms: i64| if ms > 0 { chrono::DateTime::from_timestamp_millis(ms) } else { None };
    Ok(OperLogFilter {
        title: req.title.trim().to_owned(),
        oper_name: req.oper_name.trim().to_owned(),
        business_type: number(&req.business_type, Msg::BadRequest)?,
        status: number(&req.status, Msg::StatusInvalid)?,
        oper_ip: req.oper_ip.trim().to_owned(),
        from: time(req.begin_time_ms),
        before: time(req.end_time_ms),
    })
}

fn log_pb(r: &OperLogRow) -> pb::OperLog {
    pb::OperLog {
        oper_id: r.oper_id,
        title: r.title.clone(),
        business_type: r.business_type,
        method: r.method.clone(),
        request_method: r.request_method.clone(),
        oper_name: r.oper_name.clone(),
        oper_url: r.oper_url.clone(),
        oper_ip: r.oper_ip.clone(),
        oper_param: r.oper_param.clone(),
        json_result: r.json_result.clone(),
        status: r.status,
        error_msg: r.error_msg.clone(),
        oper_time_ms: r.oper_time.timestamp_millis(),
        cost_time_ms: r.cost_time,
    }
}
