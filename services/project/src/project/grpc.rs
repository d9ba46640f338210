//! Projects over gRPC: each method authorizes the signed-in caller, calls its inner
//! function and maps the error once. Projects are the one place a caller is scoped by its
//! session's project list rather than by a selected project: every method works on the
//! projects the caller may access, and another project is as absent as one that never was.

use std::collections::HashMap;

use chrono::{Local, NaiveDate};
use lumiscape_common::access::{Access, SIGNED_IN, authorize_global};
use lumiscape_common::coalesce::Coalesced;
use lumiscape_common::grpc::RequestContext;
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::{Peer, Transport};
use lumiscape_common::paging::Page;
use lumiscape_common::permission::project::project;
use lumiscape_common::service::Context;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::alarm::v1::CountOpenAlarmsRequest;
use lumiscape_proto::alarm::v1::alarm_service_client::AlarmServiceClient;
use lumiscape_proto::lighting::v1::CountGatewaysRequest;
use lumiscape_proto::lighting::v1::gateway_service_client::GatewayServiceClient;
use lumiscape_proto::project::v1 as pb;
use lumiscape_proto::project::v1::project_service_server::ProjectService;
use tonic::{Request, Response, Status};

use super::events;
use super::model::{
    self, MAX_CAROUSEL, MediaKind, Module, ProjectDraft, ProjectScope, RawProject, check_enabled, check_picture,
    effective_logo_status,
};
use super::store::{self, ProjectFilter, ProjectRow};
use crate::notice::store::NoticeRow;
use crate::{city, notice};

type Reply<T> = Result<Response<T>, Status>;

/// The services a project's deletion asks: lighting (gateways) and alarm (open alarms).
#[derive(Clone)]
pub struct Peers {
    pub lighting: Peer,
    pub alarm: Peer,
}

pub struct ProjectApi {
    shared: Context,
    peers: Peers,
    /// The home page's row by project and number of notices, read once for the callers who
    /// ask at once.
    home_reads: Coalesced<(i64, i64), Option<store::HomeRow>, Error>,
}

impl ProjectApi {
    pub fn new(shared: Context, peers: Peers) -> Self {
        Self { shared, peers, home_reads: Coalesced::new() }
    }
}

#[tonic::async_trait]
impl ProjectService for ProjectApi {
    async fn drop_list(&self, request: Request<pb::DropListRequest>) -> Reply<pb::DropListResponse> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.drop_list_of(&access).await.reply(access.lang())
    }

    async fn list_projects(&self, request: Request<pb::ListProjectsRequest>) -> Reply<pb::ListProjectsResponse> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.list(&access, &request.get_ref().project_name).await.reply(access.lang())
    }

    async fn get_project_detail(&self, request: Request<pb::GetProjectDetailRequest>) -> Reply<pb::ProjectDetail> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.detail(&access, request.get_ref().id).await.reply(access.lang())
    }

    async fn page_projects(&self, request: Request<pb::PageProjectsRequest>) -> Reply<pb::PageProjectsResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[project::LIST]).await?;
        self.page(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_project_info(&self, request: Request<pb::ProjectIdRequest>) -> Reply<pb::ProjectInfo> {
        let access = authorize_global(&self.shared.auth, &request, &[project::QUERY]).await?;
        self.info(&access, request.get_ref().id).await.reply(access.lang())
    }

    async fn create_project(&self, request: Request<pb::ProjectInput>) -> Reply<pb::SaveProjectResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[project::ADD]).await?;
        self.create(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn update_project(&self, request: Request<pb::ProjectInput>) -> Reply<pb::SaveProjectResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[project::EDIT]).await?;
        self.update(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_project(&self, request: Request<pb::ProjectIdRequest>) -> Reply<pb::SaveProjectResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[project::REMOVE]).await?;
        self.delete(&access, request.get_ref().id).await.reply(access.lang())
    }

    async fn enable_project(&self, request: Request<pb::EnableProjectRequest>) -> Reply<pb::EnableProjectResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[project::EDIT]).await?;
        self.enable(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn add_media(&self, request: Request<pb::AddMediaRequest>) -> Reply<pb::ProjectInfo> {
        let access = authorize_global(&self.shared.auth, &request, &[project::EDIT]).await?;
        self.media(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_home_config(&self, request: Request<pb::ProjectIdRequest>) -> Reply<pb::HomeConfig> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.home_config(&access, request.get_ref().id).await.reply(access.lang())
    }

    async fn get_date_scope(&self, request: Request<pb::ProjectIdRequest>) -> Reply<pb::DateScope> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.date_scope(&access, request.get_ref().id).await.reply(access.lang())
    }

    async fn get_main_page(&self, request: Request<pb::ProjectIdRequest>) -> Reply<pb::MainPage> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.main_page(&access, request.get_ref().id).await.reply(access.lang())
    }
}

