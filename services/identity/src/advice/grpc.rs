//! Advice over gRPC: any signed-in user sends feedback and reads their own; the screen's
//! permissions govern the administrators' list, reply and delete.

use lumiscape_common::access::{Access, SIGNED_IN, authorize_global};
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::system::advice;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::advice_service_server::AdviceService;
use tonic::{Request, Response, Status};

use super::model;
use super::store::{self, AdviceRow};
use crate::Shared;
use crate::sysconfig::grpc::check_ids;

pub struct AdviceApi {
    shared: Shared,
}

impl AdviceApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

type Reply<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl AdviceService for AdviceApi {
    async fn send_advice(&self, request: Request<pb::AdviceInput>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.send(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn my_advices(&self, request: Request<pb::ListAdvicesRequest>) -> Reply<pb::ListAdvicesResponse> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.list(Some(access.caller.user_id()), request.get_ref()).await.reply(access.lang())
    }

    async fn list_advices(&self, request: Request<pb::ListAdvicesRequest>) -> Reply<pb::ListAdvicesResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[advice::LIST]).await?;
        self.list(None, request.get_ref()).await.reply(access.lang())
    }

    async fn get_advice(&self, request: Request<pb::SettingIdRequest>) -> Reply<pb::Advice> {
        let access = authorize_global(&self.shared.auth, &request, &[advice::QUERY]).await?;
        self.get(request.get_ref().id).await.reply(access.lang())
    }

    async fn reply_advice(&self, request: Request<pb::ReplyAdviceInput>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[advice::EDIT]).await?;
        self.answer(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn remove_advices(&self, request: Request<pb::RemoveSettingsRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[advice::REMOVE]).await?;
        self.remove(&request.get_ref().ids).await.reply(access.lang())
    }
}

impl AdviceApi {
    async fn send(&self, access: &Access, input: &pb::AdviceInput) -> Result<pb::SavedResponse, Error> {
        let (title, content) = model::parse_advice(&input.title, &input.content)?;
        store::insert(&self.shared.pool, access.caller.user_id(), access.user_name(), &title, &content).await?;
        Ok(pb::SavedResponse {})
    }

    async fn list(&self, user_id: Option<i64>, req: &pb::ListAdvicesRequest) -> Result<pb::ListAdvicesResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let status = model::parse_status_filter(&req.status)?;
        let (rows, total) = store::list(
            &self.shared.pool,
            user_id,
            req.title.trim(),
            req.user_name.trim(),
            status,
            page.limit,
            page.offset,
        )
        .await?;
        Ok(pb::ListAdvicesResponse { rows: rows.iter().map(advice_pb).collect(), total })
    }

    async fn get(&self, advice_id: i64) -> Result<pb::Advice, Error> {
        if advice_id <= 0 {
            return Err(Error::bad_request(Msg::AdviceNotFound));
        }
        let row =
            store::find(&self.shared.pool, advice_id).await?.ok_or_else(|| Error::not_found(Msg::AdviceNotFound))?;
        Ok(advice_pb(&row))
    }

    async fn answer(&self, access: &Access, input: &pb::ReplyAdviceInput) -> Result<pb::SavedResponse, Error> {
        let (reply, status) = model::parse_reply(&input.reply, &input.status)?;
        if input.advice_id <= 0
            || !store::reply(&self.shared.pool, input.advice_id, &reply, status, access.user_name()).await?
        {
            return Err(Error::not_found(Msg::AdviceNotFound));
        }
        Ok(pb::SavedResponse {})
    }

    async fn remove(&self, ids: &[i64]) -> Result<pb::SavedResponse, Error> {
        let ids = check_ids(ids).map_err(|_| Error::bad_request(Msg::AdviceNotFound))?;
        if !store::delete(&self.shared.pool, &ids).await? {
            return Err(Error::not_found(Msg::AdviceNotFound));
        }
        Ok(pb::SavedResponse {})
    }
}

fn advice_pb(r: &AdviceRow) -> pb::Advice {
    pb::Advice {
        advice_id: r.advice_id,
        user_name: r.user_name.clone(),
        title: r.title.clone(),
        content: r.content.clone(),
        status: r.status.clone(),
        reply: r.reply.clone(),
        replied_by: r.replied_by.clone(),
        replied_at_ms: r.replied_at.map_or(0, |t| t.timestamp_millis()),
        create_time_ms: r.created_at.timestamp_millis(),
    }
}
