//! The gateway registry and charts over gRPC: wire types in and out, rules in the model.

use chrono::{DateTime, TimeDelta, Utc};
use lumiscape_common::i18n::Msg;
use lumiscape_common::{Error, Lang, StatusExt};
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::gateway_service_server::GatewayService;
use tonic::{Request, Response, Status};

use super::model::{self, GatewayDraft, GatewayFilter, RawGateway};
use super::store::{self, GatewayRow, LoopRow};
use crate::Shared;
use crate::access::authorize;
use crate::paging::Page;
use crate::telemetry::store as telemetry;

const LIST: &[&str] = &["pc:lighting:gateway:list"];
const QUERY: &[&str] = &["pc:lighting:gateway:query"];
const ADD: &[&str] = &["pc:lighting:gateway:add"];
const EDIT: &[&str] = &["pc:lighting:gateway:edit"];
const REMOVE: &[&str] = &["pc:lighting:gateway:remove"];

pub struct GatewayApi {
    shared: Shared,
}

impl GatewayApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }

    /// A live gateway of the project, or NotFound.
    async fn gateway(&self, project_id: i64, gateway_id: i64, lang: Lang) -> Result<GatewayRow, Status> {
        let gateway_id = model::check_gateway_id(gateway_id).or_status(lang)?;
        store::find(&self.shared.pool, project_id, gateway_id)
            .await
            .or_status(lang)?
            .ok_or_else(|| Error::not_found(Msg::GatewayNotFound).into_status(lang))
    }
}

#[tonic::async_trait]
impl GatewayService for GatewayApi {
    async fn list_gateways(
        &self,
        request: Request<pb::ListGatewaysRequest>,
    ) -> Result<Response<pb::ListGatewaysResponse>, Status> {
        let access = authorize(&self.shared.auth, &request, LIST).await?;
        let lang = access.lang();
        let req = request.get_ref();
        let page = Page::parse(req.page_num, req.page_size).or_status(lang)?;
        let filter =
            GatewayFilter::parse(&req.gateway_name, &req.gateway_number, &req.online_status).or_status(lang)?;
        let (rows, total) = store::list(&self.shared.pool, access.project_id, &filter, page).await.or_status(lang)?;
        Ok(Response::new(pb::ListGatewaysResponse { rows: rows.iter().map(gateway_pb).collect(), total }))
    }

    async fn get_gateway(
        &self,
        request: Request<pb::GetGatewayRequest>,
    ) -> Result<Response<pb::GatewayDetail>, Status> {
        let access = authorize(&self.shared.auth, &request, QUERY).await?;
        let lang = access.lang();
        let gateway = self.gateway(access.project_id, request.get_ref().gateway_id, lang).await?;
        let loops = store::loops(&self.shared.pool, gateway.gateway_id).await.or_status(lang)?;
        Ok(Response::new(pb::GatewayDetail {
            gateway: Some(gateway_pb(&gateway)),
            loops: loops.into_iter().map(loop_pb).collect(),
        }))
    }

    async fn create_gateway(
        &self,
        request: Request<pb::GatewayInput>,
    ) -> Result<Response<pb::CreateGatewayResponse>, Status> {
        let access = authorize(&self.shared.auth, &request, ADD).await?;
        let lang = access.lang();
        let draft = GatewayDraft::parse(&raw_gateway(request.get_ref())).or_status(lang)?;
        let gateway_id = store::insert(&self.shared.pool, access.project_id, &draft, access.caller.user_name())
            .await
            .or_status(lang)?;
        self.shared.outbox.wake();
        tracing::info!(gateway = %draft.serial.as_str(), gateway_id, project = access.project_id, "gateway registered");
        Ok(Response::new(pb::CreateGatewayResponse { gateway_id }))
    }