impl ProjectApi {
    /// A project the caller may access: a bad id is refused, another's project and a
    /// deleted one are absent.
    async fn project(&self, access: &Access, id: i64) -> Result<ProjectRow, Error> {
        let id = Self::accessible(access, id)?;
        store::find(&self.shared.pool, id).await?.ok_or_else(|| Error::not_found(Msg::ProjectNotFound))
    }

    /// `id` when it may name a project the caller may access: a bad id is refused, another's
    /// project is absent.
    fn accessible(access: &Access, id: i64) -> Result<i64, Error> {
        if id <= 0 {
            return Err(Error::bad_request(Msg::ProjectIdInvalid));
        }
        if !access.caller.may_access_project(id) {
            return Err(Error::not_found(Msg::ProjectNotFound));
        }
        Ok(id)
    }

    /// The project a call names, or the selected one when it names none (0).
    fn project_id_or_selected(access: &Access, id: i64) -> Result<i64, Error> {
        match (id, access.ctx.project_id) {
            (0, Some(selected)) => Ok(selected),
            (0, None) => Err(Error::bad_request(Msg::ProjectRequired)),
            (id, _) => Ok(id),
        }
    }

    async fn drop_list_of(&self, access: &Access) -> Result<pb::DropListResponse, Error> {
        let rows = store::list_in_scope(&self.shared.pool, &ProjectScope::of(&access.caller), "").await?;
        let projects =
            rows.into_iter().map(|r| pb::ProjectOption { id: r.project_id, project_name: r.project_name }).collect();
        Ok(pb::DropListResponse { projects })
    }

