//! The gateway registry and charts over gRPC. Each method authorizes, calls its inner
//! function and maps the error once; wire types are converted here, rules live in the
//! model, transactions in the store.

use chrono::{DateTime, TimeDelta, Utc};
use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::coalesce::Coalesced;
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::lighting::gateway;
use lumiscape_common::permission::project::project;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::gateway_service_server::GatewayService;
use tonic::{Request, Response, Status};

use lumiscape_common::nats_auth::GatewayCredential;

use super::credentials;
use super::model::{self, GatewayDraft, GatewayFilter, ParamsRequest, RawGateway};
use super::store::{self, GatewayRow, LoopRow};
use crate::Shared;
use crate::control::fanout;
use crate::onekey::model::Tally;
use crate::telemetry::store as telemetry;

pub struct GatewayApi {
    shared: Shared,
    /// The home page's counts by project, read once for the callers who ask at once.
    count_reads: Coalesced<i64, store::Counts, Error>,
}

impl GatewayApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared, count_reads: Coalesced::new() }
    }
}

type Reply<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl GatewayService for GatewayApi {
    async fn list_gateways(&self, request: Request<pb::ListGatewaysRequest>) -> Reply<pb::ListGatewaysResponse> {
        let access = authorize(&self.shared.auth, &request, &[gateway::LIST]).await?;
        self.list(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn count_gateways(&self, request: Request<pb::CountGatewaysRequest>) -> Reply<pb::GatewayCounts> {
        let access = authorize(&self.shared.auth, &request, &[gateway::LIST, project::REMOVE]).await?;
        self.counts(&access).await.reply(access.lang())
    }

    async fn get_gateway(&self, request: Request<pb::GetGatewayRequest>) -> Reply<pb::GatewayDetail> {
        let access = authorize(&self.shared.auth, &request, &[gateway::QUERY]).await?;
        self.detail(&access, request.get_ref().gateway_id).await.reply(access.lang())
    }

    async fn create_gateway(&self, request: Request<pb::GatewayInput>) -> Reply<pb::CreateGatewayResponse> {
        let access = authorize(&self.shared.auth, &request, &[gateway::ADD]).await?;
        self.create(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn update_gateway(&self, request: Request<pb::UpdateGatewayRequest>) -> Reply<pb::UpdateGatewayResponse> {
        let access = authorize(&self.shared.auth, &request, &[gateway::EDIT]).await?;
        self.update(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_gateways(&self, request: Request<pb::DeleteGatewaysRequest>) -> Reply<pb::DeleteGatewaysResponse> {
        let access = authorize(&self.shared.auth, &request, &[gateway::REMOVE]).await?;
        self.delete(&access, &request.get_ref().gateway_ids).await.reply(access.lang())
    }

    async fn get_power(&self, request: Request<pb::GetPowerRequest>) -> Reply<pb::GetPowerResponse> {
        let access = authorize(&self.shared.auth, &request, &[gateway::QUERY]).await?;
        self.power(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_live_power(&self, request: Request<pb::GetLivePowerRequest>) -> Reply<pb::LivePower> {
        let access = authorize(&self.shared.auth, &request, &[gateway::LIST]).await?;
        let power = store::live_power(&self.shared.pool, access.project_id).await;
        power
            .map(|p| pb::LivePower {
                active_power_w: p.active_power_w,
                loops_reporting: p.loops_reporting,
                sample_time_ms: p.newest.map_or(0, |t| t.timestamp_millis()),
            })
            .reply(access.lang())
    }

    async fn list_online_history(
        &self,
        request: Request<pb::ListOnlineHistoryRequest>,
    ) -> Reply<pb::ListOnlineHistoryResponse> {
        let access = authorize(&self.shared.auth, &request, &[gateway::QUERY]).await?;
        self.online_history(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn issue_credential(&self, request: Request<pb::IssueCredentialRequest>) -> Reply<pb::GatewayCredential> {
        let access = authorize(&self.shared.auth, &request, &[gateway::EDIT]).await?;
        self.reissue(&access, request.get_ref().gateway_id).await.reply(access.lang())
    }

    async fn set_params(&self, request: Request<pb::SetGatewayParamsRequest>) -> Reply<pb::SetGatewayParamsResponse> {
        let access = authorize(&self.shared.auth, &request, &[gateway::PARAMS]).await?;
        self.params(&access, request.get_ref()).await.reply(access.lang())
    }
}

impl GatewayApi {
    /// The project's gateways and loops counted. The home page asks thousands of times a
    /// second for the same project, so the callers who ask while a count runs share the next
    /// one (`lumiscape_common::coalesce`): each still gets a count read after it asked.
    async fn counts(&self, access: &InProject) -> Result<pb::GatewayCounts, Error> {
        let (pool, project_id) = (self.shared.pool.clone(), access.project_id);
        let read = move || async move { store::counts(&pool, project_id).await.map_err(Error::from) };
        let c = self.count_reads.get(project_id, read).await?;
        Ok(pb::GatewayCounts {
            total: c.gateways,
            online: c.online,
            loops: c.loops,
            loops_on: c.loops_on,
            loops_off: c.loops_off,
        })
    }

    /// A live gateway of the project, or NotFound.
    async fn gateway(&self, access: &InProject, gateway_id: i64) -> Result<GatewayRow, Error> {
        let gateway_id = model::check_gateway_id(gateway_id)?;
        store::find(&self.shared.pool, access.project_id, gateway_id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::GatewayNotFound))
    }

    /// Batch parameter setting: gateways of the project, of one brand, each sent the
    /// parameters; the sending and the keeping of what was acknowledged run to the end on
    /// their own task, so a caller who goes away leaves no gateway changed but unrecorded.
    async fn params(
        &self,
        access: &InProject,
        req: &pb::SetGatewayParamsRequest,
    ) -> Result<pb::SetGatewayParamsResponse, Error> {
        let asked =
            ParamsRequest::parse(&req.gateway_ids, req.heartbeat_s, req.telemetry_s).map_err(Error::bad_request)?;
        let gateways = store::find_many(&self.shared.pool, access.project_id, &asked.gateway_ids).await?;
        if gateways.len() != asked.gateway_ids.len() {
            return Err(Error::not_found(Msg::GatewayNotFound));
        }
        model::check_brands(gateways.iter().map(|g| (g.serial.as_str(), g.brand.as_str()))).map_err(Error::refused)?;
        let (shared, task_access) = (self.shared.clone(), access.clone());
        let outcomes =
            tokio::spawn(async move { fanout::set_params(&shared, &task_access, gateways, asked.params).await })
                .await
                .map_err(Error::internal)??;
        let tally = Tally::of(&outcomes);
        tracing::info!(
            project = access.project_id,
            total = tally.total,
            succeeded = tally.succeeded,
            heartbeat_s = asked.params.heartbeat_s,
            telemetry_s = asked.params.telemetry_s,
            "gateway parameters set"
        );
        Ok(pb::SetGatewayParamsResponse {
            total: tally.total,
            succeeded: tally.succeeded,
            failed: tally.failed,
            results: outcomes.into_iter().map(crate::onekey::grpc::outcome_pb).collect(),
        })
    }

    async fn list(&self, access: &InProject, req: &pb::ListGatewaysRequest) -> Result<pb::ListGatewaysResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let filter = GatewayFilter::parse(&req.gateway_name, &req.gateway_number, &req.online_status)?;
        let (rows, total) = store::list(&self.shared.pool, access.project_id, &filter, page).await?;
        Ok(pb::ListGatewaysResponse { rows: rows.iter().map(gateway_pb).collect(), total })
    }

    async fn detail(&self, access: &InProject, gateway_id: i64) -> Result<pb::GatewayDetail, Error> {
        let gateway = self.gateway(access, gateway_id).await?;
        let loops = store::loops(&self.shared.pool, gateway.gateway_id).await?;
        Ok(pb::GatewayDetail { gateway: Some(gateway_pb(&gateway)), loops: loops.into_iter().map(loop_pb).collect() })
    }

    async fn create(&self, access: &InProject, input: &pb::GatewayInput) -> Result<pb::CreateGatewayResponse, Error> {
        let draft = GatewayDraft::parse(&raw_gateway(input))?;
        let credential = self.issue(draft.serial.as_str())?;
        let gateway_id =
            store::insert(&self.shared.pool, access.project_id, &draft, access.user_name(), &credential.public_key)
                .await?;
        self.shared.outbox.wake();
        tracing::info!(gateway = %draft.serial.as_str(), gateway_id, project = access.project_id, "gateway registered");
        Ok(pb::CreateGatewayResponse { gateway_id, credential: Some(credential_pb(credential)) })
    }

    /// A new credential for the gateway; the previous one is revoked.
    async fn reissue(&self, access: &InProject, gateway_id: i64) -> Result<pb::GatewayCredential, Error> {
        let gateway = self.gateway(access, gateway_id).await?;
        let credential = self.issue(&gateway.serial)?;
        let replaced = credentials::replace(
            &self.shared.pool,
            access.project_id,
            gateway_id,
            &gateway.serial,
            &credential,
            access.user_name(),
        )
        .await?;
        if !replaced {
            return Err(Error::not_found(Msg::GatewayNotFound));
        }
        self.shared.credentials.wake();
        tracing::info!(gateway = %gateway.serial, gateway_id, project = access.project_id, "gateway credential issued");
        Ok(credential_pb(credential))
    }

    fn issue(&self, serial: &str) -> Result<GatewayCredential, Error> {
        self.shared.authority.issue_gateway(&self.shared.nats_prefix, serial).map_err(Error::internal)
    }

    async fn update(
        &self,
        access: &InProject,
        req: &pb::UpdateGatewayRequest,
    ) -> Result<pb::UpdateGatewayResponse, Error> {
        let gateway_id = model::check_gateway_id(req.gateway_id)?;
        let input = req.gateway.as_ref().ok_or_else(|| Error::bad_request(Msg::BadRequest))?;
        let draft = GatewayDraft::parse(&raw_gateway(input))?;
        if !store::update(&self.shared.pool, access.project_id, gateway_id, &draft).await? {
            return Err(Error::not_found(Msg::GatewayNotFound));
        }
        self.shared.outbox.wake();
        self.shared.credentials.wake();
        Ok(pb::UpdateGatewayResponse {})
    }

    async fn delete(&self, access: &InProject, gateway_ids: &[i64]) -> Result<pb::DeleteGatewaysResponse, Error> {
        let ids = model::check_delete_ids(gateway_ids)?;
        let deleted = store::delete(&self.shared.pool, access.project_id, &ids)
            .await?
            .ok_or_else(|| Error::not_found(Msg::GatewayNotFound))?;
        self.shared.outbox.wake();
        self.shared.credentials.wake();
        Ok(pb::DeleteGatewaysResponse { deleted: u32::try_from(deleted).unwrap_or(u32::MAX) })
    }

    async fn power(&self, access: &InProject, req: &pb::GetPowerRequest) -> Result<pb::GetPowerResponse, Error> {
        let hours = model::check_power_hours(req.hours)?;
        let gateway = self.gateway(access, req.gateway_id).await?;
        let loop_index = model::check_loop_index(req.loop_index.unwrap_or(1), gateway.loop_count())?;
        let now = Utc::now();
        let span = (now - TimeDelta::hours(hours), now);
        let rows = telemetry::power(&self.shared.pool, access.project_id, gateway.gateway_id, loop_index, span).await?;
        let points = rows
            .into_iter()
            .map(|r| pb::PowerPoint {
                time_ms: r.minute.timestamp_millis(),
                active_power_w: r.active_power_w,
                voltage_v: r.voltage_v,
                current_a: r.current_a,
            })
            .collect();
        Ok(pb::GetPowerResponse { loop_index, points })
    }

    async fn online_history(
        &self,
        access: &InProject,
        req: &pb::ListOnlineHistoryRequest,
    ) -> Result<pb::ListOnlineHistoryResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let gateway = self.gateway(access, req.gateway_id).await?;
        let (rows, total) =
            telemetry::online_history(&self.shared.pool, access.project_id, gateway.gateway_id, page).await?;
        let rows = rows
            .into_iter()
            .map(|r| pb::OnlineChange { online: r.online, reason: r.reason, time_ms: r.at.timestamp_millis() })
            .collect();
        Ok(pb::ListOnlineHistoryResponse { rows, total })
    }
}

fn credential_pb(credential: GatewayCredential) -> pb::GatewayCredential {
    let creds = credential.creds();
    pb::GatewayCredential { public_key: credential.public_key, jwt: credential.jwt, creds }
}

fn raw_gateway(input: &pb::GatewayInput) -> RawGateway {
    RawGateway {
        name: input.gateway_name.clone(),
        number: input.gateway_number.clone(),
        communication_type: input.communication_type.clone(),
        loop_count: input.loop_count,
        loops: input.loops.iter().map(|l| (l.loop_index, l.loop_name.clone())).collect(),
        remark: input.remark.clone(),
        gateway_type: input.gateway_type.clone(),
        brand: input.brand.clone(),
    }
}

fn millis(time: Option<DateTime<Utc>>) -> i64 {
    time.map_or(0, |t| t.timestamp_millis())
}

/// A gateway on the wire.
pub fn gateway_pb(row: &GatewayRow) -> pb::Gateway {
    pb::Gateway {
        gateway_id: row.gateway_id,
        gateway_name: row.gateway_name.clone(),
        gateway_number: row.serial.clone(),
        communication_type: row.communication_type.clone(),
        loop_count: row.loop_count(),
        online: row.online,
        signal_dbm: row.signal_dbm,
        temperature_c: row.temperature_c,
        firmware_version: row.firmware.clone(),
        last_seen_ms: millis(row.last_seen_at),
        remark: row.remark.clone(),
        create_time_ms: row.created_at.timestamp_millis(),
        gateway_type: row.gateway_type.clone(),
        brand: row.brand.clone(),
        heartbeat_s: row.heartbeat_s.and_then(|s| u32::try_from(s).ok()),
        telemetry_s: row.telemetry_s.and_then(|s| u32::try_from(s).ok()),
        params_time_ms: millis(row.params_at),
    }
}

/// A loop and its latest reading on the wire.
pub fn loop_pb(row: LoopRow) -> pb::LoopReading {
    pb::LoopReading {
        loop_index: u32::try_from(row.loop_index).unwrap_or(0),
        loop_name: row.loop_name,
        on: row.is_on,
        voltage_v: row.voltage_v,
        current_a: row.current_a,
        active_power_w: row.active_power_w,
        energy_kwh: row.energy_kwh,
        update_time_ms: millis(row.sample_time),
    }
}
