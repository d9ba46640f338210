//! Commands to many gateways in one action (one-key control, group control, batch
//! parameter setting): [`CONCURRENCY`] gateways at a time, the loops of one gateway one after
//! another, stopping at its first failure, all within [`BUDGET`]; one outcome per gateway, in
//! gateway order.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use futures::StreamExt;
use lumiscape_common::access::InProject;
use tokio::time::Instant;

use super::bridge::{Command, CommandFailure};
use super::commands;
use crate::Shared;
use crate::gateway::model::GatewayParams;
use crate::gateway::store::{self as gateway_store, GatewayRow};
use crate::onekey::model::{BUDGET, CONCURRENCY, GatewayOutcome};

/// One gateway and the loops to switch on it.
#[derive(Debug, Clone)]
pub struct Target {
    pub gateway: GatewayRow,
    pub loops: Vec<u32>,
}

/// Switches every target's loops to `level` (0 off, 1-100 on at that brightness), holding
/// until `until` under a schedule, and
/// audits each gateway's switching as asked by `source` (`commands::ONE_KEY`, `GROUP`), in
/// one statement.
pub async fn switch(
    shared: &Shared,
    access: &InProject,
    targets: Vec<Target>,
    level: u8,
    until: Option<DateTime<Utc>>,
    source: &'static str,
) -> Vec<GatewayOutcome> {
    let requested_at = Utc::now();
    let loops: HashMap<i64, Vec<i32>> = targets
        .iter()
        .map(|t| (t.gateway.gateway_id, t.loops.iter().map(|&l| i32::try_from(l).unwrap_or(0)).collect()))
        .collect();
    let targets = targets.into_iter().map(|t| (t.gateway, t.loops));
    let outcomes = each_gateway(shared, access, targets, |gateway_id, serial, loops| {
        switch_loops(shared, access, gateway_id, serial, loops, level, until)
    })
    .await;
    let audit: Vec<commands::Sent> = outcomes
        .iter()
        .map(|o| commands::Sent {
            project_id: access.project_id,
            gateway_id: o.gateway_id,
            action: commands::action_of(level),
            level: commands::level_of(level),
            loops: loops.get(&o.gateway_id).cloned().unwrap_or_default(),
            hold_until: until,
            schedule_id: None,
            heartbeat_s: None,
            telemetry_s: None,
            source,
            requested_by: access.user_name().to_owned(),
            requested_at,
            result: o.result,
            message: o.message.clone(),
        })
        .collect();
    commands::record(&shared.pool, &audit).await;
    outcomes
}

/// Sends every gateway its commands with `send` (gateway id, serial, what to send),
/// [`CONCURRENCY`] gateways at a time and all within [`BUDGET`]; an offline gateway fails at
/// once. One outcome per gateway, by gateway id.
async fn each_gateway<T, F, Fut>(
    shared: &Shared,
    access: &InProject,
    targets: impl IntoIterator<Item = (GatewayRow, T)>,
    send: F,
) -> Vec<GatewayOutcome>
where
    F: Fn(i64, String, T) -> Fut,
    Fut: Future<Output = Result<(), CommandFailure>>,
{
    let deadline = Instant::now() + BUDGET;
    let send = &send;
    let mut outcomes: Vec<GatewayOutcome> = futures::stream::iter(targets)
        .map(|(gateway, what)| async move {
            let sent = if gateway.online {
                tokio::time::timeout_at(deadline, send(gateway.gateway_id, gateway.serial.clone(), what))
                    .await
                    .unwrap_or(Err(CommandFailure::Timeout))
            } else {
                Err(CommandFailure::Offline)
            };
            let (result, message) = match sent {
                Ok(()) => ("ok", String::new()),
                Err(failure) => (failure.result(), failure.message(access.lang(), shared.bridge.command_timeout())),
            };
            GatewayOutcome {
                gateway_id: gateway.gateway_id,
                gateway_name: gateway.gateway_name,
                gateway_number: gateway.serial,
                result,
                message,
            }
        })
        .buffer_unordered(CONCURRENCY)
        .collect()
        .await;
    outcomes.sort_unstable_by_key(|o| o.gateway_id);
    outcomes
}

/// Sends `params` to every gateway (docs/device-protocol.md, 6.3), keeps them on those that
/// acknowledged, and audits each gateway's command in one statement.
pub async fn set_params(
    shared: &Shared,
    access: &InProject,
    gateways: Vec<GatewayRow>,
    params: GatewayParams,
) -> Result<Vec<GatewayOutcome>, sqlx::Error> {
    let requested_at = Utc::now();
    let command = Command::SetParams { heartbeat_s: params.heartbeat_s, telemetry_s: params.telemetry_s };
    let targets = gateways.into_iter().map(|gateway| (gateway, command.clone()));
    let outcomes = each_gateway(shared, access, targets, |_, serial, command| async move {
        shared.bridge.send(&access.ctx, &serial, command).await.map(|_| ())
    })
    .await;
    let seconds = |s: Option<u32>| s.and_then(|s| i32::try_from(s).ok());
    let audit: Vec<commands::Sent> = outcomes
        .iter()
        .map(|o| commands::Sent {
            project_id: access.project_id,
            gateway_id: o.gateway_id,
            action: commands::PARAMS,
            level: None,
            loops: Vec::new(),
            hold_until: None,
            schedule_id: None,
            heartbeat_s: seconds(params.heartbeat_s),
            telemetry_s: seconds(params.telemetry_s),
            source: commands::PARAMS,
            requested_by: access.user_name().to_owned(),
            requested_at,
            result: o.result,
            message: o.message.clone(),
        })
        .collect();
    commands::record(&shared.pool, &audit).await;
    let acknowledged: Vec<i64> = outcomes.iter().filter(|o| o.succeeded()).map(|o| o.gateway_id).collect();
    if !acknowledged.is_empty() {
        gateway_store::record_params(
            &shared.pool,
            access.project_id,
            &acknowledged,
            seconds(params.heartbeat_s),
            seconds(params.telemetry_s),
            Utc::now(),
        )
        .await?;
    }
    Ok(outcomes)
}

async fn switch_loops(
    shared: &Shared,
    access: &InProject,
    gateway_id: i64,
    serial: String,
    loops: Vec<u32>,
    level: u8,
    until: Option<DateTime<Utc>>,
) -> Result<(), CommandFailure> {
    for index in loops {
        let ack = shared.bridge.send(&access.ctx, &serial, Command::SetLoop { index, level, until }).await?;
        super::record_readings(&shared.pool, gateway_id, &ack).await;
    }
    Ok(())
}
