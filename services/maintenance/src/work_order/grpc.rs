//! Work orders over gRPC. Each method authorizes, calls its inner function and maps the
//! error once; wire types are converted here, rules live in the model, transactions in the
//! store.

use std::sync::Arc;

use chrono::Utc;
use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::coalesce::Coalesced;
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::{Peer, Transport};
use lumiscape_common::paging::Page;
use lumiscape_common::permission::operation::work_order;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::alarm::v1::GetAlarmRequest;
use lumiscape_proto::alarm::v1::alarm_service_client::AlarmServiceClient;
use lumiscape_proto::identity::v1::project_member_service_client::ProjectMemberServiceClient;
use lumiscape_proto::identity::v1::{ProjectMember, UserIdRequest};
use lumiscape_proto::maintenance::v1 as pb;
use lumiscape_proto::maintenance::v1::work_order_service_server::WorkOrderService;
use tonic::{Request, Response, Status};

use super::model::{self, Action, ActionSpec, ListFilter, RawAction, RawListFilter, RawWorkOrder, WorkOrderDraft};
use super::store::{self, Actor, AlarmRef, StepRow, WorkOrderRow};
use crate::Shared;

pub struct WorkOrderApi {
    shared: Shared,
    /// The alarm service, asked for the alarm an order is opened for by hand.
    alarm: Peer,
    /// Identity, asked who a dispatched order's handler is.
    identity: Peer,
    /// List pages read once for the callers who ask for the same page at once.
    pages: Coalesced<PageKey, Arc<(Vec<WorkOrderRow>, i64)>, Error>,
}

/// What a list page's rows depend on: the project, the checked filters, "only mine" (the
/// caller as handler) and the page.
#[derive(Clone, PartialEq, Eq, Hash)]
struct PageKey {
    project_id: i64,
    filter: ListFilter,
    handler_id: Option<i64>,
    limit: i64,
    offset: i64,
}

impl WorkOrderApi {
    pub fn new(shared: Shared, alarm: Peer, identity: Peer) -> Self {
        Self { shared, alarm, identity, pages: Coalesced::new() }
    }
}

type Reply<T> = Result<Response<T>, Status>;

/// The permission an action needs: dispatchers dispatch and assign, handlers return and
/// complete, initiators confirm, and closing has its own button. An unknown action is
/// refused by the model after the edit permission is checked.
fn permission_for(action: &str) -> &'static str {
    match Action::parse(action.trim()) {
        Some(Action::Dispatch | Action::Assign) => work_order::DISPATCH,
        Some(Action::Return | Action::ProcessComplete) => work_order::HANDLE,
        Some(Action::Confirm) => work_order::CONFIRM,
        Some(Action::Close) => work_order::CLOSE,
        None => work_order::EDIT,
    }
}

