//! The inspection job: every few seconds, in every replica, it makes the tasks enabled plans
//! should have now (see `model::windows`) and moves tasks by the clock (undoing to doing at
//! their start, open to expired past their end). Each task is made exactly once however many
//! replicas run it: a task is keyed by its plan and its period's start, and a second insert
//! of the same key does nothing. A round is the same few statements whatever the number of
//! plans: the plans due, one insert of the tasks missing (and one of their points), the moves
//! by the clock.

use std::time::Duration;

use chrono::{DateTime, Local, Utc};
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;

use super::model::{self, Period};
use super::store;
use crate::Shared;

/// How often the job looks: a task is doing at most this long after its start.
pub const EVERY: Duration = Duration::from_secs(10);

/// What one round did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Round {
    pub made: u64,
    pub started: u64,
    pub expired: u64,
}

/// One round at `now`.
pub async fn round(pool: &PgPool, now: DateTime<Utc>) -> sqlx::Result<Round> {
    let today = now.with_timezone(&Local).date_naive();
    let plans = store::plans_due(pool, today).await?;
    let due: Vec<_> = plans
        .iter()
        .filter_map(|plan| Period::parse(&plan.period).map(|period| (plan, period)))
        .flat_map(|(plan, period)| {
            model::windows(period, plan.start_date, plan.end_date, now).into_iter().map(move |w| (plan, w))
        })
        .collect();
    let made = store::make_tasks(pool, &due).await?;
    let (started, expired) = store::advance(pool).await?;
    Ok(Round { made, started, expired })
}

/// Runs rounds until `shutdown`.
pub async fn run(shared: Shared, shutdown: CancellationToken) -> anyhow::Result<()> {
    let mut every = tokio::time::interval(EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            _ = every.tick() => {}
        }
        match round(&shared.pool, Utc::now()).await {
            Ok(done) if done != Round::default() => {
                tracing::info!(made = done.made, started = done.started, expired = done.expired, "inspection tasks");
            }
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "the inspection job failed; trying again next round"),
        }
    }
}
