//! Switching loops of many gateways in one action (one-key control, group control):
//! [`CONCURRENCY`] gateways at a time, the loops of one gateway one after another, stopping
//! at its first failure, all within [`BUDGET`]; one outcome per gateway, in gateway order.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use futures::StreamExt;
use lumiscape_common::access::InProject;
use tokio::time::Instant;

use super::bridge::{Command, CommandFailure};
use super::commands;
use crate::Shared;
use crate::gateway::store::GatewayRow;
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
    let deadline = Instant::now() + BUDGET;
    let loops: HashMap<i64, Vec<i32>> = targets
        .iter()
        .map(|t| (t.gateway.gateway_id, t.loops.iter().map(|&l| i32::try_from(l).unwrap_or(0)).collect()))
        .collect();
    let mut outcomes: Vec<GatewayOutcome> = futures::stream::iter(targets)
        .map(|target| switch_gateway(shared, access, target, level, until, deadline))
        .buffer_unordered(CONCURRENCY)
        .collect()
        .await;
    outcomes.sort_unstable_by_key(|o| o.gateway_id);
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

async fn switch_gateway(
    shared: &Shared,
    access: &InProject,
    target: Target,
    level: u8,
    until: Option<DateTime<Utc>>,
    deadline: Instant,
) -> GatewayOutcome {
    let Target { gateway, loops } = target;
    let switched = if gateway.online {
        tokio::time::timeout_at(deadline, switch_loops(shared, access, &gateway, &loops, level, until))
            .await
            .unwrap_or(Err(CommandFailure::Timeout))
    } else {
        Err(CommandFailure::Offline)
    };
    let (result, message) = match switched {
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
}

async fn switch_loops(
    shared: &Shared,
    access: &InProject,
    gateway: &GatewayRow,
    loops: &[u32],
    level: u8,
    until: Option<DateTime<Utc>>,
) -> Result<(), CommandFailure> {
    for &index in loops {
        let ack = shared.bridge.send(&access.ctx, &gateway.serial, Command::SetLoop { index, level, until }).await?;
        super::record_readings(&shared.pool, gateway.gateway_id, &ack).await;
    }
    Ok(())
}
