use lumiscape_common::Error;
use lumiscape_common::StatusExt;
use lumiscape_common::auth::Authenticator;
use lumiscape_common::grpc::authenticate;
use lumiscape_common::i18n::Msg;
use lumiscape_proto::project::v1 as pb;
use lumiscape_proto::project::v1::project_service_server::ProjectService;
use sqlx::PgPool;
use tonic::{Request, Response, Status};

use super::model::{ProjectScope, effective_logo_status};
use super::store::{self, ProjectRow};

/// Longest project name filter accepted.
const MAX_NAME_FILTER: usize = 100;

pub struct ProjectApi {
    pool: PgPool,
    auth: Authenticator,
}

impl ProjectApi {
    pub fn new(pool: PgPool, auth: Authenticator) -> Self {
        Self { pool, auth }
    }
}

#[tonic::async_trait]
impl ProjectService for ProjectApi {
    async fn drop_list(&self, request: Request<pb::DropListRequest>) -> Result<Response<pb::DropListResponse>, Status> {
        let (caller, ctx) = authenticate(&self.auth, &request).await?;
        let rows = store::list_in_scope(&self.pool, &ProjectScope::of(&caller), "").await.or_status(ctx.lang)?;
        let projects =
            rows.into_iter().map(|r| pb::ProjectOption { id: r.project_id, project_name: r.project_name }).collect();
        Ok(Response::new(pb::DropListResponse { projects }))
    }

    async fn list_projects(
        &self,
        request: Request<pb::ListProjectsRequest>,
    ) -> Result<Response<pb::ListProjectsResponse>, Status> {
        let (caller, ctx) = authenticate(&self.auth, &request).await?;
        let name = request.get_ref().project_name.trim();
        if name.chars().count() > MAX_NAME_FILTER {
            return Err(Error::bad_request(Msg::BadRequest).into_status(ctx.lang));
        }
        let rows = store::list_in_scope(&self.pool, &ProjectScope::of(&caller), name).await.or_status(ctx.lang)?;
        Ok(Response::new(pb::ListProjectsResponse { projects: rows.into_iter().map(summary).collect() }))
    }

    async fn get_project_detail(
        &self,
        request: Request<pb::GetProjectDetailRequest>,
    ) -> Result<Response<pb::ProjectDetail>, Status> {
        let (caller, ctx) = authenticate(&self.auth, &request).await?;
        let id = request.get_ref().id;
        if id <= 0 {
            return Err(Error::bad_request(Msg::ProjectIdInvalid).into_status(ctx.lang));
        }
        if !caller.may_access_project(id) {
            return Err(Error::forbidden(Msg::ProjectForbidden).into_status(ctx.lang));
        }
        let row = store::find(&self.pool, id)
            .await
            .or_status(ctx.lang)?
            .ok_or_else(|| Error::not_found(Msg::ProjectNotFound).into_status(ctx.lang))?;
        Ok(Response::new(detail(row)))
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
