//! Scenes, tasks, the site and the night's plan over gRPC. Each method authorizes, calls its
//! inner function and maps the error once; wire types become the model's `Raw…` here.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::device::chart;
use lumiscape_common::permission::landscape::timing_one_key;
use lumiscape_common::permission::lighting::{combined_scene, scene, task};
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::scene_service_server::SceneService;
use lumiscape_proto::lighting::v1::task_service_server::TaskService;
use lumiscape_proto::lighting::v1::timing_service_server::TimingService;
use tonic::{Request, Response, Status};

use super::model::{
    self, CombinedDraft, RawCombinedScene, RawDayTime, RawScene, RawSceneLoop, RawSite, RawTask, SceneDraft, SiteDraft,
    TaskDraft, weekday_codes,
};
use super::plan::{self, LoopNight};
use super::store::{self, CombinedRow, SceneLoopRow, SceneRow, TaskRow};
use super::sun::Site;
use super::task::Light;
use super::timeline::Cause;
use super::timing::{self, RawTiming, TimingDraft};
use crate::Shared;
use crate::ids::{check_delete_ids, existing_id};

type Reply<T> = Result<Response<T>, Status>;

pub struct SceneApi {
    shared: Shared,
}

impl SceneApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

pub struct TaskApi {
    pub(super) shared: Shared,
}

impl TaskApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

