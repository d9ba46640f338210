//! The users of a project, for other services: maintenance asks whether the handler a work
//! order is given to, or a member of an inspection team, is an enabled user who may work in
//! the project, and for the account name it records (never the name a console sent).

use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::i18n::Msg;
use lumiscape_common::permission::operation::{inspection, work_order};
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::project_member_service_server::ProjectMemberService;
use tonic::{Request, Response, Status};

use super::store;
use crate::Shared;

pub struct ProjectMemberApi {
    shared: Shared,
}

impl ProjectMemberApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

#[tonic::async_trait]
impl ProjectMemberService for ProjectMemberApi {
    async fn get_project_member(
        &self,
        request: Request<pb::UserIdRequest>,
    ) -> Result<Response<pb::ProjectMember>, Status> {
        let access =
            authorize(&self.shared.auth, &request, &[work_order::DISPATCH, inspection::ADD, inspection::EDIT]).await?;
        self.member(&access, request.get_ref().user_id).await.reply(access.lang())
    }
}

impl ProjectMemberApi {
    async fn member(&self, access: &InProject, user_id: i64) -> Result<pb::ProjectMember, Error> {
        if user_id <= 0 {
            return Err(Error::bad_request(Msg::WorkOrderHandlerRequired));
        }
        let member = store::project_member(&self.shared.pool, user_id, access.project_id).await?;
        let member = member.ok_or_else(|| Error::not_found(Msg::WorkOrderHandlerNotMember))?;
        Ok(pb::ProjectMember { user_id: member.user_id, user_name: member.user_name, nick_name: member.nick_name })
    }
}
