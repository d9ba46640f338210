//! Announcements over gRPC: each method authorizes (inside the selected project), calls its
//! inner function and maps the error once.

use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::project::notice;
use lumiscape_common::service::Context;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::project::v1 as pb;
use lumiscape_proto::project::v1::notice_service_server::NoticeService;
use tonic::{Request, Response, Status};

use super::model::{self, NoticeDraft, RawNotice};
use super::store::{self, NoticeFilter, NoticeRow};

type Reply<T> = Result<Response<T>, Status>;

pub struct NoticeApi {
    shared: Context,
}

impl NoticeApi {
    pub fn new(shared: Context) -> Self {
        Self { shared }
    }
}

#[tonic::async_trait]
impl NoticeService for NoticeApi {
    async fn list_notices(&self, request: Request<pb::ListNoticesRequest>) -> Reply<pb::ListNoticesResponse> {
        let access = authorize(&self.shared.auth, &request, &[notice::LIST]).await?;
        self.list(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_notice(&self, request: Request<pb::NoticeIdRequest>) -> Reply<pb::Notice> {
        let access = authorize(&self.shared.auth, &request, &[notice::QUERY]).await?;
        self.get(&access, request.get_ref().notice_id).await.reply(access.lang())
    }

    async fn create_notice(&self, request: Request<pb::NoticeInput>) -> Reply<pb::SaveNoticeResponse> {
        let access = authorize(&self.shared.auth, &request, &[notice::ADD]).await?;
        self.create(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn update_notice(&self, request: Request<pb::NoticeInput>) -> Reply<pb::SaveNoticeResponse> {
        let access = authorize(&self.shared.auth, &request, &[notice::EDIT]).await?;
        self.update(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_notices(&self, request: Request<pb::DeleteNoticesRequest>) -> Reply<pb::DeleteNoticesResponse> {
        let access = authorize(&self.shared.auth, &request, &[notice::REMOVE]).await?;
        self.delete(&access, &request.get_ref().notice_ids).await.reply(access.lang())
    }

    async fn publish_notice(&self, request: Request<pb::NoticeIdRequest>) -> Reply<pb::Notice> {
        let access = authorize(&self.shared.auth, &request, &[notice::PUBLISH]).await?;
        self.publish(&access, request.get_ref().notice_id).await.reply(access.lang())
    }
}

impl NoticeApi {
    async fn notice(&self, access: &InProject, notice_id: i64) -> Result<NoticeRow, Error> {
        if notice_id <= 0 {
            return Err(Error::bad_request(Msg::NoticeIdInvalid));
        }
        store::find(&self.shared.pool, access.project_id, notice_id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::NoticeNotFound))
    }

    async fn list(&self, access: &InProject, req: &pb::ListNoticesRequest) -> Result<pb::ListNoticesResponse, Error> {
        let notice_type = match req.notice_type.trim() {
            "" => None,
            kind @ ("1" | "2") => Some(kind),
            _ => return Err(Error::bad_request(Msg::NoticeTypeInvalid)),
        };
        let published = match req.published.trim() {
            "" => None,
            "1" => Some(true),
            "0" => Some(false),
            _ => return Err(Error::bad_request(Msg::NoticeStatusInvalid)),
        };
        let filter = NoticeFilter {
            notice_title: model::check_filter(&req.notice_title)?,
            create_by: model::check_filter(&req.create_by)?,
            notice_type,
            published,
        };
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::page(&self.shared.pool, access.project_id, &filter, page).await?;
        Ok(pb::ListNoticesResponse { notices: rows.into_iter().map(notice_pb).collect(), total })
    }

    async fn get(&self, access: &InProject, notice_id: i64) -> Result<pb::Notice, Error> {
        Ok(notice_pb(self.notice(access, notice_id).await?))
    }

    async fn create(&self, access: &InProject, input: &pb::NoticeInput) -> Result<pb::SaveNoticeResponse, Error> {
        let draft = NoticeDraft::parse(&raw(input))?;
        let notice_id = store::insert(&self.shared.pool, access.project_id, &draft, access.user_name()).await?;
        Ok(pb::SaveNoticeResponse { notice_id })
    }

    async fn update(&self, access: &InProject, input: &pb::NoticeInput) -> Result<pb::SaveNoticeResponse, Error> {
        let notice_id = self.notice(access, input.notice_id).await?.notice_id;
        let draft = NoticeDraft::parse(&raw(input))?;
        if !store::update(&self.shared.pool, access.project_id, notice_id, &draft, access.user_name()).await? {
            return Err(Error::not_found(Msg::NoticeNotFound));
        }
        Ok(pb::SaveNoticeResponse { notice_id })
    }

    async fn delete(&self, access: &InProject, ids: &[i64]) -> Result<pb::DeleteNoticesResponse, Error> {
        let ids = model::check_ids(ids)?;
        let deleted = store::delete_all(&self.shared.pool, access.project_id, &ids)
            .await?
            .ok_or_else(|| Error::not_found(Msg::NoticeNotFound))?;
        Ok(pb::DeleteNoticesResponse { deleted: deleted as i64 })
    }

    async fn publish(&self, access: &InProject, notice_id: i64) -> Result<pb::Notice, Error> {
        let notice_id = self.notice(access, notice_id).await?.notice_id;
        match store::publish(&self.shared.pool, access.project_id, notice_id, access.user_name()).await? {
            None => Err(Error::not_found(Msg::NoticeNotFound)),
            Some(false) => Err(Error::refused(Msg::NoticeClosedNotPublished)),
            Some(true) => self.get(access, notice_id).await,
        }
    }
}

fn raw(input: &pb::NoticeInput) -> RawNotice<'_> {
    RawNotice {
        notice_title: &input.notice_title,
        notice_type: &input.notice_type,
        notice_content: &input.notice_content,
        notice_image: &input.notice_image,
        status: &input.status,
        remark: &input.remark,
    }
}

pub fn notice_pb(row: NoticeRow) -> pb::Notice {
    pb::Notice {
        notice_id: row.notice_id,
        project_id: row.project_id,
        publish_time_ms: row.publish_time.map(|t| t.timestamp_millis()).unwrap_or(0),
        create_time_ms: row.created_at.timestamp_millis(),
        update_time_ms: row.updated_at.timestamp_millis(),
        notice_title: row.notice_title,
        notice_type: row.notice_type,
        notice_content: row.notice_content,
        notice_image: row.notice_image,
        status: row.status,
        published_by: row.published_by,
        remark: row.remark,
        create_by: row.created_by,
        update_by: row.updated_by,
    }
}
