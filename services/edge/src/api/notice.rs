//! A project's announcements at RuoYi's notice paths (`/system/notice`), in the selected
//! project: the handlers only reshape; every rule and message is the project service's.
//! Shapes: docs/api-compatibility.md.

use axum::Extension;
use axum::extract::{Path, State};
use lumiscape_common::ErrorCode;
use lumiscape_common::i18n::Msg;
use lumiscape_proto::project::v1 as pb;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::convert::{PageQuery, id, local_time, path_id, path_ids, text};
use crate::envelope::{ApiError, ApiJson, ApiQuery, ApiResult, Table, call, ok_data, ok_table, ok_with};
use crate::request::RequestInfo;
use crate::state::EdgeState;

/// A notice: RuoYi's fields, and ours beside them (image, project, publishing).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NoticeJson {
    notice_id: i64,
    project_id: i64,
    notice_title: String,
    notice_type: String,
    notice_content: String,
    notice_image: String,
    status: String,
    /// "1" when published.
    published: &'static str,
    publish_time: Option<String>,
    published_by: String,
    remark: String,
    create_by: String,
    create_time: Option<String>,
    update_by: String,
    update_time: Option<String>,
}

fn notice_json(n: pb::Notice) -> NoticeJson {
    NoticeJson {
        published: if n.publish_time_ms > 0 { "1" } else { "0" },
        publish_time: (n.publish_time_ms > 0).then(|| local_time(n.publish_time_ms)).flatten(),
        create_time: local_time(n.create_time_ms),
        update_time: local_time(n.update_time_ms),
        notice_id: n.notice_id,
        project_id: n.project_id,
        notice_title: n.notice_title,
        notice_type: n.notice_type,
        notice_content: n.notice_content,
        notice_image: n.notice_image,
        status: n.status,
        published_by: n.published_by,
        remark: n.remark,
        create_by: n.create_by,
        update_by: n.update_by,
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NoticeListQuery {
    #[serde(default)]
    notice_title: String,
    #[serde(default)]
    notice_type: String,
    #[serde(default)]
    create_by: String,
    #[serde(default)]
    published: String,
    #[serde(flatten)]
    page: PageQuery,
}

/// `GET /system/notice/list`: a page of the project's notices, newest first.
pub async fn list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<NoticeListQuery>,
) -> ApiResult<Table<NoticeJson>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let request = pb::ListNoticesRequest {
        notice_title: query.notice_title,
        notice_type: query.notice_type,
        create_by: query.create_by,
        published: query.published,
        page_num,
        page_size,
    };
    let answer = call(&info, state.clients.notices().list_notices(info.ctx.request(request))).await?;
    ok_table(lang, answer.notices.into_iter().map(notice_json).collect(), answer.total)
}

pub async fn get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::NoticeIdRequest { notice_id: path_id(&id, Msg::NoticeIdInvalid, lang)? };
    let notice = call(&info, state.clients.notices().get_notice(info.ctx.request(request))).await?;
    ok_data(lang, json!(notice_json(notice)))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NoticeBody {
    #[serde(default)]
    notice_id: Value,
    #[serde(default)]
    notice_title: Value,
    #[serde(default)]
    notice_type: Value,
    #[serde(default)]
    notice_content: Value,
    #[serde(default)]
    notice_image: Value,
    #[serde(default)]
    status: Value,
    #[serde(default)]
    remark: Value,
}

impl NoticeBody {
    fn input(&self) -> pb::NoticeInput {
        pb::NoticeInput {
            notice_id: id(&self.notice_id),
            notice_title: text(&self.notice_title),
            notice_type: text(&self.notice_type),
            notice_content: text(&self.notice_content),
            notice_image: text(&self.notice_image),
            status: text(&self.status),
            remark: text(&self.remark),
        }
    }
}

/// `POST /system/notice`: `data` is the new notice's id.
pub async fn add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<NoticeBody>,
) -> ApiResult {
    let mut input = body.input();
    input.notice_id = 0;
    let saved = call(&info, state.clients.notices().create_notice(info.ctx.request(input))).await?;
    ok_data(info.lang(), json!(saved.notice_id))
}

pub async fn edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<NoticeBody>,
) -> ApiResult {
    let lang = info.lang();
    let input = body.input();
    if input.notice_id <= 0 {
        return Err(ApiError::new(ErrorCode::BadRequest, &Msg::NoticeIdInvalid, lang));
    }
    call(&info, state.clients.notices().update_notice(info.ctx.request(input))).await?;
    ok_with(lang, json!({}))
}

/// `DELETE /system/notice/{noticeIds}`: all or none.
pub async fn remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::DeleteNoticesRequest { notice_ids: path_ids(&ids, Msg::NoticeIdInvalid, lang)? };
    call(&info, state.clients.notices().delete_notices(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

/// `PUT /system/notice/publish/{noticeId}`: `data` is the notice, published now.
pub async fn publish(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::NoticeIdRequest { notice_id: path_id(&id, Msg::NoticeIdInvalid, lang)? };
    let notice = call(&info, state.clients.notices().publish_notice(info.ctx.request(request))).await?;
    ok_data(lang, json!(notice_json(notice)))
}