    async fn update_gateway(
        &self,
        request: Request<pb::UpdateGatewayRequest>,
    ) -> Result<Response<pb::UpdateGatewayResponse>, Status> {
        let access = authorize(&self.shared.auth, &request, EDIT).await?;
        let lang = access.lang();
        let req = request.get_ref();
        let gateway_id = model::check_gateway_id(req.gateway_id).or_status(lang)?;
        let input = req.gateway.as_ref().ok_or_else(|| Error::bad_request(Msg::BadRequest).into_status(lang))?;
        let draft = GatewayDraft::parse(&raw_gateway(input)).or_status(lang)?;
        let found = store::update(&self.shared.pool, access.project_id, gateway_id, &draft).await.or_status(lang)?;
        if !found {
            return Err(Error::not_found(Msg::GatewayNotFound).into_status(lang));
        }
        self.shared.outbox.wake();
        Ok(Response::new(pb::UpdateGatewayResponse {}))
    }

    async fn delete_gateways(
        &self,
        request: Request<pb::DeleteGatewaysRequest>,
    ) -> Result<Response<pb::DeleteGatewaysResponse>, Status> {
        let access = authorize(&self.shared.auth, &request, REMOVE).await?;
        let lang = access.lang();
        let ids = model::check_delete_ids(&request.get_ref().gateway_ids).or_status(lang)?;
        let deleted = store::delete(&self.shared.pool, access.project_id, &ids)
            .await
            .or_status(lang)?
            .ok_or_else(|| Error::not_found(Msg::GatewayNotFound).into_status(lang))?;
        self.shared.outbox.wake();
        Ok(Response::new(pb::DeleteGatewaysResponse { deleted: deleted as u32 }))
    }

    async fn get_power(&self, request: Request<pb::GetPowerRequest>) -> Result<Response<pb::GetPowerResponse>, Status> {
        let access = authorize(&self.shared.auth, &request, QUERY).await?;
        let lang = access.lang();
        let req = request.get_ref();
        let hours = model::check_power_hours(req.hours).or_status(lang)?;
        let gateway = self.gateway(access.project_id, req.gateway_id, lang).await?;
        let loop_index = model::check_loop_index(req.loop_index.unwrap_or(1), gateway.loop_count()).or_status(lang)?;
        let now = Utc::now();
        let span = (now - TimeDelta::hours(hours), now);
        let rows = telemetry::power(&self.shared.pool, access.project_id, gateway.gateway_id, loop_index, span)
            .await
            .or_status(lang)?;
        let points = rows
            .into_iter()
            .map(|r| pb::PowerPoint {
                time_ms: r.minute.timestamp_millis(),
                active_power_w: r.active_power_w,
                voltage_v: r.voltage_v,
                current_a: r.current_a,
            })
            .collect();
        Ok(Response::new(pb::GetPowerResponse { loop_index, points }))
    }

    async fn list_online_history(
        &self,
        request: Request<pb::ListOnlineHistoryRequest>,
    ) -> Result<Response<pb::ListOnlineHistoryResponse>, Status> {
        let access = authorize(&self.shared.auth, &request, QUERY).await?;
        let lang = access.lang();
        let req = request.get_ref();
        let page = Page::parse(req.page_num, req.page_size).or_status(lang)?;
        let gateway = self.gateway(access.project_id, req.gateway_id, lang).await?;
        let (rows, total) = telemetry::online_history(&self.shared.pool, access.project_id, gateway.gateway_id, page)
            .await
            .or_status(lang)?;
        let rows = rows
            .into_iter()
            .map(|r| pb::OnlineChange { online: r.online, reason: r.reason, time_ms: r.at.timestamp_millis() })
            .collect();
        Ok(Response::new(pb::ListOnlineHistoryResponse { rows, total }))
    }
}

fn raw_gateway(input: &pb::GatewayInput) -> RawGateway {
    RawGateway {
        name: input.gateway_name.clone(),
        number: input.gateway_number.clone(),
        communication_type: input.communication_type.clone(),
        loop_count: input.loop_count,
        loops: input.loops.iter().map(|l| (l.loop_index, l.loop_name.clone())).collect(),
        remark: input.remark.clone(),
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
