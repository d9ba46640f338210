//! One-key control over gRPC: each method authorizes, calls its inner function and maps
//! the error once.

use futures::StreamExt;
use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::lighting::one_key;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::one_key_service_server::OneKeyService;
use tokio::time::Instant;
use tonic::{Request, Response, Status};

use super::model::{BUDGET, CONCURRENCY, GatewayOutcome, Tally};
use super::store::{self, NewRecord};
use crate::Shared;
use crate::control::bridge::{Command, CommandFailure};
use crate::gateway::store::{self as gateways, GatewayRow};

pub struct OneKeyApi {
    shared: Shared,
}

impl OneKeyApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }

    /// Switches every loop of every gateway, [`CONCURRENCY`] gateways at a time, within
    /// [`BUDGET`]; the outcomes come back in gateway order.
    async fn switch_all(&self, access: &InProject, gateways: &[GatewayRow], on: bool) -> Vec<GatewayOutcome> {
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
        access: &InProject,
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
    async fn switch_loops(&self, access: &InProject, gateway: &GatewayRow, on: bool) -> Result<(), CommandFailure> {
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
        let access = authorize(&self.shared.auth, &request, &[one_key::EDIT]).await?;
        self.execute_inner(&access, request.get_ref().on).await.reply(access.lang())
    }

    async fn list_records(
        &self,
        request: Request<pb::ListOneKeyRecordsRequest>,
    ) -> Result<Response<pb::ListOneKeyRecordsResponse>, Status> {
        let access = authorize(&self.shared.auth, &request, &[one_key::LIST]).await?;
        self.records(&access, request.get_ref()).await.reply(access.lang())
    }
}

impl OneKeyApi {
    async fn execute_inner(&self, access: &InProject, on: Option<bool>) -> Result<pb::ExecuteOneKeyResponse, Error> {
        let on = on.ok_or_else(|| Error::bad_request(Msg::SwitchStateRequired))?;
        let gateways = gateways::list_all(&self.shared.pool, access.project_id).await?;
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
            let record_id = store::insert(&api.shared.pool, &api.shared.streams, &record).await;
            (outcomes, tally, record_id)
        });
        let (outcomes, tally, record_id) = done.await.map_err(Error::internal)?;
        let record_id = record_id?;
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
        Ok(pb::ExecuteOneKeyResponse {
            record_id,
            total: tally.total,
            succeeded: tally.succeeded,
            failed: tally.failed,
            results,
        })
    }

    async fn records(
        &self,
        access: &InProject,
        req: &pb::ListOneKeyRecordsRequest,
    ) -> Result<pb::ListOneKeyRecordsResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list(&self.shared.pool, access.project_id, page).await?;
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
        Ok(pb::ListOneKeyRecordsResponse { rows, total })
    }
}
