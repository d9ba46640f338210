//! Projects over gRPC: each method authorizes the signed-in caller, calls its inner
//! function and maps the error once. Projects are the one place a caller is scoped by its
//! session's project list rather than by a selected project.

use lumiscape_common::access::{Access, SIGNED_IN, authorize_global};
use lumiscape_common::i18n::Msg;
use lumiscape_common::service::Context;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::project::v1 as pb;
use lumiscape_proto::project::v1::project_service_server::ProjectService;
use tonic::{Request, Response, Status};

use super::model::{ProjectScope, effective_logo_status};
use super::store::{self, ProjectRow};

/// Longest project name filter accepted.
const MAX_NAME_FILTER: usize = 100;

pub struct ProjectApi {
    shared: Context,
}

impl ProjectApi {
    pub fn new(shared: Context) -> Self {
        Self { shared }
    }
}

#[tonic::async_trait]
impl ProjectService for ProjectApi {
    async fn drop_list(&self, request: Request<pb::DropListRequest>) -> Result<Response<pb::DropListResponse>, Status> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.drop_list_of(&access).await.reply(access.lang())
    }

    async fn list_projects(
        &self,
        request: Request<pb::ListProjectsRequest>,
    ) -> Result<Response<pb::ListProjectsResponse>, Status> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.list(&access, &request.get_ref().project_name).await.reply(access.lang())
    }

    async fn get_project_detail(
        &self,
        request: Request<pb::GetProjectDetailRequest>,
    ) -> Result<Response<pb::ProjectDetail>, Status> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.detail(&access, request.get_ref().id).await.reply(access.lang())
    }
}

impl ProjectApi {
    async fn drop_list_of(&self, access: &Access) -> Result<pb::DropListResponse, Error> {
        let rows = store::list_in_scope(&self.shared.pool, &ProjectScope::of(&access.caller), "").await?;
        let projects =
            rows.into_iter().map(|r| pb::ProjectOption { id: r.project_id, project_name: r.project_name }).collect();
        Ok(pb::DropListResponse { projects })
    }

    async fn list(&self, access: &Access, name: &str) -> Result<pb::ListProjectsResponse, Error> {
        let name = name.trim();
        if name.chars().count() > MAX_NAME_FILTER {
            return Err(Error::bad_request(Msg::BadRequest));
        }
        let rows = store::list_in_scope(&self.shared.pool, &ProjectScope::of(&access.caller), name).await?;
        Ok(pb::ListProjectsResponse { projects: rows.into_iter().map(summary).collect() })
    }

    async fn detail(&self, access: &Access, id: i64) -> Result<pb::ProjectDetail, Error> {
        if id <= 0 {
            return Err(Error::bad_request(Msg::ProjectIdInvalid));
        }
        if !access.caller.may_access_project(id) {
            return Err(Error::forbidden(Msg::ProjectForbidden));
        }
        let row = store::find(&self.shared.pool, id).await?.ok_or_else(|| Error::not_found(Msg::ProjectNotFound))?;
        Ok(detail(row))
    }
}

fn summary(r: ProjectRow) -> pb::ProjectSummary {
    pb::ProjectSummary {
        id: r.project_id,
        project_name: r.project_name,
        project_number: r.project_number,
        city_name: r.city_name,
        project_user_name: r.project_user_name,
        status: r.status,
    }
}

fn detail(r: ProjectRow) -> pb::ProjectDetail {
    pb::ProjectDetail {
        menu_logo_status: effective_logo_status(&r.menu_logo_status).to_owned(),
        id: r.project_id,
        project_name: r.project_name,
        project_number: r.project_number,
        city_name: r.city_name,
        project_user_name: r.project_user_name,
        menu_logo: r.menu_logo,
        status: r.status,
        address: r.address,
        phone: r.phone,
    }
}