#[tonic::async_trait]
impl WorkOrderService for WorkOrderApi {
    async fn list_work_orders(&self, request: Request<pb::ListWorkOrdersRequest>) -> Reply<pb::ListWorkOrdersResponse> {
        let access = authorize(&self.shared.auth, &request, &[work_order::LIST]).await?;
        self.list(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_work_order(&self, request: Request<pb::GetWorkOrderRequest>) -> Reply<pb::WorkOrderDetail> {
        let access = authorize(&self.shared.auth, &request, &[work_order::QUERY]).await?;
        self.get(&access, request.get_ref().work_order_id).await.reply(access.lang())
    }

    async fn create_work_order(&self, request: Request<pb::WorkOrderInput>) -> Reply<pb::CreateWorkOrderResponse> {
        let access = authorize(&self.shared.auth, &request, &[work_order::ADD]).await?;
        self.create(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn act_on_work_order(
        &self,
        request: Request<pb::WorkOrderActionRequest>,
    ) -> Reply<pb::WorkOrderActionResponse> {
        let needed = permission_for(&request.get_ref().action);
        let access = authorize(&self.shared.auth, &request, &[needed]).await?;
        self.act(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn count_work_orders(
        &self,
        request: Request<pb::CountWorkOrdersRequest>,
    ) -> Reply<pb::CountWorkOrdersResponse> {
        let access = authorize(&self.shared.auth, &request, &[work_order::LIST]).await?;
        self.counts(&access).await.reply(access.lang())
    }
}

impl WorkOrderApi {
    async fn list(
        &self,
        access: &InProject,
        req: &pb::ListWorkOrdersRequest,
    ) -> Result<pb::ListWorkOrdersResponse, Error> {
        let raw = RawListFilter {
            status: &req.status,
            order_type: &req.order_type,
            urgency: &req.urgency,
            keyword: &req.keyword,
        };
        let filter = ListFilter::parse(&raw)?;
        // "Only mine": the orders the caller handles.
        let handler_id = req.mine.then(|| access.caller.user_id());
        let page = Page::of(req.page_num, req.page_size);
        // A project's first page is what every open work-order screen asks for, again and
        // again: the callers who ask for the same page while one is read share the next read
        // (`lumiscape_common::coalesce`), each still answered from a read begun after it asked.
        let key = PageKey { project_id: access.project_id, filter, handler_id, limit: page.limit, offset: page.offset };
        let (pool, asked) = (self.shared.pool.clone(), key.clone());
        let read = move || async move {
            let rows = store::list(&pool, asked.project_id, &asked.filter, asked.handler_id, page).await?;
            Ok::<_, Error>(Arc::new(rows))
        };
        let shared = self.pages.get(key, read).await?;
        let (rows, total) = &*shared;
        let now = Utc::now();
        Ok(pb::ListWorkOrdersResponse { rows: rows.iter().map(|r| order_pb(r.clone(), now)).collect(), total: *total })
    }

    async fn get(&self, access: &InProject, id: i64) -> Result<pb::WorkOrderDetail, Error> {
        let id = valid_id(id)?;
        let row = store::find(&self.shared.pool, access.project_id, id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::WorkOrderNotFound))?;
        let (steps, alarm_ids) =
            tokio::try_join!(store::steps(&self.shared.pool, id), store::alarm_ids(&self.shared.pool, id))?;
        Ok(pb::WorkOrderDetail {
            attachments: row.attachments.clone(),
            evaluation: row.evaluation.clone(),
            score: row.score.map_or(0, i32::from),
            close_reason: row.close_reason.clone(),
            steps: steps.into_iter().map(step_pb).collect(),
            alarm_ids,
            order: Some(order_pb(row, Utc::now())),
        })
    }

    /// Opens an order by hand; with an alarm, the alarm service says it is the project's, and
    /// the order stands for it (one order per alarm).
    async fn create(
        &self,
        access: &InProject,
        input: &pb::WorkOrderInput,
    ) -> Result<pb::CreateWorkOrderResponse, Error> {
        let raw = RawWorkOrder {
            order_type: &input.order_type,
            question_type: &input.question_type,
            urgency: &input.urgency,
            expected_time: &input.expected_time,
            address: &input.address,
            description: &input.description,
            attachments: &input.attachments,
            alarm_id: input.alarm_id,
        };
        let draft = WorkOrderDraft::parse(&raw, Utc::now())?;
        let alarm = match draft.alarm_id {
            Some(alarm_id) => Some(self.alarm_of_project(access, alarm_id).await?),
            None => None,
        };
        let actor = Actor { id: access.caller.user_id(), name: access.user_name() };
        let row =
            store::create(&self.shared.pool, &self.shared.streams, access.project_id, &draft, &actor, alarm.as_ref())
                .await?;
        self.shared.outbox.wake();
        tracing::info!(work_order = row.work_order_id, user = access.user_name(), "work order opened");
        Ok(pb::CreateWorkOrderResponse { work_order_id: row.work_order_id, order_number: row.order_number })
    }

    async fn alarm_of_project(&self, access: &InProject, alarm_id: i64) -> Result<AlarmRef, Error> {
        let mut alarms = AlarmServiceClient::<Transport>::new(self.alarm.transport());
        let alarm = alarms
            .get_alarm(access.ctx.request(GetAlarmRequest { alarm_id }))
            .await
            .map_err(Error::from_status)?
            .into_inner();
        Ok(AlarmRef {
            alarm_id,
            raised_at: chrono::DateTime::from_timestamp_millis(alarm.alarm_time_ms).unwrap_or_else(Utc::now),
            flap_key: model::flap_key(alarm.alarm_type_id, &alarm.gateway_number, alarm.loop_index),
        })
    }

    /// The handler a dispatch names, when identity says it is an enabled user of the project.
    async fn member_of_project(&self, access: &InProject, user_id: i64) -> Result<ProjectMember, Error> {
        let mut members = ProjectMemberServiceClient::<Transport>::new(self.identity.transport());
        let member = members
            .get_project_member(access.ctx.request(UserIdRequest { user_id }))
            .await
            .map_err(Error::from_status)?
            .into_inner();
        Ok(member)
    }

    async fn act(
        &self,
        access: &InProject,
        req: &pb::WorkOrderActionRequest,
    ) -> Result<pb::WorkOrderActionResponse, Error> {
        let id = valid_id(req.work_order_id)?;
        let raw = RawAction {
            action: &req.action,
            handler_id: req.handler_id,
            note: &req.note,
            evaluation: &req.evaluation,
            score: &req.score,
            close_reason: &req.close_reason,
            attachments: &req.attachments,
        };
        let spec = ActionSpec::parse(&raw)?;
        let member = match spec.handler_id {
            Some(user_id) => Some(self.member_of_project(access, user_id).await?),
            None => None,
        };
        let handler = member.as_ref().map(|m| Actor { id: m.user_id, name: &m.user_name });
        let actor = Actor { id: access.caller.user_id(), name: access.user_name() };
        let row =
            store::act(&self.shared.pool, &self.shared.streams, access.project_id, id, &spec, handler.as_ref(), &actor)
                .await?;
        self.shared.outbox.wake();
        tracing::info!(work_order = id, action = spec.action.code(), status = %row.status, user = access.user_name(), "work order changed");
        Ok(pb::WorkOrderActionResponse { status: row.status })
    }

    async fn counts(&self, access: &InProject) -> Result<pb::CountWorkOrdersResponse, Error> {
        let ([unassigned, in_progress, pending_confirmation, completed, closed], overdue) =
            store::counts(&self.shared.pool, access.project_id).await?;
        Ok(pb::CountWorkOrdersResponse { unassigned, in_progress, pending_confirmation, completed, closed, overdue })
    }
}

fn valid_id(id: i64) -> Result<i64, Error> {
    if id > 0 { Ok(id) } else { Err(Error::bad_request(Msg::WorkOrderIdInvalid)) }
}

fn order_pb(row: WorkOrderRow, now: chrono::DateTime<Utc>) -> pb::WorkOrder {
    pb::WorkOrder {
        overdue: model::is_overdue(row.status(), row.due_at, now),
        work_order_id: row.work_order_id,
        order_number: row.order_number,
        order_type: row.order_type,
        question_type: row.question_type,
        status: row.status,
        urgency: row.urgency,
        expected_time_ms: row.expected_at.map_or(0, |t| t.timestamp_millis()),
        due_time_ms: row.due_at.timestamp_millis(),
        initiator_id: row.initiator_id,
        initiator_name: row.initiator_name,
        handler_id: row.handler_id.unwrap_or(0),
        handler_name: row.handler_name,
        address: row.address,
        description: row.description,
        alarm_id: row.alarm_id.unwrap_or(0),
        create_time_ms: row.created_at.timestamp_millis(),
        update_time_ms: row.updated_at.timestamp_millis(),
    }
}

fn step_pb(row: StepRow) -> pb::WorkOrderStep {
    pb::WorkOrderStep {
        action: row.action,
        from_status: row.from_status.unwrap_or_default(),
        to_status: row.to_status,
        actor_id: row.actor_id,
        actor_name: row.actor_name,
        note: row.note,
        time_ms: row.at.timestamp_millis(),
    }
}
