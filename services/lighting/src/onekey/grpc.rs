//! One-key control over gRPC: each method authorizes, calls its inner function and maps
//! the error once.

use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::lighting::one_key;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::one_key_service_server::OneKeyService;
use tonic::{Request, Response, Status};

use super::model::{GatewayOutcome, Tally};
use super::store::{self, NewRecord};
use crate::Shared;
use crate::control::fanout::{self, Target};
use crate::gateway::store as gateways;

pub struct OneKeyApi {
    shared: Shared,
}

impl OneKeyApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
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
            let targets = gateways
                .into_iter()
                .map(|gateway| Target { loops: (1..=gateway.loop_count()).collect(), gateway })
                .collect();
            let outcomes = fanout::switch(
                &api.shared,
                &task_access,
                targets,
                if on { 100 } else { 0 },
                None,
                crate::control::commands::ONE_KEY,
            )
            .await;
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
        let results = outcomes.into_iter().map(outcome_pb).collect();
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

/// A gateway's outcome on the wire.
pub fn outcome_pb(o: GatewayOutcome) -> pb::GatewayOutcome {
    pb::GatewayOutcome {
        gateway_id: o.gateway_id,
        gateway_name: o.gateway_name,
        gateway_number: o.gateway_number,
        result: o.result.to_owned(),
        message: o.message,
    }
}
