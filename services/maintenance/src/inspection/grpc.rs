//! Inspection over gRPC. Each method authorizes, calls its inner function and maps the error
//! once; rules live in the model, transactions in the store. Who a team member is, and what
//! a route's gateway or address is called, the owning services say (identity, lighting,
//! project), with the caller's own token.

use std::collections::HashMap;

use chrono::{DateTime, Local, Utc};
use futures::{StreamExt, TryStreamExt, stream};
use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::{Peer, Transport};
use lumiscape_common::paging::Page;
use lumiscape_common::permission::operation::inspection;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::identity::v1::UserIdRequest;
use lumiscape_proto::identity::v1::project_member_service_client::ProjectMemberServiceClient;
use lumiscape_proto::lighting::v1::GetGatewayRequest;
use lumiscape_proto::lighting::v1::gateway_service_client::GatewayServiceClient;
use lumiscape_proto::maintenance::v1 as pb;
use lumiscape_proto::maintenance::v1::inspection_service_server::InspectionService;
use lumiscape_proto::project::v1::AddressIdRequest;
use lumiscape_proto::project::v1::address_service_client::AddressServiceClient;
use tonic::{Code, Request, Response, Status};

use super::model::{
    self, ListFilter, PLAN_STATUSES, PlanDraft, PointType, RawListFilter, RawPlan, RawResult, RawRoute, RawTask,
    RawTeam, RouteDraft, TASK_STATUS_CODES, TaskDraft, TeamDraft,
};
use super::store::{self, MemberRow, NamedPoint, PlanRow, RouteRow, TaskPointRow, TaskRow, TeamRow};
use crate::Shared;
use crate::work_order::store::Actor;

pub struct InspectionApi {
    shared: Shared,
    identity: Peer,
    lighting: Peer,
    project: Peer,
}

impl InspectionApi {
    pub fn new(shared: Shared, identity: Peer, lighting: Peer, project: Peer) -> Self {
        Self { shared, identity, lighting, project }
    }
}

type Reply<T> = Result<Response<T>, Status>;

/// Calls to another service in flight at once for one save (a team's members, a route's
/// points): enough to hide their latency, few enough to leave the peer to others.
const PEER_CALLS: usize = 8;