    async fn list(&self, access: &Access, name: &str) -> Result<pb::ListProjectsResponse, Error> {
        let name = model::check_filter(name).map_err(|_| Error::bad_request(Msg::BadRequest))?;
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

    async fn page(&self, access: &Access, req: &pb::PageProjectsRequest) -> Result<pb::PageProjectsResponse, Error> {
        let status = req.status.trim();
        if !status.is_empty() && !["0", "1", "2", "3"].contains(&status) {
            return Err(Error::bad_request(Msg::ProjectStatusInvalid));
        }
        let enabled = match req.enabled.trim() {
            "" => None,
            text => Some(check_enabled(text)?),
        };
        let filter = ProjectFilter {
            project_name: model::check_filter(&req.project_name)?,
            project_number: model::check_filter(&req.project_number)?,
            city_name: model::check_filter(&req.city_name)?,
            status: (!status.is_empty()).then_some(status),
            enabled,
        };
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::page(&self.shared.pool, &ProjectScope::of(&access.caller), &filter, page).await?;
        let ids: Vec<i64> = rows.iter().map(|r| r.project_id).collect();
        let mut modules: HashMap<i64, Vec<Module>> = HashMap::new();
        for (project_id, module) in store::modules_of(&self.shared.pool, &ids).await? {
            modules.entry(project_id).or_default().push(module);
        }
        let projects =
            rows.into_iter().map(|r| info_pb(modules.remove(&r.project_id).unwrap_or_default(), r)).collect();
        Ok(pb::PageProjectsResponse { projects, total })
    }

    async fn info(&self, access: &Access, id: i64) -> Result<pb::ProjectInfo, Error> {
        let row = self.project(access, id).await?;
        let modules = store::modules(&self.shared.pool, row.project_id).await?;
        Ok(info_pb(modules, row))
    }

    async fn create(&self, access: &Access, input: &pb::ProjectInput) -> Result<pb::SaveProjectResponse, Error> {
        let draft = parse(input)?;
        let (streams, user_id) = (&self.shared.streams, access.caller.user_id());
        let id = store::insert(&self.shared.pool, &draft, access.user_name(), |id| {
            events::created(streams, id, user_id, &draft.project_name)
        })
        .await?;
        self.shared.outbox.wake();
        tracing::info!(project = id, by = access.user_name(), "project created");
        Ok(pb::SaveProjectResponse { id })
    }

    async fn update(&self, access: &Access, input: &pb::ProjectInput) -> Result<pb::SaveProjectResponse, Error> {
        let id = self.project(access, input.id).await?.project_id;
        let draft = parse(input)?;
        if !store::update(&self.shared.pool, id, &draft, access.user_name()).await? {
            return Err(Error::not_found(Msg::ProjectNotFound));
        }
        Ok(pb::SaveProjectResponse { id })
    }

    /// Deletes a project that holds no gateway and no open alarm: lighting and alarm are
    /// asked, on the caller's behalf, inside that project.
    async fn delete(&self, access: &Access, id: i64) -> Result<pb::SaveProjectResponse, Error> {
        let id = self.project(access, id).await?.project_id;
        let ctx = RequestContext { project_id: Some(id), ..access.ctx.clone() };
        let gateways = GatewayServiceClient::<Transport>::new(self.peers.lighting.transport())
            .count_gateways(ctx.request(CountGatewaysRequest {}))
            .await
            .map_err(Error::from_status)?
            .into_inner();
        if gateways.total > 0 {
            return Err(Error::refused(Msg::ProjectHasGateways { count: gateways.total as u64 }));
        }
        let alarms = AlarmServiceClient::<Transport>::new(self.peers.alarm.transport())
            .count_open_alarms(ctx.request(CountOpenAlarmsRequest {}))
            .await
            .map_err(Error::from_status)?
            .into_inner();
        if alarms.count > 0 {
            return Err(Error::refused(Msg::ProjectHasOpenAlarms { count: alarms.count as u64 }));
        }
        let event = events::deleted(&self.shared.streams, id);
        if !store::delete(&self.shared.pool, id, access.user_name(), event).await? {
            return Err(Error::not_found(Msg::ProjectNotFound));
        }
        self.shared.outbox.wake();
        tracing::info!(project = id, by = access.user_name(), "project deleted");
        Ok(pb::SaveProjectResponse { id })
    }

    async fn enable(
        &self,
        access: &Access,
        req: &pb::EnableProjectRequest,
    ) -> Result<pb::EnableProjectResponse, Error> {
        let id = self.project(access, req.id).await?.project_id;
        let wanted = req.enabled.as_deref().map(check_enabled).transpose()?;
        let enabled = store::set_enabled(&self.shared.pool, id, wanted, access.user_name())
            .await?
            .ok_or_else(|| Error::not_found(Msg::ProjectNotFound))?;
        Ok(pb::EnableProjectResponse { enabled })
    }

    async fn media(&self, access: &Access, req: &pb::AddMediaRequest) -> Result<pb::ProjectInfo, Error> {
        let kind = MediaKind::parse(&req.kind)?;
        let path = check_picture(&req.path)?;
        if path.is_empty() && kind == MediaKind::Carousel {
            return Err(Error::bad_request(Msg::ProjectPicturePathInvalid));
        }
        let row = self.project(access, req.id).await?;
        let max = MAX_CAROUSEL as i32;
        if !store::set_media(&self.shared.pool, row.project_id, kind, &path, max, access.user_name()).await? {
            return Err(Error::bad_request(Msg::ProjectPicturesTooMany { max: MAX_CAROUSEL as u32 }));
        }
        self.info(access, row.project_id).await
    }

    async fn home_config(&self, access: &Access, id: i64) -> Result<pb::HomeConfig, Error> {
        let id = Self::accessible(access, Self::project_id_or_selected(access, id)?)?;
        Ok(self.home(id, 0).await?.0)
    }

    /// The home page's picture of the project and its newest `notices` published notices. The
    /// callers who ask while the row is read share the next read (`lumiscape_common::coalesce`:
    /// the home page is read thousands of times a second), which still starts after they asked.
    async fn home(&self, id: i64, notices: i64) -> Result<(pb::HomeConfig, Vec<NoticeRow>), Error> {
        let pool = self.shared.pool.clone();
        let read = move || async move { store::home(&pool, id, notices).await.map_err(Error::from) };
        let row =
            self.home_reads.get((id, notices), read).await?.ok_or_else(|| Error::not_found(Msg::ProjectNotFound))?;
        let modules = row.module_positions.iter().zip(row.module_codes);
        let config = pb::HomeConfig {
            id: row.project_id,
            menu_logo_status: effective_logo_status(&row.menu_logo_status).to_owned(),
            project_name: row.project_name,
            menu_logo: row.menu_logo,
            modules: modules.map(|(position, code)| module_pb(Module { position: *position, code })).collect(),
            map_mode: row.map_mode,
            map_level: i32::from(row.map_level),
            longitude: row.longitude,
            latitude: row.latitude,
            carousel_pictures: row.carousel_pictures,
            plan_picture: row.plan_picture,
            city_name: row.city_name,
            address: row.address,
            status: row.status,
        };
        Ok((config, row.notices.0))
    }

    /// The home page: the config, the figures lighting and alarm give the caller in that
    /// project (asked while the project's own row is read; a panel the caller may not read,
    /// or whose service does not answer, is left out rather than failing the page) and the
    /// latest published announcements.
    async fn main_page(&self, access: &Access, id: i64) -> Result<pb::MainPage, Error> {
        let id = Self::accessible(access, Self::project_id_or_selected(access, id)?)?;
        let ctx = RequestContext { project_id: Some(id), ..access.ctx.clone() };
        let mut lighting = GatewayServiceClient::<Transport>::new(self.peers.lighting.transport());
        let mut alarm = AlarmServiceClient::<Transport>::new(self.peers.alarm.transport());
        let devices = lighting.count_gateways(ctx.request(CountGatewaysRequest {}));
        let alarms = alarm.count_open_alarms(ctx.request(CountOpenAlarmsRequest {}));
        let (home, devices, alarms) = tokio::join!(self.home(id, MAIN_PAGE_NOTICES), devices, alarms);
        let (config, notices) = home?;
        let devices = panel("devices", devices).map(|c| pb::DeviceFigures {
            gateways: c.total,
            online: c.online,
            offline: c.total - c.online,
            loops: c.loops,
            loops_on: c.loops_on,
            loops_off: c.loops_off,
        });
        let alarms = panel("alarms", alarms).map(|c| pb::AlarmFigures {
            open: c.count,
            serious: c.serious,
            main: c.main,
            secondary: c.secondary,
        });
        Ok(pb::MainPage {
            config: Some(config),
            devices,
            alarms,
            notices: notices.into_iter().map(notice::grpc::notice_pb).collect(),
        })
    }

    /// From the project's start date (its creation when it has none) to today; a start in
    /// the future reads today.
    async fn date_scope(&self, access: &Access, id: i64) -> Result<pb::DateScope, Error> {
        let row = self.project(access, Self::project_id_or_selected(access, id)?).await?;
        let today: NaiveDate = Local::now().date_naive();
        let start = row.start_date.unwrap_or_else(|| row.created_at.with_timezone(&Local).date_naive()).min(today);
        Ok(pb::DateScope { id: row.project_id, start_date: start.to_string(), end_date: today.to_string() })
    }
}

/// How many published announcements the home page shows.
const MAIN_PAGE_NOTICES: i64 = 5;

/// A home-page panel's answer: its figures, or nothing when the caller may not read them
/// (the panel is hidden) or the service failed (logged; the rest of the page still shows).
fn panel<T>(name: &str, answer: Result<Response<T>, Status>) -> Option<T> {
    match answer {
        Ok(answer) => Some(answer.into_inner()),
        Err(status) if status.code() == tonic::Code::PermissionDenied => None,
        Err(status) => {
            tracing::warn!(panel = name, code = ?status.code(), error = %status.message(), "a home page panel is left out");
            None
        }
    }
}

fn parse(input: &pb::ProjectInput) -> Result<ProjectDraft, Msg> {
    let modules: Vec<(i64, &str)> =
        input.modules.iter().map(|m| (i64::from(m.position), m.module_code.as_str())).collect();
    let raw = RawProject {
        project_name: &input.project_name,
        project_number: &input.project_number,
        city_code: &input.city_code,
        project_user_name: &input.project_user_name,
        phone: &input.phone,
        address: &input.address,
        organization: &input.organization,
        status: &input.status,
        acceptance: &input.acceptance,
        start_date: &input.start_date,
        contract_number: &input.contract_number,
        map_mode: &input.map_mode,
        map_level: input.map_level,
        longitude: input.longitude,
        latitude: input.latitude,
        menu_logo: &input.menu_logo,
        menu_logo_status: &input.menu_logo_status,
        carousel_pictures: &input.carousel_pictures,
        plan_picture: &input.plan_picture,
        modules: &modules,
        iot_state_interval: input.iot_state_interval,
        iot_energy_interval: input.iot_energy_interval,
        remark: &input.remark,
    };
    ProjectDraft::parse(&raw, |code| city::by_code(code).map(|c| c.name.clone()))
}

fn module_pb(module: Module) -> pb::ProjectModule {
    pb::ProjectModule { position: i32::from(module.position), module_code: module.code }
}

fn info_pb(modules: Vec<Module>, r: ProjectRow) -> pb::ProjectInfo {
    pb::ProjectInfo {
        id: r.project_id,
        menu_logo_status: effective_logo_status(&r.menu_logo_status).to_owned(),
        start_date: r.start_date.map(|d| d.to_string()).unwrap_or_default(),
        map_level: i32::from(r.map_level),
        modules: modules.into_iter().map(module_pb).collect(),
        create_time_ms: r.created_at.timestamp_millis(),
        update_time_ms: r.updated_at.timestamp_millis(),
        project_name: r.project_name,
        project_number: r.project_number,
        city_code: r.city_code,
        city_name: r.city_name,
        project_user_name: r.project_user_name,
        phone: r.phone,
        address: r.address,
        organization: r.organization,
        status: r.status,
        acceptance: r.acceptance,
        contract_number: r.contract_number,
        map_mode: r.map_mode,
        longitude: r.longitude,
        latitude: r.latitude,
        menu_logo: r.menu_logo,
        carousel_pictures: r.carousel_pictures,
        plan_picture: r.plan_picture,
        iot_state_interval: r.iot_state_interval,
        iot_energy_interval: r.iot_energy_interval,
        enabled: r.enabled,
        remark: r.remark,
        create_by: r.created_by,
        update_by: r.updated_by,
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
        longitude: r.longitude,
        latitude: r.latitude,
        address: r.address,
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
