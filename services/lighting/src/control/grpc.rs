//! Real-time control over gRPC: switch one loop, read a gateway's loops.

use std::collections::HashMap;

use chrono::Utc;
use lumiscape_common::i18n::Msg;
use lumiscape_common::{Error, ErrorCode, Lang, StatusExt};
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::control_service_server::ControlService;
use tonic::{Request, Response, Status};

use super::bridge::{Ack, Command};
use crate::Shared;
use crate::access::{Access, authorize};
use crate::gateway::model;
use crate::gateway::store::{self, GatewayRow};

const SWITCH: &[&str] = &["pc:lighting:control:edit"];
const READ: &[&str] = &["pc:lighting:control:query"];

pub struct ControlApi {
    shared: Shared,
}

impl ControlApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }

    /// A live gateway of the project, or NotFound.
    async fn gateway(&self, access: &Access, gateway_id: i64) -> Result<GatewayRow, Status> {
        let lang = access.lang();
        let gateway_id = model::check_gateway_id(gateway_id).or_status(lang)?;
        store::find(&self.shared.pool, access.project_id, gateway_id)
            .await
            .or_status(lang)?
            .ok_or_else(|| Error::not_found(Msg::GatewayNotFound).into_status(lang))
    }

    /// Sends the command, keeps the acknowledged readings and answers them. A gateway
    /// offline in the projection is refused at once, without asking the bridge.
    async fn command(
        &self,
        access: &Access,
        gateway: &GatewayRow,
        command: Command,
    ) -> Result<pb::CommandResult, Status> {
        let lang = access.lang();
        if !gateway.online {
            return Err(Error::new(ErrorCode::FailedPrecondition, Msg::DeviceOffline).into_status(lang));
        }
        let bridge = &self.shared.bridge;
        let ack = bridge
            .send(&access.ctx, &gateway.serial, command)
            .await
            .map_err(|failure| failure.into_status(lang, bridge.command_timeout()))?;
        tracing::info!(gateway = %gateway.serial, ?command, elapsed_ms = ack.elapsed_ms, "command acknowledged");
        super::record_readings(&self.shared.pool, gateway.gateway_id, &ack).await;
        self.result(gateway, ack, lang).await
    }

    async fn result(&self, gateway: &GatewayRow, ack: Ack, lang: Lang) -> Result<pb::CommandResult, Status> {
        let names: HashMap<u32, String> = store::loops(&self.shared.pool, gateway.gateway_id)
            .await
            .or_status(lang)?
            .into_iter()
            .map(|l| (u32::try_from(l.loop_index).unwrap_or(0), l.loop_name))
            .collect();
        let now_ms = Utc::now().timestamp_millis();
        let loops = ack
            .readings
            .iter()
            .map(|r| pb::LoopReading {
                loop_index: r.index,
                loop_name: names.get(&r.index).cloned().unwrap_or_default(),
                on: Some(r.on),
                voltage_v: Some(r.voltage_v),
                current_a: Some(r.current_a),
                active_power_w: Some(r.active_power_w),
                energy_kwh: Some(r.energy_kwh),
                update_time_ms: now_ms,
            })
            .collect();
        Ok(pb::CommandResult { correlation_id: ack.correlation_id, elapsed_ms: ack.elapsed_ms, loops })
    }
}

#[tonic::async_trait]
impl ControlService for ControlApi {
    async fn set_loop(&self, request: Request<pb::SetLoopRequest>) -> Result<Response<pb::CommandResult>, Status> {
        let access = authorize(&self.shared.auth, &request, SWITCH).await?;
        let lang = access.lang();
        let req = request.get_ref();
        let on = req.on.ok_or_else(|| Error::bad_request(Msg::SwitchStateRequired).into_status(lang))?;
        let gateway = self.gateway(&access, req.gateway_id).await?;
        let index = model::check_loop_index(req.loop_index, gateway.loop_count()).or_status(lang)?;
        let result = self.command(&access, &gateway, Command::SetLoop { index, on }).await?;
        Ok(Response::new(result))
    }

    async fn read_state(&self, request: Request<pb::ReadStateRequest>) -> Result<Response<pb::CommandResult>, Status> {
        let access = authorize(&self.shared.auth, &request, READ).await?;
        let gateway = self.gateway(&access, request.get_ref().gateway_id).await?;
        let result = self.command(&access, &gateway, Command::ReadState).await?;
        Ok(Response::new(result))
    }
}