#[tonic::async_trait]
impl SceneService for SceneApi {
    async fn list_scenes(&self, request: Request<pb::ListScenesRequest>) -> Reply<pb::ListScenesResponse> {
        let access = authorize(&self.shared.auth, &request, &[scene::LIST]).await?;
        self.list(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_scene(&self, request: Request<pb::GetSceneRequest>) -> Reply<pb::SceneDetail> {
        let access = authorize(&self.shared.auth, &request, &[scene::QUERY]).await?;
        self.detail(&access, request.get_ref().scene_id).await.reply(access.lang())
    }

    async fn create_scene(&self, request: Request<pb::SceneInput>) -> Reply<pb::CreateSceneResponse> {
        let access = authorize(&self.shared.auth, &request, &[scene::ADD]).await?;
        self.create(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn update_scene(&self, request: Request<pb::UpdateSceneRequest>) -> Reply<pb::UpdateSceneResponse> {
        let access = authorize(&self.shared.auth, &request, &[scene::EDIT]).await?;
        self.update(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_scenes(&self, request: Request<pb::DeleteScenesRequest>) -> Reply<pb::DeleteScenesResponse> {
        let access = authorize(&self.shared.auth, &request, &[scene::REMOVE]).await?;
        self.delete(&access, &request.get_ref().scene_ids).await.reply(access.lang())
    }

    async fn list_combined_scenes(
        &self,
        request: Request<pb::ListCombinedScenesRequest>,
    ) -> Reply<pb::ListCombinedScenesResponse> {
        let access = authorize(&self.shared.auth, &request, &[combined_scene::LIST]).await?;
        self.list_combined(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_combined_scene(&self, request: Request<pb::GetSceneRequest>) -> Reply<pb::CombinedSceneDetail> {
        let access = authorize(&self.shared.auth, &request, &[combined_scene::QUERY]).await?;
        self.combined_detail(&access, request.get_ref().scene_id).await.reply(access.lang())
    }

    async fn create_combined_scene(&self, request: Request<pb::CombinedSceneInput>) -> Reply<pb::CreateSceneResponse> {
        let access = authorize(&self.shared.auth, &request, &[combined_scene::ADD]).await?;
        self.create_combined(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn update_combined_scene(
        &self,
        request: Request<pb::UpdateCombinedSceneRequest>,
    ) -> Reply<pb::UpdateSceneResponse> {
        let access = authorize(&self.shared.auth, &request, &[combined_scene::EDIT]).await?;
        self.update_combined(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_combined_scenes(
        &self,
        request: Request<pb::DeleteScenesRequest>,
    ) -> Reply<pb::DeleteScenesResponse> {
        let access = authorize(&self.shared.auth, &request, &[combined_scene::REMOVE]).await?;
        self.delete_combined(&access, &request.get_ref().scene_ids).await.reply(access.lang())
    }
}

fn raw_combined(input: Option<&pb::CombinedSceneInput>) -> RawCombinedScene {
    let Some(input) = input else { return RawCombinedScene::default() };
    RawCombinedScene {
        name: input.scene_name.clone(),
        execution_mode: input.execution_mode.clone(),
        repeat_mode: input.repeat_mode.clone(),
        remark: input.remark.clone(),
        members: input.members.iter().map(|m| (m.scene_id, m.minutes)).collect(),
    }
}

fn combined_pb(row: &CombinedRow) -> pb::CombinedScene {
    pb::CombinedScene {
        scene_id: row.scene_id,
        scene_name: row.scene_name.clone(),
        execution_mode: row.execution_mode.clone(),
        repeat_mode: row.repeat_mode.clone(),
        remark: row.remark.clone(),
        member_count: u32::try_from(row.member_count).unwrap_or(0),
        total_minutes: u32::try_from(row.total_minutes).unwrap_or(0),
        member_names: row.member_names.clone(),
        create_by: row.created_by.clone(),
        create_time_ms: row.created_at.timestamp_millis(),
        update_time_ms: row.updated_at.timestamp_millis(),
    }
}

fn raw_scene(input: Option<&pb::SceneInput>) -> RawScene {
    let Some(input) = input else { return RawScene::default() };
    RawScene {
        name: input.scene_name.clone(),
        scene_type: input.scene_type.clone(),
        remark: input.remark.clone(),
        loops: input
            .loops
            .iter()
            .map(|l| RawSceneLoop {
                gateway_id: l.gateway_id,
                loop_index: l.loop_index,
                switch_state: l.switch_state.clone(),
                brightness: l.brightness,
            })
            .collect(),
    }
}

fn scene_pb(row: &SceneRow) -> pb::Scene {
    pb::Scene {
        scene_id: row.scene_id,
        scene_name: row.scene_name.clone(),
        scene_type: row.scene_type.clone(),
        remark: row.remark.clone(),
        loop_count: u32::try_from(row.loop_count).unwrap_or(0),
        create_by: row.created_by.clone(),
        create_time_ms: row.created_at.timestamp_millis(),
        update_time_ms: row.updated_at.timestamp_millis(),
    }
}

fn scene_loop_pb(row: SceneLoopRow) -> pb::SceneLoop {
    pb::SceneLoop {
        gateway_id: row.gateway_id,
        gateway_name: row.gateway_name,
        gateway_number: row.serial,
        loop_index: u32::try_from(row.loop_index).unwrap_or(0),
        loop_name: row.loop_name,
        on: row.is_on,
        brightness: row.brightness.and_then(|b| u32::try_from(b).ok()),
    }
}

impl SceneApi {
    async fn list(&self, access: &InProject, req: &pb::ListScenesRequest) -> Result<pb::ListScenesResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let scene_type = match req.scene_type.trim() {
            "" => None,
            // combined scenes are listed when asked for (a task's scene picker)
            "2" => Some("2"),
            code => Some(model::SceneType::parse(code)?.code()),
        };
        let (rows, total) =
            store::list_scenes(&self.shared.pool, access.project_id, req.scene_name.trim(), scene_type, page).await?;
        Ok(pb::ListScenesResponse { rows: rows.iter().map(scene_pb).collect(), total })
    }

    async fn detail(&self, access: &InProject, scene_id: i64) -> Result<pb::SceneDetail, Error> {
        let scene_id = existing_id(scene_id, Msg::SceneNotFound)?;
        let row = store::find_scene(&self.shared.pool, access.project_id, scene_id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::SceneNotFound))?;
        let loops = store::scene_loops(&self.shared.pool, scene_id).await?;
        Ok(pb::SceneDetail { scene: Some(scene_pb(&row)), loops: loops.into_iter().map(scene_loop_pb).collect() })
    }

    async fn create(&self, access: &InProject, input: &pb::SceneInput) -> Result<pb::CreateSceneResponse, Error> {
        let draft = SceneDraft::parse(&raw_scene(Some(input)))?;
        let scene_id = store::insert_scene(&self.shared.pool, access.project_id, &draft, access.user_name()).await?;
        tracing::info!(scene_id, project = access.project_id, loops = draft.loops.len(), "scene created");
        Ok(pb::CreateSceneResponse { scene_id })
    }

    async fn update(&self, access: &InProject, req: &pb::UpdateSceneRequest) -> Result<pb::UpdateSceneResponse, Error> {
        let scene_id = existing_id(req.scene_id, Msg::SceneNotFound)?;
        let draft = SceneDraft::parse(&raw_scene(req.scene.as_ref()))?;
        store::update_scene(&self.shared.pool, access.project_id, scene_id, &draft).await?;
        Ok(pb::UpdateSceneResponse {})
    }

    async fn delete(&self, access: &InProject, ids: &[i64]) -> Result<pb::DeleteScenesResponse, Error> {
        let ids = check_delete_ids(ids, Msg::SceneNotFound)?;
        let deleted = store::delete_scenes(&self.shared.pool, access.project_id, &ids).await?;
        Ok(pb::DeleteScenesResponse { deleted })
    }

    async fn list_combined(
        &self,
        access: &InProject,
        req: &pb::ListCombinedScenesRequest,
    ) -> Result<pb::ListCombinedScenesResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) =
            store::list_combined(&self.shared.pool, access.project_id, req.scene_name.trim(), page).await?;
        Ok(pb::ListCombinedScenesResponse { rows: rows.iter().map(combined_pb).collect(), total })
    }

    async fn combined_detail(&self, access: &InProject, scene_id: i64) -> Result<pb::CombinedSceneDetail, Error> {
        let scene_id = existing_id(scene_id, Msg::SceneNotFound)?;
        let row = store::find_combined(&self.shared.pool, access.project_id, scene_id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::SceneNotFound))?;
        let members = store::combined_members(&self.shared.pool, scene_id).await?;
        Ok(pb::CombinedSceneDetail {
            scene: Some(combined_pb(&row)),
            members: members
                .into_iter()
                .map(|m| pb::CombinedMember {
                    scene_id: m.scene_id,
                    scene_name: m.scene_name,
                    minutes: i64::from(m.minutes),
                })
                .collect(),
        })
    }

    async fn create_combined(
        &self,
        access: &InProject,
        input: &pb::CombinedSceneInput,
    ) -> Result<pb::CreateSceneResponse, Error> {
        let draft = CombinedDraft::parse(&raw_combined(Some(input)))?;
        let scene_id = store::insert_combined(&self.shared.pool, access.project_id, &draft, access.user_name()).await?;
        tracing::info!(scene_id, project = access.project_id, members = draft.members.len(), "combined scene created");
        Ok(pb::CreateSceneResponse { scene_id })
    }

    async fn update_combined(
        &self,
        access: &InProject,
        req: &pb::UpdateCombinedSceneRequest,
    ) -> Result<pb::UpdateSceneResponse, Error> {
        let scene_id = existing_id(req.scene_id, Msg::SceneNotFound)?;
        let draft = CombinedDraft::parse(&raw_combined(req.scene.as_ref()))?;
        store::update_combined(&self.shared.pool, access.project_id, scene_id, &draft).await?;
        Ok(pb::UpdateSceneResponse {})
    }

    async fn delete_combined(&self, access: &InProject, ids: &[i64]) -> Result<pb::DeleteScenesResponse, Error> {
        let ids = check_delete_ids(ids, Msg::SceneNotFound)?;
        let deleted = store::delete_combined(&self.shared.pool, access.project_id, &ids).await?;
        Ok(pb::DeleteScenesResponse { deleted })
    }
}

#[tonic::async_trait]
impl TaskService for TaskApi {
    async fn list_tasks(&self, request: Request<pb::ListTasksRequest>) -> Reply<pb::ListTasksResponse> {
        let access = authorize(&self.shared.auth, &request, &[task::LIST]).await?;
        self.list(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_task(&self, request: Request<pb::GetTaskRequest>) -> Reply<pb::Task> {
        let access = authorize(&self.shared.auth, &request, &[task::QUERY]).await?;
        self.detail(&access, request.get_ref().task_id).await.reply(access.lang())
    }

    async fn create_task(&self, request: Request<pb::TaskInput>) -> Reply<pb::CreateTaskResponse> {
        let access = authorize(&self.shared.auth, &request, &[task::ADD]).await?;
        self.create(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn update_task(&self, request: Request<pb::UpdateTaskRequest>) -> Reply<pb::UpdateTaskResponse> {
        let access = authorize(&self.shared.auth, &request, &[task::EDIT]).await?;
        self.update(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn set_task_enabled(&self, request: Request<pb::SetTaskEnabledRequest>) -> Reply<pb::SetTaskEnabledResponse> {
        let access = authorize(&self.shared.auth, &request, &[task::EDIT]).await?;
        self.set_enabled(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_tasks(&self, request: Request<pb::DeleteTasksRequest>) -> Reply<pb::DeleteTasksResponse> {
        let access = authorize(&self.shared.auth, &request, &[task::REMOVE]).await?;
        self.delete(&access, &request.get_ref().task_ids).await.reply(access.lang())
    }

    async fn get_site(&self, request: Request<pb::GetSiteRequest>) -> Reply<pb::GetSiteResponse> {
        let access = authorize(&self.shared.auth, &request, &[task::QUERY]).await?;
        self.site(&access).await.reply(access.lang())
    }

    async fn set_site(&self, request: Request<pb::SiteInput>) -> Reply<pb::SetSiteResponse> {
        let access = authorize(&self.shared.auth, &request, &[task::EDIT]).await?;
        self.save_site(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_night_plan(&self, request: Request<pb::GetNightPlanRequest>) -> Reply<pb::NightPlan> {
        let access = authorize(&self.shared.auth, &request, &[task::QUERY]).await?;
        self.night_plan(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn issue_tasks(&self, request: Request<pb::IssueTasksRequest>) -> Reply<pb::IssueTasksResponse> {
        let access = authorize(&self.shared.auth, &request, &[task::ISSUE]).await?;
        self.issue(&access, &request.get_ref().task_ids).await.reply(access.lang())
    }

    async fn list_gateway_schedules(
        &self,
        request: Request<pb::ListGatewaySchedulesRequest>,
    ) -> Reply<pb::ListGatewaySchedulesResponse> {
        let access = authorize(&self.shared.auth, &request, &[task::LIST]).await?;
        self.gateway_schedules(&access).await.reply(access.lang())
    }

    async fn get_loop_chart(&self, request: Request<pb::GetLoopChartRequest>) -> Reply<pb::LoopChart> {
        let access = authorize(&self.shared.auth, &request, &[chart::QUERY]).await?;
        self.loop_chart(&access, request.get_ref()).await.reply(access.lang())
    }
}

/// The project's timing one-key windows over `[from, to)`, as the plan reads them.
pub(super) async fn timing_windows(
    pool: &sqlx::PgPool,
    project_id: i64,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<super::timeline::Window>, Error> {
    let rows = store::timing_windows(pool, project_id, from, to).await?;
    Ok(rows.into_iter().map(|(id, on, start, end)| timing::window(id, on, start, end)).collect())
}

/// A plan's date from the wire: empty is the site's today.
fn plan_date(site: &Site, text: &str) -> Result<NaiveDate, Error> {
    match text.trim() {
        "" => Ok(site.date_of(Utc::now())),
        text => NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| Error::bad_request(Msg::PlanDateInvalid)),
    }
}

fn raw_day_time(input: Option<&pb::DayTimeInput>) -> RawDayTime {
    input.map_or_else(RawDayTime::default, |t| RawDayTime {
        kind: t.kind.clone(),
        clock: t.clock.clone(),
        offset_minutes: t.offset_minutes,
    })
}

fn raw_task(input: Option<&pb::TaskInput>) -> RawTask {
    let Some(input) = input else { return RawTask::default() };
    RawTask {
        name: input.task_name.clone(),
        priority: input.priority,
        date_from: input.date_from.clone(),
        date_to: input.date_to.clone(),
        weekdays: input.weekdays.clone(),
        start: raw_day_time(input.start.as_ref()),
        end: raw_day_time(input.end.as_ref()),
        scene_ids: input.scene_ids.clone(),
        gateway_ids: input.gateway_ids.clone(),
        remark: input.remark.clone(),
    }
}

/// A stored start or end as the console reads it (the table's checks keep the columns
/// consistent: a clock only for kind '0').
fn day_time_pb(kind: &str, clock: Option<chrono::NaiveTime>, offset: i32) -> pb::DayTimeInput {
    pb::DayTimeInput {
        kind: kind.to_owned(),
        clock: clock.map(|c| c.format("%H:%M").to_string()).unwrap_or_default(),
        offset_minutes: i64::from(offset),
    }
}

fn date_text(date: Option<NaiveDate>) -> String {
    date.map(|d| d.format("%Y-%m-%d").to_string()).unwrap_or_default()
}

fn task_pb(row: TaskRow) -> pb::Task {
    pb::Task {
        task_id: row.task_id,
        task_name: row.task_name,
        priority: u32::try_from(row.priority).unwrap_or(0),
        date_from: date_text(row.date_from),
        date_to: date_text(row.date_to),
        weekdays: weekday_codes(u8::try_from(row.weekdays).unwrap_or(0)),
        start: Some(day_time_pb(&row.start_kind, row.start_clock, row.start_offset)),
        end: Some(day_time_pb(&row.end_kind, row.end_clock, row.end_offset)),
        enabled: row.enabled,
        issue_state: row.issue_state,
        scene_ids: row.scene_ids,
        scene_names: row.scene_names,
        gateway_ids: row.gateway_ids,
        gateway_names: row.gateway_names,
        remark: row.remark,
        create_by: row.created_by,
        create_time_ms: row.created_at.timestamp_millis(),
        update_time_ms: row.updated_at.timestamp_millis(),
    }
}

fn millis(time: Option<DateTime<Utc>>) -> i64 {
    time.map_or(0, |t| t.timestamp_millis())
}

impl TaskApi {
    async fn list(&self, access: &InProject, req: &pb::ListTasksRequest) -> Result<pb::ListTasksResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let enabled = model::parse_optional_switch(&req.enabled)?;
        let (rows, total) =
            store::list_tasks(&self.shared.pool, access.project_id, req.task_name.trim(), enabled, page).await?;
        Ok(pb::ListTasksResponse { rows: rows.into_iter().map(task_pb).collect(), total })
    }

    async fn detail(&self, access: &InProject, task_id: i64) -> Result<pb::Task, Error> {
        let task_id = existing_id(task_id, Msg::TaskNotFound)?;
        let row = store::find_task(&self.shared.pool, access.project_id, task_id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::TaskNotFound))?;
        Ok(task_pb(row))
    }

    async fn create(&self, access: &InProject, input: &pb::TaskInput) -> Result<pb::CreateTaskResponse, Error> {
        let draft = TaskDraft::parse(&raw_task(Some(input)))?;
        let task_id = store::insert_task(&self.shared.pool, access.project_id, &draft, access.user_name()).await?;
        tracing::info!(task_id, project = access.project_id, priority = draft.priority, "task created");
        Ok(pb::CreateTaskResponse { task_id })
    }

    async fn update(&self, access: &InProject, req: &pb::UpdateTaskRequest) -> Result<pb::UpdateTaskResponse, Error> {
        let task_id = existing_id(req.task_id, Msg::TaskNotFound)?;
        let draft = TaskDraft::parse(&raw_task(req.task.as_ref()))?;
        store::update_task(&self.shared.pool, access.project_id, task_id, &draft).await?;
        Ok(pb::UpdateTaskResponse {})
    }

    async fn set_enabled(
        &self,
        access: &InProject,
        req: &pb::SetTaskEnabledRequest,
    ) -> Result<pb::SetTaskEnabledResponse, Error> {
        let task_id = existing_id(req.task_id, Msg::TaskNotFound)?;
        let enabled = model::parse_switch(&req.enabled)?;
        let stale = Msg::PlanChanged.text(access.lang());
        if !store::set_task_enabled(&self.shared.pool, access.project_id, task_id, enabled, &stale).await? {
            return Err(Error::not_found(Msg::TaskNotFound));
        }
        tracing::info!(task_id, enabled, user = access.user_name(), "task switched");
        Ok(pb::SetTaskEnabledResponse {})
    }

    async fn delete(&self, access: &InProject, ids: &[i64]) -> Result<pb::DeleteTasksResponse, Error> {
        let ids = check_delete_ids(ids, Msg::TaskNotFound)?;
        let deleted = store::delete_tasks(&self.shared.pool, access.project_id, &ids).await?;
        Ok(pb::DeleteTasksResponse { deleted })
    }

    async fn site(&self, access: &InProject) -> Result<pb::GetSiteResponse, Error> {
        let site = store::find_site(&self.shared.pool, access.project_id).await?;
        Ok(pb::GetSiteResponse {
            site: site.map(|s| pb::Site { latitude: s.latitude, longitude: s.longitude, time_zone: s.time_zone }),
        })
    }

    async fn save_site(&self, access: &InProject, input: &pb::SiteInput) -> Result<pb::SetSiteResponse, Error> {
        let raw = RawSite { latitude: input.latitude, longitude: input.longitude, time_zone: input.time_zone.clone() };
        let draft = SiteDraft::parse(&raw)?;
        let (latitude, longitude) = (input.latitude.unwrap_or_default(), input.longitude.unwrap_or_default());
        store::save_site(
            &self.shared.pool,
            access.project_id,
            latitude,
            longitude,
            &draft.zone_name,
            access.user_name(),
            &Msg::PlanChanged.text(access.lang()),
        )
        .await?;
        Ok(pb::SetSiteResponse {})
    }

    /// The project's site, or the refusal that asks for it.
    pub(super) async fn project_site(&self, access: &InProject) -> Result<Site, Error> {
        let row = store::find_site(&self.shared.pool, access.project_id)
            .await?
            .ok_or_else(|| Error::refused(Msg::SiteNotSet))?;
        let zone = model::parse_zone(&row.time_zone)?;
        Site::new(row.latitude, row.longitude, zone).ok_or_else(|| Error::refused(Msg::SiteNotSet))
    }

    async fn night_plan(&self, access: &InProject, req: &pb::GetNightPlanRequest) -> Result<pb::NightPlan, Error> {
        let site = self.project_site(access).await?;
        let date = plan_date(&site, &req.date)?;
        let gateway_id = match req.gateway_id {
            0 => None,
            id => Some(crate::gateway::model::check_gateway_id(id)?),
        };
        let pool = &self.shared.pool;
        let loops = store::plan_loops(pool, access.project_id, gateway_id).await?;
        if gateway_id.is_some() && loops.is_empty() {
            return Err(Error::not_found(Msg::GatewayNotFound));
        }
        let task_rows = store::enabled_task_loops(pool, access.project_id, gateway_id).await?;
        let names: HashMap<i64, String> = task_rows.iter().map(|r| (r.task_id, r.task_name.clone())).collect();
        let scenes: HashMap<i64, String> = task_rows.iter().map(|r| (r.scene_id, r.scene_name.clone())).collect();
        let (from, to) = plan::night(&site, date);
        let (sunset, sunrise) = plan::sun_edges(&site, date);
        let windows = timing_windows(pool, access.project_id, from, to).await?;
        let nights = plan::resolve_loops(&site, loops, &task_rows, &windows, from, to);
        Ok(pb::NightPlan {
            date: date.format("%Y-%m-%d").to_string(),
            from_ms: from.timestamp_millis(),
            to_ms: to.timestamp_millis(),
            time_zone: site.zone().name().to_owned(),
            sunset_ms: millis(sunset),
            sunrise_ms: millis(sunrise),
            gateways: group_by_gateway(nights, &names, &scenes),
        })
    }
}

impl TaskApi {
    /// One loop's night: the resolved plan, the stretches of its reported state and its
    /// per-minute power, all over the plan's window (noon to noon in the site's zone).
    async fn loop_chart(&self, access: &InProject, req: &pb::GetLoopChartRequest) -> Result<pb::LoopChart, Error> {
        let site = self.project_site(access).await?;
        let date = plan_date(&site, &req.date)?;
        let gateway_id = crate::gateway::model::check_gateway_id(req.gateway_id)?;
        let pool = &self.shared.pool;
        let loops = store::plan_loops(pool, access.project_id, Some(gateway_id)).await?;
        if loops.is_empty() {
            return Err(Error::not_found(Msg::GatewayNotFound));
        }
        let count = u32::try_from(loops.len()).unwrap_or(0);
        let index = crate::gateway::model::check_loop_index(req.loop_index, count)?;
        let loops: Vec<_> = loops.into_iter().filter(|l| u32::try_from(l.loop_index) == Ok(index)).collect();
        let task_rows = store::enabled_task_loops(pool, access.project_id, Some(gateway_id)).await?;
        let names: HashMap<i64, String> = task_rows.iter().map(|r| (r.task_id, r.task_name.clone())).collect();
        let scenes: HashMap<i64, String> = task_rows.iter().map(|r| (r.scene_id, r.scene_name.clone())).collect();
        let (from, to) = plan::night(&site, date);
        let (sunset, sunrise) = plan::sun_edges(&site, date);
        let windows = timing_windows(pool, access.project_id, from, to).await?;
        let nights = plan::resolve_loops(&site, loops, &task_rows, &windows, from, to);
        let window = (from, to);
        let samples =
            crate::telemetry::store::switch_samples(pool, access.project_id, gateway_id, index, window).await?;
        let power = crate::telemetry::store::power(pool, access.project_id, gateway_id, index, window).await?;
        Ok(pb::LoopChart {
            plan: Some(pb::NightPlan {
                date: date.format("%Y-%m-%d").to_string(),
                from_ms: from.timestamp_millis(),
                to_ms: to.timestamp_millis(),
                time_zone: site.zone().name().to_owned(),
                sunset_ms: millis(sunset),
                sunrise_ms: millis(sunrise),
                gateways: group_by_gateway(nights, &names, &scenes),
            }),
            actual: plan::actual_segments(&samples)
                .into_iter()
                .map(|(from, to, on)| pb::ActualSegment {
                    from_ms: from.timestamp_millis(),
                    to_ms: to.timestamp_millis(),
                    on,
                })
                .collect(),
            power: power
                .into_iter()
                .map(|p| pb::PowerPoint {
                    time_ms: p.minute.timestamp_millis(),
                    active_power_w: p.active_power_w,
                    voltage_v: p.voltage_v,
                    current_a: p.current_a,
                })
                .collect(),
        })
    }
}

fn segment_pb(
    segment: &super::timeline::Segment,
    names: &HashMap<i64, String>,
    scenes: &HashMap<i64, String>,
) -> pb::PlanSegment {
    let (on, brightness) = match segment.light {
        Light::On { level } => (true, Some(u32::from(level))),
        Light::Off => (false, None),
    };
    let mut out = pb::PlanSegment {
        from_ms: segment.from.timestamp_millis(),
        to_ms: segment.to.timestamp_millis(),
        on,
        brightness,
        ..Default::default()
    };
    match segment.cause {
        Cause::Idle => out.cause = "idle".into(),
        Cause::Task { task, scene, priority } => {
            out.cause = "task".into();
            out.task_id = task;
            out.task_name = names.get(&task).cloned().unwrap_or_default();
            out.scene_id = scene;
            out.scene_name = scenes.get(&scene).cloned().unwrap_or_default();
            out.priority = u32::from(priority);
        }
        Cause::Timing { id } => {
            out.cause = "timing".into();
            out.timing_id = id;
        }
        Cause::Override { .. } => out.cause = "override".into(),
        Cause::MinimumBurn { until } => {
            out.cause = "minimumBurn".into();
            out.until_ms = until.timestamp_millis();
        }
    }
    out
}

fn group_by_gateway(
    nights: Vec<LoopNight>,
    names: &HashMap<i64, String>,
    scenes: &HashMap<i64, String>,
) -> Vec<pb::PlanGateway> {
    let mut gateways: Vec<pb::PlanGateway> = Vec::new();
    for night in nights {
        let row = night.row;
        let plan_loop = pb::PlanLoop {
            loop_index: u32::try_from(row.loop_index).unwrap_or(0),
            loop_name: row.loop_name.clone(),
            actual_on: row.is_on,
            actual_time_ms: millis(row.sample_time),
            segments: night.segments.iter().map(|s| segment_pb(s, names, scenes)).collect(),
        };
        match gateways.last_mut() {
            Some(last) if last.gateway_id == row.gateway_id => last.loops.push(plan_loop),
            _ => gateways.push(pb::PlanGateway {
                gateway_id: row.gateway_id,
                gateway_name: row.gateway_name,
                gateway_number: row.serial,
                online: row.online,
                loops: vec![plan_loop],
            }),
        }
    }
    gateways
}

/// Timing one-key control over gRPC: authorize, call the inner function, map the error once.
pub struct TimingApi {
    shared: Shared,
}

impl TimingApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

#[tonic::async_trait]
impl TimingService for TimingApi {
    async fn list_timings(&self, request: Request<pb::ListTimingsRequest>) -> Reply<pb::ListTimingsResponse> {
        let access = authorize(&self.shared.auth, &request, &[timing_one_key::LIST]).await?;
        self.timings(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn create_timing(&self, request: Request<pb::TimingInput>) -> Reply<pb::CreateTimingResponse> {
        let access = authorize(&self.shared.auth, &request, &[timing_one_key::ADD]).await?;
        self.create(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_timings(&self, request: Request<pb::DeleteTimingsRequest>) -> Reply<pb::DeleteTimingsResponse> {
        let access = authorize(&self.shared.auth, &request, &[timing_one_key::REMOVE]).await?;
        self.delete(&access, &request.get_ref().timing_ids).await.reply(access.lang())
    }
}

impl TimingApi {
    async fn site(&self, access: &InProject) -> Result<Site, Error> {
        TaskApi::new(self.shared.clone()).project_site(access).await
    }

    async fn timings(
        &self,
        access: &InProject,
        req: &pb::ListTimingsRequest,
    ) -> Result<pb::ListTimingsResponse, Error> {
        let site = self.site(access).await?;
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list_timings(&self.shared.pool, access.project_id, page).await?;
        let now = Utc::now();
        let rows = rows
            .into_iter()
            .map(|r| pb::Timing {
                timing_id: r.timing_id,
                on: r.is_on,
                start_ms: r.starts_at.timestamp_millis(),
                end_ms: r.ends_at.timestamp_millis(),
                state: timing::state(r.starts_at, r.ends_at, now).to_owned(),
                remark: r.remark,
                create_by: r.created_by,
                create_time_ms: r.created_at.timestamp_millis(),
                time_zone: site.zone().name().to_owned(),
            })
            .collect();
        Ok(pb::ListTimingsResponse { rows, total })
    }

    async fn create(&self, access: &InProject, input: &pb::TimingInput) -> Result<pb::CreateTimingResponse, Error> {
        let site = self.site(access).await?;
        let raw = RawTiming {
            switch_state: input.switch_state.clone(),
            start: input.start_time.clone(),
            end: input.end_time.clone(),
            remark: input.remark.clone(),
        };
        let draft = TimingDraft::parse(&raw, &site, Utc::now())?;
        let stale = Msg::PlanChanged.text(access.lang());
        let timing_id =
            store::insert_timing(&self.shared.pool, access.project_id, &draft, access.user_name(), &stale).await?;
        tracing::info!(timing_id, project = access.project_id, on = draft.on, "timing one-key added");
        Ok(pb::CreateTimingResponse { timing_id })
    }

    async fn delete(&self, access: &InProject, ids: &[i64]) -> Result<pb::DeleteTimingsResponse, Error> {
        let ids = check_delete_ids(ids, Msg::TimingNotFound)?;
        let stale = Msg::PlanChanged.text(access.lang());
        let deleted = store::delete_timings(&self.shared.pool, access.project_id, &ids, &stale).await?;
        Ok(pb::DeleteTimingsResponse { deleted })
    }
}
