//! Real-time control over gRPC: switch one loop, read a gateway's loops. Each method
//! authorizes, calls its inner function and maps the error once.

use std::collections::HashMap;

use chrono::Utc;
use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::device::{command, communication};
use lumiscape_common::permission::lighting::control;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::control_service_server::ControlService;
use tonic::{Request, Response, Status};

use super::bridge::{Ack, Command, CommandFailure};
use super::commands;
use crate::Shared;
use crate::gateway::model;
use crate::gateway::store::{self, GatewayRow};

pub struct ControlApi {
    shared: Shared,
}

impl ControlApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

#[tonic::async_trait]
impl ControlService for ControlApi {
    async fn set_loop(&self, request: Request<pb::SetLoopRequest>) -> Result<Response<pb::CommandResult>, Status> {
        let access = authorize(&self.shared.auth, &request, &[control::EDIT]).await?;
        self.set_loop_inner(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn read_state(&self, request: Request<pb::ReadStateRequest>) -> Result<Response<pb::CommandResult>, Status> {
        let access = authorize(&self.shared.auth, &request, &[control::QUERY]).await?;
        self.read_state_inner(&access, request.get_ref().gateway_id).await.reply(access.lang())
    }

    async fn list_commands(
        &self,
        request: Request<pb::ListCommandsRequest>,
    ) -> Result<Response<pb::ListCommandsResponse>, Status> {
        let access = authorize(&self.shared.auth, &request, &[command::LIST]).await?;
        self.list_commands_inner(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn list_communications(
        &self,
        request: Request<pb::ListCommunicationsRequest>,
    ) -> Result<Response<pb::ListCommunicationsResponse>, Status> {
        let access = authorize(&self.shared.auth, &request, &[communication::LIST]).await?;
        self.list_communications_inner(&access, request.get_ref()).await.reply(access.lang())
    }
}

impl ControlApi {
    async fn set_loop_inner(&self, access: &InProject, req: &pb::SetLoopRequest) -> Result<pb::CommandResult, Error> {
        let on = req.on.ok_or_else(|| Error::bad_request(Msg::SwitchStateRequired))?;
        let level = crate::device::model::level(on, req.brightness)?;
        let gateway = self.gateway(access, req.gateway_id).await?;
        let index = model::check_loop_index(req.loop_index, gateway.loop_count())?;
        let until = crate::device::model::hold(req.hold_minutes)?.map(|hold| Utc::now() + hold);
        self.command(access, &gateway, Command::SetLoop { index, level, until }).await
    }

    async fn list_commands_inner(
        &self,
        access: &InProject,
        req: &pb::ListCommandsRequest,
    ) -> Result<pb::ListCommandsResponse, Error> {
        let filter = commands::filter_of(req)?;
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = commands::list(&self.shared.pool, access.project_id, &filter, page).await?;
        let millis = |t: Option<chrono::DateTime<Utc>>| t.map_or(0, |t| t.timestamp_millis());
        let rows = rows
            .into_iter()
            .map(|r| pb::CommandEntry {
                command_id: r.command_id,
                gateway_id: r.gateway_id,
                gateway_name: r.gateway_name,
                gateway_number: r.serial,
                action: r.action,
                level: r.level.and_then(|l| u32::try_from(l).ok()).unwrap_or(0),
                loops: r.loops,
                hold_until_ms: millis(r.hold_until),
                schedule_id: r.schedule_id.unwrap_or_default(),
                heartbeat_s: r.heartbeat_s.and_then(|s| u32::try_from(s).ok()),
                telemetry_s: r.telemetry_s.and_then(|s| u32::try_from(s).ok()),
                source: r.source,
                requested_by: r.requested_by,
                requested_ms: r.requested_at.timestamp_millis(),
                state: r.state,
                result: r.result.unwrap_or_default(),
                message: r.message,
                attempts: r.attempts,
                expires_ms: millis(r.expires_at),
                finished_ms: millis(r.finished_at),
            })
            .collect();
        Ok(pb::ListCommandsResponse { rows, total })
    }

    async fn list_communications_inner(
        &self,
        access: &InProject,
        req: &pb::ListCommunicationsRequest,
    ) -> Result<pb::ListCommunicationsResponse, Error> {
        use crate::communication::{model, store};
        let filter = model::filter_of(req, &model::server_zone(), Utc::now())?;
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list(&self.shared.pool, access.project_id, &filter, page).await?;
        let rows = rows
            .into_iter()
            .map(|r| pb::CommunicationEntry {
                record_id: r.record_id,
                gateway_id: r.gateway_id,
                gateway_name: r.gateway_name,
                gateway_number: r.serial,
                direction: r.direction,
                channel: r.channel,
                outcome: r.outcome,
                reason: r.reason,
                message_seq: r.message_seq.unwrap_or(0),
                correlation_id: r.correlation_id.unwrap_or_default(),
                device_time_ms: r.device_time.map_or(0, |t| t.timestamp_millis()),
                recorded_ms: r.recorded_at.timestamp_millis(),
                size: r.size,
                payload: r.payload,
            })
            .collect();
        Ok(pb::ListCommunicationsResponse { rows, total })
    }

    async fn read_state_inner(&self, access: &InProject, gateway_id: i64) -> Result<pb::CommandResult, Error> {
        let gateway = self.gateway(access, gateway_id).await?;
        self.command(access, &gateway, Command::ReadState).await
    }

    /// A live gateway of the project, or NotFound.
    async fn gateway(&self, access: &InProject, gateway_id: i64) -> Result<GatewayRow, Error> {
        let gateway_id = model::check_gateway_id(gateway_id)?;
        store::find(&self.shared.pool, access.project_id, gateway_id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::GatewayNotFound))
    }

    /// Sends the command, keeps the acknowledged readings and answers them. A gateway
    /// offline in the projection is refused at once, without asking the bridge. A switch is
    /// audited, whatever its outcome.
    async fn command(
        &self,
        access: &InProject,
        gateway: &GatewayRow,
        command: Command,
    ) -> Result<pb::CommandResult, Error> {
        let requested_at = Utc::now();
        let switch = match command {
            Command::SetLoop { index, level, until } => Some((index, level, until)),
            _ => None,
        };
        let bridge = &self.shared.bridge;
        let described = format!("{command:?}");
        let sent = if gateway.online {
            bridge.send(&access.ctx, &gateway.serial, command).await
        } else {
            Err(CommandFailure::Offline)
        };
        if let Some((index, level, until)) = switch {
            let (result, message) = match &sent {
                Ok(_) => ("ok", String::new()),
                Err(failure) => (failure.result(), failure.describe(access.lang(), bridge.command_timeout())),
            };
            let audit = commands::Sent {
                project_id: access.project_id,
                gateway_id: gateway.gateway_id,
                action: commands::action_of(level),
                level: commands::level_of(level),
                loops: vec![i32::try_from(index).unwrap_or(0)],
                hold_until: until,
                schedule_id: None,
                heartbeat_s: None,
                telemetry_s: None,
                source: commands::CONTROL,
                requested_by: access.user_name().to_owned(),
                requested_at,
                result,
                message,
            };
            commands::record(&self.shared.pool, &[audit]).await;
        }
        let ack = sent.map_err(|failure| failure.into_error(bridge.command_timeout()))?;
        tracing::info!(gateway = %gateway.serial, command = %described, elapsed_ms = ack.elapsed_ms, "command acknowledged");
        super::record_readings(&self.shared.pool, gateway.gateway_id, &ack).await;
        self.result(gateway, ack).await
    }

    async fn result(&self, gateway: &GatewayRow, ack: Ack) -> Result<pb::CommandResult, Error> {
        let names: HashMap<u32, String> = store::loops(&self.shared.pool, gateway.gateway_id)
            .await?
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
