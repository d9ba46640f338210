//! The scheduler every identity replica runs: twice a second it claims the jobs that are
//! due, under their rows' locks (`FOR UPDATE SKIP LOCKED`), moves each to its next fire
//! time and opens the firing's log entry in the same transaction, then runs the handlers.
//! A firing is therefore claimed by exactly one replica; the log's (job, fire time) key
//! would refuse a second record anyway.

use std::time::Duration;

use chrono::Utc;
use tokio_util::sync::CancellationToken;

use super::handlers::Handler;
use super::model::{next_times, parse_cron, runs_when_late};
use super::store::{self, JobRow};
use crate::Shared;

/// How often a replica looks for due jobs.
const TICK: Duration = Duration::from_millis(500);
/// A run still marked running after this is taken as lost (its process died).
const STALE_RUN_MINUTES: i64 = 60;

pub async fn run(shared: Shared, shutdown: CancellationToken) -> anyhow::Result<()> {
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        tokio::select! {
            () = shutdown.cancelled() => return Ok(()),
            _ = tick.tick() => {}
        }
        if let Err(err) = round(&shared).await {
            tracing::warn!(error = %err, "scheduler round failed; retrying");
        }
    }
}

async fn round(shared: &Shared) -> anyhow::Result<()> {
    let now = Utc::now();
    let mut tx = shared.pool.begin().await?;
    let due = store::claim_due(&mut tx, 20).await?;
    let mut runs = Vec::new();
    for job in due {
        let Some(fire_time) = job.next_fire_at else { continue };
        // Missed firings are not caught up one by one: the next is after now.
        let next =
            parse_cron(&job.cron_expression).ok().and_then(|c| next_times(&c, now.max(fire_time), 1).first().copied());
        let busy = job.concurrent == "1"
            && job.running_since.is_some_and(|since| (now - since).num_minutes() < STALE_RUN_MINUTES);
        let handler = Handler::from_key(&job.invoke_target);
        let fires = runs_when_late(&job.misfire_policy, (now - fire_time).num_seconds()) && !busy && handler.is_some();
        let log_id = if fires { store::open_log(&mut tx, &job, fire_time).await? } else { None };
        store::advance(&mut tx, job.job_id, next, log_id.is_some()).await?;
        if let (Some(log_id), Some(handler)) = (log_id, handler) {
            runs.push((job, handler, log_id));
        }
    }
    tx.commit().await?;
    for (job, handler, log_id) in runs {
        let shared = shared.clone();
        tokio::spawn(async move { execute(&shared, &job, handler, log_id).await });
    }
    Ok(())
}

/// Runs a firing and closes its log entry.
pub async fn execute(shared: &Shared, job: &JobRow, handler: Handler, log_id: i64) {
    let pool = &shared.pool;
    let outcome = handler.run(shared).await.map_err(|err| format!("{err:#}"));
    if let Err(err) = &outcome {
        tracing::warn!(job = job.job_id, error = %err, "job failed");
    }
    if let Err(err) = store::close_log(pool, log_id, job.job_id, &outcome, job.failure_strategy == "1").await {
        tracing::error!(job = job.job_id, error = %err, "job log could not be closed");
    }
}
