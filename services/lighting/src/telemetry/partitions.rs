//! The daily partitions of `lighting.loop_samples`: made ahead (and on demand for a day a
//! batch needs), dropped whole once older than the retention period, so expiring telemetry
//! never costs a `DELETE`.

use std::collections::{BTreeSet, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{Days, NaiveDate, Utc};
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;

use super::model::Retention;
use super::store;

/// How often partitions are made ahead and old ones dropped.
const MAINTENANCE_INTERVAL: Duration = Duration::from_secs(3600);
/// Days made ahead of today.
const DAYS_AHEAD: u64 = 2;

/// The partitions this process knows to exist, and the retention that bounds them.
#[derive(Clone)]
pub struct Partitions {
    retention: Retention,
    known: Arc<Mutex<HashSet<NaiveDate>>>,
}

impl Partitions {
    pub fn new(retention: Retention) -> Self {
        Self { retention, known: Arc::default() }
    }

    pub fn retention(&self) -> Retention {
        self.retention
    }

    /// Makes sure the partitions of `days` exist; asks the database only for days not seen.
    pub async fn ensure(&self, pool: &PgPool, days: &BTreeSet<NaiveDate>) -> sqlx::Result<()> {
        for day in days {
            if self.known.lock().expect("partitions lock").contains(day) {
                continue;
            }
            store::ensure_partition(pool, *day).await?;
            self.known.lock().expect("partitions lock").insert(*day);
        }
        Ok(())
    }

    /// Forgets what it knew (after a write found a partition missing: another replica may
    /// have dropped it at midnight).
    pub fn forget(&self) {
        self.known.lock().expect("partitions lock").clear();
    }

    /// Makes yesterday's to the day after tomorrow's partitions and drops expired ones.
    pub async fn maintain(&self, pool: &PgPool) -> anyhow::Result<()> {
        let today = Utc::now().date_naive();
        let first = today.checked_sub_days(Days::new(1)).unwrap_or(today);
        let days: BTreeSet<NaiveDate> = first.iter_days().take(DAYS_AHEAD as usize + 2).collect();
        self.ensure(pool, &days).await?;
        let first_kept = self.retention.first_kept_day(today);
        let dropped = store::drop_partitions_before(pool, first_kept).await?;
        if dropped > 0 {
            self.known.lock().expect("partitions lock").retain(|day| *day >= first_kept);
            tracing::info!(dropped, %first_kept, "expired telemetry partitions dropped");
        }
        Ok(())
    }

    /// Maintains the partitions every hour (after the first time, at start) until `shutdown`.
    pub async fn run(self, pool: PgPool, shutdown: CancellationToken) -> anyhow::Result<()> {
        let first = tokio::time::Instant::now() + MAINTENANCE_INTERVAL;
        let mut tick = tokio::time::interval_at(first, MAINTENANCE_INTERVAL);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = shutdown.cancelled() => return Ok(()),
                _ = tick.tick() => {}
            }
            if let Err(err) = self.maintain(&pool).await {
                tracing::warn!(error = %err, "telemetry partition maintenance failed; will retry");
            }
        }
    }
}
