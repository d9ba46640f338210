//! Switching loops of many gateways in one action (one-key control, group control):
//! [`CONCURRENCY`] gateways at a time, the loops of one gateway one after another, stopping
//! at its first failure, all within [`BUDGET`]; one outcome per gateway, in gateway order.

use chrono::{DateTime, Utc};
use futures::StreamExt;
use lumiscape_common::access::InProject;
use tokio::time::Instant;

use super::bridge::{Command, CommandFailure};
use crate::Shared;
use crate::gateway::store::GatewayRow;
use crate::onekey::model::{BUDGET, CONCURRENCY, GatewayOutcome};

/// One gateway and the loops to switch on it.
#[derive(Debug, Clone)]
pub struct Target {
    pub gateway: GatewayRow,
    pub loops: Vec<u32>,
}

/// Switches every target's loops `on` (or off), holding until `until` under a schedule.
pub async fn switch(
    shared: &Shared,
    access: &InProject,
    targets: Vec<Target>,
    on: bool,
    until: Option<DateTime<Utc>>,
) -> Vec<GatewayOutcome> {
    let deadline = Instant::now() + BUDGET;
    let mut outcomes: Vec<GatewayOutcome> = futures::stream::iter(targets)
        .map(|target| switch_gateway(shared, access, target, on, until, deadline))
        .buffer_unordered(CONCURRENCY)
        .collect()
        .await;
    outcomes.sort_unstable_by_key(|o| o.gateway_id);
    outcomes
}

async fn switch_gateway(
    shared: &Shared,
    access: &InProject,
    target: Target,
    on: bool,
    until: Option<DateTime<Utc>>,
    deadline: Instant,
) -> GatewayOutcome {
    let Target { gateway, loops } = target;
    let switched = if gateway.online {
        tokio::time::timeout_at(deadline, switch_loops(shared, access, &gateway, &loops, on, until))
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
    on: bool,
    until: Option<DateTime<Utc>>,
) -> Result<(), CommandFailure> {
    for &index in loops {
        let ack = shared.bridge.send(&access.ctx, &gateway.serial, Command::SetLoop { index, on, until }).await?;
        super::record_readings(&shared.pool, gateway.gateway_id, &ack).await;
    }
    Ok(())
}
