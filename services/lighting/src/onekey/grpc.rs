//! One-key control over gRPC.

use futures::StreamExt;
use lumiscape_common::i18n::Msg;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::one_key_service_server::OneKeyService;
use tokio::time::Instant;
use tonic::{Request, Response, Status};

use super::model::{BUDGET, CONCURRENCY, GatewayOutcome, Tally};
use super::store::{self, NewRecord};
use crate::Shared;
use crate::access::{Access, authorize};
use crate::control::bridge::{Command, CommandFailure};
use crate::gateway::store::{self as gateways, GatewayRow};
use crate::paging::Page;

const SWITCH: &[&str] = &["pc:lighting:oneKey:edit"];
const LIST: &[&str] = &["pc:lighting:oneKey:list"];

pub struct OneKeyApi {
    shared: Shared,
}

impl OneKeyApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }

    /// Switches every loop of every gateway, [`CONCURRENCY`] gateways at a time, within
    /// [`BUDGET`]; the outcomes come back in gateway order.
    async fn switch_all(&self, access: &Access, gateways: &[GatewayRow], on: bool) -> Vec<GatewayOutcome> {
        let deadline = Instant::now() + BUDGET;
        // Owned rows: a stream of futures over borrowed ones is not `Send` for every lifetime.
        let mut outcomes: Vec<GatewayOutcome> = futures::stream::iter(gateways.to_vec())
            .map(|gateway| self.switch_gateway(access, gateway, on, deadline))
            .buffer_unordered(CONCURRENCY)
            .collect()
            .await;
        outcomes.sort_unstable_by_key(|o| o.gateway_id);
        outcomes
    }

    async fn switch_gateway(
        &self,
        access: &Access,
        gateway: GatewayRow,
        on: bool,
        deadline: Instant,
    ) -> GatewayOutcome {
        let switched = if gateway.online {
            tokio::time::timeout_at(deadline, self.switch_loops(access, &gateway, on))
                .await
                .unwrap_or(Err(CommandFailure::Timeout))
        } else {
            Err(CommandFailure::Offline)
        };
        let (result, message) = match switched {
            Ok(()) => ("ok", String::new()),
            Err(failure) => (failure.result(), failure.message(access.lang(), self.shared.bridge.command_timeout())),
        };
        GatewayOutcome {
            gateway_id: gateway.gateway_id,
            gateway_name: gateway.gateway_name,
            gateway_number: gateway.serial,
            result,
            message,
        }
    }

    /// Switches the loops of one gateway one after another, stopping at the first failure.
    async fn switch_loops(&self, access: &Access, gateway: &GatewayRow, on: bool) -> Result<(), CommandFailure> {
        for index in 1..=gateway.loop_count() {
            let ack = self.shared.bridge.send(&access.ctx, &gateway.serial, Command::SetLoop { index, on }).await?;
            crate::control::record_readings(&self.shared.pool, gateway.gateway_id, &ack).await;
        }
        Ok(())
    }
}

#[tonic::async_trait]
impl OneKeyService for OneKeyApi {
    async fn execute(
        &self,
        request: Request<pb::ExecuteOneKeyRequest>,
    ) -> Result<Response<pb::ExecuteOneKeyResponse>, Status> {
        let access = authorize(&self.shared.auth, &request, SWITCH).await?;
        let lang = access.lang();
        let on = request.get_ref().on.ok_or_else(|| Error::bad_request(Msg::SwitchStateRequired).into_status(lang))?;
        let gateways = gateways::list_all(&self.shared.pool, access.project_id).await.or_status(lang)?;
        // The switching and its audit record run to the end on their own task: a caller who
        // goes away (a closed tab) must not leave loops switched without a record.
        let api = OneKeyApi::new(self.shared.clone());
        let task_access = access.clone();
        let done = tokio::spawn(async move {
            let outcomes = api.switch_all(&task_access, &gateways, on).await;
            let tally = Tally::of(&outcomes);
            let record = NewRecord {
                project_id: task_access.project_id,
                user_id: task_access.caller.user_id(),
                user_name: task_access.caller.user_name(),
                on,
                tally,
                outcomes: &outcomes,
            };
            let subject = api.shared.streams.subject(store::EVENT_TYPE);
            let record_id = store::insert(&api.shared.pool, &record, &subject).await;
            (outcomes, tally, record_id)
        });
        let (outcomes, tally, record_id) = done.await.map_err(|err| Error::internal(err).into_status(lang))?;
        let record_id = record_id.or_status(lang)?;
        self.shared.outbox.wake();
        tracing::info!(
            record_id,
            project = access.project_id,
            on,
            total = tally.total,
            succeeded = tally.succeeded,
            "one-key control done"
        );
        let results = outcomes
            .into_iter()
            .map(|o| pb::GatewayOutcome {
                gateway_id: o.gateway_id,
                gateway_name: o.gateway_name,
                gateway_number: o.gateway_number,
                result: o.result.to_owned(),
                message: o.message,
            })
            .collect();
        Ok(Response::new(pb::ExecuteOneKeyResponse {
            record_id,
            total: tally.total,
            succeeded: tally.succeeded,
            failed: tally.failed,
            results,
        }))
    }

    async fn list_records(
        &self,
        request: Request<pb::ListOneKeyRecordsRequest>,
    ) -> Result<Response<pb::ListOneKeyRecordsResponse>, Status> {
        let access = authorize(&self.shared.auth, &request, LIST).await?;
        let lang = access.lang();
        let req = request.get_ref();
        let page = Page::parse(req.page_num, req.page_size).or_status(lang)?;
        let (rows, total) = store::list(&self.shared.pool, access.project_id, page).await.or_status(lang)?;
        let count = |n: i32| u32::try_from(n).unwrap_or(0);
        let rows = rows
            .into_iter()
            .map(|r| pb::OneKeyRecord {
                record_id: r.record_id,
                action: r.action,
                user_name: r.user_name,
                total: count(r.total),
                succeeded: count(r.succeeded),
                failed: count(r.failed),
                create_time_ms: r.created_at.timestamp_millis(),
            })
            .collect();
        Ok(Response::new(pb::ListOneKeyRecordsResponse { rows, total }))
    }
}