#[tonic::async_trait]
impl InspectionService for InspectionApi {
    async fn list_teams(&self, request: Request<pb::ListInspectionRequest>) -> Reply<pb::ListTeamsResponse> {
        let access = authorize(&self.shared.auth, &request, &[inspection::LIST]).await?;
        self.teams(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_team(&self, request: Request<pb::RecordIdRequest>) -> Reply<pb::InspectionTeam> {
        let access = authorize(&self.shared.auth, &request, &[inspection::QUERY]).await?;
        self.team(&access, request.get_ref().id).await.reply(access.lang())
    }

    async fn save_team(&self, request: Request<pb::TeamInput>) -> Reply<pb::SavedRecord> {
        let needed = if request.get_ref().team_id == 0 { inspection::ADD } else { inspection::EDIT };
        let access = authorize(&self.shared.auth, &request, &[needed]).await?;
        self.save_team_inner(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_teams(&self, request: Request<pb::RecordIdsRequest>) -> Reply<pb::DeletedRecords> {
        let access = authorize(&self.shared.auth, &request, &[inspection::REMOVE]).await?;
        self.delete(&access, &request.get_ref().ids, Kind::Team).await.reply(access.lang())
    }

    async fn list_routes(&self, request: Request<pb::ListInspectionRequest>) -> Reply<pb::ListRoutesResponse> {
        let access = authorize(&self.shared.auth, &request, &[inspection::LIST]).await?;
        self.routes(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_route(&self, request: Request<pb::RecordIdRequest>) -> Reply<pb::InspectionRoute> {
        let access = authorize(&self.shared.auth, &request, &[inspection::QUERY]).await?;
        self.route(&access, request.get_ref().id).await.reply(access.lang())
    }

    async fn save_route(&self, request: Request<pb::RouteInput>) -> Reply<pb::SavedRecord> {
        let needed = if request.get_ref().route_id == 0 { inspection::ADD } else { inspection::EDIT };
        let access = authorize(&self.shared.auth, &request, &[needed]).await?;
        self.save_route_inner(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_routes(&self, request: Request<pb::RecordIdsRequest>) -> Reply<pb::DeletedRecords> {
        let access = authorize(&self.shared.auth, &request, &[inspection::REMOVE]).await?;
        self.delete(&access, &request.get_ref().ids, Kind::Route).await.reply(access.lang())
    }

    async fn list_plans(&self, request: Request<pb::ListInspectionRequest>) -> Reply<pb::ListPlansResponse> {
        let access = authorize(&self.shared.auth, &request, &[inspection::LIST]).await?;
        self.plans(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_plan(&self, request: Request<pb::RecordIdRequest>) -> Reply<pb::InspectionPlan> {
        let access = authorize(&self.shared.auth, &request, &[inspection::QUERY]).await?;
        self.plan(&access, request.get_ref().id).await.reply(access.lang())
    }

    async fn save_plan(&self, request: Request<pb::PlanInput>) -> Reply<pb::SavedRecord> {
        let needed = if request.get_ref().plan_id == 0 { inspection::ADD } else { inspection::EDIT };
        let access = authorize(&self.shared.auth, &request, &[needed]).await?;
        self.save_plan_inner(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_plans(&self, request: Request<pb::RecordIdsRequest>) -> Reply<pb::DeletedRecords> {
        let access = authorize(&self.shared.auth, &request, &[inspection::REMOVE]).await?;
        self.delete(&access, &request.get_ref().ids, Kind::Plan).await.reply(access.lang())
    }

    async fn list_tasks(&self, request: Request<pb::ListInspectionRequest>) -> Reply<pb::ListTasksResponse> {
        let access = authorize(&self.shared.auth, &request, &[inspection::LIST]).await?;
        self.tasks(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn count_tasks(&self, request: Request<pb::CountTasksRequest>) -> Reply<pb::TaskCounts> {
        let access = authorize(&self.shared.auth, &request, &[inspection::LIST]).await?;
        self.counts(&access).await.reply(access.lang())
    }

    async fn get_task(&self, request: Request<pb::RecordIdRequest>) -> Reply<pb::InspectionTaskDetail> {
        let access = authorize(&self.shared.auth, &request, &[inspection::QUERY]).await?;
        self.task(&access, request.get_ref().id).await.reply(access.lang())
    }

    async fn add_task(&self, request: Request<pb::TaskInput>) -> Reply<pb::SavedRecord> {
        let access = authorize(&self.shared.auth, &request, &[inspection::ADD]).await?;
        self.add_task_inner(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_tasks(&self, request: Request<pb::RecordIdsRequest>) -> Reply<pb::DeletedRecords> {
        let access = authorize(&self.shared.auth, &request, &[inspection::REMOVE]).await?;
        self.delete(&access, &request.get_ref().ids, Kind::Task).await.reply(access.lang())
    }

    async fn deal_task(&self, request: Request<pb::DealTaskRequest>) -> Reply<pb::DealTaskResponse> {
        let access = authorize(&self.shared.auth, &request, &[inspection::DEAL]).await?;
        self.deal(&access, request.get_ref()).await.reply(access.lang())
    }
}

/// What a delete names.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Team,
    Route,
    Plan,
    Task,
}

fn valid_id(id: i64) -> Result<i64, Error> {
    if id > 0 { Ok(id) } else { Err(Error::bad_request(Msg::InspectionIdInvalid)) }
}

/// An edit's id: 0 adds, a positive id edits, anything else is refused.
fn edited(id: i64) -> Result<Option<i64>, Error> {
    match id {
        0 => Ok(None),
        id => valid_id(id).map(Some),
    }
}

fn filter(req: &pb::ListInspectionRequest, statuses: &[&str], invalid: Msg) -> Result<ListFilter, Error> {
    Ok(ListFilter::parse(&RawListFilter { keyword: &req.keyword, status: &req.status }, statuses, invalid)?)
}

impl InspectionApi {
    // ---- teams ----

    async fn teams(&self, access: &InProject, req: &pb::ListInspectionRequest) -> Result<pb::ListTeamsResponse, Error> {
        let filter = filter(req, &[], Msg::BadRequest)?;
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list_teams(&self.shared.pool, access.project_id, &filter, page).await?;
        let ids: Vec<i64> = rows.iter().map(|r| r.team_id).collect();
        let mut members = group(store::members(&self.shared.pool, &ids).await?, |m| m.team_id);
        let rows = rows.into_iter().map(|r| team_pb(members.remove(&r.team_id).unwrap_or_default(), r)).collect();
        Ok(pb::ListTeamsResponse { rows, total })
    }

    async fn team(&self, access: &InProject, id: i64) -> Result<pb::InspectionTeam, Error> {
        let id = valid_id(id)?;
        let row = store::find_team(&self.shared.pool, access.project_id, id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::InspectionTeamNotFound))?;
        let members = store::members(&self.shared.pool, &[id]).await?;
        Ok(team_pb(members, row))
    }

    async fn save_team_inner(&self, access: &InProject, input: &pb::TeamInput) -> Result<pb::SavedRecord, Error> {
        let team_id = edited(input.team_id)?;
        let draft = TeamDraft::parse(&RawTeam {
            team_name: &input.team_name,
            member_ids: &input.member_ids,
            remark: &input.remark,
        })?;
        // Another project's team is absent before identity is asked anything.
        if let Some(id) = team_id {
            store::find_team(&self.shared.pool, access.project_id, id)
                .await?
                .ok_or_else(|| Error::not_found(Msg::InspectionTeamNotFound))?;
        }
        // Identity is asked about the members a few at a time, in their order.
        let members: Vec<MemberRow> = stream::iter(draft.member_ids.clone())
            .map(|user_id| self.member(access, user_id))
            .buffered(PEER_CALLS)
            .try_collect()
            .await?;
        let id = store::save_team(&self.shared.pool, access.project_id, team_id, &draft, &members, access.user_name())
            .await?;
        tracing::info!(team = id, user = access.user_name(), "inspection team saved");
        Ok(pb::SavedRecord { id })
    }

    /// A member, when identity says the user is an enabled user of the project.
    async fn member(&self, access: &InProject, user_id: i64) -> Result<MemberRow, Error> {
        let mut identity = ProjectMemberServiceClient::<Transport>::new(self.identity.transport());
        let member = identity
            .get_project_member(access.ctx.request(UserIdRequest { user_id }))
            .await
            .map_err(|status| match status.code() {
                Code::NotFound | Code::InvalidArgument => Error::not_found(Msg::InspectionMemberNotMember),
                _ => Error::from_status(status),
            })?
            .into_inner();
        Ok(MemberRow { team_id: 0, user_id: member.user_id, user_name: member.user_name, nick_name: member.nick_name })
    }

    // ---- routes ----

    async fn routes(
        &self,
        access: &InProject,
        req: &pb::ListInspectionRequest,
    ) -> Result<pb::ListRoutesResponse, Error> {
        let filter = filter(req, &[], Msg::BadRequest)?;
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list_routes(&self.shared.pool, access.project_id, &filter, page).await?;
        let ids: Vec<i64> = rows.iter().map(|r| r.route_id).collect();
        let mut points = group(store::points(&self.shared.pool, &ids).await?, |p| p.route_id);
        let rows = rows.into_iter().map(|r| route_pb(points.remove(&r.route_id).unwrap_or_default(), r)).collect();
        Ok(pb::ListRoutesResponse { rows, total })
    }

    async fn route(&self, access: &InProject, id: i64) -> Result<pb::InspectionRoute, Error> {
        let id = valid_id(id)?;
        let row = store::find_route(&self.shared.pool, access.project_id, id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::InspectionRouteNotFound))?;
        Ok(route_pb(store::points(&self.shared.pool, &[id]).await?, row))
    }

    async fn save_route_inner(&self, access: &InProject, input: &pb::RouteInput) -> Result<pb::SavedRecord, Error> {
        let route_id = edited(input.route_id)?;
        let raw_points: Vec<(&str, i64)> = input.points.iter().map(|p| (p.point_type.as_str(), p.ref_id)).collect();
        let draft =
            RouteDraft::parse(&RawRoute { route_name: &input.route_name, points: &raw_points, remark: &input.remark })?;
        // Another project's route is absent before its points are looked up.
        if let Some(id) = route_id {
            store::find_route(&self.shared.pool, access.project_id, id)
                .await?
                .ok_or_else(|| Error::not_found(Msg::InspectionRouteNotFound))?;
        }
        // Lighting and project name the points a few at a time, in the order walked.
        let points: Vec<NamedPoint> = stream::iter(draft.points.clone())
            .map(|(kind, ref_id)| async move {
                Ok::<_, Error>(NamedPoint { kind, ref_id, name: self.point_name(access, kind, ref_id).await? })
            })
            .buffered(PEER_CALLS)
            .try_collect()
            .await?;
        let id = store::save_route(&self.shared.pool, access.project_id, route_id, &draft, &points, access.user_name())
            .await?;
        tracing::info!(route = id, user = access.user_name(), "inspection route saved");
        Ok(pb::SavedRecord { id })
    }

    /// A point's name, as the service that owns it gives it: a gateway's name and serial, an
    /// address's name. One that is not the project's is refused.
    async fn point_name(&self, access: &InProject, kind: PointType, ref_id: i64) -> Result<String, Error> {
        let missing = |status: Status| match status.code() {
            Code::NotFound | Code::InvalidArgument => Error::not_found(Msg::InspectionPointNotFound),
            _ => Error::from_status(status),
        };
        let name = match kind {
            PointType::Device => {
                let mut lighting = GatewayServiceClient::<Transport>::new(self.lighting.transport());
                let detail = lighting
                    .get_gateway(access.ctx.request(GetGatewayRequest { gateway_id: ref_id }))
                    .await
                    .map_err(missing)?
                    .into_inner();
                let gateway = detail.gateway.ok_or_else(|| Error::not_found(Msg::InspectionPointNotFound))?;
                format!("{} ({})", gateway.gateway_name, gateway.gateway_number)
            }
            PointType::Address => {
                let mut project = AddressServiceClient::<Transport>::new(self.project.transport());
                let address = project
                    .get_address(access.ctx.request(AddressIdRequest { address_id: ref_id }))
                    .await
                    .map_err(missing)?
                    .into_inner();
                address.address_name
            }
        };
        Ok(name.chars().take(100).collect())
    }

    // ---- plans ----

    async fn plans(&self, access: &InProject, req: &pb::ListInspectionRequest) -> Result<pb::ListPlansResponse, Error> {
        let filter = filter(req, &PLAN_STATUSES, Msg::InspectionPlanStatusInvalid)?;
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list_plans(&self.shared.pool, access.project_id, &filter, page).await?;
        Ok(pb::ListPlansResponse { rows: rows.into_iter().map(plan_pb).collect(), total })
    }

    async fn plan(&self, access: &InProject, id: i64) -> Result<pb::InspectionPlan, Error> {
        let id = valid_id(id)?;
        let row = store::find_plan(&self.shared.pool, access.project_id, id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::InspectionPlanNotFound))?;
        Ok(plan_pb(row))
    }

    async fn save_plan_inner(&self, access: &InProject, input: &pb::PlanInput) -> Result<pb::SavedRecord, Error> {
        let plan_id = edited(input.plan_id)?;
        let kept = match plan_id {
            Some(id) => Some(
                store::find_plan(&self.shared.pool, access.project_id, id)
                    .await?
                    .ok_or_else(|| Error::not_found(Msg::InspectionPlanNotFound))?
                    .start_date,
            ),
            None => None,
        };
        let raw = RawPlan {
            plan_name: &input.plan_name,
            route_id: input.route_id,
            team_id: input.team_id,
            period: &input.period,
            start_date: &input.start_date,
            end_date: &input.end_date,
            status: &input.status,
            remark: &input.remark,
        };
        let today = Utc::now().with_timezone(&Local).date_naive();
        let draft = PlanDraft::parse(&raw, today, kept)?;
        let id = store::save_plan(&self.shared.pool, access.project_id, plan_id, &draft, access.user_name()).await?;
        tracing::info!(plan = id, user = access.user_name(), "inspection plan saved");
        Ok(pb::SavedRecord { id })
    }

    // ---- tasks ----

    async fn tasks(&self, access: &InProject, req: &pb::ListInspectionRequest) -> Result<pb::ListTasksResponse, Error> {
        let filter = filter(req, &TASK_STATUS_CODES, Msg::InspectionTaskStatusInvalid)?;
        if req.plan_id < 0 {
            return Err(Error::bad_request(Msg::InspectionIdInvalid));
        }
        let member = req.mine.then(|| access.caller.user_id());
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) =
            store::list_tasks(&self.shared.pool, access.project_id, &filter, req.plan_id, member, page).await?;
        Ok(pb::ListTasksResponse { rows: rows.into_iter().map(task_pb).collect(), total })
    }

    async fn counts(&self, access: &InProject) -> Result<pb::TaskCounts, Error> {
        let [undoing, doing, finished, expired] = store::count_tasks(&self.shared.pool, access.project_id).await?;
        Ok(pb::TaskCounts { undoing, doing, finished, expired })
    }

    async fn task(&self, access: &InProject, id: i64) -> Result<pb::InspectionTaskDetail, Error> {
        let id = valid_id(id)?;
        let row = store::find_task(&self.shared.pool, access.project_id, id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::InspectionTaskNotFound))?;
        let points = store::task_points(&self.shared.pool, id).await?;
        Ok(pb::InspectionTaskDetail {
            description: row.description.clone(),
            points: points.into_iter().map(task_point_pb).collect(),
            task: Some(task_pb(row)),
        })
    }

    async fn add_task_inner(&self, access: &InProject, input: &pb::TaskInput) -> Result<pb::SavedRecord, Error> {
        let draft = TaskDraft::parse(&RawTask {
            task_name: &input.task_name,
            route_id: input.route_id,
            team_id: input.team_id,
            start_time: &input.start_time,
            end_time: &input.end_time,
        })?;
        let id = store::add_task(&self.shared.pool, access.project_id, &draft).await?;
        tracing::info!(task = id, user = access.user_name(), "inspection task added");
        Ok(pb::SavedRecord { id })
    }

    async fn deal(&self, access: &InProject, req: &pb::DealTaskRequest) -> Result<pb::DealTaskResponse, Error> {
        let id = valid_id(req.task_id)?;
        let results: Vec<RawResult<'_>> = req
            .results
            .iter()
            .map(|r| RawResult {
                point_id: r.point_id,
                result: &r.result,
                remark: &r.remark,
                work_order: r.work_order,
                question_type: &r.question_type,
            })
            .collect();
        let actor = Actor { id: access.caller.user_id(), name: access.user_name() };
        let opened = store::deal(
            &self.shared.pool,
            &self.shared.streams,
            access.project_id,
            id,
            &req.description,
            &results,
            &actor,
        )
        .await?;
        if !opened.is_empty() {
            self.shared.outbox.wake();
        }
        tracing::info!(task = id, work_orders = opened.len(), user = access.user_name(), "inspection task dealt with");
        Ok(pb::DealTaskResponse { status: model::TaskStatus::Finished.code().to_owned(), work_orders: opened })
    }

    // ---- deletes ----

    async fn delete(&self, access: &InProject, ids: &[i64], kind: Kind) -> Result<pb::DeletedRecords, Error> {
        if ids.is_empty() || ids.len() > 500 {
            return Err(Error::bad_request(Msg::InspectionIdInvalid));
        }
        for id in ids {
            valid_id(*id)?;
        }
        let (pool, project) = (&self.shared.pool, access.project_id);
        let deleted = match kind {
            Kind::Team => store::delete_teams(pool, project, ids).await?,
            Kind::Route => store::delete_routes(pool, project, ids).await?,
            Kind::Plan => store::delete_plans(pool, project, ids).await?,
            Kind::Task => store::delete_tasks(pool, project, ids).await?,
        };
        tracing::info!(?kind, deleted, user = access.user_name(), "inspection records deleted");
        Ok(pb::DeletedRecords { deleted: i64::try_from(deleted).unwrap_or(i64::MAX) })
    }
}

/// `rows` by the key `of` gives, each group in the order given.
fn group<T>(rows: Vec<T>, of: impl Fn(&T) -> i64) -> HashMap<i64, Vec<T>> {
    let mut groups: HashMap<i64, Vec<T>> = HashMap::new();
    for row in rows {
        groups.entry(of(&row)).or_default().push(row);
    }
    groups
}

fn ms(t: DateTime<Utc>) -> i64 {
    t.timestamp_millis()
}

fn team_pb(members: Vec<MemberRow>, row: TeamRow) -> pb::InspectionTeam {
    pb::InspectionTeam {
        team_id: row.team_id,
        team_name: row.team_name,
        members: members
            .into_iter()
            .map(|m| pb::TeamMember { user_id: m.user_id, user_name: m.user_name, nick_name: m.nick_name })
            .collect(),
        remark: row.remark,
        create_time_ms: ms(row.created_at),
    }
}

fn route_pb(points: Vec<store::PointRow>, row: RouteRow) -> pb::InspectionRoute {
    pb::InspectionRoute {
        route_id: row.route_id,
        route_name: row.route_name,
        points: points
            .into_iter()
            .map(|p| pb::RoutePoint { point_type: p.point_type, ref_id: p.ref_id, point_name: p.point_name })
            .collect(),
        remark: row.remark,
        create_time_ms: ms(row.created_at),
    }
}

fn plan_pb(row: PlanRow) -> pb::InspectionPlan {
    pb::InspectionPlan {
        plan_id: row.plan_id,
        plan_name: row.plan_name,
        route_id: row.route_id,
        route_name: row.route_name,
        team_id: row.team_id,
        team_name: row.team_name,
        period: row.period,
        start_date: row.start_date.format("%Y-%m-%d").to_string(),
        end_date: row.end_date.format("%Y-%m-%d").to_string(),
        status: row.status,
        remark: row.remark,
        create_time_ms: ms(row.created_at),
    }
}

fn task_pb(row: TaskRow) -> pb::InspectionTask {
    pb::InspectionTask {
        task_id: row.task_id,
        task_name: row.task_name,
        plan_id: row.plan_id.unwrap_or(0),
        plan_name: row.plan_name,
        route_id: row.route_id,
        route_name: row.route_name,
        team_id: row.team_id,
        team_name: row.team_name,
        start_time_ms: ms(row.start_time),
        end_time_ms: ms(row.end_time),
        status: row.status,
        point_count: i32::try_from(row.point_count).unwrap_or(i32::MAX),
        abnormal_count: i32::try_from(row.abnormal_count).unwrap_or(i32::MAX),
        handler_name: row.handler_name,
        finish_time_ms: row.finished_at.map_or(0, ms),
        create_time_ms: ms(row.created_at),
    }
}

fn task_point_pb(row: TaskPointRow) -> pb::TaskPoint {
    pb::TaskPoint {
        point_id: row.point_id,
        seq: row.seq,
        point_type: row.point_type,
        ref_id: row.ref_id,
        point_name: row.point_name,
        result: row.result,
        remark: row.remark,
        work_order_id: row.work_order_id.unwrap_or(0),
        work_order_number: row.work_order_number.unwrap_or_default(),
    }
}
